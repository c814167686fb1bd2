#!/usr/bin/env bash
# Audit the dependencies for known vulnerabilities (CI runs it from scripts/test.sh):
#   - Python: pip-audit on requirements/constraints.txt (the versions CI installs);
#   - npm: npm audit on package-lock.json (the type-check tooling: TypeScript, axe-core).
# Fails on a known vulnerability that has a fixed version (upgrade: bash scripts/lock.sh,
# or npm install PACKAGE@FIXED); one with no fix yet is printed, and does not fail.
# Where the vulnerability data cannot be had (no network, or a package index that serves
# none, as a mirror may), each audit says so and is skipped: it never passes silently.
# ONENIGHT_AUDIT=0 skips both; ONENIGHT_AUDIT=strict fails instead of skipping.
# The decision is scripts/audit_report.py's, on the tools' JSON reports (kept in build/).
# ONENIGHT_AUDIT_PIP_REPORT / ONENIGHT_AUDIT_NPM_REPORT name a saved report to decide on
# instead of running that tool (ONENIGHT_AUDIT_PIP_LOG / _NPM_LOG: what the tool printed,
# for the reason of a skip); tests/test_audit.py feeds it recorded ones so.
set -uo pipefail
cd "$(dirname "$0")/.."
mode=${ONENIGHT_AUDIT:-1}
if [ "$mode" = 0 ]; then
  echo "audit: skipped (ONENIGHT_AUDIT=0)"
  exit 0
fi
mkdir -p build
status=0

verdict() {  # the audit of one tool's report: 0 passed, 3 skipped, anything else failed
  case $1 in
    0) ;;
    3) if [ "$mode" = strict ]; then status=1; fi ;;
    *) status=1 ;;
  esac
}

# --- Python ---
if [ -n "${ONENIGHT_AUDIT_PIP_REPORT:-}" ]; then
  python3 scripts/audit_report.py pip "$ONENIGHT_AUDIT_PIP_REPORT" "${ONENIGHT_AUDIT_PIP_LOG:-}"
  verdict $?
elif ! command -v pip-audit >/dev/null; then
  echo "audit: pip-audit: SKIPPED: pip-audit is not installed (pip install pip-audit)"
  verdict 3
else
  rm -f build/pip-audit.json  # a report from an earlier run must not stand for this one
  pip-audit -r requirements/constraints.txt --no-deps --disable-pip --progress-spinner off \
    -f json -o build/pip-audit.json >build/pip-audit.log 2>&1
  python3 scripts/audit_report.py pip build/pip-audit.json build/pip-audit.log
  verdict $?
fi

# --- npm ---
if [ -n "${ONENIGHT_AUDIT_NPM_REPORT:-}" ]; then
  python3 scripts/audit_report.py npm "$ONENIGHT_AUDIT_NPM_REPORT" "${ONENIGHT_AUDIT_NPM_LOG:-}"
  verdict $?
elif ! command -v npm >/dev/null; then
  echo "audit: npm audit: SKIPPED: npm is not installed"
  verdict 3
else
  npm audit --json >build/npm-audit.json 2>build/npm-audit.log
  python3 scripts/audit_report.py npm build/npm-audit.json build/npm-audit.log
  verdict $?
fi
exit $status
