"""The night, one step at a time (RULES.md §3).

The night is an *agenda*: a list of tasks ``(call, seat, step)`` in wake order, built
from the deal. Each step has an ``offer`` (run when its turn comes: it records what the
player learns without choosing and returns the :class:`Decision` to make, or ``None``)
and a ``resolve`` (applies the chosen action). A Doppelgänger's copy inserts the copied
role's steps: at once, with a group, or in her delayed slot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from . import choices as C
from . import roles as R
from .actions import CENTER, PASS, Action, Copy, Peek, Reveal, Shield, Swap, View
from .editions import DELAYED_COPIES
from .facts import ACTED, LITTLE_GIRL, MASONS, SAW, TANNERS, WOLVES, Fact
from .facts import make_fact as _fact

if TYPE_CHECKING:
    from .game import Game
    from .turns import TurnPlan

GROUP: Final = -1


class Decision:
    """A choice one seat must make now: its ``kind``, the ``turn`` of the night it is
    made in and that turn's ``call`` (indexes into ``Game.turns`` and ``Game.calls``),
    the legal ``choices`` (``Pass()`` among them when the action is optional) and
    whether it is ``mandatory``. Decisions are immutable and shared between games
    (they are cached)."""

    __slots__ = ("call", "choices", "ids", "kind", "legal", "mandatory", "seat", "step", "turn")

    def __init__(
        self,
        seat: int,
        kind: str,
        call: int,
        choices: tuple[Action, ...],
        mandatory: bool,
        step: int,
        turn: int,
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.call = call
        self.turn = turn
        self.choices = choices
        self.legal = frozenset(choices)
        self.ids = frozenset(map(id, choices))
        self.mandatory = mandatory
        self.step = step

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, kind={self.kind!r}, turn={self.turn})"


Offer = Callable[["Game", int, int, int], "Decision | None"]
Resolve = Callable[["Game", int, Action], None]

_DECISIONS: dict[tuple[int, ...], Decision | None] = {}
_DECISIONS_LIMIT = 500_000
_MISSING: Final = object()


def decide(g: Game, seat: int, t: int, step: int, blocked: int, extra: int = 0) -> Decision | None:
    """The decision of ``step`` for ``seat`` at turn ``t``, built once and cached.

    ``None`` when there is nothing to choose: a mandatory action with no legal target
    is skipped (**Ruling**), and so is an optional one.
    """
    key = (step, g.n, g.c, t, g.plan.turns[t].call, seat, blocked, extra)
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


def _shielded(g: Game, seat: int) -> bool:
    return bool(g.shields >> seat & 1)


def _learn(g: Game, seat: int, fact: Fact) -> None:
    g.facts[seat].append(fact)
    g.night_log.append((fact[0], seat, fact))


def _look(g: Game, seat: int, target: int) -> R.Role:
    card = g.printed[g.board[target]]
    fact = _fact((g.turn, SAW, target, card, ()))
    g.facts[seat].append(fact)
    g.night_log.append((g.turn, seat, fact))
    return card


def _swap(g: Game, seat: int, a: int, b: int) -> None:
    board = g.board
    board[a], board[b] = board[b], board[a]
    g.acted |= 1 << seat


def _seats_acting(g: Game, roles: frozenset[R.Role]) -> list[int]:
    acting = g.acting
    return [s for s in range(g.n) if acting[s] in roles]


_MINION: Final = frozenset({R.MINION})
_MASON: Final = frozenset({R.MASON})
_TANNER: Final = frozenset({R.TANNER})


def offer_choice(g: Game, seat: int, t: int, step: int) -> Decision | None:
    """A decision about other players' unshielded cards (or the center)."""
    return decide(g, seat, t, step, g.shields)


def offer_own_card(g: Game, seat: int, t: int, step: int) -> Decision | None:
    """Robber, Drunk: nothing to do when their own card is shielded."""
    return None if _shielded(g, seat) else decide(g, seat, t, step, g.shields)


def offer_alpha(g: Game, seat: int, t: int, step: int) -> Decision | None:
    blocked = g.shields
    for s in _seats_acting(g, R.WOLF_FAMILY):
        blocked |= 1 << s  # never a night wolf
    return decide(g, seat, t, step, blocked)


def resolve_shield(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, Shield):
        g.shields |= 1 << action.target


def resolve_copy(g: Game, seat: int, action: Action) -> None:
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


def offer_wolves_see(g: Game, seat: int, t: int, step: int) -> Decision | None:
    wolves = _seats_acting(g, R.WOLF_FAMILY)
    acting = g.acting
    for s in wolves:
        if acting[s] in R.WAKING_WOLVES:
            _learn(g, s, _fact((t, WOLVES, -1, "", tuple(w for w in wolves if w != s))))
    return None


def offer_lone_peek(g: Game, seat: int, t: int, step: int) -> Decision | None:
    if not g.edition.lone_wolf_peek:
        return None
    waking = _seats_acting(g, R.WAKING_WOLVES)
    if len(waking) != 1 or R.DREAM_WOLF in g.acting:
        return None
    return decide(g, waking[0], t, step, 0)


def resolve_little_girl(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, Peek):
        t = g.turn
        waking = _seats_acting(g, R.WAKING_WOLVES)
        _learn(g, seat, _fact((t, WOLVES, -1, "", tuple(waking))))
        for wolf in waking:
            _learn(g, wolf, _fact((t, LITTLE_GIRL, seat, "", ())))


def offer_minion(g: Game, seat: int, t: int, step: int) -> Decision | None:
    wolves = tuple(_seats_acting(g, R.WOLF_FAMILY))
    for s in _seats_acting(g, _MINION):
        _learn(g, s, _fact((t, WOLVES, -1, "", wolves)))
    return None


def offer_apprentice_tanner(g: Game, seat: int, t: int, step: int) -> Decision | None:
    tanners = tuple(s for s in _seats_acting(g, _TANNER) if s != seat)
    _learn(g, seat, _fact((t, TANNERS, -1, "", tanners)))
    if not tanners:
        g.converted[seat] = R.TANNER  # becomes a Tanner for good, with her card
    return None


def offer_masons(g: Game, seat: int, t: int, step: int) -> Decision | None:
    masons = _seats_acting(g, _MASON)
    for s in masons:
        _learn(g, s, _fact((t, MASONS, -1, "", tuple(m for m in masons if m != s))))
    return None


# -- looks ---------------------------------------------------------------------------------


def resolve_look(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, View):
        for target in action.targets:
            _look(g, seat, target)
        g.acted |= 1 << seat


def offer_investigate(g: Game, seat: int, t: int, step: int) -> Decision | None:
    first = g.scratch.get(seat)
    if first is None:  # first look
        return decide(g, seat, t, step, g.shields)
    if first >= 0:  # second look: another player
        return decide(g, seat, t, step, g.shields | 1 << first)
    del g.scratch[seat]  # declined, or stopped on a wolf or a Tanner
    return None


def resolve_investigate(g: Game, seat: int, action: Action) -> None:
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


def resolve_rob(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, Swap):
        _swap(g, seat, action.a, action.b)
        _look(g, seat, seat)


def resolve_witch_look(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, View):
        _look(g, seat, action.targets[0])
        g.acted |= 1 << seat
        g.scratch[seat] = action.targets[0]


def offer_witch_swap(g: Game, seat: int, t: int, step: int) -> Decision | None:
    slot = g.scratch.pop(seat, None)
    return None if slot is None else decide(g, seat, t, step, g.shields, slot)


def resolve_swap(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, Swap):
        _swap(g, seat, action.a, action.b)


# -- aura seer, insomniac, revealer ------------------------------------------------------


def offer_aura(g: Game, seat: int, t: int, step: int) -> Decision | None:
    acted = g.acted
    seen = tuple(s for s in range(g.n) if s != seat and acted >> s & 1)
    _learn(g, seat, _fact((t, ACTED, -1, "", seen)))
    return None


def offer_insomniac(g: Game, seat: int, t: int, step: int) -> Decision | None:
    if not _shielded(g, seat):
        _look(g, seat, seat)
        g.acted |= 1 << seat
    return None


def resolve_reveal(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, Reveal):
        card = _look(g, seat, action.target)
        g.acted |= 1 << seat
        if card not in R.STOPS_INVESTIGATOR:
            g.revealed[action.target] = card


def _no_resolve(g: Game, seat: int, action: Action) -> None:
    raise AssertionError("this step makes no decision")


# -- the step table -----------------------------------------------------------------------

#: step → (offer, resolve); and, for steps that make a decision, (kind, mandatory, builder).
STEPS: Final[tuple[tuple[Offer, Resolve], ...]] = (
    (offer_choice, resolve_shield),
    (offer_choice, resolve_copy),
    (offer_wolves_see, _no_resolve),
    (offer_lone_peek, resolve_look),
    (offer_choice, resolve_little_girl),
    (offer_alpha, resolve_swap),
    (offer_minion, _no_resolve),
    (offer_apprentice_tanner, _no_resolve),
    (offer_masons, _no_resolve),
    (offer_choice, resolve_look),
    (offer_choice, resolve_look),
    (offer_choice, resolve_look),
    (offer_investigate, resolve_investigate),
    (offer_own_card, resolve_rob),
    (offer_choice, resolve_witch_look),
    (offer_witch_swap, resolve_swap),
    (offer_choice, resolve_swap),
    (offer_aura, _no_resolve),
    (offer_own_card, resolve_swap),
    (offer_insomniac, _no_resolve),
    (offer_choice, resolve_reveal),
)
KINDS: Final[tuple[tuple[str, bool, C.Builder | None], ...]] = (
    ("shield", False, C.shield),
    ("copy", True, C.copy),
    ("", False, None),
    ("lone_peek", False, C.look_center),
    ("peek", False, C.peek),
    ("alpha_swap", True, C.alpha),
    ("", False, None),
    ("", False, None),
    ("", False, None),
    ("look", False, C.look_player),
    ("seer_look", False, C.look_seer),
    ("center_look", False, C.look_center),
    ("investigate", False, C.look_player),
    ("rob", False, C.rob),
    ("witch_look", False, C.look_center),
    ("witch_swap", True, C.witch_swap),
    ("trouble", False, C.trouble),
    ("", False, None),
    ("drunk", True, C.drunk),
    ("", False, None),
    ("reveal", False, C.reveal),
)
(
    SHIELD,
    COPY,
    WOLVES_SEE,
    LONE_PEEK,
    LG_PEEK,
    ALPHA,
    MINION_SEE,
    APPRENTICE_TANNER,
    MASONS_SEE,
    LOOK_PLAYER,
    SEER,
    LOOK_CENTER,
    INVESTIGATE,
    ROB,
    WITCH_LOOK,
    WITCH_SWAP,
    TROUBLE,
    AURA,
    DRUNK,
    INSOMNIAC,
    REVEAL,
) = range(len(STEPS))

#: What each role does at its call: ``None`` for a group step run once for all.
CALL_TASKS: Final[dict[str, tuple[tuple[R.Role | None, tuple[int, ...]], ...]]] = {
    "sentinel": ((R.SENTINEL, (SHIELD,)),),
    "doppelganger": ((R.DOPPELGANGER, (COPY,)),),
    "werewolves": ((None, (WOLVES_SEE, LONE_PEEK)), (R.LITTLE_GIRL, (LG_PEEK,))),
    "alpha_wolf": ((R.ALPHA_WOLF, (ALPHA,)),),
    "mystic_wolf": ((R.MYSTIC_WOLF, (LOOK_PLAYER,)),),
    "minion": ((None, (MINION_SEE,)),),
    "apprentice_tanner": ((R.APPRENTICE_TANNER, (APPRENTICE_TANNER,)),),
    "mason": ((None, (MASONS_SEE,)),),
    "seer": ((R.SEER, (SEER,)),),
    "sorcerer": ((R.SORCERER, (SEER,)),),
    "apprentice_seer": ((R.APPRENTICE_SEER, (LOOK_CENTER,)),),
    "paranormal_investigator": ((R.PARANORMAL_INVESTIGATOR, (INVESTIGATE, INVESTIGATE)),),
    "ghost_hunter": ((R.GHOST_HUNTER, (INVESTIGATE, INVESTIGATE)),),
    "robber": ((R.ROBBER, (ROB,)),),
    "phantom_thief": ((R.PHANTOM_THIEF, (ROB,)),),
    "witch": ((R.WITCH, (WITCH_LOOK, WITCH_SWAP)),),
    "troublemaker": ((R.TROUBLEMAKER, (TROUBLE,)),),
    "aura_seer": ((R.AURA_SEER, (AURA,)),),
    "drunk": ((R.DRUNK, (DRUNK,)),),
    "insomniac": ((R.INSOMNIAC, (INSOMNIAC,)),),
    "revealer": ((R.REVEALER, (REVEAL,)),),
}

#: A Doppelgänger's copy that acts at once, in her own turn.
IMMEDIATE: Final[dict[R.Role, tuple[int, ...]]] = {
    R.SEER: (SEER,),
    R.SORCERER: (SEER,),
    R.ROBBER: (ROB,),
    R.PHANTOM_THIEF: (ROB,),
    R.TROUBLEMAKER: (TROUBLE,),
    R.DRUNK: (DRUNK,),
    R.SENTINEL: (SHIELD,),
    R.APPRENTICE_SEER: (LOOK_CENTER,),
    R.WITCH: (WITCH_LOOK, WITCH_SWAP),
    R.PARANORMAL_INVESTIGATOR: (INVESTIGATE, INVESTIGATE),
    R.GHOST_HUNTER: (INVESTIGATE, INVESTIGATE),
    R.ALPHA_WOLF: (ALPHA,),
    R.MYSTIC_WOLF: (LOOK_PLAYER,),
}

#: A Doppelgänger's copy that acts in its delayed slot.
DELAYED_STEPS: Final[dict[R.Role, tuple[int, ...]]] = {
    R.APPRENTICE_TANNER: (APPRENTICE_TANNER,),
    R.AURA_SEER: (AURA,),
    R.INSOMNIAC: (INSOMNIAC,),
    R.REVEALER: (REVEAL,),
}


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


def build_agenda(
    plan: TurnPlan, dealt: Sequence[R.Role], slots: Sequence[int]
) -> list[tuple[int, int, int]]:
    """The night's tasks ``(turn, seat, step)`` for a deal, in the order they run.

    Each task runs in its turn of the plan: a seat's steps in the turns of the copy of
    its card it holds (``slots[seat]``), so players who share a role act in slot order.
    Group steps (seat -1: the werewolves seeing each other …) run first in their turn.
    """
    groups, by_role = _tasks(plan.calls)
    first = plan.first
    agenda = [(first[k], GROUP, step) for k, step in groups]
    append = agenda.append
    for seat, card in enumerate(dealt):
        tasks = by_role.get(card)
        if tasks is not None:
            slot = slots[seat]
            for k, j, step in tasks:
                append((plan.copy_turn(k, slot, j), seat, step))
    agenda.sort()
    return agenda


def possible_steps(deck: Sequence[R.Role]) -> set[int]:
    """The steps a night with this deck may run, read from the deck alone (whatever the
    deal): each card's steps at its call, a Doppelgänger's copy of any card of the deck,
    and the lone wolf's peek (there may always be a lone wolf)."""
    steps = {LONE_PEEK}
    roles = set(deck)
    for tasks in CALL_TASKS.values():
        for role, role_steps in tasks:
            if role is None or role in roles:
                steps.update(role_steps)
    if R.DOPPELGANGER in roles:
        for role in roles:
            steps.update(IMMEDIATE.get(role, ()))
            steps.update(DELAYED_STEPS.get(role, ()))
    return steps


def offered_choices(deck: Sequence[R.Role], n: int, c: int) -> dict[str, list[Action]]:
    """Every decision a night with this deck may bring, for ``n`` players and ``c`` center
    cards: its ``kind`` → its choices, one for each step of :func:`possible_steps` that
    makes a decision, laid out for seat 0 with nothing blocked (another seat is offered as
    many choices; a seat with some blocked, fewer; an optional one adds ``Pass()``). It
    depends on the public table only, so what the longest list weighs is a bound that
    tells nothing of the deal: the server pads night frames to it
    (``session/padding.py``)."""
    offered: dict[str, list[Action]] = {}
    for step in sorted(possible_steps(deck)):
        kind, _, build = KINDS[step]
        if build is not None:
            offered[kind] = build(n, c, 0, 0, CENTER)
    return offered
