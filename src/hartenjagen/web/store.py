"""Where the web service keeps its tables: a small interface, and its SQLite implementation.

(`PostgresStore`, for several workers on one database, is ``web/postgres.py``.)

A store keeps, for every table, its `TableSpec` (with the SHA-256 of each
human seat's token, never the token), the record of each of its games
(rules, seed, first dealer and deal) and every accepted move. The service calls
it from at most ``Store.threads`` threads at once; each call returns once what it wrote is
committed, so a move a client was told was accepted survives ``kill -9``.
On start the service reads `Store.unfinished` and replays each table's
records through the engine.
"""

from __future__ import annotations

import functools
import json
import sqlite3
import time
from collections.abc import Iterator
from typing import Final, Protocol

from hartenjagen.frontend.records import GameRecord
from hartenjagen.frontend.serialize import dumps, loads
from hartenjagen.frontend.serialize.registry import encode_top
from hartenjagen.moves import Announce, MoonChoice, Move, Pass, Play
from hartenjagen.rules import Rules
from hartenjagen.web.table import TableSpec, decoded
from hartenjagen.web.writes import ABANDONED, FINISHED, Conflict, Creating, Later, StoreError

__all__ = [
    "ABANDONED",
    "BOUNDS_SCHEMA",
    "COUNTS",
    "FINISHED",
    "GAMES_SCHEMA",
    "SCHEMA_VERSION",
    "Conflict",
    "Later",
    "SQLiteStore",
    "Store",
    "StoreError",
    "is_postgres",
    "open_store",
    "read_move",
    "read_spec",
    "spec_text",
]

#: ``finished``: 0 open, 1 over, 2 abandoned (closed after too long without a move); ``active``:
#: when the table last changed (a move, a new game), in seconds since the epoch.
_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, spec TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0, active REAL
);
"""
#: The games' and moves' tables, the same in every store (`PostgresStore` too).
GAMES_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    table_id TEXT NOT NULL REFERENCES tables(id), game INTEGER NOT NULL, record TEXT NOT NULL,
    PRIMARY KEY (table_id, game)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL, game INTEGER NOT NULL, number INTEGER NOT NULL, move TEXT NOT NULL,
    PRIMARY KEY (table_id, game, number),
    FOREIGN KEY (table_id, game) REFERENCES games(table_id, game)
);
"""
#: What bounds making tables, the same in every store: the open tables' index (counting them costs
#: as many rows as are open, not every table ever made), and when each address made a table in
#: the last minute (`Creating`; older rows are deleted as tables are made).
BOUNDS_SCHEMA: Final = """
CREATE INDEX IF NOT EXISTS open_tables ON tables (id) WHERE finished = 0;
CREATE TABLE IF NOT EXISTS creates (address TEXT NOT NULL, at DOUBLE PRECISION NOT NULL);
CREATE INDEX IF NOT EXISTS creates_by_address ON creates (address, at);
"""
#: `Store.add_table`'s counts for `Creating.admit` (the address, a minute ago: ``mark`` is the
#: driver's placeholder), read once the rows older than a minute are deleted.
COUNTS: Final = (
    "SELECT (SELECT count(*) FROM tables WHERE finished = 0),"
    " (SELECT count(*) FROM creates WHERE address = {mark} AND at > {mark})"
)
#: The schema's version (``PRAGMA user_version``): 0 before tables had ``active`` (issue 39).
SCHEMA_VERSION: Final = 1


class Store(Protocol):
    """The interface of a store: `SQLiteStore` here, `PostgresStore` (``web/postgres.py``) beside it.

    Every call commits before it returns. ``number`` counts a game's moves from 1; adding a
    move (or a game) whose number is taken writes nothing and raises `Conflict` (two workers
    cannot both accept one move). Adding a table checks its `Creating` bounds (if given) in
    the same transaction, one table at a time: past them it writes nothing and raises `Full`. Adding a table, a game or a move marks the table active now;
    `last_active` gives that time for every unfinished table, and `abandon` closes a table that
    went too long without a move; `abandoned_table` reads one such table back (its spectators'
    link still shows it). `later` reads what a worker has not seen of a table, `table` one
    unfinished table. ``threads`` is the number of threads that may call it at once.
    """

    threads: int

    def add_table(self, spec: TableSpec, bounds: Creating | None = None) -> None: ...

    def add_game(self, table: str, game: int, record: GameRecord) -> None: ...

    def add_move(self, table: str, game: int, number: int, move: Move) -> None: ...

    def finish(self, table: str) -> None: ...

    def abandon(self, table: str) -> None: ...

    def later(self, table: str, game: int, moves: int) -> Later: ...

    def table(self, table: str) -> tuple[TableSpec, list[GameRecord]] | None: ...

    def unfinished(self) -> Iterator[tuple[TableSpec, list[GameRecord]]]: ...

    def last_active(self) -> dict[str, float]: ...

    def abandoned(self, limit: int) -> list[TableSpec]: ...

    def abandoned_table(self, table: str) -> tuple[TableSpec, list[GameRecord]] | None: ...

    def close(self) -> None: ...


def spec_text(spec: TableSpec) -> str:
    """A table's spec as the stores keep it (JSON text)."""
    return json.dumps(
        {
            "id": spec.id,
            "rules": encode_top(spec.rules),
            "variant": spec.variant,
            "seats": list(spec.seats),
            "tokens": list(spec.tokens),
            "language": spec.language,
            "games": spec.games,
            "created": spec.created,
        }
    )


def read_spec(text: str) -> TableSpec:
    """A table's spec read back from `spec_text`'s JSON (`StoreError` if its rules do not read)."""
    data = json.loads(text)
    rules = decoded(data["rules"])
    if not isinstance(rules, Rules):
        raise StoreError(f"table {data['id']}: its rules do not read back")
    return TableSpec(
        id=data["id"],
        rules=rules,
        variant=data["variant"],
        seats=tuple(data["seats"]),
        tokens=tuple(data["tokens"]),
        language="nl" if data["language"] == "nl" else "en",
        games=int(data["games"]),
        created=float(data["created"]),
    )


@functools.lru_cache(maxsize=4096)
def read_move(text: str) -> Move:
    """A stored move read back (`StoreError` if it is not a move).

    The same few hundred texts come back again and again (every worker reads every other
    worker's moves): the last 4,096 are kept, each read once (a move is immutable).
    """
    move = loads(text)
    if not isinstance(move, Play | Pass | Announce | MoonChoice):
        raise StoreError(f"a stored move does not read back: {text[:80]}")
    return move


class SQLiteStore:
    """A store in one SQLite file (``":memory:"``: in memory, gone when the process ends).

    The file is written with a write-ahead log and ``synchronous=FULL``: a commit is on disk
    when the call returns. One connection, used by one thread at a time (``threads`` is 1).
    """

    threads = 1

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA + GAMES_SCHEMA + BOUNDS_SCHEMA)
            self._migrate()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{path} is not a hartenjagen database: {error}") from None

    def _migrate(self) -> None:
        """Bring a database written by an older version up to this schema (it still opens)."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            if "active" not in columns:  # version 0: a table's activity starts counting now
                self._db.execute("ALTER TABLE tables ADD COLUMN active REAL")
            self._db.execute("UPDATE tables SET active = ? WHERE active IS NULL", (time.time(),))
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _touch(self, table: str) -> None:
        self._db.execute("UPDATE tables SET active = ? WHERE id = ?", (time.time(), table))

    def _write(self, sql: str, values: tuple[object, ...], touch: str | None = None) -> None:
        try:
            with self._db:  # a transaction: committed when the block ends (one sync for both rows)
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(sql, values)
                if touch is not None:
                    self._touch(touch)
        except sqlite3.IntegrityError as error:  # a move or game number taken: nothing written
            raise Conflict(f"table {values[0]}: {error}") from None

    def add_table(self, spec: TableSpec, bounds: Creating | None = None) -> None:
        now = time.time()
        with self._db:  # BEGIN IMMEDIATE: one writer at a time, so the counts hold until the commit
            self._db.execute("BEGIN IMMEDIATE")
            if bounds is not None:
                self._db.execute("DELETE FROM creates WHERE at <= ?", (now - 60,))
                bounds.admit(
                    *self._db.execute(COUNTS.format(mark="?"), (bounds.address, now - 60)).fetchone()
                )
                if bounds.address is not None:
                    self._db.execute("INSERT INTO creates (address, at) VALUES (?, ?)", (bounds.address, now))
            self._db.execute(
                "INSERT INTO tables (id, spec, active) VALUES (?, ?, ?)", (spec.id, spec_text(spec), now)
            )

    def add_game(self, table: str, game: int, record: GameRecord) -> None:
        self._write(
            "INSERT INTO games (table_id, game, record) VALUES (?, ?, ?)",
            (table, game, dumps(record)),
            touch=table,
        )

    def add_move(self, table: str, game: int, number: int, move: Move) -> None:
        self._write(
            "INSERT INTO moves (table_id, game, number, move) VALUES (?, ?, ?, ?)",
            (table, game, number, dumps(move)),
            touch=table,
        )

    def finish(self, table: str) -> None:
        self._write(f"UPDATE tables SET finished = {FINISHED} WHERE id = ?", (table,))

    def abandon(self, table: str) -> None:
        self._write(f"UPDATE tables SET finished = {ABANDONED} WHERE id = ? AND finished = 0", (table,))

    def last_active(self) -> dict[str, float]:
        """When each unfinished table last changed (seconds since the epoch)."""
        rows = self._db.execute("SELECT id, active FROM tables WHERE finished = 0").fetchall()
        return {table: float(active) for table, active in rows}

    def abandoned(self, limit: int) -> list[TableSpec]:
        """The ``limit`` tables closed as abandoned most recently (the last moved at first)."""
        rows = self._db.execute(
            f"SELECT spec FROM tables WHERE finished = {ABANDONED} ORDER BY active DESC LIMIT ?", (limit,)
        ).fetchall()
        return [read_spec(text) for (text,) in rows]

    def abandoned_table(self, table: str) -> tuple[TableSpec, list[GameRecord]] | None:
        """The table ``table`` with its games' records, if it was closed as abandoned (else ``None``)."""
        row = self._db.execute(
            f"SELECT spec FROM tables WHERE id = ? AND finished = {ABANDONED}", (table,)
        ).fetchone()
        return None if row is None else (read_spec(row[0]), self._records(table))

    def unfinished(self) -> Iterator[tuple[TableSpec, list[GameRecord]]]:
        """Every table not finished, oldest first, with its games' records and their moves."""
        rows = self._db.execute("SELECT id, spec FROM tables WHERE finished = 0 ORDER BY rowid").fetchall()
        for table_id, text in rows:
            yield read_spec(text), self._records(table_id)

    def table(self, table: str) -> tuple[TableSpec, list[GameRecord]] | None:
        """The unfinished table ``table`` with its games' records (``None`` if there is none)."""
        row = self._db.execute("SELECT spec FROM tables WHERE id = ? AND finished = 0", (table,)).fetchone()
        return None if row is None else (read_spec(row[0]), self._records(table))

    def later(self, table: str, game: int, moves: int) -> Later:
        """What the store holds of ``table`` beyond game ``game``'s first ``moves`` moves."""
        row = self._db.execute("SELECT finished FROM tables WHERE id = ?", (table,)).fetchone()
        if row is None:
            raise StoreError(f"there is no table {table!r} in the store")
        rows = self._db.execute(
            "SELECT move FROM moves WHERE table_id = ? AND game = ? AND number > ? ORDER BY number",
            (table, game, moves),
        ).fetchall()
        games = [record for number, record in enumerate(self._records(table)) if number > game]
        return Later(tuple(read_move(text) for (text,) in rows), tuple(games), int(row[0]))

    def _records(self, table_id: str) -> list[GameRecord]:
        """The records of a table's games, in order, each with its moves."""
        records = []
        games = self._db.execute(
            "SELECT game, record FROM games WHERE table_id = ? ORDER BY game", (table_id,)
        ).fetchall()
        for game, record_text in games:
            record = loads(record_text)
            if not isinstance(record, GameRecord):
                raise StoreError(f"table {table_id}, game {game}: the record does not read back")
            moves = [
                read_move(text)
                for (text,) in self._db.execute(
                    "SELECT move FROM moves WHERE table_id = ? AND game = ? ORDER BY number",
                    (table_id, game),
                )
            ]
            records.append(record.add(*moves))
        return records

    def close(self) -> None:
        self._db.close()


def is_postgres(where: str) -> bool:
    """Whether ``where`` names a PostgreSQL database (``postgresql://...``) rather than an SQLite file."""
    return where.startswith(("postgresql://", "postgres://"))


def open_store(where: str) -> Store:
    """The store at ``where``: a PostgreSQL URL (``postgresql://...``, the ``postgres`` extra), else an SQLite file.

    `StoreError` if it cannot be opened, or names PostgreSQL without psycopg installed.
    """
    if is_postgres(where):
        try:
            from hartenjagen.web.postgres import PostgresStore
        except ImportError as error:
            raise StoreError(
                "a PostgreSQL store needs the postgres extra: pip install 'hartenjagen[postgres]'"
                f" (in a checkout: pip install -e '.[postgres]') ({error})"
            ) from None
        return PostgresStore(where)
    return SQLiteStore(where)
