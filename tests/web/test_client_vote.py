"""The vote in the browser client: who has voted (never for whom), the last seconds'
warning, and a random vote for whoever did not vote in time."""

from __future__ import annotations

from typing import Any

from server.conftest import Server
from web.client_helpers import QUICK, catalogue, check_problems, seat_room, to_the_day, wait_phase

#: Keeps the first warning seen on a vote screen with the ``hurry`` style.
SEEN_HURRY = """() => {
  window.seenHurry = null;
  new MutationObserver(() => {
    const warning = document.querySelector("main.screen.vote.hurry #hurry");
    if (warning && warning.textContent && window.seenHurry === null) {
      window.seenHurry = warning.textContent;
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def test_client_vote_shows_who_voted_warns_at_the_end_and_closes(
    browser: Any, server: Server
) -> None:
    timers = {**QUICK, "vote": 12}
    _, players = seat_room(browser, server.http, ["ann", "bob", "cat"], timers=timers)
    ann, bob, cat = players
    try:
        to_the_day(players)
        # The warning lasts the vote's last seconds: the page notes when it shows, so a
        # slow step of the test (a loaded machine) cannot miss it.
        cat.page.evaluate(SEEN_HURRY)
        ann.page.click("#end-day")
        wait_phase(players, "vote")
        assert cat.page.locator("#hurry").inner_text() == ""
        bob.page.locator("button.tile:enabled").first.click()
        bob.page.wait_for_selector("#my-vote[data-voted]")
        # The others see that bob voted, not for whom.
        bob_tile = cat.page.locator("button.tile", has_text="bob")
        bob_tile.locator(".note:has-text('has voted')").wait_for()
        assert "1 of 3 have voted" in cat.page.locator("#vote-count").inner_text()
        # bob changes his mind: still one vote.
        bob.page.locator("button.tile:enabled[aria-pressed=false]").first.click()
        # The last seconds: a warning for those who have not voted.
        wait_phase(players, "end")
        assert cat.page.evaluate("window.seenHurry") == catalogue("en")["vote.hurry"]
        random = cat.page.locator("#votes-list").inner_text()
        assert random.count("(random: no vote in time)") == 2
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
