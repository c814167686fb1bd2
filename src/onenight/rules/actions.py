"""Actions are data: small frozen dataclasses with a stable JSON form.

Targets are ints: seats ``0..n-1``, center card ``i`` is ``CENTER + i`` and the Alpha
Wolf's center Werewolf card is ``CENTER_WOLF``. In JSON a seat is its int, a center
card ``"center:N"`` and the wolf slot ``"center:wolf"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .errors import IllegalAction

Target = int

CENTER: Final = 100
CENTER_WOLF: Final = 199


def center(i: int) -> Target:
    """The target of center card ``i``."""
    return CENTER + i


def is_center(target: Target) -> bool:
    """Whether a target is a center slot (the wolf slot included)."""
    return target >= CENTER


def target_to_json(target: Target) -> int | str:
    """A target's JSON form: the seat int, ``"center:N"`` or ``"center:wolf"``."""
    if target < CENTER:
        return target
    if target == CENTER_WOLF:
        return "center:wolf"
    return f"center:{target - CENTER}"


def target_from_json(value: object) -> Target:
    """Parse a JSON target; IllegalAction on anything else."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < CENTER:
        return value
    if isinstance(value, str) and value.startswith("center:"):
        rest = value[7:]
        if rest == "wolf":
            return CENTER_WOLF
        if rest.isdigit() and len(rest) <= 2 and rest == str(int(rest)):
            return CENTER + int(rest)
    raise IllegalAction(f"not a target: {value!r}")


@dataclass(frozen=True, slots=True)
class View:
    """Look at one card, or (Seer, Sorcerer) at two center cards. Targets sorted."""

    targets: tuple[Target, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "view", "targets": [target_to_json(t) for t in self.targets]}


@dataclass(frozen=True, slots=True)
class Swap:
    """Exchange two cards (the two targets, stored sorted: ``a < b``)."""

    a: Target
    b: Target

    def to_json(self) -> dict[str, Any]:
        return {"type": "swap", "targets": [target_to_json(self.a), target_to_json(self.b)]}


@dataclass(frozen=True, slots=True)
class Copy:
    """Doppelgänger: look at a player's card and become that role."""

    target: Target

    def to_json(self) -> dict[str, Any]:
        return {"type": "copy", "target": self.target}


@dataclass(frozen=True, slots=True)
class Shield:
    """Sentinel: put a shield on another player's card."""

    target: Target

    def to_json(self) -> dict[str, Any]:
        return {"type": "shield", "target": self.target}


@dataclass(frozen=True, slots=True)
class Reveal:
    """Revealer: turn another player's card face up."""

    target: Target

    def to_json(self) -> dict[str, Any]:
        return {"type": "reveal", "target": self.target}


@dataclass(frozen=True, slots=True)
class Peek:
    """Little Girl: peek during the werewolves' turn."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "peek"}


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline an optional action."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}


@dataclass(frozen=True, slots=True)
class Vote:
    """Point at another player at the end of the day."""

    target: Target

    def to_json(self) -> dict[str, Any]:
        return {"type": "vote", "target": self.target}


Action = View | Swap | Copy | Shield | Reveal | Peek | Pass | Vote

PASS: Final = Pass()
PEEK: Final = Peek()


def swap(x: Target, y: Target) -> Swap:
    """A Swap with its targets in canonical (sorted) order."""
    return Swap(x, y) if x < y else Swap(y, x)


def view(*targets: Target) -> View:
    """A View with its targets in canonical (sorted) order."""
    return View(tuple(sorted(targets)))


def _one_target(data: dict[str, Any]) -> Target:
    return target_from_json(data.get("target"))


def _targets(data: dict[str, Any], low: int, high: int) -> list[Target]:
    raw = data.get("targets")
    if not isinstance(raw, list) or not low <= len(raw) <= high:
        raise IllegalAction(f"'targets' must be a list of {low}–{high} targets")
    return [target_from_json(t) for t in raw]


#: The keys of each action's JSON form: any other key makes it malformed.
_KEYS: Final[dict[str, frozenset[str]]] = {
    "view": frozenset({"type", "targets"}),
    "swap": frozenset({"type", "targets"}),
    "copy": frozenset({"type", "target"}),
    "shield": frozenset({"type", "target"}),
    "reveal": frozenset({"type", "target"}),
    "vote": frozenset({"type", "target"}),
    "peek": frozenset({"type"}),
    "pass": frozenset({"type"}),
}


def action_from_json(data: object) -> Action:
    """Parse an action's JSON form; IllegalAction with a reason on anything malformed
    (an unknown type, a missing or bad target, a key the form does not have)."""
    if not isinstance(data, dict):
        raise IllegalAction("an action must be a JSON object")
    kind = data.get("type")
    keys = _KEYS.get(kind) if isinstance(kind, str) else None
    if keys is not None and not data.keys() <= keys:
        extra = ", ".join(sorted(map(str, data.keys() - keys)))
        raise IllegalAction(f"unknown keys in a {kind} action: {extra}")
    if kind == "view":
        return view(*_targets(data, 1, 2))
    if kind == "swap":
        a, b = _targets(data, 2, 2)
        return swap(a, b)
    if kind == "copy":
        return Copy(_one_target(data))
    if kind == "shield":
        return Shield(_one_target(data))
    if kind == "reveal":
        return Reveal(_one_target(data))
    if kind == "vote":
        return Vote(_one_target(data))
    if kind == "peek":
        return PEEK
    if kind == "pass":
        return PASS
    raise IllegalAction(f"unknown action type {kind!r}")
