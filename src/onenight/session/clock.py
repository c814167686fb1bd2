"""The game's clock: dealing, the night's calls, the day, the vote and its close.

Every call of ``game.calls`` lasts the host's turn length plus a random jitter, whether
its card is with a player or in the center; when it ends, the choices still open at that
call are made for the player (an optional one is skipped, a mandatory one made at
random). A player who never voted gets a random legal vote when the vote closes.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from onenight.rules import Game, Pass, Vote, target_to_json

from .protocol import BadMessage
from .views import deck_for, deck_problem, turn_for

if TYPE_CHECKING:
    from .hub import RoomActor
    from .play import Play

#: How late a deadline may be handled and still anchor the next one (else: now).
ANCHOR_SLACK = 1.0


def _base(play: Play) -> float:
    """The time the next period counts from: the deadline just passed, so that work
    done at a deadline never shifts the schedule (unless it is long gone: a restart)."""
    now = time.time()
    return play.deadline if now - play.deadline < ANCHOR_SLACK else now


def started_event(actor: RoomActor, rng: random.Random) -> dict[str, Any]:
    """The ``started`` event of a new game with the room's seats and settings."""
    room = actor.room
    problem = deck_problem(room)
    if problem is not None:
        raise BadMessage("bad_deck", problem)
    s = room.settings
    turn = turn_for(room)
    return {
        "game": room.games + 1,
        "seats": list(room.seats),
        "names": [room.members[m].name for m in room.seats],
        "edition": s.edition,
        "deck": deck_for(room),
        "seed": rng.randrange(2**62),
        "turn": turn,
        "jitter": s.jitter,
        "day": s.day,
        "vote": s.vote,
        "deadline": time.time() + turn,  # the deal: everyone looks at their card
    }


def auto_choices(game: Game, k: int, rng: random.Random) -> list[dict[str, Any]]:
    """The choices left open at call ``k``, made for their players (on a copy)."""
    d = game.decision
    if d is None or d.call != k:
        return []
    sim = game.copy()
    out: list[dict[str, Any]] = []
    while (d := sim.decision) is not None and d.call == k:
        choices = sim.legal(d.seat)
        action = Pass() if not d.mandatory and Pass() in choices else rng.choice(choices)
        sim.apply(d.seat, action)
        out.append({"e": "act", "seat": d.seat, "action": action.to_json(), "k": k, "auto": True})
    return out


def close_vote_event(play: Play, rng: random.Random) -> dict[str, Any]:
    """Close the vote: the votes cast, and a random legal vote for each seat that has none."""
    votes = dict(play.votes)
    random_votes = []
    for seat in range(len(play.seats)):
        if seat not in votes:
            legal = [a for a in play.game.legal(seat) if isinstance(a, Vote)]
            votes[seat] = rng.choice(legal).target
            random_votes.append(seat)
    return {
        "e": "vote_closed",
        "votes": {str(s): target_to_json(t) for s, t in sorted(votes.items())},
        "random": random_votes,
    }


async def on_deadline(actor: RoomActor, rng: random.Random) -> None:
    """The current period is over: move the game on (the caller holds the room lock)."""
    play = actor.room.play
    assert play is not None
    base = _base(play)
    if play.phase == "night":
        pending = [("game", e) for e in auto_choices(play.game, play.call, rng)]
        k = play.call + 1
        if k < len(play.calls):
            length = play.turn + rng.uniform(0.0, play.jitter)
            pending.append(("game", {"e": "call", "k": k, "deadline": base + length}))
        else:
            pending.append(("game", {"e": "day", "deadline": base + play.day}))
        await actor.commit(pending)
    elif play.phase == "day":
        await actor.commit([("game", {"e": "vote_open", "deadline": base + play.vote})])
    elif play.phase == "vote":
        await actor.commit([("game", close_vote_event(play, rng))])
