"""Weighing a ``reasoner``'s worlds: its side's chance if each seat dies, each seat's
end-role beliefs, what the honest players yet to speak will say and how exposed a lie is
(docs/bots.md). Plain functions over the sampled worlds, run for every world of every
decision: compiled with mypyc in the wheel, as the sampler is (setup.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from onenight.rules import WOLF_FAMILY
from onenight.rules.outcome import winners
from onenight.session.claims import Claim, NoWerewolf, Posted

from .board import by_seat, claimed_role, clash
from .story import honest_claims, lies
from .worlds import World


@dataclass
class Values:
    """Its side's chance of winning if each seat dies (``value``), if nobody does
    (``circle``), and the effective number of worlds behind them (``ess``)."""

    value: list[float]
    circle: float
    ess: float


def side_values(seat: int, edition: str, n: int, worlds: Sequence[World]) -> Values:
    """The chance of ``seat``'s side winning if each seat dies, and if nobody does; and
    the worlds' effective number (for the standard errors)."""
    total = sum(w.weight for w in worlds)
    value = [0.0] * n
    circle = 0.0
    # Worlds often end with the same roles: who wins is asked once per ending.
    wins: dict[tuple[str, ...], tuple[list[bool], bool]] = {}
    for w in worlds:
        roles = tuple(w.end_roles)
        got = wins.get(roles)
        if got is None:
            dies = [seat in winners(edition, roles, frozenset({t})) for t in range(n)]
            dies[seat] = False
            got = wins[roles] = (dies, seat in winners(edition, roles, frozenset()))
        p = w.weight / total
        for t in range(n):
            if got[0][t]:
                value[t] += p
        if got[1]:
            circle += p
    squares = sum(w.weight * w.weight for w in worlds)
    return Values(value, circle, total * total / squares if squares else 0.0)


def agreeing(seat: int, board: Sequence[Posted], worlds: Sequence[World]) -> float:
    """How many other players said "I think nobody is a Werewolf", each counted by the
    weight of the worlds in which he is honest (a liar says what suits him)."""
    said = {p.seat for p in board if p.seat != seat and isinstance(p.claim, NoWerewolf)}
    if not said:
        return 0.0
    total = 0.0
    honest = 0.0
    for w in worlds:
        cards, stories = w.setup.cards, w.stories
        total += w.weight
        for s in said:
            if not lies(cards[s], stories[s], s):
                honest += w.weight
    return honest / total if total else 0.0


def honest_futures(seat: int, world: World, board: Sequence[Posted]) -> list[list[Claim]]:
    """In a world: what each honest player who has not spoken yet will say."""
    return _futures(seat, world, by_seat(board, len(world.setup.cards)))


def _futures(seat: int, world: World, said: list[list[Claim]]) -> list[list[Claim]]:
    cards, stories = world.setup.cards, world.stories
    return [
        honest_claims(s, cards[s], stories[s])
        if s != seat and not said[s] and not lies(cards[s], stories[s], s)
        else []
        for s in range(len(cards))
    ]


#: What the honest players yet to speak will say (per seat), and the weight of the
#: worlds in which they say it.
Futures = dict[tuple[tuple[Claim, ...], ...], float]


def futures_of(seat: int, worlds: Sequence[World], board: Sequence[Posted]) -> Futures:
    out: Futures = {}
    said = by_seat(board, len(worlds[0].setup.cards)) if worlds else []
    for w in worlds:
        key = tuple(tuple(cs) for cs in _futures(seat, w, said))
        out[key] = out.get(key, 0.0) + w.weight
    return out


def exposure(
    seat: int, story: list[Claim], futures: Futures, board: Sequence[Posted], deck: dict[str, int]
) -> float:
    """The weight of the worlds in which this story will be contradicted: by a player who
    already spoke, by an honest player yet to speak, or by more claims of a role than the
    deck holds."""
    return exposures(seat, [story], futures, board, deck)[0]


def exposures(
    seat: int,
    stories: Sequence[list[Claim]],
    futures: Futures,
    board: Sequence[Posted],
    deck: dict[str, int],
) -> list[float]:
    """:func:`exposure` of each story. The futures are read once for all the stories:
    each seat's claims in them (dataclasses: hashed at Python speed) numbered once, not
    once per story, and whether a story clashes with them asked once per story."""
    n = len(next(iter(futures))) if futures else 0
    said = by_seat(board, n)
    number: dict[tuple[int, tuple[Claim, ...]], int] = {}
    rows: list[tuple[float, list[int], list[str | None]]] = []
    for future, weight in futures.items():
        ids: list[int] = []
        for s, cs in enumerate(future):
            if cs:
                j = number.get((s, cs))
                if j is None:
                    j = number[(s, cs)] = len(number)
                ids.append(j)
        rows.append((weight, ids, [claimed_role(cs) for cs in future if cs]))
    pairs = list(number)
    out: list[float] = []
    for story in stories:
        if any(said[s] and clash(seat, story, s, said[s], deck) for s in range(n)):
            out.append(sum(futures.values()))
            continue
        role = claimed_role(story)
        claimed = sum(1 for s in range(n) if said[s] and claimed_role(said[s]) == role)
        limit = deck.get(role or "", 0)
        clashes = [-1] * len(pairs)  # per numbered claims: 1 if they clash, -1 not asked
        exposed = 0.0
        for weight, ids, roles in rows:
            if claimed + 1 + sum(1 for r in roles if r == role) > limit:
                exposed += weight
                continue
            for j in ids:
                c = clashes[j]
                if c < 0:
                    s, cs = pairs[j]
                    c = clashes[j] = int(clash(seat, story, s, cs, deck))
                if c:
                    exposed += weight
                    break
        out.append(exposed)
    return out


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
