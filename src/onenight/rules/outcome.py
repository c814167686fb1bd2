"""The vote and who wins (RULES.md §4 and §5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from . import roles as R
from .roles import Role


def deaths(
    votes: Sequence[int], end_roles: Sequence[Role]
) -> tuple[frozenset[int], frozenset[int]]:
    """Who dies, and who the Bodyguards protect, given each seat's point.

    A Bodyguard's point is no vote: it protects its target, who is left out of the
    count. Nobody dies when the highest count is 1 or less; otherwise everyone tied at
    the highest count dies. A dying Hunter takes his target with him (unless protected
    or already dead), again and again while new Hunters die.
    """
    # Lists, not Sequences: compiled, a list is indexed in C without boxing the index.
    points: list[int] = votes if isinstance(votes, list) else list(votes)
    roles: list[Role] = end_roles if isinstance(end_roles, list) else list(end_roles)
    n = len(points)
    counts = [0] * n
    protected: set[int] = set()
    for voter in range(n):
        target = points[voter]
        if roles[voter] == R.BODYGUARD:
            protected.add(target)
        else:
            counts[target] = counts[target] + 1  # compiled: a C add (``+=`` is generic)
    if protected:
        for seat in protected:
            counts[seat] = 0
    top = 0
    for count in counts:
        if count > top:
            top = count
    if top <= 1:
        return _NOBODY, frozenset(protected) if protected else _NOBODY
    dead = {seat for seat in range(n) if counts[seat] == top}
    hunters = [seat for seat in dead if roles[seat] == R.HUNTER]
    while hunters:
        target = points[hunters.pop()]
        if target not in dead and target not in protected:
            dead.add(target)
            if roles[target] == R.HUNTER:
                hunters.append(target)
    return frozenset(dead), frozenset(protected) if protected else _NOBODY


_NOBODY: Final[frozenset[int]] = frozenset()  # shared: the common "nobody" answer, immutable


# Sides for the win rules: the village, Werewolves, Minions, Tanners, Apprentice Tanners.
# Final: compiled, a Final global is a constant, any other one a dict lookup per read.
_VILLAGE: Final = 0
_WOLF: Final = 1
_MINION: Final = 2
_TANNER: Final = 3
_APPRENTICE: Final = 4
_SIDE: Final[dict[Role, int]] = {role: _VILLAGE for role in R.ALL_ROLES}
_SIDE.update({role: _WOLF for role in R.WOLF_FAMILY})
_SIDE.update({R.MINION: _MINION, R.TANNER: _TANNER, R.APPRENTICE_TANNER: _APPRENTICE})


def winners(edition_id: str, end_roles: Sequence[Role], dead: frozenset[int]) -> frozenset[int]:
    """The seats that win, by the edition's rules."""
    side_of = _SIDE
    sides = [side_of[role] for role in end_roles]
    any_wolf = _WOLF in sides
    wolf_died = tanner_died = non_minion_died = False
    for seat in dead:
        side = sides[seat]
        wolf_died |= side == _WOLF
        tanner_died |= side == _TANNER
        non_minion_died |= side != _MINION
    if edition_id == "japanese":
        return _japanese(end_roles, any_wolf, wolf_died, bool(dead))
    if edition_id == "workshop":
        return _workshop(end_roles, dead, wolf_died, tanner_died)
    # ultimate and sans-carte: whether each side wins (a Tanner wins iff he dies).
    if any_wolf:
        wolves_win = not wolf_died and not tanner_died
        minion_wins = wolves_win
        village_wins = wolf_died  # Tanner deaths don't matter
    else:
        wolves_win = False
        minion_wins = non_minion_died  # someone who is not a Minion dies
        village_wins = not dead
    # A list, not a tuple: compiled, a tuple of bools is a C struct, boxed at each index.
    side_wins = [village_wins, wolves_win, minion_wins, False, tanner_died]
    won = []
    for seat in range(len(sides)):
        side = sides[seat]
        if side_wins[side] or (side == _TANNER and seat in dead):
            won.append(seat)
    return frozenset(won)


def _workshop(
    end_roles: Sequence[Role], dead: frozenset[int], wolf_died: bool, tanner_died: bool
) -> frozenset[int]:
    """workshop (**Ruling**: its own text, taken literally)."""
    seats = range(len(end_roles))
    if tanner_died:  # the Tanners who died and the Apprentice Tanners, and nobody else
        return frozenset(
            s
            for s in seats
            if end_roles[s] == R.APPRENTICE_TANNER or (end_roles[s] == R.TANNER and s in dead)
        )
    team = R.TEAM_VILLAGE if wolf_died else R.TEAM_WEREWOLF
    return frozenset(
        s for s in seats if R.team_of(end_roles[s]) == team and end_roles[s] != R.APPRENTICE_TANNER
    )


def _japanese(
    end_roles: Sequence[Role], any_wolf: bool, wolf_died: bool, anyone_died: bool
) -> frozenset[int]:
    """japanese: the human team is everyone who is not a Werewolf."""
    seats = range(len(end_roles))
    if wolf_died:
        return frozenset(s for s in seats if end_roles[s] not in R.WOLF_FAMILY)
    if not anyone_died and not any_wolf:
        return frozenset(seats)  # Peace Village: everyone wins
    return frozenset(s for s in seats if end_roles[s] in R.WOLF_FAMILY)  # none: nobody wins
