"""Room ownership across server processes, behind a small interface chosen by URL.

One process at a time *owns* a room: it holds the room's state, runs its clock and
carries out its commands (:class:`onenight.session.actor.RoomActor`); every other
process forwards that room's commands to the owner. The event log in the store is the
truth, so any process can take a room over by replaying it.

The interface and what it carries are in :mod:`.base`; the backends import it, and this
package re-exports it and opens the backend a URL names:

* ``memory://`` (:class:`LocalCluster`, :mod:`.local`): one process, which owns every room.
* ``redis://host:port/db`` (:mod:`.redis`): ownership is a Redis lease with a short TTL
  that the owner renews; commands travel to the owner over Redis; a process takes over
  the rooms whose owner stopped renewing; frame numbers and the frames kept for a
  ``resume`` live in Redis too, so they survive the owner.
"""

from __future__ import annotations

from typing import Any

from onenight.pubsub import Frame, PubSub

from .base import BusDown, CallFailed, Cluster, Kept, Owner, OwnerGone, Post, channel
from .local import LocalCluster


def open_cluster(pubsub: PubSub, url: str = "memory://", metrics: Any = None) -> Cluster:
    """The cluster for a bus URL: one process for ``memory://``, Redis leases else."""
    if url.startswith("memory:"):
        return LocalCluster(pubsub)
    from .redis import RedisCluster

    return RedisCluster(url, pubsub, metrics)


__all__ = [
    "BusDown",
    "CallFailed",
    "Cluster",
    "Frame",
    "Kept",
    "LocalCluster",
    "Owner",
    "OwnerGone",
    "Post",
    "channel",
    "open_cluster",
]
