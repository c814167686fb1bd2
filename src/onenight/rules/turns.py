"""The night's turns (RULES.md §6): every call split into turns, counted from the deck.

A call during which more than one player may have to choose is split into turns of the
same length, one per possible chooser and one per step of a decision that needs the
result of the step before. The plan depends only on the edition and the deck (in
``workshop``, the enabled cards), never on the deal, so that the number and length of
the turns tell nothing about who holds what.

Per call, counted from the deck:

* a role whose holders choose (Sentinel, Seer, Robber, Witch …): one turn per copy of the
  card in the deck, times the steps of its action (two for the Witch, the Paranormal
  Investigator and the Ghost Hunter);
* ``doppelganger``: the copy, then one turn per step of the copied role's action, as
  many as the deck's other cards make possible (two with a Witch, PI or Ghost Hunter in
  the deck, one with any other role that acts at once, none otherwise);
* ``werewolves``: the lone wolf's peek when the edition has one and the deck holds a
  waking wolf; then one turn per Little Girl card, and one more for the Doppelgänger
  card when the deck holds both;
* every other call (the Minion, the Masons, the Insomniac …): one turn, where its
  players learn what they learn.

Which copy's turn a player takes is ``Setup.slots`` (drawn at random with the deal).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from . import roles as R
from .editions import EDITIONS, night_calls
from .roles import Role
from .steps import CALL_TASKS, IMMEDIATE, KINDS


def _per_copy_steps() -> dict[str, int]:
    """Calls whose holders choose, each copy of the card its own turn(s): steps per copy."""
    out = {}
    for call, tasks in CALL_TASKS.items():
        for role, steps in tasks:
            if role == call and KINDS[steps[0]][2] is not None:
                out[call] = len(steps)
    return out


PER_COPY_STEPS: dict[str, int] = _per_copy_steps()


class Turn(NamedTuple):
    """One turn of the night: its ``call`` (index into the calls), the call's ``name``,
    the ``role`` whose holder may choose in it (``""`` when nobody chooses: a turn where
    players only learn), which ``copy`` of that card and which ``step`` of its action."""

    call: int
    name: str
    role: Role
    copy: int
    step: int

    def to_json(self) -> dict[str, object]:
        return {"call": self.name, "role": self.role, "copy": self.copy, "step": self.step}


class TurnPlan(NamedTuple):
    """The turns of a night, and where each call's turns begin.

    ``first[k]``: the first turn of call ``k``; ``offset[k]``: where its per-copy turns
    begin within the call (after the lone wolf's peek); ``steps[k]``: turns per copy.
    """

    calls: tuple[str, ...]
    turns: tuple[Turn, ...]
    first: tuple[int, ...]
    offset: tuple[int, ...]
    steps: tuple[int, ...]

    def copy_turn(self, k: int, copy: int, step: int) -> int:
        """The turn of ``step`` of the holder of ``copy`` at call ``k``."""
        return self.first[k] + self.offset[k] + copy * self.steps[k] + step

    def doppel_turn(self, k: int, step: int) -> int:
        """The turn of step ``step`` of a Doppelgänger's copied action made at once."""
        return self.first[k] + 1 + step

    def last_turn(self, k: int) -> int:
        """The last turn of call ``k`` (the Doppelgänger-Little Girl's peek)."""
        nxt = self.first[k + 1] if k + 1 < len(self.first) else len(self.turns)
        return nxt - 1


def turn_plan(edition_id: str, deck: tuple[Role, ...]) -> TurnPlan:
    """The night's turns for this deck (the enabled cards in a workshop draw)."""
    return _plan(edition_id, tuple(sorted(deck)))


@lru_cache(maxsize=4096)
def _plan(edition_id: str, deck: tuple[Role, ...]) -> TurnPlan:
    ed = EDITIONS[edition_id]
    counts = Counter(deck)
    calls = night_calls(ed.id, deck)
    turns: list[Turn] = []
    first: list[int] = []
    offset: list[int] = []
    steps: list[int] = []
    for k, name in enumerate(calls):
        first.append(len(turns))
        before, per_copy, copies = _layout(ed.id, name, counts)
        offset.append(len(before))
        steps.append(per_copy)
        turns.extend(Turn(k, name, role, copy, step) for role, copy, step in before)
        role = _CALL_ROLE.get(name, "")
        for copy in range(copies):
            turns.extend(Turn(k, name, role, copy, step) for step in range(per_copy))
        if name == "werewolves" and counts[R.DOPPELGANGER] and counts[R.LITTLE_GIRL]:
            turns.append(Turn(k, name, R.DOPPELGANGER, 0, 0))
        if len(turns) == first[-1]:  # nobody chooses: one turn to wake and learn
            turns.append(Turn(k, name, "", 0, 0))
    return TurnPlan(calls, tuple(turns), tuple(first), tuple(offset), tuple(steps))


_CALL_ROLE: dict[str, Role] = {name: name for name in PER_COPY_STEPS}
_CALL_ROLE["werewolves"] = R.LITTLE_GIRL
_CALL_ROLE["doppelganger_revealer"] = R.DOPPELGANGER


def _layout(
    edition_id: str, name: str, counts: Counter[Role]
) -> tuple[list[tuple[Role, int, int]], int, int]:
    """For one call: the turns before the per-copy ones, steps per copy, and copies."""
    if name == "doppelganger":  # the copy, then the copied action's steps
        return [], 1 + _copied_steps(edition_id, counts), counts[R.DOPPELGANGER]
    if name in PER_COPY_STEPS:
        return [], PER_COPY_STEPS[name], counts[name]
    if name == "werewolves":
        ed = EDITIONS[edition_id]
        peek = ed.lone_wolf_peek and any(counts[w] for w in R.WAKING_WOLVES)
        return ([(R.WEREWOLF, 0, 0)] if peek else []), 1, counts[R.LITTLE_GIRL]
    if name == "doppelganger_revealer":
        return [], 1, 1
    return [], 0, 0


def _copied_steps(edition_id: str, counts: Counter[Role]) -> int:
    """The most steps a Doppelgänger's copy may make at once, given the deck's other cards."""
    most = 0
    for role, steps in IMMEDIATE.items():
        if role == R.ALPHA_WOLF and not EDITIONS[edition_id].doppel_alpha_acts:
            continue
        if counts[role]:
            most = max(most, len(steps))
    return most
