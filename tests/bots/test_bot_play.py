"""Bots in games: legal choices in every edition and player count, choices that depend on
the view and the board only (never on hidden state), and seeded games that replay."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from randomgames import random_setup

from onenight.bots import LEVELS, Bot, Posted, make_bot, play
from onenight.rules import EDITIONS, Game, Setup, Vote, action_from_json
from onenight.session.claims import claim_from_json

LEVEL_NAMES = sorted(LEVELS)


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int, int]:
    edition = draw(st.sampled_from(sorted(EDITIONS)))
    ed = EDITIONS[edition]
    n = draw(st.integers(ed.min_players, ed.max_players))
    return edition, n, draw(st.integers(0, 2**32))


class Watched(Bot):
    """Wraps a bot and checks every answer against what the view offers."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(0)
        self.inner = inner

    def pick(self, view: dict[str, Any], decision: dict[str, Any]) -> dict[str, Any]:
        answer = self.inner.choose(view)
        assert answer in decision["choices"], (answer, decision)
        json.dumps(answer)
        return answer

    def claims(self, view: dict[str, Any], board: Any) -> list[Any]:
        said = self.inner.claims(view, board)
        n, c = len(view["players"]), view["center_cards"]
        for claim in said:
            assert claim_from_json(json.loads(json.dumps(claim.to_json())), n, c) == claim
        return said

    def vote(self, view: dict[str, Any], board: Any) -> int:
        target = self.inner.vote(view, board)
        offered = [a["target"] for a in view["decision"]["choices"]]
        assert target in offered and target != view["seat"]
        return target


@pytest.mark.parametrize("level", LEVEL_NAMES)
@settings(max_examples=12, deadline=None)
@given(case=tables())
def test_bots_only_make_legal_choices(level: str, case: tuple[str, int, int]) -> None:
    edition, n, seed = case
    setup = random_setup(edition, n, seed)
    bots: list[Bot] = [Watched(make_bot(level, f"{seed}:{s}")) for s in range(n)]
    played = play(setup, bots, seed)
    assert played.game.result is not None
    assert len(played.game.result.votes) == n


def test_mixed_levels_play_every_edition_at_both_ends() -> None:
    for ed in EDITIONS.values():
        for n in (ed.min_players, ed.max_players):
            setup = random_setup(ed.id, n, n)
            bots = [make_bot(LEVEL_NAMES[s % 3], s) for s in range(n)]
            assert play(setup, [Watched(b) for b in bots], n).game.result is not None


# -- hidden state ------------------------------------------------------------------------


def twin(setup: Setup, seat: int, rng: random.Random) -> Setup | None:
    """The same deal with the cards of two other seats (or a seat and the center)
    exchanged: another hidden world, which may still give ``seat`` the same view."""
    cards, center = list(setup.cards), list(setup.center)
    others = [s for s in range(len(cards)) if s != seat]
    a = rng.choice(others)
    if rng.random() < 0.5:
        b = rng.choice([s for s in others if s != a])
        cards[a], cards[b] = cards[b], cards[a]
    else:
        i = rng.randrange(len(center))
        cards[a], center[i] = center[i], cards[a]
    if (cards, center) == (list(setup.cards), list(setup.center)):
        return None
    try:
        return Setup.fixed(
            setup.edition, setup.players, cards, center, setup.center_wolf, setup.order
        )
    except Exception:
        return None


@pytest.mark.parametrize("level", LEVEL_NAMES)
@settings(max_examples=25, deadline=None)
@given(case=tables(), salt=st.integers(0, 2**16))
def test_the_same_view_gives_the_same_choices_in_two_hidden_worlds(
    level: str, case: tuple[str, int, int], salt: int
) -> None:
    edition, n, seed = case
    rng = random.Random(salt)
    seat = rng.randrange(n)
    base = random_setup(edition, n, seed)
    base = Setup.fixed(edition, base.players, base.cards, base.center, base.center_wolf)
    other = twin(base, seat, rng)
    if other is None:
        return
    games = [Game(base), Game(other)]
    bots = [make_bot(level, seed), make_bot(level, seed)]
    driver = random.Random(seed)
    compared = 0
    while all(g.decision is not None for g in games):
        d0, d1 = games[0].decision, games[1].decision
        assert d0 is not None and d1 is not None
        if d0.seat != d1.seat or d0.choices != d1.choices:
            return  # the worlds diverged for the others: nothing left to compare
        if d0.seat == seat:
            views = [g.view(seat) for g in games]
            if views[0] != views[1]:
                return
            answers = [b.choose(v) for b, v in zip(bots, views, strict=True)]
            assert answers[0] == answers[1]
            compared += 1
            action = action_from_json(answers[0])
        else:
            action = driver.choice(d0.choices)
        for g in games:
            g.apply(g.decision.seat, action)  # type: ignore[union-attr]
    if any(g.decision is not None for g in games):
        return
    views = [g.view(seat) for g in games]
    if views[0] != views[1]:
        return
    board = public_board(games[0], seat, driver)
    said = [b.claims(v, board) for b, v in zip(bots, views, strict=True)]
    assert said[0] == said[1]
    for g in games:
        g.end_day()
    views = [g.view(seat) for g in games]
    assert views[0] == views[1]
    assert bots[0].vote(views[0], board) == bots[1].vote(views[1], board)


def public_board(game: Game, seat: int, rng: random.Random) -> list[Posted]:
    """Some claims by the other seats (from honest basic bots of the first world)."""
    board: list[Posted] = []
    for s in range(game.n):
        if s != seat and rng.random() < 0.7:
            bot = make_bot("basic", s)
            board += [Posted(s, c) for c in bot.claims(game.view(s), board)]
    return board


def test_a_bot_never_gets_the_game() -> None:
    """The interface: a view (a plain JSON dict) and a board in, JSON out."""
    setup = random_setup("ultimate", 6, 3)
    game = Game(setup)
    d = game.decision
    assert d is not None
    view = game.view(d.seat)
    json.dumps(view)  # a plain JSON-able dict: no Game, no hidden state inside
    for level in LEVEL_NAMES:
        answer = make_bot(level, 1).choose(json.loads(json.dumps(view)))
        assert action_from_json(answer) in d.choices


# -- replay --------------------------------------------------------------------------------


def record(setup: Setup, level: str, seed: int) -> str:
    bots = [make_bot(level, f"{seed}:{s}") for s in range(len(setup.players))]
    p = play(setup, bots, seed)
    g = p.game
    assert g.result is not None
    return json.dumps(
        {
            "history": [(s, a.to_json()) for s, a in g.history],
            "board": [post.to_json() for post in p.board],
            "result": g.result.to_json(g.players, g.turns),
        },
        sort_keys=True,
    )


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_seeded_bot_games_replay_exactly(level: str) -> None:
    for seed in range(4):
        setup = random_setup("ultimate", 6, seed)
        first = record(setup, level, seed)
        assert record(setup, level, seed) == first
        game = Game.replay(
            setup, [(s, action_from_json(a)) for s, a in json.loads(first)["history"]]
        )
        assert game.result is not None
    setup = random_setup("ultimate", 6, 0)
    assert record(setup, level, 0) != record(setup, level, 99)


def test_votes_are_plain_seats() -> None:
    setup = random_setup("japanese", 4, 5)
    p = play(setup, [make_bot("basic", s) for s in range(4)], 5)
    for seat, action in p.game.history[-4:]:
        assert isinstance(action, Vote) and action.target != seat


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_a_villager_says_and_votes_the_same_whoever_holds_the_other_cards(level: str) -> None:
    names = ["ann", "bob", "cat", "dan", "eve"]
    center = ["villager", "insomniac", "werewolf"]
    worlds = [
        ["villager", "werewolf", "seer", "robber", "troublemaker"],
        ["villager", "robber", "troublemaker", "werewolf", "seer"],
    ]
    board = [
        Posted(1, claim_from_json({"type": "i_am", "role": "seer"}, 5)),
        Posted(
            1, claim_from_json({"type": "saw", "looks": [{"target": 3, "card": "werewolf"}]}, 5)
        ),
        Posted(3, claim_from_json({"type": "i_am", "role": "robber"}, 5)),
        Posted(3, claim_from_json({"type": "took", "target": 2, "card": "seer"}, 5)),
    ]
    answers = []
    for cards in worlds:
        game = Game(Setup.fixed("ultimate", names, cards, center))
        driver = random.Random(0)
        while (d := game.decision) is not None:
            game.apply(d.seat, driver.choice(d.choices))
        game.end_day()
        view = game.view(0)
        bot = make_bot(level, 7)
        answers.append((view, bot.claims(view, board), bot.vote(view, board)))
    assert answers[0][0] == answers[1][0]  # the same view …
    assert answers[0][1:] == answers[1][1:]  # … the same claims and vote
