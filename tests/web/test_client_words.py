"""Words in three languages (issue 36, point 10), read on the pages: How to play's "Who
wins" says every case of RULES.md §5 for the chosen edition; a time reads in the page's
language ("投票 20秒", never an English "s"); a label and its value are joined as each
language joins them ("Édition : …" with a space in French, "版：…" with a full-width colon
and no space in Japanese)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from server.conftest import Server
from web.client_helpers import catalogue, create_room, join_by_link, open_player, set_timers

LOCALES = {"en": "en-US", "fr": "fr-FR", "ja": "ja-JP"}
#: RULES.md §5, case by case, for each edition's rules (the Ultimate rules: the village
#: with and without a Werewolf among the players, the werewolf team, the Minion without a
#: Werewolf, the Tanner, the Apprentice Tanner; the video game's; the Japanese original's).
WINS = {
    "ultimate": ["village", "werewolf", "noWolf", "minion", "tanner", "apprentice"],
    "sans-carte": ["village", "werewolf", "noWolf", "minion", "tanner"],
    "workshop": ["workshop.tanner", "workshop.village", "workshop.werewolf"],
    "japanese": ["japanese.human", "japanese.peace", "japanese.wolf"],
}


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_client_how_to_play_says_who_wins_in_every_case(
    browser: Any, server: Server, lang: str
) -> None:
    words = catalogue(lang)
    p = open_player(browser, "reader", locale=LOCALES[lang])
    try:
        p.page.goto(f"{server.http}/#how-to-play")
        for edition, cases in WINS.items():
            p.page.select_option("#howto-edition", edition)
            keys = [f"howto.win.{c}" for c in cases]
            p.page.wait_for_function(
                "(keys) => JSON.stringify([...document.querySelectorAll('#howto-wins li')]"
                ".map((li) => li.dataset.key)) === JSON.stringify(keys)",
                arg=keys,
            )
            said = p.page.locator("#howto-wins li").all_inner_texts()
            assert said == [words[k] for k in keys], (edition, lang)
    finally:
        p.context.close()


def test_client_times_and_labels_in_each_languages_own_way(browser: Any, server: Server) -> None:
    host = open_player(browser, "ann")
    guests = {"fr": open_player(browser, "bob", "fr-FR"), "ja": open_player(browser, "cy", "ja-JP")}
    try:
        code = create_room(host, server.http)
        set_timers(host, {"day": 45, "vote": 20})
        for lang, g in guests.items():
            join_by_link(g, f"{server.http}/r/{code}")
            words = catalogue(lang)
            timers = g.page.locator("#timers").inner_text()
            assert words["lobby.seconds"].format(n=20) in timers, timers
            assert " s" not in timers or lang == "fr", timers
            edition = words["pair"].format(
                label=words["lobby.edition"], value=words["edition.ultimate"]
            )
            assert g.page.get_by_text(edition, exact=True).count() == 1, edition
        # An action names a center card with the language's article: "Regarder la carte
        # du centre 2", not "Regarder Carte du centre 2".
        said = guests["fr"].page.evaluate(
            """async () => (await import("/app/views/common.js")).actionText(
                 {type: "view", targets: ["center:1"]}, ["bob"])"""
        )
        assert said == "Regarder la carte du centre 2", said
        ja = guests["ja"].page.locator("#timers").inner_text()
        assert "20秒" in ja and "20 s" not in ja
        assert "版：" in catalogue("ja")["pair"].format(label="版", value="x")
        assert catalogue("fr")["pair"].format(label="Édition", value="x") == "Édition : x"
    finally:
        for p in [host, *guests.values()]:
            p.context.close()


def test_japanese_says_one_word_for_the_center_cards() -> None:
    """The page, the claims, the table narrator and the bots call the center cards 場
    (場のカード), as the Japanese original does: never 中央 beside it."""
    from onenight.bots.say import LANGUAGE
    from web.client_helpers import APP

    texts = [p.read_text() for p in (APP / "i18n").glob("*ja.json")]
    texts.append((APP.parent / "table" / "narration.json").read_text())
    texts.append((APP.parent / "table" / "ui.js").read_text())
    texts.append(str(LANGUAGE["ja"].lines))
    assert not [t for t in texts if "中央" in t]
    assert "場" in LANGUAGE["ja"].lines["center"]


def test_the_table_modes_editions_have_the_pages_french_names() -> None:
    """The table narrator names the editions in French as the phones' page does (the
    French edition's own title, « Loup-Garou pour une Nuit »), not in English."""
    import re

    from web.client_helpers import APP

    ui = (APP.parent / "table" / "ui.js").read_text()
    french = ui[ui.index("fr: {") : ui.index("ja: {")]
    fr = catalogue("fr")
    for edition in ("ultimate", "japanese", "workshop", "sans-carte"):
        key = "edition_" + edition.replace("-", "_")
        found = re.search(key + r': "([^"]+)"', french)
        assert found and found.group(1).replace("’", "'") == fr[f"edition.{edition}"], key


def test_japanese_names_are_the_japanese_originals_and_one_per_card() -> None:
    """In Japanese the Seer is 占い師 and the Robber 怪盗 in every edition (the cards
    Japanese players own; the bots say the same), and no two cards of an edition share a
    name: a table hears only its own edition's calls, so the Robber and the Japanese
    edition's Phantom Thief, never in one deck, may both be 怪盗."""
    import json

    from onenight.bots.say import role_name
    from onenight.rules import EDITIONS
    from web.client_helpers import APP

    names = json.loads((APP.parent / "table" / "narration.json").read_text())["names"]["ja"]
    for edition in EDITIONS.values():
        own = {**names["default"], **names.get(edition.id, {})}
        said = [own[r] for r in edition.roles]
        assert len(said) == len(set(said)), (edition.id, said)
    assert names["default"]["seer"] == role_name("seer", "ja") == "占い師"
    assert names["default"]["robber"] == role_name("robber", "ja") == "怪盗"
    assert (
        names["japanese"]["sorcerer"] == "占い師" and names["japanese"]["phantom_thief"] == "怪盗"
    )


def test_the_bots_name_each_card_as_the_page_does() -> None:
    """A bot's words name a card as the page and the narrator do: in Japanese in every
    edition (the Japanese edition's 占い師, 怪盗, 人狼, 村人; 共有者 and 皮なめし職人
    elsewhere), in English and French in the Ultimate edition (the French with its
    article: « la Fauteuse de Troubles »)."""
    import json

    from onenight.bots.say import LANGUAGE, role_name
    from onenight.rules import EDITIONS
    from web.client_helpers import APP

    names = json.loads((APP.parent / "table" / "narration.json").read_text())["names"]
    article = re.compile(r"^(le |la |les |l'|un |une )")
    for lang, editions in (("ja", list(EDITIONS)), ("en", ["ultimate"]), ("fr", ["ultimate"])):
        for edition_id in editions:
            page = {**names[lang]["default"], **names[lang].get(edition_id, {})}
            for role in sorted(EDITIONS[edition_id].roles):
                said = article.sub("", role_name(role, lang))
                assert said.lower() == page[role].lower(), (edition_id, lang, role, said)
    # The Japanese bots' own sentences name the Mason and the Tanner as the page does.
    ja = LANGUAGE["ja"].lines
    assert names["ja"]["default"]["mason"] in ja["partners"]
    assert names["ja"]["default"]["tanner"] in ja["no_tanners"]
