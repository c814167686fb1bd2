"""The server's garbage-collector settings (onenight.server.collector)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from onenight.server import collector

PROBE = (
    "import gc; from onenight.server.collector import tune; tune(); "
    "print(*gc.get_threshold(), gc.get_freeze_count() > 0)"
)


def probe(env: dict[str, str]) -> str:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True
    )
    return out.stdout.strip()


def test_tune_freezes_startup_and_sets_the_thresholds() -> None:
    env = {"PATH": "/usr/bin:/bin"}
    young, middle, old = collector.YOUNG, collector.MIDDLE, collector.OLD
    assert probe(env) == f"{young} {middle} {old} True"
    assert young > 700  # fewer young collections than CPython's default


def test_the_environment_sets_other_thresholds() -> None:
    assert probe({"ONENIGHT_GC": "700,10,10"}) == "700 10 10 True"


@pytest.mark.parametrize("text", ["", "1,2", "a,b,c", "1,2,3,4"])
def test_a_bad_setting_keeps_the_defaults(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ONENIGHT_GC", text)
    assert collector.thresholds() == (collector.YOUNG, collector.MIDDLE, collector.OLD)


def test_a_threshold_is_at_least_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ONENIGHT_GC", "0,-5,3")
    assert collector.thresholds() == (1, 1, 3)
