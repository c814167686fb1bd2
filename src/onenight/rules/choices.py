"""Legal choices for each kind of night decision, built once and cached.

A choice set depends only on the table (players, center), the actor's seat and which
cards may not be touched, so the engine builds each set once and reuses it: bots and
simulations ask for them millions of times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .actions import CENTER, CENTER_WOLF, PASS, PEEK, Action, Copy, Reveal, Shield, View, Vote, swap

Choices = tuple[tuple[Action, ...], frozenset[Action]]

_CACHE: dict[tuple[object, ...], Choices] = {}
_CACHE_LIMIT = 200_000


def _others(n: int, seat: int, blocked: int) -> list[int]:
    """Seats other than ``seat`` whose bit is not in ``blocked``."""
    return [t for t in range(n) if t != seat and not blocked >> t & 1]


def _cached(key: tuple[object, ...], build: Callable[[], Iterable[Action]]) -> Choices:
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) > _CACHE_LIMIT:
            _CACHE.clear()
        choices = tuple(build())
        got = _CACHE[key] = (choices, frozenset(choices))
    return got


def _with_pass(actions: list[Action], optional: bool) -> list[Action]:
    if optional and actions:
        actions.append(PASS)
    return actions


def look_player(n: int, seat: int, blocked: int) -> Choices:
    """Look at another player's card (Mystic Wolf, PI / Ghost Hunter); optional."""
    return _cached(
        ("look1", n, seat, blocked),
        lambda: _with_pass([View((t,)) for t in _others(n, seat, blocked)], True),
    )


def look_seer(n: int, c: int, seat: int, blocked: int) -> Choices:
    """Seer / Sorcerer: another player's card, or two different center cards; optional."""

    def build() -> list[Action]:
        acts: list[Action] = [View((t,)) for t in _others(n, seat, blocked)]
        acts += [View((CENTER + i, CENTER + j)) for i in range(c) for j in range(i + 1, c)]
        return _with_pass(acts, True)

    return _cached(("seer", n, c, seat, blocked), build)


def look_center(c: int) -> Choices:
    """One center card (lone wolf, Apprentice Seer, Witch); optional."""
    return _cached(
        ("center1", c), lambda: _with_pass([View((CENTER + i,)) for i in range(c)], True)
    )


def copy_player(n: int, seat: int, blocked: int) -> Choices:
    """Doppelgänger's copy; mandatory."""
    return _cached(("copy", n, seat, blocked), lambda: [Copy(t) for t in _others(n, seat, blocked)])


def shield_player(n: int, seat: int, blocked: int) -> Choices:
    """Sentinel: another player's card without a shield; optional."""
    return _cached(
        ("shield", n, seat, blocked),
        lambda: _with_pass([Shield(t) for t in _others(n, seat, blocked)], True),
    )


def reveal_player(n: int, seat: int, blocked: int) -> Choices:
    """Revealer; optional."""
    return _cached(
        ("reveal", n, seat, blocked),
        lambda: _with_pass([Reveal(t) for t in _others(n, seat, blocked)], True),
    )


def rob(n: int, seat: int, blocked: int) -> Choices:
    """Robber / Phantom Thief: own card with another player's; optional."""
    return _cached(
        ("rob", n, seat, blocked),
        lambda: _with_pass([swap(seat, t) for t in _others(n, seat, blocked)], True),
    )


def trouble(n: int, seat: int, blocked: int) -> Choices:
    """Troublemaker: two other players' cards; optional."""

    def build() -> list[Action]:
        others = _others(n, seat, blocked)
        pairs: list[Action] = [swap(a, b) for i, a in enumerate(others) for b in others[i + 1 :]]
        return _with_pass(pairs, True)

    return _cached(("trouble", n, seat, blocked), build)


def alpha(n: int, seat: int, blocked: int) -> Choices:
    """Alpha Wolf: the center Werewolf card with a non-wolf player's card; mandatory."""
    return _cached(
        ("alpha", n, seat, blocked),
        lambda: [swap(t, CENTER_WOLF) for t in _others(n, seat, blocked)],
    )


def witch_swap(n: int, slot: int, blocked: int) -> Choices:
    """Witch: the center card she looked at with any player's card (her own too); mandatory."""
    return _cached(
        ("witch", n, slot, blocked),
        lambda: [swap(t, slot) for t in _others(n, -1, blocked)],
    )


def drunk(c: int, seat: int) -> Choices:
    """Drunk: own card with a center card (never the wolf slot); mandatory."""
    return _cached(("drunk", c, seat), lambda: [swap(seat, CENTER + i) for i in range(c)])


def peek() -> Choices:
    """Little Girl: peek or not."""
    return _cached(("peek",), lambda: [PEEK, PASS])


def vote(n: int, seat: int) -> Choices:
    """The vote: any other player; no abstaining."""
    return _cached(("vote", n, seat), lambda: [Vote(t) for t in range(n) if t != seat])
