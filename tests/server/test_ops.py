"""Operations: readiness, metrics, JSON logs, a graceful stop, a game over the Redis bus."""

from __future__ import annotations

import asyncio
import json
import random
import signal
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from onenight.randomplay import random_player

from .conftest import REDIS_URL, Server, redis_reachable
from .helpers import close_all, make_room


async def test_ready_and_metrics(server: Server) -> None:
    players, _ = await make_room(server.url, 3)
    try:
        await players[0].chat("hello")
        async with httpx.AsyncClient(base_url=server.http) as http:
            ready = await http.get("/api/ready")
            assert ready.status_code == 200
            assert ready.json() == {"ok": True, "database": True, "bus": True}
            text = (await http.get(server.metrics)).text
        assert "onenight_rooms " in text and "onenight_members_online " in text
        assert 'onenight_messages_in_total{outcome="ok",type="chat"}' in text
        assert "onenight_command_seconds_bucket" in text and "onenight_frames_out_total" in text
    finally:
        await close_all(players)


async def test_sigterm_closes_sockets_with_a_reconnect_code_and_exits(tmp_path: Path) -> None:
    server = Server(f"sqlite+aiosqlite:///{tmp_path / 's.db'}", tmp_path / "server.log")
    server.start()
    async with connect(server.url) as ws:
        await ws.send('{"type": "create", "name": "ann"}')
        await ws.recv()
        assert server.proc is not None
        server.proc.send_signal(signal.SIGTERM)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(ws.recv(), 10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    assert server.proc.wait(15) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal


async def test_json_logs(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = Server("memory://", log)
    server.start_args += ["--log-format", "json"]
    server.start()
    try:
        async with connect(server.url) as ws:
            await ws.send('{"type": "create", "name": "ann"}')
            await ws.recv()
    finally:
        server.stop()
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    assert lines and all({"time", "level", "logger", "message"} <= set(x) for x in lines)


async def test_a_game_over_the_redis_bus(tmp_path: Path) -> None:
    if not redis_reachable():
        pytest.skip(f"Redis is not reachable at {REDIS_URL} (run scripts/services.sh)")
    server = Server(f"sqlite+aiosqlite:///{tmp_path / 's.db'}", tmp_path / "log", REDIS_URL)
    server.start()
    try:
        players, watchers = await make_room(server.url, 4, spectators=1)
        await players[0].start()
        await asyncio.gather(*(random_player(c, random.Random(i)) for i, c in enumerate(players)))
        await watchers[0].until(lambda c: c.phase == "end")
        assert watchers[0].state["result"] == players[0].state["result"]
        await close_all(players, watchers)
    finally:
        server.stop()


def test_serve_takes_its_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/deploy.md: every ``onenight serve`` option has an ONENIGHT_ variable."""
    from typer.testing import CliRunner

    import onenight.server
    from onenight.cli import app

    seen: dict[str, object] = {}
    monkeypatch.setattr(onenight.server, "run", lambda **kw: seen.update(kw))
    env = {
        "ONENIGHT_PORT": "9123",
        "ONENIGHT_DB": "postgresql+asyncpg://db/onenight",
        "ONENIGHT_BUS": "redis://cache:6379/2",
        "ONENIGHT_CREATES_PER_MINUTE": "3",
    }
    result = CliRunner().invoke(app, ["serve", "--log-format", "json"], env=env)
    assert result.exit_code == 0, result.output
    assert seen["port"] == 9123 and seen["bus"] == "redis://cache:6379/2"
    assert seen["db"] == "postgresql+asyncpg://db/onenight" and seen["log_format"] == "json"
    assert seen["limits"].creates_per_minute == 3.0  # type: ignore[attr-defined]


def test_both_serve_command_lines_take_the_same_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/deploy.md: ``python -m onenight.server`` takes ``onenight serve``'s options,
    with the same defaults (the limits' own)."""
    import sys

    from typer.testing import CliRunner

    import onenight.server
    from onenight.cli import app
    from onenight.server.command import main
    from onenight.session.limits import Limits

    seen: list[dict[str, object]] = []
    monkeypatch.setattr(onenight.server, "run", lambda **kw: seen.append(kw))
    for argv in ([], ["--port", "9", "--bus", "redis://r/1", "--message-rate", "0", "--idle", "5"]):
        monkeypatch.setattr(sys, "argv", ["onenight.server", *argv])
        with pytest.raises(SystemExit) as stop:
            main()
        assert stop.value.code == 0
        result = CliRunner().invoke(app, ["serve", *argv], env={})
        assert result.exit_code == 0, result.output
        assert seen[-1] == seen[-2]
    assert seen[0]["port"] == 8000 and seen[0]["limits"] == Limits()
    limits = seen[-1]["limits"]
    assert seen[-1]["port"] == 9 and limits == Limits(message_rate=0, idle=5)


def test_every_serve_option_is_in_the_deploy_guide() -> None:
    """docs/deploy.md's table lists every option of ``onenight serve`` with its default
    (the numbers: the limits an operator tunes), and its list of variables names each."""
    import inspect

    from onenight.server.command import serve

    guide = (Path(__file__).parents[2] / "docs" / "deploy.md").read_text()
    rows = {}
    for line in guide.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`--"):
            rows[cells[0].strip("`")] = cells[1]
    for name, param in inspect.signature(serve).parameters.items():
        option = "--" + name.replace("_", "-")
        assert option in rows, f"{option} is not in docs/deploy.md's table"
        assert f"`ONENIGHT_{name.upper()}`" in guide, name
        default = param.default
        if isinstance(default, int | float) and not isinstance(default, bool):
            shown = rows[option].replace(",", "")
            assert shown.split()[0] == f"{default:g}", (option, rows[option], default)
