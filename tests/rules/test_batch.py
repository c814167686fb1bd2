"""The batched engine (rules/batch*.py) against the one-game engine: random deals and
random legal choices, exported as the engine's setup and history, replayed decision by
decision (the batch's decision must be the engine's: turn, seat, step, number of legal
choices) and every result compared. ``benchmarks/batch_differential.py`` runs the same
check for a million games per deck."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from onenight.rules import Dealer, Game
from onenight.rules.batch import BATCHED, CODE, BatchTable, NotBatched, deal, deal_from
from onenight.rules.batch_check import DECKS, check_game, to_history, to_setup
from onenight.rules.batch_night import BatchNight
from onenight.rules.batch_result import play_batch
from onenight.rules.play import play_random
from onenight.rules.roles import ALL_ROLES

#: Decks whose union holds every batched role (checked below).


def table(name: str) -> BatchTable:
    n, deck = DECKS[name]
    return BatchTable("ultimate", n, deck.split(","))


def test_every_batched_role_is_in_a_checked_deck() -> None:
    roles = {role for _, deck in DECKS.values() for role in deck.split(",")}
    assert roles == set(BATCHED)


@pytest.mark.parametrize("name", sorted(DECKS))
def test_batch_results_are_the_engines(name: str) -> None:
    result = play_batch(table(name), 400, np.random.default_rng(39))
    problems = {b: check_game(result, b) for b in range(400)}
    assert {b: p for b, p in problems.items() if p} == {}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(sorted(DECKS)))
def test_batch_results_are_the_engines_for_any_seed(seed: int, name: str) -> None:
    result = play_batch(table(name), 40, np.random.default_rng(seed))
    assert [check_game(result, b) for b in range(40)] == [[]] * 40


def test_the_check_sees_a_wrong_result() -> None:
    result = play_batch(table("jin5"), 50, np.random.default_rng(1))
    b = int(np.flatnonzero(result.dead.any(axis=1))[0])
    result.dead[b, int(np.flatnonzero(result.dead[b])[0])] = False  # a view: changes it
    assert any(p.startswith("dead:") for p in check_game(result, b))


def test_the_check_sees_a_wrong_choice_count() -> None:
    result = play_batch(table("jin5"), 50, np.random.default_rng(2))
    k = next(k for k, task in enumerate(result.night.table.tasks) if task.step == 10)  # seer
    b = int(np.flatnonzero(result.night.chosen[k] >= 0)[0])
    result.night.count[k, b] -= 1  # the batch miscounted the Seer's choices
    assert check_game(result, b) != []


def test_choices_given_as_arrays_replay_the_same_games() -> None:
    t = table("base10")
    first = play_batch(t, 300, np.random.default_rng(5))
    cards = [[ALL_ROLES[c] for c in row] for row in first.night.dealt.cards.tolist()]
    dealt = deal_from(t, cards, first.night.dealt.slots.tolist())
    again = play_batch(
        t,
        300,
        np.random.default_rng(6),  # another seed: nothing is drawn
        dealt=dealt,
        choices=np.maximum(first.night.chosen, 0),
        votes=first.votes,
    )
    for name in ("cards", "end_roles", "dead", "winners", "learned", "nlearned"):
        assert np.array_equal(getattr(first, name), getattr(again, name)), name


def test_deals_drawn_by_the_engine_play_as_in_the_engine() -> None:
    n, deck = DECKS["default5"]
    cards = deck.split(",")
    dealer = Dealer("ultimate", [f"p{s}" for s in range(n)], cards)
    rng = random.Random(7)
    setups = [dealer.deal(rng) for _ in range(100)]
    t = table("default5")
    dealt = deal_from(t, [s.cards + s.center for s in setups], [s.slots for s in setups])
    result = play_batch(t, 100, np.random.default_rng(8), dealt=dealt)
    for b, setup in enumerate(setups):
        assert to_setup(result, b).to_json() == setup.to_json() | {"seed": None}
        assert check_game(result, b) == []


def test_the_deal_is_uniform() -> None:
    t = table("jin5")
    dealt = deal(t, 80_000, np.random.default_rng(11))
    seat0 = Counter(dealt.cards[:, 0].tolist())
    deck = Counter(t.codes.tolist())
    for code, k in deck.items():  # each card as likely at seat 0 as its share of the deck
        assert abs(seat0[code] / 80_000 - k / t.m) < 0.01
    wolf_slots = dealt.slots[dealt.cards[:, :5] == CODE["werewolf"]]
    assert abs(np.mean(wolf_slots) - 0.5) < 0.01  # either copy, as likely


def test_random_choices_are_uniform_among_the_legal_ones() -> None:
    t = table("jin5")
    result = play_batch(t, 60_000, np.random.default_rng(12))
    k = next(k for k, task in enumerate(t.tasks) if task.step == 16)  # the troublemaker
    picks = result.night.chosen[k][result.night.chosen[k] >= 0]
    count = 6 + 1  # swaps of two of the four others, or a pass
    assert set(result.night.count[k][result.night.chosen[k] >= 0]) == {count}
    share = np.bincount(picks, minlength=count) / len(picks)
    assert np.allclose(share, 1 / count, atol=0.01)


def test_the_batch_agrees_with_random_engine_games_in_distribution() -> None:
    """Village wins over many games: the batch's rate and the engine's random player's."""
    n, deck = DECKS["jin5"]
    dealer = Dealer("ultimate", [f"p{s}" for s in range(n)], deck.split(","))
    rng = random.Random(3)
    games = [play_random(Game(dealer.deal(rng)), rng) for _ in range(4000)]
    engine = np.mean([len(g.result.dead) == 0 for g in games if g.result])
    result = play_batch(table("jin5"), 40_000, np.random.default_rng(4))
    batch = np.mean(~result.dead.any(axis=1))
    assert abs(engine - batch) < 0.03


def test_a_deck_with_a_role_not_batched_is_refused_by_name() -> None:
    deck = "aura_seer,werewolf,werewolf,seer,robber,troublemaker,villager,insomniac"
    with pytest.raises(NotBatched, match="aura_seer"):
        BatchTable("ultimate", 5, deck.split(","))
    with pytest.raises(NotBatched, match="japanese"):
        BatchTable("japanese", 4, ["werewolf", "werewolf", "villager", "villager", "villager"])


def test_history_is_the_engines_format() -> None:
    result = play_batch(table("seers3"), 20, np.random.default_rng(9))
    for b in range(20):
        game = Game.replay(to_setup(result, b), to_history(result, b))
        assert game.result is not None
        assert sorted(game.result.winners) == list(np.flatnonzero(result.winners[b]))


def test_a_policy_chooses_with_the_mask_and_the_engine_agrees() -> None:
    """A policy given each decision's mask (``index < count``): it always takes the last
    legal choice (``Pass()`` where the action is optional, a mandatory one's last)."""
    seen: list[int] = []

    def last(night: BatchNight, k: int, acts: np.ndarray, count: np.ndarray | int) -> np.ndarray:
        seen.append(k)
        assert (night.actor[k][acts] >= 0).all() and (night.actor[k][~acts] == -1).all()
        assert (np.broadcast_to(count, acts.shape)[acts] > 0).all()
        return np.broadcast_to(count, acts.shape) - 1

    for name in ("base10", "sentinels3"):
        t = table(name)
        result = play_batch(t, 200, np.random.default_rng(10), choices=last)
        assert seen and [check_game(result, b) for b in range(200)] == [[]] * 200
    t = table("base10")
    result = play_batch(t, 200, np.random.default_rng(10), choices=last)
    assert [check_game(result, b) for b in range(200)] == [[]] * 200
    rob = next(k for k, task in enumerate(t.tasks) if task.step == 13 and not task.copied)
    robbed = result.night.actor[rob] >= 0
    assert (result.night.seen_pos[rob, 0][robbed] == -1).all()  # passed: saw nothing


def test_hunters_shoot_in_a_chain_as_in_the_engine() -> None:
    """The Hunter dies and shoots the Doppelgänger who copied a Hunter, who shoots too."""
    t = table("guard6")
    cards = ["doppelganger", "hunter", "werewolf", "minion", "mason", "mason"]
    cards += ["robber", "insomniac", "bodyguard"]
    dealt = deal_from(t, [cards], [[0] * 4 + [0, 1]])

    def copy_the_hunter(
        night: BatchNight, k: int, acts: np.ndarray, count: np.ndarray
    ) -> np.ndarray:
        first = night.table.tasks[k].step == 1  # the copy: Copy(1) first; else pass
        return (
            np.zeros(len(acts), dtype=np.int64) if first else np.broadcast_to(count - 1, acts.shape)
        )

    votes = np.array([[5, 0, 1, 1, 1, 2]])
    result = play_batch(t, 1, np.random.default_rng(0), dealt, copy_the_hunter, votes)
    assert list(np.flatnonzero(result.dead[0])) == [0, 1, 5]
    assert check_game(result, 0) == []
