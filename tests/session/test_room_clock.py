"""A whole game in process, on a fake clock: the room's actor as the server runs it (the
hub, the store, the pub/sub, the bots), with time moved on by the test instead of waited
for. Night turns of the turn length plus jitter, the day's and the vote's deadlines, a
bot standing in for a player away past the grace, the idle close: seconds of game time
in milliseconds."""

from __future__ import annotations

import random

from onenight.bots.seats import BotSeats
from onenight.cluster import channel
from onenight.pubsub import MemoryPubSub
from onenight.rules import Phase
from onenight.session import protocol as P
from onenight.session.hub import Hub, Session
from onenight.session.limits import Limits
from onenight.session.requests import Acked, Refused
from onenight.session.timing import FakeClock
from onenight.storage import MemoryStore

TURN, JITTER, DAY, VOTE, GRACE, IDLE = 5.0, 2.0, 60.0, 10.0, 3.0, 600.0
DECK = {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1}


async def table() -> tuple[Hub, FakeClock, MemoryStore, list[Session]]:
    """A room of three players, two of them connected; the host set the timers."""
    clock, store = FakeClock(), MemoryStore()
    limits = Limits(idle=IDLE)
    hub = Hub(
        store, MemoryPubSub(), random.Random(7), limits=limits, clock=clock, bot_seats=BotSeats
    )
    await hub.start()
    ann = await hub.create("ann")
    bob = await hub.join(ann.room, "bob", False)
    cy = await hub.join(ann.room, "cy", False)
    for s in (ann, bob):
        await hub.open(s, None)
        await hub.presence(s, +1)
    settings = {"deck": DECK, "turn": TURN, "jitter": JITTER, "day": DAY, "vote": VOTE}
    configure = P.Configure(type="configure", grace=GRACE, **settings)  # type: ignore[arg-type]
    assert isinstance(await hub.command(ann, configure), Acked)
    return hub, clock, store, [ann, bob, cy]


async def kinds(store: MemoryStore, code: str) -> list[str]:
    return [e.kind for e in await store.events(code)]


async def test_a_whole_game_runs_on_the_fake_clock() -> None:
    hub, clock, store, (ann, bob, cy) = await table()
    room = hub.rooms[ann.room].room
    try:
        started_at = clock.now()
        assert isinstance(await hub.command(ann, P.Start(type="start")), Acked)
        play = room.play
        assert play is not None and play.deadline == started_at + TURN  # the deal

        await clock.advance(GRACE)  # cy never came: a bot plays the seat
        assert room.members[cy.member].stand_in is not None

        turns = []
        while play.phase == Phase.NIGHT:
            before = play.deadline
            tap = await hub.command(bob, P.Nothing(type="nothing"))
            again = await hub.command(bob, P.Nothing(type="nothing"))
            assert isinstance(tap, Acked) and tap.night and tap.size == play.frame_size
            assert isinstance(again, Refused) and again.code == "one_per_turn"
            await clock.advance(play.deadline - clock.now())
            if play.phase == Phase.NIGHT:
                turns.append(play.deadline - before)
        assert len(turns) == len(play.game.turns)  # each turn of the plan, after the deal
        assert all(TURN <= t <= TURN + JITTER for t in turns)  # the turn plus its jitter
        assert len({round(t, 6) for t in turns}) > 1  # the jitter is drawn each turn

        assert play.phase == Phase.DAY and play.deadline == clock.now() + DAY
        await clock.advance(DAY)
        assert play.phase == Phase.VOTE
        vote = await hub.command(ann, P.VoteMsg(type="vote", target=1))
        assert isinstance(vote, Acked) and not vote.night and vote.size is None
        await clock.advance(VOTE)  # the others get a vote at the deadline
        assert play.phase == Phase.END and play.result is not None
        assert play.game.votes[0] == 1

        for s in (ann, bob):
            await hub.presence(s, -1)
        await clock.advance(IDLE - 1)
        assert not room.closed
        await clock.advance(2)  # nobody online, no event: the room closes
        assert room.closed and ann.room not in hub.rooms
        log = await kinds(store, ann.room)
        assert log.count("tapped") >= len(turns) and log[-1] == "closed"
    finally:
        await hub.stop()


async def test_the_frames_of_a_night_are_of_one_size_and_numbered_from_one() -> None:
    """Each member's frames are numbered 1, 2, … from its first (its join's frames wait
    for its connection), and every frame of the night is of the game's frame size."""
    hub, clock, _, (ann, bob, _) = await table()
    subs = {s.member: await hub.pubsub.subscribe([channel(s.room, s.member)]) for s in (ann, bob)}
    try:
        await hub.command(ann, P.Start(type="start"))
        play = hub.rooms[ann.room].room.play
        assert play is not None
        await clock.advance(TURN + 3 * (TURN + JITTER))
        for member, sub in subs.items():
            frames = []
            while sub.pending():
                frames.append(await anext(aiter(sub)))
            night = [f for f in frames if '"phase":"night"' in f.text]
            assert night and {len(f.text.encode()) for f in night} == {play.frame_size}, member
            assert all(f.night and f.kind == "state" for f in night)  # said as data too
    finally:
        for sub in subs.values():
            await sub.close()
        await hub.stop()


async def test_a_new_members_first_frame_is_number_one() -> None:
    """Frames made when a member joins wait for its connection: the first it gets is its
    full view, from number 1 (none is lost before it subscribes)."""
    hub = Hub(MemoryStore(), MemoryPubSub(), random.Random(1), clock=FakeClock())
    await hub.start()
    try:
        ann = await hub.create("ann")
        bob = await hub.join(ann.room, "bob", False)
        actor = hub.rooms[ann.room]
        assert bob.member not in actor.kept  # nothing numbered before its connection
        await hub.open(bob, None)
        frames = list(actor.kept[bob.member])
        assert [f.n for f in frames] == [1, 2]
        assert frames[0].text.startswith('{"type":"room"') and '"type":"log"' in frames[1].text
    finally:
        await hub.stop()
