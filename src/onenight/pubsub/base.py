"""What the pub/sub offers, whatever the backend: the :class:`Frame` a channel carries,
the :class:`PubSub` and :class:`Subscription` interfaces.

What a channel carries is a :class:`Frame`: the text that goes on the wire, with what the
transport needs to know of it as data (its number, its kind, whether it is a night
frame), so that nothing downstream parses the text again.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from typing import NamedTuple, Protocol


class Frame(NamedTuple):
    """One frame on its way to a member's connection.

    ``text`` is exactly what goes on the wire (padded when the game wants it); the other
    fields say what the connection needs to know of it, so that it never reads the JSON:
    ``n``, the member's frame number (None for what is not one of a room's frames: a
    connection's own answers, ``ack`` and ``error``, and a plain :meth:`PubSub.publish`);
    ``kind``, its ``type`` (``room``, ``state``, ``log``, ``chat``, ``whisper``,
    ``whispered``, ``claim``, ``bye``, ``ack``, ``error``); ``night``, whether it went out
    at night padded to the night's frame size (a night ``state`` frame's size is the size
    that an answer refused at night is padded to)."""

    n: int | None
    kind: str
    night: bool
    text: str


PLAIN = "plain"  #: the kind of a plain text published on a channel


def plain(text: str) -> Frame:
    """A plain text published on a channel (the requests between processes), as its
    subscribers get it: not a room's frame (no number), not a night frame."""
    return Frame(None, PLAIN, False, text)


class Subscription(Protocol):
    """Frames handed out or published on the channels subscribed to, in order."""

    #: called once if the queue overflows (its reader may be stuck sending elsewhere)
    on_overflow: Callable[[], None] | None

    def __aiter__(self) -> AsyncIterator[Frame]: ...

    def put(self, message: Frame) -> None:
        """Queue a frame for this subscriber alone, after those already delivered to it
        (a connection's answers keep their place among its channel's frames)."""

    def pending(self) -> int:
        """Messages queued and not yet read."""

    async def close(self) -> None: ...


class PubSub(Protocol):
    """Channels carry frames (their text is JSON, so any transport can carry them)."""

    async def publish(self, channel: str, message: str) -> None:
        """A plain text to every subscriber of ``channel``, in any process (each gets it
        as :func:`plain`): what the processes say to one another, not a room's frame."""

    def hand_out(self, messages: Sequence[tuple[str, Frame]]) -> None:
        """Each (channel, frame), in order, to the subscribers of this process alone
        (the frames of a room owned here, for its members connected here)."""

    async def subscribe(self, channels: Iterable[str], group: str | None = None) -> Subscription:
        """Subscribe to ``channels``; ``group`` names the batch they belong to (a room's
        members: a backend may carry one batch of several channels' messages at once)."""

    async def ping(self) -> bool:
        """Whether the backend is reachable (``/api/ready``)."""

    async def close(self) -> None: ...


class SlowSubscriber(Exception):
    """A subscriber fell too far behind; it must reconnect and reload its view."""
