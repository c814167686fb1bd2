"""Every error code the server sends, as data: its HTTP status, its kind and its meaning.

An ``error`` frame on the WebSocket (``{"type": "error", "ref", "code", "message"}``) and
an HTTP error answer (``{"detail": {"code", "message"}}``) carry one of these codes; the
``message`` is English for people, the code is what programs read. The kinds:

* a **domain** refusal: the protocol or the game's rules said no (``not_host``,
  ``out_of_phase``, ``illegal``, …); the same request is refused on any server, at any load.
* a **hosting** condition: the server's own limits and state (``busy``, ``full``,
  ``rate_limited``, ``internal``, ``too_large``, …), not the game's; the same request may
  be taken later or by another server.

This is a bottom module (the standard library only): the server, the Python client and
the generated browser list (``web/app/errors.js``) all read the codes from here, and
docs/protocol.md's table of codes is checked against it. After a change here::

    python -m onenight.session.errors --js > src/onenight/web/app/errors.js
    python -m onenight.session.errors --markdown   # the table for docs/protocol.md
"""

from __future__ import annotations

import argparse
from enum import StrEnum


class Kind(StrEnum):
    DOMAIN = "domain"  #: the protocol or the game's rules said no
    HOSTING = "hosting"  #: the server's limits or state, not the game's


_D, _H = Kind.DOMAIN, Kind.HOSTING


class ErrorCode(StrEnum):
    """An error code, equal to its string (``ErrorCode.no_room == "no_room"``)."""

    _value_: str
    #: what the HTTP API answers for it (codes only the WebSocket sends have one all the
    #: same, so that any refusal of the room has a status if HTTP ever asks for it)
    status: int
    kind: Kind
    #: one line of English: the documented meaning
    description: str

    def __new__(cls, code: str, status: int, kind: Kind, description: str) -> ErrorCode:
        member = str.__new__(cls, code)
        member._value_ = code
        member.status = status
        member.kind = kind
        member.description = description
        return member

    # The order is the documented one: the connection, the room, the game, the server.
    invalid = (
        "invalid",
        400,
        _D,
        "not JSON or not a valid message (the field and the reason), a binary frame, a bad `ref`",
    )
    too_large = ("too_large", 400, _H, "a message over the largest frame the server takes")
    rate_limited = (
        "rate_limited",
        429,
        _H,
        "too many messages from a connection, or rooms or joins from an address: wait",
    )
    not_joined = ("not_joined", 400, _D, "create, join or resume a room first")
    already_joined = ("already_joined", 400, _D, "this connection is already in a room")
    no_room = ("no_room", 404, _D, "no room has that code (or it has closed)")
    busy = (
        "busy",
        503,
        _H,
        "the room is moving between server processes, or they lost touch with Redis for a "
        "moment: send it again",
    )
    bad_token = ("bad_token", 400, _D, "the token is unknown in this room, or its member left")
    bad_name = (
        "bad_name",
        400,
        _D,
        "a name that is empty, too long, holds an invisible, format, control or bidi "
        "character (outside an emoji sequence), has no visible character, or begins with "
        "`center:`",
    )
    name_taken = ("name_taken", 409, _D, "someone in the room already has that name")
    name_too_close = (
        "name_too_close",
        409,
        _D,
        "the name reads like a member's (the same confusable skeleton, Unicode TS #39): "
        "`р0` in Cyrillic beside `p0`",
    )
    room_full = ("room_full", 409, _D, "the room has no free seat (or no place for a spectator)")
    full = (
        "full",
        503,
        _H,
        "the server holds as many rooms as it may, or has no free code; or, on the "
        "WebSocket's handshake, as many connections as it may (`Retry-After`)",
    )
    not_host = ("not_host", 400, _D, "only the host may do that")
    not_player = ("not_player", 400, _D, "only a player of the game may do that")
    out_of_phase = ("out_of_phase", 400, _D, "not in the room's phase now (lobby, night, day…)")
    not_your_turn = ("not_your_turn", 400, _D, "you have nothing to choose now")
    one_per_turn = (
        "one_per_turn",
        400,
        _D,
        "a second `act` or `nothing` in one night turn",
    )
    bad_action = ("bad_action", 400, _D, "an `action` that is not a night action")
    illegal = ("illegal", 400, _D, "not a legal choice now")
    bad_target = ("bad_target", 400, _D, "a vote or a whisper that names no other seat")
    bad_text = (
        "bad_text",
        400,
        _D,
        "a chat line or whisper that is empty, too long, holds control or bidi-override "
        "characters or has no visible character",
    )
    bad_claim = ("bad_claim", 400, _D, "a claim that is not one of the claim language")
    bad_edition = ("bad_edition", 404, _D, "no such edition")
    bad_deck = ("bad_deck", 400, _D, "a deck the edition cannot play with these seats (why)")
    bad_member = (
        "bad_member",
        400,
        _D,
        "no such member to kick, or a new host who is not a player of the room",
    )
    no_result = ("no_result", 409, _D, "the room has no ended game yet")
    no_voice = (
        "no_voice",
        400,
        _D,
        "the voice rule does not let this be said now: at night, to a member the sender "
        "may not talk with, or an offer from a spectator (docs/voice.md)",
    )
    bad_origin = (
        "bad_origin",
        403,
        _H,
        "a browser's request from a page of another site than the server's own and those it "
        "allows (`--allowed-origins`, docs/security.md)",
    )
    too_slow = ("too_slow", 408, _H, "HTTP only: a request body that did not end in time")
    measuring = (
        "measuring",
        503,
        _H,
        "HTTP only: the deck suggestions are being measured; ask again after `Retry-After`",
    )
    internal = ("internal", 500, _H, "the server failed on this message")


#: The refusals a tap, a line of chat or a vote may meet when the turn or the phase ends
#: as it goes: no error for the player (the browser and the random clients ignore them).
LATE: tuple[ErrorCode, ...] = (
    ErrorCode.not_your_turn,
    ErrorCode.out_of_phase,
    ErrorCode.one_per_turn,
    ErrorCode.illegal,
)


class BadMessage(Exception):
    """A message that cannot be accepted, with its :class:`ErrorCode`: raised by the
    rules of the session, and answered as a reply (:class:`.requests.Refused`, which
    says how the answer is padded and paced)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def js_module() -> str:
    """``web/app/errors.js``: the codes and :data:`LATE` as an ES module."""
    lines = [
        "// @ts-check",
        "// Generated from src/onenight/session/errors.py: do not edit; after a change there,",
        "// python -m onenight.session.errors --js > src/onenight/web/app/errors.js",
        "/** The error codes the server sends (docs/protocol.md, Error codes). */",
        "export const ErrorCode = Object.freeze({",
        *(f'  {code.name}: "{code.value}",' for code in ErrorCode),
        "});",
        "",
        "/** Refusals a tap, a line or a vote may meet when the turn or phase ends as it goes.",
        " * @type {readonly string[]} */",
        "export const LATE = Object.freeze([",
        *(f"  ErrorCode.{code.name}," for code in LATE),
        "]);",
    ]
    return "\n".join(lines) + "\n"


def markdown_table() -> str:
    """docs/protocol.md's table of codes."""
    rows = ["| code | HTTP | kind | meaning |", "|---|---|---|---|"]
    rows += [f"| `{c}` | {c.status} | {c.kind} | {c.description} |" for c in ErrorCode]
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Print the error codes for a client or docs.")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--js", action="store_true", help="web/app/errors.js")
    what.add_argument("--markdown", action="store_true", help="docs/protocol.md's table")
    args = parser.parse_args(argv)
    print(js_module() if args.js else markdown_table(), end="")


if __name__ == "__main__":
    main()
