"""Screenshots of issue 22's screens (docs/screenshots/): the TV view at 1920×1080
(``tv-lobby``, ``tv-night``, ``tv-day`` with the players' claims made from their phones,
``tv-vote``, ``tv-reveal``: the ending's show under way, ``tv-end``), the host's lobby at
360×740 and 1280×800 (``lobby-host``, its first screen), a refusal in the page's
language (``refusal``) and the how-to-play page (``howto``), in en, fr and ja:
``client-NAME-LANG-WIDTH.png``.

Usage: .venv/bin/python scripts/screenshots_tv.py [tv|lobby|howto|all] [en fr ja]
(needs Debian's chromium and, for Japanese, a CJK font). Starts its own server.
"""

from __future__ import annotations

import contextlib
import re
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import CHROMIUM_ARGS as ARGS
from chromium import throwaway_server

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
LOCALES = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}
NAMES = ["Ann", "Bartholomew", "Chloé", "Dmitri", "Eve"]
DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 2, "insomniac": 1}


def main(argv: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    which = next((a for a in argv if a in ("tv", "lobby", "howto", "all")), "all")
    langs = [a for a in argv if a in LOCALES] or list(LOCALES)
    with throwaway_server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for lang in langs:
            if which in ("all", "lobby"):
                for size in ((360, 740), (1280, 800)):
                    shoot_lobby(browser, base, size, lang)
            if which in ("all", "howto"):
                for size in ((360, 740), (1280, 800)):
                    shoot_howto(browser, base, size, lang)
            if which in ("all", "tv"):
                shoot_tv(browser, base, lang)
        browser.close()


def new_page(browser: Any, size: tuple[int, int], lang: str) -> Any:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=LOCALES[lang])
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    return page


def snap(page: Any, name: str, lang: str) -> None:
    time.sleep(0.4)
    width = page.viewport_size["width"]
    page.screenshot(path=str(OUT / f"client-{name}-{lang}-{width}.png"))


def create(page: Any, base: str, name: str) -> str:
    page.goto(f"{base}/")
    page.fill("#create-name", name)
    page.click("#create")
    page.wait_for_selector(".screen.lobby")
    return re.findall(r"[A-Z]{5}", page.url)[-1]


def shoot_lobby(browser: Any, base: str, size: tuple[int, int], lang: str) -> None:
    """The host's first screen with 8 seats, then a name taken (the refusal)."""
    host = new_page(browser, size, lang)
    code = create(host, base, NAMES[0])
    for i in range(7):
        httpx.post(f"{base}/api/rooms/{code}/members", json={"name": f"{NAMES[i % 5]}{i}"})
    host.wait_for_selector("#players li:nth-child(8)")
    host.evaluate("window.scrollTo(0, 0)")
    snap(host, "lobby-host", lang)
    guest = new_page(browser, size, lang)
    guest.goto(f"{base}/r/{code}")
    guest.fill("#name", NAMES[0])
    guest.click("#join")
    guest.wait_for_selector("#error")
    snap(guest, "refusal", lang)
    host.context.close()
    guest.context.close()


def shoot_howto(browser: Any, base: str, size: tuple[int, int], lang: str) -> None:
    page = new_page(browser, size, lang)
    page.goto(f"{base}/")
    page.click("#howto-link")
    page.wait_for_selector("#howto")
    snap(page, "howto", lang)
    page.context.close()


def tap(page: Any) -> None:
    """This page's tap for the turn now (a choice when called, else a tap anywhere)."""
    if page.locator("main.screen.night.idle #prompt").count():
        page.locator("#prompt").click(timeout=500)
        return
    if not page.locator("#confirm").count() or page.locator("main[data-tapped]").count():
        return
    tiles = page.locator("button.tile:enabled[aria-pressed=false]")
    for _ in range(3):
        if page.locator("#confirm:enabled").count() or not tiles.count():
            break
        tiles.first.click(timeout=500)
    bare = page.locator("button.bare:enabled")
    if not page.locator("#confirm:enabled").count() and bare.count():
        bare.first.click(timeout=500)
    page.locator("#confirm").click(timeout=500)


def claim(page: Any, role: str, kind: str | None, taps: list[tuple[str, str]]) -> None:
    """A claim from a phone's taps: "I was the…", the role, what its night showed (None:
    the composer's first choice), each card on the table and the card it showed."""
    page.click("#claim-role")
    page.click(f"#claim-role-pick [data-role={role}]")
    if kind:
        page.click(f"#claim-kind-pick [data-kind={kind}]")
    for target, card in taps:
        page.click(f"#tile-{target}")
        if card:
            page.click(f"#claim-card-pick [data-role={card}]")
    page.click("#claim-say")
    page.wait_for_selector("#claim-role-pick", state="detached")


def shoot_tv(browser: Any, base: str, lang: str) -> None:
    """A 5-player game watched by a TV: each phase as the TV shows it."""
    pages = [new_page(browser, (360, 740), lang) for _ in NAMES]
    code = create(pages[0], base, NAMES[0])
    for page, name in zip(pages[1:], NAMES[1:], strict=True):
        page.goto(f"{base}/r/{code}")
        page.fill("#name", name)
        page.click("#join")
        page.wait_for_selector(".screen.lobby")
    host = pages[0]
    host.click("#deck-change")
    for row in host.locator("li.pick").all():
        role = row.get_attribute("data-role") or ""
        want = DECK.get(role, 0)
        while (have := int(row.locator("output").text_content() or "0")) != want:
            row.locator(f'button[data-step="{1 if want > have else -1}"]').click()
            host.wait_for_function(
                "([r, n]) => document.querySelector(`li.pick[data-role=${r}] output`)"
                "?.textContent !== String(n)",
                arg=[role, have],
            )
    for field, value in (("turn", 4), ("jitter", 0), ("day", 600), ("vote", 600)):
        host.fill(f"#set-{field}", str(value))
        host.dispatch_event(f"#set-{field}", "change")
        time.sleep(0.2)
    tv = new_page(browser, (1920, 1080), lang)
    tv.goto(f"{base}/r/{code}/tv")
    tv.wait_for_selector("#tv-code")
    snap(tv, "tv-lobby", lang)
    host.click("#start")
    tv.wait_for_selector("main.tv-night nav.wake li.now", timeout=60_000)
    snap(tv, "tv-night", lang)
    deadline = time.monotonic() + 120
    while not tv.locator("main.tv-day").count() and time.monotonic() < deadline:
        for page in pages:
            # A turn that ends as the page taps redraws it: the next turn is tapped next.
            with contextlib.suppress(Exception):
                tap(page)
        time.sleep(0.1)
    tv.wait_for_selector("main.tv-day")
    # The day's claims, from the phones: the TV shows each seat's as it stands.
    ann, bart, chloe, dmitri, eve = pages
    claim(ann, "seer", None, [("1", "werewolf")])
    claim(bart, "troublemaker", None, [("2", ""), ("3", "")])
    claim(chloe, "villager", None, [])
    claim(dmitri, "insomniac", None, [("3", "robber")])
    eve.click("#claim-think")
    eve.click("#tile-0")
    eve.click("#claim-card-pick [data-role=werewolf]")
    eve.click("#claim-say")
    tv.wait_for_function("() => document.querySelectorAll('#tv-claims > ul > li').length >= 5")
    snap(tv, "tv-day", lang)
    host.click("#end-day")
    tv.wait_for_selector("main.tv-vote")
    for page in pages[:3]:
        page.locator("button.tile:enabled").first.click()
    time.sleep(0.5)
    snap(tv, "tv-vote", lang)
    for page in pages[3:]:
        page.locator("button.tile:enabled").first.click()
    # The ending as a show (views/reveal.js), then the result on one screen.
    tv.wait_for_selector("main.tv-reveal li.reveal-card:nth-of-type(5)", timeout=30_000)
    snap(tv, "tv-reveal", lang)
    tv.wait_for_selector("main.tv-end:not(.tv-reveal)", timeout=60_000)
    snap(tv, "tv-end", lang)
    for page in [*pages, tv]:
        page.context.close()


if __name__ == "__main__":
    main(sys.argv[1:])
