"""Small things that confuse a group (issue 36, point 5), from the players' side: "ready
to vote" counts the players whose readiness matters (not the bots); a claim keeps its
speaker's name in the lobby's talk after the game; the voice panel goes with "Leave the
room"; a name that starts with an emoji has that whole emoji as its badge; a latecomer's
"Now:" always names something; a name of only spaces, or Create while offline, says why
nothing happened."""

from __future__ import annotations

import re
import time
from typing import Any

from server.conftest import Server
from web.client_helpers import (
    QUICK,
    Player,
    catalogue,
    check_problems,
    create_room,
    join_by_link,
    open_player,
    set_timers,
    wait_phase,
)
from web.test_client_bots import add_bot

#: the bot of an English room where ann and bob sit (session/bot_names.py)
BOT = "Cleo"


def test_client_ready_counts_people_and_claims_keep_their_names_after_the_game(
    browser: Any, server: Server
) -> None:
    """Two people and a bot: "0 of 2"; bob is ready: "1 of 2 (bob)". The bot's claims
    read with its name in the lobby's talk after the game, in French too."""
    en = catalogue("en")
    ann, bob = open_player(browser, "ann"), open_player(browser, "bob", locale="fr-FR")
    players = [ann, bob]
    try:
        code = create_room(ann, server.http)
        join_by_link(bob, f"{server.http}/r/{code}")
        # a bot takes the first English name whose initial nobody has (ann, bob: C)
        add_bot(ann, "basic", BOT)
        set_timers(ann, QUICK)
        ann.page.click("#start")
        wait_phase(players, "day")
        count = ann.page.locator("#ready-count")
        assert count.inner_text() == en["day.readyCount"].format(n=0, total=2)
        bob.page.click("#ready")
        want = en["day.readyWho"].format(
            count=en["day.readyCount"].format(n=1, total=2), names="bob"
        )
        ann.page.wait_for_function(
            "(w) => document.getElementById('ready-count')?.textContent === w", arg=want
        )
        # The bot claims by day (its "▸" line in the talk), then the day ends.
        ann.page.locator("#log li.claim").first.wait_for(timeout=60_000)
        said = ann.page.locator("#log li.claim").first.inner_text()
        assert BOT in said, said
        ann.page.click("#end-day")
        wait_phase(players, "vote")
        for p in players:
            p.page.locator("button.tile:enabled").first.click()
        wait_phase(players, "end")
        # Back in the lobby: the game's claims still say who said them.
        for p in (ann, bob):  # bob reads French: the names are the same
            p.page.click("#to-lobby")
            p.page.wait_for_selector(".screen.lobby #log li.claim")
            lines = p.page.locator("#log li.claim").all_inner_texts()
            assert lines and all(BOT in line for line in lines), lines
            assert not any(re.search(r"▸\s*\?", line) for line in lines), lines
        check_problems(players)
    finally:
        for p in players:
            p.context.close()


def test_client_voice_goes_with_leave_and_an_emoji_name_keeps_its_whole_badge(
    browser: Any, server: Server
) -> None:
    astro = "👩‍🚀 Astro"  # a woman astronaut: three code points joined, one grapheme
    ann, star = open_player(browser, "ann"), open_player(browser, astro)
    players = [ann, star]
    try:
        code = create_room(ann, server.http)
        join_by_link(star, f"{server.http}/r/{code}")
        ann.page.wait_for_selector("#voice")
        ring = ann.page.locator(f'#voice .vperson:has-text("{astro}") .ring')
        assert ring.inner_text() == "👩‍🚀"
        # Leave the room: the voice panel (and its "No microphone" line) goes with it.
        star.page.wait_for_selector("#voice")
        star.page.click("#leave")
        star.page.wait_for_selector("#name-form")
        time.sleep(0.5)  # a redraw that would bring it back has had its chance
        assert star.page.locator("#voice").count() == 0
        check_problems(players)
    finally:
        for p in players:
            p.context.close()


def test_client_a_latecomers_now_line_always_names_something(browser: Any, server: Server) -> None:
    ja = catalogue("ja")
    ann, bob, cy = (open_player(browser, n) for n in ("ann", "bob", "cy"))
    late = open_player(browser, "dan", locale="ja-JP")
    players = [ann, bob, cy]
    try:
        code = create_room(ann, server.http)
        for p in (bob, cy):
            join_by_link(p, f"{server.http}/r/{code}")
        set_timers(ann, {"turn": 3, "jitter": 0, "day": 600, "vote": 600})
        ann.page.click("#start")
        ann.page.wait_for_selector("main.screen.deal, main.screen.night")
        late.page.goto(f"{server.http}/r/{code}")
        late.page.fill("#name", "dan")
        late.page.click("#join")
        late.page.wait_for_selector("#waiting")
        empty = re.compile(r"^\s*(" + re.escape(ja["night.now"].split("{")[0].strip()) + r")\s*$")
        seen: list[str] = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and "day" not in (
            late.page.evaluate("document.querySelector('main')?.className") or ""
        ):
            bar = late.page.evaluate(
                "document.querySelector('main.night .phasebar h1, main.night .phasebar')"
                "?.textContent || ''"
            )
            if bar:
                seen.append(bar)
                assert not empty.match(bar.split("\n")[0]), seen
            time.sleep(0.3)
        assert seen, "the latecomer never saw the night"
        assert any(ja["phase.deal"] in b or ja["night.now"].split("{")[0] in b for b in seen)
    finally:
        for p in [*players, late]:
            p.context.close()


def test_client_a_blank_name_and_create_offline_say_why(browser: Any, server: Server) -> None:
    fr = catalogue("fr")
    p: Player = open_player(browser, "  ", locale="fr-FR")
    try:
        p.page.goto(f"{server.http}/")
        p.page.fill("#create-name", "   ")
        p.page.click("#create")
        error = p.page.locator("#create-form #error")
        error.wait_for()
        assert error.inner_text() == fr["home.blankName"]
        # Offline: Create says the server cannot be reached, under the button.
        p.page.fill("#create-name", "Zoé")
        p.context.set_offline(True)
        p.page.click("#create")
        p.page.wait_for_function(
            "(w) => document.querySelector('#create-form #error')?.textContent === w",
            arg=fr["home.unreachable"],
        )
        assert p.page.url.rstrip("/") == server.http.rstrip("/")  # no room was made
    finally:
        p.context.close()
