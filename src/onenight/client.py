"""An asyncio client for the onenight protocol (docs/protocol.md).

    client = await Client.connect("ws://127.0.0.1:8000/ws")
    await client.create("ann")            # or join(code, name) / resume(code, token)
    await client.configure(edition="ultimate", turn=5)
    await client.start()
    await client.until(lambda c: c.choices())
    await client.act(client.choices()[0])

Requests wait for their ``ack`` and raise :class:`ServerError` on an ``error``. Every
other frame updates ``room`` / ``state`` / ``talk`` and wakes :meth:`until`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import Callable
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from onenight.rules import Phase
from onenight.session.errors import ErrorCode

#: Night messages are padded to this many bytes, so that an action and ``nothing`` look
#: the same on the wire (the ``ref`` is added after: keep refs of one width).
NIGHT_MESSAGE = 384


def _padded(message: dict[str, Any]) -> dict[str, Any]:
    size = len(orjson.dumps({**message, "pad": ""}))
    return {**message, "pad": " " * max(0, NIGHT_MESSAGE - size)}


#: The code of a :class:`ServerError` that the client itself raises: the connection
#: closed before the answer came (no server sends it).
CLOSED = "closed"


class ServerError(Exception):
    """The server refused a request: ``code`` (stable: an :class:`ErrorCode`, or
    :data:`CLOSED`) and ``message`` (human)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Client:
    """One WebSocket connection to the server: one member of one room."""

    def __init__(self, ws: ClientConnection, record: bool = False) -> None:
        self.ws = ws
        self.record = record
        self.frames: list[tuple[float, str]] = []  #: (time, raw text) when recording
        self.room: dict[str, Any] | None = None
        self.state: dict[str, Any] | None = None
        self.talk: list[dict[str, Any]] = []
        self.states = 0  #: how many state frames arrived (to wait for the next one)
        self.views = 0  #: full views received (a log frame ends each)
        self.last = 0  #: the ``n`` of the last numbered frame (for ``resume``)
        self.duplicates = 0  #: numbered frames that came again (never, if all is well)
        self.room_code: str | None = None
        self.member: int | None = None
        self.token: str | None = None
        self.closed = False
        self.on_frame: Callable[[dict[str, Any], float], None] | None = None
        #: the voice rule now (docs/voice.md): from the room frame and ``voice`` frames
        self.voice: dict[str, Any] | None = None
        self.signals: list[dict[str, Any]] = []  #: ``signal`` frames relayed to this member
        self._refs = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def connect(cls, url: str, record: bool = False) -> Client:
        ws = await connect(
            url, max_size=2**22, open_timeout=30, ping_interval=None, compression=None
        )
        return cls(ws, record)

    # ----- receiving -----

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                now = time.perf_counter()
                if self.record:
                    self.frames.append((now, raw if isinstance(raw, str) else raw.decode()))
                self._on(orjson.loads(raw), now)
        except ConnectionClosed:
            pass
        finally:
            self.closed = True
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(ServerError(CLOSED, "connection closed"))
            self._wake()

    def _on(self, frame: dict[str, Any], now: float) -> None:
        kind = frame.get("type")
        n = frame.get("n")
        if isinstance(n, int):
            if n <= self.last:
                self.duplicates += 1
                return
            self.last = n
        if kind in ("ack", "error") and frame.get("ref") in self._waiting:
            future = self._waiting.pop(frame["ref"])
            if not future.done():
                future.set_result(frame)
        elif kind == "room":
            self.room = frame
            self.voice = frame.get("voice", self.voice)
        elif kind == "voice":
            self.voice = {k: v for k, v in frame.items() if k not in ("type", "n")}
        elif kind == "signal":
            self.signals.append(frame)
        elif kind == "state":
            self.state = frame
            self.states += 1
        elif kind == "log":
            self.talk = list(frame["entries"])
            self.views += 1
        elif kind in ("chat", "whisper", "whispered", "claim"):
            self.talk.append(frame)
        if self.on_frame is not None:
            self.on_frame(frame, now)
        self._wake()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def until(self, predicate: Callable[[Client], Any], timeout: float = 30.0) -> Any:
        """Wait until ``predicate(self)`` is true (checked after every frame); its value."""
        async with asyncio.timeout(timeout):
            while not (value := predicate(self)):
                if self.closed:
                    raise ServerError(CLOSED, "connection closed")
                await self._changed.wait()
            return value

    # ----- the game as this client sees it -----

    @property
    def phase(self) -> Phase | None:
        """The game's phase (the engine's Phase), or None before any game."""
        return Phase(self.state["phase"]) if self.state else None

    @property
    def seat(self) -> int | None:
        return self.state.get("seat") if self.state else None

    @property
    def turn(self) -> int | None:
        """The night's turn the clock is at (-1: the deal), or None."""
        return self.state.get("turn") if self.state else None

    def choices(self) -> list[dict[str, Any]]:
        """The legal choices offered now (night decision or vote), as JSON actions."""
        decision = self.state.get("decision") if self.state else None
        return list(decision["choices"]) if decision else []

    # ----- requests -----

    async def send(self, message: dict[str, Any]) -> None:
        """Send a message without waiting for its answer (ServerError ``closed`` when the
        connection is gone)."""
        try:
            await self.ws.send(orjson.dumps(message).decode())
        except ConnectionClosed:
            raise ServerError(CLOSED, "connection closed") from None

    async def request(self, message: dict[str, Any], timeout: float = 30.0) -> dict[str, Any]:
        """Send a message and wait for its ack; ServerError on an error frame."""
        ref = next(self._refs)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ref] = future
        await self.send({**message, "ref": ref})
        async with asyncio.timeout(timeout):
            answer = await future
        if answer["type"] == "error":
            raise ServerError(answer["code"], answer["message"])
        return answer

    async def _open(self, message: dict[str, Any]) -> dict[str, Any]:
        """Open a session; returns once the member's view has come too: the ack comes
        first, then the full view (``room``, ``state``, ``log``: the log is its last), or
        the frames replayed (the ack counts them)."""
        views = self.views
        ack = await self.request(message)
        self.room_code, self.member, self.token = ack["room"], ack["member"], ack["token"]
        if "replayed" not in ack:
            await self.until(lambda c: c.views > views)
        return ack

    async def create(self, name: str) -> dict[str, Any]:
        return await self._open({"type": "create", "name": name})

    async def join(
        self, room: str, name: str, spectator: bool = False, screen: bool = False
    ) -> dict[str, Any]:
        """Join a room as a player or a spectator; ``screen``: as a shared screen (a TV)."""
        message = {"type": "join", "room": room, "name": name, "spectator": spectator}
        if screen:
            message["screen"] = True
        return await self._open(message)

    async def resume(self, room: str, token: str, last: int | None = None) -> dict[str, Any]:
        """Reconnect as a member; with ``last`` (the ``n`` of the last frame seen) only the
        frames missed since are sent again, when the server still has them all."""
        message: dict[str, Any] = {"type": "resume", "room": room, "token": token}
        if last is not None:
            message["last"] = last
            self.last = last
        return await self._open(message)

    async def carry_on(self, url: str, timeout: float = 30.0) -> Client:
        """A new connection that carries on this one (after it closed): to ``url``, any
        server of the room, resuming from the last frame seen, so that only the frames
        missed come. It knows what this one knew; retried while the room moves between
        servers (``busy``, or a connection refused)."""
        async with asyncio.timeout(timeout):
            while True:
                try:
                    c = await Client.connect(url, record=self.record)
                except OSError:
                    await asyncio.sleep(0.1)
                    continue
                c.frames = self.frames
                c.room, c.state, c.talk, c.states = self.room, self.state, self.talk, self.states
                c.duplicates = self.duplicates
                try:
                    await c.resume(self.room_code or "", self.token or "", last=self.last)
                    return c
                except ServerError as exc:
                    await c.close()
                    if exc.code not in (ErrorCode.busy, CLOSED):
                        raise
                    await asyncio.sleep(0.1)

    async def configure(self, **settings: Any) -> dict[str, Any]:
        return await self.request({"type": "configure", **settings})

    async def start(self) -> dict[str, Any]:
        return await self.request({"type": "start"})

    async def rematch(self) -> dict[str, Any]:
        return await self.request({"type": "rematch"})

    async def act(self, action: dict[str, Any]) -> dict[str, Any]:
        return await self.request(_padded({"type": "act", "action": action}))

    async def nothing(self) -> dict[str, Any]:
        """The night's tap when there is nothing to choose, answered like an action."""
        return await self.request(_padded({"type": "nothing"}))

    async def tap(self, action: dict[str, Any] | None) -> dict[str, Any]:
        """This turn's one night message: the action, or ``nothing``."""
        return await (self.nothing() if action is None else self.act(action))

    async def add_bot(self, level: str = "basic") -> dict[str, Any]:
        """Host: seat a bot of this level (``kick`` removes it)."""
        return await self.request({"type": "add_bot", "level": level})

    async def claim(self, claim: dict[str, Any]) -> dict[str, Any]:
        """Put a claim on the day's board (the JSON of onenight.session.claims)."""
        return await self.request({"type": "claim", "claim": claim})

    async def chat(self, text: str) -> dict[str, Any]:
        return await self.request({"type": "chat", "text": text})

    async def whisper(self, to: int, text: str) -> dict[str, Any]:
        return await self.request({"type": "whisper", "to": to, "text": text})

    async def vote(self, target: int | str) -> dict[str, Any]:
        return await self.request({"type": "vote", "target": target})

    async def signal(self, to: int, kind: str, sdp: str | None = None) -> dict[str, Any]:
        """Voice signalling for member ``to``'s page (``offer``/``answer`` with an SDP,
        ``hangup`` without), relayed when the voice rule lets the two talk."""
        message: dict[str, Any] = {"type": "signal", "to": to, "kind": kind}
        if sdp is not None:
            message["sdp"] = sdp
        return await self.request(message)

    async def voice_whisper(self, to: int | None) -> dict[str, Any]:
        """Hold a voice whisper to member ``to`` (None: let go)."""
        message: dict[str, Any] = {"type": "voice_whisper"}
        if to is not None:
            message["to"] = to
        return await self.request(message)

    async def ice(self) -> list[dict[str, Any]]:
        """The STUN/TURN servers for this member's voice (RTCIceServer dicts)."""
        servers: list[dict[str, Any]] = (await self.request({"type": "ice"}))["servers"]
        return servers

    async def end_day(self) -> dict[str, Any]:
        return await self.request({"type": "end_day"})

    async def ready(self, ready: bool = True) -> dict[str, Any]:
        """Ready to vote (or no longer): the vote opens when every player is."""
        return await self.request({"type": "ready", "ready": ready})

    async def kick(self, member: int) -> dict[str, Any]:
        return await self.request({"type": "kick", "member": member})

    async def hand_host(self, member: int) -> dict[str, Any]:
        return await self.request({"type": "host", "member": member})

    async def leave(self) -> dict[str, Any]:
        return await self.request({"type": "leave"})

    async def ping(self) -> dict[str, Any]:
        return await self.request({"type": "ping"})

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        self._reader.cancel()
        with contextlib.suppress(BaseException):
            await self._reader
