"""Hypothesis property tests over random legal games in every edition and player count."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from randomgames import play_random, random_setup

from onenight.rules import ALL_ROLES, EDITIONS, Game, IllegalAction, Pass
from onenight.rules import roles as R

editions = st.sampled_from(sorted(EDITIONS))
seeds = st.integers(min_value=0, max_value=2**32)


@st.composite
def games(draw: st.DrawFn) -> tuple[str, int, int]:
    edition = draw(editions)
    ed = EDITIONS[edition]
    n = draw(st.integers(min_value=ed.min_players, max_value=ed.max_players))
    return edition, n, draw(seeds)


def finished(edition: str, n: int, seed: int) -> Game:
    return play_random(Game(random_setup(edition, n, seed)), random.Random(seed + 1))


@settings(max_examples=300, deadline=None)
@given(games())
def test_cards_are_conserved(case: tuple[str, int, int]) -> None:
    game = finished(*case)
    result = game.result
    assert result is not None
    now = list(result.cards) + list(result.center)
    if result.center_wolf is not None:
        now.append(result.center_wolf)
    assert Counter(now) == Counter(game.printed)


@settings(max_examples=200, deadline=None)
@given(games())
def test_replay_is_deterministic(case: tuple[str, int, int]) -> None:
    game = finished(*case)
    again = Game.replay(random_setup(*case), game.history)
    assert game.setup == again.setup
    names = game.players
    one = json.dumps(game.result.to_json(names, game.turns), sort_keys=True)  # type: ignore[union-attr]
    two = json.dumps(again.result.to_json(names, again.turns), sort_keys=True)  # type: ignore[union-attr]
    assert one == two
    assert [game.view(s) for s in range(game.n)] == [again.view(s) for s in range(again.n)]


@settings(max_examples=300, deadline=None)
@given(games())
def test_every_game_ends_with_a_well_defined_result(case: tuple[str, int, int]) -> None:
    game = finished(*case)
    result = game.result
    assert game.phase == "end" and result is not None
    assert result.dead <= set(range(game.n))
    assert result.winners <= set(range(game.n))
    assert all(role in ALL_ROLES for role in result.roles)
    assert game.to_move() == ()
    assert len(game.history) >= game.n
    if not result.dead:  # nobody dies only when no one has two points (or protected)
        counts = Counter(result.votes[s] for s in range(game.n) if result.roles[s] != R.BODYGUARD)
        top = [t for t, k in counts.items() if k >= 2 and t not in result.protected]
        assert not top


def _role_strings(value: Any, skip: frozenset[str]) -> list[str]:
    """Every role id that appears as a string in a JSON value (keys in ``skip`` not read)."""
    if isinstance(value, dict):
        return [r for k, v in value.items() if k not in skip for r in _role_strings(v, skip)]
    if isinstance(value, list):
        return [r for v in value for r in _role_strings(v, skip)]
    return [value] if isinstance(value, str) and value in ALL_ROLES else []


PUBLIC_KEYS = frozenset({"deck", "calls", "turns", "edition", "players", "call", "kind"})


@settings(max_examples=200, deadline=None)
@given(games())
def test_a_view_holds_no_card_its_player_did_not_see(case: tuple[str, int, int]) -> None:
    edition, n, seed = case
    game = Game(random_setup(edition, n, seed))
    rng = random.Random(seed)
    while game.phase != "end":
        for seat in range(n):
            view = game.view(seat)
            allowed = {view["card"]} | {f["card"] for f in view["learned"] if "card" in f}
            allowed |= set(view.get("day", {}).get("revealed", {}).values())
            assert set(_role_strings(view, PUBLIC_KEYS)) <= allowed
            assert all(f["at"] <= game.turn for f in view["learned"])
        spectator = game.view(None)
        assert set(_role_strings(spectator, PUBLIC_KEYS)) <= set(
            spectator.get("day", {}).get("revealed", {}).values()
        )
        if game.phase == "day":
            game.end_day()
            continue
        seat = game.to_move()[0]
        game.apply(seat, rng.choice(game.legal(seat)))


MANDATORY = {"copy", "alpha_swap", "witch_swap", "drunk"}


@settings(max_examples=300, deadline=None)
@given(games())
def test_every_mandatory_action_happens(case: tuple[str, int, int]) -> None:
    edition, n, seed = case
    game = Game(random_setup(edition, n, seed))
    rng = random.Random(seed)
    while (d := game.decision) is not None:
        assert d.mandatory == (d.kind in MANDATORY)
        if d.mandatory:
            assert all(not isinstance(a, Pass) for a in d.choices)
            try:
                game.apply(d.seat, Pass())
            except IllegalAction:
                pass
            else:
                raise AssertionError("a mandatory action was passed")
        game.apply(d.seat, rng.choice(d.choices))
    # A Drunk who was dealt his card and is not shielded has swapped with the center.
    for seat, card in enumerate(game.setup.cards):
        if card == R.DRUNK and not game.shields >> seat & 1:
            assert any(s == seat and a.to_json()["type"] == "swap" for s, a in game.history)


@settings(max_examples=300, deadline=None)
@given(games())
def test_what_a_player_sees_is_the_card_there_when_he_looks(case: tuple[str, int, int]) -> None:
    """Cards move only in the choices themselves, after their looks (a Robber looks after
    his swap), so each new ``saw`` fact must match the board right after the choice."""
    edition, n, seed = case
    game = Game(random_setup(edition, n, seed))
    rng = random.Random(seed)
    seen = [0] * n

    def check_new_facts() -> None:
        for seat in range(n):
            for fact in game.facts[seat][seen[seat] :]:
                if fact.kind == "saw":
                    assert game.printed[game.board[fact.target]] == fact.card
                    if fact.target < n and fact.target != seat:
                        assert fact.target not in _shielded(game)
            seen[seat] = len(game.facts[seat])

    check_new_facts()
    while (d := game.decision) is not None:
        game.apply(d.seat, rng.choice(d.choices))
        check_new_facts()


def _shielded(game: Game) -> set[int]:
    return {s for s in range(game.n) if game.shields >> s & 1}
