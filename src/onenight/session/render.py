"""Rendering a room's frames: what each member is sent, numbered, padded and kept.

A room's actor (:class:`.actor.RoomActor`) renders, for every change the events make,
the frames of each member who must see it (:meth:`Rendering.publish`): the lobby
(``room``), the game as the member may see it (``state``, the allowlist of
:mod:`.views`), the talk, and a ``bye``. Each frame is numbered for its member
(``n``: 1, 2, …), padded to the game's frame size while a game is under way
(:mod:`.padding`), kept for a ``resume`` (the last :data:`REPLAY`), and queued in the
outbox that the actor delivers when it lets the room's lock go.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from onenight.cluster import Frame, Kept, Post
from onenight.rules import Phase

from . import events as ev
from .errors import BadMessage, ErrorCode
from .padding import pad
from .room import Room
from .timing import Clock
from .views import encode, log_frame, room_frame, state_frame, visible, with_field, you
from .voice import voice_json

REPLAY = 32  #: frames kept per member for a resume that missed a few
#: seconds a connection opened in another process may wait before its count reaches the
#: owner (it opens, then is counted): meanwhile the room's frames are published for it
OPENING = 10.0


class Rendering:
    """The frames part of a room's actor."""

    room: Room
    clock: Clock
    me: str  #: this process (the frames go on the bus while another may need them)
    online: dict[int, int]  #: member → connections, in every process
    online_at: dict[str, dict[int, int]]  #: process → member → connections
    #: until when (monotonic time) the frames are published whatever the counts say:
    #: a connection opened in another process and not counted yet, or a take-over
    elsewhere_until: float
    numbers: dict[int, int]  #: member → the number of its last frame
    #: every frame of the room since its creation was numbered here (a room made by this
    #: process, never rebuilt from its log): a ``last`` beyond them was never sent
    numbered_all: bool
    kept: dict[int, deque[Frame]]  #: for a resume
    outbox: list[Post]  #: frames to deliver when the lock is let go
    voice_sent: str  #: the voice rule as the members last got it (encoded)
    #: members whose last log frame came at night, without the earlier games' talk
    short_log: set[int]

    def pad_size(self, night_only: bool = True) -> int | None:
        """The size frames are padded to now: the game's during the night (and, for state
        frames, until the end), else None."""
        play = self.room.play
        if play is None or not self.room.playing:
            return None
        if night_only and play.phase != Phase.NIGHT:
            return None
        return play.frame_size

    @property
    def at_night(self) -> bool:
        play = self.room.play
        return play is not None and play.phase == Phase.NIGHT

    def send(
        self,
        member: int,
        frame: dict[str, Any] | str,
        night_only: bool = True,
        kind: str | None = None,
    ) -> None:
        """Number a frame for its member (``n``: 1, 2, … on the member's channel), pad it
        if the game wants it, keep it for a ``resume``, and queue it to go out. Its number,
        its kind (its ``type``: ``kind`` says it for a frame encoded already) and whether
        it is a night frame travel with it as data (:class:`Frame`)."""
        if not isinstance(frame, str):
            kind, frame = frame["type"], encode(frame)
        elif kind is None:
            raise TypeError("a frame encoded already needs its kind")
        n = self.numbers.get(member, 0) + 1
        self.numbers[member] = n
        raw = with_field(frame, "n", n)
        size = self.pad_size(night_only)
        if size is None:
            f = Frame(n, kind, False, raw)
        else:
            f = Frame(n, kind, self.at_night, pad(raw.encode(), size))
        kept = self.kept.get(member)
        if kept is None:
            kept = self.kept[member] = deque(maxlen=REPLAY)
        kept.append(f)
        self.outbox.append((member, f))

    def missed(self, member: int, last: int) -> list[Frame] | None:
        """The frames after ``last`` exactly as they were sent, or None when they are not
        all kept any more (too many, or a restart): then the member gets the full view,
        numbered on from ``last``. A ``last`` beyond the frames sent is refused where
        they are all known (:attr:`numbered_all`); after a restart it is taken as it is
        (the numbers were lost with the process)."""
        numbers = self.numbers.get(member, 0)
        if last > numbers and self.numbered_all:
            # never sent: numbering on from it would soon pass JavaScript's safe integers
            raise BadMessage(
                ErrorCode.invalid, f"last: no frame {last} was sent (at most {numbers})"
            )
        kept = self.kept.get(member, ())
        first = (kept[0].n or 0) if kept else 0  # a member's frames are all numbered
        if last > numbers or (numbers > last and (not kept or first > last + 1)):
            self.numbers[member] = max(numbers, last)
            return None
        return [f for f in kept if (f.n or 0) > last]

    def restore_frames(self, kept: Kept) -> None:
        """Frame numbers and kept frames from the cluster (a room taken over)."""
        self.numbers.update(kept.numbers)
        for member, frames in kept.frames.items():
            if frames:
                self.kept[member] = deque(frames, maxlen=REPLAY)
                self.numbers[member] = max(self.numbers.get(member, 0), frames[-1].n or 0)

    def heard_elsewhere(self) -> bool:
        """Whether another process may hold a connection of a member: then the frames go
        on the bus for it; else this process hands them to its own connections alone (a
        room whose members all came to its process costs Redis no ``PUBLISH``)."""
        if self.clock.monotonic() < self.elsewhere_until:
            return True
        me = self.me
        return any(p != me and any(c.values()) for p, c in self.online_at.items())

    def opened_elsewhere(self) -> None:
        """A connection of a member opened in another process (or this process took the
        room over, and the counts it read may be a moment old): publish for a while."""
        self.elsewhere_until = self.clock.monotonic() + OPENING

    def recipients(self) -> list[int]:
        return [m.id for m in self.room.members.values() if not m.gone]

    def online_members(self) -> set[int]:
        return {m for m, n in self.online.items() if n > 0}

    def send_room(self, skip: frozenset[int] = frozenset()) -> None:
        """The room frame to every member: its public part is built and encoded once."""
        public = encode(room_frame(self.room, None, self.online_members()))
        for m in self.recipients():
            if m not in skip:
                self.send(m, with_field(public, "you", you(self.room, m)), kind="room")

    def send_state(self, members: Iterable[int]) -> None:
        for m in members:
            frame = state_frame(self.room, m, self.clock.now())
            if frame is not None:
                self.send(m, frame, night_only=False)

    def send_full(self, member: int) -> None:
        """Everything a member sees, after joining or reconnecting. At night the log
        holds the game's talk only (none: nobody talks at night), not the earlier
        games', whose size would show in a frame that must be of the game's one size:
        those come in a log frame when the day begins (``short_log``)."""
        self.send(member, room_frame(self.room, member, self.online_members()))
        self.send_state([member])
        night = self.at_night
        if night:
            self.short_log.add(member)
        self.send(member, log_frame(self.room, member, earlier=not night))

    def publish(self, events: list[ev.RoomEvent], ended: bool) -> None:
        """The frames these events cause: what changed, to whom it changed for. A member
        who joins now gets its first frames when its connection opens (numbered from 1),
        not these: it has no connection yet to get them on."""
        room = self.room
        kinds = {e.kind for e in events}
        joined = frozenset(e.member for e in events if isinstance(e, ev.Joined))
        for e in events:
            if isinstance(e, ev.Left | ev.Kicked):
                self.send(e.member, {"type": "bye", "reason": e.kind})
        lobby = bool(kinds & ev.LOBBY_KINDS) or ended
        if lobby:
            self.send_room(joined)
        # Night choices change nobody's frame now: their results come with the next turn.
        if kinds & ev.GAME_KINDS or ended:
            self.send_state(m for m in self.recipients() if m not in joined)
        if "day" in kinds and self.short_log:  # the talk of earlier games, held back
            for m in sorted(self.short_log):
                if m in self.room.members:
                    self.send(m, log_frame(room, m))
            self.short_log.clear()
        # Each line of talk is its own entry: the last ones of the log, in order (a bot's
        # claims and its sentence come in one commit, and each is sent, not the last).
        talk = sum(isinstance(e, ev.Chat | ev.Whisper | ev.Claimed) for e in events)
        entries = (room.play.log if room.play is not None else room.log)[-talk:] if talk else []
        for entry in entries:
            texts: dict[bool, str] = {}  # the entry itself, or the "whispered" of it
            for m in self.recipients():
                frame = visible(entry, m)
                whole = frame is entry
                if whole not in texts:
                    texts[whole] = encode(frame)
                self.send(m, texts[whole], kind=frame["type"])
        self.send_voice(lobby)

    def send_voice(self, in_room_frame: bool) -> None:
        """The voice rule to every member when it changed: in the room frame when one went
        out (the deal's: before the night's state frames), else in a ``voice`` frame after
        the others (the day's: after the state frame that opens it). So no voice frame
        stands among the night's frames, and the rule is the same for every member."""
        now = encode(voice_json(self.room))
        if now == self.voice_sent:
            return
        self.voice_sent = now
        if in_room_frame:
            return
        frame = f'{{"type":"voice",{now[1:]}'
        for m in self.recipients():
            self.send(m, frame, kind="voice")
