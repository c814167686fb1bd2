"""The error codes as data: one list (``session/errors.py``) that the server raises from,
that the browser's generated module and docs/protocol.md's table repeat exactly, and
that holds every code anything in ``src/`` sends."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from onenight.session.errors import (
    LATE,
    ErrorCode,
    Kind,
    js_module,
    main,
    markdown_table,
)

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "onenight"
ERRORS_JS = SRC / "web" / "app" / "errors.js"

#: Codes in src/: a BadMessage raised with a string or a member, an answer built with a
#: literal ``"code"``, an ErrorCode member named anywhere.
_SENT = (
    re.compile(r"""BadMessage\(\s*["'](\w+)["']"""),
    re.compile(r"""["']code["']\s*:\s*["'](\w+)["']"""),
    re.compile(r"""\bErrorCode\.(\w+)"""),
)
#: ``session/decks.py`` says why a deck is refused with codes of its own (``deck_issue``:
#: ``players``, ``size``, …), inside an ``ack`` or a room frame: not error codes.
_OTHER_CODES = {SRC / "session" / "decks.py"}


def codes_in_source() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        if path in _OTHER_CODES or path.name == "errors.py":
            continue
        text = path.read_text()
        for pattern in _SENT:
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.setdefault(match.group(1), []).append(f"{path.relative_to(SRC)}:{line}")
    return found


def test_every_code_the_server_sends_is_listed() -> None:
    found = codes_in_source()
    # The scan itself works: codes raised in the session core, the hub and the transport.
    assert {"not_host", "busy", "no_room", "rate_limited", "internal"} <= set(found)
    unknown = {code: where for code, where in found.items() if code not in ErrorCode.__members__}
    assert not unknown, f"codes sent but not in ErrorCode: {unknown}"


def test_a_code_is_its_string_on_the_wire() -> None:
    import orjson

    assert ErrorCode.no_room == "no_room"
    frame = {"type": "error", "ref": 1, "code": ErrorCode.not_host, "message": "m"}
    assert orjson.loads(orjson.dumps(frame))["code"] == "not_host"
    for code in ErrorCode:
        assert code.name == code.value  # ErrorCode.x is "x": a raise site reads as the wire


def test_each_code_has_a_status_a_kind_and_one_line() -> None:
    for code in ErrorCode:
        assert 400 <= code.status < 600, code
        assert code.kind in (Kind.DOMAIN, Kind.HOSTING)
        assert code.description and "\n" not in code.description and "|" not in code.description
    # The statuses the HTTP API has always answered (docs/protocol.md).
    assert ErrorCode.no_room.status == 404
    assert ErrorCode.name_taken.status == ErrorCode.no_result.status == 409
    assert ErrorCode.rate_limited.status == 429
    assert ErrorCode.busy.status == ErrorCode.full.status == 503
    assert ErrorCode.bad_name.status == 400


def test_domain_refusals_apart_from_hosting_conditions() -> None:
    hosting = {c for c in ErrorCode if c.kind is Kind.HOSTING}
    assert {
        "busy", "full", "rate_limited", "internal", "too_large", "measuring", "bad_origin",
        "too_slow",
    } == hosting  # fmt: skip
    # A refusal a turn ending may cause is the game's, never the server's.
    assert all(code.kind is Kind.DOMAIN for code in LATE)


def test_the_browser_list_is_generated_from_the_enumeration() -> None:
    assert ERRORS_JS.read_text() == js_module(), (
        "web/app/errors.js is stale: python -m onenight.session.errors --js > " + str(ERRORS_JS)
    )
    names = re.findall(r'^  (\w+): "(\w+)",$', ERRORS_JS.read_text(), re.M)
    assert names == [(c.name, c.value) for c in ErrorCode]


def test_the_browser_client_names_no_code_by_hand() -> None:
    """The browser reads the codes from errors.js: a string literal that is a code
    (``"no_room"``) anywhere else in its modules is a copy that may drift."""
    codes = "|".join(c.value for c in ErrorCode)
    literal = re.compile(rf"""["'`]({codes})["'`]""")
    app = SRC / "web" / "app"
    copies = [
        f"{path.relative_to(app)}: {m.group(0)}"
        for path in sorted(app.rglob("*.js"))
        if path != ERRORS_JS
        for m in literal.finditer(path.read_text())
    ]
    assert not copies


def test_the_documented_table_is_the_enumeration() -> None:
    text = (ROOT / "docs" / "protocol.md").read_text()
    start = text.index("<!-- error codes:")
    table = text[text.index("\n", start) + 1 : text.index("<!-- end of error codes -->")]
    assert table == markdown_table(), "python -m onenight.session.errors --markdown"


def test_the_command_prints_the_module_and_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--js"])
    assert capsys.readouterr().out == js_module()
    main(["--markdown"])
    assert capsys.readouterr().out == markdown_table()


def test_the_generated_module_is_package_data() -> None:
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["onenight"]
    assert any(ERRORS_JS.relative_to(SRC).match(p) for p in patterns)
