"""The ending as a show (issue 36, point 6), from the players' side: after the vote every
phone plays the reveal — the votes and their tally, who dies, each card turned over in
turn, then the verdict — in its own language, with a Skip; the TV plays it too (with a
spoken narrator the host turns on), then its result says the verdict and the tally,
never says "Your card", and writes every name, claim and note at 32 px at least."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from server.conftest import Server
from web.client_helpers import (
    Player,
    catalogue,
    check_problems,
    open_player,
    result,
    seat_players,
    set_timers,
    vote_all,
    wait_phase,
)
from web.conftest import SHOW_REVEAL
from web.test_client_a11y import AXE, axe

TV = {"width": 1920, "height": 1080}
DECK = {"werewolf": 2, "villager": 4}  #: a night of one call: a quick deal to the day
QUICK = {"turn": 1.0, "jitter": 0, "day": 600, "vote": 600}
STUB = Path(__file__).parent / "speech_stub.js"
WEB = Path(__file__).resolve().parents[2] / "src" / "onenight" / "web"
ROLES = json.loads((WEB / "table" / "narration.json").read_text())["names"]["en"]["default"]

#: The show's steps as the page lists them, by kind ("reveal-votes", …).
KINDS = "[...document.querySelectorAll('#reveal .reveal-steps > li')].map((l) => l.classList[0])"


def show_on(p: Player) -> None:
    """This device plays the show (the suite's pages skip it: tests/web/conftest.py)."""
    p.page.evaluate(SHOW_REVEAL)


def tally_lines(votes: dict[str, str], words: dict[str, str]) -> list[str]:
    """The tally as a player reads it, most votes first: "bob: 2 votes"."""
    counts = sorted(Counter(votes.values()).items(), key=lambda kv: (-kv[1], kv[0]))
    return [
        words["reveal.oneVote" if n == 1 else "reveal.votes"].format(name=name, n=n)
        for name, n in counts
    ]


def to_the_end(players: list[Player]) -> None:
    host = players[0]
    host.page.click("#start")
    wait_phase(players, "day")
    host.page.click("#end-day")
    wait_phase(players, "vote")
    vote_all(players)


def test_client_every_phone_plays_the_reveal_in_its_language(browser: Any, server: Server) -> None:
    ann = open_player(browser, "ann")
    bob = open_player(browser, "bob", locale="fr-FR")
    cat = open_player(browser, "cat", locale="ja-JP")
    players = [ann, bob, cat]
    try:
        code = seat_players(server.http, players, DECK, QUICK)
        for p in players:
            show_on(p)
        to_the_end(players)
        data = result(server.http, code)["result"]
        names = list(data["cards"])
        # The show, not the result: the votes come first, with their tally.
        for p, lang in ((ann, "en"), (cat, "ja")):
            words = catalogue(lang)
            p.page.wait_for_selector("#reveal li.reveal-votes")
            assert p.page.locator("#reveal-tally li").all_inner_texts() == tally_lines(
                data["votes"], words
            )
            assert p.page.locator("#reveal-skip").inner_text() == words["reveal.skip"]
            assert p.page.locator("#verdict").count() == 0  # the verdict comes last
            if AXE.exists():  # the show's screen: no serious accessibility finding
                assert axe(p.page, f"reveal {lang}") == []
        # bob skips it: his result at once, the verdict first.
        bob.page.click("#reveal-skip")
        bob.page.wait_for_selector("main.screen.end #verdict")
        assert bob.page.locator("#reveal").count() == 0
        # ann watches it to its end: every card turned in turn, then the verdict.
        ann.page.wait_for_selector("#reveal-verdict", timeout=40_000)
        kinds = ann.page.evaluate(KINDS)
        assert kinds == ["reveal-votes", "reveal-dead"] + ["reveal-card"] * 3 + [
            "reveal-verdict"
        ], kinds
        en = catalogue("en")
        cards = ann.page.locator("#reveal li.reveal-card").all_inner_texts()
        assert [c.strip() for c in cards] == [
            en["reveal.card"].format(name=n, role=ROLES[data["cards"][n]]) for n in names
        ]
        # Then the result, for good: a reload does not play the show again.
        ann.page.wait_for_selector("main.screen.end #verdict", timeout=20_000)
        ann.page.reload()
        ann.page.wait_for_selector("main.screen.end #verdict")
        assert ann.page.locator("#reveal").count() == 0
        check_problems(players)
    finally:
        for p in players:
            p.context.close()


#: Every element on the TV's screen that says a name, a claim or a note, with its size:
#: the text's own element (the smallest box that holds the words).
SMALL_TEXT = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest("[aria-hidden=true], svg, .badge")) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    const words = node.textContent.trim().slice(0, 30);
    if (size < 32) out.push([el.tagName + "." + el.className, words, size]);
  }
  return out;
}"""


def test_client_tv_plays_the_reveal_and_shows_the_verdict_and_the_tally(
    browser: Any, server: Server
) -> None:
    players = [open_player(browser, n) for n in ("ann", "bob", "cat")]
    tv = open_player(browser, "tv")
    try:
        tv.context.add_init_script(path=str(STUB))
        tv.page.set_viewport_size(TV)
        code = seat_players(server.http, players, DECK, QUICK)
        tv.page.goto(f"{server.http}/r/{code}/tv")
        tv.page.wait_for_selector("#tv-code")
        show_on(tv)
        en = catalogue("en")
        # The host turns the narrator on, on the TV (kept there).
        tv.page.click("#tv-narrator")
        assert tv.page.locator("#tv-narrator").get_attribute("aria-pressed") == "true"
        set_timers(players[0], QUICK)
        players[0].page.click("#start")
        tv.page.wait_for_selector("main.tv-night, main.tv-day")
        assert en["phase.deal"] not in tv.page.locator("main").inner_text()  # "Your card"
        wait_phase(players, "day")
        tv.page.wait_for_selector("main.tv-day")
        # By day, every name and note on the TV reads from three metres.
        assert tv.page.evaluate(SMALL_TEXT) == []
        players[0].page.click("#end-day")
        wait_phase(players, "vote")
        vote_all(players)
        data = result(server.http, code)["result"]
        tv.page.wait_for_selector("main.tv-reveal #reveal-tally")
        assert tv.page.evaluate(SMALL_TEXT) == []
        tv.page.wait_for_selector("main.tv-end:not(.tv-reveal)", timeout=60_000)
        teams = {data["teams"][w] for w in data["winners"]}
        verdict = " · ".join(
            en[f"verdict.{t}"] for t in ("village", "werewolf", "tanner") if t in teams
        )
        assert tv.page.locator("#verdict").inner_text() == (verdict or en["verdict.none"])
        assert tv.page.locator("#tv-tally li").all_inner_texts() == tally_lines(data["votes"], en)
        assert tv.page.evaluate(SMALL_TEXT) == []
        text = tv.page.locator("main").inner_text()
        assert en["phase.deal"] not in text and "Your card" not in text
        # The narrator said each step, the verdict last.
        said = [s["text"] for s in tv.page.evaluate("window.__spoken")]
        assert said and said[-1] == (verdict or en["verdict.none"]), said
        assert any(en["end.votes"] in s for s in said), said
        check_problems([*players, tv])
    finally:
        for p in [*players, tv]:
            p.context.close()


@pytest.mark.parametrize(
    ("votes", "dead"),
    [
        # bob has two votes: one dies.
        ({"ann": "bob", "bob": "ann", "cat": "bob"}, ["bob"]),
        # ann and cat have two votes each: both die.
        ({"ann": "cat", "bob": "cat", "cat": "ann", "dan": "ann"}, ["ann", "cat"]),
    ],
    ids=["one", "two"],
)
def test_client_the_tv_says_who_died_in_french_one_or_several(
    browser: Any, server: Server, votes: dict[str, str], dead: list[str]
) -> None:
    """A French TV and a French phone: "Éliminé : bob" for one person, "Éliminés : ann,
    cat" for several (issue 36, point 10), a space before the colon."""
    players = [open_player(browser, n, locale="fr-FR") for n in votes]
    tv = open_player(browser, "tv", locale="fr-FR")
    try:
        tv.page.set_viewport_size(TV)
        deck = {"werewolf": 2, "villager": len(players) + 1}
        code = seat_players(server.http, players, deck, QUICK)
        tv.page.goto(f"{server.http}/r/{code}/tv")
        tv.page.wait_for_selector("#tv-code")
        players[0].page.click("#start")
        wait_phase(players, "day")
        players[0].page.click("#end-day")
        wait_phase(players, "vote")
        for p in players:
            p.page.locator("button.tile:enabled", has_text=votes[p.name]).click()
            p.page.wait_for_selector("main.screen.end, #my-vote[data-voted]")
        assert sorted(result(server.http, code)["result"]["dead"]) == dead
        said = result(server.http, code)["result"]["dead"]
        fr = catalogue("fr")
        line = fr["end.deadOne" if len(dead) == 1 else "end.dead"].format(names=", ".join(said))
        assert line.startswith("Éliminé : " if len(dead) == 1 else "Éliminés : "), line
        tv.page.wait_for_selector("main.tv-end #dead")
        assert tv.page.locator("#dead").inner_text() == line
        players[0].page.wait_for_selector("main.screen.end #dead")
        assert players[0].page.locator("#dead").inner_text() == line
        check_problems([*players, tv])
    finally:
        for p in [*players, tv]:
            p.context.close()
