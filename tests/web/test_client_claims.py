"""Claims from the page and the result's team verdict (issue 22, points 3 and 11), from the
players' side: three phones in three languages and a spectator.

* a player claims a role and its night from taps (the role, then the cards on the table,
  then the card seen) and never types; the page sends the claim language's JSON;
* everyone reads each claim as a sentence in their own language, sees the claimed role
  under the seat on the table (the claim board), and a player's notepad starts on it;
* the result opens with the team verdict, "you won" or "you lost" for a player, the
  verdict alone for a spectator; counts read in the right plural.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from server.conftest import Server
from web.client_helpers import (
    DECK3,
    FAST,
    Player,
    catalogue,
    check_problems,
    create_room,
    join_by_link,
    no_side_scroll,
    open_player,
    play_night,
    result,
    set_deck,
    set_timers,
    vote_all,
    wait_phase,
)

WEB = Path(__file__).resolve().parents[2] / "src" / "onenight" / "web"
NAMES = json.loads((WEB / "table" / "narration.json").read_text())["names"]


def role(lang: str, r: str) -> str:
    return str(NAMES[lang]["default"][r])


def fill(text: str, **slots: str) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: slots[m.group(1)], text)


def claims_seen(p: Player) -> list[str]:
    lines = p.page.locator(".talk li.claim").all_inner_texts()
    return [x.strip().lstrip("▸").strip() for x in lines]


def sent_claims(p: Player) -> list[dict[str, Any]]:
    out = []
    for raw in p.sent:
        msg = json.loads(raw)
        if msg.get("type") == "claim":
            out.append(msg["claim"])
    return out


def test_client_claims_from_taps_read_in_each_language_on_the_board_and_notes(
    browser: Any, server: Server
) -> None:
    ann = open_player(browser, "ann")
    bob = open_player(browser, "bob", "fr-FR")
    cat = open_player(browser, "cat", "ja-JP")
    eve = open_player(browser, "eve")  # a spectator
    players = [ann, bob, cat]
    everyone = [*players, eve]
    langs = {"ann": "en", "bob": "fr", "cat": "ja", "eve": "en"}
    try:
        code = create_room(ann, server.http)
        for p in (bob, cat):
            join_by_link(p, f"{server.http}/r/{code}")
        join_by_link(eve, f"{server.http}/r/{code}", spectator=True)
        ann.page.wait_for_selector("#players li:nth-child(3)")
        set_deck(ann, DECK3)
        set_timers(ann, FAST)
        ann.page.click("#start")
        wait_phase(players, "deal")
        play_night(players)
        wait_phase(everyone, "day")
        # A spectator reads claims but makes none.
        assert eve.page.locator("#claims").count() == 0

        # ann: "I was the Seer", bob's card a Werewolf, center 1 the Villager: taps only.
        page = ann.page
        page.click("#claim-role")
        assert page.locator("#tile-1").is_disabled()  # no role yet: nothing to tap
        page.click("#claim-role-pick [data-role=seer]")
        page.click("#tile-1")
        page.wait_for_selector("#claim-ask:has-text('Which card was bob?')")
        assert page.locator("#claim-say").is_disabled()  # a look with no card says nothing
        page.click("#claim-card-pick [data-role=werewolf]")
        page.click("#tile-center-0")
        page.click("#claim-card-pick [data-role=villager]")
        assert page.locator("#claim-preview li").all_inner_texts() == [
            "ann: I am the Seer.",
            "ann: I looked at bob: Werewolf, Center card 1: Villager.",
        ]
        page.click("#claim-say")
        # The page sent the claim language, in order: the role, then its night.
        page.wait_for_selector(".talk li.claim >> nth=1")
        assert sent_claims(ann) == [
            {"type": "i_am", "role": "seer"},
            {
                "type": "saw",
                "looks": [
                    {"target": 1, "card": "werewolf"},
                    {"target": "center:0", "card": "villager"},
                ],
            },
        ]
        assert page.locator("#claim-role-pick").count() == 0  # the composer closed

        # bob (in French) claims the Troublemaker's swap of ann and cat.
        bob.page.click("#claim-role")
        bob.page.click("#claim-role-pick [data-role=troublemaker]")
        assert bob.page.locator("#tile-1").is_disabled()  # his own card: not his to swap
        bob.page.click("#tile-0")
        bob.page.click("#tile-2")
        bob.page.click("#claim-say")
        # cat (in Japanese) thinks bob is a Werewolf.
        cat.page.click("#claim-think")
        cat.page.click("#tile-1")
        cat.page.click("#claim-card-pick [data-role=werewolf]")
        cat.page.click("#claim-say")

        for p in everyone:
            lang = langs[p.name]
            cat_ = catalogue(lang)

            def look(target: str, r: str, cat_: dict[str, str] = cat_, lang: str = lang) -> str:
                return fill(cat_["claim.look"], target=target, role=role(lang, r))

            center1 = fill(cat_["night.center"], n="1")
            sep = "、" if lang == "ja" else ", "
            want = [
                fill(cat_["claim.i_am"], name="ann", role=role(lang, "seer")),
                fill(
                    cat_["claim.saw"],
                    name="ann",
                    looks=look("bob", "werewolf") + sep + look(center1, "villager"),
                ),
                fill(cat_["claim.i_am"], name="bob", role=role(lang, "troublemaker")),
                fill(cat_["claim.swapped"], name="bob", a="ann", b="cat"),
                fill(cat_["claim.think"], name="cat", target="bob", role=role(lang, "werewolf")),
            ]
            p.page.wait_for_function(
                "n => document.querySelectorAll('.talk li.claim').length >= n", arg=5
            )
            assert claims_seen(p) == want, p.name
            # The claim board: each seat's claimed role under its tile (not cat's opinion).
            p.page.wait_for_selector("#tile-0 .note")
            assert p.page.locator("#tile-0 .note").inner_text() == role(lang, "seer")
            assert p.page.locator("#tile-1 .note").inner_text() == role(lang, "troublemaker")
            assert p.page.locator("#tile-2 .note").count() == 0
            no_side_scroll(p)
        # The notepad starts on the claims; a token set by hand wins over them.
        assert cat.page.locator("#note-0").input_value() == "seer"
        assert cat.page.locator("#note-1").input_value() == "troublemaker"
        assert cat.page.locator("#note-2").input_value() == ""
        bob.page.select_option("#note-0", "werewolf")
        bob.page.reload()
        bob.page.wait_for_selector(".talk li.claim >> nth=4")
        assert bob.page.locator("#note-0").input_value() == "werewolf"
        assert bob.page.locator("#tile-0 .note").inner_text() == role("fr", "seer")
        check_problems(everyone)
    finally:
        for p in everyone:
            p.context.close()


#: The words of the result's verdict, cards and scores that a line ends in the middle of
#: (a word whose letters lie on two lines); a hyphen or a space may end a line, and a
#: player's name (one long word, perhaps) may break anywhere.
BROKEN_WORDS = """() => {
  const out = [];
  for (const root of document.querySelectorAll('.verdict, .cardtable :is(td, th), #scoreboard')) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (n.parentElement.closest('.pname')) continue; // a name may be one long word
      for (const m of n.textContent.matchAll(/[^\\s-]+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""
#: Half an emoji: a surrogate without its pair.
HALF = re.compile(r"[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]")


def test_client_result_opens_with_the_team_verdict_for_each_reader(
    browser: Any, server: Server
) -> None:
    ann = open_player(browser, "ann")
    bob = open_player(browser, "bob", "fr-FR")
    # A long name of emoji: the votes' picture shortens it, never in the middle of one.
    cat = open_player(browser, "anne🐺🦊🐱🐶🐭", "ja-JP")
    eve = open_player(browser, "eve")
    players = [ann, bob, cat]
    everyone = [*players, eve]
    langs = {"ann": "en", "bob": "fr", cat.name: "ja", "eve": "en"}
    try:
        code = create_room(ann, server.http)
        for p in (bob, cat):
            join_by_link(p, f"{server.http}/r/{code}")
        join_by_link(eve, f"{server.http}/r/{code}", spectator=True)
        ann.page.wait_for_selector("#players li:nth-child(3)")
        set_deck(ann, DECK3)
        set_timers(ann, FAST)
        ann.page.click("#start")
        wait_phase(players, "deal")
        play_night(players)
        wait_phase(everyone, "day")
        ann.page.click("#end-day")
        wait_phase(everyone, "vote")
        vote_all(players)
        wait_phase(everyone, "end")
        r = result(server.http, code)["result"]
        teams = sorted({r["teams"][w] for w in r["winners"]})
        for p in everyone:
            cat_ = catalogue(langs[p.name])
            words = " · ".join(cat_[f"verdict.{t}"] for t in teams)
            words = words or cat_["verdict.none"]
            verdict = p.page.locator("#verdict")
            if p is eve:
                assert verdict.inner_text() == words  # a spectator neither won nor lost
            else:
                key = "verdict.youWon" if p.name in r["winners"] else "verdict.youLost"
                assert verdict.inner_text() == fill(cat_[key], verdict=words)
            # The verdict opens the page: the first thing under the title.
            first = p.page.evaluate("document.querySelector('.verdict h1').nextElementSibling.id")
            assert first == "verdict"
            # Chips in the right plural: "1 chip", "2 chips", never "1 chips".
            chips = p.page.locator("#scoreboard .chips").all_inner_texts()
            assert chips
            for text in chips:
                n = int(re.sub(r"\D", "", text))
                if langs[p.name] == "en":
                    assert text == (f"{n} chip" if n == 1 else f"{n} chips")
                if langs[p.name] == "fr":
                    assert text == (f"{n} jeton" if n <= 1 else f"{n} jetons")
            no_side_scroll(p)
            if langs[p.name] != "ja":  # Japanese wraps between any two characters
                assert p.page.evaluate(BROKEN_WORDS) == [], p.name
            labels = p.page.locator(".votes-svg text").all_text_contents()
            assert "anne🐺🦊🐱…" in labels
            assert not any(HALF.search(x) for x in labels), labels
        check_problems(everyone)
    finally:
        for p in everyone:
            p.context.close()
