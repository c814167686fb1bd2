"""Driving the /table page in tests."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

from onenight.narration import night_script
from onenight.rules.editions import EDITIONS

#: A deck per edition, each with its night order derived by hand from RULES.md §3 (every
#: role in the deck is called; the Doppelgänger's delayed slots come after the originals).
DECKS: dict[str, dict[str, Any]] = {
    "ultimate": {
        "players": 10,
        "deck": [
            "sentinel", "doppelganger", "werewolf", "alpha_wolf", "minion",
            "apprentice_tanner", "seer", "witch", "aura_seer", "insomniac",
            "revealer", "tanner", "drunk",
        ],
        "calls": [
            "sentinel", "doppelganger", "werewolves", "alpha_wolf", "minion",
            "apprentice_tanner", "doppelganger_apprentice_tanner", "seer", "witch",
            "aura_seer", "doppelganger_aura_seer", "drunk", "insomniac",
            "doppelganger_insomniac", "revealer", "doppelganger_revealer",
        ],
    },
    "japanese": {
        "players": 4,
        "deck": ["werewolf", "werewolf", "villager", "villager", "sorcerer", "phantom_thief"],
        "calls": ["sorcerer", "werewolves", "phantom_thief"],
    },
    # workshop: 5 players (8 cards) from 10 enabled cards — the group draws face down.
    "workshop": {
        "players": 5,
        "deck": [
            "doppelganger", "werewolf", "werewolf", "mystic_wolf", "seer",
            "apprentice_seer", "paranormal_investigator", "robber", "troublemaker",
            "insomniac",
        ],
        "calls": [
            "doppelganger", "werewolves", "mystic_wolf", "seer", "apprentice_seer",
            "paranormal_investigator", "robber", "troublemaker", "insomniac",
            "doppelganger_insomniac",
        ],
    },
    "sans-carte": {
        "players": 10,
        "deck": [
            "doppelganger", "werewolf", "mystic_wolf", "little_girl", "mason", "mason",
            "seer", "ghost_hunter", "robber", "troublemaker", "drunk", "insomniac",
            "villager",
        ],
        "calls": [
            "doppelganger", "werewolves", "mystic_wolf", "mason", "seer", "ghost_hunter",
            "robber", "troublemaker", "drunk", "insomniac", "doppelganger_insomniac",
        ],
    },
}  # fmt: skip

START_PAUSE_MS = 3000  # scheduler.js: after "close your eyes"
BETWEEN_CALLS_MS = 2000  # scheduler.js: after a call's close-eyes line
SPEECH_MS = 500  # speech_stub.js: every line takes this long


def open_table(page: Any, base: str) -> None:
    """Load the page and stop its (fake) clock: from here only ``clock.run_for`` moves it."""
    page.goto(f"{base}/table")
    page.wait_for_selector("#start:enabled")
    now_ms = page.evaluate("Date.now()")
    page.clock.pause_at(datetime.fromtimestamp(now_ms / 1000 + 1, tz=UTC))


def set_deck(page: Any, edition: str, players: int, deck: list[str]) -> None:
    """Choose an edition, the players and the deck with the page's own controls."""
    page.select_option("#edition", edition)
    page.wait_for_selector("#start:enabled")  # the edition's suggested deck is in
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    want = Counter(deck)
    for role in EDITIONS[edition].roles:
        row = page.locator(f'li.role[data-role="{role}"]')
        have = int(row.locator("output").text_content() or "0")
        step = "1" if want[role] > have else "-1"
        for _ in range(abs(want[role] - have)):
            row.locator(f'button[data-step="{step}"]').click()
    # Each click disables Start until the deck is checked again.
    page.wait_for_selector("#start:enabled")


def set_timing(page: Any, turn: float, jitter: float, day: float, lang: str = "en") -> None:
    page.select_option("#lang", lang)
    for field, value in (("turn", turn), ("jitter", jitter), ("day", day)):
        page.fill(f"#{field}", str(value))
        page.dispatch_event(f"#{field}", "change")


def expected_lines(edition: str, deck: list[str], lang: str) -> list[str]:
    return night_script(edition, deck, lang).lines()


def night_ms(edition: str, deck: list[str], turn: float, jitter: float) -> float:
    """An upper bound of the night's length with the speech stub."""
    script = night_script(edition, deck, "en")
    per_call = [
        (len(c.wake) + 1) * SPEECH_MS + (turn + jitter) * 1000 + BETWEEN_CALLS_MS
        for c in script.calls
    ]
    return 2 * SPEECH_MS + START_PAUSE_MS + sum(per_call) + 1000
