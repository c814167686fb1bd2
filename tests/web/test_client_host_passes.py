"""The host passes on (issue 36, point 1), from the players' phones: the host closes the
tab in the lobby, at night, by day, at the vote and at the result; each time, after the
grace, the player present who has been seated longest is host (the controls are theirs:
start, end the day, rematch), everyone reads who the host is now in their language, and
the host who comes back reads that the host stayed with the other."""

from __future__ import annotations

import contextlib
from typing import Any

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from server.conftest import Server
from web.client_helpers import (
    DECK3,
    Player,
    catalogue,
    check_problems,
    create_room,
    join_by_link,
    open_player,
    phase,
    set_deck,
    set_timers,
    vote_all,
    wait_phase,
)

#: a night of four calls of four seconds: long enough to close a tab in and see the
#: host pass on after the grace (one second)
TIMERS = {"turn": 4, "jitter": 0, "day": 600, "vote": 600, "grace": 1}


def host_name(base: str, code: str) -> str:
    room = httpx.get(f"{base}/api/rooms/{code}").json()
    return str(next(m["name"] for m in room["members"] if m["member"] == room["host"]))


def note(p: Player, want: str) -> str:
    """The page's note on the host, once it says ``want`` (or what it says after 60 s:
    a tab closed on a loaded machine may send no close frame, and the server then learns
    it from the WebSocket's pings, uvicorn's 20 s interval and 20 s timeout)."""
    with contextlib.suppress(PlaywrightTimeout):
        p.page.wait_for_function(
            "(want) => document.querySelector('#host-note li')?.textContent === want",
            arg=want,
            timeout=60_000,
        )
    return str(p.page.evaluate("document.querySelector('#host-note li')?.textContent"))


def test_client_the_host_passes_on_in_the_lobby_at_night_by_day_at_the_vote_and_at_the_result(
    browser: Any, server: Server
) -> None:
    langs = {"ann": "en", "bob": "fr", "cy": "ja"}
    locales = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}
    words = {lang: catalogue(lang) for lang in locales}
    people = {n: open_player(browser, n, locale=locales[lang]) for n, lang in langs.items()}
    players = list(people.values())
    base = server.http
    try:
        code = create_room(people["ann"], base)
        link = f"{base}/r/{code}"
        for n in ("bob", "cy"):
            join_by_link(people[n], link)
        people["ann"].page.wait_for_selector("#players li:nth-child(3)")
        set_deck(people["ann"], DECK3)
        set_timers(people["ann"], TIMERS)

        def pass_on(gone: str, heir: str, where: str) -> None:
            """``gone`` (the host) closes the tab: ``heir`` is host after the grace, and
            each page says so; ``gone`` comes back and is not host again."""
            assert host_name(base, code) == gone
            people[gone].page.goto("about:blank")
            others = [n for n in langs if n != gone]
            for n in others:
                w = words[langs[n]]
                want = (
                    w["host.passedYou"].format(**{"from": gone})
                    if n == heir
                    else w["host.passed"].format(**{"from": gone, "name": heir})
                )
                assert note(people[n], want) == want, (where, n)
            assert host_name(base, code) == heir, where
            people[gone].page.goto(link)
            people[gone].page.wait_for_selector("main.screen")
            w = words[langs[gone]]
            back = w["host.passedBack"].format(name=heir)
            assert note(people[gone], back) == back, where
            assert host_name(base, code) == heir, where

        # The lobby: ann goes; bob (seated before cy) starts the game.
        pass_on("ann", "bob", "lobby")
        people["ann"].page.wait_for_selector(".screen.lobby")
        assert people["ann"].page.locator("#start").count() == 0
        people["bob"].page.click("#start")
        wait_phase(players, "night")
        # The night: bob goes (before its second call); ann is host, then ends the day.
        pass_on("bob", "ann", "night")
        wait_phase(players, "day", timeout=90)
        # By day: ann goes; bob is host, and ends the day.
        assert phase(people["ann"]) == "day"
        pass_on("ann", "bob", "day")
        people["ann"].page.wait_for_selector("main.screen.day")
        people["bob"].page.click("#end-day")
        wait_phase(players, "vote")
        # At the vote: bob goes; ann is host; everyone votes.
        pass_on("bob", "ann", "vote")
        people["bob"].page.wait_for_selector("main.screen.vote")
        vote_all(players)
        wait_phase(players, "end")
        # At the result (the room that stalled in the issue): ann goes; bob rematches.
        pass_on("ann", "bob", "result")
        people["bob"].page.click("#rematch")
        wait_phase(players, "night")
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
