"""``offered_choices``: what the public deck alone says a night may offer a seat is a
bound on every decision a real deal brings (the server sizes its night frames by it)."""

import random

from onenight.rules import EDITIONS, NIGHT, PASS, Game, Setup, offered_choices


def test_every_decision_of_a_night_is_one_the_deck_allows_and_no_longer() -> None:
    rng = random.Random(21)
    for _ in range(300):
        ed = rng.choice(list(EDITIONS.values()))
        n = rng.randint(ed.min_players, min(ed.max_players, 8))
        roles = sorted(ed.roles)
        deck = [rng.choice(roles) for _ in range(n + ed.center)]
        try:
            game = Game(Setup.shuffled(ed.id, [f"p{i}" for i in range(n)], deck, rng.randrange(99)))
        except Exception:
            continue  # a deck the edition refuses (two Doppelgängers …)
        offered = offered_choices(deck, game.n, game.c)
        while game.phase == NIGHT and game.decision is not None:
            decision = game.decision
            chosen = [a for a in decision.choices if a != PASS]
            assert len(chosen) <= len(offered[decision.kind]), (ed.id, deck, decision.kind)
            game.apply(decision.seat, rng.choice(decision.choices))
