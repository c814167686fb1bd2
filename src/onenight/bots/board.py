"""Reading the claim board: who said what, and which claims contradict each other."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from onenight.rules import CENTER, WOLF_FAMILY
from onenight.session.claims import (
    Claim,
    Copied,
    IAm,
    NoWerewolf,
    Partners,
    Posted,
    Saw,
    SawWolves,
    Swapped,
    Think,
    Took,
)


def by_seat(board: Sequence[Posted], n: int) -> list[list[Claim]]:
    """Each seat's claims, in the order said (opinions, ``Think`` and ``NoWerewolf``, left
    out)."""
    out: list[list[Claim]] = [[] for _ in range(n)]
    for post in board:
        if not isinstance(post.claim, Think | NoWerewolf):
            out[post.seat].append(post.claim)
    return out


def claimed_role(claims: Sequence[Claim]) -> str | None:
    """The dealt role a seat claims (its first ``IAm``), or None."""
    for claim in claims:
        if isinstance(claim, IAm):
            return claim.role
    return None


def _said_of(claims: Sequence[Claim], target: int) -> str | None:
    """The card a seat says it saw at ``target`` before any card moved (a look, a copy, a
    robbery), or None."""
    for claim in claims:
        if isinstance(claim, Copied | Took) and claim.target == target:
            return claim.role if isinstance(claim, Copied) else claim.card
        if isinstance(claim, Saw):
            for t, card in claim.looks:
                if t == target:
                    return card
    return None


def _moved(claims: Sequence[Claim], seat: int, target: int) -> bool:
    """Whether a seat says it moved ``target``'s card (a swap or a robbery)."""
    for claim in claims:
        if isinstance(claim, Swapped) and target in (claim.a, claim.b):
            return True
        if isinstance(claim, Took) and claim.target == target:
            return True
    return False


def _unchanged(claims: Sequence[Claim], seat: int, role: str | None) -> bool:
    """Whether a seat says it found its own card unchanged at the end of the night."""
    return any(
        isinstance(c, Saw) and c.looks == ((seat, role),) and role is not None for c in claims
    )


def clash(
    a: int, ca: Sequence[Claim], b: int, cb: Sequence[Claim], deck: Mapping[str, int]
) -> bool:
    """Whether seat ``a``'s and seat ``b``'s claims cannot both be true."""
    ra, rb = claimed_role(ca), claimed_role(cb)
    if ra is not None and ra == rb and deck.get(ra, 0) < 2:
        return True
    if _in_center(ca, rb, deck) or _in_center(cb, ra, deck):
        return True
    return _clash_one_way(a, ca, ra, b, cb, rb) or _clash_one_way(b, cb, rb, a, ca, ra)


def _in_center(claims: Sequence[Claim], role: str | None, deck: Mapping[str, int]) -> bool:
    """Whether these claims put the only card of ``role`` in the center."""
    if role is None or deck.get(role, 0) > 1:
        return False
    return any(
        isinstance(c, Saw) and any(t >= CENTER and card == role for t, card in c.looks)
        for c in claims
    )


def _clash_one_way(
    a: int, ca: Sequence[Claim], ra: str | None, b: int, cb: Sequence[Claim], rb: str | None
) -> bool:
    seen = _said_of(ca, b)
    if seen is not None and rb is not None and seen != rb:
        return True
    for claim in ca:
        if isinstance(claim, Partners) and rb is not None and (b in claim.seats) != (rb == "mason"):
            return True
        if isinstance(claim, SawWolves) and b in claim.seats:
            return True
    return _moved(ca, a, b) and _unchanged(cb, b, rb)


def suspicion(board: Sequence[Posted], n: int, deck: Mapping[str, int]) -> list[float]:
    """For each seat: in how many clashes it is, plus one for each claim that names it a
    Werewolf (a look, the Little Girl, an opinion)."""
    claims = by_seat(board, n)
    score = [0.0] * n
    for a in range(n):
        for b in range(a + 1, n):
            if claims[a] and claims[b] and clash(a, claims[a], b, claims[b], deck):
                score[a] += 1
                score[b] += 1
    for post in board:
        claim = post.claim
        if isinstance(claim, Think) and claim.role in WOLF_FAMILY:
            score[claim.target] += 0.5
        elif isinstance(claim, Saw | Took | Copied):
            for seat in range(n):
                card = _said_of([claim], seat)
                if seat != post.seat and card in WOLF_FAMILY:
                    score[seat] += 1
    return score
