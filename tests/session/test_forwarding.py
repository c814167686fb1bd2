"""A request forwarded to the room's owner in another process travels in one encoding
and is checked again there: it must arrive as the very request the member made, and a
command is carried out once however many times, and of whichever owner, it is asked."""

from __future__ import annotations

import asyncio
import typing
from collections.abc import Mapping

import orjson
import pytest

from onenight.cluster import BusDown, OwnerGone
from onenight.pubsub import Frame, MemoryPubSub
from onenight.session import protocol as P
from onenight.session.hub import Hub, Session
from onenight.session.protocol import BadMessage
from onenight.session.requests import (
    Acked,
    CommandRequest,
    Done,
    Found,
    JoinRequest,
    Opened,
    Public,
    Refused,
    Seated,
    Taken,
    decode_reply,
    decode_request,
    encode_reply,
    encode_request,
)
from onenight.storage import MemoryStore

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
    {"type": "ready", "ready": False},
    {"type": "vote", "target": 3},
    {"type": "vote", "target": "center"},
    {"type": "ping", "ref": 2**40},
    {"type": "voice_whisper", "to": 3},
    {"type": "voice_whisper"},
    {"type": "signal", "to": 2, "kind": "offer", "sdp": "v=0\r\n" + "a=x\r\n" * 1500},
    {"type": "signal", "to": 2, "kind": "hangup"},
    {"type": "ice"},
]


def test_every_kind_of_message_is_an_example() -> None:
    union = typing.get_args(typing.get_args(P.Message)[0])
    kinds = {typing.get_args(m.model_fields["type"].annotation)[0] for m in union}
    assert kinds == {e["type"] for e in EXAMPLES}


def test_a_forwarded_request_arrives_as_sent() -> None:
    """A command crosses the bus as one encoded request, checked again on arrival: the
    same message, of the same type, with the same id."""
    for example in EXAMPLES:
        msg = P.parse(orjson.dumps(example))
        request = CommandRequest(room="KXQMT", token="t", member=1, id="p.1", msg=msg)
        again = decode_request(encode_request(request))
        assert again == request and type(again.msg) is type(msg), example
        if isinstance(msg, P.Configure):  # what configure reads of it
            keep = {"exclude_none": True, "exclude": {"type", "ref"}}
            assert again.msg.model_dump(**keep) == msg.model_dump(**keep)  # type: ignore[arg-type,attr-defined]


def test_every_reply_crosses_the_bus_as_it_was() -> None:
    replies = [
        Seated(member=2, token="t"),
        Found(member=2),
        Opened(missed=[Frame(3, "state", True, '{"type":"state","n":3}')], size=1024),
        Opened(missed=None),
        Acked(fields={"game": 1}, size=2048, night=True),
        Public(frame={"type": "room"}),
        Taken(taken=True),
        Done(),
        Refused(code="not_host", message="only the host may do that", size=None, night=False),
    ]
    for reply in replies:
        assert decode_reply(encode_reply(reply)) == reply


# ----- a command asked again is carried out once -----


async def owned_room() -> tuple[Hub, MemoryStore, Session]:
    store = MemoryStore()
    hub = Hub(store, MemoryPubSub())
    await hub.start()
    return hub, store, await hub.create("ann")


def chat_request(session: Session, text: str, id: str, token: str | None = None) -> str:
    """A chat as another process forwards it (encoded, named by its asker)."""
    msg = P.Chat(type="chat", text=text)
    token = token or session.token
    request = CommandRequest(room=session.room, token=token, member=session.member, id=id, msg=msg)
    return encode_request(request)


async def chats(store: MemoryStore, code: str) -> list[str]:
    return [e.data["text"] for e in await store.events(code) if e.kind == "chat"]


async def test_a_forwarded_request_asked_again_is_carried_out_once() -> None:
    """The asker lost the answer (Redis restarting) or waited too long, and asks again
    under the same id: the owner answers as the first time, and the line is said once;
    two asks at the same moment, once too. Another id is another request."""
    hub, store, ann = await owned_room()
    try:
        first = await hub.serve(ann.room, chat_request(ann, "hi", "p.1"))
        again = await hub.serve(ann.room, chat_request(ann, "hi", "p.1"))
        assert again == first and isinstance(decode_reply(first), Acked)
        both = await asyncio.gather(
            *(hub.serve(ann.room, chat_request(ann, "yo", "p.2")) for _ in range(2))
        )
        assert both[0] == both[1]
        await hub.serve(ann.room, chat_request(ann, "hi", "q.1"))
        assert await chats(store, ann.room) == ["hi", "yo", "hi"]
    finally:
        await hub.stop()


async def test_a_command_asked_again_of_a_new_owner_is_carried_out_once() -> None:
    """The owner stored a chat line and died before answering; the asker asks the room's
    new owner under the same id. The answer is in the log: the new owner answers as the
    first did, and the line is said once."""
    store = MemoryStore()
    old = Hub(store, MemoryPubSub())
    await old.start()
    ann = await old.create("ann")
    first = await old.serve(ann.room, chat_request(ann, "hi", "p.7"))
    await old.stop()
    new = Hub(store, MemoryPubSub())
    await new.start()  # one process: it owns every open room of the store
    try:
        assert await new.serve(ann.room, chat_request(ann, "hi", "p.7")) == first
        assert await chats(store, ann.room) == ["hi"]
    finally:
        await new.stop()


async def test_a_join_asked_again_of_a_new_owner_takes_one_seat() -> None:
    """The owner seated a forwarded join and died before answering; the asker asks the
    room's new owner (another process: the log replayed). The join names its token, made
    by the asking process: the new owner finds that token seated and answers with the
    same seat, not ``name_taken`` with a seat held by a token nobody has."""
    store = MemoryStore()
    old = Hub(store, MemoryPubSub())
    await old.start()
    ann = await old.create("ann")
    request = encode_request(JoinRequest(room=ann.room, name="bob", token="bob-token"))
    seated = decode_reply(await old.serve(ann.room, request))
    assert isinstance(seated, Seated) and seated.token == "bob-token"
    await old.stop()
    new = Hub(store, MemoryPubSub())
    await new.start()
    try:
        assert decode_reply(await new.serve(ann.room, request)) == seated
        cy = encode_request(JoinRequest(room=ann.room, name="cy", token="cy-token"))
        other = decode_reply(await new.serve(ann.room, cy))
        assert isinstance(other, Seated) and other.member != seated.member
        joined = [e.data["name"] for e in await store.events(ann.room) if e.kind == "joined"]
        assert joined == ["ann", "bob", "cy"]
        bob = await new.resume(ann.room, "bob-token")  # the token the asker gave works
        assert bob.member == seated.member
    finally:
        await new.stop()


async def test_a_refused_request_asked_again_is_tried_again() -> None:
    """A refusal changed nothing: asked again under the same id, the request is tried
    again (and may pass now), not answered with the old refusal."""
    hub, store, ann = await owned_room()
    try:
        for _ in range(2):
            refused = decode_reply(await hub.serve(ann.room, chat_request(ann, "hi", "p.1", "x")))
            assert isinstance(refused, Refused) and refused.code == "bad_token"
        assert isinstance(
            decode_reply(await hub.serve(ann.room, chat_request(ann, "hi", "p.1"))), Acked
        )
        assert await chats(store, ann.room) == ["hi"]
    finally:
        await hub.stop()


class Elsewhere:
    """A cluster in which another process owns every room, and whose first request is
    lost (no answer: OwnerGone); it records what it forwards."""

    shared = True
    me = "here"

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def owner(self, code: str) -> str:
        return "there"

    async def call(self, owner: str, code: str, request: str) -> str:
        self.sent.append(request)
        if len(self.sent) == 1:
            raise OwnerGone(owner)
        return encode_reply(Acked())


async def test_a_request_keeps_its_id_when_asked_again() -> None:
    """The router asks again under the same id (so the owner carries it out once); the
    next request has an id of its own."""
    cluster = Elsewhere()
    hub = Hub(MemoryStore(), MemoryPubSub(), cluster=typing.cast(typing.Any, cluster))
    session = Session("ROOMA", 1, "t")
    await hub.command(session, P.Chat(type="chat", text="hi"))
    await hub.command(session, P.Chat(type="chat", text="yo"))
    ids = [typing.cast(CommandRequest, decode_request(sent)).id for sent in cluster.sent]
    assert len(ids) == 3 and ids[0] == ids[1] != ids[2]


# ----- the bus away: busy, and no lease held for nothing -----


class BusAway(Elsewhere):
    """A cluster whose Redis stops answering just after a free lease was taken (a room
    nobody owns, its log in the store); it records the leases given back."""

    def __init__(self) -> None:
        super().__init__()
        self.released: list[str] = []

    async def owner(self, code: str) -> None:
        return None

    async def acquire(self, code: str) -> bool:
        return True

    async def kept(self, code: str) -> typing.Any:
        raise BusDown("Connection refused")

    async def release(self, code: str, closed: bool) -> None:
        self.released.append(code)

    async def within_rate(
        self, kind: str, address: str | None, per_minute: float, take: bool = True
    ) -> bool:
        raise BusDown("Connection refused")


async def test_a_take_over_while_the_bus_is_away_is_busy_and_lets_the_lease_go() -> None:
    """A member's request finds its room unowned and this process takes the lease, but
    Redis goes away before the room is set up: the member is told ``busy`` (not
    ``internal``), and the lease is given back (held, the room would be served by
    nobody). Joining or creating while Redis is away is ``busy`` too."""
    store = MemoryStore()
    first = Hub(store, MemoryPubSub())
    await first.start()
    ann = await first.create("ann")
    await first.stop()
    cluster = BusAway()
    hub = Hub(store, MemoryPubSub(), cluster=typing.cast(typing.Any, cluster))
    chat = await hub.command(ann, P.Chat(type="chat", text="hi"))
    assert isinstance(chat, Refused) and chat.code == "busy"
    for attempt in (
        hub.join(ann.room, "bob", False, "10.0.0.1"),
        hub.create("cy", "10.0.0.1"),
    ):
        with pytest.raises(BadMessage) as refused:
            await attempt
        assert refused.value.code == "busy"
    assert ann.room in cluster.released and ann.room not in hub.rooms


class CountsThenAway(Elsewhere):
    """A cluster that counts a connection, then cannot reach the room's owner."""

    def __init__(self) -> None:
        super().__init__()
        self.connections = 0

    async def presence(self, code: str, counts: Mapping[int, int]) -> None:
        self.connections = sum(counts.values())

    async def owner(self, code: str) -> str:
        raise BusDown("Connection refused")


async def test_a_connection_the_owner_was_not_told_of_is_not_counted() -> None:
    """A connection opens but its count cannot reach the room's owner: ``busy`` (the
    member resumes again), and the process's count goes back, so that the member does
    not stay online through a connection that is not there."""
    cluster = CountsThenAway()
    hub = Hub(MemoryStore(), MemoryPubSub(), cluster=typing.cast(typing.Any, cluster))
    with pytest.raises(BadMessage) as refused:
        await hub.presence(Session("ROOMA", 1, "t"), +1)
    assert refused.value.code == "busy" and cluster.connections == 0


class Counting(MemoryStore):
    """A log that counts the replays asked of it."""

    replays = 0

    async def events(self, room: str) -> list[typing.Any]:
        self.replays += 1
        return await super().events(room)


class Unowned(Elsewhere):
    """A cluster in which nobody owns any room, and no lease can be taken."""

    async def owner(self, code: str) -> None:
        return None

    async def acquire(self, code: str) -> bool:
        return False


async def test_a_room_nobody_owns_is_busy_if_open_and_gone_if_closed() -> None:
    """No process owns the room (the moment after Redis restarted empty): an open room is
    ``busy`` (try again), a closed or unknown one ``no_room``, and telling those apart
    replays no log (a stranger may ask for closed codes again and again)."""
    store = Counting()
    first = Hub(store, MemoryPubSub())
    await first.start()
    ann = await first.create("ann")
    gone = await first.create("bob")
    await first.command(gone, P.Leave(type="leave"))  # its last member left: closed
    await first.stop()
    hub = Hub(store, MemoryPubSub(), cluster=typing.cast(typing.Any, Unowned()))
    for code, expected in ((gone.room, "no_room"), ("ZZZZZ", "no_room"), (ann.room, "busy")):
        store.replays = 0
        with pytest.raises(BadMessage) as refused:
            await hub.view(code)
        assert refused.value.code == expected, code
        assert store.replays == (1 if expected == "busy" else 0), code
