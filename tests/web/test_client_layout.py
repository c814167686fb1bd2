"""The browser client's layout: a 360 px phone with its text at 200%."""

from __future__ import annotations

from typing import Any

from server.conftest import Server
from web.client_helpers import Player, check_problems, no_side_scroll, run_game, seat_room

BIG_TEXT = "document.documentElement.style.fontSize = '200%'"


def test_client_at_200_percent_text_no_page_scrolls_sideways(
    browser: Any, server: Server, tmp_path: Any
) -> None:
    _, players = seat_room(browser, server.http, ["ann", "bob", "cat"])
    shots = []

    def snap(p: Player, phase: str) -> None:
        p.page.evaluate(f"() => {{ {BIG_TEXT}; }}")
        no_side_scroll(p)
        if p is players[1]:
            path = tmp_path / f"{phase}.png"
            p.page.screenshot(path=str(path), full_page=True)
            shots.append(path)

    try:
        run_game(players, snap)
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
    print("\n".join(str(s) for s in shots))
