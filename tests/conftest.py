"""Shared pytest configuration: Hypothesis profiles.

``dev`` (the default) explores new examples on every run. ``ci`` is loaded
when the environment variable ``CI`` is set (or with ``HYPOTHESIS_PROFILE=ci``):
derandomized, so that every CI run checks the same examples, with a modest
number of examples and no example database.

``HARTENJAGEN_TEST_SHARD=i/n`` runs the i-th of n shares of the suite, split by the
tests' recorded costs (tests/sharding.py), so that scripts/check.sh can run the
halves side by side on two cores and both end at about the same time.
"""

from __future__ import annotations

import os
import signal

import pytest
from hypothesis import settings

from sharding import load_costs, shard_of

settings.register_profile("dev", deadline=None)
settings.register_profile(
    "ci", deadline=None, derandomize=True, max_examples=50, database=None, print_blob=True
)

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

# A shell ignores Ctrl-C in the jobs it starts in the background (`bash scripts/check.sh &`, nohup), and
# a child inherits that: the servers the tests stop with SIGINT would ignore it and exit 0. A handler
# here is reset to the default in every child at exec, so each child answers Ctrl-C as from a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``HARTENJAGEN_TEST_SHARD=i/n`` keeps the i-th of n shares split by cost (scripts/check.sh runs halves side by side)."""
    shard = os.environ.get("HARTENJAGEN_TEST_SHARD")
    if not shard:
        return
    try:
        index, count = (int(part) for part in shard.split("/"))
    except ValueError:
        raise SystemExit(f"HARTENJAGEN_TEST_SHARD must look like 0/2, not {shard!r}") from None
    if not 0 <= index < count:
        raise SystemExit(f"HARTENJAGEN_TEST_SHARD: {index} is not a shard of {count}")
    lanes = shard_of([item.nodeid for item in items], load_costs(), count)
    kept = [item for item, lane in zip(items, lanes, strict=True) if lane == index]
    dropped = [item for item, lane in zip(items, lanes, strict=True) if lane != index]
    config.hook.pytest_deselected(items=dropped)
    items[:] = kept
