"""Game sessions: rooms, seats, host controls, the game's clock, chat and votes.

``Hub`` and ``Session`` are imported on first use: the layers above that need only the
session's small modules (the claim language for the bots, the ports for the store) do
not load the hub, the cluster and the bus with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .hub import Hub, Session

__all__ = ["Hub", "Session"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import hub

        return getattr(hub, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
