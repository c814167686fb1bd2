"""The vote, deaths and winners of B games (:mod:`.outcome` is the definition), and the
batch's entry point :func:`play_batch`. Seat-major inside (``dead[s, b]``); the result
gives game-major views (``result.dead[b, s]``)."""

from __future__ import annotations

from typing import Final

import numpy as np

from . import roles as R
from . import steps as S
from .batch import CODE, Array, BatchTable, Deal, deal
from .batch_night import BatchNight, Choose, Chooser, learned, play_night

# Sides (outcome.py's): the village, Werewolves, Minions, Tanners.
_VILLAGE: Final = 0
_WOLF: Final = 1
_MINION: Final = 2
_TANNER: Final = 3


def _side(role: R.Role) -> int:
    if role in R.WOLF_FAMILY:
        return _WOLF
    return {R.MINION: _MINION, R.TANNER: _TANNER}.get(role, _VILLAGE)


SIDE: Final = np.array([_side(role) for role in R.ALL_ROLES], dtype=np.int64)
_HUNTER: Final = CODE[R.HUNTER]
_BODYGUARD: Final = CODE[R.BODYGUARD]


class BatchResult:
    """B finished games, as game-major arrays. Positions are seats ``0..n-1`` then the
    center cards; roles are codes (``batch.CODE``). ``cards[b, p]``: the printed card at
    position ``p`` at the end; ``end_roles[b, s]``: seat ``s``'s end role (a
    Doppelgänger's card is the role she copied); ``learned[b, s, :nlearned[b, s]]``: what
    seat ``s`` learned, in order (``batch.fact_code``); ``night``: the choices per turn
    (``night.chosen[t, b]`` …)."""

    def __init__(
        self, night: BatchNight, votes: Array, roles: Array, dead: Array, protected: Array
    ) -> None:
        self.night = night
        self._votes, self._roles, self._dead, self._protected = votes, roles, dead, protected
        self._winners = winners(roles, dead)
        self._facts: tuple[Array, Array] | None = None

    @property
    def votes(self) -> Array:
        return self._votes.T

    @property
    def end_roles(self) -> Array:
        return self._roles.T

    @property
    def dead(self) -> Array:
        return self._dead.T

    @property
    def protected(self) -> Array:
        return self._protected.T

    @property
    def winners(self) -> Array:
        return self._winners.T

    @property
    def revealed(self) -> Array:
        """``revealed[b, s]``: the role code of the card a Revealer left face up in front
        of seat ``s`` (``-1``: none)."""
        night, n = self.night, self.night.table.n
        out = np.full((n + 1, night.size), -1, dtype=np.int64)  # + a scratch row
        for k, task in enumerate(night.table.tasks):
            if task.step == S.REVEAL:
                kept = night.kept[k]
                seat = np.where(kept, night.seen_pos[k, 0], n)
                out[seat, night.cols] = np.where(kept, night.seen_card[k, 0], out[seat, night.cols])
        return out[:n].T

    @property
    def shields(self) -> Array:
        """``shields[b, s]``: whether seat ``s``'s card carries a Sentinel's shield."""
        n = self.night.table.n
        return (self.night.shields[:, None] >> np.arange(n) & 1).astype(np.bool_)

    @property
    def cards(self) -> Array:
        return self.night.board[:-1].T

    @property
    def learned(self) -> Array:
        return self._learned()[0]

    @property
    def nlearned(self) -> Array:
        return self._learned()[1]

    def _learned(self) -> tuple[Array, Array]:
        if self._facts is None:
            self._facts = learned(self.night)
        return self._facts


def random_votes(size: int, n: int, rng: np.random.Generator) -> Array:
    """``votes[s, b]``: a uniform point at another seat for each seat of each game."""
    points = (rng.random((n, size), dtype=np.float32) * np.float32(n - 1)).astype(np.int64)
    points = np.minimum(points, n - 2)
    return points + (points >= np.arange(n)[:, None])


def finish(night: BatchNight, votes: Array) -> BatchResult:
    """Close the vote of every game (``votes[s, b]``): end roles, deaths, winners."""
    table, n = night.table, night.table.n
    if votes.shape != (n, night.size) or (votes == np.arange(n)[:, None]).any():
        raise ValueError("one vote per seat, at another seat")
    if votes.min(initial=0) < 0 or votes.max(initial=0) >= n:
        raise ValueError("a vote points at a seat")
    roles = night.board[:n]
    if R.DOPPELGANGER in table.counts:  # her card, wherever it went, is the role she copied
        mine = (roles == CODE[R.DOPPELGANGER]) & (night.copied >= 0)
        roles = np.where(mine, night.copied, roles)
    dead, protected = deaths(votes, roles, table.has_bodyguard, table.hunters)
    return BatchResult(night, votes, roles, dead, protected)


def deaths(votes: Array, roles: Array, bodyguard: bool, hunters: int) -> tuple[Array, Array]:
    """outcome.deaths over the batch (``[s, b]``): the most-voted die when one has two
    votes or more; Bodyguards' points protect and do not count; dying Hunters shoot."""
    n, size = votes.shape
    cols = np.arange(size, dtype=np.int64)
    counted = votes * size + cols
    if bodyguard:
        guards = roles == _BODYGUARD
        protected = np.zeros((n, size), dtype=np.bool_)
        protected.reshape(-1)[counted[guards]] = True
        counted = counted[~guards]
    else:
        protected = np.zeros((n, size), dtype=np.bool_)
    counts = np.bincount(counted.reshape(-1), minlength=n * size).reshape(n, size)
    if bodyguard:
        counts[protected] = 0
    top = counts.max(axis=0)
    dead = (counts == top) & (top > 1)
    if hunters:
        _hunters_shoot(votes, roles == _HUNTER, dead, protected, hunters)
    return dead, protected


def _hunters_shoot(votes: Array, hunter: Array, dead: Array, protected: Array, most: int) -> None:
    """Each dead Hunter's target dies unless protected, again while new Hunters die;
    ``most``: how many Hunters a game may have (the Hunter cards, and a Doppelgänger who
    copied one). Up to two, per game as vectors of B (the first and the last Hunter's
    seat); more, over the whole (n, B) arrays."""
    n, size = votes.shape
    cols = np.arange(size, dtype=np.int64)
    flat_dead, flat_votes, flat_safe = dead.reshape(-1), votes.reshape(-1), protected.reshape(-1)
    if most > 2:
        for _ in range(n):  # a chain of Hunters is at most n long
            shooters = dead & hunter
            shot = np.zeros((n, size), dtype=np.bool_)
            shot.reshape(-1)[(votes * size + cols)[shooters]] = True
            new = shot & ~dead & ~protected
            if not new.any():
                return
            dead |= new
        return
    has = hunter.any(axis=0)
    seats = [hunter.argmax(axis=0), n - 1 - hunter[::-1].argmax(axis=0)][:most]
    fired = [np.zeros(size, dtype=np.bool_) for _ in seats]
    for _ in seats:  # a chain is at most as long as the Hunters
        for i, seat in enumerate(seats):
            at = seat * size + cols
            fire = has & flat_dead[at] & ~fired[i]
            if fire.any():
                fired[i] |= fire
                target = flat_votes[at] * size + cols
                flat_dead[target] |= fire & ~flat_safe[target]


def winners(roles: Array, dead: Array) -> Array:
    """outcome.winners for the ultimate edition over the batch (``[s, b]``)."""
    sides = SIDE[roles]
    wolf = sides == _WOLF
    tanner = sides == _TANNER
    any_wolf = wolf.any(axis=0)
    wolf_died = (dead & wolf).any(axis=0)
    tanner_died = (dead & tanner).any(axis=0)
    non_minion_died = (dead & (sides != _MINION)).any(axis=0)
    wolves_win = any_wolf & ~wolf_died & ~tanner_died
    minion_wins = np.where(any_wolf, wolves_win, non_minion_died)
    village_wins = np.where(any_wolf, wolf_died, ~dead.any(axis=0))
    won: Array = (sides == _VILLAGE) & village_wins
    won |= wolf & wolves_win
    won |= (sides == _MINION) & minion_wins
    won |= tanner & dead
    return won


def play_batch(
    table: BatchTable,
    size: int,
    rng: np.random.Generator,
    dealt: Deal | None = None,
    choices: Array | Choose | None = None,
    votes: Array | None = None,
) -> BatchResult:
    """``size`` games of ``table``'s deck: dealt from ``rng`` (or ``dealt``), the night's
    choices given (``choices[k, b]``: an index into the legal choices of task ``k``; or a
    :data:`.batch_night.Choose`, a policy) or uniform among the legal ones, the votes
    given (``votes[b, s]``) or uniform at another seat."""
    if dealt is None:
        dealt = deal(table, size, rng)
    choose = choices if callable(choices) else Chooser(rng, choices)
    night = play_night(table, dealt, choose)
    points = random_votes(night.size, table.n, rng) if votes is None else np.asarray(votes).T
    return finish(night, points)
