"""Schemathesis over the HTTP API's OpenAPI schema, against a live server: every phase
(examples, coverage, fuzzing, stateful) and every check. (The WebSocket protocol's
fuzzer: test_fuzz_wire.py.)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from .conftest import Server

#: Cases per operation and phase: with 100 a run took 47 s on an idle machine (and over
#: three minutes beside the rest of the suite) for the same phases and checks as 25 in 12 s.
EXAMPLES = 25

#: The one 5xx the API documents as an answer to a good request: deck suggestions being
#: measured (503 with Retry-After). Everywhere else, a 5xx fails not_a_server_error.
#: A name the schema's pattern lets through may still be refused 400 ``bad_name``: its
#: NFKC form too long, an invisible character outside an emoji sequence, nothing visible
#: (session/names.py: rules no regular expression without look-arounds states).
#: A request whose head passes 16 KiB (a path or a query that long) is refused 431 before
#: any route reads it (server/connections.py): a rejection too.
SCHEMATHESIS_TOML = """
[checks.negative_data_rejection]
expected-statuses = [
  "400", "401", "403", "404", "405", "406", "409", "415", "422", "428", "429", "431", "5xx"
]

[[operations]]
include-path = "/api/decks/suggestions"
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "503"]

[[operations]]
include-path-regex = "^/api/rooms(/[^/]+/members)?$"
include-method = "POST"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "404", "409", "429"]
"""


def test_schemathesis_finds_nothing_in_the_http_api(server: Server, tmp_path: Path) -> None:
    """Every phase (examples, coverage, fuzzing, stateful) and every check, each answer in
    at most 8 s (the deck suggestions wait 4 s at most for the simulator)."""
    exe = shutil.which("schemathesis") or str(Path(sys.executable).parent / "schemathesis")
    (tmp_path / "schemathesis.toml").write_text(SCHEMATHESIS_TOML)
    proc = subprocess.run(
        [
            exe,
            "run",
            f"{server.http}/openapi.json",
            "--checks",
            "all",
            "--max-examples",
            str(EXAMPLES),
            "--max-response-time",
            "8",
            "--request-timeout",
            "10",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout[-4000:]
    assert "Coverage" in proc.stdout and "Stateful" in proc.stdout
    assert "(disabled)" not in proc.stdout, proc.stdout[-2000:]
    assert server.alive()
