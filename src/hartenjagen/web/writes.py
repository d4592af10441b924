"""How a table and the lobby reach the store: typed calls, each awaited until it is committed.

A `Table` never holds the store itself: it holds `Writes`, the store's calls as
coroutines (the service runs each in the store's threads, off the event loop).
Each is a method mypy checks, with the store's own names and arguments. With
several workers on one database a write can find that another worker wrote
first (`Conflict`): the table then reads what it missed (`Writes.later`) and
checks its move again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final, Protocol, TypeAlias, runtime_checkable

import attrs

from hartenjagen.frontend.records import GameRecord
from hartenjagen.moves import Move

if TYPE_CHECKING:  # the table module defines TableSpec and imports this module
    from hartenjagen.web.table import TableSpec

__all__ = [
    "ABANDONED",
    "FINISHED",
    "Conflict",
    "Creating",
    "Full",
    "Later",
    "Moved",
    "Shared",
    "StoreError",
    "TooManyCreates",
    "TooManyTables",
    "Writes",
]

#: A table's ``finished`` in the store: 0 open, 1 over, 2 abandoned (closed after too long without a move).
FINISHED: Final = 1
ABANDONED: Final = 2


class StoreError(Exception):
    """A database that is not a hartenjagen store, or a stored table that does not read back."""


class Conflict(StoreError):
    """Another worker wrote first: the move (or game) of this number is taken, or the table is closed.

    Nothing was written. The writer reads what it missed (`Writes.later`) and tries again.
    """


class Full(StoreError):
    """A bound on making tables that the store keeps for the whole service was reached: nothing was written."""


class TooManyTables(Full):
    """The store already holds `Creating.tables` open tables (the lobby answers 400)."""


class TooManyCreates(Full):
    """The address made `Creating.per_minute` tables in the last minute (the app answers 429)."""


@attrs.frozen
class Creating:
    """The bounds a new table must pass, checked by the store in the transaction that adds it.

    The store counts for every worker that shares it, and one table is added at a time
    (several workers racing at the cap never both add the last one): ``tables`` open tables
    at most, and (``address`` given: a client's request, not the server's own) at most
    ``per_minute`` tables made from ``address`` in the last 60 seconds.
    """

    tables: int
    address: str | None = None
    per_minute: int = 10

    def admit(self, open_tables: int, recent: int) -> None:
        """Raise `TooManyTables` or `TooManyCreates` unless a table may be added (the store's counts)."""
        if open_tables >= self.tables:
            raise TooManyTables(f"this server holds {self.tables} open tables: wait for one to finish")
        if self.address is not None and recent >= self.per_minute:
            raise TooManyCreates(f"an address creates at most {self.per_minute} tables a minute")


#: A move another worker added, as it announced it: (game, number, move).
Moved: TypeAlias = tuple[int, int, Move]


@attrs.frozen
class Later:
    """What the store holds of a table beyond what a worker has seen (`Writes.later`).

    ``moves``: the moves of the worker's current game after the ones it has; ``games``: the
    records of the games after it, each with its moves; ``finished``: the table's state in the
    store (0 open, 1 over, 2 abandoned).
    """

    moves: tuple[Move, ...] = ()
    games: tuple[GameRecord, ...] = ()
    finished: int = 0


class Writes(Protocol):
    """The store's calls a table or the lobby makes, each done once it is committed.

    The names and arguments are the `Store`'s own (``hartenjagen.web.store``): adding a move
    whose number is taken raises `Conflict` instead of writing it, so that two workers on one
    database never both accept a move; adding a table past its `Creating` bounds raises `Full`.
    """

    async def add_table(self, spec: TableSpec, bounds: Creating | None = None) -> None: ...

    async def add_game(self, table: str, game: int, record: GameRecord) -> None: ...

    async def add_move(self, table: str, game: int, number: int, move: Move) -> None: ...

    async def finish(self, table: str) -> None: ...

    async def abandon(self, table: str) -> None: ...

    async def later(self, table: str, game: int, moves: int) -> Later: ...


@runtime_checkable
class Shared(Protocol):
    """A store several worker processes share (`PostgresStore`): news between them, and bot leases.

    `listen` calls ``heard(table, moved)`` for each table another worker changed, ``moved``
    the move it added (`Moved`) or ``None`` for any other change (``heard(None, None)``: news
    may have been missed), until ``stop`` is set. `claim` takes the bots' lease of each table
    that no live worker holds and returns every table whose lease this worker holds; a lease
    ends with its worker, even one killed. `release` gives leases back, `let_go` all of them.
    `left` counts the times `claim` found that a worker had stopped (or died) since the call
    before: one that died may not have told the others its last write, so they read every
    table again.
    """

    origin: str
    left: int

    def listen(self, heard: Callable[[str | None, Moved | None], None], stop: threading.Event) -> None: ...

    def claim(self, tables: Iterable[str]) -> set[str]: ...

    def release(self, tables: Iterable[str]) -> None: ...

    def let_go(self) -> None:
        """Give back every lease this worker holds (it stops): the others claim them at once."""

    def last_active(self) -> dict[str, float]: ...
