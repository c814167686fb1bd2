"""The finite action set of a table: one index per night choice, claim and vote.

Index 0 is ``noop`` (the only legal action of a seat that is not to move). Then the night
choices, the claims, the votes, in that order. The night choices are every action of the
kinds the engine's :func:`onenight.rules.offered_choices` lists for this deck, for every
seat (the engine offers seat 0's; a kind is the shape of its actions: which targets are
seats and which center cards). Which of them is legal at a moment is the engine's answer
(``Game.legal``), never derived here. The claims are the claim language
(:mod:`onenight.session.claims`) cut to a finite set for the deck; docs/research.md
lists it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from onenight.rules import (
    CENTER,
    CENTER_WOLF,
    PASS,
    PEEK,
    WOLF_FAMILY,
    Action,
    Copy,
    Pass,
    Peek,
    Reveal,
    Shield,
    Swap,
    View,
    Vote,
    offered_choices,
    swap,
)
from onenight.rules import roles as R
from onenight.session.claims import (
    Claim,
    Copied,
    IAm,
    Moved,
    Nothing,
    NoWerewolf,
    Partners,
    Revealed,
    Saw,
    SawTanners,
    SawWolves,
    Shielded,
    Swapped,
    Think,
    Took,
    swapped,
)

NOOP = 0


@dataclass(frozen=True)
class Silence:
    """A speaking turn with nothing said."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "silence"}


SILENCE = Silence()


def _kind(t: int) -> str:
    return "w" if t == CENTER_WOLF else ("c" if t >= CENTER else "s")


def shape(action: Action) -> tuple[str, ...]:
    """What kind of action this is, whoever makes it: its type and its targets' kinds."""
    if isinstance(action, View):
        return ("view", *map(_kind, action.targets))
    if isinstance(action, Swap):
        return ("swap", _kind(action.a), _kind(action.b))
    return (type(action).__name__.lower(),)


def _expand(sh: tuple[str, ...], n: int, c: int) -> Iterator[Action]:
    seats = range(n)
    centers = [CENTER + i for i in range(c)]
    pool = {"s": list(seats), "c": centers, "w": [CENTER_WOLF]}
    kind = sh[0]
    if kind == "pass":
        yield PASS
    elif kind == "peek":
        yield PEEK
    elif kind in ("copy", "shield", "reveal"):
        for t in seats:
            yield Copy(t) if kind == "copy" else Shield(t) if kind == "shield" else Reveal(t)
    elif kind == "view":
        kinds = sh[1:]
        if len(kinds) == 1:
            for t in pool[kinds[0]]:
                yield View((t,))
        elif kinds[0] == kinds[1]:
            for a, b in combinations(pool[kinds[0]], 2):
                yield View((a, b))
        else:
            for a in pool[kinds[0]]:
                for b in pool[kinds[1]]:
                    yield View(tuple(sorted((a, b))))
    elif kind == "swap":
        x, y = sh[1], sh[2]
        if x == y:
            for a, b in combinations(pool[x], 2):
                yield swap(a, b)
        else:
            for a in pool[x]:
                for b in pool[y]:
                    yield swap(a, b)


def _subsets(n: int, most: int) -> Iterator[tuple[int, ...]]:
    for k in range(0, min(most, n) + 1):
        yield from combinations(range(n), k)


class ActionTable:
    """Index ↔ action for one table (``n`` seats, ``c`` center cards) and deck.

    ``roles``: the roles a claim may name (the public deck's, sorted).
    """

    def __init__(
        self, deck: Sequence[str], n: int, c: int, max_moved: int = 2, abstain: bool = False
    ) -> None:
        self.n, self.c = n, c
        public = sorted(set(deck) | ({R.WEREWOLF} if R.ALPHA_WOLF in deck else set()))
        self.roles: tuple[str, ...] = tuple(public)
        offered = offered_choices(list(deck), n, c)
        self.kinds = tuple(sorted(offered))
        shapes = sorted({shape(a) for acts in offered.values() for a in acts} | {("pass",)})
        night: list[Action] = []
        for sh in shapes:
            for a in _expand(sh, n, c):
                if a not in night:
                    night.append(a)
        self.night: tuple[Action, ...] = tuple(night)
        self.claims: tuple[Claim | Silence, ...] = tuple(self._claims(deck, shapes, max_moved))
        self.votes: tuple[Vote, ...] = tuple(Vote(t) for t in range(n))
        self.night_start = 1
        self.claim_start = self.night_start + len(self.night)
        self.vote_start = self.claim_start + len(self.claims)
        #: The abstention (a rule switch, ``Config.abstain``): the last index, else None.
        self.abstain: int | None = self.vote_start + n if abstain else None
        self.size = self.vote_start + n + abstain
        self.night_index = {a: self.night_start + i for i, a in enumerate(self.night)}
        self.claim_index = {c_: self.claim_start + i for i, c_ in enumerate(self.claims)}
        self.silence = self.claim_index[SILENCE]
        self._speaker_claims = [self._allowed_claims(s) for s in range(n)]

    def _claims(
        self, deck: Sequence[str], shapes: Sequence[tuple[str, ...]], max_moved: int
    ) -> Iterator[Claim | Silence]:
        n, c, roles = self.n, self.c, self.roles
        seats = range(n)
        targets = [*seats, *(CENTER + i for i in range(c))]
        yield SILENCE
        yield Nothing()
        for r in roles:
            yield IAm(r)
        for t in targets:
            for r in roles:
                yield Saw(((t, r),))
        if ("view", "c", "c") in shapes:
            for a, b in combinations(range(c), 2):
                for r1 in roles:
                    for r2 in roles:
                        yield Saw(((CENTER + a, r1), (CENTER + b, r2)))
        kinds = set(self.kinds)
        if "rob" in kinds:
            for t in seats:
                for r in roles:
                    yield Took(t, r)
        if ("swap", "s", "s") in shapes:
            for a, b in combinations(seats, 2):
                yield Swapped(a, b)
        if ("swap", "s", "c") in shapes:
            for a in seats:
                for i in range(c):
                    yield swapped(a, CENTER + i)
        if any(sh[0] == "swap" and "w" in sh[1:] for sh in shapes):
            for a in seats:  # the Alpha Wolf's: the center Werewolf card with a seat's
                yield Swapped(a, CENTER_WOLF)
        if "copy" in kinds:
            for t in seats:
                for r in roles:
                    yield Copied(t, r)
        if "shield" in kinds:
            for t in seats:
                yield Shielded(t)
        if "reveal" in kinds:
            for t in seats:
                for r in roles:
                    yield Revealed(t, r)
        masons = sum(1 for r in deck if r == R.MASON)
        if masons:
            for sub in _subsets(n, masons - 1):
                yield Partners(sub)
        wolves = sum(1 for r in deck if r in WOLF_FAMILY and r != R.DREAM_WOLF)
        wolves += R.ALPHA_WOLF in deck  # the center wolf card may make one more
        if wolves:
            for sub in _subsets(n, wolves):
                yield SawWolves(sub)
        if R.APPRENTICE_TANNER in deck:
            for sub in _subsets(n, sum(1 for r in deck if r == R.TANNER)):
                yield SawTanners(sub)
        if R.AURA_SEER in deck:
            for sub in _subsets(n, max_moved):
                yield Moved(sub)
        for t in seats:
            for r in roles:
                yield Think(t, r)
        yield NoWerewolf()

    def _allowed_claims(self, seat: int) -> list[int]:
        """The claims ``seat`` may make: any, lies too, but none that names himself where
        the claim cannot (he thinks of, takes, copies, shields or reveals another, sees
        other Masons or Tanners, swaps the center Werewolf card with another's card)."""
        out = []
        for claim, i in self.claim_index.items():
            if (
                isinstance(claim, Think | Took | Copied | Shielded | Revealed)
                and claim.target == seat
            ):
                continue
            if isinstance(claim, Partners | SawTanners) and seat in claim.seats:
                continue
            if isinstance(claim, Swapped) and claim.b == CENTER_WOLF and claim.a == seat:
                continue
            out.append(i)
        return out

    # -- lookups ------------------------------------------------------------------------------

    def speaker_claims(self, seat: int) -> list[int]:
        return self._speaker_claims[seat]

    def vote_index(self, target: int) -> int:
        return self.vote_start + target

    def decode(self, index: int) -> tuple[str, Any]:
        """``("noop", None)``, ``("night", Action)``, ``("claim", Claim | SILENCE)`` or
        ``("vote", Vote)``, ``("abstain", None)``; IndexError outside the table."""
        if index == NOOP:
            return "noop", None
        if self.night_start <= index < self.claim_start:
            return "night", self.night[index - self.night_start]
        if self.claim_start <= index < self.vote_start:
            return "claim", self.claims[index - self.claim_start]
        if self.vote_start <= index < self.vote_start + self.n:
            return "vote", self.votes[index - self.vote_start]
        if index == self.abstain:
            return "abstain", None
        raise IndexError(f"no action {index} (the table has {self.size})")

    def claim_of(self, claim: Claim) -> list[int]:
        """The indices that say ``claim`` (normalised: looks and seats sorted); a look at
        two cards that is not in the set is said as two looks; [] if it cannot be said."""
        norm = normalise(claim)
        i = self.claim_index.get(norm)
        if i is not None:
            return [i]
        if isinstance(norm, Saw) and len(norm.looks) == 2:
            parts = [self.claim_index.get(Saw((look,))) for look in norm.looks]
            return [p for p in parts if p is not None]
        return []

    def describe(self, index: int) -> str:
        what, item = self.decode(index)
        if what in ("noop", "abstain"):
            return what
        return f"{what} {item.to_json()}"


def normalise(claim: Claim) -> Claim:
    if isinstance(claim, Saw):
        return Saw(tuple(sorted(claim.looks)))
    if isinstance(claim, Partners):
        return Partners(tuple(sorted(claim.seats)))
    if isinstance(claim, SawWolves):
        return SawWolves(tuple(sorted(claim.seats)))
    if isinstance(claim, Moved):
        return Moved(tuple(sorted(claim.seats)))
    if isinstance(claim, SawTanners):
        return SawTanners(tuple(sorted(claim.seats)))
    return claim


__all__ = ["NOOP", "SILENCE", "ActionTable", "Pass", "Peek", "Silence", "normalise", "shape"]
