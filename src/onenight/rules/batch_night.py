"""The night of B games at once: the plan's turns in order, each task over every game
(:mod:`.batch` has the tables; :mod:`.night` is the definition).

Every array is position- or seat-major (``board[p, b]``) and every task runs over all B
games at once, those where it does not run looking at or swapping a scratch row (the
options tables' "nobody" rows give them ``-1`` positions): a gather or scatter of B
contiguous ints costs about a nanosecond a game, where picking the games out first costs
more than it saves.

Each task ``k`` of ``table.tasks`` keeps a record row per game: ``actor[k, b]`` (the
seat that ran it, ``-1``: nobody), ``chosen[k, b]`` (an index into the engine's legal
choices of that decision), ``count[k, b]`` (how many there were: the mask is ``index <
count``) and ``blocked[k, b]`` (the shields it saw), what was looked at and what groups
learned: the export to the engine's history and the facts are read from them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np

from . import roles as R
from . import steps as S
from .batch import CODE, MASONS, ROWS, SAW, WOLVES, Array, BatchTable, Deal, Task

_NONE: Final = -1


class BatchNight:
    """The state of B nights: where each card lies (``board[p, b]``: the deck card at
    position ``p``), the Doppelgänger's copy, and a record per task of the night
    (``table.tasks[k]``): ``actor[k, b]`` the seat that ran it (``-1``: nobody),
    ``chosen[k, b]`` its choice, ``seen_pos[k, j, b]``/``seen_card[k, j, b]`` the ``j``-th
    card it looked at (``-1``: none), and for a group step ``who[k, b]``/``bits[k, b]``
    (a bit per seat: who learned, whom they learned of). What each seat learned is read
    from these records (:func:`learned`)."""

    def __init__(self, table: BatchTable, dealt: Deal) -> None:
        size, n, tasks = dealt.size, table.n, len(table.tasks)
        self.table, self.dealt, self.size = table, dealt, size
        # The role code at each position, and a scratch row past the last position: a
        # game with nothing to do looks at, and swaps, position -1 (that row).
        self.board: Array = np.empty((table.m + 1, size), dtype=np.int64)
        self.board[:-1] = table.codes[dealt.perm]
        self.board[-1] = 0
        self.copied: Array = np.full(size, _NONE, dtype=np.int64)
        # Records are small ints (seats, positions, role codes, choices < 128; a bit
        # per seat < 2**15): an eighth of the memory an int64 row takes.
        self.actor: Array = np.full((tasks, size), _NONE, dtype=np.int8)
        self.chosen: Array = np.full((tasks, size), _NONE, dtype=np.int8)
        #: How many legal choices the decision had, and which shielded seats it saw
        #: (its row block in the options: ``table.options[step].masks``).
        self.count: Array = np.zeros((tasks, size), dtype=np.int8)
        self.blocked: Array = np.zeros((tasks, size), dtype=np.int16)
        #: A bit per shielded seat.
        self.shields: Array = np.zeros(size, dtype=np.int64)
        #: The center card a Witch looked at, until her swap (``-1``: none).
        self.witch: Array = np.full(size, _NONE, dtype=np.int64)
        #: Whether a Revealer's card stays face up (``seen_pos[k, 0]``, ``seen_card``).
        self.kept: Array = np.zeros((tasks, size), dtype=np.bool_)
        self.seen_pos: Array = np.full((tasks, 2, size), _NONE, dtype=np.int8)
        self.seen_card: Array = np.full((tasks, 2, size), _NONE, dtype=np.int8)
        self.who: Array = np.zeros((tasks, size), dtype=np.int16)
        self.bits: Array = np.zeros((tasks, size), dtype=np.int16)
        self.cols: Array = np.arange(size, dtype=np.int64)
        doppel = table.cards_of.get(R.DOPPELGANGER)
        #: The Doppelgänger's seat (n where her card lies in the center).
        self.doppel: Array = (
            np.minimum(dealt.where[doppel[0]], n) if doppel else np.full(size, n, dtype=np.int64)
        )

    # -- who acts ---------------------------------------------------------------------

    def seats_of(self, roles: frozenset[R.Role]) -> Array:
        """A bit per seat acting as one of ``roles`` now: holders of their cards, and the
        Doppelgänger where she copied one (positions past the seats fall out of the mask)."""
        bits = np.zeros(self.size, dtype=np.int64)
        where, table = self.dealt.where, self.table
        for role in roles & table.counts.keys():
            for j in table.cards_of[role]:
                bits |= 1 << where[j]
            if R.DOPPELGANGER in table.counts:
                bits |= (self.copied == CODE[role]) << self.doppel
        return bits & ((1 << table.n) - 1)

    # -- what a seat does -----------------------------------------------------------------

    def look(self, k: int, j: int, pos: Array) -> Array:
        """The actor of task ``k`` looks at position ``pos`` (``-1``: no look): its
        ``j``-th look; the printed card is returned."""
        card: Array = self.board.reshape(-1)[pos * self.size + self.cols]
        self.seen_pos[k, j] = pos
        self.seen_card[k, j] = card
        return card

    def swap(self, a: Array, b: Array) -> None:
        """Swap positions ``a[g]`` and ``b[g]`` of each game (``-1``: nothing moves)."""
        flat = self.board.reshape(-1)
        at, bt = a * self.size + self.cols, b * self.size + self.cols
        first = flat[at]
        flat[at] = flat[bt]
        flat[bt] = first

    # -- a task ---------------------------------------------------------------------------

    def run(self, k: int, task: Task, choose: Choose) -> None:
        step, n = task.step, self.table.n
        if step in (S.WOLVES_SEE, S.MINION_SEE, S.MASONS_SEE):
            wolves = self.seats_of(R.WOLF_FAMILY)
            if step == S.WOLVES_SEE:
                self.who[k], self.bits[k] = self.seats_of(R.WAKING_WOLVES), wolves
            elif step == S.MINION_SEE:
                self.who[k], self.bits[k] = self.seats_of(_MINION), wolves
            else:
                self.who[k] = self.bits[k] = self.seats_of(_MASON)
            return
        # ``seats``: the seat acting in each game, or a row past the seats where nobody
        # does (the options tables have such rows, all ``-1``: no look, no swap).
        if step == S.LONE_PEEK:
            seats = _SEAT_OF_BIT[self.seats_of(R.WAKING_WOLVES)]  # one waking wolf, or none
            acts = seats < n
            if R.DREAM_WOLF in self.table.counts:  # no peek beside a Dream Wolf
                acts &= self.seats_of(_DREAM_WOLF) == 0
                seats = np.where(acts, seats, _NOBODY)
        elif task.copied:  # a Doppelgänger's copied step: where she copied that role
            acts = self.copied == CODE[task.copied]
            seats = np.where(acts, self.doppel, _NOBODY)
        else:
            seats = self.dealt.where[self.table.index_of[(task.role, task.copy)]]
            acts = seats < n
        if not acts.any():
            return
        if step == S.INSOMNIAC:
            if self.table.shields:  # a shielded Insomniac does not look
                acts = acts & ~(self.shields >> seats & 1).astype(np.bool_)
            self.actor[k] = np.where(acts, seats, _NONE)
            self.look(k, 0, np.where(acts, seats, _NONE))
            return
        self.decide(k, task, seats, acts, choose)

    def decide(self, k: int, task: Task, seats: Array, acts: Array, choose: Choose) -> None:
        step, table = task.step, self.table
        options = table.options[step]
        count: Array | int
        if step == S.WITCH_SWAP:  # only after a look, with the card she saw
            acts = acts & (self.witch >= 0)
            seats = np.where(acts, seats, _NOBODY)
        if (table.shields and step != S.LONE_PEEK) or step == S.WITCH_SWAP:
            block = table.mask_id[self.shields] if table.shields else 0
            if step == S.WITCH_SWAP:  # row blocks per shields, then per center card
                block = block * options.extras + np.maximum(self.witch - table.n, 0)
                self.witch = np.full(self.size, _NONE, dtype=np.int64)
            row = block * ROWS + seats
            self.blocked[k] = block
            count = options.count[row]
            acts = acts & (count > 0)  # nothing legal to choose: the step is skipped
            self.count[k] = np.where(acts, count, 0)
        else:  # without shields every seat has as many choices (seat 0's)
            row, count = seats, int(options.count[0])
            self.count[k] = acts * count
        self.actor[k] = np.where(acts, seats, _NONE)
        pick = choose(self, k, acts, count)
        if not isinstance(choose, Chooser):  # a policy: checked, as Game.apply checks
            if ((pick < 0) | (pick >= count))[acts].any():
                raise ValueError(f"task {k}: a choice outside the legal ones")
            pick = np.where(acts, pick, 0)
        self.chosen[k] = np.where(acts, pick, _NONE)
        at = row * options.width + pick
        a, b = options.a[at], options.b[at]  # -1 where nobody acts, or for a pass
        if step == S.SHIELD:
            self.shields |= np.where(a >= 0, 1 << np.maximum(a, 0), 0)
        elif step == S.COPY:
            card = self.look(k, 0, a)
            self.copied = np.where(acts, card, _NONE)
        elif step in (S.SEER, S.LONE_PEEK, S.LOOK_PLAYER, S.LOOK_CENTER, S.WITCH_LOOK):
            self.look(k, 0, a)
            if step == S.SEER:
                self.look(k, 1, b)
            elif step == S.WITCH_LOOK:
                self.witch = a
        elif step == S.REVEAL:  # face up, unless a wolf or a Tanner (turned back)
            card = self.look(k, 0, a)
            self.kept[k] = (a >= 0) & ~_STOPS[card]
        else:  # ROB, TROUBLE, DRUNK, WITCH_SWAP: a swap
            self.swap(a, b)
            if step == S.ROB:
                self.look(k, 0, np.where(a >= 0, seats, _NONE))


_MINION: Final = frozenset({R.MINION})
_DREAM_WOLF: Final = frozenset({R.DREAM_WOLF})
#: Cards a Revealer turns back face down (role code → bool).
_STOPS: Final = np.array([role in R.STOPS_INVESTIGATOR for role in R.ALL_ROLES])
_MASON: Final = frozenset({R.MASON})
#: A row of the options tables past every seat and position: nobody acts.
_NOBODY: Final = 31
#: The seat of a one-bit mask (the lone wolf's); ``_NOBODY`` for any other mask.
_SEAT_OF_BIT: Final = np.full(1 << 10, _NOBODY, dtype=np.int64)
for _s in range(10):
    _SEAT_OF_BIT[1 << _s] = _s


#: Who picks the choice of task ``k``: ``choose(night, k, acts, count)`` returns an index
#: below ``count[b]`` for each game ``b`` (read where ``acts``: the games where
#: ``night.actor[k]`` decides; the mask of the decision is ``index < count[b]``; ``count``
#: is an int when every game has as many choices: no Sentinel). A policy sees the night
#: so far.
Choose = Callable[["BatchNight", int, Array, "Array | int"], Array]


class Chooser:
    """Picks the night's choices: given ones (``choices[k, b]``, checked against the
    count of legal ones where a game decides) or uniform among the legal ones."""

    def __init__(self, rng: np.random.Generator, choices: Array | None = None) -> None:
        self.rng = rng
        self.choices = choices

    def __call__(self, night: BatchNight, k: int, acts: Array, count: Array | int) -> Array:
        if self.choices is None:
            draws = self.rng.random(len(acts), dtype=np.float32)
            # float32 may round u * count up to count: the last choice, then (and 0
            # where there is no choice: count 0).
            pick: Array = (draws * np.asarray(count, dtype=np.float32)).astype(np.int64)
            least: Array = np.minimum(pick, np.maximum(np.asarray(count) - 1, 0))
            return least
        pick = self.choices[k].astype(np.int64)
        if ((pick < 0) | (pick >= count))[acts].any():
            raise ValueError(f"task {k}: a choice outside the legal ones")
        given: Array = np.where(acts, pick, 0)
        return given


def play_night(table: BatchTable, dealt: Deal, choose: Choose) -> BatchNight:
    """The night of every deal, turn by turn in the plan's order."""
    night = BatchNight(table, dealt)
    for k, task in enumerate(table.tasks):
        night.run(k, task, choose)
    return night


def learned(night: BatchNight) -> tuple[Array, Array]:
    """What each seat learned, from the tasks' records: ``facts[b, s, :counts[b, s]]``,
    in order, as ``batch.fact_code`` ints (the last axis as long as the most any seat
    of the batch learned)."""
    table, size, n = night.table, night.size, night.table.n
    most = 2 * len(table.tasks)  # a seat learns at most two things a task (a Seer)
    facts = np.zeros(n * most * size + 1, dtype=np.int64)  # + a scratch cell
    counts = np.zeros((n, size), dtype=np.int64)
    flat, cols = counts.reshape(-1), night.cols

    def learn(seats: Array, acts: Array, codes: Array) -> None:
        at = seats * size + cols
        had = flat[at]
        facts[np.where(acts, (seats * most + had) * size + cols, len(facts) - 1)] = codes
        flat[at] = had + acts

    for k, task in enumerate(table.tasks):
        code = task.turn << 40
        if task.step in (S.WOLVES_SEE, S.MINION_SEE, S.MASONS_SEE):
            kind = MASONS if task.step == S.MASONS_SEE else WOLVES
            for s in range(n):
                acts = (night.who[k] >> s & 1).astype(np.bool_)
                bits = night.bits[k].astype(np.int64)
                seen = bits if task.step == S.MINION_SEE else bits & ~(1 << s)
                learn(np.full(size, s), acts, code | kind << 36 | seen)
            continue
        seats = np.maximum(night.actor[k], 0).astype(np.int64)
        for j in range(2):
            pos = night.seen_pos[k, j].astype(np.int64)
            card = night.seen_card[k, j].astype(np.int64)
            learn(seats, pos >= 0, code | SAW << 36 | (pos + 1) << 28 | (card + 1) << 20)
    width = max(int(counts.max(initial=0)), 1)
    return facts[:-1].reshape(n, most, size)[:, :width].transpose(2, 0, 1), counts.T
