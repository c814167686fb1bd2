"""The lobby's "Balanced decks": the host sees the measured table's decks for the edition
and the seats (GET /api/decks/suggest) and sets one with a tap. The server reads a small
table of the test's own (``ONENIGHT_BALANCE_TABLE``), not the shipped one."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from onenight.bots.balance import TABLE_ENV
from onenight.rules import validate_deck
from server.conftest import Server
from web.client_helpers import (
    Player,
    catalogue,
    check_problems,
    create_room,
    open_editor,
    open_player,
)

#: Two measured decks for 3 players in ultimate (neither the default one); no other size.
ROWS: list[dict[str, Any]] = [
    {
        "deck": {
            "werewolf": 1,
            "seer": 1,
            "robber": 1,
            "troublemaker": 1,
            "drunk": 1,
            "insomniac": 1,
        },
        "village_win_rate": 0.49,
        "ci95": [0.35, 0.63],
        "games": 40,
    },
    {
        "deck": {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "hunter": 1},
        "village_win_rate": 0.425,
        "ci95": [0.28, 0.58],
        "games": 40,
    },
]


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("balanced")
    table = tmp / "balance.json"
    table.write_text(json.dumps({"level": "reasoner", "tables": {"ultimate:3": ROWS}}))
    env = {TABLE_ENV: str(table)}
    srv = Server(f"sqlite+aiosqlite:///{tmp / 'onenight.db'}", tmp / "server.log", env=env)
    srv.start()
    yield srv
    srv.stop()


def three_seats(browser: Any, base: str) -> tuple[str, Player]:
    """A room opened by the host in the browser; two more players join over HTTP."""
    host = open_player(browser, "ann")
    code = create_room(host, base)
    open_editor(host)  # the balanced decks are with the picker, under "Change"
    # One seat: no table size an edition allows, so nothing is asked.
    assert host.page.locator("#balanced").count() == 0
    for name in ("bob", "cat"):
        reply = httpx.post(f"{base}/api/rooms/{code}/members", json={"name": name})
        assert reply.status_code == 201, reply.text
    host.page.wait_for_selector("#players li:nth-child(3)")
    return code, host


def asked(p: Player) -> list[str]:
    return [u for u in p.requests if "/api/decks/suggest?" in u]


def test_client_host_sets_a_balanced_deck(browser: Any, table_server: Server) -> None:
    for row in ROWS:
        validate_deck("ultimate", 3, list(Counter(row["deck"]).elements()))
    base = table_server.http
    code, host = three_seats(browser, base)
    page = host.page
    try:
        page.wait_for_selector("#balanced-1")
        assert page.locator("button.suggestion").count() == len(ROWS)
        first = page.locator("#balanced-0").inner_text()
        for name in ("Werewolf", "Seer", "Robber", "Troublemaker", "Drunk", "Insomniac"):
            assert name in first
        assert "village wins 49% (35–63%), 40 games" in first
        assert "Werewolf ×2" in page.locator("#balanced-1").inner_text()
        assert page.locator("#balanced-1").get_attribute("aria-pressed") == "false"

        page.click("#balanced-1")
        page.wait_for_selector('#balanced-1[aria-pressed="true"]')
        room = httpx.get(f"{base}/api/rooms/{code}").json()
        assert Counter(room["deck"]) == Counter(ROWS[1]["deck"])
        for role in ("werewolf", "seer", "hunter", "villager", "drunk"):
            want = str(ROWS[1]["deck"].get(role, 0))
            assert page.locator(f'li.pick[data-role="{role}"] output').inner_text() == want
        assert page.locator('#balanced-0[aria-pressed="true"]').count() == 0

        page.click("#balanced-0")
        page.wait_for_selector('#balanced-0[aria-pressed="true"]')
        room = httpx.get(f"{base}/api/rooms/{code}").json()
        assert Counter(room["deck"]) == Counter(ROWS[0]["deck"])
        assert page.locator("#deck-error.ok").count() == 1  # a legal deck: ready to start
        # Asked once for ultimate with 3 players, however often the lobby redraws.
        assert len(asked(host)) == 1 and "edition=ultimate&players=3&top=3" in asked(host)[0]
        check_problems([host])
    finally:
        host.context.close()


def test_client_a_table_size_without_rows_offers_nothing(
    browser: Any, table_server: Server
) -> None:
    """The Japanese edition's 3 players have no rows in the table: no deck to tap, a
    muted line, no error; the edition's change asks again."""
    _, host = three_seats(browser, table_server.http)
    page = host.page
    try:
        page.wait_for_selector("#balanced-0")
        page.select_option("#edition", "japanese")
        none = catalogue("en")["lobby.balanced.none"].replace("{n}", "3")
        page.wait_for_function(
            "(text) => document.querySelector('#balanced p.muted')?.textContent === text",
            arg=none,
        )
        assert page.locator("button.suggestion").count() == 0
        assert page.locator("#edition").input_value() == "japanese"
        assert any("edition=japanese&players=3" in u for u in asked(host))
        check_problems([host])
    finally:
        host.context.close()
