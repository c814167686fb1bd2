"""Deck suggestions from the simulator: the HTTP endpoint and the table page's
"Balanced deck" button."""

from __future__ import annotations

from collections import Counter
from typing import Any

import httpx

from onenight.session.decks import check_deck

from .conftest import Server
from .table_helpers import open_table


def test_the_endpoint_ranks_legal_decks_by_balance(server: Server) -> None:
    got = httpx.get(
        f"{server.http}/api/decks/suggestions",
        params={"edition": "ultimate", "players": 5, "top": 3},
        timeout=120,
    )
    assert got.status_code == 200
    body = got.json()
    assert body["level"] == "basic" and body["games"] > 0 and len(body["decks"]) == 3
    distance = [abs(d["village_win_rate"] - 0.5) for d in body["decks"]]
    assert distance == sorted(distance)  # the most balanced first
    for d in body["decks"]:
        assert check_deck("ultimate", 5, d["deck"]) is None
        low, high = d["ci95"]
        assert 0 <= low <= d["village_win_rate"] <= high <= 1
    refused = httpx.get(
        f"{server.http}/api/decks/suggestions", params={"edition": "chess", "players": 5}
    )
    assert refused.status_code == 422
    too_many = httpx.get(
        f"{server.http}/api/decks/suggestions", params={"edition": "japanese", "players": 9}
    ).json()
    assert too_many["decks"] == [] and "3–7 players" in too_many["reason"]


def test_the_balanced_deck_button_loads_the_simulators_deck(
    page: Any, problems: Any, server: Server
) -> None:
    open_table(page, server.http)
    page.select_option("#edition", "ultimate")
    page.fill("#players", "5")
    page.dispatch_event("#players", "change")
    best = httpx.get(
        f"{server.http}/api/decks/suggestions",
        params={"edition": "ultimate", "players": 5, "top": 1},
        timeout=120,
    ).json()["decks"][0]
    page.click("#balanced-deck")
    page.wait_for_function(
        "() => document.querySelector('#deck-status').textContent.includes('%')", timeout=60_000
    )
    shown = {
        row.get_attribute("data-role"): int(row.locator("output").inner_text())
        for row in page.locator("li.role").all()
    }
    assert Counter({r: k for r, k in shown.items() if k}) == Counter(best["deck"])
    assert page.locator("#start").is_enabled()
