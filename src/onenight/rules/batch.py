"""B games of one deck at once, as numpy arrays: the deal, the night, the vote, the
result (issue 39). The one-game engine (:class:`.game.Game`) stays the one definition
of the rules; this module replays its night plan over arrays and is checked against it
game by game (:mod:`.batch_check`, ``tests/rules/test_batch.py``,
``benchmarks/batch_differential.py``).

What is vectorised: the deal (a shuffle per row) and the copies players who share a
card hold (:attr:`.setup.Setup.slots`), every turn of the night's plan
(:func:`.turns.turn_plan`, the engine's own), each step of the night over the games
where it runs, the vote, deaths and winners. Nothing falls back to the engine: a deck
holding a role this module does not play yet is refused (:class:`NotBatched`, naming
the role).

A night choice is an index into the engine's list of legal choices for that decision
(``Decision.choices``: the same builders, in the same order, ``Pass()`` last), so a
batch's choices export to the engine's ``(seat, action)`` history one for one.
numpy is imported here and only here: nothing else in ``onenight.rules`` imports this
module, so ``import onenight.rules`` never needs numpy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from . import roles as R
from . import steps as S
from .actions import CENTER, PASS, Action, Copy, Reveal, Shield, Swap, View
from .editions import EDITIONS, validate_deck
from .errors import RulesError
from .roles import Role
from .turns import turn_plan

#: Arrays of any dtype: game arrays are position- or seat-major (``[p, b]``), so that one
#: position of every game is a contiguous row.
Array = npt.NDArray[Any]

#: Role → code: its index in ``roles.ALL_ROLES`` (the code of every role array here).
CODE: Final[dict[Role, int]] = {role: i for i, role in enumerate(R.ALL_ROLES)}
#: The roles the batch plays: the Ultimate base game, the Bodyguard (a vote-only card),
#: and of Daybreak the Sentinel, the Mystic Wolf, the Dream Wolf, the Apprentice Seer, the
#: Witch and the Revealer.
BATCHED: Final = frozenset(
    {
        R.SENTINEL,
        R.MYSTIC_WOLF,
        R.DREAM_WOLF,
        R.APPRENTICE_SEER,
        R.WITCH,
        R.REVEALER,
        R.DOPPELGANGER,
        R.WEREWOLF,
        R.MINION,
        R.MASON,
        R.SEER,
        R.ROBBER,
        R.TROUBLEMAKER,
        R.DRUNK,
        R.INSOMNIAC,
        R.VILLAGER,
        R.TANNER,
        R.HUNTER,
        R.BODYGUARD,
    }
)
BATCHED_EDITIONS: Final = frozenset({"ultimate"})

#: Fact kinds in :attr:`BatchResult.learned` codes (``facts.SAW`` …).
SAW: Final = 1
WOLVES: Final = 2
MASONS: Final = 3

#: The steps that make a decision here (each with its table of choices: :class:`Options`).
DECIDING: Final = (
    S.SHIELD,
    S.COPY,
    S.LONE_PEEK,
    S.LOOK_PLAYER,
    S.SEER,
    S.LOOK_CENTER,
    S.ROB,
    S.WITCH_LOOK,
    S.WITCH_SWAP,
    S.TROUBLE,
    S.DRUNK,
    S.REVEAL,
)


class NotBatched(RulesError):
    """A deck or edition the batch does not play (yet): the engine plays it."""


def fact_code(at: int, kind: int, pos: int, card: int, seats: int) -> int:
    """One learned fact as an int: the turn, its kind, a position (``-1``: none; a seat,
    or ``n + i`` for center card ``i``), a role code (``-1``: none), a bit per seat."""
    return at << 40 | kind << 36 | (pos + 1) << 28 | (card + 1) << 20 | seats


@dataclass(frozen=True)
class Options:
    """One step's legal choices (the engine's builders, in their order, ``Pass()`` last
    where the step is optional) for each set of shielded seats the deck allows (``mask``
    → ``masks[mask]``), each ``extra`` (the Witch's swap: which center card she saw; one
    for other steps) and each seat: in row block ``m = masks[mask] * extras + extra``,
    ``count[m * ROWS + seat]`` choices, positions ``a`` and ``b`` (``-1``: none) at
    ``(m * ROWS + seat) * width + index``, and the engine's actions, for export
    (``actions[m][seat][index]``). Rows past the seats are all ``-1`` with no choice: a
    game where nobody acts."""

    width: int
    masks: dict[int, int]
    extras: int
    count: Array
    a: Array
    b: Array
    actions: tuple[tuple[tuple[Action, ...], ...], ...]


ROWS: Final = 32  # seats, positions and the "nobody" row (batch_night._NOBODY = 31)
_OWN_CARD: Final = (S.ROB, S.DRUNK)  # night.offer_own_card: nothing if her card is shielded


def _position(target: int, n: int) -> int:
    return target - CENTER + n if target >= CENTER else target


def _options(step: int, n: int, c: int, masks: list[int]) -> Options:
    """The step's choices for every set of shielded seats (and, for the Witch's swap,
    every center card she may have looked at: ``extra``): row blocks in that order."""
    _, mandatory, build = S.KINDS[step]
    assert build is not None
    extras = [CENTER + i for i in range(c)] if step == S.WITCH_SWAP else [0]
    blocks: list[tuple[tuple[Action, ...], ...]] = []
    for blocked in masks:
        for extra in extras:
            seats: list[tuple[Action, ...]] = []
            for seat in range(n):
                built: list[Action] = []
                if not (step in _OWN_CARD and blocked >> seat & 1):
                    built = build(n, c, seat, blocked, extra)
                seats.append(tuple(built) if mandatory or not built else (*built, PASS))
            blocks.append(tuple(seats))
    width = max(len(acts) for per_seat in blocks for acts in per_seat)
    count = np.zeros((len(blocks), ROWS), dtype=np.int64)
    a = np.full((len(blocks), ROWS, width), -1, dtype=np.int64)
    b = np.full((len(blocks), ROWS, width), -1, dtype=np.int64)
    for m, per_seat in enumerate(blocks):
        for seat, options in enumerate(per_seat):
            count[m, seat] = len(options)
            for i, act in enumerate(options):
                if isinstance(act, View):
                    a[m, seat, i] = _position(act.targets[0], n)
                    if len(act.targets) > 1:
                        b[m, seat, i] = _position(act.targets[1], n)
                elif isinstance(act, Swap):
                    a[m, seat, i], b[m, seat, i] = _position(act.a, n), _position(act.b, n)
                elif isinstance(act, Copy | Shield | Reveal):
                    a[m, seat, i] = act.target
    index = {blocked: m for m, blocked in enumerate(masks)}
    return Options(
        width, index, len(extras), count.reshape(-1), a.reshape(-1), b.reshape(-1), tuple(blocks)
    )


def shield_masks(n: int, most: int) -> list[int]:
    """Every set of at most ``most`` shielded seats, as bit masks (0 first)."""
    return [mask for mask in range(1 << n) if mask.bit_count() <= most]


@dataclass(frozen=True)
class Task:
    """One task of the night, in ``turn``: a group step (``role`` ``""``), a card's step
    for the holder of ``copy`` of ``role``, or (``role`` ``"doppelganger"``, ``copied``)
    the step a Doppelgänger's copy of ``copied`` makes in this turn."""

    turn: int
    step: int
    role: Role = ""
    copy: int = 0
    copied: Role = ""


class BatchTable:
    """What every batch of one deck shares: the codes, the night's plan as tasks per
    turn, each deciding step's choices. Refuses (:class:`NotBatched`) what it does not
    play."""

    def __init__(self, edition_id: str, n: int, deck: Sequence[Role]) -> None:
        if edition_id not in BATCHED_EDITIONS:
            raise NotBatched(f"the batch plays the ultimate edition only, not {edition_id!r}")
        ed = EDITIONS[edition_id]
        validate_deck(ed.id, n, list(deck))
        missing = sorted({role for role in deck if role not in BATCHED})
        if missing:
            raise NotBatched(f"the batch does not play {', '.join(missing)} yet")
        self.edition = ed.id
        self.n, self.c = n, ed.center
        self.deck: tuple[Role, ...] = tuple(deck)
        self.m = len(self.deck)
        self.codes = np.array([CODE[r] for r in self.deck], dtype=np.int64)
        counts = Counter(self.deck)
        seen: Counter[Role] = Counter()
        copy_of = []
        for role in self.deck:  # which copy of its card each deck card is
            copy_of.append(seen[role])
            seen[role] += 1
        self.copy_of = np.array(copy_of, dtype=np.int64)
        #: (role, copy) → its deck card.
        self.index_of = {
            (role, k): j for j, (role, k) in enumerate(zip(self.deck, copy_of, strict=True))
        }
        #: The deck cards of a role (one per copy).
        self.cards_of = {role: [j for j, r in enumerate(self.deck) if r == role] for role in counts}
        self.counts = counts
        self.plan = turn_plan(ed.id, self.deck)
        #: The night's tasks in the engine's order (turn, then group steps first).
        self.tasks = [task for turn in _turn_tasks(self.plan, counts) for task in turn]
        #: How many shields a night may place: the Sentinel cards, and a Doppelgänger's.
        self.shields = counts[R.SENTINEL] + (counts[R.SENTINEL] > 0 and R.DOPPELGANGER in counts)
        masks = shield_masks(n, self.shields)
        #: Shielded seats (a bit mask) → its row block in every step's options.
        self.mask_id = np.zeros(1 << n, dtype=np.int64)
        self.mask_id[masks] = np.arange(len(masks))
        self.options = {
            step: _options(step, n, self.c, [0] if step == S.LONE_PEEK else masks)
            for step in DECIDING
        }
        self.has_bodyguard = R.BODYGUARD in counts
        #: How many Hunters a game may have: the cards, and a Doppelgänger who copies one.
        self.hunters = counts[R.HUNTER] + (counts[R.HUNTER] > 0 and R.DOPPELGANGER in counts)


def _turn_tasks(plan: object, counts: Counter[Role]) -> list[list[Task]]:
    """The tasks of each turn, in the engine's order (group steps first: ``night.task``
    sorts seat -1 first), read from the plan as :class:`.night.NightTable` does."""
    from .editions import DELAYED_COPIES
    from .turns import TurnPlan

    assert isinstance(plan, TurnPlan)
    tasks: list[list[Task]] = [[] for _ in plan.turns]
    for k, call in enumerate(plan.calls):
        for role, steps in S.CALL_TASKS.get(call, ()):
            if role is None:
                for step in steps:
                    tasks[plan.first[k]].append(Task(plan.first[k], step))
                continue
            for copy in range(counts[role]):
                for j, step in enumerate(steps):
                    turn = plan.copy_turn(k, copy, j)
                    tasks[turn].append(Task(turn, step, role, copy))
        if call == "doppelganger":
            for copied, steps in S.IMMEDIATE.items():
                if counts[copied]:
                    for j, step in enumerate(steps):
                        turn = plan.doppel_turn(k, j)
                        tasks[turn].append(Task(turn, step, R.DOPPELGANGER, 0, copied))
        for copied, slot_call in DELAYED_COPIES.items():
            if call == slot_call and counts[copied]:
                for j, step in enumerate(S.DELAYED_STEPS[copied]):
                    turn = plan.copy_turn(k, 0, j)
                    tasks[turn].append(Task(turn, step, R.DOPPELGANGER, 0, copied))
    return tasks


class Deal:
    """B deals, position-major: ``perm[p, b]`` is the deck card (an index into
    ``table.deck``: the card's id) at position ``p`` of game ``b`` (seats, then the
    center), ``where[j, b]`` the position of deck card ``j``. A deck card's copy
    (``table.copy_of``) is the slot its holder takes (``Setup.slots``)."""

    def __init__(self, table: BatchTable, perm: Array) -> None:
        self.table = table
        self.perm = perm
        m, size = perm.shape
        where = np.empty_like(perm)
        where.reshape(-1)[perm.reshape(-1) * size + _cols(size, m)] = _rows(size, m)
        self.where = where

    @property
    def size(self) -> int:
        return int(self.perm.shape[1])

    @property
    def cards(self) -> Array:
        """``cards[b, p]``: the role code dealt at position ``p`` of game ``b``."""
        return self.table.codes[self.perm].T

    @property
    def slots(self) -> Array:
        """``slots[b, s]``: the copy of its card seat ``s`` holds."""
        return self.table.copy_of[self.perm[: self.table.n]].T


_COLS: dict[tuple[int, int], tuple[Array, Array]] = {}


def _index(size: int, m: int) -> tuple[Array, Array]:
    got = _COLS.get((size, m))
    if got is None:
        if len(_COLS) > 16:
            _COLS.clear()
        got = _COLS[(size, m)] = (
            np.tile(np.arange(size, dtype=np.int64), m),
            np.repeat(np.arange(m, dtype=np.int64), size),
        )
    return got


def _cols(size: int, m: int) -> Array:
    return _index(size, m)[0]


def _rows(size: int, m: int) -> Array:
    return _index(size, m)[1]


def deal(table: BatchTable, size: int, rng: np.random.Generator) -> Deal:
    """``size`` shuffled deals: Fisher–Yates down the positions of every game at once
    (as ``setup._shuffle`` deals one), so each deal is a uniform permutation of the deck
    cards and each holder of a shared card a uniform distinct copy of it (as
    ``Dealer.deal`` draws the slots)."""
    m = table.m
    perm = np.repeat(np.arange(m, dtype=np.int64), size).reshape(m, size)
    flat = perm.reshape(-1)
    # Position i swaps with position j = floor(u * (i + 1)); as a flat index j * size + b.
    draws = rng.random((m, size), dtype=np.float32) * _SPANS[:m, None]
    at = draws.astype(np.int64)
    np.minimum(at, _TOPS[:m, None], out=at)  # float32 may round u * (i + 1) up to i + 1
    at *= size
    at += np.arange(size, dtype=np.int64)
    for i in range(m - 1, 0, -1):
        top = perm[i].copy()
        perm[i] = flat[at[i]]
        flat[at[i]] = top
    return Deal(table, perm)


_SPANS: Final = np.arange(1, 65, dtype=np.float32)
_TOPS: Final = np.arange(64, dtype=np.int64)


def deal_from(
    table: BatchTable, cards: Sequence[Sequence[Role]], slots: Sequence[Sequence[int]]
) -> Deal:
    """Given deals: ``cards[b]`` the roles at the positions (seats, then the center),
    ``slots[b]`` the copy each seat holds (the center takes the copies left)."""
    n, m = table.n, table.m
    perm = np.empty((m, len(cards)), dtype=np.int64)
    for b, row in enumerate(cards):
        if sorted(row) != sorted(table.deck):
            raise ValueError(f"deal {b} is not the deck")
        free = {role: list(range(k)) for role, k in table.counts.items()}
        for s in range(n):
            free[row[s]].remove(int(slots[b][s]))  # ValueError: not a free copy
            perm[s, b] = table.index_of[(row[s], int(slots[b][s]))]
        for p in range(n, m):
            perm[p, b] = table.index_of[(row[p], free[row[p]].pop(0))]
    return Deal(table, perm)
