"""The shared conformance scenarios, through the real `onenight resolve` command."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "conformance"
EXAMPLES = SHARED / "examples"
CHECK = SHARED / "check.py"
RESOLVE = [sys.executable, "-m", "onenight.cli", "resolve"]

pytestmark = pytest.mark.skipif(not CHECK.exists(), reason="../shared/conformance is missing")


def test_check_py_passes_shared_examples_through_the_command(tmp_path: Path) -> None:
    """check.py drives the real ``onenight resolve`` command. Here on a sample of the
    examples (one process each): scripts/test.sh runs check.py on all of them in both
    lanes, and the next test resolves every one of them in process."""
    sample = sorted(EXAMPLES.glob("*.json"))[::8]
    for path in sample:
        shutil.copy(path, tmp_path / path.name)
    exe = shutil.which("onenight")
    cmd = f"{exe} resolve" if exe else " ".join(RESOLVE)
    proc = subprocess.run(
        [sys.executable, str(CHECK), "--cmd", cmd, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(sample)} passed, 0 failed" in proc.stdout


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_each_example_in_process(path: Path) -> None:
    from onenight.rules.scenario import ScenarioError, resolve

    scenario = json.loads(path.read_text())
    expect = scenario["expect"]
    if expect.get("error"):
        with pytest.raises(ScenarioError):
            resolve(scenario)
        return
    result = resolve(scenario)
    for key in ("dead", "winners"):
        if key in expect:
            assert sorted(result[key]) == sorted(expect[key])
    for key in ("cards", "center", "roles"):
        if key in expect:
            assert result[key] == expect[key]


def run_resolve(text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RESOLVE, "-"], input=text, capture_output=True, text=True, timeout=60)


BASE = {
    "edition": "ultimate",
    "players": ["a", "b", "c"],
    "deal": {"a": "villager", "b": "werewolf", "c": "villager"},
    "center": ["villager", "villager", "villager"],
    "votes": {"a": "b", "b": "a", "c": "a"},
}

BAD_INPUTS = {
    "not json": "{nope",
    "not an object": "[1, 2]",
    "empty": "",
    "unknown role": json.dumps({**BASE, "deal": {"a": "wizard", "b": "werewolf", "c": "villager"}}),
    "unknown edition": json.dumps({**BASE, "edition": "deluxe"}),
    "wrong deck size": json.dumps({**BASE, "center": ["villager", "villager"]}),
    "unknown name in votes": json.dumps({**BASE, "votes": {"a": "zed", "b": "a", "c": "a"}}),
    "deeply nested": "[" * 100_000 + "]" * 100_000,
    "huge integer": '{"edition": "ultimate", "options": {"x": ' + "1" * 5000 + "}}",
    "night not an object": json.dumps({**BASE, "night": []}),
    "zero-padded center slot": json.dumps(
        {**BASE, "deal": {"a": "seer", "b": "werewolf", "c": "villager"}}
        | {"night": {"a": [{"view": ["center:00", "center:1"]}]}}
    ),
}


@pytest.mark.parametrize("text", BAD_INPUTS.values(), ids=BAD_INPUTS.keys())
def test_bad_input_exits_2_with_one_line(text: str) -> None:
    proc = run_resolve(text)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr


def test_missing_file_exits_2() -> None:
    proc = subprocess.run(
        [*RESOLVE, "/nonexistent/scenario.json"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert "cannot read" in proc.stderr


def test_any_unique_name_not_beginning_with_center_is_a_player() -> None:
    long_name = "a player whose name is much longer than forty characters, and more"
    scenario = {**BASE, "players": [long_name, "b", "c"]}
    scenario["deal"] = {long_name: "villager", "b": "werewolf", "c": "villager"}
    scenario["votes"] = {long_name: "b", "b": long_name, "c": "b"}
    scenario["night"] = {"b": [{"view": ["center:0"]}]}
    proc = run_resolve(json.dumps(scenario))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["dead"] == ["b"]
