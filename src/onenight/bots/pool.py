"""Many simulations' games on one set of workers: the deck search plays chunks of
games of many decks at once, so that every worker stays busy however few games a deck
needs, and opens its process pool (or Dask client) once for a whole refresh.

A chunk is the simulator's (:func:`.simulate.play_chunk`: games ``start..stop-1`` of a
spec's run, each seeded by ``(seed, i)`` alone), so a deck measured in several batches
gets the same games as in one run, on any number of workers or machines.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from types import TracebackType
from typing import Any

from .simulate import Spec, Tally, dask_distributed, play_chunk

#: Games ``start..stop-1`` of a spec's run.
Job = tuple[Spec, int, int]


def timed_chunk(spec: Spec, start: int, stop: int) -> tuple[Tally, float]:
    """A chunk's tally and the CPU seconds it took in its worker: the time a refresh
    costs, whatever else the machine was doing meanwhile."""
    cpu = time.process_time()
    tally = play_chunk(spec, start, stop)
    return tally, time.process_time() - cpu


class Pool:
    """Plays batches of chunks: in this process (``workers`` 1), in a process pool, or
    on a Dask cluster (``scheduler``, the ``[sim]`` extra). A context manager: the pool
    or the client is opened on entry and closed on exit."""

    def __init__(self, workers: int = 1, scheduler: str | None = None) -> None:
        self.workers = max(1, workers)
        self.scheduler = scheduler
        self.cpu_seconds = 0.0  #: CPU time of every chunk played so far, all workers
        self._executor: Executor | None = None
        self._client: Any = None

    def __enter__(self) -> Pool:
        if self.scheduler:
            self._client = dask_distributed().Client(self.scheduler)
        elif self.workers > 1:
            self._executor = ProcessPoolExecutor(max_workers=self.workers)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._executor is not None:
            self._executor.shutdown(cancel_futures=True)
            self._executor = None
        if self._client is not None:
            self._client.close()
            self._client = None

    def play(self, jobs: Sequence[Job], done: Callable[[int], None] | None = None) -> list[Tally]:
        """Each job's tally, in the jobs' order; ``done(games)`` after each chunk that
        finishes (a progress bar's step)."""
        results: list[tuple[Tally, float]] = []
        for result in self._results(jobs):
            results.append(result)
            if done is not None:
                done(result[0].games)
        self.cpu_seconds += sum(cpu for _, cpu in results)
        return [tally for tally, _ in results]

    def _results(self, jobs: Sequence[Job]) -> Iterator[tuple[Tally, float]]:
        """The chunks' results in the jobs' order, each as soon as it and those before it
        are in."""
        if self._client is not None:
            if not jobs:
                return
            specs, starts, stops = (list(x) for x in zip(*jobs, strict=True))
            futures = self._client.map(timed_chunk, specs, starts, stops, pure=False)
            yield from (f.result() for f in futures)
        elif self._executor is not None:
            yield from (f.result() for f in [self._executor.submit(timed_chunk, *j) for j in jobs])
        else:
            yield from (timed_chunk(*job) for job in jobs)
