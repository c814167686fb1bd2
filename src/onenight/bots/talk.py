"""How a bot talks by day: what it has said (read from the room's log), what it has yet
to answer, and when it says its next line (docs/bots.md, "How bots talk").

Everything here is read from the day's log (``play.log``: the claims and chat lines, each
with the time it was said), so any process that owns the room, after a restart or a
move, carries on the same talk without repeating it. A seat's *utterances* are its runs
of consecutive log entries said at one time (one commit: a bot's claims and the sentence
that says them, or one line). Its first utterance is its claim; a later one with an
opinion (``Think``) names its vote; any later one without a claim answers what others
said before it.

Time comes from the room (when the day began, its deadline, when each line was said);
the pauses between lines are drawn from an RNG seeded by the deal, the seat and how
many lines it has said, so the same game talks the same way.
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from onenight.rules import Phase, team_of
from onenight.session.claims import (
    Claim,
    Copied,
    NoWerewolf,
    Partners,
    Revealed,
    Saw,
    SawTanners,
    SawWolves,
    Swapped,
    Think,
    Took,
    claim_from_json,
)
from onenight.session.play import Play
from onenight.session.room import Room

from .board import claimed_role, clash

#: The day's pace, for a day of :data:`FULL_DAY` seconds or more (a shorter day scales
#: every pause down with it; the vote's pauses scale with a vote of :data:`FULL_VOTE`).
FULL_DAY, FULL_VOTE = 60.0, 30.0
#: A bot's first line: this long after dawn, plus up to FIRST_SPREAD.
FIRST, FIRST_SPREAD = 2.0, 10.0
#: Between two lines of one bot: at least PACE seconds, plus up to SPREAD.
PACE, SPREAD = 4.0, 4.0
#: An answer comes this long after what it answers, plus up to REACT_SPREAD.
REACT, REACT_SPREAD = 2.0, 3.0
#: Two bots never speak closer together than this.
ROOM_GAP = 1.5
#: A bot names its vote this long before the day's end, plus up to LEAD_SPREAD.
LEAD, LEAD_SPREAD = 10.0, 10.0
#: Once the vote is open, a bot points this long after, plus up to CAST_SPREAD; never
#: later than VOTE_MARGIN of the vote's length before its deadline.
CAST, CAST_SPREAD, VOTE_MARGIN = 1.0, 4.0, 0.2

#: A remark while people talk: the bot that has been quiet longest says one this long
#: after a person's line that no bot answered, plus up to REACT_SPREAD (at most one per
#: line, so bots keep a human pace rather than a bot's).
MUSE = 3.0

#: What a bot does next: say its claim, answer, name its vote (and, in the vote, point
#: at once), point (its vote named already), or remark on the talk.
Kind = Literal["claim", "answer", "vote", "cast", "muse"]

#: Words that make a line that names a bot an accusation rather than a question, in any
#: of the three languages (a person may write in another language than the room's).
ACCUSING = re.compile(
    r"wolf|wolves|werewol|lying|liar|\blie[sd]?\b|\bsus\b|suspic|guilty|"
    r"loup|menteu|\bments?\b|mensonge|suspect|coupable|"
    r"人狼|狼|嘘|うそ|ウソ|怪し|あやし",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Utterance:
    """A seat's consecutive log entries said at one time."""

    start: int  #: index in the log of its first entry
    end: int  #: index after its last
    at: float
    claims: tuple[Claim, ...]
    texts: tuple[str, ...]


@dataclass(frozen=True)
class Concern:
    """Something another seat said that a bot answers: its claims contradict the bot's
    (``clash``), it accuses the bot (``accused``: of ``role``), it says it took or
    swapped the bot's card (``took``, ``swapped``), it names the bot's card (``about``:
    ``role``), or a person names the bot in chat (``named``: ``role`` ``"werewolf"``
    for an accusation, None for a question)."""

    kind: Literal["clash", "accused", "took", "swapped", "about", "named"]
    seat: int
    at: float
    role: str | None = None


@dataclass(frozen=True)
class Next:
    """A bot's next step and when it is due."""

    kind: Kind
    due: float
    concerns: tuple[Concern, ...] = ()


def claims_of(play: Play, upto: int | None = None) -> list[list[Claim]]:
    """Each seat's claims (opinions left out) in the log's first ``upto`` entries."""
    n, c = play.game.n, play.game.c
    out: list[list[Claim]] = [[] for _ in range(n)]
    for e in play.log[:upto]:
        if e["type"] == "claim":
            claim = claim_from_json(e["claim"], n, c)
            if not isinstance(claim, Think | NoWerewolf):
                out[e["seat"]].append(claim)
    return out


def utterances(play: Play, seat: int) -> list[Utterance]:
    """What ``seat`` has said this game, one utterance per time it spoke."""
    n, c = play.game.n, play.game.c
    out: list[Utterance] = []
    log = play.log
    i = 0
    while i < len(log):
        e = log[i]
        if e.get("seat") != seat or e["type"] not in ("claim", "chat"):
            i += 1
            continue
        j, claims, texts = i, [], []
        while j < len(log) and log[j].get("seat") == seat and log[j]["at"] == e["at"]:
            if log[j]["type"] == "claim":
                claims.append(claim_from_json(log[j]["claim"], n, c))
            elif log[j]["type"] == "chat":
                texts.append(log[j]["text"])
            j += 1
        out.append(Utterance(i, j, e["at"], tuple(claims), tuple(texts)))
        i = max(j, i + 1)
    return out


def named_vote(said: Sequence[Utterance], seat: int, n: int) -> int | None:
    """The seat a bot said it will vote for (its last opinion after its claim): the one
    it named, or the next seat for "nobody is a Werewolf" (its part of the circle)."""
    for u in reversed(said[1:]):
        for claim in reversed(u.claims):
            if isinstance(claim, Think):
                return claim.target
            if isinstance(claim, NoWerewolf):
                return (seat + 1) % n
    return None


def pending(
    play: Play,
    seat: int,
    said: Sequence[Utterance],
    deck: dict[str, int],
    people: Collection[int] = (),
) -> list[Concern]:
    """What others said of ``seat`` since its last answer, one concern per speaker (the
    weightiest), oldest first. A claim said again is not news. A chat line of one of
    ``people`` (the seats people play) that names the bot is one too."""
    answers = [u for u in said[1:] if not u.claims and u.texts]
    mark = answers[-1].end if answers else 0
    now, then = claims_of(play), claims_of(play, mark)
    found: dict[int, Concern] = {}
    for other in range(play.game.n):
        if other == seat or not now[seat] or not now[other]:
            continue
        if clash(seat, now[seat], other, now[other], deck) and not (
            then[seat] and then[other] and clash(seat, then[seat], other, then[other], deck)
        ):
            at = max(_last_claim_at(play, other), _last_claim_at(play, seat))
            found[other] = Concern("clash", other, at)
    heard = {(e["seat"], repr(e["claim"])) for e in play.log[:mark] if e["type"] == "claim"}
    for e in play.log[mark:]:
        if e["type"] != "claim" or e["seat"] == seat or e["seat"] in found:
            continue
        other = int(e["seat"])
        if (other, repr(e["claim"])) in heard:
            continue
        claim = claim_from_json(e["claim"], play.game.n, play.game.c)
        concern = about(claim, seat, other, float(e["at"]))
        if concern is not None:
            found[other] = concern
    name = play.names[seat]
    for e in play.log[mark:]:
        if e["type"] != "chat" or e.get("seat") is None:  # (a spectator's line)
            continue
        speaker = int(e["seat"])
        if speaker not in people or speaker in found or speaker == seat:
            continue
        if names(e["text"], name):
            role = "werewolf" if ACCUSING.search(e["text"]) else None
            found[speaker] = Concern("named", speaker, float(e["at"]), role)
    return sorted(found.values(), key=lambda c: (c.at, c.seat))


def names(text: str, name: str) -> bool:
    """Whether a chat line names a player (any case; a Latin name as a whole word)."""
    name = name.strip()
    if not name:
        return False
    if re.search(r"\w", name, re.ASCII) is None:  # kana, kanji: no word breaks
        return name.casefold() in text.casefold()
    # (a Latin letter next to it makes another word; "Benさん" still names Ben)
    pattern = r"(?<![0-9A-Za-zÀ-ÿ])" + re.escape(name) + r"(?![0-9A-Za-zÀ-ÿ])"
    return re.search(pattern, text, re.IGNORECASE) is not None


def _last_claim_at(play: Play, seat: int) -> float:
    return max((e["at"] for e in play.log if e["type"] == "claim" and e["seat"] == seat), default=0)


def about(claim: Claim, me: int, other: int, at: float = 0.0) -> Concern | None:
    """The concern a claim of ``other`` raises for ``me``, if it names my seat."""
    role: str | None = None
    if isinstance(claim, Think) and claim.target == me:
        role = claim.role
    elif isinstance(claim, SawWolves) and me in claim.seats:
        role = "werewolf"
    elif isinstance(claim, Partners) and me in claim.seats:
        role = "mason"
    elif isinstance(claim, SawTanners) and me in claim.seats:
        role = "tanner"
    elif isinstance(claim, Saw):
        role = next((card for t, card in claim.looks if t == me), None)
    elif isinstance(claim, Copied) and claim.target == me:
        role = claim.role
    elif isinstance(claim, Took) and claim.target == me:
        return Concern("took", other, at, claim.card)
    elif isinstance(claim, Swapped) and me in (claim.a, claim.b):
        return Concern("swapped", other, at)
    elif isinstance(claim, Revealed) and claim.target == me:
        role = claim.card
    if role is None:
        return None
    kind: Literal["accused", "about"] = "accused" if team_of(role) != "village" else "about"
    return Concern(kind, other, at, role)


def next_step(room: Room, seat: int) -> Next | None:
    """What the bot at ``seat`` does next by day, and when (None: nothing, until someone
    says something)."""
    play = room.play
    assert play is not None
    phase = play.phase
    if phase not in (Phase.DAY, Phase.VOTE):
        return None
    deck = _deck(play)
    said = utterances(play, seat)
    rng = random.Random(f"{play.game.setup.seed}:talk:{seat}:{len(said)}")
    voting = phase == Phase.VOTE
    scale = min(1.0, (play.vote / FULL_VOTE) if voting else (play.day / FULL_DAY))
    last = said[-1].at if said else None
    own = last + (PACE + rng.uniform(0, SPREAD)) * scale if last is not None else 0.0
    start = play.phase_started
    if voting and seat not in play.game.votes:
        end = play.deadline - VOTE_MARGIN * play.vote
        cast = start + (CAST + rng.uniform(0, CAST_SPREAD)) * scale
        if named_vote(said, seat, play.game.n) is not None:
            return Next("cast", min(cast, end))
        return Next("vote", min(max(cast, own, _room_gap(room, scale)), end))
    if not said:
        if voting:
            return None
        return Next(
            "claim",
            max(start + (FIRST + rng.uniform(0, FIRST_SPREAD)) * scale, _room_gap(room, scale)),
        )
    role = claimed_role(claims_of(play)[seat])
    bots = _bot_seats(room)
    people = [s for s in range(play.game.n) if s not in bots]
    concerns = [c for c in pending(play, seat, said, deck, people) if role or c.kind != "about"]
    if concerns:
        react = concerns[0].at + (REACT + rng.uniform(0, REACT_SPREAD)) * scale
        return Next("answer", max(react, own, _room_gap(room, scale)), tuple(concerns))
    if not voting and named_vote(said, seat, play.game.n) is None:
        lead = play.deadline - (LEAD + rng.uniform(0, LEAD_SPREAD)) * scale
        vote = Next("vote", max(lead, own, _room_gap(room, scale)))
        muse = _muse(room, seat, bots, people)
        if muse is not None:
            due = max(muse + (MUSE + rng.uniform(0, REACT_SPREAD)) * scale, own)
            due = max(due, _room_gap(room, scale))
            if due < vote.due:
                return Next("muse", due)
        return vote
    return None


def _muse(room: Room, seat: int, bots: set[int], people: Sequence[int]) -> float | None:
    """When a person said the last line that no bot has followed and that names no bot,
    if this bot is the one to remark on it (the bot quiet longest, having claimed)."""
    play = room.play
    assert play is not None
    log = play.log
    last: dict[int, float] = {}
    heard = None
    for e in log:
        if e["type"] != "chat":
            continue
        if e["seat"] in bots:
            last[e["seat"]] = float(e["at"])
            heard = None  # a bot followed it
        elif e["seat"] in people:
            heard = e
    if heard is None or any(names(heard["text"], play.names[b]) for b in bots):
        return None
    said = {
        b: last.get(b)
        for b in bots
        if any(x.get("seat") == b and x["type"] in ("claim", "chat") for x in log)
    }
    if seat not in said:
        return None
    quietest = min(said, key=lambda b: (said[b] or 0.0, b))
    return float(heard["at"]) if quietest == seat else None


def _bot_seats(room: Room) -> set[int]:
    """The seats a bot plays now (a bot's, or a stand-in's for a player away)."""
    play = room.play
    assert play is not None
    return {
        s for s, m in enumerate(play.seats) if (x := room.members.get(m)) and (x.bot or x.stand_in)
    }


def _room_gap(room: Room, scale: float) -> float:
    """The earliest a bot may speak: ROOM_GAP after the last line of any bot."""
    play = room.play
    assert play is not None
    bots = _bot_seats(room)
    last = max(
        (e["at"] for e in play.log if e["type"] == "chat" and e["seat"] in bots), default=None
    )
    return 0.0 if last is None else last + ROOM_GAP * scale


def _deck(play: Play) -> dict[str, int]:
    deck: dict[str, int] = {}
    for role in play.deck:
        deck[role] = deck.get(role, 0) + 1
    return deck
