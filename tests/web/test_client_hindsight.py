"""What the talk said, beside the truth (issue 36, point 8), from the players' side: the
result lists each claim of the day with its truth in the page's language, the replay
says it beside each claim, and the TV shows it too; nothing of it before the end."""

from __future__ import annotations

import math
from typing import Any

from server.conftest import Server
from web.client_helpers import (
    catalogue,
    check_problems,
    open_player,
    result,
    seat_room,
    vote_all,
    wait_phase,
)
from web.test_client_a11y import AXE, axe

DECK = {"werewolf": 2, "villager": 4}
QUICK = {"turn": 1.0, "jitter": 0, "day": 600, "vote": 600}
TV = {"width": 1920, "height": 1080}

#: A claim sent on the page's own connection to the room (as the claim composer would).
CLAIM = """async ([code, claim]) => {
  const token = localStorage.getItem(`onenight.token.${code}`);
  const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/ws");
  await new Promise((ok) => { ws.onopen = ok; });
  const answer = (ref) => new Promise((ok) => {
    ws.addEventListener("message", (m) => {
      const f = JSON.parse(m.data);
      if (f.ref === ref) ok(f);
    });
  });
  ws.send(JSON.stringify({ type: "resume", room: code, token, ref: 1 }));
  await answer(1);
  ws.send(JSON.stringify({ type: "claim", claim, ref: 2 }));
  const f = await answer(2);
  ws.close();
  return f.type;
}"""


def test_client_each_claim_is_shown_beside_the_truth(browser: Any, server: Server) -> None:
    code, players = seat_room(browser, server.http, ["ann", "bob", "cat"], deck=DECK, timers=QUICK)
    ann, bob, cat = players
    tv = open_player(browser, "tv", locale="ja-JP")
    try:
        tv.page.set_viewport_size(TV)
        tv.page.goto(f"{server.http}/r/{code}/tv")
        tv.page.wait_for_selector("#tv-code")
        ann.page.click("#start")
        wait_phase(players, "day")
        assert ann.page.evaluate(CLAIM, [code, {"type": "i_am", "role": "villager"}]) == "ack"
        assert bob.page.evaluate(CLAIM, [code, {"type": "i_am", "role": "werewolf"}]) == "ack"
        ann.page.wait_for_selector("#log li.claim >> nth=1")
        assert ann.page.locator("#hindsight").count() == 0  # nothing of it by day
        ann.page.click("#end-day")
        wait_phase(players, "vote")
        vote_all(players)
        wait_phase(players, "end")
        data = result(server.http, code)
        dealt = data["dealt"]["cards"]
        # A role claim is true when the speaker was dealt that card (RULES.md: the card
        # he looked at first), a lie otherwise.
        expected = [
            "true" if dealt[0] == "villager" else "lie",
            "true" if dealt[1] == "werewolf" else "lie",
        ]
        assert [e["truth"] for e in data["hindsight"]] == expected
        for p, lang in ((ann, "en"), (cat, "en")):
            words = catalogue(lang)
            tags = p.page.locator("#hindsight li .truth").all_inner_texts()
            assert tags == [words[f"truth.{x}"] for x in expected], tags
        ja = catalogue("ja")
        tv.page.wait_for_selector("#tv-hindsight")
        tags = tv.page.locator("#tv-hindsight li .truth").all_inner_texts()
        assert tags == [ja[f"truth.{x}"] for x in expected], tags
        # What the public talk alone pointed to (each player's chance of being a
        # Werewolf, the vote it points to) beside the vote the table made.
        reading = data["reading"]
        names = data["players"]
        assert len(reading["wolf"]) == 3 and 0 <= reading["vote"] < 3
        en = catalogue("en")
        chances = ann.page.locator("#reading li").all_inner_texts()
        assert chances == [
            en["reading.chance"].format(name=n, p=math.floor(100 * p + 0.5))  # (as JS rounds)
            for n, p in zip(names, reading["wolf"], strict=True)
        ]
        vote = en["reading.vote"].format(name=names[reading["vote"]])
        assert ann.page.locator("#reading-vote").inner_text() == vote
        assert ann.page.locator("#reading-table").count() == 1
        tv_vote = ja["reading.vote"].format(name=names[reading["vote"]])
        assert tv.page.locator("#tv-reading-vote").inner_text() == tv_vote
        if AXE.exists():  # the result with both, on a phone and on the TV
            assert axe(ann.page, "result with the hindsight") == []
            assert axe(tv.page, "TV result with the hindsight") == []
        # The replay says it beside each claim.
        bob.page.click("#step-all")
        claims = bob.page.locator("#timeline li.day.claim").all_inner_texts()
        assert [line.rsplit(" — ", 1)[1] for line in claims] == [en[f"truth.{x}"] for x in expected]
        check_problems([*players, tv])
    finally:
        for p in [*players, tv]:
            p.context.close()
