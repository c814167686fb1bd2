"""Every fact a night can teach, for every role that can learn it (issue 36, point 3):
the night played by the engine, and what RULES.md says the learner should be told.

Each case: the edition, the deal (player → card; the first is the learner), the center,
the night's steps, and the words the learner must read: a catalogue key of the browser
client (``fact.*``) with its names, and the bots' line key (onenight.bots.say) when a
bot says it as a claim."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from onenight.rules import Game, Setup
from onenight.rules.result import timeline_json
from onenight.rules.scenario import _play_night


@dataclass(frozen=True)
class Case:
    name: str
    edition: str
    deal: dict[str, str]
    center: list[str]
    key: str  #: the client's words (i18n key)
    names: tuple[str, ...] = ()  #: the players the words name
    kind: str = "wolves"  #: the fact's kind
    night: dict[str, Any] = field(default_factory=dict)
    bot: str | None = None  #: the bots' line (onenight.bots.say), when a bot claims it

    @property
    def learner(self) -> str:
        return next(iter(self.deal))


CASES = [
    # The Minion sees the night wolves (RULES.md §4, 3): with and without.
    Case("minion with wolves", "ultimate", {"mia": "minion", "wes": "werewolf", "vic": "villager"},
         ["werewolf", "seer", "robber"], "fact.wolves", ("wes",), bot="wolves"),
    Case("minion, no werewolf among the players", "ultimate",
         {"mia": "minion", "sam": "seer", "vic": "villager"},
         ["werewolf", "werewolf", "robber"], "fact.wolvesNone", bot="no_wolves"),
    Case("a Doppelgänger-Minion, no werewolf", "ultimate",
         {"dee": "doppelganger", "mia": "minion", "vic": "villager"},
         ["werewolf", "werewolf", "robber"], "fact.wolvesNone", night={"dee": [{"copy": "mia"}]},
         bot="no_wolves"),
    Case("a Doppelgänger-Minion with a wolf", "ultimate",
         {"dee": "doppelganger", "mia": "minion", "wes": "werewolf"},
         ["villager", "werewolf", "robber"], "fact.wolves", ("wes",),
         night={"dee": [{"copy": "mia"}]}, bot="wolves"),
    # The werewolves see the others and the Dream Wolves (§4, 2).
    Case("the lone wolf", "ultimate", {"wes": "werewolf", "sam": "seer", "vic": "villager"},
         ["werewolf", "robber", "drunk"], "fact.wolvesAlone"),
    Case("two werewolves", "ultimate", {"wes": "werewolf", "wil": "werewolf", "vic": "villager"},
         ["seer", "robber", "drunk"], "fact.wolves", ("wil",)),
    Case("a Werewolf who sees the Dream Wolf", "ultimate",
         {"wes": "werewolf", "dre": "dream_wolf", "vic": "villager"},
         ["seer", "robber", "drunk"], "fact.wolves", ("dre",)),
    # The Little Girl sees the wolves who wake (sans-carte), and they see her.
    Case("the Little Girl sees a werewolf", "sans-carte",
         {"lou": "little_girl", "wes": "werewolf", "vic": "villager"},
         ["werewolf", "seer", "robber"], "fact.wolvesWoke", ("wes",),
         night={"lou": [{"peek": True}]}, bot="wolves"),
    Case("the Little Girl sees no werewolf wake", "sans-carte",
         {"lou": "little_girl", "sam": "seer", "vic": "villager"},
         ["werewolf", "werewolf", "robber"], "fact.wolvesNoneWoke",
         night={"lou": [{"peek": True}]}, bot="no_wolves"),
    Case("a Doppelgänger-Little Girl sees a werewolf", "sans-carte",
         {"dee": "doppelganger", "lou": "little_girl", "wes": "werewolf"},
         ["villager", "seer", "robber"], "fact.wolvesWoke", ("wes",),
         night={"dee": [{"copy": "lou"}, {"peek": True}]}, bot="wolves"),
    Case("a Werewolf sees the Little Girl peek", "sans-carte",
         {"wes": "werewolf", "lou": "little_girl", "wil": "werewolf"},
         ["villager", "seer", "robber"], "fact.little_girl", ("lou",), kind="little_girl",
         night={"lou": [{"peek": True}]}),
    # The Apprentice Tanner sees the night Tanners; with none she becomes one (§4, 3B).
    Case("an Apprentice Tanner with no Tanner", "ultimate",
         {"ana": "apprentice_tanner", "wes": "werewolf", "vic": "villager"},
         ["tanner", "seer", "robber"], "fact.tannersNone", kind="tanners", bot="no_tanners"),
    Case("an Apprentice Tanner who sees the Tanner", "ultimate",
         {"ana": "apprentice_tanner", "tom": "tanner", "wes": "werewolf"},
         ["villager", "seer", "robber"], "fact.tanners", ("tom",), kind="tanners", bot="tanners"),
    # The Masons see each other (§4, 4).
    Case("a Mason alone", "ultimate", {"max": "mason", "wes": "werewolf", "vic": "villager"},
         ["mason", "seer", "robber"], "fact.masonsAlone", kind="masons", bot="no_partners"),
    Case("two Masons", "ultimate", {"max": "mason", "mel": "mason", "wes": "werewolf"},
         ["villager", "seer", "robber"], "fact.masons", ("mel",), kind="masons", bot="partners"),
]  # fmt: skip


def play(case: Case) -> dict[str, Any]:
    """The night of a case: the learner's facts as the phone gets them (with the turns),
    the timeline the replay shows, and the players."""
    players = list(case.deal)
    setup = Setup.fixed(
        case.edition, players, [case.deal[p] for p in players], case.center, None, None
    )
    game = Game(setup)
    _play_night(game, case.night, {n: i for i, n in enumerate(players)})
    facts = [{"at": f.at, **f.to_json()} for f in game.facts[0]]
    timeline = timeline_json(game.night_log, players, game.turns)
    return {"players": players, "turns": [t.to_json() for t in game.turns], "facts": facts,
            "timeline": [e for e in timeline if e["player"] == case.learner and "learned" in e],
            }  # fmt: skip
