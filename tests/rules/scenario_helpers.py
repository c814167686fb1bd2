"""Compact builders for FORMAT.md scenarios, and a checker that compares like check.py.

Every test in tests/rules/ is a scenario dict (the FORMAT.md form) plus the expected
result keys. Expectations are derived by hand from /work/shared/rules/RULES.md.

Conventions:
- players are named ann, bob, cat, dan, eve, fay, gus, hal, ivy, jon, kim, lou in seat order;
- ``deal``, ``center`` and the ``cards`` / ``roles`` expectations may be written as one
  space-separated string (in seat / slot order);
- ``votes`` may be a string of targets in seat order ("bob ann ann": ann->bob, bob->ann,
  cat->ann); without votes everybody points at the next seat, so nobody dies;
- ``wolf_slot`` is the expected ``center_wolf`` at dawn (``center_wolf`` is the scenario's);
- ``learned``: players left out are expected to have learned nothing (``[]``), unless
  ``quiet=False``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

NAMES = [
    "ann",
    "bob",
    "cat",
    "dan",
    "eve",
    "fay",
    "gus",
    "hal",
    "ivy",
    "jon",
    "kim",
    "lou",
    "max",
    "ned",
]

ROLES = {
    "sentinel",
    "doppelganger",
    "werewolf",
    "alpha_wolf",
    "mystic_wolf",
    "dream_wolf",
    "little_girl",
    "minion",
    "apprentice_tanner",
    "mason",
    "seer",
    "sorcerer",
    "apprentice_seer",
    "paranormal_investigator",
    "ghost_hunter",
    "robber",
    "phantom_thief",
    "witch",
    "troublemaker",
    "aura_seer",
    "drunk",
    "insomniac",
    "revealer",
    "villager",
    "tanner",
    "hunter",
    "bodyguard",
}
assert len(ROLES) == 27

EDITION_ROLES = {
    "ultimate": ROLES - {"sorcerer", "phantom_thief", "ghost_hunter", "little_girl"},
    "workshop": ROLES - {"sorcerer", "phantom_thief", "ghost_hunter", "little_girl"},
    "japanese": {"villager", "werewolf", "sorcerer", "phantom_thief"},
    "sans-carte": {
        "doppelganger",
        "werewolf",
        "mystic_wolf",
        "minion",
        "mason",
        "seer",
        "ghost_hunter",
        "robber",
        "troublemaker",
        "drunk",
        "insomniac",
        "villager",
        "tanner",
        "hunter",
        "little_girl",
    },
}


# ---------------------------------------------------------------- night steps


def view(*targets: str) -> dict[str, Any]:
    return {"view": list(targets)}


def swap(a: str, b: str) -> dict[str, Any]:
    return {"swap": [a, b]}


def copy(target: str) -> dict[str, Any]:
    return {"copy": target}


def shield(target: str) -> dict[str, Any]:
    return {"shield": target}


def reveal(target: str) -> dict[str, Any]:
    return {"reveal": target}


PEEK: dict[str, Any] = {"peek": True}


# ---------------------------------------------------------------- facts


def saw(target: str, card: str) -> dict[str, Any]:
    return {"saw": target, "card": card}


def wolves(*names: str) -> dict[str, Any]:
    return {"wolves": list(names)}


def masons(*names: str) -> dict[str, Any]:
    return {"masons": list(names)}


def tanners(*names: str) -> dict[str, Any]:
    return {"tanners": list(names)}


def acted(*names: str) -> dict[str, Any]:
    return {"acted": list(names)}


def little_girl(name: str) -> dict[str, Any]:
    return {"little_girl": name}


# ---------------------------------------------------------------- builders


def _words(value: str | list[str]) -> list[str]:
    return value.split() if isinstance(value, str) else list(value)


def scenario(
    edition: str,
    deal: str | list[str] | dict[str, str],
    center: str | list[str],
    night: dict[str, list[dict[str, Any]]] | None = None,
    votes: str | list[str] | dict[str, str] | None = None,
    center_wolf: str | None = None,
    players: list[str] | None = None,
    check: bool = True,
    **extra: Any,
) -> dict[str, Any]:
    """A FORMAT.md scenario. With ``check`` the roles are checked against the edition
    (so a typo in a legal test cannot pass as an illegal scenario)."""
    if isinstance(deal, dict):
        players = players or list(deal)
        deal_map = dict(deal)
    else:
        cards = _words(deal)
        players = players or NAMES[: len(cards)]
        deal_map = dict(zip(players, cards, strict=True))
    if votes is None:
        votes_map = {p: players[(i + 1) % len(players)] for i, p in enumerate(players)}
    elif isinstance(votes, dict):
        votes_map = dict(votes)
    else:
        votes_map = dict(zip(players, _words(votes), strict=True))
    center_list = _words(center)
    if check:
        allowed = EDITION_ROLES[edition]
        for card in [*deal_map.values(), *center_list]:
            assert card in allowed, f"test typo? {card} is not a {edition} role"
    sc: dict[str, Any] = {
        "edition": edition,
        "players": list(players),
        "deal": deal_map,
        "center": center_list,
        "night": dict(night or {}),
        "votes": votes_map,
    }
    if center_wolf is not None:
        sc["center_wolf"] = center_wolf
    sc.update(extra)
    return sc


def _per_player(sc: dict[str, Any], value: str | list[str] | dict[str, Any]) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    return dict(zip(sc["players"], _words(value), strict=True))


def expectation(
    sc: dict[str, Any],
    *,
    cards: str | dict[str, Any] | None = None,
    center: str | list[str] | None = None,
    wolf_slot: str | None = None,
    roles: str | dict[str, Any] | None = None,
    revealed: dict[str, Any] | None = None,
    dead: str | list[str] | None = None,
    winners: str | list[str] | None = None,
    learned: dict[str, list[dict[str, Any]]] | None = None,
    quiet: bool = True,
) -> dict[str, Any]:
    exp: dict[str, Any] = {}
    if cards is not None:
        exp["cards"] = _per_player(sc, cards)
    if center is not None:
        exp["center"] = _words(center)
    if wolf_slot is not None:
        exp["center_wolf"] = wolf_slot
    if roles is not None:
        exp["roles"] = _per_player(sc, roles)
    if revealed is not None:
        exp["revealed"] = revealed
    if dead is not None:
        exp["dead"] = _words(dead)
    if winners is not None:
        exp["winners"] = _words(winners)
    if learned is not None:
        for name in learned:
            assert name in sc["players"], f"test typo: {name}"
        full = dict(learned)
        if quiet:
            for p in sc["players"]:
                full.setdefault(p, [])
        exp["learned"] = full
    return exp


def case(case_id: str, sc: dict[str, Any], **expect: Any) -> Any:
    """One parametrized test: a scenario and what must come out of it."""
    return pytest.param(sc, expectation(sc, **expect), id=case_id)


def illegal(case_id: str, sc: dict[str, Any]) -> Any:
    """A scenario that must be rejected with ScenarioError."""
    return pytest.param(sc, {"error": True}, id=case_id)


# ---------------------------------------------------------------- comparison (as check.py)


def canonical_facts(facts: list[dict[str, Any]]) -> list[str]:
    out = []
    for fact in facts:
        fact = {k: sorted(v) if isinstance(v, list) else v for k, v in fact.items()}
        out.append(json.dumps(fact, sort_keys=True))
    return sorted(out)


def without_nulls(mapping: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in mapping.items() if v is not None}


def compare(expect: dict[str, Any], result: dict[str, Any]) -> list[str]:
    diffs = []
    for key, want in expect.items():
        if key == "error":
            continue
        got = result.get(key)
        if key in ("dead", "winners"):
            same = sorted(want) == sorted(got or [])
        elif key == "learned":
            for player, facts in want.items():
                have = (got or {}).get(player, [])
                if canonical_facts(facts) != canonical_facts(have):
                    diffs.append(f"learned[{player}]: want {facts}, got {have}")
            continue
        elif isinstance(want, dict):
            same = isinstance(got, dict) and without_nulls(want) == without_nulls(got)
        else:
            same = want == got
        if not same:
            diffs.append(f"{key}: want {json.dumps(want)}, got {json.dumps(got)}")
    return diffs


def run_case(sc: dict[str, Any], expect: dict[str, Any]) -> None:
    """Resolve the scenario and compare, or expect a ScenarioError."""
    from onenight.rules.scenario import ScenarioError, resolve

    if expect.get("error"):
        with pytest.raises(ScenarioError):
            resolve(json.loads(json.dumps(sc)))
        return
    result = resolve(json.loads(json.dumps(sc)))
    diffs = compare(expect, result)
    assert not diffs, "\n".join(diffs)


SCENARIO_KEYS = ("night", "votes", "center_wolf", "players", "options")


def multi(
    case_id: str,
    editions: str,
    deal: str,
    center_cards: str,
    /,
    by_edition: dict[str, dict[str, Any]] | None = None,
    **kwargs: Any,
) -> list[Any]:
    """The same scenario in several editions (space-separated), one param each.
    ``by_edition`` overrides expectations per edition (e.g. the winners)."""
    sc_kwargs = {k: kwargs.pop(k) for k in SCENARIO_KEYS if k in kwargs}
    out = []
    for ed in editions.split():
        sc = scenario(ed, deal, center_cards, **sc_kwargs)
        exp = dict(kwargs)
        exp.update((by_edition or {}).get(ed, {}))
        out.append(case(f"{case_id}-{ed}", sc, **exp))
    return out
