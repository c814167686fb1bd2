"""A command forwarded to the room's owner in another process travels as JSON and is
checked again there: it must arrive as the very message the member sent."""

from __future__ import annotations

import typing

import orjson

from onenight.session import protocol as P
from onenight.session.hub import _wire

EXAMPLES: list[dict[str, typing.Any]] = [
    {"type": "create", "name": "ann"},
    {"type": "join", "room": "KXQMT", "name": "bob", "spectator": True},
    {"type": "resume", "room": "KXQMT", "token": "t0k", "last": 41},
    {"type": "leave", "ref": "x"},
    {"type": "kick", "member": 3},
    {"type": "host", "member": 2},
    {"type": "configure", "deck": {"werewolf": 2, "seer": 1}, "turn": 0.5, "lang": "ja"},
    {"type": "configure", "edition": "japanese"},
    {"type": "start"},
    {"type": "rematch"},
    {"type": "act", "action": {"type": "look", "cards": ["center:0", "center:2"]}, "ref": 7},
    {"type": "nothing", "pad": "   "},
    {"type": "add_bot", "level": "reasoner"},
    {"type": "claim", "claim": {"role": "seer", "saw": [{"seat": 1, "role": "werewolf"}]}},
    {"type": "chat", "text": "hello 🐺 <b>"},
    {"type": "whisper", "to": 4, "text": "psst"},
    {"type": "end_day"},
    {"type": "vote", "target": 3},
    {"type": "vote", "target": "center"},
    {"type": "ping", "ref": 2**40},
]


def test_every_kind_of_message_is_an_example() -> None:
    union = typing.get_args(typing.get_args(P.Message)[0])
    kinds = {typing.get_args(m.model_fields["type"].annotation)[0] for m in union}
    assert kinds == {e["type"] for e in EXAMPLES}


def test_a_forwarded_message_arrives_as_sent() -> None:
    for example in EXAMPLES:
        msg = P.parse(orjson.dumps(example))
        sent = _wire({"member": 1, "token": "t", "msg": msg})
        travelled = orjson.loads(orjson.dumps(sent))  # over Redis, as JSON
        again = P.message_adapter.validate_python(travelled["msg"])
        assert again == msg and type(again) is type(msg), example
        if isinstance(msg, P.Configure):  # what configure reads of it
            keep = {"exclude_none": True, "exclude": {"type", "ref"}}
            assert again.model_dump(**keep) == msg.model_dump(**keep)  # type: ignore[arg-type]
