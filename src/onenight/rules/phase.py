"""The phases of a game, one enum shared by the engine, the session and the wire."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """``night`` (the calls, one turn at a time), ``day`` (talk), ``vote`` (everyone
    points; a vote may be changed until the last seat has voted), ``end``.

    A ``StrEnum``: each value is its JSON form and compares equal to it."""

    NIGHT = "night"
    DAY = "day"
    VOTE = "vote"
    END = "end"
