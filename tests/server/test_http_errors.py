"""The HTTP API answers each refusal with its code's status (``ErrorCode``), in process:
the app on an in-memory store and bus, asked through httpx's ASGI transport."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from onenight.server.app import create_app
from onenight.session.errors import ErrorCode
from onenight.session.limits import Limits


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    # Two rooms in the process; new rooms from one address: a burst of three.
    limits = Limits(max_rooms=2, creates_per_minute=6, joins_per_minute=0)
    app = create_app("memory://", "memory://", limits)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            yield client


def refused(answer: httpx.Response, code: ErrorCode) -> bool:
    """The answer is the refusal ``code``, with the status the enumeration gives it."""
    assert answer.json()["detail"]["code"] == code, answer.text
    assert answer.json()["detail"]["message"]
    return answer.status_code == code.status


async def test_refusals_of_rooms_carry_their_codes_status(http: httpx.AsyncClient) -> None:
    assert refused(await http.get("/api/rooms/NOPE0"), ErrorCode.no_room)
    assert refused(await http.get("/api/rooms/NOPE0/qr.svg"), ErrorCode.no_room)
    made = await http.post("/api/rooms", json={"name": "ann"})
    assert made.status_code == 201
    room = made.json()["room"]
    again = await http.post(f"/api/rooms/{room}/members", json={"name": "ann"})
    assert refused(again, ErrorCode.name_taken)
    assert refused(await http.get(f"/api/rooms/{room}/result"), ErrorCode.no_result)
    assert (await http.post("/api/rooms", json={"name": "bob"})).status_code == 201
    # Two rooms: the process is full (a hosting condition, not the game's).
    assert refused(await http.post("/api/rooms", json={"name": "cid"}), ErrorCode.full)
    # A fourth new room at once from one address: wait.
    assert refused(await http.post("/api/rooms", json={"name": "dee"}), ErrorCode.rate_limited)


async def test_a_full_room_is_a_conflict(http: httpx.AsyncClient) -> None:
    room = (await http.post("/api/rooms", json={"name": "p0"})).json()["room"]
    answers = [
        await http.post(f"/api/rooms/{room}/members", json={"name": f"p{i}"}) for i in range(1, 13)
    ]
    assert [a.status_code for a in answers[:11]] == [201] * 11  # twelve seats
    assert refused(answers[11], ErrorCode.room_full)


async def test_the_table_api_refuses_with_the_same_codes(http: httpx.AsyncClient) -> None:
    assert refused(await http.get("/api/editions/chess/calls"), ErrorCode.bad_edition)
    bad = await http.get("/api/editions/ultimate/calls", params={"deck": "seer,unicorn"})
    assert refused(bad, ErrorCode.bad_deck)


async def test_the_schema_lists_every_code(http: httpx.AsyncClient) -> None:
    schema = (await http.get("/openapi.json")).json()["components"]["schemas"]
    listed = next(s["enum"] for s in schema.values() if "enum" in s and "no_room" in s["enum"])
    assert listed == [code.value for code in ErrorCode]


async def test_the_browsers_list_of_codes_is_served_with_its_page(http: httpx.AsyncClient) -> None:
    answer = await http.get("/app/errors.js")
    assert answer.status_code == 200 and 'no_room: "no_room"' in answer.text


async def test_a_rooms_status_says_whether_its_link_leads_anywhere(
    http: httpx.AsyncClient,
) -> None:
    """A page asks before it asks for a name: always 200, so that the check logs no
    error; a code of any length or alphabet is simply no room (and costs no look-up)."""
    for code in ("ACDEF", "ab", "QQQQQQQQQQQQQQQQQQQQQQQQ", "KX-MT", "BBBBB", "%20"):
        answer = await http.get(f"/api/rooms/{code}/status")
        assert answer.status_code == 200, code
        assert answer.json() == {"open": False, "playing": False, "games": 0, "result": False}
        assert answer.headers["cache-control"] == "no-store"
    room = (await http.post("/api/rooms", json={"name": "ann"})).json()["room"]
    fresh = {"open": True, "playing": False, "games": 0, "result": False}
    assert (await http.get(f"/api/rooms/{room}/status")).json() == fresh
    assert (await http.get(f"/api/rooms/{room.lower()}/status")).json() == fresh


async def test_an_accept_encoding_weight_that_is_no_number_gets_the_plain_file(
    http: httpx.AsyncClient,
) -> None:
    """``gzip;q=abc`` (issue 37: a 500 and a traceback) is read as "not gzip": a 200
    with the file as it is; ``q=0`` likewise, and a true weight gets it gzipped."""
    for header in ("gzip;q=abc", "gzip;q=", "gzip;q=0", "*;q=1e999x"):
        res = await http.get("/app/main.js", headers={"Accept-Encoding": header})
        assert res.status_code == 200, header
        assert "content-encoding" not in res.headers, header
    res = await http.get("/app/main.js", headers={"Accept-Encoding": "gzip;q=0.5"})
    assert res.status_code == 200 and res.headers["content-encoding"] == "gzip"
