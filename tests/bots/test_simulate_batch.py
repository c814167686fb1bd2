"""``onenight simulate`` with every seat ``random`` plays in batches (rules/batch*.py):
the same statistics as the bots' own games, checked against each other."""

from __future__ import annotations

import math

from onenight.bots.simulate import TEAMS, Spec, Tally, batched, play_chunk, run_batch, simulate

JIN = (
    "werewolf",
    "werewolf",
    "seer",
    "robber",
    "troublemaker",
    "villager",
    "villager",
    "insomniac",
)


def spec(**kw: object) -> Spec:
    fields: dict[str, object] = {"village": "random", "wolves": "random", "seed": 3}
    fields.update(kw)
    deck = fields.pop("deck", JIN)
    return Spec("ultimate", 5, deck, **fields)  # type: ignore[arg-type]


def test_all_random_seats_and_a_batched_deck_take_the_batch_path() -> None:
    assert batched(spec())
    assert batched(spec(seats=("random",) * 5))
    assert not batched(spec(wolves="basic"))
    assert not batched(spec(deck=("aura_seer", *JIN[1:])))


def test_the_batch_path_gives_the_bots_statistics() -> None:
    games = 4000
    engine = play_chunk(spec(), 0, games)
    total = Tally()
    for tally in run_batch(spec(), 60_000):
        total.add(tally)
    for team in TEAMS:
        p = engine.outcome[team] / games
        q = total.outcome[team] / total.games
        assert abs(p - q) <= 4 * math.sqrt(max(p * (1 - p), 1e-4) / games) + 1e-3, team
    for role, seats in engine.role_seats.items():
        p, q = engine.role_wins[role] / seats, total.role_wins[role] / total.role_seats[role]
        assert abs(p - q) <= 4 * math.sqrt(max(p * (1 - p), 1e-4) / seats) + 1e-3, role


def test_simulate_reports_the_batch_games() -> None:
    rep = simulate(spec(), 20_000)
    assert rep["games"] == 20_000 and rep["workers"] == 1
    assert abs(sum(rep["win_rate"].values()) - 1) < 1e-9
    assert set(rep["role_seats"]) == set(JIN)
    assert sum(rep["role_seats"].values()) == 5 * 20_000
