"""The deck search behind the balanced-deck table (docs/bots.md, "How suggestions are
made"): for one edition and table size, decks whose village win rate is near 50% when
bots play every seat, each reported with at least ``Budget.games`` games.

It starts from the rules' suggested set for the table (:func:`onenight.rules.default_deck`:
the Japanese recommended deck, elsewhere the default one), then mutates the best decks
found so far — one card swapped for another card of the edition (two at once where the
rules take cards only in pairs, as the Masons), which also changes the Werewolf count —
favouring moves that push the village's rate toward 50%. Every candidate gets a short
look (``screen`` games), the most promising a second one (``middle``), the best of those
the full ``games``: each look carries on the same seeded run, so no game is played
twice; a few spare promotions replace decks the full measurement showed to be unfair.
Which decks are legal is the rules' own check (:func:`onenight.rules.validate_deck`); the
cards are the edition's; the search keeps to decks that hold a Werewolf-family card.

Deterministic from the seed: the candidates' order is drawn from it, and game ``i`` of a
deck is seeded by ``(seed, i)`` alone, whatever the number of workers.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from onenight.rules import (
    EDITIONS,
    WOLF_FAMILY,
    InvalidSetup,
    default_deck,
    team_of,
    validate_deck,
)
from onenight.rules import roles as R

from .pool import Pool
from .simulate import CHUNK, Spec, wilson

#: A deck as the search keeps it: its cards, sorted.
Deck = tuple[str, ...]
#: ``done(games)``: games played since the last call (a progress bar's step).
Done = Callable[[int], None]


@dataclass(frozen=True)
class Budget:
    """How many games the search spends, per edition and table size."""

    keep: int = 10  #: decks reported (at least; fewer only if the rules allow fewer)
    games: int = 400  #: games of every reported deck: a 95% interval of ±4.9 points at most
    screen: int = 40  #: games of a candidate's first look (about ±15 points)
    rounds: int = 3  #: rounds of mutation after the suggested set
    per_round: int = 9  #: candidates per round
    parents: int = 3  #: best decks so far mutated in each round
    short: int = 16  #: candidates nearest 50% after the first look, given a second
    middle: int = 120  #: games of the second look (about ±9 points)
    spare: int = 3  #: promotions beyond ``keep``, for promoted decks that proved unfair

    def most(self) -> int:
        """The most games one table size can cost."""
        looks = (1 + self.rounds * self.per_round) * self.screen
        second = max(self.short, self.keep) * (self.middle_games - min(self.screen, self.games))
        return looks + second + (self.keep + self.spare) * (self.games - self.middle_games)

    @property
    def middle_games(self) -> int:
        """The second look's games: between the first look's and the full games."""
        return min(max(self.middle, self.screen), self.games)


#: The budget of the shipped table.
DEFAULT = Budget()


@dataclass
class Measured:
    """A candidate deck and its games so far (village wins counted as the simulator
    counts them: the games whose one outcome is the village)."""

    deck: Deck
    games: int = 0
    wins: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.5

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def fair(self) -> bool:
        """Whether the 95% interval holds 50%: as likely a fair deck as the games tell."""
        low, high = self.ci95
        return low <= 0.5 <= high

    def gap(self) -> float:
        return abs(self.rate - 0.5)

    def row(self) -> dict[str, Any]:
        """The table's row: the cards (role → count), games, village wins, rate, interval."""
        return {
            "deck": dict(sorted(Counter(self.deck).items())),
            "games": self.games,
            "village_wins": self.wins,
            "village_win_rate": self.rate,
            "ci95": list(self.ci95),
        }


@dataclass
class Found:
    """One table size's search: its reported decks, most balanced first, and its cost."""

    edition: str
    players: int
    decks: list[Measured]
    candidates: int = 0  #: decks looked at
    games: int = 0  #: games played, all candidates
    seconds: float = 0.0  #: wall-clock time
    cpu_seconds: float = 0.0  #: CPU time, all workers
    seen: dict[Deck, Measured] = field(default_factory=dict, repr=False)


def ranked(decks: Iterable[Measured]) -> list[Measured]:
    """Decks whose interval holds 50% first, then by distance of the rate from 50%."""
    return sorted(decks, key=lambda m: (not m.fair, m.gap(), m.deck))


# -- the deck space -------------------------------------------------------------------


def allowed(edition: str, players: int, deck: Deck) -> bool:
    """A legal deck (the rules' check) that holds a Werewolf-family card: the rules
    allow a deck without one outside sans-carte, but a suggestion without a Werewolf
    is not the game people sit down to play."""
    try:
        validate_deck(edition, players, list(deck))
    except InvalidSetup:
        return False
    return any(card in WOLF_FAMILY for card in deck)


def seeds(edition: str, players: int) -> list[Deck]:
    """The rules' suggested set for the table, where the search starts."""
    return [tuple(sorted(default_deck(edition, players)))]


def _swap(deck: Deck, out: str, new: str) -> Deck:
    cards = list(deck)
    cards.remove(out)
    return tuple(sorted([*cards, new]))


def neighbours(edition: str, players: int, deck: Deck) -> list[Deck]:
    """The allowed decks one swap away: a card out, another card of the edition in; where
    the rules refuse that alone (a Mason comes and goes with its pair), the same card
    also in place of a second one."""
    found: set[Deck] = set()
    for out in sorted(set(deck)):
        for new in sorted(EDITIONS[edition].roles - {out}):
            one = _swap(deck, out, new)
            if allowed(edition, players, one):
                found.add(one)
                continue
            for second in sorted(set(one) - {new}):
                two = _swap(one, second, new)
                if allowed(edition, players, two):
                    found.add(two)
    found.discard(deck)
    return sorted(found)


def wolf_cards(deck: Deck) -> int:
    """The deck's cards of the werewolf team (the Werewolf family and the Minion)."""
    return sum(team_of(card) == R.TEAM_WEREWOLF for card in deck)


def toward(parent: Measured, deck: Deck) -> bool:
    """Whether moving from ``parent`` to ``deck`` pushes the village's rate toward 50%:
    more werewolf-team cards where the village wins too often, fewer where too rarely."""
    more = wolf_cards(deck) - wolf_cards(parent.deck)
    return more > 0 if parent.rate > 0.5 else more < 0


# -- the search -----------------------------------------------------------------------


class Search:
    """One table size's search (``run``), its games played on ``pool``."""

    def __init__(
        self,
        edition: str,
        players: int,
        pool: Pool,
        budget: Budget = DEFAULT,
        level: str = "reasoner",
        seed: int = 1,
        done: Done | None = None,
    ) -> None:
        self.edition, self.players, self.pool = edition, players, pool
        self.budget, self.level, self.seed, self.done = budget, level, seed, done
        self.rng = random.Random(f"deck-search:{seed}:{edition}:{players}")
        self.seen: dict[Deck, Measured] = {}

    def run(self) -> Found:
        start, cpu = time.perf_counter(), self.pool.cpu_seconds
        b = self.budget
        self.measure([Measured(d) for d in seeds(self.edition, self.players)], b.screen)
        for _ in range(b.rounds):
            batch = self.mutations()
            if not batch:
                break
            self.measure([Measured(d) for d in batch], b.screen)
        reported = self.promote()
        return Found(
            self.edition,
            self.players,
            ranked(reported),
            candidates=len(self.seen),
            games=sum(m.games for m in self.seen.values()),
            seconds=time.perf_counter() - start,
            cpu_seconds=self.pool.cpu_seconds - cpu,
            seen=self.seen,
        )

    def best(self, n: int) -> list[Measured]:
        """The ``n`` decks whose rate is nearest 50% so far."""
        return _by_gap(self.seen.values())[:n]

    def mutations(self) -> list[Deck]:
        """This round's new candidates: from each of the best decks in turn, a move
        toward 50% and a move of the same werewolf-team count, alternately."""
        parents = self.best(self.budget.parents)
        queues = [self._moves(p) for p in parents]
        batch: list[Deck] = []
        while len(batch) < self.budget.per_round and any(queues):
            for queue in queues:
                while queue and queue[0] in batch:
                    queue.pop(0)
                if queue and len(batch) < self.budget.per_round:
                    batch.append(queue.pop(0))
        return batch

    def _moves(self, parent: Measured) -> list[Deck]:
        fresh = [
            d for d in neighbours(self.edition, self.players, parent.deck) if d not in self.seen
        ]
        self.rng.shuffle(fresh)
        on = [d for d in fresh if toward(parent, d)]
        off = [d for d in fresh if not toward(parent, d)]
        return [d for pair in zip(on, off, strict=False) for d in pair] + _tail(on, off)

    def promote(self) -> list[Measured]:
        """The ``short`` list nearest 50% after the first look gets a second, longer one;
        the ``keep`` nearest 50% after it get the full ``games``; then, while a promoted
        deck proved unfair and a spare is left, the next on the short list that looks
        nearer 50% than it."""
        b = self.budget
        short = _by_gap(self.seen.values())[: max(b.short, b.keep)]
        self.measure(short, b.middle_games)
        queue = _by_gap(short)
        promoted, queue = queue[: b.keep], queue[b.keep :]
        self.measure(promoted, b.games)
        spare = b.spare
        while spare and queue:
            unfair = [m for m in promoted if not m.fair]
            if not unfair:
                break
            worst = max(m.gap() for m in unfair)
            better = [m for m in queue[: min(spare, len(unfair))] if m.gap() < worst]
            if not better:
                break
            self.measure(better, b.games)
            promoted += better
            queue = queue[len(better) :]
            spare -= len(better)
        return promoted

    def measure(self, decks: list[Measured], games: int) -> None:
        """Play each deck's games up to ``games`` (carrying on its seeded run), all the
        decks' chunks in one batch so that every worker has work."""
        jobs = []
        for m in decks:
            self.seen[m.deck] = m
            spec = Spec(self.edition, self.players, m.deck, self.level, self.level, (), self.seed)
            jobs += [(spec, a, min(a + CHUNK, games)) for a in range(m.games, games, CHUNK)]
        by_deck = {m.deck: m for m in decks}
        for (spec, _, _), tally in zip(jobs, self.pool.play(jobs, self.done), strict=True):
            m = by_deck[spec.deck]
            m.games += tally.games
            m.wins += tally.outcome["village"]


def _by_gap(decks: Iterable[Measured]) -> list[Measured]:
    """Nearest 50% first (ties: by cards, so that the order is the seed's alone)."""
    return sorted(decks, key=lambda m: (m.gap(), m.deck))


def _tail(on: list[Deck], off: list[Deck]) -> list[Deck]:
    """What the alternation of two lists leaves of the longer one."""
    n = min(len(on), len(off))
    return on[n:] + off[n:]


def search(
    edition: str,
    players: int,
    budget: Budget = DEFAULT,
    level: str = "reasoner",
    seed: int = 1,
    pool: Pool | None = None,
    done: Done | None = None,
) -> Found:
    """Search one table size (on ``pool``, or in this process)."""
    if pool is not None:
        return Search(edition, players, pool, budget, level, seed, done).run()
    with Pool() as own:
        return Search(edition, players, own, budget, level, seed, done).run()
