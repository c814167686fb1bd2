"""What a cluster is, whatever the backend: the :class:`Cluster` a process's hub uses,
the :class:`Owner` it asks of the hub, and what they exchange (:data:`Post`,
:class:`Kept`, the errors of a forwarded request)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple, Protocol, TypeAlias

from onenight.pubsub import Frame

#: A frame for one member of a room: (member, frame), as a room's owner delivers it.
Post: TypeAlias = tuple[int, Frame]


class Kept(NamedTuple):
    """What a room's last owner left for the next: each member's last frames (numbered,
    in order), and the number of each member's last frame (to number on from)."""

    frames: dict[int, list[Frame]]
    numbers: dict[int, int]


def channel(code: str, member: int) -> str:
    """The pub/sub channel of one member of one room."""
    return f"{code}:{member}"


class BusDown(Exception):
    """The bus did not answer (Redis restarting): a request could not reach the room's
    owner, or its answer could not come back. It may or may not have been carried out."""


class OwnerGone(Exception):
    """The room's owner did not answer in time (it may have died): ask again."""


class CallFailed(Exception):
    """The room's owner could not carry out a request (a bug there): not asked again."""


class Owner(Protocol):
    """What a cluster asks of the hub of its process."""

    async def serve(self, code: str, request: str) -> str:
        """Carry out a request forwarded by another process for a room owned here; its
        answer (both are texts the session encodes: the cluster only carries them).
        OwnerGone: the room is not owned here."""

    async def take_over(self, code: str) -> bool:
        """Become the owner of a room nobody owns (its lease is free)."""

    async def lost(self, code: str) -> None:
        """Another process owns this room now: stop serving it here."""

    async def process_gone(self, process: str) -> None:
        """A process died: its connections' members are offline."""

    async def process_back(self, process: str) -> None:
        """A process is alive (new, or back after a pause): count its connections."""

    async def open_rooms(self) -> list[str]:
        """The open rooms of the store (the bus lost its list: it is made again)."""

    async def restate_presence(self) -> None:
        """The bus may have lost this process's presence counts (Redis restarted empty,
        or this process's heartbeat lapsed): state them again (:meth:`Cluster.presence`),
        and to each room's owner. An error: asked again a moment later."""


class Cluster(Protocol):
    me: str  #: this process's id
    shared: bool  #: whether other processes may own rooms

    async def start(self, owner: Owner, rooms: Sequence[str]) -> None:
        """Serve this process's part; ``rooms``: the open rooms of the store."""

    async def stop(self) -> None:
        """Hand this process's leases back (another process takes the rooms at once)."""

    async def new_room(self, code: str) -> bool:
        """Reserve a fresh room code across processes and own its room (False if taken)."""

    async def acquire(self, code: str) -> bool:
        """Own a room whose lease is free (False if another process owns it)."""

    async def owner(self, code: str) -> str | None:
        """The process that owns the room now, if any."""

    async def release(self, code: str, closed: bool) -> None:
        """Give a room's lease back (``closed``: the room will never open again)."""

    async def call(self, owner: str, code: str, request: str) -> str:
        """Forward a request to the room's owner; its answer, or OwnerGone when it does
        not answer in time (or does not own the room), or CallFailed."""

    async def deliver(
        self,
        code: str,
        frames: Sequence[Post],
        numbers: Mapping[int, int],
        elsewhere: bool = True,
    ) -> None:
        """Hand each (member, frame), in order, to this process's subscribers of the
        member's channel, and keep them, with every member's last number (``numbers``),
        for a take-over; ``elsewhere``: publish them to the other processes too (one of
        them may hold a connection of a member)."""

    async def kept(self, code: str) -> Kept:
        """The frames kept and the numbers (for a process that takes a room over)."""

    async def presence(self, code: str, counts: Mapping[int, int]) -> None:
        """This process's connections to these members of a room now, as it counts them
        (written whole, not added to: the same write states them all again after the
        cluster lost them, :meth:`Owner.restate_presence`)."""

    async def online(self, code: str) -> dict[str, dict[int, int]]:
        """Process → member → connections, for the live processes (a take-over)."""

    async def within_rate(
        self, kind: str, address: str | None, per_minute: float, take: bool = True
    ) -> bool:
        """Whether this address is within its rate of ``kind`` (``creates``, ``joins``,
        ``guesses``) now: a token bucket per address and kind, ``per_minute`` (0: no
        limit). True takes a token, unless ``take`` is False (only asked)."""
