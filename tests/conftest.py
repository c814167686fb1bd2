"""The two lanes of the suite.

A test is in the *outside* lane when it needs something outside this Python process: a
server started as a subprocess (``server``, ``servers``, ``three_servers``), Chromium
(``page``, ``browser``, ``context``), or any other subprocess (its module imports
``subprocess`` or the ``Server`` helper). Every other test runs in process — the rules,
the engine, the session on a fake clock, the bots, the server's logic — and makes up the
fast lane: ``bash scripts/test.sh --fast`` runs ``pytest -m "not outside"``.

The lane is decided here, from what a test uses, so that a new test lands in the right
lane without anyone marking it.

Under pytest-xdist each worker gets services of its own, set before any test module reads
``ONENIGHT_TEST_REDIS`` / ``ONENIGHT_TEST_PG``: a Redis server on a free port (Redis's
pub/sub channels are shared by all its databases, so a database number would not keep two
workers' clusters apart) and a PostgreSQL database ``<name>_<worker>`` (tests drop the
tables of theirs).
"""

from __future__ import annotations

import asyncio
import atexit
import os
import shutil
import socket
import subprocess
import time
from typing import Any

import pytest

DEFAULT_PG = "postgresql+asyncpg://postgres@127.0.0.1:5432/onenight_test"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _own_redis() -> str | None:
    """A Redis server for this worker, stopped when it exits; None without redis-server."""
    binary = shutil.which("redis-server")
    if binary is None:
        return None
    port = _free_port()
    cmd = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    atexit.register(proc.kill)
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return f"redis://127.0.0.1:{port}/15"
        except OSError:
            time.sleep(0.05)
    return None


def _own_database(url: str, worker: str) -> str:
    """``url`` with the database ``<name>_<worker>``, created when missing; ``url`` itself
    when PostgreSQL is not reachable (the PostgreSQL tests then skip)."""
    base, _, name = url.rpartition("/")
    own = f"{name}_{worker}"

    async def create() -> None:
        import asyncpg

        plain = base.replace("postgresql+asyncpg://", "postgresql://")
        conn = await asyncpg.connect(f"{plain}/postgres", timeout=5)
        try:
            if not await conn.fetchval("SELECT 1 FROM pg_database WHERE datname=$1", own):
                await conn.execute(f'CREATE DATABASE "{own}"')
        finally:
            await conn.close()

    try:
        asyncio.run(create())
    except Exception:
        return url
    return f"{base}/{own}"


def _worker_services() -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    redis_url = _own_redis()
    if redis_url is not None:
        os.environ["ONENIGHT_TEST_REDIS"] = redis_url
    pg = os.environ.get("ONENIGHT_TEST_PG", DEFAULT_PG)
    os.environ["ONENIGHT_TEST_PG"] = _own_database(pg, worker)


_worker_services()

#: fixtures that start a process (a server, a browser)
OUTSIDE_FIXTURES = frozenset(
    {"server", "servers", "three_servers", "own_server", "page", "browser", "context"}
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "outside: needs a subprocess or a browser (set by tests/conftest.py)"
    )
    config.addinivalue_line(
        "markers", "serial: runs alone after the parallel run (scripts/test.sh)"
    )


def _starts_processes(module: Any) -> bool:
    names = vars(module).values()
    return any(v is subprocess or getattr(v, "__name__", "") == "Server" for v in names)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """Run a test that drives no browser with no event loop marked as running.

    Playwright's sync API runs its event loop in a greenlet of the main thread; once a
    browser test of the worker has started it, asyncio sees that loop as running in the
    main thread even between browser tests, and ``asyncio.run`` (the async tests, the
    helpers) refuses to start. Without xdist the browser tests came last and hid this.
    A test that launches browsers of its own (``playwright``: one Chromium process per
    player) keeps the loop too, or its launches after the first test's fail."""
    if {"page", "browser", "context", "playwright"} & set(getattr(item, "fixturenames", ())):
        return (yield)
    browser_loop = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        return (yield)
    finally:
        asyncio._set_running_loop(browser_loop)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    outside = pytest.mark.outside
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        module = getattr(item, "module", None)
        if fixtures & OUTSIDE_FIXTURES or (module is not None and _starts_processes(module)):
            item.add_marker(outside)
