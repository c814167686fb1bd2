"""The published settings' rule switches (issue 38, point 4), with expectations read from
the published sources: Jin et al.'s ``onuw/environments/werewolf.py`` (``voting_step``,
``night_step``) and wolfbot's ``wolfbot/one_night.py`` (``eval_winning_team``)."""

from __future__ import annotations

import numpy as np
import pytest

from onenight.research import make_config, parallel_env
from onenight.research.actions import NOOP
from onenight.research.variants import jin2024, wolfbot

WW, V, S = "werewolf", "villager", "seer"


def votes(*targets: int | None) -> dict[int, int | None]:
    return dict(enumerate(targets))


def test_jin_no_werewolf_among_the_players_is_a_draw_whatever_the_vote() -> None:
    roles = [V, S, "robber", V, "insomniac"]
    assert jin2024(roles, votes(1, 0, 0, 0, 0)).team is None  # the rulebook: nobody wins
    assert jin2024(roles, votes(1, 2, 3, 4, 0)).team is None  # rulebook: village wins


def test_jin_a_circle_vote_is_a_draw_even_with_werewolves() -> None:
    roles = [WW, S, V, V, "robber"]
    assert jin2024(roles, votes(1, 2, 3, 4, 0)).team is None  # the rulebook: werewolves


def test_jin_the_most_voted_decides_and_a_tie_above_one_vote_needs_one_werewolf() -> None:
    roles = [WW, S, V, V, WW]
    out = jin2024(roles, votes(1, 0, 0, 0, 0))
    assert out.team == "village" and out.winners == {1, 2, 3} and out.dead == (0,)
    assert jin2024(roles, votes(1, 0, 1, 1, 2)).team == "werewolf"
    tie = jin2024(roles, votes(1, 0, 0, 1, 2))  # seats 0 and 1 tie at 2
    assert tie.team == "village" and tie.winners == {1, 2, 3}
    assert jin2024(roles, votes(2, 2, 1, 1, 2)).team == "werewolf"  # 1 and 2 tie, no wolf


def test_jin_abstentions_count_for_nobody() -> None:
    roles = [WW, S, V, V, V]
    assert jin2024(roles, votes(None, None, None, None, 1)).team == "werewolf"
    assert jin2024(roles, votes(None, 0, None, None, None)).team == "village"
    # everyone abstains: every seat ties at 0 and is "elected", a Werewolf among them
    assert jin2024(roles, votes(None, None, None, None, None)).team == "village"


def test_wolfbot_the_werewolves_win_whenever_no_wolf_dies() -> None:
    roles = [V, S, "mason", "mason", "drunk", V, "troublemaker"]  # wolves in the center
    out = wolfbot(roles, votes(1, 0, 0, 0, 0, 0, 0))
    assert out.team == "werewolf" and out.winners == frozenset()  # rulebook: nobody wins
    everyone_tied = votes(1, 2, 3, 4, 5, 6, 0)
    assert wolfbot(roles, everyone_tied).team == "village"
    wolves = [WW, S, "mason", "mason", "drunk", V, WW]
    assert wolfbot(wolves, everyone_tied).team == "werewolf"
    assert wolfbot(wolves, votes(6, 0, 0, 0, 6, 6, 0)).team == "village"


def test_presets_set_the_published_switches() -> None:
    jin = make_config("neurips2024")
    assert (jin.outcome, jin.abstain, jin.seer_center, jin.lone_wolf_peek) == (
        "jin2024",
        True,
        "random",
        False,
    )
    assert (jin.rounds, jin.speaking_order) == (3, "seat")
    wb = make_config("wolfbot-standard")
    assert (wb.outcome, wb.rounds, wb.speaking_order) == ("wolfbot", 1, "seat")
    with pytest.raises(ValueError, match="abstention"):
        make_config("ultimate", abstain=True)


def play_to_vote(e, seed: int):
    obs, _ = e.reset(seed=seed)
    while e.match.phase != "vote":
        obs, *_ = e.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in e.agents})
    return obs


def test_a_vote_may_be_abstained_in_jins_setting() -> None:
    e = parallel_env("neurips2024")
    obs = play_to_vote(e, seed=3)
    abstain = e.table.abstain
    assert abstain == e.table.size - 1
    for a in e.agents:
        assert obs[a]["action_mask"][abstain] == 1
    e.step(dict.fromkeys(e.agents, abstain))
    m = e.match
    assert m.phase == "end" and m.ballots == dict.fromkeys(range(5))
    rule = parallel_env("ultimate")
    assert rule.table.abstain is None


def test_the_seer_asks_for_the_center_and_two_cards_are_drawn() -> None:
    e = parallel_env("neurips2024")
    drawn = set()
    for seed in range(80):
        obs, _ = e.reset(seed=seed)
        m = e.match
        while m.phase == "night":
            acts = dict.fromkeys(e.agents, NOOP)
            for s in m.to_move():
                mask = obs[f"seat_{s}"]["action_mask"]
                looks = [
                    i
                    for i in np.flatnonzero(mask)
                    if e.table.decode(int(i))[0] == "night"
                    and e.table.decode(int(i))[1].to_json().get("type") == "view"
                    and len(e.table.decode(int(i))[1].targets) == 2
                ]
                if looks:
                    assert len(looks) == 1  # "the center", one choice
                    acts[f"seat_{s}"] = int(looks[0])
            obs, *_ = e.step(acts)
        for s in range(5):
            for _turn, action in m.done[s]:
                if action.get("type") == "view" and len(action["targets"]) == 2:
                    drawn.add(tuple(action["targets"]))
    assert len(drawn) == 3  # all three pairs of center cards come up
