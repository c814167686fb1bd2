"""Refusals in the page's language (issue 22, point 16): a player whose name is taken
reads why in French or Japanese, not the server's English; the table page says a deck's
problem and names its editions in its own language; a refusal on the screen is said again
in the language the player switches to."""

from __future__ import annotations

from typing import Any

import pytest

from server.conftest import Server
from web.client_helpers import catalogue, create_room, open_player
from web.table_helpers import open_table


@pytest.mark.parametrize(("locale", "lang"), [("fr-FR", "fr"), ("ja-JP", "ja"), ("en-US", "en")])
def test_client_a_name_taken_is_refused_in_the_pages_language(
    browser: Any, server: Server, locale: str, lang: str
) -> None:
    host = open_player(browser, "Anne")
    code = create_room(host, server.http)
    guest = open_player(browser, "Anne", locale=locale)
    guest.page.goto(f"{server.http}/r/{code}")
    guest.page.fill("#name", "Anne")
    guest.page.click("#join")
    error = guest.page.locator("#error")
    error.wait_for()
    # The catalogue's own sentence, not "Refused: someone in the room is already called…"
    assert error.inner_text() == catalogue(lang)["err.name_taken"]
    assert "already called" not in error.inner_text()
    host.context.close()
    guest.context.close()


def test_client_a_refusal_on_screen_follows_a_change_of_language(
    browser: Any, server: Server
) -> None:
    host = open_player(browser, "Anne")
    code = create_room(host, server.http)
    guest = open_player(browser, "Anne", locale="fr-FR")
    try:
        guest.page.goto(f"{server.http}/r/{code}")
        guest.page.fill("#name", "Anne")
        guest.page.click("#join")
        error = guest.page.locator("#error")
        error.wait_for()
        assert error.inner_text() == catalogue("fr")["err.name_taken"]
        # The player reads French poorly and switches to Japanese: the refusal still on
        # the screen is now in Japanese, then in English.
        for lang in ("ja", "en"):
            guest.page.select_option("#lang", lang)
            want = catalogue(lang)["err.name_taken"]
            guest.page.wait_for_function(
                "w => document.getElementById('error')?.innerText === w", arg=want
            )
        # A room that does not exist, from the home page's form: said anew as well.
        guest.page.goto(f"{server.http}/")
        guest.page.fill("#join-code", "QQQQQ")
        guest.page.fill("#join-name", "Zoé")
        guest.page.click("#join")
        error.wait_for()
        assert "QQQQQ" in error.inner_text()
        guest.page.select_option("#lang", "fr")
        want = catalogue("fr")["join.noRoom"].replace("{code}", "QQQQQ")
        guest.page.wait_for_function(
            "w => document.getElementById('error')?.innerText === w", arg=want
        )
    finally:
        host.context.close()
        guest.context.close()


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_table_deck_refusal_and_edition_names_in_the_pages_language(
    page: Any, server: Server, lang: str
) -> None:
    open_table(page, server.http)
    page.select_option("#lang", lang)
    labels = page.locator("#edition option").all_inner_texts()
    assert "ultimate" not in labels and "sans-carte" not in labels, labels
    if lang == "ja":
        assert "ワンナイト人狼アルティメット（デイブレイクと追加役職）" in labels
    # One Seer more than the table needs: the deck is one card too many.
    page.locator('li.role[data-role="seer"] button[data-step="1"]').click()
    status = page.locator("#deck-status")
    want = {"fr": "il faut", "ja": "枚必要です"}[lang]
    page.wait_for_function(
        "want => document.getElementById('deck-status').textContent.includes(want)", arg=want
    )
    assert " need " not in status.inner_text()


@pytest.mark.parametrize(("locale", "lang"), [("fr-FR", "fr"), ("ja-JP", "ja")])
def test_client_names_that_deceive_are_refused_in_the_pages_language(
    browser: Any, server: Server, locale: str, lang: str
) -> None:
    """Issue 37 point 7: the page says why before it sends a name that hides a character
    or shows nothing (the server's rules, in the page's language), and a name that reads
    like a seated member's (Cyrillic р beside p0) comes back name_too_close, in words."""
    host = open_player(browser, "p0")
    code = create_room(host, server.http)
    guest = open_player(browser, "p0", locale=locale)
    words = catalogue(lang)
    try:
        guest.page.goto(f"{server.http}/r/{code}")
        field = guest.page.locator("#name")
        for name, key in (
            ("p0\u200b", "home.nameHidden"),
            ("\u0301\u0301", "home.nameVisible"),  # marks on nothing
            ("ｃｅｎｔｅｒ:1", "home.nameCenter"),
        ):
            field.fill(name)
            guest.page.click("#join")
            assert field.evaluate("el => el.validationMessage") == words[key], name
        assert guest.page.locator("#error").count() == 0  # nothing was sent
        field.fill("р0")
        guest.page.click("#join")
        error = guest.page.locator("#error")
        error.wait_for()
        assert error.inner_text() == words["err.name_too_close"]
    finally:
        host.context.close()
        guest.context.close()
