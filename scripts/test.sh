#!/usr/bin/env bash
# The whole test suite, from a fresh machine: installs what it needs, starts the
# services its tests use, then runs lint, types, the shared conformance scenarios and
# pytest — the rules tests twice: on the pure-Python engine and on its mypyc build.
# Usage: bash scripts/test.sh [--fast] [extra pytest args]
#   --fast: the fast lane — lint, types, the shared scenarios and every in-process test
#           (pytest -m "not outside": no browser, no server subprocess, no mypyc build).
# ONENIGHT_SKIP_COMPILED=1 skips building and testing the mypyc build.
# ONENIGHT_WORKERS=N runs the full suite's pytest on N xdist workers (default 5: most
# outside tests wait on real servers, timers and browsers: four workers left a fifth of the
# two cores idle, five keep them busy; docs/testing.md: the suite's times).
set -euo pipefail
cd "$(dirname "$0")/.."
# Every Python process of the run (pytest's workers, the tests' servers, the scenarios)
# would otherwise compile each module it imports from source again where the machine sets
# PYTHONDONTWRITEBYTECODE (this project's machines do, and uv installs no .pyc): a pytest
# worker's collection took 9.9 s of CPU so, 6.5 s with bytecode, and the assertion
# rewriting of the test files is cached the same way.
unset PYTHONDONTWRITEBYTECODE
root=$(pwd)
# where the time goes: each stage's start, in seconds since the script began
stage() { echo "== ${SECONDS}s: $*"; }
fast=0
if [ "${1:-}" = "--fast" ]; then
  fast=1
  shift
fi

stage install
# 1. The services the tests use (PostgreSQL, Redis; Chromium and a Japanese font for the
# browser tests: apt-get on a fresh machine) start in the background while uv installs.
mkdir -p build
if [ "$fast" = 1 ]; then
  ONENIGHT_NO_BROWSER=1 bash scripts/services.sh >build/services.log 2>&1 &
else
  bash scripts/services.sh >build/services.log 2>&1 &
fi
services=$!
# 2. Python environment: an editable, pure-Python install for the tests.
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
# The versions pinned in requirements/constraints.txt (refreshed by scripts/lock.sh),
# installed by uv: about 3 s where pip took 55 s of one core for the same 135 packages
# (pip resolves and unpacks them one at a time); pip itself only fetches uv. uv reads
# no pip.conf: where it cannot reach an index that pip can (a local mirror), pip does it.
.venv/bin/pip install -q --disable-pip-version-check -c requirements/constraints.txt uv
if ! ONENIGHT_MYPYC=0 .venv/bin/uv pip install -q --python .venv/bin/python \
  -c requirements/constraints.txt -e '.[dev]' pip-audit; then
  echo "uv could not install: pip installs instead" >&2
  ONENIGHT_MYPYC=0 .venv/bin/pip install -q --disable-pip-version-check \
    -c requirements/constraints.txt -e '.[dev]' pip-audit
fi
export PATH="$root/.venv/bin:$PATH"
stage services
wait "$services"
cat build/services.log

# The browser files' type checker and axe-core (the accessibility tests read it).
npm ci --silent --no-audit --no-fund
shared="$root/../shared/conformance"

# 3. Static checks (ruff, mypy, the import layers, TypeScript's checker on the JSDoc-typed
# browser files), the dependency audit and the shared conformance scenarios: first in the
# fast lane; in the full run beside the parallel pytest, whose workers often wait on
# servers, timers and browsers (printed, and failing the run, once pytest is over).
checks() {
  stage static checks
  ruff check src tests benchmarks
  ruff format --check src tests benchmarks
  mypy
  mypy --strict src/onenight/rules  # the rules core: strict, whatever the config says
  lint-imports  # the layers (pyproject.toml's [tool.importlinter]): no upward import
  npm run -s check
  stage audit
  # Known vulnerabilities in the dependencies (pip-audit, npm audit): fails on one that
  # has a fix; says SKIPPED where the vulnerability data cannot be reached (offline CI).
  bash scripts/audit.sh
  stage scenarios
  # 4. The shared conformance scenarios (pytest runs them too).
  if [ -d "$shared/examples" ]; then
    python3 "$shared/check.py" --quiet --cmd "onenight resolve" "$shared/examples"
  fi
  stage checks done
}

# 5. The test suite: the fast lane on its own, or everything on xdist workers (each
# worker has its own Redis server and PostgreSQL database: tests/conftest.py).
if [ "$fast" = 1 ]; then
  (set -e; checks)
  stage pytest
  pytest -q -m "not outside" -n 2 "$@"
  exit 0
fi
# The order, on two cores: first the serial voice tests (three Chromium processes with
# live audio, which want a core of their own) with the static checks and the mypyc build
# beside them, both niced so that the voice comes first; then the parallel pytest, which
# keeps both cores busy (the checks and the build, if not done, take what it leaves);
# then the compiled engine's tests, its scenarios beside them. Both cores are busy all
# along, so the order moves time rather than saving it (docs/testing.md: the suite's times).
(set -e; checks) >build/checks.log 2>&1 &
checking=$!
renice -n 10 -p "$checking" >/dev/null  # what it starts from now on inherits it
# a failed stage ends the script: what runs in the background goes with it
build=""
cleanup() {
  for job in $checking $build; do
    pkill -P "$job" 2>/dev/null || true
    kill "$job" 2>/dev/null || true
  done
}
trap cleanup EXIT
# 6. The compiled (mypyc) engine: built in the background, niced (one compiler process),
# then tested there as soon as it is built — the same rules tests and scenarios, and the
# compiled bots (docs/bots.md, "Third pass": they decide exactly as the pure ones, replay
# exactly, and their worlds believe what rejection sampling believes) — niced beside the
# parallel pytest, in what its workers leave of the two cores (they wait on servers,
# timers and browsers); their output is printed, and their failure fails the run, once
# pytest ends. (After pytest, the stage took 22-33 s more of the run.)
compiled_tests() {
  export PYTHONPATH="$root/build/compiled"
  python3 -c "import onenight.rules.game as g, onenight.bots.worlds as w, sys; sys.exit(0 if g.__file__.endswith('.so') and w.__file__.endswith('.so') else 1)" \
    || { echo "the mypyc build did not compile the engine and the bots' sampler" >&2; return 1; }
  local scenarios=""
  if [ -d "$shared/examples" ]; then
    python3 "$shared/check.py" --quiet --cmd "python3 -m onenight.cli resolve" \
      "$shared/examples" >build/compiled-scenarios.log 2>&1 &
    scenarios=$!
  fi
  stage compiled tests
  pytest -q -p no:cacheprovider tests/rules tests/engine tests/bots/test_bot_compiled.py \
    tests/bots/test_bot_worlds.py "tests/bots/test_bot_play.py::test_seeded_bot_games_replay_exactly"
  if [ -n "$scenarios" ]; then
    wait "$scenarios" || { cat build/compiled-scenarios.log; return 1; }
    cat build/compiled-scenarios.log
  fi
  stage compiled done
}
compiled=0
if [ "${ONENIGHT_SKIP_COMPILED:-0}" != 1 ]; then
  compiled=1
  rm -rf build/wheel build/compiled
  # uv build: its build environment (mypy pinned by the constraints) is made in a second,
  # where pip's took a third of the build's 53 CPU seconds (pip's where uv cannot reach
  # an index)
  (
    set -e
    stage mypyc build
    {
      { nice -n 19 uv build -q --wheel -b requirements/constraints.txt -o build/wheel . \
        || nice -n 19 pip wheel --no-deps -q --disable-pip-version-check -w build/wheel .; } \
        && pip install -q --disable-pip-version-check --no-deps \
          --target build/compiled build/wheel/onenight-*.whl
    } >build/wheel.log 2>&1 || { tail -n 30 build/wheel.log; exit 1; }
    renice -n 10 -p "$BASHPID" >/dev/null
    compiled_tests
  ) >build/compiled.log 2>&1 &
  build=$!
fi

stage serial voice tests, beside the static checks and the mypyc build
# exit 5: none selected by "$@"
status=0
pytest -q -m serial "$@" || { s=$?; [ "$s" = 5 ] || status=$s; }
[ "$status" = 0 ] || { echo "the serial voice tests failed (above)" >&2; exit "$status"; }

stage pytest
# --durations: the slowest tests, printed by every run, where the suite's time goes
pytest -q -n "${ONENIGHT_WORKERS:-5}" --dist loadfile -m "not serial" --durations=25 "$@" \
  || status=$?
stage waiting for the static checks
checked=0
wait "$checking" || checked=$?
cat build/checks.log
[ "$checked" = 0 ] || { echo "the static checks failed (above)" >&2; exit "$checked"; }
[ "$status" = 0 ] || exit "$status"

if [ "$compiled" = 1 ]; then
  stage compiled engine, waited for
  built=0
  wait "$build" || built=$?
  cat build/compiled.log
  [ "$built" = 0 ] || { echo "the compiled engine's build or tests failed (above)" >&2; exit 1; }
fi
trap - EXIT
stage done
