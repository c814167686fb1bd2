"""Test servers started as forks of one process that has already imported the server.

``python -m onenight.server`` spends about a CPU-second importing FastAPI, SQLAlchemy,
uvicorn and the game before it listens, and the suite starts a hundred servers: a
tenth of the suite's CPU on two cores. Here each pytest process keeps one
``multiprocessing`` fork server with those modules loaded; a server is a fork of it,
running the same ``main()`` with the same arguments, its output in its log file. It is
still a process of its own (``kill -9``, ``SIGSTOP``, a store killed mid-write), and
:class:`Spawned` answers as ``subprocess.Popen`` does (``poll``, ``wait``,
``send_signal``), so the tests do not tell the two apart. Every setting the server reads
from its environment is read when it runs, not when it is imported (``os.environ`` is
set in the fork first)."""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import multiprocessing
import multiprocessing.util  # its exit handler first: it runs after ours (_left)
import os
import signal
import subprocess
import sys
from multiprocessing.context import ForkServerContext
from pathlib import Path

#: What the fork server imports once: the server's own modules and what they load.
PRELOAD = [
    "onenight.server.command",
    "onenight.server.app",
    "uvicorn",
    "uvicorn.protocols.http.h11_impl",
    "uvicorn.protocols.http.httptools_impl",
    "uvicorn.protocols.websockets.websockets_sansio_impl",
    "uvicorn.lifespan.on",
    "uvicorn.loops.asyncio",
    "uvicorn.loops.uvloop",
    "sqlalchemy.ext.asyncio",
    "aiosqlite",
    "asyncpg",
    "redis.asyncio",
]

_context: ForkServerContext | None = None
_running: list[Spawned] = []


@atexit.register
def _left() -> None:
    """Before multiprocessing's own exit handler, which would wait for them."""
    for spawned in _running:
        spawned.kill()


def context() -> ForkServerContext:
    global _context
    if _context is None:
        _context = multiprocessing.get_context("forkserver")
        _context.set_forkserver_preload([m for m in PRELOAD if _importable(m)])
    return _context


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False


def serve(args: list[str], log: str, env: dict[str, str]) -> None:
    """In the fork: the environment and the output as a new process would have them,
    then ``python -m onenight.server ARGS``."""
    os.environ.clear()
    os.environ.update(env)
    fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a new Python
    from onenight.server.command import main

    sys.argv = ["python -m onenight.server", *args]
    main()


class Spawned:
    """A forked server, with the part of ``subprocess.Popen``'s interface tests use."""

    def __init__(self, args: list[str], log: Path, env: dict[str, str]) -> None:
        # not a daemon: a server has processes of its own (the deck suggestions' pool);
        # one a test left running is killed when its pytest process exits (_left)
        self.process = context().Process(target=serve, args=(args, str(log), env))
        self.process.start()
        assert self.process.pid is not None
        self.pid: int = self.process.pid
        self.returncode: int | None = None
        _running.append(self)

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self.process.exitcode
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        self.process.join(timeout)
        code = self.poll()
        if code is None:
            raise subprocess.TimeoutExpired("onenight.server", timeout or 0)
        return code

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            # it may end (and be reaped by the forkserver) between poll and kill
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)
