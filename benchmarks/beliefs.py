"""Belief quality of the ``reasoner`` on the village side against ``basic`` wolves: the
Brier score of its end-role beliefs about the other seats, and how often the seat it
finds likeliest to be a Werewolf is one.

    python benchmarks/beliefs.py [--deck jin|default] [--games 300]

Brier score: per other seat, sum over roles of (belief - truth)^2 (0 is perfect, a
uniform belief over k roles scores 1 - 1/k), averaged over seats, bots and games. The
top-wolf hit rate counts only the games where a Werewolf ends among the players.
"""

from __future__ import annotations

import argparse

from onenight.bots import make_bot, play
from onenight.bots.reasoner import ReasonerBot, wolf_probability
from onenight.bots.simulate import Spec, game_seed
from onenight.rules import WOLF_FAMILY, Setup, default_deck

JIN = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager")
JIN += ("insomniac",)


def brier(belief: dict[str, float], truth: str) -> float:
    roles = set(belief) | {truth}
    return sum((belief.get(r, 0.0) - (r == truth)) ** 2 for r in roles)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deck", default="jin")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    deck = JIN if args.deck == "jin" else tuple(default_deck("ultimate", 5))
    spec = Spec("ultimate", 5, deck, "reasoner", "basic", (), args.seed)
    scores: list[float] = []
    prior: list[float] = []
    hits = tops = 0
    for i in range(args.games):
        seed = game_seed(spec.seed, i)
        setup = Setup.shuffled("ultimate", spec.names, deck, seed)
        bots = [make_bot(spec.level(s, c), f"{seed}:{s}") for s, c in enumerate(setup.cards)]
        game = play(setup, bots, seed).game
        assert game.result is not None
        roles = game.result.roles
        for seat, bot in enumerate(bots):
            if not isinstance(bot, ReasonerBot) or not bot.beliefs:
                continue
            others = [s for s in range(5) if s != seat]
            uniform = {r: deck.count(r) / len(deck) for r in set(deck)}
            for s in others:
                scores.append(brier(bot.beliefs[s], roles[s]))
                prior.append(brier(uniform, roles[s]))
            if any(roles[s] in WOLF_FAMILY for s in others):
                p = wolf_probability(bot.beliefs)
                top = max(others, key=lambda s: p[s])
                tops += 1
                hits += roles[top] in WOLF_FAMILY
    print(f"reasoner village vs basic wolves, deck {','.join(deck)}, {args.games} games")
    print(
        f"Brier score of end-role beliefs: {sum(scores) / len(scores):.3f} "
        f"(deck-frequency prior: {sum(prior) / len(prior):.3f}; {len(scores)} beliefs)"
    )
    print(f"most likely Werewolf is one: {hits / tops:.1%} ({hits}/{tops})")


if __name__ == "__main__":
    main()
