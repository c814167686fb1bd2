"""The bodies of ``onenight simulate`` and ``onenight suggest`` (cli.py stays thin)."""

from __future__ import annotations

import gc
import json
import os
import time
from dataclasses import dataclass, replace

import typer

from onenight.rules import EDITIONS, RulesError

from . import balance
from .search import DEFAULT
from .simulate import Spec, levels, parse_deck, plot, simulate, text_report
from .suggest import suggest


def _workers(workers: int) -> int:
    return workers if workers > 0 else (os.cpu_count() or 1)


def _fail(reason: str) -> typer.Exit:
    typer.echo(f"error: {reason}", err=True)
    return typer.Exit(2)


def run_simulate(
    edition: str,
    players: int,
    deck: str | None,
    games: int,
    seed: int,
    village: str,
    wolves: str,
    seats: str | None,
    workers: int,
    scheduler: str | None,
    as_json: bool,
    plot_to: str | None,
    games_out: str | None = None,
) -> None:
    try:
        spec = Spec(
            edition,
            players,
            parse_deck(edition, players, deck),
            village,
            wolves,
            levels(seats),
            seed,
        )
        spec.check()
    except (RulesError, ValueError) as err:
        raise _fail(str(err)) from None
    if games < 1:
        raise _fail("--games must be at least 1")
    bar = None if as_json else _bar(games, "playing games")
    # What exists now (the modules, the command line's objects) outlives the games: out
    # of the way of the collector's full passes, which walked it all again and again
    # (about 6% of a run of reasoners); back in its care once the games are played.
    gc.freeze()
    try:
        step = bar.update if bar else None
        rep = simulate(spec, games, _workers(workers), scheduler, step, games_out)
        if plot_to:
            plot(rep, plot_to)
    except RuntimeError as err:
        raise _fail(str(err)) from None
    finally:
        gc.unfreeze()
        if bar is not None:
            bar.stop()
    typer.echo(json.dumps(rep, sort_keys=True) if as_json else text_report(rep))


@dataclass(frozen=True)
class SuggestArgs:
    """``onenight suggest``'s options (None: the default of the mode)."""

    edition: str | None
    players: int | None
    top: int
    games: int | None
    decks: int | None
    level: str
    seed: int
    workers: int | None
    scheduler: str | None
    as_json: bool
    live: bool


def run_suggest(args: SuggestArgs, refresh: bool = False) -> None:
    if refresh:
        run_refresh(args)
        return
    edition, players = args.edition or "ultimate", args.players or 5
    games, decks = args.games or 200, args.decks or 8
    table = not args.live and args.level == balance.LEVEL
    rows = balance.lookup(edition, players, args.top) if table else None
    if rows is None:  # measured now
        bar = None if args.as_json else _bar(decks, "measuring decks")
        step = (lambda done, total: bar.update(done)) if bar else None
        try:
            cores = _workers(args.workers or 0)
            rows = suggest(
                edition, players, args.top, games, decks, args.level, args.seed, cores, step
            )
        except (RulesError, ValueError) as err:
            raise _fail(str(err)) from None
        finally:
            if bar is not None:
                bar.stop()
    if args.as_json:
        typer.echo(json.dumps(rows, sort_keys=True))
        return
    for row in rows:
        low, high = row["ci95"]
        cards = ", ".join(f"{k}×{r}" if k > 1 else r for r, k in row["deck"].items())
        games_ = row.get("games", games)
        mark = "  even" if table and balance.even(row) else ""
        line = f"{row['village_win_rate']:6.1%} [{low:.1%}, {high:.1%}]  {cards}  ({games_}){mark}"
        typer.echo(line)
    if table and rows and not any(balance.even(r) for r in rows):
        closest = min(rows, key=lambda r: abs(r["village_win_rate"] - 0.5))
        typer.echo(f"none is even; the closest we found: {closest['village_win_rate']:.1%}")


def run_refresh(args: SuggestArgs) -> None:
    """Search every table size asked for and write the table, with a progress bar over
    the games (the most the search may play: a size that needs fewer jumps ahead)."""
    edition = None if args.edition in (None, "all") else args.edition
    if edition is not None and edition not in EDITIONS:
        raise _fail(f"no edition {edition!r} (known: {', '.join(EDITIONS)}, or all)")
    todo = [s for s in balance.sizes(edition) if args.players in (None, s[1])]
    if not todo:
        raise _fail(f"no table size of {args.edition or 'any edition'} for {args.players} players")
    if (args.games is not None and args.games < 1) or (args.decks is not None and args.decks < 1):
        raise _fail("--games and --decks must be at least 1")
    budget = replace(DEFAULT, games=args.games or DEFAULT.games, keep=args.decks or DEFAULT.keep)
    budget = replace(budget, screen=min(budget.screen, budget.games))
    workers = args.workers if args.workers and args.workers > 0 else 2
    bar = _GamesBar(budget.most() * len(todo))
    start = time.perf_counter()
    try:
        table = balance.refresh(
            budget,
            args.seed,
            workers,
            args.scheduler,
            edition,
            args.players,
            progress=bar.update,
        )
    except RuntimeError as err:
        raise _fail(str(err)) from None
    finally:
        bar.stop()
    cpu = sum(table["runs"][balance.key(e, n)]["cpu_seconds"] for e, n in todo)
    typer.echo(
        f"wrote {balance.table_path()}: {len(todo)} table sizes in "
        f"{time.perf_counter() - start:.0f} s ({cpu:.0f} CPU seconds, {workers} workers)"
    )


class _GamesBar:
    """A Rich progress bar over the games of a refresh, naming the table size."""

    def __init__(self, total: int) -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        columns = (BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
        self.progress = Progress("[progress.description]{task.description}", *columns)
        self.task = self.progress.add_task("searching decks", total=total)
        self.progress.start()

    def update(self, games: int, planned: int, what: str) -> None:
        self.progress.update(self.task, completed=games, total=planned, description=what)

    def stop(self) -> None:
        self.progress.stop()


class _Bar:
    """A Rich progress bar over a count."""

    def __init__(self, total: int, what: str) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        self.progress = Progress(f"[progress.description]{what}", *columns)
        self.task = self.progress.add_task(what, total=total)
        self.progress.start()

    def update(self, done: int) -> None:
        self.progress.update(self.task, completed=done)

    def stop(self) -> None:
        self.progress.stop()


def _bar(total: int, what: str) -> _Bar:
    return _Bar(total, what)
