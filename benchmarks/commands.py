"""The room pipeline's cost, in process: chat commands through one hub (authenticate,
decide, store, apply, render, deliver), on the memory store and pub/sub, with 8 members.

    python benchmarks/commands.py [--commands N] [--members M]

Prints commands per CPU second (the best of three rounds; CPU time, so that other work
on the machine weighs less). Compare two commits side by side on one machine:
``PYTHONPATH=OLD/src python benchmarks/commands.py`` then the same with the new tree.
"""

from __future__ import annotations

import argparse
import asyncio
import time

from onenight.pubsub import MemoryPubSub
from onenight.session import protocol as P
from onenight.session.hub import Hub
from onenight.storage import MemoryStore


async def run(commands: int, members: int) -> float:
    hub = Hub(MemoryStore(), MemoryPubSub())
    await hub.start()
    ann = await hub.create("ann")
    for i in range(members - 1):
        await hub.join(ann.room, f"p{i}", False)
    msg = P.Chat(type="chat", text="hello there")
    for _ in range(200):  # warm up
        await hub.command(ann, msg)
    best = 0.0
    for _ in range(3):
        start = time.process_time()
        for _ in range(commands):
            await hub.command(ann, msg)
        best = max(best, commands / (time.process_time() - start))
    await hub.stop()
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=4000)
    parser.add_argument("--members", type=int, default=8)
    args = parser.parse_args()
    rate = asyncio.run(run(args.commands, args.members))
    print(f"{rate:,.0f} chat commands per CPU second ({args.members} members, memory store)")


if __name__ == "__main__":
    main()
