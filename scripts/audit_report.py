"""The audit's decision, on a report saved by pip-audit (``-f json``) or npm audit
(``--json``): scripts/audit.sh runs each tool, then this on what it wrote.

    python3 scripts/audit_report.py pip|npm REPORT [LOG]

Exit status: 0 when no known vulnerability has a fixed version (one with no fix yet is
printed, and passes); 1 when one has (each printed, VULNERABLE); 3 when the report holds
no vulnerability data (the tool could not reach its service, or the index it reached
serves none): SKIPPED, with why. A report of a shape not known here is an error (a
traceback, status 1): the audit never passes on what it could not read.

Standard library only: it runs before, and apart from, the project's environment."""

from __future__ import annotations

import json
import sys
from pathlib import Path

OK, VULNERABLE, SKIPPED = 0, 1, 3


def _load(report: str) -> object:
    try:
        return json.loads(Path(report).read_text())
    except (OSError, ValueError):
        return None  # not written (the tool failed), or not JSON


def _tail(log: str | None, lines: int = 3) -> str:
    if not log:
        return ""
    try:
        text = Path(log).read_text(errors="replace").strip()
    except OSError:
        return ""
    return "\n  ".join(text.splitlines()[-lines:])


def pip_audit(report: str, log: str | None = None) -> int:
    data = _load(report)
    if not isinstance(data, dict) or "dependencies" not in data:
        print("audit: pip-audit: SKIPPED: it could not run (offline, or no service reached):")
        print("  " + (_tail(log) or "no report was written"))
        return SKIPPED
    deps = data["dependencies"]
    audited = [d for d in deps if "skip_reason" not in d]
    if not audited:
        print(
            f"audit: pip-audit: SKIPPED: none of {len(deps)} packages could be audited (the "
            "package index reached serves no vulnerability data)"
        )
        return SKIPPED
    fixable, unfixed = [], []
    for d in audited:
        for v in d["vulns"]:
            line = f"{d['name']} {d['version']}: {v['id']}"
            if v["fix_versions"]:
                fixable.append(f"{line} (fixed in {', '.join(v['fix_versions'])})")
            else:
                unfixed.append(line)
    for line in unfixed:
        print(f"audit: pip-audit: known, no fix yet: {line}")
    for line in fixable:
        print(f"audit: pip-audit: VULNERABLE: {line} (upgrade it: bash scripts/lock.sh)")
    not_found = len(deps) - len(audited)
    print(
        f"audit: pip-audit: {len(audited)} packages audited ({not_found} not found), "
        f"{len(fixable)} to fix"
    )
    return VULNERABLE if fixable else OK


def npm_audit(report: str, log: str | None = None) -> int:
    data = _load(report)
    if not isinstance(data, dict) or "vulnerabilities" not in data:
        error = data if isinstance(data, dict) else {}
        details = error.get("error") or {}
        why = (
            error.get("message")
            or details.get("summary")
            or details.get("detail")
            or _tail(log, 1)
            or "no report was written"
        )
        print(f"audit: npm audit: SKIPPED: the registry's audit service could not be used ({why})")
        return SKIPPED
    fixable, unfixed = [], []
    for name, v in data["vulnerabilities"].items():
        fix = v["fixAvailable"]  # true, false, or the version that fixes it
        if fix:
            to = f" in {fix['name']} {fix['version']}" if isinstance(fix, dict) else ""
            fixable.append(f"{name} ({v['severity']}): fixed{to}")
        else:
            unfixed.append(f"{name} ({v['severity']})")
    for line in unfixed:
        print(f"audit: npm audit: known, no fix yet: {line}")
    for line in fixable:
        print(f"audit: npm audit: VULNERABLE: {line} (npm audit fix)")
    print(f"audit: npm audit: {len(data['vulnerabilities'])} known, {len(fixable)} with a fix")
    return VULNERABLE if fixable else OK


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3) or argv[0] not in ("pip", "npm"):
        print(__doc__, file=sys.stderr)
        return 2
    decide = pip_audit if argv[0] == "pip" else npm_audit
    return decide(*argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
