"""Once loaded, /table runs a whole night with the network gone (its service worker)."""

from __future__ import annotations

from typing import Any

import pytest

from onenight.narration import night_script

from .conftest import Server, spoken, watch
from .table_helpers import DECKS, night_ms, open_table, set_deck, set_timing


@pytest.mark.browser_context_args(service_workers="allow")
def test_a_whole_night_with_the_network_gone(speech: Any, context: Any, own_server: Server) -> None:
    page = speech
    seen = watch(page)
    open_table(page, own_server.http)
    d = DECKS["sans-carte"]
    set_deck(page, "sans-carte", d["players"], d["deck"])
    # The service worker takes the page over; a load under it keeps this deck's calls.
    controlled = page.evaluate(
        "navigator.serviceWorker.ready.then(() => new Promise(done => {"
        "  if (navigator.serviceWorker.controller) return done(true);"
        "  navigator.serviceWorker.addEventListener('controllerchange', () => done(true));"
        "}))"
    )
    assert controlled
    open_table(page, own_server.http)
    assert page.evaluate("document.body.dataset.ready") == "true"

    context.set_offline(True)
    own_server.stop()  # and the server is really gone
    open_table(page, own_server.http)  # the page itself now comes from the cache
    assert page.text_content("#deck-status").startswith("Ready")
    set_timing(page, turn=2, jitter=1, day=300, lang="ja")
    page.click("#start")
    page.clock.run_for(int(night_ms("sans-carte", d["deck"], 2, 1)))
    assert page.evaluate("document.body.dataset.screen") == "day"
    texts = [s["text"] for s in spoken(page)]
    assert texts == night_script("sans-carte", d["deck"], "ja").lines()
    # Offline, only the requests that could not reach the network failed: no script error.
    assert not [p for p in seen.problems if p.startswith(("pageerror", "console error: Uncaught"))]
    assert not seen.violations(), seen.violations()  # nor any refused by the content policy
