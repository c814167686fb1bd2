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

import copy
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from onenight.rules import Fact, Phase, team_of
from onenight.rules.roles import WEREWOLF
from onenight.session import events as ev
from onenight.session import protocol as P
from onenight.session.claims import Nothing, NoWerewolf, Posted, Think, posted_from_json
from onenight.session.core import decide
from onenight.session.protocol import MAX_TEXT, BadMessage
from onenight.session.room import Room

from . import LEVELS, Bot, make_bot
from .base import ViewDict
from .board import by_seat, claimed_role, clash
from .lines import FRESH, joined, line, reason_line, vote_line
from .public import reading
from .say import say
from .talk import Concern, Next, Utterance, about, named_vote, next_step, utterances

#: The threads that bots think in by day, shared by every room of the process: a
#: ``reasoner``'s step samples hidden worlds (tens of milliseconds, hundreds at worst),
#: which must not hold up the event loop that serves the other rooms.
_POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bots")
#: How often (seconds) the room's clock asks again while a bot is thinking.
POLL = 0.02


class BotSeats:
    """The bots of one room, one per (game, seat, level), each seeded from the deal.

    With ``offload`` (the server's), a bot whose steps by day are slow (``Bot.slow``:
    the ``reasoner``) works them out in a worker thread: :meth:`next_events` starts the
    work and returns nothing, and :meth:`next_at` has the room's clock ask again every
    :data:`POLL` seconds until it is done; if the room moved on meanwhile (somebody
    spoke), the answer is dropped and the step planned again. Without it (tests on a
    fake clock, simulations), every step is worked out at once."""

    def __init__(self, offload: bool = False) -> None:
        self.offload = offload
        #: The step a worker thread is working out: (the room's state and the seat it
        #: was asked in, the messages to come).
        self.job: tuple[tuple[object, ...], Future[list[dict[str, Any]]]] | None = None
        #: The room's time when the bots were last asked (where polling counts from).
        self.now = 0.0
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
        # What the seat chose at night, whoever chose it (a stand-in sits down for a
        # player who may have acted before he left): a player remembers what he did.
        log = play.game.night_log
        bot.done = [(t, a.to_json()) for t, s, a in log if s == seat and not isinstance(a, Fact)]
        return bot

    # ----- what the bots do, and when -----

    def next_at(self, room: Room) -> float | None:
        """When a bot next wants to speak or point (None: not until something happens).
        The night's choices are made at once, when the turn comes (``next_events``)."""
        due = min((p.step.due for p in self.plan(room)), default=None)
        if self.job is not None and due is not None:
            return max(due, self.now + POLL)  # thinking: ask again soon
        return due

    def next_events(self, room: Room, now: float, rng: random.Random) -> list[ev.RoomEvent]:
        """What the first bot with something to do now does (no events: nothing to do)."""
        self.now = now
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
            if self.job is not None:
                return []  # a bot is thinking: the others wait their turn
            self.mute[(play.no, p.seat)] = self.state(room)
        return []

    def reading(self, room: Room) -> dict[str, Any] | None:
        """What the game's public talk alone pointed to, once it is over (bots/public.py)."""
        play = room.play
        if play is None or play.phase != Phase.END:
            return None
        return reading(play.view(0), board(room), f"{play.game.setup.seed}:public")

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
        # What the bot thinks from: read from the room here, on the room's side.
        what = Thinking(
            # Its day's choices are a function of the deal, the seat and the talk so far
            # (whichever process owns the room, and however often it planned).
            seed=f"{play.game.setup.seed}-{p.seat}-day-{len(play.log)}",
            view=play.view(p.seat),
            heard=board(room),
            said=utterances(play, p.seat),
            lang=room.settings.lang,
            names=tuple(play.names),
            voting=play.phase == Phase.VOTE,
            recent=recent(room, now),
        )
        if not (self.offload and bot.slow):
            messages = think(bot, p, what)
        else:
            key = (*self.state(room), p.seat)
            job = self.job
            if job is None or job[0] != key:  # a new step (or the room moved on)
                # A copy of the bot (its own RNG): a dropped job may still be running.
                self.job = job = (key, _POOL.submit(think, copy.copy(bot), p, what))
            if not job[1].done():
                return []  # still thinking: the room's clock asks again (next_at)
            self.job = None
            messages = job[1].result()
        return self._decide(room, p.member, messages, now, rng) if messages else []

    @staticmethod
    def _decide(
        room: Room, member: int, messages: list[dict[str, Any]], now: float, rng: random.Random
    ) -> list[ev.RoomEvent]:
        """The events of a bot's messages, each checked by ``decide`` as anybody's; a
        stand-in's lines marked as said for the away player (who reads them back)."""
        out: list[ev.RoomEvent] = []
        m = room.members.get(member)
        standing_in = m is not None and m.stand_in is not None and not m.bot
        try:
            for message in messages:
                msg = P.message_adapter.validate_python(message)
                events, _ = decide(room, member, msg, now, rng)
                out += events
        except BadMessage:  # a bot's bug must not stop the table: its turn times out
            return []
        if standing_in:
            out = [
                e.model_copy(update={"stand_in": True})
                if isinstance(e, ev.Chat | ev.Claimed)
                else e
                for e in out
            ]
        return out


@dataclass(frozen=True)
class Thinking:
    """What a bot's step by day is worked out from, read from the room beforehand (so
    that a worker thread never reads the room): its RNG's seed, its seat's view, the
    claim board, what it said so far, the room's language and names, and whether the
    vote is open."""

    seed: str
    view: ViewDict
    heard: tuple[Posted, ...]
    said: list[Utterance]
    lang: str
    names: tuple[str, ...]
    voting: bool
    #: What the bots said in the last :data:`FRESH` seconds (no bot says it again).
    recent: frozenset[str] = frozenset()


def recent(room: Room, now: float) -> frozenset[str]:
    """The sentences the bots at the table said within the last :data:`FRESH` seconds."""
    play = room.play
    assert play is not None
    bots = {seat for seat, _, _ in BotSeats.seats(BotSeats(), room)}
    return frozenset(
        e["text"]
        for e in play.log
        if e["type"] == "chat" and e["seat"] in bots and e["at"] > now - FRESH
    )


def think(bot: Bot, p: Planned, what: Thinking) -> list[dict[str, Any]]:
    """A bot's step by day: the messages it sends (its strategy, said in the room's
    language). A function of the bot and ``what`` alone: it may run off the event loop."""
    bot.rng = random.Random(what.seed)
    # Which phrasing: its own RNG, so that the strategy's draws stay what they were.
    pick = random.Random(f"{what.seed}:say")
    avoid = what.recent | {t for u in what.said for t in u.texts}
    view, heard, lang, names = what.view, what.heard, what.lang, list(what.names)
    kind = p.step.kind
    messages: list[dict[str, Any]] = []
    text: str | None = None
    if kind == "claim":
        # The claims are said once: the board's lines, which every client says in its
        # reader's language (the same sentence in chat read as each claim twice).
        claims = bot.claims(view, heard)
        if claims and isinstance(claims[-1], Nothing) and slept(bot):
            claims = claims[:-1]  # a Seer who slept through her turn was not dealt nothing
        messages = [{"type": "claim", "claim": c.to_json()} for c in claims]
        text = None if claims else line("quiet", lang, names, pick, avoid)
    elif kind == "answer":
        text = answer_all(bot, view, heard, p, what.said, lang, names, pick, avoid)
    elif kind == "muse":
        text = muse(bot, view, heard, lang, names, pick, avoid)
    elif kind == "vote":
        target, why = bot.pick_vote(view, heard)
        named = NoWerewolf() if why[0] == "circle" else Think(target, WEREWOLF)
        messages = [{"type": "claim", "claim": named.to_json()}]
        changed = why[0] != "circle" and agreed(heard, p.seat, target, len(names))
        text = vote_line(target, why, lang, names, pick, avoid, changed)
    if text is not None:
        messages.append({"type": "chat", "text": text[:MAX_TEXT]})
    if kind in ("vote", "cast") and what.voting:
        point = named_vote(what.said, p.seat, len(names)) if kind == "cast" else target
        if point is None or point == p.seat or not 0 <= point < len(names):
            point = bot.vote(view, heard)
        messages.append({"type": "vote", "target": point})
    return messages


def slept(bot: Bot) -> bool:
    """Whether the seat let its night's turn go by (its player away, say)."""
    return any(action.get("type") == "pass" for _, action in bot.done)


def answer_all(
    bot: Bot,
    view: ViewDict,
    heard: tuple[Posted, ...],
    p: Planned,
    said: list[Utterance],
    lang: str,
    names: Sequence[str],
    pick: random.Random | None = None,
    avoid: frozenset[str] = frozenset(),
) -> str | None:
    """One line that answers what others said of this bot (at most two of them),
    never a sentence it said before, nor one another bot said within a minute; None:
    nothing new to say."""
    before = frozenset(t for u in said for t in u.texts) | avoid
    lines: list[str] = []
    for concern, seats in merged(p.step.concerns):
        sentence = answer(bot, view, heard, concern, p.seat, lang, names, seats, pick, before)
        if sentence is not None and sentence not in before and sentence not in lines:
            lines.append(sentence)
        if len(lines) == 2:
            break
    return joined(lines, lang) if lines else None


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
    pick: random.Random | None = None,
    avoid: frozenset[str] = frozenset(),
) -> str | None:
    """What a bot says back to one concern (an accusation: by ``accusers``, all at
    once), as its strategy has it."""
    mine = by_seat(heard, len(names))
    role = claimed_role(mine[seat])
    other = concern.seat

    def say_(kind: str, **fields: int | str | tuple[int, ...] | None) -> str:
        return line(kind, lang, names, pick, avoid, **fields)

    if concern.kind == "named":
        return named(view, heard, concern, seat, lang, names, say_)
    if concern.kind == "clash":  # its own claims are what it says happened: the other lies
        about_me = any(about(c, seat, other) is not None for c in mine[other])
        if about_me and role is not None:
            return say_("lying_card", name=other, role=role)
        return say_("lying", name=other)
    if concern.kind == "accused":
        who = accusers or (other,)
        if role is not None and team_of(role) == "village":
            return say_("deny", wolf=concern.role, name=who, role=role)
        return say_("deny_bare", wolf=concern.role, name=who)
    if concern.kind in ("took", "swapped"):
        if not bot.believes(view, heard, other):
            return say_("doubt", name=other)
        if concern.kind == "swapped":
            return say_("swapped", name=other)
        theirs = claimed_role(mine[other])
        if theirs is None:
            return say_("robbed_bare", name=other)
        return say_("robbed", name=other, role=theirs)
    if role is None:
        return None
    kind = "agree" if concern.role == role else "correct"
    return say_(kind, name=other, role=role)


def named(
    view: ViewDict,
    heard: Sequence[Posted],
    concern: Concern,
    seat: int,
    lang: str,
    names: Sequence[str],
    say_: Callable[..., str],
) -> str:
    """The answer to a person who named the bot in chat: to an accusation, a defence
    (what the accuser's own claims contradict, or that he claimed nothing, and the
    bot's story); to a question, its story again."""
    claims = by_seat(heard, len(names))
    mine = [c for c in claims[seat] if not isinstance(c, Think | NoWerewolf)]
    other = concern.seat
    story = joined([say(c, seat, names, lang) for c in mine], lang)
    if concern.role is None:  # a question
        return say_("reply", name=other, story=story) if story else say_("reply_quiet", name=other)
    theirs = [c for c in claims[other] if not isinstance(c, Think | NoWerewolf)]
    if mine and theirs and clash(seat, mine, other, theirs, view["deck"]):
        return say_("defend_clash", name=other, wolf=concern.role, story=story)
    if not theirs:
        return say_("defend_silent", name=other, wolf=concern.role)
    if not story:
        return say_("deny_bare", name=other, wolf=concern.role)
    return say_("defend", name=other, wolf=concern.role, story=story)


def muse(
    bot: Bot,
    view: ViewDict,
    heard: tuple[Posted, ...],
    lang: str,
    names: Sequence[str],
    pick: random.Random,
    avoid: frozenset[str],
) -> str:
    """A remark while people talk: whom the bot suspects now and why."""
    target, why = bot.pick_vote(view, heard)
    if why[0] in ("circle", "hunch"):
        return line("muse_quiet", lang, names, pick, avoid)
    reason = reason_line(why, lang, names, pick)
    return line("muse", lang, names, pick, avoid, name=target, reason=reason)


def agreed(heard: Sequence[Posted], seat: int, target: int, n: int) -> bool:
    """Whether ``target`` named this seat's claimed role (the bot said "bob is right")."""
    role = claimed_role(by_seat(heard, n)[seat])
    if role is None:
        return False
    for p in heard:
        if p.seat == target:
            concern = about(p.claim, seat, target)
            if concern is not None and concern.kind == "about" and concern.role == role:
                return True
    return False


def board(room: Room) -> tuple[Posted, ...]:
    """The day's claim board so far, as the bots read it."""
    play = room.play
    if play is None:
        return ()
    n, c = play.game.n, play.game.c
    return tuple(posted_from_json(e, n, c) for e in play.log if e["type"] == "claim")
