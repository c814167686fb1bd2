"""The PettingZoo environments: PettingZoo's own tests, seeding, masks from the engine,
the day's rounds, rewards by team, presets."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test

from onenight.research import PRESETS, env, make_config, parallel_env
from onenight.research.actions import NOOP
from onenight.research.environment import match_seed
from onenight.rules import Game, Setup


def random_game(e, seed: int, rng_seed: int = 0) -> list[dict[str, int]]:
    """Play a game with masked random actions; the actions sent, step by step."""
    obs, _ = e.reset(seed=seed)
    rng = np.random.default_rng(rng_seed)
    sent = []
    while e.agents:
        acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in e.agents}
        sent.append(acts)
        obs, *_ = e.step(acts)
    return sent


@pytest.mark.parametrize("preset", ["neurips2024", "wolfbot-standard", "ultimate"])
def test_pettingzoo_api_tests_pass(preset: str) -> None:
    parallel_api_test(parallel_env(preset), num_cycles=60)
    api_test(env(preset), num_cycles=60)


def test_pettingzoo_seed_tests_pass() -> None:
    seed_test(lambda: env("neurips2024"), num_cycles=40)
    parallel_seed_test(lambda: parallel_env("neurips2024"), num_cycles=40)


def test_pettingzoo_max_cycles_test_passes() -> None:
    mod = types.ModuleType("onenight_research_under_test")
    mod.env = lambda **kw: env("neurips2024", **kw)
    mod.parallel_env = lambda **kw: parallel_env("neurips2024", **kw)
    sys.modules[mod.__name__] = mod
    max_cycles_test(mod)


def test_the_same_seed_and_actions_give_the_same_game_and_another_seed_another() -> None:
    a, b = parallel_env("wolfbot-standard"), parallel_env("wolfbot-standard")
    random_game(a, seed=7)
    random_game(b, seed=7)
    assert a.render() == b.render()
    random_game(b, seed=8)
    assert a.render() != b.render()


def test_the_night_mask_is_the_engines_legal_choices_and_others_may_only_wait() -> None:
    e = parallel_env("ultimate")
    obs, infos = e.reset(seed=5)
    m = e.match
    checked = 0
    while m.phase == "night":
        d = m.game.decision
        mover = d.seat if d is not None and d.turn == m.turn else None
        for s in range(e.config.players):
            if s != mover:
                assert list(np.flatnonzero(obs[f"seat_{s}"]["action_mask"])) == [NOOP]
        acts = dict.fromkeys(e.agents, NOOP)
        if mover is not None:
            mask = obs[f"seat_{mover}"]["action_mask"]
            legal = {e.table.decode(int(i))[1] for i in np.flatnonzero(mask)}
            assert legal == set(m.game.legal(mover))
            assert infos[f"seat_{mover}"]["view"]["decision"]["kind"] == d.kind
            acts[f"seat_{mover}"] = int(np.flatnonzero(mask)[-1])
            checked += 1
        obs, _, _, _, infos = e.step(acts)
    assert checked >= 2


def test_day_is_rounds_of_one_claim_per_seat_in_the_drawn_order_then_a_vote() -> None:
    e = parallel_env("ultimate", rounds=2)
    obs, _ = e.reset(seed=11)
    m = e.match
    while m.phase == "night":
        obs, *_ = e.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in e.agents})
    speakers = []
    nothing = next(c for c in e.table.claims if c.to_json()["type"] == "nothing")
    say = e.table.claim_index[nothing]
    while m.phase == "day":
        (seat,) = m.to_move()
        speakers.append(seat)
        say = e.table.claim_index[
            next(c for c in e.table.claims if c.to_json()["type"] == "nothing")
        ]
        obs, *_ = e.step({a: say if a == f"seat_{seat}" else NOOP for a in e.agents})
    assert speakers == m.order * 2
    assert sorted(m.order) == list(range(5)) and len(m.board) == 10
    assert m.to_move() == list(range(5))  # everyone votes at once
    order_again = parallel_env("ultimate", rounds=2)
    order_again.reset(seed=11)
    assert order_again.match.order == m.order


def test_rewards_follow_the_winning_team_and_are_configurable() -> None:
    for preset in ("neurips2024", "ultimate"):
        e = parallel_env(preset, win=2.0, lose=-0.5)
        for seed in range(6):
            random_game(e, seed)
            out = e.match.outcome
            got = e.match.rewards()
            want = [2.0 if s in out.winners else -0.5 for s in range(5)]
            assert got == (want if out.team else [0.0] * 5)
            if preset == "ultimate":  # the rulebook: the engine's result
                assert out.winners == frozenset(e.match.game.result.winners)


def test_illegal_actions_fall_back_or_raise() -> None:
    def first_choice(e):  # noop through the night's turns where nobody chooses
        e.reset(seed=1)
        while not e.match.to_move():
            e.step(dict.fromkeys(e.agents, NOOP))
        return e.match.to_move()[0]

    e = parallel_env("neurips2024")
    seat = first_choice(e)
    vote = e.table.vote_index(0)
    _, _, _, _, infos = e.step({f"seat_{seat}": vote})
    assert infos[f"seat_{seat}"]["illegal_action"] is True
    strict = parallel_env("neurips2024", illegal="raise")
    first_choice(strict)
    with pytest.raises(ValueError, match="not legal"):
        strict.step({f"seat_{strict.match.to_move()[0]}": vote})


def test_presets() -> None:
    n = make_config("neurips2024")
    assert (n.players, n.rounds, sorted(n.deck)) == (
        5,
        3,
        sorted(
            ["werewolf"] * 2 + ["seer", "robber", "troublemaker", "insomniac"] + ["villager"] * 2
        ),
    )
    w = make_config("wolfbot-standard")
    assert w.players == 7 and sorted(w.deck) == sorted(
        ["villager"] * 3
        + ["seer", "werewolf", "werewolf", "troublemaker", "mason", "mason", "drunk"]
    )
    for edition in ("ultimate", "japanese", "workshop", "sans-carte"):
        assert edition in PRESETS
        random_game(parallel_env(edition), seed=2)
    assert make_config("neurips2024", players=6).players == 6  # the default deck for 6


def test_variant_without_the_lone_wolf_look_never_asks_for_it() -> None:
    asked = {True: 0, False: 0}
    for peek in (True, False):
        e = parallel_env("neurips2024", lone_wolf_peek=peek)
        for seed in range(40):
            obs, infos = e.reset(seed=seed)
            while e.match.phase == "night":
                for a in e.agents:
                    d = infos[a]["view"]["decision"]
                    asked[peek] += bool(d and d["kind"] == "lone_peek")
                obs, _, _, _, infos = e.step(
                    {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in e.agents}
                )
    assert asked[True] > 0 and asked[False] == 0


def test_observation_encodes_what_the_seat_learned_and_the_board() -> None:
    e = parallel_env("neurips2024", speaking_order="seat")
    obs, _ = e.reset(seed=3)
    lay = e.layout
    m = e.match
    card = m.setup.cards[0]
    vec = obs["seat_0"]["observation"]
    assert vec[lay.slices["seat"]][0] == 1
    assert vec[lay.slices["card"]][lay.role_index[card]] == 1
    while m.phase == "night":
        obs, *_ = e.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in e.agents})
    claim = e.table.claim_index[
        next(c for c in e.table.claims if c.to_json() == {"type": "i_am", "role": "seer"})
    ]
    obs, *_ = e.step({"seat_0": claim, **{f"seat_{s}": NOOP for s in range(1, 5)}})
    board = obs["seat_3"]["observation"][lay.slices["board"]]
    assert board[claim - e.table.claim_start] == 1 and board.sum() == 1
    assert obs["seat_3"]["observation"].shape == (lay.size,)


def test_setup_matches_the_engine_deal() -> None:
    e = parallel_env("wolfbot-standard")
    e.reset(seed=9)
    deal = match_seed(9, 0)
    assert e.match.setup == Setup.shuffled("ultimate", e.match.names, list(e.config.deck), deal)
    assert isinstance(e.match.game, Game)
