"""The browser client comes back by itself: a reload, or the server killed and restarted."""

from __future__ import annotations

import time
from typing import Any

from server.conftest import Server
from web.client_helpers import (
    QUICK,
    check_problems,
    phase,
    play_night,
    seat_room,
    tap_night,
    to_the_day,
    vote_all,
    wait_phase,
)

NAMES = ["ann", "bob", "cat", "dan", "eve"]


def test_client_reload_mid_night_and_mid_vote_and_finish(browser: Any, server: Server) -> None:
    code, players = seat_room(browser, server.http, NAMES)
    ann, dan, eve = players[0], players[3], players[4]
    try:
        ann.page.click("#start")
        wait_phase(players, "night")
        for p in players:
            tap_night(p)
        turn = dan.page.locator(".wake li.now").inner_text()
        dan.page.reload()  # mid-night: back in the seat, the same night
        dan.page.wait_for_selector("main.screen.night")
        assert dan.page.locator(".wake li").count() == 4
        assert phase(dan) == "night", turn
        # a socket that knows its room names it, for a proxy routing by room (deploy.md):
        # the join, and the resume after the reload
        sockets = [u for u in dan.requests if u.startswith("ws")]
        assert len(sockets) == 2 and all(u.endswith(f"/ws?room={code}") for u in sockets)
        play_night(players)
        wait_phase(players, "day")
        ann.page.click("#end-day")
        wait_phase(players, "vote")
        vote_all(players[:3])
        eve.page.locator("button.tile:enabled").first.click()
        eve.page.wait_for_selector("#my-vote[data-voted]")
        chosen = eve.page.locator("#my-vote").inner_text()
        eve.page.reload()  # mid-vote: the vote is still there, and can change
        eve.page.wait_for_selector("#my-vote[data-voted]")
        assert eve.page.locator("#my-vote").inner_text() == chosen
        dan.page.locator("button.tile:enabled").first.click()
        wait_phase(players, "end")
        check_problems(players)
    finally:
        for p in players:
            p.context.close()


def test_client_server_killed_mid_day_every_page_reconnects(
    browser: Any, own_server: Server
) -> None:
    _, players = seat_room(browser, own_server.http, NAMES, timers=QUICK)
    ann = players[0]
    for p in players:
        # While the server is down, the browser reports the refused connections.
        p.problems.allow(r"WebSocket|/ws|ERR_CONNECTION_REFUSED")
    try:
        to_the_day(players)
        own_server.kill()
        for p in players:
            p.page.wait_for_selector("#status.offline:not(:empty)")
        time.sleep(1)
        own_server.start()
        for p in players:
            p.page.wait_for_selector("#status.online", timeout=30_000)
            assert phase(p) == "day"
        players[2].page.fill("#say", "back again")
        players[2].page.click(".say button[type=submit]")
        ann.page.wait_for_selector("#log li:has-text('back again')")
        ann.page.click("#end-day")
        wait_phase(players, "vote")
        vote_all(players)
        wait_phase(players, "end")
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
