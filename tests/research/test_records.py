"""Games as data (issue 38, point 6): records written as JSON Lines by the environment,
replayed through the engine by ``onenight research load``; a tampered record fails."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from onenight.cli import app
from onenight.research import parallel_env
from onenight.research.records import SCHEMA, read, replay, write


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
