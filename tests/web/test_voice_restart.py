"""The voice across a server restart (docs/voice.md, "The signalling"): nobody does
anything, the voice comes back. Two players, each in a Chromium process of its own whose
microphone plays its own tone; the server is killed (``kill -9``) and started again on
the same port and database.

The audio goes from page to page, so a connection made before the outage carries on
through it; the test also reloads one page while the server is down (the player's
reflex, or a phone that dropped the page), so that its voice can only come back through
signalling relayed by the restarted server."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from server.conftest import Server
from web.client_helpers import Player, check_problems, create_room, join_by_link
from web.voice_helpers import (
    TONES,
    close,
    launch_player,
    tone_wav,
    wait_hearing,
    wait_hearing_together,
)

A, B = TONES["ann"], TONES["bob"]
#: two Chromium processes with live audio: apart from the others, as the mesh test
pytestmark = pytest.mark.serial

#: In the page: audio bytes received so far over its connections that are up.
CONNECTED_BYTES = """
async () => {
  let n = 0, up = 0;
  for (const pc of window.__pcs) {
    if (pc.connectionState !== 'connected') continue;
    up += 1;
    (await pc.getStats()).forEach((s) => {
      if (s.type === 'inbound-rtp' && s.kind === 'audio') n += s.bytesReceived || 0;
    });
  }
  return up ? n : -1;
}
"""


def wait_flowing(p: Player, timeout: float = 30) -> None:
    """Wait until a connection of the page is ``connected`` and its audio bytes grow."""
    deadline = time.monotonic() + timeout
    first = -1
    while time.monotonic() < deadline:
        now: int = p.page.evaluate(CONNECTED_BYTES)
        if first >= 0 and now > first:
            return
        first = now
        p.page.wait_for_timeout(500)
    raise AssertionError(f"{p.name}: no connected peer with audio arriving")


def test_voice_comes_back_after_a_server_restart(
    own_server: Server, playwright: Any, tmp_path: Path
) -> None:
    players = [
        launch_player(playwright, n, tone_wav(tmp_path / f"{n}.wav", TONES[n]))
        for n in ("ann", "bob")
    ]
    ann, bob = players
    for p in players:
        # While the server is down, the browser reports the refused connections.
        p.problems.allow(r"WebSocket|/ws|ERR_CONNECTION_REFUSED|Failed to fetch|/api/")
    try:
        code = create_room(ann, own_server.http)
        join_by_link(bob, f"{own_server.http}/r/{code}")
        for p in players:
            p.page.click("#open-mic")
        assert wait_hearing_together([(ann, {B}), (bob, {A})]) == [{B}, {A}]

        own_server.kill()
        for p in players:
            p.page.wait_for_selector("#status.offline:not(:empty)")
        # The pages talk to each other, not through the server: the voice carries on.
        assert wait_hearing(ann, {B}) == {B}
        # Bob's page reloads meanwhile (from its service worker's cache): its connection
        # is gone, and only the server can bring it back.
        bob.page.reload()
        bob.page.wait_for_selector("#status.offline:not(:empty)")

        own_server.start()  # the same port and database
        for p in players:
            p.page.wait_for_selector("#status.online", timeout=30_000)
        for p in players:
            wait_flowing(p)
        assert wait_hearing_together([(ann, {B}), (bob, {A})]) == [{B}, {A}]
        check_problems(players)
    finally:
        close(players)
