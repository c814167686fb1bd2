"""The bots' words for what a night taught (issue 36, point 3): a bot that tells its
night says, in each language, the line that fits the fact as RULES.md has its learner
learn it (a Minion with no wolf saw no Werewolf; an Apprentice Tanner with no Tanner
became one; a lone Mason saw no other), one table with the browser's (tests/night_words.py)."""

from __future__ import annotations

import pytest

from night_words import CASES, Case, play
from onenight.bots.say import LANGUAGE, LANGUAGES, say
from onenight.bots.story import fact_from_json, honest_claims

TOLD = [c for c in CASES if c.bot is not None]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", TOLD, ids=[c.name for c in TOLD])
def test_a_bot_says_what_its_night_taught_in_the_words_that_fit(case: Case, lang: str) -> None:
    assert case.bot is not None
    night = play(case)
    story = [(f["at"], fact_from_json(f)) for f in night["facts"]]
    claims = honest_claims(0, case.deal[case.learner], story)
    lines = [say(c, 0, night["players"], lang) for c in claims]
    language = LANGUAGE[lang]
    want = language.lines[case.bot].format(names=language.and_.join(case.names))
    assert want in lines, (case.name, lines)
    # never the words of the other case: "I saw no Werewolf" is not "the Werewolves are …"
    wrong = {"wolves": "no_wolves", "tanners": "no_tanners", "partners": "no_partners"}
    wrong |= {v: k for k, v in wrong.items()}
    other = language.lines[wrong[case.bot]]
    assert not {other.format(names=p) for p in night["players"]} & set(lines), (case.name, lines)
