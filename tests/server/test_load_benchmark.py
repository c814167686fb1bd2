"""The load benchmark's harness, at a toy size: every configuration plays its games and
its saturating phase goes through the native flood client (benchmarks/flood.c, built with
gcc) without an error. The figures themselves are the benchmark's to print, not a test's
to judge (they depend on the machine); what is checked is that they were measured: every
game completed, lines acknowledged, frames counted, and no more chats than frames."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from .conftest import PG_URL, REDIS_URL

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(
    r"^(?P<name>1 proc|2 procs|bare)\s+(?P<games>\d+)\s+(?P<err>\d+)\s+\S+\s+\S+\s+\S+\s+"
    r"(?P<samples>\d+)\s+(?P<messages>\d+)\s+(?P<chats>\d+)\s+(?P<cpu>.*)$"
)


def measured(rooms: int, players: int, *more: str) -> tuple[dict[str, re.Match[str]], str]:
    """load.py at a toy size on the machine's PostgreSQL and Redis: its summary's rows."""
    size = ["--rooms", str(rooms), "--players", str(players)]
    services = ["--db", PG_URL, "--bus", REDIS_URL]
    # short night turns: the games' length is the timers', not what is checked here
    times = ["--turn", "0.2", "--rounds", "1", "--gap", "0.2", "--duration", "1", "--warmup", "0.3"]
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "load.py"), *size, *services, *times, *more],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    summary = out.stdout.split("== all ==", 1)[1]
    rows = {m["name"]: m for m in map(ROW.match, summary.splitlines()) if m is not None}
    return rows, summary + out.stderr


def test_every_configuration_is_measured_through_the_native_flood_client() -> None:
    rooms, players = 3, 4
    rows, summary = measured(rooms, players, "--processes", "1,2")
    assert set(rows) == {"1 proc", "2 procs", "bare"}, summary
    check(rows, summary, rooms, players)


def test_rooms_routed_by_code_follow_their_members_and_are_measured() -> None:
    """``--spread hash``: rooms made on one process, their members on the one their code
    hashes to, the rooms handed over to them (follow.py) while the games go on."""
    rooms, players = 8, 4
    rows, summary = measured(rooms, players, "--processes", "2", "--spread", "hash", "--no-bare")
    assert set(rows) == {"2 procs"}, summary
    check(rows, summary, rooms, players)


def check(rows: dict[str, re.Match[str]], summary: str, rooms: int, players: int) -> None:
    """Every game completed, every line's latency taken, lines acknowledged, and at least
    a frame a member for each (no error)."""
    for name, row in rows.items():
        assert int(row["err"]) == 0, summary
        if name != "bare":  # the bare server plays no game
            assert int(row["games"]) == rooms, summary
        assert int(row["samples"]) == rooms * players, summary  # every line's latency
        chats, messages = int(row["chats"]), int(row["messages"])
        assert chats > 0, summary
        # each line reaches every member of its room and is acknowledged
        assert messages >= chats * players, summary
        assert "flood=" in row["cpu"], summary


def test_the_clients_process_does_not_collect_while_it_measures() -> None:
    """A full collection of two thousand clients stopped the clients' loop for a second
    and showed as a second of server latency: while the phases run, the clients' process
    has its collector off and what existed before frozen; what the phases left (a cycle
    made inside) is collected once they are over."""
    import gc
    import importlib.util
    import weakref

    spec = importlib.util.spec_from_file_location("load", ROOT / "benchmarks" / "load.py")
    assert spec is not None and spec.loader is not None
    load = importlib.util.module_from_spec(spec)
    sys.modules["load"] = load  # its dataclasses look their module up
    try:
        spec.loader.exec_module(load)
    finally:
        del sys.modules["load"]

    class Node:
        other: object = None

    assert gc.isenabled()
    with load.clients_uncollected():
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0  # what existed is out of any collection's walk
        cycle = Node()
        cycle.other = cycle
        left = weakref.ref(cycle)
        del cycle
        churn = [[i] for i in range(50_000)]  # would start young collections: none run
        assert left() is not None
        del churn
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    assert left() is None  # collected once the phases are over
