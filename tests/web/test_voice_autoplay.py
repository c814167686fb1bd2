"""A browser that plays no sound before the player has touched the page (docs/voice.md,
"Controls"): the voices wait, and the page shows "Tap to hear the table" until a tap.

Chromium's ``--autoplay-policy=user-gesture-required`` is such a browser (as Safari and
Firefox can be): a page that has had no click, tap or key refuses ``play()``, WebRTC
audio included. Playwright's clicks are real gestures, and so is each of its
``evaluate`` calls (its locators' waits too), so the listener's page is one opened afresh
on the room's address (the player's saved seat brings it back in) and watched from the
inside, by an init script that reports on the console, until the tap under test."""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Any

from server.conftest import Server
from web.client_helpers import check_problems, create_room, join_by_link
from web.conftest import watch
from web.voice_helpers import fake_mic_browser, voice_player

#: In the page, without Playwright: when the "Tap to hear" button shows, say so on the
#: console with the state of the voices' <audio> elements then.
REPORT = """
new MutationObserver((_, obs) => {
  const button = document.getElementById("unblock");
  if (!button) return;
  obs.disconnect();
  const audio = [...document.querySelectorAll("#voice-audio audio")].map((a) => ({
    member: Number(a.dataset.member), stream: !!a.srcObject, paused: a.paused,
  }));
  console.info("voice-test " + JSON.stringify({ text: button.textContent, audio,
    active: navigator.userActivation.hasBeenActive }));
}).observe(document, { childList: true, subtree: true });
// After the player's first tap: each voice that comes then says on the console when it
// plays ("voice-test-playing MEMBER"), and the "Tap to hear" button, should it come back
// once gone, says so ("voice-test-again").
let tapped = false, gone = false;
addEventListener("pointerup", () => { tapped = true; }, true);
new MutationObserver(() => {
  if (!tapped) return;
  for (const a of document.querySelectorAll("#voice-audio audio:not([data-seen])")) {
    a.dataset.seen = "1";
    a.addEventListener("playing", () => console.info("voice-test-playing " + a.dataset.member));
  }
  const button = document.getElementById("unblock");
  if (!button) gone = true;
  else if (gone) console.info("voice-test-again");
}).observe(document, { childList: true, subtree: true });
"""
#: How long a tap (or a Playwright call, which Chromium takes for one) lets the page play
#: sound: Chromium's transient activation lasts 5 s.
ACTIVATION_S = 5

#: In the page: whether the <audio> element of member ``m`` plays (not paused, time on).
PLAYING = """async (m) => {
  const el = document.querySelector(`#voice-audio audio[data-member="${m}"]`);
  if (!el || !el.srcObject || el.paused) return false;
  const t = el.currentTime;
  await new Promise((r) => setTimeout(r, 300));
  return el.currentTime > t;
}"""


def test_voice_tap_to_hear_when_the_browser_waits_for_a_tap(
    playwright: Any, server: Server
) -> None:
    browser = fake_mic_browser(playwright, autoplay="user-gesture-required")
    try:
        ann, bob = voice_player(browser, "ann"), voice_player(browser, "bob")
        code = create_room(ann, server.http)
        join_by_link(bob, f"{server.http}/r/{code}")
        ann.page.click("#open-mic")  # her clicks: her page plays sound

        # Bob's phone opens the room again, untouched: ann's voice may not play yet.
        bob.page.close()
        bob.context.add_init_script(REPORT)
        page = bob.context.new_page()
        page.set_default_timeout(20_000)
        bob = dataclasses.replace(bob, page=page, problems=watch(page))
        with page.expect_console_message(lambda m: m.text.startswith("voice-test ")) as msg:
            page.goto(f"{server.http}/r/{code}")
        seen = json.loads(msg.value.text.removeprefix("voice-test "))
        assert seen["text"] == "Tap to hear the table"
        assert seen["active"] is False
        assert [a for a in seen["audio"] if a["stream"]], "no voice arrived"
        assert all(a["paused"] for a in seen["audio"])
        assert ann.page.locator("#unblock").count() == 0

        # His tap: the voices play, the button goes.
        page.click("#unblock")
        page.wait_for_selector("#unblock", state="detached")
        for a in seen["audio"]:
            page.wait_for_function(PLAYING, arg=a["member"])

        # A voice that comes long after the tap plays without another one: ann's page
        # reloads (a new connection, a new audio element on bob's page) once nothing has
        # touched bob's page for longer than a tap's activation.
        (member,) = {a["member"] for a in seen["audio"] if a["stream"]}
        time.sleep(ACTIVATION_S + 1)
        said = lambda m: m.text.startswith(("voice-test-playing ", "voice-test-again"))  # noqa: E731
        with page.expect_console_message(said, timeout=20_000) as msg:
            ann.page.reload()
        assert msg.value.text == f"voice-test-playing {member}"
        check_problems([ann, bob])
    finally:
        browser.close()
