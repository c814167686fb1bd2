"""The one deck check: its issue codes agree with the engine, for every edition."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from onenight.rules import ALL_ROLES, EDITIONS, InvalidSetup, validate_enabled
from onenight.session.decks import check_deck, deck_issue, deck_list

CODES = {"players", "count", "role", "at_most_one", "masons", "size", "needs_wolf", "other"}


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(sorted(EDITIONS)),
    st.integers(1, 14),
    st.dictionaries(st.sampled_from(ALL_ROLES), st.integers(-1, 4), max_size=8),
)
def test_an_issue_exactly_when_the_engine_refuses(
    edition: str, players: int, counts: dict[str, int]
) -> None:
    issue = deck_issue(edition, players, counts)
    try:
        if any(not 0 <= k <= 12 for k in counts.values()):
            raise InvalidSetup("count")
        if any(role not in EDITIONS[edition].roles for role in counts):
            raise InvalidSetup("a role the edition lacks, even with a count of 0")
        validate_enabled(edition, players, deck_list(counts))
        refused = False
    except InvalidSetup:
        refused = True
    assert (issue is not None) == refused
    if issue is not None:
        assert issue["code"] in CODES and issue["message"] == check_deck(edition, players, counts)


def test_each_code_names_its_problem() -> None:
    base = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}
    cases = {
        "players": ("ultimate", 2, base),
        "count": ("ultimate", 3, {**base, "villager": -1}),
        "role": ("ultimate", 3, {**base, "sorcerer": 1, "villager": 0}),
        "at_most_one": ("ultimate", 3, {**base, "doppelganger": 2, "werewolf": 0}),
        "masons": ("ultimate", 3, {**base, "mason": 1, "villager": 0}),
        "size": ("ultimate", 4, base),
        "needs_wolf": ("sans-carte", 3, {"villager": 6}),
    }
    for code, (edition, players, counts) in cases.items():
        issue = deck_issue(edition, players, counts)
        assert issue is not None and issue["code"] == code, (code, issue)
    assert deck_issue("ultimate", 3, base) is None


def test_a_huge_count_is_refused_without_laying_out_the_cards() -> None:
    """``POST /api/decks/check`` takes counts up to 2**31: the check answers at once (it
    once built a list of 2**31 cards, and the server stopped answering)."""
    start = time.perf_counter()
    for edition in sorted(EDITIONS):
        for players in (1, 5):
            huge = {"villager": 2**31, "unknown-card": 2**31, "werewolf": 2, "seer": 1}
            issue = deck_issue(edition, players, huge)
            assert issue is not None and issue["code"] in ("players", "count"), issue
    assert time.perf_counter() - start < 1
