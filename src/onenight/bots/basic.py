"""``basic``: sensible night actions, honest claims for the village, a simple consistent
lie for the werewolf team and the Tanner, votes for the seat most often contradicted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from onenight.rules import WOLF_FAMILY, Fact
from onenight.session.claims import Claim, Posted

from .base import Bot, Reason, ViewDict, sensible
from .board import by_seat, claimed_role, suspicion
from .lies import fake_story, lie_roles
from .story import Event, honest_claims, lies


def table(view: ViewDict) -> tuple[int, int, dict[str, int]]:
    """Seats, center cards and the deck's card counts, from a view."""
    return len(view["players"]), int(view["center_cards"]), dict(view["deck"])


def looks_at_cards(story: Sequence[Event]) -> list[tuple[int, str]]:
    return [(f.target, f.card) for _, f in story if isinstance(f, Fact) and f.kind == "saw"]


def known_wolves(story: Sequence[Event], seat: int) -> set[int]:
    """Seats this player saw holding a Werewolf card, or saw wake as Werewolves."""
    wolves: set[int] = set()
    for _, item in story:
        if isinstance(item, Fact):
            if item.kind == "saw" and item.card in WOLF_FAMILY and item.target < 100:
                wolves.add(item.target)
            elif item.kind == "wolves":
                wolves.update(item.seats)
    wolves.discard(seat)
    return wolves


def lie(view: ViewDict, board: Sequence[Posted], story: Sequence[Event], rng: Any) -> list[Claim]:
    """A simple consistent lie: a claimable role seen free in the center, else one of
    the deck's claimable roles that nobody has claimed up to its count."""
    seat = int(view["seat"])
    n, c, deck = table(view)
    taken = Counter(r for cs in by_seat(board, n) if (r := claimed_role(cs)))
    roles = lie_roles(looks_at_cards(story), taken, deck) or [view["card"]]
    return fake_story(rng.choice(roles), seat, n, c, deck, rng)


class BasicBot(Bot):
    level = "basic"

    def pick(self, view: ViewDict, decision: dict[str, Any]) -> dict[str, Any]:
        return dict(sensible(decision["choices"], self.rng))

    def claims(self, view: ViewDict, board: Sequence[Posted]) -> list[Claim]:
        seat, story = int(view["seat"]), self.story(view)
        if lies(view["card"], story, seat):
            return lie(view, board, story, self.rng)
        return honest_claims(seat, view["card"], story)

    def vote(self, view: ViewDict, board: Sequence[Posted]) -> int:
        seat, story = int(view["seat"]), self.story(view)
        n, _, deck = table(view)
        liar = lies(view["card"], story, seat)
        wolves = known_wolves(story, seat)
        if wolves and not liar:
            return min(wolves)
        score = suspicion(board, n, deck)
        others = [s for s in self.others(view) if not (liar and s in wolves)] or self.others(view)
        top = max(score[s] for s in others)
        return self.rng.choice([s for s in others if score[s] == top])

    def reason(self, view: ViewDict, board: Sequence[Posted], target: int) -> Reason:
        seat, story = int(view["seat"]), self.story(view)
        if target in known_wolves(story, seat) and not lies(view["card"], story, seat):
            return "saw", None
        return super().reason(view, board, target)
