"""``onenight tournament``: agents against each other, in rotation over seats and roles,
with win rates, votes, claim truthfulness, belief scores and OpenSkill ratings.

Game ``i`` is deal ``i // A`` (A agents) with the agents rotated by ``i % A`` seats: each
agent plays each deal from each of the A rotations, so every agent meets the same cards.
Games are played in chunks by the simulator's runner (local processes or a Dask cluster:
:func:`onenight.bots.simulate.run_local` / ``run_dask``); a game depends on its index
alone, and the ratings are computed in game order afterwards, so a run's result does not
depend on the number of workers.
"""

from __future__ import annotations

import importlib
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from onenight.bots import LEVELS, Bot, make_bot
from onenight.bots.simulate import chunks, game_seed, run_dask, run_local, wilson
from onenight.bots.story import honest_claims
from onenight.rules import EDITIONS, WOLF_FAMILY, team_of
from onenight.session.claims import Claim, NoWerewolf, Think

from .actions import ActionTable, normalise
from .agents import PolicyBot
from .arena import play_match
from .config import Config, make_config
from .match import Match
from .observation import Layout
from .records import match_record

TEAMS = ("village", "werewolf", "tanner")

#: The published numbers a preset's report shows beside ours (docs/research.md).
ANCHORS: dict[str, list[str]] = {
    "neurips2024": [
        "Jin et al. (NeurIPS 2024), 120 released GPT-4 self-play games: village 70, "
        "werewolves 46, draw 4 (their outcome rule, outcome=jin2024)",
    ],
    "wolfbot-standard": [
        "wolfbot tests (standard_test.py): its village against random wolves > 80% "
        "(wolves < 20%); against reg wolves < 70% (wolves > 30%); against expectimax "
        "wolves < 60% (wolves > 40%)",
    ],
}
#: Resamples of the games for the ratings' bootstrap intervals.
BOOTSTRAP = 20


def resolve(name: str, rounds: int = 3) -> Callable[[int | str], Bot]:
    """A bot factory for an agent name: a level (``random``, ``basic``, ``reasoner``) or
    ``module:attr`` naming a Bot subclass or a policy (a callable, seated by PolicyBot)."""
    if ":" not in name:
        if name not in LEVELS:
            raise ValueError(f"no agent {name!r} (levels: {', '.join(LEVELS)}, or module:attr)")
        return lambda seed: make_bot(name, seed)
    module, _, attr = name.partition(":")
    try:
        obj: Any = importlib.import_module(module)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as err:
        raise ValueError(f"cannot load agent {name!r}: {err}") from None
    if isinstance(obj, type) and issubclass(obj, Bot):
        cls = obj
        return lambda seed: cls(seed)
    if callable(obj):
        return lambda seed: PolicyBot(seed, obj, rounds)
    raise ValueError(f"agent {name!r} is neither a Bot class nor a policy")


@dataclass(frozen=True)
class TournamentSpec:
    config: Config
    agents: tuple[str, ...]
    seed: int = 1
    #: Keep each game's record (:mod:`.records`) for ``--games-out``.
    record: bool = False

    def check(self) -> None:
        if not self.agents:
            raise ValueError("--agents needs at least one agent")
        for a in self.agents:
            resolve(a, self.config.rounds)(0)

    def seating(self, i: int) -> tuple[int, list[str]]:
        """Game ``i``'s deal number and the agent of each seat."""
        k = len(self.agents)
        deal, turn = divmod(i, k)
        return deal, [self.agents[(s + turn) % k] for s in range(self.config.players)]


@dataclass
class Records:
    """Per-game records of a chunk; they add by concatenation (sorted by game later)."""

    games: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: Records) -> None:
        self.games.extend(other.games)


def play_game(spec: TournamentSpec, i: int) -> dict[str, Any]:
    """Game ``i``: the environment's game (:mod:`.arena`), its rows per seat, and its
    record when the spec asks for one."""
    cfg = spec.config
    deal, seats = spec.seating(i)
    seed = game_seed(spec.seed, deal)
    center = EDITIONS[cfg.edition].center
    table = ActionTable(cfg.deck, cfg.players, center, cfg.max_moved, cfg.abstain)
    match = Match(cfg, seed, table)
    bots = [resolve(a, cfg.rounds)(f"{seed}:{i}:{s}") for s, a in enumerate(seats)]
    beliefs = play_match(match, Layout(table, cfg.rounds), bots)
    out = match.outcome
    assert out is not None
    roles, setup = match.end_roles(), match.setup
    stories: list[list[Any]] = [[] for _ in range(cfg.players)]
    for turn, s, item in match.game.night_log:
        stories[s].append((turn, item))
    received = [0] * cfg.players
    for t in match.ballots.values():
        if t is not None:
            received[t] += 1
    out_seats = []
    for s in range(cfg.players):
        honest = {normalise(c) for c in honest_claims(s, setup.cards[s], stories[s])}
        mine = [p.claim for p in match.board if p.seat == s]
        true = sum(claim_true(c, roles, honest) for c in mine)
        row: dict[str, Any] = {
            "agent": seats[s],
            "dealt": setup.cards[s],
            "team": team_of(roles[s]),  # the team at dawn (its end role's)
            "won": s in out.winners,
            "votes": received[s],
            "died": s in out.dead,
            "claims": len(mine),
            "true_claims": int(true),
        }
        if beliefs.get(s):
            row["brier"], row["top"] = score_beliefs(beliefs[s], roles)
        out_seats.append(row)
    # "winners": the winning team (at dawn: end roles), [] when nobody wins
    game = {"i": i, "deal": deal, "seats": out_seats, "winners": [out.team] if out.team else []}
    if spec.record:
        game["record"] = match_record(match, beliefs)
    return game


def claim_true(claim: Claim, roles: Sequence[str], honest: set[Claim]) -> bool:
    """An opinion is true when the game's end bears it out (the named seat ends as that
    role; nobody ends a Werewolf); a claim about the night, when it is the seat's honest
    claim."""
    if isinstance(claim, Think):
        return roles[claim.target] == claim.role
    if isinstance(claim, NoWerewolf):
        return not any(r in WOLF_FAMILY for r in roles)
    return normalise(claim) in honest


def score_beliefs(beliefs: Sequence[dict[str, float]], truth: Sequence[str]) -> tuple[float, float]:
    """Brier score (mean over seats of the squared error over roles) and the share of
    seats whose likeliest role is the true end role."""
    brier, top = 0.0, 0
    for belief, role in zip(beliefs, truth, strict=True):
        roles = set(belief) | {role}
        brier += sum((belief.get(r, 0.0) - (r == role)) ** 2 for r in roles)
        top += bool(belief) and max(belief, key=lambda r: (belief[r], r)) == role
    return brier / len(truth), top / len(truth)


def play_chunk(spec: TournamentSpec, start: int, stop: int) -> Records:
    return Records([play_game(spec, i) for i in range(start, stop)])


def tournament(
    spec: TournamentSpec,
    games: int,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and summarise them (the ``--json`` object)."""
    spec.check()
    total = Records()
    start = time.perf_counter()
    parts = (
        run_dask(spec, games, scheduler, play_chunk)
        if scheduler
        else run_local(spec, games, workers, play_chunk)
    )
    for rec in parts:
        total.add(rec)
        if progress is not None:
            progress(len(total.games))
    seconds = time.perf_counter() - start
    total.games.sort(key=lambda g: g["i"])
    out = summarise(spec, total.games, seconds, workers)
    if spec.record:
        out["records"] = [g.pop("record") for g in total.games]
    return out


def summarise(
    spec: TournamentSpec, games: list[dict[str, Any]], seconds: float, workers: int
) -> dict[str, Any]:
    count: dict[str, Any] = defaultdict(lambda: defaultdict(float))
    for g in games:
        for row in g["seats"]:
            agent = row["agent"]
            for key in (agent, f"{agent}|{row['team']}", f"{agent}|dealt:{row['dealt']}"):
                c = count[key]
                c["seats"] += 1
                c["wins"] += row["won"]
                c["votes"] += row["votes"]
                c["died"] += row["died"]
                c["claims"] += row["claims"]
                c["true_claims"] += row["true_claims"]
                if "brier" in row:
                    c["scored"] += 1
                    c["brier"] += row["brier"]
                    c["top"] += row["top"]

    def stats(c: dict[str, float]) -> dict[str, Any]:
        n = int(c["seats"])
        out: dict[str, Any] = {
            "seats": n,
            "win_rate": c["wins"] / n if n else 0.0,
            "ci95": list(wilson(int(c["wins"]), n)),
            "votes_received": c["votes"] / n if n else 0.0,
            "voted_out": c["died"] / n if n else 0.0,
            "claims": int(c["claims"]),
            "truthful": c["true_claims"] / c["claims"] if c["claims"] else None,
        }
        if c["scored"]:
            out["brier"] = c["brier"] / c["scored"]
            out["top_guess"] = c["top"] / c["scored"]
        return out

    agents = list(dict.fromkeys(spec.agents))
    per_agent = {}
    for a in agents:
        row = stats(count[a])
        row["teams"] = {t: stats(count[f"{a}|{t}"]) for t in TEAMS if count[f"{a}|{t}"]["seats"]}
        row["dealt"] = {
            k.split("|dealt:", 1)[1]: stats(c)
            for k, c in count.items()
            if k.startswith(f"{a}|dealt:")
        }
        per_agent[a] = row
    outcome: dict[str, int] = defaultdict(int)
    for g in games:
        outcome[g["winners"][0] if g["winners"] else "none"] += 1
    n = len(games)
    return {
        "config": spec.config.to_json(),
        "agents": agents,
        "games": n,
        "seed": spec.seed,
        "per_agent": per_agent,
        "team_win_rate": {t: outcome[t] / n if n else 0.0 for t in (*TEAMS, "none")},
        "team_ci95": {t: list(wilson(outcome[t], n)) for t in (*TEAMS, "none")},
        "ratings": ratings(games, agents),
        "rating_ci95": rating_intervals(games, agents, spec.seed),
        "head_to_head": head_to_head(games, agents),
        "switches": switches(spec.config),
        "anchors": ANCHORS.get(spec.config.name, []),
        "team_is": "the team at dawn (the seat's end role), which the night may change",
        "seconds": seconds,
        "games_per_second": n / seconds if seconds > 0 else 0.0,
        "workers": workers,
    }


def switches(cfg: Config) -> dict[str, Any]:
    """The rule switches the games were played under (docs/research.md, "Presets")."""
    return {
        "speaking_order": cfg.speaking_order,
        "rounds": cfg.rounds,
        "lone_wolf_peek": cfg.lone_wolf_peek,
        "outcome": cfg.outcome,
        "abstain": cfg.abstain,
        "seer_center": cfg.seer_center,
    }


def head_to_head(games: list[dict[str, Any]], agents: list[str]) -> dict[str, Any]:
    """For agents A and B: A's win rate over the pairs of seats where A and B ended on
    opposite teams (every such pair of a game counts once)."""
    tally: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for g in games:
        rows = g["seats"]
        for x in rows:
            for y in rows:
                if x is not y and x["agent"] != y["agent"] and x["team"] != y["team"]:
                    t = tally[(x["agent"], y["agent"])]
                    t[0] += x["won"]
                    t[1] += 1
    out: dict[str, Any] = {a: {} for a in agents}
    for (a, b), (won, pairs) in tally.items():
        out[a][b] = {"pairs": pairs, "win_rate": won / pairs}
    return out


def rating_intervals(games: list[dict[str, Any]], agents: list[str], seed: int) -> dict[str, Any]:
    """95% bootstrap intervals of each agent's rating μ: the ratings of ``BOOTSTRAP``
    resamples of the games (with replacement, in the drawn order)."""
    if not games:
        return {}
    rng = random.Random(f"{seed}:bootstrap")
    mus: dict[str, list[float]] = defaultdict(list)
    for _ in range(BOOTSTRAP):
        sample = [games[rng.randrange(len(games))] for _ in games]
        for a, r in ratings(sample, agents).items():
            mus[a].append(r["mu"])
    return {a: [float(q) for q in np.percentile(xs, [2.5, 97.5])] for a, xs in mus.items()}


def ratings(games: list[dict[str, Any]], agents: list[str]) -> dict[str, Any]:
    """OpenSkill (Plackett-Luce) ratings, overall and per team, in game order. Each game
    ranks its seats: winners first. An agent in several seats of a game moves by the
    mean of its seats' updates."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    table: dict[str, Any] = {}

    def rating(key: str) -> Any:
        if key not in table:
            table[key] = model.rating(name=key)
        return table[key]

    for g in games:
        for keyed in (lambda r: r["agent"], lambda r: f"{r['agent']}|{r['team']}"):
            keys = [keyed(r) for r in g["seats"]]
            ranks: list[float] = [0.0 if r["won"] else 1.0 for r in g["seats"]]
            if len(set(ranks)) < 2:
                continue  # everybody won or lost together: nothing to learn
            new = model.rate([[rating(k)] for k in keys], ranks=ranks)
            moves: dict[str, list[tuple[float, float]]] = defaultdict(list)
            for k, team in zip(keys, new, strict=True):
                moves[k].append((team[0].mu, team[0].sigma))
            for k, ms in moves.items():
                r = table[k]
                r.mu = sum(m for m, _ in ms) / len(ms)
                r.sigma = sum(s for _, s in ms) / len(ms)
    out: dict[str, Any] = {}
    for a in agents:
        r = rating(a)
        entry: dict[str, Any] = {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
        entry["teams"] = {
            t: {"mu": table[k].mu, "sigma": table[k].sigma, "ordinal": table[k].ordinal()}
            for t in TEAMS
            if (k := f"{a}|{t}") in table
        }
        out[a] = entry
    return out


def register_agents(names: Sequence[str]) -> None:
    """Make each ``module:attr`` name a bot level (``onenight simulate --seats``): a Bot
    subclass as it is, a policy through PolicyBot. Levels are left alone."""
    for name in names:
        if ":" in name and name not in LEVELS:
            LEVELS[name] = resolve(name)  # type: ignore[assignment]


def make_spec(
    agents: str, preset: str, seed: int, record: bool = False, **overrides: Any
) -> TournamentSpec:
    names = tuple(a.strip() for a in agents.split(",") if a.strip())
    return TournamentSpec(make_config(preset, **overrides), names, seed, record)


__all__ = ["Records", "TournamentSpec", "chunks", "make_spec", "play_chunk", "tournament"]
