"""The session's commands as pure functions: ``decide(room, member, message, now, rng)``.

Each command checks what a member asks against the room's state and returns the events
that follow from it and the fields of the sender's ``ack``; a refusal raises
:class:`BadMessage` and nothing changes. ``decide`` reads the room and never changes
it, does no I/O and takes the time and the randomness it needs as arguments: the room's
actor stores the events, applies them and publishes the frames (see :mod:`.hub`), and
tests drive it in process with a fake clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from onenight.rules import Phase, RulesError, Vote, action_from_json, target_from_json

from . import events as ev
from . import protocol as P
from .bot_names import bot_name
from .claims import ClaimError, claim_from_json
from .decks import deck_for, deck_problem, deck_refusal, turn_for
from .errors import BadMessage, ErrorCode
from .names import close_to
from .room import Room
from .voice import whisper_target

Events = list[ev.RoomEvent]
MAX_SEATS = 12  #: players in a room (RULES.md: sans-carte goes up to 12)
Reply = dict[str, Any]


def decide(
    room: Room, member: int, msg: P.Message, now: float, rng: random.Random
) -> tuple[Events, Reply]:
    """The events and the ack fields of one command of ``member``; BadMessage if refused."""
    handler = COMMANDS.get(type(msg))
    if handler is None:
        raise BadMessage(ErrorCode.out_of_phase, f"'{msg.type}' is not accepted now")
    return handler(room, member, msg, now, rng)


def join(
    room: Room, name: str, spectator: bool, token_hash: str, limit: int, screen: bool = False
) -> Events:
    """A new member (its id is the seq of its join event: never reused). A ``screen``
    (the TV view) watches: it is a spectator whatever ``spectator`` says."""
    spectator = spectator or screen
    name = P.clean_name(name)
    if room.member_by_name(name) is not None:
        raise BadMessage(ErrorCode.name_taken, f"someone in the room is already called {name!r}")
    close = close_to(name, live_names(room))
    if close is not None:
        raise BadMessage(ErrorCode.name_too_close, f"too close to {close!r}")
    if sum(m.spectator == spectator for m in room.members.values()) >= limit:
        raise BadMessage(ErrorCode.room_full, "the room is full")
    member = room.seq + 1
    joined = ev.Joined(
        member=member, name=name, token_hash=token_hash, spectator=spectator, screen=screen
    )
    return [joined]


# ----- checks ---------------------------------------------------------------------------


def _host(room: Room, member: int) -> None:
    if room.host != member:
        raise BadMessage(ErrorCode.not_host, "only the host may do that")


def _seat(room: Room, member: int) -> int:
    seat = room.play.seat_of(member) if room.play is not None else None
    if seat is None or room.members[member].spectator:
        raise BadMessage(ErrorCode.not_player, "you have no seat in this game")
    return seat


def _phase(room: Room, *phases: Phase | None) -> None:
    if room.phase not in phases:
        where = room.phase or "lobby"
        raise BadMessage(ErrorCode.out_of_phase, f"not now: the room is in the {where}")


# ----- the lobby ------------------------------------------------------------------------


def leave(room: Room, member: int, msg: P.Leave, now: float, rng: random.Random) -> Any:
    events: Events = [ev.Left(member=member)]
    if not [m for m in room.active() if m.id != member and m.bot is None]:
        events.append(ev.Closed())
    else:  # the last player the day waited for leaves: the others are ready
        events += vote_if_ready(room, now, absent=member)
    return events, {}


def kick(room: Room, member: int, msg: P.Kick, now: float, rng: random.Random) -> Any:
    _host(room, member)
    target = room.members.get(msg.member)
    if target is None or target.gone or target.id == member:
        raise BadMessage(ErrorCode.bad_member, "no such member to kick")
    return [ev.Kicked(member=target.id), *vote_if_ready(room, now, absent=target.id)], {}


def hand_over(room: Room, member: int, msg: P.Host, now: float, rng: random.Random) -> Any:
    _host(room, member)
    target = room.members.get(msg.member)
    if target is None or target.gone or target.spectator or target.bot:
        raise BadMessage(ErrorCode.bad_member, "the host must be a player in the room")
    return [ev.HostChanged(member=target.id)], {}


def configure(room: Room, member: int, msg: P.Configure, now: float, rng: random.Random) -> Any:
    _host(room, member)
    if room.playing:
        raise BadMessage(ErrorCode.out_of_phase, "settings change between games only")
    changes = msg.model_dump(exclude_none=True, exclude={"type", "ref"})
    edition = changes.get("edition", room.settings.edition)
    refusal = deck_refusal(edition, changes.get("deck"))
    if refusal is not None:
        code = ErrorCode.bad_edition if refusal["code"] == "edition" else ErrorCode.bad_deck
        raise BadMessage(code, refusal["message"])
    if "deck" in changes:
        changes["deck"] = {r: n for r, n in sorted(changes["deck"].items()) if n > 0}
        changes.pop("default_deck", None)
    elif not changes.get("default_deck", True):
        changes.pop("default_deck")  # false: the deck as it is
    events: Events = [ev.Configured(**changes)] if changes else []
    after = {**room.settings.to_json(), **changes}
    if changes.get("default_deck"):
        after["deck"] = None
    issue = deck_problem(after, len(room.seats))
    return events, {"deck_error": issue and issue["message"], "deck_issue": issue}


def start(room: Room, member: int, msg: P.Start | P.Rematch, now: float, rng: random.Random) -> Any:
    from onenight.rules import Setup

    _host(room, member)
    if isinstance(msg, P.Rematch) and room.play is None:
        raise BadMessage(ErrorCode.out_of_phase, "there is no game to play again")
    if room.playing:
        raise BadMessage(ErrorCode.out_of_phase, "a game is under way")
    settings = room.settings.to_json()
    problem = deck_problem(settings, len(room.seats))
    if problem is not None:
        raise BadMessage(ErrorCode.bad_deck, problem["message"])
    names = [room.members[m].name for m in room.seats]
    deck = deck_for(settings, len(room.seats))
    try:
        setup = Setup.shuffled(settings["edition"], names, deck, rng.randrange(2**62))
    except RulesError as exc:
        raise BadMessage(ErrorCode.bad_deck, str(exc)) from None
    turn = turn_for(settings)
    started = ev.Started(
        game=room.games + 1,
        seats=list(room.seats),
        names=names,
        edition=setup.edition,
        deck=deck,
        setup=setup.to_json(),
        turn=turn,
        jitter=settings["jitter"],
        day=settings["day"],
        vote=settings["vote"],
        deadline=now + turn,  # the deal: everyone looks at their card
    )
    return [started], {"game": started.game}


# ----- the game -------------------------------------------------------------------------


def act(room: Room, member: int, msg: P.Act, now: float, rng: random.Random) -> Any:
    if room.phase == Phase.VOTE and msg.action.get("type") == "vote":
        # The vote's choices are offered as actions too: acting on one is voting.
        target = msg.action.get("target")
        if not isinstance(target, int | str) or set(msg.action) != {"type", "target"}:
            raise BadMessage(ErrorCode.bad_target, "a vote is {'type': 'vote', 'target': seat}")
        return vote(room, member, P.VoteMsg(type="vote", target=target), now, rng)
    _phase(room, Phase.NIGHT)
    seat = _seat(room, member)
    play = room.play
    assert play is not None
    tap = _one_tap(room, member)
    if not play.deciding(seat):
        raise BadMessage(ErrorCode.not_your_turn, "you have nothing to choose now")
    try:
        action = action_from_json(msg.action)
    except RulesError as exc:
        raise BadMessage(ErrorCode.bad_action, str(exc)) from None
    if action not in play.game.legal(seat):
        raise BadMessage(ErrorCode.illegal, f"not a legal choice now: {action.to_json()}")
    return [ev.Acted(seat=seat, action=action.to_json(), turn=play.turn), tap], {}


def nothing(room: Room, member: int, msg: P.Nothing, now: float, rng: random.Random) -> Any:
    """A tap that does nothing, answered like an action, so that at night every member's
    traffic looks the same whether or not it had anything to choose (both are stored)."""
    _phase(room, Phase.NIGHT)
    return [_one_tap(room, member)], {}


def _one_tap(room: Room, member: int) -> ev.Tapped:
    """A member taps once a night turn (an act or ``nothing``): the tap, or a refusal."""
    play = room.play
    assert play is not None
    if play.tapped.get(member) == play.turn:
        raise BadMessage(ErrorCode.one_per_turn, "one act or nothing per turn")
    return ev.Tapped(member=member, turn=play.turn)


def vote(room: Room, member: int, msg: P.VoteMsg, now: float, rng: random.Random) -> Any:
    _phase(room, Phase.VOTE)
    seat = _seat(room, member)
    play = room.play
    assert play is not None
    try:
        target = target_from_json(msg.target)
    except RulesError as exc:
        raise BadMessage(ErrorCode.bad_target, str(exc)) from None
    if Vote(target) not in play.game.legal(seat):
        raise BadMessage(ErrorCode.illegal, "point at another player of the game")
    return [ev.Voted(seat=seat, target=target)], {}


def end_day(room: Room, member: int, msg: P.EndDay, now: float, rng: random.Random) -> Any:
    _host(room, member)
    _phase(room, Phase.DAY)
    assert room.play is not None
    return [ev.VoteOpened(deadline=now + room.play.vote)], {}


def ready(room: Room, member: int, msg: P.Ready, now: float, rng: random.Random) -> Any:
    """A player is ready to vote (or no longer): when every player present is, the vote
    opens at once, as the host's ``end_day`` opens it (the host keeps that power)."""
    _phase(room, Phase.DAY)
    seat = _seat(room, member)
    play = room.play
    assert play is not None
    if (seat in play.ready) == msg.ready:
        return [], {"ready": sorted(play.ready)}  # said already: nothing changes
    said = set(play.ready)
    if msg.ready:
        said.add(seat)
    else:
        said.discard(seat)
    events: Events = [ev.ReadyToVote(seat=seat, ready=msg.ready)]
    events += vote_if_ready(room, now, said)
    return events, {"ready": sorted(said)}


def waits_for(room: Room, seat: int, absent: int | None = None) -> bool:
    """Whether the day waits for this seat's player to say it is ready: a person who is
    still at the table (a bot, a seat a bot plays for a player away past the grace, and
    a player who left are never waited for)."""
    play = room.play
    assert play is not None
    m = room.members.get(play.seats[seat])
    return not (m is None or m.gone or m.bot or m.stand_in or m.id == absent)


def vote_if_ready(
    room: Room, now: float, said: set[int] | None = None, absent: int | None = None
) -> Events:
    """The vote's opening when every player the day waits for is ready, and at least one
    said so; else nothing. ``said``: the seats ready, when a command changes them;
    ``absent``: a member who is leaving, or whose seat a bot is about to play."""
    play = room.play
    if play is None or room.phase != Phase.DAY:
        return []
    said = play.ready if said is None else said
    waited = [s for s in range(len(play.seats)) if waits_for(room, s, absent)]
    if not said or not waited or any(s not in said for s in waited):
        return []
    return [ev.VoteOpened(deadline=now + play.vote)]


def live_names(room: Room) -> list[str]:
    return [m.name for m in room.members.values() if not m.gone]


def add_bot(room: Room, member: int, msg: P.AddBot, now: float, rng: random.Random) -> Any:
    """A bot takes the next seat (between games); the host removes it with ``kick``."""
    _host(room, member)
    if room.playing:
        raise BadMessage(ErrorCode.out_of_phase, "bots join between games")
    if sum(not m.spectator for m in room.members.values()) >= MAX_SEATS:
        raise BadMessage(ErrorCode.room_full, "the room is full")
    # A name of its own in the room's language (its level shows beside it, as a badge),
    # never one that reads like a member's (a seated "Веn" in Cyrillic beside a bot "Ben").
    taken = live_names(room)
    name = bot_name(room.settings.lang, taken)
    while close_to(name, taken) is not None:
        taken.append(name)
        name = bot_name(room.settings.lang, taken)
    bot = ev.Joined(member=room.seq + 1, name=name, token_hash="", spectator=False, bot=msg.level)
    return [bot], {"member": bot.member}


def claim(room: Room, member: int, msg: P.ClaimMsg, now: float, rng: random.Random) -> Any:
    """A structured claim on the day's board, checked against the table."""
    _phase(room, Phase.DAY, Phase.VOTE)
    seat = _seat(room, member)
    assert room.play is not None
    game = room.play.game
    try:
        said = claim_from_json(msg.claim, game.n, game.c)
    except ClaimError as exc:
        raise BadMessage(ErrorCode.bad_claim, str(exc)) from None
    return [ev.Claimed(seat=seat, claim=said.to_json())], {}


# ----- talk -----------------------------------------------------------------------------


def chat(room: Room, member: int, msg: P.Chat, now: float, rng: random.Random) -> Any:
    m = room.members[member]
    if room.playing and (m.spectator or room.seat_of(member) is None):
        raise BadMessage(ErrorCode.not_player, "only the players talk during a game")
    _phase(room, None, Phase.DAY, Phase.VOTE, Phase.END)
    text = P.clean_text(msg.text)
    seat = room.seat_of(member)
    return [ev.Chat(member=member, seat=seat, name=m.name, text=text)], {}


def whisper(room: Room, member: int, msg: P.Whisper, now: float, rng: random.Random) -> Any:
    _phase(room, Phase.DAY, Phase.VOTE)
    seat = _seat(room, member)
    assert room.play is not None
    if not 0 <= msg.to < len(room.play.seats) or msg.to == seat:
        raise BadMessage(ErrorCode.bad_target, "whisper to another seat of the game")
    text = P.clean_text(msg.text)
    return [ev.Whisper.model_validate({"from": seat, "to": msg.to, "text": text})], {}


def voice_whisper(
    room: Room, member: int, msg: P.VoiceWhisper, now: float, rng: random.Random
) -> Any:
    """Hold or let go "whisper to" by voice (the rule: :mod:`.voice`)."""
    to = whisper_target(room, member, msg.to)
    if room.voice_whispers.get(member) == to:
        return [], {}  # already so: nothing changes
    return [ev.VoiceWhispered(member=member, to=to)], {}


def ping(room: Room, member: int, msg: P.Ping, now: float, rng: random.Random) -> Any:
    return [], {"pong": True}


COMMANDS: dict[type, Callable[..., tuple[Events, Reply]]] = {
    P.Leave: leave,
    P.Kick: kick,
    P.Host: hand_over,
    P.Configure: configure,
    P.Start: start,
    P.Rematch: start,
    P.Act: act,
    P.Nothing: nothing,
    P.AddBot: add_bot,
    P.ClaimMsg: claim,
    P.Chat: chat,
    P.Whisper: whisper,
    P.VoiceWhisper: voice_whisper,
    P.EndDay: end_day,
    P.Ready: ready,
    P.VoteMsg: vote,
    P.Ping: ping,
}
