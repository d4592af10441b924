"""Where the web service keeps its tables: a small interface, and its SQLite implementation.

A store keeps, for every table, its `TableSpec` (with the SHA-256 of each
human seat's token, never the token), the record of each of its games
(rules, seed, first dealer and deal) and every accepted move. The service calls
it from one thread at a time; each call returns once what it wrote is
committed, so a move a client was told was accepted survives ``kill -9``.
On start the service reads `Store.unfinished` and replays each table's
records through the engine.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Awaitable, Iterator
from typing import Final, Literal, Protocol, overload

from hartenjagen.frontend.records import GameRecord
from hartenjagen.frontend.serialize import dumps, loads
from hartenjagen.frontend.serialize.registry import encode_top
from hartenjagen.moves import Move
from hartenjagen.rules import Rules
from hartenjagen.web.table import TableSpec, decoded

__all__ = [
    "ABANDONED",
    "FINISHED",
    "SCHEMA_VERSION",
    "WRITES",
    "Commit",
    "SQLiteStore",
    "Store",
    "StoreError",
]

#: ``finished``: 0 open, 1 over, 2 abandoned (closed after too long without a move); ``active``:
#: when the table last changed (a move, a new game), in seconds since the epoch.
_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, spec TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0, active REAL
);
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
#: The schema's version (``PRAGMA user_version``): 0 before tables had ``active`` (issue 39).
SCHEMA_VERSION: Final = 1
FINISHED: Final = 1
ABANDONED: Final = 2


class StoreError(Exception):
    """A database that is not a hartenjagen store, or a stored table that does not read back."""


class Store(Protocol):
    """The interface of a store (SQLite here; a PostgreSQL one would implement the same calls).

    Every call commits before it returns. ``number`` counts a game's moves from 1; adding a
    move whose number is taken is an error (two servers cannot both accept one move). Adding
    a table, a game or a move marks the table active now; `last_active` gives that time for
    every unfinished table, and `abandon` closes a table that went too long without a move;
    `abandoned_table` reads one such table back (its spectators' link still shows it).
    """

    def add_table(self, spec: TableSpec) -> None: ...

    def add_game(self, table: str, game: int, record: GameRecord) -> None: ...

    def add_move(self, table: str, game: int, number: int, move: Move) -> None: ...

    def finish(self, table: str) -> None: ...

    def abandon(self, table: str) -> None: ...

    def unfinished(self) -> Iterator[tuple[TableSpec, list[GameRecord]]]: ...

    def last_active(self) -> dict[str, float]: ...

    def abandoned(self, limit: int) -> list[TableSpec]: ...

    def abandoned_table(self, table: str) -> tuple[TableSpec, list[GameRecord]] | None: ...

    def close(self) -> None: ...


#: The calls of a `Store` that write: the tables and lobby make them through a `Commit`.
WRITES: Final = ("add_table", "add_game", "add_move", "finish", "abandon")


class Commit(Protocol):
    """How a table or the lobby has the store write: ``commit("add_move", table, game, number, move)``.

    The service runs the `Store` call of that name in the store's thread; the awaitable is done
    once it is committed. Each overload is the store call's own signature after its name, so
    mypy checks every name and its arguments against `Store` (tests/test_web_path.py checks
    that the two agree); a test may pass a function of its own that records the calls.
    """

    @overload
    def __call__(self, name: Literal["add_table"], spec: TableSpec, /) -> Awaitable[None]: ...

    @overload
    def __call__(
        self, name: Literal["add_game"], table: str, game: int, record: GameRecord, /
    ) -> Awaitable[None]: ...

    @overload
    def __call__(
        self, name: Literal["add_move"], table: str, game: int, number: int, move: Move, /
    ) -> Awaitable[None]: ...

    @overload
    def __call__(self, name: Literal["finish", "abandon"], table: str, /) -> Awaitable[None]: ...

    def __call__(self, name: str, /, *args: object) -> Awaitable[None]: ...


def _spec_text(spec: TableSpec) -> str:
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


def _spec(text: str) -> TableSpec:
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


class SQLiteStore:
    """A store in one SQLite file (``":memory:"``: in memory, gone when the process ends).

    The file is written with a write-ahead log and ``synchronous=FULL``: a commit is on disk
    when the call returns. One connection, used by one thread at a time.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
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
        with self._db:  # a transaction: committed when the block ends (one sync for both rows)
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(sql, values)
            if touch is not None:
                self._touch(touch)

    def add_table(self, spec: TableSpec) -> None:
        self._write(
            "INSERT INTO tables (id, spec, active) VALUES (?, ?, ?)", (spec.id, _spec_text(spec), time.time())
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
        return [_spec(text) for (text,) in rows]

    def abandoned_table(self, table: str) -> tuple[TableSpec, list[GameRecord]] | None:
        """The table ``table`` with its games' records, if it was closed as abandoned (else ``None``)."""
        row = self._db.execute(
            f"SELECT spec FROM tables WHERE id = ? AND finished = {ABANDONED}", (table,)
        ).fetchone()
        return None if row is None else (_spec(row[0]), self._records(table))

    def unfinished(self) -> Iterator[tuple[TableSpec, list[GameRecord]]]:
        """Every table not finished, oldest first, with its games' records and their moves."""
        rows = self._db.execute("SELECT id, spec FROM tables WHERE finished = 0 ORDER BY rowid").fetchall()
        for table_id, spec_text in rows:
            yield _spec(spec_text), self._records(table_id)

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
            moves: list[Move] = [
                loads(text)  # type: ignore[misc]
                for (text,) in self._db.execute(
                    "SELECT move FROM moves WHERE table_id = ? AND game = ? ORDER BY number",
                    (table_id, game),
                )
            ]
            records.append(record.add(*moves))
        return records

    def close(self) -> None:
        self._db.close()
