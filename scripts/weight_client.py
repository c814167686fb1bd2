"""The browser client's weight: the bytes a first visit to / transfers (every response as it
crossed the network, compressed, headers included, the service worker's own requests too)
and a second visit (the browser's copies revalidated: 304s with no body), and how soon a
room's lobby is interactive, on loopback in headless Chromium.

Usage: .venv/bin/python scripts/weight_client.py  (needs Debian's chromium)
Exits 1 when the first load is over BUDGET or the second downloads a file again.
tests/web/test_client_offline.py measures the same with ``visits``.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import CHROMIUM_ARGS as ARGS
from chromium import throwaway_server

BUDGET = 60_000  #: bytes transferred by a first visit, headers and compressed bodies


@dataclass
class Fetch:
    path: str
    status: int
    body: int  #: bytes of body that crossed the network (compressed); 0 from a cache
    headers: int  #: bytes of response headers that crossed the network
    worker: bool  #: asked by the service worker (its install, or for the page it controls)

    @property
    def transferred(self) -> int:
        return self.body + self.headers

    @property
    def revalidated(self) -> bool:
        """Answered ``304`` (Chromium shows the cached ``200``): headers and no body."""
        return self.body == 0 and self.headers > 0


@dataclass
class Visit:
    fetches: list[Fetch] = field(default_factory=list)

    @property
    def transferred(self) -> int:
        """What the visit cost: each file once for its asker (the page, or the worker),
        its largest answer. Chromium may ask again for a file it already holds (its
        icon, revalidated while a loaded machine draws the page; the page itself, asked
        through the worker once it controls the page, seen once in a loaded run as a 304
        of 770 bytes of headers): the browser's habit, not the app's weight, so a
        revalidation of a file this visit has already downloaded counts nothing."""
        held = {f.path for f in self.fetches if f.body > 0}
        largest: dict[tuple[str, bool], int] = {}
        for f in self.fetches:
            if f.revalidated and f.path in held:
                continue
            key = (f.path, f.worker)
            largest[key] = max(largest.get(key, 0), f.transferred)
        return sum(largest.values())

    @property
    def bodies(self) -> int:
        return sum(f.body for f in self.fetches)

    def downloaded(self, prefix: str = "") -> list[Fetch]:
        """The responses that brought a body over the network (under ``prefix``)."""
        return [f for f in self.fetches if f.body > 0 and f.path.startswith(prefix)]


def _record(base: str, visit: Visit, request: Any) -> None:
    response = request.response()
    if response is None or not request.url.startswith(base):
        return
    if response.from_service_worker:
        return  # the page's copy of what the worker fetched: the worker's request counts
    sizes = request.sizes()
    # Chromium reports what crossed the network (encodedDataLength); Playwright gives it as
    # headers + body, the body negative when nothing did (a response from the HTTP cache).
    crossed = max(0, sizes["responseBodySize"] + sizes["responseHeadersSize"])
    headers = min(crossed, sizes["responseHeadersSize"])
    body = crossed - headers
    path = request.url[len(base) :]
    if path.split("?")[0].endswith("/sw.js") and body == 0 and crossed > 0:
        # Chromium reports a worker's own script without its body: count it as sent.
        body = int(response.headers.get("content-length") or 0)
    worker = request.service_worker is not None
    visit.fetches.append(Fetch(path, response.status, body, headers, worker))


def _settle(page: Any) -> None:
    """Wait until the page is drawn, controlled by its worker, and the network is quiet."""
    page.wait_for_selector("#create-form")
    controlled = page.evaluate(
        "Promise.race([new Promise(done => setTimeout(() => done(false), 15000)),"
        " navigator.serviceWorker.ready.then(() => new Promise(done => {"
        "  if (navigator.serviceWorker.controller) return done(true);"
        "  navigator.serviceWorker.addEventListener('controllerchange', () => done(true));"
        "}))])"
    )
    assert controlled, "the service worker did not take the page within 15 s"
    page.wait_for_load_state("networkidle")
    time.sleep(0.3)  # the last requestfinished events


def visits(browser: Any, base: str) -> tuple[Visit, Visit]:
    """A first visit to ``base``/ in a fresh browser profile, then a second one (a new tab
    in the same profile, as a player coming back)."""
    ctx = browser.new_context(locale="en-US")
    first, second = Visit(), Visit()
    current = first
    ctx.on("requestfinished", lambda r: _record(base, current, r))
    try:
        page = ctx.new_page()
        page.goto(f"{base}/")
        _settle(page)
        page.close()
        current = second
        page = ctx.new_page()
        page.goto(f"{base}/")
        _settle(page)
    finally:
        ctx.close()
    return first, second


def table(visit: Visit) -> str:
    """The visit's responses, one a line: status, body + headers, who asked, path."""
    lines = []
    for f in visit.fetches:
        who = "worker" if f.worker else "page"
        status = "304" if f.revalidated else f.status
        lines.append(f"  {status}  {f.body:>6} + {f.headers:>4}  {who:<6}  {f.path}")
    return "\n".join(lines)


def _report(name: str, visit: Visit) -> None:
    print(f"{name} (status, body + headers in bytes, asked by, path; 0 + 0: from a cache):")
    print(table(visit))
    print(
        f"  {len(visit.fetches)} responses, {visit.transferred} bytes transferred "
        f"({visit.bodies} of bodies)"
    )


def main() -> int:
    with throwaway_server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        first, second = visits(browser, base)
        _report("first load of /", first)
        _report("second load of /", second)
        again = [f.path for f in second.downloaded() if not f.path.startswith("/api/")]
        print(
            f"first load: {first.transferred} bytes (budget {BUDGET}): "
            f"{'OK' if first.transferred <= BUDGET else 'OVER'}"
        )
        print(f"second load: {second.transferred} bytes, files downloaded again: {again or 'none'}")
        lobby_timing(browser, base)
        browser.close()
    return 0 if first.transferred <= BUDGET and not again else 1


def lobby_timing(browser: Any, base: str) -> None:
    """A player opening a room's link with a seat token already in the browser."""
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


if __name__ == "__main__":
    sys.exit(main())
