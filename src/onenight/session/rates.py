"""Rates per member and per address, across a member's connections (docs/deploy.md).

A connection's own bucket (``--message-rate``) bounds what one socket sends; a member
holding several (one player resumed on 30 connections, issue 37) or an address holding
many would multiply it. So every message also takes a token from its member's bucket
(the same rate and burst, whatever connections it comes on) and from its address's
(``--address-message-rate``), both in this process (each process bounds what it is
sent; a member's connections to several processes are bounded in each). Chat lines and
whispers are few and worth more: they are bounded per member (``--talk-per-minute``) and
per address (eight times that) in the cluster's buckets, shared by every process over
Redis. A refusal is ``rate_limited``, and changes nothing.
"""

from __future__ import annotations

from onenight.cluster import BusDown, Cluster
from onenight.cluster.buckets import PerAddress, TokenBucket

from .errors import BadMessage, ErrorCode
from .limits import Limits

#: an address's talk: this many members' worth (a household, a classroom behind one NAT)
TALK_MEMBERS_PER_ADDRESS = 8
ROOMS_KEPT = 50_000  #: rooms whose share is remembered (a full bucket for a forgotten one)


class Rates:
    """The shared buckets of one process."""

    def __init__(self, limits: Limits, cluster: Cluster) -> None:
        self.limits = limits
        self.cluster = cluster
        self.members = PerAddress(limits.message_rate * 60, limits.message_burst)
        address_rate = limits.address_message_rate
        self.addresses = PerAddress(address_rate * 60, 2 * address_rate)
        #: each room's share of the process: its messages' turns (room_wait)
        self.rooms: dict[str, TokenBucket] = {}

    def message(self, member: str | None, address: str | None, now: float) -> None:
        """A message from ``member`` (``room-id``, None before a session) at ``address``
        at ``now`` (monotonic seconds): BadMessage ``rate_limited`` when over a bound."""
        if not self.addresses.take(address, now):
            rate = self.limits.address_message_rate
            raise BadMessage(
                ErrorCode.rate_limited, f"at most {rate:g} messages a second from your address"
            )
        if member is not None and not self.members.take(member, now):
            rate = self.limits.message_rate
            raise BadMessage(
                ErrorCode.rate_limited,
                f"at most {rate:g} messages a second from you, on all your connections",
            )

    async def talk(self, member: str, address: str | None) -> None:
        """A chat line or a whisper: BadMessage ``rate_limited`` when over a bound (in
        every process: the cluster's buckets)."""
        per_minute = self.limits.talk_per_minute
        try:
            ok = await self.cluster.within_rate("talk", member, per_minute)
            if ok and address is not None:
                per_address = per_minute * TALK_MEMBERS_PER_ADDRESS
                ok = await self.cluster.within_rate("talk-address", address, per_address)
        except BusDown:
            raise BadMessage(
                ErrorCode.busy, "the server lost touch with the room: try again"
            ) from None
        if not ok:
            raise BadMessage(ErrorCode.rate_limited, f"at most {per_minute:g} lines a minute: wait")

    def room_wait(self, room: str, now: float) -> float:
        """Seconds a message of ``room`` waits before it is read (0: none): each room
        is served ``--room-message-rate`` messages a second (bursts of twice that), and
        a room sending more waits for its turn (its connections stop reading, their
        clients' sends queue in the system) while the other rooms are served: a busy
        room slows itself, not its neighbours. Each message takes its turn (a token,
        in debt when there is none) and waits until the bucket has refilled to it."""
        rate = self.limits.room_message_rate
        if rate <= 0:
            return 0.0
        bucket = self.rooms.get(room)
        if bucket is None:
            if len(self.rooms) >= ROOMS_KEPT:  # rooms gone elsewhere: start afresh
                self.rooms.clear()
            bucket = self.rooms[room] = TokenBucket(rate, 2 * rate, debt=True)
        bucket.take(now)
        return max(0.0, -bucket.tokens / rate)

    def room_closed(self, room: str) -> None:
        self.rooms.pop(room, None)
