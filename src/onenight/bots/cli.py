"""The bodies of ``onenight simulate`` and ``onenight suggest`` (cli.py stays thin)."""

from __future__ import annotations

import gc
import json
import os

import typer

from onenight.rules import EDITIONS, RulesError

from . import balance
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
        rep = simulate(spec, games, _workers(workers), scheduler, bar.update if bar else None)
        if plot_to:
            plot(rep, plot_to)
    except RuntimeError as err:
        raise _fail(str(err)) from None
    finally:
        gc.unfreeze()
        if bar is not None:
            bar.stop()
    typer.echo(json.dumps(rep, sort_keys=True) if as_json else text_report(rep))


def run_suggest(
    edition: str,
    players: int,
    top: int,
    games: int,
    decks: int,
    level: str,
    seed: int,
    workers: int,
    as_json: bool,
    live: bool = False,
    refresh: bool = False,
) -> None:
    if refresh:
        run_refresh(None if edition == "all" else edition, games, decks, seed, workers)
        return
    rows = None if live or level != balance.LEVEL else balance.lookup(edition, players, top)
    if rows is None:  # measured now
        bar = None if as_json else _bar(decks, "measuring decks")
        step = (lambda done, total: bar.update(done)) if bar else None
        try:
            cores = _workers(workers)
            rows = suggest(edition, players, top, games, decks, level, seed, cores, step)
        except (RulesError, ValueError) as err:
            raise _fail(str(err)) from None
        finally:
            if bar is not None:
                bar.stop()
    if as_json:
        typer.echo(json.dumps(rows, sort_keys=True))
        return
    for row in rows:
        low, high = row["ci95"]
        cards = ", ".join(f"{k}×{r}" if k > 1 else r for r, k in row["deck"].items())
        games_ = row.get("games", games)
        typer.echo(f"{row['village_win_rate']:6.1%} [{low:.1%}, {high:.1%}]  {cards}  ({games_})")


def run_refresh(edition: str | None, games: int, decks: int, seed: int, workers: int) -> None:
    if edition is not None and edition not in EDITIONS:
        raise _fail(f"no edition {edition!r} (known: {', '.join(EDITIONS)}, or all)")
    bar = _bar(len(balance.sizes(edition)), "measuring table sizes")
    try:
        balance.refresh(
            games, decks, seed, _workers(workers), edition, progress=lambda d, t: bar.update(d)
        )
    finally:
        bar.stop()
    typer.echo(f"wrote {balance.table_path()}")


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
