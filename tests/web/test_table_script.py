"""The narration data, `onenight script` and GET /api/editions/{id}/calls (no browser)."""

from __future__ import annotations

import random
import re

import httpx
import pytest
from typer.testing import CliRunner

from onenight.cli import app
from onenight.narration import call_script, data, night_script, role_names
from onenight.rules.editions import EDITIONS, default_deck, night_calls

from .conftest import Server
from .table_helpers import DECKS

LANGS = ["en", "fr", "ja"]


def test_the_script_has_three_languages() -> None:
    assert list(data()["languages"]) == LANGS
    assert sorted(data()["script"]) == sorted(data()["names"]) == sorted(LANGS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition_id", list(EDITIONS))
def test_every_role_and_call_of_every_edition_has_its_lines(edition_id: str, lang: str) -> None:
    """Fails when any role of any edition lacks a name or a line in any language."""
    ed = EDITIONS[edition_id]
    names = role_names(edition_id, lang)
    for role in ed.roles:
        assert names.get(role, "").strip(), f"{edition_id}/{lang}: no name for {role}"
    script = data()["script"][lang]
    everything = sorted(ed.roles)  # a deck with every role: every conditional line too
    wakes = []
    for call, _wakers in ed.order:
        entry = script["calls"].get(call)
        assert entry and entry.get("wake", "").strip(), f"{edition_id}/{lang}: no line for {call}"
        said = call_script(edition_id, call, everything, lang)
        for line in [*said.wake, said.close]:
            assert line.strip() and not re.search(r"[{}]", line), line
        wakes.append(said.wake[0])
    # Each call this edition's night can make is told apart from the others by its
    # words: what a listener at one table must hear. (A call of a card the edition
    # does not have is never said there: in Japanese the Robber and the Japanese
    # edition's Phantom Thief are both 怪盗, the name the Japanese cards give them.)
    made = night_calls(edition_id, everything)
    said_here = [wake for (call, _), wake in zip(ed.order, wakes, strict=True) if call in made]
    assert len(set(said_here)) == len(said_here) == len(made)
    for key in ("night_start", "night_end", "close"):
        assert script[key].strip()
    day = script["day"]
    assert all(day[k].strip() for k in ("minute", "ten", "point", "now"))
    assert len(day["count"]) == 3


def test_the_japanese_edition_has_its_own_names() -> None:
    assert role_names("japanese", "ja")["sorcerer"] == "占い師"
    assert role_names("japanese", "ja")["sorcerer"] != role_names("ultimate", "ja")["sorcerer"]
    assert role_names("japanese", "en")["sorcerer"] == "Fortune Teller"


@pytest.mark.parametrize("edition_id", list(DECKS))
def test_the_script_is_the_engines_calls(edition_id: str) -> None:
    deck = DECKS[edition_id]["deck"]
    for lang in LANGS:
        script = night_script(edition_id, deck, lang)
        assert [c.call for c in script.calls] == list(night_calls(edition_id, deck))
        assert [c.call for c in script.calls] == DECKS[edition_id]["calls"]


def test_onenight_script_prints_one_spoken_line_per_line() -> None:
    deck = DECKS["ultimate"]["deck"]
    result = CliRunner().invoke(
        app, ["script", "--edition", "ultimate", "--deck", ",".join(deck), "--lang", "fr"]
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines == night_script("ultimate", deck, "fr").lines()
    # 16 calls, each a wake-up line and a close-eyes line (plus a line each for a
    # Doppelgänger who became a werewolf or the Minion), between the night's two lines.
    assert len(lines) == 2 + 2 * 16 + 2
    assert lines[0] == "Tout le monde ferme les yeux. La nuit tombe."


@pytest.mark.parametrize(
    "args",
    [
        ["--edition", "ultimate", "--deck", "werewolf,seer"],
        ["--edition", "ultimate", "--deck", "mason,werewolf,seer,robber,drunk,villager"],
        ["--edition", "japanese", "--deck", "werewolf,werewolf,seer,villager,villager"],
        ["--edition", "nope", "--deck", "werewolf"],
        ["--edition", "japanese", "--deck", ",".join(DECKS["japanese"]["deck"]), "--lang", "de"],
    ],
)
def test_onenight_script_refuses_a_bad_deck(args: list[str]) -> None:
    result = CliRunner().invoke(app, ["script", *args])
    assert result.exit_code == 2
    assert result.output.startswith("error: ")


def test_the_calls_endpoint(server: Server) -> None:
    deck = DECKS["ultimate"]["deck"]
    r = httpx.get(f"{server.http}/api/editions/ultimate/calls", params={"deck": ",".join(deck)})
    assert r.status_code == 200
    body = r.json()
    assert body["calls"] == list(night_calls("ultimate", deck)) == DECKS["ultimate"]["calls"]
    assert body["players"] == 10 and body["center"] == 3 and body["deck"] == sorted(deck)
    # Any deal of the same cards (which ones end in the center) gives the same night.
    rng = random.Random(8)
    for _ in range(20):
        dealt = deck[:]
        rng.shuffle(dealt)
        again = httpx.get(
            f"{server.http}/api/editions/ultimate/calls", params={"deck": ",".join(dealt)}
        )
        assert again.json() == body


def test_the_calls_endpoint_workshop_pool_and_default(server: Server) -> None:
    url = f"{server.http}/api/editions/workshop/calls"
    pool = DECKS["workshop"]["deck"]
    r = httpx.get(url, params={"deck": ",".join(pool), "players": 5})
    assert r.status_code == 200
    assert r.json()["calls"] == DECKS["workshop"]["calls"]
    r = httpx.get(f"{server.http}/api/editions/japanese/calls", params={"players": 4})
    assert r.json()["deck"] == sorted(default_deck("japanese", 4))


@pytest.mark.parametrize(
    ("path", "params", "status", "reason"),
    [
        ("ultimate", {"deck": "mason,werewolf,seer,robber,drunk,villager"}, 400, "pair"),
        ("ultimate", {"deck": "werewolf,seer"}, 400, "at least 6 cards"),
        ("japanese", {"deck": "werewolf,werewolf,seer,villager,villager"}, 400, "seer"),
        ("ultimate", {"deck": "werewolf,wizard,seer,robber,drunk,villager"}, 400, "wizard"),
        ("ultimate", {"deck": ",".join(["villager"] * 8), "players": 3}, 400, "need 6 cards"),
        ("nope", {"deck": "werewolf"}, 404, "known: ultimate"),
    ],
)
def test_the_calls_endpoint_refuses_with_a_reason(
    server: Server, path: str, params: dict[str, str], status: int, reason: str
) -> None:
    r = httpx.get(f"{server.http}/api/editions/{path}/calls", params=params)
    assert r.status_code == status
    detail = r.json()["detail"]
    assert detail["code"] in ("bad_deck", "bad_edition")
    assert reason in detail["message"]


def test_the_pages_are_served(server: Server) -> None:
    home = httpx.get(f"{server.http}/")
    assert home.status_code == 200 and 'href="/table"' in home.text
    page = httpx.get(f"{server.http}/table")
    assert page.status_code == 200 and "/table/main.js" in page.text
    sw = httpx.get(f"{server.http}/table/sw.js")
    assert sw.headers["service-worker-allowed"] == "/table"
    assert sw.headers["content-type"].startswith(("text/javascript", "application/javascript"))
    for bad in ("/table/nothing.js", "/table/..%2Fnarration.py", "/table/README.md"):
        assert httpx.get(f"{server.http}{bad}").status_code == 404
