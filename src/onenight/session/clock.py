"""The game's clock as a pure function: ``tick(room, now, rng)`` → the events now due.

Every turn of the night's plan lasts the host's turn length plus a random jitter,
whether a player holds its card or not, and whether or not its chooser has chosen:
nothing about the deal shortens or lengthens the night. When a turn ends, a choice
still open in it is made for its player (an optional one is skipped, a mandatory one
made at random). Then the day; then the vote, which closes when every seat has voted
(the engine closes it) or at its deadline, when each seat without a vote gets a random
legal one.
"""

from __future__ import annotations

import random

from onenight.rules import Game, Pass, Phase, Vote

from . import events as ev
from .play import Play
from .room import Room

#: How late a deadline may be handled and still anchor the next one (else: now).
ANCHOR_SLACK = 5.0


def due(room: Room) -> float | None:
    """When the room's clock next has something to do (None: nothing scheduled)."""
    play = room.play
    if play is None or play.phase == Phase.END or room.closed:
        return None
    return play.deadline


def tick(room: Room, now: float, rng: random.Random) -> list[ev.RoomEvent]:
    """The events that end the current period, if its deadline has passed."""
    play = room.play
    deadline = due(room)
    if play is None or deadline is None or now < deadline:
        return []
    # The next period counts from the deadline just passed, so that work done at a
    # deadline never shifts the schedule (unless it is long gone: after a restart).
    base = deadline if now - deadline < ANCHOR_SLACK else now
    phase = play.phase
    if phase == Phase.NIGHT:
        return [*open_choices(play.game, play.turn, rng), next_turn(play, base, rng)]
    if phase == Phase.DAY:
        return [ev.VoteOpened(deadline=base + play.vote)]
    return [close_vote(play, rng)]


def next_turn(play: Play, base: float, rng: random.Random) -> ev.RoomEvent:
    """The next turn of the night (turn length plus jitter), or the day after the last."""
    turn = play.turn + 1
    if turn < len(play.game.turns):
        length = play.turn_length + rng.uniform(0.0, play.jitter)
        return ev.TurnBegan(turn=turn, deadline=base + length)
    return ev.DayBegan(deadline=base + play.day)


def open_choices(game: Game, turn: int, rng: random.Random) -> list[ev.RoomEvent]:
    """The choices left open in ``turn``, made for their players (tried on a copy)."""
    d = game.decision
    if d is None or d.turn != turn:
        return []
    sim = game.copy()
    out: list[ev.RoomEvent] = []
    while (d := sim.decision) is not None and d.turn == turn:
        action = Pass() if not d.mandatory else rng.choice(d.choices)
        sim.apply(d.seat, action)
        out.append(ev.Acted(seat=d.seat, action=action.to_json(), turn=turn, auto=True))
    return out


def close_vote(play: Play, rng: random.Random) -> ev.RoomEvent:
    """Close the vote: a random legal vote for each seat that has none."""
    game = play.game
    missing = {}
    for seat in game.to_move():
        legal = [a for a in game.legal(seat) if isinstance(a, Vote)]
        missing[seat] = rng.choice(legal).target
    return ev.VoteClosed(random=missing)
