"""Who hears whom: the voice rule, derived from the room's state (docs/voice.md).

The server, not the pages, says whose microphone may reach whom. The rule is a pure
function of the room — its phase, its members, the host's setting for spectators and
the voice whispers held now — and every input it reads comes from a stored event, so a
room rebuilt from its log gives the same answer:

- lobby, day, vote and an ended game: every player hears every player (the eliminated
  too, once the game is over);
- the night (from the deal to the day): nobody speaks and nothing flows;
- a voice whisper: while A holds "whisper to B", A's voice reaches B only (everyone
  sees that A is whispering to B, as with a text whisper);
- spectators, and members waiting for the next game, hear the players when the host
  allows it (off by default) and never speak. Bots have no voice.

The pages carry the audio between them (a WebRTC mesh): the server relays their
signalling only between two members the rule lets talk (:func:`signal_target`).
"""

from __future__ import annotations

from typing import Any

from onenight.rules import Phase

from .errors import BadMessage, ErrorCode
from .room import Room


def at_night(room: Room) -> bool:
    return room.playing and room.play is not None and room.play.phase == Phase.NIGHT


def speakers(room: Room) -> list[int]:
    """The members who may speak now: the players of the game under way (the room's
    seats outside a game), who are people and have not left."""
    if at_night(room):
        return []
    play = room.play
    seats = play.seats if room.playing and play is not None else room.seats
    return [m for m in seats if _person(room, m)]


def listeners(room: Room) -> list[int]:
    """Everyone a speaker's voice may reach: the speakers, and the other members too
    when the host lets spectators hear."""
    talking = speakers(room)
    if not talking or not room.settings.spectators_hear:
        return talking
    others = [m for m in room.members if m not in talking and _person(room, m)]
    return talking + others


def reach(room: Room) -> dict[int, list[int]]:
    """Speaker → the members their microphone reaches now (none at night)."""
    heard = listeners(room)
    out: dict[int, list[int]] = {}
    for speaker in speakers(room):
        target = room.voice_whispers.get(speaker)
        out[speaker] = [target] if target is not None else [m for m in heard if m != speaker]
    return out


def voice_json(room: Room) -> dict[str, Any]:
    """The rule as every member gets it (in the ``room`` frame and the ``voice`` frame):
    the same for everyone, so nothing in it tells a member apart."""
    return {
        "reach": {str(k): v for k, v in reach(room).items()},
        "whispers": [{"from": a, "to": b} for a, b in sorted(room.voice_whispers.items())],
        "spectators_hear": room.settings.spectators_hear,
    }


def may_talk(room: Room, a: int, b: int) -> bool:
    """Whether the audio between ``a`` and ``b`` may flow one way or the other now."""
    now = reach(room)
    return b in now.get(a, ()) or a in now.get(b, ())


def whisper_target(room: Room, member: int, to: int | None) -> int | None:
    """Check a voice whisper (``to`` None: stop); the target, or BadMessage."""
    if at_night(room):
        raise BadMessage(ErrorCode.no_voice, "nobody speaks at night")
    talking = speakers(room)
    if member not in talking:
        raise BadMessage(ErrorCode.not_player, "only a player speaks")
    if to is not None and (to == member or to not in talking):
        raise BadMessage(ErrorCode.bad_member, "whisper to another player of the room")
    return to


def signal_target(room: Room, member: int, to: int, kind: str) -> int:
    """Check a piece of signalling from ``member`` to ``to``; the target, or BadMessage.

    Refused at night, to a member not in the room (or a bot, or oneself), between two
    members the rule does not let talk, and an offer from someone who may not speak (a
    spectator only answers the players who reach it)."""
    target = room.members.get(to)
    if target is None or target.gone or target.bot is not None or to == member:
        raise BadMessage(ErrorCode.bad_member, "no such member to talk to")
    if at_night(room):
        raise BadMessage(ErrorCode.no_voice, "nobody speaks at night")
    if kind == "offer" and member not in speakers(room):
        raise BadMessage(ErrorCode.no_voice, "only a player who may speak makes an offer")
    # a hangup too: it only asks for an offer, which the rule would allow (docs/voice.md)
    if not may_talk(room, member, to):
        raise BadMessage(ErrorCode.no_voice, "the voice rule does not let you two talk now")
    return to


def _person(room: Room, member: int) -> bool:
    m = room.members.get(member)
    return m is not None and not m.gone and m.bot is None
