"""What a bot says by day besides its claims, in English, French or Japanese: its
answers to what others say of it, whom it will vote for and why, and its remarks while
people talk (docs/bots.md, "How bots talk"). A claim itself is put on the board and the
client says it (a bot does not say it again in chat); the sentences are in
:mod:`.phrasings`, several per kind.

A line is picked among its kind's phrasings by the caller's seeded RNG, leaving out any
sentence another bot said within :data:`FRESH` seconds (``avoid``)."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from .base import Reason
from .phrasings import PHRASINGS
from .say import LANGUAGE

#: Two bots never say the same sentence within this many seconds.
FRESH = 60.0

#: The phrasings of each kind, per language (the first is the kind's plain form).
LINES = PHRASINGS

Field = int | str | tuple[int, ...] | None


def line(
    kind: str,
    lang: str,
    players: Sequence[str],
    pick: random.Random | None = None,
    avoid: Collection[str] = (),
    **fields: Field,
) -> str:
    """One line of ``kind`` in ``lang``: seats (``name``, ``other``) by name, roles
    (``role``, ``wolf``) as the language names them in a sentence. With ``pick``, one of
    the kind's phrasings at random, none in ``avoid`` if it can; else the first."""
    out = _fields(lang, players, fields)
    said = [p.format(**out) for p in LINES[lang][kind]]
    if pick is None:
        return said[0]
    fresh = [s for s in said if s not in avoid] or said
    return fresh[int(pick.random() * len(fresh))]


def _fields(lang: str, players: Sequence[str], fields: dict[str, Field]) -> dict[str, str]:
    language = LANGUAGE[lang]
    out: dict[str, str] = {}
    for key, value in fields.items():
        if value is None:
            continue
        if isinstance(value, tuple):  # several seats: "ann and bob"
            out[key] = language.and_.join(players[s] for s in value)
        elif key in ("name", "other"):
            out[key] = players[int(value)]
        elif key in ("role", "wolf"):
            out[key] = language.role(str(value))
        else:
            out[key] = str(value)
    return out


def reason_line(
    reason: Reason, lang: str, players: Sequence[str], pick: random.Random | None = None
) -> str:
    """ "their story does not fit cy's." """
    why, other = reason
    return line(why, lang, players, pick, other=other)


def vote_line(
    target: int,
    reason: Reason,
    lang: str,
    players: Sequence[str],
    pick: random.Random | None = None,
    avoid: Collection[str] = (),
    changed: bool = False,
) -> str:
    """ "I will vote for bob: their story does not fit cy's." (``changed``: it said
    earlier that bob was right about its card, and says why it votes for him anyway)."""
    text = reason_line(reason, lang, players, pick)
    kind = "changed" if changed else "vote"
    return line(kind, lang, players, pick, avoid, name=target, reason=text)


def joined(lines: Sequence[str], lang: str) -> str:
    """Sentences said together (Japanese puts no space between them)."""
    return ("" if lang == "ja" else " ").join(lines)
