"""The browser client: a whole game by three browser contexts, as players see it."""

from __future__ import annotations

import json
from typing import Any

from server.conftest import Server
from web.client_helpers import (
    DECK3,
    FAST,
    check_problems,
    create_room,
    join_by_link,
    no_side_scroll,
    open_player,
    play_night,
    result,
    set_deck,
    set_timers,
    small_targets,
    vote_all,
    wait_phase,
)


def test_client_three_players_by_link_to_result_replay_and_rematch(
    browser: Any, server: Server
) -> None:
    ann, bob, cat = (open_player(browser, n) for n in ("ann", "bob", "cat"))
    players = [ann, bob, cat]
    try:
        code = create_room(ann, server.http)
        link = ann.page.locator("#share-link").get_attribute("href")
        assert link == f"{server.http}/r/{code}"
        # the QR code is an image the page loads after the lobby is drawn
        ann.page.wait_for_function(
            "() => document.querySelector('img.qr')?.complete"
            " && document.querySelector('img.qr').naturalWidth > 0"
        )
        for p in (bob, cat):
            join_by_link(p, link)
        ann.page.wait_for_selector("#players li:nth-child(3)")
        assert ann.page.locator("#players").inner_text().count("bob") == 1
        set_deck(ann, DECK3)
        set_timers(ann, FAST)
        bob.page.wait_for_selector("#deck-error.muted")
        assert "2.5" in bob.page.locator("#timers").inner_text()
        for p in players:
            no_side_scroll(p)
            assert not small_targets(p), small_targets(p)
        ann.page.click("#start")
        wait_phase(players, "deal")
        # The card: face down; held, it shows its name; let go, it turns back.
        card = bob.page.locator("#mycard")
        assert "up" not in (card.get_attribute("class") or "")
        box = card.bounding_box()
        assert box is not None
        bob.page.mouse.move(box["x"] + 20, box["y"] + 20)
        bob.page.mouse.down()
        assert "up" in (card.get_attribute("class") or "")
        bob.page.mouse.up()
        assert "up" not in (card.get_attribute("class") or "")
        wait_phase(players, "night")
        # The wake order: the deck's calls, the current one marked.
        assert ann.page.locator(".wake li").count() == 4
        assert ann.page.locator(".wake li.now").count() == 1
        assert not small_targets(ann), small_targets(ann)
        play_night(players)
        wait_phase(players, "day")
        # No tells on the wire: every seat sent one night message in each of the 4 turns,
        # an action or `nothing`, all of one size.
        for p in players:
            night = [m for m in p.sent if json.loads(m)["type"] in ("act", "nothing")]
            assert len(night) == 4, (p.name, night)
            assert {len(m.encode()) for m in night} == {384}, p.name
        for p in players:
            no_side_scroll(p)
        cat.page.fill("#say", "I am the villager")
        cat.page.click(".say button[type=submit]")
        ann.page.wait_for_selector("#log li:has-text('I am the villager')")
        ann.page.click("#end-day")
        wait_phase(players, "vote")
        vote_all(players)
        wait_phase(players, "end")
        data = result(server.http, code)
        res = data["result"]
        for p in players:
            no_side_scroll(p)
            assert not small_targets(p), small_targets(p)
            winners = p.page.locator("#winners").inner_text()
            for name in res["winners"]:
                assert name in winners
        # Every card: dealt and at dawn, the center too.
        rows = bob.page.locator(".cardtable tbody tr")
        assert rows.count() == 3 + 3
        # The night step by step, then the day's talk (issue 36, point 7).
        steps = len(res["timeline"]) + len(data["day"])
        if steps:
            assert bob.page.locator("#timeline li").count() == 1
            for n in range(2, steps + 1):
                bob.page.click("#step-next")
                assert bob.page.locator("#timeline li").count() == n
            assert bob.page.locator("#step-next").is_disabled()
            bob.page.click("#step-prev")
            assert bob.page.locator("#timeline li").count() == steps - 1
        # The votes as arrows, one per player.
        assert bob.page.locator(".votes-svg line.arrow").count() == 3
        # The replay has its own link that works without a seat.
        replay = bob.page.locator("#replay-link").get_attribute("href")
        assert replay == f"/r/{code}/replay"
        viewer = open_player(browser, "viewer")
        players.append(viewer)
        viewer.page.goto(f"{server.http}{replay}")
        viewer.page.wait_for_selector("#winners")
        assert viewer.page.locator(".cardtable tbody tr").count() == 6
        # Rematch: the same seats, a new deal.
        ann.page.click("#rematch")
        wait_phase([ann, bob, cat], "deal")
        check_problems(players)
        # Nothing was fetched from any host but the game server.
        port = server.http.rsplit(":", 1)[1]
        for p in players:
            hosts = {u.split("/")[2] for u in p.requests}
            assert hosts == {f"127.0.0.1:{port}"}, hosts
    finally:
        for p in players:
            p.context.close()
