"""Claims: the day's language, as data.

A claim is what one player says about himself or the night: "I am the Seer", "I looked
at bob: a Werewolf", "Robber: I took cat's card, it was the Villager"; or an opinion:
"I think dan is the Werewolf", "I think nobody is a Werewolf". Each claim is a small
frozen dataclass with a stable JSON form (``to_json`` / :func:`claim_from_json`); the
speaker is not part of the claim (the board records who said it: :class:`Posted`).
Targets are the engine's: seats ``0..n-1`` and center cards ``"center:N"`` in JSON.
Roles are RULES.md's ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from onenight.rules import ALL_ROLES, CENTER, CENTER_WOLF, RulesError, Target
from onenight.rules import target_from_json as _target_from_json
from onenight.rules import target_to_json as _target_to_json


class ClaimError(ValueError):
    """A claim's JSON is malformed or names something that is not on this table."""


def _t(target: Target) -> int | str:
    return _target_to_json(target)


@dataclass(frozen=True, slots=True)
class IAm:
    """ "I am the R": the card the speaker says he was dealt."""

    role: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "i_am", "role": self.role}


@dataclass(frozen=True, slots=True)
class Saw:
    """ "I looked at …": each look a target and the card it showed (Seer, Apprentice Seer,
    PI, Mystic Wolf, the lone wolf's peek, the Witch's look, the Insomniac's own card)."""

    looks: tuple[tuple[Target, str], ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "saw", "looks": [{"target": _t(t), "card": c} for t, c in self.looks]}


@dataclass(frozen=True, slots=True)
class Took:
    """Robber: "I took the target's card; it was the R"."""

    target: Target
    card: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "took", "target": _t(self.target), "card": self.card}


@dataclass(frozen=True, slots=True)
class Swapped:
    """Troublemaker, Witch, Drunk: "I swapped the cards of a and b" (stored sorted). The
    Alpha Wolf's swap names the center Werewolf card, ``CENTER_WOLF`` (``"center:wolf"``),
    and a player's seat."""

    a: Target
    b: Target

    def to_json(self) -> dict[str, Any]:
        return {"type": "swapped", "targets": [_t(self.a), _t(self.b)]}


@dataclass(frozen=True, slots=True)
class Copied:
    """Doppelgänger: "I looked at the target's card, it was the R, and I became it"."""

    target: Target
    role: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "copied", "target": _t(self.target), "role": self.role}


@dataclass(frozen=True, slots=True)
class Shielded:
    """Sentinel: "I put my shield on the target's card"."""

    target: Target

    def to_json(self) -> dict[str, Any]:
        return {"type": "shielded", "target": _t(self.target)}


@dataclass(frozen=True, slots=True)
class Revealed:
    """Revealer: "I turned the target's card over: it was the R"."""

    target: Target
    card: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "revealed", "target": _t(self.target), "card": self.card}


@dataclass(frozen=True, slots=True)
class Partners:
    """Mason: "the other Masons are …" (empty: "I saw no other Mason")."""

    seats: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "partners", "seats": list(self.seats)}


@dataclass(frozen=True, slots=True)
class SawWolves:
    """Little Girl (or a Minion): "the Werewolves are …"."""

    seats: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "saw_wolves", "seats": list(self.seats)}


@dataclass(frozen=True, slots=True)
class SawTanners:
    """Apprentice Tanner: "the Tanner is …" (empty: "I saw no Tanner, so I became one")."""

    seats: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "saw_tanners", "seats": list(self.seats)}


@dataclass(frozen=True, slots=True)
class Moved:
    """Aura Seer: "these players looked at or moved a card"."""

    seats: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "moved", "seats": list(self.seats)}


@dataclass(frozen=True, slots=True)
class Nothing:
    """ "I was dealt nothing to do" (or chose to do nothing)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "nothing"}


@dataclass(frozen=True, slots=True)
class Think:
    """ "I think the target is the R" (an opinion, not a night fact)."""

    target: int
    role: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "think", "target": self.target, "role": self.role}


@dataclass(frozen=True, slots=True)
class NoWerewolf:
    """ "I think nobody is a Werewolf" (an opinion: both are in the center, so the village
    wins only if nobody dies, every player pointing at a different one)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "no_werewolf"}


Claim = (
    (IAm | Saw | Took | Swapped | Copied | Shielded | Revealed | Partners | SawWolves | Moved)
    | SawTanners
    | Nothing
    | Think
    | NoWerewolf
)


@dataclass(frozen=True, slots=True)
class Posted:
    """One claim on the public board: who said it and what."""

    seat: int
    claim: Claim

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "claim": self.claim.to_json()}


# -- parsing and validation ----------------------------------------------------------------


class Table:
    """What a claim is checked against: the number of seats and center cards."""

    __slots__ = ("center", "players")

    def __init__(self, players: int, center: int) -> None:
        self.players = players
        self.center = center

    def target(self, value: object, what: str = "target") -> Target:
        try:
            t = _target_from_json(value)
        except RulesError:
            raise ClaimError(f"{what}: {value!r} is not a seat or 'center:N'") from None
        if t == CENTER_WOLF or (t >= CENTER and t - CENTER >= self.center):
            raise ClaimError(f"{what}: there is no {value!r} on this table")
        if t < CENTER and t >= self.players:
            raise ClaimError(f"{what}: there is no seat {t} (the table has {self.players})")
        return t

    def seat(self, value: object, what: str = "seat") -> int:
        t = self.target(value, what)
        if t >= CENTER:
            raise ClaimError(f"{what}: {value!r} must be a seat, not a center card")
        return t

    def seats(self, value: object) -> tuple[int, ...]:
        if not isinstance(value, list) or len(value) > self.players:
            raise ClaimError("'seats' must be a list of seats")
        seats = tuple(self.seat(v) for v in value)
        if len(set(seats)) != len(seats):
            raise ClaimError("'seats' names a seat twice")
        return seats


def _role(value: object, what: str = "role") -> str:
    if not isinstance(value, str) or value not in ALL_ROLES:
        raise ClaimError(f"{what}: {value!r} is not a role")
    return value


def _field(data: dict[str, Any], key: str) -> object:
    if key not in data:
        raise ClaimError(f"a {data.get('type')} claim needs '{key}'")
    return data[key]


def _looks(data: dict[str, Any], table: Table) -> tuple[tuple[Target, str], ...]:
    raw = _field(data, "looks")
    if not isinstance(raw, list) or not 1 <= len(raw) <= 2:
        raise ClaimError("'looks' must be a list of one or two looks")
    looks = []
    for look in raw:
        if not isinstance(look, dict):
            raise ClaimError("each look must be an object with 'target' and 'card'")
        looks.append((table.target(_field(look, "target")), _role(_field(look, "card"), "card")))
    if len({t for t, _ in looks}) != len(looks):
        raise ClaimError("'looks' names a card twice")
    return tuple(looks)


def claim_from_json(data: object, players: int, center: int = 3) -> Claim:
    """Parse and check a claim's JSON for a table of ``players`` seats and ``center``
    center cards; :class:`ClaimError` with the reason on anything else (never a crash)."""
    if not isinstance(data, dict):
        raise ClaimError("a claim must be a JSON object")
    table = Table(players, center)
    kind = data.get("type")
    try:
        return _parse(kind, data, table)
    except RecursionError:
        raise ClaimError("claim nested too deeply") from None


def _parse(kind: object, data: dict[str, Any], table: Table) -> Claim:
    if kind == "i_am":
        return IAm(_role(_field(data, "role")))
    if kind == "saw":
        return Saw(_looks(data, table))
    if kind == "took":
        return Took(table.seat(_field(data, "target"), "target"), _role(_field(data, "card")))
    if kind == "swapped":
        raw = _field(data, "targets")
        if not isinstance(raw, list) or len(raw) != 2:
            raise ClaimError("'targets' must be a list of two targets")
        # The Alpha Wolf's swap: the center Werewolf card with a player's.
        wolf = [t for t in raw if t == "center:wolf"]
        if len(wolf) == 1:
            (other,) = (t for t in raw if t != "center:wolf")
            return Swapped(table.seat(other, "the center Werewolf card's swap"), CENTER_WOLF)
        a, b = sorted(table.target(t) for t in raw)
        if a == b:
            raise ClaimError("a swap needs two different cards")
        return Swapped(a, b)
    if kind == "copied":
        return Copied(table.seat(_field(data, "target"), "target"), _role(_field(data, "role")))
    if kind == "shielded":
        return Shielded(table.seat(_field(data, "target"), "target"))
    if kind == "revealed":
        return Revealed(table.seat(_field(data, "target"), "target"), _role(_field(data, "card")))
    if kind == "partners":
        return Partners(table.seats(_field(data, "seats")))
    if kind == "saw_wolves":
        return SawWolves(table.seats(_field(data, "seats")))
    if kind == "saw_tanners":
        return SawTanners(table.seats(_field(data, "seats")))
    if kind == "moved":
        return Moved(table.seats(_field(data, "seats")))
    if kind == "nothing":
        return Nothing()
    if kind == "think":
        return Think(table.seat(_field(data, "target"), "target"), _role(_field(data, "role")))
    if kind == "no_werewolf":
        return NoWerewolf()
    raise ClaimError(f"unknown claim type {kind!r}")


def posted_from_json(data: object, players: int, center: int = 3) -> Posted:
    """Parse a board entry ``{"seat": s, "claim": {...}}``; ClaimError on anything else."""
    if not isinstance(data, dict):
        raise ClaimError("a board entry must be a JSON object")
    seat = Table(players, center).seat(data.get("seat"), "seat")
    return Posted(seat, claim_from_json(data.get("claim"), players, center))


def swapped(a: Target, b: Target) -> Swapped:
    """A Swapped claim with its targets in canonical (sorted) order."""
    return Swapped(a, b) if a < b else Swapped(b, a)
