"""The microphone as players meet it (docs/voice.md, "Controls"): refused or absent, the
page says so and listens only; hidden for long, the page lets the microphone go and takes
it back when it is seen again. One Chromium process whose fake microphone beeps, a
context per player."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from server.conftest import Server
from web.client_helpers import Player, check_problems, create_room, join_by_link
from web.test_client_a11y import AXE, axe
from web.voice_helpers import (
    MICS,
    NO_MICROPHONE,
    PACKETS_FROM,
    SENDING,
    TONES,
    dismissed_prompt,
    fake_mic_browser,
    member_of,
    tone_wav,
    voice_player,
    wait_hearing,
)

#: A microphone that fails when asked (listed, but taken by another app or unplugged).
FAILING_MICROPHONE = """
navigator.mediaDevices.getUserMedia = () =>
  Promise.reject(new DOMException("Requested device not found", "NotFoundError"));
"""


def deny_microphone(browser: Any, p: Player, origin: str) -> Any:
    """The player said "Block" to the microphone for this site (Chromium's own setting:
    getUserMedia rejects with NotAllowedError, the permission reads "denied"). The
    setting lasts as long as the session returned (detach it before closing)."""
    cdp = p.context.new_cdp_session(p.page)
    context_id = cdp.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
    cdp.detach()
    session = browser.new_browser_cdp_session()
    session.send(
        "Browser.setPermission",
        {
            "permission": {"name": "microphone"},
            "setting": "denied",
            "origin": origin,
            "browserContextId": context_id,
        },
    )
    return session


def packets_from(p: Player, member: int) -> int:
    n: int = p.page.evaluate(PACKETS_FROM, member)
    return n


def wait_growing(p: Player, member: int, timeout: float = 20) -> None:
    """Wait until audio packets from ``member`` arrive in the page (their count grows)."""
    deadline = time.monotonic() + timeout
    first = packets_from(p, member)
    while time.monotonic() < deadline:
        p.page.wait_for_timeout(250)
        now = packets_from(p, member)
        if now > max(first, 0):
            return
        first = now if first < 0 else first
    raise AssertionError(f"{p.name} receives no audio from member {member}")


def still(p: Player, member: int, ms: int = 1000) -> bool:
    """Whether no audio packet from ``member`` arrives in the page for ``ms``."""
    before = packets_from(p, member)
    p.page.wait_for_timeout(ms)
    return packets_from(p, member) == before


REFUSED = "Microphone refused: you can listen and type."
ABSENT = "No microphone: you can listen and type."


def test_voice_no_microphone_listens_and_types(playwright: Any, server: Server) -> None:
    browser = fake_mic_browser(playwright)
    try:
        ann, bob, cat, dan = (voice_player(browser, n) for n in ("ann", "bob", "cat", "dan"))
        players = [ann, bob, cat, dan]
        blocked = deny_microphone(browser, bob, server.http)
        cat.context.add_init_script(NO_MICROPHONE)
        dan.context.add_init_script(FAILING_MICROPHONE)
        code = create_room(ann, server.http)
        for p in (bob, cat, dan):
            join_by_link(p, f"{server.http}/r/{code}")
        ann.page.wait_for_selector("#players li:nth-child(4)")
        ann.page.click("#open-mic")

        # Bob had blocked the microphone, cat has none: each is told so at once, before
        # pressing anything, and has nothing to talk or whisper with.
        for p, line in ((bob, REFUSED), (cat, ABSENT)):
            p.page.locator("#mic-line", has_text=line).wait_for()
            assert p.page.locator("#ptt, #open-mic, button.vperson").count() == 0
        # Dan's microphone is listed but fails when he turns it on: he is told then.
        assert dan.page.locator("#mic-line").count() == 0
        dan.page.click("#open-mic")
        dan.page.locator("#mic-line", has_text=ABSENT).wait_for()
        assert dan.page.locator("#ptt, #open-mic, button.vperson").count() == 0

        # They still hear the table (ann's audio reaches each), and send nothing.
        a = member_of(bob, "ann")
        for p in (bob, cat, dan):
            wait_growing(p, a)
        for name in ("bob", "cat", "dan"):
            assert still(ann, member_of(ann, name)), f"ann receives audio from {name}"

        # The text talk works as before.
        bob.page.fill("#say", "no mic here, typing")
        bob.page.click(".say button[type=submit]")
        ann.page.wait_for_selector("#log li:has-text('no mic here, typing')")
        check_problems(players)
        blocked.detach()
    finally:
        browser.close()


def hide(p: Player, hidden: bool) -> None:
    """The page goes out of sight (another app, the phone locked) or comes back."""
    p.page.evaluate(
        """(hidden) => {
          const state = [["visibilityState", hidden ? "hidden" : "visible"], ["hidden", hidden]];
          for (const [key, value] of state) {
            const get = () => value;
            if (hidden) Object.defineProperty(document, key, { configurable: true, get });
            else delete document[key];
          }
          document.dispatchEvent(new Event("visibilitychange"));
        }""",
        hidden,
    )


def test_voice_microphone_released_when_hidden_for_long_and_back_when_seen(
    playwright: Any, server: Server
) -> None:
    browser = fake_mic_browser(playwright)
    try:
        ann, bob = voice_player(browser, "ann"), voice_player(browser, "bob")
        # The delay (30 s) made 1.5 s for the test.
        ann.context.add_init_script("window.onenightHiddenMs = 1500;")
        code = create_room(ann, server.http)
        join_by_link(bob, f"{server.http}/r/{code}")
        ann.page.click("#open-mic")
        a = member_of(bob, "ann")
        wait_growing(bob, a)
        assert ann.page.evaluate(MICS) == ["live"]

        # Hidden a moment: nothing changes yet.
        hide(ann, True)
        assert ann.page.evaluate(MICS) == ["live"]
        # Hidden for long: the microphone is released (its track ended, the browser's
        # indicator off), nothing is sent, and bob receives nothing from her.
        ann.page.wait_for_function(f"() => {MICS}[0] === 'ended'")
        assert ann.page.evaluate(SENDING) == [None]
        assert still(bob, a)

        # Seen again: the microphone comes back by itself, and bob hears her again.
        hide(ann, False)
        ann.page.wait_for_function(f"() => {MICS}.join() === 'ended,live'")
        ann.page.wait_for_function(f"() => {SENDING}.join() === 'live'")
        wait_growing(bob, a)
        check_problems([ann, bob])
    finally:
        browser.close()


def test_voice_try_again_after_a_dismissed_prompt(
    playwright: Any, server: Server, tmp_path: Path
) -> None:
    # One Chromium process whose microphone plays a tone: ann hears it from bob only
    # (her own microphone is never played back to her).
    tone = TONES["ann"]
    browser = fake_mic_browser(playwright, tone_wav(tmp_path / "tone.wav", tone))
    try:
        ann, bob = voice_player(browser, "ann"), voice_player(browser, "bob")
        bob.context.add_init_script(dismissed_prompt(2))
        code = create_room(ann, server.http)
        join_by_link(bob, f"{server.http}/r/{code}")
        ann.page.click("#open-mic")
        b = member_of(ann, "bob")

        # Bob turns his open mic on and dismisses the prompt: refused, listen-only, with
        # "Try again" beside the line.
        bob.page.click("#open-mic")
        bob.page.locator("#mic-line", has_text=REFUSED).wait_for()
        retry = bob.page.locator("#mic-retry")
        assert retry.inner_text() == "Try again"
        assert bob.page.locator("#ptt, #open-mic, button.vperson").count() == 0
        box = retry.bounding_box()
        assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= 360
        if AXE.exists():
            assert axe(bob.page, "refused") == []

        # Dismissed again: still listen-only, the line and the button still there.
        retry.click()
        bob.page.locator("#mic-line", has_text=REFUSED).wait_for()
        bob.page.locator("#mic-retry:focus").wait_for()  # a keyboard keeps its place
        assert bob.page.locator("#ptt, #open-mic").count() == 0
        assert still(ann, b)

        # Allowed this time: no reload, the line goes, his controls come, his open mic
        # is on, and ann hears his tone.
        bob.page.click("#mic-retry")
        bob.page.wait_for_selector("#mic-line", state="detached")
        assert bob.page.locator("#mic-retry").count() == 0
        bob.page.wait_for_selector("#open-mic[aria-pressed=true]")
        bob.page.wait_for_selector("#ptt:focus")
        assert bob.page.evaluate(MICS) == ["live"]
        assert wait_hearing(ann, {tone}) == {tone}
        check_problems([ann, bob])
    finally:
        browser.close()
