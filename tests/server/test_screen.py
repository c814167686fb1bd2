"""A shared screen (the TV view, issue 22 point 12) joins with ``screen``: it watches as a
spectator, whatever ``spectator`` says, and the room frame marks it so that the pages
list it as no one; it holds no seat."""

from __future__ import annotations

from onenight.client import Client
from onenight.session import events as ev

from .conftest import Server
from .helpers import close_all, make_room, stored


async def test_a_screen_joins_as_a_marked_spectator(server: Server) -> None:
    players, _ = await make_room(server.url, 3)
    host = players[0]
    code = host.room_code or ""
    tv = await Client.connect(server.url)
    try:
        await tv.join(code, "TV 1234", spectator=False, screen=True)  # a screen never sits

        def member(c: Client) -> dict | None:
            return next((m for m in c.room["members"] if m["name"] == "TV 1234"), None)

        await host.until(lambda c: member(c) is not None, 10)
        m = member(host)
        assert m is not None and m["screen"] is True and m["spectator"] is True
        assert m["seat"] is None and len(host.room["seats"]) == 3
        # A player is no screen.
        assert all(x["screen"] is False for x in host.room["members"] if x["name"] != "TV 1234")
        events = await stored(server.db, code)
        assert any(isinstance(e, ev.Joined) and e.screen and e.spectator for e in events)
    finally:
        await close_all([*players, tv])
