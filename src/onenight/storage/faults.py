"""A fault for tests: the process kills itself (SIGKILL) right after storing a command.

``ONENIGHT_FAULT_KILL_AFTER_STORING=chat,vote`` makes :func:`onenight.storage.open_store`
wrap the store: the first stored batch that answers a member's command (it holds an
``answered`` event) and holds an event of one of these kinds is stored, then the process
dies before anybody is answered — the moment a failover must not carry a command out
twice (tests/server/test_once.py). Never set in production.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Sequence

from .base import Event, Store

VARIABLE = "ONENIGHT_FAULT_KILL_AFTER_STORING"


class KilledAfterStoring:
    """A store that kills its process after storing a command of the given kinds."""

    def __init__(self, store: Store, kinds: frozenset[str]) -> None:
        self.store = store
        self.kinds = kinds

    async def append(self, events: Sequence[Event]) -> None:
        await self.store.append(events)
        stored = {e.kind for e in events}
        if "answered" in stored and stored & self.kinds:
            os.kill(os.getpid(), signal.SIGKILL)

    def __getattr__(self, name: str) -> object:
        return getattr(self.store, name)


def with_faults(store: Store) -> Store:
    """The store, wrapped when the environment asks for the fault."""
    kinds = frozenset(k for k in os.environ.get(VARIABLE, "").split(",") if k)
    if not kinds:
        return store
    return KilledAfterStoring(store, kinds)  # type: ignore[return-value]
