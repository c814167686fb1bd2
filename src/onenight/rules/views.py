"""Per-player views: the only way game state leaves the engine.

A view is built up from what that seat may know (an allowlist): the public table, the
card it was dealt, the facts it learned (each with the call it was learned at), the
decision it must make, what the day shows everyone, and, once the game is over,
everything. Nothing is built from the whole state and then pruned.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import roles as R
from .actions import target_to_json
from .phase import Phase
from .state import GameState


def public_table(game: GameState) -> dict[str, Any]:
    """What everyone knows from the start: edition, seats, the deck, the night's calls and
    turns. In a workshop draw the deck is the enabled cards: nothing here depends on
    the draw. ``center_wolf``: whether the deck may put the Alpha Wolf's center
    Werewolf card on the table (it is counted in ``deck``)."""
    setup = game.setup
    deck = Counter(setup.public_deck)
    wolf = R.ALPHA_WOLF in deck
    if wolf:
        deck[R.WEREWOLF] += 1
    return {
        "edition": setup.edition,
        "players": list(setup.players),
        "deck": dict(sorted(deck.items())),
        "center_cards": game.c,
        "center_wolf": wolf,
        "calls": list(game.calls),
        "turns": [t.to_json() for t in game.turns],
    }


def player_view(game: GameState, seat: int | None, until: int | None = None) -> dict[str, Any]:
    """The view of ``seat`` (``None`` for a spectator).

    ``until``: the turn of the night the narrator has reached. What a player learns in a
    turn reaches him once the turn is over (facts with ``at < until``); a decision shows
    only in its own turn; the phase reads ``night`` until the last turn is over.
    ``None`` means "as far as the engine has gone": every fact, the decision now.
    """
    last = len(game.turns)
    clock = last if until is None else min(until, last)
    night_over = game.phase != Phase.NIGHT and clock >= last
    view = public_table(game)
    view["phase"] = game.phase if night_over else Phase.NIGHT
    view["turn"] = clock
    view["call"] = game.turns[clock].call if 0 <= clock < last else (-1 if clock < 0 else None)
    view["seat"] = seat
    if seat is not None and 0 <= seat < game.n:
        view["card"] = game.setup.cards[seat]
        view["learned"] = [
            {"at": f.at, **f.to_json()} for f in game.facts[seat] if until is None or f.at < clock
        ]
        view["decision"] = _decision(game, seat, None if until is None else clock, night_over)
    if night_over:
        view["day"] = {
            "revealed": {str(s): card for s, card in sorted(game.revealed.items())},
            "shields": [s for s in range(game.n) if game.shields >> s & 1],
        }
        view["voted"] = sorted(game.votes)
        if seat is not None and seat in game.votes:
            view["vote"] = game.votes[seat]
    if game.result is not None and night_over:
        view["result"] = game.result.to_json(game.players, game.turns)
    return view


def _decision(
    game: GameState, seat: int, clock: int | None, night_over: bool
) -> dict[str, Any] | None:
    if game.phase == Phase.VOTE and night_over:
        return {
            "kind": "vote",
            "mandatory": True,
            "choices": [a.to_json() for a in game.legal(seat)],
        }
    d = game.decision
    if d is None or d.seat != seat or (clock is not None and d.turn != clock):
        return None
    return {
        "kind": d.kind,
        "call": game.calls[d.call],
        "turn": d.turn,
        "mandatory": d.mandatory,
        "choices": [a.to_json() for a in d.choices],
    }


__all__ = ["player_view", "public_table", "target_to_json"]
