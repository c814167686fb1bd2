"""Screenshots of the voice (docs/voice.md) at 360×740 in English, French and Japanese.

- ``day``: cat's page while ann holds a whisper to bob and bob speaks (three Chromium
  processes, each microphone a tone): ``client-day-voice-LANG-360.png``;
- ``lobby``: the host's toggle "Spectators hear the players' voices"
  (``client-lobby-voice-host-LANG-360.png``) and a player with no microphone: the line
  "No microphone: you can listen and type", and the host's setting as he reads it
  (``client-lobby-voice-nomic-LANG-360.png``); a player who dismissed the microphone's
  prompt: "Microphone refused", and "Try again" beside it
  (``client-lobby-voice-refused-LANG-360.png``). One Chromium process.

Usage: .venv/bin/python scripts/screenshots_voice.py [all|day|lobby] [en fr ja]"""

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
from web.voice_helpers import (  # noqa: E402
    NO_MICROPHONE,
    TONES,
    close,
    dismissed_prompt,
    fake_mic_browser,
    launch_player,
    member_of,
    tone_wav,
    voice_player,
)

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


def shoot_lobby(base: str, lang: str) -> None:
    """The host's toggle (on), and a player with no microphone reading it."""
    with sync_playwright() as pw:
        browser = fake_mic_browser(pw)
        try:
            ann, bob = (
                voice_player(browser, "ann", LOCALES[lang]),
                voice_player(browser, "bob", LOCALES[lang]),
            )
            cat = voice_player(browser, "cat", LOCALES[lang])
            bob.context.add_init_script(NO_MICROPHONE)
            cat.context.add_init_script(dismissed_prompt(1))
            code = create_room(ann, base)
            join_by_link(bob, f"{base}/r/{code}")
            join_by_link(cat, f"{base}/r/{code}")
            cat.page.click("#open-mic")
            cat.page.wait_for_selector("#mic-retry")
            ann.page.click("#open-mic")
            ann.page.click("#set-spectators-hear")
            ann.page.wait_for_selector("#set-spectators-hear:checked")
            bob.page.wait_for_selector("#mic-line")
            time.sleep(1.5)  # the connection of the voice: its rings
            ann.page.locator("#spectators-hear").evaluate(
                "(el) => el.scrollIntoView({block: 'center'})"
            )
            ann.page.screenshot(path=str(OUT / f"client-lobby-voice-host-{lang}-360.png"))
            bob.page.locator("#spectators-hear").evaluate(
                "(el) => el.scrollIntoView({block: 'start'})"
            )
            bob.page.screenshot(path=str(OUT / f"client-lobby-voice-nomic-{lang}-360.png"))
            cat.page.locator("#voice").evaluate("(el) => el.scrollIntoView({block: 'start'})")
            cat.page.screenshot(path=str(OUT / f"client-lobby-voice-refused-{lang}-360.png"))
        finally:
            browser.close()


def main(argv: list[str]) -> None:
    which = argv[0] if argv and argv[0] in ("all", "day", "lobby") else "all"
    langs = [a for a in argv if a in LOCALES] or list(LOCALES)
    with throwaway_server() as base, tempfile.TemporaryDirectory() as tmp:
        for lang in langs:
            if which in ("all", "day"):
                shoot(base, Path(tmp), lang)
                print(f"docs/screenshots/client-day-voice-{lang}-360.png")
            if which in ("all", "lobby"):
                shoot_lobby(base, lang)
                print(f"docs/screenshots/client-lobby-voice-{{host,nomic,refused}}-{lang}-360.png")


if __name__ == "__main__":
    main(sys.argv[1:])
