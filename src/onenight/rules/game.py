"""A game: a setup, then choices applied one at a time (the engine's state machine)."""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, Final

from . import choices as C
from .actions import CENTER, CENTER_WOLF, Action, Vote
from .editions import EDITIONS
from .errors import IllegalAction
from .facts import Fact
from .night import STEPS, Decision, build_agenda
from .outcome import deaths, winners
from .phase import Phase
from .result import Result
from .roles import Role
from .setup import Setup, seat_order_slots
from .turns import Turn, turn_plan

NIGHT: Final = Phase.NIGHT
DAY: Final = Phase.DAY
VOTE: Final = Phase.VOTE
END: Final = Phase.END


class Game:
    """One game of One Night Werewolf, from the deal to the result.

    At night exactly one seat chooses at a time (:attr:`decision`), each choice in its
    turn of the night's plan (:attr:`turns`). Then the day: players talk until
    :meth:`end_day` opens the vote, where every seat that has not voted is to move (a
    seat may change its vote until the last one is in). :meth:`apply` takes a legal
    choice or raises :class:`IllegalAction` and changes nothing. The same setup and the
    same choices always give the same game.
    """

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
        self.plan: Final = turn_plan(ed.id, setup.pool or setup.deck)
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
        self._agenda = build_agenda(
            self.plan, self.acting, setup.slots or seat_order_slots(setup.cards)
        )
        self._next = 0
        self._advance()

    # -- the public API --------------------------------------------------------------

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

    def apply(self, seat: int, action: Action) -> None:
        """Apply a choice of ``seat``; IllegalAction (nothing changed) if it is not legal."""
        if self.phase == NIGHT:
            d = self.decision
            if d is None or d.seat != seat:
                raise IllegalAction(f"seat {seat} has nothing to choose now")
            if id(action) not in d.ids and action not in d.legal:
                raise IllegalAction(f"{_describe(action)} is not a legal {d.kind} for seat {seat}")
            self.history.append((seat, action))
            self.night_log.append((d.turn, seat, action))
            self.decision = None
            STEPS[d.step][1](self, seat, action)
            self._advance()
        elif self.phase == VOTE:
            self._vote(seat, action)
        elif self.phase == DAY:
            raise IllegalAction("the day is on: the vote opens with end_day()")
        else:
            raise IllegalAction("the game is over")

    def end_day(self) -> None:
        """The day is over: open the vote. IllegalAction (nothing changed) unless it is day."""
        if self.phase != DAY:
            raise IllegalAction(f"the day is not on (the game is in the {self.phase})")
        self.phase = VOTE

    def apply_all(self, choices: Iterable[tuple[int, Action]]) -> Game:
        """Apply ``(seat, action)`` pairs in order (the first vote ends the day); returns
        the game."""
        for seat, action in choices:
            if self.phase == DAY and isinstance(action, Vote):
                self.end_day()
            self.apply(seat, action)
        return self

    @classmethod
    def replay(cls, setup: Setup, history: Iterable[tuple[int, Action]]) -> Game:
        """The game that these choices make from this setup."""
        return cls(setup).apply_all(history)

    def copy(self) -> Game:
        """An independent copy of this game (by replay: the state is its choices)."""
        twin = Game.replay(self.setup, self.history)
        if self.phase == VOTE and twin.phase == DAY:
            twin.end_day()
        return twin

    def end_role(self, card_id: int) -> Role:
        """The role a card stands for at the end: its printed role unless converted."""
        return self.converted.get(card_id, self.printed[card_id])

    def view(self, seat: int | None, until: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know now (``None``: a spectator); see :mod:`.views`."""
        from .views import player_view

        return player_view(self, seat, until)

    # -- used by the night's steps ------------------------------------------------------

    def insert_now(self, seat: int, steps: tuple[int, ...]) -> None:
        """A Doppelgänger's copied action made at once: its steps in her call's next turns."""
        plan, k = self.plan, self.call
        for j, step in enumerate(steps):
            insort(self._agenda, (plan.doppel_turn(k, j), seat, step), lo=self._next)

    def insert_at(self, call: str, seat: int, steps: tuple[int, ...], last: bool = False) -> None:
        """A Doppelgänger's copied action made later: in ``call``'s first turns (its last
        turn with ``last``: the Doppelgänger-Little Girl peeks after the dealt ones)."""
        plan = self.plan
        k = self.calls.index(call)
        for j, step in enumerate(steps):
            turn = plan.last_turn(k) if last else plan.copy_turn(k, 0, j)
            insort(self._agenda, (turn, seat, step), lo=self._next)

    # -- internals ------------------------------------------------------------------------

    def _advance(self) -> None:
        agenda = self._agenda
        while self._next < len(agenda):
            turn, seat, step = agenda[self._next]
            self._next += 1
            self.turn = turn
            d = STEPS[step][0](self, seat, turn, step)
            if d is not None:
                self.decision = d
                return
        self.phase = DAY
        self.turn = len(self.turns)

    def _vote(self, seat: int, action: Action) -> None:
        """Record (or change) a seat's vote; the vote closes when every seat has one."""
        if not isinstance(action, Vote):
            raise IllegalAction("only a vote is legal now")
        self._check_vote(seat, action.target)
        self.votes[seat] = action.target
        self.history.append((seat, action))
        if len(self.votes) == self.n:
            self._finish()

    def _check_vote(self, seat: int, target: int) -> None:
        n = self.n
        if not (isinstance(seat, int) and 0 <= seat < n):
            raise IllegalAction(f"no seat {seat}")
        if target == seat:
            raise IllegalAction("nobody may point at himself")
        if not (isinstance(target, int) and 0 <= target < n):
            raise IllegalAction(f"no seat {target} to point at")

    def apply_votes(self, targets: Sequence[int]) -> None:
        """Close the vote at once: ``targets[s]`` is whom seat ``s`` points at.

        All or nothing: IllegalAction (nothing changed) unless it is the day or the vote,
        no seat has voted yet and every point is legal. During the day it ends the day.
        """
        n = self.n
        if self.phase not in (DAY, VOTE) or self.votes:
            raise IllegalAction("the vote cannot be closed at once now")
        if len(targets) != n:
            raise IllegalAction(f"{n} votes are needed, not {len(targets)}")
        for seat, target in enumerate(targets):
            if target == seat or type(target) is not int or not 0 <= target < n:
                self._check_vote(seat, target)
        self.history.extend(zip(range(n), map(_VOTES.__getitem__, targets), strict=True))
        self.votes = dict(enumerate(targets))
        self._finish()

    def _finish(self) -> None:
        board, converted, printed = self.board, self.converted, self.printed
        end_roles = [converted.get(board[s], printed[board[s]]) for s in range(self.n)]
        votes = [self.votes[s] for s in range(self.n)]
        dead, protected = deaths(votes, end_roles)
        won = winners(self.edition.id, end_roles, dead)
        self.result = Result(self, end_roles, votes, dead, protected, won)
        self.phase = END


_VOTES: Final = tuple(Vote(t) for t in range(CENTER))


@lru_cache(maxsize=256)
def _start_board(n: int, c: int, wolf: bool) -> dict[int, int]:
    """Target → card id at the deal (copied for each game, never changed)."""
    board = {seat: seat for seat in range(n)}
    board.update({CENTER + i: n + i for i in range(c)})
    if wolf:
        board[CENTER_WOLF] = n + c
    return board


def _describe(action: Action) -> str:
    return str(action.to_json())
