"""Games as data (issue 38, point 6): records written as JSON Lines by the environment,
replayed through the engine by ``onenight research load``; a tampered record fails."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from onenight.bots.simulate import game_seed
from onenight.cli import app
from onenight.research import parallel_env
from onenight.research.records import SCHEMA, read, replay, write
from onenight.rules import default_deck, team_of


def finished(preset: str, seed: int) -> dict:
    e = parallel_env(preset)
    obs, _ = e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while e.agents:
        acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in e.agents}
        obs, *_ = e.step(acts)
    return e.record()


@pytest.mark.parametrize("preset", ["neurips2024", "wolfbot-standard", "ultimate", "japanese"])
def test_recorded_games_replay_through_the_engine(preset: str, tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    recs = [finished(preset, seed) for seed in range(15)]
    assert write(path, recs) == 15
    back = list(read(path))
    assert back == json.loads(json.dumps(recs))
    for rec in back:
        assert rec["schema"] == SCHEMA and replay(rec) == []
        cfg = rec["config"]
        assert {"outcome", "abstain", "seer_center", "speaking_order"} <= set(cfg)
        assert len(rec["votes"]) == cfg["players"]
        assert all(0 <= t["round"] < cfg["rounds"] for t in rec["talk"])


def test_a_tampered_record_does_not_check_out() -> None:
    rec = finished("ultimate", 3)
    lied = json.loads(json.dumps(rec))
    lied["result"]["team"] = "tanner"
    assert any("team" in p for p in replay(lied))
    self_vote = json.loads(json.dumps(rec))
    self_vote["votes"][0] = 0  # RULES.md §4: no pointing at oneself
    assert replay(self_vote) != []
    night = json.loads(json.dumps(rec))
    assert night["night"]
    night["night"][0]["seat"] = (night["night"][0]["seat"] + 1) % 5
    assert replay(night) != []


def test_research_load_replays_a_file_and_fails_on_a_bad_one(tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    write(good, [finished("neurips2024", s) for s in range(4)])
    out = CliRunner().invoke(app, ["research", "load", str(good), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output) == {"games": 4, "problems": []}
    bad = tmp_path / "bad.jsonl"
    rec = finished("neurips2024", 9)
    rec["result"]["winners"] = [0, 1, 2, 3, 4]
    write(bad, [rec])
    out = CliRunner().invoke(app, ["research", "load", str(bad)])
    assert out.exit_code == 1 and "winners" in out.output


def test_simulate_games_out_writes_records_that_load_and_replay(tmp_path: Path) -> None:
    """Issue 38, point 6: ``onenight simulate --games-out`` writes the same record as the
    environment; ``research load`` replays them all; the file agrees with the report."""
    path = tmp_path / "sim.jsonl"
    args = ["simulate", "--players", "5", "--games", "45", "--seed", "4", "--workers", "1"]
    args += ["--village", "basic", "--wolves", "randclaim", "--json", "--games-out", str(path)]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    rep = json.loads(out.output)
    recs = list(read(path))
    assert len(recs) == 45  # three chunks of the runner, in game order
    assert [r["config"]["seed"] for r in recs] == [game_seed(4, i) for i in range(45)]
    for rec in recs:
        assert rec["schema"] == SCHEMA and replay(rec) == [], rec
        cfg = rec["config"]
        assert (cfg["outcome"], cfg["abstain"], cfg["name"]) == ("rulebook", False, "simulate")
        assert all(v is not None for v in rec["votes"])  # the rulebook: everyone points
        cards = rec["setup"]["cards"]
        dealt = ["basic" if team_of(c) == "village" else "randclaim" for c in cards]
        assert rec["agents"] == dealt
    # The default 5-player deck has no Tanner: each game counts for the one team named.
    for team in ("village", "werewolf"):
        won = sum(r["result"]["team"] == team for r in recs)
        assert won == round(rep["win_rate"][team] * 45)
    loaded = CliRunner().invoke(app, ["research", "load", str(path), "--json"])
    assert loaded.exit_code == 0, loaded.output
    assert json.loads(loaded.output) == {"games": 45, "problems": []}


def test_simulate_records_come_out_in_game_order_whatever_order_chunks_arrive(
    tmp_path: Path,
) -> None:
    """A Dask cluster hands chunks back as they finish: the file stays in game order."""
    from onenight.bots.simulate import Spec, play_chunk, simulate

    spec = Spec("ultimate", 5, tuple(default_deck("ultimate", 5)), "random", "random", (), 2)
    ordered = tmp_path / "ordered.jsonl"
    simulate(spec, 50, games_out=ordered)
    shuffled = tmp_path / "shuffled.jsonl"

    def backwards(spec: Spec, games: int, scheduler: str) -> list:
        rec = replace(spec, record=True)
        return [play_chunk(rec, a, min(a + 20, games)) for a in (40, 20, 0)]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("onenight.bots.simulate.run_dask", backwards)
        simulate(spec, 50, scheduler="tcp://nowhere:1", games_out=shuffled)
    assert shuffled.read_text() == ordered.read_text()
    assert len(list(read(ordered))) == 50
