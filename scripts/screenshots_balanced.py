"""Screenshots of the host's balanced decks in the lobby (docs/screenshots/), from the
shipped table (or the one ``ONENIGHT_BALANCE_TABLE`` names): ``lobby-balanced`` for the
ultimate edition at 5 players, and ``lobby-balanced-closest`` for the first table size
where no deck's interval holds 50% (the lobby then says so, with the closest rate; none
taken when every size has an even deck), at 360×740 and 1280×800 in en, fr and ja:
``client-NAME-LANG-WIDTH.png``.

Usage: .venv/bin/python scripts/screenshots_balanced.py [en fr ja] (needs Debian's
chromium and, for Japanese, a CJK font). Starts its own server.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import CHROMIUM_ARGS as ARGS
from chromium import throwaway_server

from onenight.bots import balance

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
LOCALES = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}
NAMES = ["Ann", "Bartholomew", "Chloé", "Dmitri", "Eve", "Fumiko", "Gus", "Hana", "Ivo"]


def closest_only() -> tuple[str, int] | None:
    """The first table size none of whose shown decks is even."""
    for edition, players in balance.sizes():
        rows = balance.lookup(edition, players, 3)
        if rows and not any(balance.even(r) for r in rows):
            return edition, players
    return None


def shoot(
    browser: Any, base: str, size: tuple[int, int], lang: str, table: tuple[str, int], name: str
) -> None:
    edition, players = table
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=LOCALES[lang])
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{base}/")
    page.fill("#create-name", NAMES[0])
    page.click("#create")
    page.wait_for_selector(".screen.lobby")
    code = page.url.rstrip("/").split("/")[-1]
    for i in range(1, players):
        httpx.post(f"{base}/api/rooms/{code}/members", json={"name": NAMES[i]})
    page.wait_for_selector(f"#players li:nth-child({players})")
    if edition != "ultimate":
        page.select_option("#edition", edition)
    page.click("#deck-change")
    page.wait_for_selector("#balanced-0")
    page.locator("#balanced").evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.evaluate("window.scrollBy(0, -70)")  # the deck's heading above it
    time.sleep(0.4)
    page.screenshot(path=str(OUT / f"client-{name}-{lang}-{size[0]}.png"))
    ctx.close()


def main(argv: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    langs = [a for a in argv if a in LOCALES] or list(LOCALES)
    shots = [(("ultimate", 5), "lobby-balanced")]
    other = closest_only()
    if other is None:
        print("every table size has a deck whose interval holds 50%: no lobby-balanced-closest")
    else:
        print(f"lobby-balanced-closest: {other[0]}, {other[1]} players")
        shots.append((other, "lobby-balanced-closest"))
    # Twelve rooms and their members from one address in a minute: above the server's
    # default rates for creating and joining, which would refuse the later shots.
    os.environ.setdefault("ONENIGHT_CREATES_PER_MINUTE", "600")
    os.environ.setdefault("ONENIGHT_JOINS_PER_MINUTE", "600")
    with throwaway_server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for lang in langs:
            for table, name in shots:
                for size in ((360, 740), (1280, 800)):
                    shoot(browser, base, size, lang, table, name)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
