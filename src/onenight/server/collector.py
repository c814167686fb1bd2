"""CPython's garbage collector, set for a server process's latency.

Every open connection holds a hundred or so container objects (its coroutines, its
queue, the frames kept for a ``resume``), and the room state of its game: with two
thousand members a full collection walks half a million objects and stops every room for
a few hundred milliseconds, and CPython's defaults (700, 10, 10) start one each time the
old generation has grown by a quarter, so a filling server pauses again and again.

:func:`tune` is called once, before the server starts:

* what the imports and the app made is frozen (``gc.freeze``): no collection walks it;
* young collections come every :data:`YOUNG` allocations instead of 700: fewer of them,
  a frame's short-lived dicts are mostly freed by their reference counts first, and the
  full collections, which still wait for :data:`OLD` middle ones (CPython's 10) and for
  the old generation to grow by a quarter, come that much less often too.

What this costs: cyclic garbage (a closed connection's coroutines and transport) waits
longer for the collection that frees it. ``ONENIGHT_GC=young,middle,old`` sets the three
thresholds (``700,10,10`` gives CPython's defaults back)."""

from __future__ import annotations

import gc
import os

YOUNG = 10_000
MIDDLE = 10
OLD = 10


def thresholds() -> tuple[int, int, int]:
    """The thresholds: :data:`YOUNG`, :data:`MIDDLE`, :data:`OLD`, or ``ONENIGHT_GC``."""
    text = os.environ.get("ONENIGHT_GC", "")
    try:
        young, middle, old = (int(part) for part in text.split(","))
    except ValueError:
        return YOUNG, MIDDLE, OLD
    return max(1, young), max(1, middle), max(1, old)


def tune() -> None:
    """Freeze what exists now and set the thresholds (once per server process)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds())
