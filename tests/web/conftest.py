"""Browser tests: a live server, Debian's Chromium driven by Playwright, and a watch that
fails a test on any console error, uncaught exception or failed request.

``playwright install`` cannot download browsers here: scripts/services.sh installs
Debian's Chromium, and the tests launch its headless shell (``chromium-headless-shell``,
the same Blink and V8 without the desktop browser's windows and profile services: what
Playwright itself runs headless). A browser context, which every player of every test
is, costs half the CPU there (0.17 against 0.35 s, page load included): the browser tests
took 340 CPU s instead of 459. ``CHROMIUM`` overrides the path (``/usr/bin/chromium``: the
whole browser); without the shell, the whole browser.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from server.conftest import Server  # tests/server: `python -m onenight.server` on a free port

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from chromium import CHROMIUM_ARGS  # the flags that work here, shared with the scripts

CHROMIUM = (
    os.environ.get("CHROMIUM")
    or shutil.which("chromium-headless-shell")
    or shutil.which("chromium")
    or "/usr/bin/chromium"
)
#: The phone the pages are designed for.
VIEWPORT = {"width": 360, "height": 740}
SPEECH_STUB = Path(__file__).with_name("speech_stub.js")


def _have_browser() -> bool:
    try:
        import playwright  # noqa: F401
    except ImportError:
        return False
    return Path(CHROMIUM).exists()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if _have_browser():
        return
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM} (run scripts/services.sh)")
    for item in items:
        if "page" in getattr(item, "fixturenames", ()) and Path(str(item.path)).is_relative_to(
            Path(__file__).parent
        ):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # No service worker unless a test asks (its offline tests: the marker
    # ``browser_context_args(service_workers="allow")``): see client_helpers.open_player.
    return {**browser_context_args, "viewport": VIEWPORT, "service_workers": "block"}


def start_server(tmp: Path) -> Server:
    srv = Server(f"sqlite+aiosqlite:///{tmp / 'onenight.db'}", tmp / "server.log")
    srv.start()
    return srv


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One live server for the browser tests (``server.http`` is its base URL)."""
    srv = start_server(tmp_path_factory.mktemp("web-server"))
    yield srv
    srv.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own, that it may stop (offline tests)."""
    srv = start_server(tmp_path)
    yield srv
    srv.stop()


@dataclass
class PageProblems:
    """What went wrong in a page; ``allow(pattern)`` excuses an expected one."""

    problems: list[str] = field(default_factory=list)
    allowed: list[re.Pattern[str]] = field(default_factory=list)

    def allow(self, pattern: str) -> None:
        self.allowed.append(re.compile(pattern))

    def unexpected(self) -> list[str]:
        """The problems not excused, and every content-policy violation: none is ever
        excused, so the policy stays strict as the pages change."""
        return [
            p
            for p in self.problems
            if p.startswith(VIOLATION) or not any(a.search(p) for a in self.allowed)
        ]

    def violations(self) -> list[str]:
        return [p for p in self.problems if p.startswith(VIOLATION)]


#: How a page reports a ``securitypolicyviolation`` (the server's Content-Security-Policy
#: refused a script, a style, a connection…): a console error that begins so.
VIOLATION = "securitypolicyviolation"
REPORT_VIOLATIONS = f"""
document.addEventListener("{VIOLATION}", (e) => {{
  console.error(`{VIOLATION}: ${{e.effectiveDirective}} refused ${{e.blockedURI || "inline"}}`
    + ` in ${{e.documentURI}} (${{e.sourceFile || ""}}:${{e.lineNumber}}) ${{e.sample || ""}}`);
}});
"""


#: The ending's show (views/reveal.js) plays for seconds before the result: the tests
#: that read a result skip it as a player may (the device's setting); the reveal's own
#: tests turn it back on (``SHOW_REVEAL``, an init script added after this one).
SKIP_REVEAL = 'try { localStorage.setItem("onenight.reveal", "off"); } catch (e) {}'
SHOW_REVEAL = 'try { localStorage.removeItem("onenight.reveal"); } catch (e) {}'


def watch(page: Any) -> PageProblems:
    """Collect console errors, uncaught exceptions, failed requests, HTTP errors and
    content-policy violations (on every page the ``page`` opens from now on); and skip
    the ending's show (``SKIP_REVEAL``)."""
    seen = PageProblems()
    page.add_init_script(REPORT_VIOLATIONS)
    page.add_init_script(SKIP_REVEAL)

    def console(msg: Any) -> None:
        if msg.type == "error":
            text = msg.text
            seen.problems.append(text if text.startswith(VIOLATION) else f"console error: {text}")

    def response(res: Any) -> None:
        if res.status >= 400:
            seen.problems.append(f"HTTP {res.status}: {res.url}")

    page.on("console", console)
    page.on("pageerror", lambda e: seen.problems.append(f"pageerror: {e}"))
    page.on("requestfailed", lambda r: seen.problems.append(f"requestfailed: {r.url} {r.failure}"))
    page.on("response", response)
    return seen


@pytest.fixture
def problems(page: Any) -> Iterator[PageProblems]:
    """Fails the test if its ``page`` logged an error or a request failed (see ``allow``)."""
    seen = watch(page)
    yield seen
    assert not seen.unexpected(), "\n".join(seen.unexpected())


@pytest.fixture
def speech(page: Any) -> Any:
    """``page`` with speechSynthesis stubbed (``window.__spoken``) and a fake clock."""
    page.add_init_script(path=str(SPEECH_STUB))
    page.clock.install()
    return page


def spoken(page: Any) -> list[dict[str, Any]]:
    """What the page said so far: ``{text, lang, start, end, cut}`` (fake-clock ms)."""
    result: list[dict[str, Any]] = page.evaluate("window.__spoken")
    return result
