"""Complete games over real WebSockets to a real uvicorn server, in every edition."""

from __future__ import annotations

import pytest

from onenight.client import Client, ServerError
from onenight.rules import EDITIONS

from .conftest import Server
from .helpers import FAST, close_all, make_room, play, play_on

#: Every edition over the wire, at its smallest and largest table: what only real
#: WebSockets show. Every size and deck is played in process on the fake clock
#: (tests/session/test_secrecy_clock.py: 200 games, the same pipeline).
SIZES = [
    (edition, n)
    for edition in ("ultimate", "japanese", "workshop", "sans-carte")
    for n in (EDITIONS[edition].min_players, EDITIONS[edition].max_players)
]
MAX_GAMES = 8  #: games played until one has winners (each has none with p ~ 0.3)


def check_result(players: list[Client]) -> dict:
    states = [c.state for c in players]
    assert all(s is not None and s["phase"] == "end" for s in states)
    results = [s["result"] for s in states if s is not None]
    assert all(r == results[0] for r in results), "everyone sees the same result"
    result = results[0]
    names = [f"p{i}" for i in range(len(players))]
    assert sorted(result["cards"]) == sorted(names)
    assert set(result["votes"]) == set(names)
    assert "timeline" in result and isinstance(result["timeline"], list)
    return result


@pytest.mark.parametrize(("edition", "n"), SIZES)
async def test_complete_game(server: Server, edition: str, n: int) -> None:
    # A day long enough for every line on a loaded machine: it ends when every player has
    # spoken and said "ready to vote", not on its timer.
    timers = {**FAST, "day": 60.0}
    players, watchers = await make_room(server.url, n, edition=edition, spectators=1, timers=timers)
    try:
        await play(players, seed=n, talk=True)
        result = check_result(players)
        await watchers[0].until(lambda c: c.phase == "end")
        assert watchers[0].state is not None
        assert watchers[0].state["result"] == result
        # Every player had a seat and saw their own dealt card.
        for i, c in enumerate(players):
            assert c.seat == i
        # The day's chat reached everyone, the spectator too.
        assert all(any(e["type"] == "chat" for e in c.talk) for c in players + watchers)
        # Winners got a chip each.
        board = {row["name"]: row["chips"] for row in players[0].room["scoreboard"]}
        assert board == {name: int(name in result["winners"]) for name in board}
    finally:
        await close_all(players, watchers)


async def test_too_many_players_is_refused_with_a_reason(server: Server) -> None:
    players, _ = await make_room(server.url, 3, edition="japanese")
    try:
        host = players[0]
        for i in range(3, 8):
            c = await Client.connect(server.url)
            await c.join(host.room_code or "", f"x{i}")
            players.append(c)
        await host.until(lambda c: len(c.room["seats"]) == 8)
        assert "3–7 players" in (host.room["deck_error"] or "")
        with pytest.raises(ServerError) as err:
            await host.start()
        assert err.value.code == "bad_deck"
    finally:
        await close_all(players)


async def test_rematch_same_seats_and_tournament(server: Server) -> None:
    """A rematch keeps the seats; with ``chips=1`` a game's winners are champions, and
    the game after that starts a new tournament. A game may have no winner at all (in
    ultimate, nobody wins when no Werewolf is among the players and someone dies: about
    a third of random 4-player games), so games are played until one has winners."""
    players, _ = await make_room(server.url, 4)
    host = players[0]
    try:
        await host.configure(chips=1)
        await play(players, seed=1)
        for game in range(1, MAX_GAMES + 1):
            result = check_result(players)
            # The room frame of a game's end is sent before its end state.
            await host.until(lambda c, g=game: c.room["games"] == g and not c.room["playing"])
            room = host.room
            assert room is not None
            ids = {m["name"]: m["member"] for m in room["members"]}
            assert sorted(room["champions"]) == sorted(ids[name] for name in result["winners"])
            board = {row["name"]: row["chips"] for row in room["scoreboard"]}
            assert board == {name: int(name in result["winners"]) for name in ids}
            await host.rematch()
            for i, c in enumerate(players):
                await c.until(lambda c, g=game: c.state["game"] == g + 1)
                assert c.seat == i
            if room["champions"]:
                break
            await play_on(players, seed=game + 1)
        else:
            raise AssertionError(f"no game of {MAX_GAMES} had a winner")
        # A new tournament begins: the chips are back to zero.
        await host.until(lambda c: c.room["games"] == game + 1)
        assert all(row["chips"] == 0 for row in host.room["scoreboard"])
        assert host.room["champions"] == []
        await play_on(players, seed=100)
        check_result(players)
        assert host.state["game"] == game + 1
    finally:
        await close_all(players)
