"""A command forwarded to the room's owner in another process travels as JSON and is
checked again there: it must arrive as the very message the member sent, and be carried
out once however many times it is asked."""

from __future__ import annotations

import asyncio
import typing

import orjson
import pytest

from onenight.cluster import BusDown, OwnerGone
from onenight.pubsub import MemoryPubSub
from onenight.session import protocol as P
from onenight.session.hub import Hub, Session, _wire
from onenight.session.protocol import BadMessage
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


# ----- a request asked again is carried out once -----


async def owned_room() -> tuple[Hub, MemoryStore, Session]:
    store = MemoryStore()
    hub = Hub(store, MemoryPubSub())
    await hub.start()
    return hub, store, await hub.create("ann")


def chat_request(session: Session, text: str, name: str) -> dict[str, typing.Any]:
    """A chat as another process forwards it (JSON, named by its asker)."""
    msg = {"type": "chat", "text": text}
    return {"member": session.member, "token": session.token, "msg": msg, "once": name}


async def chats(store: MemoryStore, code: str) -> list[str]:
    return [e.data["text"] for e in await store.events(code) if e.kind == "chat"]


async def test_a_forwarded_request_asked_again_is_carried_out_once() -> None:
    """The asker lost the answer (Redis restarting) or waited too long, and asks again
    under the same name: the owner answers as the first time, and the line is said once;
    two asks at the same moment, once too. Another name is another request."""
    hub, store, ann = await owned_room()
    try:
        first = await hub.serve(ann.room, "handle", chat_request(ann, "hi", "p.1"))
        again = await hub.serve(ann.room, "handle", chat_request(ann, "hi", "p.1"))
        assert again == first
        both = await asyncio.gather(
            *(hub.serve(ann.room, "handle", chat_request(ann, "yo", "p.2")) for _ in range(2))
        )
        assert both[0] == both[1]
        await hub.serve(ann.room, "handle", chat_request(ann, "hi", "q.1"))
        assert await chats(store, ann.room) == ["hi", "yo", "hi"]
    finally:
        await hub.stop()


async def test_a_join_asked_again_of_a_new_owner_takes_one_seat() -> None:
    """The owner seated a forwarded join and died before answering; the asker asks the
    room's new owner (another process: the log replayed, none of the old one's request
    names known). The join names its token, made by the asking process: the new owner
    finds that token seated and answers with the same seat (before, it tried to seat bob
    again and answered ``name_taken``, bob's seat held by a token nobody had)."""
    store = MemoryStore()
    old = Hub(store, MemoryPubSub())
    await old.start()
    ann = await old.create("ann")
    request = {"name": "bob", "spectator": False, "token": "bob-token", "once": "p.1"}
    seated = await old.serve(ann.room, "join", request)
    assert seated["token"] == "bob-token"
    await old.stop()
    new = Hub(store, MemoryPubSub())
    await new.start()  # one process: it owns every open room of the store
    try:
        assert await new.serve(ann.room, "join", request) == seated
        cy = {"name": "cy", "spectator": False, "token": "cy-token", "once": "p.2"}
        other = await new.serve(ann.room, "join", cy)
        assert other["member"] != seated["member"]  # another token, another seat
        joined = [e.data["name"] for e in await store.events(ann.room) if e.kind == "joined"]
        assert joined == ["ann", "bob", "cy"]
        bob = await new.resume(ann.room, "bob-token")  # the token the asker gave works
        assert bob.member == seated["member"]
    finally:
        await new.stop()


async def test_a_refused_request_asked_again_is_tried_again() -> None:
    """A refusal changed nothing: asked again under the same name, the request is tried
    again (and may pass now), not answered with the old refusal."""
    hub, store, ann = await owned_room()
    try:
        bad = chat_request(ann, "hi", "p.1") | {"token": "not-ann"}
        for _ in range(2):
            with pytest.raises(BadMessage) as refused:
                await hub.serve(ann.room, "handle", bad)
            assert refused.value.code == "bad_token"
        await hub.serve(ann.room, "handle", chat_request(ann, "hi", "p.1"))
        assert await chats(store, ann.room) == ["hi"]
    finally:
        await hub.stop()


class Elsewhere:
    """A cluster in which another process owns every room, and whose first request is
    lost (no answer: OwnerGone); it records what it forwards."""

    shared = True
    me = "here"

    def __init__(self) -> None:
        self.sent: list[dict[str, typing.Any]] = []

    async def owner(self, code: str) -> str:
        return "there"

    async def call(
        self, owner: str, code: str, op: str, args: dict[str, typing.Any]
    ) -> dict[str, typing.Any]:
        self.sent.append(args)
        if len(self.sent) == 1:
            raise OwnerGone(owner)
        return {"fields": {}, "size": None, "night": False}


async def test_a_request_keeps_its_name_when_asked_again() -> None:
    """The router asks again under the same name (so the owner carries it out once);
    the next request has a name of its own."""
    cluster = Elsewhere()
    hub = Hub(MemoryStore(), MemoryPubSub(), cluster=typing.cast(typing.Any, cluster))
    session = Session("ROOMA", 1, "t")
    await hub.handle(session, P.Chat(type="chat", text="hi"))
    await hub.handle(session, P.Chat(type="chat", text="yo"))
    names = [sent["once"] for sent in cluster.sent]
    assert len(names) == 3 and names[0] == names[1] != names[2]
    assert all(name.startswith("here.") for name in names)


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

    async def within_rate(self, kind: str, address: str | None, per_minute: float) -> bool:
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
    for attempt in (
        hub.handle(ann, P.Chat(type="chat", text="hi")),
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

    async def presence(self, code: str, member: int, delta: int) -> int:
        self.connections += delta
        return self.connections

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
    await first.handle(gone, P.Leave(type="leave"))  # its last member left: closed
    await first.stop()
    hub = Hub(store, MemoryPubSub(), cluster=typing.cast(typing.Any, Unowned()))
    for code, expected in ((gone.room, "no_room"), ("ZZZZZ", "no_room"), (ann.room, "busy")):
        store.replays = 0
        with pytest.raises(BadMessage) as refused:
            await hub.view(code)
        assert refused.value.code == expected, code
        assert store.replays == (1 if expected == "busy" else 0), code
