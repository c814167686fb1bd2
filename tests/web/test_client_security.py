"""The content policy as a browser meets it (docs/security.md): a script injected into
the page does not run, and the watch every browser test has reports the attempt; a seat's
token never goes into a URL, only into ``resume`` messages."""

from __future__ import annotations

from typing import Any

from .client_helpers import check_problems, create_room, join_by_link, open_player
from .conftest import Server, watch


def test_an_injected_inline_script_is_refused_and_reported(page: Any, server: Server) -> None:
    seen = watch(page)
    page.goto(f"{server.http}/")
    page.wait_for_selector("#create-name")
    # What a missed escape would let in: markup with an inline script and a style.
    page.evaluate(
        """() => {
          const div = document.createElement("div");
          div.innerHTML = '<img src="/app/icon.svg" onload="window.__ran = 1">'
            + '<p style="color: red">x</p>';
          document.body.append(div);
          const s = document.createElement("script");
          s.textContent = "window.__ran = 2";
          document.body.append(s);
        }"""
    )
    page.wait_for_function("() => document.querySelector('p[style]') !== null")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__ran") is None  # nothing injected ran
    assert page.evaluate("getComputedStyle(document.querySelector('p[style]')).color") != (
        "rgb(255, 0, 0)"
    )
    found = seen.violations()
    assert any("script-src" in v for v in found), found
    assert any("style-src" in v for v in found), found
    assert seen.unexpected()  # and no allow() pattern can excuse them
    seen.allow(".*")
    assert seen.unexpected() == found


def test_a_seats_token_is_never_in_a_url(browser: Any, server: Server) -> None:
    ann = open_player(browser, "Ann")
    bob = open_player(browser, "Bob")
    try:
        code = create_room(ann, server.http)
        join_by_link(bob, f"{server.http}/r/{code}")
        # a reload cuts what the page was still loading (its QR code, the voice module)
        bob.problems.allow(r"requestfailed: .* net::ERR_ABORTED")
        bob.page.reload()  # a reload resumes the seat with the kept token
        bob.page.wait_for_selector(".screen.lobby")
        for p in (ann, bob):
            token = p.page.evaluate(f"localStorage.getItem('onenight.token.{code}')")
            assert token and len(token) == 32
            assert not [u for u in p.requests if token in u], p.requests
            carrying = [m for m in p.sent if token in m]
            assert all('"type":"resume"' in m.replace(" ", "") for m in carrying), carrying
            assert carrying or p is ann  # Bob's reload did send it, in its resume
        check_problems([ann, bob])
    finally:
        ann.context.close()
        bob.context.close()
