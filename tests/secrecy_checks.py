"""What a member may know, checked against the truth: the secrecy checks that the
in-process games (tests/session/test_secrecy_clock.py, on the fake clock) and the games
over real WebSockets (tests/server/test_secrecy.py) share (RULES.md, docs/protocol.md).

``g`` is one recorded game: ``frames`` (per member, the players in seat order then the
spectator: ``(moment, raw JSON)``), ``whispers`` (``(from, to, text)``), ``n`` and
``pool`` (the configured cards, more than the deck needs when the workshop draws).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from onenight.rules import ALL_ROLES, EDITIONS, turn_plan
from onenight.rules import roles as R
from onenight.session import events as ev
from onenight.session.clock import ANCHOR_SLACK
from onenight.session.room import Room
from server.helpers import random_deck

ROLES = frozenset(ALL_ROLES)
PUBLIC_KEYS = {"deck", "calls", "turns", "players", "edition", "settings"}
FACT_KEYS = {"wolves", "masons", "tanners", "acted", "little_girl"}


def plan(rng: random.Random, count: int) -> list[tuple[str, int, bool]]:
    games = []
    editions = sorted(EDITIONS)
    for i in range(count):
        ed = EDITIONS[editions[i % len(editions)]]
        top = ed.max_players if rng.random() < 0.15 else min(ed.max_players, 7)
        draw = ed.draws_deck and rng.random() < 0.6
        games.append((ed.id, rng.randint(ed.min_players, top), draw))
    return games


def enabled_pool(edition: str, n: int, rng: random.Random) -> list[str]:
    """A legal workshop pool with 1 to 4 cards more than the deck needs."""
    deck = random_deck(edition, n, rng)
    extra = [r for r in sorted(EDITIONS[edition].roles) if r not in (R.MASON, R.DOPPELGANGER)]
    extra = [r for r in extra if r not in (R.ALPHA_WOLF, R.BODYGUARD)]
    return deck + [rng.choice(extra) for _ in range(rng.randint(1, 4))]


def strings(value: Any, skip: set[str]) -> list[str]:
    out: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                out.extend(strings(v, skip))
    elif isinstance(value, list):
        for v in value:
            out.extend(strings(v, skip))
    elif isinstance(value, str):
        out.append(value)
    return out


def keys(value: Any) -> set[str]:
    """Every key in a frame, outside the public table (the deck's counts are keyed by role)."""
    if isinstance(value, dict):
        inner = {k for key, v in value.items() if key not in PUBLIC_KEYS for k in keys(v)}
        return set(value) | inner
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def night_window(frames: list[tuple[float, str]]) -> list[tuple[float, str, dict[str, Any]]]:
    """The frames from the deal's state frame to the one that opens the day, inclusive."""
    out = []
    started = False
    for at, raw in frames:
        frame = json.loads(raw)
        started = started or (frame["type"] == "state" and frame["phase"] == "night")
        if started:
            out.append((at, raw, frame))
            if frame["type"] == "state" and frame["phase"] == "day":
                break
    return out


def check_member(room: Room, seat: int | None, frames: list[tuple[float, str]], g: dict) -> None:
    play = room.play
    assert play is not None
    game = play.game
    dealt = game.setup.cards[seat] if seat is not None else None
    facts = [{"at": f.at, **f.to_json()} for f in game.facts[seat]] if seat is not None else []
    allowed = {dealt} | {f["card"] for f in facts if "card" in f}
    face_up = set(game.revealed.values())  # the Revealer's card stays up for the day
    ended = False
    for _, raw in frames:
        frame = json.loads(raw)
        kind = frame["type"]
        for i, j, text in g["whispers"]:
            if text in raw:
                assert seat in (i, j), f"whisper {i}->{j} reached seat {seat}"
        if kind == "state" and frame["phase"] == "end":
            ended = True
        if ended or kind in ("ack", "error", "room"):
            continue
        # a voice frame is the voice rule, the same for every member (docs/voice.md)
        assert kind in ("state", "log", "chat", "whisper", "whispered", "voice"), kind
        known = allowed | face_up if frame.get("phase") in ("day", "vote") else allowed
        leaked = {s for s in strings(frame, PUBLIC_KEYS) if s in ROLES} - known
        assert not leaked, f"seat {seat} saw roles {leaked} in {frame}"
        if kind != "state":
            continue
        assert not keys(frame) & {"result", "timeline", "votes", "history", "winners"}
        assert frame.get("card") == dealt
        clock = frame["turn"]
        # What a turn teaches comes once it is over; a turn where nobody chooses (the
        # Insomniac's) teaches in its own frame (docs/protocol.md).
        learning = 0 <= clock < len(game.turns) and game.turns[clock].role == ""
        for fact in frame.get("learned", []):
            at = fact["at"]
            assert fact in facts
            assert frame["phase"] != "night" or at < clock or (learning and at == clock)
        if not frame.get("learned"):
            assert not keys(frame) & FACT_KEYS
        if frame["phase"] == "vote" and "vote" in frame:
            assert seat is not None and seat in game.history_votes  # type: ignore[attr-defined]
        public_table(frame, g["pool"], game.setup.edition)


def public_table(frame: dict[str, Any], pool: list[str], edition: str) -> None:
    """Before the end the deck, the calls and the turns are those of the enabled cards:
    nothing shows which of them a workshop draw took."""
    deck = Counter(pool)
    if R.ALPHA_WOLF in deck:
        deck[R.WEREWOLF] += 1
    assert frame["deck"] == dict(sorted(deck.items()))
    plan_ = turn_plan(edition, tuple(pool))
    assert frame["calls"] == list(plan_.calls)
    assert frame["turns"] == [t.to_json() for t in plan_.turns]
    assert frame["center_wolf"] == (R.ALPHA_WOLF in pool)


def check_night_wire(
    room: Room, g: dict[str, Any], tolerance: float
) -> list[tuple[int, list[float]]]:
    """Every member's night: frames of one size; the frames the server sends on its own
    (a state frame at the deal, at each turn and at daybreak) in the same number and at
    the same moments for all; the others are answers, one per message a member sent (every
    page taps once a turn; on a loaded machine a late tap may land in the next turn, and
    that is the page's doing, not the server's). Every turn lasts the turn plus a jitter."""
    play = room.play
    assert play is not None
    windows = [night_window(frames) for frames in g["frames"]]
    size = play.frame_size
    for w in windows:
        assert {len(raw.encode()) for _, raw, _ in w} == {size}, [
            raw for _, raw, _ in w if len(raw.encode()) != size
        ]
        kinds = [f["type"] for _, _, f in w]
        assert set(kinds) <= {"state", "ack", "error"}, kinds
    states = [[(at, f) for at, _, f in w if f["type"] == "state"] for w in windows]
    late: list[tuple[int, list[float]]] = []
    turns = len(play.game.turns)
    assert all(len(s) == turns + 2 for s in states)  # the deal, each turn, the day
    for k in range(turns + 2):
        moments = [s[k][0] for s in states]
        if max(moments) - min(moments) >= tolerance:
            late.append((k, moments))
        assert len({(s[k][1]["turn"], s[k][1]["deadline"]) for s in states}) == 1
    deadlines = [f["deadline"] for _, f in states[0]]
    for k in range(1, turns + 1):  # the turn that each frame opens
        length = deadlines[k] - deadlines[k - 1]
        assert play.turn_length - 1e-6 <= length, length
        # It counts from the deadline before, unless the server handled that deadline
        # ANCHOR_SLACK late or more (a machine stalled that long: then from the moment
        # it did, session/clock.py): never longer for a reason the deal holds.
        anchored = length <= play.turn_length + play.jitter + 1e-6
        assert anchored or length >= ANCHOR_SLACK + play.turn_length - 1e-6, length
    return late


def check_game(
    room: Room, events: list[ev.RoomEvent], g: dict[str, Any], tolerance: float
) -> list[tuple[int, list[float]]]:
    """Every check on one ended game, ``room`` replayed from (or living on) its log
    ``events``: its night on the wire, then each member's frames. The broadcasts whose
    moments spread over ``tolerance`` seconds or more, as ``(index, moments)``."""
    assert room.play is not None and room.play.phase == "end"
    room.play.game.history_votes = {  # type: ignore[attr-defined]
        e.seat for e in events if isinstance(e, ev.Voted)
    }
    late = check_night_wire(room, g, tolerance)
    seats: list[int | None] = [*range(g["n"]), None]
    for seat, frames in zip(seats, g["frames"], strict=True):
        check_member(room, seat, frames, g)
    return late
