"""SQLAlchemy 2 async store (SQLite via aiosqlite, PostgreSQL via asyncpg).

Appends are group-committed: concurrent ``append`` calls that arrive while a transaction
is in flight share the next one, and each returns only after its rows are committed.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    event,
    insert,
    select,
)
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from . import Event

SCHEMA_VERSION = 1

metadata = MetaData()

events_table = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(16), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(32), nullable=False),
    Column("data", Text, nullable=False),
    Column("at", Float, nullable=False),
    UniqueConstraint("room", "seq", name="uq_events_room_seq"),
)

meta_table = Table(
    "onenight_meta",
    metadata,
    Column("key", String(32), primary_key=True),
    Column("value", String(64), nullable=False),
)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class SqlStore:
    """The event log in a SQL database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._engine: AsyncEngine | None = None
        self._pending: list[tuple[Sequence[Event], asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None

    @property
    def engine(self) -> AsyncEngine:
        if self._engine is None:
            raise RuntimeError("store is not open")
        return self._engine

    async def open(self) -> None:
        engine = create_async_engine(self.url)
        if engine.dialect.name == "sqlite":
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        async with engine.begin() as conn:
            await conn.run_sync(metadata.create_all)
            row = (
                await conn.execute(select(meta_table.c.value).where(meta_table.c.key == "schema"))
            ).first()
            if row is None:
                await conn.execute(
                    insert(meta_table).values(key="schema", value=str(SCHEMA_VERSION))
                )
            elif int(row[0]) > SCHEMA_VERSION:
                raise RuntimeError(f"database schema {row[0]} is newer than this server")
        self._engine = engine

    async def append(self, events: Sequence[Event]) -> None:
        if not events:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((events, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            rows = [
                {
                    "room": e.room,
                    "seq": e.seq,
                    "kind": e.kind,
                    "data": json.dumps(e.data, separators=(",", ":")),
                    "at": e.at,
                }
                for events, _ in batch
                for e in events
            ]
            error: BaseException | None = None
            try:
                async with self.engine.begin() as conn:
                    await conn.execute(insert(events_table), rows)
            except Exception as exc:  # reported to every waiting caller
                error = exc
            for _, future in batch:
                if future.done():
                    continue
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(error)

    async def open_rooms(self) -> list[str]:
        closed = select(events_table.c.room).where(events_table.c.kind == "closed")
        query = (
            select(events_table.c.room)
            .where(events_table.c.room.not_in(closed))
            .group_by(events_table.c.room)
            .order_by(events_table.c.room)
        )
        async with self.engine.connect() as conn:
            return [row[0] for row in await conn.execute(query)]

    async def events(self, room: str) -> list[Event]:
        t = events_table.c
        query = select(t.room, t.seq, t.kind, t.data, t.at).where(t.room == room).order_by(t.seq)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [Event(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    async def close(self) -> None:
        if self._flusher is not None:
            await asyncio.shield(self._flusher)
        if self._engine is not None:
            await self._engine.dispose()
            self._engine = None
