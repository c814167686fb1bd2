"""Reconnection mid-night and mid-vote, and kill -9 of the server mid-game."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from onenight.client import Client

from .conftest import Server
from .helpers import bot, close_all, make_room, play_on

SLOW_NIGHT = {"turn": 0.4, "jitter": 0.05, "day": 0.3, "vote": 5.0}


async def test_reconnect_mid_night_gets_the_full_view(server: Server) -> None:
    players, _ = await make_room(server.url, 5, timers=SLOW_NIGHT)
    host = players[0]
    try:
        await host.start()
        leaver = players[3]
        await leaver.until(lambda c: c.phase == "night" and c.state["turn"] >= 1)
        before = leaver.state
        assert before is not None
        code, token = leaver.room_code or "", leaver.token or ""
        await leaver.close()
        back = await Client.connect(server.url)
        ack = await back.resume(code, token)
        assert ack["member"] == leaver.member
        await back.until(lambda c: c.state is not None and c.room is not None)
        now = back.state
        assert now["seat"] == 3 and now["game"] == before["game"]
        assert now["card"] == before["card"]
        assert now["turn"] >= before["turn"]
        assert back.room["you"]["seat"] == 3
        players[3] = back
        await play_on(players, seed=3)
        assert back.state["result"] == host.state["result"]
    finally:
        await close_all(players)


async def test_reconnect_mid_vote_keeps_the_hidden_vote(server: Server) -> None:
    timers = {"turn": 0.05, "jitter": 0.01, "day": 0.1, "vote": 30.0}
    players, _ = await make_room(server.url, 4, timers=timers)
    host = players[0]
    try:
        await host.start()
        voter = players[1]
        await voter.until(lambda c: c.phase == "vote", 30)
        await voter.vote(2)
        await host.until(lambda c: c.state["voted"] == [1])
        assert "vote" not in host.state  # hidden: only the voter sees his vote
        assert (
            "votes" not in host.state and host.state["result"] is None
            if "result" in host.state
            else True
        )
        code, token = voter.room_code or "", voter.token or ""
        await voter.close()
        back = await Client.connect(server.url)
        await back.resume(code, token)
        await back.until(lambda c: c.state is not None and c.state["phase"] == "vote")
        assert back.state["vote"] == 2 and back.state["voted"] == [1]
        await back.vote(0)  # changed
        await back.until(lambda c: c.state["vote"] == 0)
        others = [players[0], players[2], players[3]]
        rng = random.Random(5)
        for c in others:
            await c.vote(rng.choice(c.choices())["target"])
        await back.until(lambda c: c.phase == "end")
        assert back.state["result"]["votes"]["p1"] == "p0"
        assert back.state["random_votes"] == []
        players[1] = back
    finally:
        await close_all(players)


async def test_a_player_who_never_votes_gets_a_random_legal_vote(server: Server) -> None:
    timers = {"turn": 0.05, "jitter": 0.0, "day": 0.05, "vote": 0.5}
    players, _ = await make_room(server.url, 3, timers=timers)
    try:
        await players[0].start()
        await players[0].until(lambda c: c.phase == "end", 30)
        state = players[0].state
        assert state["random_votes"] == [0, 1, 2]
        for voter, target in state["result"]["votes"].items():
            assert voter != target
    finally:
        await close_all(players)


async def test_kill_and_restart_mid_game_loses_nothing(db_url: str, tmp_path: Path) -> None:
    server = Server(db_url, tmp_path / "server.log")
    server.start()
    timers = {"turn": 0.6, "jitter": 0.0, "day": 30.0, "vote": 30.0}
    players, watchers = await make_room(server.url, 5, timers=timers, spectators=1)
    host = players[0]
    try:
        await host.chat("before the game")
        await host.start()
        await host.until(lambda c: c.phase == "night" and c.state["turn"] >= 1, 30)
        seen = {c.member: c.state["card"] for c in players}
        code = host.room_code or ""
        tokens = [(c.member, c.token or "") for c in players + watchers]
        server.kill()
        await close_all(players, watchers)
        server.start()
        players = []
        for _member, token in tokens[:5]:
            c = await Client.connect(server.url)
            await c.resume(code, token)
            players.append(c)
        spectator = await Client.connect(server.url)
        await spectator.resume(code, tokens[5][1])
        watchers = [spectator]
        for c in players:
            await c.until(lambda c: c.state is not None and c.room is not None)
            assert c.state["card"] == seen[c.member]
        host = players[0]
        await host.until(lambda c: c.phase == "day", 60)
        await host.chat("during the day")
        await host.end_day()
        rng = random.Random(9)
        await play_on(players, seed=rng.randrange(1000))
        result = host.state["result"]
        assert all(c.state["result"] == result for c in players)
        await spectator.until(lambda c: c.phase == "end")
        # The lobby's talk before the game (game 0) came back with the day's log frame:
        # the spectator resumed at night, when the log holds the game's talk only.
        talk = [(e["game"], e["text"]) for e in spectator.talk]
        assert talk == [(0, "before the game"), (1, "during the day")]
        # A second kill after the end: the room, its scoreboard and result come back.
        server.kill()
        await close_all(players, watchers)
        server.start()
        again = await Client.connect(server.url)
        await again.resume(code, tokens[0][1])
        await again.until(lambda c: c.state is not None and c.room is not None)
        assert again.state["phase"] == "end" and again.state["result"] == result
        assert sum(r["chips"] for r in again.room["scoreboard"]) == len(result["winners"])
        players, watchers = [again], []
    finally:
        await close_all(players, watchers)
        server.stop()


async def test_a_bot_rejoins_and_the_game_goes_on_without_it(server: Server) -> None:
    players, _ = await make_room(server.url, 4, timers=SLOW_NIGHT)
    try:
        await players[0].start()
        await players[2].close()  # gone for good: the game waits for nobody
        rng = random.Random(4)
        await asyncio.gather(
            *(bot(c, random.Random(rng.random())) for c in (players[0], players[1], players[3]))
        )
        assert players[0].state["phase"] == "end"
        assert 2 in players[0].state["random_votes"]
    finally:
        await close_all(players)
