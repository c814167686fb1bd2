"""Turns per possible chooser (RULES.md §6), in process on the fake clock.

With decks where several players share an acting role, every player who holds a
choosing card is offered its choice in a turn of its own, in the frame that opens that
turn, has the whole turn to choose (its choice is its own, never made for it), and
finds what the choice taught it in the frame that opens the next turn. Every turn lasts
the turn length plus a jitter in range, whether anybody holds its card or not. The
room's pipeline as the server runs it (the hub, the store, the pub/sub), each member's
frames read off its channel; the same frames cross WebSockets in tests/server.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from onenight.pubsub import MemoryPubSub
from onenight.randomplay import pick
from onenight.rules import Phase
from onenight.session import events as ev
from onenight.session import protocol as P
from onenight.session.hub import Hub
from onenight.session.requests import Acked
from onenight.session.room import Room
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore
from server.helpers import replayed
from session.table import Table

TIMERS = {"turn": 5.0, "jitter": 2.0, "day": 60.0, "vote": 10.0}


def choose(decision: dict[str, Any] | None, rng: random.Random) -> P.Message:
    """A seat's tap in a turn: an action (not a pass) when asked, else ``nothing``. A
    Doppelgänger copies the first seat she may (seat order)."""
    if decision is None:
        return P.Nothing(type="nothing")
    acts = [a for a in decision["choices"] if a["type"] != "pass"]
    action = acts[0] if decision["kind"] == "copy" else pick(acts, rng)
    return P.Act(type="act", action=action)


async def play_logged(
    edition: str, deck: dict[str, int], seed: int
) -> tuple[Room, list[ev.RoomEvent], list[list[dict[str, Any]]]]:
    """A game of these cards to its end: every seat taps in every turn; each seat's state
    frame as each turn opened (and the day's), the room replayed from its stored log."""
    n = sum(deck.values()) - 3
    clock, store = FakeClock(), MemoryStore()
    hub = Hub(store, MemoryPubSub(), random.Random(seed), clock=clock)
    await hub.start()
    table = Table(hub, clock)
    try:
        host = await hub.create("p0")
        await table.seat(host)
        for i in range(1, n):
            await table.seat(await hub.join(host.room, f"p{i}", False))
        configure = P.Configure(type="configure", edition=edition, deck=deck, **TIMERS)  # type: ignore[arg-type]
        assert isinstance(await table.say(0, configure), Acked)
        assert isinstance(await table.say(0, P.Start(type="start")), Acked)
        play = hub.rooms[host.room].room.play
        assert play is not None
        logs: list[list[dict[str, Any]]] = [[dict(table.states[i])] for i in range(n)]
        rng = random.Random(seed)
        while play.phase == Phase.NIGHT:
            if play.turn >= 0:  # the deal is no turn: nobody taps
                for i in range(n):
                    reply = await table.say(i, choose(table.states[i].get("decision"), rng))
                    assert isinstance(reply, Acked), reply
            await clock.advance(play.deadline - clock.now())
            await table.drain()
            for i in range(n):
                logs[i].append(dict(table.states[i]))
        await table.say(0, P.EndDay(type="end_day"))
        for i in range(n):
            await table.say(i, P.VoteMsg(type="vote", target=(i + 1) % n))
        await table.drain()
        events = [ev.parse(e.kind, e.data) for e in await store.events(host.room)]
    finally:
        await table.close()
        await hub.stop()
    return replayed(host.room, events), events, logs


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
    # Each turn's deadline, as every seat's frame of it says: the turn plus its jitter.
    for frames in logs:
        deadlines = {f["turn"]: f["deadline"] for f in frames if f["phase"] == "night"}
        assert sorted(deadlines) == list(range(-1, len(game.turns)))  # the deal, each turn
        for k in range(len(game.turns)):
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
    edition: str, deck: dict[str, int], role: str, steps: int
) -> None:
    room, events, logs = await play_logged(edition, deck, seed=len(role))
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


async def test_a_doppelganger_who_copies_the_little_girl_peeks_in_her_own_turn() -> None:
    deck = {"doppelganger": 1, "little_girl": 6, "werewolf": 1}
    for attempt in range(10):  # until the deal gives the Doppelgänger to a player
        room, events, logs = await play_logged("sans-carte", deck, seed=attempt)
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
