"""The observation encoding, in one place: a seat's view as numbers (the observation
vector, :meth:`Layout.encode`), the action mask, and the full state for a centralised
critic (:func:`encode_state`).

Built from the view (what the seat may know), the claim board and the seat's own night
choices: exactly what a human in the seat has, so that a policy trained in the
environment plays the same from a live room's view. The layout (parts, order, sizes) is
documented in docs/research.md, "Observations"; a batched environment must produce the
same vectors from the same games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from onenight.rules import CENTER, action_from_json, target_from_json
from onenight.session.claims import Posted

from .actions import ActionTable
from .match import PHASES

if TYPE_CHECKING:
    from .match import Match


class Layout:
    """Where each part of the observation vector lies (name → slice), for a table."""

    def __init__(self, table: ActionTable, rounds: int) -> None:
        n, c, r = table.n, table.c, len(table.roles)
        self.table = table
        self.rounds = rounds
        self.role_index = {role: i for i, role in enumerate(table.roles)}
        parts = [
            ("seat", n),
            ("card", r),
            ("phase", len(PHASES)),
            ("talk", 2),
            ("saw", (n + c) * r),
            ("wolves", n),
            ("masons", n),
            ("tanners", n),
            ("acted", n),
            ("little_girl", n),
            ("revealed", n * r),
            ("shields", n),
            ("did", len(table.night)),
            ("board", n * len(table.claims)),
            ("vote", n),
        ]
        self.slices: dict[str, slice] = {}
        at = 0
        for name, size in parts:
            self.slices[name] = slice(at, at + size)
            at += size
        self.size = at

    def encode(
        self,
        view: dict[str, Any],
        board: Sequence[Posted],
        done: Sequence[tuple[int, dict[str, Any]]],
        stage: str,
        talk: tuple[int, int] = (0, 0),
    ) -> np.ndarray:
        """The observation vector (float32, every entry in [0, 1])."""
        t, sl, ri = self.table, self.slices, self.role_index
        n, c, r = t.n, t.c, len(t.roles)
        out = np.zeros(self.size, dtype=np.float32)
        seat = view.get("seat")
        if isinstance(seat, int):
            out[sl["seat"].start + seat] = 1
        card = view.get("card")
        if card in ri:
            out[sl["card"].start + ri[card]] = 1
        out[sl["phase"].start + PHASES.index(stage)] = 1
        rounds = max(self.rounds, 1)
        out[sl["talk"].start] = min(talk[0], rounds) / rounds
        out[sl["talk"].start + 1] = talk[1] / max(n, 1)
        for fact in view.get("learned") or ():
            if "saw" in fact:
                target = target_from_json(fact["saw"])
                place = target if target < 100 else n + (target - 100)
                if place < n + c and fact["card"] in ri:
                    row = sl["saw"].start + place * r
                    out[row : row + r] = 0  # the latest look at a card wins
                    out[row + ri[fact["card"]]] = 1
            elif "little_girl" in fact:
                target = target_from_json(fact["little_girl"])
                if target < n:
                    out[sl["little_girl"].start + target] = 1
            else:
                for kind in ("wolves", "masons", "tanners", "acted"):
                    for s in fact.get(kind, ()):
                        out[sl[kind].start + int(s)] = 1
        day = view.get("day") or {}
        for s, role in (day.get("revealed") or {}).items():
            if role in ri:
                out[sl["revealed"].start + int(s) * r + ri[role]] = 1
        for s in day.get("shields") or ():
            out[sl["shields"].start + int(s)] = 1
        for _, action in done:
            i = t.night_index.get(action_from_json(action))
            if i is not None:
                out[sl["did"].start + i - t.night_start] = 1
        k = len(t.claims)
        for post in board:
            for i in t.claim_of(post.claim):
                out[sl["board"].start + post.seat * k + i - t.claim_start] = 1
        vote = view.get("vote")
        if isinstance(vote, int):
            out[sl["vote"].start + vote] = 1
        return out

    def mask(self, legal: Sequence[int]) -> np.ndarray:
        m = np.zeros(self.table.size, dtype=np.int8)
        m[list(legal)] = 1
        return m


def state_size(layout: Layout) -> int:
    """The length of :func:`encode_state`: every seat's observation, then each seat's and
    center card's current role."""
    t = layout.table
    return t.n * layout.size + (t.n + t.c) * len(t.roles)


def encode_state(layout: Layout, match: Match) -> np.ndarray:
    """The full state (PettingZoo's ``state()``): each seat's observation vector in seat
    order, then, for each seat and each center card in order, the role its card stands
    for now (one-hot): the secrets no seat holds alone."""
    t, game = layout.table, match.game
    parts = [
        layout.encode(match.game_view(s), match.board, match.done[s], match.phase, match.talk())
        for s in range(t.n)
    ]
    cards = np.zeros((t.n + t.c) * len(t.roles), dtype=np.float32)
    targets = [*range(t.n), *(CENTER + i for i in range(t.c))]
    for place, target in enumerate(targets):
        role = game.end_role(game.board[target])
        if role in layout.role_index:
            cards[place * len(t.roles) + layout.role_index[role]] = 1
    return np.concatenate([*parts, cards])
