"""Several workers on one database: each hears the others' moves, and one at a time runs a table's bots.

Every worker holds every open table in memory, replayed from the store. When a
worker commits a change to a table, the others hear of it (`Shared.listen`:
PostgreSQL's ``LISTEN``/``NOTIFY``) and read what they missed (`Table.catch_up`),
so that pages connected to any worker see every move. A move checked against a
table that missed a move is refused by the store (`Conflict`), and checked again
once the table has caught up: the database orders each table's moves.

A table's bots, and dealing its next game, are the work of the one worker that
holds its lease (`Shared.claim`); every `Workers.every` seconds each worker claims
the leases of the open tables that no live worker holds. A worker that dies gives
its leases back with its database connection, and another takes its tables over
within that time. A worker tells the others of a write just after committing it
(`PostgresStore`): one killed in between leaves them unaware of that write, so
when a worker is seen gone (`Shared.left`) every table reads what it missed.
"""

from __future__ import annotations

import asyncio
import collections
import sys
import threading
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from hartenjagen.web.lobby import Lobby
from hartenjagen.web.writes import Moved, Shared

__all__ = ["Workers"]

_T = TypeVar("_T")


class Run(Protocol):
    """How a worker runs a store call off the event loop (`StoreCalls.run`)."""

    def __call__(self, call: Callable[[], _T], /) -> Awaitable[_T]: ...


class Workers:
    """One worker's part in sharing a database: the listening thread, the catch-ups and the leases.

    ``call`` runs a store call in the store's threads (off the event loop); ``load`` reads a
    table another worker made and adds it to ``lobby`` (``None`` if the store has no such open
    table).
    """

    def __init__(
        self,
        store: Shared,
        lobby: Lobby,
        *,
        call: Run,
        load: Callable[[str], Awaitable[object]],
        every: float = 0.2,
    ) -> None:
        self.store = store
        self.lobby = lobby
        self.every = every
        self._call = call
        self._load = load
        self._pending: set[str] = set()  # tables being caught up
        self._moved: dict[str, list[Moved]] = {}  # the moves heard of, per table, not yet taken
        self._changed: set[str] = set()  # tables to read back from the store (a change without its move)
        #: news from the listening thread, not yet taken by the event loop (`_deliver`)
        self._inbox: collections.deque[tuple[str | None, Moved | None]] = collections.deque()
        self._waking = False  # a `_deliver` is scheduled on the loop
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._leases: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._left = store.left  # `Shared.left` when last looked at

    def start(self) -> None:
        """Start listening and claiming (from the event loop, once the stored tables are loaded)."""
        loop = asyncio.get_running_loop()

        def heard(table: str | None, moved: Moved | None) -> None:
            # One wake-up of the loop takes every note heard meanwhile: under load the notes come
            # faster than the loop turns, and each wake-up is a write to its pipe and a switch.
            if self._stop.is_set():
                return
            self._inbox.append((table, moved))
            if not self._waking:
                self._waking = True
                try:
                    loop.call_soon_threadsafe(self._deliver)
                except RuntimeError:  # the loop closed before `stop` (the server stops)
                    self._stop.set()

        self._thread = threading.Thread(
            target=self.store.listen, args=(heard, self._stop), name="hartenjagen-listen", daemon=True
        )
        self._thread.start()
        self._leases = loop.create_task(self._lease())

    def stop(self) -> None:
        """Stop listening and claiming, and give back this worker's leases (the others take its tables)."""
        self._stop.set()
        if self._leases is not None:
            self._leases.cancel()
        for task in self._tasks:
            task.cancel()
        self.store.let_go()

    def _deliver(self) -> None:
        """Take every note the listening thread queued (on the loop)."""
        self._waking = False  # (before taking: a note queued from now on schedules another call)
        while self._inbox:
            self.heard(*self._inbox.popleft())

    def heard(self, table: str | None, moved: Moved | None = None) -> None:
        """Another worker changed ``table`` (``None``: any table may have changed): catch it up.

        ``moved`` is the move it added, if that is what it did: the table takes it as it is,
        unless it missed one before it (then, and for any other change, it reads the store).
        """
        if table is None:
            self._spawn(self._everything())
            return
        if moved is None:
            self._changed.add(table)
        elif table not in self._pending and self._take(table, moved):
            return  # the next move of a table nobody is changing: taken at once, no task
        else:
            self._moved.setdefault(table, []).append(moved)
        if table not in self._pending:  # (else the running catch-up takes this too)
            self._pending.add(table)
            self._spawn(self._catch_up(table))

    def _take(self, key: str, moved: Moved) -> bool:
        """Replay ``moved`` on its table now if nothing else holds the table; whether it was taken."""
        table = self.lobby.tables.get(key)
        try:
            return table is not None and table.take_heard(moved)
        except Exception:  # (a move that does not replay changes nothing): read the store instead
            return False

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _catch_up(self, key: str) -> None:
        try:
            while key in self._moved or key in self._changed:
                moved = self._moved.pop(key, [])
                read = key in self._changed
                self._changed.discard(key)
                table = self.lobby.tables.get(key)
                if table is None:
                    await self._load(key)
                else:
                    await table.catch_up(() if read else moved)
        except Exception as error:  # the next news of the table tries again
            print(
                f"hartenjagen serve: table {key}: reading other workers' moves failed: {error!r}",
                file=sys.stderr,
            )
        finally:
            self._pending.discard(key)

    async def _everything(self) -> None:
        """After a gap in the news: every open table reads what it missed, new ones are loaded."""
        try:
            active = await self._call(self.store.last_active)
        except Exception as error:
            print(f"hartenjagen serve: reading the open tables failed: {error!r}", file=sys.stderr)
            return
        for key in {*active, *(table.id for table in self.lobby.open_tables())}:
            self.heard(key)

    async def _lease(self) -> None:
        """Now and then: claim the open tables' leases, run the bots of the tables held, free the over."""
        while True:
            try:
                await self.lease()
            except Exception as error:  # the database may be back next time
                print(f"hartenjagen serve: claiming tables failed: {error!r}", file=sys.stderr)
            await asyncio.sleep(self.every)

    async def lease(self) -> None:
        """Claim once: each open table learns whether this worker runs its bots (`Table.bots_here`)."""
        tables = self.lobby.open_tables()
        wanted = [table.id for table in tables]
        held = await self._call(lambda: self.store.claim(wanted))
        if self.store.left != self._left:  # a worker died: its last write may have gone untold
            self._left = self.store.left
            self._spawn(self._everything())
        for table in tables:
            table.bots_here = table.id in held
            if table.bots_here:
                await table.resume()  # its dealer stopped between two games: deal the next
                table.kick()
        done = held - set(wanted)
        if done:
            await self._call(lambda: self.store.release(done))
