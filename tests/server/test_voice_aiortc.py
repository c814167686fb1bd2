"""Voice over a real server: two Python WebRTC peers (aiortc) stand in for two pages,
negotiate through the server's relay with the Python client, and hear each other; the
server refuses the signalling the rule does not allow (docs/voice.md)."""

from __future__ import annotations

import asyncio
import fractions
import time
from typing import Any

import numpy as np
import pytest

from onenight.client import Client, ServerError

from .conftest import Server
from .helpers import make_room

aiortc = pytest.importorskip("aiortc")
av = pytest.importorskip("av")

RATE = 48_000
SLOW = {"turn": 5.0, "jitter": 0.1, "day": 600.0, "vote": 600.0}


class Tone(aiortc.MediaStreamTrack):  # type: ignore[misc,name-defined]
    """A microphone that says one tone, 20 ms frames in real time."""

    kind = "audio"

    def __init__(self, freq: float) -> None:
        super().__init__()
        self.freq = freq
        self.samples = 0
        self.start = time.monotonic()

    async def recv(self) -> Any:
        n = RATE // 50
        wait = self.start + self.samples / RATE - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        t = (self.samples + np.arange(n)) / RATE
        pcm = (0.5 * 32767 * np.sin(2 * np.pi * self.freq * t)).astype("<i2")
        frame = av.AudioFrame.from_ndarray(pcm.reshape(1, -1), format="s16", layout="mono")
        frame.sample_rate = RATE
        frame.pts = self.samples
        frame.time_base = fractions.Fraction(1, RATE)
        self.samples += n
        return frame


async def answer_when_offered(client: Client, pc: Any) -> None:
    """The answering page: wait for the relayed offer, answer it through the server."""
    frame = await client.until(lambda c: next((s for s in c.signals if s["kind"] == "offer"), None))
    await pc.setRemoteDescription(aiortc.RTCSessionDescription(frame["sdp"], "offer"))
    await pc.setLocalDescription(await pc.createAnswer())  # aiortc: gathered already
    await client.signal(frame["from"], "answer", pc.localDescription.sdp)


def peak_hz(samples: np.ndarray) -> float:
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(len(samples))))
    return float(np.argmax(spectrum) * RATE / len(samples))


async def test_two_peers_negotiate_through_the_server_and_hear_each_other(server: Server) -> None:
    players, _ = await make_room(server.url, 3, timers=SLOW)
    ann, bob = players[0], players[1]
    assert ann.member is not None and bob.member is not None
    assert ann.voice is not None and bob.member in ann.voice["reach"][str(ann.member)]
    assert await ann.ice() == []  # no --ice-servers: a LAN needs none
    offerer, answerer = (ann, bob) if ann.member < bob.member else (bob, ann)
    a_pc, b_pc = aiortc.RTCPeerConnection(), aiortc.RTCPeerConnection()
    heard: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

    def on_track(track: Any) -> None:
        if not heard.done():
            heard.set_result(track)

    b_pc.on("track", on_track)
    try:
        a_pc.addTrack(Tone(440))
        b_pc.addTrack(Tone(660))
        answering = asyncio.create_task(answer_when_offered(answerer, b_pc))
        await a_pc.setLocalDescription(await a_pc.createOffer())
        assert "a=candidate" in a_pc.localDescription.sdp  # no trickle: all in the SDP
        await offerer.signal(answerer.member or 0, "offer", a_pc.localDescription.sdp)
        await asyncio.wait_for(answering, 20)
        relayed = next(s for s in answerer.signals if s["kind"] == "offer")
        assert relayed["from"] == offerer.member
        answer = await offerer.until(
            lambda c: next((s for s in c.signals if s["kind"] == "answer"), None)
        )
        await a_pc.setRemoteDescription(aiortc.RTCSessionDescription(answer["sdp"], "answer"))
        track = await asyncio.wait_for(heard, 20)
        chunks = []
        for _ in range(50):  # a second of what the answerer hears
            frame = await asyncio.wait_for(track.recv(), 5)
            # Packed samples, one column per channel: the first channel.
            chunks.append(frame.to_ndarray().reshape(-1, len(frame.layout.channels))[:, 0])
        audio = np.concatenate(chunks[10:]).astype(float)  # after the codec settles
        assert abs(peak_hz(audio) - 440) < 10
    finally:
        await a_pc.close()
        await b_pc.close()
        for c in players:
            await c.close()


async def test_the_server_refuses_signalling_at_night_and_from_spectators(server: Server) -> None:
    players, watchers = await make_room(server.url, 3, spectators=1, timers=SLOW)
    ann, bob = players[0], players[1]
    sam = watchers[0]
    assert ann.member is not None and bob.member is not None and sam.member is not None
    try:
        # Spectators do not hear by default: no offer to them; and they never offer.
        with pytest.raises(ServerError) as err:
            await ann.signal(sam.member, "offer", "v=0\r\n")
        assert err.value.code == "no_voice"
        with pytest.raises(ServerError) as err:
            await sam.signal(ann.member, "offer", "v=0\r\n")
        assert err.value.code == "no_voice"
        await ann.signal(bob.member, "offer", "v=0\r\n")  # the lobby: allowed
        await bob.until(lambda c: any(s["kind"] == "offer" for s in c.signals))
        # The night: the rule is empty for everyone, and nothing is relayed.
        await ann.start()
        await ann.until(lambda c: c.voice is not None and c.voice["reach"] == {})
        for kind, sdp in (("offer", "v=0\r\n"), ("answer", "v=0\r\n"), ("hangup", None)):
            with pytest.raises(ServerError) as err:
                await ann.signal(bob.member, kind, sdp)
            assert err.value.code == "no_voice"
        with pytest.raises(ServerError) as err:
            await ann.voice_whisper(bob.member)
        assert err.value.code == "no_voice"
        assert [s["kind"] for s in bob.signals] == ["offer"]
    finally:
        for c in [*players, *watchers]:
            await c.close()
