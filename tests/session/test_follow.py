"""Where a room goes when its members are elsewhere (onenight.session.follow)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from onenight.rules import Phase
from onenight.session import follow
from onenight.session.follow import Follower, where_most_are
from onenight.session.limits import Limits


def test_the_room_goes_where_more_than_half_of_its_online_members_are() -> None:
    assert where_most_are({"a": {1: 1}, "b": {2: 1, 3: 1}}) == "b"
    assert where_most_are({"a": {1: 1, 2: 1}, "b": {3: 1, 4: 1}}) is None  # a tie: stays
    assert where_most_are({"a": {1: 1}, "b": {2: 1}, "c": {3: 1}}) is None
    # offline members (no connection left) do not count, wherever they were
    assert where_most_are({"a": {1: 1, 2: 0, 3: 0}, "b": {4: 1, 5: 1}}) == "b"
    # a member connected to two processes counts once in the whole, and on each
    assert where_most_are({"a": {1: 1, 2: 1}, "b": {2: 1, 3: 1, 4: 1}}) == "b"
    assert where_most_are({}) is None
    assert where_most_are({"a": {1: 0}}) is None


def _hub(shared: bool = True, follow: bool = True) -> Any:
    cluster = SimpleNamespace(shared=shared, me="a")
    return SimpleNamespace(cluster=cluster, limits=Limits(follow_members=follow), rooms={})


def _actor(hub: Any, phase: Phase | None, online_at: dict[str, dict[int, int]]) -> Any:
    play = None if phase is None else SimpleNamespace(phase=phase)
    room = SimpleNamespace(code="ROOMX", closed=False, play=play)
    actor = SimpleNamespace(room=room, online_at=online_at)
    hub.rooms["ROOMX"] = actor
    return actor


async def _moves(hub: Any, actor: Any) -> list[str]:
    """Where ``check`` sends the room (the hand-over itself recorded, not carried out)."""
    follower = Follower(hub)
    moved: list[str] = []

    async def hand_over(actor: Any, to: str) -> None:
        moved.append(to)

    follower._hand_over = hand_over  # type: ignore[method-assign]
    follower.check(actor)
    await asyncio.sleep(0)
    await asyncio.gather(*follower.moving.values())
    return moved


async def test_the_owner_hands_the_room_over_only_out_of_the_night() -> None:
    elsewhere = {"a": {1: 1}, "b": {2: 1, 3: 1}}
    hub = _hub()
    assert await _moves(hub, _actor(hub, None, elsewhere)) == ["b"]  # the lobby
    assert await _moves(hub, _actor(hub, Phase.DAY, elsewhere)) == ["b"]
    assert await _moves(hub, _actor(hub, Phase.NIGHT, elsewhere)) == []
    assert await _moves(hub, _actor(hub, None, {"a": {1: 1, 2: 1}, "b": {3: 1}})) == []
    one = _hub(shared=False)
    assert await _moves(one, _actor(one, None, elsewhere)) == []
    off = _hub(follow=False)
    assert await _moves(off, _actor(off, None, elsewhere)) == []


async def test_a_room_new_to_its_owner_waits_before_it_moves_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At most one move in MOVE_GAP: a check that comes sooner is looked at again then."""
    monkeypatch.setattr(follow, "MOVE_GAP", 0.2)
    hub = _hub()
    actor = _actor(hub, None, {"a": {1: 1}, "b": {2: 1, 3: 1}})
    follower = Follower(hub)
    moved: list[str] = []

    async def hand_over(actor: Any, to: str) -> None:
        moved.append(to)

    follower._hand_over = hand_over  # type: ignore[method-assign]
    follower.came("ROOMX")
    follower.check(actor)
    await asyncio.sleep(0.05)
    assert moved == []  # too soon
    await asyncio.sleep(0.3)
    assert moved == ["b"]  # looked at again once the gap was over
