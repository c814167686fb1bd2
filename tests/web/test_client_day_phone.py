"""The day on a phone (issue 36, point 4), at 360×740: my night comes first (the card is
in the bar), the voice is one compact strip (the microphone's state in a line of its own
size, the volumes behind a button), the claim composer carries its own small table so
that "tap a player" needs no scrolling, and tapping the night the composer chose never
turns the claim off."""

from __future__ import annotations

from typing import Any

from server.conftest import Server
from web.client_helpers import catalogue, check_problems, seat_room, wait_phase

DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}
QUICK = {"turn": 1.0, "jitter": 0, "day": 600, "vote": 600}

#: An element's top, bottom and height on the screen (px).
BOX = """(s) => { const r = document.querySelector(s)?.getBoundingClientRect();
  return r && [r.top, r.bottom, r.height]; }"""


def test_client_a_phones_day_puts_my_night_first_and_the_composer_at_hand(
    browser: Any, server: Server
) -> None:
    _, players = seat_room(browser, server.http, ["ann", "bob", "cat"], deck=DECK, timers=QUICK)
    ann = players[0]
    page = ann.page
    en = catalogue("en")
    try:
        page.click("#start")
        wait_phase(players, "day")
        page.wait_for_selector("#voice")
        night, voice, table = (page.evaluate(BOX, s) for s in (".mynight", "#voice", ".table"))
        # My night first, then the voice's strip, then the table.
        assert night[0] < voice[0] < table[0], (night, voice, table)
        assert voice[2] <= 170, voice  # one compact strip, not 400 px of sliders
        assert page.locator("#voice input.vol").first.is_hidden()  # behind "Volumes"
        page.click("#volumes summary")
        assert page.locator("#voice input.vol").first.is_visible()
        # The microphone's state is a line of the strip, not an orange warning.
        if page.locator("#mic-line").count():
            assert "warn" not in (page.locator("#mic-line").get_attribute("class") or "")
        # The composer: the Seer's night is chosen at once; tapping it keeps it.
        page.click("#claim-role")
        page.click("#claim-role-pick [data-role=seer]")
        chosen = page.locator("#claim-kind-pick [data-kind=saw]")
        assert chosen.get_attribute("aria-pressed") == "true"
        chosen.click()
        assert chosen.get_attribute("aria-pressed") == "true"
        assert page.locator("#claim-ask").inner_text() == en["claims.pickTarget"]
        # Its own small table: the places to tap, on screen with the question.
        page.locator("#claim-ask").scroll_into_view_if_needed()
        targets = page.locator("#claim-targets button")
        assert targets.count() >= 2 + 3  # the two others and the three center cards
        ask, row = page.evaluate(BOX, "#claim-ask"), page.evaluate(BOX, "#claim-targets")
        assert ask[0] >= 0 and row[1] <= 740, (ask, row)
        page.click("#claim-target-1")
        page.click("#claim-card-pick [data-role=villager]")
        preview = page.locator("#claim-preview li").all_inner_texts()
        assert len(preview) == 2, preview  # "I am the Seer." and the look
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
