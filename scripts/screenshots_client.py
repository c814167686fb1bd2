"""Screenshots of the browser client (docs/screenshots/client-*.png) at 360×740 and
1280×800: home, lobby, card reveal, night action, night waiting, day, vote, result, replay;
and, in English, French and Japanese (``client-{screen}-{lang}-{width}.png``), the lobby's
bots, a room link that leads nowhere, a link opened during a game, the notes of a game
(a player away, a newcomer waiting) and a replay link during a game.

Usage: .venv/bin/python scripts/screenshots_client.py [all|game|lobby]  (needs Debian's
chromium; ``all`` by default; the Japanese pictures need a CJK font, Debian's
``fonts-noto-cjk``, or they show empty boxes). Starts its own server on a free port with a
throwaway database and plays a 3-player game in three browser contexts.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import CHROMIUM_ARGS as ARGS
from chromium import throwaway_server

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
SIZES = [(360, 740), (1280, 800)]
LANGS = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}
DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}


def main(which: str = "all") -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with throwaway_server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for size in SIZES:
            if which in ("all", "game"):
                shoot(browser, base, size)
            if which in ("all", "lobby"):
                for lang in LANGS:
                    shoot_lobby(browser, base, size, lang)
        browser.close()


def shoot_lobby(browser: Any, base: str, size: tuple[int, int], lang: str) -> None:
    """The lobby with bots (the host's "Add a bot"), a wrong link, a link opened during a
    game, that game's notes (a newcomer waits, a player is away) and its replay link."""
    w, h = size

    def page_of() -> Any:
        ctx = browser.new_context(viewport={"width": w, "height": h}, locale=LANGS[lang])
        return ctx.new_page()

    def snap(page: Any, name: str) -> None:
        time.sleep(0.4)
        page.screenshot(path=str(OUT / f"client-{name}-{lang}-{w}.png"))

    ann, bob, cat, eve = page_of(), page_of(), page_of(), page_of()
    ann.goto(f"{base}/")
    ann.fill("#create-name", "Ann")
    ann.click("#create")
    ann.wait_for_selector(".screen.lobby")
    code = re.findall(r"[A-Z]{5}", ann.url)[-1]
    bob.goto(f"{base}/r/{code}")
    bob.fill("#name", "Bob")
    bob.click("#join")
    bob.wait_for_selector(".screen.lobby")
    for level in ("reasoner", "random"):
        ann.check(f"#bot-{level}")
        ann.click("#add-bot")
        ann.wait_for_selector(f"#players li.bot >> text={level.capitalize()} bot 1")
    ann.check("#bot-basic")
    for field, value in (("turn", 3), ("jitter", 0), ("day", 600), ("vote", 600), ("grace", 1)):
        ann.fill(f"#set-{field}", str(value))
        ann.dispatch_event(f"#set-{field}", "change")
        time.sleep(0.2)
    ann.locator("#players-h").scroll_into_view_if_needed()
    ann.evaluate("document.getElementById('players-h').scrollIntoView()")
    snap(ann, "lobby-bots")
    cat.goto(f"{base}/r/QQ")
    cat.wait_for_selector("#no-room")
    snap(cat, "link-no-room")
    ann.click("#start")
    ann.wait_for_selector("main.screen.night")
    cat.goto(f"{base}/r/{code}")
    cat.wait_for_selector("#busy")
    cat.fill("#name", "Chloé")
    snap(cat, "link-busy")
    cat.click("#join")
    cat.wait_for_selector("#waiting")
    eve.goto(f"{base}/r/{code}/replay")
    eve.wait_for_selector("#replay-wait")
    snap(eve, "replay-wait")
    bob.context.close()  # Bob's phone goes dark: after the grace, a bot plays for him
    ann.wait_for_selector("main.screen.day", timeout=60_000)
    ann.wait_for_selector("#game-notes li.away", timeout=20_000)
    cat.wait_for_selector("#game-notes li.away")
    snap(cat, "game-notes")
    for page in (ann, cat, eve):
        page.context.close()


def shoot(browser: Any, base: str, size: tuple[int, int]) -> None:
    w, h = size
    pages = []
    for _ in range(3):
        ctx = browser.new_context(viewport={"width": w, "height": h}, locale="en-US")
        pages.append(ctx.new_page())
    ann, bob, cat = pages

    def snap(page: Any, name: str) -> None:
        time.sleep(0.5)  # transitions
        page.screenshot(path=str(OUT / f"client-{name}-{w}.png"))

    ann.goto(f"{base}/")
    ann.fill("#create-name", "Ann")
    snap(ann, "home")
    ann.click("#create")
    ann.wait_for_selector(".screen.lobby")
    code = re.findall(r"[A-Z]{5}", ann.url)[-1]
    for page, name in ((bob, "Bob"), (cat, "Chloé")):
        page.goto(f"{base}/r/{code}")
        page.fill("#name", name)
        page.click("#join")
        page.wait_for_selector(".screen.lobby")
    for row in ann.locator("li.pick").all():
        want = DECK.get(row.get_attribute("data-role") or "", 0)
        while (have := int(row.locator("output").text_content() or "0")) != want:
            row.locator(f'button[data-step="{1 if want > have else -1}"]').click()
            ann.wait_for_function(
                "([r, n]) => document.querySelector(`li.pick[data-role=${r}] output`)"
                "?.textContent !== String(n)",
                arg=[row.get_attribute("data-role"), have],
            )
    for field, value in (("turn", 6), ("jitter", 0), ("day", 600), ("vote", 600)):
        ann.fill(f"#set-{field}", str(value))
        ann.dispatch_event(f"#set-{field}", "change")
        time.sleep(0.2)
    ann.evaluate("window.scrollTo(0, 0)")
    snap(ann, "lobby")
    for _attempt in range(6):
        if play(pages, snap):
            break
        ann.click("#rematch")  # nobody had a night choice: deal again
    browser_contexts = {page.context for page in pages}
    for ctx in browser_contexts:
        ctx.close()


def play(pages: list[Any], snap: Any) -> bool:
    """One game; True when both night screens were caught."""
    ann, bob, cat = pages
    started = ann.locator("#start").count()
    if started:
        ann.click("#start")
    for page in pages:
        page.wait_for_selector("main.screen.deal")
    card = bob.locator("#mycard")
    box = card.bounding_box()
    bob.mouse.move(box["x"] + 30, box["y"] + 30)
    bob.mouse.down()
    snap(bob, "card")
    bob.mouse.up()
    shot = {"action": False, "waiting": False}
    while True:
        if all(page.locator("main.screen.day").count() for page in pages):
            break
        for page in pages:
            if not page.locator("main.screen.night #confirm").count():
                continue
            if page.locator("button.bare:disabled").count():
                continue
            deciding = "Your turn" in (page.locator("#prompt").text_content() or "")
            try:
                for _ in range(3):
                    if page.locator("#confirm:enabled").count():
                        break
                    tiles = page.locator("button.tile:enabled[aria-pressed=false]")
                    (tiles.first if tiles.count() else page.locator("button.bare").first).click()
                kind = "action" if deciding else "waiting"
                if not shot[kind]:
                    snap(page, f"night-{kind}")
                    shot[kind] = True
                page.locator("#confirm").click()
            except Exception:
                pass
        time.sleep(0.2)
    for page, line in ((bob, "I'm the Seer: Ann is a werewolf."), (ann, "No! Bob is lying.")):
        page.fill("#say", line)
        page.click(".say button[type=submit]")
    cat.select_option("#say-to", "0")
    cat.fill("#say", "Ann, I trust you.")
    cat.click(".say button[type=submit]")
    time.sleep(0.3)
    bob.select_option("#note-0", "werewolf")
    snap(bob, "day")
    ann.click("#end-day")
    for page in pages:
        page.wait_for_selector("main.screen.vote")
    ann.locator("button.tile:enabled").first.click()
    bob.locator("button.tile:enabled").first.click()
    time.sleep(0.3)
    snap(bob, "vote")
    cat.locator("button.tile:enabled").first.click()
    for page in pages:
        page.wait_for_selector("main.screen.end")
    snap(cat, "result")
    for _ in range(3):
        if cat.locator("#step-next:enabled").count():
            cat.click("#step-next")
    cat.locator("#replay-h").scroll_into_view_if_needed()
    cat.evaluate("document.getElementById('replay-h').scrollIntoView()")
    snap(cat, "replay")
    return shot["action"] and shot["waiting"]


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "all")
    print(f"wrote {OUT}/client-*.png")
