"""Tournaments play the environment's day (issue 38, point 7): interleaved rounds where
each speaker hears everything said before it; --games a multiple of the agents; games
as records; the report's additions; ``simulate --seats module:attr``."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from onenight.cli import app
from onenight.research.records import read, replay
from onenight.research.tournament import make_spec, tournament

HEARD: list[tuple[int, int, int]] = []  # (seat, round, claims heard) at each day turn


def listener(observation: Any, info: dict[str, Any]) -> Any:
    """Says its dealt card every round; notes what it heard."""
    view = info["view"]
    if info["phase"] == "day":
        talk = view.get("talk") or {"round": -1}  # the simulator has no rounds
        HEARD.append((view["seat"], talk["round"], len(view["board"])))
        return {"type": "i_am", "role": view["card"]}
    if info["phase"] == "night":
        return view["decision"]["choices"][0]
    return None  # the first legal vote


@pytest.fixture
def agents_module() -> str:
    mod = types.ModuleType("onenight_test_agents_h38")
    mod.listener = listener  # type: ignore[attr-defined]
    sys.modules[mod.__name__] = mod
    HEARD.clear()
    return mod.__name__


def test_a_policy_speaks_in_every_round_hearing_everything_said_before(agents_module: str) -> None:
    spec = make_spec(f"{agents_module}:listener,basic", "neurips2024", seed=2)
    rep = tournament(spec, games=2, workers=1)
    assert rep["games"] == 2
    # 3 rounds, seat order: a listener in seat s at round r has heard every claim of the
    # rounds before and of the seats before it in this round; the other listeners each
    # said one claim per round, basic bots all theirs in their first turn.
    by_seat_round = {(s, r): k for s, r, k in HEARD}
    rounds = {r for _, r, _ in HEARD}
    assert rounds == {0, 1, 2}
    for (s, r), k in by_seat_round.items():
        if r > 0:
            assert k > by_seat_round[(s, r - 1)]  # new claims since its last turn


def test_games_must_be_a_multiple_of_the_agents() -> None:
    out = CliRunner().invoke(
        app, ["tournament", "--agents", "random,basic,reasoner", "--games", "10", "--json"]
    )
    assert out.exit_code != 0 and "multiple of the 3 agents" in out.output


def test_games_out_records_replay_and_the_report_has_its_additions(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    args = ["tournament", "--agents", "random,basic", "--preset", "wolfbot-standard"]
    args += ["--games", "6", "--workers", "1", "--json", "--games-out", str(path)]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    rep = json.loads(out.output)
    recs = list(read(path))
    assert len(recs) == 6 and all(replay(r) == [] for r in recs)
    assert rep["switches"]["outcome"] == "wolfbot" and rep["switches"]["rounds"] == 1
    assert rep["anchors"] and "dawn" in rep["team_is"]
    for a in ("random", "basic"):
        lo, hi = rep["rating_ci95"][a]
        assert lo <= hi
        dealt = rep["per_agent"][a]["dealt"]
        assert sum(d["seats"] for d in dealt.values()) == rep["per_agent"][a]["seats"]
    h2h = rep["head_to_head"]
    for a, b in (("random", "basic"), ("basic", "random")):
        if b in h2h[a]:
            assert 0 <= h2h[a][b]["win_rate"] <= 1
    # every pair counted from both sides
    assert h2h["random"].get("basic", {}).get("pairs") == h2h["basic"].get("random", {}).get(
        "pairs"
    )


def test_simulate_seats_accepts_module_attr_agents(agents_module: str) -> None:
    seats = ",".join([f"{agents_module}:listener", "basic", "random", "basic", "random"])
    out = CliRunner().invoke(
        app, ["simulate", "--seats", seats, "--games", "4", "--workers", "1", "--json"]
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["games"] == 4


def test_the_text_report_names_the_rules_the_team_and_the_anchors() -> None:
    out = CliRunner().invoke(
        app, ["tournament", "--agents", "random,basic", "--games", "4", "--workers", "1"]
    )
    assert out.exit_code == 0, out.output
    text = out.output
    assert "outcome=jin2024" in text and "team at dawn" in text
    assert "head to head: random against basic" in text and "published: Jin et al." in text
