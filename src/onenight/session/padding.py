"""Frames of one size: what a frame weighs on the wire must not tell what it holds.

While a game is under way every frame a member gets is padded to the game's
:func:`frame_size`: one size for the whole game, fixed at the deal from the public table
alone (the edition, the seats and their names, the deck), above the largest frame that
this deck and seat count can produce. A frame that is somehow larger (a bug) is padded
to a multiple of the size and logged, never dropped.
"""

from __future__ import annotations

import logging
from typing import Any

import orjson

from onenight.rules import Game, offered_choices
from onenight.rules import choices as C

log = logging.getLogger("onenight.session")

_OPTS = orjson.OPT_NON_STR_KEYS
BLOCK = 512  #: frame sizes are a multiple of this many bytes
SLACK = 256  #: bytes kept free above the bound (timers' digits, a longer phase name)


def encode(frame: Any) -> bytes:
    return orjson.dumps(frame, option=_OPTS)


def pad(raw: bytes, size: int) -> str:
    """``raw`` (an encoded JSON object without a ``pad`` key) with a ``pad`` field of
    spaces spliced in last, so that it is exactly ``size`` bytes of UTF-8 (a multiple of
    ``size`` if it is larger, which is logged)."""
    sep = b"," if len(raw) > 2 else b""
    bare = len(raw) + len(sep) + len(b'"pad":""')
    target = size
    if bare > size:
        log.error("a %d-byte frame is over the game's frame size %d", bare, size)
        target = -(-bare // size) * size
    return (raw[:-1] + sep + b'"pad":"' + b" " * (target - bare) + b'"}').decode()


def frame_size(game: Game) -> int:
    """The size of every frame of this game: a bound on the largest ``state`` frame any
    member can get before the end, from the public table only, rounded up to BLOCK."""
    n = len(game.players)
    public = len(encode(game.view(None, until=0)))
    bound = public + SLACK
    bound += 48  # "seat", "card" (the longest role id)
    bound += _facts_bound(game) + _decision_bound(game)
    bound += n * 40 + 64  # the day: cards left face up, shields, who voted, your vote
    bound += n * 3 + 16  # the day: who is ready to vote ('"ready":[0,1,…]')
    return -(-bound // BLOCK) * BLOCK


def _facts_bound(game: Game) -> int:
    """A seat learns at most 4 facts of its own (a Doppelgänger-Mystic Wolf: her copy,
    her look, the wolves, the lone wolf's peek) plus one per Little Girl who peeks."""
    n = len(game.players)
    girls = sum(1 for t in game.turns if t.name == "werewolves" and t.role != "werewolf")
    most = 6 + girls
    one = max(72, 28 + 4 * n)  # a look ('"saw":"center:wolf","card":…') or a list of seats
    return 16 + most * one


def _decision_bound(game: Game) -> int:
    """The longest decision: the largest choice list this deck can offer, or the vote."""
    offered = offered_choices(game.setup.public_deck, game.n, game.c).values()
    longest = max((len(encode([a.to_json() for a in acts])) + 24 for acts in offered), default=0)
    votes = len(encode([a.to_json() for a in C.vote(game.n, 0)]))
    return 128 + max(longest, votes)
