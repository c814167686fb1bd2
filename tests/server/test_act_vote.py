"""During the vote, the offered choices are vote actions: acting on one is voting."""

from __future__ import annotations

import pytest

from onenight.client import ServerError

from .conftest import Server
from .helpers import FAST, close_all, make_room

#: Everyone votes by hand here: a vote long enough for a loaded machine (it closes as
#: soon as every vote is in).
TIMERS = {**FAST, "vote": 60.0}
DECK = ["villager", "villager", "tanner", "werewolf", "villager", "villager"]


async def test_acting_on_a_vote_choice_votes(server: Server) -> None:
    players, _ = await make_room(server.url, 3, deck=DECK, timers=TIMERS)
    try:
        await players[0].start()
        for c in players:
            await c.until(lambda c: c.phase == "vote" and c.choices(), timeout=60)
        choice = players[0].choices()[0]
        assert choice["type"] == "vote"
        await players[0].act(choice)
        with pytest.raises(ServerError):  # not a vote action: refused, nothing changes
            await players[1].act({"type": "view", "targets": [0]})
        for c in players[1:]:
            await c.act(c.choices()[0])
        await players[0].until(lambda c: c.phase == "end", timeout=60)
        result = players[0].state["result"] if players[0].state else {}
        votes = result.get("votes", {})
        assert votes.get("p0") == players[0].state["players"][choice["target"]]  # type: ignore[index]
    finally:
        await close_all(players)
