"""Rooms that do not slow each other (issue 37 point 5; docs/deploy.md): each room is
served --room-message-rate messages a second (bursts of twice that); a room sending
more waits its turn, message after message, while another room's messages are served
at once. The waits follow from the setting alone (no clock is read: times are given)."""

from __future__ import annotations

from onenight.cluster import LocalCluster
from onenight.pubsub import MemoryPubSub
from onenight.session.limits import Limits
from onenight.session.rates import Rates

RATE = 100.0


def rates() -> Rates:
    return Rates(Limits(room_message_rate=RATE), LocalCluster(MemoryPubSub(), lambda: 0.0))


def test_a_busy_room_waits_its_turn_and_its_neighbour_does_not() -> None:
    r = rates()
    waits = [r.room_wait("BUSY0", 10.0) for _ in range(int(3 * RATE))]
    burst = int(2 * RATE)
    assert waits[:burst] == [0.0] * burst  # the burst: served at once
    # then one more every 1/RATE seconds: the k-th past the burst waits k/RATE
    for k, wait in enumerate(waits[burst:], start=1):
        assert abs(wait - k / RATE) < 1e-9
    assert r.room_wait("QUIET", 10.0) == 0.0  # the neighbour is served at once
    # the busy room's bucket refills with time: a second later it has RATE back (its
    # debt of RATE paid first), so one more still waits, less
    assert 0 < r.room_wait("BUSY0", 11.0) < waits[-1]


def test_no_bound_when_the_setting_is_zero() -> None:
    r = Rates(Limits(room_message_rate=0), LocalCluster(MemoryPubSub(), lambda: 0.0))
    assert all(r.room_wait("ROOM0", 0.0) == 0.0 for _ in range(1000))
