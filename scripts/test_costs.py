"""Record what each test function costs, for the check's split between its lanes (tests/sharding.py).

Run the suite once with a JUnit report under the check's settings, then turn the
report into ``tests/test_costs.json`` (seconds per test function, its
parametrized cases added up):

    CI=true .venv/bin/python -m pytest -q -p no:cacheprovider --junitxml=/tmp/junit.xml
    .venv/bin/python scripts/test_costs.py /tmp/junit.xml

or, as the check runs it, the two lanes' halves side by side on an idle
machine (``HARTENJAGEN_TEST_SHARD=0/2`` and ``1/2``, each with its own
``--junitxml``), then both reports: ``scripts/test_costs.py /tmp/j0.xml /tmp/j1.xml``.

Re-record when the split drifts (the check prints each lane's time); a test
with no recorded cost counts as the median, so new tests need no re-recording.
"""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from sharding import COSTS, function_of  # noqa: E402


def nodeid(classname: str, name: str) -> str:
    """The pytest node id of a JUnit test case: ``tests.test_x.TestY`` + ``test_z`` → ``tests/test_x.py::TestY::test_z``."""
    parts = classname.split(".")
    for split in range(len(parts), 0, -1):
        path = "/".join(parts[:split]) + ".py"
        if (ROOT / path).is_file():
            return "::".join([path, *parts[split:], name])
    raise SystemExit(f"test_costs: no test file for the JUnit class {classname!r}")


def costs_of(report: Path) -> dict[str, float]:
    """Seconds per test function in a JUnit report, rounded to milliseconds."""
    totals: dict[str, float] = defaultdict(float)
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        if not case.get("classname"):
            continue  # a module skipped as a whole (pytest.importorskip): no test function ran
        function = function_of(nodeid(case.get("classname", ""), case.get("name", "")))
        totals[function] += float(case.get("time", "0"))
    return {function: round(seconds, 3) for function, seconds in sorted(totals.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "reports", type=Path, nargs="+", help="JUnit XML reports of the whole suite (one, or one a shard)"
    )
    parser.add_argument("--out", type=Path, default=COSTS, help=f"where to write (default {COSTS})")
    arguments = parser.parse_args()
    costs: dict[str, float] = defaultdict(float)
    for report in arguments.reports:
        if not report.is_file():
            parser.error(f"no such report: {report}")
        for function, seconds in costs_of(report).items():
            costs[function] = round(costs[function] + seconds, 3)
    arguments.out.write_text(json.dumps(costs, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(costs)} test functions, {sum(costs.values()):.0f} s in all, written to {arguments.out}")


if __name__ == "__main__":
    main()
