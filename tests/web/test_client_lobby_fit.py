"""The host's lobby on a phone fits its first screen (issue 22, point 13): the role
picker is a one-line summary with "Change", and "Start the game" is in reach without
scrolling; at 1280 px no two buttons touch."""

from __future__ import annotations

from typing import Any

import httpx

from server.conftest import Server
from web.client_helpers import catalogue, check_problems, create_room, open_player, seat_room

#: The boxes of every visible button in the page's flow (the sticky Start floats over
#: the page as it scrolls, by design: it is checked on its own).
BOXES = """() => [...document.querySelectorAll('main button')]
  .filter((b) => b.offsetParent !== null && !b.closest('.startbar'))
  .map((b) => { const r = b.getBoundingClientRect();
    return {id: b.id || b.textContent, x: r.x, y: r.y + scrollY, w: r.width, h: r.height}; })"""


def test_client_the_hosts_lobby_fits_a_phones_first_screen(browser: Any, server: Server) -> None:
    host = open_player(browser, "Ann")  # a phone: 360×740
    players = [host]
    page = host.page
    try:
        code = create_room(host, server.http)
        for i in range(7):
            reply = httpx.post(f"{server.http}/api/rooms/{code}/members", json={"name": f"p{i}"})
            assert reply.status_code == 201, reply.text
        page.wait_for_selector("#players li:nth-child(8)")
        page.evaluate("window.scrollTo(0, 0)")
        # The deck in one line, the picker folded away.
        line = page.locator("#deck-line").inner_text()
        assert line.startswith("11 cards: "), line  # 8 players + 3 in the center
        assert "Werewolf" in line and "Seer" in line, line
        assert page.locator("li.pick").count() == 0
        start = page.locator("#start").bounding_box()
        assert start and start["y"] >= 0 and start["y"] + start["height"] <= 740, start
        # Its top is not covered: a tap at its middle reaches it.
        middle = (start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        assert (
            page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.id", list(middle))
            == "start"
        )
        # "Change" opens the picker, and closes it again.
        assert page.locator("#deck-change").inner_text() == catalogue("en")["lobby.change"]
        page.click("#deck-change")
        page.wait_for_selector("li.pick[data-role=seer]")
        assert page.locator("#deck-change").get_attribute("aria-expanded") == "true"
        page.click("#deck-change")
        page.wait_for_selector("li.pick", state="detached")
        check_problems(players)
    finally:
        for p in players:
            p.context.close()


def test_client_no_two_lobby_buttons_touch_at_1280(browser: Any, server: Server) -> None:
    _, players = seat_room(browser, server.http, ["ann", "bob", "cat"])
    page = players[0].page
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        for _ in range(2):  # the deck editor open (as seat_room leaves it), then closed
            page.click("#deck-change")
            opened = page.locator("#deck-editor").count() == 1
            boxes = page.evaluate(BOXES)
            assert len(boxes) > 5
            for i, a in enumerate(boxes):
                for b in boxes[i + 1 :]:
                    # At least 4 px of air between any two buttons, in one direction.
                    apart = (
                        a["x"] + a["w"] + 4 <= b["x"]
                        or b["x"] + b["w"] + 4 <= a["x"]
                        or a["y"] + a["h"] + 4 <= b["y"]
                        or b["y"] + b["h"] + 4 <= a["y"]
                    )
                    assert apart, (opened, a, b)
    finally:
        for p in players:
            p.context.close()
