"""Claims: a stable JSON form that round-trips, bad JSON refused with a reason, and one
sentence per claim in English, French and Japanese."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from onenight.bots.board import by_seat
from onenight.bots.say import LANGUAGES, say
from onenight.rules import ALL_ROLES, CENTER, CENTER_WOLF
from onenight.session.claims import (
    Claim,
    ClaimError,
    Copied,
    IAm,
    Moved,
    Nothing,
    NoWerewolf,
    Partners,
    Posted,
    Revealed,
    Saw,
    SawTanners,
    SawWolves,
    Shielded,
    Swapped,
    Think,
    Took,
    claim_from_json,
    posted_from_json,
    swapped,
)

N, C = 5, 3
NAMES = ["ann", "bob", "cat", "dan", "eve"]
seats = st.integers(0, N - 1)
centers = st.integers(CENTER, CENTER + C - 1)
targets = st.one_of(seats, centers)
roles = st.sampled_from(ALL_ROLES)


@st.composite
def looks(draw: st.DrawFn) -> Saw:
    where = draw(st.lists(targets, min_size=1, max_size=2, unique=True))
    return Saw(tuple((t, draw(roles)) for t in where))


@st.composite
def two_targets(draw: st.DrawFn) -> Swapped:
    a, b = draw(st.lists(targets, min_size=2, max_size=2, unique=True))
    return swapped(a, b)


group = st.lists(seats, max_size=3, unique=True).map(tuple)
claims = st.one_of(
    roles.map(IAm),
    looks(),
    st.builds(Took, seats, roles),
    two_targets(),
    st.builds(Copied, seats, roles),
    st.builds(Shielded, seats),
    st.builds(Revealed, seats, roles),
    group.map(Partners),
    group.map(SawWolves),
    group.map(Moved),
    group.map(SawTanners),
    seats.map(lambda s: Swapped(s, CENTER_WOLF)),  # the Alpha Wolf's
    st.just(Nothing()),
    st.builds(Think, seats, roles),
    st.just(NoWerewolf()),
)


@settings(max_examples=300, deadline=None)
@given(claims, seats)
def test_claim_json_round_trips(claim: Claim, seat: int) -> None:
    wire = json.loads(json.dumps(claim.to_json()))
    assert claim_from_json(wire, N, C) == claim
    post = Posted(seat, claim)
    assert posted_from_json(json.loads(json.dumps(post.to_json())), N, C) == post


@settings(max_examples=200, deadline=None)
@given(claims, seats, st.sampled_from(LANGUAGES))
def test_every_claim_is_one_sentence_in_every_language(claim: Claim, seat: int, lang: str) -> None:
    text = say(claim, seat, NAMES, lang)
    assert text and "\n" not in text
    assert text.endswith("。" if lang == "ja" else ".")
    named = [t for t in _targets(claim) if t < CENTER and t != seat]
    for t in named:
        assert NAMES[t] in text


def _targets(claim: Claim) -> list[int]:
    data = claim.to_json()
    out = [data["target"]] if "target" in data else []
    out += [x for x in data.get("targets", []) if isinstance(x, int)]
    out += data.get("seats", [])
    out += [lk["target"] for lk in data.get("looks", []) if isinstance(lk["target"], int)]
    return out


def test_sentences_read_as_the_issue_writes_them() -> None:
    assert say(Saw(((1, "werewolf"),)), 0, NAMES) == "I looked at bob: Werewolf."
    assert say(Took(2, "villager"), 0, NAMES) == "I took cat's card: it was a Villager."
    assert say(swapped(3, 0), 2, NAMES) == "I swapped ann and dan."
    assert say(Nothing(), 0, NAMES) == "I was dealt nothing to do."
    center = Saw(((CENTER, "villager"), (CENTER + 2, "tanner")))
    assert say(center, 0, NAMES) == "I looked at center card 1 and center card 3: Villager, Tanner."
    assert say(IAm("seer"), 0, NAMES, "fr") == "Je suis la Voyante."
    assert say(IAm("seer"), 0, NAMES, "ja") == "私は占い師です。"
    # The Apprentice Tanner's night and the Alpha Wolf's: "center:wolf" and a player.
    assert say(SawTanners((3,)), 0, NAMES) == "The Tanner is dan."
    assert say(SawTanners(()), 0, NAMES, "fr") == "Je n'ai vu aucun Tanneur : je le suis devenu."
    alpha = claim_from_json({"type": "swapped", "targets": ["center:wolf", 1]}, N, C)
    assert alpha == Swapped(1, CENTER_WOLF)
    assert alpha.to_json() == {"type": "swapped", "targets": [1, "center:wolf"]}
    assert say(alpha, 0, NAMES) == "I swapped the center Werewolf card with bob's card."
    assert say(alpha, 0, NAMES, "ja") == "場の人狼カードをbobさんのカードと交換しました。"
    with pytest.raises(ValueError, match="no language"):
        say(Nothing(), 0, NAMES, "de")


def test_nobody_is_a_werewolf_is_an_opinion_said_in_each_language() -> None:
    assert claim_from_json({"type": "no_werewolf"}, N, C) == NoWerewolf()
    assert NoWerewolf().to_json() == {"type": "no_werewolf"}
    assert say(NoWerewolf(), 0, NAMES) == "I think nobody is a Werewolf."
    assert say(NoWerewolf(), 0, NAMES, "fr") == "Je pense que personne n'est Loup-Garou."
    assert say(NoWerewolf(), 0, NAMES, "ja") == "人狼は誰もいないと思います。"
    # an opinion, not a night fact: the board's facts per seat leave it out, as "I think…"
    board = [Posted(1, IAm("villager")), Posted(1, NoWerewolf()), Posted(2, Think(1, "werewolf"))]
    assert by_seat(board, N) == [[], [IAm("villager")], [], [], []]


BAD: list[tuple[Any, str]] = [
    ("seer", "must be a JSON object"),
    ([], "must be a JSON object"),
    ({}, "unknown claim type None"),
    ({"type": "boast"}, "unknown claim type 'boast'"),
    ({"type": "i_am"}, "needs 'role'"),
    ({"type": "i_am", "role": "king"}, "'king' is not a role"),
    ({"type": "i_am", "role": 3}, "is not a role"),
    ({"type": "saw", "looks": []}, "one or two looks"),
    ({"type": "saw", "looks": "center:0"}, "one or two looks"),
    ({"type": "saw", "looks": [1, 2]}, "must be an object"),
    ({"type": "saw", "looks": [{"target": 9, "card": "seer"}]}, "no seat 9"),
    ({"type": "saw", "looks": [{"target": "center:3", "card": "seer"}]}, "no 'center:3'"),
    ({"type": "saw", "looks": [{"target": "center:wolf", "card": "seer"}]}, "no 'center:wolf'"),
    ({"type": "saw", "looks": [{"target": "center:01", "card": "seer"}]}, "not a seat"),
    ({"type": "saw", "looks": [{"target": True, "card": "seer"}]}, "not a seat"),
    ({"type": "saw", "looks": [{"target": 1}]}, "needs 'card'"),
    (
        {"type": "saw", "looks": [{"target": 1, "card": "seer"}, {"target": 1, "card": "seer"}]},
        "names a card twice",
    ),
    ({"type": "took", "target": "center:0", "card": "seer"}, "must be a seat"),
    ({"type": "took", "target": -1, "card": "seer"}, "not a seat"),
    ({"type": "swapped", "targets": [1]}, "list of two targets"),
    ({"type": "swapped", "targets": [1, 1]}, "two different cards"),
    ({"type": "swapped", "targets": [1, 10**30]}, "not a seat"),
    ({"type": "swapped", "targets": ["center:wolf", "center:0"]}, "must be a seat"),
    ({"type": "swapped", "targets": ["center:wolf", "center:wolf"]}, "no 'center:wolf'"),
    ({"type": "saw_tanners", "seats": [7]}, "no seat 7"),
    ({"type": "partners", "seats": [1, 1]}, "names a seat twice"),
    ({"type": "partners", "seats": 1}, "must be a list"),
    ({"type": "think", "target": 1.5, "role": "werewolf"}, "not a seat"),
    ({"type": "copied", "target": None, "role": "seer"}, "not a seat"),
]


@pytest.mark.parametrize(("data", "reason"), BAD)
def test_bad_claim_json_is_refused_with_a_reason(data: Any, reason: str) -> None:
    with pytest.raises(ClaimError, match=_escape(reason)):
        claim_from_json(data, N, C)


def test_bad_board_entry_is_refused() -> None:
    with pytest.raises(ClaimError, match="no seat 7"):
        posted_from_json({"seat": 7, "claim": {"type": "nothing"}}, N, C)
    with pytest.raises(ClaimError, match="JSON object"):
        posted_from_json(None, N, C)


def test_deeply_nested_claim_json_is_refused_not_crashing() -> None:
    deep: Any = {"type": "saw", "looks": [{"target": 1, "card": "seer"}]}
    for _ in range(50):
        deep = {"type": "saw", "looks": [deep]}
    with pytest.raises(ClaimError):
        claim_from_json(deep, N, C)


def _escape(text: str) -> str:
    import re

    return re.escape(text)
