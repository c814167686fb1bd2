"""Who sits at the next game, in process: bots the host seats and removes, and a person
who joins while a game is under way (seated for the next one)."""

from __future__ import annotations

import pytest

from onenight.rules import Phase
from onenight.session.protocol import BadMessage
from onenight.session.views import room_frame

from .test_core import FAST, Table, play_out


def refused(t: Table, member: int, message: dict[str, object]) -> str:
    with pytest.raises(BadMessage) as err:
        t.send(member, message)
    return str(err.value.code)


def test_the_host_seats_bots_and_removes_one_between_games() -> None:
    t = Table()
    ann, bob = t.add("ann"), t.add("bob")
    levels = ("random", "basic", "reasoner")
    bots = [t.send(ann, {"type": "add_bot", "level": level})["member"] for level in levels]
    listed = {m["member"]: m for m in room_frame(t.room, bob, set())["members"]}
    assert [listed[b]["bot"] for b in bots] == list(levels)
    assert t.room.seats == [ann, bob, *bots]
    # Only the host seats or removes a bot; a bot is never made host.
    assert refused(t, bob, {"type": "add_bot"}) == "not_host"
    assert refused(t, bob, {"type": "kick", "member": bots[0]}) == "not_host"
    assert refused(t, ann, {"type": "host", "member": bots[0]}) == "bad_member"
    # Removing a bot (``kick``) gives its seat back at once, between games.
    gone = t.room.members[bots[1]].name
    t.send(ann, {"type": "kick", "member": bots[1]})
    assert t.room.seats == [ann, bob, bots[0], bots[2]]
    assert bots[1] not in {m["member"] for m in room_frame(t.room, ann, set())["members"]}
    assert refused(t, ann, {"type": "kick", "member": bots[1]}) == "bad_member"
    # The next bot takes the first free name again (its own initial at this table).
    again = t.send(ann, {"type": "add_bot", "level": "basic"})["member"]
    assert t.room.members[again].name == gone


def test_bots_join_between_games_only_and_a_removed_one_plays_its_game_out() -> None:
    t = Table()
    ann = t.add("ann")
    bots = [t.send(ann, {"type": "add_bot", "level": "random"})["member"] for _ in range(2)]
    t.send(ann, {"type": "configure", **FAST})
    t.send(ann, {"type": "start"})
    assert refused(t, ann, {"type": "add_bot"}) == "out_of_phase"
    t.send(ann, {"type": "kick", "member": bots[0]})
    play = t.room.play
    assert play is not None and bots[0] in play.seats  # the seat plays on …
    while t.room.play is not None and t.room.play.phase != Phase.END:
        t.until_due()
    assert t.room.seats == [ann, bots[1]]  # … and is free once the game is over


def test_a_player_who_joins_during_a_game_is_seated_for_the_next_one() -> None:
    t = Table()
    members = [t.add(f"p{i}") for i in range(3)]
    t.send(members[0], {"type": "configure", **FAST})  # the edition's deck for the seats
    t.send(members[0], {"type": "start"})
    late = t.add("late")
    play = t.room.play
    assert play is not None and late not in play.seats
    frame = room_frame(t.room, late, set())
    assert frame["playing"] and frame["you"]["seat"] is None and not frame["you"]["spectator"]
    assert t.frame(late).get("seat") is None  # the game as a spectator sees it
    assert refused(t, late, {"type": "chat", "text": "hi"}) == "not_player"
    play_out(t, members)
    while t.room.play is not None and t.room.play.phase != Phase.END:
        t.until_due()
    assert room_frame(t.room, late, set())["you"]["seat"] == 3  # next in the lobby order
    t.send(members[0], {"type": "start"})
    assert t.room.play is not None and t.room.play.seats == [*members, late]
    assert t.frame(late)["seat"] == 3
