"""Room ownership over Redis: leases, forwarded requests, shared frame numbers and limits.

Keys (all under ``onenight:``):

* ``lease:CODE`` → the owning process's id, with a TTL of :data:`LEASE` seconds that the
  owner renews every :data:`BEAT` seconds. ``SET NX`` takes a free lease, so one process
  at a time owns a room; a renewal that finds another id there tells the old owner to
  let the room go, and one that finds none (Redis restarted empty) takes it back, with
  the room's entries in ``rooms`` and ``codes``: the games go on where they were.
  Graceful shutdown deletes its leases: others take the rooms at once.
  ``released:CODE`` → the process that let the lease go (handed the room over, or shut
  down), for :data:`RELEASED` seconds: its renewing thread, which may have listed the
  lease just before, does not take it back.
* ``process:ID`` → a heartbeat with the same TTL; ``processes`` → the ids seen.
* ``rooms`` → the open rooms (every process watches them and takes over those whose
  lease is free); ``codes`` → every room code ever used (codes are unique).
  ``kept-since`` → the process that first wrote them: when it is gone, Redis lost its
  data, and the first process to notice lists the store's open rooms again, and sets
  ``relisted`` for a lease's time: meanwhile the live owners take their leases back,
  and nobody takes a room over.
* ``kept:CODE`` → the room's last deliveries, each a batch of frames (their text as
  sent, with their number, kind and night: :func:`onenight.pubsub.redis.pack`), and
  ``numbers:CODE`` → the number of each member's last frame, written in the same script
  call as the batch's ``PUBLISH`` (atomic, as a ``MULTI``): a process that takes a room
  over numbers on from there, and a ``resume`` after a failover replays exactly what was
  missed (each member's frames in the kept deliveries, up to the actor's REPLAY, each
  with its data as it was made). The batch is one
  ``PUBLISH`` on the room's group channel: one message for each process to read,
  whatever the number of members; none when no other process holds a connection of the
  room's members (the owner hands the frames to its own connections itself, and the
  batch is kept all the same).
* ``online:CODE`` → ``PROCESS|MEMBER`` → the member's connections to that process. A
  renewal that finds the process's heartbeat gone (Redis restarted empty, or it lapsed)
  has the hub state every count of the process again, here and to each room's owner.
* ``rate:KIND:ADDRESS`` → a token bucket (a Lua script), shared by every process.

Requests for a room travel to its owner on the owner's channel ``rpc:ID`` (JSON), and
answers come back on the asker's channel, over the same pub/sub as the frames (as plain
texts: :meth:`onenight.pubsub.PubSub.publish`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from typing import Any, ParamSpec, TypeVar

import orjson
from redis.exceptions import NoScriptError, RedisError

from onenight.pubsub import Frame, PubSub, Subscription
from onenight.pubsub.redis import PREFIX, RedisPubSub, connect, group_channel, pack, unpack
from onenight.pubsub.resp import Pipeliner

from .base import BusDown, CallFailed, Kept, Owner, OwnerGone, Post, channel

log = logging.getLogger("onenight.cluster")

LEASE = 1.5  #: seconds a lease lives without renewal (a dead owner's rooms move after it)
#: seconds a process's heartbeat lives: after it, its members count as offline (a process
#: that was only slow, and comes back, has its members counted again)
HEARTBEAT = 3.0
STUCK = 10.0  #: seconds without a sign of life from the event loop: leases lapse
BEAT = 0.25  #: seconds between renewals, and between looks for rooms nobody owns
CALL_LIMIT = 10.0  #: seconds a request may wait for a live owner
KEEP = 64  #: deliveries kept per room (each member's frames in them, for a take-over)
KEPT_TTL = 86_400  #: seconds the kept frames outlive their room's last frames (see DELIVER)
#: seconds a lease let go is marked so (``released:CODE``): longer than a renewal takes
#: from listing the leases to renewing them, however loaded the process
RELEASED = 10.0
RELEASED_MS = int(RELEASED * 1000)

#: Each lease renewed (1), taken back where Redis has lost it (2: restarted empty, or a
#: lapse nobody used; the room's open-room and code entries go back with it), found
#: another process's (0), or found let go by this process (3: handed over or given back
#: since the renewing thread listed its leases; ``released:CODE`` says so for
#: :data:`RELEASED` seconds; before, such a lease was taken back, and the process the
#: room was handed to could not take it until it was given back again). One call for
#: every lease of the process, not one a lease (the renewing thread spent 2-3% of a
#: loaded process's time on them, four times a second). KEYS: ``rooms``, ``codes``, then
#: each lease, then each lease's ``released`` key; ARGV: this process, the TTL, then each
#: lease's code (ARGV[i] is KEYS[i]'s).
RENEW = """
local me, ttl = ARGV[1], ARGV[2]
local n = (#KEYS - 2) / 2
local kept = {}
for i = 3, n + 2 do
  local owner = redis.call('GET', KEYS[i])
  if owner == me then
    redis.call('PEXPIRE', KEYS[i], ttl)
    kept[#kept + 1] = 1
  elseif owner then
    kept[#kept + 1] = 0
  elseif redis.call('GET', KEYS[i + n]) == me then
    kept[#kept + 1] = 3
  else
    redis.call('SET', KEYS[i], me, 'PX', ttl)
    redis.call('SADD', KEYS[1], ARGV[i])
    redis.call('SADD', KEYS[2], ARGV[i])
    kept[#kept + 1] = 2
  end
end
return kept
"""
#: The lease (KEYS[1]) deleted if it is this process's (ARGV[1]), and ``released:CODE``
#: (KEYS[2]) set for ARGV[2] ms: a renewal that listed the lease before cannot take it back.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
  return redis.call('DEL', KEYS[1])
end
return 0
"""
#: A delivery's batch kept (KEYS[1]: ``kept:CODE``) with the members' frame numbers
#: (KEYS[2]: ``numbers:CODE``), and published, in one atomic step (ARGV: KEEP, KEPT_TTL,
#: the group channel, or nothing: kept, not published; the batch; the numbers as JSON).
#: The list grows to twice KEEP before it is trimmed back to KEEP, and its time to live is
#: set then and when it starts. One list push a delivery, not one a frame: Redis spent
#: most of its time on per-member lists (2026-12-01: 57 µs a script call for a chat line
#: to 8 members). Readers take the last KEEP (:meth:`RedisCluster.kept`).
DELIVER = """
local keep, ttl = tonumber(ARGV[1]), tonumber(ARGV[2])
local n = redis.call('RPUSH', KEYS[1], ARGV[4])
if n > 2 * keep then
  redis.call('LTRIM', KEYS[1], -keep, -1)
  redis.call('EXPIRE', KEYS[1], ttl)
elseif n == 1 then
  redis.call('EXPIRE', KEYS[1], ttl)
end
redis.call('SET', KEYS[2], ARGV[5], 'EX', ttl)
if ARGV[3] ~= '' then redis.call('PUBLISH', ARGV[3], ARGV[4]) end
return n
"""
BUCKET = """
local now, rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local b = redis.call('HMGET', KEYS[1], 't', 'at')
local tokens, at = tonumber(b[1]) or burst, tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate) - 1
local ok = tokens >= 0
if not ok or ARGV[4] == '0' then tokens = tokens + 1 end
redis.call('HSET', KEYS[1], 't', tokens, 'at', now)
redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 60)
if ok then return 1 end
return 0
"""


_Args = ParamSpec("_Args")
_Result = TypeVar("_Result")


def _on_the_bus(
    method: Callable[_Args, Coroutine[Any, Any, _Result]],
) -> Callable[_Args, Coroutine[Any, Any, _Result]]:
    """Redis not answering (restarting, unreachable) is BusDown to the hub, which tells
    the sender ``busy``."""

    @functools.wraps(method)
    async def on_the_bus(*args: _Args.args, **kwargs: _Args.kwargs) -> _Result:
        try:
            return await method(*args, **kwargs)
        except (RedisError, OSError) as exc:
            raise BusDown(str(exc) or type(exc).__name__) from exc

    return on_the_bus


def kept_frames(batches: Sequence[bytes], numbers: bytes | None) -> Kept:
    """Each member's frames in a room's kept deliveries, in order, and the number of
    each member's last frame (a batch that cannot be read is skipped: the members it
    was for get their full view instead of what they missed)."""
    frames: dict[int, list[Frame]] = {}
    for batch in batches:
        try:
            for wire, frame in unpack(batch)[1]:
                member = int(wire.rpartition(":")[2])
                frames.setdefault(member, []).append(frame)
        except (orjson.JSONDecodeError, TypeError, ValueError):
            log.warning("cluster: a kept delivery that cannot be read: skipped")
    last = {int(m): int(n) for m, n in orjson.loads(numbers).items()} if numbers else {}
    return Kept(frames, last)


def _key(*parts: object) -> str:
    return PREFIX + ":".join(str(p) for p in parts)


class RedisCluster:
    """Several processes, one Redis: each room owned by one process at a time."""

    shared = True

    def __init__(self, url: str, pubsub: PubSub, metrics: Any = None) -> None:
        self.redis: Any = connect(url)
        #: leases and heartbeats: a connection of the renewing thread's own
        self.leases: Any = None
        self.pubsub = pubsub
        self.metrics = metrics
        self.me = secrets.token_hex(6)
        self.owned: dict[str, float] = {}  #: code → when this process took it
        self.url = url
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ticked = time.monotonic()  #: the event loop's last sign of life
        self.stopping = threading.Event()
        self.renewer: threading.Thread | None = None
        self.losing: set[asyncio.Task[None]] = set()
        self.owner_of: Owner | None = None
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.ids = itertools.count(1)
        self.sub: Subscription | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.alive: set[str] = set()
        self.answering: set[asyncio.Task[None]] = set()
        self.waiting_on: dict[int, tuple[str, str]] = {}  #: request → (room, its owner)
        self._renew: Any = None
        #: the heartbeat was missing at a renewal: the presence counts may be lost too
        #: (set by the renewing thread, cleared by :meth:`_restate` once they are stated)
        self.restate_due = False
        self._release = self.redis.register_script(RELEASE)
        self._bucket = self.redis.register_script(BUCKET)
        self._deliver = self.redis.register_script(DELIVER)
        #: the deliveries, sent together under load: with the publications of a Redis
        #: pub/sub on the same server, in the same batches (fewer writes, in order)
        if isinstance(pubsub, RedisPubSub) and pubsub.url == url:
            self.pipeline = pubsub.pipeline
            self._pack: Callable[[Sequence[tuple[str, Frame]]], bytes] = pubsub.pack
        else:
            self.pipeline = Pipeliner(url)
            self._pack = pack
        self.own_pipeline = self.pipeline is not getattr(pubsub, "pipeline", None)

    # ----- this process -----

    async def start(self, owner: Owner, rooms: Sequence[str]) -> None:
        self.owner_of = owner
        self.loop = asyncio.get_running_loop()
        await asyncio.to_thread(self.renew)
        await self._list(rooms)
        await self.redis.set(_key("kept-since"), self.me, nx=True)
        self.sub = await self.pubsub.subscribe([f"rpc:{self.me}"])
        self.tasks = [
            asyncio.create_task(self._listen(self.sub), name="cluster-rpc"),
            asyncio.create_task(self._tick(), name="cluster-tick"),
            asyncio.create_task(
                self._every_beat("watching rooms", self._forgotten, self._orphans, self._processes),
                name="cluster-watch",
            ),
            asyncio.create_task(
                self._every_beat("looking at waiting requests", self._check_waiting),
                name="cluster-requests",
            ),
            asyncio.create_task(
                self._every_beat("stating the presence counts again", self._restate),
                name="cluster-presence",
            ),
        ]
        self.renewer = threading.Thread(target=self._keep, name="onenight-leases", daemon=True)
        self.renewer.start()

    async def stop(self) -> None:
        self.stopping.set()
        if self.renewer is not None:
            await asyncio.to_thread(self.renewer.join, 5)
        if self.leases is not None:
            self.leases.close()
        for task in self.tasks:
            task.cancel()
        for code in list(self.owned):
            with contextlib.suppress(Exception):
                await self.release(code, closed=False)
        with contextlib.suppress(Exception):
            await self.redis.delete(_key("process", self.me))
            await self.redis.srem(_key("processes"), self.me)
        if self.sub is not None:
            await self.sub.close()
        if self.own_pipeline:
            await self.pipeline.close()
        await self.redis.aclose()

    async def _tick(self) -> None:
        """The event loop's sign of life, for the renewing thread."""
        while True:
            self.ticked = time.monotonic()
            await asyncio.sleep(BEAT)

    def _keep(self) -> None:
        """The renewing thread: every BEAT the heartbeat and the leases, whatever the
        event loop is busy with (a loaded process keeps its rooms; before, a loop that
        ran late let leases lapse and rooms moved from process to process). A loop that
        has shown no life for STUCK seconds lets its leases lapse: its rooms move on."""
        while not self.stopping.wait(BEAT):
            stuck = time.monotonic() - self.ticked
            if stuck > STUCK:
                log.error("cluster: the event loop is stuck (%.0f s): leases not renewed", stuck)
                continue
            try:
                self.renew()
            except Exception:
                log.exception("cluster: renewing the leases failed; retrying")

    def renew(self, codes: list[str] | None = None) -> None:
        """The heartbeat and every lease renewed (in the renewing thread); the leases
        found another's are let go, on the event loop. ``codes``: the leases as listed
        before (a test's), not ``owned`` now."""
        import redis

        if self.leases is None:
            self.leases = redis.Redis.from_url(self.url)
            self._renew = self.leases.register_script(RENEW)
        ttl = int(LEASE * 1000)
        since = time.monotonic()
        codes = list(self.owned) if codes is None else codes
        pipe = self.leases.pipeline(transaction=False)
        pipe.exists(_key("process", self.me))
        pipe.set(_key("process", self.me), 1, px=int(HEARTBEAT * 1000))
        pipe.sadd(_key("processes"), self.me)
        leases = [_key("lease", code) for code in codes]
        released = [_key("released", code) for code in codes]
        keys = [_key("rooms"), _key("codes"), *leases, *released]
        self._renew(keys=keys, args=[self.me, ttl, *codes], client=pipe)
        beating, *_, kept = pipe.execute()
        if not beating:  # Redis lost it (restarted empty) or it lapsed: and the counts?
            self.restate_due = True
        # 3: let go since the list was made; if the room is owned again meanwhile (and
        # its lease lapsed), it is lost like one found another's: someone takes it over
        lost = [code for code, k in zip(codes, kept, strict=True) if k in (0, 3)]
        back = [code for code, k in zip(codes, kept, strict=True) if k == 2]
        if back:
            log.warning("cluster: %d leases were gone from Redis: taken back", len(back))
        if (lost or back) and self.loop is not None:
            self.loop.call_soon_threadsafe(self._lose, lost, since, back)

    def _lose(self, codes: list[str], since: float, back: Sequence[str] = ()) -> None:
        """On the event loop: the rooms whose lease was another's, unless taken again
        since the renewal looked. A lease taken back for a room let go meanwhile (the
        renewal looked just before) is given back again."""
        for code in back:
            if code not in self.owned:
                task = asyncio.create_task(self._give_back(code))
                self.losing.add(task)
                task.add_done_callback(self.losing.discard)
        for code in codes:
            taken = self.owned.get(code)
            if taken is None or taken > since:
                continue
            del self.owned[code]
            self._count("lost")
            if self.owner_of is not None:
                task = asyncio.create_task(self.owner_of.lost(code))
                self.losing.add(task)
                task.add_done_callback(self.losing.discard)

    async def _give_back(self, code: str) -> None:
        with contextlib.suppress(Exception):
            await self._let_go(code)

    async def _let_go(self, code: str) -> None:
        """The lease deleted if it is this process's, and marked let go (RELEASE)."""
        keys = [_key("lease", code), _key("released", code)]
        await self._release(keys=keys, args=[self.me, RELEASED_MS])

    async def _every_beat(self, what: str, *steps: Callable[[], Awaitable[None]]) -> None:
        """Every BEAT, these steps in order (a step that fails is logged and tried again
        at the next beat). Three loops run so: the open rooms nobody owns and the dead
        processes (:meth:`_orphans`, :meth:`_processes`), the requests waiting on an
        owner that is gone (:meth:`_check_waiting`, on its own: a take-over under way must
        not hold them up), and the presence counts stated again (:meth:`_restate`)."""
        while True:
            await asyncio.sleep(BEAT)
            try:
                for step in steps:
                    await step()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster: %s failed; retrying", what)

    async def _restate(self) -> None:
        """The presence counts stated again by the hub, when the heartbeat was found
        missing (on its own loop: it asks the rooms' owners, one of which may be dead,
        and must not hold up the take-overs)."""
        if self.restate_due and self.owner_of is not None:
            self.restate_due = False
            try:
                await self.owner_of.restate_presence()
            except BaseException:
                self.restate_due = True
                raise

    async def _forgotten(self) -> None:
        """Whether Redis lost its data (restarted empty): ``kept-since``, set by the first
        process and never expiring, is gone. Then the first process to see it lists the
        store's open rooms in ``rooms`` and ``codes`` again: the rooms whose owners died
        meanwhile (their leases gone, and not taken back by a renewal) are taken over, as
        those of any process that dies."""
        if self.owner_of is None or not await self.redis.set(_key("kept-since"), self.me, nx=True):
            return
        try:
            # the live owners' renewals take their leases back first: nobody takes a
            # room over until this lapses (else a live owner could lose its rooms)
            await self.redis.set(_key("relisted"), self.me, px=int(LEASE * 1000))
            rooms = await self.owner_of.open_rooms()
            await self._list(rooms)
        except BaseException:  # the next beat (of any process) tries again
            with contextlib.suppress(Exception):
                await self.redis.delete(_key("kept-since"))
            raise
        log.warning("cluster: Redis had lost its data: %d open rooms listed again", len(rooms))

    async def _list(self, rooms: Sequence[str]) -> None:
        """The store's open rooms in ``rooms`` (watched) and ``codes`` (never reused)."""
        if rooms:
            await self.redis.sadd(_key("rooms"), *rooms)
            await self.redis.sadd(_key("codes"), *rooms)

    async def _orphans(self) -> None:
        rooms = [c.decode() for c in await self.redis.smembers(_key("rooms"))]
        rooms = [c for c in rooms if c not in self.owned]
        if not rooms or self.owner_of is None:
            return
        relisted, *leases = await self.redis.mget(
            [_key("relisted"), *(_key("lease", c) for c in rooms)]
        )
        if relisted is not None:  # Redis lost its data a moment ago: see _forgotten
            return
        for code, lease in zip(rooms, leases, strict=True):
            if lease is None:
                await self.owner_of.take_over(code)

    async def _processes(self) -> None:
        ids = [p.decode() for p in await self.redis.smembers(_key("processes"))]
        beats = await self.redis.mget([_key("process", p) for p in ids]) if ids else []
        alive = {p for p, b in zip(ids, beats, strict=True) if b is not None}
        if self.owner_of is not None:
            for gone in self.alive - alive:
                await self.owner_of.process_gone(gone)
            for back in alive - self.alive - {self.me}:
                await self.owner_of.process_back(back)
        dead = [p for p in ids if p not in alive]
        if dead:
            await self.redis.srem(_key("processes"), *dead)
        self.alive = alive | {self.me}

    def _count(self, change: str) -> None:
        if self.metrics is not None:
            self.metrics.leases.labels(change).inc()

    # ----- leases -----

    @_on_the_bus
    async def new_room(self, code: str) -> bool:
        if not await self.redis.sadd(_key("codes"), code):
            return False
        if not await self.redis.set(_key("lease", code), self.me, nx=True, px=int(LEASE * 1000)):
            return False
        await self.redis.sadd(_key("rooms"), code)
        self.owned[code] = time.monotonic()
        self._count("acquired")
        return True

    @_on_the_bus
    async def acquire(self, code: str) -> bool:
        if not await self.redis.sismember(_key("rooms"), code):
            return False
        if await self.redis.exists(_key("relisted")):  # the live owners come first
            return False
        if not await self.redis.set(_key("lease", code), self.me, nx=True, px=int(LEASE * 1000)):
            return False
        self.owned[code] = time.monotonic()
        self._count("acquired")
        return True

    @_on_the_bus
    async def owner(self, code: str) -> str | None:
        value = await self.redis.get(_key("lease", code))
        return None if value is None else str(value.decode())

    @_on_the_bus
    async def release(self, code: str, closed: bool) -> None:
        if self.owned.pop(code, None) is not None:
            self._count("released")
        await self._let_go(code)
        if closed:
            await self.redis.srem(_key("rooms"), code)
            await self.redis.delete(_key("online", code))

    # ----- requests to the owner -----

    async def call(self, owner: str, code: str, request: str) -> str:
        ident = next(self.ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[ident] = future
        self.waiting_on[ident] = (code, owner)
        message = {"q": ident, "from": self.me, "room": code, "request": request}
        try:
            try:
                await self.pubsub.publish(f"rpc:{owner}", orjson.dumps(message).decode())
            except (RedisError, OSError) as down:
                raise BusDown(str(down)) from down
            try:
                answer = await asyncio.wait_for(future, CALL_LIMIT)
            except TimeoutError:
                raise OwnerGone(owner) from None
        finally:
            self.waiting.pop(ident, None)
            self.waiting_on.pop(ident, None)
        if "moved" in answer:
            raise OwnerGone(owner)
        if "failed" in answer:
            raise CallFailed(f"{owner} could not carry out a request for {code}")
        reply: str = answer["reply"]
        return reply

    async def _check_waiting(self) -> None:
        """Every BEAT, one look at the leases of the rooms that requests wait on: a request
        whose room is no longer its owner's (the owner died and its lease lapsed, or it
        let the room go) gets OwnerGone, and is asked again of the new owner. (Each
        request looked for itself before: under load, thousands of lookups a second.)"""
        if not self.waiting_on:
            return
        codes = sorted({code for code, _ in self.waiting_on.values()})
        leases = await self.redis.mget([_key("lease", c) for c in codes])
        now = {c: None if v is None else v.decode() for c, v in zip(codes, leases, strict=True)}
        for ident, (code, owner) in list(self.waiting_on.items()):
            future = self.waiting.get(ident)
            if now.get(code, owner) != owner and future is not None and not future.done():
                future.set_exception(OwnerGone(owner))

    async def _listen(self, sub: Subscription) -> None:
        async for frame in sub:  # plain texts: requests and answers (JSON)
            try:
                message = orjson.loads(frame.text)
            except orjson.JSONDecodeError:
                continue
            if "q" in message:
                task = asyncio.create_task(self._answer(message))
                self.answering.add(task)
                task.add_done_callback(self.answering.discard)
            else:
                future = self.waiting.get(message.get("a"))
                if future is not None and not future.done():
                    future.set_result(message)

    async def _answer(self, message: dict[str, Any]) -> None:
        answer: dict[str, Any] = {"a": message["q"]}
        try:
            if self.owner_of is None:
                raise OwnerGone(self.me)
            answer["reply"] = await self.owner_of.serve(message["room"], message["request"])
        except OwnerGone:
            answer["moved"] = True
        except Exception:
            log.exception("cluster: a request for %s failed", message.get("room"))
            answer["failed"] = True
        await self.pubsub.publish(f"rpc:{message['from']}", orjson.dumps(answer).decode())

    # ----- frames, presence, limits -----

    async def deliver(
        self,
        code: str,
        frames: Sequence[Post],
        numbers: Mapping[int, int],
        elsewhere: bool = True,
    ) -> None:
        """One script call for the whole batch (not four commands a frame in a MULTI:
        their encoding and replies cost this process more than the frames), and one
        message on the room's group channel when another process may need it. Once Redis
        has kept them, the frames go to this process's own connections straight away
        (its listener skips the batch when Redis brings it back). Should Redis fail,
        nothing was handed out: the actor delivers the same frames again later."""
        messages = [(channel(code, member), frame) for member, frame in frames]
        batch = self._pack(messages)
        wire = group_channel(code) if elsewhere else ""
        counts = orjson.dumps(numbers, option=orjson.OPT_NON_STR_KEYS)
        keys = (f"{PREFIX}kept:{code}", f"{PREFIX}numbers:{code}")
        command = ("EVALSHA", self._deliver.sha, 2, *keys, KEEP, KEPT_TTL, wire, batch, counts)
        try:
            await self.pipeline.execute(*command)
        except NoScriptError:  # Redis restarted and forgot it: load it, and once more
            await self.redis.script_load(DELIVER)
            await self.pipeline.execute(*command)
        self.pubsub.hand_out(messages)

    @_on_the_bus
    async def kept(self, code: str) -> Kept:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.lrange(_key("kept", code), -KEEP, -1)
            pipe.get(_key("numbers", code))
            batches, numbers = await pipe.execute()
        return kept_frames(batches, numbers)

    @_on_the_bus
    async def presence(self, code: str, counts: Mapping[int, int]) -> None:
        key = _key("online", code)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, mapping={f"{self.me}|{m}": n for m, n in counts.items()})
            pipe.expire(key, KEPT_TTL)
            await pipe.execute()

    @_on_the_bus
    async def online(self, code: str) -> dict[str, dict[int, int]]:
        counts = await self.redis.hgetall(_key("online", code))
        processes = {k.decode().split("|")[0] for k in counts}
        beats = await self.redis.mget([_key("process", p) for p in processes]) if processes else []
        alive = {p for p, b in zip(processes, beats, strict=True) if b is not None}
        online: dict[str, dict[int, int]] = {}
        for key, value in counts.items():
            process, member = key.decode().split("|")
            if process in alive and int(value) > 0:
                online.setdefault(process, {})[int(member)] = int(value)
        return online

    @_on_the_bus
    async def within_rate(
        self, kind: str, address: str | None, per_minute: float, take: bool = True
    ) -> bool:
        if address is None or per_minute <= 0:
            return True
        rate, burst = per_minute / 60.0, max(1.0, per_minute / 2)
        key = _key("rate", kind, address)
        args = [time.time(), rate, burst, int(take)]
        return bool(await self._bucket(keys=[key], args=args))
