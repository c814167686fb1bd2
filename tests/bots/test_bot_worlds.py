"""The reasoner's sampler steers its deals and nights towards what the seat knows (the
shields on the table, the groups it saw wake, the cards it saw), and corrects for it
with importance weights. Steered or not, it must believe what plain rejection sampling
believes: a uniform deal and the model's night policy, kept when the seat would know
exactly what it knows."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from typing import Any

import pytest

from onenight.bots.story import honest_claims
from onenight.bots.worlds import Knowledge, Sampler, _acts, _draw, _key, _policy
from onenight.rules import Game, Setup
from onenight.rules.setup import draw_slots
from onenight.session.claims import IAm, Nothing, Saw, Swapped, Took

NAMES = ["ann", "bob", "cat", "dan", "eve"]


def seat_knowledge(cards: list[str], center: list[str], me: int, seed: int) -> Knowledge:
    """A night where everyone takes a seeded random legal choice (acting whenever they
    can); what seat ``me`` knows after it."""
    game = Game(Setup.fixed("ultimate", NAMES, cards, center))
    rng = random.Random(seed)
    done: list[tuple[int, dict[str, Any]]] = []
    while (d := game.decision) is not None:
        action = rng.choice(_acts(d.choices))
        if d.seat == me:
            done.append((d.turn, action.to_json()))
        game.apply(d.seat, action)
    game.end_day()
    return Knowledge(game.view(me), done)


def plain_world(
    know: Knowledge, rest: list[str], rng: random.Random
) -> tuple[list[str], Game] | None:
    """One world by plain rejection: a uniform deal around the seat's own card (``rest``:
    the other cards, shuffled here), the model's night policy (``_policy``), the seat's
    own choices as it made them; None when the seat would know otherwise than it does."""
    rng.shuffle(rest)
    dealt = [*rest[: know.seat], know.card, *rest[know.seat : know.n - 1]]
    center = rest[know.n - 1 :]
    slots = draw_slots(tuple(dealt), know.copies, rng)
    game = Game(Setup("ultimate", know.players, tuple(dealt), tuple(center), slots=slots))
    mine = iter(know.mine)
    while (d := game.decision) is not None:
        if d.seat == know.seat:
            action = next(mine, None)
            if action is None or action not in d.legal:
                return None
            game.apply(d.seat, action)
            continue
        acts, prior = _policy(d)
        u = rng.random()
        game.apply(d.seat, acts[_draw(prior, u) if prior else int(u * len(acts))])
    if next(mine, None) is not None or [_key(f) for f in game.facts[know.seat]] != know.facts:
        return None
    if [s for s in range(know.n) if game.shields >> s & 1] != know.shields:
        return None
    return dealt, game


def rejection_beliefs(know: Knowledge, draws: int, rng: random.Random) -> list[Counter[str]]:
    """Each seat's dealt card, by plain rejection (:func:`plain_world`)."""
    rest = list(know.cards)
    rest.remove(know.card)
    counts: list[Counter[str]] = [Counter() for _ in range(know.n)]
    for _ in range(draws):
        world = plain_world(know, rest, rng)
        if world is not None:
            for s, card in enumerate(world[0]):
                counts[s][card] += 1
    return counts


def sampler_beliefs(
    know: Knowledge, worlds: int, rng: random.Random
) -> tuple[list[dict[str, float]], float]:
    """Each seat's dealt card in the sampler's weighted worlds, and their effective
    number (Kish's: fewer than the worlds when the weights differ)."""
    sampler = Sampler(know, [[] for _ in range(know.n)])
    sample = sampler.sample(rng, worlds, worlds * 40)
    assert len(sample) == worlds
    out: list[dict[str, float]] = [defaultdict(float) for _ in range(know.n)]
    total = sum(w.weight for w in sample)
    for w in sample:
        for s, card in enumerate(w.setup.cards):
            out[s][card] += w.weight / total
    return out, total**2 / sum(w.weight**2 for w in sample)


DECK = ["sentinel", "doppelganger", "werewolf", "werewolf", "mason", "mason", "seer", "villager"]


@pytest.mark.parametrize(
    ("cards", "me", "seed"),
    [
        # A Sentinel and a Doppelgänger at the table: one shield, or two when she
        # copies the Sentinel; the werewolf sees its partner (or a Doppel-wolf).
        (["werewolf", "sentinel", "doppelganger", "mason", "seer"], 0, 1),
        (["werewolf", "sentinel", "doppelganger", "mason", "seer"], 0, 4),
        (["werewolf", "sentinel", "doppelganger", "mason", "seer"], 3, 2),
        # The Sentinel in the center: no shield, and a lone mason.
        (["werewolf", "villager", "doppelganger", "mason", "seer"], 3, 3),
        (["werewolf", "villager", "doppelganger", "mason", "seer"], 4, 5),
    ],
)
def test_steered_worlds_believe_what_rejection_believes(
    cards: list[str], me: int, seed: int
) -> None:
    center = list(DECK)
    for card in cards:
        center.remove(card)
    know = seat_knowledge(cards, center, me, seed)
    reference = rejection_beliefs(know, 60_000, random.Random(seed))
    kept = sum(reference[0].values())
    assert kept >= 200, kept  # enough plain draws fit to compare with
    steered, effective = sampler_beliefs(know, 3_000, random.Random(seed + 100))
    for s in range(know.n):
        for card in set(reference[s]) | set(steered[s]):
            p = reference[s][card] / kept
            # Both are estimates: 4.5 standard errors of their difference, at least 0.02.
            spread = max(p * (1 - p), 0.01) * (1 / kept + 1 / effective)
            tolerance = max(0.02, 4.5 * spread**0.5)
            assert steered[s].get(card, 0.0) == pytest.approx(p, abs=tolerance), (s, card)
    # And the sampler never believes a world the seat's knowledge rules out.
    assert steered[me] == {know.card: pytest.approx(1.0)}


def weighted_rejection_beliefs(
    know: Knowledge, sampler: Sampler, draws: int, rng: random.Random
) -> tuple[list[dict[str, float]], float]:
    """Each seat's dealt card by plain rejection (:func:`plain_world`), each kept world
    weighed by how likely it makes the claims (the model's ``Sampler.likelihood``); and
    the effective number of worlds."""
    rest = list(know.cards)
    rest.remove(know.card)
    sums: list[dict[str, float]] = [defaultdict(float) for _ in range(know.n)]
    total = squares = 0.0
    for _ in range(draws):
        world = plain_world(know, rest, rng)
        if world is None:
            continue
        dealt, game = world
        stories: list[list[Any]] = [[] for _ in range(know.n)]
        for turn, seat, item in game.night_log:
            stories[seat].append((turn, item))
        weight = 1.0
        for s in sampler.speakers:
            weight *= sampler.likelihood(s, dealt[s], stories[s], sampler.claims[s])
        for s, card in enumerate(dealt):
            sums[s][card] += weight
        total += weight
        squares += weight * weight
    return [{c: v / total for c, v in row.items()} for row in sums], total**2 / squares


JIN = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager"]


@pytest.mark.parametrize(
    ("claims", "seed"),
    [
        # A Seer who saw a Werewolf at a seat that says it is a Villager.
        ({1: [IAm("seer"), Saw(((3, "werewolf"),))], 3: [IAm("villager"), Nothing()]}, 7),
        # A Robber who took a Villager from a seat that says it was a Villager.
        ({2: [IAm("robber"), Took(4, "villager")], 4: [IAm("villager"), Nothing()]}, 8),
        # A Troublemaker who swapped two seats, one of which says it is a Villager.
        ({4: [IAm("troublemaker"), Swapped(1, 3)], 1: [IAm("villager"), Nothing()]}, 9),
    ],
)
def test_worlds_steered_by_claims_believe_what_weighted_rejection_believes(
    claims: dict[int, list[Any]], seed: int
) -> None:
    """The claims steer the deal (a claimed role, a card a claim names at a place when
    its claimant was dealt the role it claims) and the night (a claimed action): the
    weighted worlds must believe what plain rejection, weighed by the claims' likelihood,
    believes, seat by seat and card by card."""
    cards = ["villager", "seer", "robber", "werewolf", "troublemaker"]
    center = [*JIN, "insomniac"]
    for card in cards:
        center.remove(card)
    know = seat_knowledge(cards, center, 0, seed)
    board = [claims.get(s, []) for s in range(know.n)]
    reference, kept = weighted_rejection_beliefs(
        know, Sampler(know, board), 60_000, random.Random(seed)
    )
    assert kept >= 100, kept  # enough plain draws weigh in to compare with
    sampler = Sampler(know, board)
    sample = sampler.sample(random.Random(seed + 100), 4_000, 160_000)
    total = sum(w.weight for w in sample)
    effective = total**2 / sum(w.weight**2 for w in sample)
    for s in range(know.n):
        steered: dict[str, float] = defaultdict(float)
        for w in sample:
            steered[w.setup.cards[s]] += w.weight / total
        for card in set(reference[s]) | set(steered):
            p = reference[s].get(card, 0.0)
            spread = max(p * (1 - p), 0.01) * (1 / kept + 1 / effective)
            tolerance = max(0.02, 4.5 * spread**0.5)
            assert steered.get(card, 0.0) == pytest.approx(p, abs=tolerance), (s, card)


WOLFBOT = ["villager", "mason", "mason", "villager", "troublemaker", "seer", "villager"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_mason_draws_the_honest_deal_when_every_claim_is_true(seed: int) -> None:
    """wolfbot's 7-player deck, both Werewolves in the center, every player telling his
    night: a Mason's sampler (the reasoner's draws at 7 players) must draw the true deal.
    It did not (0 in 1 500 draws): seeing which seats woke as Masons leaned every other
    seat's card only to "not a Mason", never to the role it claimed, so the deals came
    out nearly uniform and the Russian roulette dropped almost all of them."""
    names = [f"p{i}" for i in range(7)]
    game = Game(Setup.fixed("ultimate", names, WOLFBOT, ["drunk", "werewolf", "werewolf"]))
    rng = random.Random(seed)
    done: list[tuple[int, dict[str, Any]]] = []
    while (d := game.decision) is not None:
        action = rng.choice(_acts(d.choices))
        if d.seat == 1:
            done.append((d.turn, action.to_json()))
        game.apply(d.seat, action)
    game.end_day()
    know = Knowledge(game.view(1), done)
    stories: list[list[Any]] = [[] for _ in range(7)]
    for turn, seat, item in game.night_log:
        stories[seat].append((turn, item))
    board = [honest_claims(s, WOLFBOT[s], stories[s]) for s in range(7)]
    sample = Sampler(know, board).sample(random.Random(seed), 100, 1_500, 15.0)
    true = [w.weight for w in sample if list(w.setup.cards) == WOLFBOT]
    assert true, "the honest deal was never drawn"


@pytest.mark.parametrize(
    ("claims", "seed"),
    [
        # The other seats claim roles outside the Masons: the deal leans to them.
        ({1: [IAm("seer"), Saw(((3, "villager"),))], 3: [IAm("villager"), Nothing()]}, 11),
        ({4: [IAm("troublemaker"), Swapped(1, 3)], 1: [IAm("villager"), Nothing()]}, 12),
        # A seat the Mason did not see wake claims the Mason: it lies.
        ({3: [IAm("mason"), Nothing()], 4: [IAm("villager"), Nothing()]}, 13),
    ],
)
def test_a_masons_worlds_steered_by_claims_believe_what_weighted_rejection_believes(
    claims: dict[int, list[Any]], seed: int
) -> None:
    """The lean of a Mason's sampler towards claimed roles only makes it draw better: its
    weighted worlds must believe what plain rejection, weighed by the claims, believes."""
    cards = ["mason", "seer", "mason", "villager", "troublemaker"]
    know = seat_knowledge(cards, ["werewolf", "werewolf", "villager"], 0, seed)
    board = [claims.get(s, []) for s in range(know.n)]
    reference, kept = weighted_rejection_beliefs(
        know, Sampler(know, board), 40_000, random.Random(seed)
    )
    assert kept >= 100, kept
    sample = Sampler(know, board).sample(random.Random(seed + 100), 4_000, 160_000)
    total = sum(w.weight for w in sample)
    effective = total**2 / sum(w.weight**2 for w in sample)
    for s in range(know.n):
        steered: dict[str, float] = defaultdict(float)
        for w in sample:
            steered[w.setup.cards[s]] += w.weight / total
        for card in set(reference[s]) | set(steered):
            p = reference[s].get(card, 0.0)
            spread = max(p * (1 - p), 0.01) * (1 / kept + 1 / effective)
            tolerance = max(0.02, 4.5 * spread**0.5)
            assert steered.get(card, 0.0) == pytest.approx(p, abs=tolerance), (s, card)
