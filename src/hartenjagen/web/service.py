"""What the web service's routes share: the lobby, the store's thread, the bounds kept in memory.

`Service` holds the places of the streams open per seat and per spectator's
address, the per-address buckets of reads and creates, the lobby's cached
listing and the task that closes abandoned tables.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from importlib import resources
from typing import Any, Final, TypeVar

from hartenjagen.frontend.notation import Language
from hartenjagen.frontend.records import GameRecord
from hartenjagen.moves import Move
from hartenjagen.web.limits import Limits
from hartenjagen.web.lobby import ABANDONED_LISTED, Lobby
from hartenjagen.web.reading import Refused
from hartenjagen.web.store import Store
from hartenjagen.web.table import Table, TableSpec, error_message
from hartenjagen.web.workers import Workers
from hartenjagen.web.writes import Creating, Later, Shared

__all__ = ["STATIC", "Service", "StoreCalls"]

_T = TypeVar("_T")

STATIC: Final = {
    "table.js": "text/javascript; charset=utf-8",
    "lobby.js": "text/javascript; charset=utf-8",
    "table.css": "text/css; charset=utf-8",
}
PAGES: Final = ("index.html", "lobby.html")


class StoreCalls:
    """The `Writes` of a `Store`: each call run in the store's threads, awaited until committed."""

    def __init__(self, store: Store, threads: ThreadPoolExecutor) -> None:
        self.store = store
        self._threads = threads

    async def run(self, call: Callable[[], _T]) -> _T:
        """``call()`` in one of the store's threads (never on the event loop)."""
        return await asyncio.get_running_loop().run_in_executor(self._threads, call)

    async def add_table(self, spec: TableSpec, bounds: Creating | None = None) -> None:
        await self.run(lambda: self.store.add_table(spec, bounds))

    async def add_game(self, table: str, game: int, record: GameRecord) -> None:
        await self.run(lambda: self.store.add_game(table, game, record))

    async def add_move(self, table: str, game: int, number: int, move: Move) -> None:
        await self.run(lambda: self.store.add_move(table, game, number, move))

    async def finish(self, table: str) -> None:
        await self.run(lambda: self.store.finish(table))

    async def abandon(self, table: str) -> None:
        await self.run(lambda: self.store.abandon(table))

    async def later(self, table: str, game: int, moves: int) -> Later:
        return await self.run(lambda: self.store.later(table, game, moves))


class Service:
    """What the app's routes share: the lobby, the store, the bounds and the streams open per key."""

    def __init__(self, store: Store, limits: Limits, delay: float, bot_threads: int) -> None:
        self.store = store
        self.limits = limits
        self._store_thread = ThreadPoolExecutor(store.threads, thread_name_prefix="hartenjagen-store")
        #: the store's calls as the tables make them (`Writes`), in the store's threads
        self.calls = StoreCalls(store, self._store_thread)
        self.bots = ThreadPoolExecutor(bot_threads, thread_name_prefix="hartenjagen-bot")
        shared = store if isinstance(store, Shared) else None
        self.lobby = Lobby(
            store=self.calls,
            think=self.bots,
            delay=delay,
            max_tables=limits.tables,
            creates_per_minute=limits.creates_per_minute,
            bots_here=shared is None,
        )
        #: several workers on one database (`PostgresStore`): the news between them and the leases
        self.workers = (
            None if shared is None else Workers(shared, self.lobby, call=self.calls.run, load=self._load)
        )
        self.streams: Counter[tuple[str, int | None]] = Counter()
        #: spectators' streams per (table, address): one client cannot take a table's places (W4)
        self.watchers: Counter[tuple[str, str]] = Counter()
        #: per address: (reads left, when counted), a token bucket (W3)
        self.reads: dict[str, tuple[float, float]] = {}
        self._listings: dict[Language, tuple[float, int, dict[str, Any]]] = {}
        self.creates: dict[str, deque[float]] = {}
        self._loaded: asyncio.Lock | None = None
        self._reading: asyncio.Lock | None = None
        self._ready = False
        self._sweeper: asyncio.Task[None] | None = None
        files = resources.files("hartenjagen.web").joinpath("static")
        self.files = {name: files.joinpath(name).read_bytes() for name in (*STATIC, *PAGES)}

    async def ready(self) -> None:
        """Reload the store's unfinished tables once, on the first request (or at start-up)."""
        if self._ready:
            return
        if self._loaded is None:
            self._loaded = asyncio.Lock()
        async with self._loaded:
            if self._ready:
                return
            stored, active, abandoned = await self.calls.run(
                lambda: (
                    list(self.store.unfinished()),
                    self.store.last_active(),
                    self.store.abandoned(ABANDONED_LISTED),
                )
            )
            self.lobby.abandoned.extend(abandoned)  # still listed after a restart
            for spec, records in stored:
                if records:  # (a table another worker is making has none yet: it is heard of)
                    table = self.lobby.restore(spec, records, active.get(spec.id))
                    if table.bots_here:
                        await table.resume()  # stopped between two games of its series
            for table in self.lobby.tables.values():
                table.kick()
            if self.workers is not None:
                self.workers.start()
            self._ready = True
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def find(self, key: str) -> tuple[Table, int | None] | None:
        """`Lobby.find`, after reading back from the store the abandoned table whose id is ``key``.

        A table closed as abandoned before a restart is not reloaded at start (a restart stays
        cheap however many there are): the first request for it reads it here, and the lobby
        keeps the last few asked for (`Lobby.closed`), read-only, for their links.
        """
        await self.ready()
        found = self.lobby.find(key)
        if found is not None or len(key) > 64:
            return found
        if self._reading is None:
            self._reading = asyncio.Lock()
        async with self._reading:  # one read at a time: two requests for it read it once
            found = self.lobby.find(key)
            if found is None and self.workers is not None and await self._load(key):
                found = self.lobby.find(key)  # a table another worker made a moment ago
            if found is None:
                stored = await self.calls.run(lambda: self.store.abandoned_table(key))
                if stored is not None and self.lobby.reopen(*stored) is not None:
                    found = self.lobby.find(key)
        return found

    async def _load(self, key: str) -> bool:
        """Read the open table ``key`` from the store into the lobby (another worker made it); whether found."""
        stored = await self.calls.run(lambda: self.store.table(key))
        if stored is None or not stored[1] or key in self.lobby.tables:
            return key in self.lobby.tables
        self.lobby.restore(*stored)
        self.lobby.version += 1
        return True

    async def _sweep(self) -> None:
        """Close the tables nobody moved at for ``limits.abandon_after`` seconds, now and then."""
        idle = self.limits.abandon_after
        every = min(60.0, max(0.05, idle / 4))
        while True:
            try:
                await self.lobby.expire(idle)
                self.forget()
            except Exception as error:  # a store that fails now may work next time
                print(f"hartenjagen serve: closing abandoned tables failed: {error!r}", file=sys.stderr)
            await asyncio.sleep(every)

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.workers is not None:
            self.workers.stop()
        for table in (*self.lobby.tables.values(), *self.lobby.closed.values()):
            table.close()
        self.bots.shutdown(wait=False, cancel_futures=True)
        self._store_thread.shutdown(wait=True)

    @contextmanager
    def stream(self, table: Table, seat: int | None, address: str = "") -> Any:
        """Hold one of the key's places for a long poll, a stream or a WebSocket (429 when all are taken).

        A seat's token has ``per_token`` places. The spectators' link is public, so its places
        are counted per address too: one address holds at most ``spectators_per_address`` of a
        table's ``spectators`` (issue 39, W4).
        """
        limits = self.limits
        key = (table.id, seat)
        watcher = (table.id, address)
        if seat is not None and self.streams[key] >= limits.per_token:
            raise Refused(error_message(429, f"this link already has {limits.per_token} streams open"))
        if seat is None:
            if self.watchers[watcher] >= limits.spectators_per_address:
                raise Refused(
                    error_message(
                        429,
                        f"an address watches a table with at most {limits.spectators_per_address} streams",
                    )
                )
            if self.streams[key] >= limits.spectators:
                raise Refused(error_message(429, f"this table already has {limits.spectators} spectators"))
            self.watchers[watcher] += 1
        self.streams[key] += 1
        try:
            yield
        finally:
            _release(self.streams, key)
            if seat is None:
                _release(self.watchers, watcher)

    def read(self, address: str) -> None:
        """Count one read of ``address`` against its bucket (429 when it is empty)."""
        limits = self.limits
        now = time.monotonic()
        left, then = self.reads.get(address, (float(limits.reads_burst), now))
        left = min(float(limits.reads_burst), left + (now - then) * limits.reads_per_second)
        if left < 1:
            raise Refused(
                error_message(429, f"an address reads at most {limits.reads_per_second:g} times a second")
            )
        self.reads[address] = (left - 1, now)

    def forget(self) -> None:
        """Drop the per-address counts that no longer bound anything (a full bucket, creates over a
        minute old): memory follows the addresses active now, not every address ever seen."""
        now, limits = time.monotonic(), self.limits
        for address, (left, then) in list(self.reads.items()):
            if left + (now - then) * limits.reads_per_second >= limits.reads_burst:
                del self.reads[address]
        for address, recent in list(self.creates.items()):
            if not recent or recent[-1] < now - 60:
                del self.creates[address]

    def listing(self, language: Language) -> dict[str, Any]:
        """The lobby message (up to ``listed`` tables), made again at most once a second per language
        unless a table was made or closed since: many readers cost one listing (issue 39, W3)."""
        now = time.monotonic()
        made = self._listings.get(language)
        if made is None or now - made[0] >= 1.0 or made[1] != self.lobby.version:
            made = (now, self.lobby.version, self.lobby.listing(language, self.limits.listed))
            self._listings[language] = made
        return made[2]


def _release(counter: Counter[Any], key: Any) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]
