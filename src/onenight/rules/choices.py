"""Legal choices for each kind of night decision.

A choice set depends only on the table (players ``n``, center cards ``c``), the
actor's seat and which seats' cards may not be touched (``blocked``, a bit per seat),
so the engine builds each set once and caches it (see ``night.decide``): bots and
simulations ask for them millions of times. Each builder lists the actions other than
``Pass()``; an optional decision adds ``Pass()``.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import CENTER, CENTER_WOLF, PEEK, Action, Copy, Reveal, Shield, View, Vote, swap

#: ``(n, c, seat, blocked, extra) -> actions``.
Builder = Callable[[int, int, int, int, int], list[Action]]


def others(n: int, seat: int, blocked: int) -> list[int]:
    """Seats other than ``seat`` whose bit is not in ``blocked``."""
    return [t for t in range(n) if t != seat and not blocked >> t & 1]


def shield(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Sentinel: another player's card without a shield."""
    return [Shield(t) for t in others(n, seat, blocked)]


def copy(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Doppelgänger: another player's (unshielded) card."""
    return [Copy(t) for t in others(n, seat, blocked)]


def look_player(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Mystic Wolf, PI / Ghost Hunter: another player's card."""
    return [View((t,)) for t in others(n, seat, blocked)]


def look_seer(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Seer / Sorcerer: another player's card, or two different center cards."""
    acts: list[Action] = [View((t,)) for t in others(n, seat, blocked)]
    acts += [View((CENTER + i, CENTER + j)) for i in range(c) for j in range(i + 1, c)]
    return acts


def look_center(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Lone wolf, Apprentice Seer, Witch: one center card (never ``center:wolf``)."""
    return [View((CENTER + i,)) for i in range(c)]


def peek(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Little Girl: peek."""
    return [PEEK]


def alpha(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Alpha Wolf: the center Werewolf card with another, non-wolf player's card."""
    return [swap(t, CENTER_WOLF) for t in others(n, seat, blocked)]


def rob(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Robber / Phantom Thief: own card with another player's."""
    return [swap(seat, t) for t in others(n, seat, blocked)]


def witch_swap(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Witch: the center card ``extra`` she looked at with any player's card, hers too."""
    return [swap(t, extra) for t in others(n, -1, blocked)]


def trouble(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Troublemaker: the cards of two other players."""
    seats = others(n, seat, blocked)
    return [swap(a, b) for i, a in enumerate(seats) for b in seats[i + 1 :]]


def drunk(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Drunk: own card with a center card (never ``center:wolf``)."""
    return [swap(seat, CENTER + i) for i in range(c)]


def reveal(n: int, c: int, seat: int, blocked: int, extra: int) -> list[Action]:
    """Revealer: another player's card."""
    return [Reveal(t) for t in others(n, seat, blocked)]


_VOTES: dict[tuple[int, int], tuple[Action, ...]] = {}


def vote(n: int, seat: int) -> tuple[Action, ...]:
    """The vote: any other player; no abstaining, no pointing at oneself."""
    key = (n, seat)
    got = _VOTES.get(key)
    if got is None:
        got = _VOTES[key] = tuple(Vote(t) for t in range(n) if t != seat)
    return got
