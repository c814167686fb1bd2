"""``onenight bench``: random complete games on one core, as fast as the engine goes.

Each game: a seeded deal, every night choice at random among the legal ones, a random
vote for every seat, and the winners. The random choices come from one seeded RNG, so
a run is reproducible.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from onenight.randomplay import play_random
from onenight.rules import Dealer, Game, Role, default_deck
from onenight.rules.play import play_games


def play_random_game(dealer: Dealer, rng: random.Random) -> Game:
    """One complete game with every choice drawn at random from the legal ones."""
    return play_random(Game(dealer.deal(rng)), rng)


def run_bench(
    edition: str,
    players: int,
    deck: Sequence[Role] | None = None,
    seconds: float = 3.0,
    seed: int = 1,
    progress: bool = False,
) -> dict[str, Any]:
    """Play games for ``seconds`` and report ``games_per_second`` and the rest."""
    cards = list(deck) if deck else default_deck(edition, players)
    names = [f"p{i}" for i in range(players)]
    dealer = Dealer(edition, names, cards)
    rng = random.Random(seed)
    for _ in range(200):  # warm the choice caches
        play_random_game(dealer, rng)
    games = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    bar = _progress(seconds) if progress else None
    elapsed = 0.0
    while elapsed < seconds:
        play_games(dealer, rng, 500)  # the same games as play_random_game's, in a C loop
        games += 500
        elapsed = clock() - start
        if bar is not None:
            bar(min(elapsed, seconds))
    del deadline
    if bar is not None:
        bar(None)
    return {
        "edition": edition,
        "players": players,
        "deck": cards,
        "games": games,
        "seconds": elapsed,
        "games_per_second": games / elapsed,
        "us_per_game": elapsed / games * 1e6,
    }


def run_batch_bench(
    edition: str,
    players: int,
    deck: Sequence[Role] | None = None,
    seconds: float = 3.0,
    seed: int = 1,
    batch: int = 4096,
    rounds: int = 3,
) -> dict[str, Any]:
    """Random complete games in batches of ``batch`` (``onenight.rules.batch``), and the
    one-game engine beside them in the same run: ``rounds`` alternating rounds of each,
    ``seconds`` in all per engine; ``games_per_second`` is the batch's (median round),
    ``engine_games_per_second`` the one-game engine's, ``speedup`` their ratio."""
    import numpy as np

    from onenight.rules.batch import BatchTable
    from onenight.rules.batch_result import play_batch

    cards = list(deck) if deck else default_deck(edition, players)
    table = BatchTable(edition, players, cards)  # NotBatched (a RulesError) if it cannot
    dealer = Dealer(edition, [f"p{i}" for i in range(players)], cards)
    rng, np_rng = random.Random(seed), np.random.default_rng(seed)
    play_batch(table, batch, np_rng)  # warm up both
    play_games(dealer, rng, 200)
    per_round = seconds / rounds
    clock = time.perf_counter
    batch_rates, engine_rates, games = [], [], 0
    for _ in range(rounds):
        start, done = clock(), 0
        while clock() - start < per_round:
            play_batch(table, batch, np_rng)
            done += batch
        batch_rates.append(done / (clock() - start))
        games += done
        start, done = clock(), 0
        while clock() - start < per_round:
            play_games(dealer, rng, 500)
            done += 500
        engine_rates.append(done / (clock() - start))
    rate, engine = sorted(batch_rates)[rounds // 2], sorted(engine_rates)[rounds // 2]
    return {
        "edition": edition,
        "players": players,
        "deck": cards,
        "batch": batch,
        "games": games,
        "seconds": seconds,
        "games_per_second": rate,
        "us_per_game": 1e6 / rate,
        "engine_games_per_second": engine,
        "speedup": rate / engine,
        "compiled": _compiled(),
    }


def _compiled() -> bool:
    """Whether the one-game engine here is the mypyc build."""
    from onenight.rules import game

    return not game.__file__.endswith(".py")


def run_all(seconds: float, seed: int = 1, progress: bool = False) -> list[dict[str, Any]]:
    """``run_bench`` for every edition at 5 players and at its most players."""
    from onenight.rules import EDITIONS

    return [
        run_bench(ed.id, n, None, seconds, seed, progress)
        for ed in EDITIONS.values()
        for n in (5, ed.max_players)
    ]


def _progress(total: float) -> Any:
    """A Rich progress bar over the run's seconds; call with ``None`` to close it."""
    from rich.progress import BarColumn, Progress, TimeRemainingColumn

    bar = Progress("[progress.description]{task.description}", BarColumn(), TimeRemainingColumn())
    task = bar.add_task("playing random games", total=total)
    bar.start()

    def update(done: float | None) -> None:
        if done is None:
            bar.stop()
        else:
            bar.update(task, completed=done)

    return update
