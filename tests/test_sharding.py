"""The check's split of the suite between its lanes by recorded cost (tests/sharding.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from sharding import function_of, item_costs, load_costs, shard_of

ROOT = Path(__file__).resolve().parent.parent


def test_a_case_belongs_to_its_function():
    assert function_of("tests/test_x.py::test_y[QS-3]") == "tests/test_x.py::test_y"
    assert function_of("tests/test_x.py::TestZ::test_y") == "tests/test_x.py::TestZ::test_y"


def test_cases_share_their_function_cost_and_unknown_tests_cost_the_median():
    ids = ["a.py::f[1]", "a.py::f[2]", "a.py::g", "a.py::h", "a.py::new"]
    costs = {"a.py::f": 4.0, "a.py::g": 1.0, "a.py::h": 9.0}
    # per case: f 2.0 each, g 1.0, h 9.0; median of the known per-case costs (2, 1, 9) is 2
    assert item_costs(ids, costs) == [2.0, 2.0, 1.0, 9.0, 2.0]


def test_the_costliest_test_goes_alone_when_it_outweighs_the_rest():
    ids = ["a.py::big", "a.py::s1", "a.py::s2", "a.py::s3"]
    costs = {"a.py::big": 10.0, "a.py::s1": 1.0, "a.py::s2": 1.0, "a.py::s3": 1.0}
    assert shard_of(ids, costs, 2) == [0, 1, 1, 1]


def test_every_other_test_was_far_less_balanced_on_such_a_suite():
    ids = [f"a.py::t{index}" for index in range(8)]
    costs = {ids[index]: (8.0 if index % 2 == 0 else 1.0) for index in range(8)}
    lanes = shard_of(ids, costs, 2)
    loads = [sum(costs[i] for i, lane in zip(ids, lanes, strict=True) if lane == index) for index in (0, 1)]
    assert loads == [18.0, 18.0]  # every other test would give 32 against 4


@given(
    st.lists(st.floats(min_value=0.0, max_value=100.0), min_size=1, max_size=60),
    st.integers(min_value=1, max_value=5),
)
def test_each_test_runs_in_exactly_one_lane_and_the_lanes_are_within_one_test_of_each_other(weights, count):
    ids = [f"a.py::t{index}" for index in range(len(weights))]
    costs = dict(zip(ids, weights, strict=True))
    lanes = shard_of(ids, costs, count)
    assert len(lanes) == len(ids) and all(0 <= lane < count for lane in lanes)
    assert shard_of(ids, costs, count) == lanes  # both lanes compute the same split
    loads = [
        sum(w for w, lane in zip(weights, lanes, strict=True) if lane == index) for index in range(count)
    ]
    assert max(loads) - min(loads) <= max(weights) + 1e-9


def test_the_recorded_costs_name_tests_that_exist():
    costs = load_costs()
    assert costs, "tests/test_costs.json is missing: run scripts/test_costs.py"
    files = {function.split("::", 1)[0] for function in costs}
    missing = sorted(path for path in files if not (ROOT / path).is_file())
    assert not missing, f"tests/test_costs.json names files that are gone: {missing}; re-record it"


def test_the_recorder_turns_a_junit_report_into_costs(tmp_path: Path):
    report = tmp_path / "junit.xml"
    report.write_text(
        '<testsuites><testsuite name="pytest">'
        '<testcase classname="tests.test_sharding" name="test_a_case_belongs_to_its_function" time="0.5"/>'
        '<testcase classname="tests.test_cards" name="test_x[1]" time="0.25"/>'
        '<testcase classname="tests.test_cards" name="test_x[2]" time="0.25"/>'
        "</testsuite></testsuites>",
        encoding="utf-8",
    )
    out = tmp_path / "costs.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "test_costs.py"), str(report), "--out", str(out)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text(encoding="utf-8")) == {
        "tests/test_cards.py::test_x": 0.5,
        "tests/test_sharding.py::test_a_case_belongs_to_its_function": 0.5,
    }
    missing = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "test_costs.py"), str(tmp_path / "none.xml")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert missing.returncode == 2 and "no such report" in missing.stderr
