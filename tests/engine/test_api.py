"""The engine's public API: setups, choices, errors, views, JSON forms, decks."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from randomgames import play_random, random_setup

from onenight.rules import (
    EDITIONS,
    Copy,
    Game,
    IllegalAction,
    InvalidSetup,
    Pass,
    Setup,
    Shield,
    View,
    Vote,
    action_from_json,
    center,
    default_deck,
    draw_deck,
    night_calls,
    validate_deck,
)
from onenight.rules import roles as R

NAMES5 = ["ann", "bob", "cat", "dan", "eve"]


def fixed(cards: str, middle: str, edition: str = "ultimate") -> Game:
    names = NAMES5[: len(cards.split())]
    return Game(Setup.fixed(edition, names, cards.split(), middle.split()))


def snapshot(game: Game) -> str:
    return json.dumps(
        {
            "history": [(s, a.to_json()) for s, a in game.history],
            "board": sorted(game.board.items()),
            "facts": [[list(f) for f in fs] for fs in game.facts],
            "views": [game.view(s) for s in range(game.n)],
            "phase": game.phase,
            "call": game.call,
        },
        sort_keys=True,
    )


def test_first_decision_and_legal_choices() -> None:
    game = fixed("sentinel seer werewolf villager robber", "villager drunk troublemaker")
    d = game.decision
    assert d is not None and d.seat == 0 and d.kind == "shield" and not d.mandatory
    assert game.to_move() == (0,)
    assert set(game.legal(0)) == {Shield(1), Shield(2), Shield(3), Shield(4), Pass()}
    assert game.legal(1) == ()


@pytest.mark.parametrize(
    ("seat", "action"),
    [(1, Shield(2)), (0, Shield(0)), (0, Copy(1)), (0, Vote(1)), (0, View((center(0),)))],
)
def test_an_illegal_choice_raises_and_changes_nothing(seat: int, action: object) -> None:
    game = fixed("sentinel seer werewolf villager robber", "villager drunk troublemaker")
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(seat, action)  # type: ignore[arg-type]
    assert snapshot(game) == before


def test_the_day_then_votes_checked_and_changeable_until_the_last() -> None:
    game = fixed("villager tanner villager", "werewolf villager villager")
    assert game.phase == "day" and game.to_move() == () and game.legal(0) == ()
    with pytest.raises(IllegalAction):  # no pointing before the day ends
        game.apply(0, Vote(1))
    game.end_day()
    assert game.phase == "vote"
    with pytest.raises(IllegalAction):
        game.end_day()
    before = snapshot(game)
    for seat, action in [(0, Vote(0)), (0, Vote(7)), (9, Vote(1)), (0, Pass())]:
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
    assert snapshot(game) == before
    game.apply(0, Vote(1))
    game.apply(0, Vote(2))  # a vote may be changed while the vote is open
    assert game.votes == {0: 2} and game.view(0)["vote"] == 2 and game.view(0)["voted"] == [0]
    assert game.view(0)["decision"]["kind"] == "vote"  # and changed again
    assert game.to_move() == (1, 2)
    with pytest.raises(IllegalAction):  # all at once is only for a fresh vote
        game.apply_votes([1, 0, 0])
    game.apply(0, Vote(1))
    game.apply(1, Vote(0))
    game.apply(2, Vote(1))  # the last vote closes it
    assert game.phase == "end" and game.result is not None
    assert game.result.dead == {1} and game.result.winners == {1}  # the Tanner
    with pytest.raises(IllegalAction):
        game.apply(0, Vote(2))
    assert Game.replay(game.setup, game.history).result.votes == game.result.votes  # type: ignore[union-attr]


def test_apply_votes_is_all_or_nothing() -> None:
    game = fixed("villager tanner villager", "werewolf villager villager")
    before = snapshot(game)
    for bad in ([1, 0], [1, 1, 0], [1, 0, 5], [1, 0, -1]):
        with pytest.raises(IllegalAction):
            game.apply_votes(bad)
        assert snapshot(game) == before
    game.apply_votes([1, 0, 1])
    assert game.result is not None and game.result.dead == {1}


def test_actions_round_trip_through_json() -> None:
    for edition in EDITIONS:
        ed = EDITIONS[edition]
        for seed in range(30):
            game = play_random(
                Game(random_setup(edition, ed.max_players, seed)), random.Random(seed)
            )
            for _, action in game.history:
                assert action_from_json(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {},
        {"type": "fly"},
        {"type": "view"},
        {"type": "view", "targets": []},
        {"type": "view", "targets": [1, 2, 3]},
        {"type": "swap", "targets": [1]},
        {"type": "copy", "target": "bob"},
        {"type": "copy", "target": True},
        {"type": "vote", "target": -1},
        {"type": "view", "targets": ["center:x"]},
        {"type": "view", "targets": ["center:999"]},
    ],
)
def test_malformed_action_json_is_refused(data: object) -> None:
    with pytest.raises(IllegalAction):
        action_from_json(data)


def test_setup_json_round_trip_and_replay() -> None:
    setup = random_setup("ultimate", 7, 11)
    again = Setup.from_json(json.loads(json.dumps(setup.to_json())))
    assert again == setup
    game = play_random(Game(setup), random.Random(3))
    copy = game.copy()
    assert copy.result is not None and game.result is not None
    assert copy.result.to_json(game.players) == game.result.to_json(game.players)


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    deck = default_deck("ultimate", 10)
    names = [f"p{i}" for i in range(10)]
    a = Setup.shuffled("ultimate", names, deck, 5)
    b = Setup.shuffled("ultimate", names, deck, 5)
    deals = {Setup.shuffled("ultimate", names, deck, s).cards for s in range(20)}
    assert a == b and len(deals) > 15


def test_night_calls_include_center_cards_and_doppelganger_slots() -> None:
    deck = ["doppelganger", "werewolf", "insomniac", "seer", "villager", "villager"]
    assert night_calls("ultimate", deck) == (
        "doppelganger",
        "werewolves",
        "seer",
        "insomniac",
        "doppelganger_insomniac",
    )
    game = fixed("villager werewolf seer", "doppelganger insomniac villager")
    assert game.calls == night_calls("ultimate", game.setup.deck)
    japanese = ["werewolf", "werewolf", "villager", "sorcerer", "phantom_thief"]
    assert night_calls("japanese", japanese) == ("sorcerer", "werewolves", "phantom_thief")
    lg = ["little_girl", "mystic_wolf", "villager", "seer", "villager", "minion"]
    assert night_calls("sans-carte", lg) == ("werewolves", "mystic_wolf", "minion", "seer")


def test_view_until_hides_what_comes_later() -> None:
    game = fixed("seer werewolf robber werewolf", "villager drunk insomniac")
    # The seer's decision shows in the seer's turn; what a turn teaches shows once it ends.
    seer = next(i for i, t in enumerate(game.turns) if t.name == "seer")
    assert game.view(0, until=seer - 1)["decision"] is None
    assert game.view(0, until=seer)["decision"]["kind"] == "seer_look"
    game.apply(0, View((1,)))
    assert game.view(0)["learned"] == [{"at": seer, "saw": 1, "card": "werewolf"}]
    assert game.view(0, until=seer)["learned"] == []
    assert game.view(0, until=seer + 1)["learned"] == [{"at": seer, "saw": 1, "card": "werewolf"}]
    assert game.view(1, until=0)["learned"] == []
    assert game.view(1, until=1)["learned"] == [{"at": 0, "wolves": [3]}]
    assert game.view(2, until=seer)["decision"] is None
    game.apply(2, Pass())
    assert game.view(0, until=len(game.turns) - 1)["phase"] == "night"
    assert game.view(0)["phase"] == "day" and game.view(0)["decision"] is None
    game.end_day()
    assert game.view(0)["phase"] == "vote"
    assert game.view(0)["decision"]["kind"] == "vote"


def test_end_view_shows_everything_with_timeline() -> None:
    game = fixed("seer werewolf robber", "villager drunk insomniac")
    game.apply(1, Pass())  # the lone wolf does not peek
    game.apply(0, View((1,)))
    game.apply(2, Pass())
    game.apply_votes([1, 0, 1])
    view = game.view(None)
    result = view["result"]
    assert result["dead"] == ["bob"] and result["winners"] == ["ann", "cat"]
    seer = next(i for i, t in enumerate(game.turns) if t.name == "seer")
    entry = {"turn": seer, "call": "seer", "role": "seer", "player": "ann"}
    assert {**entry, "action": {"type": "view", "targets": ["bob"]}} in result["timeline"]


@pytest.mark.parametrize(
    ("edition", "n", "deck", "reason"),
    [
        ("ultimate", 2, ["werewolf"] * 5, "3–10 players"),
        ("ultimate", 3, ["werewolf"] * 5, "need 6 cards"),
        ("ultimate", 3, ["sorcerer"] + ["werewolf"] * 5, "not a card of the ultimate"),
        ("ultimate", 3, ["wizard"] + ["werewolf"] * 5, "unknown role"),
        ("ultimate", 3, ["mason"] + ["werewolf"] * 5, "pair"),
        ("ultimate", 3, ["doppelganger"] * 2 + ["werewolf"] * 4, "at most one doppelganger"),
        ("sans-carte", 3, ["villager"] * 6, "Werewolf-family"),
        ("japanese", 8, ["villager"] * 10, "3–7 players"),
    ],
)
def test_invalid_decks_say_why(edition: str, n: int, deck: list[str], reason: str) -> None:
    with pytest.raises(InvalidSetup, match=reason):
        validate_deck(edition, n, deck)


@pytest.mark.parametrize(
    ("edition", "n"),
    [(e.id, n) for e in EDITIONS.values() for n in range(e.min_players, e.max_players + 1)],
)
def test_default_decks_are_legal_and_rich(edition: str, n: int) -> None:
    deck = default_deck(edition, n)
    validate_deck(edition, n, deck)
    if edition != "japanese":
        assert R.DOPPELGANGER in deck
        if len(deck) >= 8:
            assert len(set(deck)) >= 8


def test_workshop_draws_from_more_enabled_cards() -> None:
    enabled = default_deck("ultimate", 10)  # 13 cards, Masons among them
    decks = [draw_deck("workshop", 5, enabled, random.Random(s)) for s in range(50)]
    for deck in decks:
        validate_deck("workshop", 5, deck)
    assert len({tuple(sorted(d)) for d in decks}) > 10
    assert decks[0] == draw_deck("workshop", 5, enabled, random.Random(0))
    with pytest.raises(InvalidSetup):
        draw_deck("ultimate", 5, enabled, random.Random(0))
    setup = Setup.shuffled("workshop", NAMES5, enabled, 3)
    assert len(setup.deck) == 8


BENCH = [sys.executable, "-m", "onenight.cli", "bench"]


def test_bench_command_prints_the_promised_json() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "onenight.cli",
            "bench",
            "--edition",
            "japanese",
            "--players",
            "5",
            "--seconds",
            "0.2",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    for key in ("edition", "players", "deck", "games", "seconds", "games_per_second"):
        assert key in report
    assert report["edition"] == "japanese" and report["players"] == 5 and report["games"] > 0
    bad = subprocess.run(
        [sys.executable, "-m", "onenight.cli", "bench", "--deck", "wizard", "--seconds", "0.1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2 and "unknown role" in bad.stderr


def test_a_setup_is_a_value_compared_hashed_pickled_and_copied_by_its_fields() -> None:
    import copy
    import pickle

    deck = default_deck("ultimate", 6)
    setup = Setup.shuffled("ultimate", [f"p{i}" for i in range(6)], deck, seed=11)
    same = Setup.shuffled("ultimate", [f"p{i}" for i in range(6)], deck, seed=11)
    other = Setup.shuffled("ultimate", [f"p{i}" for i in range(6)], deck, seed=12)
    assert setup == same and hash(setup) == hash(same) and setup != other
    assert setup != setup.to_json()
    for twin in (pickle.loads(pickle.dumps(setup)), copy.copy(setup), copy.deepcopy(setup)):
        assert twin == setup and hash(twin) == hash(setup)
        assert Game(twin).turns == Game(setup).turns
    assert repr(setup).startswith("Setup(edition='ultimate', players=('p0', ")
    assert {setup: 1}[same] == 1


def test_a_dealt_setup_plans_the_night_as_one_read_back_from_json() -> None:
    from onenight.rules import Dealer, turn_plan

    deck = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager"]
    deck.append("insomniac")
    dealer = Dealer("ultimate", [f"p{i}" for i in range(5)], deck)
    rng = random.Random(5)
    for _ in range(30):
        setup = dealer.deal(rng)
        fresh = Setup.from_json(setup.to_json())
        assert setup.plan == fresh.plan == turn_plan("ultimate", tuple(deck))
        a, b = Game(setup), Game(fresh)
        assert a.turns == b.turns and a.history == b.history
        assert (a.decision and a.decision.turn) == (b.decision and b.decision.turn)
