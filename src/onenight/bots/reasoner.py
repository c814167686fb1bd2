"""``reasoner``: a belief over the hidden world, updated by every claim (docs/bots.md).

By day it samples worlds consistent with what it knows (:mod:`.worlds`), weighted by how
likely each makes the claims on the board. On the village side it tells the truth and
points where its side's chance of winning is highest; on the werewolf side (and as a
Tanner) it tells the lie that the fewest honest players would contradict, in the worlds
it believes in and on the board so far.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from onenight.rules.roles import WEREWOLF
from onenight.session.claims import Claim, IAm, NoWerewolf, Posted, Think

from .base import Reason, ViewDict
from .basic import BasicBot, known_wolves, lie, table
from .board import by_seat, claimed_role, suspicion
from .lies import claimable_roles, fake_story
from .story import honest_claims, lies
from .weigh import (
    Values,
    agreeing,
    believe,
    exposure,
    exposures,
    futures_of,
    honest_futures,
    side_values,
    wolf_probability,
)
from .worlds import SEER_CENTER, Knowledge, Sampler, World

__all__ = [
    "ReasonerBot",
    "Values",
    "agreeing",
    "believe",
    "exposure",
    "exposures",
    "futures_of",
    "honest_futures",
    "suspicion_of",
    "taken_before",
    "wolf_probability",
]

#: Worlds kept per decision, and draws allowed to find them (counts, never a clock:
#: a seeded bot must replay exactly).
#: At a small table (up to :data:`SMALL` seats) worlds are cheap: twice the draws and
#: twice the effective number (:data:`ESS`), but :data:`SMALL_WORLDS` kept at most: a
#: sampling that has not reached its effective number by then seldom does (its weight
#: rests on a few worlds: a median 8 effective of 116 kept, docs/bots.md, fourth pass).
WORLDS = 100
TRIES = 15 * WORLDS
SMALL = 6
SMALL_WORLDS = 150
#: A sampling stops early once its worlds' effective number reaches this (twice this at a
#: small table): their weights are very unequal (an effective 20 or so of 200 kept
#: worlds is common), and where they are less so, more worlds add little.
ESS = 15.0
#: Made-up stories weighed per claimable role.
STORIES_PER_ROLE = 4
#: How much more a circle vote (nobody dies) must promise than the best target.
CIRCLE_MARGIN = 0.1
#: How much lower that bar is for each other player who said "I think nobody is a
#: Werewolf", weighed by how likely he is honest: a circle wins only if every vote is in
#: it, so the village's circle votes must meet as its votes on a seat do (docs/bots.md).
AGREE = 0.2
#: The bar for saying "I think nobody is a Werewolf" (lower than the vote's: said, it
#: lowers the others' bar).
SAY_CIRCLE = -0.1
#: Targets whose value is this close to the best are tied (sampling noise): the tie is
#: broken the same way by every bot, by public suspicion, so that the village's votes meet.
TIE = 0.08
#: How sure (its side's chance if the seat dies) a villager must be to say whom it
#: would vote for.
SURE = 0.5
#: Among lies as safe as each other, prefer a role the deck holds more copies of (a
#: listener finds it likelier that an honest player was dealt it).
COMMON = 0.05


class ReasonerBot(BasicBot):
    level = "reasoner"
    slow = True

    def __init__(self, seed: int | str) -> None:
        super().__init__(seed)
        #: After its vote (on the village side): each seat's end-role distribution, as
        #: this bot believed it when it pointed.
        self.last_beliefs: list[dict[str, float]] = []

    def beliefs(self, view: ViewDict, board: Sequence[Posted] = ()) -> list[dict[str, float]]:
        """Each seat's end role as this bot believes it now (a distribution per seat),
        from the worlds it samples for this view and board. It leaves the bot's RNG as
        it was: asking never changes what the bot does next."""
        state = self.rng.getstate()
        try:
            worlds = self.worlds(view, board)
        finally:
            self.rng.setstate(state)
        if not worlds:
            return []
        return believe(worlds, len(view["players"]))

    def pick(self, view: ViewDict, decision: dict[str, Any]) -> dict[str, Any]:
        """``basic``'s night, but a Seer looks at one player's card, never at the center
        (a player's card says more about who lies by day)."""
        choices = decision["choices"]
        if decision["kind"] == "seer_look":
            one = [c for c in choices if c["type"] == "view" and len(c["targets"]) == 1]
            if one:
                return dict(one[int(self.rng.random() * len(one))])
        return super().pick(view, decision)

    def sampler(self, view: ViewDict, board: Sequence[Posted]) -> Sampler:
        know = Knowledge(view, self.done)
        return Sampler(know, by_seat(board, know.n), taken_before(board, know.n))

    def worlds(self, view: ViewDict, board: Sequence[Posted]) -> list[World]:
        small = len(view["players"]) <= SMALL
        k = 2 if small else 1
        want = SMALL_WORLDS if small else WORLDS
        return self.sampler(view, board).sample(self.rng, want, k * TRIES, k * ESS)

    # -- the day -----------------------------------------------------------------------------

    def claims(self, view: ViewDict, board: Sequence[Posted]) -> list[Claim]:
        seat, story = int(view["seat"]), self.story(view)
        if not lies(view["card"], story, seat):
            return honest_claims(seat, view["card"], story) + self.opinion(view, board)
        worlds = self.worlds(view, board)
        if not worlds:
            return lie(view, board, story, self.rng)
        n, c, deck = table(view)
        said = {s: r for s, cs in enumerate(by_seat(board, n)) if (r := claimed_role(cs))}
        candidates: list[list[Claim]] = []
        for role in claimable_roles(deck):
            for _ in range(STORIES_PER_ROLE):
                story_ = fake_story(role, seat, n, c, deck, self.rng, said, SEER_CENTER)
                if story_ not in candidates:
                    candidates.append(story_)
        if not candidates:
            return lie(view, board, story, self.rng)
        futures = futures_of(seat, worlds, board)
        total = sum(w.weight for w in worlds)
        size = sum(deck.values())
        scores = []
        for cand, exposed in zip(
            candidates, exposures(seat, candidates, futures, board, deck), strict=True
        ):
            common = deck.get(claimed_role(cand) or "", 0) / size
            scores.append(exposed / total - COMMON * common)
        best = min(scores)
        return self.rng.choice([c for c, s in zip(candidates, scores, strict=True) if s <= best])

    def opinion(self, view: ViewDict, board: Sequence[Posted]) -> list[Claim]:
        """At a small table (up to :data:`SMALL` seats), once half of it has spoken: "I
        think X is a Werewolf", for the seat it would vote for now, when its side's chance
        if X dies is at least :data:`SURE`; or "I think nobody is a Werewolf" when a circle
        clears :data:`SAY_CIRCLE`. The other villagers break their ties with the first
        (public suspicion) and lower their bar for a circle with the second, so that their
        votes meet."""
        n = len(view["players"])
        if n > SMALL or len({p.seat for p in board}) < n // 2:
            return []  # at a big table a sampling per speaker costs too much time
        worlds = self.worlds(view, board)
        if not worlds:
            return []
        target, value = self.choice(view, board, worlds, SAY_CIRCLE)
        if value < 0:
            return [NoWerewolf()]
        if value < SURE:
            return []
        return [Think(target, WEREWOLF)]

    def team_vote(self, view: ViewDict, board: Sequence[Posted]) -> int:
        """On the werewolf side: with its team, onto the most suspected seat that is not a
        teammate it knows; ties to the lowest seat, so that its partners' votes meet."""
        seat, story = int(view["seat"]), self.story(view)
        n, _, deck = table(view)
        wolves = known_wolves(story, seat)
        score = suspicion(board, n, deck)
        others = [s for s in self.others(view) if s not in wolves] or self.others(view)
        return max(others, key=lambda s: (score[s], -s))

    def vote(self, view: ViewDict, board: Sequence[Posted]) -> int:
        return self.pick_vote(view, board)[0]

    def pick_vote(self, view: ViewDict, board: Sequence[Posted]) -> tuple[int, Reason]:
        seat = int(view["seat"])
        if lies(view["card"], self.story(view), seat):
            target = self.team_vote(view, board)
            return target, self.reason(view, board, target)
        worlds = self.worlds(view, board)
        if not worlds:
            target = super().vote(view, board)
            return target, self.reason(view, board, target)
        self.last_beliefs = believe(worlds, len(view["players"]))
        target, value = self.choice(view, board, worlds)
        if value < 0:
            return target, ("circle", None)
        why = self.reason(view, board, target)
        return target, why if why[0] in ("saw", "clash", "clash_me") else ("likely", None)

    def believes(self, view: ViewDict, board: Sequence[Posted], seat: int) -> bool:
        """On the village side: whether ``seat`` is honest in most of the worlds it
        believes in (a liar takes any word that does not contradict its story)."""
        if lies(view["card"], self.story(view), int(view["seat"])):
            return True
        worlds = self.worlds(view, board)
        total = sum(w.weight for w in worlds)
        if not total:
            return True
        honest = sum(
            w.weight for w in worlds if not lies(w.setup.cards[seat], w.stories[seat], seat)
        )
        return honest >= total / 2

    def values(self, view: ViewDict, worlds: Sequence[World]) -> Values:
        """Its side's chance of winning if each seat dies, and if nobody does; and the
        worlds' effective number (for the standard errors)."""
        return side_values(int(view["seat"]), view["edition"], len(view["players"]), worlds)

    def choice(
        self,
        view: ViewDict,
        board: Sequence[Posted],
        worlds: Sequence[World],
        margin: float = CIRCLE_MARGIN,
    ) -> tuple[int, float]:
        """Where the village side points (a seat, or the next seat for a circle: value -1),
        and its side's chance of winning if that seat dies. A circle must promise
        ``margin`` more than the best seat, less :data:`AGREE` for each player who said
        nobody is a Werewolf (weighed by his honesty)."""
        seat, n = int(view["seat"]), len(view["players"])
        v = self.values(view, worlds)
        value, circle = v.value, v.circle
        others = self.others(view)
        best = max(value[t] for t in others)
        if circle > best + margin - AGREE * agreeing(seat, board, worlds):
            return (seat + 1) % n, -1.0
        near = [t for t in others if value[t] >= best - TIE]
        score = suspicion_of(view, board)
        target = max(near, key=lambda t: (score[t], value[t]))
        return target, value[target]


def suspicion_of(view: ViewDict, board: Sequence[Posted]) -> list[float]:
    n, _, deck = table(view)
    return suspicion(board, n, deck)


def taken_before(board: Sequence[Posted], n: int) -> list[Counter[str]]:
    """For each seat: how often each role had been claimed when it first spoke."""
    taken: Counter[str] = Counter()
    out: list[Counter[str] | None] = [None] * n
    for post in board:
        if out[post.seat] is None:
            out[post.seat] = taken.copy()
        if isinstance(post.claim, IAm):
            taken[post.claim.role] += 1
    return [t if t is not None else taken.copy() for t in out]
