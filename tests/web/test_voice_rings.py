"""The speaking rings before anyone has touched the page (docs/voice.md, "Controls"):
under Chromium's default autoplay policy an AudioContext stays suspended until the page
gets a tap, yet the rings of the others move from the audio level their packets carry.

Two players, each in a Chromium process of its own with the default policy; ann's
microphone plays a tone. Playwright's own calls on a page (evaluate, locators' waits)
count as gestures, so both pages are opened afresh on the room's address (the saved seat
brings each back in, ann's open mic too) and watched from the inside, by an init script
that reports every change of a ring on the console."""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import Any

from server.conftest import Server
from web.client_helpers import Player, check_problems, create_room, join_by_link
from web.conftest import watch
from web.voice_helpers import TONES, close, fake_mic_browser, tone_wav, voice_player

#: In the page, without Playwright: each time a ring starts or stops showing speech, say
#: so on the console (the name under it, and whether the page has had a gesture yet).
RINGS = """
(() => {
  const last = {};
  setInterval(() => {
    for (const ring of document.querySelectorAll(".vperson [data-ring]")) {
      const name = ring.closest(".vperson").querySelector(".vname").textContent;
      const speaking = ring.classList.contains("speaking");
      if (last[name] === speaking) continue;
      last[name] = speaking;
      console.info("ring-test " + JSON.stringify({ name, speaking,
        active: navigator.userActivation.hasBeenActive }));
    }
  }, 50);
})();
"""


def reopen(p: Player, url: str) -> tuple[Player, list[dict[str, Any]]]:
    """The player's phone opens the room again, untouched, watched by ``RINGS``: the
    player, and the list its ring reports arrive in."""
    p.page.close()
    p.context.add_init_script(RINGS)
    page = p.context.new_page()
    page.set_default_timeout(20_000)
    reports: list[dict[str, Any]] = []

    def on_console(msg: Any) -> None:
        if msg.text.startswith("ring-test "):
            reports.append(json.loads(msg.text.removeprefix("ring-test ")))

    page.on("console", on_console)
    p = dataclasses.replace(p, page=page, problems=watch(page))
    page.goto(url)
    return p, reports


def wait_ring(
    reports: list[dict[str, Any]], name: str, speaking: bool, pump: Player, timeout: float = 30
) -> dict[str, Any]:
    """Wait for a report that ``name``'s ring shows (or stops showing) speech. ``pump``:
    a page of another browser, whose waits let the reports in without touching the page
    watched."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for r in reports:
            if r["name"] == name and r["speaking"] is speaking:
                return r
        pump.page.wait_for_timeout(100)
    raise AssertionError(f"{name}'s ring: no speaking={speaking} in {reports}")


def test_voice_rings_move_before_the_first_tap(
    playwright: Any, server: Server, tmp_path: Path
) -> None:
    wav = tone_wav(tmp_path / "ann.wav", TONES["ann"])
    ann = voice_player(fake_mic_browser(playwright, wav, autoplay=None), "ann")
    bob = voice_player(fake_mic_browser(playwright, autoplay=None), "bob")
    players = [ann, bob]
    try:
        code = create_room(ann, server.http)
        join_by_link(bob, f"{server.http}/r/{code}")
        ann.page.click("#open-mic")
        ann.page.wait_for_selector("#open-mic[aria-pressed=true]")
        url = f"{server.http}/r/{code}"

        # Ann's page opens afresh: her open mic comes back, and her own ring moves.
        ann, mine = reopen(ann, url)
        players[0] = ann
        seen = wait_ring(mine, "ann (you)", True, bob)
        assert seen["active"] is False

        # Bob's page opens afresh, and nobody touches it: ann's ring moves there too.
        bob, reports = reopen(bob, url)
        players[1] = bob
        seen = wait_ring(reports, "ann", True, ann)
        assert seen["active"] is False
        assert not any(r["name"] == "bob (you)" and r["speaking"] for r in reports)

        # Ann mutes: her ring stops on bob's page and on hers, and stays still.
        reports.clear()
        mine.clear()
        ann.page.click("#mute")
        wait_ring(reports, "ann", False, ann)
        wait_ring(mine, "ann (you)", False, bob)
        ann.page.wait_for_timeout(500)  # what was already on its way
        assert [r["speaking"] for r in reports if r["name"] == "ann"][-1] is False
        reports.clear()
        ann.page.wait_for_timeout(1500)
        assert not any(r["name"] == "ann" and r["speaking"] for r in reports), reports

        # She speaks again: it moves again, bob's page still untouched.
        ann.page.click("#mute")
        seen = wait_ring(reports, "ann", True, ann)
        assert seen["active"] is False
        check_problems(players)
    finally:
        close(players)
