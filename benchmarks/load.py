"""Load benchmark (bounded, loopback only): N rooms x P scripted players through
``onenight.client`` against real server processes, then a bare WebSocket broadcast
server, all in one run:

    python benchmarks/load.py --rooms 200 --players 8 --processes 1,2

For each entry of ``--processes`` (1: one server process on ``--single-bus``, memory by
default; k > 1: k processes behind the Redis ``--bus``, sharing the ``--db`` store), and
then for the bare broadcast server, the same clients go through two phases. An entry may
come back (``--processes 1,2,1,2,1``): each run of k processes is compared with the
one-process runs beside it (the mean of the one before and the one after), and the median
of those ratios is printed. On a shared virtual machine the speed drifts from minute to
minute (one process carried 16k to 23k frames/s in runs minutes apart, same code), so a
single pair of runs can say x1.0 or x1.5 of the same code; neighbours compare best.

1. **Latency (paced, open loop).** Every room plays a complete game with short timers;
   in the day every player says ``--rounds`` chat lines, one every ``--gap`` seconds on
   average (uniform random gaps). The offered load is members / gap lines a second, each
   reaching every member of its room: with the defaults at 250 x 8, 667 lines/s and
   some 6,000 frames/s, about a third of what one process carries on the 2-core machine
   (the throughput phase below: 17,000 to 23,000 frames/s there on 2026-12-01), beside
   the games' own traffic, so queueing shows in the latency; ``--gap 10`` (a line per
   player every 10 s) offers a tenth of it.
   The latency is from a chat line sent to the last room member receiving it (the
   action whose effect reaches every member); p50 and p99 over every line. The bare
   server gets the same chat (no game). Games/s is the games completed over this phase's
   time (with these timers it mostly measures the timers, not the server).
2. **Throughput (saturating closed loop).** For ``--duration`` seconds after a
   ``--warmup``, every member of every room sends a chat line, waits for its ack, and
   sends the next at once: 2,000 requests in flight for 250 x 8, far more than the
   server carries, so the server (not the offered load) sets the rate. Messages/s are
   the frames the clients receive (each line reaches every member: P frames, plus the
   ack), counted inside the window only; chats/s the lines acknowledged. The CPU time of
   the server processes, of this client process, of redis-server and of every PostgreSQL
   process over the window is printed with it, and ``machine``: the cores the whole
   machine kept busy (2 = every core of the 2-core machine), with two parts of it that no
   process is charged for: ``softirq`` (the kernel's loopback networking, run in
   software interrupts) and ``steal`` (time the hypervisor gave another guest: the cores
   were busy, but not for this machine; a comparison with a run that lost 5% of a core
   or more that way is marked, and the median of the others printed too). A server
   process near 100%
   of a core is the bottleneck; a client near 100% would mean the figure is the
   client's; ``machine`` near the core count means nothing more can be had here (the
   clients, Redis and PostgreSQL share the cores with the server processes). The report
   ends with each configuration's throughput over one process's, beside the *ceiling*:
   the machine's cores over the cores busy in the one-process run, what several
   processes could carry here if a line cost them no more than it costs one; and before
   that, what a chat line cost in each configuration: the CPU time of its servers
   together (and of Redis) over the lines acknowledged in the window.

   The load generator's cost per frame matters here: on the 2-core machine it shares the
   cores with the servers, so every cycle it spends on a frame is one the servers do not
   get, and it caps what two server processes can show. ``onenight.client.Client`` (the
   pure-Python ``websockets`` library, orjson on every frame, a game view updated) took
   some 80% of a core for ~29k frames/s; picows (a Cython WebSocket client, a callback
   a frame) a third of a core. So by default (``--flood-client native``) this phase
   carries every member over to ``benchmarks/flood.c``, built here with ``gcc -O2``: one
   process, one epoll loop, every connection (each member's ``Client`` is closed and its
   seat resumed from the last frame seen; on the bare server, ``join`` of the same room).
   A frame is counted, not parsed, and an ack (its first bytes) sends the next line at
   once. Most of a client's cost per frame is the kernel's (a wake-up and a read), not
   its own code: so flood, when a wake-up found few connections ready, waits
   ``--flood-batch`` microseconds (default 2,000) before the next, and each read then
   takes several frames. The closed loop keeps every member's line in flight meanwhile,
   so the servers never wait on it. Its CPU shows as ``flood``.
   ``--flood-client picows`` (raw picows connections, the same callbacks in Python) and
   ``websockets`` (the rooms' ``Client`` loops) are kept, to compare.

The member i of room r connects to process (r + i) % k (``--spread member``, the
default: what a proxy that picks a process per connection does): the rooms' owners
(their creators' processes) and their members are spread over every process, so the
commands of (k - 1) of every k members are forwarded to the owner, and every process
reads every room's frames. ``--spread room`` puts every member of room r on its owner's
process r % k: no command is forwarded, and the bus carries the leases, the kept frames
and each room's batch back to its own process; comparing the two shows what crossing
processes costs. ``--spread hash`` is what a proxy routing by the room's code does
(nginx's ``hash $arg_room``, docs/deploy.md): room r is made on process r % k (a
creation names no room: round robin), and every later connection to it (the joins, and
every member in the saturating phase) goes to the process its code hashes to (CRC-32
here); the room follows its members there (``onenight.session.follow``), so about half
the rooms change process before their game. Server limits that would cap a
benchmark from one address (creations, joins and messages per second) are turned off.
Each configuration gets a fresh PostgreSQL database (created and dropped here) and
flushes its Redis database (``--bus`` names one for the benchmark only); ``--db sqlite``
uses a temporary SQLite file (one process only). ``--profile FILE`` writes a
pyinstrument report of (the first) server process of each configuration (text:
FILE-1p.txt, FILE-2p.txt, …), over the whole run; ``--spy PREFIX`` samples every server
process with py-spy over the saturating window only (the games before it left out), as
collapsed stacks: PREFIX-1p-server0.txt, PREFIX-2p-server1.txt, PREFIX-bare-server0.txt.

Every process here (the clients, the bare server and the onenight servers) runs with the
onenight server's garbage-collector settings (:mod:`onenight.server.collector`), so that
no side's full collections pause the other's measurement. The clients' process goes
further (:func:`clients_uncollected`): it does not collect at all while it measures.
Its two thousand ``Client`` objects, their views and what the runs before left behind are
its own cost, not the server's, and a full collection of them stopped every client for a
second (seen on 2026-12-02 with a collector callback: a 1,095 ms collection of 523,854
objects, the clients of the previous runs, at the moment of a 1,104 ms "latency"; a
one-process p99 of 61 to 270 ms in such runs against 10 to 13 ms in the others).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

from picows import WSFrame, WSListener, WSMsgType, WSTransport, ws_connect

from onenight.client import Client, ServerError
from onenight.randomplay import random_night
from onenight.server.collector import tune
from onenight.session.errors import ErrorCode

#: The games' timers; ``--turn`` sets the night's turn (its jitter half of it).
TIMERS = {"turn": 1.0, "jitter": 0.5, "day": 60.0, "vote": 20.0}
PG = "postgresql+asyncpg://postgres@127.0.0.1:5432/onenight_load"
BUS = "redis://127.0.0.1:6379/9"
#: a share of a core stolen by the hypervisor above which a run is marked (its figures
#: are the neighbour guest's as much as the code's)
STOLEN = 0.05
NO_LIMITS = ["--creates-per-minute", "0", "--joins-per-minute", "0", "--message-rate", "0"]
NO_LIMITS += ["--connections-per-address", "0", "--guesses-per-minute", "0"]
NO_LIMITS += ["--address-message-rate", "0", "--talk-per-minute", "0", "--room-message-rate", "0"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    frames: int = 0
    games: int = 0
    errors: int = 0
    chats: int = 0  #: chat lines acknowledged (the saturating phase)


@dataclass
class Result:
    name: str
    stats: Stats
    elapsed: float  #: the latency phase
    rate: float = 0.0  #: messages/s delivered in the saturating window
    chat_rate: float = 0.0  #: chat lines/s acknowledged in it
    cpu: dict[str, float] = field(default_factory=dict)  #: share of one core, by process


class Room:
    """One room's clients and the chat messages in flight (text -> sent, receivers)."""

    def __init__(self, clients: list[Client], stats: Stats) -> None:
        self.clients = clients
        self.stats = stats
        self.pending: dict[str, tuple[float, int]] = {}
        for c in clients:
            c.on_frame = self.on_frame

    def on_frame(self, frame: dict[str, Any], now: float) -> None:
        self.stats.frames += 1
        text = frame.get("text")
        if text in self.pending and frame.get("type") == "chat":
            sent, left = self.pending[text]
            if left == 1:
                del self.pending[text]
                self.stats.latencies.append(now - sent)
            else:
                self.pending[text] = (sent, left - 1)

    async def say(self, c: Client, text: str) -> None:
        self.pending[text] = (time.perf_counter(), len(self.clients))
        await c.chat(text)

    async def talk(self, rounds: int, gap: float, rng: random.Random) -> None:
        async def speaker(i: int, c: Client) -> None:
            for r in range(rounds):
                await asyncio.sleep(rng.uniform(0, 2 * gap))
                await self.say(c, f"{id(self)}-{i}-{r}")

        await asyncio.gather(*(speaker(i, c) for i, c in enumerate(self.clients)))
        for _ in range(200):  # let the last messages land
            if not self.pending:
                break
            await asyncio.sleep(0.01)

    async def flood(self, until: float) -> None:
        """Every member: a chat line, its ack, the next at once (a closed loop)."""

        async def speaker(c: Client) -> None:
            while time.perf_counter() < until:
                try:
                    await c.chat("x")
                except (ServerError, TimeoutError):  # refused, closed, or no answer
                    self.stats.errors += 1
                    return
                self.stats.chats += 1

        await asyncio.gather(*(speaker(c) for c in self.clients))


def process_of(r: int, i: int, k: int, spread: str, code: str | None = None) -> int:
    """The server process of member i of room r (``--spread``); ``hash``: of the room
    whose code is ``code`` (None: a connection that makes the room, round robin)."""
    if spread == "member":
        return (r + i) % k
    if spread == "hash" and code is not None:
        return zlib.crc32(code.encode()) % k  # nginx's `hash $arg_room`, in effect
    return r % k


async def open_room(
    urls: list[str], r: int, players: int, gate: asyncio.Semaphore, spread: str
) -> list[Client]:
    """Member i of room r on server :func:`process_of`."""
    async with gate:
        k = len(urls)
        host = await Client.connect(urls[r % k])
        await host.create("p0")
        clients = [host]
        for i in range(1, players):
            c = await Client.connect(urls[process_of(r, i, k, spread, host.room_code)])
            await c.join(host.room_code or "", f"p{i}")
            clients.append(c)
        return clients


async def full_game(room: Room, rounds: int, gap: float, rng: random.Random, turn: float) -> None:
    host = room.clients[0]
    await host.configure(edition="ultimate", **{**TIMERS, "turn": turn, "jitter": turn / 2})
    await host.start()

    await asyncio.gather(*(random_night(c, rng) for c in room.clients))
    await host.until(lambda c: c.phase == "day", 120)
    await room.talk(rounds, gap, rng)
    try:
        await host.end_day()
    except ServerError as exc:  # the day ran out first (a slow server): it is the vote
        if exc.code != ErrorCode.out_of_phase:
            raise
    for c in room.clients:
        await c.until(lambda c: c.phase in ("vote", "end"), 120)
        if c.phase == "vote":
            await c.vote(rng.choice(c.choices())["target"])
    await host.until(lambda c: c.phase == "end", 120)
    room.stats.games += 1


async def open_rooms(urls: list[str], args: argparse.Namespace, stats: Stats) -> list[Room]:
    gate = asyncio.Semaphore(20)
    rooms_clients = await asyncio.gather(
        *(open_room(urls, r, args.players, gate, args.spread) for r in range(args.rooms))
    )
    return [Room(cs, stats) for cs in rooms_clients]


async def close_rooms(rooms: list[Room]) -> None:
    for r in rooms:
        for c in r.clients:
            await c.close()


# ----- the saturating phase's raw client (picows): callbacks, no parsing per frame -----


class FloodConn(WSListener):
    """One member's raw connection: it opens with ``opening`` (a ``resume`` or a
    ``join``), then, once :meth:`start` is called, sends a chat line at each ack until
    the deadline. Every frame is counted in ``stats.frames``; only the opening's answer
    is parsed. ``prefix`` is how the server's frames start (``{"type":"``, or with a
    space after the colon for the bare server's ``json.dumps``)."""

    def __init__(self, stats: Stats, opening: bytes, prefix: bytes) -> None:
        super().__init__()
        self.stats = stats
        self.opening = opening
        self.ack = prefix + b'ack"'
        self.error = prefix + b'error"'
        self.transport: WSTransport | None = None
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[dict[str, Any]] = loop.create_future()
        self.done: asyncio.Future[None] = loop.create_future()  #: the flood is over
        self.until = 0.0  #: the flood's deadline (0: not flooding)
        self.ref = 1  #: the opening's

    def on_ws_connected(self, transport: WSTransport) -> None:
        self.transport = transport
        transport.send(WSMsgType.TEXT, self.opening)

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        if frame.msg_type != WSMsgType.TEXT:
            if frame.msg_type == WSMsgType.CLOSE:
                transport.send_close(frame.get_close_code())
                transport.disconnect()
            return
        self.stats.frames += 1
        payload = frame.get_payload_as_bytes()
        if payload.startswith(self.ack):
            if self.until:
                self.stats.chats += 1
                if time.perf_counter() < self.until:
                    self.chat()
                else:
                    self.finish()
            elif not self.opened.done():
                self.opened.set_result(json.loads(payload))
        elif payload.startswith(self.error):
            if self.until:
                self.stats.errors += 1
                self.finish()
            elif not self.opened.done():
                self.opened.set_result(json.loads(payload))

    def on_ws_disconnected(self, transport: WSTransport) -> None:
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("closed before its opening's answer"))
        if self.until and not self.done.done():
            self.stats.errors += 1
            self.done.set_result(None)

    def chat(self) -> None:
        self.ref += 1
        assert self.transport is not None
        self.transport.send(WSMsgType.TEXT, b'{"type":"chat","text":"x","ref":%d}' % self.ref)

    def finish(self) -> None:
        if not self.done.done():
            self.done.set_result(None)

    def start(self, until: float) -> asyncio.Future[None]:
        """The closed loop until ``until`` (perf_counter): its end."""
        self.until = until
        if self.transport is None or self.transport.is_disconnected:
            self.stats.errors += 1
            self.finish()
        else:
            self.chat()
        return self.done

    async def close(self) -> None:
        if self.transport is not None:
            self.transport.send_close()
            self.transport.disconnect()
            with suppress(Exception):
                await self.transport.wait_disconnected()


async def open_flood(url: str, stats: Stats, opening: dict[str, Any], prefix: bytes) -> FloodConn:
    """A raw connection, once the server acknowledged its opening (RuntimeError if not)."""
    raw = json.dumps({**opening, "ref": 1}, separators=(",", ":")).encode()
    _, listener = await ws_connect(lambda: FloodConn(stats, raw, prefix), url)
    assert isinstance(listener, FloodConn)
    answer = await asyncio.wait_for(listener.opened, 30)
    if answer.get("type") != "ack" or answer.get("of", opening["type"]) != opening["type"]:
        await listener.close()
        raise RuntimeError(f"{opening['type']} refused: {answer}")
    return listener


async def carry_over(
    rooms: list[Room],
    urls: list[str],
    stats: Stats,
    opening: Callable[[int, Client], dict[str, Any]],
    spread: str,
    prefix: bytes = b'{"type":"',
) -> list[FloodConn]:
    """Every member of room r, one after the other: its Client closed, a raw connection
    to the same server (:func:`process_of`) opened with ``opening(i, c)``
    (read once the Client is closed: its last frame is final)."""
    gate = asyncio.Semaphore(20)
    k = len(urls)

    async def room(r: int, room: Room) -> list[FloodConn]:
        async with gate:
            conns = []
            for i, c in enumerate(room.clients):
                await c.close()
                url = urls[process_of(r, i, k, spread, c.room_code)]
                conns.append(await open_flood(url, stats, opening(i, c), prefix))
            return conns

    per_room = await asyncio.gather(*(room(r, x) for r, x in enumerate(rooms)))
    return [conn for conns in per_room for conn in conns]


def resume(i: int, c: Client) -> dict[str, Any]:
    return {"type": "resume", "room": c.room_code, "token": c.token, "last": c.last}


async def flood_phase(
    rooms: list[Room],
    urls: list[str],
    stats: Stats,
    args: argparse.Namespace,
    pids: dict[str, int],
    opening: Callable[[int, Client], dict[str, Any]],
    prefix: bytes = b'{"type":"',
) -> tuple[float, float, dict[str, float]]:
    """The saturating phase through benchmarks/flood.c (``--flood-client native``), on
    raw picows connections (``picows``), or on the rooms' Clients (``websockets``)."""
    if args.flood_client == "websockets":
        return await saturate(
            lambda end: asyncio.gather(*(r.flood(end) for r in rooms)), stats, args, pids
        )
    if args.flood_client == "native":
        return await native_flood(rooms, urls, stats, args, pids, opening, prefix)
    conns = await carry_over(rooms, urls, stats, opening, args.spread, prefix)
    try:
        return await saturate(
            lambda end: asyncio.gather(*(c.start(end) for c in conns)), stats, args, pids
        )
    finally:
        await asyncio.gather(*(c.close() for c in conns))


# ----- the native flood client (benchmarks/flood.c): the same closed loop, in C -----

FLOOD_C = os.path.join(os.path.dirname(os.path.abspath(__file__)), "flood.c")


def build_flood(folder: str) -> str:
    """Compile flood.c (gcc -O2) into ``folder``; the program's path."""
    exe = os.path.join(folder, "flood")
    if not os.path.exists(exe):
        subprocess.run(["gcc", "-O2", "-o", exe, FLOOD_C], check=True)
    return exe


def flood_lines(
    rooms: list[Room],
    urls: list[str],
    opening: Callable[[int, Client], dict[str, Any]],
    spread: str,
) -> bytes:
    """flood's input: one "PORT PATH OPENING" line a member, then an empty line."""
    lines = []
    for r, room in enumerate(rooms):
        for i, c in enumerate(room.clients):
            url = urls[process_of(r, i, len(urls), spread, c.room_code)]
            hostport, _, path = url.removeprefix("ws://").partition("/")
            raw = json.dumps({**opening(i, c), "ref": 1}, separators=(",", ":"))
            lines.append(f"{hostport.rsplit(':', 1)[1]} /{path} {raw}\n")
    return ("".join(lines) + "\n").encode()


async def native_flood(
    rooms: list[Room],
    urls: list[str],
    stats: Stats,
    args: argparse.Namespace,
    pids: dict[str, int],
    opening: Callable[[int, Client], dict[str, Any]],
    prefix: bytes,
) -> tuple[float, float, dict[str, float]]:
    """Every member's Client closed, then carried over to flood (one process, one epoll
    loop, all the connections); its CPU time is reported as ``flood``."""
    for room in rooms:
        await asyncio.gather(*(c.close() for c in room.clients))
    lines = flood_lines(rooms, urls, opening, args.spread)  # read once closed: `last` is final
    proc = await asyncio.create_subprocess_exec(
        build_flood(args.tmp),
        prefix.decode(),
        str(args.flood_batch),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(lines)
        await proc.stdin.drain()
        ready = (await asyncio.wait_for(proc.stdout.readline(), args.timeout)).decode()
        if not ready.startswith("ready"):
            raise RuntimeError(f"flood: {ready.strip() or 'exited'}")
        proc.stdin.write(f"go {args.warmup} {args.duration}\n".encode())
        await proc.stdin.drain()
        await asyncio.wait_for(proc.stdout.readline(), args.timeout)  # "window"
        window = Window(args, {**pids, "flood": proc.pid})
        end = (await asyncio.wait_for(proc.stdout.readline(), args.timeout)).decode().split()
        cpu = window.close()
        messages, chats, errors, took = int(end[1]), int(end[2]), int(end[3]), float(end[4])
        stats.frames += messages
        stats.chats += chats
        stats.errors += errors
        await asyncio.wait_for(proc.wait(), args.timeout)
        await window.spied()
        return messages / took, chats / took, cpu
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def postgres_seconds() -> dict[int, float]:
    """CPU seconds of each PostgreSQL process (the store's share of the machine)."""
    out = subprocess.run(["pgrep", "-x", "postgres"], capture_output=True, text=True)
    return {int(pid): cpu_seconds(int(pid)) for pid in out.stdout.split()}


def machine_seconds() -> tuple[float, float, float]:
    """CPU seconds the whole machine has spent busy (Linux /proc/stat: all but idle and
    iowait), to see whether the cores were all in use; of them, those spent on software
    interrupts (the kernel's loopback networking, charged to no process) and those
    stolen by the hypervisor (another guest ran on this machine's cores)."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:]]
    hz = os.sysconf("SC_CLK_TCK")
    return (sum(ticks) - ticks[3] - ticks[4]) / hz, ticks[6] / hz, ticks[7] / hz


def redis_pid() -> int | None:
    try:
        out = subprocess.run(["pgrep", "-x", "redis-server"], capture_output=True, text=True)
        return int(out.stdout.split()[0])
    except (OSError, IndexError, ValueError):
        return None


Flood = Callable[[float], "asyncio.Future[Any]"]  #: starts the closed loop until a time


class Window:
    """CPU shares over the saturating window: each process of ``pids``, this client
    process, PostgreSQL and the whole machine (``machine``: cores busy)."""

    def __init__(self, args: argparse.Namespace, pids: dict[str, int]) -> None:
        self.pids = pids
        self.spies = spy(args, pids)
        self.cpu0 = {name: cpu_seconds(pid) for name, pid in pids.items()}
        self.own0, self.pg0 = time.process_time(), postgres_seconds()
        self.machine0 = machine_seconds()
        self.t0 = time.perf_counter()

    def close(self) -> dict[str, float]:
        took = time.perf_counter() - self.t0
        cpu = {name: (cpu_seconds(pid) - self.cpu0[name]) / took for name, pid in self.pids.items()}
        cpu["client"] = (time.process_time() - self.own0) / took
        pg1 = postgres_seconds()
        cpu["postgres"] = sum(pg1[p] - self.pg0[p] for p in pg1 if p in self.pg0) / took
        busy, softirq, steal = (
            b - a for a, b in zip(self.machine0, machine_seconds(), strict=True)
        )
        cpu["softirq"], cpu["steal"], cpu["machine"] = softirq / took, steal / took, busy / took
        return cpu

    async def spied(self) -> None:
        for p in self.spies:
            await asyncio.to_thread(p.wait)


async def saturate(
    start_flood: Flood, stats: Stats, args: argparse.Namespace, pids: dict[str, int]
) -> tuple[float, float, dict[str, float]]:
    """The closed loop: messages/s and chats/s inside the window, and CPU shares."""
    start = time.perf_counter()
    end = start + args.warmup + args.duration
    flood = start_flood(end)
    await asyncio.sleep(args.warmup)
    frames, chats, t0 = stats.frames, stats.chats, time.perf_counter()
    window = Window(args, pids)
    await asyncio.sleep(max(0.0, end - time.perf_counter()))
    frames, chats, t1 = stats.frames - frames, stats.chats - chats, time.perf_counter()
    cpu = window.close()
    try:
        await asyncio.wait_for(flood, args.timeout)
    except TimeoutError:
        stats.errors += 1
    await window.spied()
    await asyncio.sleep(0.5)  # the last frames land before the connections close
    return frames / (t1 - t0), chats / (t1 - t0), cpu


def spy(args: argparse.Namespace, pids: dict[str, int]) -> list[subprocess.Popen[bytes]]:
    """``--spy PREFIX``: py-spy samples each server process over the window only (not the
    games before it), as collapsed stacks in PREFIX-NAME-serverI.txt (``--format raw``:
    one line a stack, its samples last; flamegraph.pl or speedscope read it)."""
    if not args.spy:
        return []
    return [
        subprocess.Popen(
            [
                "py-spy",
                "record",
                "--pid",
                str(pid),
                "--duration",
                str(int(args.duration)),
                "--rate",
                "200",
                "--format",
                "raw",
                "--nonblocking",
                "--output",
                f"{args.spy}-{args.config}-{name}.txt",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for name, pid in pids.items()
        if name.startswith("server")
    ]


@contextmanager
def clients_uncollected() -> Iterator[None]:
    """The clients' process (this one) neither collects nor is walked by a collection
    while it measures: what exists when the phases start (the clients, their views) is
    frozen, the collector is off, and what the phases left is collected after."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()
        gc.collect()


async def run_onenight(
    name: str, urls: list[str], args: argparse.Namespace, pids: dict[str, int]
) -> Result:
    """Complete games, with the day's chat timed; then the saturating chat."""
    stats = Stats()
    rooms = await open_rooms(urls, args, stats)
    rng = random.Random(1)
    with clients_uncollected():
        t0 = time.perf_counter()
        done, _ = await asyncio.wait(
            [
                asyncio.create_task(full_game(r, args.rounds, args.gap, rng, args.turn))
                for r in rooms
            ],
            timeout=args.timeout,
        )
        elapsed = time.perf_counter() - t0
        stats.errors += sum(1 for task in done if task.exception() is not None)
        result = Result(name, stats, elapsed)
        if args.duration > 0:
            result.rate, result.chat_rate, result.cpu = await flood_phase(
                rooms, urls, stats, args, pids, resume
            )
    await close_rooms(rooms)
    return result


async def run_bare(url: str, args: argparse.Namespace, pids: dict[str, int]) -> Result:
    """The same chat through the bare broadcast server."""
    stats = Stats()
    rooms = await open_rooms([url], args, stats)
    rng = random.Random(1)

    def join(i: int, c: Client) -> dict[str, Any]:
        return {"type": "join", "room": c.room_code, "name": f"p{i}"}

    with clients_uncollected():
        t0 = time.perf_counter()
        await asyncio.wait_for(
            asyncio.gather(*(r.talk(args.rounds, args.gap, rng) for r in rooms)), args.timeout
        )
        elapsed = time.perf_counter() - t0
        result = Result("bare", stats, elapsed)
        if args.duration > 0:
            result.rate, result.chat_rate, result.cpu = await flood_phase(
                rooms, [url], stats, args, pids, join, prefix=b'{"type": "'
            )
    await close_rooms(rooms)
    return result


# ----- the bare broadcast server: join/create and chat, nothing else -----


async def bare_server(port: int) -> None:
    from websockets.asyncio.server import ServerConnection, serve

    rooms: dict[str, set[ServerConnection]] = {}
    counter = iter(range(1, 10**9))

    async def handler(ws: ServerConnection) -> None:
        room: set[ServerConnection] | None = None
        try:
            async for raw in ws:
                msg = json.loads(raw)
                kind, ref = msg.get("type"), msg.get("ref")
                if kind in ("create", "join"):
                    code = msg.get("room") or f"R{next(counter)}"
                    room = rooms.setdefault(code, set())
                    room.add(ws)
                    await ws.send(
                        json.dumps(
                            {
                                "type": "ack",
                                "ref": ref,
                                "room": code,
                                "member": next(counter),
                                "token": "-",
                            }
                        )
                    )
                    # as the real server: the full view follows the ack, its log last
                    await ws.send(json.dumps({"type": "log", "entries": []}))
                elif kind == "chat" and room is not None:
                    frame = json.dumps({"type": "chat", "text": msg["text"]})
                    for peer in list(room):
                        await peer.send(frame)
                    await ws.send(json.dumps({"type": "ack", "ref": ref}))
        finally:  # a closed connection leaves its room (the flood's members join anew)
            if room is not None:
                room.discard(ws)

    async with serve(handler, "127.0.0.1", port, max_size=2**16, compression=None):
        await asyncio.Future()


def start(cmd: list[str], port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(cmd)
    for _ in range(600):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"server did not start: {cmd}")


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """Stop every process at once (none takes the others' rooms over on the way out)."""
    for proc in procs:
        proc.send_signal(signal.SIGINT)
    for proc in procs:
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def pg_database(url: str, name: str, create: bool) -> None:
    """Create (or drop) the database ``name`` on the server of ``url``."""
    import asyncpg

    server = url.split("?", 1)[0].split("://", 1)[1].rsplit("/", 1)[0]

    async def go() -> None:
        conn = await asyncpg.connect(f"postgresql://{server}/postgres")
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            if create:
                await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()

    asyncio.run(go())


def flush_bus(url: str) -> None:
    import redis

    client = redis.Redis.from_url(url)
    client.flushdb()
    client.close()


def run_servers(k: int, args: argparse.Namespace, tmp: str) -> Result:
    """k server processes (k = 1: on the --single-bus), the clients spread over them."""
    name = f"{k} proc" if k == 1 else f"{k} procs"
    args.config = f"{k}p"  # names the --spy files
    bus = args.bus if k > 1 or args.single_bus == "redis" else "memory://"
    if args.db == "sqlite":
        if k > 1:
            raise SystemExit("several processes share a PostgreSQL store: --db postgres")
        db, dbname = f"sqlite+aiosqlite:///{tmp}/load-{k}.db", None
    else:
        base, _, query = (PG if args.db == "postgres" else args.db).partition("?")
        dbname = f"{base.rsplit('/', 1)[1]}_{os.getpid()}_{k}"
        db = f"{base.rsplit('/', 1)[0]}/{dbname}" + (f"?{query}" if query else "")
        pg_database(db, dbname, create=True)
    if bus != "memory://":
        flush_bus(bus)
    ports = [free_port() for _ in range(k)]
    procs: list[subprocess.Popen[bytes]] = []
    try:
        with ExitStack() as stack:
            stack.callback(stop, procs)
            for i, port in enumerate(ports):
                cmd = [sys.executable, "-m", "onenight.server", "--port", str(port)]
                cmd += ["--db", db, "--bus", bus, *NO_LIMITS]
                if args.profile and i == 0:  # pyinstrument writes its report at exit
                    cmd[1:1] = [
                        "-m",
                        "pyinstrument",
                        "-r",
                        "text",
                        "-o",
                        f"{args.profile}-{k}p.txt",
                    ]
                procs.append(start(cmd, port))  # one after the other: one creates tables
            pids = {f"server{i}": p.pid for i, p in enumerate(procs)}
            rpid = redis_pid()
            if bus != "memory://" and rpid is not None:
                pids["redis"] = rpid
            urls = [f"ws://127.0.0.1:{port}/ws" for port in ports]
            return asyncio.run(run_onenight(name, urls, args, pids))
    finally:
        if dbname is not None:
            pg_database(db, dbname, create=False)


def run_bare_server(args: argparse.Namespace) -> Result:
    port = free_port()
    args.config = "bare"
    bare = start([sys.executable, __file__, "--bare-server", str(port)], port)
    try:
        return asyncio.run(run_bare(f"ws://127.0.0.1:{port}", args, {"server0": bare.pid}))
    finally:
        bare.terminate()
        bare.wait()


def percentiles(stats: Stats) -> tuple[float, float]:
    lat = sorted(stats.latencies) or [float("nan")]
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    return p50, p99


def report(results: list[Result], args: argparse.Namespace) -> None:
    print(
        f"rooms={args.rooms} players={args.players} spread={args.spread} "
        f"turn={args.turn}s chat rounds={args.rounds} gap={args.gap}s "
        f"saturation={args.duration}s (after {args.warmup}s)  load average {load_average()}"
    )
    print(
        f"{'server':9} {'games':>5} {'err':>4} {'games/s':>7} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'samples':>7} {'messages/s':>10} {'chats/s':>8}  cpu (share of a core)"
    )
    for r in results:
        p50, p99 = percentiles(r.stats)
        games = r.stats.games / r.elapsed if r.elapsed else 0.0
        cpu = " ".join(f"{k}={v:.0%}" for k, v in r.cpu.items())
        print(
            f"{r.name:9} {r.stats.games:5d} {r.stats.errors:4d} {games:7.2f} {p50:7.1f} "
            f"{p99:7.1f} {len(r.stats.latencies):7d} {r.rate:10.0f} {r.chat_rate:8.0f}  {cpu}"
        )
    for r in results:
        print(cpu_a_line(r))
    ones = [i for i, r in enumerate(results) if r.name == "1 proc" and r.rate]
    ratios, calm = [], []
    for i, r in enumerate(results):
        if r.name in ("1 proc", "bare") or not ones:
            continue
        # against the one-process runs next to it (before and after, when there is one):
        # the machine's speed drifts from minute to minute, and a neighbour shares it best
        near = [j for j in ones if j < i][-1:] + [j for j in ones if j > i][:1]
        one = statistics.mean(results[j].rate for j in near)
        ratios.append(r.rate / one)
        stolen = max(results[j].cpu.get("steal", 0.0) for j in [i, *near])
        if stolen < STOLEN:
            calm.append(r.rate / one)
        note = f", steal up to {stolen:.0%}" if stolen >= STOLEN else ""
        print(f"throughput {r.name} / 1 proc: x{r.rate / one:.2f}{ceiling(results[near[0]])}{note}")
    if len(ratios) > 1:
        median = statistics.median(ratios)
        print(f"throughput over 1 proc, {len(ratios)} runs: median x{median:.2f}", end="")
        if calm and len(calm) < len(ratios):
            print(f"; the {len(calm)} without steal: median x{statistics.median(calm):.2f}", end="")
        elif not calm:
            print("; every one with steal", end="")
        print()
    bare = next((r for r in results if r.name == "bare"), None)
    if ones and bare is not None:
        one_run = results[ones[-1]]
        (a50, a99), (b50, b99) = percentiles(one_run.stats), percentiles(bare.stats)
        ratio = one_run.rate / bare.rate if bare.rate else float("nan")
        print(f"1 proc / bare: p50 x{a50 / b50:.2f}  p99 x{a99 / b99:.2f}  messages/s x{ratio:.2f}")


def cpu_a_line(r: Result) -> str:
    """The CPU time a chat line cost the servers (together) and Redis, in the window."""
    if not r.chat_rate:
        return f"{r.name}: no chat line acknowledged"
    servers = sum(v for k, v in r.cpu.items() if k.startswith("server"))
    line = f"{r.name}: CPU a chat line: servers {servers / r.chat_rate * 1000:.3f} ms"
    if "redis" in r.cpu:
        line += f", redis {r.cpu['redis'] / r.chat_rate * 1000:.3f} ms"
    return line


def ceiling(one: Result) -> str:
    """The most several processes could carry here, if a line cost them no more than it
    costs one: every core busy, at one process's machine CPU per line."""
    busy, cores = one.cpu.get("machine"), os.cpu_count()
    if not busy or not cores:
        return ""
    return f" (ceiling on {cores} cores at 1 proc's cost a line: x{cores / busy:.2f})"


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3, help="chat messages per player")
    parser.add_argument("--gap", type=float, default=3.0, help="mean seconds between them")
    parser.add_argument("--timeout", type=float, default=120.0, help="bound per phase")
    parser.add_argument(
        "--turn",
        type=float,
        default=TIMERS["turn"],
        help="the night's turn (s; its jitter is half of it): a game lasts some 10 turns",
    )
    parser.add_argument(
        "--processes", default="1,2", help="server processes per configuration, e.g. 1,2"
    )
    parser.add_argument(
        "--db", default="postgres", help="postgres (the local server), sqlite, or a URL"
    )
    parser.add_argument("--bus", default=BUS, help="the Redis bus of several processes")
    parser.add_argument(
        "--single-bus", choices=["memory", "redis"], default="memory", help="one process's bus"
    )
    parser.add_argument("--duration", type=float, default=8.0, help="saturating window (s)")
    parser.add_argument("--warmup", type=float, default=2.0, help="before the window (s)")
    parser.add_argument(
        "--spread",
        choices=["member", "room", "hash"],
        default="member",
        help="members of a room over every process, all on their room's owner, or all on "
        "the process their room's code hashes to (the room follows them there)",
    )
    parser.add_argument("--no-bare", action="store_true", help="skip the bare server")
    parser.add_argument(
        "--flood-client",
        choices=["native", "picows", "websockets"],
        default="native",
        help="the saturating phase's client: benchmarks/flood.c (built with gcc), raw "
        "picows connections, or onenight.client",
    )
    parser.add_argument(
        "--flood-batch",
        type=int,
        default=2000,
        help="native client: microseconds it waits after a wake-up that found few "
        "connections ready (fewer reads, several messages each)",
    )
    parser.add_argument("--profile", help="pyinstrument reports of the servers: FILE-kp.txt")
    parser.add_argument(
        "--spy", help="py-spy stacks of the servers over the window: PREFIX-CONFIG-serverI.txt"
    )
    parser.add_argument("--bare-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    tune()  # the clients and the bare server collect like the onenight server
    if args.bare_server:
        asyncio.run(bare_server(args.bare_server))
        return
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        args.tmp = tmp
        for k in (int(p) for p in args.processes.split(",") if p.strip()):
            results.append(run_servers(k, args, tmp))
            report(results[-1:], args)
        if not args.no_bare:
            results.append(run_bare_server(args))
    print("\n== all ==")
    report(results, args)


if __name__ == "__main__":
    main()
