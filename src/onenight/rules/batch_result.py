"""The vote, deaths and winners of B games (:mod:`.outcome` is the definition), and the
batch's entry point :func:`play_batch`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from . import roles as R
from .batch import CODE, BatchTable, Bools, Deal, Ints, deal
from .batch_night import BatchNight, Chooser, play_night

# Sides (outcome.py's): the village, Werewolves, Minions, Tanners.
_VILLAGE: Final = 0
_WOLF: Final = 1
_MINION: Final = 2
_TANNER: Final = 3
SIDE: Final = np.array(
    [
        _WOLF
        if role in R.WOLF_FAMILY
        else _MINION
        if role == R.MINION
        else _TANNER
        if role == R.TANNER
        else _VILLAGE
        for role in R.ALL_ROLES
    ],
    dtype=np.int64,
)
_HUNTER: Final = CODE[R.HUNTER]
_BODYGUARD: Final = CODE[R.BODYGUARD]


@dataclass
class BatchResult:
    """B finished games. Positions are seats ``0..n-1`` then center cards; roles are
    codes (``batch.CODE``). ``cards[b, p]``: the printed card at position ``p`` at the
    end; ``end_roles[b, s]``: seat ``s``'s end role (a Doppelgänger's card is the role
    she copied); ``learned[b, s, :nlearned[b, s]]``: what seat ``s`` learned, in order
    (``batch.fact_code``); the night's choices per turn (``night.chosen`` …)."""

    night: BatchNight
    votes: Ints
    cards: Ints
    end_roles: Ints
    dead: Bools
    protected: Bools
    winners: Bools


def random_votes(size: int, n: int, rng: np.random.Generator) -> Ints:
    """A uniform point at another seat for each seat of each game."""
    points = (rng.random((size, n)) * (n - 1)).astype(np.int64)
    return points + (points >= np.arange(n))


def finish(night: BatchNight, votes: Ints) -> BatchResult:
    """Close the vote of every game: end roles, deaths, winners."""
    table, n = night.table, night.table.n
    if votes.shape != (night.size, n) or (votes == np.arange(n)).any():
        raise ValueError("one vote per seat, at another seat")
    if votes.min(initial=0) < 0 or votes.max(initial=0) >= n:
        raise ValueError("a vote points at a seat")
    rows = night.rows[:, None]
    cards = night.printed[rows, night.board]
    end_roles = cards[:, :n]
    doppel = night.copied >= 0
    if doppel.any():  # her card, wherever it went, is the role she copied
        dealt = night.printed[:, :n] == CODE[R.DOPPELGANGER]
        card_id = np.where(doppel, dealt.argmax(axis=1), -1)
        mine = night.board[:, :n] == card_id[:, None]
        end_roles = np.where(mine, night.copied[:, None], end_roles)
    dead, protected = deaths(votes, end_roles, table.has_bodyguard)
    return BatchResult(night, votes, cards, end_roles, dead, protected, winners(end_roles, dead))


def deaths(votes: Ints, end_roles: Ints, bodyguard: bool) -> tuple[Bools, Bools]:
    """outcome.deaths over the batch: the most-voted die (when some has two votes or
    more), Bodyguards' points protect and do not count, dying Hunters take their target."""
    size, n = votes.shape
    seats = np.arange(n)
    hits = votes[:, :, None] == seats  # (game, voter, target)
    protected = np.zeros((size, n), dtype=np.bool_)
    if bodyguard:
        guards = end_roles == _BODYGUARD
        protected = (hits & guards[:, :, None]).any(axis=1)
        hits = hits & ~guards[:, :, None]
    counts = hits.sum(axis=1)
    counts[protected] = 0
    top = counts.max(axis=1, keepdims=True)
    dead = (counts == top) & (top > 1)
    hunter = end_roles == _HUNTER
    if hunter.any():
        for _ in range(n):  # a chain of Hunters is at most n long
            shot = np.zeros((size, n), dtype=np.bool_)
            rows, seats = np.nonzero(dead & hunter)
            shot[rows, votes[rows, seats]] = True
            new = shot & ~dead & ~protected
            if not new.any():
                break
            dead |= new
    return dead, protected


def winners(end_roles: Ints, dead: Bools) -> Bools:
    """outcome.winners for the ultimate edition, over the batch."""
    sides = SIDE[end_roles]
    wolf = sides == _WOLF
    any_wolf = wolf.any(axis=1)
    wolf_died = (dead & wolf).any(axis=1)
    tanner = sides == _TANNER
    tanner_died = (dead & tanner).any(axis=1)
    non_minion_died = (dead & (sides != _MINION)).any(axis=1)
    anyone_died = dead.any(axis=1)
    wolves_win = any_wolf & ~wolf_died & ~tanner_died
    minion_wins = np.where(any_wolf, wolves_win, non_minion_died)
    village_wins = np.where(any_wolf, wolf_died, ~anyone_died)
    won = (sides == _VILLAGE) & village_wins[:, None]
    won |= wolf & wolves_win[:, None]
    won |= (sides == _MINION) & minion_wins[:, None]
    won |= tanner & dead
    return won


def play_batch(
    table: BatchTable,
    size: int,
    rng: np.random.Generator,
    dealt: Deal | None = None,
    choices: Ints | None = None,
    votes: Ints | None = None,
) -> BatchResult:
    """``size`` games of ``table``'s deck: dealt from ``rng`` (or ``dealt``), the night's
    choices given (``choices[b, t]``) or uniform among the legal ones, the votes given
    (``votes[b, s]``) or uniform at another seat."""
    if dealt is None:
        dealt = deal(table, size, rng)
    night = play_night(table, dealt, Chooser(rng, choices))
    if votes is None:
        votes = random_votes(night.size, table.n, rng)
    return finish(night, votes)
