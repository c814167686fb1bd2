"""The published settings' rules where they differ from the rulebook, each a named switch
of :class:`.config.Config` (docs/research.md, "Presets", names the source file of each):

* ``outcome``: who wins. ``rulebook`` (RULES.md §5, the engine's result); ``jin2024``
  (Jin et al., KylJin/Werewolf ``onuw/environments/werewolf.py``, ``voting_step``);
  ``wolfbot`` (TylerYep/wolfbot ``wolfbot/one_night.py``, ``get_voting_result`` and
  ``eval_winning_team``).
* ``abstain``: a seat may give up its vote (Jin et al.: a vote naming no player).
* ``seer_center``: ``choose`` (the Seer picks the two center cards) or ``random`` (Jin
  et al.: ``random.sample`` of the center, the Seer only asks for "the role pool").

Pure functions of the end roles and the ballots: the same game is scored by the
environment, the tournament and a replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from onenight.rules import Result, team_of
from onenight.rules import roles as R
from onenight.rules.record import winning_team

OUTCOMES = ("rulebook", "jin2024", "wolfbot")
SEER_CENTER = ("choose", "random")
VILLAGE, WEREWOLF, TANNER = "village", "werewolf", "tanner"


@dataclass(frozen=True)
class Outcome:
    """Who won: the winning ``team`` (None: nobody, a draw), the seats that ``won``
    (a team may win with no seat on it: wolfbot's werewolves with every wolf card in
    the center) and the seats that died."""

    team: str | None
    winners: frozenset[int]
    dead: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        return {"team": self.team, "winners": sorted(self.winners), "dead": list(self.dead)}


def team_name(roles: Sequence[str], won: Iterable[int]) -> str | None:
    """The winning team named by the winners' end roles (several teams may win together
    in the rulebook, a Tanner with the village: the first in order is named)."""
    return winning_team(roles, won)


def from_result(res: Result) -> Outcome:
    """The engine's result (the rulebook) as an Outcome."""
    won = frozenset(res.winners)
    return Outcome(team_name(res.roles, won), won, tuple(sorted(res.dead)))


def tally(ballots: Mapping[int, int | None], n: int) -> list[int]:
    """Votes received by each seat (an abstention counts for nobody)."""
    got = [0] * n
    for target in ballots.values():
        if target is not None:
            got[target] += 1
    return got


def _team(roles: Sequence[str], team: str) -> frozenset[int]:
    """The seats whose end role is on ``team`` (RULES.md §2's teams)."""
    return frozenset(s for s, r in enumerate(roles) if team_of(r) == team)


def jin2024(roles: Sequence[str], ballots: Mapping[int, int | None]) -> Outcome:
    """Jin et al.'s ``voting_step``: no Werewolf among the players is a draw whatever the
    vote; else the most-voted players are "elected" (all of them when tied): one alone,
    the village wins if he is a Werewolf; several with one vote each, a draw; several
    with more, the village wins if any of them is a Werewolf. Otherwise the werewolves
    win. (When every seat abstains, every seat ties at 0 votes and is elected: the
    village wins, as their code has it.)"""
    if R.WEREWOLF not in roles:
        return Outcome(None, frozenset(), ())
    got = tally(ballots, len(roles))
    top = max(got)
    elected = tuple(s for s, v in enumerate(got) if v == top)
    if len(elected) > 1 and top == 1:
        return Outcome(None, frozenset(), ())
    team = VILLAGE if any(roles[s] == R.WEREWOLF for s in elected) else WEREWOLF
    return Outcome(team, _team(roles, team), elected if top > 0 else ())


def wolfbot(roles: Sequence[str], ballots: Mapping[int, int | None]) -> Outcome:
    """wolfbot's ``eval_winning_team``: the most-voted players die (all of them when
    tied) unless every player ties, when nobody dies and the village wins if no player
    is a Werewolf. Else the village wins if a Werewolf died, a dead Tanner wins next,
    and otherwise the werewolf team wins (even with no Werewolf among the players).
    A dead Hunter takes the seat he voted for."""
    n = len(roles)
    got = tally(ballots, n)
    top = max(got)
    dead = [s for s, v in enumerate(got) if v == top]
    if len(dead) == n:
        team = VILLAGE if R.WEREWOLF not in roles else WEREWOLF
        return Outcome(team, _team(roles, team), ())
    for s in list(dead):
        target = ballots.get(s)
        if roles[s] == R.HUNTER and target is not None and target not in dead:
            dead.append(target)
    if any(roles[s] == R.WEREWOLF for s in dead):
        team = VILLAGE
    elif any(roles[s] == R.TANNER for s in dead):
        return Outcome(TANNER, frozenset(s for s in dead if roles[s] == R.TANNER), tuple(dead))
    else:
        team = WEREWOLF
    return Outcome(team, _team(roles, team), tuple(dead))


def score(rule: str, roles: Sequence[str], ballots: Mapping[int, int | None]) -> Outcome:
    """The outcome under ``jin2024`` or ``wolfbot`` (``rulebook`` is the engine's)."""
    if rule == "jin2024":
        return jin2024(roles, ballots)
    if rule == "wolfbot":
        return wolfbot(roles, ballots)
    raise ValueError(f"outcome {rule!r}: the rulebook's is the engine's result")
