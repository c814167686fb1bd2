"""One game in a room: the engine's Game plus the clock, the day's talk and the vote.

The clock walks the night's turns (``game.turns``, counted from the deck): ``turn`` -1 is
the deal (everyone looks at their card), then each turn of the plan for the host's turn
length plus a random jitter, whoever (if anyone) holds the card. Then the day and the
vote. The phase is the engine's :class:`Phase`; during the night it stays ``night``
until the clock has played the last turn, whatever the engine has already applied.
Like Room, a Play changes only by applying stored events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from onenight.rules import Game, Phase, Setup, Vote, action_from_json

from . import events as ev
from .padding import frame_size


@dataclass
class Play:
    """A game under way or just ended."""

    no: int
    seats: list[int]  #: member id of each seat
    names: list[str]
    edition: str
    deck: list[str]  #: the deck everyone knows (the enabled cards of a workshop draw)
    turn_length: float
    jitter: float
    day: float
    vote: float
    game: Game
    turn: int = -1  #: the clock: -1 the deal, then an index into game.turns
    deadline: float = 0.0
    phase_started: float = 0.0
    frame_size: int = 0  #: every frame of the game under way is padded to this size
    log: list[dict[str, Any]] = field(default_factory=list)  #: chat and whispers
    #: member → the night turn of its last tap (one act or ``nothing`` a turn)
    tapped: dict[int, int] = field(default_factory=dict)
    random_votes: list[int] = field(default_factory=list)
    #: the seats whose players said they are ready to vote (the day only)
    ready: set[int] = field(default_factory=set)
    result: dict[str, Any] | None = None
    winners: list[int] | None = None
    dawn: float = 0.0  #: when the day began (the replay counts the talk's times from it)
    dusk: float = 0.0  #: when the game ended (the talk after it is not the day's)
    #: Each claim beside the truth, once the game is over (hindsight.py: worked out once)
    hindsight: list[dict[str, Any]] | None = None
    #: What the public talk alone pointed to (the bots' port: worked out at the end)
    reading: dict[str, Any] | None = None

    @classmethod
    def start(cls, e: ev.Started, at: float) -> Play:
        game = Game(Setup.from_json(e.setup))
        return cls(
            no=e.game,
            seats=list(e.seats),
            names=list(e.names),
            edition=e.edition,
            deck=list(e.deck),
            turn_length=e.turn,
            jitter=e.jitter,
            day=e.day,
            vote=e.vote,
            game=game,
            deadline=e.deadline,
            phase_started=at,
            frame_size=frame_size(game),
        )

    # ----- queries -----

    @property
    def phase(self) -> Phase:
        if self.turn < len(self.game.turns):
            return Phase.NIGHT
        return self.game.phase

    def seat_of(self, member_id: int) -> int | None:
        return self.seats.index(member_id) if member_id in self.seats else None

    def deciding(self, seat: int) -> bool:
        """Whether ``seat`` has a night choice to make now (its turn has come)."""
        d = self.game.decision
        return (
            self.phase == Phase.NIGHT and d is not None and d.seat == seat and d.turn == self.turn
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may know now: the engine's view, cut at the
        clock's turn during the night.

        What a turn teaches reaches its player in the next turn's frame, but a turn where
        nobody chooses (the Minion, the Masons, the Insomniac …) teaches what it teaches
        in its own frame: every choice before it is made (the clock made any left open
        when their turns ended), so its facts are known when it begins, and the Insomniac
        sees her card in her turn. Every member gets that frame anyway, of one size."""
        if self.phase != Phase.NIGHT:
            return self.game.view(seat)
        view = self.game.view(seat, until=self.turn)
        game = self.game
        if seat is not None and 0 <= seat < game.n and self.learning_turn():
            view["learned"] = [
                {"at": f.at, **f.to_json()} for f in game.facts[seat] if f.at <= self.turn
            ]
        return view

    def learning_turn(self) -> bool:
        """Whether the night's turn now is one where nobody chooses (players only learn)."""
        turns = self.game.turns
        return 0 <= self.turn < len(turns) and turns[self.turn].role == ""

    # ----- events -----

    def apply(self, e: ev.RoomEvent, at: float) -> bool:
        """Apply one game event; True when it ended the game."""
        game = self.game
        if isinstance(e, ev.TurnBegan):
            self.turn, self.deadline, self.phase_started = e.turn, e.deadline, at
        elif isinstance(e, ev.Acted):
            game.apply(e.seat, action_from_json(e.action))
        elif isinstance(e, ev.DayBegan):
            self.turn, self.deadline, self.phase_started = len(game.turns), e.deadline, at
            self.dawn = at
            if game.phase != Phase.DAY:
                raise ValueError(f"the day begins with the engine in the {game.phase}")
        elif isinstance(e, ev.ReadyToVote):
            if e.ready:
                self.ready.add(e.seat)
            else:
                self.ready.discard(e.seat)
        elif isinstance(e, ev.VoteOpened):
            game.end_day()
            self.deadline, self.phase_started = e.deadline, at
        elif isinstance(e, ev.Voted):
            game.apply(e.seat, Vote(e.target))
        elif isinstance(e, ev.VoteClosed):
            self.random_votes = sorted(e.random)
            for seat, target in sorted(e.random.items()):
                game.apply(seat, Vote(target))
        else:
            raise ValueError(f"not a game event: {e.kind}")
        ended = self._ended()
        if ended:
            self.dusk = at
        return ended

    def _ended(self) -> bool:
        result = self.game.result
        if result is None or self.result is not None:
            return False
        self.result = result.to_json(self.names, self.game.turns)
        self.winners = sorted(result.winners)
        self.deadline = 0.0
        return True
