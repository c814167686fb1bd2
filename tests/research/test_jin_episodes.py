"""Jin et al.'s released episode format (``onuw/arena.py``, ``save_history``), read back
and rescored; the episodes are written here in that format (no download)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from onenight.research.jin import load_episodes, read_episode, rescore


def episode(
    dealt: list[str], end: list[str], votes: list[str | None], winner: str
) -> dict[str, object]:
    players = [f"player{i + 1}" for i in range(len(dealt))]
    messages = [
        {"agent_name": "Moderator", "content": "Welcome.", "turn": 0, "visible_to": "all"},
        {"agent_name": "player1", "content": "I am the Seer.", "turn": 1, "visible_to": "all"},
    ]
    counts = dict.fromkeys(players, 0)
    for who, target in zip(players, votes, strict=True):
        text = f"I am voting for {target}." if target else "I give up my vote."
        messages.append({"agent_name": who, "content": text, "turn": 2, "visible_to": who})
        if target:
            counts[target] += 1
    return {
        "messages": messages,
        "evaluation": {
            "roles_assigned": dict(zip(players, dealt, strict=True)),
            "roles_ground_truth": dict(zip(players, end, strict=True)),
            "role_pool": ["Villager", "Insomniac", "Robber"],
            "voting_result": counts,
            "winner": winner,
        },
    }


DEALT = ["Werewolf", "Seer", "Troublemaker", "Villager", "Werewolf"]


def test_an_episode_reads_back_with_its_ballots_and_scores_as_published(tmp_path: Path) -> None:
    ep = episode(
        DEALT, DEALT, ["player5", "player5", "player5", "player1", "player3"], "Team Village"
    )
    (tmp_path / "episode_001.json").write_text(json.dumps(ep))
    (got,) = load_episodes([tmp_path])
    assert got.dealt == ("werewolf", "seer", "troublemaker", "villager", "werewolf")
    assert got.ballots == {0: 4, 1: 4, 2: 4, 3: 0, 4: 2}
    assert got.winner == "village" == rescore(got, "jin2024").team == rescore(got, "rulebook").team


def test_where_the_rules_part_one_vote_alone_and_abstentions() -> None:
    # one vote on a Werewolf, the rest abstain: Jin's unique top dies (village); the
    # rulebook kills nobody with one vote at most (RULES.md §4), so the werewolves win
    ep = read_episode(episode(DEALT, DEALT, [None, "player1", None, None, None], "Team Village"))
    assert rescore(ep, "jin2024").team == "village"
    assert rescore(ep, "rulebook").team == "werewolf"
    # no Werewolf among the players and a circle vote: Jin's draw; the rulebook: nobody
    # dies, so the village wins (RULES.md §5)
    end = ["Villager", "Seer", "Troublemaker", "Villager", "Robber"]
    circle = ["player2", "player3", "player4", "player5", "player1"]
    ep = read_episode(episode(DEALT, end, circle, "Draw"))
    assert ep.winner is None and rescore(ep, "jin2024").team is None
    assert rescore(ep, "rulebook").team == "village"


def test_ballots_that_do_not_add_up_are_refused() -> None:
    ep = episode(DEALT, DEALT, ["player5"] * 5, "Team Village")
    ep["evaluation"]["voting_result"]["player5"] = 4  # type: ignore[index]
    with pytest.raises(ValueError, match="voting_result"):
        read_episode(ep)
