"""How to play (issue 22, point 17): linked from home and the lobby, the rules and the
chosen edition's role cards in the page's language, why everyone taps at night; its
module loads only when it is opened."""

from __future__ import annotations

from typing import Any

import pytest

from server.conftest import Server
from web.client_helpers import catalogue, check_problems, create_room, open_player


@pytest.mark.parametrize(("locale", "lang"), [("en-US", "en"), ("fr-FR", "fr"), ("ja-JP", "ja")])
def test_client_how_to_play_from_home_in_the_pages_language(
    browser: Any, server: Server, locale: str, lang: str
) -> None:
    cat = catalogue(lang)
    p = open_player(browser, "ann", locale=locale)
    try:
        p.page.goto(f"{server.http}/")
        p.page.wait_for_selector("#create")
        assert not any("howto.js" in u for u in p.requests)  # not on a first load
        p.page.click("#howto-link")
        p.page.wait_for_selector("#howto")
        assert p.page.locator("#howto h1").inner_text() == cat["howto.title"]
        assert p.page.locator("#howto-tap").inner_text() == cat["howto.tap"]
        # The Ultimate edition's cards, each with what it does in this language.
        seer = p.page.locator('#howto li[data-role="seer"]')
        assert cat["do.seer"] in seer.inner_text()
        assert p.page.locator('#howto li[data-role="sentinel"]').count() == 1
        # Another edition: its own cards (the Japanese original has no Sentinel).
        p.page.select_option("#howto-edition", "japanese")
        p.page.wait_for_selector('#howto li[data-role="sentinel"]', state="detached")
        assert p.page.locator('#howto li[data-role="sorcerer"]').count() == 1
        # Its own rules of who wins: the Peace Village among them (RULES.md §5).
        assert cat["howto.win.japanese.peace"] in p.page.locator("#howto").inner_text()
        p.page.click("#howto-back")
        p.page.wait_for_selector("#create")
        check_problems([p])
    finally:
        p.context.close()


def test_client_how_to_play_from_the_lobby_shows_the_rooms_edition(
    browser: Any, server: Server
) -> None:
    p = open_player(browser, "ann")
    try:
        create_room(p, server.http)
        p.page.click("#deck-change")
        p.page.select_option("#edition", "japanese")
        p.page.wait_for_function("() => document.querySelector('#edition').value === 'japanese'")
        p.page.click("#howto-link")
        p.page.wait_for_selector("#howto")
        assert p.page.locator("#howto-edition").input_value() == "japanese"
        assert p.page.locator('#howto li[data-role="sentinel"]').count() == 0
        p.page.click("#howto-back")
        p.page.wait_for_selector(".screen.lobby")
        check_problems([p])
    finally:
        p.context.close()
