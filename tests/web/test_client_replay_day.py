"""The replay has the day (issue 36, point 7), from a viewer's side: after the night's
steps, the day's talk in the order it was said, each line with its time since dawn; a
whisper reads only as "A whispered to B" (its words never show), in the page's
language."""

from __future__ import annotations

from typing import Any

from server.conftest import Server
from web.client_helpers import (
    catalogue,
    check_problems,
    open_player,
    seat_room,
    vote_all,
    wait_phase,
)

DECK = {"werewolf": 2, "villager": 4}  #: one call at night: a quick way to the day
QUICK = {"turn": 1.0, "jitter": 0, "day": 600, "vote": 600}


def test_client_the_replay_tells_the_day_after_the_night(browser: Any, server: Server) -> None:
    code, players = seat_room(browser, server.http, ["ann", "bob", "cat"], deck=DECK, timers=QUICK)
    ann, bob, cat = players
    viewer = open_player(browser, "viewer", locale="fr-FR")
    try:
        ann.page.click("#start")
        wait_phase(players, "day")
        ann.page.fill("#say", "hello all")
        ann.page.click(".say button[type=submit]")
        cat.page.wait_for_selector("#log li.chat:has-text('hello all')")
        bob.page.select_option("#say-to", "2")  # cat's seat
        bob.page.fill("#say", "secret words")
        bob.page.click(".say button[type=submit]")
        ann.page.wait_for_selector("#log li.whispered")
        ann.page.click("#end-day")
        wait_phase(players, "vote")
        vote_all(players)
        wait_phase(players, "end")
        viewer.page.goto(f"{server.http}/r/{code}/replay")
        viewer.page.wait_for_selector("#timeline")
        viewer.page.click("#step-all")
        lines = viewer.page.locator("#timeline li").all_inner_texts()
        day = viewer.page.locator("#timeline li.day").all_inner_texts()
        fr = catalogue("fr")
        said = fr["replay.said"].format(name="ann", text="hello all")
        whispered = fr["day.whispered"].format(a="bob", b="cat")
        assert len(day) == 2 and day[0].endswith(said) and day[1].endswith(whispered), day
        assert lines[-2:] == day  # after the night's steps (if any: wolves may sleep)
        for line in day:  # each with its time since dawn ("0:07 …")
            assert line.split(" ")[0].count(":") == 1, line
        assert "secret words" not in viewer.page.locator("main").inner_text()
        # A player's own result reads the same day (after the night), whispers alike.
        cat.page.click("#step-all")
        mine = cat.page.locator("#timeline li.day").all_inner_texts()
        en = catalogue("en")
        assert mine[-1].endswith(en["day.whispered"].format(a="bob", b="cat")), mine
        check_problems([*players, viewer])
    finally:
        for p in [*players, viewer]:
            p.context.close()
