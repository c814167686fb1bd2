"""The night, one step at a time (RULES.md §3).

The night is an *agenda*: a list of tasks ``(call, seat, step)`` in wake order, built
from the deal. Each step has an ``offer`` (run when its turn comes: it records what the
player learns without choosing and returns the :class:`Decision` to make, or ``None``)
and a ``resolve`` (applies the chosen action). A Doppelgänger's copy inserts the copied
role's steps: at once, with a group, or in her delayed slot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from . import choices as C
from . import roles as R
from .actions import CENTER, Action, Copy, Peek, Reveal, Shield, Swap, View
from .editions import DELAYED_COPIES
from .facts import ACTED, LITTLE_GIRL, MASONS, SAW, TANNERS, WOLVES, Fact

if TYPE_CHECKING:
    from .game import Game

GROUP: Final = -1


class Decision:
    """A choice one seat must make now: its ``kind``, the ``call`` (index into
    ``Game.calls``) it belongs to, the legal ``choices`` (``Pass()`` among them when the
    action is optional) and whether it is ``mandatory``."""

    __slots__ = ("call", "choices", "kind", "legal", "mandatory", "seat", "step")

    def __init__(
        self, seat: int, kind: str, call: int, choices: C.Choices, mandatory: bool, step: int
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.call = call
        self.choices, self.legal = choices
        self.mandatory = mandatory
        self.step = step

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, kind={self.kind!r}, call={self.call})"


Offer = Callable[["Game", int, int], "Decision | None"]
Resolve = Callable[["Game", int, Action], None]


def _offer(
    seat: int, kind: str, call: int, choices: C.Choices, mandatory: bool, step: int
) -> Decision | None:
    # A mandatory action with no legal target is skipped (Ruling); so is an optional
    # one with nothing to choose.
    return Decision(seat, kind, call, choices, mandatory, step) if choices[0] else None


def _shielded(g: Game, seat: int) -> bool:
    return bool(g.shields >> seat & 1)


def _look(g: Game, seat: int, target: int) -> R.Role:
    card = g.printed[g.board[target]]
    g.learn(seat, Fact(g.call, SAW, target, card))
    return card


def _swap(g: Game, seat: int, a: int, b: int) -> None:
    board = g.board
    board[a], board[b] = board[b], board[a]
    g.acted |= 1 << seat


def _others_with(g: Game, roles: frozenset[R.Role] | set[R.Role]) -> list[int]:
    acting = g.acting
    return [s for s in range(g.n) if acting[s] in roles]


# -- sentinel, doppelganger ------------------------------------------------------------


def offer_shield(g: Game, seat: int, k: int) -> Decision | None:
    return _offer(seat, "shield", k, C.shield_player(g.n, seat, g.shields), False, SHIELD)


def resolve_shield(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, Shield):
        g.shields |= 1 << action.target


def offer_copy(g: Game, seat: int, k: int) -> Decision | None:
    return _offer(seat, "copy", k, C.copy_player(g.n, seat, g.shields), True, COPY)


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
        g.insert_at("werewolves", seat, (LG_PEEK,))
    elif role in DELAYED_COPIES:
        g.insert_at(DELAYED_COPIES[role], seat, DELAYED_STEPS[role])


# -- werewolves, little girl, alpha, minion, apprentice tanner, masons ------------------


def offer_wolves_see(g: Game, seat: int, k: int) -> Decision | None:
    wolves = _others_with(g, R.WOLF_FAMILY)
    acting = g.acting
    for s in wolves:
        if acting[s] in R.WAKING_WOLVES:
            g.learn(s, Fact(k, WOLVES, seats=tuple(w for w in wolves if w != s)))
    return None


def offer_lone_peek(g: Game, seat: int, k: int) -> Decision | None:
    if not g.edition.lone_wolf_peek:
        return None
    waking = _others_with(g, R.WAKING_WOLVES)
    if len(waking) != 1 or R.DREAM_WOLF in g.acting:
        return None
    return _offer(waking[0], "lone_peek", k, C.look_center(g.c), False, LONE_PEEK)


def offer_little_girl(g: Game, seat: int, k: int) -> Decision | None:
    return _offer(seat, "peek", k, C.peek(), False, LG_PEEK)


def resolve_little_girl(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, Peek):
        waking = _others_with(g, R.WAKING_WOLVES)
        g.learn(seat, Fact(g.call, WOLVES, seats=tuple(waking)))
        for wolf in waking:
            g.learn(wolf, Fact(g.call, LITTLE_GIRL, seat))


def offer_alpha(g: Game, seat: int, k: int) -> Decision | None:
    blocked = g.shields
    for s in _others_with(g, R.WOLF_FAMILY):
        blocked |= 1 << s
    return _offer(seat, "alpha_swap", k, C.alpha(g.n, seat, blocked), True, ALPHA)


def offer_minion(g: Game, seat: int, k: int) -> Decision | None:
    wolves = tuple(_others_with(g, R.WOLF_FAMILY))
    for s in _others_with(g, {R.MINION}):
        g.learn(s, Fact(k, WOLVES, seats=wolves))
    return None


def offer_apprentice_tanner(g: Game, seat: int, k: int) -> Decision | None:
    tanners = tuple(s for s in _others_with(g, {R.TANNER}) if s != seat)
    g.learn(seat, Fact(k, TANNERS, seats=tanners))
    if not tanners:
        g.converted[seat] = R.TANNER  # becomes a Tanner for good, with her card
    return None


def offer_masons(g: Game, seat: int, k: int) -> Decision | None:
    masons = _others_with(g, {R.MASON})
    for s in masons:
        g.learn(s, Fact(k, MASONS, seats=tuple(m for m in masons if m != s)))
    return None


# -- looks: mystic wolf, seer/sorcerer, apprentice seer, PI/ghost hunter ----------------


def offer_look_player(g: Game, seat: int, k: int) -> Decision | None:
    return _offer(seat, "look", k, C.look_player(g.n, seat, g.shields), False, LOOK_PLAYER)


def resolve_look(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, View):
        for target in action.targets:
            _look(g, seat, target)
        g.acted |= 1 << seat


def offer_seer(g: Game, seat: int, k: int) -> Decision | None:
    return _offer(seat, "seer_look", k, C.look_seer(g.n, g.c, seat, g.shields), False, SEER)


def offer_look_center(g: Game, seat: int, k: int) -> Decision | None:
    return _offer(seat, "center_look", k, C.look_center(g.c), False, LOOK_CENTER)


def offer_investigate(g: Game, seat: int, k: int) -> Decision | None:
    first = g.scratch.get(seat)
    if first is None:  # first look
        choices = C.look_player(g.n, seat, g.shields)
    elif first >= 0:  # second look: another player
        choices = C.look_player(g.n, seat, g.shields | 1 << first)
    else:  # declined, or stopped on a wolf or a Tanner
        del g.scratch[seat]
        return None
    return _offer(seat, "investigate", k, choices, False, INVESTIGATE)


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


# -- moves: robber, witch, troublemaker, drunk ------------------------------------------


def offer_rob(g: Game, seat: int, k: int) -> Decision | None:
    if _shielded(g, seat):
        return None
    return _offer(seat, "rob", k, C.rob(g.n, seat, g.shields), False, ROB)


def resolve_rob(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, Swap):
        _swap(g, seat, action.a, action.b)
        _look(g, seat, seat)


def offer_witch_look(g: Game, seat: int, k: int) -> Decision | None:
    return _offer(seat, "witch_look", k, C.look_center(g.c), False, WITCH_LOOK)


def resolve_witch_look(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, View):
        _look(g, seat, action.targets[0])
        g.acted |= 1 << seat
        g.scratch[seat] = action.targets[0]


def offer_witch_swap(g: Game, seat: int, k: int) -> Decision | None:
    slot = g.scratch.pop(seat, None)
    if slot is None:
        return None
    return _offer(seat, "witch_swap", k, C.witch_swap(g.n, slot, g.shields), True, WITCH_SWAP)


def resolve_swap(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, Swap):
        _swap(g, seat, action.a, action.b)


def offer_trouble(g: Game, seat: int, k: int) -> Decision | None:
    return _offer(seat, "trouble", k, C.trouble(g.n, seat, g.shields), False, TROUBLE)


def offer_drunk(g: Game, seat: int, k: int) -> Decision | None:
    if _shielded(g, seat):
        return None
    return _offer(seat, "drunk", k, C.drunk(g.c, seat), True, DRUNK)


# -- aura seer, insomniac, revealer -----------------------------------------------------


def offer_aura(g: Game, seat: int, k: int) -> Decision | None:
    acted = g.acted
    seen = tuple(s for s in range(g.n) if s != seat and acted >> s & 1)
    g.learn(seat, Fact(k, ACTED, seats=seen))
    return None


def offer_insomniac(g: Game, seat: int, k: int) -> Decision | None:
    if not _shielded(g, seat):
        _look(g, seat, seat)
        g.acted |= 1 << seat
    return None


def offer_reveal(g: Game, seat: int, k: int) -> Decision | None:
    return _offer(seat, "reveal", k, C.reveal_player(g.n, seat, g.shields), False, REVEAL)


def resolve_reveal(g: Game, seat: int, action: Action) -> None:
    if isinstance(action, Reveal):
        card = _look(g, seat, action.target)
        g.acted |= 1 << seat
        if card not in R.STOPS_INVESTIGATOR:
            g.revealed[action.target] = card


def _no_resolve(g: Game, seat: int, action: Action) -> None:
    raise AssertionError("this step makes no decision")


# -- the step table -----------------------------------------------------------------------

STEPS: Final[tuple[tuple[Offer, Resolve], ...]] = (
    (offer_shield, resolve_shield),
    (offer_copy, resolve_copy),
    (offer_wolves_see, _no_resolve),
    (offer_lone_peek, resolve_look),
    (offer_little_girl, resolve_little_girl),
    (offer_alpha, resolve_swap),
    (offer_minion, _no_resolve),
    (offer_apprentice_tanner, _no_resolve),
    (offer_masons, _no_resolve),
    (offer_look_player, resolve_look),
    (offer_seer, resolve_look),
    (offer_look_center, resolve_look),
    (offer_investigate, resolve_investigate),
    (offer_rob, resolve_rob),
    (offer_witch_look, resolve_witch_look),
    (offer_witch_swap, resolve_swap),
    (offer_trouble, resolve_swap),
    (offer_aura, _no_resolve),
    (offer_drunk, resolve_swap),
    (offer_insomniac, _no_resolve),
    (offer_reveal, resolve_reveal),
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

CENTER_SLOTS: Final = CENTER


def build_agenda(calls: tuple[str, ...], dealt: list[R.Role]) -> list[tuple[int, int, int]]:
    """The night's tasks for a deal, in wake order; seats sharing a role in seat order."""
    agenda: list[tuple[int, int, int]] = []
    for k, call in enumerate(calls):
        for role, steps in CALL_TASKS.get(call, ()):
            if role is None:
                agenda.extend((k, GROUP, step) for step in steps)
                continue
            for seat, card in enumerate(dealt):
                if card == role:
                    agenda.extend((k, seat, step) for step in steps)
    return agenda
