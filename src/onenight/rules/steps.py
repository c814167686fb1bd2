"""The night's steps, as data (RULES.md §3): what each step asks, which steps each call
runs, and those a Doppelgänger's copy adds.

A step is a number; :mod:`.night` runs it (its ``offer`` and its ``resolve``) and
:mod:`.turns` counts the night's turns from these tables alone, never from the deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from . import choices as C
from . import roles as R
from .actions import CENTER, Action

#: step → (kind, mandatory, builder): what the step asks (``""`` and no builder for a
#: step that makes no decision: its players only learn).
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
# Final ints, one per step (in :data:`KINDS`'s order): compiled, a Final is a constant
# where any other global is a dict lookup per read (the night dispatches on these).
SHIELD: Final = 0
COPY: Final = 1
WOLVES_SEE: Final = 2
LONE_PEEK: Final = 3
LG_PEEK: Final = 4
ALPHA: Final = 5
MINION_SEE: Final = 6
APPRENTICE_TANNER: Final = 7
MASONS_SEE: Final = 8
LOOK_PLAYER: Final = 9
SEER: Final = 10
LOOK_CENTER: Final = 11
INVESTIGATE: Final = 12
ROB: Final = 13
WITCH_LOOK: Final = 14
WITCH_SWAP: Final = 15
TROUBLE: Final = 16
AURA: Final = 17
DRUNK: Final = 18
INSOMNIAC: Final = 19
REVEAL: Final = 20
_NUMBERS: Final = [
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
]
if list(range(len(KINDS))) != _NUMBERS:
    raise AssertionError("one step number for each row of KINDS, in order")

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
