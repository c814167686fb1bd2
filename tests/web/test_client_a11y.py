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

from .client_helpers import Player, check_problems, run_game, seat_room
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


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_client_every_screen_of_a_game_has_no_serious_violation(
    browser: Any, server: Server, lang: str
) -> None:
    code, players = seat_room(browser, server.http, ["ann", "bob", "cy"], LOCALES[lang])
    found: list[str] = []
    home = players[0].context.new_page()
    home.goto(f"{server.http}/")
    found += axe(home, f"{lang} home")
    home.close()

    def snap(p: Player, phase: str) -> None:
        if p is players[0] or phase in ("night", "day"):  # each seat's own card and night
            found.extend(axe(p.page, f"{lang} {phase} {p.name}"))

    try:
        tv = players[0].context.new_page()
        tv.goto(f"{server.http}/r/{code}/tv")
        tv.wait_for_selector(".screen")
        run_game(players, snap=snap)
        found += axe(tv, f"{lang} tv end")
        tv.close()
        replay = players[1].context.new_page()
        replay.goto(f"{server.http}/r/{code}/replay")
        replay.wait_for_selector(".screen")
        found += axe(replay, f"{lang} replay")
        replay.close()
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
    page.wait_for_function("document.body.dataset.screen === 'night'")
    found += axe(page, f"table night {lang}")
    assert not found, "\n".join(found)
