"""Screenshots of the browser client (docs/screenshots/client-*.png) at 360×740 and
1280×800.

- ``game`` (English: every screen, ``client-NAME-WIDTH.png``; French and Japanese the
  game's screens, ``client-NAME-LANG-WIDTH.png``): home, lobby, card reveal, night action,
  night waiting, the Insomniac's turn, day (with your card held up), vote, result, replay;
  two 3-player games, the first game's talk above the second game's separator.
- ``lobby`` (en, fr, ja): the lobby's bots, a room link that leads nowhere, a link opened
  during a game, the notes of a game (a player away, a newcomer waiting), the host passed
  on to the newcomer (``host-passed``) and a replay link during a game.

Usage: .venv/bin/python scripts/screenshots_client.py [all|game|lobby] [en fr ja]  (needs
Debian's chromium and, for Japanese, a CJK font such as ``fonts-noto-cjk``). Starts its
own server on a free port with a throwaway database.
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
#: Two Seer cards, the Doppelgänger and the Insomniac: the wake order's turns by name.
DECK = {"doppelganger": 1, "werewolf": 1, "seer": 2, "robber": 1, "insomniac": 1}
LOCALES = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}
#: What the other languages show: the screens of a game.
GAME_SHOTS = {"night-action", "night-waiting", "night-learn", "day", "day-card", "vote", "reveal"}
NAMES = ["Ann", "Bartholomew Maximilian", "Chloé"]
LINES = {
    "en": ["I'm the Seer: Ann is a werewolf.", "No! Bart is lying.", "Ann, I trust you."],
    "fr": ["Je suis la Voyante : Ann est un loup.", "Non ! Bart ment.", "Ann, je te crois."],
    "ja": ["占い師です。Annは人狼でした。", "違う！Bartは嘘をついている。", "Ann、信じてるよ。"],
}


def main(argv: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    which = argv[0] if argv and argv[0] in ("all", "game", "lobby") else "all"
    langs = [a for a in argv if a in LOCALES] or list(LOCALES)
    with throwaway_server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for lang in langs:
            for size in SIZES:
                if which in ("all", "game"):
                    shoot(browser, base, size, lang)
                if which in ("all", "lobby"):
                    shoot_lobby(browser, base, size, lang)
        browser.close()


def shoot_lobby(browser: Any, base: str, size: tuple[int, int], lang: str) -> None:
    """The lobby with bots (the host's "Add a bot"), a wrong link, a link opened during a
    game, that game's notes (a newcomer waits, a player is away) and its replay link."""
    w, h = size

    def page_of() -> Any:
        ctx = browser.new_context(viewport={"width": w, "height": h}, locale=LOCALES[lang])
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
    for k, level in enumerate(("reasoner", "random"), 1):
        ann.check(f"#bot-{level}")
        ann.click("#add-bot")
        ann.wait_for_selector(f"#players li.bot:nth-of-type({k + 2})")
    ann.check("#bot-basic")
    ann.click("#deck-change")
    for field, value in (("turn", 3), ("jitter", 0), ("day", 600), ("vote", 600), ("grace", 1)):
        ann.fill(f"#set-{field}", str(value))
        ann.dispatch_event(f"#set-{field}", "change")
        time.sleep(0.2)
    # In one step: a room frame that comes meanwhile redraws the lobby (a locator's
    # scroll then meets a detached element).
    ann.wait_for_selector("#players-h")
    ann.evaluate("document.getElementById('players-h').scrollIntoView()")
    snap(ann, "lobby-bots")
    cat.goto(f"{base}/r/QQ")
    cat.wait_for_selector("#no-room")
    snap(cat, "link-no-room")
    ann.click("#start")
    ann.wait_for_selector("main.screen.night")
    cat.goto(f"{base}/r/{code}")
    cat.wait_for_selector("#under-way")
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
    # The host's phone goes dark too: after the grace, Chloé (present, seated longest
    # of those here) is the host, and reads it.
    ann.context.close()
    cat.wait_for_selector("#host-note", timeout=20_000)
    snap(cat, "host-passed")
    for page in (cat, eve):
        page.context.close()


def shoot(browser: Any, base: str, size: tuple[int, int], lang: str) -> None:
    w, h = size
    pages = []
    for _ in range(3):
        ctx = browser.new_context(viewport={"width": w, "height": h}, locale=LOCALES[lang])
        pages.append(ctx.new_page())
    ann, bob, cat = pages

    def snap(page: Any, name: str) -> None:
        if lang != "en" and name not in GAME_SHOTS:
            return
        time.sleep(0.5)  # transitions
        tail = f"{w}" if lang == "en" else f"{lang}-{w}"
        page.screenshot(path=str(OUT / f"client-{name}-{tail}.png"))

    ann.goto(f"{base}/")
    ann.fill("#create-name", NAMES[0])
    snap(ann, "home")
    ann.click("#create")
    ann.wait_for_selector(".screen.lobby")
    code = re.findall(r"[A-Z]{5}", ann.url)[-1]
    for page, name in ((bob, NAMES[1]), (cat, NAMES[2])):
        page.goto(f"{base}/r/{code}")
        page.fill("#name", name)
        page.click("#join")
        page.wait_for_selector(".screen.lobby")
    ann.click("#deck-change")  # the deck and the timers open under "Change"
    for row in ann.locator("li.pick").all():
        want = DECK.get(row.get_attribute("data-role") or "", 0)
        while (have := int(row.locator("output").text_content() or "0")) != want:
            row.locator(f'button[data-step="{1 if want > have else -1}"]').click()
            ann.wait_for_function(
                "([r, n]) => document.querySelector(`li.pick[data-role=${r}] output`)"
                "?.textContent !== String(n)",
                arg=[row.get_attribute("data-role"), have],
            )
    for field, value in (("turn", 4), ("jitter", 0), ("day", 600), ("vote", 600)):
        ann.fill(f"#set-{field}", str(value))
        ann.dispatch_event(f"#set-{field}", "change")
        time.sleep(0.2)
    ann.click("#deck-change")
    ann.evaluate("window.scrollTo(0, 0)")
    snap(ann, "lobby")
    shot: dict[str, bool] = {"action": False, "waiting": False, "learn": False}
    for game in range(1, 7):
        if game > 1:
            ann.click("#rematch")
        night(pages, snap, shot, game == 1)
        day(pages, snap, lang, last=game > 1)
        if game > 1 and all(shot.values()):
            break
    for ctx in {page.context for page in pages}:
        ctx.close()


def night(pages: list[Any], snap: Any, shot: dict[str, bool], first: bool) -> None:
    """The deal and the night: every page taps every turn; the night's screens are shot
    the first time they show (a choice, nothing to do, a turn that shows a card)."""
    ann, bob, _ = pages
    if ann.locator("#start").count():
        ann.click("#start")
    for page in pages:
        page.wait_for_selector("main.screen.deal")
    if first:
        card = bob.locator("#mycard")
        box = card.bounding_box()
        bob.mouse.move(box["x"] + 30, box["y"] + 30)
        bob.mouse.down()
        snap(bob, "card")
        bob.mouse.up()
    while not all(page.locator("main.screen.day").count() for page in pages):
        for page in pages:
            if not page.locator("main.screen.night #confirm").count():
                continue
            if page.locator("main[data-tapped]").count():
                continue
            try:
                if page.locator("main.screen.night.idle").count():
                    learn = page.locator(".prompt.learn .rolecard").count() > 0
                    kind = "learn" if learn else "waiting"
                    if not shot[kind]:
                        snap(page, f"night-{kind}")
                        shot[kind] = True
                    page.locator("#prompt").click()  # tap anywhere
                    continue
                for _ in range(3):
                    if page.locator("#confirm:enabled").count():
                        break
                    tiles = page.locator("button.tile:enabled[aria-pressed=false]")
                    (tiles.first if tiles.count() else page.locator("button.bare").first).click()
                if not shot["action"]:
                    snap(page, "night-action")
                    shot["action"] = True
                page.locator("#confirm").click()
            except Exception:
                pass
        time.sleep(0.2)


def day(pages: list[Any], snap: Any, lang: str, last: bool) -> None:
    """Talk, then the vote. The last game's day is shot with the first game's talk above
    its separator, one player ready to vote, and the dealt card held up."""
    ann, bob, cat = pages
    seer, liar, trust = LINES[lang]
    for page, line in ((bob, seer), (ann, liar)):
        page.fill("#say", line)
        page.click(".say button[type=submit]")
    cat.select_option("#say-to", "0")
    cat.fill("#say", trust)
    cat.click(".say button[type=submit]")
    time.sleep(0.3)
    if last:
        cat.click("#ready")
        bob.wait_for_selector("#ready-count:has-text('1')")
        bob.select_option("#note-0", "werewolf")
        bob.evaluate("window.scrollTo(0, 0)")
        snap(bob, "day")
        chip = bob.locator("#card-chip").bounding_box()
        bob.mouse.move(chip["x"] + 10, chip["y"] + 10)
        bob.mouse.down()
        snap(bob, "day-card")
        bob.mouse.up()
    ann.click("#end-day")
    for page in pages:
        page.wait_for_selector("main.screen.vote")
    ann.locator("button.tile:enabled").first.click()
    bob.locator("button.tile:enabled").first.click()
    time.sleep(0.3)
    if last:
        snap(bob, "vote")
    cat.locator("button.tile:enabled").first.click()
    for page in pages:
        page.wait_for_selector("main.screen.end")
    if last:  # the ending's show (views/reveal.js), its cards being turned
        cat.wait_for_selector("#reveal li.reveal-card:nth-of-type(4)")
        snap(cat, "reveal")
    for page in pages:
        if page.locator("#reveal-skip").count():
            page.click("#reveal-skip")
        page.wait_for_selector("main.screen.end:not(.reveal)")
    if not last:
        return
    snap(cat, "result")
    for _ in range(3):
        if cat.locator("#step-next:enabled").count():
            cat.click("#step-next")
    cat.locator("#replay-h").scroll_into_view_if_needed()
    cat.evaluate("document.getElementById('replay-h').scrollIntoView()")
    snap(cat, "replay")


if __name__ == "__main__":
    main(sys.argv[1:])
    print(f"wrote {OUT}/client-*.png")
