"""``onenight serve`` as a person runs it: it prints the address to open once it listens
(and the machine's network addresses on a wildcard host), and a clone where it ran keeps
``git status`` clean of its database files."""

from __future__ import annotations

import queue
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from onenight.server.address import lan_addresses

ROOT = Path(__file__).resolve().parents[2]
URL = re.compile(r"http://(?:\[[0-9a-f:.]+\]|[^\s:/]+):\d+")


def _onenight() -> list[str]:
    """The ``onenight`` command of this environment (the script pip installed)."""
    script = Path(sys.executable).with_name("onenight")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from onenight.cli import main; main()"]


@contextmanager
def serve(args: list[str], cwd: Path) -> Iterator[tuple[subprocess.Popen[str], queue.Queue[str]]]:
    """``onenight serve ARGS`` in ``cwd``; its stdout, line by line, in a queue."""
    log = (cwd / "stderr.log").open("w")
    proc = subprocess.Popen(
        [*_onenight(), "serve", *args], cwd=cwd, stdout=subprocess.PIPE, stderr=log, text=True
    )
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    try:
        yield proc, lines
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def announcement(proc: subprocess.Popen[str], lines: queue.Queue[str], cwd: Path) -> list[str]:
    """What the server printed on stdout up to its first pause (the announcement)."""
    try:
        got = [lines.get(timeout=30)]
    except queue.Empty:
        raise AssertionError(f"nothing printed: {(cwd / 'stderr.log').read_text()}") from None
    while True:
        try:
            got.append(lines.get(timeout=0.5))
        except queue.Empty:
            return got


def test_serve_prints_the_address_once_it_listens(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'games.db'}"
    # Port 0: the system picks it, so the address printed can only be the listening one.
    with serve(["--port", "0", "--db", db], tmp_path) as (proc, lines):
        text = announcement(proc, lines, tmp_path)
        assert len(text) == 1 and re.fullmatch(
            r"onenight is listening: open http://127\.0\.0\.1:\d+ in a browser\.", text[0]
        ), text
        address = URL.findall(text[0])[0]
        # Right away, no retry: it listened before it said so.
        page = httpx.get(f"{address}/", timeout=5)
        assert page.status_code == 200 and "/app/main.js" in page.text


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_serve_on_every_interface_prints_the_network_addresses(tmp_path: Path, host: str) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    if family == socket.AF_INET6:
        try:
            with socket.socket(socket.AF_INET6) as s:
                s.bind(("::1", 0))
        except OSError:
            pytest.skip("no IPv6 here")
    db = f"sqlite+aiosqlite:///{tmp_path / 'games.db'}"
    with serve(["--host", host, "--port", "0", "--db", db], tmp_path) as (proc, lines):
        text = "\n".join(announcement(proc, lines, tmp_path))
        urls = URL.findall(text)
        local = "http://127.0.0.1:" if family == socket.AF_INET else "http://[::1]:"
        assert urls[0].startswith(local) and "on this computer" in text, text
        lan = urls[1:]
        if lan_addresses(family):
            assert lan and "same network" in text, text
        else:
            assert "No network address" in text
        for url in urls:
            # Each address printed is this machine's: the server answers there at once.
            assert httpx.get(f"{url}/api/health", timeout=5).status_code == 200, url
        for url in lan:
            assert not re.search(r"//(127\.|\[::1\]|\[fe80)", url), url


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_clone_where_the_server_ran_shows_no_database_file(tmp_path: Path) -> None:
    """The default database (onenight.db in the folder the server starts from) and SQLite's
    files beside it while it runs (-wal, -shm) are ignored by the repository's .gitignore."""
    clone = tmp_path / "clone"
    clone.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=clone, check=True)
    shutil.copy(ROOT / ".gitignore", clone / ".gitignore")

    def untracked() -> list[str]:
        out = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=all"],
            cwd=clone,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        return [line[3:] for line in out.splitlines() if line[3:] not in (".gitignore",)]

    with serve(["--port", "0"], clone) as (proc, lines):
        address = URL.findall(announcement(proc, lines, clone)[0])[0]
        assert httpx.post(f"{address}/api/rooms", json={"name": "ann"}).status_code == 201
        deadline = time.monotonic() + 10
        files = {"onenight.db", "onenight.db-wal", "onenight.db-shm"}
        while not files <= {p.name for p in clone.iterdir()} and time.monotonic() < deadline:
            time.sleep(0.1)
        assert files <= {p.name for p in clone.iterdir()}  # the server really wrote there
        assert untracked() == ["stderr.log"]  # (this test's own file)
    assert untracked() == ["stderr.log"]
