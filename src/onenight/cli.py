"""The ``onenight`` command (Typer)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from onenight.server.command import serve

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="onenight: One Night Werewolf — rules engine, online play, bots.",
)


@app.command()
def resolve(
    file: Annotated[str, typer.Argument(help="A scenario file (FORMAT.md), or '-' for stdin.")],
) -> None:
    """Replay a scenario and print its result as JSON (exit 2 if it is not a legal game)."""
    from onenight.rules.scenario import ScenarioError
    from onenight.rules.scenario import resolve as resolve_scenario

    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        _refuse(f"cannot read {file}: {err}")
    try:
        scenario = json.loads(text)
    except ValueError as err:  # not JSON, or a number Python will not read
        _refuse(f"not JSON: {err}")
    except RecursionError:
        _refuse("not a scenario: JSON nested too deeply")
    try:
        result = resolve_scenario(scenario)
    except ScenarioError as err:
        _refuse(str(err))
    except RecursionError:
        _refuse("scenario nested too deeply")
    typer.echo(json.dumps(result, ensure_ascii=False, sort_keys=True))


def _refuse(reason: str) -> typer.Exit:
    typer.echo("illegal scenario: " + " ".join(reason.split()), err=True)
    raise typer.Exit(2)


@app.command()
def bench(
    edition: Annotated[str, typer.Option(help="ultimate, japanese, workshop or sans-carte")] = (
        "ultimate"
    ),
    players: Annotated[int, typer.Option(help="Number of players.")] = 10,
    deck: Annotated[
        str | None, typer.Option(help="Comma-separated roles (default: a rich deck).")
    ] = None,
    seconds: Annotated[float, typer.Option(help="How long to play.")] = 3.0,
    seed: Annotated[int, typer.Option(help="Seed of the random choices.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    every: Annotated[
        bool, typer.Option("--all", help="Every edition at 5 and at its most players.")
    ] = False,
    batch: Annotated[
        int | None,
        typer.Option(help="Play in batches of N (numpy), the one-game engine beside them."),
    ] = None,
) -> None:
    """Play random complete games on one core and print games per second."""
    from onenight.bench import run_all, run_batch_bench, run_bench
    from onenight.rules import RulesError

    if batch is not None:
        cards = [c.strip() for c in deck.split(",") if c.strip()] if deck else None
        try:
            report = run_batch_bench(edition, players, cards, seconds, seed, batch)
        except RulesError as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
        except ImportError:
            typer.echo("error: --batch needs numpy (pip install 'onenight[sim]')", err=True)
            raise typer.Exit(2) from None
        if as_json:
            typer.echo(json.dumps(report, sort_keys=True))
        else:
            typer.echo(
                f"{report['edition']} {report['players']} players, batches of {batch}: "
                f"{report['games_per_second']:,.0f} games/s; the one-game engine "
                f"({'compiled' if report['compiled'] else 'pure Python'}) "
                f"{report['engine_games_per_second']:,.0f} games/s: {report['speedup']:.1f}x"
            )
            typer.echo(f"deck: {', '.join(report['deck'])}")
        return
    if every:
        runs = run_all(seconds, seed, progress=not as_json)
        typer.echo(json.dumps({"runs": runs}, sort_keys=True) if as_json else _table(runs))
        return
    cards = [c.strip() for c in deck.split(",") if c.strip()] if deck else None
    try:
        report = run_bench(edition, players, cards, seconds, seed, progress=not as_json)
    except RulesError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(report, sort_keys=True))
    else:
        typer.echo(
            f"{report['edition']} {report['players']} players: {report['games']} games in "
            f"{report['seconds']:.2f} s = {report['games_per_second']:,.0f} games/s, "
            f"{report['us_per_game']:.1f} µs/game"
        )
        typer.echo(f"deck: {', '.join(report['deck'])}")


def _table(runs: list[dict[str, Any]]) -> str:
    lines = [f"{'edition':<11} {'players':>7} {'games/s':>9} {'µs/game':>8}  deck"]
    for r in runs:
        lines.append(
            f"{r['edition']:<11} {r['players']:>7} {r['games_per_second']:>9,.0f} "
            f"{r['us_per_game']:>8.1f}  {len(set(r['deck']))} roles"
        )
    return "\n".join(lines)


@app.command()
def script(
    edition: Annotated[str, typer.Option(help="ultimate, japanese, workshop or sans-carte")],
    deck: Annotated[str, typer.Option(help="Comma-separated roles, one per card.")],
    lang: Annotated[str, typer.Option(help="en, fr or ja")] = "en",
    players: Annotated[int | None, typer.Option(help="Players (default: deck less center).")] = (
        None
    ),
) -> None:
    """Print the table narrator's night script for a deck, one spoken line per line."""
    from onenight.narration import night_script, table_calls
    from onenight.rules import RulesError

    cards = [c.strip() for c in deck.split(",") if c.strip()]
    try:
        table_calls(edition, cards, players)
        lines = night_script(edition, cards, lang).lines()
    except RulesError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    typer.echo("\n".join(lines))


@app.command()
def simulate(
    edition: Annotated[str, typer.Option(help="ultimate, japanese, workshop or sans-carte")] = (
        "ultimate"
    ),
    players: Annotated[int, typer.Option(help="Number of players.")] = 5,
    deck: Annotated[str | None, typer.Option(help="Comma-separated roles (default deck).")] = None,
    games: Annotated[int, typer.Option(help="Games to play.")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the run (deals, bots, speakers).")] = 1,
    village: Annotated[str, typer.Option(help="Level of village-team seats.")] = "reasoner",
    wolves: Annotated[str, typer.Option(help="Level of werewolf-team seats.")] = "reasoner",
    seats: Annotated[
        str | None, typer.Option(help="A level (or module:attr agent) per seat: L,L,… .")
    ] = None,
    workers: Annotated[int, typer.Option(help="Local worker processes.")] = 0,
    scheduler: Annotated[
        str | None, typer.Option(help="A Dask scheduler, tcp://HOST:PORT (the \\[sim] extra).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: Annotated[str | None, typer.Option(help="Draw the win rates to FILE.png.")] = None,
    games_out: Annotated[
        str | None,
        typer.Option(help="Append every game to FILE as JSON Lines (onenight research load)."),
    ] = None,
) -> None:
    """Play many games of bots and print the win rates per team and per role (95% CI)."""
    from onenight.bots.cli import run_simulate

    names = [village, wolves, *(seats or "").split(",")]
    if any(":" in n for n in names):  # module:attr agents, as the tournament seats them
        from onenight.research.cli import register_agents

        register_agents([n.strip() for n in names if n.strip()])

    run_simulate(
        edition,
        players,
        deck,
        games,
        seed,
        village,
        wolves,
        seats,
        workers,
        scheduler,
        as_json,
        plot,
        games_out,
    )


@app.command()
def suggest(
    edition: Annotated[
        str | None,
        typer.Option(
            help="ultimate, japanese, workshop or sans-carte (default ultimate; "
            "with --refresh: every edition, or 'all')."
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(help="Number of players (default 5; with --refresh: every table size)."),
    ] = None,
    top: Annotated[int, typer.Option(help="How many decks to propose.")] = 3,
    games: Annotated[
        int | None,
        typer.Option(help="Games per deck (--live: 200; --refresh: every kept deck, 400)."),
    ] = None,
    decks: Annotated[
        int | None,
        typer.Option(help="--live: candidate decks (8); --refresh: decks kept per size (10)."),
    ] = None,
    level: Annotated[str, typer.Option(help="Bot level in every seat.")] = "reasoner",
    seed: Annotated[int, typer.Option(help="Seed of the runs.")] = 1,
    workers: Annotated[
        int | None,
        typer.Option(help="Local worker processes (default: the cores; --refresh: 2)."),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(help="--refresh: a Dask scheduler, tcp://HOST:PORT (the \\[sim] extra)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    live: Annotated[
        bool, typer.Option("--live", help="Measure now instead of reading the shipped table.")
    ] = False,
    refresh: Annotated[
        bool,
        typer.Option(
            "--refresh",
            help="Search decks for every table size (of --edition, of --players) and write "
            "the shipped table (onenight/bots/balance.json).",
        ),
    ] = False,
) -> None:
    """Propose the most balanced decks (village win rate nearest 50%, reasoner bots in
    every seat): from the shipped table, or measured now (--live, another --level, or a
    table size it lacks); --refresh searches and remakes the table."""
    from onenight.bots.cli import SuggestArgs, run_suggest

    run_suggest(
        SuggestArgs(
            edition, players, top, games, decks, level, seed, workers, scheduler, as_json, live
        ),
        refresh,
    )


@app.command()
def tournament(
    agents: Annotated[
        str, typer.Option(help="Agents: random, basic, reasoner or module:attr, comma-separated.")
    ] = "random,basic,reasoner",
    preset: Annotated[
        str, typer.Option(help="neurips2024, wolfbot-standard or an edition's name.")
    ] = "neurips2024",
    games: Annotated[int, typer.Option(help="Games to play (a multiple of the agents).")] = 300,
    seed: Annotated[int, typer.Option(help="Seed of the run.")] = 1,
    workers: Annotated[int, typer.Option(help="Local worker processes.")] = 0,
    scheduler: Annotated[
        str | None, typer.Option(help="A Dask scheduler, tcp://HOST:PORT (the \\[sim] extra).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    report: Annotated[
        str | None, typer.Option(help="Write an HTML report (and result.json) into DIR.")
    ] = None,
    games_out: Annotated[
        str | None, typer.Option(help="Write every game as JSON Lines to FILE.")
    ] = None,
) -> None:
    """Agents against each other in rotation over seats and roles: win rates (95% CI),
    votes, claim truthfulness, belief scores, OpenSkill ratings (the \\[research] extra)."""
    from onenight.research.cli import run_tournament

    run_tournament(agents, preset, games, seed, workers, scheduler, as_json, report, games_out)


app.command()(serve)

research_app = typer.Typer(no_args_is_help=True, help="Research tools (the \\[research] extra).")
app.add_typer(research_app, name="research")


@research_app.command("load")
def research_load(
    files: Annotated[list[str], typer.Argument(help="JSON Lines files of games.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Replay recorded games through the engine and check every result."""
    from onenight.research.cli import run_load

    run_load(files, as_json)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
