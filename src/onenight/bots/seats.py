"""Bots at the table: the seats a bot plays in a room's game, and what they do next.

A seat is played by a bot when the host seated one (``add_bot``) or when its player
stayed away past the room's grace period (a *stand-in*, until the player is back). A bot
gets exactly what a human in its seat gets: the seat's view as the clock shows it
(``play.view(seat)``, the engine's view cut at the current turn) and the public claim
board. Its choices go through :func:`onenight.session.core.decide` like anybody's, so
they are checked the same way and stored as the same events.

This implements the session's port (:class:`onenight.session.ports.BotSeats`) with this
package's bots: whoever builds the hub passes ``bot_seats=BotSeats`` (the server does),
and each room actor makes its own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from onenight.rules import Phase, team_of
from onenight.rules.roles import WEREWOLF
from onenight.session import events as ev
from onenight.session import protocol as P
from onenight.session.claims import Posted, Think, posted_from_json
from onenight.session.core import decide
from onenight.session.protocol import MAX_TEXT, BadMessage
from onenight.session.room import Room

from . import LEVELS, Bot, make_bot
from .base import ViewDict
from .board import by_seat, claimed_role
from .lines import joined, line, vote_line
from .say import say
from .talk import Concern, Next, Utterance, about, named_vote, next_step, utterances


class BotSeats:
    """The bots of one room, one per (game, seat, level), each seeded from the deal."""

    def __init__(self) -> None:
        self.bots: dict[tuple[int, int, str], Bot] = {}
        #: The bots' next steps by day, for the room's state they were planned in.
        self.planned: tuple[tuple[object, ...], list[Planned]] | None = None
        #: (game, seat) → the room's state in which its due step had nothing to say
        #: (every sentence said already): it waits for news.
        self.mute: dict[tuple[int, int], tuple[object, ...]] = {}

    @property
    def levels(self) -> frozenset[str]:
        """The built-in levels and any a plugin registered in this process."""
        return frozenset(LEVELS)

    def seats(self, room: Room) -> list[tuple[int, int, str]]:
        """``(seat, member, level)`` of the seats a bot plays now."""
        play = room.play
        if play is None or not room.playing:
            return []
        out = []
        for seat, member_id in enumerate(play.seats):
            m = room.members.get(member_id)
            level = None if m is None else m.bot or m.stand_in
            if level is not None:
                out.append((seat, member_id, level))
        return out

    def bot(self, room: Room, seat: int, level: str) -> Bot:
        play = room.play
        assert play is not None
        key = (play.no, seat, level)
        bot = self.bots.get(key)
        if bot is None:
            bot = self.bots[key] = make_bot(level, f"{play.game.setup.seed}-{seat}")
        return bot

    # ----- what the bots do, and when -----

    def next_at(self, room: Room) -> float | None:
        """When a bot next wants to speak or point (None: not until something happens).
        The night's choices are made at once, when the turn comes (``next_events``)."""
        return min((p.step.due for p in self.plan(room)), default=None)

    def next_events(self, room: Room, now: float, rng: random.Random) -> list[ev.RoomEvent]:
        """What the first bot with something to do now does (no events: nothing to do)."""
        play = room.play
        if play is None or not room.playing:
            return []
        for seat, member, level in self.seats(room):
            if play.phase == Phase.NIGHT and play.deciding(seat):
                action = self.bot(room, seat, level).choose(play.view(seat))
                events = self._decide(room, member, [{"type": "act", "action": action}], now, rng)
                if events:
                    return events
        for p in sorted(self.plan(room), key=lambda p: (p.step.due, p.seat)):
            if p.step.due > now:
                break
            events = self._step(room, p, now, rng)
            if events:
                return events
            self.mute[(play.no, p.seat)] = self.state(room)
        return []

    def state(self, room: Room) -> tuple[object, ...]:
        """What the bots' plans by day depend on."""
        play = room.play
        assert play is not None
        votes = len(play.game.votes)
        return (play.no, play.phase, len(play.log), votes, play.deadline, *self.seats(room))

    def plan(self, room: Room) -> list[Planned]:
        """Each bot's next step by day (none at night, or for a bot with nothing to do)."""
        play = room.play
        if play is None or not room.playing or play.phase not in (Phase.DAY, Phase.VOTE):
            return []
        key = self.state(room)
        if self.planned is None or self.planned[0] != key:
            steps = []
            for seat, member, level in self.seats(room):
                step = next_step(room, seat)
                if step is not None:
                    steps.append(Planned(seat, member, level, step))
            self.planned = (key, steps)
        return [p for p in self.planned[1] if self.mute.get((play.no, p.seat)) != key]

    # ----- a step: the bot's strategy, said in the room's language -----

    def _step(self, room: Room, p: Planned, now: float, rng: random.Random) -> list[ev.RoomEvent]:
        play = room.play
        assert play is not None
        bot = self.bot(room, p.seat, p.level)
        # Its day's choices are a function of the deal, the seat and the talk so far
        # (whichever process owns the room, and however often it planned).
        bot.rng = random.Random(f"{play.game.setup.seed}-{p.seat}-day-{len(play.log)}")
        view, heard, lang = play.view(p.seat), board(room), room.settings.lang
        said = utterances(play, p.seat)
        kind = p.step.kind
        messages: list[dict[str, Any]] = []
        text: str | None = None
        if kind == "claim":
            claims = bot.claims(view, heard)
            messages = [{"type": "claim", "claim": c.to_json()} for c in claims]
            lines = [say(c, p.seat, play.names, lang) for c in claims]
            text = joined(lines, lang) if lines else line("quiet", lang, play.names)
        elif kind == "answer":
            text = self._answer(room, bot, view, heard, p, said)
        elif kind == "vote":
            target, why = bot.pick_vote(view, heard)
            role = "villager" if why[0] == "circle" else WEREWOLF
            messages = [{"type": "claim", "claim": Think(target, role).to_json()}]
            text = vote_line(target, why, lang, play.names)
        if text is not None:
            messages.append({"type": "chat", "text": text[:MAX_TEXT]})
        if kind in ("vote", "cast") and play.phase == Phase.VOTE:
            point = named_vote(said) if kind == "cast" else messages[0]["claim"]["target"]
            if point is None or point == p.seat or not 0 <= point < play.game.n:
                point = bot.vote(view, heard)
            messages.append({"type": "vote", "target": point})
        return self._decide(room, p.member, messages, now, rng) if messages else []

    def _answer(
        self,
        room: Room,
        bot: Bot,
        view: ViewDict,
        heard: tuple[Posted, ...],
        p: Planned,
        said: list[Utterance],
    ) -> str | None:
        """One line that answers what others said of this bot (at most two of them),
        never a sentence it said before; None: nothing new to say."""
        play = room.play
        assert play is not None
        before = {t for u in said for t in u.texts}
        lines: list[str] = []
        for concern, seats in merged(p.step.concerns):
            lang = room.settings.lang
            sentence = answer(bot, view, heard, concern, p.seat, lang, play.names, seats)
            if sentence is not None and sentence not in before and sentence not in lines:
                lines.append(sentence)
            if len(lines) == 2:
                break
        return joined(lines, room.settings.lang) if lines else None

    @staticmethod
    def _decide(
        room: Room, member: int, messages: list[dict[str, Any]], now: float, rng: random.Random
    ) -> list[ev.RoomEvent]:
        """The events of a bot's messages, each checked by ``decide`` as anybody's."""
        out: list[ev.RoomEvent] = []
        try:
            for message in messages:
                msg = P.message_adapter.validate_python(message)
                events, _ = decide(room, member, msg, now, rng)
                out += events
        except BadMessage:  # a bot's bug must not stop the table: its turn times out
            return []
        return out


def merged(concerns: Sequence[Concern]) -> list[tuple[Concern, tuple[int, ...]]]:
    """The concerns, accusations of one role gathered into one (with every accuser):
    "I am not a Werewolf, ann and bob!", not the same denial twice."""
    out: list[tuple[Concern, tuple[int, ...]]] = []
    for concern in concerns:
        for i, (first, seats) in enumerate(out):
            if concern.kind == first.kind == "accused" and concern.role == first.role:
                out[i] = (first, (*seats, concern.seat))
                break
        else:
            out.append((concern, (concern.seat,)))
    return out


@dataclass(frozen=True)
class Planned:
    """A bot's next step by day: its seat, member and level, and the step."""

    seat: int
    member: int
    level: str
    step: Next


def answer(
    bot: Bot,
    view: ViewDict,
    heard: Sequence[Posted],
    concern: Concern,
    seat: int,
    lang: str,
    names: Sequence[str],
    accusers: tuple[int, ...] = (),
) -> str | None:
    """What a bot says back to one concern (an accusation: by ``accusers``, all at
    once), as its strategy has it."""
    mine = by_seat(heard, len(names))
    role = claimed_role(mine[seat])
    other = concern.seat
    if concern.kind == "clash":  # its own claims are what it says happened: the other lies
        about_me = any(about(c, seat, other) is not None for c in mine[other])
        if about_me and role is not None:
            return line("lying_card", lang, names, name=other, role=role)
        return line("lying", lang, names, name=other)
    if concern.kind == "accused":
        who = accusers or (other,)
        if role is not None and team_of(role) == "village":
            return line("deny", lang, names, wolf=concern.role, name=who, role=role)
        return line("deny_bare", lang, names, wolf=concern.role, name=who)
    if concern.kind in ("took", "swapped"):
        if not bot.believes(view, heard, other):
            return line("doubt", lang, names, name=other)
        if concern.kind == "swapped":
            return line("swapped", lang, names, name=other)
        theirs = claimed_role(mine[other])
        if theirs is None:
            return line("robbed_bare", lang, names, name=other)
        return line("robbed", lang, names, name=other, role=theirs)
    if role is None:
        return None
    kind = "agree" if concern.role == role else "correct"
    return line(kind, lang, names, name=other, role=role)


def board(room: Room) -> tuple[Posted, ...]:
    """The day's claim board so far, as the bots read it."""
    play = room.play
    if play is None:
        return ()
    n, c = play.game.n, play.game.c
    return tuple(posted_from_json(e, n, c) for e in play.log if e["type"] == "claim")
