"""What a room is asked, and what it answers: one typed union each.

Every way into a room is a :data:`Request`, handled by the room's actor
(:meth:`.actor.RoomActor.handle`) in the process that owns the room; the answer is a
:data:`Reply`. A request for a room owned by another process crosses the bus in the one
JSON encoding below (:func:`encode_request`, :func:`decode_request`, the same for
replies): a request is the same object whether it is carried out here or there.

A refusal is a reply too (:class:`Refused`, with its stable code), and so is the padding
of an answer that leaves at night: ``size`` and ``night`` are properties of the reply.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from onenight.pubsub import Frame

from .errors import ErrorCode
from .protocol import Message

#: A request or an answer that fails its check is shown without its input: pydantic's
#: errors quote the input they refuse (cut to ~50 characters, the head and tail of a
#: token), and the owner logs the traceback of a request that failed (cluster/redis.py).
_CONFIG = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True)


class _Request(BaseModel):
    model_config = _CONFIG
    room: str


class _Member(_Request):
    """A request of a member, who proves it with the token of its seat."""

    token: str = Field(repr=False)  # a secret: never in a repr (a log, a traceback)
    #: the member the asker believes it is (a token whose member left answers bad_token)
    member: int | None = None


class JoinRequest(_Request):
    """Seat a new member with the token its asker made (a join asked again, of any
    owner, finds its seat by that token)."""

    op: Literal["join"] = "join"
    name: str
    spectator: bool = False
    screen: bool = False  #: a shared screen (the TV view), always a spectator
    token: str = Field(repr=False)  # a secret: never in a repr (a log, a traceback)


class ResumeRequest(_Member):
    """Who the token's member is."""

    op: Literal["resume"] = "resume"


class OpenRequest(_Member):
    """A connection of the member opens in ``process``: the frames after ``last`` when
    they are all kept, else the full view on the member's channel."""

    op: Literal["open"] = "open"
    last: int | None = None
    process: str


class PresenceRequest(_Member):
    """The member has ``count`` connections to ``process`` now."""

    op: Literal["presence"] = "presence"
    process: str
    count: int


class CommandRequest(_Member):
    """One message of a member. ``id`` names the request, once, where it arrived: a
    command asked again under the same id (of this owner or of a new one after a
    failover) gets the first answer and changes nothing."""

    op: Literal["command"] = "command"
    id: str
    msg: Message


class ViewRequest(_Request):
    """The room's public lobby."""

    op: Literal["view"] = "view"


class ResultRequest(_Request):
    """The room's last ended game."""

    op: Literal["result"] = "result"


class TakeOverRequest(_Request):
    """The room's last owner let it go to this process (it follows its members)."""

    op: Literal["take_over"] = "take_over"


Request = Annotated[
    JoinRequest
    | ResumeRequest
    | OpenRequest
    | PresenceRequest
    | CommandRequest
    | ViewRequest
    | ResultRequest
    | TakeOverRequest,
    Field(discriminator="op"),
]


class _Reply(BaseModel):
    model_config = _CONFIG


class Seated(_Reply):
    """A join's answer: the member and its token."""

    reply: Literal["seated"] = "seated"
    member: int
    token: str = Field(repr=False)  # a secret: never in a repr (a log, a traceback)


class Found(_Reply):
    """A resume's answer: the token's member."""

    reply: Literal["found"] = "found"
    member: int


class Opened(_Reply):
    """An open's answer: the frames missed, as sent, or None (the full view follows)."""

    reply: Literal["opened"] = "opened"
    missed: list[Frame] | None  #: as sent: their text, with their number, kind and night
    size: int | None = None  #: the open's ack is padded to it (the night's frame size)


class Acked(_Reply):
    """A command carried out: the fields of its ``ack``; ``size``: what the ack is
    padded to (the night's frame size when the command came or left at night);
    ``night``: whether it is night now (a night tap's answer keeps its pace)."""

    reply: Literal["acked"] = "acked"
    fields: dict[str, Any] = Field(default_factory=dict)
    size: int | None = None
    night: bool = False


class Public(_Reply):
    """A public frame of the room (its lobby, or its last game's result)."""

    reply: Literal["public"] = "public"
    frame: dict[str, Any]


class Taken(_Reply):
    """Whether this process took the room over."""

    reply: Literal["taken"] = "taken"
    taken: bool


class Done(_Reply):
    """Carried out; nothing to say."""

    reply: Literal["done"] = "done"


class Refused(_Reply):
    """Refused, nothing changed: a stable ``code`` and a message for people; ``size``
    and ``night`` as for :class:`Acked`."""

    reply: Literal["refused"] = "refused"
    code: ErrorCode
    message: str
    size: int | None = None
    night: bool = False


Reply = Annotated[
    Seated | Found | Opened | Acked | Public | Taken | Done | Refused,
    Field(discriminator="reply"),
]

_requests: TypeAdapter[Request] = TypeAdapter(Request, config=ConfigDict(hide_input_in_errors=True))
_replies: TypeAdapter[Reply] = TypeAdapter(Reply, config=ConfigDict(hide_input_in_errors=True))


def encode_request(request: Request) -> str:
    return request.model_dump_json(exclude_defaults=False)


def decode_request(text: str | bytes) -> Request:
    """A request that crossed the bus, checked again (its message too)."""
    return _requests.validate_json(text)


def encode_reply(reply: Reply) -> str:
    return reply.model_dump_json()


def decode_reply(text: str | bytes) -> Reply:
    return _replies.validate_json(text)
