"""Spectators and the TV view never see a secret before the end."""

from __future__ import annotations

import json
import re
from typing import Any

from server.conftest import Server
from web.client_helpers import (
    DECK3,
    Player,
    check_problems,
    join_by_link,
    no_side_scroll,
    open_player,
    result,
    run_game,
    seat_room,
)

#: A watcher's page text, less what is public: the wake order and the call now, the deck
#: in the lobby (the TV's too), the roles of this game.
PUBLIC_LESS = """() => {
  const app = document.getElementById('app').cloneNode(true);
  for (const sel of ['.wake', '.reference', '.settings', '.phasebar .detail', '#tv-deck']) {
    app.querySelectorAll(sel).forEach((e) => e.remove());
  }
  return [document.querySelector('main.screen')?.className || '', app.textContent];
}"""


def test_client_spectator_and_tv_pages_hold_no_secret_before_the_end(
    browser: Any, server: Server
) -> None:
    code, players = seat_room(browser, server.http, ["ann", "bob", "cat"])
    watcher = open_player(browser, "watcher")
    join_by_link(watcher, f"{server.http}/r/{code}", spectator=True)
    tv = open_player(browser, "tv")
    tv.page.set_viewport_size({"width": 1280, "height": 720})
    tv_link = players[0].page.locator("#tv-link").get_attribute("href")
    assert tv_link == f"/r/{code}/tv"
    tv.page.goto(f"{server.http}{tv_link}")
    tv.page.wait_for_selector(".screen.tv-lobby")
    assert tv.page.evaluate("document.body.classList.contains('tv')")
    players[0].page.wait_for_selector("#spectators li")
    # The TV is a screen, not someone: the players' lobby lists the watcher alone.
    players[0].page.wait_for_timeout(300)
    assert players[0].page.locator("#spectators li .mname").all_inner_texts() == ["watcher"]
    shots: list[tuple[str, str, str]] = []

    def snap(p: Player, phase: str) -> None:
        if p in (watcher, tv):
            cls, text = p.page.evaluate(PUBLIC_LESS)
            shots.append((p.name, cls, text))
            if p is watcher:
                no_side_scroll(p)

    try:
        run_game(players, snap, watchers=[watcher, tv])
        res = result(server.http, code)["result"]
        names = json.loads((server_root() / "table" / "narration.json").read_text())["names"]["en"][
            "default"
        ]
        secret_words = {names[r] for r in DECK3}
        # Every fact learned at night, as the result tells it.
        for facts in res["learned"].values():
            for fact in facts:
                if "saw" in fact:
                    secret_words.add(f"{fact['saw']} is")
        before = [s for s in shots if not re.search(r"\bend\b", s[1])]
        assert any("night" in s[1] for s in before) and any("day" in s[1] for s in before)
        for who, cls, text in before:
            for word in secret_words:
                assert not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text), (
                    f"{who} saw {word!r} on {cls}:\n{text}"
                )
        # At the end they see it all.
        for p in (watcher, tv):
            p.page.wait_for_selector("#winners")
        assert watcher.page.locator(".cardtable tbody tr").count() == 6
        assert tv.page.locator("#tv-cards li").count() == 6  # its own one-screen result
        assert "hello" in watcher.page.locator("#log").inner_text()
        assert tv.page.locator("#say").count() == 0  # a TV shows; nobody types on it
        check_problems([*players, watcher, tv])
    finally:
        for p in [*players, watcher, tv]:
            p.context.close()


def server_root() -> Any:
    from web.client_helpers import APP

    return APP.parent
