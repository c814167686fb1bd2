"""The night of B games at once: the plan's turns in order, each task over the games
where it runs (:mod:`.batch` has the tables; :mod:`.night` is the definition).

A game's choice in turn ``t`` is ``chosen[b, t]``, an index into the engine's legal
choices of that decision (``-1``: no decision in that turn); ``seat``/``step``/``count``
say who chose, in which step, among how many (the mask is ``index < count``).
"""

from __future__ import annotations

from typing import Final

import numpy as np

from . import roles as R
from . import steps as S
from .batch import (
    CODE,
    IS_WAKING,
    IS_WOLF,
    MASONS,
    SAW,
    WOLVES,
    BatchTable,
    Deal,
    Ints,
    Task,
)

#: Facts a seat may learn in one night of the batched roles (a Doppelgänger: her look,
#: then at most two: a Seer's two center cards, or the wolves and the lone peek).
FACTS: Final = 4
_MINION: Final = CODE[R.MINION]
_MASON: Final = CODE[R.MASON]
_DOPPEL: Final = CODE[R.DOPPELGANGER]


class BatchNight:
    """The state of B nights: where each card lies (``board[b, p]``: the card id at
    position ``p``, card ids being the deal's positions), what each seat acts as, the
    Doppelgänger's copy, what each seat learned, and every choice made."""

    def __init__(self, table: BatchTable, dealt: Deal) -> None:
        size = len(dealt.cards)
        n, turns = table.n, len(table.plan.turns)
        self.table = table
        self.size = size
        self.printed: Ints = dealt.cards
        self.slots: Ints = dealt.slots
        self.board: Ints = np.broadcast_to(np.arange(table.m), (size, table.m)).copy()
        self.acting: Ints = dealt.cards[:, :n].copy()
        self.copied: Ints = np.full(size, -1, dtype=np.int64)
        self.learned: Ints = np.zeros((size, n, FACTS), dtype=np.int64)
        self.nlearned: Ints = np.zeros((size, n), dtype=np.int64)
        self.chosen: Ints = np.full((size, turns), -1, dtype=np.int64)
        self.seat: Ints = np.full((size, turns), -1, dtype=np.int64)
        self.step: Ints = np.full((size, turns), -1, dtype=np.int64)
        self.count: Ints = np.zeros((size, turns), dtype=np.int64)
        self.rows: Ints = np.arange(size)
        self.bits: Ints = 1 << np.arange(n, dtype=np.int64)

    # -- who acts ---------------------------------------------------------------------

    def holders(self, task: Task) -> tuple[Ints, Ints]:
        """The games where ``task`` runs, and the seat that runs it in each."""
        n = self.table.n
        if task.copied:  # a Doppelgänger's copied step: where she copied that role
            rows = np.flatnonzero(self.copied == CODE[task.copied])
            dealt = self.printed[rows, :n] == _DOPPEL
            return rows, dealt.argmax(axis=1)
        match = (self.printed[:, :n] == CODE[task.role]) & (self.slots == task.copy)
        rows = np.flatnonzero(match.any(axis=1))
        return rows, match[rows].argmax(axis=1)

    # -- what a seat learns and does ----------------------------------------------------

    def learn(self, rows: Ints, seats: Ints, codes: Ints) -> None:
        k = self.nlearned[rows, seats]
        self.learned[rows, seats, k] = codes
        self.nlearned[rows, seats] = k + 1

    def look(self, rows: Ints, seats: Ints, pos: Ints, turn: int) -> Ints:
        """The seats look at position ``pos``: they learn its printed card (returned)."""
        card = self.printed[rows, self.board[rows, pos]]
        self.learn(rows, seats, turn << 40 | SAW << 36 | (pos + 1) << 28 | (card + 1) << 20)
        return card

    def swap(self, rows: Ints, a: Ints, b: Ints) -> None:
        board = self.board
        first = board[rows, a]
        board[rows, a] = board[rows, b]
        board[rows, b] = first

    def group(self, seats_of: Ints, bits: Ints, kind: int, turn: int, self_out: bool) -> None:
        """Each seat marked in ``seats_of`` learns the seats of ``bits`` (less its own)."""
        code = turn << 40 | kind << 36
        for s in range(self.table.n):
            rows = np.flatnonzero(seats_of[:, s])
            if len(rows):
                seen = bits[rows] & ~self.bits[s] if self_out else bits[rows]
                self.learn(rows, np.full(len(rows), s), code | seen)

    # -- a turn ---------------------------------------------------------------------------

    def run(self, turn: int, task: Task, choose: Chooser) -> None:
        step = task.step
        if step == S.WOLVES_SEE:
            wolves = IS_WOLF[self.acting]
            self.group(IS_WAKING[self.acting], wolves @ self.bits, WOLVES, turn, True)
            return
        if step == S.MINION_SEE:
            wolves = IS_WOLF[self.acting] @ self.bits
            self.group(self.acting == _MINION, wolves, WOLVES, turn, False)
            return
        if step == S.MASONS_SEE:
            masons = self.acting == _MASON
            self.group(masons, masons @ self.bits, MASONS, turn, True)
            return
        if step == S.LONE_PEEK:
            waking = IS_WAKING[self.acting]
            rows = np.flatnonzero(waking.sum(axis=1) == 1)
            seats = waking[rows].argmax(axis=1)
        else:
            rows, seats = self.holders(task)
        if len(rows) == 0:
            return
        if step == S.INSOMNIAC:
            self.look(rows, seats, seats, turn)
            return
        self.decide(turn, step, rows, seats, choose)

    def decide(self, turn: int, step: int, rows: Ints, seats: Ints, choose: Chooser) -> None:
        options = self.table.options[step]
        pick = choose(turn, rows, options.count)
        self.chosen[rows, turn] = pick
        self.seat[rows, turn] = seats
        self.step[rows, turn] = step
        self.count[rows, turn] = options.count
        a, b = options.a[seats, pick], options.b[seats, pick]
        if step == S.COPY:
            card = self.look(rows, seats, a, turn)
            self.acting[rows, seats] = card
            self.copied[rows] = card
        elif step in (S.SEER, S.LONE_PEEK):
            first = a >= 0
            self.look(rows[first], seats[first], a[first], turn)
            second = b >= 0
            self.look(rows[second], seats[second], b[second], turn)
        else:  # ROB, TROUBLE, DRUNK: a swap (a pass swaps nothing)
            act = a >= 0
            rows, seats = rows[act], seats[act]
            self.swap(rows, a[act], b[act])
            if step == S.ROB:
                self.look(rows, seats, seats, turn)


class Chooser:
    """Picks the night's choices: given ones (``choices[b, t]``, checked against the
    count of legal ones) or uniform ones among the legal ones (from ``rng``)."""

    def __init__(self, rng: np.random.Generator, choices: Ints | None = None) -> None:
        self.rng = rng
        self.choices = choices

    def __call__(self, turn: int, rows: Ints, count: int) -> Ints:
        if self.choices is None:
            return (self.rng.random(len(rows)) * count).astype(np.int64)
        pick = self.choices[rows, turn].astype(np.int64)
        if len(pick) and (pick.min() < 0 or pick.max() >= count):
            raise ValueError(f"turn {turn}: a choice outside the {count} legal ones")
        return pick


def play_night(table: BatchTable, dealt: Deal, choose: Chooser) -> BatchNight:
    """The night of every deal, turn by turn in the plan's order."""
    night = BatchNight(table, dealt)
    for turn, tasks in enumerate(table.tasks):
        for task in tasks:
            night.run(turn, task, choose)
    return night
