"""The vote and who wins (RULES.md §4 and §5)."""

from __future__ import annotations

from collections.abc import Sequence

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
    n = len(votes)
    counts = [0] * n
    protected = set()
    for voter, target in enumerate(votes):
        if end_roles[voter] == R.BODYGUARD:
            protected.add(target)
        else:
            counts[target] += 1
    for seat in protected:
        counts[seat] = 0
    top = max(counts)
    if top <= 1:
        return frozenset(), frozenset(protected)
    dead = {seat for seat in range(n) if counts[seat] == top}
    hunters = [seat for seat in dead if end_roles[seat] == R.HUNTER]
    while hunters:
        target = votes[hunters.pop()]
        if target not in dead and target not in protected:
            dead.add(target)
            if end_roles[target] == R.HUNTER:
                hunters.append(target)
    return frozenset(dead), frozenset(protected)


def winners(edition_id: str, end_roles: Sequence[Role], dead: frozenset[int]) -> frozenset[int]:
    """The seats that win, by the edition's rules."""
    wolf = [r in R.WOLF_FAMILY for r in end_roles]
    any_wolf = any(wolf)
    wolf_died = any(wolf[d] for d in dead)
    tanner_died = any(end_roles[d] == R.TANNER for d in dead)
    seats = range(len(end_roles))
    if edition_id == "japanese":
        return _japanese(wolf, any_wolf, wolf_died, bool(dead))
    if edition_id == "workshop":
        if tanner_died:
            return frozenset(
                s
                for s in seats
                if end_roles[s] == R.APPRENTICE_TANNER or (end_roles[s] == R.TANNER and s in dead)
            )
        team = R.TEAM_VILLAGE if wolf_died else R.TEAM_WEREWOLF
        return frozenset(
            s
            for s in seats
            if R.team_of(end_roles[s]) == team and end_roles[s] != R.APPRENTICE_TANNER
        )
    return frozenset(
        s for s in seats if _wins_ultimate(s, end_roles, dead, any_wolf, wolf_died, tanner_died)
    )


def _wins_ultimate(
    seat: int,
    end_roles: Sequence[Role],
    dead: frozenset[int],
    any_wolf: bool,
    wolf_died: bool,
    tanner_died: bool,
) -> bool:
    role = end_roles[seat]
    if role == R.TANNER:
        return seat in dead
    if role == R.APPRENTICE_TANNER:
        return tanner_died
    if role in R.WOLF_FAMILY or role == R.MINION:
        if any_wolf:
            return not wolf_died and not tanner_died
        return any(end_roles[d] != R.MINION for d in dead)
    return wolf_died if any_wolf else not dead


def _japanese(
    wolf: list[bool], any_wolf: bool, wolf_died: bool, anyone_died: bool
) -> frozenset[int]:
    seats = range(len(wolf))
    if wolf_died:
        return frozenset(s for s in seats if not wolf[s])
    if not anyone_died and not any_wolf:
        return frozenset(seats)  # Peace Village
    return frozenset(s for s in seats if wolf[s])  # empty when nobody is a Werewolf
