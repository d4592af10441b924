"""The cache of tables (`hartenjagen.core.table.table_for`): the most recently used rules' tables, bounded in count and bytes."""

from __future__ import annotations

import sys
import threading
import types
from collections.abc import Callable
from typing import Any, Final, Generic, TypeVar, final

T = TypeVar("T")

#: How many tables `table_for` keeps, and how many bytes their rules may hold all told (a module's
#: settings are the user's: a rule with a megabyte name is a megabyte): a server loading rules from
#: clients cannot grow the cache past either bound.
CACHE_SIZE: Final = 64
CACHE_BYTES: Final = 4 << 20
#: What a table holds besides its rules (its masks and lookups; the plays are shared), counted once an entry.
_TABLE_BYTES: Final = 16 << 10


@final
class _Kept:
    """One table in the cache, with when it was last asked for and what its rules weigh."""

    table: Any
    used: int
    weight: int

    def __init__(self, table: Any, used: int, weight: int) -> None:
        self.table = table
        self.used = used
        self.weight = weight


@final
class TableCache(Generic[T]):
    """The tables of the most recently used rules, safe under threads (``build``: a table of rules).

    A hit only reads the dict and stamps its entry, without the lock (a stamp two threads
    write at once is one of their two clocks: the order stays that of use, near enough). A
    miss builds the table outside the lock (a module's hooks may be slow), then under it
    keeps the table another thread may have kept first, or adds its own and drops the
    least recently used entries until both bounds hold.
    """

    build: Callable[[object], T]
    entries: dict[object, _Kept]
    clock: int
    weight: int
    lock: Any

    def __init__(self, build: Callable[[object], T]) -> None:
        self.build = build
        self.entries = {}
        self.clock = 0
        self.weight = 0
        self.lock = threading.Lock()

    def get(self, rules: object) -> T:
        kept = self.entries.get(rules)
        if kept is not None:
            self.clock += 1
            kept.used = self.clock
            table: T = kept.table
            return table
        return self.add(rules)

    def add(self, rules: object) -> T:
        table = self.build(rules)
        weight = _TABLE_BYTES + footprint(rules, CACHE_BYTES)
        with self.lock:
            entries = self.entries
            kept = entries.get(rules)
            if kept is not None:  # built meanwhile by another thread: every caller shares one table
                shared: T = kept.table
                return shared
            if weight > CACHE_BYTES:  # too big to keep: built for this caller only
                return table
            while entries and (len(entries) >= CACHE_SIZE or self.weight + weight > CACHE_BYTES):
                oldest = min(entries.items(), key=_last_used)[0]  # no key hashed but the one dropped
                self.weight -= entries.pop(oldest).weight
            self.clock += 1
            entries[rules] = _Kept(table, self.clock, weight)
            self.weight += weight
        return table


def _last_used(entry: tuple[object, _Kept]) -> int:
    return entry[1].used


#: What `footprint` does not count: shared by everything (classes, functions, modules).
_SHARED: Final = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def footprint(value: object, limit: int) -> int:
    """About how many bytes ``value`` keeps alive: its size and its contents', each object once.

    Walks tuples, lists, sets, dicts and the attributes of objects (``__dict__`` and
    ``__slots__``), not classes, functions or modules; it stops once the count passes ``limit``.
    """
    seen: set[int] = set()
    pending = [value]
    total = 0
    while pending and total <= limit:
        item = pending.pop()
        if id(item) in seen or isinstance(item, _SHARED):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item, 64)
        if isinstance(item, (str, bytes, int, float, bool)) or item is None:
            continue
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, (tuple, list, set, frozenset)):
            pending.extend(item)
        else:
            pending.extend(_attributes(item))
    return total


def _attributes(item: object) -> list[object]:
    """The values of ``item``'s instance attributes (its ``__dict__`` and every class's ``__slots__``)."""
    found: list[object] = []
    inside = getattr(item, "__dict__", None)
    if isinstance(inside, dict):
        found.append(inside)
    for kind in type(item).__mro__:
        slots = kind.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if isinstance(name, str) and name not in ("__dict__", "__weakref__") and hasattr(item, name):
                found.append(getattr(item, name))
    return found
