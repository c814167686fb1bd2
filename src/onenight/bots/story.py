"""A seat's own night as a story: what it did and learned, the honest claims that tell it,
and what it knows about its own card at dawn.

The same functions serve a bot (its story comes from its view and its remembered
choices) and the reasoner's model of other players (their story comes from a sampled
world's night log), so that "what an honest player says" is one piece of code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from onenight.rules import (
    CENTER,
    Action,
    Copy,
    Fact,
    Reveal,
    Shield,
    Swap,
    View,
    action_from_json,
    target_from_json,
    team_of,
)
from onenight.rules import roles as R
from onenight.session.claims import (
    Claim,
    Copied,
    IAm,
    Moved,
    Nothing,
    Partners,
    Revealed,
    Saw,
    SawTanners,
    SawWolves,
    Shielded,
    Took,
    swapped,
)

#: One event of a seat's night: ``(turn, action or fact)``.
Event = tuple[int, Action | Fact]


def fact_from_json(data: dict[str, Any]) -> Fact:
    """A view's learned fact (``{"at": 3, "saw": 2, "card": "seer"}``) as a Fact."""
    at = int(data["at"])
    if "saw" in data:
        return Fact(at, "saw", target_from_json(data["saw"]), str(data["card"]))
    if "little_girl" in data:
        return Fact(at, "little_girl", target_from_json(data["little_girl"]))
    for kind in ("wolves", "masons", "tanners", "acted"):
        if kind in data:
            return Fact(at, kind, seats=tuple(int(s) for s in data[kind]))
    raise ValueError(f"unknown fact {data!r}")


def story_from_view(
    view: dict[str, Any], done: Sequence[tuple[int, dict[str, Any]]]
) -> list[Event]:
    """A seat's night from its view's ``learned`` facts and its own choices ``done``
    (``(turn, action JSON)``, in order): choices before what they showed in a turn."""
    events: list[tuple[int, int, int, Action | Fact]] = []
    for i, (turn, action) in enumerate(done):
        events.append((turn, 0, i, action_from_json(action)))
    for i, fact in enumerate(view.get("learned") or ()):
        events.append((int(fact["at"]), 1, i, fact_from_json(fact)))
    events.sort(key=lambda e: e[:3])
    return [(turn, item) for turn, _, _, item in events]


def honest_claims(seat: int, dealt: str, story: Iterable[Event]) -> list[Claim]:
    """What a player who tells the truth says: his dealt card, then his night in order."""
    claims: list[Claim] = [IAm(dealt)]
    pending: Action | None = None
    looks: list[tuple[int, str]] = []

    def flush() -> None:
        if looks:
            claims.append(Saw(tuple(looks)))
            looks.clear()

    for _, item in story:
        if not isinstance(item, Fact):
            if isinstance(item, Swap) and seat not in (item.a, item.b):
                flush()
                claims.append(swapped(item.a, item.b))
            elif isinstance(item, Swap) and (item.a >= CENTER or item.b >= CENTER):
                flush()
                claims.append(swapped(item.a, item.b))  # Drunk, Witch on herself
            elif isinstance(item, Shield):
                claims.append(Shielded(item.target))
            pending = item
            continue
        if item.kind == "saw":
            if isinstance(pending, Copy):
                flush()
                claims.append(Copied(item.target, item.card))
            elif (
                isinstance(pending, Swap)
                and item.target == seat
                and item.target
                in (
                    pending.a,
                    pending.b,
                )
            ):
                flush()
                other = pending.b if pending.a == seat else pending.a
                claims.append(Took(other, item.card))
            elif isinstance(pending, Reveal):
                flush()
                claims.append(Revealed(item.target, item.card))
            else:
                looks.append((item.target, item.card))
                if len(looks) == 2 or item.target == seat:
                    flush()
            pending = None
        elif item.kind == "wolves":
            flush()
            claims.append(SawWolves(item.seats))
        elif item.kind == "masons":
            flush()
            claims.append(Partners(item.seats))
        elif item.kind == "tanners":  # the Apprentice Tanner's: none, she became one
            flush()
            claims.append(SawTanners(item.seats))
        elif item.kind == "acted":
            flush()
            claims.append(Moved(item.seats))
    flush()
    if len(claims) == 1:
        claims.append(Nothing())
    return claims


def known_role(dealt: str, story: Iterable[Event], seat: int) -> str:
    """The role a player believes he ends the night as, from his own story: his dealt
    card, or what he copied, robbed, saw as his own card or was converted to."""
    role = dealt
    pending: Action | None = None
    for _, item in story:
        if not isinstance(item, Fact):
            pending = item
            continue
        if item.kind != "saw":
            continue
        if isinstance(pending, Copy):
            role = item.card
        elif item.target == seat:
            role = item.card  # the Robber's new card, the Insomniac's own card
        elif (
            isinstance(pending, View)
            and role in R.INVESTIGATORS
            and item.card in R.STOPS_INVESTIGATOR
        ):
            role = R.TANNER if item.card == R.TANNER else R.WEREWOLF
        pending = None
    return role


def lies(dealt: str, story: Iterable[Event], seat: int) -> bool:
    """Whether a player lies by day: he believes he is on the werewolf or Tanner side."""
    return team_of(known_role(dealt, story, seat)) != R.TEAM_VILLAGE
