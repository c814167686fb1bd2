"""The balanced-deck table: ``--refresh`` measures every table size and writes it,
``onenight suggest`` and ``GET /api/decks/suggest`` read it without measuring."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from onenight.bots import balance
from onenight.cli import app
from onenight.rules import EDITIONS, validate_deck
from onenight.server.app import create_app


def check_rows(edition: str, players: int, rows: list[dict[str, Any]]) -> None:
    """Legal decks for the table, each rate inside its interval, most balanced first."""
    assert rows
    for row in rows:
        deck = [r for r, k in row["deck"].items() for _ in range(k)]
        validate_deck(edition, players, deck)
        low, high = row["ci95"]
        assert 0 <= low <= row["village_win_rate"] <= high <= 1
        assert row["games"] > 0
    gaps = [abs(r["village_win_rate"] - 0.5) for r in rows]
    assert gaps == sorted(gaps)


def test_refresh_measures_every_size_and_keeps_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "balance.json"
    sizes = {"japanese": [("japanese", 3), ("japanese", 4)], "ultimate": [("ultimate", 3)]}
    monkeypatch.setattr(balance, "sizes", lambda edition=None: sizes[edition or "ultimate"])
    done: list[int] = []
    balance.refresh(4, 2, edition="japanese", path=path, progress=lambda d, t: done.append(d))
    assert done == [1, 2]
    balance.refresh(4, 2, edition="ultimate", path=path)
    table = json.loads(path.read_text())
    assert table["level"] == "reasoner" and table["games"] == 4
    assert set(table["tables"]) == {"japanese:3", "japanese:4", "ultimate:3"}
    for key, rows in table["tables"].items():
        edition, players = key.split(":")
        assert len(rows) == 2
        check_rows(edition, int(players), rows)
    top = balance.lookup("japanese", 4, 1, path)
    assert top == table["tables"]["japanese:4"][:1]
    assert balance.lookup("japanese", 5, 3, path) is None


@pytest.mark.skipif(not balance.TABLE.exists(), reason="no shipped table")
def test_the_shipped_table_covers_every_edition_and_size() -> None:
    table = balance.load()
    assert table["level"] == "reasoner"
    for edition, players in balance.sizes():
        check_rows(edition, players, table["tables"][balance.key(edition, players)])


@pytest.mark.skipif(not balance.TABLE.exists(), reason="no shipped table")
def test_suggest_reads_the_table_without_measuring(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_games(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("measured instead of reading the table")

    monkeypatch.setattr("onenight.bots.suggest.simulate", no_games)
    args = ["suggest", "--edition", "ultimate", "--players", "5", "--top", "2", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == balance.lookup("ultimate", 5, 2)


@pytest.mark.skipif(not balance.TABLE.exists(), reason="no shipped table")
def test_the_server_offers_the_table(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path}/t.db", "memory://")) as http:
        for edition, players in [("ultimate", 5), ("sans-carte", 12), ("japanese", 3)]:
            reply = http.get("/api/decks/suggest", params={"edition": edition, "players": players})
            assert reply.status_code == 200
            body = reply.json()
            assert body["reason"] is None and body["level"] == "reasoner"
            assert body["decks"] == balance.lookup(edition, players, 3)
            check_rows(edition, players, body["decks"])
        ed = EDITIONS["japanese"]
        reply = http.get("/api/decks/suggest", params={"edition": "japanese", "players": 12})
        assert reply.status_code == 200 and reply.json()["decks"] == []
        assert str(ed.max_players) in reply.json()["reason"]
        bad = http.get("/api/decks/suggest", params={"edition": "chess", "players": 5})
        assert bad.status_code == 422


def test_an_environment_variable_names_another_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ONENIGHT_BALANCE_TABLE`` replaces the shipped table (read per path)."""
    row = {"deck": {"werewolf": 2, "seer": 1}, "village_win_rate": 0.5, "ci95": [0.3, 0.7]}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"level": "reasoner", "tables": {"ultimate:4": [row]}}))
    monkeypatch.setenv(balance.TABLE_ENV, str(path))
    assert balance.table_path() == path
    assert balance.lookup("ultimate", 4, 3) == [row]
    assert balance.lookup("ultimate", 5, 3) is None
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path}/t.db", "memory://")) as http:
        body = http.get("/api/decks/suggest", params={"edition": "ultimate", "players": 4}).json()
        assert body["decks"] == [row] and body["reason"] is None
    monkeypatch.setenv(balance.TABLE_ENV, str(tmp_path / "missing.json"))
    assert balance.lookup("ultimate", 4, 3) is None
    monkeypatch.delenv(balance.TABLE_ENV)
    assert balance.table_path() == balance.TABLE
