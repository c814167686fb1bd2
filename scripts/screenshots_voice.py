"""Screenshots of the day with voice (docs/voice.md) at 360×740 in English, French and
Japanese: cat's page while ann holds a whisper to bob and bob speaks (three Chromium
processes, each microphone a tone). Usage: .venv/bin/python scripts/screenshots_voice.py"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "scripts")]
from chromium import throwaway_server  # noqa: E402

from web.client_helpers import (  # noqa: E402
    DECK3,
    FAST,
    create_room,
    join_by_link,
    play_night,
    set_deck,
    set_timers,
    wait_phase,
)
from web.voice_helpers import TONES, close, launch_player, member_of, tone_wav  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
LOCALES = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}


def shoot(base: str, tmp: Path, lang: str) -> None:
    with sync_playwright() as pw:
        names = ["ann", "bob", "cat"]
        players = [
            launch_player(pw, n, tone_wav(tmp / f"{n}.wav", TONES[n]), LOCALES[lang]) for n in names
        ]
        ann, bob, cat = players
        try:
            code = create_room(ann, base)
            for p in players[1:]:
                join_by_link(p, f"{base}/r/{code}")
            ann.page.wait_for_selector("#players li:nth-child(3)")
            set_deck(ann, DECK3)
            set_timers(ann, FAST)
            bob.page.click("#open-mic")
            ann.page.dispatch_event("#ptt", "pointerdown")  # gets the microphone
            ann.page.dispatch_event("body", "pointerup")
            ann.page.click("#start")
            wait_phase(players, "night")
            play_night(players)
            wait_phase(players, "day")
            b = member_of(ann, "bob")
            time.sleep(4)  # the connections of the day
            ann.page.locator(f'.vperson[data-member="{b}"]').dispatch_event("pointerdown")
            cat.page.wait_for_selector("#voice-whispers li")
            time.sleep(1.5)
            cat.page.screenshot(path=str(OUT / f"client-day-voice-{lang}-360.png"))
        finally:
            close(players)


def main() -> None:
    with throwaway_server() as base, tempfile.TemporaryDirectory() as tmp:
        for lang in LOCALES:
            shoot(base, Path(tmp), lang)
            print(f"docs/screenshots/client-day-voice-{lang}-360.png")


if __name__ == "__main__":
    main()
