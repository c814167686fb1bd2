"""Memory bounded in bytes per member (docs/deploy.md, Limits a flood meets; issue 37
point 3): a member whose connection reads nothing while others send it 10 KB voice
offers is cut off once its queue holds QUEUE_BYTES (close 1013 "too slow"), long before
QUEUE_FRAMES frames (20 MB of offers), and its seat stays: a resume brings it back.
``benchmarks/slow_readers.py`` measures a process's memory under the full attack."""

from __future__ import annotations

import asyncio
import socket

import orjson
from websockets.asyncio.client import connect

from onenight.client import Client
from onenight.pubsub.memory import QUEUE_FRAMES

from .conftest import Server
from .helpers import close_all, make_room

SDP = "v=0\r\n" + "a" * 9_990  #: an offer as large as the protocol takes (10,000)
#: Sent before the reader is cut off, at most: its queue's bound and what the system's
#: socket buffers (made small on the reader's side) and uvicorn's write buffer hold; a
#: bound in frames alone (QUEUE_FRAMES offers: 20 MB) lets several times this through.
MOST = 8 * 1024 * 1024


async def test_a_member_that_reads_nothing_is_cut_off_by_bytes_and_resumes(
    server: Server,
) -> None:
    players, _ = await make_room(server.url, 8)
    host = players[0]
    code = host.room_code or ""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a phone that reads nothing
    sock.connect(("127.0.0.1", server.port))
    mute = await connect(server.url, sock=sock, max_size=2**22, ping_interval=None)
    await mute.send(orjson.dumps({"type": "join", "room": code, "name": "mute"}).decode())
    ack = orjson.loads(await mute.recv())
    member, token = ack["member"], ack["token"]

    def online(c: Client) -> bool:
        return any(m["member"] == member and m["online"] for m in c.room["members"])

    await host.until(online)

    sent = 0
    try:
        while online(host) and sent < MOST:
            # seven senders, each within the message rate (20 a second)
            await asyncio.gather(*(c.signal(member, "offer", SDP) for c in players[1:]))
            sent += (len(players) - 1) * len(SDP)
            await asyncio.sleep(0.06)
        assert not online(host), f"{sent} bytes sent and the reader still connected"
        assert sent < QUEUE_FRAMES * len(SDP)
        back = await Client.connect(server.url)
        players.append(back)
        await back.resume(code, token)
        await host.until(online, 10)  # its seat stayed: it is back
    finally:
        await mute.close()
        await close_all(players)
