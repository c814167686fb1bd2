"""Policies and bots are interchangeable: a function, an LLM adapter, bots in the env."""

from __future__ import annotations

import numpy as np

from onenight.bots import ReasonerBot, make_bot
from onenight.bots.play import play
from onenight.bots.simulate import Spec, simulate
from onenight.research import parallel_env
from onenight.research.agents import (
    BotPolicy,
    PolicyBot,
    honest_agent,
    parse_json,
    register_level,
)
from onenight.research.llm import LLMAgent
from onenight.research.tournament import make_spec as tour_spec
from onenight.research.tournament import play_game
from onenight.rules import Setup


def test_a_plain_function_plays_whole_games_as_a_bot_and_tells_its_dealt_card() -> None:
    setup = Setup.shuffled(
        "ultimate",
        [f"p{i}" for i in range(5)],
        [
            "werewolf",
            "werewolf",
            "seer",
            "robber",
            "troublemaker",
            "insomniac",
            "villager",
            "villager",
        ],
        4,
    )
    bots = [PolicyBot(f"x{s}", honest_agent) for s in range(5)]
    played = play(setup, bots, 4)
    assert played.game.result is not None
    said = {p.seat: p.claim.to_json() for p in played.board}
    assert said == {s: {"type": "i_am", "role": setup.cards[s]} for s in range(5)}


def test_a_registered_policy_is_a_level_the_simulator_seats() -> None:
    register_level("honest-fn", honest_agent)
    assert isinstance(make_bot("honest-fn", 1), PolicyBot)
    spec = Spec(
        "ultimate",
        5,
        (
            "werewolf",
            "werewolf",
            "seer",
            "robber",
            "troublemaker",
            "insomniac",
            "villager",
            "villager",
        ),
        seats=("honest-fn", "basic", "honest-fn", "random", "basic"),
    )
    rep = simulate(spec, 20, workers=1)
    assert rep["games"] == 20


def test_bots_play_in_the_environment_through_bot_policy() -> None:
    e = parallel_env("neurips2024")
    obs, infos = e.reset(seed=2)
    seats = [BotPolicy(make_bot("basic", f"b{s}"), e.table) for s in range(5)]
    while e.agents:
        acts = {a: seats[int(a[5:])](obs[a], infos[a]) for a in e.agents}
        for a, i in acts.items():
            assert obs[a]["action_mask"][i] == 1  # every answer is legal
        obs, _, _, _, infos = e.step(acts)
    assert e.match.game.result is not None
    assert len(e.match.board) >= 5  # each basic bot says at least its role


def test_llm_adapter_renders_the_view_and_parses_answers_with_a_stub_model() -> None:
    answers = iter(['Sure! {"type": "i_am", "role": "seer"}'] * 100)

    def model(text: str) -> str:
        if "Vote:" in text:
            return 'I vote {"type": "vote", "target": 0}'
        if "Your night action" in text:
            return text.splitlines()[-1].strip()  # the last choice listed
        return next(answers)

    agent = LLMAgent(model)
    setup = Setup.shuffled(
        "ultimate",
        [f"p{i}" for i in range(5)],
        [
            "werewolf",
            "werewolf",
            "seer",
            "robber",
            "troublemaker",
            "insomniac",
            "villager",
            "villager",
        ],
        9,
    )
    bots = [PolicyBot(f"l{s}", agent, rounds=1) for s in range(5)]
    played = play(setup, bots, 9)
    assert all(p.claim.to_json() == {"type": "i_am", "role": "seer"} for p in played.board)
    assert len(played.board) == 5
    votes = played.game.result.votes
    assert all(t == 0 for s, t in enumerate(votes) if s != 0)
    assert any("You were dealt" in p and "said:" in p for p in agent.prompts)
    assert parse_json("no json here") is None


def test_tournament_rotates_agents_over_seats_and_scores_beliefs() -> None:
    spec = tour_spec("random,reasoner", "neurips2024", 3)
    g0, g1 = play_game(spec, 0), play_game(spec, 1)
    assert g0["deal"] == g1["deal"]  # the same cards, the agents moved one seat
    assert [r["agent"] for r in g0["seats"]] == ["random", "reasoner"] * 2 + ["random"]
    assert [r["agent"] for r in g1["seats"]] == ["reasoner", "random"] * 2 + ["reasoner"]
    assert [r["dealt"] for r in g0["seats"]] == [r["dealt"] for r in g1["seats"]]
    scored = [r for r in g0["seats"] + g1["seats"] if "brier" in r]
    assert scored and all(r["agent"] == "reasoner" for r in scored)
    assert all(0 <= r["brier"] <= 2 and 0 <= r["top"] <= 1 for r in scored)


def test_reasoner_beliefs_are_a_distribution_per_seat() -> None:
    e = parallel_env("neurips2024")
    obs, _ = e.reset(seed=5)
    while e.match.phase == "night":
        obs, *_ = e.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in e.agents})
    bot = ReasonerBot("r")
    m = e.match
    seat = 0
    bot.done = m.done[seat]
    beliefs = bot.beliefs(m.game.view(seat), ())
    assert len(beliefs) == 5
    assert all(abs(sum(b.values()) - 1) < 1e-9 for b in beliefs)
    assert all(set(b) <= set(e.config.deck) for b in beliefs)
