"""What a game is at one moment: its table, the night's progress, the vote, and the
questions it answers (who is to move, what is legal). The night's steps (:mod:`.night`)
read and change it; :class:`.game.Game` adds the moves (``apply`` …) on top of it.
"""

from __future__ import annotations

from bisect import insort
from typing import Final

from . import choices as C
from .actions import CENTER, CENTER_WOLF, Action
from .editions import EDITIONS
from .facts import Fact
from .phase import Phase
from .result import Result
from .roles import Role
from .setup import Setup
from .turns import Turn

NIGHT: Final = Phase.NIGHT
DAY: Final = Phase.DAY
VOTE: Final = Phase.VOTE
END: Final = Phase.END


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


class GameState:
    """A game's state: the deal, where each card lies, what each seat learned, the
    votes; the questions every reader asks of it (:meth:`to_move`, :meth:`legal`); and
    the agenda's inserts that a Doppelgänger's copy makes at night. It never moves on
    by itself: :class:`.game.Game` applies the choices."""

    def __init__(self, setup: Setup) -> None:
        ed = EDITIONS[setup.edition]
        n = len(setup.players)
        c = ed.center
        self.setup: Final = setup
        self.edition: Final = ed
        self.n: Final = n
        self.c: Final = c
        wolf = setup.center_wolf
        #: The printed card of each card id (dealt cards first, then the center).
        self.printed: Final[tuple[Role, ...]] = (
            setup.cards + setup.center if wolf is None else (*setup.cards, *setup.center, wolf)
        )
        #: Which card id lies at each target now.
        self.board: dict[int, int] = _start_board(n, c, wolf is not None).copy()
        #: The night's turns, from the deck everyone knows (never from the deal).
        self.plan: Final = setup.plan
        self.calls: Final[tuple[str, ...]] = self.plan.calls
        self.turns: Final[tuple[Turn, ...]] = self.plan.turns
        #: The role each seat acts as at night (the dealt card; a Doppelgänger's copy).
        self.acting: list[Role] = list(setup.cards)
        #: Card id → end role, for cards converted at night (copy, PI, Apprentice Tanner).
        self.converted: dict[int, Role] = {}
        self.shields = 0  # bit per seat
        self.acted = 0  # bit per seat: looked at or moved a card (for the Aura Seer)
        self.revealed: dict[int, Role] = {}
        self.facts: list[list[Fact]] = [[] for _ in range(n)]
        self.night_log: list[tuple[int, int, Action | Fact]] = []
        self.history: list[tuple[int, Action]] = []
        self.scratch: dict[int, int] = {}
        self.votes: dict[int, int] = {}
        self.result: Result | None = None
        self.phase = NIGHT
        self.turn = 0  #: the turn of the night being played (len(turns) after it)
        self.decision: Decision | None = None
        #: Each turn's call (what the decision cache keys on).
        self.turn_call: tuple[int, ...] = ()
        #: The night's tasks ``(turn, seat, step)`` in order, each as one int
        #: (:func:`.night.build_agenda`, :func:`.night.task`), and the next one to run.
        self._agenda: list[int] = []
        self._next = 0

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def call(self) -> int:
        """The call of the current turn (``len(calls)`` once the night is over)."""
        turn = self.turn
        return self.turns[turn].call if turn < len(self.turns) else len(self.calls)

    def to_move(self) -> tuple[int, ...]:
        """The seats that must choose now."""
        if self.phase == NIGHT:
            return (self.decision.seat,) if self.decision else ()
        if self.phase == VOTE:
            return tuple(s for s in range(self.n) if s not in self.votes)
        return ()

    def legal(self, seat: int) -> tuple[Action, ...]:
        """The legal choices of ``seat`` now (empty when it is not to move)."""
        if self.phase == NIGHT:
            d = self.decision
            return d.choices if d is not None and d.seat == seat else ()
        if self.phase == VOTE and 0 <= seat < self.n:
            return C.vote(self.n, seat)
        return ()

    def end_role(self, card_id: int) -> Role:
        """The role a card stands for at the end: its printed role unless converted."""
        return self.converted.get(card_id, self.printed[card_id])

    # -- used by the night's steps ------------------------------------------------------

    def insert_now(self, seat: int, steps: tuple[int, ...]) -> None:
        """A Doppelgänger's copied action made at once: its steps in her call's next turns."""
        plan, k = self.plan, self.call
        for j, step in enumerate(steps):
            insort(self._agenda, _task(plan.doppel_turn(k, j), seat, step), lo=self._next)

    def insert_at(self, call: str, seat: int, steps: tuple[int, ...], last: bool = False) -> None:
        """A Doppelgänger's copied action made later: in ``call``'s first turns (its last
        turn with ``last``: the Doppelgänger-Little Girl peeks after the dealt ones)."""
        plan = self.plan
        k = self.calls.index(call)
        for j, step in enumerate(steps):
            turn = plan.last_turn(k) if last else plan.copy_turn(k, 0, j)
            insort(self._agenda, _task(turn, seat, step), lo=self._next)


def _task(turn: int, seat: int, step: int) -> int:
    """:func:`.night.task` (``night`` imports this module)."""
    return turn << 16 | (seat + 1) << 8 | step


_BOARDS: Final[dict[int, dict[int, int]]] = {}


def _start_board(n: int, c: int, wolf: bool) -> dict[int, int]:
    """Target → card id at the deal (copied for each game, never changed); cached in a
    plain dict by an int key (an lru_cache call costs more than the copy)."""
    key = n << 8 | c << 1 | wolf
    board = _BOARDS.get(key)
    if board is None:
        board = _BOARDS[key] = _new_board(n, c, wolf)
    return board


def _new_board(n: int, c: int, wolf: bool) -> dict[int, int]:
    board = {seat: seat for seat in range(n)}
    board.update({CENTER + i: n + i for i in range(c)})
    if wolf:
        board[CENTER_WOLF] = n + c
    return board
