// @ts-check
/** Optional narration: the browser's speech synthesis reads each night call as it starts,
 * in the interface's language. Off unless the player turns it on (kept on this device). */

const VOICES = { en: "en-US", fr: "fr-FR", ja: "ja-JP" };

/** @param {string} name @param {boolean} fallback */
export function pref(name, fallback) {
  const v = localStorage.getItem(`onenight.${name}`);
  return v === null ? fallback : v === "on";
}

/** @param {string} name @param {boolean} on */
export function setPref(name, on) {
  localStorage.setItem(`onenight.${name}`, on ? "on" : "off");
}

/** Read a line aloud if narration is on. @param {string} text @param {string} lang */
export function say(text, lang) {
  if (!pref("voice", false) || !("speechSynthesis" in window)) return;
  const line = new SpeechSynthesisUtterance(text);
  line.lang = VOICES[/** @type {"en" | "fr" | "ja"} */ (lang)] || "en-US";
  speechSynthesis.cancel();
  speechSynthesis.speak(line);
}
