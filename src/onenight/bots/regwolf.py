"""``reg``: wolfbot's regular wolf (TylerYep/wolfbot,
``wolfbot/roles/werewolf/wolf_variants/reg_wolf.py`` and ``center_wolf.py``) as a level.

A player on the werewolf team (as its own night tells it) says one statement drawn
uniformly from a list built from what was said before it, as wolfbot builds it:

* a lone wolf that saw a village card other than the Mason in the center claims that
  card (``center_wolf.py``: the Villager, the Drunk who took that very card, a Seer who
  saw it with another center card or saw a speaker as what he claimed, ...);
* otherwise (or when that gives nothing) each village role of the deck is a candidate
  when some of its cards are still unclaimed, when every card is claimed, or on a coin
  flip of 0.7 (``INCLUDE_STATEMENT_RATE``), and gives: the Villager's statement; the
  Drunk's three; a Troublemaker's swap of any seats ``i < j``, ``j`` no Werewolf it knows
  (wolfbot's list of stated roles has a slot for every seat, spoken or not); a Robber
  who robbed a speaker and got the role he claimed (not a claimed Seer who named a
  Robber); a Seer who saw a speaker (no known Werewolf) as what he claimed; the Mason
  alone, only in the last seat and when nobody claimed the Mason.

When the list is empty (every coin flip lost), it says the Villager's statement (where
wolfbot would stop on an assertion). A village player tells its night honestly; the
night is ``sensible`` (a lone wolf always looks at a center card, as wolfbot's does);
votes are uniformly random, as ``randclaim``'s (wolfbot's wolves vote otherwise:
docs/research.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, product
from typing import Any

from onenight.rules import CENTER, Fact, team_of
from onenight.rules import roles as R
from onenight.session.claims import Claim, IAm, Nothing, Partners, Posted, Saw, Took, swapped

from .base import ViewDict, sensible
from .basic import known_wolves
from .random_bot import RandomBot
from .story import Event, honest_claims, lies

#: wolfbot's ``INCLUDE_STATEMENT_RATE``: how often a role with no card left unclaimed
#: is still a candidate.
INCLUDE_RATE = 0.7


def said_roles(board: Sequence[Posted]) -> dict[int, str]:
    """Each speaker's claimed role (its first "I am"), as wolfbot's ``stated_roles``."""
    out: dict[int, str] = {}
    for p in board:
        if isinstance(p.claim, IAm) and p.seat not in out:
            out[p.seat] = p.claim.role
    return out


def seer_named_robber(board: Sequence[Posted], seat: int) -> bool:
    """Whether ``seat``'s claims name a Robber card (wolfbot: the Seer's knowledge
    mentions the Robber)."""
    return any(
        isinstance(p.claim, Saw) and any(card == R.ROBBER for _, card in p.claim.looks)
        for p in board
        if p.seat == seat
    )


class Table:
    """What a wolf's statements are built from: its seat, the table, the wolves it knows
    (itself included: wolfbot's ``wolf_indices``) and what was said before it."""

    def __init__(self, view: ViewDict, story: Sequence[Event], board: Sequence[Posted]) -> None:
        self.seat = int(view["seat"])
        self.n, self.c = len(view["players"]), int(view["center_cards"])
        self.deck: dict[str, int] = dict(view["deck"])
        self.wolves = known_wolves(story, self.seat) | {self.seat}
        self.board = board
        self.stated = said_roles(board)

    def villager(self, role: str = R.VILLAGER) -> list[list[Claim]]:
        return [[IAm(role), Nothing()]]

    def troublemaker(self) -> list[list[Claim]]:
        pairs = combinations(range(self.n), 2)
        return [[IAm(R.TROUBLEMAKER), swapped(i, j)] for i, j in pairs if j not in self.wolves]

    def robber(self, seer_check: bool) -> list[list[Claim]]:
        return [
            [IAm(R.ROBBER), Took(i, role)]
            for i, role in sorted(self.stated.items())
            if role != R.ROBBER
            and not (seer_check and role == R.SEER and seer_named_robber(self.board, i))
        ]

    def seer_on_speakers(self) -> list[list[Claim]]:
        return [
            [IAm(R.SEER), Saw(((i, role),))]
            for i, role in sorted(self.stated.items())
            if role != R.SEER and i not in self.wolves
        ]

    def center(self, index: int, card: str) -> list[list[Claim]]:
        """``center_wolf.py``: the statements of a lone wolf that saw ``card`` at center
        ``index`` (0-based)."""
        if card in (R.VILLAGER, R.HUNTER):
            return self.villager(card)
        if card == R.INSOMNIAC:
            return [[IAm(card), Saw(((self.seat, card),))]]
        if card == R.ROBBER:
            return self.robber(seer_check=False)
        if card == R.TROUBLEMAKER:
            return self.troublemaker()
        if card == R.DRUNK:
            return [[IAm(card), swapped(self.seat, CENTER + index)]]
        if card != R.SEER:
            return []
        out = self.seer_on_speakers()
        roles = sorted(self.deck)
        for r2, k, r1 in product(roles, range(self.c), roles):
            plain = R.SEER not in (r1, r2) and r1 != r2
            if k != index and (plain or self.deck[r1] >= 2):
                out.append([IAm(R.SEER), Saw(((CENTER + k, r1), (CENTER + index, r2)))])
        return out

    def regular(self, coin: Callable[[], bool]) -> list[list[Claim]]:
        """``reg_wolf.py``: the candidates of every village role of the deck."""
        village = {r: k for r, k in self.deck.items() if team_of(r) == R.TEAM_VILLAGE}
        left = Counter(village) - Counter(self.stated.values())

        def include(role: str) -> bool:
            return role in village and (left[role] > 0 or sum(left.values()) <= 0 or coin())

        out: list[list[Claim]] = []
        for role in (R.VILLAGER, R.HUNTER):
            if include(role):
                out += self.villager(role)
        if include(R.INSOMNIAC):
            out.append([IAm(R.INSOMNIAC), Saw(((self.seat, R.INSOMNIAC),))])
        if include(R.MASON) and self.seat == self.n - 1 and R.MASON not in self.stated.values():
            out.append([IAm(R.MASON), Partners(())])
        if include(R.DRUNK):
            out += [[IAm(R.DRUNK), swapped(self.seat, CENTER + k)] for k in range(self.c)]
        if include(R.TROUBLEMAKER):
            out += self.troublemaker()
        if include(R.ROBBER):
            out += self.robber(seer_check=True)
        if include(R.SEER):
            out += self.seer_on_speakers()
        return out


#: The center cards a lone wolf claims (wolfbot: not the Werewolf nor the Mason; the
#: evil roles give nothing).
CENTER_CLAIMS = frozenset(
    (R.VILLAGER, R.HUNTER, R.INSOMNIAC, R.ROBBER, R.TROUBLEMAKER, R.DRUNK, R.SEER)
)


def center_look(story: Sequence[Event]) -> tuple[int, str] | None:
    """The center card a lone wolf saw: (0-based index, card)."""
    for _, item in story:
        if isinstance(item, Fact) and item.kind == "saw" and item.target >= CENTER:
            return item.target - CENTER, str(item.card)
    return None


class RegWolfBot(RandomBot):
    level = "reg"

    def pick(self, view: ViewDict, decision: dict[str, Any]) -> dict[str, Any]:
        return dict(sensible(decision["choices"], self.rng))

    def claims(self, view: ViewDict, board: Sequence[Posted]) -> list[Claim]:
        seat, story = int(view["seat"]), self.story(view)
        if not lies(view["card"], story, seat):
            return honest_claims(seat, view["card"], story)
        return list(self.rng.choice(self.statements(view, story, board)))

    def statements(
        self, view: ViewDict, story: Sequence[Event], board: Sequence[Posted]
    ) -> list[list[Claim]]:
        table = Table(view, story, board)
        look = center_look(story)
        out: list[list[Claim]] = []
        if look is not None and look[1] in CENTER_CLAIMS:
            out = table.center(*look)
        return out or table.regular(lambda: self.rng.random() < INCLUDE_RATE) or table.villager()
