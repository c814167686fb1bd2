"""A game: a setup, then choices applied one at a time (the engine's state machine)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from .actions import CENTER, Action, Vote
from .errors import IllegalAction
from .night import night_table, offer, resolve
from .outcome import deaths, winners
from .result import Result
from .setup import Setup, seat_order_slots
from .state import DAY, END, NIGHT, VOTE, GameState
from .views import player_view


class Game(GameState):
    """One game of One Night Werewolf, from the deal to the result.

    At night exactly one seat chooses at a time (:attr:`decision`), each choice in its
    turn of the night's plan (:attr:`turns`). Then the day: players talk until
    :meth:`end_day` opens the vote, where every seat that has not voted is to move (a
    seat may change its vote until the last one is in). :meth:`apply` takes a legal
    choice or raises :class:`IllegalAction` and changes nothing. The same setup and the
    same choices always give the same game. What it holds and the questions it answers
    (:meth:`to_move`, :meth:`legal` …) are its :class:`.state.GameState`'s.
    """

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        table = night_table(self.plan)
        self.turn_call = table.turn_call
        self._agenda = table.agenda(self.acting, setup.slots or seat_order_slots(setup.cards))
        self._advance()

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
            resolve(self, seat, d.step, action)
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

    def view(self, seat: int | None, until: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know now (``None``: a spectator); see :mod:`.views`."""
        return player_view(self, seat, until)

    # -- internals ------------------------------------------------------------------------

    def _advance(self) -> None:
        agenda = self._agenda
        while self._next < len(agenda):
            task = agenda[self._next]  # (turn, seat, step) as one int: night.task
            turn, seat, step = task >> 16, (task >> 8 & 255) - 1, task & 255
            self._next += 1
            self.turn = turn
            d = offer(self, seat, turn, step)
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
            self._finish([self.votes[s] for s in range(self.n)])

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
        points = list(targets)  # a list: compiled, indexed in C
        for seat in range(n):
            target = points[seat]
            if target == seat or type(target) is not int or not 0 <= target < n:
                self._check_vote(seat, target)
        history, votes = self.history, self.votes  # votes: empty (checked above)
        for seat in range(n):
            target = points[seat]
            history.append(_VOTE_ENTRIES[seat][target])
            votes[seat] = target
        self._finish(points)

    def _finish(self, votes: list[int]) -> None:
        """Close the vote (``votes[s]``: whom seat ``s`` points at): deaths, winners."""
        board, converted, printed = self.board, self.converted, self.printed
        if converted:
            end_roles = [converted.get(board[s], printed[board[s]]) for s in range(self.n)]
        else:
            end_roles = [printed[board[s]] for s in range(self.n)]
        dead, protected = deaths(votes, end_roles)
        won = winners(self.edition.id, end_roles, dead)
        self.result = Result(
            board,
            printed,
            self.c,
            self.revealed,
            self.shields,
            self.facts,
            self.night_log,
            end_roles,
            votes,
            dead,
            protected,
            won,
        )
        self.phase = END


_VOTES: Final = tuple(Vote(t) for t in range(CENTER))
#: ``(seat, Vote(target))`` history entries, shared (immutable): a closed vote adds one
#: per seat, and simulations close millions. Typed ``Any`` so that mypyc keeps these
#: tuple objects (a ``tuple[int, Vote]`` would be unboxed, then boxed anew per append).
_VOTE_ENTRIES: Final[tuple[tuple[Any, ...], ...]] = tuple(
    tuple((seat, vote) for vote in _VOTES) for seat in range(CENTER)
)


def _describe(action: Action) -> str:
    return str(action.to_json())
