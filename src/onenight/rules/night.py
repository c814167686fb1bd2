"""The night, one step at a time (RULES.md §3).

The night is an *agenda*: a list of tasks ``(call, seat, step)`` in wake order, built
from the deal. Each step (a number: what it asks and which calls run it are data, in
:mod:`.steps`) has an ``offer`` (run when its turn comes: it records what the player
learns without choosing and returns the :class:`Decision` to make, or ``None``) and a
``resolve`` (applies the chosen action); both read and change a
:class:`.state.GameState`. A Doppelgänger's copy inserts the copied role's steps: at
once, with a group, or in her delayed slot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final

from . import roles as R
from .actions import PASS, Action, Copy, Peek, Reveal, Shield, Swap, View
from .editions import DELAYED_COPIES
from .facts import ACTED, LITTLE_GIRL, MASONS, SAW, TANNERS, WOLVES, Fact, make_fact
from .state import Decision, GameState
from .steps import (
    ALPHA,
    APPRENTICE_TANNER,
    AURA,
    CALL_TASKS,
    COPY,
    DELAYED_STEPS,
    DRUNK,
    IMMEDIATE,
    INSOMNIAC,
    INVESTIGATE,
    KINDS,
    LG_PEEK,
    LONE_PEEK,
    LOOK_CENTER,
    LOOK_PLAYER,
    MASONS_SEE,
    MINION_SEE,
    REVEAL,
    ROB,
    SEER,
    SHIELD,
    TROUBLE,
    WITCH_LOOK,
    WITCH_SWAP,
    WOLVES_SEE,
)
from .turns import TurnPlan

GROUP: Final = -1


Offer = Callable[[GameState, int, int, int], Decision | None]
Resolve = Callable[[GameState, int, Action], None]

_DECISIONS: Final[dict[tuple[int, ...], Decision | None]] = {}
_DECISIONS_LIMIT: Final = 500_000
_MISSING: Final = object()


def decide(
    g: GameState, seat: int, t: int, step: int, blocked: int, extra: int = 0
) -> Decision | None:
    """The decision of ``step`` for ``seat`` at turn ``t``, built once and cached.

    ``None`` when there is nothing to choose: a mandatory action with no legal target
    is skipped (**Ruling**), and so is an optional one.
    """
    key = (step, g.n, g.c, t, g.turn_call[t], seat, blocked, extra)
    d = _DECISIONS.get(key, _MISSING)
    if d is _MISSING:
        if len(_DECISIONS) > _DECISIONS_LIMIT:
            _DECISIONS.clear()
        kind, mandatory, build = KINDS[step]
        acts = build(g.n, g.c, seat, blocked, extra) if build else []
        if acts and not mandatory:
            acts.append(PASS)
        d = _DECISIONS[key] = (
            Decision(seat, kind, key[4], tuple(acts), mandatory, step, t) if acts else None
        )
    return d  # type: ignore[return-value]


_FactKey = tuple[int, str, int, R.Role, tuple[int, ...]]
_FACTS: Final[dict[_FactKey, Fact]] = {}


def _fact(key: _FactKey) -> Fact:
    """The Fact of these fields, shared: facts are immutable values, and a cached one
    costs a dict lookup where making a NamedTuple costs a Python-level call."""
    fact = _FACTS.get(key)
    if fact is None:
        if len(_FACTS) > 100_000:
            _FACTS.clear()
        fact = _FACTS[key] = make_fact(key)
    return fact


def _shielded(g: GameState, seat: int) -> bool:
    return bool(g.shields >> seat & 1)


def _learn(g: GameState, seat: int, fact: Fact) -> None:
    g.facts[seat].append(fact)
    g.night_log.append((fact[0], seat, fact))


def _look(g: GameState, seat: int, target: int) -> R.Role:
    card = g.printed[g.board[target]]
    fact = _fact((g.turn, SAW, target, card, ()))
    g.facts[seat].append(fact)
    g.night_log.append((g.turn, seat, fact))
    return card


def _swap(g: GameState, seat: int, a: int, b: int) -> None:
    board = g.board
    board[a], board[b] = board[b], board[a]
    g.acted |= 1 << seat


def _seats_acting(g: GameState, roles: frozenset[R.Role]) -> list[int]:
    acting = g.acting
    return [s for s in range(g.n) if acting[s] in roles]


_MINION: Final = frozenset({R.MINION})
_MASON: Final = frozenset({R.MASON})
_TANNER: Final = frozenset({R.TANNER})


def offer_choice(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    """A decision about other players' unshielded cards (or the center)."""
    return decide(g, seat, t, step, g.shields)


def offer_own_card(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    """Robber, Drunk: nothing to do when their own card is shielded."""
    return None if _shielded(g, seat) else decide(g, seat, t, step, g.shields)


def offer_alpha(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    blocked = g.shields
    for s in _seats_acting(g, R.WOLF_FAMILY):
        blocked |= 1 << s  # never a night wolf
    return decide(g, seat, t, step, blocked)


def resolve_shield(g: GameState, seat: int, action: Action) -> None:
    if isinstance(action, Shield):
        g.shields |= 1 << action.target


def resolve_copy(g: GameState, seat: int, action: Action) -> None:
    assert isinstance(action, Copy)
    role = _look(g, seat, action.target)
    g.acted |= 1 << seat
    g.acting[seat] = role
    g.converted[seat] = role  # her card, wherever it goes, is the copied role
    steps = IMMEDIATE.get(role)
    if role == R.ALPHA_WOLF and not g.edition.doppel_alpha_acts:
        steps = None  # workshop (Ruling): no Alpha action, wakes with the werewolves
    if steps:
        g.insert_now(seat, steps)
    elif role == R.LITTLE_GIRL:
        g.insert_at("werewolves", seat, (LG_PEEK,), last=True)
    elif role in DELAYED_COPIES:
        g.insert_at(DELAYED_COPIES[role], seat, DELAYED_STEPS[role])


# -- what groups see: werewolves, minion, masons; the apprentice tanner -----------------


def offer_wolves_see(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    wolves = _seats_acting(g, R.WOLF_FAMILY)
    acting = g.acting
    for s in wolves:
        if acting[s] in R.WAKING_WOLVES:
            _learn(g, s, _fact((t, WOLVES, -1, "", tuple([w for w in wolves if w != s]))))
    return None


def offer_lone_peek(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    if not g.edition.lone_wolf_peek:
        return None
    waking = _seats_acting(g, R.WAKING_WOLVES)
    if len(waking) != 1 or R.DREAM_WOLF in g.acting:
        return None
    return decide(g, waking[0], t, step, 0)


def resolve_little_girl(g: GameState, seat: int, action: Action) -> None:
    if isinstance(action, Peek):
        t = g.turn
        waking = _seats_acting(g, R.WAKING_WOLVES)
        _learn(g, seat, _fact((t, WOLVES, -1, "", tuple(waking))))
        for wolf in waking:
            _learn(g, wolf, _fact((t, LITTLE_GIRL, seat, "", ())))


def offer_minion(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    wolves = tuple(_seats_acting(g, R.WOLF_FAMILY))
    for s in _seats_acting(g, _MINION):
        _learn(g, s, _fact((t, WOLVES, -1, "", wolves)))
    return None


def offer_apprentice_tanner(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    tanners = tuple([s for s in _seats_acting(g, _TANNER) if s != seat])
    _learn(g, seat, _fact((t, TANNERS, -1, "", tanners)))
    if not tanners:
        g.converted[seat] = R.TANNER  # becomes a Tanner for good, with her card
    return None


def offer_masons(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    masons = _seats_acting(g, _MASON)
    for s in masons:
        _learn(g, s, _fact((t, MASONS, -1, "", tuple([m for m in masons if m != s]))))
    return None


# -- looks ---------------------------------------------------------------------------------


def resolve_look(g: GameState, seat: int, action: Action) -> None:
    if isinstance(action, View):
        for target in action.targets:
            _look(g, seat, target)
        g.acted |= 1 << seat


def offer_investigate(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    first = g.scratch.get(seat)
    if first is None:  # first look
        return decide(g, seat, t, step, g.shields)
    if first >= 0:  # second look: another player
        return decide(g, seat, t, step, g.shields | 1 << first)
    del g.scratch[seat]  # declined, or stopped on a wolf or a Tanner
    return None


def resolve_investigate(g: GameState, seat: int, action: Action) -> None:
    second = seat in g.scratch
    if not isinstance(action, View):
        g.scratch[seat] = -1  # declined: no second look
        return
    card = _look(g, seat, action.targets[0])
    g.acted |= 1 << seat
    stopped = card in R.STOPS_INVESTIGATOR
    if stopped:  # stops, and becomes a werewolf or a tanner with his card
        g.converted[seat] = R.TANNER if card == R.TANNER else R.WEREWOLF
    if second:
        del g.scratch[seat]
    else:
        g.scratch[seat] = -1 if stopped else action.targets[0]


# -- moves -----------------------------------------------------------------------------------


def resolve_rob(g: GameState, seat: int, action: Action) -> None:
    if isinstance(action, Swap):
        _swap(g, seat, action.a, action.b)
        _look(g, seat, seat)


def resolve_witch_look(g: GameState, seat: int, action: Action) -> None:
    if isinstance(action, View):
        _look(g, seat, action.targets[0])
        g.acted |= 1 << seat
        g.scratch[seat] = action.targets[0]


def offer_witch_swap(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    slot = g.scratch.pop(seat, None)
    return None if slot is None else decide(g, seat, t, step, g.shields, slot)


def resolve_swap(g: GameState, seat: int, action: Action) -> None:
    if isinstance(action, Swap):
        _swap(g, seat, action.a, action.b)


# -- aura seer, insomniac, revealer ------------------------------------------------------


def offer_aura(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    acted = g.acted
    seen = tuple([s for s in range(g.n) if s != seat and acted >> s & 1])
    _learn(g, seat, _fact((t, ACTED, -1, "", seen)))
    return None


def offer_insomniac(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    if not _shielded(g, seat):
        _look(g, seat, seat)
        g.acted |= 1 << seat
    return None


def resolve_reveal(g: GameState, seat: int, action: Action) -> None:
    if isinstance(action, Reveal):
        card = _look(g, seat, action.target)
        g.acted |= 1 << seat
        if card not in R.STOPS_INVESTIGATOR:
            g.revealed[action.target] = card


def _no_resolve(g: GameState, seat: int, action: Action) -> None:
    raise AssertionError("this step makes no decision")


# -- the step table -----------------------------------------------------------------------

#: step → (offer, resolve), in the order of the steps (:data:`.steps.KINDS`).
STEPS: Final[tuple[tuple[Offer, Resolve], ...]] = (
    (offer_choice, resolve_shield),  # SHIELD
    (offer_choice, resolve_copy),  # COPY
    (offer_wolves_see, _no_resolve),  # WOLVES_SEE
    (offer_lone_peek, resolve_look),  # LONE_PEEK
    (offer_choice, resolve_little_girl),  # LG_PEEK
    (offer_alpha, resolve_swap),  # ALPHA
    (offer_minion, _no_resolve),  # MINION_SEE
    (offer_apprentice_tanner, _no_resolve),  # APPRENTICE_TANNER
    (offer_masons, _no_resolve),  # MASONS_SEE
    (offer_choice, resolve_look),  # LOOK_PLAYER
    (offer_choice, resolve_look),  # SEER
    (offer_choice, resolve_look),  # LOOK_CENTER
    (offer_investigate, resolve_investigate),  # INVESTIGATE
    (offer_own_card, resolve_rob),  # ROB
    (offer_choice, resolve_witch_look),  # WITCH_LOOK
    (offer_witch_swap, resolve_swap),  # WITCH_SWAP
    (offer_choice, resolve_swap),  # TROUBLE
    (offer_aura, _no_resolve),  # AURA
    (offer_own_card, resolve_swap),  # DRUNK
    (offer_insomniac, _no_resolve),  # INSOMNIAC
    (offer_choice, resolve_reveal),  # REVEAL
)


def offer(g: GameState, seat: int, t: int, step: int) -> Decision | None:
    """``STEPS[step][0](g, seat, t, step)``, as direct calls: compiled, each is a C call,
    where a call through the table goes through Python's calling convention."""
    if step in (SHIELD, COPY, LG_PEEK, LOOK_PLAYER, SEER, LOOK_CENTER, WITCH_LOOK, TROUBLE, REVEAL):
        return offer_choice(g, seat, t, step)
    if step == WOLVES_SEE:
        return offer_wolves_see(g, seat, t, step)
    if step == LONE_PEEK:
        return offer_lone_peek(g, seat, t, step)
    if step == ALPHA:
        return offer_alpha(g, seat, t, step)
    if step == MINION_SEE:
        return offer_minion(g, seat, t, step)
    if step == APPRENTICE_TANNER:
        return offer_apprentice_tanner(g, seat, t, step)
    if step == MASONS_SEE:
        return offer_masons(g, seat, t, step)
    if step == INVESTIGATE:
        return offer_investigate(g, seat, t, step)
    if step in (ROB, DRUNK):
        return offer_own_card(g, seat, t, step)
    if step == WITCH_SWAP:
        return offer_witch_swap(g, seat, t, step)
    if step == AURA:
        return offer_aura(g, seat, t, step)
    if step == INSOMNIAC:
        return offer_insomniac(g, seat, t, step)
    raise AssertionError(f"no step {step}")


def resolve(g: GameState, seat: int, step: int, action: Action) -> None:
    """``STEPS[step][1](g, seat, action)``, as direct calls (see :func:`offer`)."""
    if step == SHIELD:
        resolve_shield(g, seat, action)
        return
    if step == COPY:
        resolve_copy(g, seat, action)
        return
    if step in (LONE_PEEK, LOOK_PLAYER, SEER, LOOK_CENTER):
        resolve_look(g, seat, action)
        return
    if step == LG_PEEK:
        resolve_little_girl(g, seat, action)
        return
    if step in (ALPHA, WITCH_SWAP, TROUBLE, DRUNK):
        resolve_swap(g, seat, action)
        return
    if step == INVESTIGATE:
        resolve_investigate(g, seat, action)
        return
    if step == ROB:
        resolve_rob(g, seat, action)
        return
    if step == WITCH_LOOK:
        resolve_witch_look(g, seat, action)
        return
    if step == REVEAL:
        resolve_reveal(g, seat, action)
        return
    _no_resolve(g, seat, action)


if len(STEPS) != len(KINDS):
    raise AssertionError("one (offer, resolve) for each step of steps.KINDS")


# -- the agenda ---------------------------------------------------------------------------
#
# A task ``(turn, seat, step)`` is kept as one int, ``turn << 16 | (seat + 1) << 8 | step``
# (seat -1: a group step): ints sort in the tuples' order and cost no allocation, which
# matters in simulations (a game a few microseconds long builds and walks its agenda).

SEAT_SHIFT: Final = 8
TURN_SHIFT: Final = 16  # state._task and Game._advance spell these out (hot paths)


def task(turn: int, seat: int, step: int) -> int:
    """The agenda's int for the task ``(turn, seat, step)``."""
    return turn << TURN_SHIFT | (seat + 1) << SEAT_SHIFT | step


def untask(t: int) -> tuple[int, int, int]:
    """The task ``(turn, seat, step)`` of an agenda's int."""
    return t >> TURN_SHIFT, (t >> SEAT_SHIFT & 255) - 1, t & 255


class NightTable:
    """What the agenda of any deal of one plan is made of, worked out once per plan: the
    group tasks, and for each card and slot its holder's tasks (seat 0's ints: a seat
    adds ``seat << SEAT_SHIFT``). Also each turn's call (for the decision cache)."""

    __slots__ = ("_by_card", "_tasks", "groups", "plan", "turn_call")

    def __init__(self, plan: TurnPlan) -> None:
        self.plan = plan
        groups, by_role = _tasks(plan.calls)
        first = plan.first
        self.groups: list[int] = sorted(task(first[k], GROUP, step) for k, step in groups)
        self._tasks = by_role
        #: card → slot → its tasks, as ints for seat 0 (filled as slots are met).
        self._by_card: dict[R.Role, list[tuple[int, ...]]] = {}
        self.turn_call: tuple[int, ...] = tuple(turn.call for turn in plan.turns)

    def card_tasks(self, card: R.Role, slot: int) -> tuple[int, ...]:
        """The tasks of the holder of ``slot`` of ``card`` at seat 0 (empty: none)."""
        per_slot = self._by_card.get(card)
        if per_slot is None:
            per_slot = self._by_card[card] = []
        while len(per_slot) <= slot:
            plan, j_slot = self.plan, len(per_slot)
            per_slot.append(
                tuple(
                    task(plan.copy_turn(k, j_slot, j), 0, step)
                    for k, j, step in self._tasks.get(card, ())
                )
            )
        return per_slot[slot]

    def agenda(self, dealt: list[R.Role], slots: tuple[int, ...]) -> list[int]:
        """The night's tasks for a deal, in the order they run (see :func:`build_agenda`)."""
        agenda = self.groups.copy()
        by_card = self._by_card
        for seat in range(len(dealt)):
            card = dealt[seat]
            slot = slots[seat]
            per_slot = by_card.get(card)
            tasks = per_slot[slot] if per_slot is not None and slot < len(per_slot) else None
            if tasks is None:
                tasks = self.card_tasks(card, slot)
            if tasks:
                add = seat << SEAT_SHIFT
                for t in tasks:
                    agenda.append(t + add)
        agenda.sort()
        return agenda


_TABLES: Final[dict[int, NightTable]] = {}


def night_table(plan: TurnPlan) -> NightTable:
    """The plan's :class:`NightTable`, built once (keyed by the plan's identity: plans
    are cached by :func:`.turns.turn_plan`, and each table keeps its plan alive, so an id
    is never reused while its table is here)."""
    table = _TABLES.get(id(plan))
    if table is None or table.plan is not plan:
        if len(_TABLES) > 4096:
            _TABLES.clear()
        table = _TABLES[id(plan)] = NightTable(plan)
    return table


@lru_cache(maxsize=4096)
def _tasks(
    calls: tuple[str, ...],
) -> tuple[tuple[tuple[int, int], ...], dict[R.Role, tuple[tuple[int, int, int], ...]]]:
    """For a call sequence: the group tasks ``(call, step)``, and each role's tasks
    ``(call, j, step)`` (``j``: which step of that call's action)."""
    groups: list[tuple[int, int]] = []
    by_role: dict[R.Role, list[tuple[int, int, int]]] = {}
    for k, call in enumerate(calls):
        for role, steps in CALL_TASKS.get(call, ()):
            if role is None:
                groups.extend((k, step) for step in steps)
            else:
                by_role.setdefault(role, []).extend((k, j, s) for j, s in enumerate(steps))
    return tuple(groups), {role: tuple(tasks) for role, tasks in by_role.items()}


def build_agenda(plan: TurnPlan, dealt: Sequence[R.Role], slots: Sequence[int]) -> list[int]:
    """The night's tasks for a deal, in the order they run, each as :func:`task`'s int.

    Each task runs in its turn of the plan: a seat's steps in the turns of the copy of
    its card it holds (``slots[seat]``), so players who share a role act in slot order.
    Group steps (seat -1: the werewolves seeing each other …) run first in their turn.
    """
    return night_table(plan).agenda(list(dealt), tuple(slots))
