"""Claims from the page and the result's team verdict (issue 22, points 3, 11 and 12), from
the players' side: three phones in three languages, a spectator and a TV.

* a player claims a role and its night from taps (the role, then the cards on the table,
  then the card seen) and never types; the page sends the claim language's JSON;
* every night's claim can be said so: the werewolves seen, the Masons, who moved a card,
  the Drunk's swap, the Insomniac's own card, "nothing", the Tanner an Apprentice Tanner
  saw (or none), the Alpha Wolf's swap of the center wolf card, the Doppelgänger's copy
  then the copied role's night, the Witch's look then her swap;
* everyone reads each claim as a sentence in their own language, sees the claimed role
  under the seat on the table (the claim board), and a player's notepad starts on it;
* the TV shows each seat's claim as it stands, in its own language, beside the table;
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
    QUICK,
    Player,
    catalogue,
    check_problems,
    no_side_scroll,
    open_player,
    result,
    seat_players,
    to_the_day,
    vote_all,
    wait_phase,
)
from web.test_client_a11y import AXE, axe

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
        seat_players(server.http, players, DECK3, QUICK, watchers=[eve])
        to_the_day(players)
        wait_phase(everyone, "day")
        # A spectator reads claims but makes none.
        assert eve.page.locator("#claims").count() == 0

        # ann: "I was the Seer", center 1 the Villager, center 2 a Werewolf: taps only.
        page = ann.page
        page.click("#claim-role")
        assert page.locator("#tile-1").is_disabled()  # no role yet: nothing to tap
        page.click("#claim-role-pick [data-role=seer]")
        page.click("#tile-1")
        page.wait_for_selector("#claim-ask:has-text('Which card was bob?')")
        assert page.locator("#claim-say").is_disabled()  # a look with no card says nothing
        page.click("#claim-card-pick [data-role=werewolf]")
        # A Seer looks at one player's card or at two center cards, not at both: she
        # lets go of bob's card to name the center's two.
        page.wait_for_selector("#tile-center-0:disabled")
        page.click("#tile-1")
        page.click("#tile-center-0")
        page.click("#claim-card-pick [data-role=villager]")
        page.click("#tile-center-1")
        page.click("#claim-card-pick [data-role=werewolf]")
        assert page.locator("#claim-preview li").all_inner_texts() == [
            "ann: I am the Seer.",
            "ann: I looked at Center card 1: Villager, Center card 2: Werewolf.",
        ]
        page.click("#claim-say")
        # The page sent the claim language, in order: the role, then its night.
        page.wait_for_selector(".talk li.claim >> nth=1")
        assert sent_claims(ann) == [
            {"type": "i_am", "role": "seer"},
            {
                "type": "saw",
                "looks": [
                    {"target": "center:0", "card": "villager"},
                    {"target": "center:1", "card": "werewolf"},
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
        # ann, who saw a Werewolf in the center, thinks nobody at the table is one: an
        # opinion with no card to tap.
        page.wait_for_selector(".talk li.claim >> nth=4")
        page.click("#claim-think")
        page.click("#claim-nobody")
        assert page.locator("#claim-nobody").get_attribute("aria-pressed") == "true"
        assert page.locator("#tile-1").is_disabled()  # nobody: no player to tap
        assert page.locator("#claim-preview li").all_inner_texts() == [
            "ann: I think nobody is a Werewolf."
        ]
        page.click("#claim-say")
        page.wait_for_selector(".talk li.claim >> nth=5")
        assert sent_claims(ann)[-1] == {"type": "no_werewolf"}

        for p in everyone:
            lang = langs[p.name]
            cat_ = catalogue(lang)

            def look(target: str, r: str, cat_: dict[str, str] = cat_, lang: str = lang) -> str:
                return fill(cat_["claim.look"], target=target, role=role(lang, r))

            center1 = fill(cat_["night.center"], n="1")
            center2 = fill(cat_["night.center"], n="2")
            sep = "、" if lang == "ja" else ", "
            want = [
                fill(cat_["claim.i_am"], name="ann", role=role(lang, "seer")),
                fill(
                    cat_["claim.saw"],
                    name="ann",
                    looks=look(center1, "villager") + sep + look(center2, "werewolf"),
                ),
                fill(cat_["claim.i_am"], name="bob", role=role(lang, "troublemaker")),
                fill(cat_["claim.swapped"], name="bob", a="ann", b="cat"),
                fill(cat_["claim.think"], name="cat", target="bob", role=role(lang, "werewolf")),
                fill(cat_["claim.no_werewolf"], name="ann"),
            ]
            p.page.wait_for_function(
                "n => document.querySelectorAll('.talk li.claim').length >= n", arg=6
            )
            assert claims_seen(p) == want, p.name
            # The claim board: each seat's claimed role under its tile (not an opinion).
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


#: Roles whose nights say what the Seer's and the Robber's do not: the werewolves seen, the
#: Masons, who moved a card, the Drunk's swap of her own card, the Insomniac's own card.
NIGHTS = {"werewolf": 1, "mason": 2, "aura_seer": 1, "insomniac": 1, "drunk": 1}
#: The TV's screen at 1920×1080; what it shows fits it (no scrolling).
TV = {"width": 1920, "height": 1080}
FITS = """() => { const e = document.scrollingElement;
  return e.scrollHeight <= innerHeight + 1 && e.scrollWidth <= innerWidth + 1; }"""


def compose(p: Player, role_: str, kind: str | None, taps: list[tuple[str, str]]) -> list[str]:
    """A claim from taps only: "I was the…", the role, what its night showed (None: the
    composer's first choice for the role), each card on the table and the card it showed.
    Says it; returns the sentences its preview showed."""
    page = p.page
    before = page.locator(".talk li.claim").count()
    page.click("#claim-role")
    page.click(f"#claim-role-pick [data-role={role_}]")
    if kind:
        page.click(f"#claim-kind-pick [data-kind={kind}]")
    for target, card in taps:
        page.click(f"#tile-{target}")
        if card:
            page.click(f"#claim-card-pick [data-role={card}]")
    preview: list[str] = page.locator("#claim-preview li").all_inner_texts()
    page.click("#claim-say")
    page.wait_for_function(
        "n => document.querySelectorAll('.talk li.claim').length >= n", arg=before + len(preview)
    )
    return preview


def test_client_every_nights_claim_from_taps_read_by_each_page_and_the_tv(
    browser: Any, server: Server
) -> None:
    ann = open_player(browser, "ann")
    bob = open_player(browser, "bob", "fr-FR")
    cat = open_player(browser, "cat", "ja-JP")
    tv = open_player(browser, "tv", "fr-FR")
    players = [ann, bob, cat]
    langs = {"ann": "en", "bob": "fr", "cat": "ja", "tv": "fr"}
    try:
        code = seat_players(server.http, players, NIGHTS, QUICK)
        open_tv(tv, server, code)
        to_the_day(players)
        tv.page.wait_for_selector("main.tv-day #tv-claims")

        # ann, a Werewolf: "the werewolves are bob" (never herself: she is one of them).
        ann.page.click("#claim-role")
        ann.page.click("#claim-role-pick [data-role=werewolf]")
        ann.page.wait_for_selector("#claim-kind-pick [data-kind=saw_wolves][aria-pressed=true]")
        assert ann.page.locator("#tile-0").is_disabled()
        ann.page.click("#claim-cancel")
        assert compose(ann, "werewolf", None, [("1", "")]) == [
            "ann: I am the Werewolf.",
            "ann: the werewolves are bob.",
        ]
        # bob, the Aura Seer: ann and cat moved a card.
        compose(bob, "aura_seer", None, [("0", ""), ("2", "")])
        # cat, a Mason who saw no other: nothing to tap.
        compose(cat, "mason", None, [])
        # bob takes it back: the Drunk, his card swapped with center 2 (his own card is
        # the one he swaps: he taps only the center card, and no other player's).
        bob.page.click("#claim-role")
        bob.page.click("#claim-role-pick [data-role=drunk]")
        bob.page.wait_for_selector("#tile-center-1:enabled")
        assert bob.page.locator("#tile-0").is_disabled()
        bob.page.click("#claim-cancel")
        compose(bob, "drunk", None, [("center-1", "")])
        # cat, the Insomniac after all: her own card, which is now the Drunk.
        compose(cat, "insomniac", None, [("2", "drunk")])
        # ann adds to her night, without saying her role again: she did nothing else.
        assert compose(ann, "werewolf", "nothing", []) == ["ann: I did nothing in the night."]

        # The page sent the server's claim language.
        assert sent_claims(ann) == [
            {"type": "i_am", "role": "werewolf"},
            {"type": "saw_wolves", "seats": [1]},
            {"type": "nothing"},
        ]
        assert sent_claims(bob) == [
            {"type": "i_am", "role": "aura_seer"},
            {"type": "moved", "seats": [0, 2]},
            {"type": "i_am", "role": "drunk"},
            {"type": "swapped", "targets": [1, "center:1"]},
        ]
        assert sent_claims(cat) == [
            {"type": "i_am", "role": "mason"},
            {"type": "partners", "seats": []},
            {"type": "i_am", "role": "insomniac"},
            {"type": "saw", "looks": [{"target": 2, "card": "drunk"}]},
        ]

        for p in [*players, tv]:
            lang = langs[p.name]
            c = catalogue(lang)

            def say(key: str, who: str, c: dict[str, str] = c, **slots: str) -> str:
                return fill(c[f"claim.{key}"], name=who, **slots)

            def i_am(who: str, r: str, lang: str = lang) -> str:
                return say("i_am", who, role=role(lang, r))

            sep = "、" if lang == "ja" else ", "
            center2 = fill(c["night.center"], n="2")
            mine = fill(c["claim.look"], target=c["claim.mine"], role=role(lang, "drunk"))
            said = {
                "werewolves": say("saw_wolves", "ann", names="bob"),
                "moved": say("moved", "bob", names=f"ann{sep}cat"),
                "masons": say("partnersNone", "cat"),
                "drunk": say("swappedMine", "bob", b=center2),
                "insomniac": say("saw", "cat", looks=mine),
                "nothing": say("nothing", "ann"),
            }
            if p is tv:
                # The TV: each seat's claim as it stands (bob's and cat's first stories
                # dropped), in French, beside the table; the claimed role under each seat.
                tv.page.wait_for_function(
                    "() => document.querySelectorAll('#tv-claims li[data-seat] li').length === 7"
                )
                rows = [
                    tv.page.locator(f"#tv-claims li[data-seat='{i}'] li").all_inner_texts()
                    for i in range(3)
                ]
                assert rows == [
                    [i_am("ann", "werewolf"), said["werewolves"], said["nothing"]],
                    [i_am("bob", "drunk"), said["drunk"]],
                    [i_am("cat", "insomniac"), said["insomniac"]],
                ]
                for i, r in enumerate(("werewolf", "drunk", "insomniac")):
                    assert tv.page.locator(f"#tile-{i} .note").inner_text() == role(lang, r)
                # Read from across the room: large type, all on one screen.
                size = tv.page.evaluate(
                    "getComputedStyle(document.querySelector('#tv-claims li li')).fontSize"
                )
                assert float(size.removesuffix("px")) >= 24, size
                assert tv.page.evaluate(FITS)
                continue
            want = [
                i_am("ann", "werewolf"),
                said["werewolves"],
                i_am("bob", "aura_seer"),
                said["moved"],
                i_am("cat", "mason"),
                said["masons"],
                i_am("bob", "drunk"),
                said["drunk"],
                i_am("cat", "insomniac"),
                said["insomniac"],
                said["nothing"],
            ]
            p.page.wait_for_function(
                "n => document.querySelectorAll('.talk li.claim').length >= n", arg=len(want)
            )
            assert claims_seen(p) == want, p.name
            no_side_scroll(p)
        # No serious accessibility violation on the TV's claims, nor in the composer open
        # on what a night showed.
        cat.page.click("#claim-role")
        cat.page.click("#claim-role-pick [data-role=mason]")
        cat.page.click("#tile-0")
        if AXE.exists():
            found = axe(tv.page, "tv day") + axe(cat.page, "composer")
            assert not found, "\n".join(found)
        check_problems([*players, tv])
    finally:
        for p in [*players, tv]:
            p.context.close()


def three_phones(
    browser: Any, server: Server, deck: dict[str, int], tv_lang: str = ""
) -> tuple[list[Player], Player | None]:
    """ann (English), bob (French) and cat (Japanese) seated with this deck, the night
    slept through, the day open; a TV in ``tv_lang`` (none: "")."""
    ann = open_player(browser, "ann")
    bob = open_player(browser, "bob", "fr-FR")
    cat = open_player(browser, "cat", "ja-JP")
    players = [ann, bob, cat]
    tv = open_player(browser, "tv", LOCALE[tv_lang]) if tv_lang else None
    try:
        code = seat_players(server.http, players, deck, QUICK)
        if tv is not None:
            open_tv(tv, server, code)
        to_the_day(players)
    except BaseException:
        for p in [*players, *([tv] if tv else [])]:
            p.context.close()
        raise
    return players, tv


def open_tv(tv: Player, server: Server, code: str) -> None:
    tv.page.set_viewport_size(TV)
    tv.page.goto(f"{server.http}/r/{code}/tv")
    tv.page.wait_for_selector("#tv-code")


LOCALE = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}
LANGS = {"ann": "en", "bob": "fr", "cat": "ja"}


def words(lang: str) -> Any:
    """``say(key, who, **slots)``: a claim's sentence in ``lang`` (roles by id in slots
    named ``role``), as the catalogue writes it."""
    c = catalogue(lang)

    def say(key: str, who: str, **slots: str) -> str:
        if "role" in slots:
            slots["role"] = role(lang, slots["role"])
        return fill(c[f"claim.{key}"], name=who, **slots)

    return say


def test_client_apprentice_tanner_and_alpha_wolf_claims_on_the_board_and_the_tv(
    browser: Any, server: Server
) -> None:
    deck = {"alpha_wolf": 1, "apprentice_tanner": 1, "tanner": 1, "seer": 1, "villager": 2}
    players, tv = three_phones(browser, server, deck, tv_lang="ja")
    ann, bob, cat = players
    assert tv is not None
    try:
        tv.page.wait_for_selector("main.tv-day #tv-claims")
        # ann, the Apprentice Tanner: she saw the Tanner, cat (a tap on cat).
        ann.page.click("#claim-role")
        ann.page.click("#claim-role-pick [data-role=apprentice_tanner]")
        ann.page.wait_for_selector("#claim-kind-pick [data-kind=saw_tanners][aria-pressed=true]")
        assert ann.page.locator("#tile-center-0").is_disabled()  # players only
        ann.page.click("#claim-cancel")
        assert compose(ann, "apprentice_tanner", None, [("2", "")]) == [
            "ann: I am the Apprentice Tanner.",
            "ann: I saw the Tanner: cat.",
        ]
        # bob, the Alpha Wolf: he swapped the center wolf card with ann's card. Only
        # another player's card can be tapped: neither his own nor a center card.
        bob.page.click("#claim-role")
        bob.page.click("#claim-role-pick [data-role=alpha_wolf]")
        bob.page.click("#claim-kind-pick [data-kind=alpha]")
        bob.page.wait_for_selector("#tile-0:enabled")
        assert bob.page.locator("#tile-1").is_disabled()
        assert bob.page.locator("#tile-center-0").is_disabled()
        if AXE.exists():  # the composer open on the Alpha Wolf's swap
            found = axe(bob.page, "alpha composer")
            assert not found, "\n".join(found)
        bob.page.click("#claim-cancel")
        compose(bob, "alpha_wolf", "alpha", [("0", "")])
        # cat, an Apprentice Tanner too, who saw no Tanner: nothing to tap.
        compose(cat, "apprentice_tanner", None, [])

        assert sent_claims(ann)[1] == {"type": "saw_tanners", "seats": [2]}
        assert sent_claims(bob)[1] == {"type": "swapped", "targets": [0, "center:wolf"]}
        assert sent_claims(cat)[1] == {"type": "saw_tanners", "seats": []}
        for p in [*players, tv]:
            lang = LANGS.get(p.name, "ja")
            say = words(lang)
            want = [
                say("i_am", "ann", role="apprentice_tanner"),
                say("saw_tanners", "ann", names="cat"),
                say("i_am", "bob", role="alpha_wolf"),
                say("alpha", "bob", target="ann"),
                say("i_am", "cat", role="apprentice_tanner"),
                say("saw_tannersNone", "cat"),
            ]
            if p is tv:
                # The TV, in Japanese: each seat's claim beside the table, the claimed
                # role under each seat.
                tv.page.wait_for_function(
                    "() => document.querySelectorAll('#tv-claims li[data-seat] li').length === 6"
                )
                rows = [
                    tv.page.locator(f"#tv-claims li[data-seat='{i}'] li").all_inner_texts()
                    for i in range(3)
                ]
                assert rows == [want[0:2], want[2:4], want[4:6]]
                for i, r in enumerate(("apprentice_tanner", "alpha_wolf", "apprentice_tanner")):
                    assert tv.page.locator(f"#tile-{i} .note").inner_text() == role(lang, r)
                assert tv.page.evaluate(FITS)
                continue
            p.page.wait_for_function(
                "n => document.querySelectorAll('.talk li.claim').length >= n", arg=len(want)
            )
            assert claims_seen(p) == want, p.name
            assert p.page.locator("#tile-1 .note").inner_text() == role(lang, "alpha_wolf")
            no_side_scroll(p)
        # The composer open on the Apprentice Tanner's night, one seat tapped.
        cat.page.click("#claim-role")
        cat.page.click("#claim-role-pick [data-role=apprentice_tanner]")
        cat.page.click("#tile-0")
        if AXE.exists():
            found = axe(cat.page, "apprentice tanner composer") + axe(tv.page, "tv day")
            assert not found, "\n".join(found)
        check_problems([*players, tv])
    finally:
        for p in [*players, tv]:
            p.context.close()


def test_client_doppelganger_and_witch_claims_from_taps_read_in_each_language(
    browser: Any, server: Server
) -> None:
    deck = {"doppelganger": 1, "witch": 1, "seer": 1, "werewolf": 1, "villager": 2}
    players, _ = three_phones(browser, server, deck)
    ann, bob, _ = players
    try:
        # ann, the Doppelgänger: she copied bob's card, the Seer, then (as the Seer) looked
        # at cat's card, a Werewolf: the copy, then the copied role's night.
        assert compose(ann, "doppelganger", None, [("1", "seer")]) == [
            "ann: I am the Doppelgänger.",
            "ann: I copied bob's card: the Seer.",
        ]
        assert compose(ann, "doppelganger", "saw", [("2", "werewolf")]) == [
            "ann: I looked at cat: Werewolf.",
        ]
        # bob, the Witch: he looked at center card 1, a Villager, then swapped it with
        # cat's card. Once a center card is tapped for the swap, only a player's can follow.
        compose(bob, "witch", None, [("center-0", "villager")])
        bob.page.click("#claim-role")
        bob.page.click("#claim-role-pick [data-role=witch]")
        bob.page.click("#claim-kind-pick [data-kind=swapped]")
        bob.page.click("#tile-center-0")
        bob.page.wait_for_selector("#tile-center-1:disabled")
        assert bob.page.locator("#tile-2").is_enabled()
        if AXE.exists():  # the composer open on the Witch's swap, one card tapped
            found = axe(bob.page, "witch composer")
            assert not found, "\n".join(found)
        bob.page.click("#claim-cancel")
        compose(bob, "witch", "swapped", [("center-0", ""), ("2", "")])

        assert sent_claims(ann) == [
            {"type": "i_am", "role": "doppelganger"},
            {"type": "copied", "target": 1, "role": "seer"},
            {"type": "saw", "looks": [{"target": 2, "card": "werewolf"}]},
        ]
        assert sent_claims(bob) == [
            {"type": "i_am", "role": "witch"},
            {"type": "saw", "looks": [{"target": "center:0", "card": "villager"}]},
            {"type": "swapped", "targets": ["center:0", 2]},
        ]
        for p in players:
            lang = LANGS[p.name]
            c = catalogue(lang)
            say = words(lang)
            center1 = fill(c["night.center"], n="1")
            want = [
                say("i_am", "ann", role="doppelganger"),
                say("copied", "ann", target="bob", role="seer"),
                say(
                    "saw",
                    "ann",
                    looks=fill(c["claim.look"], target="cat", role=role(lang, "werewolf")),
                ),
                say("i_am", "bob", role="witch"),
                say(
                    "saw",
                    "bob",
                    looks=fill(c["claim.look"], target=center1, role=role(lang, "villager")),
                ),
                say("swapped", "bob", a="cat", b=center1),
            ]
            p.page.wait_for_function(
                "n => document.querySelectorAll('.talk li.claim').length >= n", arg=len(want)
            )
            assert claims_seen(p) == want, p.name
            no_side_scroll(p)
        check_problems(players)
    finally:
        for p in players:
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
        code = seat_players(server.http, players, DECK3, QUICK, watchers=[eve])
        to_the_day(players)
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
