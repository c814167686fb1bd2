"""The messages a client may send, validated with pydantic, and the limits on them.

Every client message is a JSON object with a ``type``; an optional ``ref`` (echoed in
the ``ack`` or ``error`` that answers it) lets a client match answers to requests.
See docs/protocol.md for every message in both directions.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

MAX_FRAME = 4096  #: largest client frame accepted, in characters
MAX_NAME = 24  #: display name length
MAX_TEXT = 300  #: chat / whisper length
CODE_LETTERS = "ACDEFGHJKLMNPQRTUVWXY"  #: room code alphabet: no B/8, I/1, O/0, S/5, Z/2
CODE_LENGTH = 5
MIN_SECONDS = 0.02  #: shortest timer a host may set (tests, benchmarks)
MAX_SECONDS = 3600.0

Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME * 2)]
Code = Annotated[str, Field(min_length=1, max_length=16)]
Text = Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]
Seconds = Annotated[float, Field(ge=MIN_SECONDS, le=MAX_SECONDS)]


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ref: int | Annotated[str, Field(max_length=64)] | None = None


class Create(_Msg):
    type: Literal["create"]
    name: Name


class Join(_Msg):
    type: Literal["join"]
    room: Code
    name: Name
    spectator: bool = False


class Resume(_Msg):
    type: Literal["resume"]
    room: Code
    token: Annotated[str, Field(min_length=1, max_length=128)]


class Leave(_Msg):
    type: Literal["leave"]


class Kick(_Msg):
    type: Literal["kick"]
    member: int


class Host(_Msg):
    type: Literal["host"]
    member: int


class Configure(_Msg):
    type: Literal["configure"]
    edition: Annotated[str, Field(max_length=32)] | None = None
    deck: Annotated[dict[str, Annotated[int, Field(ge=0, le=12)]], Field(max_length=40)] | None = (
        None
    )
    turn: Seconds | None = None
    jitter: Annotated[float, Field(ge=0, le=60)] | None = None
    day: Seconds | None = None
    vote: Seconds | None = None
    chips: Annotated[int, Field(ge=0, le=100)] | None = None


class Start(_Msg):
    type: Literal["start"]


class Rematch(_Msg):
    type: Literal["rematch"]


class Act(_Msg):
    type: Literal["act"]
    action: dict[str, Any]


class Chat(_Msg):
    type: Literal["chat"]
    text: Text


class Whisper(_Msg):
    type: Literal["whisper"]
    to: Annotated[int, Field(ge=0, le=99)]
    text: Text


class EndDay(_Msg):
    type: Literal["end_day"]


class VoteMsg(_Msg):
    type: Literal["vote"]
    target: int | str


class Ping(_Msg):
    type: Literal["ping"]


Message = Annotated[
    Create
    | Join
    | Resume
    | Leave
    | Kick
    | Host
    | Configure
    | Start
    | Rematch
    | Act
    | Chat
    | Whisper
    | EndDay
    | VoteMsg
    | Ping,
    Field(discriminator="type"),
]

message_adapter: TypeAdapter[Message] = TypeAdapter(Message)

#: The messages that open a session on a connection; all others need one.
OPENING = (Create, Join, Resume)


class BadMessage(Exception):
    """A message that cannot be accepted; ``code`` is a stable error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse(raw: str | bytes) -> Message:
    """Validate one client frame; BadMessage with a clear reason otherwise."""
    if len(raw) > MAX_FRAME:
        raise BadMessage("too_large", f"a message may be at most {MAX_FRAME} characters")
    try:
        return message_adapter.validate_json(raw)
    except ValueError as exc:
        raise BadMessage("invalid", _short(exc)) from None


def peek_ref(raw: str | bytes) -> int | str | None:
    """The ``ref`` of a message, if one can be read, so that an error can answer it."""
    if len(raw) > MAX_FRAME:
        return None
    try:
        data = orjson.loads(raw)
    except ValueError:
        try:  # valid JSON that orjson refuses (an integer past 64 bits) still has a ref
            data = json.loads(raw)
        except (ValueError, RecursionError):
            return None
    ref = data.get("ref") if isinstance(data, dict) else None
    if isinstance(ref, bool) or not isinstance(ref, int | str):
        return None
    return ref if isinstance(ref, int) or len(ref) <= 64 else None


def _short(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        parts = []
        for err in errors()[:3]:
            where = ".".join(str(p) for p in err.get("loc", ()))
            parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else err.get("msg", ""))
        return "; ".join(parts) or "invalid message"
    return "invalid message"


def clean_name(raw: str) -> str:
    """A display name: trimmed, no control characters, 1–MAX_NAME characters."""
    name = " ".join(raw.split())
    if not name or len(name) > MAX_NAME:
        raise BadMessage("bad_name", f"a name has 1–{MAX_NAME} characters")
    if any(not ch.isprintable() for ch in name):
        raise BadMessage("bad_name", "a name may not hold control characters")
    if name.lower().startswith("center:"):
        raise BadMessage("bad_name", "a name may not begin with 'center:'")
    return name


def clean_text(raw: str) -> str:
    """Chat text: trimmed, no control characters except none, 1–MAX_TEXT characters."""
    text = raw.strip()
    if not text:
        raise BadMessage("bad_text", "empty message")
    if any(not ch.isprintable() and ch != "\n" for ch in text):
        raise BadMessage("bad_text", "a message may not hold control characters")
    return text
