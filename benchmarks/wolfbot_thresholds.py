"""wolfbot's thresholds on its own terms: the `wolfbot-standard` preset's faithful rules
(one statement per player in seat order, wolfbot's outcome), one level for the seats
dealt a village card and one for the seats dealt a Werewolf, played through the
environment's game (research/arena.py). Prints the team win rates (95% Wilson).

    PYTHONPATH=src python benchmarks/wolfbot_thresholds.py --village reasoner \
        --wolves randclaim --games 600
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from onenight.bots import make_bot
from onenight.bots.simulate import game_seed, wilson
from onenight.research.actions import ActionTable
from onenight.research.arena import play_match
from onenight.research.config import make_config
from onenight.research.match import Match
from onenight.research.observation import Layout
from onenight.rules import EDITIONS, team_of


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--village", default="reasoner")
    ap.add_argument("--wolves", default="randclaim")
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--preset", default="wolfbot-standard")
    args = ap.parse_args()
    cfg = make_config(args.preset)
    table = ActionTable(
        cfg.deck, cfg.players, EDITIONS[cfg.edition].center, cfg.max_moved, cfg.abstain
    )
    layout = Layout(table, cfg.rounds)
    wins: Counter[str] = Counter()
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        match = Match(cfg, seed, table)
        levels = [
            args.village if team_of(card) == "village" else args.wolves
            for card in match.setup.cards
        ]
        bots = [make_bot(level, f"{seed}:{s}") for s, level in enumerate(levels)]
        play_match(match, layout, bots, ask_beliefs=False)
        assert match.outcome is not None
        wins[match.outcome.team or "none"] += 1
    n = args.games
    out = {
        "preset": args.preset,
        "village": args.village,
        "wolves": args.wolves,
        "games": n,
        # each team's share of the games won, with its 95% Wilson interval
        **{
            f"{t}_wins": [wins[t] / n, *wilson(wins[t], n)] for t in ("village", "werewolf", "none")
        },
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
