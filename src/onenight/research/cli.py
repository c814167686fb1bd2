"""The body of ``onenight tournament`` (cli.py stays thin). Its own dependencies (the
``[research]`` extra) are imported when it runs, so that a missing one is a clear message."""

from __future__ import annotations

import importlib
import json

import typer

from onenight.bots.cli import _bar, _fail, _workers
from onenight.rules import RulesError


def run_tournament(
    agents: str,
    preset: str,
    games: int,
    seed: int,
    workers: int,
    scheduler: str | None,
    as_json: bool,
    report: str | None,
    games_out: str | None = None,
) -> None:
    """The body of ``onenight tournament``."""
    try:
        tour = importlib.import_module("onenight.research.tournament")
        rep_mod = importlib.import_module("onenight.research.report")
        importlib.import_module("openskill")
        importlib.import_module("matplotlib")
    except ImportError as err:
        raise _fail(
            f"tournament needs the [research] extra ({err.name}): pip install 'onenight[research]'"
        ) from None
    try:
        spec = tour.make_spec(agents, preset, seed, record=bool(games_out))
        spec.check()
    except (RulesError, ValueError) as err:
        raise _fail(str(err)) from None
    if games < 1:
        raise _fail("--games must be at least 1")
    if games % len(spec.agents):
        k = len(spec.agents)
        raise _fail(
            f"--games must be a multiple of the {k} agents (each deal is played from every "
            f"rotation): {games - games % k or k} or {games - games % k + k}"
        )
    bar = None if as_json else _bar(games, "playing games")
    try:
        rep = tour.tournament(
            spec, games, _workers(workers), scheduler, bar.update if bar else None
        )
    except RuntimeError as err:
        raise _fail(str(err)) from None
    finally:
        if bar is not None:
            bar.stop()
    games_list = rep.pop("records", None)
    if games_out and games_list is not None:
        from onenight.research.records import write

        write(games_out, games_list)
    if report:
        rep_mod.write_report(rep, report)
    typer.echo(json.dumps(rep, sort_keys=True) if as_json else rep_mod.text_report(rep))


def run_load(files: list[str], as_json: bool) -> None:
    """The body of ``onenight research load``: replay every record through the engine;
    exit 1 when one does not check out."""
    from onenight.research.records import read, replay

    checked, bad = 0, list[str]()
    for name in files:
        try:
            for k, rec in enumerate(read(name), 1):
                checked += 1
                bad.extend(f"{name}:{k}: {p}" for p in replay(rec))
        except (OSError, json.JSONDecodeError) as err:
            raise _fail(f"{name}: {err}") from None
    if as_json:
        typer.echo(json.dumps({"games": checked, "problems": bad}))
    else:
        for line in bad:
            typer.echo(line)
        typer.echo(f"{checked} games replayed, {len(bad)} problems")
    if bad:
        raise typer.Exit(1)


def register_agents(names: list[str]) -> None:
    """``module:attr`` agents as bot levels, for ``onenight simulate --seats``."""
    try:
        tour = importlib.import_module("onenight.research.tournament")
        tour.register_agents(names)
    except ImportError as err:
        raise _fail(f"module:attr agents need the [research] extra ({err.name})") from None
    except ValueError as err:
        raise _fail(str(err)) from None
