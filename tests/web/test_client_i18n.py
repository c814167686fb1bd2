"""The browser client's three languages: complete catalogues, and whole games in French
and in Japanese where no English string of the interface shows."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from server.conftest import Server
from web.client_helpers import (
    APP,
    Player,
    catalogue,
    check_problems,
    no_side_scroll,
    run_game,
    seat_room,
)

LANGS = ("en", "fr", "ja")
SLOT = re.compile(r"\{(\w+)\}")


def test_client_catalogues_have_every_key_in_every_language() -> None:
    cats = {lang: catalogue(lang) for lang in LANGS}
    for lang in LANGS[1:]:
        missing = set(cats["en"]) - set(cats[lang])
        extra = set(cats[lang]) - set(cats["en"])
        assert not missing and not extra, (lang, sorted(missing), sorted(extra))
    for key, text in cats["en"].items():
        for lang in LANGS:
            assert cats[lang][key].strip() or key == "and", (lang, key)
            # The same slots in every language.
            assert set(SLOT.findall(cats[lang][key])) == set(SLOT.findall(text)), (lang, key)


def test_client_every_key_the_code_uses_is_in_the_catalogue() -> None:
    keys = set(catalogue("en"))
    used: set[str] = set()
    for path in Path(APP).rglob("*.js"):
        used |= set(re.findall(r"""\bt\(\s*["']([\w.-]+)["']""", path.read_text()))
    assert used, "no t() calls found"
    assert not used - keys, sorted(used - keys)


def english_fragments(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """The English catalogue's words that this language says otherwise: each string, cut
    at its slots, in pieces of at least 5 letters."""
    en, other = catalogue("en"), catalogue(lang)
    out = []
    for key, text in en.items():
        if text == other[key] or key == "lang.name":
            continue
        for piece in SLOT.split(text)[::2]:
            piece = piece.strip(" .,:;!?()·+–-")
            if len(piece) >= 5 and re.search(r"[A-Za-z]{3}", piece):
                if piece in other[key]:
                    continue  # a word both say (a name, "Doppelgänger")
                out.append((key, re.compile(rf"(?<![\w]){re.escape(piece)}(?![\w])")))
    return out


#: The interface's text: the screen, the connection status and what screen readers hear
#: (the language menu names each language in its own tongue).
TEXT = (
    "[document.querySelector('main.screen')?.className || '',"
    " document.getElementById('app').innerText + '\\n' +"
    " document.getElementById('status').innerText + '\\n' +"
    " document.getElementById('announce').textContent]"
)


@pytest.mark.parametrize(
    ("locale", "lang", "names"),
    [("fr-FR", "fr", ["Anne", "Bruno", "Chloé"]), ("ja-JP", "ja", ["あん", "ぼぶ", "ちえ"])],
)
def test_client_a_game_in_another_language_shows_no_english(
    browser: Any, server: Server, locale: str, lang: str, names: list[str]
) -> None:
    fragments = english_fragments(lang)
    seen: list[tuple[str, str, str]] = []
    _, players = seat_room(browser, server.http, names, locale=locale)

    def snap(p: Player, phase: str) -> None:
        assert p.page.evaluate("document.documentElement.lang") == lang
        no_side_scroll(p)
        cls, text = p.page.evaluate(TEXT)
        seen.append((p.name, cls, text))

    try:
        run_game(players, snap)
        # The home page too.
        players[0].page.goto(f"{server.http}/")
        players[0].page.wait_for_selector("#create-form")
        snap(players[0], "home")
        for name, cls, text in seen:
            found = [key for key, pattern in fragments if pattern.search(text)]
            assert not found, f"{name} on {cls}: English {found} in\n{text}"
        check_problems(players)
    finally:
        for p in players:
            p.context.close()
