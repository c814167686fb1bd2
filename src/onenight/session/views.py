"""Frames: what each member is sent. The allowlist point of the server.

Game state reaches a client only through :func:`state_frame`, which is the engine's
per-player view (``game.view(seat, until=the clock's turn)``) with the clock's deadline
added: one phase, one decision, one vote, as the engine holds them. The lobby is the
public :func:`room_frame`. While a game is under way frames are padded to one size
(:mod:`.padding`).
"""

from __future__ import annotations

from typing import Any

import orjson

from onenight.rules import Phase

from . import events as ev
from .decks import deck_for, deck_problem, turn_for
from .hindsight import hindsight
from .play import Play
from .room import Room
from .voice import voice_json

_OPTS = orjson.OPT_NON_STR_KEYS


def encode(frame: dict[str, Any]) -> str:
    """Compact JSON text (UTF-8, not ASCII-escaped), as every frame is sent."""
    return orjson.dumps(frame, option=_OPTS).decode()


def with_field(text: str, key: str, value: Any) -> str:
    """An encoded JSON object with one more key, last (``text`` must not have it)."""
    sep = "," if len(text) > 2 else ""
    return f'{text[:-1]}{sep}"{key}":{encode(value)}}}'


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
            "bot": m.bot,
            "stand_in": m.stand_in,
            "screen": m.screen,
        }
        for m in room.members.values()
    ]
    settings = room.settings.to_json()
    n = len(room.seats)
    deck = deck_for(settings, n)
    problem = deck_problem(settings, n)
    settings["turn"] = turn_for(settings)
    frame: dict[str, Any] = {
        "type": "room",
        "room": room.code,
        "host": room.host,
        "host_passed": room.host_passed,
        "members": members,
        "seats": list(room.seats),
        "settings": settings,
        "deck": deck,
        "deck_error": problem and problem["message"],
        "deck_issue": problem,
        "scoreboard": [
            {"member": i, "name": room.members[i].name, "chips": c}
            for i, c in room.chips.items()
            if i in room.members
        ],
        "champions": list(room.champions),
        "games": room.games,
        "playing": room.playing,
        "voice": voice_json(room),
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


def state_frame(room: Room, member_id: int | None, now: float) -> dict[str, Any] | None:
    """The game as this member may see it (the engine's view and the clock, read at
    ``now``), or None without a game."""
    play = room.play
    if play is None:
        return None
    seat = play.seat_of(member_id) if member_id is not None else None
    frame: dict[str, Any] = {
        "type": "state",
        "game": play.no,
        "deadline": play.deadline,
        "remaining": round(max(0.0, play.deadline - now), 3) if play.deadline else None,
        **play.view(seat),
    }
    if play.phase == Phase.DAY:
        frame["ready"] = sorted(play.ready)  # who said "ready to vote" (public)
    if play.phase == Phase.END:
        frame["random_votes"] = list(play.random_votes)
        frame["winners"] = play.winners
        frame["claims"] = claim_board(room)
        frame["dealt"] = dealt(play)
        frame["day_log"] = day_story(play)
        frame["hindsight"] = hindsight(play)
        frame["reading"] = play.reading
    return frame


def day_story(play: Play) -> list[dict[str, Any]]:
    """The day's talk of an ended game, for the replay (issue 36, point 7), in the order
    it was said: the public lines and claims, and each whisper as only that A whispered
    to B (its words stay its two ends'); ``t``: seconds since dawn. The talk at the
    result, after the vote, is not the day's."""
    out: list[dict[str, Any]] = []
    for e in play.log:
        if play.dusk and e["at"] > play.dusk:
            continue
        t = round(max(0.0, e["at"] - play.dawn), 1) if play.dawn else None
        if e["type"] == "chat":
            line = {"type": "chat", "seat": e["seat"], "name": e["name"], "text": e["text"]}
        elif e["type"] == "claim":
            line = {"type": "claim", "seat": e["seat"], "claim": e["claim"]}
        elif e["type"] == "whisper":
            line = {"type": "whispered", "from": e["from"], "to": e["to"], "names": e["names"]}
        else:
            continue
        if e.get("stand_in"):
            line["stand_in"] = True
        out.append({**line, "t": t})
    return out


def claim_board(room: Room) -> list[dict[str, Any]]:
    """The day's claims, in order: ``{"seat", "claim", "at"}``."""
    entries = room.play.log if room.play is not None else []
    return [e for e in entries if e["type"] == "claim"]


def dealt(play: Play) -> dict[str, Any]:
    """The deal of an ended game (public once it is over): each seat's card, the center."""
    setup = play.game.setup
    return {"cards": list(setup.cards), "center": list(setup.center)}


def log_frame(room: Room, member_id: int, earlier: bool = True) -> dict[str, Any]:
    """The talk so far that this member may read (after a join or a reconnection): the
    game's (or the lobby's), after the earlier games' when ``earlier`` (not at night,
    when every frame is of the game's one size: see Rendering.send_full)."""
    entries = room.play.log if room.play is not None else room.log
    if earlier:
        entries = [*room.history, *entries]
    return {"type": "log", "entries": [visible(e, member_id) for e in entries]}


_AUDIENCE = {
    "chat": ev.Chat.audience,
    "whisper": ev.Whisper.audience,
    "claim": ev.Claimed.audience,
}


def visible(entry: dict[str, Any], member_id: int | None) -> dict[str, Any]:
    """A chat entry as this member sees it, by its event's audience: a whisper (``pair``)
    shows its text to its two ends only (by member: seats change between games), to the
    others that A whispered to B."""
    if _AUDIENCE[entry["type"]] == "pair" and member_id not in entry["members"]:
        keep = ("from", "to", "at", "game", "names", "members")
        return {"type": "whispered", **{k: entry[k] for k in keep}}
    return entry
