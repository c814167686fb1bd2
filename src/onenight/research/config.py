"""What a research game is: edition, deck, table size, rounds of talk, rewards and the
rule variants a published setting uses (docs/research.md, "Presets").

Pure data (no PettingZoo): the environment, the policy adapter and the tournament all
read a :class:`Config`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from onenight.rules import EDITIONS, Dealer, default_deck
from onenight.rules import roles as R

from .variants import OUTCOMES, SEER_CENTER

#: How the day's speakers take turns: ``drawn`` (an order drawn at the deal from the
#: seed, the same every round) or ``seat`` (seat 0 first, every round: Jin et al.'s
#: released games start each round "from player1").
SPEAKING_ORDERS = ("drawn", "seat")


@dataclass(frozen=True)
class Config:
    """One research setting. ``deck`` empty: the edition's default deck for ``players``."""

    edition: str = "ultimate"
    players: int = 5
    deck: tuple[str, ...] = ()
    #: Rounds of claims by day: each round, every seat speaks once (one claim or silence).
    rounds: int = 3
    speaking_order: str = "drawn"
    #: Variant: whether a lone Werewolf may look at a center card (Ultimate: yes). When
    #: off, the environment declines the look for it (``Pass``) without asking.
    lone_wolf_peek: bool = True
    #: Rule switches of the published settings (:mod:`.variants`): who wins
    #: (``rulebook``, ``jin2024``, ``wolfbot``), whether a vote may be abstained, and
    #: whether the Seer picks the two center cards she looks at (``choose``) or they
    #: are drawn at random (``random``).
    outcome: str = "rulebook"
    abstain: bool = False
    seer_center: str = "choose"
    #: Rewards at the end: a seat among the winners gets ``win``, else ``lose``; when
    #: nobody wins at all, every seat gets ``draw``.
    win: float = 1.0
    lose: float = -1.0
    draw: float = 0.0
    #: An action outside the mask: ``fallback`` (the first legal action is played, the
    #: info says ``illegal_action``, the seat gets ``illegal_reward`` at that step) or
    #: ``raise`` (ValueError).
    illegal: str = "fallback"
    illegal_reward: float = 0.0
    #: Largest subset named by a ``moved`` claim (Aura Seer): the claim set stays finite.
    max_moved: int = 2
    #: The base seed of the games (None: drawn from the OS at the first reset()).
    seed: int | None = None
    name: str = "custom"
    notes: tuple[str, ...] = field(default=(), compare=False)

    def resolved(self) -> Config:
        """This config with its deck filled in and checked (InvalidSetup/ValueError)."""
        deck = self.deck or tuple(default_deck(self.edition, self.players))
        out = replace(self, deck=tuple(deck))
        out.check()
        return out

    def check(self) -> None:
        if self.edition not in EDITIONS:
            raise ValueError(f"no edition {self.edition!r} (known: {', '.join(EDITIONS)})")
        Dealer(self.edition, [f"p{i}" for i in range(self.players)], list(self.deck))
        if self.rounds < 0:
            raise ValueError("rounds must be 0 or more")
        if self.speaking_order not in SPEAKING_ORDERS:
            raise ValueError(f"speaking_order must be one of {SPEAKING_ORDERS}")
        if self.outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {OUTCOMES}")
        if self.abstain and self.outcome == "rulebook":
            raise ValueError("the rulebook has no abstention (abstain needs another outcome)")
        if self.seer_center not in SEER_CENTER:
            raise ValueError(f"seer_center must be one of {SEER_CENTER}")
        if self.illegal not in ("fallback", "raise"):
            raise ValueError("illegal must be 'fallback' or 'raise'")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "edition": self.edition,
            "players": self.players,
            "deck": list(self.deck),
            "rounds": self.rounds,
            "speaking_order": self.speaking_order,
            "lone_wolf_peek": self.lone_wolf_peek,
            "outcome": self.outcome,
            "abstain": self.abstain,
            "seer_center": self.seer_center,
            "rewards": {"win": self.win, "lose": self.lose, "draw": self.draw},
            "seed": self.seed,
        }


def config_from_json(data: Mapping[str, Any]) -> Config:
    """The Config that :meth:`Config.to_json` wrote (a game record's ``config``)."""
    fields: dict[str, Any] = {k: v for k, v in data.items() if k != "rewards"}
    fields["deck"] = tuple(fields.get("deck", ()))
    fields.update({k: float(v) for k, v in (data.get("rewards") or {}).items()})
    return Config(**fields).resolved()


def _neurips2024() -> Config:
    return Config(
        edition="ultimate",
        players=5,
        deck=(
            R.WEREWOLF,
            R.WEREWOLF,
            R.SEER,
            R.ROBBER,
            R.TROUBLEMAKER,
            R.INSOMNIAC,
            R.VILLAGER,
            R.VILLAGER,
        ),
        rounds=3,
        speaking_order="seat",
        lone_wolf_peek=False,
        outcome="jin2024",
        abstain=True,
        seer_center="random",
        name="neurips2024",
        notes=(
            "Jin et al. 2024 (KylJin/Werewolf): 5 players, 8 cards, max_discuss_round 3 "
            "(configs/werewolf.json)",
            "speaking_order=seat: every round starts from player1 "
            "(onuw/environments/werewolf.py, day_step)",
            "lone_wolf_peek=False: the Werewolves only see each other (_switch_to_werewolf)",
            "outcome=jin2024, abstain: voting_step",
            "seer_center=random: night_step draws the Seer's two center cards",
        ),
    )


def _wolfbot_standard() -> Config:
    return Config(
        edition="ultimate",
        players=7,
        deck=(
            R.VILLAGER,
            R.VILLAGER,
            R.VILLAGER,
            R.SEER,
            R.WEREWOLF,
            R.WEREWOLF,
            R.TROUBLEMAKER,
            R.MASON,
            R.MASON,
            R.DRUNK,
        ),
        rounds=1,
        speaking_order="seat",
        outcome="wolfbot",
        name="wolfbot-standard",
        notes=(
            "TylerYep/wolfbot's standard 7-player, 10-card game (wolfbot/const.py)",
            "rounds=1, speaking_order=seat: one statement per player in seat order "
            "(wolfbot/one_night.py, get_player_statements; MULTI_STATEMENT off)",
            "outcome=wolfbot: eval_winning_team",
        ),
    )


def _edition_default(edition: str) -> Config:
    players = 5
    return Config(
        edition=edition,
        players=players,
        deck=tuple(default_deck(edition, players)),
        name=edition,
        notes=(f"the {edition} edition's default deck for {players} players",),
    )


#: Named settings: ``env(config="neurips2024")``. One per edition (its default deck).
PRESETS: dict[str, Config] = {
    "neurips2024": _neurips2024(),
    "wolfbot-standard": _wolfbot_standard(),
    **{e: _edition_default(e) for e in EDITIONS},
}


def make_config(config: str | Config | Mapping[str, Any] | None = None, **overrides: Any) -> Config:
    """A resolved Config from a preset name (or a Config, or a mapping), with overrides.
    Changing ``players`` without a ``deck`` takes the edition's default deck."""
    if config is None:
        base = Config()
    elif isinstance(config, str):
        try:
            base = PRESETS[config]
        except KeyError:
            raise ValueError(f"no preset {config!r} (known: {', '.join(PRESETS)})") from None
    elif isinstance(config, Config):
        base = config
    else:
        base = Config(**dict(config))
    if "deck" in overrides and overrides["deck"] is not None:
        overrides["deck"] = tuple(overrides["deck"])
    elif "players" in overrides or "edition" in overrides:
        overrides["deck"] = ()
    overrides = {k: v for k, v in overrides.items() if v is not None}
    if overrides:
        base = replace(base, **overrides, name=overrides.get("name", base.name))
    return base.resolved()
