"""Operations: Prometheus metrics and structured logs.

The metrics live in one registry per app (several apps share a process in tests): rooms,
members online, messages in, frames out, command latency, lease changes; ``/metrics``
serves them as the standard Prometheus text on a listener of its own, loopback by
default (:mod:`.exposition`, ``--metrics-address``), never on the players' port. Logs go
to stderr as text, or as one JSON object a line for a log collector (``--log-format
json``).

The metrics tell nothing about a night in progress (docs/security.md): a night's ``act``
and ``nothing`` count as one kind, ``tap`` (every page taps once a turn, whatever it
holds); nothing received at night is timed (a latency by type would tell a choice
stored from a ``nothing``, and a bot's move holding the room); and no series carries a
``_created`` timestamp (the first ``act`` would date a player's first choice).
"""

from __future__ import annotations

import logging
import time
from typing import Any

import orjson
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, disable_created_metrics

#: a night's taps, whichever they are: one kind
TAPS = frozenset({"act", "nothing"})


class Metrics:
    """The server's metrics, in a registry of its own (several apps in one process)."""

    def __init__(self) -> None:
        disable_created_metrics()  # type: ignore[no-untyped-call]  # process-wide: no series tells when it first moved
        self.registry = CollectorRegistry()
        self.rooms = Gauge("onenight_rooms", "Open rooms", registry=self.registry)
        self.online = Gauge("onenight_members_online", "Connected members", registry=self.registry)
        self.messages = Counter(
            "onenight_messages_in", "Client messages", ["type", "outcome"], registry=self.registry
        )
        self.frames = Counter("onenight_frames_out", "Frames sent", registry=self.registry)
        self.leases = Counter(
            "onenight_lease_changes",
            "Room leases this process acquired, released or lost (several processes)",
            ["change"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "onenight_command_seconds",
            "Time from a message to its answer",
            ["type"],
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=self.registry,
        )

        self._children: dict[tuple[str, str], tuple[Any, Any]] = {}

    def message(self, kind: str, outcome: str, started: float, night: bool = False) -> None:
        """A message handled: counted by type (``act`` and ``nothing`` as ``tap``) and
        outcome, and timed unless it came at night."""
        if kind in TAPS:
            kind = "tap"
        children = self._children.get((kind, outcome))
        if children is None:  # labels() is a locked lookup: once per (type, outcome)
            children = (self.messages.labels(kind, outcome), self.latency.labels(kind))
            self._children[(kind, outcome)] = children
        children[0].inc()
        if not night:
            children[1].observe(time.monotonic() - started)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message (and the exception)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(entry).decode()


def configure_logging(fmt: str = "text", level: str = "INFO") -> None:
    """The server's logs on stderr, as text or as JSON lines (``--log-format json``)."""
    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    root = logging.getLogger("onenight")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False
