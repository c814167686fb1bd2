"""Secrecy: every frame sent to every member of >= 200 random complete games (every
edition) is recorded and checked against the truth replayed from the server's log.

No frame before the end carries a card, a night fact or a choice the member may not
know; a whisper's text reaches its two ends only; night frames have one fixed size and
come once per call whatever happens (only a member's own choices add frames), and every
call lasts the turn plus a jitter in range, whoever holds the card.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from onenight.client import Client
from onenight.rules import ALL_ROLES, EDITIONS
from onenight.session.room import Room
from onenight.session.views import PAD_BUCKET
from onenight.storage import open_store

from .conftest import Server
from .helpers import bot, close_all, make_room, random_deck

GAMES = 200
AT_ONCE = 20
TIMERS = {"turn": 0.03, "jitter": 0.02, "day": 30.0, "vote": 5.0}
ROLES = frozenset(ALL_ROLES)
PUBLIC_KEYS = {"deck", "calls", "called", "players", "edition", "call", "settings"}
FACT_KEYS = {"wolves", "masons", "tanners", "acted", "little_girl"}


def plan(rng: random.Random) -> list[tuple[str, int]]:
    games = []
    editions = sorted(EDITIONS)
    for i in range(GAMES):
        ed = EDITIONS[editions[i % len(editions)]]
        top = ed.max_players if rng.random() < 0.15 else min(ed.max_players, 7)
        games.append((ed.id, rng.randint(ed.min_players, top)))
    return games


async def one_game(server: Server, no: int, edition: str, n: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    deck = random_deck(edition, n, rng)
    players, watchers = await make_room(
        server.url, n, edition=edition, deck=deck, spectators=1, record=True, timers=TIMERS
    )
    host = players[0]
    whispers: list[tuple[int, int, str]] = []
    try:
        await host.start()
        bots = [asyncio.create_task(bot(c, random.Random(rng.random()))) for c in players]
        await host.until(lambda c: c.phase == "day", 60)
        for i, c in enumerate(players):
            j = rng.choice([s for s in range(n) if s != i])
            text = f"canary-{no}-{i}-{j}"
            await c.whisper(j, text)
            whispers.append((i, j, text))
        await host.chat(f"public-{no}")
        await host.end_day()
        await asyncio.gather(*bots)
        await watchers[0].until(lambda c: c.phase == "end")
        return {
            "room": host.room_code,
            "frames": [c.frames for c in players + watchers],
            "whispers": whispers,
            "n": n,
        }
    finally:
        await close_all(players, watchers)


async def truth(server: Server, code: str) -> Room:
    store = open_store(server.db)
    await store.open()
    try:
        room = Room(code)
        events = await store.events(code)
        for e in events:
            room.apply(e.kind, e.data, e.at)
        room.events = events  # type: ignore[attr-defined]
        return room
    finally:
        await store.close()


def strings(value: Any, skip: set[str]) -> list[str]:
    out: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                out.extend(strings(v, skip))
    elif isinstance(value, list):
        for v in value:
            out.extend(strings(v, skip))
    elif isinstance(value, str):
        out.append(value)
    return out


def keys(value: Any) -> set[str]:
    """Every key in a frame, outside the public table (the deck's counts are keyed by role)."""
    if isinstance(value, dict):
        inner = {k for key, v in value.items() if key not in PUBLIC_KEYS for k in keys(v)}
        return set(value) | inner
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def check_member(room: Room, seat: int | None, frames: list[tuple[float, str]], g: dict) -> None:
    play = room.play
    assert play is not None
    game = play.game
    dealt = game.setup.cards[seat] if seat is not None else None
    facts = [{"at": f.at, **f.to_json()} for f in game.facts[seat]] if seat is not None else []
    allowed = {dealt} | {f["card"] for f in facts if "card" in f}
    face_up = set(game.revealed.values())  # the Revealer's card stays up for the day
    own_acts: dict[int, int] = {}
    for e in room.events:  # type: ignore[attr-defined]
        d = e.data
        if e.kind == "game" and d["e"] == "act" and d["seat"] == seat and not d["auto"]:
            own_acts[d["k"]] = own_acts.get(d["k"], 0) + 1
    per_call: dict[int, int] = {}
    deadlines: dict[int, float] = {}
    ended = False
    for _, raw in frames:
        frame = json.loads(raw)
        kind = frame["type"]
        for i, j, text in g["whispers"]:
            if text in raw:
                assert seat in (i, j), f"whisper {i}->{j} reached seat {seat}"
        if kind == "state" and frame["phase"] == "end":
            ended = True
        if ended or kind in ("ack", "error", "room"):
            continue
        assert kind in ("state", "log", "chat", "whisper", "whispered"), kind
        known = allowed | face_up if frame.get("phase") in ("day", "vote") else allowed
        leaked = {s for s in strings(frame, PUBLIC_KEYS) if s in ROLES} - known
        assert not leaked, f"seat {seat} saw roles {leaked} in {frame}"
        if kind != "state":
            continue
        view = frame["view"]
        assert not keys(frame) & {"result", "timeline", "votes", "history", "winners"}
        assert view.get("card") == dealt
        for fact in view.get("learned", []):
            assert fact in facts
        if not view.get("learned"):
            assert not keys(view) & FACT_KEYS
        if frame["choices"] and frame["phase"] == "night":
            assert seat is not None and view["decision"] is not None
        if frame["phase"] == "vote":
            assert frame["my_vote"] in (None, *[play.votes.get(seat)])
        if frame["phase"] == "night":
            size = len(raw.encode())
            assert size % PAD_BUCKET == 0
            if not frame["choices"]:
                assert size == PAD_BUCKET
            per_call[frame["call"]] = per_call.get(frame["call"], 0) + 1
            deadlines[frame["call"]] = frame["deadline"]
    calls = len(play.calls)
    for k in range(-1, calls):
        assert per_call.get(k, 0) == 1 + own_acts.get(k, 0), (seat, k, per_call, own_acts)
    for k in range(1, calls):
        length = deadlines[k] - deadlines[k - 1]
        assert play.turn - 1e-6 <= length <= play.turn + play.jitter + 1e-6, length


async def test_no_frame_carries_what_its_member_may_not_know(server: Server) -> None:
    rng = random.Random(2024)
    games = plan(rng)
    assert {e for e, _ in games} == set(EDITIONS) and len(games) >= 200
    done = 0
    for start in range(0, len(games), AT_ONCE):
        batch = games[start : start + AT_ONCE]
        results = await asyncio.gather(
            *(
                one_game(server, start + i, ed, n, rng.randrange(10**9))
                for i, (ed, n) in enumerate(batch)
            )
        )
        for g in results:
            room = await truth(server, g["room"])
            assert room.play is not None and room.play.phase == "end"
            seats: list[int | None] = [*range(g["n"]), None]
            for seat, frames in zip(seats, g["frames"], strict=True):
                check_member(room, seat, frames, g)
            done += 1
    assert done >= 200


async def test_a_spectator_sees_only_what_is_public(server: Server) -> None:
    players, watchers = await make_room(server.url, 4, spectators=1, record=True, timers=TIMERS)
    try:
        await players[0].start()
        spectator = watchers[0]
        await spectator.until(lambda c: c.phase == "day", 30)
        assert spectator.seat is None and "card" not in spectator.state["view"]
        assert spectator.room["you"]["spectator"] is True
        await players[1].whisper(2, "secret-text")
        await spectator.until(lambda c: any(e["type"] == "whispered" for e in c.talk))
        assert not any("secret-text" in raw for _, raw in spectator.frames)
        for c in (spectator, players[0]):
            entry = next(e for e in c.talk if e["type"] == "whispered")
            assert (entry["from"], entry["to"]) == (1, 2)
        assert any(e.get("text") == "secret-text" for e in players[2].talk)
        await players[0].end_day()
        await asyncio.gather(*(bot(c, random.Random(i)) for i, c in enumerate(players)))
        await spectator.until(lambda c: c.phase == "end")
        assert spectator.state["result"] == players[0].state["result"]
    finally:
        await close_all(players, watchers)


async def test_spectator_cannot_act_or_talk_during_a_game(server: Server) -> None:
    players, watchers = await make_room(server.url, 3, spectators=1, timers=TIMERS)
    try:
        await players[0].start()
        spectator: Client = watchers[0]
        for request in (spectator.chat("hi"), spectator.vote(0), spectator.act({"type": "pass"})):
            try:
                await request
                raise AssertionError("accepted")
            except Exception as exc:
                assert getattr(exc, "code", "") in ("not_player", "out_of_phase")
    finally:
        await close_all(players, watchers)
