"""scripts/audit.sh's decision, on recorded reports (tests/audit_reports/README.md says
how each was made): it fails on a known vulnerability that has a fixed version, passes on
one with no fix yet, and says SKIPPED when, and only when, the vulnerability data could
not be had, which ``ONENIGHT_AUDIT=strict`` turns into a failure. No network is used:
the reports stand in for the tools (docs/security.md)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "tests" / "audit_reports"


def audit(pip: str, npm: str, **env: str) -> tuple[int, str]:
    """Run scripts/audit.sh on a recorded pip-audit report and npm audit report (a
    report that does not exist: the tool wrote none; an absolute path: a report of the
    test's own); its status and what it printed."""
    variables = {
        **os.environ,
        "ONENIGHT_AUDIT_PIP_REPORT": str(REPORTS / pip),
        "ONENIGHT_AUDIT_PIP_LOG": str(REPORTS / "pip-unreachable.log"),
        "ONENIGHT_AUDIT_NPM_REPORT": str(REPORTS / npm),
        **env,
    }
    variables.pop("ONENIGHT_AUDIT", None)
    variables.update(env)
    done = subprocess.run(
        ["bash", str(ROOT / "scripts" / "audit.sh")],
        env=variables,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode, done.stdout + done.stderr


def test_a_python_vulnerability_with_a_fix_fails_the_audit() -> None:
    status, said = audit("pip-fixable.json", "npm-unfixed.json")
    assert status == 1, said
    assert "pip-audit: VULNERABLE: requests 2.32.3: PYSEC-0000-0001 (fixed in 2.32.4" in said
    assert "pip-audit: known, no fix yet: requests 2.32.3: GHSA-0000-0000-0002" in said
    assert "SKIPPED" not in said


def test_an_npm_vulnerability_with_a_fix_fails_the_audit() -> None:
    status, said = audit("pip-unfixed.json", "npm-fixable.json")
    assert status == 1, said
    assert "npm audit: VULNERABLE: typescript (high): fixed in typescript 5.9.4" in said
    assert "SKIPPED" not in said


def test_vulnerabilities_with_no_fix_yet_pass_and_are_shown() -> None:
    status, said = audit("pip-unfixed.json", "npm-unfixed.json")
    assert status == 0, said
    assert "pip-audit: known, no fix yet: requests 2.32.3: GHSA-0000-0000-0002" in said
    assert "npm audit: known, no fix yet: axe-core (moderate)" in said
    assert "2 packages audited (1 not found), 0 to fix" in said
    assert "VULNERABLE" not in said and "SKIPPED" not in said


@pytest.mark.parametrize(
    ("pip", "pip_why", "npm", "npm_why"),
    [
        (
            "pip-no-vulnerability-data.json",
            "none of 3 packages",
            "npm-unreachable.json",
            "ECONNREFUSED",
        ),
        ("no-report-written.json", "Connection refused", "npm-no-audit-service.json", "405"),
    ],
)
def test_unreachable_data_is_skipped_and_said(
    pip: str, pip_why: str, npm: str, npm_why: str
) -> None:
    status, said = audit(pip, npm)
    assert status == 0, said
    lines = said.splitlines()
    pip_line = next(i for i, line in enumerate(lines) if "pip-audit: SKIPPED" in line)
    assert pip_why in "\n".join(lines[pip_line : pip_line + 4]), said
    assert any("npm audit: SKIPPED" in line and npm_why in line for line in lines), said
    strict, _ = audit(pip, npm, ONENIGHT_AUDIT="strict")
    assert strict == 1


def test_a_skipped_audit_never_hides_a_failing_one() -> None:
    status, said = audit("pip-no-vulnerability-data.json", "npm-fixable.json")
    assert status == 1 and "pip-audit: SKIPPED" in said and "VULNERABLE: typescript" in said


def test_a_report_it_cannot_read_fails(tmp_path: Path) -> None:
    """A vulnerability in a shape the decision does not know (no ``fix_versions``): it
    cannot tell whether a fix exists, so the audit fails rather than pass."""
    odd = tmp_path / "pip-odd.json"
    odd.write_text('{"dependencies": [{"name": "x", "version": "1", "vulns": [{"id": "X-1"}]}]}')
    status, said = audit(str(odd), "npm-unfixed.json")
    assert status == 1 and "KeyError" in said and "SKIPPED" not in said
