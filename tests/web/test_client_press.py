"""A tap is not lost to a frame that comes while the finger is down: every frame redraws
the screen, and a button replaced between its press and its release makes no click (on a
busy day chat, claims and voice frames come often; a loaded phone's tap lasts longer)."""

from __future__ import annotations

from typing import Any

from server.conftest import Server
from web.client_helpers import (
    DECK3,
    QUICK,
    check_problems,
    open_player,
    seat_players,
    seat_room,
    to_the_day,
    wait_phase,
)

END_DAY_CENTRE = """() => {
  const button = document.getElementById("end-day");
  button.scrollIntoView({ block: "center" });
  const box = button.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}"""


def test_client_a_frame_during_a_press_does_not_lose_the_tap(browser: Any, server: Server) -> None:
    _, players = seat_room(browser, server.http, ["ann", "bob", "cat"], timers=QUICK)
    ann, bob, cat = players
    try:
        to_the_day(players)
        # Scrolled to and measured in one call: a frame redraws the button at any time
        # (the redrawn screen keeps its scroll, so the place stays right).
        ann.page.wait_for_selector("#end-day")
        x, y = ann.page.evaluate(END_DAY_CENTRE)
        ann.page.mouse.move(x, y)
        ann.page.mouse.down()
        # While ann's finger is on "End the day", bob speaks: the line's frame reaches
        # every page (cat's shows it; ann's has it too, the same broadcast).
        bob.page.fill("#say", "wait, I have something to say")
        bob.page.click(".say button[type=submit]")
        cat.page.wait_for_selector("#log li:has-text('I have something')")
        ann.page.wait_for_timeout(300)
        ann.page.mouse.up()
        # The tap counted: the day ends for everyone; the line is drawn on ann's page.
        wait_phase(players, "vote", timeout=10)
        assert "I have something" in ann.page.locator("#log").inner_text()
        check_problems(players)
    finally:
        for p in players:
            p.context.close()


def test_client_a_room_frame_during_a_press_does_not_lose_the_tap(
    browser: Any, server: Server
) -> None:
    """The room's frame (here: cat's phone goes dark, and the room says she is offline)
    carries the voice's rule: it too waits for the press's click, as a talk line does."""
    players = [open_player(browser, n) for n in ("ann", "bob", "cat")]
    ann, bob, cat = players
    rooms: list[str] = []  # the room frames ann's page receives
    ann.page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived", lambda d: rooms.append(str(d)) if '"type":"room"' in str(d) else None
        ),
    )
    try:
        seat_players(server.http, players, DECK3, QUICK)
        to_the_day(players)
        ann.page.wait_for_selector("#end-day")
        x, y = ann.page.evaluate(END_DAY_CENTRE)
        ann.page.mouse.move(x, y)
        ann.page.mouse.down()
        before = len(rooms)
        cat.page.goto("about:blank")
        # Released well before 1.5 s, when a held press lets the redraw through.
        for _ in range(20):
            if len(rooms) > before and '"online":false' in rooms[-1]:
                break
            ann.page.wait_for_timeout(50)
        assert len(rooms) > before, "the room's frame did not come during the press"
        ann.page.wait_for_timeout(100)
        ann.page.mouse.up()
        wait_phase([ann, bob], "vote", timeout=10)
        check_problems([ann, bob])
    finally:
        for p in players:
            p.context.close()
