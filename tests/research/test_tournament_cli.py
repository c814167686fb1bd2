"""``onenight tournament``: the JSON, the HTML report, the numbers add up."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from onenight.cli import app
from onenight.research.tournament import claim_true, make_spec, tournament
from onenight.session.claims import IAm, NoWerewolf, Think


def test_tournament_json_and_report(tmp_path: Path) -> None:
    out = tmp_path / "rep"
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "--agents",
            "random,basic",
            "--preset",
            "wolfbot-standard",
            "--games",
            "8",
            "--workers",
            "1",
            "--json",
            "--report",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    rep = json.loads(result.output)
    assert rep["games"] == 8 and rep["agents"] == ["random", "basic"]
    for agent in ("random", "basic"):
        row = rep["per_agent"][agent]
        assert row["seats"] == 28  # 8 games × 7 seats, half each by rotation
        low, high = row["ci95"]
        assert low <= row["win_rate"] <= high
        assert "mu" in rep["ratings"][agent] and rep["ratings"][agent]["sigma"] > 0
    assert rep["per_agent"]["random"]["claims"] == 0
    assert abs(sum(rep["team_win_rate"].values()) - 1) < 1e-9
    page = (out / "index.html").read_text()
    assert "OpenSkill" in page and "plots.png" in page
    assert (out / "plots.png").stat().st_size > 1000
    assert json.loads((out / "result.json").read_text())["games"] == 8


def test_same_seed_same_result_whatever_the_workers() -> None:
    spec = make_spec("random,basic", "neurips2024", 5)
    a = tournament(spec, 10, workers=1)
    b = tournament(spec, 10, workers=2)
    assert a["per_agent"] == b["per_agent"] and a["ratings"] == b["ratings"]


def test_unknown_agent_is_refused_clearly() -> None:
    result = CliRunner().invoke(app, ["tournament", "--agents", "random,nosuch", "--games", "2"])
    assert result.exit_code == 2
    assert "no agent 'nosuch'" in result.output


def test_an_opinion_is_true_when_the_game_ends_as_it_says() -> None:
    ends = ["villager", "seer", "werewolf", "robber", "villager"]
    no_wolf = ["villager", "seer", "villager", "robber", "troublemaker"]
    assert claim_true(Think(2, "werewolf"), ends, set())
    assert not claim_true(Think(1, "werewolf"), ends, set())
    assert claim_true(NoWerewolf(), no_wolf, set())
    assert not claim_true(NoWerewolf(), ends, set())
    # a claim about the night: true when it is the seat's honest claim
    assert claim_true(IAm("seer"), ends, {IAm("seer")})
    assert not claim_true(IAm("seer"), ends, {IAm("villager")})


def test_cli_help_names_the_extras_in_brackets() -> None:
    """Rich reads ``[sim]`` as markup and drops it unless escaped: the help must keep it."""
    runner = CliRunner()
    env = {"COLUMNS": "240", "TERM": "dumb"}
    for command, extra in (("simulate", "[sim]"), ("suggest", "[sim]"), ("tournament", "[sim]")):
        out = runner.invoke(app, [command, "--help"], env=env).output
        assert f"(the {extra} extra)" in out, out
    out = runner.invoke(app, ["tournament", "--help"], env=env).output
    assert "(the [research] extra)" in " ".join(out.split())
    assert "\\[" not in out
