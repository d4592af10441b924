"""The cache of compiled tables (`core.table.table_for`): least recently used out, bounded by count
and by bytes, and safe when many threads start games with new rules at once (issue 28, item 13).

Runs on both cores (scripts/check.sh lists it among the interpreted core's tests).
"""

from __future__ import annotations

import gc
import sys
import threading
import time
import weakref
from collections.abc import Iterator

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.core import table as table_module
from hartenjagen.core.table import table_for
from hartenjagen.core.table_cache import CACHE_BYTES, CACHE_SIZE, footprint
from hartenjagen.rules.extras import HouseRule, NoTricksBonus


@attrs.frozen(repr=False)
class Labelled(HouseRule):
    """A house rule that does nothing but carry a label (as big as a client likes)."""

    label: str


def _rules(number: int, label: str = "") -> hj.Rules:
    """A ruleset no other test has made: its own bonus, and a label of the given size."""
    extras: tuple[HouseRule, ...] = (NoTricksBonus(points=-number - 1),)
    if label:
        extras += (Labelled(label=label),)
    return attrs.evolve(variants.STANDARD, extras=extras)


def _entries() -> dict[object, object]:
    return table_module._CACHE.entries  # type: ignore[return-value]


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    """Each test starts from an empty cache (and leaves one: the next table_for refills it)."""
    cache = table_module._CACHE
    with cache.lock:
        cache.entries.clear()
        cache.weight = 0
    yield
    with cache.lock:
        cache.entries.clear()
        cache.weight = 0


def _weights_add_up() -> bool:
    cache = table_module._CACHE
    return cache.weight == sum(kept.weight for kept in cache.entries.values())


def test_a_table_is_built_once_and_shared() -> None:
    rules = _rules(1)
    table = table_for(rules)
    assert table_for(rules) is table
    assert table_for(attrs.evolve(rules)) is table  # an equal value, another object: the same table
    assert hj.new_game(rules, seed=1).rules == rules


def test_the_cache_keeps_at_most_its_size() -> None:
    for number in range(CACHE_SIZE * 3):
        hj.new_game(_rules(number), seed=number)
    assert len(_entries()) == CACHE_SIZE
    assert _weights_add_up()


def test_the_least_recently_used_table_goes_first() -> None:
    tables = [table_for(_rules(number)) for number in range(CACHE_SIZE)]
    assert table_for(_rules(0)) is tables[0]  # used again: now the most recent
    table_for(_rules(CACHE_SIZE))  # one too many: the least recently used goes, which is the second
    assert _rules(0) in _entries()
    assert _rules(1) not in _entries()
    assert table_for(_rules(0)) is tables[0]
    assert table_for(_rules(1)) is not tables[1]  # built again


def test_the_cache_is_bounded_in_bytes_too() -> None:
    # 20 rule sets with a 1 MB label each: no more of them are kept than fit in CACHE_BYTES.
    megabyte = 1 << 20
    kept = []
    for number in range(20):
        rules = _rules(number, label=str(number) * megabyte)
        assert footprint(rules, 1 << 30) > megabyte
        table_for(rules)
        kept.append(weakref.ref(rules))
        del rules
    assert _weights_add_up()
    assert table_module._CACHE.weight <= CACHE_BYTES
    assert 1 <= len(_entries()) <= CACHE_BYTES // megabyte
    gc.collect()
    alive = [ref for ref in kept if ref() is not None]
    assert len(alive) == len(_entries())  # the dropped ones are freed: nothing else holds them
    assert kept[-1]() is not None  # the most recent is among those kept


def test_rules_too_big_to_keep_still_get_a_table() -> None:
    rules = _rules(1, label="x" * (CACHE_BYTES + 1))
    state = hj.new_game(rules, seed=3)
    assert hj.legal_moves(state)
    assert _entries() == {}
    assert table_module._CACHE.weight == 0


def test_footprint_counts_contents_once_and_stops_at_its_limit() -> None:
    text = "y" * 10_000
    assert footprint(text, 1 << 30) == sys.getsizeof(text)
    assert footprint((text, text, [text]), 1 << 30) < 2 * sys.getsizeof(text)  # the same str once
    assert footprint({"a": text}, 1 << 30) > sys.getsizeof(text)
    assert footprint(Labelled(label=text), 1 << 30) > sys.getsizeof(text)  # an object's slots
    many = [str(number) * 1000 for number in range(1000)]
    assert footprint(many, 50_000) < 100_000  # stops once past the limit, not at the end
    assert footprint(many, 1 << 30) > 1_000_000


class _SlowRules(hj.Rules):
    """Rules whose hash lets the other threads run: an update of the cache in two steps is caught halfway."""

    def __hash__(self) -> int:
        time.sleep(0)
        return super().__hash__()

    __eq__ = hj.Rules.__eq__


def _slow(number: int) -> hj.Rules:
    return _SlowRules(extras=(NoTricksBonus(points=-number - 1),))


def test_many_threads_asking_for_new_rules_at_once() -> None:
    # 8 threads, 240 new rulesets and 240 asks for ten shared ones; every lookup lets the other
    # threads in (the old two-step eviction raised KeyError in 7 threads of 8 here and grew past 64).
    failures: list[BaseException] = []
    start = threading.Barrier(8)

    def work(worker: int) -> None:
        try:
            start.wait()
            for round_ in range(30):
                table_for(_slow(1000 + worker * 100 + round_))
                table_for(_slow(round_ % 10))  # the same ten rulesets in every thread
                if round_ % 10 == 0:
                    hj.new_game(_rules(worker * 100 + round_), seed=round_)  # as new_game asks
        except BaseException as error:  # any error of a thread fails the test
            failures.append(error)

    threads = [threading.Thread(target=work, args=(worker,)) for worker in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len(_entries()) == CACHE_SIZE
    assert _weights_add_up()
    assert table_module._CACHE.weight <= CACHE_BYTES
