"""Every fact a night teaches, in the words its learner must read (issue 36, point 3):
one table (tests/night_words.py: the night played by the engine, the words RULES.md
calls for) checked in English, French and Japanese on the phone ("My night", the
night's own prompt) and in the replay's timeline. The bots' words: tests/bots."""

from __future__ import annotations

from typing import Any

import pytest

from night_words import CASES, Case, play
from server.conftest import Server
from web.client_helpers import catalogue, open_player
from web.test_colons import colon_faults

#: How a turn's name leads into what was learned in it.
COLON = {"en": ": ", "fr": " : ", "ja": "："}

#: The phone's "My night" (views/common.js) and the replay's line (views/result.js) for
#: the learner (seat 0) of each case, read from the page's own modules.
READ = """async (cases) => {
  await (await import("/app/i18n.js")).loadNames();  // as a room's page has them
  const common = await import("/app/views/common.js");
  const result = await import("/app/views/result.js");
  return cases.map((c) => {
    const s = { game: 0, phase: "day", seat: 0, card: c.card, edition: c.edition,
                players: c.players, turns: c.turns, learned: c.facts };
    const fact = c.facts.filter((f) => c.kind in f).pop();
    return {
      phone: common.factText(fact, c.players, c.edition, c.turns[fact.at], 0),
      mynight: common.myNight(s).querySelector("#learned").textContent,
      lines: [...common.myNight(s).querySelectorAll("#learned li")]
        .map((li) => [li.querySelector(".at").textContent, li.textContent]),
      replay: c.timeline.filter((e) => c.kind in e.learned)
        .map((e) => result.nightLine(e, c.players, c.edition)).pop(),
    };
  });
}"""


def expected(case: Case, words: dict[str, str]) -> str:
    """The case's words in a language: the catalogue's sentence, with the one name each
    case's learner sees (if any)."""
    assert len(case.names) <= 1  # a list of names is views/common.js `list`'s to join
    name = case.names[0] if case.names else ""
    return words[case.key].format(names=name, name=name)


@pytest.mark.parametrize(("locale", "lang"), [("en-US", "en"), ("fr-FR", "fr"), ("ja-JP", "ja")])
def test_client_every_night_fact_is_told_in_its_learners_words(
    browser: Any, server: Server, locale: str, lang: str
) -> None:
    words = catalogue(lang)
    p = open_player(browser, "reader", locale=locale)
    try:
        p.page.goto(f"{server.http}/")
        p.page.wait_for_selector("#create-name")
        nights = [
            {**play(c), "edition": c.edition, "kind": c.kind, "card": c.deal[c.learner]}
            for c in CASES
        ]
        read = p.page.evaluate(READ, nights)
        for case, got in zip(CASES, read, strict=True):
            want = expected(case, words)
            assert got["phone"] == want, (case.name, lang)
            assert want in got["mynight"], (case.name, lang)
            # Its line: the turn, the language's colon (no space beside a Japanese
            # one), then the fact.
            line = [(at, text) for at, text in got["lines"] if text.endswith(want)][-1]
            assert line[1] == line[0] + want, (case.name, lang, line)
            assert line[0].endswith(COLON[lang]) and not colon_faults(lang, line[1]), line
            learner = case.learner
            assert got["replay"].startswith(learner) and got["replay"].endswith(want), (
                case.name,
                lang,
                got["replay"],
            )
        # The wrong words of the issue never show: a Minion alone is not "the only
        # werewolf", nor is a Little Girl who saw nobody wake.
        alone = words["fact.wolvesAlone"]
        for case, got in zip(CASES, read, strict=True):
            if case.key != "fact.wolvesAlone":
                assert alone not in got["mynight"], (case.name, lang)
    finally:
        p.context.close()
