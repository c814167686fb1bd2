"""Names and words that cannot deceive (docs/security.md, Names).

A name is what the table shows for a seat: nobody may take one that looks like a seated
member's, nor one that shows as nothing. So a name is

* normalised (NFKC: the fullwidth ``ｐ０`` is ``p0``), its whitespace collapsed;
* refused when it holds an invisible or format character: controls, surrogates, every
  format character (Cf: zero-width spaces and joiners, word joiners, bidi marks,
  embeddings, overrides and isolates, tag characters) and every other default-ignorable
  code point (variation selectors, the Hangul fillers, the combining grapheme joiner…)
  or the blank Braille pattern. Emoji keep their sequences: a zero-width joiner between
  two symbols, a variation selector after a symbol, the tag characters of a flag;
* refused when no character of it is visible (a letter, a digit, a punctuation mark or
  a symbol);
* refused when its confusable **skeleton** (Unicode TS #39: each character replaced by
  its prototype in Unicode's confusables data) is a seated member's: ``р0`` (a Cyrillic
  er) beside ``p0`` is "too close to p0" (``name_too_close``).

Chat and whispers keep every character but a control or a bidi override; a line with no
visible character is refused.

The confusables data is the package ``confusable-homoglyphs``' (Unicode's
confusables.txt, as pairs): characters that one maps to another are one class, a
character mapped to a sequence (``m`` → ``rn``) is that sequence.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache

#: Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties.txt): shown as nothing.
IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
BLANK = frozenset("\u2800")  #: drawn as nothing, though not default-ignorable
ZWJ = "\u200d"
EMOJI_SELECTORS = frozenset("\ufe0e\ufe0f")  #: text or emoji presentation
BLACK_FLAG = "\U0001f3f4"  #: a subdivision flag: its tag characters follow it
TAGS = range(0xE0020, 0xE0080)  #: tag characters and the cancel tag


def ignorable(ch: str) -> bool:
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in IGNORABLE)


def symbol(ch: str) -> bool:
    """A pictograph, an emoji modifier or a regional indicator (So, Sk)."""
    return unicodedata.category(ch) in ("So", "Sk")


def visible(ch: str) -> bool:
    """A character that draws something: a letter, a mark on one, a digit, a punctuation
    mark or a symbol, that is not a filler."""
    return unicodedata.category(ch)[0] in "LNPS" and not ignorable(ch) and ch not in BLANK


def hidden_char(text: str) -> str | None:
    """The first invisible or format character of a name that is not part of an emoji
    sequence, or None."""
    flag = False  # inside a subdivision flag's tags
    for i, ch in enumerate(text):
        before = text[i - 1] if i else ""
        after = text[i + 1] if i + 1 < len(text) else ""
        if ch == BLACK_FLAG:
            flag = True
            continue
        if ord(ch) in TAGS and flag:
            continue
        flag = flag and ord(ch) in TAGS
        if ch in EMOJI_SELECTORS and symbol(before):
            continue
        if ch == ZWJ and (symbol(before) or before in EMOJI_SELECTORS) and symbol(after):
            continue
        category = unicodedata.category(ch)
        if category in ("Cc", "Cf", "Cs", "Co") or ignorable(ch) or ch in BLANK:
            return ch
    return None


def has_visible(text: str) -> bool:
    return any(visible(ch) for ch in text)


@cache
def _classes() -> tuple[dict[str, str], dict[str, str]]:
    """Each character's class representative, and the characters mapped to a sequence."""
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def find(ch: str) -> str:
        root = ch
        while parent.get(root, root) != root:
            root = parent[root]
        while ch != root:  # path compression
            parent[ch], ch = root, parent.get(ch, ch)
        return root

    sequences: dict[str, str] = {}
    for key, entries in confusables_data.items():
        a = _strip(key)
        for entry in entries:
            b = _strip(entry["c"])
            if len(a) == 1 and len(b) == 1:
                ra, rb = find(a), find(b)
                if ra != rb:  # the smaller code point stands for the class
                    parent[max(ra, rb)] = min(ra, rb)
            elif len(a) == 1 and len(b) > 1:
                sequences[a] = b
    return {ch: find(ch) for ch in parent}, sequences


def _strip(text: str) -> str:
    """The data marks right-to-left characters with left-to-right marks: not theirs."""
    return text.replace("\u200e", "").replace("\u200f", "")


def skeleton(text: str) -> str:
    """TS #39's skeleton: decomposed, the default-ignorable characters dropped, each
    character replaced by its class, decomposed again."""
    classes, sequences = _classes()
    out = []
    for ch in unicodedata.normalize("NFD", text):
        if ignorable(ch):
            continue
        for part in sequences.get(ch, ch):
            out.append(classes.get(part, part))
    return unicodedata.normalize("NFD", "".join(out))


def look_alike(a: str, b: str) -> bool:
    """Whether two names read the same: equal skeletons, as written or case folded."""
    return skeleton(a) == skeleton(b) or skeleton(a.casefold()) == skeleton(b.casefold())


def close_to(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that ``name`` reads like, or None."""
    return next((other for other in others if look_alike(name, other)), None)


CENTER = "center:"


def looks_like_center(name: str) -> bool:
    """A name that a target list would read as a center card (``center:0``)."""
    folded = name.casefold()
    return folded.startswith(CENTER) or skeleton(folded).startswith(skeleton(CENTER))
