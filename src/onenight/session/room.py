"""A room: members, seats in order, the host, settings and the scoreboard.

A room is rebuilt from its event log (:mod:`.events`): ``Room.apply`` is the only way it
changes, and it is deterministic (every random choice is made before an event is
written and is stored in it), so replaying the log after a restart gives back the same
room and game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from onenight.rules import Phase

from . import events as ev
from .play import Play

#: Timer defaults, seconds. The night turn defaults to the edition's (10 s japanese, 15 s).
DEFAULT_JITTER = 3.0
DEFAULT_DAY = 300.0
DEFAULT_VOTE = 30.0
DEFAULT_GRACE = 30.0
LOBBY_LOG = 50
HISTORY = 120  #: talk entries of the earlier games kept (the log frame sends them by day)
ANSWERS_KEPT = 256  #: answers to commands kept per room, for a command asked again


@dataclass
class Member:
    """Someone in the room: a player (with a seat in the lobby order) or a spectator."""

    id: int
    name: str
    token_hash: str
    spectator: bool
    gone: bool = False  #: left or kicked during a game: the seat plays on, the token is void
    bot: str | None = None  #: a bot's level
    stand_in: str | None = None  #: the level of the bot playing for this absent player
    screen: bool = False  #: a shared screen (the TV view): a spectator with no name shown


@dataclass
class Settings:
    """What the host controls. ``deck`` None: the edition's default deck for the seats."""

    edition: str = "ultimate"
    deck: dict[str, int] | None = None
    turn: float | None = None
    jitter: float = DEFAULT_JITTER
    day: float = DEFAULT_DAY
    vote: float = DEFAULT_VOTE
    chips: int = 0  #: chips that win the tournament (0: no tournament)
    grace: float = DEFAULT_GRACE  #: seconds away before a bot plays a player's seat
    lang: str = "en"  #: the room's language (what bots say in the chat)
    spectators_hear: bool = False  #: spectators hear the players' voices (docs/voice.md)

    def to_json(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "deck": self.deck,
            "turn": self.turn,
            "jitter": self.jitter,
            "day": self.day,
            "vote": self.vote,
            "chips": self.chips,
            "grace": self.grace,
            "lang": self.lang,
            "spectators_hear": self.spectators_hear,
        }


@dataclass
class Room:
    """The state of one room, as its events made it."""

    code: str
    created_at: float = 0.0
    last_at: float = 0.0  #: when the last event happened
    seq: int = 0
    members: dict[int, Member] = field(default_factory=dict)
    seats: list[int] = field(default_factory=list)  #: player member ids in seat order
    host: int | None = None
    #: the last time the host passed on (left, kicked, away past the grace): who was
    #: host (``from``, a name) and who is now (``member``), until the next game starts
    host_passed: dict[str, Any] | None = None
    settings: Settings = field(default_factory=Settings)
    chips: dict[int, int] = field(default_factory=dict)
    champions: list[int] = field(default_factory=list)
    games: int = 0
    play: Play | None = None
    closed: bool = False
    tokens: dict[str, int] = field(default_factory=dict)
    log: list[dict[str, Any]] = field(default_factory=list)  #: lobby chat (bounded)
    #: the talk of the earlier games (and of the lobby before them), the last HISTORY
    #: entries, each with its ``game`` (0: the lobby before the first game)
    history: list[dict[str, Any]] = field(default_factory=list)
    #: request id → the answer of the command (the last ANSWERS_KEPT, in order)
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: voice whispers held now: member → the member who alone hears them
    voice_whispers: dict[int, int] = field(default_factory=dict)

    # ----- queries -----

    @property
    def playing(self) -> bool:
        """A game is under way (not ended)."""
        return self.play is not None and self.play.phase != Phase.END

    @property
    def phase(self) -> Phase | None:
        """The phase of the game under way or just ended; ``None`` before the first game."""
        return self.play.phase if self.play is not None else None

    def active(self) -> list[Member]:
        return [m for m in self.members.values() if not m.gone]

    def seat_of(self, member_id: int) -> int | None:
        """The member's seat: in the game under way, else in the lobby order."""
        if self.play is not None and self.play.phase != Phase.END:
            return self.play.seat_of(member_id)
        return self.seats.index(member_id) if member_id in self.seats else None

    def member_by_name(self, name: str) -> Member | None:
        folded = name.casefold()
        for m in self.members.values():
            if not m.gone and m.name.casefold() == folded:
                return m
        return None

    # ----- events -----

    def apply(self, event: ev.RoomEvent, at: float) -> None:
        """Apply one event of the log (already stored)."""
        self.seq += 1
        self.last_at = at
        _HANDLERS[type(event)](self, event, at)

    def _on_created(self, e: ev.Created, at: float) -> None:
        self.created_at = at

    def _on_joined(self, e: ev.Joined, at: float) -> None:
        m = Member(e.member, e.name, e.token_hash, e.spectator, bot=e.bot, screen=e.screen)
        self.members[m.id] = m
        if e.bot is None:
            self.tokens[m.token_hash] = m.id
        if not m.spectator:
            self.seats.append(m.id)
            self.chips.setdefault(m.id, 0)
        if self.host is None and not m.spectator:
            self.host = m.id

    def _on_left(self, e: ev.Left | ev.Kicked, at: float) -> None:
        m = self.members[e.member]
        m.gone = True
        self.tokens.pop(m.token_hash, None)
        self.voice_whispers = {
            a: b for a, b in self.voice_whispers.items() if e.member not in (a, b)
        }
        if not (self.playing and self.play is not None and e.member in self.play.seats):
            self._drop(e.member)
        if self.host == e.member:
            people = (i for i in self.seats if not self.members[i].gone and not self.members[i].bot)
            self.host = next(people, None)
            # (the actor passes it on to a player who is present: HostChanged)
            self.host_passed = None if self.host is None else {"from": m.name, "member": self.host}

    def _drop(self, member_id: int) -> None:
        if member_id in self.seats:
            self.seats.remove(member_id)
        self.members.pop(member_id, None)
        self.chips.pop(member_id, None)

    def _on_host(self, e: ev.HostChanged, at: float) -> None:
        self.host = e.member
        if e.passed is None:  # handed over by the host: nothing to explain
            self.host_passed = None
            return
        before = self.members.get(e.passed)
        name = before.name if before is not None else (self.host_passed or {}).get("from")
        self.host_passed = {"from": name, "member": e.member}

    def _on_configured(self, e: ev.Configured, at: float) -> None:
        for key, value in e.model_dump(exclude={"kind", "default_deck"}, exclude_none=True).items():
            setattr(self.settings, key, value)
        if e.default_deck:
            self.settings.deck = None

    def _on_started(self, e: ev.Started, at: float) -> None:
        if self.champions:  # a finished tournament: a new one begins
            self.champions = []
            self.chips = {i: 0 for i in self.seats}
        # The talk so far (the last game's, or the lobby's before the first) stays
        # readable above the new game's, which starts on its own separator.
        before = self.play.log if self.play is not None else self.log
        self.history = [*self.history, *before][-HISTORY:]
        self.log = []
        self.games = e.game
        self.play = Play.start(e, at)
        self.host_passed = None
        self.voice_whispers = {}  # the night: nobody speaks

    def _on_chat(self, e: ev.Chat, at: float) -> None:
        entry = {"type": "chat", **e.data(), "at": at, "game": self.games}
        if self.play is not None:
            self.play.log.append(entry)
        else:
            self.log = [*self.log[-(LOBBY_LOG - 1) :], entry]

    def _on_whisper(self, e: ev.Whisper, at: float) -> None:
        if self.play is None:
            raise ValueError("whisper without a game")
        play = self.play
        # Its two ends by name and member, not only by seat: the entry stays readable
        # (and private) after the game, in the lobby and in the next games' log.
        ends = (e.from_, e.to)
        self.play.log.append(
            {
                "type": "whisper",
                **e.data(),
                "at": at,
                "game": play.no,
                "names": [play.names[s] for s in ends],
                "members": [play.seats[s] for s in ends],
            }
        )

    def _on_claimed(self, e: ev.Claimed, at: float) -> None:
        if self.play is None:
            raise ValueError("claim without a game")
        # With the game's names: the claim reads the same after the game, in the lobby's
        # talk and in the next games' log (its speaker and targets are seats of this game).
        play = self.play
        entry = {"type": "claim", **e.data(), "at": at, "game": play.no}
        self.play.log.append({**entry, "players": list(play.names)})

    def _on_voice_whisper(self, e: ev.VoiceWhispered, at: float) -> None:
        if e.to is None:
            self.voice_whispers.pop(e.member, None)
        else:
            self.voice_whispers[e.member] = e.to

    def _on_stand_in(self, e: ev.StandIn, at: float) -> None:
        self.members[e.member].stand_in = e.level

    def _on_stand_in_ended(self, e: ev.StandInEnded, at: float) -> None:
        self.members[e.member].stand_in = None

    def _on_tapped(self, e: ev.Tapped, at: float) -> None:
        if self.play is None:
            raise ValueError("tap without a game")
        self.play.tapped[e.member] = e.turn

    def _on_answered(self, e: ev.Answered, at: float) -> None:
        self.answers[e.request] = e.reply
        if len(self.answers) > ANSWERS_KEPT:
            del self.answers[next(iter(self.answers))]

    def _on_closed(self, e: ev.Closed, at: float) -> None:
        self.closed = True

    def _on_game(self, e: ev.RoomEvent, at: float) -> None:
        """A game event (a turn, a choice, the day, a vote …): see Play.apply."""
        if self.play is None:
            raise ValueError("game event without a game")
        if self.play.apply(e, at):
            self._score()

    def _score(self) -> None:
        play = self.play
        assert play is not None and play.winners is not None
        for seat in play.winners:
            member = play.seats[seat]
            if member in self.chips:
                self.chips[member] += 1
        target = self.settings.chips
        if target and max(self.chips.values(), default=0) >= target:
            best = max(self.chips.values())
            self.champions = [i for i, c in self.chips.items() if c == best]
        for member_id in play.seats:  # players who left during the game go now
            m = self.members.get(member_id)
            if m is not None:
                m.stand_in = None
            if m is not None and m.gone:
                self._drop(member_id)


_HANDLERS: dict[type, Callable[[Room, Any, float], None]] = {
    ev.Created: Room._on_created,
    ev.Joined: Room._on_joined,
    ev.Left: Room._on_left,
    ev.Kicked: Room._on_left,
    ev.HostChanged: Room._on_host,
    ev.Configured: Room._on_configured,
    ev.Started: Room._on_started,
    ev.Chat: Room._on_chat,
    ev.Whisper: Room._on_whisper,
    ev.Claimed: Room._on_claimed,
    ev.VoiceWhispered: Room._on_voice_whisper,
    ev.StandIn: Room._on_stand_in,
    ev.StandInEnded: Room._on_stand_in_ended,
    ev.Closed: Room._on_closed,
    ev.Tapped: Room._on_tapped,
    ev.Answered: Room._on_answered,
    ev.TurnBegan: Room._on_game,
    ev.Acted: Room._on_game,
    ev.DayBegan: Room._on_game,
    ev.ReadyToVote: Room._on_game,
    ev.VoteOpened: Room._on_game,
    ev.Voted: Room._on_game,
    ev.VoteClosed: Room._on_game,
}
