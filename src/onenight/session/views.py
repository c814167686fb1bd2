"""Frames: what each member is sent. The allowlist point of the server.

Game state reaches a client only through :func:`state_frame`, which is built from the
engine's per-player view (``game.view(seat, until=current call)``) and from what the
room makes public (seats, names, settings, the clock, who has voted). Night frames are
padded to a fixed size bucket so that their size does not tell who acts.
"""

from __future__ import annotations

import time
from typing import Any

import orjson

from onenight.rules import target_to_json
from onenight.rules.editions import edition as get_edition
from onenight.rules.editions import validate_deck

from .room import Room

PAD_BUCKET = 4096  #: night frames are padded to a multiple of this many bytes


_OPTS = orjson.OPT_NON_STR_KEYS


def encode(frame: dict[str, Any]) -> str:
    """Compact JSON text (UTF-8, not ASCII-escaped), as every frame is sent."""
    return orjson.dumps(frame, option=_OPTS).decode()


def encode_padded(frame: dict[str, Any]) -> str:
    """JSON padded with a ``pad`` field so its UTF-8 size is a multiple of PAD_BUCKET.

    The frame is encoded once; the ``pad`` field is spliced in as its last key (the
    same text as encoding ``{**frame, "pad": " " * n}``)."""
    raw = orjson.dumps(frame, option=_OPTS)
    assert raw.endswith(b"}") and "pad" not in frame
    sep = b"," if len(raw) > 2 else b""
    size = len(raw) + len(sep) + len(b'"pad":""')
    pad = b" " * (-size % PAD_BUCKET)
    return (raw[:-1] + sep + b'"pad":"' + pad + b'"}').decode()


def with_field(text: str, key: str, value: Any) -> str:
    """An encoded JSON object with one more key, last (``text`` must not have it)."""
    sep = "," if len(text) > 2 else ""
    return f'{text[:-1]}{sep}"{key}":{encode(value)}}}'


def deck_list(counts: dict[str, int]) -> list[str]:
    return [role for role, n in sorted(counts.items()) for _ in range(n)]


def deck_for(room: Room) -> list[str]:
    """The deck the next game uses: the host's, or the edition's default for the seats."""
    s = room.settings
    if s.deck is not None:
        return deck_list(s.deck)
    from onenight.rules.editions import default_deck

    n = len(room.seats)
    ed = get_edition(s.edition)
    try:
        return list(default_deck(s.edition, max(min(n, ed.max_players), ed.min_players)))
    except Exception:  # the engine has no default for this size
        return []


def deck_problem(room: Room) -> str | None:
    """Why the configured deck cannot start a game with the current seats, or None."""
    s = room.settings
    ed = get_edition(s.edition)
    n = len(room.seats)
    if not ed.min_players <= n <= ed.max_players:
        return f"{ed.id} is for {ed.min_players}–{ed.max_players} players, not {n}"
    try:
        deck = deck_for(room)
        if ed.draws_deck and len(deck) != n + ed.center:
            from onenight.rules.editions import validate_enabled

            validate_enabled(s.edition, n, deck)
        else:
            validate_deck(s.edition, n, deck)
    except Exception as exc:
        return str(exc) or "invalid deck"
    return None


def turn_for(room: Room) -> float:
    s = room.settings
    return s.turn if s.turn is not None else float(get_edition(s.edition).turn_seconds)


def room_frame(room: Room, member_id: int | None, online: set[int]) -> dict[str, Any]:
    """The lobby: members, seats, host, settings, deck validity, scoreboard. Public."""
    members = [
        {
            "member": m.id,
            "name": m.name,
            "seat": room.seat_of(m.id),
            "spectator": m.spectator,
            "online": m.id in online,
            "gone": m.gone,
        }
        for m in room.members.values()
    ]
    settings = room.settings.to_json()
    settings["turn"] = turn_for(room)
    frame: dict[str, Any] = {
        "type": "room",
        "room": room.code,
        "host": room.host,
        "members": members,
        "seats": list(room.seats),
        "settings": settings,
        "deck": deck_for(room),
        "deck_error": deck_problem(room),
        "scoreboard": [
            {"member": i, "name": room.members[i].name, "chips": c}
            for i, c in room.chips.items()
            if i in room.members
        ],
        "champions": list(room.champions),
        "games": room.games,
        "playing": room.playing,
    }
    if member_id is not None and member_id in room.members:
        frame["you"] = you(room, member_id)
    return frame


def you(room: Room, member_id: int) -> dict[str, Any]:
    """The ``you`` part of a member's room frame: who the member is in the room."""
    m = room.members[member_id]
    return {
        "member": m.id,
        "name": m.name,
        "seat": room.seat_of(m.id),
        "spectator": m.spectator,
        "host": room.host == m.id,
    }


def state_frame(room: Room, member_id: int | None) -> dict[str, Any] | None:
    """The game as this member may see it, or None without a game."""
    play = room.play
    if play is None:
        return None
    seat = play.seat_of(member_id) if member_id is not None else None
    frame: dict[str, Any] = {
        "type": "state",
        "game": play.no,
        "phase": play.phase,
        "seat": seat,
        "players": list(play.names),
        "deck": list(play.deck),
        "calls": list(play.calls),
        "call": play.call,
        "called": play.calls[play.call] if 0 <= play.call < len(play.calls) else None,
        "deadline": play.deadline,
        "remaining": round(max(0.0, play.deadline - time.time()), 3) if play.deadline else None,
        "view": play.view(seat),
        "choices": [],
    }
    if seat is not None and play.deciding(seat):
        frame["choices"] = [a.to_json() for a in play.game.legal(seat)]
    if play.phase == "vote":
        frame["voted"] = sorted(play.votes)
        mine = play.votes.get(seat) if seat is not None else None
        frame["my_vote"] = target_to_json(mine) if mine is not None else None
        if seat is not None:
            frame["choices"] = [a.to_json() for a in play.game.legal(seat)]
    if play.phase == "end":
        frame["result"] = play.result
        frame["votes"] = {str(s): target_to_json(t) for s, t in sorted(play.votes.items())}
        frame["random_votes"] = list(play.random_votes)
        frame["winners"] = play.winners
    return frame


def log_frame(room: Room, member_id: int) -> dict[str, Any]:
    """The talk so far that this member may read (after a join or a reconnection)."""
    entries = room.play.log if room.play is not None else room.log
    seat = room.seat_of(member_id)
    return {"type": "log", "entries": [visible(e, seat) for e in entries]}


def visible(entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A chat entry as ``seat`` sees it: a whisper's text only for its two ends."""
    if entry["type"] == "whisper" and seat not in (entry["from"], entry["to"]):
        return {"type": "whispered", "from": entry["from"], "to": entry["to"], "at": entry["at"]}
    return entry
