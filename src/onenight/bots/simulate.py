"""``onenight simulate``: many games of bots, across local cores or a Dask cluster.

Game ``i`` of a run is seeded by ``(seed, i)`` alone (its deal, its bots, its speaking
order), and a run's totals are integer counts summed over chunks of games, so the same
seed gives the same totals whatever the number of workers or machines.
"""

from __future__ import annotations

import importlib
import math
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from onenight.rules import Dealer, RulesError, Setup, default_deck, record, team_of
from onenight.rules import roles as R

from . import make_bot
from .base import Bot
from .play import Played, play

TEAMS = ("village", "werewolf", "tanner", "none")
CHUNK = 20


@dataclass(frozen=True)
class Spec:
    """What to simulate: the table, the deck and who plays each seat."""

    edition: str
    players: int
    deck: tuple[str, ...]
    village: str = "reasoner"
    wolves: str = "reasoner"
    seats: tuple[str, ...] = ()
    seed: int = 1
    #: Keep each game's record (``onenight.rules.record``) for ``--games-out``.
    record: bool = False

    def check(self) -> None:
        """ValueError (or InvalidSetup) with the reason unless the spec can be played."""
        Dealer(self.edition, self.names, self.deck)  # checks the deck (a workshop pool too)
        if self.seats and len(self.seats) != self.players:
            raise ValueError(f"--seats needs {self.players} levels, not {len(self.seats)}")
        for level in (self.village, self.wolves, *self.seats):
            make_bot(level, 0)

    @property
    def names(self) -> list[str]:
        return [f"p{i}" for i in range(self.players)]

    def level(self, seat: int, card: str) -> str:
        """The level of the bot in ``seat``, dealt ``card``."""
        if self.seats:
            return self.seats[seat]
        return self.wolves if team_of(card) == R.TEAM_WEREWOLF else self.village


@dataclass
class Tally:
    """Integer counts of a batch of games: they add up exactly, in any order."""

    games: int = 0
    outcome: Counter[str] = field(default_factory=Counter)
    team_wins: Counter[str] = field(default_factory=Counter)
    role_seats: Counter[str] = field(default_factory=Counter)
    role_wins: Counter[str] = field(default_factory=Counter)
    #: ``(game index, record)`` of each game when the spec asks for records: they add by
    #: concatenation, and :func:`simulate` writes them in game order.
    records: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.records.extend(other.records)
        self.outcome.update(other.outcome)
        self.team_wins.update(other.team_wins)
        self.role_seats.update(other.role_seats)
        self.role_wins.update(other.role_wins)


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` of a run seeded ``seed``."""
    return seed * 1_000_003 + i


def play_one(spec: Spec, i: int) -> Tally:
    """Game ``i`` of the run, as a tally of one."""
    seed = game_seed(spec.seed, i)
    setup = Setup.shuffled(spec.edition, spec.names, spec.deck, seed)
    levels = [spec.level(s, card) for s, card in enumerate(setup.cards)]
    bots: list[Bot] = [make_bot(level, f"{seed}:{s}") for s, level in enumerate(levels)]
    played = play(setup, bots, seed)
    result = played.game.result
    assert result is not None
    teams = {team_of(result.roles[s]) for s in result.winners}
    tally = Tally(games=1)
    tally.outcome[outcome(teams)] += 1
    tally.team_wins.update(teams)
    for s, card in enumerate(setup.cards):
        tally.role_seats[card] += 1
        tally.role_wins[card] += s in result.winners
    if spec.record:
        tally.records.append((i, game_record(record_config(spec, seed), played, levels)))
    return tally


def record_config(spec: Spec, seed: int) -> dict[str, Any]:
    """The config of a simulated game in the research ``Config.to_json()`` form: the
    simulator plays the rulebook (no rule switch): one speaking turn per seat in an
    order drawn from the game's seed, where a bot says all its claims (round 0)."""
    return {
        "name": "simulate",
        "edition": spec.edition,
        "players": spec.players,
        "deck": list(spec.deck),
        "rounds": 1,
        "speaking_order": "drawn",
        "lone_wolf_peek": True,
        "outcome": "rulebook",
        "abstain": False,
        "seer_center": "choose",
        "rewards": {"win": 1.0, "lose": -1.0, "draw": 0.0},
        "seed": seed,
    }


def game_record(config: dict[str, Any], played: Played, levels: Sequence[str]) -> dict[str, Any]:
    """A simulated game as a record, with the level that played each seat."""
    game = played.game
    assert game.result is not None
    talk = [(0, p.seat, p.claim.to_json()) for p in played.board]
    votes = [game.votes.get(s) for s in range(game.n)]
    ends = [game.end_role(game.board[s]) for s in range(game.n)]
    rec = record.game_record(config, game, talk, votes, record.result_json(game.result), ends)
    rec["agents"] = list(levels)
    return rec


def outcome(teams: set[str]) -> str:
    """The one outcome a game counts for: the winning team; ``none`` when nobody wins;
    when several teams win at once (a Tanner dies with a Werewolf), the first of
    village, werewolf, tanner."""
    for team in TEAMS[:3]:
        if team in teams:
            return team
    return "none"


def play_chunk(spec: Spec, start: int, stop: int) -> Tally:
    """Games ``start..stop-1`` of the run."""
    tally = Tally()
    for i in range(start, stop):
        tally.add(play_one(spec, i))
    return tally


def chunks(games: int, size: int = CHUNK) -> list[tuple[int, int]]:
    return [(a, min(a + size, games)) for a in range(0, games, size)]


# -- running -----------------------------------------------------------------------------


#: Plays games ``start..stop-1`` of a run described by ``spec`` (picklable, like it).
Work = Callable[[Any, int, int], Any]


def run_local(spec: Any, games: int, workers: int, work: Work = play_chunk) -> Iterator[Any]:
    """Chunks played in this process (one worker) or in a process pool. ``work`` plays a
    chunk (the simulator's by default; the research tournament passes its own)."""
    parts = chunks(games)
    if workers <= 1:
        for a, b in parts:
            yield work(spec, a, b)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(work, spec, a, b) for a, b in parts]
        for fut in futures:
            yield fut.result()


def dask_distributed() -> Any:
    """Dask's ``distributed`` module (the ``[sim]`` extra), or a RuntimeError that says how
    to install it."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise RuntimeError(
            "--scheduler needs Dask distributed: pip install 'onenight[sim]'"
        ) from None


def run_dask(spec: Any, games: int, scheduler: str, work: Work = play_chunk) -> Iterator[Any]:
    """Chunks played on a Dask distributed cluster (the ``[sim]`` extra)."""
    distributed = dask_distributed()
    with distributed.Client(scheduler) as client:
        parts = chunks(games)
        starts, stops = [a for a, _ in parts], [b for _, b in parts]
        futures = client.map(work, [spec] * len(parts), starts, stops, pure=False)
        for fut in distributed.as_completed(futures):
            yield fut.result()


def simulate(
    spec: Spec,
    games: int,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    games_out: str | Path | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and report the win rates (the ``--json`` object). With
    ``games_out``, every game is appended to that file as a record (JSON Lines), in
    game order whatever order the chunks come back in."""
    spec.check()
    if games_out is not None:
        spec = replace(spec, record=True)
    total = Tally()
    writer = _InOrder(games_out)
    start = time.perf_counter()
    if batched(spec):
        parts: Iterator[Tally] = run_batch(spec, games)
        workers = 1
    elif scheduler:
        parts = run_dask(spec, games, scheduler)
    else:
        parts = run_local(spec, games, workers)
    for tally in parts:
        writer.add(tally.records)
        tally.records = []
        total.add(tally)
        if progress is not None:
            progress(total.games)
    seconds = time.perf_counter() - start
    return report(spec, total, seconds, workers)


class _InOrder:
    """Appends records to a file in game order: a chunk that comes back early (from a
    Dask cluster) waits until the games before it are written."""

    def __init__(self, path: str | Path | None) -> None:
        self.path, self.next, self.waiting = path, 0, dict[int, dict[str, Any]]()

    def add(self, records: Sequence[tuple[int, dict[str, Any]]]) -> None:
        if self.path is None:
            return
        self.waiting.update(records)
        ready = []
        while self.next in self.waiting:
            ready.append(self.waiting.pop(self.next))
            self.next += 1
        record.write(self.path, ready)


def batched(spec: Spec) -> bool:
    """Whether every seat plays at random, no game is recorded and the batched engine plays
    the deck: then
    the games are played B at a time (``onenight.rules.batch``, numpy), one core."""
    levels = spec.seats or (spec.village, spec.wolves)
    # the batch keeps no game's history: a run that writes its games plays them one by one
    if spec.record or any(level != "random" for level in levels):
        return False
    try:
        import numpy  # noqa: F401  (the [research] extra)

        from onenight.rules.batch import BatchTable

        BatchTable(spec.edition, spec.players, spec.deck)
    except (ImportError, RulesError):
        return False
    return True


BATCH = 4096


def run_batch(spec: Spec, games: int) -> Iterator[Tally]:
    """The run's games in batches: a tally per batch. Reproducible from the seed, but
    not the games ``play_one`` would deal (another RNG): the same statistics, not the
    same games (``tests/bots/test_simulate_batch.py`` checks them against each other)."""
    import numpy as np

    from onenight.rules.batch import BatchTable
    from onenight.rules.batch_result import play_batch

    table = BatchTable(spec.edition, spec.players, spec.deck)
    team = [team_of(role) for role in R.ALL_ROLES]
    rng = np.random.default_rng(spec.seed)
    done = 0
    while done < games:
        size = min(BATCH, games - done)
        result = play_batch(table, size, rng)
        yield tally_batch(
            result.night.dealt.cards[:, : spec.players], result.end_roles, result.winners, team
        )
        done += size


def tally_batch(dealt: Any, end_roles: Any, won: Any, team: list[str]) -> Tally:
    """The tally of a batch of games (role codes, ``won[b, s]``), as ``play_one``'s."""
    import numpy as np

    tally = Tally(games=len(won))
    wins = {t: (won & (np.array([x == t for x in team])[end_roles])).any(axis=1) for t in TEAMS[:3]}
    left = np.ones(len(won), dtype=np.bool_)
    for t in TEAMS[:3]:  # the first winning team of village, werewolf, tanner
        tally.outcome[t] += int((wins[t] & left).sum())
        left &= ~wins[t]
        tally.team_wins[t] += int(wins[t].sum())
    tally.outcome["none"] += int(left.sum())
    for code in np.unique(dealt):
        held = dealt == code
        tally.role_seats[R.ALL_ROLES[code]] += int(held.sum())
        tally.role_wins[R.ALL_ROLES[code]] += int((held & won).sum())
    return tally


def report(spec: Spec, total: Tally, seconds: float, workers: int) -> dict[str, Any]:
    g = max(total.games, 1)
    roles = sorted(total.role_seats)
    return {
        "edition": spec.edition,
        "players": spec.players,
        "deck": list(spec.deck),
        "games": total.games,
        "seed": spec.seed,
        "levels": {"village": spec.village, "wolves": spec.wolves, "seats": list(spec.seats)},
        "win_rate": {t: total.outcome[t] / g for t in TEAMS},
        "ci95": {t: list(wilson(total.outcome[t], total.games)) for t in TEAMS},
        "team_wins": {t: total.team_wins[t] / g for t in TEAMS[:3]},
        "role_win_rate": {r: total.role_wins[r] / total.role_seats[r] for r in roles},
        "role_ci95": {r: list(wilson(total.role_wins[r], total.role_seats[r])) for r in roles},
        "role_seats": {r: total.role_seats[r] for r in roles},
        "seconds": seconds,
        "games_per_second": total.games / seconds if seconds > 0 else 0.0,
        "workers": workers,
    }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, mid - half), min(1.0, mid + half))


def parse_deck(edition: str, players: int, deck: str | None) -> tuple[str, ...]:
    """``--deck r,r,…`` (or the edition's default deck)."""
    if not deck:
        return tuple(default_deck(edition, players))
    return tuple(c.strip() for c in deck.split(",") if c.strip())


def text_report(rep: dict[str, Any]) -> str:
    """The report as a few lines for people."""
    lines = [
        f"{rep['edition']} {rep['players']} players, {rep['games']} games "
        f"(seed {rep['seed']}, village {rep['levels']['village']}, "
        f"wolves {rep['levels']['wolves']}): {rep['games_per_second']:.1f} games/s",
        f"deck: {', '.join(rep['deck'])}",
        f"{'team':<24} {'wins':>7}  95% CI",
    ]
    for team in TEAMS:
        low, high = rep["ci95"][team]
        lines.append(f"{team:<24} {rep['win_rate'][team]:>7.1%}  [{low:.1%}, {high:.1%}]")
    lines.append(f"{'dealt role':<24} {'wins':>7}  95% CI")
    for role, rate in rep["role_win_rate"].items():
        low, high = rep["role_ci95"][role]
        lines.append(f"{role:<24} {rate:>7.1%}  [{low:.1%}, {high:.1%}]")
    return "\n".join(lines)


def plot(rep: dict[str, Any], path: str) -> None:
    """Bar charts of the win rates per team and per dealt role, with their intervals."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'onenight[sim]'") from None
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    for ax, rates, cis, title in (
        (axes[0], rep["win_rate"], rep["ci95"], "per team"),
        (axes[1], rep["role_win_rate"], rep["role_ci95"], "per dealt role"),
    ):
        names = list(rates)
        values = [rates[k] for k in names]
        errors = [
            [v - cis[k][0] for k, v in zip(names, values, strict=True)],
            [cis[k][1] - v for k, v in zip(names, values, strict=True)],
        ]
        ax.bar(names, values, yerr=errors, capsize=4)
        ax.set_ylim(0, 1)
        ax.set_title(f"win rate {title}")
        ax.tick_params(axis="x", labelrotation=45)
    fig.suptitle(f"{rep['edition']}, {rep['players']} players, {rep['games']} games")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def levels(seats: str | None) -> tuple[str, ...]:
    return tuple(s.strip() for s in seats.split(",")) if seats else ()


__all__: Sequence[str] = ["Spec", "Tally", "plot", "simulate", "text_report", "wilson"]
