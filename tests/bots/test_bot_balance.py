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
from onenight.bots.search import Budget
from onenight.bots.simulate import wilson
from onenight.cli import app
from onenight.rules import EDITIONS, validate_deck
from onenight.rules.roles import WOLF_FAMILY
from onenight.server.app import create_app


def check_rows(edition: str, players: int, rows: list[dict[str, Any]]) -> None:
    """Legal decks for the table, each rate inside its interval, the decks whose interval
    holds 50% first, then by distance from 50%."""
    assert rows
    for row in rows:
        deck = [r for r, k in row["deck"].items() for _ in range(k)]
        validate_deck(edition, players, deck)
        low, high = row["ci95"]
        assert 0 <= low <= row["village_win_rate"] <= high <= 1
        assert row["games"] > 0
    assert rows == balance.order(rows)


def row(rate: float, low: float, high: float, games: int = 400) -> dict[str, Any]:
    return {
        "deck": {"werewolf": 2, "seer": 1},
        "village_win_rate": rate,
        "ci95": [low, high],
        "games": games,
    }


def test_the_lobby_order_puts_the_even_decks_first() -> None:
    """Even: the interval holds 50% and is at most ±5 points wide. A deck nearer 50%
    whose interval leaves 50% out, or is too wide to tell, comes after every even deck;
    among each kind, the nearer 50% first."""
    narrow, wide, far = (
        row(0.48, 0.465, 0.495, 4000),
        row(0.5, 0.35, 0.65, 40),
        row(0.6, 0.55, 0.65),
    )
    fair, edge = row(0.53, 0.481, 0.578), row(0.46, 0.412, 0.5)
    assert balance.order([narrow, far, wide, fair, edge]) == [fair, edge, wide, narrow, far]
    assert [balance.even(r) for r in (narrow, wide, far, fair, edge)] == [
        False,
        False,
        False,
        True,
        True,
    ]
    assert balance.even(row(0.5, *wilson(200, 400))) and not balance.even(row(0.5, *wilson(20, 40)))


def test_refresh_searches_every_size_and_keeps_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "balance.json"
    sizes = {"japanese": [("japanese", 3), ("japanese", 4)], "ultimate": [("ultimate", 3)]}
    monkeypatch.setattr(
        balance,
        "sizes",
        lambda edition=None: sizes.get(edition or "", [*sizes["japanese"], *sizes["ultimate"]]),
    )
    older = [row(0.5, 0.3, 0.7, 40)]
    path.write_text(json.dumps({"level": "reasoner", "tables": {"ultimate:3": older}}))
    steps: list[tuple[int, int, str]] = []
    budget = Budget(keep=2, games=8, screen=4, rounds=1, per_round=3, parents=1, spare=1)
    balance.refresh(
        budget, workers=1, edition="japanese", path=path, progress=lambda *s: steps.append(s)
    )
    assert steps[-1] == (2 * budget.most(), 2 * budget.most(), "japanese 4")
    assert [g for g, _, _ in steps] == sorted(g for g, _, _ in steps)
    table = json.loads(path.read_text())
    assert table["level"] == "reasoner" and table["budget"]["games"] == 8
    assert set(table["tables"]) == {"japanese:3", "japanese:4", "ultimate:3"}
    assert table["tables"]["ultimate:3"] == older  # another size's rows, kept
    assert set(table["runs"]) == {"japanese:3", "japanese:4"} and not table["complete"]
    for key in ("japanese:3", "japanese:4"):
        rows, run = table["tables"][key], table["runs"][key]
        check_rows("japanese", int(key[-1]), rows)
        assert len(rows) >= budget.keep and all(r["games"] >= budget.games for r in rows)
        assert run["games"] >= sum(r["games"] for r in rows) and run["candidates"] >= len(rows)
        assert run["cpu_seconds"] > 0 and run["workers"] == 1 and run["seed"] == 1
    assert (
        balance.lookup("japanese", 4, 1, path) == balance.order(table["tables"]["japanese:4"])[:1]
    )
    assert balance.lookup("japanese", 5, 3, path) is None

    balance.refresh(budget, workers=1, edition="ultimate", players=3, path=path)
    table = json.loads(path.read_text())
    assert table["complete"] and table["tables"]["ultimate:3"] != older


def test_the_refresh_command_writes_the_table_with_a_progress_bar(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "balance.json"
    monkeypatch.setenv(balance.TABLE_ENV, str(path))
    args = ["suggest", "--refresh", "--edition", "japanese", "--players", "3"]
    result = CliRunner().invoke(app, [*args, "--games", "4", "--decks", "2", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert f"wrote {path}: 1 table sizes" in result.output
    table = json.loads(path.read_text())
    rows = table["tables"]["japanese:3"]
    check_rows("japanese", 3, rows)
    assert len(rows) >= 2 and all(r["games"] >= 4 for r in rows)
    shown = CliRunner().invoke(app, ["suggest", "--edition", "japanese", "--players", "3"])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    listed = balance.order(rows)[:3]
    assert len(lines) == len(listed) + 1  # 4 games a deck: none can be even, and it says so
    for line, r in zip(lines, listed, strict=False):
        assert line.endswith(f"({r['games']})  even" if balance.even(r) else f"({r['games']})")
    nearest = min(listed, key=lambda r: abs(r["village_win_rate"] - 0.5))
    assert lines[-1] == f"none is even; the closest we found: {nearest['village_win_rate']:.1%}"
    bad = CliRunner().invoke(app, ["suggest", "--refresh", "--edition", "chess"])
    assert bad.exit_code == 2 and "no edition 'chess'" in bad.output
    bad = CliRunner().invoke(
        app, ["suggest", "--refresh", "--edition", "japanese", "--players", "9"]
    )
    assert bad.exit_code == 2 and "no table size" in bad.output


@pytest.mark.skipif(not balance.TABLE.exists(), reason="no shipped table")
def test_the_shipped_table_covers_every_edition_and_size() -> None:
    """Every size has rows; a size the search measured has at least ``keep`` decks of at
    least 400 games each, intervals of ±5 points at most; a size it has not keeps an
    older table's rows, which the table's ``note`` explains, and is never called even."""
    table = balance.load()
    assert table["level"] == "reasoner"
    assert table.get("complete", False) == balance.complete(table)
    budget = Budget(**table["budget"]) if "budget" in table else None
    for edition, players in balance.sizes():
        k = balance.key(edition, players)
        rows = table["tables"][k]
        check_rows(edition, players, rows)
        run = table.get("runs", {}).get(k)
        if run is None:
            assert table["note"] and not any(balance.even(r) for r in rows)
            continue
        assert budget is not None and run["budget"] == table["budget"]
        assert len(rows) >= budget.keep and run["games"] >= sum(r["games"] for r in rows)
        for r in rows:
            assert r["games"] >= budget.games >= 400
            assert r["ci95"] == list(wilson(r["village_wins"], r["games"]))
            assert (r["ci95"][1] - r["ci95"][0]) / 2 <= 0.05


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
def test_suggest_says_so_when_no_deck_it_lists_is_even() -> None:
    """As the lobby does (docs/bots.md): a list with an even deck ends with its decks; one
    without any ends with the closest rate found, never a promise of balance."""
    for edition, players in balance.sizes():
        listed = balance.lookup(edition, players, 3)
        assert listed
        args = ["suggest", "--edition", edition, "--players", str(players)]
        lines = CliRunner().invoke(app, args).output.splitlines()
        if any(balance.even(r) for r in listed):
            assert len(lines) == len(listed) and lines[0].endswith("  even")
        else:
            nearest = min(listed, key=lambda r: abs(r["village_win_rate"] - 0.5))
            assert lines[len(listed) :] == [
                f"none is even; the closest we found: {nearest['village_win_rate']:.1%}"
            ]


#: The rulebooks' first decks for 3–5 players (issue 36, point 11): a Seer, a Robber, a
#: Troublemaker, two Werewolves and Villagers for the rest; the Japanese original's own
#: (RULES.md §2: 3 players, 2 werewolf, 1 villager, 1 sorcerer, 1 phantom thief).
RULEBOOK = {
    ("ultimate", 4): {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 2},
    ("ultimate", 5): {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 3},
    ("japanese", 3): {"werewolf": 2, "villager": 1, "sorcerer": 1, "phantom_thief": 1},
}


def wolves(deck: dict[str, int]) -> int:
    return sum(n for r, n in deck.items() if r in WOLF_FAMILY)


@pytest.mark.skipif(not balance.TABLE.exists(), reason="no shipped table")
def test_the_server_offers_the_table(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite+aiosqlite:///{tmp_path}/t.db", "memory://")) as http:
        for edition, players in [("ultimate", 5), ("sans-carte", 12), ("japanese", 3)]:
            reply = http.get("/api/decks/suggest", params={"edition": edition, "players": players})
            assert reply.status_code == 200
            body = reply.json()
            assert body["reason"] is None and body["level"] == "reasoner"
            decks = body["decks"]
            # 3 to 5 players: the rulebook's recommended deck first (issue 36, point 11)
            first = RULEBOOK.get((edition, players))
            if first is not None:
                assert decks[0]["rulebook"] is True and decks[0]["deck"] == first
                decks = decks[1:]
            # then the measured variants, in the table's order, none of them wolf-heavy
            measured = [r for r in balance.lookup(edition, players, 9) or [] if r["deck"] != first]
            light = [r for r in measured if not balance.wolf_heavy_deck(r["deck"])]
            assert decks == light[:3]
            assert all(2 * wolves(r["deck"]) < sum(r["deck"].values()) for r in decks)
            check_rows(edition, players, decks)
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
        asked = {"edition": "ultimate", "players": 4}
        body = http.get("/api/decks/suggest", params=asked).json()
        # Two Werewolves of three cards: left out unless asked for; the rulebook's deck
        # (not measured in this table: no rate) comes first.
        rulebook = {"deck": RULEBOOK[("ultimate", 4)], "rulebook": True, "games": 0,
                    "village_wins": 0, "village_win_rate": None, "ci95": None}  # fmt: skip
        assert body["decks"] == [rulebook] and body["reason"] is None
        heavy = http.get("/api/decks/suggest", params={**asked, "wolf_heavy": True}).json()
        assert heavy["decks"] == [rulebook, row]
    monkeypatch.setenv(balance.TABLE_ENV, str(tmp_path / "missing.json"))
    assert balance.lookup("ultimate", 4, 3) is None
    monkeypatch.delenv(balance.TABLE_ENV)
    assert balance.table_path() == balance.TABLE
