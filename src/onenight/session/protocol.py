"""The messages a client may send, validated with pydantic, and the limits on them.

Every client message is a JSON object with a ``type``; an optional ``ref`` (echoed in
the ``ack`` or ``error`` that answers it) lets a client match answers to requests.
See docs/protocol.md for every message in both directions.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

import orjson
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    TypeAdapter,
    model_validator,
)

from .errors import BadMessage as BadMessage  # re-exported: raised here, imported from here
from .errors import ErrorCode
from .names import has_visible, hidden_char, looks_like_center

MAX_FRAME = 4096  #: largest client frame accepted, in characters
MAX_SDP = 10_000  #: a voice offer's or answer's session description, in characters
MAX_SIGNAL = MAX_SDP + 1024  #: a ``signal`` frame may be this large (its SDP)
MAX_NAME = 24  #: display name length
MAX_TEXT = 300  #: chat / whisper length
CODE_LETTERS = "ACDEFGHJKLMNPQRTUVWXY"  #: room code alphabet: no B/8, I/1, O/0, S/5, Z/2
CODE_LENGTH = 5
MIN_SECONDS = 0.02  #: shortest timer a host may set (tests, benchmarks)
MAX_SECONDS = 3600.0

MAX_REF = 64  #: a string ref's length
PAD_LIMIT = 1024  #: the most padding a client may add to a night message


def json_number(value: Any) -> Any:
    """A number is a JSON number: ``true`` and ``"3"`` are refused, never read as 1 and 3
    (pydantic's lax mode would). ``3.0`` is the integer 3, as JSON Schema has it. The
    WebSocket's messages and the HTTP API's bodies both use this rule."""
    if isinstance(value, (bool, str)):
        raise ValueError("a number, not true, false or a string")
    return value


#: A JSON integer (``3`` or ``3.0``, never ``true`` or ``"3"``) and a JSON number.
JSONInt = Annotated[int, BeforeValidator(json_number)]
JSONFloat = Annotated[float, BeforeValidator(json_number)]

# Names and texts are checked by clean_name / clean_text (codes bad_name / bad_text);
# the frame size bounds them before that.
Name = str
Code = Annotated[str, Field(min_length=1, max_length=16)]
Text = str
Seconds = Annotated[JSONFloat, Field(ge=MIN_SECONDS, le=MAX_SECONDS, allow_inf_nan=False)]
#: A deck as a client sends it: role → copies. What a deck may hold (the edition's roles,
#: 0 to ``decks.MAX_COUNT`` copies) is the deck check's to say, so that ``configure`` and
#: ``POST /api/decks/check`` give one answer; the bounds here only keep numbers sane.
Count = Annotated[int, Field(ge=-(2**31), le=2**31), BeforeValidator(json_number)]
Deck = Annotated[dict[str, Count], Field(max_length=40)]
#: A ref: an int in the signed 64-bit range or a short string (never a bool or a float).
Ref = (
    Annotated[int, Field(strict=True, ge=-(2**63), le=2**63 - 1)]
    | Annotated[str, Field(strict=True, max_length=MAX_REF)]
    | None
)
#: Spaces a client may add to its night messages so that they are all of one size.
Pad = Annotated[str, Field(max_length=PAD_LIMIT, pattern=r"^ *$")] | None


class _Msg(BaseModel):
    #: no input in its errors (a traceback of one would show a token: see requests.py)
    model_config = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True)
    ref: Ref = None

    @model_validator(mode="before")
    @classmethod
    def _null_is_left_out(cls, data: Any) -> Any:
        """``null`` for a field is the same as leaving the field out (docs/protocol.md):
        an optional field takes its default, a required one is missing."""
        if isinstance(data, dict) and None in data.values():
            return {key: value for key, value in data.items() if value is not None}
        return data


class Create(_Msg):
    type: Literal["create"]
    name: Name


class Join(_Msg):
    type: Literal["join"]
    room: Code
    name: Name
    spectator: StrictBool = False
    #: a shared screen (the TV view): a spectator that the pages list as no one
    screen: StrictBool = False


class Resume(_Msg):
    type: Literal["resume"]
    room: Code
    token: Annotated[str, Field(min_length=1, max_length=128, repr=False)]  # never in a log
    #: the ``n`` of the last frame the client got: the missed frames are replayed
    last: Annotated[int, Field(strict=True, ge=0, le=2**62)] | None = None


class Leave(_Msg):
    type: Literal["leave"]


class Kick(_Msg):
    type: Literal["kick"]
    member: JSONInt


class Host(_Msg):
    type: Literal["host"]
    member: JSONInt


class Configure(_Msg):
    type: Literal["configure"]
    edition: Annotated[str, Field(max_length=32)] | None = None
    deck: Deck | None = None
    turn: Seconds | None = None
    jitter: Annotated[JSONFloat, Field(ge=0, le=60, allow_inf_nan=False)] | None = None
    day: Seconds | None = None
    vote: Seconds | None = None
    chips: Annotated[JSONInt, Field(ge=0, le=100)] | None = None
    grace: Annotated[JSONFloat, Field(ge=0, le=3600, allow_inf_nan=False)] | None = None
    lang: Literal["en", "fr", "ja"] | None = None
    spectators_hear: StrictBool | None = None
    #: true: the edition's default deck for the seats (it follows them as players come
    #: and go); a ``deck`` sent with it wins
    default_deck: StrictBool | None = None


class Start(_Msg):
    type: Literal["start"]


class Rematch(_Msg):
    type: Literal["rematch"]


class Act(_Msg):
    type: Literal["act"]
    action: dict[str, Any]
    pad: Pad = None


class Nothing(_Msg):
    """A night tap that does nothing, answered like an action (docs/protocol.md)."""

    type: Literal["nothing"]
    pad: Pad = None


class AddBot(_Msg):
    """The host seats a bot (between games); ``kick`` removes it."""

    type: Literal["add_bot"]
    #: ``random``, ``basic``, ``reasoner``, or a level a plugin of the server registered
    level: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,31}$")] = "basic"


class ClaimMsg(_Msg):
    """A structured claim for the day's claim board (docs/protocol.md, "Claims")."""

    type: Literal["claim"]
    claim: dict[str, Any]


class Chat(_Msg):
    type: Literal["chat"]
    text: Text


class Whisper(_Msg):
    type: Literal["whisper"]
    to: Annotated[JSONInt, Field(ge=0, le=99)]
    text: Text


class VoiceWhisper(_Msg):
    """Hold "whisper to ``to``" by voice (a member id); leave ``to`` out to let go."""

    type: Literal["voice_whisper"]
    to: JSONInt | None = None


class Signal(_Msg):
    """WebRTC signalling for another member's page, relayed by the server when the voice
    rule lets the two talk (docs/voice.md). ``sdp``: the offer's or answer's session
    description, ICE candidates included; ``hangup`` has none."""

    type: Literal["signal"]
    to: JSONInt
    kind: Literal["offer", "answer", "hangup"]
    sdp: Annotated[str, Field(max_length=MAX_SDP)] | None = None

    @model_validator(mode="after")
    def _sdp_with_offers(self) -> Signal:
        if (self.kind == "hangup") != (self.sdp is None):
            raise ValueError("an offer or an answer has an sdp; a hangup has none")
        return self


class Ice(_Msg):
    """The STUN/TURN servers for this member's voice (TURN credentials minted for it)."""

    type: Literal["ice"]


class EndDay(_Msg):
    type: Literal["end_day"]


class Ready(_Msg):
    """A player is ready to vote (``ready`` false: no longer). When every player present
    is ready, the vote opens, as the host's ``end_day`` opens it (docs/protocol.md)."""

    type: Literal["ready"]
    ready: StrictBool = True


class VoteMsg(_Msg):
    type: Literal["vote"]
    target: JSONInt | str


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
    | Nothing
    | AddBot
    | ClaimMsg
    | Chat
    | Whisper
    | VoiceWhisper
    | Signal
    | Ice
    | EndDay
    | Ready
    | VoteMsg
    | Ping,
    Field(discriminator="type"),
]

message_adapter: TypeAdapter[Message] = TypeAdapter(
    Message, config=ConfigDict(hide_input_in_errors=True)
)

#: The messages that open a session on a connection; all others but ping need one.
OPENING = (Create, Join, Resume)


def parse(raw: str | bytes) -> Message:
    """Validate one client frame; BadMessage with a clear reason otherwise.

    JSON is read strictly (orjson): ``NaN``, ``Infinity``, numbers too large for a double
    and lone surrogates are not JSON and are refused as ``invalid``."""
    too_large = BadMessage(ErrorCode.too_large, f"a message may be at most {MAX_FRAME} characters")
    if len(raw) > MAX_SIGNAL:
        raise too_large
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        if len(raw) > MAX_FRAME:
            raise too_large from None
        raise BadMessage(ErrorCode.invalid, f"not JSON: {exc}") from None
    # only a voice signal (its session description) may be larger than MAX_FRAME
    if len(raw) > MAX_FRAME and not (isinstance(data, dict) and data.get("type") == "signal"):
        raise too_large
    try:
        return message_adapter.validate_python(data)
    except ValueError as exc:
        raise BadMessage(ErrorCode.invalid, _short(exc)) from None


def peek_ref(raw: str | bytes) -> int | str | None:
    """The ``ref`` of a message, if one can be read and is a valid ref, so that an error
    can answer it (even for a message too large, flooding or otherwise refused)."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    if type(ref) is int and -(2**63) <= ref < 2**63:
        return ref
    if type(ref) is str and len(ref) <= MAX_REF:
        return ref
    return None


def _short(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        parts = []
        for err in errors()[:3]:
            where = ".".join(str(p) for p in err.get("loc", ()))
            parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else err.get("msg", ""))
        return "; ".join(parts) or "invalid message"
    return "invalid message"


#: Bidi embeddings, overrides and isolates: they can make text read as something else.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def refused_char(text: str, allow_newline: bool) -> str | None:
    """The first character a name or a chat line may not hold, or None.

    The rule: no control characters (Unicode category Cc; a newline is allowed in chat),
    no bidi embedding, override or isolate (U+202A–U+202E, U+2066–U+2069) and no lone
    surrogate (Cs). Everything else is accepted: letters of every script, emoji and their
    sequences (zero-width joiners, variation selectors, flags' tag characters)."""
    for ch in text:
        if ch == "\n" and allow_newline:
            continue
        if ch in BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Cs"):
            return ch
    return None


def clean_name(raw: str) -> str:
    """A display name (:mod:`.names`): NFKC, whitespace collapsed, 1–MAX_NAME
    characters, no invisible, format, control or bidi character outside an emoji
    sequence, a visible one at least, and nothing a target list reads as a center card."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name or len(name) > MAX_NAME:
        raise BadMessage(ErrorCode.bad_name, f"a name has 1–{MAX_NAME} characters")
    if refused_char(name, allow_newline=False) is not None or hidden_char(name) is not None:
        raise BadMessage(
            ErrorCode.bad_name, "a name may not hold invisible, format, control or bidi characters"
        )
    if not has_visible(name):
        raise BadMessage(ErrorCode.bad_name, "a name needs a visible character")
    if looks_like_center(name):
        raise BadMessage(ErrorCode.bad_name, "a name may not begin with 'center:'")
    return name


def clean_text(raw: str) -> str:
    """Chat text: trimmed, 1–MAX_TEXT characters, no refused character but newlines."""
    text = raw.strip()
    if not text or len(text) > MAX_TEXT:
        raise BadMessage(ErrorCode.bad_text, f"a message has 1–{MAX_TEXT} characters")
    if refused_char(text, allow_newline=True) is not None:
        raise BadMessage(
            ErrorCode.bad_text, "a message may not hold control or bidi-override characters"
        )
    if not has_visible(text):
        raise BadMessage(ErrorCode.bad_text, "a message needs a visible character")
    return text
