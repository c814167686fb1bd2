"""The room's events: typed, versioned, each declaring who may see it.

A room is its event log. Every event is a frozen pydantic model of the discriminated
union :data:`RoomEvent` (``kind`` is the discriminator, stored in the log's ``kind``
column; the rest is the ``data`` JSON). Events are facts that already happened: every
random choice (a deal's seed, a turn's jitter, a vote made for an absent player) is made
before the event is written and is stored in it, so replaying the log rebuilds the room
exactly.

``audience`` says who may ever see an event's content: ``room`` (every member), ``pair``
(a whisper's two ends), ``seat`` (the seat it concerns, and everyone once the game is
over) or ``server`` (nobody: the deal). Frames are built from the state the events make,
never by forwarding events, but the chat log and replays are filtered by it.

Versions: ``started`` v2 stores the whole deal (``setup``); a v1 ``started`` (a seed only,
written before turns existed) is upgraded on reading by dealing from its seed with the
players who share a role acting in seat order, as v1 did. Logs written before turns
existed hold ``game`` events; :func:`parse` reports them as :class:`LegacyGameEvent`.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Audience = Literal["room", "pair", "seat", "server"]


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    audience: ClassVar[Audience] = "room"

    def data(self) -> dict[str, Any]:
        """The stored ``data`` (everything but the ``kind``)."""
        return self.model_dump(mode="json", exclude={"kind"})


# ----- the room -------------------------------------------------------------------------


class Created(_Event):
    kind: Literal["created"] = "created"


class Joined(_Event):
    kind: Literal["joined"] = "joined"
    audience: ClassVar[Audience] = "server"  # the token's hash stays on the server
    member: int
    name: str
    token_hash: str
    spectator: bool
    bot: str | None = None  #: a bot's level (a bot has no token)
    screen: bool = False  #: a shared screen (the TV view): a spectator listed as no one


class Left(_Event):
    kind: Literal["left"] = "left"
    member: int


class Kicked(_Event):
    kind: Literal["kicked"] = "kicked"
    member: int


class HostChanged(_Event):
    """The host is ``member`` now: handed over by the host, or passed on (``passed``: the
    member who was host, gone or away past the grace) to the present player seated
    longest."""

    kind: Literal["host"] = "host"
    member: int
    passed: int | None = None


class Configured(_Event):
    """The host's settings that changed (``None``: unchanged)."""

    kind: Literal["configured"] = "configured"
    edition: str | None = None
    deck: dict[str, int] | None = None
    turn: float | None = None
    jitter: float | None = None
    day: float | None = None
    vote: float | None = None
    chips: int | None = None
    grace: float | None = None
    lang: str | None = None
    spectators_hear: bool | None = None
    #: True: the deck is the edition's default for the seats again (``deck`` None), so
    #: it grows and shrinks as players come and go
    default_deck: bool | None = None


class _SaidFor(_Event):
    """A line of the day's talk; ``stand_in``: a bot said it for the seat's player, who
    was away (stored only when true: older logs and people's lines stay as they were)."""

    stand_in: bool = False

    def data(self) -> dict[str, Any]:
        out = super().data()
        if not out.get("stand_in"):
            out.pop("stand_in", None)
        return out


class Chat(_SaidFor):
    kind: Literal["chat"] = "chat"
    member: int
    seat: int | None
    name: str
    text: str


class Whisper(_Event):
    kind: Literal["whisper"] = "whisper"
    audience: ClassVar[Audience] = "pair"
    from_: int = Field(alias="from")
    to: int
    text: str

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    def data(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude={"kind"}, by_alias=True)


class Claimed(_SaidFor):
    """A claim on the day's board (its JSON, checked), said by a seat."""

    kind: Literal["claim"] = "claim"
    seat: int
    claim: dict[str, Any]


class VoiceWhispered(_Event):
    """A player holds "whisper to ``to``" by voice (``to`` None: lets go): their voice
    reaches that member only (docs/voice.md). Member ids, not seats: the lobby whispers too."""

    kind: Literal["voice_whisper"] = "voice_whisper"
    member: int
    to: int | None


class StandIn(_Event):
    """A bot of ``level`` plays the seat of a player who stayed away past the grace."""

    kind: Literal["stand_in"] = "stand_in"
    member: int
    level: str


class StandInEnded(_Event):
    """The player is back: the bot leaves the seat."""

    kind: Literal["stand_in_ended"] = "stand_in_ended"
    member: int


class Closed(_Event):
    kind: Literal["closed"] = "closed"


# ----- the game -------------------------------------------------------------------------


class Started(_Event):
    """A game begins: the seats, the timers and the deal (``setup``, the engine's JSON).

    The deal period (everyone looks at their card) ends at ``deadline``."""

    kind: Literal["started"] = "started"
    audience: ClassVar[Audience] = "server"
    v: Literal[2] = 2
    game: int
    seats: list[int]
    names: list[str]
    edition: str
    deck: list[str]
    setup: dict[str, Any]
    turn: float
    jitter: float
    day: float
    vote: float
    deadline: float


class TurnBegan(_Event):
    """Turn ``turn`` of the night's plan begins; it ends at ``deadline``."""

    kind: Literal["turn"] = "turn"
    turn: int
    deadline: float


class Acted(_Event):
    """A night choice, made by its seat in its turn, or for it when the turn ran out."""

    kind: Literal["act"] = "act"
    audience: ClassVar[Audience] = "seat"
    seat: int
    action: dict[str, Any]
    turn: int
    auto: bool = False


class Tapped(_Event):
    """A member's one tap of a night turn (its act, or ``nothing``): a second tap in the
    same turn is refused. Stored like every rule's fact, so the owner that takes a room
    over in that turn knows it."""

    kind: Literal["tapped"] = "tapped"
    audience: ClassVar[Audience] = "server"
    member: int
    turn: int


class Answered(_Event):
    """The answer to a member's command, stored after the events the command made:
    the same request asked again (an answer lost, a failover) gets this answer and
    changes nothing. ``request``: the id its asker gave it (requests.CommandRequest)."""

    kind: Literal["answered"] = "answered"
    audience: ClassVar[Audience] = "server"
    request: str
    reply: dict[str, Any]


class DayBegan(_Event):
    kind: Literal["day"] = "day"
    deadline: float


class ReadyToVote(_Event):
    """A player says it is ready to vote during the day (``ready`` false: no longer)."""

    kind: Literal["ready"] = "ready"
    seat: int
    ready: bool


class VoteOpened(_Event):
    kind: Literal["vote_open"] = "vote_open"
    deadline: float


class Voted(_Event):
    """A seat points at another (or changes where it points); secret until the end."""

    kind: Literal["vote"] = "vote"
    audience: ClassVar[Audience] = "seat"
    seat: int
    target: int


class VoteClosed(_Event):
    """The vote's time ran out: a random legal vote for each seat without one."""

    kind: Literal["vote_closed"] = "vote_closed"
    audience: ClassVar[Audience] = "seat"
    random: dict[int, int]


RoomEvent = Annotated[
    Created
    | Joined
    | Left
    | Kicked
    | HostChanged
    | Configured
    | Chat
    | Whisper
    | Claimed
    | VoiceWhispered
    | StandIn
    | StandInEnded
    | Closed
    | Started
    | TurnBegan
    | Acted
    | Tapped
    | Answered
    | DayBegan
    | ReadyToVote
    | VoteOpened
    | Voted
    | VoteClosed,
    Field(discriminator="kind"),
]

_adapter: TypeAdapter[RoomEvent] = TypeAdapter(RoomEvent)

#: Events that change the lobby (the ``room`` frame).
LOBBY_KINDS = frozenset(
    {
        "created",
        "joined",
        "left",
        "kicked",
        "host",
        "configured",
        "started",
        "stand_in",
        "stand_in_ended",
    }
)
#: Events that change what every member sees of the game (a ``state`` frame to each).
GAME_KINDS = frozenset({"started", "turn", "day", "ready", "vote_open", "vote", "vote_closed"})


class LegacyGameEvent(Exception):
    """A game event of a log written before the night had turns: that game is dropped."""


def parse(kind: str, data: dict[str, Any]) -> RoomEvent:
    """The typed event of a stored ``kind`` and ``data``, older versions upgraded."""
    if kind == "game":
        raise LegacyGameEvent(data.get("e"))
    if kind == "started" and data.get("v") is None:
        data = _started_v1(data)
    return _adapter.validate_python({"kind": kind, **data})


def _started_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A v1 ``started``: deal from the seed, sharers in seat order (as v1 played it)."""
    from onenight.rules import Setup

    setup = Setup.shuffled(data["edition"], data["names"], data["deck"], data["seed"])
    fields = {k: v for k, v in data.items() if k != "seed"}
    slots = setup.to_json()
    slots["slots"] = None  # seat order
    return {**fields, "v": 2, "setup": slots}
