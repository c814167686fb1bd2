#!/usr/bin/env bash
# Start the services the tests use when they are not running, and create the test
# database. Safe to run again. Set ONENIGHT_SKIP_SERVICES=1 to skip, ONENIGHT_NO_BROWSER=1
# to leave Chromium out.
set -uo pipefail
[ "${ONENIGHT_SKIP_SERVICES:-0}" = 1 ] && exit 0

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v pg_ctlcluster >/dev/null 2>&1 && ! command -v psql >/dev/null 2>&1; then
  echo "services: installing PostgreSQL" >&2
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  echo "services: starting PostgreSQL" >&2
  ver=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
  as_root pg_ctlcluster --skip-systemctl-redirect "$ver" main start || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
# The test database (trust auth on this machine; postgres superuser via the socket).
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  runpsql() { if [ "$(id -u)" = 0 ]; then su postgres -c "psql -qAt $*"; else psql -qAt "$@"; fi; }
  exists=$(runpsql "-c \"SELECT 1 FROM pg_database WHERE datname='onenight_test'\"" 2>/dev/null || true)
  if [ "$exists" != "1" ]; then
    runpsql "-c \"CREATE DATABASE onenight_test\"" >/dev/null 2>&1 || true
  fi
else
  echo "services: PostgreSQL is not reachable; PostgreSQL tests will be skipped" >&2
fi
# Redis for the pub/sub bus tests.
if ! command -v redis-server >/dev/null 2>&1 && ! command -v redis-cli >/dev/null 2>&1; then
  echo "services: installing Redis" >&2
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi
if ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  echo "services: starting Redis" >&2
  redis-server --port 6379 --bind 127.0.0.1 --save '' --appendonly no --daemonize yes >/dev/null \
    || echo "services: Redis could not be started; Redis tests will be skipped" >&2
  for _ in $(seq 1 20); do (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null && break; sleep 0.5; done
fi
# Node (npm) type-checks the browser files.
if ! command -v npm >/dev/null 2>&1; then
  echo "services: installing npm" >&2
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
# Chromium for the browser tests (Playwright cannot download browsers here): Debian's
# headless shell, which the tests drive (tests/web/conftest.py: half the CPU of a browser
# context), and the whole browser, which the screenshot scripts use; the fast lane runs
# no browser (ONENIGHT_NO_BROWSER=1).
if [ "${ONENIGHT_NO_BROWSER:-0}" != 1 ] && ! { command -v chromium >/dev/null 2>&1 \
    && command -v chromium-headless-shell >/dev/null 2>&1; }; then
  echo "services: installing Chromium" >&2
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    chromium chromium-headless-shell >/dev/null \
    || echo "services: Chromium could not be installed; browser tests will be skipped" >&2
fi
# A Japanese font, or the Japanese screenshots (scripts/screenshots_*.py) show boxes:
# Debian's Chromium does not bring one.
if [ "${ONENIGHT_NO_BROWSER:-0}" != 1 ] && command -v fc-list >/dev/null 2>&1 \
    && [ -z "$(fc-list :lang=ja 2>/dev/null)" ]; then
  echo "services: installing a Japanese font (fonts-noto-cjk)" >&2
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null \
    || echo "services: no Japanese font: Japanese text in screenshots will show as boxes" >&2
fi
exit 0
