"""The deck search behind the balanced-deck table (docs/bots.md, "How suggestions are
made"): legal candidates drawn from the suggested set and its mutations, moves toward a
50% village rate, every reported deck measured with the full games, the same answer
from the same seed on any number of workers. Small budgets and tiny deck spaces."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

from onenight.bots.pool import Job, Pool
from onenight.bots.search import (
    Budget,
    Measured,
    neighbours,
    ranked,
    search,
    seeds,
    toward,
    wolf_cards,
)
from onenight.bots.simulate import Tally, wilson
from onenight.rules import EDITIONS, WOLF_FAMILY, default_deck, validate_deck

TINY = Budget(
    keep=3, games=24, screen=8, rounds=2, per_round=4, parents=2, short=5, middle=16, spare=1
)


def rigged_rate(deck: Sequence[str]) -> float:
    """A made-up village rate: the more werewolf-team cards, the lower (3 of them: 50%)."""
    return max(0.05, min(0.95, 0.95 - 0.15 * wolf_cards(tuple(deck))))


class Rigged(Pool):
    """A pool whose games are coin flips at :func:`rigged_rate`, seeded per deck and game
    (instant: it tests the search, not the bots)."""

    def _results(self, jobs: Sequence[Job]) -> Iterator[tuple[Tally, float]]:
        for spec, start, stop in jobs:
            tally = Tally(games=stop - start)
            for i in range(start, stop):
                won = random.Random(f"{spec.deck}:{i}").random() < rigged_rate(spec.deck)
                tally.outcome["village" if won else "werewolf"] += 1
            yield tally, 0.0


def test_every_neighbour_is_a_legal_deck_of_the_edition_one_swap_away() -> None:
    base = seeds("ultimate", 10)[0]
    assert Counter(base) == Counter(default_deck("ultimate", 10))  # the suggested set
    found = neighbours("ultimate", 10, base)
    assert found and base not in found
    for deck in found:
        validate_deck("ultimate", 10, list(deck))
        assert set(deck) <= EDITIONS["ultimate"].roles
        assert any(card in WOLF_FAMILY for card in deck)
        gone = Counter(base) - Counter(deck)
        assert sum(gone.values()) in (1, 2)
    # The Masons come and go as a pair: out of the default deck (which holds them) with
    # both cards replaced, never one left alone.
    assert base.count("mason") == 2
    assert any("mason" not in d for d in found)
    assert all(d.count("mason") in (0, 2) for d in found)


def test_the_japanese_suggested_set_and_its_neighbours() -> None:
    base = seeds("japanese", 3)[0]
    assert Counter(base) == Counter(default_deck("japanese", 3))
    found = neighbours("japanese", 3, base)
    for deck in found:
        assert set(deck) <= {"villager", "werewolf", "sorcerer", "phantom_thief"}
        assert "werewolf" in deck  # no suggestion without a Werewolf
    assert len(found) == len(set(found))


def test_a_move_toward_fifty_percent_adds_wolves_only_where_the_village_wins_too_often() -> None:
    base = tuple(sorted(default_deck("ultimate", 5)))
    cards = list(base)
    cards.remove("seer")
    more = tuple(sorted([*cards, "werewolf"]))
    assert wolf_cards(more) == wolf_cards(base) + 1
    assert toward(Measured(base, 100, 70), more)
    assert not toward(Measured(base, 100, 30), more)


def test_the_search_walks_toward_an_even_deck_and_promotes_the_best() -> None:
    """From a suggested deck the rigged games say favours the village (65%), the search
    finds decks with one more werewolf-team card (50%) and reports them first."""
    budget = Budget(
        keep=4, games=200, screen=20, rounds=3, per_round=6, parents=2, short=8, middle=60, spare=2
    )
    start = tuple(sorted(default_deck("ultimate", 5)))
    assert rigged_rate(start) > 0.6
    with Rigged() as pool:
        found = search("ultimate", 5, budget, "random", seed=3, pool=pool)
    assert budget.keep <= len(found.decks) <= budget.keep + budget.spare
    assert found.candidates >= budget.keep and start in found.seen
    assert found.games == sum(m.games for m in found.seen.values()) <= budget.most()
    best = found.decks[0]
    assert wolf_cards(best.deck) == wolf_cards(start) + 1 and best.fair
    assert sum(wolf_cards(m.deck) == 3 for m in found.decks) >= budget.keep - 1
    for m in found.decks:
        assert m.games >= budget.games
        low, high = m.ci95
        assert (high - low) / 2 <= 0.07  # 200 games: ±6.9 points at most
    assert found.decks == ranked(found.decks)


def test_every_reported_deck_has_the_full_games_and_a_row_to_match() -> None:
    found = search("japanese", 3, TINY, "random", seed=5)
    assert len(found.decks) >= TINY.keep
    looked = [m for m in found.seen.values() if m not in found.decks]
    assert looked and all(m.games in (TINY.screen, TINY.middle) for m in looked)
    assert sum(m.games == TINY.middle for m in found.seen.values()) == TINY.short - len(found.decks)
    for m in found.decks:
        row = m.row()
        assert row["games"] >= TINY.games and row["games"] == m.games
        assert 0 <= row["village_wins"] <= row["games"]
        assert row["village_win_rate"] == row["village_wins"] / row["games"]
        assert row["ci95"] == list(wilson(row["village_wins"], row["games"]))
        validate_deck("japanese", 3, list(Counter(row["deck"]).elements()))
    fair = [m.fair for m in found.decks]
    assert fair == sorted(fair, reverse=True)  # the even ones first


def test_four_hundred_games_give_an_interval_of_five_points_or_less() -> None:
    for wins in range(0, 401, 20):
        low, high = wilson(wins, 400)
        assert (high - low) / 2 <= 0.05


def test_the_same_seed_finds_the_same_decks_on_any_number_of_workers() -> None:
    rows = [m.row() for m in search("japanese", 3, TINY, "random", seed=2).decks]
    with Pool(2) as pool:
        again = [m.row() for m in search("japanese", 3, TINY, "random", 2, pool).decks]
    assert again == rows
    other = [m.row() for m in search("japanese", 3, TINY, "random", seed=9).decks]
    assert other != rows


def test_a_dask_cluster_finds_the_same_decks() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=1,
            processes=False,
            protocol="tcp",
            dashboard_address=None,
        ) as cluster,
        Pool(scheduler=cluster.scheduler_address) as pool,
    ):
        on_dask = search("japanese", 3, TINY, "random", 4, pool)
    local = search("japanese", 3, TINY, "random", 4)
    assert [m.row() for m in on_dask.decks] == [m.row() for m in local.decks]
    assert on_dask.games == local.games


class Deceiving(Pool):
    """Every deck looks even in its first ``LOOKS`` games (won and lost in turn), then
    the village always wins where :func:`rigged_rate` is over 50%, always loses elsewhere."""

    LOOKS = 20

    def _results(self, jobs: Sequence[Job]) -> Iterator[tuple[Tally, float]]:
        for spec, start, stop in jobs:
            tally = Tally(games=stop - start)
            for i in range(start, stop):
                won = i % 2 == 0 if i < self.LOOKS else rigged_rate(spec.deck) > 0.5
                tally.outcome["village" if won else "werewolf"] += 1
            yield tally, 0.0


def test_spare_promotions_replace_decks_that_proved_uneven() -> None:
    """Decks that looked even but proved not to be get the spares: the next on the short
    list is raised to the full games too, until the spares are spent."""
    budget = Budget(
        keep=2, games=60, screen=10, rounds=1, per_round=6, parents=1, short=6, middle=20, spare=2
    )
    start = tuple(sorted(default_deck("ultimate", 5)))
    with Deceiving() as pool:
        found = search("ultimate", 5, budget, "random", seed=1, pool=pool)
    assert len(found.decks) == budget.keep + budget.spare
    assert all(m.games == budget.games for m in found.decks)
    assert not any(m.fair for m in found.decks)  # here every deck is lopsided after 20 games
    assert start in found.seen
