"""``reasoner``: a belief over the hidden world, updated by every claim (docs/bots.md).

By day it samples worlds consistent with what it knows (:mod:`.worlds`), weighted by how
likely each makes the claims on the board. On the village side it tells the truth and
points where its side's chance of winning is highest; on the werewolf side (and as a
Tanner) it tells the lie that the fewest honest players would contradict, in the worlds
it believes in and on the board so far.
"""

from __future__ import annotations

from collections.abc import Sequence

from onenight.rules import WOLF_FAMILY
from onenight.rules.outcome import winners

from .base import ViewDict
from .basic import BasicBot, lie, table
from .board import by_seat, clash, suspicion
from .claims import Claim, Posted
from .lies import claimable_roles, fake_story
from .story import honest_claims, lies
from .worlds import Knowledge, Sampler, World

#: Worlds kept per decision, and draws allowed to find them (counts, never a clock:
#: a seeded bot must replay exactly).
WORLDS = 100
TRIES = 30 * WORLDS
#: Made-up stories weighed per claimable role.
STORIES_PER_ROLE = 3
#: How much more a circle vote (nobody dies) must promise than the best target.
CIRCLE_MARGIN = 0.1


class ReasonerBot(BasicBot):
    level = "reasoner"

    def __init__(self, seed: int | str) -> None:
        super().__init__(seed)
        #: After the vote: each seat's end-role distribution, as this bot believes it.
        self.beliefs: list[dict[str, float]] = []

    def worlds(self, view: ViewDict, board: Sequence[Posted]) -> list[World]:
        know = Knowledge(view, self.done)
        return Sampler(know, by_seat(board, know.n)).sample(self.rng, WORLDS, TRIES)

    # -- the day -----------------------------------------------------------------------------

    def claims(self, view: ViewDict, board: Sequence[Posted]) -> list[Claim]:
        seat, story = int(view["seat"]), self.story(view)
        if not lies(view["card"], story, seat):
            return honest_claims(seat, view["card"], story)
        worlds = self.worlds(view, board)
        if not worlds:
            return lie(view, board, story, self.rng)
        n, c, deck = table(view)
        candidates: list[list[Claim]] = []
        for role in claimable_roles(deck):
            for _ in range(STORIES_PER_ROLE):
                story_ = fake_story(role, seat, n, c, deck, self.rng)
                if story_ not in candidates:
                    candidates.append(story_)
        if not candidates:
            return lie(view, board, story, self.rng)
        scores = [self.exposure(seat, cand, worlds, board, deck) for cand in candidates]
        best = min(scores)
        return self.rng.choice([c for c, s in zip(candidates, scores, strict=True) if s == best])

    @staticmethod
    def exposure(
        seat: int,
        story: list[Claim],
        worlds: Sequence[World],
        board: Sequence[Posted],
        deck: dict[str, int],
    ) -> float:
        """How many players would contradict this story: those who already spoke, and the
        expected number of honest players yet to speak, over the believed worlds."""
        n = worlds[0].game.n
        said = by_seat(board, n)
        score = float(sum(1 for s in range(n) if said[s] and clash(seat, story, s, said[s], deck)))
        total = sum(w.weight for w in worlds)
        for w in worlds:
            cards = w.game.setup.cards
            exposed = 0
            for s in range(n):
                if s == seat or said[s] or lies(cards[s], w.stories[s], s):
                    continue
                if clash(seat, story, s, honest_claims(s, cards[s], w.stories[s]), deck):
                    exposed += 1
            score += exposed * w.weight / total
        return score

    def vote(self, view: ViewDict, board: Sequence[Posted]) -> int:
        worlds = self.worlds(view, board)
        if not worlds:
            return super().vote(view, board)
        seat = int(view["seat"])
        n, _, deck = table(view)
        self.beliefs = believe(worlds, n)
        total = sum(w.weight for w in worlds)
        value = [0.0] * n
        circle = 0.0
        for w in worlds:
            roles = w.end_roles
            p = w.weight / total
            for t in range(n):
                if t != seat and seat in winners(view["edition"], roles, frozenset({t})):
                    value[t] += p
            if seat in winners(view["edition"], roles, frozenset()):
                circle += p
        others = self.others(view)
        best = max(value[t] for t in others)
        if circle > best + CIRCLE_MARGIN:
            return (seat + 1) % n
        near = [t for t in others if value[t] >= best - 1e-9]
        score = suspicion(board, n, deck)
        top = max(score[t] for t in near)
        return self.rng.choice([t for t in near if score[t] == top])


def believe(worlds: Sequence[World], n: int) -> list[dict[str, float]]:
    """Each seat's end-role distribution over weighted worlds."""
    total = sum(w.weight for w in worlds)
    out: list[dict[str, float]] = [{} for _ in range(n)]
    for w in worlds:
        p = w.weight / total
        for s, role in enumerate(w.end_roles):
            out[s][role] = out[s].get(role, 0.0) + p
    return out


def wolf_probability(beliefs: Sequence[dict[str, float]]) -> list[float]:
    """P(seat is a Werewolf at the end), from end-role beliefs."""
    return [sum(p for r, p in b.items() if r in WOLF_FAMILY) for b in beliefs]
