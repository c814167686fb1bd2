"""One game in a room: the engine's Game plus the clock, the day's talk and the vote.

Phases: ``night`` (``call`` -1 is the deal, then each of ``game.calls`` in order, each
for a fixed turn plus jitter whoever holds the card), ``day``, ``vote``, ``end``.
Like Room, a Play changes only by applying stored events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from onenight.rules import Game, Setup, Vote, action_from_json, target_from_json


@dataclass
class Play:
    """A game under way or just ended."""

    no: int
    seats: list[int]  #: member id of each seat
    names: list[str]
    edition: str
    deck: list[str]
    seed: int
    turn: float
    jitter: float
    day: float
    vote: float
    game: Game
    phase: str = "night"
    call: int = -1  #: -1: the deal; then an index into game.calls
    deadline: float = 0.0
    phase_started: float = 0.0
    log: list[dict[str, Any]] = field(default_factory=list)  #: chat and whispers
    votes: dict[int, int] = field(default_factory=dict)  #: seat -> target, hidden until close
    random_votes: list[int] = field(default_factory=list)
    result: dict[str, Any] | None = None
    winners: list[int] | None = None

    @classmethod
    def start(cls, data: dict[str, Any], at: float) -> Play:
        setup = Setup.shuffled(data["edition"], data["names"], deck=data["deck"], seed=data["seed"])
        return cls(
            no=data["game"],
            seats=list(data["seats"]),
            names=list(data["names"]),
            edition=data["edition"],
            deck=list(data["deck"]),
            seed=data["seed"],
            turn=data["turn"],
            jitter=data["jitter"],
            day=data["day"],
            vote=data["vote"],
            game=Game(setup),
            deadline=data["deadline"],
            phase_started=at,
        )

    # ----- queries -----

    @property
    def calls(self) -> tuple[str, ...]:
        return self.game.calls

    def seat_of(self, member_id: int) -> int | None:
        return self.seats.index(member_id) if member_id in self.seats else None

    def deciding(self, seat: int) -> bool:
        """Whether ``seat`` has a night choice to make now (its call has come)."""
        d = self.game.decision
        return self.phase == "night" and d is not None and d.seat == seat and d.call == self.call

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may know now: the engine's view, cut at the
        current call during the night."""
        if self.phase == "night":
            return self.game.view(seat, until=self.call)
        return self.game.view(seat)

    # ----- events -----

    def apply(self, data: dict[str, Any], at: float) -> bool:
        """Apply one game event; True when it ended the game."""
        e = data["e"]
        if e == "call":
            self.call, self.deadline, self.phase_started = data["k"], data["deadline"], at
        elif e == "act":
            self.game.apply(data["seat"], action_from_json(data["action"]))
        elif e == "day":
            self.phase, self.call = "day", len(self.calls)
            self.deadline, self.phase_started = data["deadline"], at
        elif e == "vote_open":
            self.phase, self.deadline, self.phase_started = "vote", data["deadline"], at
        elif e == "vote":
            self.votes[data["seat"]] = target_from_json(data["target"])
        elif e == "vote_closed":
            return self._close_vote(data)
        else:
            raise ValueError(f"unknown game event {e!r}")
        return False

    def _close_vote(self, data: dict[str, Any]) -> bool:
        votes = {int(s): target_from_json(t) for s, t in data["votes"].items()}
        self.votes = votes
        self.random_votes = list(data["random"])
        for seat in sorted(votes):
            self.game.apply(seat, Vote(votes[seat]))
        result = self.game.result
        assert result is not None
        self.result = result.to_json(self.names, self.calls)
        self.winners = sorted(result.winners)
        self.phase, self.deadline = "end", 0.0
        return True
