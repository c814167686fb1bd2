"""The session core in process, with a fake clock: decide() and tick() are pure.

A ``Table`` holds a room, a fake ``now`` and a seeded RNG, and does what the actor does
(decide or tick, then apply the events) without a server, a store or a socket.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from onenight.rules import Phase, Setup
from onenight.session import events as ev
from onenight.session import protocol as P
from onenight.session.clock import ANCHOR_SLACK, due, tick
from onenight.session.core import decide, join
from onenight.session.protocol import BadMessage, message_adapter
from onenight.session.room import Room
from onenight.session.views import state_frame

FAST = {"turn": 10.0, "jitter": 2.0, "day": 60.0, "vote": 30.0}


class Table:
    """A room driven in process: the actor's pipeline without I/O."""

    def __init__(self, seed: int = 1) -> None:
        self.room = Room("TESTS")
        self.now = 1000.0
        self.rng = random.Random(seed)
        self.log: list[ev.RoomEvent] = []
        self.apply([ev.Created()])

    def apply(self, events: list[ev.RoomEvent]) -> None:
        for e in events:
            self.room.apply(e, self.now)
            self.log.append(e)

    def add(self, name: str, spectator: bool = False) -> int:
        events = join(self.room, name, spectator, f"hash-{name}", 12)
        self.apply(events)
        return events[0].member  # type: ignore[union-attr]

    def send(self, member: int, message: dict[str, Any]) -> dict[str, Any]:
        msg = message_adapter.validate_python(message)
        events, reply = decide(self.room, member, msg, self.now, self.rng)
        self.apply(events)
        return reply

    def until_due(self) -> list[ev.RoomEvent]:
        """Move the clock to the next deadline and run the tick."""
        deadline = due(self.room)
        assert deadline is not None
        self.now = deadline
        events = tick(self.room, self.now, self.rng)
        self.apply(events)
        return events

    def frame(self, member: int) -> dict[str, Any]:
        frame = state_frame(self.room, member, self.now)
        assert frame is not None
        return frame


def table_of(n: int, deck: dict[str, int], seed: int = 1) -> tuple[Table, list[int]]:
    t = Table(seed)
    members = [t.add(f"p{i}") for i in range(n)]
    t.send(members[0], {"type": "configure", "edition": "ultimate", "deck": deck, **FAST})
    return t, members


def encoded(events: list[ev.RoomEvent]) -> str:
    return json.dumps([(e.kind, e.data()) for e in events], sort_keys=True)


def play_out(t: Table, members: list[int]) -> None:
    """Every choice at the start of its turn (the first legal one), then votes."""
    while t.room.play is not None and t.room.play.phase == Phase.NIGHT:
        for m in members:
            d = t.frame(m).get("decision")
            if d is not None:
                t.send(m, {"type": "act", "action": d["choices"][0]})
        t.until_due()
    t.until_due()  # the day ends
    for i, m in enumerate(members):
        t.send(m, {"type": "vote", "target": (i + 1) % len(members)})


def test_the_same_seed_and_messages_give_the_same_log() -> None:
    deck = {"seer": 2, "robber": 2, "werewolf": 2, "villager": 1}
    logs = []
    for _ in range(2):
        t, members = table_of(4, deck, seed=7)
        t.send(members[0], {"type": "start"})
        play_out(t, members)
        assert t.room.play is not None and t.room.play.phase == Phase.END
        logs.append(encoded(t.log))
    assert logs[0] == logs[1]


def test_decide_reads_the_room_and_never_changes_it() -> None:
    t, members = table_of(3, {"seer": 1, "werewolf": 2, "villager": 3})
    t.send(members[0], {"type": "start"})
    before = copy.deepcopy((t.room.seq, t.room.settings, [t.frame(m) for m in members]))
    for member, message in [
        (members[1], {"type": "configure", "turn": 5}),  # not the host
        (members[0], {"type": "start"}),  # a game is under way
        (members[2], {"type": "chat", "text": "psst"}),  # no talking at night
        (members[1], {"type": "vote", "target": 0}),
    ]:
        with pytest.raises(BadMessage):
            t.send(member, message)
    accepted, _ = decide(
        t.room, members[0], message_adapter.validate_python({"type": "nothing"}), t.now, t.rng
    )
    # 'nothing' changes nothing but the member's tap of this turn, and is answered
    assert accepted == [ev.Tapped(member=members[0], turn=-1)]
    assert copy.deepcopy((t.room.seq, t.room.settings, [t.frame(m) for m in members])) == before


def test_every_turn_lasts_the_turn_plus_jitter_and_the_plan_is_walked_in_order() -> None:
    t, members = table_of(4, {"seer": 2, "robber": 2, "werewolf": 2, "villager": 1})
    t.send(members[0], {"type": "start"})
    play = t.room.play
    assert play is not None and play.turn == -1 and t.frame(members[0])["phase"] == "night"
    starts = []
    while play.phase == Phase.NIGHT:
        before = play.deadline
        events = t.until_due()
        assert t.now == before
        starts.append((play.turn, play.deadline - before))
        assert events[-1].kind in ("turn", "day")
    turns = [turn for turn, _ in starts]
    assert turns[:-1] == list(range(len(play.game.turns)))  # each turn once, in order
    for _, length in starts[:-1]:
        assert 10.0 <= length <= 12.0
    assert starts[-1] == (len(play.game.turns), 60.0)  # then the day


def test_a_late_tick_counts_the_next_turn_from_now() -> None:
    t, members = table_of(3, {"seer": 1, "werewolf": 2, "villager": 3})
    t.send(members[0], {"type": "start"})
    play = t.room.play
    assert play is not None
    t.now = play.deadline + ANCHOR_SLACK + 5.0  # e.g. a restart after an outage
    t.apply(tick(t.room, t.now, t.rng))
    assert play.turn == 0 and play.deadline >= t.now + 10.0


def test_an_open_choice_is_made_at_the_end_of_its_turn() -> None:
    t, members = table_of(3, {"drunk": 1, "seer": 1, "werewolf": 2, "villager": 2})
    t.send(members[0], {"type": "start"})
    play = t.room.play
    assert play is not None
    autos: list[ev.Acted] = []
    while play.phase == Phase.NIGHT:
        autos += [e for e in t.until_due() if isinstance(e, ev.Acted)]
    for a in autos:
        turn = play.game.turns[a.turn]
        assert a.auto
        if turn.role == "drunk":  # mandatory: made at random
            assert a.action["type"] == "swap"
        else:  # optional: skipped
            assert a.action == {"type": "pass"}


def test_two_robbers_act_in_the_slot_order_of_the_deal() -> None:
    t, members = table_of(4, {"robber": 2, "werewolf": 1, "villager": 2, "seer": 1, "drunk": 1})
    setup = Setup.fixed(
        "ultimate",
        ["p0", "p1", "p2", "p3"],
        ["robber", "werewolf", "robber", "villager"],
        ["seer", "drunk", "villager"],
        order=[2, 0, 1, 3],
    )
    started = ev.Started(
        game=1,
        seats=members,
        names=["p0", "p1", "p2", "p3"],
        edition="ultimate",
        deck=list(setup.deck),
        setup=setup.to_json(),
        turn=10.0,
        jitter=0.0,
        day=60.0,
        vote=30.0,
        deadline=t.now + 10.0,
    )
    t.apply([started])
    offered = []
    while t.room.play is not None and t.room.play.phase == Phase.NIGHT:
        t.until_due()
        for seat, m in enumerate(members):
            d = t.frame(m).get("decision")
            if d is not None and d["kind"] == "rob":
                offered.append(seat)
                target = 1 if seat == 2 else 2  # cat robs the wolf, then ann robs cat
                t.send(m, {"type": "act", "action": {"type": "swap", "targets": [seat, target]}})
    assert offered == [2, 0]
    game = t.room.play.game  # type: ignore[union-attr]
    assert [game.printed[game.board[s]] for s in range(4)][:3] == ["werewolf", "robber", "robber"]


def test_votes_change_until_the_last_is_in_and_the_deadline_fills_the_missing() -> None:
    t, members = table_of(3, {"werewolf": 2, "villager": 4})
    t.send(members[0], {"type": "start"})
    while t.room.play is not None and t.room.play.phase != Phase.DAY:
        t.until_due()
    with pytest.raises(BadMessage):
        t.send(members[0], {"type": "vote", "target": 1})  # not before the vote
    t.send(members[0], {"type": "end_day"})
    t.send(members[0], {"type": "vote", "target": 1})
    t.send(members[0], {"type": "vote", "target": 2})  # changed
    frame = t.frame(members[0])
    assert frame["vote"] == 2 and frame["voted"] == [0] and frame["decision"]["kind"] == "vote"
    assert "vote" not in t.frame(members[1])
    closed = t.until_due()  # the vote's deadline: the others get random votes
    assert isinstance(closed[0], ev.VoteClosed) and sorted(closed[0].random) == [1, 2]
    play = t.room.play
    assert play is not None and play.phase == Phase.END and play.game.votes[0] == 2


def test_one_tap_per_turn_is_a_rule_of_the_room_stored_like_the_others() -> None:
    """Every member taps once a night turn (an act or 'nothing'): the tap is an event of
    the log, so a second one in the same turn is refused whichever process owns the room
    then, and the next turn opens a new tap."""
    t, members = table_of(3, {"werewolf": 2, "seer": 1, "robber": 1, "villager": 2})
    t.send(members[0], {"type": "start"})
    t.until_due()
    assert t.send(members[1], {"type": "nothing"}) == {}
    assert isinstance(t.log[-1], ev.Tapped) and t.log[-1].member == members[1]
    for again in ({"type": "nothing"}, {"type": "act", "action": {"type": "pass"}}):
        with pytest.raises(BadMessage) as err:
            t.send(members[1], again)
        assert err.value.code == "one_per_turn"
    replayed = Room("TESTS")  # the log replayed by another process: the gate holds
    for e in t.log:
        replayed.apply(e, t.now)
    with pytest.raises(BadMessage) as err:
        decide(
            replayed, members[1], message_adapter.validate_python({"type": "nothing"}), t.now, t.rng
        )
    assert err.value.code == "one_per_turn"
    t.until_due()  # the next turn: a new tap
    assert t.send(members[1], {"type": "nothing"}) == {}


def test_every_message_type_has_a_command() -> None:
    from onenight.session.core import COMMANDS

    opening = {P.Create, P.Join, P.Resume}
    # a voice signal is relayed by the room's actor (it changes nothing), and the ICE
    # servers are the connection's to give (the server's settings, not the room's)
    outside = {P.Signal, P.Ice}
    union = set(P.Message.__args__[0].__args__)  # type: ignore[attr-defined]
    assert union - opening - outside == set(COMMANDS)
