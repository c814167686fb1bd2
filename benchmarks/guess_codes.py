"""Walking room codes from one address: how many look-ups of random codes a server
answers a second (``GET /api/rooms/{code}/status``), with the guesses bounded
(``--guesses-per-minute``, 10 by default) and without (0), and what finding one live
room among ``--rooms`` then costs.

    python benchmarks/guess_codes.py [--seconds 5] [--rooms 700] [--port 8632]

A real server process on loopback (SQLite in a temporary folder), one client. A short
window includes the burst (5 guesses): over minutes the bound is 10 a minute.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from onenight.session.protocol import CODE_LENGTH, CODE_LETTERS


async def walk(base: str, seconds: float) -> tuple[int, int]:
    """Look-ups answered (200) and refused (429) in ``seconds``."""
    rng = random.Random(1)
    answered = refused = 0
    end = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base) as http:
        while time.monotonic() < end:
            code = "".join(rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            status = (await http.get(f"/api/rooms/{code}/status")).status_code
            answered += status == 200
            refused += status == 429
    return answered, refused


def measure(port: int, guesses: str, seconds: float) -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        cmd = [sys.executable, "-m", "onenight.server", "--port", str(port), "--db", db]
        cmd += ["--metrics-address", "off", "--guesses-per-minute", guesses]
        server = subprocess.Popen(cmd, env=os.environ, stdout=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    httpx.get(f"{base}/api/health", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            return asyncio.run(walk(base, seconds))
        finally:
            server.terminate()
            server.wait(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rooms", type=int, default=700)
    parser.add_argument("--port", type=int, default=8632)
    args = parser.parse_args()
    space = len(CODE_LETTERS) ** CODE_LENGTH
    per_hit = space / args.rooms
    for label, guesses in (("unbounded (--guesses-per-minute 0)", "0"), ("default", "10")):
        answered, refused = measure(args.port, guesses, args.seconds)
        rate = answered / args.seconds
        print(
            f"{label:36} answered {rate:8.1f}/s  refused {refused / args.seconds:8.1f}/s"
            f"  one live room among {args.rooms}: {per_hit / max(rate, 1e-9):10.0f} s"
        )


if __name__ == "__main__":
    main()
