"""Room links from the player's side (issue 22, points 14 and 15): a link that leads
nowhere says so at once, whatever the code, before any name is asked; a link opened
during a game says that the newcomer will be seated for the next one, and he is; a
replay link during a game says it opens when the game ends, and then opens."""

from __future__ import annotations

from typing import Any

import httpx

from server.conftest import Server
from web.client_helpers import (
    Player,
    catalogue,
    check_problems,
    create_room,
    open_player,
    set_timers,
)

#: A short night with bots, still long enough for the page to be seen in its deal or
#: night before the day (client_helpers.QUICK's 0.3 s turns may be over by then).
BOTS_NIGHT = {"turn": 0.6, "jitter": 0, "day": 600, "vote": 600}


def game_with_bots(browser: Any, base: str) -> tuple[str, Player]:
    """ann and two bots (the edition's deck for three), a game under way."""
    ann = open_player(browser, "ann")
    code = create_room(ann, base)
    for level, name in (("random", "Ben"), ("basic", "Cleo")):
        ann.page.check(f"#bot-{level}")
        ann.page.click("#add-bot")
        ann.page.locator("#players li.bot .mname", has_text=name).wait_for()
    set_timers(ann, BOTS_NIGHT)
    ann.page.click("#start")
    ann.page.wait_for_selector("main.screen.deal, main.screen.night")
    return code, ann


def end_the_game(ann: Player) -> None:
    ann.page.wait_for_selector("main.screen.day", timeout=60_000)
    ann.page.click("#end-day")
    ann.page.wait_for_selector("main.screen.vote")
    ann.page.locator("button.tile:enabled").first.click()
    ann.page.wait_for_selector("main.screen.end")


def test_client_says_at_once_that_a_link_leads_to_no_room(browser: Any, server: Server) -> None:
    en, fr = catalogue("en"), catalogue("fr")
    ann = open_player(browser, "ann")
    dan = open_player(browser, "dan", locale="fr-FR")
    players = [ann, dan]
    try:
        # A room whose last person left has closed: its link says so.
        closed = create_room(ann, server.http)
        ann.page.click("#leave")
        ann.page.wait_for_selector("#name-form")
        for code, lang, who in (
            ("QQ", en, ann),  # too short
            ("QWERTYUIOPASDFGHJKLZ", en, ann),  # too long
            ("kx-mt", en, ann),  # not the code alphabet
            (closed, fr, dan),  # closed, asked by a French page that never saw it
        ):
            who.page.goto(f"{server.http}/r/{code}")
            said = who.page.locator("#no-room")
            said.wait_for()
            assert said.inner_text() == lang["join.noRoom"].format(code=code.upper())
            assert who.page.locator("#name, #name-form").count() == 0  # no name asked
            assert who.page.locator("#home-link").get_attribute("href") == "/"
            assert who.page.locator("#status").inner_text() == ""  # no "Reconnecting…"
        # Its watch, TV and replay links too; and no WebSocket was opened for any of them.
        for view in ("watch", "tv", "replay"):
            dan.page.goto(f"{server.http}/r/{closed}/{view}")
            dan.page.wait_for_selector("#no-room")
        assert not [url for url in dan.requests if "/ws" in url]
        check_problems(players)
    finally:
        for p in players:
            p.context.close()


def test_client_seats_a_newcomer_who_came_during_a_game_at_the_next(
    browser: Any, server: Server
) -> None:
    ja = catalogue("ja")
    code, ann = game_with_bots(browser, server.http)
    cat = open_player(browser, "cat", locale="ja-JP")
    players = [ann, cat]
    try:
        # Told before giving a name, and again once in the room, in her language.
        cat.page.goto(f"{server.http}/r/{code}")
        assert cat.page.locator("#under-way").inner_text() == ja["join.busy"]
        cat.page.fill("#name", cat.name)
        cat.page.click("#join")
        waiting = cat.page.locator("#game-notes #waiting")
        waiting.wait_for()
        assert waiting.inner_text() == ja["join.busy"]
        assert cat.page.locator("#mycard, #say").count() == 0  # no card, no voice this game
        assert ann.page.locator("#waiting").count() == 0  # a note for her alone
        end_the_game(ann)
        # The next game deals her a seat.
        ann.page.click("#rematch")
        cat.page.wait_for_selector("main.screen.deal, main.screen.night")
        # her card on the deal, or (the 0.6 s deal over on a loaded machine) the day bar's
        # chip of her dealt card once the short night is over: a seat either way
        cat.page.wait_for_selector("#mycard, #card-chip")
        assert cat.page.locator("#waiting").count() == 0
        room = httpx.get(f"{server.http}/api/rooms/{code}").json()
        seated = {m["name"]: m["seat"] for m in room["members"]}
        assert room["playing"] and seated["cat"] == 3 and len(room["seats"]) == 4
        check_problems(players)
    finally:
        for p in players:
            p.context.close()


def test_client_replay_link_during_a_game_waits_for_its_end(browser: Any, server: Server) -> None:
    en = catalogue("en")
    code, ann = game_with_bots(browser, server.http)
    eve = open_player(browser, "eve")
    players = [ann, eve]
    try:
        eve.page.goto(f"{server.http}/r/{code}/replay")
        wait = eve.page.locator("#replay-wait")
        wait.wait_for()
        eve.page.wait_for_function(
            "(line) => document.getElementById('replay-wait')?.textContent === line",
            arg=en["replay.wait"],
        )
        end_the_game(ann)
        # The replay opens by itself once the game is over (the page looks again).
        eve.page.wait_for_selector("#replay-h", timeout=20_000)
        assert eve.page.locator("#replay-wait").count() == 0
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
