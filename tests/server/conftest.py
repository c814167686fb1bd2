"""A real server: ``python -m onenight.server`` in a process of its own (forked.py) on a
free loopback port."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from .forked import Spawned

REDIS_URL = os.environ.get("ONENIGHT_TEST_REDIS", "redis://127.0.0.1:6379/15")
PG_URL = os.environ.get(
    "ONENIGHT_TEST_PG", "postgresql+asyncpg://postgres@127.0.0.1:5432/onenight_test"
)


#: Ports this process has handed out: the kernel may hand a released port out again, and
#: two servers of one cluster given the same one would both answer "ready" from the first.
_given: set[int] = set()


def free_port() -> int:
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        if port not in _given:
            _given.add(port)
            return port


class Server:
    """A server process; ``kill()`` is ``kill -9``; ``start()`` again restarts it.
    ``env``: variables set for the process on top of this one's."""

    def __init__(
        self, db: str, log: Path, bus: str = "memory://", env: dict[str, str] | None = None
    ) -> None:
        self.db = db
        self.log = log
        self.bus = bus
        self.env = dict(env or {})
        #: tests open hundreds of rooms from one address: no per-address limits
        self.start_args: list[str] = [
            "--creates-per-minute", "0", "--joins-per-minute", "0",
            "--connections-per-address", "0", "--guesses-per-minute", "0",
            "--address-message-rate", "0", "--talk-per-minute", "0", "--room-message-rate", "0",
        ]  # fmt: skip
        self.port = free_port()
        self.metrics_port = free_port()
        self.proc: Spawned | None = None
        self.log_from = 0  #: where this start's lines begin in the log

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def metrics(self) -> str:
        """``/metrics``, on its own loopback listener (never the players' port)."""
        return f"http://127.0.0.1:{self.metrics_port}/metrics"

    def start(self) -> None:
        self.spawn()
        self.wait_ready()

    def spawn(self) -> None:
        """Start the process without waiting for it (``wait_ready`` waits): a cluster's
        processes start side by side."""
        args = ["--port", str(self.port), "--db", self.db, "--bus", self.bus]
        args += ["--metrics-address", f"127.0.0.1:{self.metrics_port}", *self.start_args]
        self.log_from = self.log.stat().st_size if self.log.exists() else 0
        # ``python -m onenight.server ARGS``, forked from a process that has imported it
        # (forked.py: a CPU-second less for each of the suite's hundred servers)
        self.proc = Spawned(args, self.log, {**os.environ, **self.env})

    def wait_ready(self) -> None:
        assert self.proc is not None
        deadline = time.monotonic() + 60  # a loaded machine starts Python slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                # Its own "listening" line, not only an answer on its port: another
                # process that holds the port (this one then fails to bind) answers too.
                if httpx.get(f"{self.http}/api/health", timeout=1).status_code == 200 and (
                    b"is listening" in self.log.read_bytes()[self.log_from :]
                ):
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("server")
    srv = Server(f"sqlite+aiosqlite:///{tmp / 'onenight.db'}", tmp / "server.log")
    srv.start()
    yield srv
    srv.stop()


def started(tmp: Path, *args: str, env: dict[str, str] | None = None) -> Server:
    """A server with these options after the tests' own (the last of an option wins)."""
    tmp.mkdir(parents=True, exist_ok=True)
    srv = Server("memory://", tmp / "server.log", env=env)
    srv.start_args += list(args)
    srv.start()
    return srv


@pytest.fixture
def own() -> Iterator[list[Server]]:
    """Servers a test starts with its own options (``started``), stopped after it."""
    group: list[Server] = []
    yield group
    for srv in group:
        srv.stop()


async def read_response(reader: asyncio.StreamReader) -> bytes:
    """An HTTP answer read off a raw connection: its head and its body (by its
    Content-Length), or what came before the server closed."""
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = await reader.read(4096)
        if not chunk:
            return got
        got += chunk
    head, _, body = got.partition(b"\r\n\r\n")
    lengths = [
        int(line.split(b":")[1])
        for line in head.lower().split(b"\r\n")
        if line.startswith(b"content-length:")
    ]
    while lengths and len(body) < lengths[0]:
        chunk = await reader.read(lengths[0] - len(body))
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


def redis_reachable() -> bool:
    where = urlsplit(REDIS_URL)
    try:
        with socket.create_connection((where.hostname or "127.0.0.1", where.port or 6379), 1):
            return True
    except OSError:
        return False


def pg_reachable() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            pass
    except OSError:
        return False

    async def probe() -> bool:
        from sqlalchemy.ext.asyncio import create_async_engine

        engine = create_async_engine(PG_URL)
        try:
            async with engine.connect():
                return True
        except Exception:
            return False
        finally:
            await engine.dispose()

    return asyncio.run(probe())


def reset_pg() -> None:
    """Drop the tables so that each PostgreSQL test starts from an empty store."""

    async def drop() -> None:
        from sqlalchemy.ext.asyncio import create_async_engine

        from onenight.storage.sql import metadata

        engine = create_async_engine(PG_URL)
        async with engine.begin() as conn:
            await conn.run_sync(metadata.drop_all)
        await engine.dispose()

    asyncio.run(drop())


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each persistence test runs against SQLite and the machine's PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'store.db'}"
    if not pg_reachable():
        pytest.skip(f"PostgreSQL is not reachable at {PG_URL} (run scripts/services.sh)")
    reset_pg()
    return PG_URL


def flush_redis() -> None:
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    client.flushdb()
    client.close()


def start_cluster(
    tmp: Path, n: int = 3, args: list[str] | None = None, env: dict[str, str] | None = None
) -> list[Server]:
    """``n`` server processes sharing the machine's Redis (the bus, the leases) and
    PostgreSQL (the log), both emptied first; skipped where either is missing. ``env``:
    variables for the first process only."""
    if not (redis_reachable() and pg_reachable()):
        pytest.skip("needs the machine's Redis and PostgreSQL (scripts/services.sh starts them)")
    flush_redis()
    reset_pg()
    group = [Server(PG_URL, tmp / f"server{i}.log", bus=REDIS_URL) for i in range(n)]
    group[0].env.update(env or {})  # the first process's own variables (a fault to arm)
    for s in group:
        if args is not None:
            s.start_args = args
        s.spawn()
    for s in group:
        s.wait_ready()
    return group


def stop_all(group: list[Server]) -> None:
    """Stop a group's processes side by side (each has its graceful seconds)."""
    for s in group:
        if s.proc is not None and s.proc.poll() is None:
            s.proc.terminate()
    for s in group:
        s.stop()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    """Three server processes for one test (which may kill some)."""
    group = start_cluster(tmp_path)
    yield group
    stop_all(group)


@pytest.fixture(scope="module")
def three_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    """Three server processes shared by a module's tests."""
    group = start_cluster(tmp_path_factory.mktemp("cluster"))
    yield group
    stop_all(group)
