"""Turns per possible chooser (RULES.md §6), over real WebSockets.

With decks where several players share an acting role, every player who holds a
choosing card is offered its choice in a turn of its own, in the frame that opens that
turn, has the whole turn to choose (its choice is its own, never made for it), and
finds what the choice taught it in the frame that opens the next turn. Every turn lasts
the turn length plus a jitter in range, whether anybody holds its card or not.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from onenight.client import Client
from onenight.randomplay import pick
from onenight.rules import Phase
from onenight.session import events as ev
from onenight.session.room import Room

from .conftest import Server
from .helpers import close_all, make_room, replayed, stored

#: 1 s turns: every seat takes its choice within its turn on a loaded machine too (with
#: 0.5 s, a choice that reached the server after its turn was refused, `not_your_turn`)
TIMERS = {"turn": 1.0, "jitter": 0.1, "day": 0.2, "vote": 10.0}


async def night_player(c: Client, rng: random.Random, log: list[dict[str, Any]]) -> None:
    """Tap in every turn; record each state frame; choose an action (not pass) when asked.
    A Doppelgänger copies the first seat she may (seat order)."""
    tapped = None

    def ready(c: Client) -> bool:
        return c.phase != "night" or (c.turn is not None and c.turn >= 0 and c.turn != tapped)

    await c.until(lambda c: c.phase == "night")
    while True:
        await c.until(ready, 60)
        log.append(dict(c.state or {}))
        if c.phase != "night":
            break
        tapped = c.turn
        decision = c.state.get("decision") if c.state else None
        if decision is None:
            await c.nothing()
            continue
        acts = [a for a in decision["choices"] if a["type"] != "pass"]
        choice = acts[0] if decision["kind"] == "copy" else pick(acts, rng)
        await c.act(choice)
    await c.until(lambda c: c.phase == "vote" and bool(c.choices()), 60)
    await c.vote(c.choices()[0]["target"])
    await c.until(lambda c: c.phase == "end", 60)


async def play_logged(
    server: Server, edition: str, deck: dict[str, int], seed: int
) -> tuple[Room, list[ev.RoomEvent], list[list[dict[str, Any]]]]:
    n = sum(deck.values()) - 3
    cards = [r for r, k in deck.items() for _ in range(k)]
    players, _ = await make_room(server.url, n, edition=edition, deck=cards, timers=TIMERS)
    logs: list[list[dict[str, Any]]] = [[] for _ in players]
    try:
        await players[0].start()
        rng = random.Random(seed)
        await asyncio.gather(
            *(night_player(c, random.Random(rng.random()), logs[i]) for i, c in enumerate(players))
        )
        code = players[0].room_code or ""
    finally:
        await close_all(players)
    events = await stored(server.db, code)
    return replayed(code, events), events, logs


def check_own_turns(room: Room, events: list[ev.RoomEvent], logs: list[list[dict]]) -> int:
    """Every decision came in its own turn's frame, was chosen by its player, and what it
    taught came in the next frame. Returns how many choices were made."""
    play = room.play
    assert play is not None and play.phase == Phase.END
    game = play.game
    acts = [e for e in events if isinstance(e, ev.Acted)]
    assert acts and not [a for a in acts if a.auto], "a choice was made for its player"
    assert len({a.turn for a in acts}) == len(acts), "two choices in one turn"
    for a in acts:
        frames = logs[a.seat]
        opening = next(f for f in frames if f["turn"] == a.turn)
        assert opening["decision"] is not None and opening["decision"]["turn"] == a.turn
        assert game.turns[a.turn].role != ""
        taught = [f for f in game.facts[a.seat] if f.at == a.turn]
        after = next(f for f in frames if f["turn"] > a.turn)
        for fact in taught:
            assert {"at": fact.at, **fact.to_json()} in after["learned"]
        before = [f for f in opening["learned"] if f["at"] == a.turn]
        assert before == [], "a result came before the turn was over"
    for seat, frames in enumerate(logs):  # nobody was offered a choice outside its turns
        for f in frames:
            d = f.get("decision")
            if f["phase"] == "night" and d is not None:
                assert d["turn"] == f["turn"] and any(
                    a.seat == seat and a.turn == f["turn"] for a in acts
                )
    # Each turn's deadline, from any seat's frame of it: a server late by a whole turn
    # (a loaded machine) ends that turn in the same step as the one before,
    # and its members get one frame for both; the schedule itself must not move.
    deadlines: dict[int, float] = {}
    for frames in logs:
        for f in frames:
            if f["phase"] == "night" and f["turn"] >= 0:
                deadlines.setdefault(f["turn"], f["deadline"])
    spaced = [k for k in range(1, len(game.turns)) if k in deadlines and k - 1 in deadlines]
    assert len(spaced) >= len(game.turns) // 2, deadlines
    for k in spaced:
        length = deadlines[k] - deadlines[k - 1]
        assert play.turn_length - 1e-6 <= length <= play.turn_length + play.jitter + 1e-6
    return len(acts)


def holders(room: Room, role: str) -> list[int]:
    assert room.play is not None
    return [s for s, c in enumerate(room.play.game.setup.cards) if c == role]


@pytest.mark.parametrize(
    ("edition", "deck", "role", "steps"),
    [
        ("ultimate", {"seer": 5, "werewolf": 2, "villager": 1}, "seer", 1),
        ("ultimate", {"robber": 5, "werewolf": 2, "villager": 1}, "robber", 1),
        ("ultimate", {"drunk": 5, "werewolf": 2, "villager": 1}, "drunk", 1),
        ("ultimate", {"witch": 5, "werewolf": 2, "villager": 1}, "witch", 2),
        ("sans-carte", {"werewolf": 1, "little_girl": 4, "villager": 3}, "little_girl", 1),
    ],
)
async def test_players_who_share_a_role_each_get_their_own_turns(
    server: Server, edition: str, deck: dict[str, int], role: str, steps: int
) -> None:
    room, events, logs = await play_logged(server, edition, deck, seed=len(role))
    check_own_turns(room, events, logs)
    assert room.play is not None
    game = room.play.game
    acts = [e for e in events if isinstance(e, ev.Acted)]
    sharers = holders(room, role)
    assert len(sharers) >= 2 or role == "little_girl"
    for seat in sharers:  # each holder acted, in the turns of the copy it holds
        mine = sorted(a.turn for a in acts if a.seat == seat)
        slot = game.setup.slots[seat]
        k = game.calls.index("werewolves" if role == "little_girl" else role)
        expected = [game.plan.copy_turn(k, slot, j) for j in range(steps)]
        assert mine == expected, (seat, mine, expected)
    # A turn whose copy lies in the center was played all the same (same length).
    copies = deck[role]
    assert sum(t.role == role for t in game.turns) == copies * steps
    if role == "little_girl":
        wolves = holders(room, "werewolf")
        if len(wolves) == 1:  # a lone wolf: his peek had its own turn, before the girls'
            assert [a.turn for a in acts if a.seat == wolves[0]] == [game.plan.first[k]]


async def test_a_doppelganger_who_copies_the_little_girl_peeks_in_her_own_turn(
    server: Server,
) -> None:
    deck = {"doppelganger": 1, "little_girl": 6, "werewolf": 1}
    for attempt in range(10):  # until the deal gives the Doppelgänger to a player
        room, events, logs = await play_logged(server, "sans-carte", deck, seed=attempt)
        check_own_turns(room, events, logs)
        assert room.play is not None
        game = room.play.game
        dop = holders(room, "doppelganger")
        if not dop or game.acting[dop[0]] != "little_girl":
            continue
        k = game.calls.index("werewolves")
        peeks = [e for e in events if isinstance(e, ev.Acted) and e.seat == dop[0] and e.turn > 0]
        assert [e.turn for e in peeks] == [game.plan.last_turn(k)]
        assert game.turns[game.plan.last_turn(k)].role == "doppelganger"
        return
    raise AssertionError("no deal in 10 gave the Doppelgänger a Little Girl to copy")
