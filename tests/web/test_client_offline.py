"""The client's shell once loaded: light (a first visit under the budget, a second that
downloads no file again), and it opens with the server gone (its service worker), saying
so in the page's language until the server answers again."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from weight_client import BUDGET, table, visits  # scripts/, on the path from conftest

from server.conftest import Server
from web.client_helpers import APP, catalogue, create_room, open_player

WEB = APP.parent
#: True once the worker controls the page (its first load: after its install), false if it
#: does not within 15 s.
#: The voice's files a room page loads after its lobby shows (sw.js's LATER).
VOICE_FILES = ["/app/voice.js", "/app/views/voice.js", "/app/voice.css"]
#: Whether every file of ``arg`` is in one of the page's caches.
LOADED = """async (files) => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const found = await Promise.all(files.map((f) => cache.match(f)));
    if (found.every(Boolean)) return true;
  }
  return false;
}"""
CONTROLLED = (
    "Promise.race([new Promise(done => setTimeout(() => done(false), 15000)),"
    " navigator.serviceWorker.ready.then(() => new Promise(done => {"
    "  if (navigator.serviceWorker.controller) return done(true);"
    "  navigator.serviceWorker.addEventListener('controllerchange', () => done(true));"
    "}))])"
)


def test_the_workers_shell_lists_every_module_of_the_client() -> None:
    listed = set(re.findall(r'"(/(?:app|table)/[^"]+)"', (APP / "sw.js").read_text()))
    modules = {f"/app/{p.relative_to(APP).as_posix()}" for p in APP.rglob("*.js")}
    # A module left out would be missing offline; a name that is no file fails the install.
    assert modules - {"/app/sw.js"} <= listed
    assert {"/app/app.css", "/table/narration.json"} <= listed
    for url in listed:
        assert (WEB / url.removeprefix("/")).is_file(), url


def test_a_first_visit_is_light_and_a_second_downloads_no_file_again(
    browser: Any, server: Server
) -> None:
    first, second = visits(browser, server.http)
    assert first.transferred <= BUDGET, f"first visit: {first.transferred} bytes\n{table(first)}"
    # The measure sees the files come (compressed: main.js is ~10 KB on disk).
    main = [f for f in first.fetches if f.path == "/app/main.js" and not f.worker]
    assert len(main) == 1 and 1000 < main[0].body < (APP / "main.js").stat().st_size / 2
    files = [f for f in second.fetches if not f.path.startswith("/api/")]
    loaded = {f.path for f in first.fetches if not f.worker and not f.path.startswith("/api/")}
    # every file the first visit's page loaded is asked again (by the worker, network first) …
    assert loaded <= {f.path for f in files}, loaded - {f.path for f in files}
    assert all(f.revalidated for f in files), [f for f in files if not f.revalidated]
    assert second.downloaded("/app/") == [] and second.downloaded("/table/") == []  # … 304s


def test_a_room_page_reloaded_with_the_server_gone_says_so_and_comes_back(
    browser: Any, own_server: Server
) -> None:
    ann = open_player(browser, "ann", service_worker=True)
    # While the server is down, the browser reports the refused connections.
    ann.problems.allow(r"ERR_CONNECTION_REFUSED|WebSocket connection to .* failed")
    page = ann.page
    try:
        code = create_room(ann, own_server.http)
        assert page.evaluate(CONTROLLED)
        # The room's page loads its voice files after the lobby shows (and keeps each
        # in the cache as it comes): the server goes once the page has them, not while
        # one is on its way (its request would fail as the server stops).
        deadline = time.monotonic() + 30  # a bound, not a wait: a busy machine is slow
        while not page.evaluate(LOADED, VOICE_FILES):  # evaluate awaits; wait_for_function not
            assert time.monotonic() < deadline, "the voice files never reached the cache"
            time.sleep(0.1)
        notice = page.locator("#offline")
        assert notice.is_hidden()
        own_server.stop()
        page.reload()  # the page, its modules and words come from the worker's cache
        page.wait_for_selector("#offline:not([hidden])")
        text = catalogue("en")["offline.notice"]
        assert notice.inner_text() == text and notice.is_visible()
        assert page.locator("#status").inner_text() == catalogue("en")["conn.offline"]
        assert page.url.endswith(f"/r/{code}")
        own_server.start()  # the same port: the page finds it by itself
        page.wait_for_selector(".screen.lobby", timeout=20_000)
        page.wait_for_selector("#offline", state="hidden", timeout=20_000)
        assert page.locator("#status").inner_text() == catalogue("en")["conn.online"]
        assert not ann.problems.unexpected(), ann.problems.unexpected()
    finally:
        ann.context.close()


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_offline_notice_in_each_language(browser: Any, server: Server, lang: str) -> None:
    locale = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}[lang]
    p = open_player(browser, "ann", locale=locale, service_worker=True)
    p.problems.allow(r"ERR_INTERNET_DISCONNECTED")
    page = p.page
    try:
        page.goto(f"{server.http}/")
        assert page.evaluate(CONTROLLED)
        p.context.set_offline(True)  # the phone itself loses the network
        page.reload()
        page.wait_for_selector("#create-form")  # the home screen, from the cache
        page.wait_for_selector("#offline:not([hidden])")
        assert page.locator("#offline").inner_text() == catalogue(lang)["offline.notice"]
        assert page.evaluate("document.documentElement.lang") == lang
        p.context.set_offline(False)
        page.wait_for_selector("#offline", state="hidden", timeout=15_000)
        assert not p.problems.unexpected(), p.problems.unexpected()
    finally:
        p.context.close()
