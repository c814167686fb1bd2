"""The browser client's weight and speed: what the first load of / transfers (each file
gzipped, art included) and how soon a room's lobby is interactive, on loopback in
headless Chromium.

Usage: .venv/bin/python scripts/weight_client.py  (needs Debian's chromium)
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import CHROMIUM_ARGS as ARGS
from chromium import throwaway_server

BUDGET = 150 * 1024  #: bytes, gzipped, for the first load


def main() -> None:
    with throwaway_server() as base:
        measure(base)


def measure(base: str) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        ctx = browser.new_context()
        page = ctx.new_page()
        bodies: list[tuple[str, int, int]] = []

        def on_response(res: Any) -> None:
            if res.url.startswith(base) and res.status == 200:
                body = res.body()
                bodies.append((res.url[len(base) :], len(body), len(gzip.compress(body, 6))))

        page.on("response", on_response)
        page.goto(f"{base}/")
        page.wait_for_selector("#create-form")
        page.wait_for_load_state("networkidle")
        raw = sum(b[1] for b in bodies)
        packed = sum(b[2] for b in bodies)
        for url, size, gz in sorted(bodies, key=lambda b: -b[2]):
            print(f"{gz:>8} {size:>8}  {url}")
        print(f"first load of /: {len(bodies)} files, {raw} bytes, {packed} bytes gzipped")
        print(f"budget {BUDGET} bytes gzipped: {'OK' if packed <= BUDGET else 'OVER'}")
        ctx.close()
        # A player opening a room's link with a seat token already in the browser.
        room = httpx.post(f"{base}/api/rooms", json={"name": "ann"}).json()
        times = []
        for _ in range(5):
            ctx = browser.new_context()
            ctx.add_init_script(
                f"localStorage.setItem('onenight.token.{room['room']}', '{room['token']}')"
            )
            page = ctx.new_page()
            page.goto(f"{base}/r/{room['room']}")
            page.wait_for_selector("#start", state="attached")
            times.append(page.evaluate("performance.now()"))
            ctx.close()
        print(f"lobby interactive after {min(times):.0f}–{max(times):.0f} ms (5 loads)")
        browser.close()


if __name__ == "__main__":
    main()
