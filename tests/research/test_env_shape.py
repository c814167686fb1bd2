"""What the environment's shape may not tell: the steps of the night follow the deck's
turn plan (rules/turns.py) whoever holds the cards; the public entry points; seeding,
rendering, ``state()`` and the documented sizes (issue 38, points 1-3)."""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import render_test

import onenight.research as research
from onenight.research import PRESETS, env, make_config, parallel_env
from onenight.research.actions import NOOP, ActionTable
from onenight.research.match import Match
from onenight.rules import EDITIONS, turn_plan

DOCS = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def public_steps(match: Match, rng: random.Random) -> list[tuple[object, ...]]:
    """Play a game with random legal choices; what every seat sees of each step: the
    stage, the night's clock and where the day stands (never who is to move at night)."""
    steps = []
    while match.phase != "end":
        steps.append((match.phase, match.turn, match.round, match.pos))
        match.step({s: rng.choice(match.legal(s)) for s in match.to_move()})
    return steps


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_deal_of_a_deck_has_the_same_steps_one_per_turn_of_the_plan(preset: str) -> None:
    cfg = make_config(preset)
    table = ActionTable(cfg.deck, cfg.players, EDITIONS[cfg.edition].center, cfg.max_moved)
    turns = len(turn_plan(cfg.edition, tuple(cfg.deck)).turns)
    # RULES.md §6: a turn for every turn of the deck's plan; then rounds of one claim
    # per seat; then the one simultaneous vote.
    want = [("night", t, 0, 0) for t in range(turns)]
    want += [("day", turns, r, p) for r in range(cfg.rounds) for p in range(cfg.players)]
    want += [("vote", turns, cfg.rounds, 0)]
    rng = random.Random(preset)
    seen = set()
    for deal in range(1000):
        seen.add(tuple(public_steps(Match(cfg, deal, table), rng)))
    assert seen == {tuple(want)}


def test_a_villager_sees_the_same_night_in_every_deal() -> None:
    """A seat that learns nothing at night (a Villager) gets the same observation at
    every night step of every deal: its steps and vectors carry nothing of the deal."""
    seen: set[tuple[bytes, ...]] = set()
    e = parallel_env("neurips2024")
    for seed in range(120):
        obs, _ = e.reset(seed=seed)
        villagers = [s for s in range(5) if e.match.setup.cards[s] == "villager"]
        if 0 not in villagers:
            continue
        night = []
        while e.match.phase == "night":
            night.append(obs["seat_0"]["observation"].tobytes())
            acts = {a: int(np.flatnonzero(obs[a]["action_mask"])[-1]) for a in e.agents}
            obs, *_ = e.step(acts)
        seen.add(tuple(night))
    assert len(seen) == 1 and len(next(iter(seen))) == len(e.match.game.turns)


def test_what_a_seat_learns_reaches_it_after_its_turn_not_before() -> None:
    e = parallel_env("neurips2024", speaking_order="seat")
    for seed in range(40):
        obs, infos = e.reset(seed=seed)
        m = e.match
        while m.phase == "night":
            for a in e.agents:
                for fact in infos[a]["view"].get("learned") or ():
                    assert fact["at"] < m.turn
            acts = {a: int(np.flatnonzero(obs[a]["action_mask"])[-1]) for a in e.agents}
            obs, _, _, _, infos = e.step(acts)


def test_the_documented_entry_points_work_twice_and_no_module_shadows_them() -> None:
    for mod in pkgutil.iter_modules(research.__path__):
        importlib.import_module(f"onenight.research.{mod.name}")
        assert mod.name not in research.__all__
    for _ in range(2):
        research.env("neurips2024").reset(seed=1)
        research.parallel_env("neurips2024").reset(seed=1)
        research.make_config("neurips2024")


def test_render_returns_text_in_ansi_and_none_in_human_mode() -> None:
    render_test(lambda render_mode=None: env("neurips2024", render_mode=render_mode))
    e = parallel_env("neurips2024", render_mode="ansi")
    e.reset(seed=2)
    assert "deal:" in e.render()


def deal_of(e: object) -> tuple[str, ...]:
    m = e.match  # type: ignore[attr-defined]
    return (*m.setup.cards, *m.setup.center, *m.order)


def test_unseeded_environments_deal_different_games() -> None:
    a, b = parallel_env("ultimate"), parallel_env("ultimate")
    deals_a, deals_b = [], []
    for _ in range(4):
        a.reset()
        b.reset()
        deals_a.append(deal_of(a))
        deals_b.append(deal_of(b))
    assert deals_a != deals_b


def test_the_games_after_a_seed_are_not_the_next_seeds_games() -> None:
    e = parallel_env("ultimate")
    after = []
    e.reset(seed=0)
    for _ in range(3):
        e.reset()
        after.append(deal_of(e))
    plain = []
    for s in (1, 2, 3):
        e.reset(seed=s)
        plain.append(deal_of(e))
    assert all(x != y for x in after for y in plain)
    # and a seed still gives its games again
    e.reset(seed=0)
    e.reset()
    assert deal_of(e) == after[0]


def test_state_has_every_seats_view_and_where_every_card_lies() -> None:
    e = parallel_env("wolfbot-standard")
    obs, _ = e.reset(seed=4)
    rng = np.random.default_rng(0)
    while e.agents:
        st = e.state()
        assert st.shape == e.state_space.shape and st.dtype == np.float32
        d = e.layout.size
        for s, a in enumerate(e.possible_agents):
            assert np.array_equal(st[s * d : (s + 1) * d], obs[a]["observation"])
        acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in e.agents}
        obs, *_ = e.step(acts)
    m, r = e.match, len(e.table.roles)
    cards = e.state()[7 * e.layout.size :].reshape(7 + 3, r)
    roles = [e.table.roles[i] for i in cards.argmax(axis=1)]
    assert cards.sum() == 10
    assert roles[:7] == list(m.game.result.roles) == m.end_roles()  # the seats' end roles


def documented_size(text: str, preset: str) -> int:
    found = re.search(rf"D is ([\d ]+) for `{re.escape(preset)}`", text.replace("\n", " "))
    assert found, f"docs/research.md gives no size for {preset}"
    return int(found.group(1).replace(" ", ""))


@pytest.mark.parametrize("preset", ["neurips2024", "wolfbot-standard"])
def test_the_documented_observation_size_is_the_environments(preset: str) -> None:
    e = parallel_env(preset)
    obs, _ = e.reset(seed=0)
    size = obs["seat_0"]["observation"].shape[0]
    assert size == documented_size(DOCS.read_text(), preset)
    # the table of parts in the docs, recounted from the deck
    t, n = e.table, e.config.players
    r, c = len(t.roles), t.c
    parts = n + r + 4 + 2 + (n + c) * r + 5 * n + n * r + n + len(t.night) + n * len(t.claims) + n
    assert size == parts
    assert NOOP == 0
