"""What each authenticated message does: checks first, then events (nothing changes on
a refusal). Each handler returns the extra fields of the sender's ``ack``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from onenight.rules import RulesError, Vote, action_from_json, target_from_json, target_to_json
from onenight.rules.editions import EDITIONS

from . import protocol as P
from .clock import close_vote_event, started_event
from .protocol import BadMessage
from .views import deck_problem

if TYPE_CHECKING:
    from .hub import RoomActor

Ack = dict[str, Any] | None


async def dispatch(actor: RoomActor, member: int, msg: Any) -> Ack:
    handler = HANDLERS.get(type(msg))
    if handler is None:
        raise BadMessage("out_of_phase", f"'{msg.type}' is not accepted now")
    ack: Ack = await handler(actor, member, msg)
    return ack


def _host(actor: RoomActor, member: int) -> None:
    if actor.room.host != member:
        raise BadMessage("not_host", "only the host may do that")


def _seat(actor: RoomActor, member: int) -> int:
    room = actor.room
    if room.play is None or room.members[member].spectator:
        raise BadMessage("not_player", "you have no seat in this game")
    seat = room.play.seat_of(member)
    if seat is None:
        raise BadMessage("not_player", "you have no seat in this game")
    return seat


def _phase(actor: RoomActor, *phases: str) -> None:
    play = actor.room.play
    phase = play.phase if play is not None else "lobby"
    if phase not in phases:
        raise BadMessage("out_of_phase", f"not now: the room is in the {phase}")


async def leave(actor: RoomActor, member: int, msg: P.Leave) -> Ack:
    await actor.commit([("left", {"member": member})])
    await _maybe_close(actor)
    return None


async def _maybe_close(actor: RoomActor) -> None:
    if not actor.room.active():
        await actor.commit([("closed", {})])


async def kick(actor: RoomActor, member: int, msg: P.Kick) -> Ack:
    _host(actor, member)
    target = actor.room.members.get(msg.member)
    if target is None or target.gone or target.id == member:
        raise BadMessage("bad_member", "no such member to kick")
    await actor.commit([("kicked", {"member": target.id})])
    return None


async def hand_over(actor: RoomActor, member: int, msg: P.Host) -> Ack:
    _host(actor, member)
    target = actor.room.members.get(msg.member)
    if target is None or target.gone or target.spectator:
        raise BadMessage("bad_member", "the host must be a player in the room")
    await actor.commit([("host", {"member": target.id})])
    return None


async def configure(actor: RoomActor, member: int, msg: P.Configure) -> Ack:
    _host(actor, member)
    if actor.room.playing:
        raise BadMessage("out_of_phase", "settings change between games only")
    changes = msg.model_dump(exclude_none=True, exclude={"type", "ref"})
    edition = changes.get("edition", actor.room.settings.edition)
    if edition not in EDITIONS:
        raise BadMessage("bad_edition", f"no edition {edition!r} (one of {sorted(EDITIONS)})")
    if "deck" in changes:
        roles = EDITIONS[edition].roles
        unknown = sorted(r for r in changes["deck"] if r not in roles)
        if unknown:
            raise BadMessage("bad_deck", f"not roles of {edition}: {', '.join(unknown)}")
        changes["deck"] = {r: n for r, n in sorted(changes["deck"].items()) if n > 0}
    if changes:
        await actor.commit([("configured", changes)])
    return {"deck_error": deck_problem(actor.room)}


async def start(actor: RoomActor, member: int, msg: P.Start | P.Rematch) -> Ack:
    _host(actor, member)
    if isinstance(msg, P.Rematch) and actor.room.play is None:
        raise BadMessage("out_of_phase", "there is no game to play again")
    if actor.room.playing:
        raise BadMessage("out_of_phase", "a game is under way")
    data = started_event(actor, actor.hub.rng)
    from onenight.rules import Game, Setup

    try:  # the same deal the event will make: refuse now rather than store a bad game
        Game(Setup.shuffled(data["edition"], data["names"], deck=data["deck"], seed=data["seed"]))
    except RulesError as exc:
        raise BadMessage("bad_deck", str(exc)) from None
    await actor.commit([("started", data)])
    return {"game": data["game"]}


async def act(actor: RoomActor, member: int, msg: P.Act) -> Ack:
    play = actor.room.play
    if play is not None and play.phase == "vote" and msg.action.get("type") == "vote":
        # The vote's choices are offered as actions too: acting on one is voting.
        target = msg.action.get("target")
        if not isinstance(target, int | str):
            raise BadMessage("bad_target", "a vote needs a target")
        return await vote(actor, member, P.VoteMsg(type="vote", target=target))
    _phase(actor, "night")
    seat = _seat(actor, member)
    play = actor.room.play
    assert play is not None
    if not play.deciding(seat):
        raise BadMessage("not_your_turn", "you have nothing to choose now")
    try:
        action = action_from_json(msg.action)
    except RulesError as exc:
        raise BadMessage("bad_action", str(exc)) from None
    if action not in play.game.legal(seat):
        raise BadMessage("illegal", f"not a legal choice now: {action.to_json()}")
    data = {"e": "act", "seat": seat, "action": action.to_json(), "k": play.call, "auto": False}
    await actor.commit([("game", data)])
    return None


async def chat(actor: RoomActor, member: int, msg: P.Chat) -> Ack:
    room = actor.room
    m = room.members[member]
    if room.playing and (m.spectator or room.seat_of(member) is None):
        raise BadMessage("not_player", "only the players talk during a game")
    _phase(actor, "lobby", "day", "vote", "end")
    text = P.clean_text(msg.text)
    seat = room.seat_of(member)
    await actor.commit([("chat", {"member": member, "seat": seat, "name": m.name, "text": text})])
    return None


async def whisper(actor: RoomActor, member: int, msg: P.Whisper) -> Ack:
    _phase(actor, "day", "vote")
    seat = _seat(actor, member)
    play = actor.room.play
    assert play is not None
    if not 0 <= msg.to < len(play.seats) or msg.to == seat:
        raise BadMessage("bad_target", "whisper to another seat of the game")
    text = P.clean_text(msg.text)
    await actor.commit([("whisper", {"from": seat, "to": msg.to, "text": text})])
    return None


async def end_day(actor: RoomActor, member: int, msg: P.EndDay) -> Ack:
    _host(actor, member)
    _phase(actor, "day")
    play = actor.room.play
    assert play is not None
    import time

    deadline = time.time() + play.vote
    await actor.commit([("game", {"e": "vote_open", "deadline": deadline})])
    return None


async def vote(actor: RoomActor, member: int, msg: P.VoteMsg) -> Ack:
    _phase(actor, "vote")
    seat = _seat(actor, member)
    play = actor.room.play
    assert play is not None
    try:
        target = target_from_json(msg.target)
    except RulesError as exc:
        raise BadMessage("bad_target", str(exc)) from None
    if Vote(target) not in play.game.legal(seat):
        raise BadMessage("illegal", "point at another player of the game")
    data = {"e": "vote", "seat": seat, "target": target_to_json(target)}
    await actor.commit([("game", data)])
    if len(play.votes) == len(play.seats):  # all in: the vote closes
        await actor.commit([("game", close_vote_event(play, actor.hub.rng))])
    return None


async def ping(actor: RoomActor, member: int, msg: P.Ping) -> Ack:
    return {"pong": True}


HANDLERS: dict[type, Any] = {
    P.Leave: leave,
    P.Kick: kick,
    P.Host: hand_over,
    P.Configure: configure,
    P.Start: start,
    P.Rematch: start,
    P.Act: act,
    P.Chat: chat,
    P.Whisper: whisper,
    P.EndDay: end_day,
    P.VoteMsg: vote,
    P.Ping: ping,
}
