"""The browser client with the keyboard alone: the host creates, starts, plays the night,
ends the day and votes with Tab, Enter and Space only."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from server.conftest import Server
from web.client_helpers import (
    DECK3,
    FAST,
    Player,
    check_problems,
    join_by_link,
    open_player,
    phase,
    set_deck,
    set_timers,
    tap_night,
    wait_phase,
)


def key_to(p: Player, selector: str, limit: int = 300) -> None:
    """Press Tab until the focus is on ``selector``."""
    for _ in range(limit):
        if p.page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
        p.page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def keyboard_night_tap(p: Player) -> bool:
    page = p.page
    if page.locator("main[data-tapped]").count() or not page.locator("#confirm").count():
        return False
    if page.locator("main.screen.night.idle").count():  # nothing to choose: one key
        key_to(p, "#confirm:enabled")
        page.keyboard.press("Enter")
        page.wait_for_selector("main[data-tapped]")
        return True
    for _ in range(3):
        if page.locator("#confirm:enabled").count():
            break
        if page.locator("button.tile:enabled[aria-pressed=false]").count():
            key_to(p, "button.tile:enabled[aria-pressed=false]")
        else:
            key_to(p, "button.bare:enabled")
        page.keyboard.press("Enter")
    key_to(p, "#confirm:enabled")
    page.keyboard.press("Enter")
    page.wait_for_selector("main[data-tapped]")
    return True


def test_client_a_game_with_the_keyboard_alone(browser: Any, server: Server) -> None:
    ann, bob, cat = (open_player(browser, n) for n in ("ann", "bob", "cat"))
    players = [ann, bob, cat]
    try:
        ann.page.goto(f"{server.http}/")
        key_to(ann, "#create-name")
        ann.page.keyboard.type("ann")
        ann.page.keyboard.press("Enter")
        ann.page.wait_for_selector(".screen.lobby")
        code = ann.page.url.rsplit("/", 1)[-1]
        for p in (bob, cat):
            join_by_link(p, f"{server.http}/r/{code}")
        ann.page.wait_for_selector("#players li:nth-child(3)")
        # The deck's picker and the timers with the keyboard: one more Villager, and back.
        key_to(ann, "#deck-change")
        ann.page.keyboard.press("Enter")
        ann.page.wait_for_selector("#deck-editor")
        assert ann.page.evaluate("document.activeElement.id") == "deck-change"
        key_to(ann, "#more-villager")
        ann.page.keyboard.press("Enter")
        ann.page.wait_for_selector("li.pick[data-role=villager] output:text('1')")
        assert ann.page.evaluate("document.activeElement.id") == "more-villager"
        set_deck(ann, DECK3)  # the rest by mouse: the deck is not what this test is about
        # turns of 5 s: the deal (one turn) holds while the keys reach a loaded machine's
        # page, and most night turns are tapped by keyboard
        set_timers(ann, {**FAST, "turn": 5})
        key_to(ann, "#start:enabled")
        ann.page.keyboard.press("Enter")
        wait_phase([ann], "deal")
        key_to(ann, "#mycard")
        ann.page.keyboard.down(" ")
        assert "up" in (ann.page.locator("#mycard").get_attribute("class") or "")
        ann.page.keyboard.up(" ")
        wait_phase(players, "night")
        deadline = time.monotonic() + 90
        taps = 0
        while not all(phase(p) in ("day", "vote", "end") for p in players):
            assert time.monotonic() < deadline
            for p in players:
                with contextlib.suppress(Exception):  # the turn ended as it tapped
                    if p is ann:
                        taps += keyboard_night_tap(p)
                    else:
                        tap_night(p)
            time.sleep(0.1)
        assert taps >= 3, taps  # most of the 4 turns, by keyboard
        wait_phase(players, "day")
        key_to(ann, "#say")
        ann.page.keyboard.type("typed with the keyboard")
        ann.page.keyboard.press("Enter")
        cat.page.wait_for_selector("#log li:has-text('typed with the keyboard')")
        key_to(ann, "#end-day")
        ann.page.keyboard.press("Enter")
        wait_phase(players, "vote")
        key_to(ann, "button.tile:enabled")
        ann.page.keyboard.press("Enter")
        ann.page.wait_for_selector("#my-vote[data-voted]")
        for p in (bob, cat):
            p.page.locator("button.tile:enabled").first.click()
        wait_phase(players, "end")
        key_to(ann, "#step-next:enabled, #rematch")
        ann.page.keyboard.press("Enter")
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
