"""``onenight serve --plugins``: a module imported at start that registers bot levels
(docs/research.md), seated at a live table by ``add_bot`` like the built-in ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from onenight.client import Client, ServerError

from .conftest import Server


async def test_a_plugins_level_is_seated_and_an_unknown_one_refused(tmp_path: Path) -> None:
    env = {"ONENIGHT_PLUGINS": "onenight.research.example_plugin"}
    srv = Server(f"sqlite+aiosqlite:///{tmp_path / 'p.db'}", tmp_path / "server.log", env=env)
    srv.start()
    host = await Client.connect(srv.url)
    try:
        await host.create("ann")
        ack = await host.request({"type": "add_bot", "level": "honest"})
        member = ack["member"]
        await host.until(lambda c: any(m["member"] == member for m in c.room["members"]))
        seated = next(m for m in host.room["members"] if m["member"] == member)
        assert seated["bot"] == "honest" and seated["seat"] is not None
        with pytest.raises(ServerError) as refused:
            await host.request({"type": "add_bot", "level": "nosuch"})
        assert refused.value.code == "invalid" and "honest" in str(refused.value)
    finally:
        await host.close()
        srv.stop()


def test_a_plugin_that_cannot_be_imported_stops_the_server(tmp_path: Path) -> None:
    env = {"ONENIGHT_PLUGINS": "no_such_module_here", "COLUMNS": "300"}
    srv = Server(f"sqlite+aiosqlite:///{tmp_path / 'p.db'}", tmp_path / "server.log", env=env)
    with pytest.raises(RuntimeError, match="server exited"):
        srv.start()
    assert "cannot import no_such_module_here" in (tmp_path / "server.log").read_text()
