"""Talk in the browser client: whispers reach only their target, text stays text."""

from __future__ import annotations

from typing import Any

from server.conftest import Server
from web.client_helpers import (
    QUICK,
    check_problems,
    seat_room,
    to_the_day,
    vote_all,
    wait_phase,
)

XSS = "<img src=x onerror=alert(1)>"
#: Names have at most 24 characters: the same attack, calling f (alert, see below).
XSS_NAME = "<img src=x onerror=f(1)>"


def test_client_markup_in_a_name_and_a_chat_line_is_shown_as_text(
    browser: Any, server: Server
) -> None:
    _, players = seat_room(browser, server.http, ["ann", XSS_NAME, "cat"])
    ann, evil, _ = players
    try:
        for p in players:
            p.page.evaluate("() => { window.f = (x) => alert(x); }")
        evil.page.fill("#say", XSS)
        evil.page.click(".say button[type=submit]")
        for p in players:
            p.page.wait_for_selector("#log li")
            assert XSS in p.page.locator("#log").inner_text()
            assert XSS_NAME in p.page.locator("#players").inner_text()
            assert p.page.locator("img[src=x]").count() == 0
        ann.page.click("#start")
        wait_phase(players, "night")
        assert XSS_NAME in ann.page.locator(".table").inner_text()
        assert ann.page.locator("img[src=x]").count() == 0
        check_problems(players)
    finally:
        for p in players:
            p.context.close()


def test_client_a_whisper_is_read_only_by_its_target(browser: Any, server: Server) -> None:
    _, players = seat_room(browser, server.http, ["ann", "bob", "cat"], timers=QUICK)
    ann, bob, cat = players
    try:
        to_the_day(players)
        ann.page.select_option("#say-to", "1")  # bob's seat
        # Someone talks meanwhile (the page redraws): the whisper is still a whisper.
        cat.page.fill("#say", "good morning")
        cat.page.click(".say button[type=submit]")
        ann.page.wait_for_selector("#log li:has-text('good morning')")
        ann.page.fill("#say", "meet me at dawn")
        ann.page.click(".say button[type=submit]")
        for p in (ann, bob):
            p.page.wait_for_selector("#log li.whisper:has-text('meet me at dawn')")
        cat.page.wait_for_selector("#log li.whispered")
        assert cat.page.locator("#log li.whispered").inner_text() == "ann whispered to bob"
        assert "meet me" not in cat.page.locator("body").inner_text()
        # Still hidden from cat after a reload (the log is sent again) and at the end.
        cat.page.reload()
        cat.page.wait_for_selector("#log li.whispered")
        assert "meet me" not in cat.page.locator("body").inner_text()
        ann.page.click("#end-day")
        wait_phase(players, "vote")
        vote_all(players)
        wait_phase(players, "end")
        assert "meet me" not in cat.page.locator("body").inner_text()
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
