"""Voice in real Chromium: one browser process per player (its own fake microphone
playing a WAV of its own tone), and what a page hears, measured in the page."""

from __future__ import annotations

import sys
import time
import wave
from pathlib import Path
from typing import Any

import numpy as np

from web.client_helpers import DECK3, FAST, Player, create_room, join_by_link, open_player
from web.conftest import CHROMIUM

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from chromium import CHROMIUM_ARGS  # the flags that work here

RATE = 48_000
#: Each player's microphone plays its own tone (Hz).
TONES = {"ann": 440, "bob": 660, "cat": 880}

#: Test-side instrumentation, not the app's: every RTCPeerConnection the page makes is
#: kept in ``window.__pcs`` (for getStats), every microphone stream it gets in
#: ``window.__mics``, and the voice's audio processing is off (``onenight.voice.raw``) so
#: that a tone arrives as a tone.
INIT = """
(() => {
  const Real = window.RTCPeerConnection;
  window.__pcs = [];
  window.RTCPeerConnection = function (...args) {
    const pc = new Real(...args);
    window.__pcs.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Real.prototype;
  Object.assign(window.RTCPeerConnection, Real);
  window.__mics = [];
  const media = navigator.mediaDevices;
  if (media) {
    const get = media.getUserMedia.bind(media);
    media.getUserMedia = async (c) => {
      const stream = await get(c);
      window.__mics.push(stream);
      return stream;
    };
  }
  localStorage.setItem("onenight.voice.raw", "1");
})();
"""

#: A phone with no microphone: no input device listed, and getUserMedia finds none.
NO_MICROPHONE = """
(() => {
  const media = navigator.mediaDevices;
  const list = media.enumerateDevices.bind(media);
  media.enumerateDevices = async () => (await list()).filter((d) => d.kind !== "audioinput");
  media.getUserMedia = () =>
    Promise.reject(new DOMException("Requested device not found", "NotFoundError"));
})();
"""


def dismissed_prompt(times: int) -> str:
    """An init script: the player dismisses the browser's microphone prompt ``times``
    times, then allows it (the first calls of getUserMedia reject as a dismissed prompt
    does, with NotAllowedError; the next ones are the real ones)."""
    return f"""
(() => {{
  const media = navigator.mediaDevices;
  const get = media.getUserMedia.bind(media);
  let refusals = {int(times)};
  media.getUserMedia = (c) => refusals-- > 0
    ? Promise.reject(new DOMException("Permission dismissed", "NotAllowedError"))
    : get(c);
}})();
"""


#: In the page: the state of each microphone track it got ("live", "ended").
MICS = "window.__mics.map((s) => s.getAudioTracks()[0].readyState)"

#: In the page: the tracks its open connections send (null: none).
SENDING = """window.__pcs.filter((pc) => pc.connectionState !== 'closed')
  .flatMap((pc) => pc.getSenders().map((s) => s.track && s.track.readyState))"""

#: In the page: an AnalyserNode on each played remote audio (the <audio> elements of
#: #voice-audio), the loudest dB near each frequency asked, over ``ms`` milliseconds.
HEAR = """
async ([freqs, ms]) => {
  const ctx = window.__testCtx || (window.__testCtx = new AudioContext());
  await ctx.resume();
  const els = [...document.querySelectorAll('#voice-audio audio')].filter((a) => a.srcObject);
  const analysers = els.map((a) => {
    const an = ctx.createAnalyser();
    an.fftSize = 4096;
    an.smoothingTimeConstant = 0;
    ctx.createMediaStreamSource(a.srcObject).connect(an);
    return an;
  });
  const best = Object.fromEntries(freqs.map((f) => [f, -200]));
  const buf = new Float32Array(2048);
  const end = performance.now() + ms;
  while (performance.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    for (const an of analysers) {
      an.getFloatFrequencyData(buf);
      const hz = ctx.sampleRate / an.fftSize;
      for (const f of freqs) {
        const bin = Math.round(f / hz);
        for (let b = bin - 2; b <= bin + 2; b++) best[f] = Math.max(best[f], buf[b]);
      }
    }
  }
  return best;
}
"""

#: In the page: audio packets received so far over every connection not closed.
PACKETS = """
async () => {
  let n = 0;
  for (const pc of window.__pcs) {
    if (pc.connectionState === 'closed') continue;
    (await pc.getStats()).forEach((s) => {
      if (s.type === 'inbound-rtp' && s.kind === 'audio') n += s.packetsReceived || 0;
    });
  }
  return n;
}
"""

#: A tone louder than this (dB) at its frequency is heard: a tone received comes at about
#: -20 dB, and the codec's artefacts of another tone around -55 dB.
HEARD_DB = -40

#: In the page: audio packets received so far from one member (the connection whose
#: received track plays in that member's <audio> element).
PACKETS_FROM = """
async (member) => {
  const el = document.querySelector(`#voice-audio audio[data-member="${member}"]`);
  const track = el && el.srcObject && el.srcObject.getAudioTracks()[0];
  if (!track) return -1;
  for (const pc of window.__pcs) {
    if (pc.connectionState === 'closed') continue;
    if (!pc.getReceivers().some((r) => r.track === track)) continue;
    let n = 0;
    (await pc.getStats()).forEach((s) => {
      if (s.type === 'inbound-rtp' && s.kind === 'audio') n += s.packetsReceived || 0;
    });
    return n;
  }
  return -1;
}
"""


def tone_wav(path: Path, freq: float, seconds: float = 2.0) -> Path:
    """A mono 16-bit WAV of a sine (a whole number of periods: it loops without a click)."""
    t = np.arange(int(RATE * seconds)) / RATE
    samples = (0.5 * 32767 * np.sin(2 * np.pi * freq * t)).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.tobytes())
    return path


def fake_mic_browser(
    playwright: Any, wav: Path | None = None, autoplay: str | None = "no-user-gesture-required"
) -> Any:
    """A Chromium process whose microphone plays ``wav`` (None: Chromium's own beep),
    granted without a prompt to every page that asks. ``autoplay``: its autoplay policy
    (None: Chromium's default, which keeps an AudioContext suspended until a tap)."""
    fake = [f"--use-file-for-fake-audio-capture={wav}"] if wav else []
    policy = [f"--autoplay-policy={autoplay}"] if autoplay else []
    return playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=[
            *CHROMIUM_ARGS,
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            *fake,
            *policy,
        ],
    )


def voice_player(browser: Any, name: str, locale: str = "en-US") -> Player:
    """A player (a context of ``browser``) with the voice's instrumentation."""
    p = open_player(browser, name, locale, service_worker=True)
    p.context.add_init_script(INIT)
    return p


def launch_player(playwright: Any, name: str, wav: Path, locale: str = "en-US") -> Player:
    """A Chromium process of its own whose microphone plays ``wav``."""
    return voice_player(fake_mic_browser(playwright, wav), name, locale)


def voice_table(
    playwright: Any, base: str, tmp: Path, names: list[str]
) -> tuple[str, list[Player]]:
    """Three players, each in its own browser, in one room with the 3-player deck and
    fast timers; each page turned its open mic on in the lobby."""
    players = [launch_player(playwright, n, tone_wav(tmp / f"{n}.wav", TONES[n])) for n in names]
    code = create_room(players[0], base)
    for p in players[1:]:
        join_by_link(p, f"{base}/r/{code}")
    players[0].page.wait_for_selector(f"#players li:nth-child({len(names)})")
    from web.client_helpers import set_deck, set_timers

    set_deck(players[0], DECK3)
    set_timers(players[0], FAST)
    for p in players:
        p.page.click("#open-mic")
        p.page.wait_for_selector("#open-mic[aria-pressed=true]")
    return code, players


def hears(p: Player, ms: int = 1500) -> dict[int, float]:
    """The loudest level (dB) this page hears at each player's tone."""
    got: dict[str, float] = p.page.evaluate(HEAR, [list(TONES.values()), ms])
    return {int(k): v for k, v in got.items()}


#: In the page: start listening (:data:`HEAR`) without waiting; the promise is kept in
#: ``window.__hearing``, so that several pages listen over the same second.
LISTEN = f"(arg) => {{ window.__hearing = ({HEAR})(arg); }}"


def heard_together(players: list[Player], ms: int = 1500) -> list[set[int]]:
    """The tones each page hears, all of them listening at once (one listening's time,
    not one per page)."""
    for p in players:
        p.page.evaluate(LISTEN, [list(TONES.values()), ms])
    levels = [p.page.evaluate("() => window.__hearing") for p in players]
    return [{int(f) for f, db in got.items() if db > HEARD_DB} for got in levels]


def wait_hearing_together(
    wants: list[tuple[Player, set[int]]], timeout: float = 30
) -> list[set[int]]:
    """Wait until each page hears exactly its tones ``want`` (the pages still waiting
    listen together); what each heard last."""
    deadline = time.monotonic() + timeout
    got: list[set[int]] = [set() for _ in wants]
    waiting = list(range(len(wants)))
    while waiting and time.monotonic() < deadline:
        for i, now in zip(waiting, heard_together([wants[i][0] for i in waiting]), strict=True):
            got[i] = now
        waiting = [i for i in waiting if got[i] != wants[i][1]]
    return got


def heard(p: Player, ms: int = 1500) -> set[int]:
    """The tones this page hears (louder than :data:`HEARD_DB`)."""
    return heard_together([p], ms)[0]


def wait_hearing(p: Player, want: set[int], timeout: float = 30) -> set[int]:
    """Wait until the page hears exactly the tones ``want``; what it heard last."""
    return wait_hearing_together([(p, want)], timeout)[0]


def member_of(p: Player, name: str) -> int:
    """The member id of ``name`` in the room, as the page's room knows it."""
    el = p.page.locator(f".vperson:has(.vname:text-is('{name}'))")
    return int(el.get_attribute("data-member") or "-1")


def close(players: list[Player]) -> None:
    for p in players:
        browser = p.context.browser
        p.context.close()
        if browser is not None:
            browser.close()
