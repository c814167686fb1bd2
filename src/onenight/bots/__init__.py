"""Bots: players that are not people (``random``, ``basic``, ``reasoner``; ``randclaim``
and ``reg`` for research: wolfbot's random and regular wolves).

A bot gets a seat's view and the public claim board and answers with JSON: see
:mod:`.base` for the interface and docs/bots.md for the levels and the reasoner's model.
"""

from __future__ import annotations

from onenight.session.claims import Claim, ClaimError, Posted, claim_from_json, posted_from_json

from .base import Bot, ViewDict
from .basic import BasicBot
from .play import Played, play
from .randclaim import RandClaimBot
from .random_bot import RandomBot
from .reasoner import ReasonerBot
from .regwolf import RegWolfBot
from .say import say

LEVELS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "reasoner": ReasonerBot,
    "randclaim": RandClaimBot,
    "reg": RegWolfBot,
}


def make_bot(level: str, seed: int | str) -> Bot:
    """A fresh bot of this level, seeded; ValueError naming the levels for an unknown one."""
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"no bot level {level!r} (known: {', '.join(LEVELS)})") from None


__all__ = [
    "LEVELS",
    "BasicBot",
    "Bot",
    "Claim",
    "ClaimError",
    "Played",
    "Posted",
    "RandClaimBot",
    "RandomBot",
    "ReasonerBot",
    "RegWolfBot",
    "ViewDict",
    "claim_from_json",
    "make_bot",
    "play",
    "posted_from_json",
    "say",
]
