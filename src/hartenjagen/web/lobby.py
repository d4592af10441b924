"""The lobby: the tables one process holds, the seat tokens that reach them, and making a new table.

A table is made from a create request (the protocol's ``create`` message): a
preset's name or a Hoemke code, or a Rules JSON value; one entry per seat,
``"human"`` or a bot's name; the language and the number of games. The creator
gets one secret link per human seat and the table's spectator link. Tokens
are 32 random bytes; only their SHA-256 is kept (in memory and in the store),
so a stolen database opens no seat.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any, Final

from hartenjagen import variants
from hartenjagen.bots import BOT_NAMES
from hartenjagen.frontend import texts
from hartenjagen.frontend.notation import Language
from hartenjagen.frontend.serialize import FormatError
from hartenjagen.frontend.serialize.reading import Json
from hartenjagen.rules import Rules
from hartenjagen.web.table import PROTOCOL_VERSION, Table, TableSpec, decoded
from hartenjagen.web.writes import Creating, TooManyTables, Writes

__all__ = ["ABANDONED_KEPT", "MAX_GAMES", "CreateError", "Lobby", "token_hash"]

#: The most games one table plays in a row.
MAX_GAMES: Final = 20
#: The number of tables closed as abandoned that the lobby lists (the most recent ones).
ABANDONED_LISTED: Final = 20
#: The number of abandoned tables read back from the store after a restart (for their links)
#: that the lobby keeps in memory: the least recently asked for goes first.
ABANDONED_KEPT: Final = 100
#: The languages a table speaks.
LANGUAGES: Final = ("en", "nl")


class CreateError(ValueError):
    """A create request that does not describe a table; the message says what is wrong."""


def token_hash(token: str) -> str:
    """The SHA-256 of a seat token, as kept by the lobby and the store."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _rules_of(request: dict[str, Any]) -> tuple[Rules, str]:
    if "rules" in request:
        try:
            rules = decoded(request["rules"])
        except (FormatError, RecursionError, ValueError) as error:
            raise CreateError(f"rules: {error}") from None
        if not isinstance(rules, Rules):
            raise CreateError("rules: the JSON is not a Rules value")
        return rules, str(request.get("variant") or "custom")[:40]
    name = request.get("variant", "standard")
    if not isinstance(name, str) or len(name) > 40:
        raise CreateError("variant is the name of a preset or a Hoemke code (hoemke_P1L2H3S4)")
    try:
        preset = variants.preset(name)
    except variants.UnknownVariantError as error:
        raise CreateError(str(error)) from None
    return preset.rules, preset.name


def parse_create(request: object) -> tuple[Rules, str, tuple[str | None, ...], Language, int]:
    """Read a create request: the rules, the variant's name, the seats, the language and the games."""
    keys = {"protocol", "type", "variant", "rules", "seats", "language", "games"}
    if not isinstance(request, dict) or request.get("type") != "create" or not set(request) <= keys:
        raise CreateError(
            'a create request is {"protocol": 2, "type": "create", "variant": ..., "seats": [...]}'
            f" with only the keys {', '.join(sorted(keys))}"
        )
    rules, variant = _rules_of(request)
    seats = request.get("seats")
    if not isinstance(seats, list) or len(seats) != rules.players:
        raise CreateError(f"seats: one entry per seat, {rules.players} of them, each 'human' or a bot")
    chosen: list[str | None] = []
    for seat, name in enumerate(seats):
        if name == "human":
            chosen.append(None)
        elif isinstance(name, str) and name in BOT_NAMES:
            chosen.append(name)
        else:
            bots = ", ".join(BOT_NAMES)
            raise CreateError(f"seats[{seat}]: 'human' or one of the bots ({bots}), not {str(name)[:40]!r}")
    if None not in chosen:
        raise CreateError("seats: at least one seat is a human's")
    language = request.get("language", "en")
    if language not in LANGUAGES:
        raise CreateError(f"language is en or nl, not {str(language)[:20]!r}")
    games = request.get("games", 1)
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise CreateError(f"games is a whole number from 1 to {MAX_GAMES}")
    return rules, variant, tuple(chosen), "nl" if language == "nl" else "en", games


class Lobby:
    """The tables of one process, found by seat token (hashed) or by id (a spectator's link)."""

    def __init__(
        self,
        *,
        store: Writes,
        think: Executor | None,
        delay: float,
        max_tables: int,
        creates_per_minute: int = 10,
        bots_here: bool = True,
    ) -> None:
        self._store = store
        #: whether a new table's bots run here at once (several workers: once leased, `Workers`)
        self.bots_here = bots_here
        self._think = think
        self.delay = delay
        self.max_tables = max_tables
        self.creates_per_minute = creates_per_minute
        self.tables: dict[str, Table] = {}
        self._seats: dict[str, tuple[Table, int]] = {}
        #: tables being made: they count against ``max_tables`` from the check on, so that
        #: requests awaiting the store at once cannot all pass it (issue 39, W2)
        self._making = 0
        #: the tables most recently closed as abandoned, newest first (the lobby lists them)
        self.abandoned: deque[TableSpec] = deque(maxlen=ABANDONED_LISTED)
        #: counts every table made or closed (a listing made since is still the lobby's)
        self.version = 0
        #: abandoned tables read back from the store after a restart, for their links only
        #: (read-only: `Table.over`), at most ``ABANDONED_KEPT``, the last asked for at the end
        self.closed: OrderedDict[str, Table] = OrderedDict()

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        for seat, digest in enumerate(table.spec.tokens):
            if digest is not None:
                self._seats[digest] = (table, seat)

    def restore(self, spec: TableSpec, records: list[Any], active: float | None = None) -> Table:
        """A table read back from the store, its games replayed through the engine."""
        table = Table(
            spec,
            store=self._store,
            think=self._think,
            delay=self.delay,
            records=records,
            active=active,
            bots_here=self.bots_here,
        )
        self._add(table)
        return table

    def reopen(self, spec: TableSpec, records: Sequence[Any]) -> Table | None:
        """An abandoned table read back from the store (`Store.abandoned_table`), kept in `closed`.

        It is over (`Table.abandoned`): its pages show its last state and every move gets the
        reply a table closed on a running server gives. ``None`` if it has no game to show.
        """
        if not records:
            return None
        table = self.closed.get(spec.id) or Table(
            spec, store=self._store, think=self._think, delay=self.delay, records=records, abandoned=True
        )
        self.closed[spec.id] = table
        self.closed.move_to_end(spec.id)
        while len(self.closed) > ABANDONED_KEPT:
            self.closed.popitem(last=False)
        return table

    def find(self, key: str) -> tuple[Table, int | None] | None:
        """The table and seat of a seat token, or the table (seat ``None``) of a spectator's key."""
        found = self._seats.get(token_hash(key))
        if found is not None:
            return found
        table = self.tables.get(key)
        if table is None and self.closed:
            table = self.closed.get(key)
            if table is None:  # a seat's token of a table read back (a few hundred comparisons)
                digest = token_hash(key)
                for closed in self.closed.values():
                    if digest in closed.spec.tokens:
                        return closed, closed.spec.tokens.index(digest)
            else:
                self.closed.move_to_end(key)
        return None if table is None else (table, None)

    def open_tables(self) -> list[Table]:
        return [table for table in self.tables.values() if not table.over]

    async def create(self, request: object, address: str | None = None) -> tuple[Table, dict[int, str]]:
        """A new table from a create request (`CreateError` if it does not read), and its seats' tokens.

        ``address`` is the client's that asked (``None``: the server's own table). The store
        checks the bounds for every worker sharing it (`Creating`): the open-table cap
        (`CreateError` past it) and the address's tables in the last minute
        (`hartenjagen.web.writes.TooManyCreates`, which the app answers with 429).
        """
        rules, variant, seats, language, games = parse_create(request)
        full = f"this server holds {self.max_tables} open tables: wait for one to finish"
        if len(self.open_tables()) + self._making >= self.max_tables:  # (no need to ask the store)
            raise CreateError(full)
        self._making += 1  # no await between the check and this: the cap holds in this process
        try:
            bounds = Creating(self.max_tables, address, self.creates_per_minute)
            return await self._make(rules, variant, seats, language, games, bounds)
        except TooManyTables:  # other workers' tables filled it
            raise CreateError(full) from None
        finally:
            self._making -= 1

    async def _make(
        self,
        rules: Rules,
        variant: str,
        seats: tuple[str | None, ...],
        language: Language,
        games: int,
        bounds: Creating,
    ) -> tuple[Table, dict[int, str]]:
        tokens = {seat: secrets.token_urlsafe(32) for seat, name in enumerate(seats) if name is None}
        spec = TableSpec(
            id=secrets.token_urlsafe(9),
            rules=rules,
            variant=variant,
            seats=seats,
            tokens=tuple(token_hash(tokens[s]) if s in tokens else None for s in range(len(seats))),
            language=language,
            games=games,
        )
        await self._store.add_table(spec, bounds)
        table = Table(spec, store=self._store, think=self._think, delay=self.delay, bots_here=self.bots_here)
        await table.start_game()
        self._add(table)
        self.version += 1
        table.kick()
        return table, tokens

    async def expire(self, idle: float, now: float | None = None) -> list[Table]:
        """Close as abandoned every open table with no move for ``idle`` seconds; the ones closed.

        Closed tables stay reachable by their links (their last update says why they stopped),
        but at most ``max_tables`` of them are kept in memory: the ones longest idle go first.
        """
        now = time.time() if now is None else now
        closed = []
        for table in self.open_tables():
            if now - table.active >= idle and await table.abandon():
                closed.append(table)
                self.abandoned.appendleft(table.spec)
                self.version += 1
        over = [table for table in self.tables.values() if table.over]
        if len(over) > self.max_tables:
            over.sort(key=lambda table: table.active)
            for table in over[: len(over) - self.max_tables]:
                del self.tables[table.id]
                for digest in table.spec.tokens:
                    if digest is not None:
                        self._seats.pop(digest, None)
        return closed

    def listing(self, language: Language, limit: int = 100) -> dict[str, Json]:
        """The lobby message: the open tables (at most ``limit``, the most recently active first,
        with their spectator links, in the order they were made), the tables recently abandoned,
        the presets and the bots."""
        tables: list[Json] = []
        shown = self.open_tables()
        if len(shown) > limit:
            active = {table.id for table in sorted(shown, key=lambda table: -table.active)[:limit]}
            shown = [table for table in shown if table.id in active]
        for table in shown:
            state = table.state
            tables.append(
                {
                    "table": table.id,
                    "variant": table.spec.variant,
                    "name": texts.variant_text(table.spec.variant, language),
                    "seats": [
                        {"seat": s, "kind": "human" if n is None else "bot", "bot": n}
                        for s, n in enumerate(table.spec.seats)
                    ],
                    "language": table.spec.language,
                    "games": table.spec.games,
                    "game": table.game,
                    "hand": state.hand_index + 1,
                    "watch": f"watch/{table.id}",
                }
            )
        return {
            "protocol": PROTOCOL_VERSION,
            "type": "lobby",
            "tables": tables,
            "variants": [preset.name for preset in variants.OFFERED],
            "players": {preset.name: preset.rules.players for preset in variants.OFFERED},
            "abandoned": [
                {
                    "table": spec.id,
                    "variant": spec.variant,
                    "name": texts.variant_text(spec.variant, language),
                    "watch": f"watch/{spec.id}",
                }
                for spec in self.abandoned
            ],
            "bots": list(BOT_NAMES),
            "language": language,
            "words": lobby_words(language),
        }


def lobby_words(language: Language) -> dict[str, Json]:
    """The lobby page's words in ``language``, from the catalogue (``web.`` keys, the bots' names)."""
    words: dict[str, Json] = {
        key.removeprefix("web."): texts.CATALOGUE[key][1 if language == "nl" else 0]
        for key in texts.CATALOGUE
        if key.startswith("web.")
    }
    words["bots"] = {name: texts.bot_text(name, language) for name in BOT_NAMES}
    words["variants"] = {
        preset.name: texts.variant_text(preset.name, language) for preset in variants.OFFERED
    }
    return words
