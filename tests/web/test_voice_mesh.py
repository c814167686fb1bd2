"""Voice in real Chromium, as players use it: three players, each in a browser process of
its own whose microphone plays its own tone; each listener measures what it hears (an
AnalyserNode on the played remote audio: the FFT peak at each tone) and the audio
packets its connections receive (getStats). docs/voice.md."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from server.conftest import Server
from web.client_helpers import Player, check_problems, phase, play_night, wait_phase
from web.voice_helpers import (
    MICS,
    PACKETS,
    PACKETS_FROM,
    TONES,
    close,
    heard_together,
    member_of,
    voice_table,
    wait_hearing,
    wait_hearing_together,
)

A, B, C = TONES["ann"], TONES["bob"], TONES["cat"]
#: three Chromium processes with live audio: apart from the others (scripts/test.sh runs
#: the serial tests first, with only its niced checks and build beside them), or the two
#: cores cannot carry them
pytestmark = pytest.mark.serial


def everyone(players: list[Player]) -> list[tuple[Player, set[int]]]:
    """ann, bob and cat, each hearing the two others (listened to together)."""
    ann, bob, cat = players
    return [(ann, {B, C}), (bob, {A, C}), (cat, {A, B})]


def test_voice_day_whisper_night_and_reload(
    playwright: Any, server: Server, tmp_path: Path
) -> None:
    _, players = voice_table(playwright, server.http, tmp_path, ["ann", "bob", "cat"])
    ann, bob, cat = players
    try:
        # The lobby: every player hears every other one.
        assert wait_hearing_together(everyone(players)) == [{B, C}, {A, C}, {A, B}]

        # The night (the deal included): nobody hears anything, no audio packet flows,
        # the microphones are released, and no voice panel is shown.
        ann.page.click("#start")
        wait_phase(players, "night")
        before = [p.page.evaluate(PACKETS) for p in players]
        assert heard_together(players, 1000) == [set(), set(), set()]
        time.sleep(1)
        for p, packets in zip(players, before, strict=True):
            assert p.page.locator("#voice").count() == 0
            assert p.page.evaluate(PACKETS) == packets, f"{p.name} receives audio at night"
            live = "[...document.querySelectorAll('#voice-audio audio')].length"
            assert p.page.evaluate(live) == 0
            # The microphone released: every track it got has ended.
            assert set(p.page.evaluate(MICS)) == {"ended"}, f"{p.name} holds the microphone"
        assert all(phase(p) == "night" for p in players)

        # The day: each player hears the two others again, without doing anything.
        play_night(players)
        wait_phase(players, "day")
        assert wait_hearing_together(everyone(players)) == [{B, C}, {A, C}, {A, B}]

        # Ann holds "whisper to bob": bob hears her, cat does not (but still hears bob),
        # and cat is told that ann whispers to bob, her ring pulsing.
        b = member_of(ann, "bob")
        a = member_of(cat, "ann")
        ann.page.locator(f'.vperson[data-member="{b}"]').dispatch_event("pointerdown")
        cat.page.wait_for_selector("#voice-whispers li:has-text('ann is whispering to bob')")
        cat.page.wait_for_selector(f'[data-ring="{a}"].whispering')
        assert wait_hearing(cat, {B}) == {B}
        before = cat.page.evaluate(PACKETS_FROM, a)
        time.sleep(1)
        assert cat.page.evaluate(PACKETS_FROM, a) == before >= 0, "ann's packets reach cat"
        # bob hears both, and ann's ears are not part of the whisper
        assert heard_together([bob, ann]) == [{A, C}, {B, C}]
        # She lets go: cat hears her again.
        ann.page.dispatch_event("body", "pointerup")
        cat.page.wait_for_selector("#voice-whispers", state="detached")
        assert wait_hearing(cat, {A, B}) == {A, B}

        # Bob reloads: the voice comes back by itself, both ways.
        bob.page.reload()
        bob.page.wait_for_selector("main.screen.day")
        assert wait_hearing_together(everyone(players)) == [{B, C}, {A, C}, {A, B}]
        check_problems(players)
    finally:
        close(players)
