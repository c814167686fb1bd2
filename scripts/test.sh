#!/usr/bin/env bash
# The whole test suite, from a fresh machine: installs what it needs, starts the
# services its tests use, then runs lint, types, the shared conformance scenarios
# and pytest. Usage: bash scripts/test.sh [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# 1. Python environment.
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/pip install -q --disable-pip-version-check -e '.[dev]'
export PATH="$root/.venv/bin:$PATH"

# 2. Services the tests use: PostgreSQL (persistence tests).
bash scripts/services.sh

# 3. Static checks.
ruff check src tests benchmarks
ruff format --check src tests benchmarks
mypy

# 4. The shared conformance scenarios (also run inside pytest).
shared="$root/../shared/conformance"
if [ -d "$shared/examples" ]; then
  python3 "$shared/check.py" --quiet --cmd "onenight resolve" "$shared/examples"
fi

# 5. The test suite.
pytest -q "$@"
