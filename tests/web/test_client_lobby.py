"""The lobby in the browser client: the host's controls as players see them."""

from __future__ import annotations

from typing import Any

from server.conftest import Server
from web.client_helpers import catalogue, check_problems, seat_room, set_deck


def test_client_host_hands_over_and_the_new_host_kicks(browser: Any, server: Server) -> None:
    _, players = seat_room(browser, server.http, ["ann", "bob", "cat"])
    ann, bob, cat = players
    try:
        # Everyone sees the deck and the timers; only the host has the controls.
        assert bob.page.locator("#start").count() == 0
        assert "Werewolf" in bob.page.locator("#deck").inner_text()
        assert "2.5" in cat.page.locator("#timers").inner_text()
        bob_id = bob.page.evaluate(
            "document.querySelector('#players li:nth-child(2)').dataset.member"
        )
        ann.page.click(f"#host-{bob_id}")
        bob.page.wait_for_selector("#start")
        # ann's page takes the same frame a moment later: her Start goes.
        ann.page.wait_for_selector("#start", state="detached")
        crown = cat.page.locator("#players li:nth-child(2) .crown")
        crown.wait_for()
        cat_id = cat.page.evaluate(
            "document.querySelector('#players li:nth-child(3)').dataset.member"
        )
        bob.page.click(f"#kick-{cat_id}")
        cat.page.wait_for_selector("#name-form")  # back to the room's name form
        ann.page.wait_for_function("() => document.querySelectorAll('#players li').length === 2")
        # A deck that cannot start says why, in words, and Start waits.
        bob.page.wait_for_selector("#deck-error.warn")
        assert bob.page.locator("#start").is_disabled()
        # Leaving: the room's name form again, with why.
        ann.page.click("#leave")
        ann.page.wait_for_selector("#name-form")
        assert ann.page.locator("#error").inner_text() == "You are no longer in this room."
        bob.page.wait_for_function("() => document.querySelectorAll('#players li').length === 1")
        check_problems(players)
    finally:
        for p in players:
            p.context.close()


def test_client_says_a_deck_problem_in_the_pages_language(browser: Any, server: Server) -> None:
    """The server sends the problem as a code (``deck_issue``); the French page says it in
    French: one Mason in the deck (they go as a pair)."""
    _, players = seat_room(browser, server.http, ["ann", "bob", "cat"], locale="fr-FR")
    host = players[0]
    try:
        set_deck(host, {"werewolf": 2, "seer": 1, "robber": 1, "mason": 1, "villager": 1})
        host.page.wait_for_selector("#deck-error.warn")
        said = host.page.locator("#deck-error").inner_text()
        assert said == catalogue("fr")["lobby.issue.masons"]
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
