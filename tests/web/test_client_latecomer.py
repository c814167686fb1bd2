"""A latecomer and the rematch (issue 36, point 2): someone opens the link during a game
("you will be seated for the next one"); at the result the host's Rematch deals them in
with the edition's deck grown for the seats, as the lobby grows it when players join. A
deck the host chose by hand is not changed behind their back: Rematch says why it cannot
deal, at the button, in the page's language. And any refusal of a tap is said next to
what was tapped, not only at the top of the page."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx

from server.conftest import Server
from web.client_helpers import (
    DECK3,
    QUICK,
    Player,
    catalogue,
    check_problems,
    open_player,
    result,
    seat_players,
    seat_room,
    set_deck,
    to_the_day,
    vote_all,
    wait_phase,
)


def latecomer(browser: Any, base: str, code: str, locale: str = "en-US") -> Player:
    """Dan opens the room's link while a game is on: seated for the next game."""
    dan = open_player(browser, "dan", locale=locale)
    dan.page.goto(f"{base}/r/{code}")
    dan.page.fill("#name", "dan")
    dan.page.click("#join")
    dan.page.wait_for_selector("#waiting")
    return dan


def to_the_result(players: list[Player]) -> None:
    players[0].page.click("#end-day")
    wait_phase(players, "vote")
    vote_all(players)
    wait_phase(players, "end")


def test_client_a_rematch_deals_a_latecomer_in_with_the_editions_deck_grown(
    browser: Any, server: Server
) -> None:
    """The host chose the edition (its default deck): three players, dan comes by day;
    Rematch deals four, on the edition's deck for four (seven cards, not six)."""
    code, players = seat_room(browser, server.http, ["ann", "bob", "cy"], timers=QUICK)
    ann = players[0]
    dan: Player | None = None
    try:
        # The edition chosen again: its default deck, for the seats (no deck of its own).
        ann.page.select_option("#edition", "ultimate")
        for _ in range(100):  # the room frame's answer to the configure
            if httpx.get(f"{server.http}/api/rooms/{code}").json()["settings"]["deck"] is None:
                break
            time.sleep(0.1)
        assert httpx.get(f"{server.http}/api/rooms/{code}").json()["settings"]["deck"] is None
        to_the_day(players)
        dan = latecomer(browser, server.http, code, locale="fr-FR")
        to_the_result(players)
        # The result: no refusal, no warning at the button; Rematch deals dan in.
        assert ann.page.locator("#rematch").is_enabled()
        assert ann.page.locator("#rematch-why").count() == 0
        ann.page.click("#rematch")
        wait_phase([*players, dan], "day", timeout=90)
        assert ann.page.locator("#error").count() == 0
        assert dan.page.locator("#waiting").count() == 0
        to_the_result([*players, dan])
        played = result(server.http, code)
        assert played["players"] == ["ann", "bob", "cy", "dan"]
        assert len(played["deck"]) == 4 + 3  # the players and the center
        check_problems([*players, dan])
    finally:
        for p in [*players, *([dan] if dan else [])]:
            p.context.close()


def test_client_a_deck_chosen_by_hand_asks_the_host_at_the_rematch_button(
    browser: Any, server: Server
) -> None:
    """The host (reading Japanese) built a six-card deck by hand for three; dan comes by
    day: at the result Rematch waits, and says at the button that four players need
    seven cards; back in the lobby, one Villager more and the game starts with dan."""
    ja = catalogue("ja")
    players = [
        open_player(browser, "ann", locale="ja-JP"),
        *[open_player(browser, n) for n in ("bob", "cy")],
    ]
    ann = players[0]
    dan: Player | None = None
    try:
        code = seat_players(server.http, players, DECK3, QUICK)
        to_the_day(players)
        dan = latecomer(browser, server.http, code)
        to_the_result(players)
        rematch = ann.page.locator("#rematch")
        assert rematch.is_disabled()
        why = ja["lobby.deckSize"].format(have=6, players=4, need=7, center=3)
        # (Japanese: one sentence after the other, no space between)
        assert ann.page.locator("#rematch-why").inner_text() == f"{why}{ja['end.fixDeck']}"
        assert rematch.get_attribute("aria-describedby") == "rematch-why"
        # Nothing is said at the top of the page; the others have no Rematch to explain.
        assert ann.page.locator("#error").count() == 0
        assert players[1].page.locator("#rematch-why").count() == 0
        ann.page.click("#to-lobby")
        set_deck(ann, {**DECK3, "villager": 2})
        ann.page.click("#start")
        wait_phase([*players, dan], "day", timeout=90)
        assert len(result_deck(server.http, code)) == 7
        check_problems([*players, dan])
    finally:
        for p in [*players, *([dan] if dan else [])]:
            p.context.close()


def result_deck(base: str, code: str) -> list[str]:
    """The deck of the room's next (here: current) game, as its public room shows it."""
    deck: list[str] = httpx.get(f"{base}/api/rooms/{code}").json()["deck"]
    return deck


def test_client_a_refusal_is_said_next_to_the_control_tapped(browser: Any, server: Server) -> None:
    """The server refuses the host's Rematch (here a rematch that met another's start,
    made by answering the page's message with the server's refusal): the page says it
    in French under the Rematch button, not at the top of the page."""
    fr = catalogue("fr")
    ann = open_player(browser, "ann", locale="fr-FR")
    refuse = {"on": False}

    def route(ws: Any) -> None:
        up = ws.connect_to_server()
        up.on_message(lambda m: ws.send(m))

        def out(message: Any) -> None:
            body = json.loads(message) if isinstance(message, str) else {}
            if refuse["on"] and body.get("type") == "rematch":
                error = {"type": "error", "ref": body["ref"], "code": "out_of_phase",
                         "message": "a game is under way"}  # fmt: skip
                ws.send(json.dumps(error))
            else:
                up.send(message)

        ws.on_message(out)

    ann.page.route_web_socket("**/ws*", route)
    others = [open_player(browser, n) for n in ("bob", "cy")]
    players = [ann, *others]
    try:
        seat_players(server.http, players, DECK3, QUICK)
        to_the_day(players)
        to_the_result(players)
        refuse["on"] = True
        ann.page.click("#rematch")
        error = ann.page.locator("#error")
        error.wait_for()
        assert error.inner_text() == fr["err.out_of_phase"]
        # Beside the button: in its row of actions' parent, right after that row, and
        # below the fold of a page whose top is the verdict.
        assert ann.page.evaluate(
            "() => document.querySelector('#error').previousElementSibling"
            "?.contains(document.querySelector('#rematch'))"
        )
        top = ann.page.evaluate("() => document.querySelector('#app').firstElementChild.id")
        assert top != "error"
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
