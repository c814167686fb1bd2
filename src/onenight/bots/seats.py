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
from typing import Any

from onenight.rules import Phase
from onenight.session import events as ev
from onenight.session import protocol as P
from onenight.session.claims import Posted, posted_from_json
from onenight.session.core import decide
from onenight.session.protocol import MAX_TEXT, BadMessage
from onenight.session.room import Room

from . import Bot, make_bot
from .say import say


class BotSeats:
    """The bots of one room, one per (game, seat, level), each seeded from the deal."""

    def __init__(self) -> None:
        self.bots: dict[tuple[int, int, str], Bot] = {}
        self.spoke: set[tuple[int, int]] = set()

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

    def next_events(self, room: Room, now: float, rng: random.Random) -> list[ev.RoomEvent]:
        """What the first bot with something to do now does (no events: nothing to do)."""
        for seat, member, level in self.seats(room):
            events = self._turn(room, seat, member, self.bot(room, seat, level), now, rng)
            if events:
                return events
        return []

    def _turn(
        self, room: Room, seat: int, member: int, bot: Bot, now: float, rng: random.Random
    ) -> list[ev.RoomEvent]:
        play = room.play
        assert play is not None
        phase = play.phase
        message: dict[str, Any] | None = None
        if phase == Phase.NIGHT and play.deciding(seat):
            message = {"type": "act", "action": bot.choose(play.view(seat))}
        elif phase in (Phase.DAY, Phase.VOTE) and (play.no, seat) not in self.spoke:
            self.spoke.add((play.no, seat))
            return self._speak(room, seat, member, bot)
        elif phase == Phase.VOTE and seat not in play.game.votes:
            message = {"type": "vote", "target": bot.vote(play.view(seat), board(room))}
        if message is None:
            return []
        try:
            events, _ = decide(room, member, P.message_adapter.validate_python(message), now, rng)
        except BadMessage:  # a bot's bug must not stop the table: its turn times out
            return []
        return events

    def _speak(self, room: Room, seat: int, member: int, bot: Bot) -> list[ev.RoomEvent]:
        """The bot's claims on the board, and one sentence of them in the room's language."""
        play = room.play
        assert play is not None
        claims = bot.claims(play.view(seat), board(room))
        events: list[ev.RoomEvent] = [ev.Claimed(seat=seat, claim=c.to_json()) for c in claims]
        text = " ".join(say(c, seat, play.names, room.settings.lang) for c in claims)
        if text:
            name = room.members[member].name
            events.append(ev.Chat(member=member, seat=seat, name=name, text=text[:MAX_TEXT]))
        return events


def board(room: Room) -> tuple[Posted, ...]:
    """The day's claim board so far, as the bots read it."""
    play = room.play
    if play is None:
        return ()
    n, c = play.game.n, play.game.c
    return tuple(posted_from_json(e, n, c) for e in play.log if e["type"] == "claim")
