"""The host's voice setting in the lobby: "spectators hear the players' voices" (off by
default), a toggle for the host and a line for everyone else; the server's room frame
and voice rule follow it (docs/voice.md, "The rule"). No microphone is needed: whom the
players' voices reach is the rule's, and the pages connect to whoever it names."""

from __future__ import annotations

import json
import time
from typing import Any

from server.conftest import Server
from web.client_helpers import Player, check_problems, create_room, join_by_link, open_player


def room_frames(p: Player) -> list[dict[str, Any]]:
    """Every ``room`` frame the page receives from now on (the server's word)."""
    frames: list[dict[str, Any]] = []

    def on_frame(data: Any) -> None:
        frame = json.loads(data if isinstance(data, str) else data.decode())
        if isinstance(frame, dict) and frame.get("type") == "room":
            frames.append(frame)

    p.page.on("websocket", lambda ws: ws.on("framereceived", on_frame))
    return frames


def wait_room(p: Player, frames: list[dict[str, Any]], hear: bool, after: int) -> dict[str, Any]:
    """The first room frame since ``frames[after]`` whose setting says ``hear``."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        for frame in frames[after:]:
            if frame["settings"]["spectators_hear"] is hear:
                return frame
        p.page.wait_for_timeout(100)
    raise AssertionError(f"no room frame with spectators_hear={hear}")


AUDIO = "() => document.querySelectorAll('#voice-audio audio')"


def test_voice_host_lets_spectators_hear_and_takes_it_back(browser: Any, server: Server) -> None:
    ann, bob, sam = (open_player(browser, n) for n in ("ann", "bob", "sam"))
    frames = room_frames(sam)
    players = [ann, bob, sam]
    try:
        code = create_room(ann, server.http)
        join_by_link(bob, f"{server.http}/r/{code}")
        join_by_link(sam, f"{server.http}/r/{code}", spectator=True)
        ann.page.wait_for_selector("#spectators li")

        # Off by default: the host's box unchecked, the others told so, the spectator
        # reached by nobody (no voice panel, no connection).
        box = ann.page.locator("#set-spectators-hear")
        assert not box.is_checked()
        line = bob.page.locator("#spectators-hear")
        line.wait_for()
        assert line.inner_text() == "Spectators do not hear the players' voices."
        assert bob.page.locator("#set-spectators-hear").count() == 0
        off = wait_room(sam, frames, False, 0)
        me = off["you"]["member"]
        assert off["voice"]["spectators_hear"] is False
        assert off["voice"]["reach"] and all(me not in to for to in off["voice"]["reach"].values())
        assert sam.page.locator("#voice").count() == 0

        # The host turns it on: the rule now carries the players' voices to the spectator,
        # who hears them (both players connect to it) and never speaks.
        sent = len(frames)
        box.click()
        line.filter(has_text="Spectators hear the players' voices.").wait_for()
        sam.page.locator("#spectators-hear", has_text="Spectators hear").wait_for()
        on = wait_room(sam, frames, True, sent)
        assert on["voice"]["spectators_hear"] is True
        assert set(on["voice"]["reach"]) == {str(m) for m in on["seats"]}
        assert all(me in to for to in on["voice"]["reach"].values())
        sam.page.wait_for_selector("#voice")
        assert sam.page.locator("#ptt").count() == 0
        sam.page.wait_for_function(f"{AUDIO}.length === 2")
        ann.page.reload()  # the host's box says what the room holds
        ann.page.wait_for_selector("#set-spectators-hear:checked")

        # And off again: the spectator's connections close, the panel goes.
        sent = len(frames)
        ann.page.click("#set-spectators-hear")
        line.filter(has_text="do not hear").wait_for()
        off = wait_room(sam, frames, False, sent)
        assert all(me not in to for to in off["voice"]["reach"].values())
        sam.page.wait_for_selector("#voice", state="detached")
        sam.page.wait_for_function(f"{AUDIO}.length === 0")
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
