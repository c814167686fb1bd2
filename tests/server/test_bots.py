"""Bots at the table over real WebSockets: seated bots, stand-ins for absent players,
and claims on the day's board that survive a kill -9."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from onenight.client import Client
from onenight.randomplay import random_player
from onenight.session import events as ev

from .conftest import Server
from .helpers import close_all, make_room, stored

FAST = {"turn": 0.2, "jitter": 0.05, "day": 0.5, "vote": 10.0}


async def test_two_people_and_three_bots_play_a_whole_game(server: Server) -> None:
    host = await Client.connect(server.url)
    await host.create("ann")
    guest = await Client.connect(server.url)
    await guest.join(host.room_code or "", "bob")
    players = [host, guest]
    try:
        await host.configure(**FAST)
        for level in ("random", "basic", "reasoner"):
            await host.add_bot(level)
        await host.until(lambda c: len(c.room["seats"]) == 5)
        bots = [m for m in host.room["members"] if m["bot"]]
        assert sorted(m["bot"] for m in bots) == ["basic", "random", "reasoner"]
        ack = await host.configure(deck=None)
        assert ack["deck_error"] is None
        await host.start()
        await asyncio.gather(*(random_player(c, random.Random(i)) for i, c in enumerate(players)))
        state = host.state
        assert state is not None and state["phase"] == "end"
        bot_seats = {m["seat"] for m in bots}
        assert not set(state["random_votes"]) & bot_seats  # the bots voted themselves
        events = await stored(server.db, host.room_code or "")
        bot_acts = [e for e in events if isinstance(e, ev.Acted) and e.seat in bot_seats]
        assert all(not a.auto for a in bot_acts)  # each bot made its own night choices
        spoke = {c["seat"] for c in state["claims"]}
        assert spoke & bot_seats  # basic and reasoner bots claim, in the chat too
        bot_lines = [e for e in host.talk if e["type"] == "chat" and e["seat"] in bot_seats]
        assert bot_lines and all(1 <= len(e["text"]) <= 300 for e in bot_lines)
    finally:
        await close_all(players)


async def test_an_absent_player_is_played_by_a_bot_until_he_is_back(server: Server) -> None:
    timers = {"turn": 0.3, "jitter": 0.0, "day": 30.0, "vote": 30.0}
    players, _ = await make_room(server.url, 3, timers=timers)
    host, leaver = players[0], players[2]
    code, token = host.room_code or "", leaver.token or ""
    try:
        await host.configure(grace=0.5)
        await host.start()
        await host.until(lambda c: c.phase == "night")
        await leaver.close()

        def stand_in(c: Client) -> str | None:
            return next(m["stand_in"] for m in c.room["members"] if m["seat"] == 2)

        await host.until(lambda c: stand_in(c) == "basic", 10)  # everyone sees it
        await host.until(lambda c: c.phase == "day", 30)
        await host.end_day()
        events = await stored(server.db, code)
        assert any(isinstance(e, ev.StandIn) and e.member == leaver.member for e in events)
        await host.until(lambda c: 2 in c.state["voted"], 10)  # the bot pointed for him
        back = await Client.connect(server.url)
        players[2] = back
        await back.resume(code, token)
        await host.until(lambda c: stand_in(c) is None, 10)
        await back.until(lambda c: c.state is not None, 10)  # the full view, after the ack
        assert back.state["vote"] is not None
        for c in players[:2]:
            await c.vote(c.choices()[0]["target"])
        await back.until(lambda c: c.phase == "end", 10)
    finally:
        await close_all(players)


async def test_claims_are_checked_stored_and_survive_a_kill(tmp_path: Path) -> None:
    server = Server(f"sqlite+aiosqlite:///{tmp_path / 'store.db'}", tmp_path / "server.log")
    server.start()
    timers = {"turn": 0.05, "jitter": 0.0, "day": 60.0, "vote": 30.0}
    players, _ = await make_room(server.url, 3, timers=timers)
    host = players[0]
    code = host.room_code or ""
    try:
        await host.start()
        await asyncio.gather(*(c.until(lambda c: c.phase == "day", 30) for c in players))
        await host.claim({"type": "i_am", "role": "seer"})
        await players[1].claim({"type": "think", "target": 0, "role": "werewolf"})
        for bad in ({"type": "i_am", "role": "wizard"}, {"type": "i_am"}, {"type": "fly"}):
            try:
                await host.claim(bad)
                raise AssertionError(f"accepted {bad}")
            except Exception as exc:
                assert getattr(exc, "code", "") == "bad_claim"
        await players[2].until(lambda c: sum(e["type"] == "claim" for e in c.talk) == 2)
        tokens = [c.token or "" for c in players]
        server.kill()
        await close_all(players)
        server.start()
        players = []
        for token in tokens:
            c = await Client.connect(server.url)
            await c.resume(code, token)
            players.append(c)
        host = players[0]
        await host.until(lambda c: sum(e["type"] == "claim" for e in c.talk) == 2, 10)
        await host.end_day()
        for c in players:
            await c.until(lambda c: c.phase == "vote" and bool(c.choices()))
            await c.vote(c.choices()[0]["target"])
        await host.until(lambda c: c.phase == "end", 10)
        board = host.state["claims"]
        assert [(e["seat"], e["claim"]["type"]) for e in board] == [(0, "i_am"), (1, "think")]
    finally:
        await close_all(players)
        server.stop()
