"""Games as data: one JSON object per game (JSON Lines), written by the environment and
the tournament, replayed through the engine by ``onenight research load FILE``.

A record (``"schema": "onenight.research.game/1"``; docs/research.md, "Games as data"):
the config with its rule switches, the engine's setup (the deal), the night's choices
in order, every claim with its speaker and round, the ballots (``null``: abstained),
the result (winning team, winners, dead, end roles) and, when asked, each seat's
beliefs before the vote. Replaying applies every choice through the engine (which
refuses an illegal one) and scores the game again under the record's rules.

The record itself (its schema, JSON Lines reading and writing) is built in
:mod:`onenight.rules.record`, below every layer that writes games (the bots' simulator
writes them too); this module adds the research config, the outcome rules and replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from onenight.rules import Game, RulesError, Setup, Vote, action_from_json
from onenight.rules.record import SCHEMA, game_record, read, write
from onenight.session.claims import ClaimError, claim_from_json

from .config import Config, config_from_json
from .match import Match
from .variants import Outcome, from_result, score

__all__ = ["SCHEMA", "match_record", "read", "record", "replay", "write"]


def record(
    config: Config,
    game: Game,
    talk: Iterable[tuple[int, int, dict[str, Any]]],
    ballots: Mapping[int, int | None],
    outcome: Outcome,
    end_roles: Sequence[str],
    beliefs: Mapping[int, Sequence[Mapping[str, float]]] | None = None,
) -> dict[str, Any]:
    """A finished game as a record. ``talk``: ``(round, seat, claim JSON)`` in order."""
    votes = [ballots.get(s) for s in range(game.n)]
    return game_record(config.to_json(), game, talk, votes, outcome.to_json(), end_roles, beliefs)


def match_record(
    match: Match, beliefs: Mapping[int, Sequence[Mapping[str, float]]] | None = None
) -> dict[str, Any]:
    """The record of a finished :class:`Match` (the environment's game)."""
    assert match.outcome is not None, "the game is not over"
    talk = [
        (r, p.seat, p.claim.to_json()) for r, p in zip(match.board_rounds, match.board, strict=True)
    ]
    return record(
        match.config,
        match.game,
        talk,
        match.ballots,
        match.outcome,
        match.end_roles(),
        beliefs,
    )


def replay(rec: Mapping[str, Any]) -> list[str]:
    """Replay a record through the engine; the problems found ([] when it checks out):
    an illegal or missing choice, a claim outside the language, a result that differs."""
    if rec.get("schema") != SCHEMA:
        return [f"schema {rec.get('schema')!r} is not {SCHEMA!r}"]
    try:
        cfg = config_from_json(rec["config"])
        game = Game(Setup.from_json(rec["setup"]))
        for step in rec["night"]:
            game.apply(int(step["seat"]), action_from_json(step["action"]))
        if game.decision is not None:
            return [f"the night stops at turn {game.decision.turn}: seat {game.decision.seat}"]
        for said in rec["talk"]:
            claim_from_json(said["claim"], game.n, game.c)
            if not 0 <= int(said["seat"]) < game.n or not int(said["round"]) >= 0:
                return [f"a claim by seat {said['seat']} in round {said['round']}"]
        ballots: dict[int, int | None] = dict(enumerate(rec["votes"]))
        game.end_day()
        for seat, target in ballots.items():
            if target is not None:
                game.apply(seat, Vote(int(target)))
    except (RulesError, ClaimError, KeyError, TypeError, ValueError) as err:
        return [f"{type(err).__name__}: {err}"]
    roles = [game.end_role(game.board[s]) for s in range(game.n)]
    if cfg.outcome == "rulebook":
        if game.result is None:
            return ["a vote is missing (the rulebook has no abstention)"]
        out = from_result(game.result)
    else:
        out = score(cfg.outcome, roles, ballots)
    want = {**out.to_json(), "end_roles": roles}
    got = rec["result"]
    return [
        f"result {k}: recorded {got.get(k)!r}, replayed {v!r}"
        for k, v in want.items()
        if got.get(k) != v
    ]
