"""The /table page's own words follow the chosen language: every string of its catalogue
(src/onenight/web/table/ui.js) exists in English, French and Japanese, and a French or
Japanese table sees none of the English ones, from the setup through the night and the day
to the result."""

from __future__ import annotations

import re
from typing import Any

import pytest

from onenight.narration import data

from .conftest import VIEWPORT, Server, watch
from .table_helpers import DECKS, SPEECH_MS, START_PAUSE_MS, night_ms, open_table, set_deck

LANGS = ("en", "fr", "ja")
#: Proper names, that stay as they are in every language (titles of the games).
PROPER_NAMES = (
    "One Night Ultimate Werewolf",
    "One Night: Werewolf",
    "One Night Werewolf",
    "Daybreak",
)
#: Strings that are rightly the same word in English and in another language.
SAME_AS_ENGLISH = {"fr": {"pause"}, "ja": set()}


def catalogue(page: Any, base: str) -> dict[str, dict[str, str]]:
    page.goto(f"{base}/table")
    ui: dict[str, dict[str, str]] = page.evaluate("import('/table/ui.js').then(m => m.UI)")
    return ui


def english_words(ui: dict[str, dict[str, str]], lang: str) -> set[str]:
    """The English catalogue's values, templates cut at their ``{fields}``."""
    out = set()
    for key, text in ui["en"].items():
        if key in SAME_AS_ENGLISH[lang]:
            continue
        for piece in re.split(r"\{\w+\}", text):
            piece = piece.strip(" ().:,+…")
            if re.search(r"[A-Za-z]{2}", piece):
                out.add(piece)
    return out


def english_on_screen(page: Any, words: set[str]) -> list[str]:
    """English catalogue strings in the visible text, the ARIA labels, placeholders, title."""
    texts: list[str] = page.evaluate(
        """() => [document.body.innerText, document.title,
          ...[...document.querySelectorAll('[aria-label], [placeholder]')]
            .filter(el => el.checkVisibility())
            .flatMap(el => [el.getAttribute('aria-label'), el.getAttribute('placeholder')])
            .filter(Boolean)]"""
    )
    # Proper names are allowed: the games' titles and the roles' names (narration.json).
    lang = page.evaluate("document.documentElement.lang")
    names = {n for by_edition in data()["names"][lang].values() for n in by_edition.values()}
    allowed = sorted({*PROPER_NAMES, *names}, key=len, reverse=True)
    for i, text in enumerate(texts):
        for name in allowed:
            text = text.replace(name, "\u2022")
        texts[i] = text
    found = []
    for word in sorted(words):
        pattern = re.compile(rf"(?<![\w]){re.escape(word)}(?![\w])")
        found += [f"{word!r} in {t[:80]!r}" for t in texts if pattern.search(t)]
    return found


def test_every_string_has_a_french_and_a_japanese_entry(
    page: Any, problems: Any, server: Server
) -> None:
    ui = catalogue(page, server.http)
    assert set(ui) == set(LANGS)
    assert len(ui["en"]) > 40
    for lang in ("fr", "ja"):
        assert set(ui[lang]) == set(ui["en"]), f"{lang}: missing {set(ui['en']) - set(ui[lang])}"
        for key, text in ui["en"].items():
            other = ui[lang][key]
            assert other.strip(), f"{lang}.{key} is empty"
            # The same {fields} to fill in, and a translation rather than a copy.
            assert sorted(re.findall(r"\{\w+\}", other)) == sorted(re.findall(r"\{\w+\}", text))
            assert (other == text) == (key in SAME_AS_ENGLISH[lang]), f"{lang}.{key}: {other!r}"
    # Every string the page marks (data-ui*) is in the catalogue.
    keys = page.eval_on_selector_all(
        "[data-ui], [data-ui-aria], [data-ui-placeholder]",
        "els => els.map(e => e.dataset.ui || e.dataset.uiAria || e.dataset.uiPlaceholder)",
    )
    assert keys and set(keys) <= set(ui["en"])


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_table_in_another_language_sees_no_english(
    speech: Any, problems: Any, server: Server, lang: str
) -> None:
    page = speech
    open_table(page, server.http)
    ui = page.evaluate("import('/table/ui.js').then(m => m.UI)")
    words = english_words(ui, lang)
    assert page.locator("#start").text_content() == ui["en"]["start"]  # the browser's English
    d = DECKS["japanese"]
    set_deck(page, "japanese", d["players"], d["deck"])
    page.select_option("#lang", lang)  # live: no reload
    for field, value in (("turn", 1), ("jitter", 0), ("day", 75)):
        page.fill(f"#{field}", str(value))
        page.dispatch_event(f"#{field}", "change")
    page.fill("#names", "Ann, Bob")
    page.dispatch_event("#names", "change")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("#start").text_content() == ui[lang]["start"]
    assert english_on_screen(page, words) == []
    # The night: mid-call, then paused (the button says "resume").
    page.click("#start")
    page.clock.run_for(SPEECH_MS + START_PAUSE_MS + SPEECH_MS + 300)
    assert page.evaluate("document.body.dataset.screen") == "night"
    assert page.text_content("#night-progress") == ui[lang]["call_of"].format(i=1, n=3)
    assert english_on_screen(page, words) == []
    page.click("#night-pause")
    assert page.text_content("#night-pause") == ui[lang]["resume"]
    assert english_on_screen(page, words) == []
    page.click("#night-pause")
    page.clock.run_for(int(night_ms("japanese", d["deck"], 1, 0)))
    # The day, then its end and the result helper.
    assert page.evaluate("document.body.dataset.screen") == "day"
    assert english_on_screen(page, words) == []
    page.clock.run_for(90_000)
    assert page.is_visible("#day-result")
    assert english_on_screen(page, words) == []
    page.click("#day-result")
    assert page.evaluate("document.body.dataset.screen") == "result"
    names = page.eval_on_selector_all("#result-players span", "els => els.map(e => e.textContent)")
    assert names == [
        "Ann",
        "Bob",
        ui[lang]["player_n"].format(n=3),
        ui[lang]["player_n"].format(n=4),
    ]
    assert english_on_screen(page, words) == []
    page.click('button.won[data-name="Ann"]')
    page.click("#result-save")
    assert page.is_visible("#chips-section")
    assert english_on_screen(page, words) == []
    # The choice is remembered: a reload comes back in the same language.
    page.reload()
    page.wait_for_selector("#start:enabled")
    assert page.input_value("#lang") == lang
    assert page.locator("#start").text_content() == ui[lang]["start"]
    assert english_on_screen(page, words) == []
    # And back to English, live.
    page.select_option("#lang", "en")
    assert page.locator("#start").text_content() == ui["en"]["start"]
    assert page.text_content("#deck-status") == ui["en"]["ready"].format(n=3)


@pytest.mark.parametrize(("locale", "lang"), [("fr-FR", "fr"), ("ja-JP", "ja"), ("de-DE", "en")])
def test_the_browsers_language_is_the_default(
    browser: Any, server: Server, locale: str, lang: str
) -> None:
    context = browser.new_context(locale=locale, viewport=VIEWPORT)
    try:
        page = context.new_page()
        seen = watch(page)
        page.goto(f"{server.http}/table")
        page.wait_for_selector("#start:enabled")
        ui = page.evaluate("import('/table/ui.js').then(m => m.UI)")
        assert page.input_value("#lang") == lang
        assert page.text_content("#setup-title") == ui[lang]["setup_title"]
        if lang != "en":
            assert english_on_screen(page, english_words(ui, lang)) == []
        assert not seen.unexpected(), seen.unexpected()
    finally:
        context.close()
