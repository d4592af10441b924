"""Splitting the suite between the check's lanes by what each test costs, not every other test.

scripts/check.sh runs two lanes side by side, one a core. Taking every other
test left one lane 1 min 40 s longer than the other (issue 35's closing note),
so each lane now takes the tests that a greedy split by recorded cost gives it:
the costliest test first, each to the lane with less work so far. The costs are
seconds per test function (its parametrized cases share them equally), recorded
in ``tests/test_costs.json`` by ``scripts/test_costs.py`` from a JUnit report; a
test with no recorded cost counts as the median cost. Both lanes compute the
same split from the same collection, so every test runs in exactly one lane.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

#: The recorded costs, next to this file.
COSTS = Path(__file__).with_name("test_costs.json")


def function_of(nodeid: str) -> str:
    """The test function a node id belongs to: the id without its parameters (``[...]``)."""
    return nodeid.split("[", 1)[0]


def load_costs(path: Path = COSTS) -> dict[str, float]:
    """The recorded seconds per test function; none when the file is missing."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(key): float(value) for key, value in data.items()}


def item_costs(nodeids: Sequence[str], costs: Mapping[str, float]) -> list[float]:
    """Each test's cost: its function's recorded seconds shared among its cases, else the median."""
    cases = Counter(function_of(nodeid) for nodeid in nodeids)
    known = [costs[function] / cases[function] for function in cases if function in costs]
    default = statistics.median(known) if known else 1.0
    return [
        costs[function_of(nodeid)] / cases[function_of(nodeid)] if function_of(nodeid) in costs else default
        for nodeid in nodeids
    ]


def shard_of(nodeids: Sequence[str], costs: Mapping[str, float], count: int) -> list[int]:
    """The lane (0 to ``count - 1``) of each test: costliest first, each to the least loaded lane.

    Ties go to the lower lane and equal costs keep collection order, so the
    split depends only on the collected ids and the costs.
    """
    weights = item_costs(nodeids, costs)
    loads = [0.0] * count
    lanes = [0] * len(nodeids)
    for position in sorted(range(len(nodeids)), key=lambda index: (-weights[index], index)):
        lane = min(range(count), key=lambda candidate: (loads[candidate], candidate))
        lanes[position] = lane
        loads[lane] += weights[position]
    return lanes
