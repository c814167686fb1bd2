"""Scenarios (../shared/conformance/FORMAT.md): one game written down, replayed.

A scenario gives the deal, each player's night steps in order and the votes. The
engine asks each decision in night order; the player's next step answers it when it
is legal there, an optional decision whose step is absent is passed, and a step left
unused at dawn makes the scenario illegal (with the reason it was refused where it was
tried).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .actions import PASS, PEEK, Action, Copy, Reveal, Shield, Vote, swap, view
from .actions import target_from_json as _parse_target
from .errors import IllegalAction, RulesError
from .game import Game
from .setup import Setup


class ScenarioError(RulesError):
    """The scenario is not a legal game (or not a readable scenario)."""


def resolve(scenario: Any) -> dict[str, Any]:
    """Replay a scenario; the FORMAT.md result, or ScenarioError with a one-line reason."""
    try:
        return _resolve(scenario)
    except ScenarioError:
        raise
    except RulesError as err:
        raise ScenarioError(str(err)) from None


def _resolve(scenario: Any) -> dict[str, Any]:
    if not isinstance(scenario, dict):
        raise ScenarioError("a scenario is a JSON object")
    players = _list_of_str(scenario.get("players"), "players")
    deal = scenario.get("deal")
    if not isinstance(deal, dict) or sorted(deal) != sorted(players):
        raise ScenarioError("'deal' must give a card to each player, and only to them")
    if len(set(players)) != len(players):
        raise ScenarioError("player names must be unique")
    options = scenario.get("options")
    if options is not None and not isinstance(options, dict):
        raise ScenarioError("'options' must be an object")  # accepted and ignored (FORMAT.md)
    order = scenario.get("order")
    if order is not None:
        order_names = _list_of_str(order, "order")
        if sorted(order_names) != sorted(players):
            raise ScenarioError("'order' must list every player exactly once")
        order = [players.index(name) for name in order_names]
    setup = Setup.fixed(
        _str(scenario.get("edition"), "edition"),
        players,
        [deal[p] for p in players],
        _list_of_str(scenario.get("center"), "center"),
        scenario.get("center_wolf"),
        order,
    )
    game = Game(setup)
    seat_of = {name: i for i, name in enumerate(players)}
    night = scenario.get("night")
    _play_night(game, {} if night is None else night, seat_of)
    _play_votes(game, scenario.get("votes"), seat_of)
    assert game.result is not None
    return game.result.to_json(players)


def _play_night(game: Game, night: Any, seat_of: dict[str, int]) -> None:
    if not isinstance(night, dict):
        raise ScenarioError("'night' must be an object of step lists")
    queues: dict[int, deque[Action]] = {}
    for name, steps in night.items():
        if name not in seat_of:
            raise ScenarioError(f"'night' names an unknown player {name!r}")
        if not isinstance(steps, list):
            raise ScenarioError(f"night steps of {name} must be a list")
        seat = seat_of[name]
        queues[seat] = deque(_step(s, seat_of, name) for s in steps)
    refused: dict[int, str] = {}
    while (d := game.decision) is not None:
        queue = queues.get(d.seat)
        step = queue[0] if queue else None
        if step is not None and step in d.legal:
            queue.popleft()  # type: ignore[union-attr]
            refused.pop(d.seat, None)
            game.apply(d.seat, step)
        elif not d.mandatory:
            if step is not None:
                refused.setdefault(
                    d.seat, f"{_name(d.seat, seat_of)}: {step.to_json()} is not a legal {d.kind}"
                )
            game.apply(d.seat, PASS)
        elif step is None:
            raise ScenarioError(f"{_name(d.seat, seat_of)} must make a {d.kind} but has no step")
        else:
            raise ScenarioError(
                f"{_name(d.seat, seat_of)}: {step.to_json()} is not a legal {d.kind}"
            )
    for seat, queue in queues.items():
        if queue:
            reason = refused.get(seat) or (
                f"{_name(seat, seat_of)}: step {queue[0].to_json()} is not one the night asks for"
            )
            raise ScenarioError(reason)


def _play_votes(game: Game, votes: Any, seat_of: dict[str, int]) -> None:
    if not isinstance(votes, dict):
        raise ScenarioError("'votes' must be an object: player → player")
    for name in votes:
        if name not in seat_of:
            raise ScenarioError(f"'votes' names an unknown player {name!r}")
    game.end_day()
    for name, seat in seat_of.items():
        if name not in votes:
            raise ScenarioError(f"{name} has no vote (no abstaining)")
        target = votes[name]
        if not isinstance(target, str) or target not in seat_of:
            raise ScenarioError(f"{name} votes for an unknown player {target!r}")
        game.apply(seat, Vote(seat_of[target]))


def _step(data: Any, seat_of: dict[str, int], who: str) -> Action:
    if not isinstance(data, dict) or len(data) != 1:
        raise ScenarioError(f"{who}: a step is an object with one key, not {data!r}")
    ((kind, arg),) = data.items()
    if kind == "copy":
        return Copy(_target(arg, seat_of))
    if kind == "shield":
        return Shield(_target(arg, seat_of))
    if kind == "reveal":
        return Reveal(_target(arg, seat_of))
    if kind == "peek":
        if arg is not True:
            raise ScenarioError(f'{who}: a peek step is {{"peek": true}}')
        return PEEK
    if kind in ("view", "swap"):
        size = (1, 2) if kind == "view" else (2,)
        if not isinstance(arg, list) or len(arg) not in size:
            raise ScenarioError(f"{who}: bad {kind} step {data!r}")
        targets = [_target(t, seat_of) for t in arg]
        if len(set(targets)) != len(targets):
            raise ScenarioError(f"{who}: a {kind} step names the same card twice")
        return view(*targets) if kind == "view" else swap(targets[0], targets[1])
    raise ScenarioError(f"{who}: unknown step {kind!r}")


def _target(value: Any, seat_of: dict[str, int]) -> int:
    if isinstance(value, str) and value in seat_of:
        return seat_of[value]
    if isinstance(value, str) and value.startswith("center:"):
        try:
            return _parse_target(value)
        except IllegalAction:
            pass
    raise ScenarioError(f"unknown target {value!r}")


def _name(seat: int, seat_of: dict[str, int]) -> str:
    for name, s in seat_of.items():
        if s == seat:
            return name
    return str(seat)


def _str(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise ScenarioError(f"'{key}' must be a string")
    return value


def _list_of_str(value: Any, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"'{key}' must be a list of strings")
    return value
