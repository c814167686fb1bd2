"""The browser client's layout: a 360 px phone with its text at 200%."""

from __future__ import annotations

from typing import Any

from server.conftest import Server
from web.client_helpers import Player, check_problems, no_side_scroll, run_game, seat_room

BIG_TEXT = "document.documentElement.style.fontSize = '200%'"


def test_client_at_200_percent_text_no_page_scrolls_sideways(browser: Any, server: Server) -> None:
    _, players = seat_room(browser, server.http, ["ann", "bob", "cat"])

    def snap(p: Player, phase: str) -> None:
        p.page.evaluate(f"() => {{ {BIG_TEXT}; }}")
        no_side_scroll(p)

    try:
        run_game(players, snap)
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
