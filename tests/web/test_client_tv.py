"""The TV view (issue 22, point 12): a screen of 1920×1080 read from across a room. The
room code and a big QR code in the lobby; the table, the wake order and the timer in
large type; the vote's tally once; the result on one screen without scrolling; no phone
settings, no "Leave the room"; the TV is listed as no one in the players' lobby."""

from __future__ import annotations

import re
from typing import Any

from server.conftest import Server
from web.client_helpers import Player, check_problems, open_player, run_game, seat_room

TV = {"width": 1920, "height": 1080}
re_tv = re.compile(r"TV \d{4}")  #: the TV's name
#: The TV's screens from the deal on (the deal's is the night's).
SCREENS = ("night", "day", "vote", "end")

#: Whether the screen holds everything: nothing below the fold, nothing to the side.
FITS = """() => { const e = document.scrollingElement;
  return [e.scrollHeight <= innerHeight + 1 && e.scrollWidth <= innerWidth + 1,
          e.scrollHeight, e.scrollWidth]; }"""


def px(p: Player, selector: str, prop: str = "font-size") -> float:
    # Looked up and measured at once: the view is redrawn at every frame.
    value: str = p.page.evaluate(
        "([s, prop]) => getComputedStyle(document.querySelector(s))[prop]", [selector, prop]
    )
    return float(value.removesuffix("px"))


#: The wake order's font size once it lists at least three turns, or "gone" when the
#: night's screen has gone (the day came); falsy (wait on) while the night has no order.
WAKE_ORDER_SIZE = """() => {
  const night = document.querySelector("main.tv-night");
  if (!night) return "gone";
  const turns = night.querySelectorAll("nav.wake li");
  return turns.length >= 3 && parseFloat(getComputedStyle(turns[0]).fontSize);
}"""


def test_client_tv_shows_a_whole_game_on_one_1920_screen(browser: Any, server: Server) -> None:
    code, players = seat_room(browser, server.http, ["ann", "bob", "cat"])
    tv = open_player(browser, "tv")
    try:
        tv.page.set_viewport_size(TV)
        tv.page.goto(f"{server.http}/r/{code}/tv")
        tv.page.wait_for_selector("#tv-code")
        # The lobby: the code in large type and a big QR code.
        assert tv.page.locator("#tv-code").inner_text() == code
        assert px(tv, "#tv-code") >= 100
        qr = tv.page.locator("#tv-qr").bounding_box()
        assert qr and qr["width"] >= 400 and qr["height"] >= 400, qr
        assert tv.page.locator("#tv-players li").count() == 3
        # No phone settings, no "Leave the room", no talk box, no voice.
        for gone in ("#leave", "#pref-sound", "#say", "#start", "#add-bot-form"):
            assert tv.page.locator(gone).count() == 0, gone
        # The players' lobby lists no spectator "TV 1234".
        host = players[0].page
        host.wait_for_timeout(300)
        assert host.locator("#spectators").count() == 0
        assert not re_tv.search(host.locator("main").inner_text())

        seen: set[str] = set()

        def snap(p: Player, name: str) -> None:
            if p is not tv:
                return
            if name in ("deal", "night"):
                # run_game looks at a watcher at the deal and each round of the night: on
                # a loaded machine the night may be over by then (the TV shows the day).
                tv.page.wait_for_selector(", ".join(f"main.tv-{s}" for s in SCREENS))
                if not tv.page.locator("main.tv-night").count():
                    return
            else:
                tv.page.wait_for_selector(f"main.tv-{name}")
            fits, height, width = tv.page.evaluate(FITS)
            assert fits, (name, height, width)
            if name in ("night", "day", "vote"):
                assert tv.page.locator(".tv-table .table").count() == 1
                assert px(tv, "#phase") >= 48
                if tv.page.locator("#timer").count():
                    assert px(tv, "#timer") >= 72
            if name == "night":
                # The wake order is drawn with the night's screen; a redraw (the next
                # turn) or the day may come in between on a loaded machine.
                # Looked at in one step: the screen can be redrawn between two calls.
                size = tv.page.wait_for_function(WAKE_ORDER_SIZE).json_value()
                if size != "gone":
                    assert size >= 24, size
            if name == "vote":
                # The tally once: "0 of 3 have voted" in one place on the screen.
                text = tv.page.locator("main").inner_text()
                assert text.count("have voted") == 1, text
            seen.add(name)

        run_game(players, snap=snap, talk=False, watchers=[tv])
        tv.page.wait_for_selector("main.tv-end #tv-cards")
        snap(tv, "end")
        # Every player and the 3 center cards, on one screen.
        assert tv.page.locator("#tv-cards li").count() == 6
        assert {"night", "day", "vote", "end"} <= seen
        check_problems([*players, tv])
    finally:
        for p in [*players, tv]:
            p.context.close()
