"""Screenshots of the day with claims and of the result's team verdict (issue 22, points 3
and 11) at 360×740 and 1280×800 in English, French and Japanese: cat's page after ann
claimed the Seer (two center cards), bob the Troublemaker (a swap) and cat her suspicion, with cat
composing a claim; then the result. ``tanner`` (``client-day-claims-tanner-LANG``): a
second game where ann claimed the Apprentice Tanner (she saw the Tanner, cat) and bob the
Alpha Wolf (the center wolf card swapped with ann's), with cat composing the Alpha Wolf's
swap. ``nobody`` (``client-day-claims-nobody-LANG``): ann said "I think nobody is a
Werewolf" and cat composes it too. Usage: .venv/bin/python scripts/screenshots_claims.py
[all|verdict|tanner|nobody]"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "scripts")]
from chromium import CHROMIUM_ARGS, throwaway_server  # noqa: E402

from web.client_helpers import (  # noqa: E402
    DECK3,
    Player,
    play_night,
    seat_room,
    vote_all,
    wait_phase,
)
from web.test_client_a11y import axe  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
LOCALES = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}
NAMES = {
    "en": ["ann", "bob", "cat"],
    "fr": ["Anne", "Bruno", "Chloé"],
    "ja": ["あん", "ぼぶ", "ちえ"],
}
WIDE = {"width": 1280, "height": 800}
NARROW = {"width": 360, "height": 740}


def claim(p: Player, role: str, taps: list[tuple[str, str]]) -> None:
    """A claim from taps: the role, then each target with the card seen ("" for none)."""
    p.page.click("#claim-role")
    p.page.click(f"#claim-role-pick [data-role={role}]")
    for target, card in taps:
        p.page.click(f"#tile-{target}")
        if card:
            p.page.click(f"#claim-card-pick [data-role={card}]")
    p.page.click("#claim-say")


def through_the_night(players: list[Player]) -> None:
    """The host starts the game; every page taps through the night; the day opens."""
    players[0].page.click("#start")
    wait_phase(players, "deal")
    play_night(players)
    wait_phase(players, "day")


def shots(p: Player, name: str, at: str | None) -> None:
    for size, vp in (("360", NARROW), ("1280", WIDE)):
        p.page.set_viewport_size(vp)
        time.sleep(0.3)
        if at and size == "360":
            top = p.page.locator(at).evaluate("(el) => el.getBoundingClientRect().top")
            p.page.evaluate("(y) => window.scrollTo(0, y)", top + p.page.evaluate("scrollY") - 8)
        else:
            p.page.evaluate("window.scrollTo(0, 0)")
        time.sleep(0.2)
        p.page.screenshot(path=str(OUT / f"{name}-{size}.png"))
        print(f"docs/screenshots/{name}-{size}.png")
    p.page.set_viewport_size(NARROW)


def shoot(browser: Any, base: str, lang: str) -> None:
    _, players = seat_room(browser, base, NAMES[lang], LOCALES[lang], DECK3)
    ann, bob, cat = players
    try:
        through_the_night(players)
        claim(ann, "seer", [("center-0", "villager"), ("center-1", "werewolf")])
        claim(bob, "troublemaker", [("0", ""), ("2", "")])
        cat.page.click("#claim-think")
        cat.page.click("#tile-1")
        cat.page.click("#claim-card-pick [data-role=werewolf]")
        cat.page.click("#claim-say")
        cat.page.wait_for_function("() => document.querySelectorAll('.talk li.claim').length >= 5")
        # cat starts her own claim: the Robber, bob's card.
        cat.page.click("#claim-role")
        cat.page.click("#claim-role-pick [data-role=robber]")
        cat.page.click("#tile-1")
        shots(cat, f"client-day-claims-{lang}", ".table")
        shots(cat, f"client-day-claims-talk-{lang}", ".talk")
        ann.page.click("#end-day")
        wait_phase(players, "vote")
        vote_all(players)
        wait_phase(players, "end")
        time.sleep(0.5)
        shots(cat, f"client-result-verdict-{lang}", None)
        # The whole result at 360 px, to look for a word broken mid-word (not kept).
        cat.page.screenshot(path=f"/tmp/claims-result-{lang}-full.png", full_page=True)
    finally:
        for p in players:
            p.context.close()


#: The second game's deck: the Apprentice Tanner's night and the Alpha Wolf's to claim.
TANNER_DECK = {"alpha_wolf": 1, "apprentice_tanner": 1, "tanner": 1, "seer": 1, "villager": 2}


def shoot_tanner(browser: Any, base: str, lang: str) -> None:
    _, players = seat_room(browser, base, NAMES[lang], LOCALES[lang], TANNER_DECK)
    ann, bob, cat = players
    try:
        through_the_night(players)
        claim(ann, "apprentice_tanner", [("2", "")])
        bob.page.click("#claim-role")
        bob.page.click("#claim-role-pick [data-role=alpha_wolf]")
        bob.page.click("#claim-kind-pick [data-kind=alpha]")
        bob.page.click("#tile-0")
        bob.page.click("#claim-say")
        cat.page.wait_for_function("() => document.querySelectorAll('.talk li.claim').length >= 4")
        # cat starts her own claim: the Alpha Wolf too, the wolf card to bob.
        cat.page.click("#claim-role")
        cat.page.click("#claim-role-pick [data-role=alpha_wolf]")
        cat.page.click("#claim-kind-pick [data-kind=alpha]")
        cat.page.click("#tile-1")
        shots(cat, f"client-day-claims-tanner-{lang}", "#claims")
        shots(cat, f"client-day-claims-tanner-talk-{lang}", ".talk")
    finally:
        for p in players:
            p.context.close()


def shoot_nobody(browser: Any, base: str, lang: str) -> None:
    """ann says "I think nobody is a Werewolf"; cat composes the same opinion (pressed,
    its sentence in the preview). The composer is checked by axe-core too (printed)."""
    _, players = seat_room(browser, base, NAMES[lang], LOCALES[lang], DECK3)
    ann, _, cat = players
    try:
        through_the_night(players)
        claim(ann, "seer", [("center-0", "werewolf"), ("center-1", "werewolf")])
        ann.page.wait_for_selector(".talk li.claim >> nth=1")
        ann.page.click("#claim-think")
        ann.page.click("#claim-nobody")
        ann.page.click("#claim-say")
        cat.page.wait_for_function("() => document.querySelectorAll('.talk li.claim').length >= 3")
        cat.page.click("#claim-think")
        cat.page.click("#claim-nobody")
        shots(cat, f"client-day-claims-nobody-{lang}", "#claims")
        shots(cat, f"client-day-claims-nobody-talk-{lang}", ".talk")
        found = axe(cat.page, f"nobody {lang}")
        print("axe:", "\n".join(found) or "no serious finding")
    finally:
        for p in players:
            p.context.close()


def main(argv: list[str]) -> None:
    which = argv[0] if argv and argv[0] in ("all", "verdict", "tanner", "nobody") else "all"
    with throwaway_server() as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for lang in LOCALES:
            if which in ("all", "verdict"):
                shoot(browser, base, lang)
            if which in ("all", "tanner"):
                shoot_tanner(browser, base, lang)
            if which in ("all", "nobody"):
                shoot_nobody(browser, base, lang)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
