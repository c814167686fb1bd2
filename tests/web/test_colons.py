"""Colons in each language's own way, in every word a player reads or hears (issue 36,
point 10): French puts a space before every colon ("Chuchoter : Amélie"), Japanese writes
a full-width colon with no space on either side ("投票：20秒"), English no space before
one. Every string table of the project is scanned: the page's catalogues
(web/app/i18n/*.json), the narrator's script and names (web/table/narration.json), the
table mode's words (web/table/ui.js) and the bots' sentences (bots/phrasings.py,
bots/say.py); and no script glues a label to a value with a colon of its own (a
`${label}: ${value}` says English in every language: the catalogues' "pair" does it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from onenight.bots.phrasings import PHRASINGS
from onenight.bots.say import LANGUAGE, ROLE_NAMES

WEB = Path(__file__).resolve().parents[2] / "src" / "onenight" / "web"
LANGS = ("en", "fr", "ja")

#: A name players may not take (the server's reserved prefix), quoted as typed: a token,
#: not a colon of the sentence.
TYPED = re.compile(r"«\s*center:\s*»|「center:」|\"center:\"")


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _catalogue_lang(path: Path) -> str:
    stem = path.stem  # "fr", "claims-fr"
    return stem.rsplit("-", 1)[-1]


def _ui_js(lang: str) -> list[str]:
    """The table mode's strings in one language (ui.js's UI.<lang> block)."""
    text = (WEB / "table" / "ui.js").read_text()
    start = text.index(f"\n  {lang}: {{")
    end = text.index("\n  },", start)
    return [m.group(1) for m in re.finditer(r'"((?:[^"\\]|\\.)*)"', text[start:end])]


def _sources() -> list[tuple[str, str, list[str]]]:
    """(language, where, strings) for every table of words."""
    out: list[tuple[str, str, list[str]]] = []
    for path in sorted((WEB / "app" / "i18n").glob("*.json")):
        out.append(
            (
                _catalogue_lang(path),
                f"app/i18n/{path.name}",
                list(_strings(json.loads(path.read_text()))),
            )
        )
    narration = json.loads((WEB / "table" / "narration.json").read_text())
    for lang in LANGS:
        out.append((lang, "table/narration.json names", list(_strings(narration["names"][lang]))))
        out.append((lang, "table/narration.json script", list(_strings(narration["script"][lang]))))
        out.append((lang, "table/ui.js", _ui_js(lang)))
        out.append((lang, "bots/phrasings.py", list(_strings(PHRASINGS[lang]))))
        out.append((lang, "bots/say.py", list(_strings(dict(LANGUAGE[lang].lines)))))
        i = LANGS.index(lang)
        out.append((lang, "bots/say.py names", [names[i] for names in ROLE_NAMES.values()]))
    return out


SOURCES = _sources()


def colon_faults(lang: str, text: str) -> list[str]:
    """What breaks the language's colon rule in one string (empty: nothing)."""
    text = TYPED.sub("", text)
    faults = []
    if lang == "fr":
        # A colon of the sentence: after a space (plain or no-break), then a space or the end.
        for m in re.finditer(r"(.?):(.?)", text):
            before, after = m.group(1), m.group(2)
            if before not in (" ", "\u00a0") or after not in ("", " ", "\u00a0", "\n"):
                faults.append(f"French colon without its spaces: {text!r}")
        if "：" in text:
            faults.append(f"full-width colon in French: {text!r}")
    elif lang == "ja":
        if ":" in text:
            faults.append(f"ASCII colon in Japanese: {text!r}")
        if re.search(r"[ \u00a0\u3000]：|：[ \u00a0\u3000]", text):
            faults.append(f"space beside a full-width colon: {text!r}")
    else:
        if re.search(r"[ \u00a0]:", text):
            faults.append(f"space before an English colon: {text!r}")
        if "：" in text:
            faults.append(f"full-width colon in English: {text!r}")
    return faults


@pytest.mark.parametrize(
    ("lang", "where", "strings"), SOURCES, ids=[f"{w}-{lang}" for lang, w, _ in SOURCES]
)
def test_every_colon_is_written_the_languages_way(
    lang: str, where: str, strings: list[str]
) -> None:
    assert lang in LANGS, where
    assert strings, f"{where}: no words found (the scan reads nothing)"
    faults = [f for s in strings for f in colon_faults(lang, s)]
    assert not faults, f"{where}:\n" + "\n".join(faults)


def test_the_rule_catches_what_players_saw() -> None:
    """The faults of the issue are faults, their fixes are not."""
    assert colon_faults("fr", "Chuchoter: Amélie")
    assert colon_faults("fr", "Éliminé :Didier")
    assert not colon_faults("fr", "Chuchoter : Amélie")
    assert not colon_faults("fr", "Éliminé\u00a0: Didier")
    assert not colon_faults("fr", "Un nom ne peut pas commencer par « center: ».")
    assert colon_faults("ja", "投票: 20秒")
    assert colon_faults("ja", "投票 ： 20秒")
    assert colon_faults("ja", "投票： 20秒")
    assert not colon_faults("ja", "投票：20秒")
    assert colon_faults("en", "Whisper : Ann")
    assert not colon_faults("en", "Whisper: Ann")


#: A value glued to a label with a colon written in the script (times as 1:05 are not).
GLUED = re.compile(
    r"(\$\{[^}]*\}|\))\s?[:：]\s\$\{|[\"'`]\s?[:：] [\"'`]\s*\+|\+\s*[\"'`]\s?[:：] "
)


@pytest.mark.parametrize(
    "script",
    sorted(
        p.relative_to(WEB).as_posix()
        for p in [*WEB.glob("app/*.js"), *WEB.glob("app/views/*.js"), *WEB.glob("table/*.js")]
    ),
)
def test_no_script_writes_a_colon_of_its_own(script: str) -> None:
    """A label and its value are joined by the page's language (the catalogues' "pair",
    the table's "chip_count"), never by a colon written in the code."""
    code = (WEB / script).read_text()
    glued = [
        line.strip()
        for line in code.splitlines()
        if GLUED.search(line) and not line.lstrip().startswith(("//", "*", "/*"))
    ]
    assert not glued, glued


def test_the_script_rule_catches_a_glued_colon() -> None:
    assert GLUED.search('return `${t("phase.night")}: ${label}`;')
    assert GLUED.search("li.textContent = `${name}: ${n}`;")
    assert GLUED.search('el.textContent = t("x") + ": " + name;')
    assert not GLUED.search("return `${Math.floor(t / 60)}:${String(t % 60)}`;")
    assert not GLUED.search("const key = `${edition}:${n}`;")
