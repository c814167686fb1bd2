// @ts-check
/** A gentle chime and a buzz when the night calls you (a pocket, a background tab). */
import { pref } from "./speech.js";

/** @type {AudioContext | null} */
let audio = null;
let allowed = false;

// Browsers let a page make sound only after a gesture: arm on the first one.
for (const ev of ["pointerdown", "keydown"]) {
  window.addEventListener(ev, () => {
    allowed = true;
  }, { once: true, capture: true });
}

export function yourTurn() {
  try {
    navigator.vibrate?.([120, 80, 120]);
  } catch {
    /* not every device vibrates */
  }
  if (!allowed || !pref("sound", true)) return;
  audio = audio || new AudioContext();
  const now = audio.currentTime;
  for (const [i, freq] of [660, 880].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.12, now + i * 0.18 + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.5);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + i * 0.18);
    osc.stop(now + i * 0.18 + 0.55);
  }
}
