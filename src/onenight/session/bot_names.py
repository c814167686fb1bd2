"""The names bots take at a table: a name per bot from a list in the room's language,
each with an initial of its own, so that a table tells its bots apart by name, initial
and colour (issue 36, point 9) rather than reading "Basic bot 1", "Basic bot 2"."""

from __future__ import annotations

from collections.abc import Iterable

#: Names in each language, each with another first letter (or kana).
NAMES: dict[str, tuple[str, ...]] = {
    "en": (
        "Ada", "Ben", "Cleo", "Dev", "Eli", "Finn", "Gus", "Hana", "Iris", "Jade", "Kai",
        "Lena", "Milo", "Nora", "Otto", "Pia", "Quinn", "Rosa", "Sam", "Tess", "Uma",
        "Vic", "Wren", "Yara", "Zoe",
    ),
    "fr": (
        "Aline", "Bastien", "Céline", "Denis", "Élise", "Fabien", "Gaëlle", "Hugo", "Inès",
        "Julien", "Karim", "Léa", "Mathis", "Noémie", "Océane", "Paul", "Quentin",
        "Romane", "Simon", "Théo", "Ursule", "Victor", "Yanis", "Zoé",
    ),
    "ja": (
        "ハナ", "ケン", "ユイ", "ソラ", "ミオ", "リク", "アオイ", "タク", "ノア", "エマ",
        "ヒナ", "サキ", "ツバサ", "ナオ", "モモ", "レン", "コウ", "チカ", "イツキ", "フウカ",
    ),
}  # fmt: skip


def initial(name: str) -> str:
    """A name's first letter, as a badge shows it (accents aside: É and E look alike)."""
    first = name.strip()[:1].casefold()
    return {"é": "e", "è": "e", "ê": "e", "à": "a", "ô": "o", "î": "i"}.get(first, first)


def bot_name(lang: str, taken: Iterable[str]) -> str:
    """A bot's name in ``lang``: the first of the language's names that nobody at the
    table has and whose initial nobody's name starts with; else the first free name;
    else the first name with a number."""
    names = NAMES.get(lang, NAMES["en"])
    taken = [t.casefold() for t in taken]
    initials = {initial(t) for t in taken}
    free = [n for n in names if n.casefold() not in taken]
    for name in free:
        if initial(name) not in initials:
            return name
    if free:
        return free[0]
    k = 2
    while f"{names[0]} {k}".casefold() in taken:
        k += 1
    return f"{names[0]} {k}"
