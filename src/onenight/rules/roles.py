"""Role ids, families and teams (RULES.md §2 and §3).

Roles are plain strings (the ids of RULES.md), so that they cost nothing to compare
and read the same in code, JSON and logs.
"""

from __future__ import annotations

from typing import Final

Role = str

SENTINEL: Final = "sentinel"
DOPPELGANGER: Final = "doppelganger"
WEREWOLF: Final = "werewolf"
ALPHA_WOLF: Final = "alpha_wolf"
MYSTIC_WOLF: Final = "mystic_wolf"
DREAM_WOLF: Final = "dream_wolf"
LITTLE_GIRL: Final = "little_girl"
MINION: Final = "minion"
APPRENTICE_TANNER: Final = "apprentice_tanner"
MASON: Final = "mason"
SEER: Final = "seer"
SORCERER: Final = "sorcerer"
APPRENTICE_SEER: Final = "apprentice_seer"
PARANORMAL_INVESTIGATOR: Final = "paranormal_investigator"
GHOST_HUNTER: Final = "ghost_hunter"
ROBBER: Final = "robber"
PHANTOM_THIEF: Final = "phantom_thief"
WITCH: Final = "witch"
TROUBLEMAKER: Final = "troublemaker"
AURA_SEER: Final = "aura_seer"
DRUNK: Final = "drunk"
INSOMNIAC: Final = "insomniac"
REVEALER: Final = "revealer"
VILLAGER: Final = "villager"
TANNER: Final = "tanner"
HUNTER: Final = "hunter"
BODYGUARD: Final = "bodyguard"

#: Every role id of RULES.md §3, in night order (roles that never wake last).
ALL_ROLES: Final[tuple[Role, ...]] = (
    SENTINEL,
    DOPPELGANGER,
    WEREWOLF,
    ALPHA_WOLF,
    MYSTIC_WOLF,
    DREAM_WOLF,
    LITTLE_GIRL,
    MINION,
    APPRENTICE_TANNER,
    MASON,
    SEER,
    SORCERER,
    APPRENTICE_SEER,
    PARANORMAL_INVESTIGATOR,
    GHOST_HUNTER,
    ROBBER,
    PHANTOM_THIEF,
    WITCH,
    TROUBLEMAKER,
    AURA_SEER,
    DRUNK,
    INSOMNIAC,
    REVEALER,
    VILLAGER,
    TANNER,
    HUNTER,
    BODYGUARD,
)

#: The Werewolf family: a player whose end role is one of these is a Werewolf.
WOLF_FAMILY: Final = frozenset({WEREWOLF, ALPHA_WOLF, MYSTIC_WOLF, DREAM_WOLF})
#: Wolves that wake at the werewolves' call (the Dream Wolf never wakes).
WAKING_WOLVES: Final = frozenset({WEREWOLF, ALPHA_WOLF, MYSTIC_WOLF})
#: Cards that stop a Paranormal Investigator / Ghost Hunter (and that a Revealer turns back).
STOPS_INVESTIGATOR: Final = WOLF_FAMILY | {TANNER}
INVESTIGATORS: Final = frozenset({PARANORMAL_INVESTIGATOR, GHOST_HUNTER})

#: Teams, as the engine names them in results and views.
TEAM_WEREWOLF: Final = "werewolf"
TEAM_TANNER: Final = "tanner"
TEAM_VILLAGE: Final = "village"


def team_of(end_role: Role) -> str:
    """The team of a player whose end role is ``end_role`` (RULES.md §2).

    Werewolves and Minions are the werewolf team; a Tanner and an Apprentice Tanner who
    did not become one are on the Tanner side (**Ruling**: she never wins with the
    village); everyone else, a Doppelgänger card that copied nothing included, is village.
    """
    if end_role in WOLF_FAMILY or end_role == MINION:
        return TEAM_WEREWOLF
    if end_role in (TANNER, APPRENTICE_TANNER):
        return TEAM_TANNER
    return TEAM_VILLAGE
