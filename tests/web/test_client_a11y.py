"""Accessibility: axe-core finds no serious or critical violation on any screen — the
home page, the lobby, the deal, the night, the day, the vote, the result, the replay, the
TV and the table narrator — in English, French and Japanese, at the phone's size.

axe-core is the project's npm dev dependency (``npm ci`` installs it); it is run in the
page with ``page.evaluate`` (not a script tag, which the content policy would refuse)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.conftest import Server

from .client_helpers import (
    DECK3,
    FAST,
    Player,
    check_problems,
    create_room,
    join_by_link,
    open_player,
    run_game,
    set_deck,
    set_timers,
)
from .conftest import SPEECH_STUB
from .table_helpers import set_timing

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")

pytestmark = pytest.mark.skipif(not AXE.exists(), reason="axe-core missing: run npm ci")


def axe(page: Any, where: str) -> list[str]:
    """The serious and critical violations on the page now, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    found = page.evaluate("axe.run(document).then((r) => r.violations)")
    return [
        f"{where}: {v['id']} ({v['impact']}): {n['target']} {n.get('failureSummary', '')[:160]}"
        for v in found
        if v["impact"] in SERIOUS
        for n in v["nodes"]
    ]


LOCALES = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}


def in_language(page: Any, lang: str) -> None:
    """Switch the page's language with the header's picker, as a player does."""
    page.select_option("#lang", lang)
    page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => r(null)))")


def test_client_every_screen_of_a_game_has_no_serious_violation(
    browser: Any, server: Server
) -> None:
    """One game, three phones: ann's in English, bob's in French, cy's in Japanese. Each
    seat's own card and night are checked in its language; the host's screens (the
    lobby's settings, the deal, the vote, the result) in all three, by the picker."""
    langs = list(LOCALES)
    names = ["ann", "bob", "cy"]
    players = [open_player(browser, n, LOCALES[lang]) for n, lang in zip(names, langs, strict=True)]
    found: list[str] = []

    def snap(p: Player, phase: str) -> None:
        if p is not players[0]:
            if phase in ("night", "day"):  # each seat's own card and night
                found.extend(axe(p.page, f"{p.name} {phase}"))
            return
        for lang in ("fr", "ja", "en"):  # ends where it began
            in_language(p.page, lang)
            found.extend(axe(p.page, f"{lang} {phase} {p.name}"))

    try:
        for p, lang in zip(players, langs, strict=True):
            home = p.context.new_page()
            home.goto(f"{server.http}/")
            found += axe(home, f"{lang} home")
            home.close()
        code = create_room(players[0], server.http)
        for p in players[1:]:
            join_by_link(p, f"{server.http}/r/{code}")
        players[0].page.wait_for_selector(f"#players li:nth-child({len(names)})")
        set_deck(players[0], DECK3)
        set_timers(players[0], FAST)
        run_game(players, snap=snap)
        for p, lang in zip(players, langs, strict=True):
            for where in ("tv", "replay"):
                other = p.context.new_page()
                other.goto(f"{server.http}/r/{code}/{where}")
                other.wait_for_selector(".screen")
                found += axe(other, f"{lang} {where} end")
                other.close()
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_table_narrator_screens_have_no_serious_violation(
    page: Any, problems: Any, server: Server, lang: str
) -> None:
    # the narrator's voice stubbed; the clock is the real one (axe waits on timers)
    page.add_init_script(path=str(SPEECH_STUB))
    page.goto(f"{server.http}/table")
    page.wait_for_selector("#start:enabled")
    set_timing(page, 10, 2, 60, lang)
    found = axe(page, f"table setup {lang}")
    page.click("#start")
    page.wait_for_function("() => document.body.dataset.screen === 'night'")
    # A call under way: its "Call 1 of 9" is on the screen (dim, and still readable).
    page.wait_for_function("() => document.getElementById('night-progress').textContent")
    found += axe(page, f"table night {lang}")
    assert not found, "\n".join(found)
