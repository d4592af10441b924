"""A store on PostgreSQL, so that several worker processes serve one lobby (the ``postgres`` extra).

`PostgresStore` keeps what `SQLiteStore` keeps (tables, games' records, moves,
tokens' hashes) in one database, and adds what workers need to share it:

- **one order of moves.** Adding a move locks its table's row (``SELECT ... FOR
  UPDATE``) and inserts the move under its number, the key of the ``moves``
  table: of two workers sending a move of the same number at once, the second
  waits for the first and finds the number taken (`Conflict`); nothing of it is
  written. A move on a table closed meanwhile is a `Conflict` too.
- **news between workers.** Every write that changes a table sends
  ``NOTIFY hartenjagen`` with the writer's `origin` and the table's id, right
  after the transaction that writes it commits, in a transaction of its own that
  does not wait for the disk, sent from a thread of its own (`_Teller`: the
  notices of several writes in one statement); `listen` hears the others'. (A
  notification sent inside the writing transaction would make every such commit
  wait for the one before it, fsync included: PostgreSQL orders notifying
  commits with one lock, so moves could not share a disk flush. Measured: 226
  notifying commits a second against 2,440 with the notice sent after.) A
  worker that dies between the two leaves the others unaware of its last
  writes until they read the store: they read every table when `claim` finds a
  worker gone (`left`, `Workers.lease`), and a later move of a table makes them
  read what they missed of it.
- **one worker at a time runs a table's bots.** `claim` takes a session advisory
  lock per table on a connection of its own: PostgreSQL gives the locks back when
  that connection ends, so when a worker dies (even ``kill -9``) another claims
  its tables at its next `claim`.

Every call commits before it returns (``synchronous_commit`` as the server has it:
``on`` by default, the commit on disk). Each thread that calls the store has a
connection of its own; at most ``threads`` threads call it at once.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Final

import psycopg
from psycopg import errors

from hartenjagen.frontend.records import GameRecord
from hartenjagen.frontend.serialize import dumps, loads
from hartenjagen.moves import Move
from hartenjagen.web.store import (
    ABANDONED,
    BOUNDS_SCHEMA,
    COUNTS,
    FINISHED,
    GAMES_SCHEMA,
    read_move,
    read_spec,
    spec_text,
)
from hartenjagen.web.table import TableSpec
from hartenjagen.web.writes import Conflict, Creating, Later, Moved, StoreError

__all__ = ["CHANNEL", "PostgresStore"]

#: The channel of the workers' news: the payload is ``"<origin> <table id>"``.
CHANNEL: Final = "hartenjagen"
#: The first key of the tables' advisory locks (the second is ``hashtext(id)``): "hj".
_LOCKS: Final = 0x686A
#: The first key of the service's own advisory locks ("hs"): the second is one of these.
_SERVICE: Final = 0x6873
_SCHEMA_LOCK: Final = 0
_MAKING_LOCK: Final = 1
_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tables (
    seq BIGSERIAL UNIQUE, id TEXT PRIMARY KEY, spec TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0, active DOUBLE PRECISION NOT NULL
);
"""

#: The ``application_name`` of each worker's leases connection: the live workers are counted by it.
_LEASES_NAME: Final = "hartenjagen leases"
#: The live workers: the server processes of their leases connections (named `_LEASES_NAME`).
_LIVE: Final = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = %s"

#: `PostgresStore.claim`: the leases of the ``wanted`` tables that nobody holds, until this worker
#: holds its share (``open`` tables over the ``live`` workers, rounded up; it already holds ``held``).
#: The locks are tried row by row and the LIMIT stops the trying.
_CLAIM: Final = """
SELECT id FROM unnest(%(wanted)s::text[]) AS id WHERE pg_try_advisory_lock(%(key)s, hashtext(id))
LIMIT GREATEST(0, ceil(%(open)s::float8 / GREATEST(1, %(live)s)) - %(held)s)
"""

#: `PostgresStore.add_move` as one statement: lock the table's row, insert the move if the table is
#: open (a taken number: a unique violation), and mark the table active unless it was so in the last
#: second (its row is not rewritten at every move: ``active`` bounds idle times of hours); then the
#: table's state and whether the move was added. The others are told after the commit (`_tell`).
_ADD_MOVE: Final = """
WITH held AS (SELECT finished FROM tables WHERE id = %(table)s FOR UPDATE),
added AS (
    INSERT INTO moves (table_id, game, number, move)
    SELECT %(table)s, %(game)s, %(number)s, %(move)s FROM held WHERE finished = 0 RETURNING table_id
),
touched AS (
    UPDATE tables SET active = %(now)s WHERE id IN (SELECT table_id FROM added) AND active < %(now)s - 1
)
SELECT (SELECT finished FROM held), (SELECT count(*) FROM added)
"""
#: Notifications, in a transaction of their own that does not wait for the disk (a notice is not
#: kept: it matters only to the workers listening now), so that notices never queue on a flush.
_TELL: Final = """
SELECT set_config('synchronous_commit', 'off', true), pg_notify(%s, news) FROM unnest(%s::text[]) AS news
"""


class PostgresStore:
    """A store in a PostgreSQL database, shared by every worker that opens it (``url``: a libpq URL).

    The schema is made on first use. `origin` names this store in its notifications, so that a
    worker hears only the others'.
    """

    def __init__(self, url: str, *, threads: int = 8) -> None:
        self.url = url
        self.threads = threads
        self.origin = secrets.token_hex(6)
        self._local = threading.local()
        self._connections: list[psycopg.Connection[Any]] = []
        self._guard = threading.Lock()
        self._leases: psycopg.Connection[Any] | None = None
        self._held: set[str] = set()
        self._lease_guard = threading.Lock()  # the leases' connection: one thread at a time
        self._letting_go = False
        self._live: set[int] = set()  # the live workers' leases connections at the last `claim`
        #: how many times `claim` found a worker gone since the call before (`Shared.left`)
        self.left = 0
        self._teller = _Teller(self._connect)
        try:
            with self._db().transaction():
                # Workers starting at once: one makes the schema, the others wait for it.
                self._db().execute("SELECT pg_advisory_xact_lock(%s, %s)", (_SERVICE, _SCHEMA_LOCK))
                self._db().execute(_SCHEMA + GAMES_SCHEMA + BOUNDS_SCHEMA)
        except psycopg.Error as error:
            raise StoreError(f"{_shown(url)} is not a hartenjagen database: {error}".strip()) from None

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.Error as error:
            raise StoreError(f"cannot reach the database {_shown(self.url)}: {error}".strip()) from None

    def _db(self) -> psycopg.Connection[Any]:
        """This thread's connection (a new one if it has none, or if its last one broke)."""
        connection: psycopg.Connection[Any] | None = getattr(self._local, "db", None)
        if connection is None or connection.closed:
            connection = self._connect()
            self._local.db = connection
            with self._guard:
                self._connections.append(connection)
        return connection

    # ---------------------------------------------------------------- writes

    def _write(self, table: str, sql: str, values: tuple[object, ...], *, open_only: bool = True) -> None:
        """``sql`` in one transaction that holds the table's row, marks it active and tells the others.

        (A move is written by one statement of the same steps: `add_move`.)
        """
        db = self._db()
        try:
            with db.transaction():
                row = db.execute("SELECT finished FROM tables WHERE id = %s FOR UPDATE", (table,)).fetchone()
                if row is None:
                    raise StoreError(f"there is no table {table!r} in the store")
                if open_only and row[0] != 0:
                    raise Conflict(f"table {table} is closed")
                db.execute(sql, values)
                db.execute("UPDATE tables SET active = %s WHERE id = %s", (time.time(), table))
        except errors.UniqueViolation as error:
            raise Conflict(f"table {table}: {error.diag.message_detail or error}") from None
        self._tell(f"{self.origin} {table}")

    def _tell(self, news: str) -> None:
        """Have the other workers told of a committed write (``news``: the notification's payload)."""
        self._teller.tell(news)

    def add_table(self, spec: TableSpec, bounds: Creating | None = None) -> None:
        """Add the table; with ``bounds``, only if every worker together is within them.

        The workers make tables one at a time (a transaction advisory lock): the counts are
        read after the lock is held, so two workers racing at the cap never both add a table.
        """
        db = self._db()
        now = time.time()
        with db.transaction():
            if bounds is not None:
                db.execute("SELECT pg_advisory_xact_lock(%s, %s)", (_SERVICE, _MAKING_LOCK))
                db.execute("DELETE FROM creates WHERE at <= %s", (now - 60,))
                counts = db.execute(COUNTS.format(mark="%s"), (bounds.address, now - 60)).fetchone()
                assert counts is not None  # (two counts: always one row)
                bounds.admit(*counts)
                if bounds.address is not None:
                    db.execute("INSERT INTO creates (address, at) VALUES (%s, %s)", (bounds.address, now))
            db.execute(
                "INSERT INTO tables (id, spec, active) VALUES (%s, %s, %s)", (spec.id, spec_text(spec), now)
            )

    def add_game(self, table: str, game: int, record: GameRecord) -> None:
        self._write(
            table,
            "INSERT INTO games (table_id, game, record) VALUES (%s, %s, %s)",
            (table, game, dumps(record)),
        )

    def add_move(self, table: str, game: int, number: int, move: Move) -> None:
        """The move, in one statement (one round trip, its own transaction): `_write`'s steps in SQL,
        then the notice to the other workers (`_tell`)."""
        text = dumps(move)
        values = {
            "table": table,
            "game": game,
            "number": number,
            "move": text,
            "now": time.time(),
        }
        try:
            row = self._db().execute(_ADD_MOVE, values).fetchone()
        except errors.UniqueViolation as error:
            raise Conflict(f"table {table}: {error.diag.message_detail or error}") from None
        if row is None or row[0] is None:
            raise StoreError(f"there is no table {table!r} in the store")
        if row[0] != 0:
            raise Conflict(f"table {table} is closed")
        # (a notification holds 8,000 bytes: a longer move is read back by the others)
        self._tell(
            f"{self.origin} {table} {game} {number} {text}" if len(text) < 7000 else f"{self.origin} {table}"
        )

    def finish(self, table: str) -> None:
        self._write(
            table, f"UPDATE tables SET finished = {FINISHED} WHERE id = %s", (table,), open_only=False
        )

    def abandon(self, table: str) -> None:
        self._write(
            table,
            f"UPDATE tables SET finished = {ABANDONED} WHERE id = %s AND finished = 0",
            (table,),
            open_only=False,
        )

    # ---------------------------------------------------------------- reads

    @contextmanager
    def _snapshot(self) -> Iterator[psycopg.Connection[Any]]:
        """A read-only transaction that sees one moment of the database (moves and games agree)."""
        db = self._db()
        with db.transaction():
            db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield db

    def later(self, table: str, game: int, moves: int) -> Later:
        """What the store holds of ``table`` beyond game ``game``'s first ``moves`` moves."""
        db = self._db()
        with self._snapshot():
            row = db.execute("SELECT finished FROM tables WHERE id = %s", (table,)).fetchone()
            if row is None:
                raise StoreError(f"there is no table {table!r} in the store")
            rows = db.execute(
                "SELECT move FROM moves WHERE table_id = %s AND game = %s AND number > %s ORDER BY number",
                (table, game, moves),
            ).fetchall()
            games = self._records(table, after=game)
        return Later(tuple(read_move(text) for (text,) in rows), tuple(games), int(row[0]))

    def table(self, table: str) -> tuple[TableSpec, list[GameRecord]] | None:
        """The unfinished table ``table`` with its games' records (``None`` if there is none)."""
        with self._snapshot():
            row = (
                self._db()
                .execute("SELECT spec FROM tables WHERE id = %s AND finished = 0", (table,))
                .fetchone()
            )
            return None if row is None else (read_spec(row[0]), self._records(table))

    def unfinished(self) -> Iterator[tuple[TableSpec, list[GameRecord]]]:
        """Every table not finished, oldest first, with its games' records and their moves."""
        with self._snapshot():
            rows = (
                self._db().execute("SELECT id, spec FROM tables WHERE finished = 0 ORDER BY seq").fetchall()
            )
            found = [(read_spec(text), self._records(table)) for table, text in rows]
        yield from found

    def last_active(self) -> dict[str, float]:
        """When each unfinished table last changed (seconds since the epoch)."""
        rows = self._db().execute("SELECT id, active FROM tables WHERE finished = 0").fetchall()
        return {table: float(active) for table, active in rows}

    def abandoned(self, limit: int) -> list[TableSpec]:
        """The ``limit`` tables closed as abandoned most recently (the last moved at first)."""
        rows = (
            self._db()
            .execute(
                f"SELECT spec FROM tables WHERE finished = {ABANDONED} ORDER BY active DESC LIMIT %s",
                (limit,),
            )
            .fetchall()
        )
        return [read_spec(text) for (text,) in rows]

    def abandoned_table(self, table: str) -> tuple[TableSpec, list[GameRecord]] | None:
        """The table ``table`` with its games' records, if it was closed as abandoned (else ``None``)."""
        with self._snapshot():
            row = (
                self._db()
                .execute(f"SELECT spec FROM tables WHERE id = %s AND finished = {ABANDONED}", (table,))
                .fetchone()
            )
            return None if row is None else (read_spec(row[0]), self._records(table))

    def _records(self, table: str, after: int = -1) -> list[GameRecord]:
        """The records of a table's games numbered above ``after``, in order, each with its moves."""
        db = self._db()
        games = db.execute(
            "SELECT game, record FROM games WHERE table_id = %s AND game > %s ORDER BY game", (table, after)
        ).fetchall()
        moves: dict[int, list[Move]] = {game: [] for game, _ in games}
        for game, text in db.execute(
            "SELECT game, move FROM moves WHERE table_id = %s AND game > %s ORDER BY game, number",
            (table, after),
        ):
            moves[game].append(read_move(text))
        records = []
        for game, text in games:
            record = loads(text)
            if not isinstance(record, GameRecord):
                raise StoreError(f"table {table}, game {game}: the record does not read back")
            records.append(record.add(*moves[game]))
        return records

    # ---------------------------------------------------------------- workers

    def listen(self, heard: Callable[[str | None, Moved | None], None], stop: threading.Event) -> None:
        """Call ``heard(table, moved)`` for each table another worker changed, until ``stop`` is set.

        ``moved`` is the move it added, read from the notification (``None``: another change).
        Runs in a thread of its own. When the connection breaks it connects again and calls
        ``heard(None, None)``: news may have been missed, every table should read what it missed.
        """
        while not stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    heard(None, None)
                    own = f"{self.origin} "
                    while not stop.is_set():
                        for note in db.notifies(timeout=0.5):
                            if not note.payload.startswith(own):  # (every worker hears its own too)
                                _, table, *news = note.payload.split(" ", 4)
                                heard(table, _moved(news))
            except psycopg.Error:
                stop.wait(1.0)  # the database restarts, or the network: try again

    def claim(self, tables: Iterable[str]) -> set[str]:
        """Take the bots' leases of ``tables`` (the open ones) that no live worker holds, up to this
        worker's share; the tables whose lease this store holds.

        A lease is a session advisory lock on a connection kept for them: PostgreSQL gives it back
        when that connection ends (the worker stopped, or died). If the connection broke, every
        lease was lost: the empty set, and the next call claims again on a new connection. A
        worker takes leases until it holds its share of the open tables (their number over the
        live workers', each of which has one such connection, rounded up), so that the workers
        split the bots' work instead of the quickest to claim taking every new table; the
        shares add up to every table, and a worker that dies leaves the others larger shares.
        """
        with self._lease_guard:
            return self._claim(list(tables))

    def _claim(self, tables: list[str]) -> set[str]:
        if self._letting_go:
            return set()
        wanted = [table for table in tables if table not in self._held]
        try:
            if self._leases is None or self._leases.closed:
                self._held.clear()
                self._leases = psycopg.connect(
                    self.url, autocommit=True, connect_timeout=10, application_name=_LEASES_NAME
                )
                with self._guard:
                    self._connections.append(self._leases)
                wanted = tables
            live = {pid for (pid,) in self._leases.execute(_LIVE, (_LEASES_NAME,))}
            if self._live - live:  # a worker stopped or died: it may not have told its last write
                self.left += 1  # (by its connection: one that a new worker replaced counts too)
            self._live = live
            if wanted:
                rows = self._leases.execute(
                    _CLAIM,
                    {
                        "wanted": wanted,
                        "key": _LOCKS,
                        "open": len(tables),
                        "held": len(self._held),
                        "live": len(live),
                    },
                ).fetchall()
                self._held.update(table for (table,) in rows)
        except psycopg.Error:
            if self._leases is not None:
                self._leases.close()
            self._held.clear()
        return set(self._held)

    def release(self, tables: Iterable[str]) -> None:
        """Give back the leases of ``tables`` (their games are over)."""
        with self._lease_guard:
            self._release(list(tables))

    def _release(self, tables: list[str]) -> None:
        gone = [table for table in tables if table in self._held]
        if not gone or self._leases is None:
            return
        self._held.difference_update(gone)
        try:
            self._leases.execute(
                "SELECT pg_advisory_unlock(%s, hashtext(id)) FROM unnest(%s::text[]) AS id", (_LOCKS, gone)
            )
        except psycopg.Error:
            self._leases.close()

    def let_go(self) -> None:
        """Give back every lease (the worker stops): its connection is closed."""
        with self._lease_guard:
            self._letting_go = True  # a claim still under way takes nothing more
            if self._leases is not None:
                self._leases.close()
            self._held.clear()

    def close(self) -> None:
        self._teller.close()  # (the notices of every committed write sent first)
        self.let_go()
        with self._guard:
            connections, self._connections = self._connections, []
        for connection in connections:
            connection.close()


class _Teller:
    """Sends the notifications of committed writes, in order, from a thread and connection of its own.

    A store thread hands a notice over (`tell`) and returns as soon as its write is committed:
    the reply to a move waits for one round trip, not two. The notices that come meanwhile go
    together in one statement (under load, several moves a round trip). A connection that
    breaks is replaced and the notices sent again; if the database cannot be reached at all,
    the listeners' connections broke too, and on their next one they read every table again.
    """

    def __init__(self, connect: Callable[[], psycopg.Connection[Any]]) -> None:
        self._connect = connect
        self._news: list[str] = []
        self._ready = threading.Condition()
        self._closing = False
        self._thread: threading.Thread | None = None

    def tell(self, news: str) -> None:
        with self._ready:
            if self._closing:
                return
            self._news.append(news)
            self._ready.notify()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="hartenjagen-tell", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        db: psycopg.Connection[Any] | None = None
        while True:
            with self._ready:
                while not self._news and not self._closing:
                    self._ready.wait()
                news, self._news = self._news, []
            if not news:  # closing, and everything told
                break
            for _ in range(2):
                try:
                    db = db if db is not None and not db.closed else self._connect()
                    db.execute(_TELL, (CHANNEL, news))
                    break
                except (psycopg.Error, StoreError):
                    if db is not None:
                        db.close()
                    db = None
        if db is not None:
            db.close()

    def close(self) -> None:
        """Send what is left, then stop (at most a few seconds)."""
        with self._ready:
            self._closing = True
            self._ready.notify()
            thread = self._thread
        if thread is not None:
            thread.join(timeout=5)


def _moved(news: list[str]) -> Moved | None:
    """The move a notification announces (``[game, number, JSON]``), if it announces one that reads."""
    if len(news) != 3:
        return None
    try:
        return int(news[0]), int(news[1]), read_move(news[2])
    except (ValueError, StoreError):  # (FormatError is a ValueError): read it back from the store
        return None


def _shown(url: str) -> str:
    """The URL without its password (an error message may be logged)."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.Error:
        return "the database"
    host, name = info.get("host", "localhost"), info.get("dbname", "")
    return f"postgresql://{host}:{info.get('port', 5432)}/{name}"
