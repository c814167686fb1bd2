"""Driving the browser client (/, /r/{code}) in tests: players as browser contexts."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from web.conftest import VIEWPORT, PageProblems, watch

APP = Path(__file__).resolve().parents[2] / "src" / "onenight" / "web" / "app"
#: Fast timers for a game played by a test (a night turn long enough for three pages
#: driven one after the other to tap).
FAST = {"turn": 2.5, "jitter": 0.2, "day": 600, "vote": 600}
#: Timers for a test about the day: a night nobody taps in, over in seconds (every page
#: sends its own "nothing" as each short turn ends, as the client does for a player who
#: has not tapped, and the server makes any choice left open).
QUICK = {"turn": 0.3, "jitter": 0, "day": 600, "vote": 600}
#: How long one tap of the night waits for its button (a turn lasts ``FAST["turn"]``).
TAP_MS = 3000
#: 3 players: two werewolves, the Seer, the Robber, the Troublemaker, a Villager.
DECK3 = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}


def catalogue(lang: str) -> dict[str, str]:
    """A language's strings: the page's catalogue and the parts lazy modules add
    (``i18n/{part}-{lang}.json``, i18n.js ``addPart``)."""
    data: dict[str, str] = json.loads((APP / "i18n" / f"{lang}.json").read_text())
    for part in sorted((APP / "i18n").glob(f"*-{lang}.json")):
        data.update(json.loads(part.read_text()))
    return data


@dataclass
class Player:
    name: str
    context: Any
    page: Any
    problems: PageProblems
    dialogs: list[str]
    sent: list[str]  #: every WebSocket message the page sent
    requests: list[str]  #: every URL the page asked for


def open_player(
    browser: Any, name: str, locale: str = "en-US", service_worker: bool = False, **options: Any
) -> Player:
    """A new browser context (its own localStorage: one phone) with a watched page.

    Its service worker runs only where asked (``service_worker``: the offline tests and
    the voice tests' reload during an outage): on a phone's first visit it fetches the
    whole app once more, a tenth of a browser test's CPU, for nothing the test looks at."""
    workers = "allow" if service_worker else "block"
    context = browser.new_context(
        viewport=VIEWPORT, locale=locale, service_workers=workers, **options
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    dialogs: list[str] = []

    def on_dialog(d: Any) -> None:
        dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", on_dialog)
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda data: sent.append(str(data))))
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("websocket", lambda ws: requests.append(ws.url))
    return Player(name, context, page, watch(page), dialogs, sent, requests)


def create_room(p: Player, base: str) -> str:
    """Create a room from the home page; its code (the page is now at /r/CODE)."""
    p.page.goto(f"{base}/")
    p.page.fill("#create-name", p.name)
    p.page.click("#create")
    p.page.wait_for_selector(".screen.lobby")
    m = re.search(r"/r/([A-Z]{5})$", p.page.url)
    assert m, p.page.url
    return m.group(1)


def join_by_link(p: Player, link: str, spectator: bool = False) -> None:
    p.page.goto(link)
    p.page.fill("#name", p.name)
    if spectator:
        p.page.check("#watch")
    p.page.click("#join")
    p.page.wait_for_selector(".screen.lobby")


def set_deck(host: Player, counts: dict[str, int]) -> None:
    """Choose the deck with the role picker's − and + buttons (under "Change")."""
    page = host.page
    open_editor(host)
    for row in page.locator("li.pick").all():
        role = row.get_attribute("data-role")
        assert role is not None
        want = counts.get(role, 0)
        for _ in range(40):
            have = int(row.locator("output").text_content() or "0")
            if have == want:
                break
            step = "1" if want > have else "-1"
            row.locator(f'button[data-step="{step}"]').click()
            # The count changes when the server's room frame comes back; a click that
            # met a redraw is made again.
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(
                    "([role, n]) => document.querySelector(`li.pick[data-role=${role}] output`)"
                    "?.textContent !== String(n)",
                    arg=[role, have],
                    timeout=3000,
                )


def open_editor(host: Player) -> None:
    """Open the host's deck and timers (collapsed into a summary line with "Change")."""
    page = host.page
    for _ in range(3):
        if page.locator("#deck-editor").count():
            return
        if page.get_attribute("#deck-change", "aria-expanded") != "true":
            page.click("#deck-change")
        # a tap that met a redraw of the lobby (a player joining) is made again
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_selector("#deck-editor", timeout=5000)
    page.wait_for_selector("#deck-editor")


def set_timers(host: Player, timers: dict[str, float]) -> None:
    page = host.page
    open_editor(host)
    for field, value in timers.items():
        for _ in range(5):
            page.fill(f"#set-{field}", str(value))
            page.dispatch_event(f"#set-{field}", "change")
            # A room frame that was on its way (the deck's last change) redraws the
            # lobby with the server's value of the moment: a fill that met it is made
            # again, as set_deck does for its clicks.
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(
                    "([f, v]) => document.querySelector(`#set-${f}`)?.value === String(v)",
                    arg=[field, value],
                    timeout=4000,
                )
                break
        else:
            raise AssertionError(f"the {field} timer did not keep {value}")


def phase(p: Player) -> str:
    """The screen a page shows: home, lobby, deal, night, day, vote, end."""
    cls: str = p.page.evaluate("document.querySelector('main.screen')?.className || ''")
    for name in ("lobby", "deal", "night", "day", "vote", "end", "home"):
        if re.search(rf"\b{name}\b", cls):
            return name
    return "?"


#: What the night asks of a page now, read in one call: "over" once its night has ended
#: (day, vote or end), "idle" (nothing to do: a tap anywhere), "choose" (a choice to
#: make), or null (not the night, or tapped already this turn).
NIGHT_ASKS = """() => {
  const main = document.querySelector("main.screen");
  if (!main) return null;
  if (/\\b(day|vote|end)\\b/.test(main.className)) return "over";
  if (!main.classList.contains("night") || main.hasAttribute("data-tapped")
      || !document.querySelector("#confirm")) return null;
  return main.classList.contains("idle") ? "idle" : "choose";
}"""


def tap_night(p: Player, asks: str | None = "?") -> bool:
    """This page's tap for the turn now, if it has not tapped: a choice when the night
    calls it (cards first, else a bare choice), else a tap anywhere (``nothing``).
    ``asks``: what :data:`NIGHT_ASKS` said of the page just now (read again if not given).

    A turn can end while the page is being tapped (its timer runs out, the screen is
    drawn anew for the next turn): then this tap gives up quickly and says False, and the
    caller, which loops until the day, taps the next turn."""
    page = p.page
    if asks == "?":
        asks = page.evaluate(NIGHT_ASKS)
    if asks not in ("idle", "choose"):
        return False
    try:
        if asks == "idle":
            page.locator("#prompt").click(timeout=TAP_MS)  # "tap anywhere"
            return True
        for _ in range(4):
            if page.locator("#confirm:enabled").count():
                break
            tiles = page.locator("button.tile:enabled[aria-pressed=false]")
            if tiles.count():
                tiles.first.click(timeout=TAP_MS)
            else:
                page.locator("button.bare:enabled").first.click(timeout=TAP_MS)
        if not page.locator("#confirm:enabled").count():
            page.locator("button.bare:enabled").first.click(timeout=TAP_MS)
        page.locator("#confirm").click(timeout=TAP_MS)
    except PlaywrightTimeout:
        return False  # the turn moved on under the tap
    return True


#: How often :func:`play_night` looks at the pages: a few times in each turn (a turn
#: lasts ``FAST["turn"]``), not so often that looking costs the machine more than playing.
NIGHT_LOOK_S = 0.25


def play_night(players: list[Player], timeout: float = 90, tick: Any = None) -> None:
    """Every page taps once in every turn until the day comes (``tick()`` each round)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if tick is not None:
            tick()
        over = 0
        for p in players:
            # A turn that ends as the page taps redraws it: the next turn is tapped next.
            with contextlib.suppress(Exception):
                asks = p.page.evaluate(NIGHT_ASKS)
                over += asks == "over"
                tap_night(p, asks)
        if over == len(players):
            return
        time.sleep(NIGHT_LOOK_S)
    raise AssertionError(f"the night did not end: {[phase(p) for p in players]}")


def wait_phase(players: list[Player], name: str, timeout: float = 60) -> None:
    for p in players:
        p.page.wait_for_selector(f"main.screen.{name}", timeout=timeout * 1000)


def vote_all(players: list[Player]) -> None:
    for p in players:
        p.page.locator("button.tile:enabled").first.click()
        p.page.wait_for_selector("main.screen.end, #my-vote[data-voted]")


def result(base: str, code: str) -> dict[str, Any]:
    import httpx

    data: dict[str, Any] = httpx.get(f"{base}/api/rooms/{code}/result").json()
    return data


def no_side_scroll(p: Player) -> None:
    width = p.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    if width[0] > width[1]:
        wide = p.page.evaluate(
            """() => [...document.querySelectorAll('body *')]
                .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
                .slice(0, 5).map((e) => `${e.tagName}#${e.id}.${e.className}`)"""
        )
        raise AssertionError(f"{p.name}: page is {width[0]} px wide in {width[1]}: {wide}")


def check_problems(players: list[Player]) -> None:
    bad = [f"{p.name}: {x}" for p in players for x in p.problems.unexpected()]
    assert not bad, "\n".join(bad)
    assert not any(p.dialogs for p in players), [p.dialogs for p in players]


def deck_roles(counts: dict[str, int]) -> list[str]:
    return list(Counter(counts).elements())


def seat_room(
    browser: Any,
    base: str,
    names: list[str],
    locale: str = "en-US",
    deck: dict[str, int] | None = None,
    timers: dict[str, float] = FAST,
) -> tuple[str, list[Player]]:
    """A room created by the first name, the others joining by the share link, with
    ``deck`` (by default the 3-player deck, or the 5-player one) and ``timers`` (fast
    ones by default) set by the host."""
    players = [open_player(browser, n, locale) for n in names]
    code = seat_players(base, players, deck or (DECK3 if len(names) == 3 else DECK5), timers)
    return code, players


def seat_players(
    base: str,
    players: Sequence[Player],
    deck: dict[str, int],
    timers: dict[str, float],
    watchers: Sequence[Player] = (),
) -> str:
    """The first page creates a room, the others join it by its link (``watchers`` as
    spectators), and the host sets the deck and the timers; the room's code."""
    code = create_room(players[0], base)
    for p in players[1:]:
        join_by_link(p, f"{base}/r/{code}")
    for w in watchers:
        join_by_link(w, f"{base}/r/{code}", spectator=True)
    players[0].page.wait_for_selector(f"#players li:nth-child({len(players)})")
    set_deck(players[0], deck)
    set_timers(players[0], timers)
    return code


def to_the_day(players: Sequence[Player]) -> None:
    """The host starts a game seated with :data:`QUICK` timers; the night is slept
    through (its deal lasts a turn: not there to see); the day opens."""
    players[0].page.click("#start")
    wait_phase(players, "day")


#: 5 players: two werewolves, the Seer, the Robber, the Troublemaker, three Villagers.
DECK5 = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 3}


def run_game(
    players: list[Player],
    snap: Any = None,
    talk: bool = True,
    watchers: Sequence[Player] = (),
) -> None:
    """From the lobby to the result, every screen passed through ``snap(player, phase)``."""
    host = players[0]

    def shoot(phase_name: str) -> None:
        if snap is not None:
            for p in [*players, *watchers]:
                snap(p, phase_name)

    shoot("lobby")
    host.page.click("#start")
    wait_phase(players, "deal")
    shoot("deal")
    wait_phase(players, "night")
    shoot("night")
    play_night(players, tick=lambda: [snap(w, "night") for w in watchers] if snap else None)
    wait_phase(players, "day")
    shoot("day")
    if talk:
        players[-1].page.fill("#say", "hello")
        players[-1].page.click(".say button[type=submit]")
        host.page.wait_for_selector("#log li")
    host.page.click("#end-day")
    wait_phase(players, "vote")
    shoot("vote")
    vote_all(players)
    wait_phase(players, "end")
    shoot("end")


#: The page's text (body.innerText) and the screen's class.
PAGE_TEXT = "[document.querySelector('main.screen')?.className || '', document.body.innerText]"


#: Controls smaller than a fingertip (44×44 CSS px; a checkbox or a radio button counts by
#: its label, which takes the tap).
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'main button, main select, main input:not([type=checkbox]):not([type=radio]), main a,'
    + ' main summary, main label.check, main label:has(> input[type=radio])')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.height < 44 || (e.tagName === 'BUTTON' && r.width < 44))
  .map(([e, r]) => `${e.tagName}#${e.id} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def small_targets(p: Player) -> list[str]:
    found: list[str] = p.page.evaluate(SMALL_TARGETS)
    return found
