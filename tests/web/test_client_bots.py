"""Bots at the table from the browser client (issue 22, point 1): the host invites bots
of each level from the lobby and removes one; everyone sees bots as bots (never as
"offline"); a player away past the grace is shown as played by a bot until he is back."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from server.conftest import Server
from web.client_helpers import (
    Player,
    catalogue,
    check_problems,
    create_room,
    join_by_link,
    open_player,
    set_timers,
)


def member_id(page: Any, name: str) -> str:
    found: str = page.evaluate(
        """(name) => [...document.querySelectorAll('#players li')]
            .find((li) => li.querySelector('.mname').textContent === name).dataset.member""",
        name,
    )
    return found


def add_bot(p: Player, level: str, name: str) -> None:
    page = p.page
    page.check(f"#bot-{level}")
    page.click("#add-bot")
    page.locator("#players li.bot .mname", has_text=name).wait_for()


def test_client_host_invites_bots_of_each_level_and_removes_one(
    browser: Any, server: Server
) -> None:
    ann = open_player(browser, "ann", locale="fr-FR")  # the host reads French
    bob = open_player(browser, "bob")
    players = [ann, bob]
    fr, en = catalogue("fr"), catalogue("en")
    try:
        code = create_room(ann, server.http)
        join_by_link(bob, f"{server.http}/r/{code}")
        # The host chooses a level, each said in one line; "basic" is chosen at first.
        assert ann.page.locator("#bot-basic").is_checked()
        for level in ("random", "basic", "reasoner"):
            label = ann.page.locator(f"label[for=bot-{level}]")
            assert fr[f"bot.{level}"] in label.inner_text()
            assert ann.page.locator(f"#bot-{level}-about").inner_text() == fr[f"bot.about.{level}"]
        assert ann.page.locator("#add-bot").inner_text().strip() == fr["lobby.addBot"]
        assert bob.page.locator("#add-bot-form").count() == 0  # the host's control only
        add_bot(ann, "reasoner", "Céline")  # a French name: the room speaks French
        add_bot(ann, "random", "Denis")  # (A, B: ann and bob have them)
        bob.page.wait_for_function(
            "() => document.querySelectorAll('#players li.bot').length === 2"
        )
        # Everyone sees a bot as a bot, in their own language, never as offline.
        badges = bob.page.locator("#players li.bot .bot-badge").all_inner_texts()
        assert badges == [f"{en['lobby.bot']} · Reasoner", f"{en['lobby.bot']} · Random"]
        french = ann.page.locator("#players li.bot .bot-badge").all_inner_texts()
        assert french == [f"{fr['lobby.bot']} · Raisonneur", f"{fr['lobby.bot']} · Hasard"]
        for li in bob.page.locator("#players li.bot").all():
            said = li.text_content() or ""
            assert en["lobby.offline"] not in said and en["lobby.online"] not in said
        assert en["lobby.online"] in (bob.page.locator("#players li").first.text_content() or "")
        # The bots speak the host's language (the room's `lang`, set with the first bot).
        room = httpx.get(f"{server.http}/api/rooms/{code}").json()
        assert room["settings"]["lang"] == "fr"
        # A bot is removed (never made host): its seat is free for everyone at once.
        reasoner = member_id(ann.page, "Céline")
        assert ann.page.locator(f"#host-{reasoner}").count() == 0
        remove = ann.page.locator(f"#kick-{reasoner}")
        assert remove.get_attribute("aria-label") == fr["lobby.remove"].format(name="Céline")
        remove.click()
        bob.page.wait_for_function("() => document.querySelectorAll('#players li').length === 3")
        assert bob.page.locator("#players li.bot .mname").all_inner_texts() == ["Denis"]
        assert bob.page.locator("#players-h").inner_text() == f"{en['lobby.players']} (3)"
        check_problems(players)
    finally:
        for p in players:
            p.context.close()


def test_client_shows_a_player_away_as_played_by_a_bot_until_he_is_back(
    browser: Any, server: Server
) -> None:
    ann, bob = open_player(browser, "ann"), open_player(browser, "bob", locale="ja-JP")
    players = [ann, bob]
    en = catalogue("en")
    try:
        code = create_room(ann, server.http)
        join_by_link(bob, f"{server.http}/r/{code}")
        add_bot(ann, "basic", "Cleo")  # three seats: the edition's deck for three
        set_timers(ann, {"turn": 0.6, "jitter": 0, "day": 600, "vote": 600, "grace": 1})
        ann.page.click("#start")
        ann.page.wait_for_selector("main.screen.day", timeout=60_000)
        assert ann.page.locator("#game-notes").count() == 0  # everyone is here
        bob.page.goto("about:blank")  # bob's phone goes dark
        away = ann.page.locator("#game-notes li.away")
        try:
            away.wait_for(timeout=15_000)
        except PlaywrightTimeout:
            # Seen once in a loaded run: say whether the server took bob for gone and
            # seated a bot (its public room), or ann's page did not show it.
            members = httpx.get(f"{server.http}/api/rooms/{code}").json()["members"]
            seen = ann.page.evaluate("document.querySelector('main')?.className")
            raise AssertionError(f"no away note on ann's page ({seen}); room: {members}") from None
        assert away.inner_text() == en["game.away"].format(name="bob")
        # The bot claims for bob (issue 36, point 9): the table reads it as said for him.
        stood_in = ann.page.locator("#log li.claim", has=ann.page.locator(".stand-in"))
        stood_in.first.wait_for(timeout=20_000)
        assert en["day.standIn"] in stood_in.first.inner_text()
        # bob is back (his saved seat): the bot leaves his seat, the note goes.
        bob.page.goto(f"{server.http}/r/{code}")
        bob.page.wait_for_selector("main.screen.day")
        away.wait_for(state="detached", timeout=15_000)
        assert bob.page.locator("#game-notes").count() == 0
        # ... and bob reads, in his language, what the bot said for him.
        ja = catalogue("ja")
        note = bob.page.locator("#spoke-for-me")
        note.wait_for()
        assert note.locator("h2").inner_text() == ja["day.spokeForYou"]
        assert note.locator("li.claim").count() >= 1
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
