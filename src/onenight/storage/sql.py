"""SQLAlchemy 2 async store (SQLite via aiosqlite, PostgreSQL via asyncpg).

Appends are group-committed: concurrent ``append`` calls that arrive while a transaction
is in flight share the next one, and each returns only after its rows are committed. If
a shared transaction fails, each caller's events are retried in a transaction of their
own, so that one bad append (a seq written twice) fails alone.

On PostgreSQL through asyncpg, appends skip SQLAlchemy too: one asyncpg connection
writes a batch in one statement (one round trip; see :class:`_PgWriter`).

On a SQLite file, appends skip SQLAlchemy: one dedicated ``sqlite3`` connection, in one
writer thread, writes and commits a whole batch in a single hop to that thread (through
aiosqlite every statement, the commit and the pool's reset are a hop each, and each hop
waits for the event loop's thread to let go of the GIL). Reads and the schema still go
through SQLAlchemy; WAL lets them read while the writer writes.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import orjson
from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    case,
    event,
    func,
    insert,
    make_url,
    select,
    text,
)
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from .base import Event, SeqConflict

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


Row = dict[str, Any]
INSERT_SQL = (
    "INSERT INTO events (room, seq, kind, data, at) VALUES (:room, :seq, :kind, :data, :at)"
)


def _row(e: Event) -> Row:
    data = orjson.dumps(e.data, option=orjson.OPT_NON_STR_KEYS).decode()
    return {"room": e.room, "seq": e.seq, "kind": e.kind, "data": data, "at": e.at}


#: How many times a store looks for (or makes) its schema when other processes are
#: making it at the same moment.
SCHEMA_TRIES = 5
#: The PostgreSQL advisory lock held while a process makes the schema (any fixed key).
SCHEMA_LOCK = 0x6F6E656E


async def _make_schema(engine: AsyncEngine) -> None:
    """The tables if missing, and the schema's version checked (or written)."""
    async with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            # One process at a time: on PostgreSQL, CREATE TABLE run side by side fails
            # on the types the tables make, whatever IF NOT EXISTS says.
            await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        await conn.run_sync(metadata.create_all)
        row = (
            await conn.execute(select(meta_table.c.value).where(meta_table.c.key == "schema"))
        ).first()
        if row is None:
            await conn.execute(insert(meta_table).values(key="schema", value=str(SCHEMA_VERSION)))
        elif int(row[0]) > SCHEMA_VERSION:
            raise RuntimeError(f"database schema {row[0]} is newer than this server")


class _SqliteWriter:
    """The one connection that appends to a SQLite file, used from one thread only."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.conn: sqlite3.Connection | None = None
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="onenight-sqlite")

    def _connect(self) -> sqlite3.Connection:
        if self.conn is None:
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            self.conn = conn
        return self.conn

    def _transaction(self, rows: list[Row]) -> None:
        conn = self._connect()
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.executemany(INSERT_SQL, rows)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _write(self, groups: list[list[Row]]) -> list[BaseException | None]:
        try:
            self._transaction([row for group in groups for row in group])
            return [None] * len(groups)
        except Exception as exc:
            if len(groups) == 1:
                return [exc]
        errors: list[BaseException | None] = []
        for group in groups:  # the shared transaction failed: each group alone
            try:
                self._transaction(group)
                errors.append(None)
            except Exception as exc:
                errors.append(exc)
        return errors

    async def write(self, groups: list[list[Row]]) -> list[BaseException | None]:
        return await asyncio.get_running_loop().run_in_executor(self.thread, self._write, groups)

    def _close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    async def close(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self.thread, self._close)
        self.thread.shutdown(wait=True)


class _PgWriter:
    """The one asyncpg connection that appends to PostgreSQL: a batch is one statement
    (``INSERT … SELECT FROM unnest(…)``, atomic on its own), so one round trip, where
    SQLAlchemy's pool checkout, ``BEGIN``, the insert, ``COMMIT`` and the pool's reset
    are a round trip each, and each waits for a turn of a busy event loop."""

    SQL = (
        "INSERT INTO events (room, seq, kind, data, at) SELECT * FROM "
        "unnest($1::varchar[], $2::int[], $3::varchar[], $4::text[], $5::float8[])"
    )

    def __init__(self, params: dict[str, Any]) -> None:
        self.params = params
        self.conn: Any = None

    async def _insert(self, rows: list[Row]) -> None:
        import asyncpg

        if self.conn is None or self.conn.is_closed():
            self.conn = await asyncpg.connect(**self.params)
        columns = [[r[k] for r in rows] for k in ("room", "seq", "kind", "data", "at")]
        try:
            await self.conn.execute(self.SQL, *columns)
        except asyncpg.UniqueViolationError as exc:
            raise SeqConflict(f"a (room, seq) already stored: {exc}") from None

    async def write(self, groups: list[list[Row]]) -> list[BaseException | None]:
        return await each_alone(self._insert, groups)

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()
            self.conn = None


def _pg_params(url: str) -> dict[str, Any] | None:
    """asyncpg's connection arguments for a plain ``postgresql+asyncpg`` URL (no
    options: those go through SQLAlchemy), else None."""
    u = make_url(url)
    if u.drivername != "postgresql+asyncpg" or u.query:
        return None
    params = {"host": u.host, "port": u.port, "user": u.username, "password": u.password}
    return {"database": u.database, **{k: v for k, v in params.items() if v is not None}}


async def each_alone(
    insert: Callable[[list[Row]], Awaitable[None]], groups: list[list[Row]]
) -> list[BaseException | None]:
    """Insert the groups in one statement; if that fails, each group alone (so that one
    bad group, a seq written twice, fails alone): each group's error or None."""
    try:
        await insert([row for group in groups for row in group])
        return [None] * len(groups)
    except Exception as exc:
        if len(groups) == 1:
            return [exc]
    errors: list[BaseException | None] = []
    for group in groups:
        try:
            await insert(group)
            errors.append(None)
        except Exception as exc:
            errors.append(exc)
    return errors


def _sqlite_file(url: str) -> str | None:
    """The file of a plain ``sqlite`` URL (not in memory, no options), else None."""
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or u.query:
        return None
    path = u.database
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    return path


class SqlStore:
    """The event log in a SQL database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._engine: AsyncEngine | None = None
        self._writer: _SqliteWriter | _PgWriter | None = None
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
        for attempt in range(SCHEMA_TRIES):
            try:
                await _make_schema(engine)
                break
            except DBAPIError:
                # Another process made the schema between our look and our CREATE (a
                # cluster started at once on an empty database): look again.
                if attempt == SCHEMA_TRIES - 1:
                    raise
                await asyncio.sleep(0.05 * (attempt + 1))
        self._engine = engine
        path = _sqlite_file(self.url)
        if path is not None:
            self._writer = _SqliteWriter(path)
        params = _pg_params(self.url)
        if params is not None:
            self._writer = _PgWriter(params)

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
            groups = [[_row(e) for e in events] for events, _ in batch]
            try:
                errors = await self._write(groups)
            except Exception as exc:  # reported to every waiting caller
                errors = [exc] * len(batch)
            for (_, future), error in zip(batch, errors, strict=True):
                if future.done():
                    continue
                if isinstance(error, IntegrityError | sqlite3.IntegrityError):
                    error = SeqConflict(f"a (room, seq) already stored: {error}")
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(error)

    async def _write(self, groups: list[list[Row]]) -> list[BaseException | None]:
        """Write the groups in one transaction (or, if that fails, each in its own)."""
        if self._writer is not None:
            return await self._writer.write(groups)
        return await each_alone(self._insert, groups)

    async def _insert(self, rows: list[Row]) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(insert(events_table), rows)

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

    async def is_open(self, room: str) -> bool:
        t = events_table.c
        closed = func.max(case((t.kind == "closed", 1), else_=0))
        query = select(func.count(), closed).where(t.room == room)
        async with self.engine.connect() as conn:
            count, was_closed = (await conn.execute(query)).one()
        return bool(count) and not was_closed

    async def events(self, room: str) -> list[Event]:
        t = events_table.c
        query = select(t.room, t.seq, t.kind, t.data, t.at).where(t.room == room).order_by(t.seq)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [Event(r[0], r[1], r[2], orjson.loads(r[3]), r[4]) for r in rows]

    async def ping(self) -> bool:
        async with self.engine.connect() as conn:
            await conn.execute(select(1))
        return True

    async def close(self) -> None:
        if self._flusher is not None:
            await asyncio.shield(self._flusher)
        if self._writer is not None:
            await self._writer.close()
            self._writer = None
        if self._engine is not None:
            await self._engine.dispose()
            self._engine = None
