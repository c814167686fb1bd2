"""The batched engine from outside: ``onenight bench --batch`` and an ``import
onenight.rules`` that needs no numpy (subprocesses: this module runs outside the fast
lane; tests/rules/test_batch.py is the batch's own, in process)."""

from __future__ import annotations

import json
import subprocess
import sys

JIN5 = "werewolf,werewolf,seer,robber,troublemaker,villager,villager,insomniac"


def test_import_rules_needs_no_numpy() -> None:
    code = "import sys, onenight.rules; sys.exit('numpy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_bench_batch_prints_the_batch_and_the_engine_side_by_side() -> None:
    deck = JIN5
    cmd = [sys.executable, "-m", "onenight.cli", "bench", "--players", "5", "--deck", deck]
    proc = subprocess.run(
        [*cmd, "--seconds", "0.3", "--batch", "512", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["batch"] == 512 and report["games"] % 512 == 0 and report["games"] > 0
    assert report["games_per_second"] > 0 and report["engine_games_per_second"] > 0
    refused = subprocess.run(
        [*cmd.copy()[:-1], deck.replace("villager,", "aura_seer,", 1), "--batch", "64"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 2 and "aura_seer" in refused.stderr
