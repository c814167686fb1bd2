"""``onenight simulate`` and ``onenight suggest``: the documented JSON, rates that sum to
one, totals that do not depend on the number of workers, the Dask path, the plot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from onenight.bots.simulate import TEAMS, Spec, simulate, wilson
from onenight.bots.suggest import candidates, suggest
from onenight.cli import app
from onenight.rules import default_deck

JIN = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager")
JIN += ("insomniac",)
KEYS = {"edition", "players", "deck", "games", "seed", "win_rate", "ci95", "games_per_second"}


def spec(village: str = "basic", wolves: str = "basic", seed: int = 3) -> Spec:
    return Spec("ultimate", 5, JIN, village, wolves, (), seed)


def test_simulate_json_has_the_documented_keys_and_rates_sum_to_one() -> None:
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "--players",
            "5",
            "--games",
            "30",
            "--village",
            "basic",
            "--wolves",
            "random",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    rep = json.loads(result.output)
    assert set(rep) >= KEYS
    assert rep["deck"] == default_deck("ultimate", 5) and rep["games"] == 30
    assert set(rep["win_rate"]) == set(TEAMS) == set(rep["ci95"])
    assert sum(rep["win_rate"].values()) == pytest.approx(1.0)
    for team, (low, high) in rep["ci95"].items():
        assert 0.0 <= low <= rep["win_rate"][team] <= high <= 1.0
    assert rep["games_per_second"] > 0


def test_games_nobody_wins_count_as_none() -> None:
    # Random bots often kill someone when both Werewolves lie in the center: nobody wins.
    rep = simulate(spec("random", "random"), 200)
    assert rep["win_rate"]["none"] > 0
    assert sum(rep["win_rate"].values()) == pytest.approx(1.0)


@pytest.mark.parametrize(("level", "games"), [("basic", 60), ("reasoner", 6)])
def test_totals_do_not_depend_on_the_number_of_workers(level: str, games: int) -> None:
    one = simulate(spec(level, level), games, workers=1)
    two = simulate(spec(level, level), games, workers=2)
    for key in ("win_rate", "ci95", "role_win_rate", "team_wins", "games"):
        assert one[key] == two[key]
    other_seed = simulate(spec(level, level, seed=4), games, workers=1)
    assert other_seed["games"] == games


def test_seats_give_a_level_per_seat() -> None:
    rep = simulate(Spec("ultimate", 5, JIN, seats=("random",) * 5), 20)
    assert rep["levels"]["seats"] == ["random"] * 5 and rep["games"] == 20


def test_bad_arguments_exit_2_with_a_reason() -> None:
    runner = CliRunner()
    bad = runner.invoke(app, ["simulate", "--deck", "seer,seer", "--games", "5"])
    assert bad.exit_code == 2 and "need" in bad.output
    bad = runner.invoke(app, ["simulate", "--village", "genius", "--games", "5"])
    assert bad.exit_code == 2 and "no bot level 'genius'" in bad.output
    bad = runner.invoke(app, ["simulate", "--seats", "basic,basic", "--games", "5"])
    assert bad.exit_code == 2 and "5 levels" in bad.output


def test_wilson_interval_matches_the_textbook() -> None:
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == 0.0 and round(high, 4) == 0.1611


def test_dask_local_cluster_gives_the_same_totals() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        dashboard_address=None,
    ) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://")
        on_dask = simulate(spec(), 45, scheduler=address)
    local = simulate(spec(), 45, workers=1)
    assert on_dask["win_rate"] == local["win_rate"] and on_dask["games"] == 45


def test_plot_draws_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "rates.png"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "--games",
            "10",
            "--village",
            "random",
            "--wolves",
            "random",
            "--workers",
            "1",
            "--json",
            "--plot",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_suggest_lists_decks_by_balance() -> None:
    pool = candidates("ultimate", 5, 6)
    assert pool[0] == tuple(default_deck("ultimate", 5)) and len(pool) == 6
    assert len({tuple(sorted(d)) for d in pool}) == 6
    rows = suggest("ultimate", 5, top=2, games=12, decks=3, level="random")
    assert len(rows) == 2
    for row in rows:
        assert set(row) >= {"deck", "village_win_rate", "ci95"}
        assert sum(row["deck"].values()) == 8
    gaps = [abs(r["village_win_rate"] - 0.5) for r in rows]
    assert gaps == sorted(gaps)
    result = CliRunner().invoke(
        app,
        [
            "suggest",
            "--players",
            "5",
            "--top",
            "1",
            "--games",
            "6",
            "--decks",
            "2",
            "--level",
            "random",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.output)
    assert set(row) >= {"deck", "village_win_rate", "ci95"}
