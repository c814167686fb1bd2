"""The rules core: pure Python, no I/O, deterministic.

    >>> from onenight.rules import Game, Setup, Vote
    >>> game = Game(Setup.shuffled("ultimate", ["ann", "bob", "cat"], DECK, seed=1))

See docs/engine.md for a worked example.
"""

from .actions import (
    CENTER,
    CENTER_WOLF,
    PASS,
    PEEK,
    Action,
    Copy,
    Pass,
    Peek,
    Reveal,
    Shield,
    Swap,
    Target,
    View,
    Vote,
    action_from_json,
    center,
    is_center,
    swap,
    target_from_json,
    target_to_json,
    view,
)
from .editions import (
    EDITIONS,
    JAPANESE_RECOMMENDED,
    Edition,
    default_deck,
    draw_deck,
    night_calls,
    validate_deck,
    validate_enabled,
)
from .errors import IllegalAction, InvalidSetup, RulesError
from .facts import Fact
from .game import Game
from .phase import Phase
from .result import Result
from .roles import ALL_ROLES, WOLF_FAMILY, Role, team_of
from .setup import Dealer, Setup
from .state import DAY, END, NIGHT, VOTE, Decision
from .steps import offered_choices
from .turns import Turn, TurnPlan, turn_plan

__all__ = [
    "ALL_ROLES",
    "CENTER",
    "CENTER_WOLF",
    "DAY",
    "EDITIONS",
    "END",
    "JAPANESE_RECOMMENDED",
    "NIGHT",
    "PASS",
    "PEEK",
    "VOTE",
    "WOLF_FAMILY",
    "Action",
    "Copy",
    "Dealer",
    "Decision",
    "Edition",
    "Fact",
    "Game",
    "IllegalAction",
    "InvalidSetup",
    "Pass",
    "Peek",
    "Phase",
    "Result",
    "Reveal",
    "Role",
    "RulesError",
    "Setup",
    "Shield",
    "Swap",
    "Target",
    "Turn",
    "TurnPlan",
    "View",
    "Vote",
    "action_from_json",
    "center",
    "default_deck",
    "draw_deck",
    "is_center",
    "night_calls",
    "offered_choices",
    "swap",
    "target_from_json",
    "target_to_json",
    "team_of",
    "turn_plan",
    "validate_deck",
    "validate_enabled",
    "view",
]
