"""Game sessions: rooms, seats, host controls, the game's clock, chat and votes."""

from __future__ import annotations

from .hub import Hub, Session

__all__ = ["Hub", "Session"]
