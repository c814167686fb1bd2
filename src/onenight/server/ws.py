"""The WebSocket endpoint: one connection, one member of one room.

The first message opens a session (``create``, ``join`` or ``resume``); every later one
is a command of that member. Input is bounded (frame size, rate) and validated; a bad
message gets an ``error`` frame and changes nothing. Frames for the member arrive on the
member's pub/sub channel and are forwarded as they come: each :class:`Frame` says as
data what the connection needs to know of it (its number, whether it is the member's
``bye``, whether it is a night frame), and its text goes out as it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from onenight.cluster import channel
from onenight.cluster.buckets import TokenBucket
from onenight.pubsub import Frame, SlowSubscriber, Subscription
from onenight.session import protocol as P
from onenight.session.errors import ErrorCode
from onenight.session.hub import Hub, Session
from onenight.session.padding import pad
from onenight.session.protocol import BadMessage
from onenight.session.requests import Refused

from .voice import IceConfig

log = logging.getLogger("onenight.server")

CATCH_UP_TRIES = 20  #: a frame after a gap: tries to get the frames missed …
CATCH_UP_PAUSE = 0.1  #: … this many seconds apart


CUTOFF = -40.0  #: a client that keeps flooding past errors is disconnected
#: A connection cut off for reading too slowly: how long its close may take to go out
#: (it cannot, when the client reads nothing) before the connection ends anyway.
CUT_OFF_CLOSE = 1.0
NIGHT_REPLY_DELAY = 0.05  #: seconds from a night tap to its answer, act or nothing


class Connection:
    def __init__(self, hub: Hub, ws: WebSocket, ice: IceConfig | None = None) -> None:
        self.hub = hub
        self.ws = ws
        self.ice = ice or IceConfig()
        self.session: Session | None = None
        self.sub: Subscription | None = None
        self.forwarder: asyncio.Task[None] | None = None
        self.send_lock = asyncio.Lock()
        limits = hub.limits
        #: in debt: refused messages count too, so a flooder sinks to the CUTOFF
        self.bucket = TokenBucket(limits.message_rate, limits.message_burst, debt=True)
        self.closing = False
        self.busy = False  #: a message is being handled (its answer is still to come)
        self.leaving = False  #: the member got its ``bye``
        self.seen = 0  #: the number of the last frame sent (none is sent twice)
        #: whether the next frame must follow ``seen`` (not the first after a join, or
        #: after a resume answered with the full view: that one is numbered on from later)
        self.in_step = False
        self.size: int | None = None  #: the night's frame size, at night
        self.came_at_night = False  #: the message being handled came at night
        self.runner: asyncio.Task[None] | None = None  #: the task reading the client
        self.address = ws.client.host if ws.client is not None else None
        self.cut_off = False  #: closed for falling behind (:meth:`cut`)
        self.cutting: asyncio.Task[None] | None = None

    async def send(self, text: str) -> None:
        async with self.send_lock:
            await self.ws.send_text(text)

    async def reply(self, frame: dict[str, Any], size: int | None = None) -> None:
        """An ack or an error, padded to the night's frame size when the message came at
        night or when the answer leaves at night (the host's ``start``): ``size``, as the
        room's owner said."""
        raw = orjson.dumps(frame)
        text = raw.decode() if size is None else pad(raw, size)
        if self.sub is not None and self.forwarder is not None:
            # in order with the frames published before it; an answer is not numbered
            self.sub.put(Frame(None, frame["type"], size is not None, text))
        else:
            await self.send(text)

    async def run(self) -> None:
        await self.ws.accept()
        self.runner = asyncio.current_task()
        try:
            while not self.closing:
                message = await self.ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                await self.on_message(message.get("text"), message.get("bytes"))
        except (WebSocketDisconnect, RuntimeError):
            pass
        except asyncio.CancelledError:
            if not self.cut_off or self.runner is None:
                raise
            self.runner.uncancel()  # cut off by its own forwarder (cut): it ends here
        finally:
            await self.cleanup()

    async def on_message(self, raw: str | None, binary: bytes | None = None) -> None:
        """One frame from the client: a text frame holding one message (a binary frame
        is refused). Every answer echoes the message's ``ref`` when it can be read."""
        self.busy = True
        try:
            await self.handle(raw, binary)
        finally:
            self.busy = False
        if self.leaving and self.sub is not None and not self.sub.pending():
            await self.leave()

    async def leave(self) -> None:
        """The member left or was kicked: close once its last answer is out."""
        if not self.closing:
            self.closing = True
            with contextlib.suppress(Exception):
                await self.ws.close(code=1000, reason="left the room")

    async def handle(self, raw: str | None, binary: bytes | None) -> None:
        if self.session is not None:  # the room's turn: a busy room waits (.rates)
            delay = self.hub.rates.room_wait(self.session.room, self.hub.clock.monotonic())
            if delay > 0:
                await self.hub.clock.sleep(delay)
        ref = P.peek_ref(raw if raw is not None else binary or b"")
        received = self.hub.clock.monotonic()
        size = self.size  # refused here (not JSON, too fast): padded if it is night
        self.came_at_night = size is not None
        msg: Any = None
        try:
            if not self.bucket.take(received):
                if self.bucket.tokens < CUTOFF:
                    self.closing = True
                    await self.ws.close(code=1008, reason="flooding")
                    return
                rate = self.bucket.rate
                raise BadMessage(ErrorCode.rate_limited, f"at most {rate:g} messages a second")
            # the member's and the address's rates, over all their connections (.rates)
            member = None if self.session is None else self.who()
            self.hub.rates.message(member, self.address, received)
            if raw is None:
                raise BadMessage(ErrorCode.invalid, "messages are JSON text frames, not binary")
            msg = P.parse(raw)
            if member is not None and isinstance(msg, P.Chat | P.Whisper):
                await self.hub.rates.talk(member, self.address)
            if isinstance(msg, P.OPENING):
                await self.begin(msg, ref)
                self.count(msg, "ok", received)
                return
            if self.session is None:
                if not isinstance(msg, P.Ping):
                    raise BadMessage(ErrorCode.not_joined, "create, join or resume a room first")
                await self.reply({"type": "ack", "ref": ref, "of": msg.type, "pong": True})
                self.count(msg, "ok", received)
                return
            if isinstance(msg, P.Ice):  # the server's, not the room's: no need to ask it
                servers = self.ice.servers(self.who(), self.hub.clock.now())
                await self.reply({"type": "ack", "ref": ref, "of": "ice", "servers": servers}, size)
                self.count(msg, "ok", received)
                return
            reply = await self.hub.command(self.session, msg)
            await self.night_pace(msg, received, reply.night)
            if isinstance(reply, Refused):
                error = {"type": "error", "ref": ref, "code": reply.code, "message": reply.message}
                await self.reply(error, reply.size or size)
                self.count(msg, reply.code, received)
                return
            await self.reply(
                {"type": "ack", "ref": ref, "of": msg.type, **reply.fields}, reply.size
            )
            self.count(msg, "ok", received)
        except BadMessage as exc:
            await self.reply(
                {"type": "error", "ref": ref, "code": exc.code, "message": exc.message}, size
            )
            self.count(msg, exc.code, received)
        except WebSocketDisconnect:
            raise  # the client went (or the system dropped it): not the server's error
        except Exception:  # a bug must not take the server down, nor leak details
            log.exception("error handling a message")
            await self.reply(
                {
                    "type": "error",
                    "ref": ref,
                    "code": ErrorCode.internal,
                    "message": "server error",
                },
                size,
            )

    def who(self) -> str:
        """The member as its TURN username names it: room and member id, never the token."""
        assert self.session is not None
        return f"{self.session.room}-{self.session.member}"

    def count(self, msg: Any, outcome: str, received: float) -> None:
        metrics = self.hub.metrics
        if metrics is not None:
            # came or answered at night (this member's last state frame was the night's)
            night = self.came_at_night or self.size is not None
            metrics.message(getattr(msg, "type", "unparsed"), outcome, received, night)

    async def night_pace(self, msg: Any, received: float, night: bool) -> None:
        """At night the answer to an ``act`` or a ``nothing`` leaves NIGHT_REPLY_DELAY
        after the message came, whatever the server did for it (an act is stored first, a
        nothing is not): the answer's timing tells nobody which it was."""
        if isinstance(msg, P.Act | P.Nothing) and night:
            deadline = received + NIGHT_REPLY_DELAY
            # The loop's timers may fire a little early (uvloop counts in milliseconds):
            # sleep again until the delay has truly passed.
            while (left := deadline - self.hub.clock.monotonic()) > 0:
                await self.hub.clock.sleep(left)

    async def begin(self, msg: P.Create | P.Join | P.Resume, ref: int | str | None) -> None:
        """Open a session: create, join or resume, then the ``ack`` first, then what the
        member missed (the frames replayed, or its full view)."""
        if self.session is not None:
            raise BadMessage(ErrorCode.already_joined, "this connection is already in a room")
        address = self.address
        if isinstance(msg, P.Create):
            session = await self.hub.create(msg.name, address)
        elif isinstance(msg, P.Join):
            session = await self.hub.join(msg.room, msg.name, msg.spectator, address, msg.screen)
        else:
            session = await self.hub.resume(msg.room, msg.token, address)
        last = msg.last if isinstance(msg, P.Resume) else None
        missed, size = await self.open(session, last)
        fields: dict[str, Any] = {
            "room": session.room,
            "member": session.member,
            "token": session.token,
        }
        if missed is not None:
            fields["replayed"] = len(missed)
        await self.reply({"type": "ack", "ref": ref, "of": msg.type, **fields}, size)
        await self.send_missed(missed)
        assert self.sub is not None
        self.forwarder = asyncio.create_task(self.forward(self.sub))

    async def open(
        self, session: Session, last: int | None = None
    ) -> tuple[list[Frame] | None, int | None]:
        """Subscribe to the member's channel, then ask the room for what the member
        needs: the frames after ``last`` when they are all kept, else the full view on the
        channel (it waits there until the ack is out); and the size the ack is padded
        to. A frame that comes both ways is sent once: frames are numbered, and one not
        above the last sent is dropped."""
        member = channel(session.room, session.member)
        sub = await self.hub.pubsub.subscribe([member], group=session.room)
        try:
            opened = await self.hub.open(session, last)
        except BaseException:
            await sub.close()
            raise
        self.session, self.sub = session, sub
        sub.on_overflow = self.overflowed
        self.seen = last or 0
        self.in_step = opened.missed is not None
        try:
            await self.hub.presence(session, +1)
        except BaseException:  # not counted (``busy``): not in the room, resume again
            await sub.close()
            self.session = self.sub = None
            raise
        return opened.missed, opened.size

    async def send_missed(self, missed: list[Frame] | None) -> None:
        """Frames a resume or a catch-up brought, but none already sent."""
        for frame in missed or ():
            n = frame.n
            if n is not None and n <= self.seen:
                continue
            await self.send(frame.text)
            if n is not None:
                self.seen = n
                self.watch_night(frame)

    async def catch_up(self) -> None:
        """A frame came after a gap: the bus lost the ones between (its Redis went away
        for a while). The frames missed, as a ``resume`` gets them, go out first (or, when
        they are no longer all kept, the full view follows on the channel)."""
        assert self.session is not None
        for _ in range(CATCH_UP_TRIES):  # Redis may be back, but not yet every connection
            try:
                opened = await self.hub.open(self.session, self.seen)
            except Exception:
                await self.hub.clock.sleep(CATCH_UP_PAUSE)
                continue
            await self.send_missed(opened.missed)
            return
        log.warning("room %s: catching up after a gap failed", self.session.room)

    async def forward(self, sub: Subscription) -> None:
        try:
            async for frame in sub:
                n = frame.n
                if n is not None:
                    if self.in_step and n > self.seen + 1:
                        await self.catch_up()
                    if n <= self.seen:
                        continue
                    self.seen, self.in_step = n, True
                    self.watch_night(frame)
                await self.send(frame.text)
                if frame.kind == "bye":
                    self.leaving = True  # after the answer to the message being handled
                if self.leaving and not self.busy and not sub.pending():
                    await self.leave()
                    return
        except SlowSubscriber:
            if not self.cut_off:  # (the queue's on_overflow has cut it off already)
                await self.cut()
        except Exception:
            self.closing = True

    def overflowed(self) -> None:
        """The member's queue overflowed: cut it off now, whatever the forwarder is doing
        (stuck in a send to a client that reads nothing, it would wait for the system to
        drop the connection, ``--send-timeout``)."""
        if not self.cut_off:
            self.cut_off = True
            self.cutting = asyncio.create_task(self.cut())

    async def cut(self) -> None:
        """The member fell behind its queue's bound (frames or bytes): close 1013 and end
        the connection now, even when the close cannot go out (a client that reads
        nothing): its frames are dropped, it counts as away, and its seat stays (a
        ``resume`` brings it back)."""
        self.closing = self.cut_off = True
        if self.forwarder is not None and self.forwarder is not asyncio.current_task():
            self.forwarder.cancel()  # stuck in a send: what it holds goes with it
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                self.ws.close(code=1013, reason="too slow: reconnect"), CUT_OFF_CLOSE
            )
        # Waiting for the client's next message: cancelled there (never while it handles
        # one: a command is carried out whole; the loop ends after it, as ``closing``).
        if self.runner is not None and not self.runner.done() and not self.busy:
            self.runner.cancel()

    def watch_night(self, frame: Frame) -> None:
        """A state frame says whether it is night, and the night's frames' size: the
        size of an answer refused here (not JSON, too fast) at night."""
        if frame.kind == "state":
            self.size = len(frame.text.encode()) if frame.night else None

    async def cleanup(self) -> None:
        if self.forwarder is not None:
            self.forwarder.cancel()
        if self.sub is not None:
            await self.sub.close()
        if self.session is not None:
            with contextlib.suppress(Exception):
                await self.hub.presence(self.session, -1)
