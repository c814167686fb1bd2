"""Names and words that cannot deceive (docs/security.md, Names; issue 37 point 7): a
name is normalised (NFKC), refused when it holds an invisible or format character
outside an emoji sequence or shows nothing, refused when it reads like a seated
member's (Unicode TS #39 skeleton), and the ``center:`` rule holds after normalising;
a chat line with no visible character is refused. Through the hub, as a join is."""

from __future__ import annotations

import random

import pytest

from onenight.pubsub import MemoryPubSub
from onenight.session import protocol as P
from onenight.session.errors import BadMessage
from onenight.session.hub import Hub
from onenight.session.names import look_alike
from onenight.session.requests import Refused
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

#: shown as nothing, or as something they are not (issue 37)
HIDDEN = [
    "p0\u200b",  # zero-width space
    "p0\ufe0f",  # a variation selector after a letter
    "p\u200d0",  # a zero-width joiner between letters
    "\u200b",
    "\u3164",  # Hangul filler
    "\u2800",  # blank Braille pattern
    "\u2060",  # word joiner
    "ann\U000e0041",  # a tag character outside a flag
    "\u200eann",  # left-to-right mark
    "ann\u202e",  # right-to-left override
    "\u00adann",  # soft hyphen
]
#: names people use, that must stay possible
FINE = ["ann", "Zoë", "田中", "Jean-Luc", "👨\u200d👩\u200d👧", "❤\ufe0f", "Ann 🇫🇷", "سارا"]
FLAG = "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"  # England


@pytest.mark.parametrize("name", HIDDEN)
def test_a_name_with_an_invisible_or_format_character_is_refused(name: str) -> None:
    with pytest.raises(BadMessage) as refused:
        P.clean_name(name)
    assert refused.value.code == "bad_name"


@pytest.mark.parametrize("name", [*FINE, FLAG])
def test_names_of_every_script_and_emoji_sequences_are_kept(name: str) -> None:
    assert P.clean_name(name) == name


def test_a_name_is_normalised_and_the_center_rule_holds_after() -> None:
    assert P.clean_name("ｐ１") == "p1"  # fullwidth: NFKC
    assert P.clean_name("  an\u3000n ") == "an n"  # ideographic space: collapsed
    with pytest.raises(BadMessage) as refused:
        P.clean_name("\u0301\u0301")  # marks on nothing: no visible character
    assert refused.value.code == "bad_name" and "visible" in refused.value.message
    for center in ("center:0", "CENTER:1", "ｃｅｎｔｅｒ:2", "сenter:0"):  # the last: Cyrillic с
        with pytest.raises(BadMessage) as refused:
            P.clean_name(center)
        assert refused.value.code == "bad_name", center


def test_skeletons_tell_look_alikes_from_different_names() -> None:
    assert look_alike("р0", "p0")  # Cyrillic er
    assert look_alike("pO", "p0") and look_alike("Il", "ll") and look_alike("rn", "m")
    assert look_alike("Ann", "ann")  # case
    assert not look_alike("ann", "anna") and not look_alike("Bob", "Rob")


def test_a_chat_line_with_no_visible_character_is_refused() -> None:
    for text in ("\u200b\u200b", "\u2800", " \u3164 "):
        with pytest.raises(BadMessage) as refused:
            P.clean_text(text)
        assert refused.value.code == "bad_text", repr(text)
    assert P.clean_text("hi\u200b") == "hi\u200b"  # a visible word: said as written


async def test_a_name_that_reads_like_a_seated_members_is_too_close() -> None:
    hub = Hub(MemoryStore(), MemoryPubSub(), random.Random(1), clock=FakeClock())
    await hub.start()
    try:
        host = await hub.create("p0")
        for name, code in (("р0", "name_too_close"), ("ｐ０", "name_taken"), ("P0", "name_taken")):
            with pytest.raises(BadMessage) as refused:
                await hub.join(host.room, name, False)
            assert refused.value.code == code, name
            if code == "name_too_close":
                assert "p0" in refused.value.message  # "too close to 'p0'"
        ann = await hub.join(host.room, "ann", False)
        await hub.open(ann, None)
        reply = await hub.command(ann, P.Chat(type="chat", text="\u200b"))
        assert isinstance(reply, Refused) and reply.code == "bad_text"
        await hub.join(host.room, "p1", False)  # a different name is welcome
    finally:
        await hub.stop()
