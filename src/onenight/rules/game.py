"""A game: a setup, then choices applied one at a time (the engine's state machine)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from . import choices as C
from .actions import CENTER, CENTER_WOLF, Action, Vote
from .editions import EDITIONS, night_calls
from .errors import IllegalAction
from .facts import Fact
from .night import STEPS, Decision, build_agenda
from .outcome import deaths, winners
from .result import Result
from .roles import Role
from .setup import Setup

NIGHT: Final = "night"
VOTE: Final = "vote"
END: Final = "end"


class Game:
    """One game of One Night Werewolf, from the deal to the result.

    At night exactly one seat chooses at a time (:attr:`decision`); at the vote every
    seat that has not voted is to move. :meth:`apply` takes a legal choice or raises
    :class:`IllegalAction` and changes nothing. The same setup and the same choices
    always give the same game.
    """

    def __init__(self, setup: Setup) -> None:
        ed = EDITIONS[setup.edition]
        n = len(setup.players)
        c = ed.center
        self.setup: Final = setup
        self.edition: Final = ed
        self.n: Final = n
        self.c: Final = c
        printed = list(setup.cards) + list(setup.center)
        board = dict(enumerate(range(n)))
        board.update((CENTER + i, n + i) for i in range(c))
        if setup.center_wolf is not None:
            board[CENTER_WOLF] = len(printed)
            printed.append(setup.center_wolf)
        #: The printed card of each card id (dealt cards first, then the center).
        self.printed: Final[tuple[Role, ...]] = tuple(printed)
        #: Which card id lies at each target now.
        self.board: dict[int, int] = board
        self.calls: Final[tuple[str, ...]] = night_calls(ed.id, setup.deck)
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
        self.call = 0
        self.decision: Decision | None = None
        self._agenda = build_agenda(self.calls, self.acting)
        self._next = 0
        self._advance()

    # -- the public API --------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

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
        if self.phase == VOTE and 0 <= seat < self.n and seat not in self.votes:
            return C.vote(self.n, seat)[0]
        return ()

    def apply(self, seat: int, action: Action) -> None:
        """Apply a choice of ``seat``; IllegalAction (nothing changed) if it is not legal."""
        if self.phase == NIGHT:
            d = self.decision
            if d is None or d.seat != seat:
                raise IllegalAction(f"seat {seat} has nothing to choose now")
            if action not in d.legal:
                raise IllegalAction(f"{_describe(action)} is not a legal {d.kind} for seat {seat}")
            self.history.append((seat, action))
            self.night_log.append((d.call, seat, action))
            self.decision = None
            STEPS[d.step][1](self, seat, action)
            self._advance()
        elif self.phase == VOTE:
            self._vote(seat, action)
        else:
            raise IllegalAction("the game is over")

    def apply_all(self, choices: Iterable[tuple[int, Action]]) -> Game:
        """Apply ``(seat, action)`` pairs in order; returns the game."""
        for seat, action in choices:
            self.apply(seat, action)
        return self

    @classmethod
    def replay(cls, setup: Setup, history: Iterable[tuple[int, Action]]) -> Game:
        """The game that these choices make from this setup."""
        return cls(setup).apply_all(history)

    def copy(self) -> Game:
        """An independent copy of this game (by replay: the state is its choices)."""
        return Game.replay(self.setup, self.history)

    def end_role(self, card_id: int) -> Role:
        """The role a card stands for at the end: its printed role unless converted."""
        return self.converted.get(card_id, self.printed[card_id])

    def view(self, seat: int | None, until: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know now (``None``: a spectator); see :mod:`.views`."""
        from .views import player_view

        return player_view(self, seat, until)

    # -- used by the night's steps ------------------------------------------------------

    def learn(self, seat: int, fact: Fact) -> None:
        """Record that ``seat`` learned ``fact`` now."""
        self.facts[seat].append(fact)
        self.night_log.append((fact.at, seat, fact))

    def insert_now(self, seat: int, steps: tuple[int, ...]) -> None:
        """Run these steps for ``seat`` next, in the current call."""
        k = self.call
        self._agenda[self._next : self._next] = [(k, seat, step) for step in steps]

    def insert_at(self, call: str, seat: int, steps: tuple[int, ...]) -> None:
        """Run these steps for ``seat`` at the end of ``call``'s turn."""
        k = self.calls.index(call)
        agenda = self._agenda
        at = self._next
        while at < len(agenda) and agenda[at][0] <= k:
            at += 1
        agenda[at:at] = [(k, seat, step) for step in steps]

    # -- internals ------------------------------------------------------------------------

    def _advance(self) -> None:
        agenda = self._agenda
        while self._next < len(agenda):
            k, seat, step = agenda[self._next]
            self._next += 1
            self.call = k
            d = STEPS[step][0](self, seat, k)
            if d is not None:
                self.decision = d
                return
        self.phase = VOTE
        self.call = len(self.calls)

    def _vote(self, seat: int, action: Action) -> None:
        if not isinstance(action, Vote):
            raise IllegalAction("only a vote is legal now")
        if not 0 <= seat < self.n:
            raise IllegalAction(f"no seat {seat}")
        if seat in self.votes:
            raise IllegalAction(f"seat {seat} has already voted")
        target = action.target
        if target == seat:
            raise IllegalAction("nobody may point at himself")
        if not 0 <= target < self.n:
            raise IllegalAction(f"no seat {target} to point at")
        self.votes[seat] = target
        self.history.append((seat, action))
        if len(self.votes) == self.n:
            self._finish()

    def _finish(self) -> None:
        n = self.n
        board = self.board
        end_roles = [self.end_role(board[s]) for s in range(n)]
        votes = [self.votes[s] for s in range(n)]
        dead, protected = deaths(votes, end_roles)
        won = winners(self.edition.id, end_roles, dead)
        self.result = Result(self, end_roles, votes, dead, protected, won)
        self.phase = END


def _describe(action: Action) -> str:
    return str(action.to_json())
