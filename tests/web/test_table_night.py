"""The table narrator in a real browser (headless Chromium), with speechSynthesis stubbed
and Playwright's fake clock: what is said, in which order, and when."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from onenight.narration import data, night_script
from onenight.rules.editions import night_calls

from .conftest import Server, spoken
from .table_helpers import (
    BETWEEN_CALLS_MS,
    DECKS,
    SPEECH_MS,
    START_PAUSE_MS,
    night_ms,
    open_table,
    set_deck,
    set_timing,
)

TURN, JITTER = 10, 3


def run_night(page: Any, edition: str, lang: str, turn: float, jitter: float) -> list[dict]:
    d = DECKS[edition]
    set_deck(page, edition, d["players"], d["deck"])
    set_timing(page, turn, jitter, day=300, lang=lang)
    page.click("#start")
    page.clock.run_for(int(night_ms(edition, d["deck"], turn, jitter)))
    assert page.evaluate("document.body.dataset.screen") == "day"
    return spoken(page)


def call_turns(said: list[dict], edition: str, lang: str) -> list[float]:
    """For each call: from the end of its last wake-up line to the start of its close line."""
    script = night_script(edition, DECKS[edition]["deck"], lang)
    index = 1
    turns = []
    for call in script.calls:
        last_wake = said[index + len(call.wake) - 1]
        close = said[index + len(call.wake)]
        assert close["text"] == call.close
        turns.append(close["start"] - last_wake["end"])
        index += len(call.wake) + 1
    return turns


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
@pytest.mark.parametrize("edition", list(DECKS))
def test_the_night_is_the_engines_calls_in_order(
    speech: Any, problems: Any, server: Server, edition: str, lang: str
) -> None:
    d = DECKS[edition]
    # The engine's sequence is the canon's order (RULES.md §3), Doppelgänger slots included.
    assert list(night_calls(edition, d["deck"])) == d["calls"]
    open_table(speech, server.http)
    said = run_night(speech, edition, lang, TURN, JITTER)
    texts = [s["text"] for s in said]
    script = night_script(edition, d["deck"], lang)
    assert texts == script.lines()
    assert [c.call for c in script.calls] == d["calls"]
    # Every call is woken then closed, the wake-up line first, in the engine's order.
    lines = data()["script"][lang]
    assert texts[0] == lines["night_start"] and texts[-1] == lines["night_end"]
    positions = [texts.index(c.wake[0]) for c in script.calls]
    assert positions == sorted(positions)
    assert all(s["lang"] == data()["languages"][lang]["voice"] for s in said)
    assert not any(s["cut"] for s in said)
    # Each turn lasts the turn length plus a jitter in [0, jitter].
    for gap in call_turns(said, edition, lang):
        assert TURN * 1000 <= gap <= (TURN + JITTER) * 1000 + 1
    # The other waits are fixed: nothing else in the night's timing varies.
    assert said[1]["start"] - said[0]["end"] == pytest.approx(START_PAUSE_MS, abs=1)
    # The night screen shows the current call in large type, and an ARIA live region.
    assert speech.get_attribute("#line", "aria-live") == "polite"


def test_the_turns_jitter_is_uniform_and_blind_to_the_deal(
    speech: Any, problems: Any, server: Server
) -> None:
    """The page has no way to learn the deal, and its turns spread over [turn, turn+jitter]."""
    open_table(speech, server.http)
    controls = speech.eval_on_selector_all(
        "#setup-form input, #setup-form select, #setup-form textarea",
        "els => els.map(e => e.id)",
    )
    # Edition, players, the deck's counts, language, timing, names for the chips: no deal.
    settings = {"edition", "players", "lang", "turn", "jitter", "day", "names", "sound"}
    assert set(controls) == settings
    assert speech.locator("#deck output").count() == len(
        speech.eval_on_selector_all("#deck li.role", "els => els")
    )
    extras = []
    for _night in range(2):
        said = run_night(speech, "ultimate", "en", TURN, JITTER)
        extras += [g - TURN * 1000 for g in call_turns(said, "ultimate", "en")]
        speech.evaluate("window.__spoken.length = 0")
        open_table(speech, server.http)
    assert len(extras) == 32
    assert all(0 <= e <= JITTER * 1000 + 1 for e in extras)
    # Uniform over [0, jitter]: both ends of the range are reached (p of failing ~ 1e-5).
    assert min(extras) < 0.3 * JITTER * 1000 < 0.7 * JITTER * 1000 < max(extras)
    assert len({round(e) for e in extras}) > 20


def test_pause_and_repeat(speech: Any, problems: Any, server: Server) -> None:
    open_table(speech, server.http)
    d = DECKS["japanese"]
    set_deck(speech, "japanese", d["players"], d["deck"])
    set_timing(speech, turn=10, jitter=0, day=300)
    speech.click("#start")
    # "close your eyes", the start pause, the sorcerer's wake-up line, 2 s into its turn.
    speech.clock.run_for(SPEECH_MS + START_PAUSE_MS + SPEECH_MS + 2000)
    script = night_script("japanese", d["deck"], "en")
    assert [s["text"] for s in spoken(speech)] == script.lines()[:2]
    speech.click("#night-pause")
    assert speech.get_attribute("#night-pause", "aria-pressed") == "true"
    speech.clock.run_for(60_000)
    assert len(spoken(speech)) == 2, "nothing is said while paused"
    speech.click("#night-pause")  # resume: 8 s of the turn are left
    speech.clock.run_for(8000 - 5)
    assert len(spoken(speech)) == 2
    speech.clock.run_for(10)
    said = spoken(speech)
    assert said[-1]["text"] == script.calls[0].close
    # Repeat says the last line again, at once.
    speech.clock.run_for(SPEECH_MS + 10)
    speech.click("#night-repeat")
    speech.clock.run_for(1)
    assert [s["text"] for s in spoken(speech)][-2:] == [script.calls[0].close] * 2
    # A pause that cuts a line says it again on resume.
    speech.clock.run_for(BETWEEN_CALLS_MS)
    wake = script.calls[1].wake[0]
    assert spoken(speech)[-1]["text"] == wake
    speech.click("#night-pause")
    assert spoken(speech)[-1]["cut"]
    speech.click("#night-pause")
    speech.clock.run_for(1)
    assert spoken(speech)[-1]["text"] == wake and not spoken(speech)[-1]["cut"]
    speech.clock.run_for(60_000)
    assert [s["text"] for s in spoken(speech) if not s["cut"]][-1] == script.lines()[-1]


def test_the_day_counts_down_to_the_pointing_call(
    speech: Any, problems: Any, server: Server
) -> None:
    open_table(speech, server.http)
    d = DECKS["japanese"]
    set_deck(speech, "japanese", d["players"], d["deck"])
    set_timing(speech, turn=1, jitter=0, day=75, lang="fr")
    speech.fill("#names", "Ann, Bob, Cat, Dan")
    speech.dispatch_event("#names", "change")
    speech.click("#start")
    speech.clock.run_for(int(night_ms("japanese", d["deck"], 1, 0)))
    assert speech.evaluate("document.body.dataset.screen") == "day"
    dawn = spoken(speech)[-1]
    day = data()["script"]["fr"]["day"]
    now = speech.evaluate("performance.now()")
    speech.clock.run_for(int(dawn["end"] + 14_500 - now))  # 60.5 s left, shown rounded up
    assert speech.text_content("#countdown") == "1:01"
    speech.clock.run_for(80_000)
    said = spoken(speech)
    after = [s for s in said if s["start"] >= dawn["end"]]
    assert [s["text"] for s in after] == [
        day["minute"],
        day["ten"],
        day["point"],
        *day["count"],
        day["now"],
    ]
    t0 = dawn["end"]  # the day starts when the dawn line is said
    assert after[0]["start"] - t0 == pytest.approx(15_000, abs=1)
    assert after[1]["start"] - t0 == pytest.approx(65_000, abs=1)
    assert after[2]["start"] - t0 == pytest.approx(75_000, abs=1)
    # 3, 2, 1 a second apart, then "point!"
    starts = [s["start"] for s in after[3:]]
    assert [b - a for a, b in itertools.pairwise(starts)] == pytest.approx(
        [1000 + SPEECH_MS] * 3, abs=1
    )
    assert speech.text_content("#countdown") == "0:00"
    # The result helper: tap who died and who won; winners get a chip, kept on the phone.
    speech.click("#day-result")
    # (a French table: the buttons say "mort" and "gagné", their labels "Bob est mort";
    # the chips "Ann : 1", a space before the colon)
    assert speech.get_attribute('button.died[data-name="Bob"]', "aria-label") == "Bob est mort"
    speech.click('button.died[data-name="Bob"]')
    speech.click('button.won[data-name="Ann"]')
    speech.click('button.won[data-name="Cat"]')
    speech.click("#result-save")
    assert speech.eval_on_selector_all("#chips li", "els => els.map(e => e.textContent)") == [
        "Ann : 1",
        "Cat : 1",
    ]
    speech.reload()
    speech.wait_for_selector("#start:enabled")
    assert speech.eval_on_selector_all("#chips li", "els => els.map(e => e.textContent)") == [
        "Ann : 1",
        "Cat : 1",
    ]
    history = speech.evaluate("JSON.parse(localStorage.getItem('onenight.table.history'))")
    assert history[-1]["died"] == ["Bob"] and history[-1]["won"] == ["Ann", "Cat"]


def test_vote_now_skips_to_the_pointing_call(speech: Any, problems: Any, server: Server) -> None:
    open_table(speech, server.http)
    d = DECKS["japanese"]
    set_deck(speech, "japanese", d["players"], d["deck"])
    set_timing(speech, turn=1, jitter=0, day=300)
    speech.click("#start")
    speech.clock.run_for(int(night_ms("japanese", d["deck"], 1, 0)))
    speech.clock.run_for(5000)
    speech.click("#day-vote")
    speech.clock.run_for(10_000)
    day = data()["script"]["en"]["day"]
    assert [s["text"] for s in spoken(speech)][-5:] == [day["point"], *day["count"], day["now"]]
    assert day["minute"] not in [s["text"] for s in spoken(speech)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_night_goes_on_in_silence_when_speech_fails(
    speech: Any, problems: Any, server: Server, lang: str
) -> None:
    """No voice: the browser's speech throws on every line (issue 36, point 12). Each
    line shows on the screen in turn, and the night reaches the day; it does not hang on
    "Everyone, close your eyes"."""
    speech.add_init_script("window.speechSynthesis.speak = () => { throw new Error('no voice'); };")
    open_table(speech, server.http)
    d = DECKS["ultimate"]
    set_deck(speech, "ultimate", d["players"], d["deck"])
    set_timing(speech, TURN, JITTER, day=300, lang=lang)
    speech.click("#start")
    speech.clock.run_for(200)
    lines = data()["script"][lang]
    assert speech.inner_text("#line") == lines["night_start"]
    script = night_script("ultimate", d["deck"], lang)
    first = script.calls[0]
    seen: set[str] = set()
    # A line said in silence lasts about as long as it would take to say (speech.js):
    # well within three times the stub's night.
    for _ in range(int(3 * night_ms("ultimate", d["deck"], TURN, JITTER) / 500)):
        if speech.evaluate("document.body.dataset.screen") == "day":
            break
        seen.update(speech.inner_text("#line").split("\n"))
        speech.clock.run_for(500)
    assert speech.evaluate("document.body.dataset.screen") == "day"
    assert first.wake[0] in seen and first.close in seen, sorted(seen)
    assert spoken(speech) == []  # nothing was said: the page went on without its voice
