"""Per-player views: the only way game state leaves the engine.

A view is built up from what that seat may know (an allowlist): the public table, the
card it was dealt, the facts it learned (each with the call it was learned at), the
decision it must make, what the day shows everyone, and, once the game is over,
everything. Nothing is built from the whole state and then pruned.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .actions import target_to_json

if TYPE_CHECKING:
    from .game import Game


def public_table(game: Game) -> dict[str, Any]:
    """What everyone knows from the start: edition, seats, the deck and the night's calls."""
    setup = game.setup
    deck = Counter(setup.deck)
    if setup.center_wolf is not None:
        deck[setup.center_wolf] += 1
    return {
        "edition": setup.edition,
        "players": list(setup.players),
        "deck": dict(sorted(deck.items())),
        "center_cards": game.c,
        "center_wolf": setup.center_wolf is not None,
        "calls": list(game.calls),
    }


def player_view(game: Game, seat: int | None, until: int | None = None) -> dict[str, Any]:
    """The view of ``seat`` (``None`` for a spectator).

    ``until``: the index of the call the narrator has reached; facts learned later and a
    decision for a later call stay hidden, and the phase reads ``night`` until the last
    call is over. ``None`` means "as far as the engine has gone".
    """
    clock = len(game.calls) if until is None else min(until, len(game.calls))
    night_over = game.phase != "night" and clock >= len(game.calls)
    view = public_table(game)
    view["phase"] = game.phase if night_over else "night"
    view["call"] = min(game.call, clock)
    view["seat"] = seat
    if seat is not None and 0 <= seat < game.n:
        view["card"] = game.setup.cards[seat]
        view["learned"] = [{"at": f.at, **f.to_json()} for f in game.facts[seat] if f.at <= clock]
        view["decision"] = _decision(game, seat, clock)
    if night_over:
        view["day"] = {
            "revealed": {str(s): card for s, card in sorted(game.revealed.items())},
            "shields": [s for s in range(game.n) if game.shields >> s & 1],
        }
        view["voted"] = sorted(game.votes)
        if seat is not None and seat in game.votes:
            view["vote"] = game.votes[seat]
    if game.result is not None and night_over:
        view["result"] = game.result.to_json(game.players, game.calls)
    return view


def _decision(game: Game, seat: int, clock: int) -> dict[str, Any] | None:
    if game.phase == "vote" and clock >= len(game.calls) and seat not in game.votes:
        return {
            "kind": "vote",
            "mandatory": True,
            "choices": [a.to_json() for a in game.legal(seat)],
        }
    d = game.decision
    if d is None or d.seat != seat or d.call > clock:
        return None
    return {
        "kind": d.kind,
        "call": game.calls[d.call],
        "mandatory": d.mandatory,
        "choices": [a.to_json() for a in d.choices],
    }


__all__ = ["player_view", "public_table", "target_to_json"]
