"""Voice measures (docs/voice.md), on loopback with Debian's Chromium and aiortc:

1. latency: from the moment a player presses push-to-talk (its microphone playing a
   tone) to the moment a listener's page hears the tone in the played audio (an
   AnalyserNode polled every 5 ms), both pages on this machine's clock;
2. a page with 11 peers: one Chromium page in a room with 11 Python WebRTC peers
   (aiortc, each sending a tone), the page on open mic: the CPU of its browser's
   processes and the bytes it uploads per second (getStats outbound-rtp).

Usage: .venv/bin/python scripts/measure_voice.py  (prints the numbers)
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import psutil
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "scripts")]
from chromium import throwaway_server  # noqa: E402

from onenight.client import Client  # noqa: E402
from server.test_voice_aiortc import Tone  # noqa: E402
from web.client_helpers import create_room, join_by_link  # noqa: E402
from web.voice_helpers import close, launch_player, tone_wav  # noqa: E402

#: In the listener's page: poll the level at 440 Hz of every played remote audio, note
#: when it first rises.
LISTEN = """
() => {
  const ctx = new AudioContext();
  const an = ctx.createAnalyser();
  an.fftSize = 1024;
  an.smoothingTimeConstant = 0;
  for (const a of document.querySelectorAll('#voice-audio audio')) {
    if (a.srcObject) ctx.createMediaStreamSource(a.srcObject).connect(an);
  }
  const buf = new Float32Array(512);
  const bin = Math.round(440 / (ctx.sampleRate / an.fftSize));
  window.__heardAt = 0;
  const poll = setInterval(() => {
    an.getFloatFrequencyData(buf);
    if (buf[bin] > -40) { window.__heardAt = Date.now(); clearInterval(poll); }
  }, 5);
}
"""


def latency(base: str, tmp: Path) -> list[int]:
    with sync_playwright() as pw:
        ann = launch_player(pw, "ann", tone_wav(tmp / "ann.wav", 440))
        bob = launch_player(pw, "bob", tone_wav(tmp / "bob.wav", 660))
        try:
            code = create_room(ann, base)
            join_by_link(bob, f"{base}/r/{code}")
            ann.page.wait_for_selector("#ptt")
            # A first press gets the microphone; then wait for the connection.
            ann.page.dispatch_event("#ptt", "pointerdown")
            ann.page.wait_for_function("() => document.querySelector('#ptt.on')")
            ann.page.dispatch_event("body", "pointerup")
            bob.page.wait_for_function(
                "[...document.querySelectorAll('#voice-audio audio')].some((a) => a.srcObject)"
            )
            time.sleep(3)
            out = []
            for _ in range(5):
                bob.page.evaluate(LISTEN)
                time.sleep(0.5)
                t0 = ann.page.evaluate(
                    "() => { const t = Date.now();"
                    " document.querySelector('#ptt').dispatchEvent("
                    "new PointerEvent('pointerdown', {bubbles: true})); return t; }"
                )
                bob.page.wait_for_function("() => window.__heardAt > 0", timeout=10_000)
                out.append(int(bob.page.evaluate("window.__heardAt")) - int(t0))
                ann.page.dispatch_event("body", "pointerup")
                time.sleep(1.5)
            return out
        finally:
            close([ann, bob])


async def aiortc_peer(url: str, code: str, name: str, freq: int, stop: threading.Event) -> None:
    """A player that answers every offer with a connection sending its tone."""
    from aiortc import RTCPeerConnection, RTCSessionDescription

    c = await Client.connect(url)
    await c.join(code, name)
    pcs: list[Any] = []
    seen = 0
    try:
        while not stop.is_set():
            await asyncio.sleep(0.05)
            for frame in c.signals[seen:]:
                if frame["kind"] != "offer":
                    continue
                pc = RTCPeerConnection()
                pcs.append(pc)
                await pc.setRemoteDescription(RTCSessionDescription(frame["sdp"], "offer"))
                pc.addTrack(Tone(freq))  # on the offer's audio transceiver
                await pc.setLocalDescription(await pc.createAnswer())
                await c.signal(frame["from"], "answer", pc.localDescription.sdp)
            seen = len(c.signals)
    finally:
        for pc in pcs:
            await pc.close()
        await c.close()


def eleven_peers(base: str, tmp: Path) -> dict[str, float]:
    url = base.replace("http", "ws") + "/ws"
    stop = threading.Event()
    before = {p.pid for p in psutil.process_iter()}
    with sync_playwright() as pw:
        ann = launch_player(pw, "ann", tone_wav(tmp / "ann.wav", 440))
        mine = [
            p
            for p in psutil.process_iter(["name"])
            if p.pid not in before and "chrom" in (p.info["name"] or "")
        ]
        try:
            code = create_room(ann, base)
            ann.page.click("#open-mic")

            async def peers() -> None:
                await asyncio.gather(
                    *(aiortc_peer(url, code, f"py{i}", 500 + 40 * i, stop) for i in range(11))
                )

            thread = threading.Thread(target=lambda: asyncio.run(peers()), daemon=True)
            thread.start()
            ann.page.wait_for_function(
                "window.__pcs.filter((pc) => pc.connectionState === 'connected').length >= 11",
                timeout=120_000,
            )
            time.sleep(5)
            out_bytes = """async () => { let n = 0; for (const pc of window.__pcs) {
              if (pc.connectionState === 'closed') continue;
              (await pc.getStats()).forEach((s) => {
                if (s.type === 'outbound-rtp') n += s.bytesSent + (s.headerBytesSent || 0);
              }); } return n; }"""
            procs = [p for p in mine if p.is_running()]
            procs += [c for p in procs for c in p.children(recursive=True) if c not in procs]
            cpu0 = sum(p.cpu_times().user + p.cpu_times().system for p in procs)
            b0, t0 = ann.page.evaluate(out_bytes), time.monotonic()
            time.sleep(10)
            cpu1 = sum(p.cpu_times().user + p.cpu_times().system for p in procs if p.is_running())
            b1, t1 = ann.page.evaluate(out_bytes), time.monotonic()
            return {
                "connected": float(
                    ann.page.evaluate(
                        "window.__pcs.filter((pc) => pc.connectionState === 'connected').length"
                    )
                ),
                "cpu_percent_of_one_core": 100 * (cpu1 - cpu0) / (t1 - t0),
                "upload_kbit_s": 8 * (b1 - b0) / (t1 - t0) / 1000,
            }
        finally:
            stop.set()
            time.sleep(2)
            close([ann])


def main() -> None:
    with throwaway_server() as base, tempfile.TemporaryDirectory() as tmp:
        if "--no-latency" not in sys.argv:
            print(f"latency, press to heard (ms): {latency(base, Path(tmp))}")
        print(f"page with 11 peers: {eleven_peers(base, Path(tmp))}")


if __name__ == "__main__":
    main()
