"""scripts/check.sh, the gate: it prints each stage as it starts and each lane's lines as they come,
and fails when any stage of either lane fails (issue 28, items 1 and 2).

The script runs in a copy of the layout whose ``.venv/bin/python`` is a stand-in: pip does nothing,
pytest prints a line, waits (``STUB_PAUSE`` seconds) and prints another, mypy, ruff, mkdocs and the docs check print a word,
and the tool named in ``STUB_FAIL`` fails. Nothing is installed, tested or built here.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="check.sh is a bash script")

#: How long the stand-in pytest takes: a lane runs it twice, so a lane lasts at least twice this.
PAUSE = 1.0

FAKE_PYTHON = """#!/usr/bin/env bash
tool="$2"
[ "$1" = "-m" ] || tool="$(basename "$1" .py)"
if [ "$tool" = pip ]; then exit 0; fi
if [ "$tool" = pytest ]; then
  echo "pytest starts ($HARTENJAGEN_TEST_SHARD)"
  sleep "${STUB_PAUSE:-0}"
  echo "pytest ends"
fi
[ "$tool" = "${STUB_FAIL:-}" ] && { echo "$tool failed"; exit 1; }
echo "$tool ok"
"""


def _layout(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "check.sh", tmp_path / "scripts" / "check.sh")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    python = bin_dir / "python"
    python.write_text(FAKE_PYTHON, encoding="utf-8")
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    return tmp_path


def _check(root: Path, fail: str = "", pause: float = 0) -> tuple[int, list[tuple[float, str]]]:
    """The check's exit code and its lines, each with the seconds since the start when it came."""
    env = {key: value for key, value in os.environ.items() if key not in ("CI", "STUB_FAIL")}
    env["STUB_FAIL"] = fail
    env["STUB_PAUSE"] = str(pause)
    start = time.monotonic()
    process = subprocess.Popen(
        ["bash", str(root / "scripts" / "check.sh")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )  # fmt: skip
    assert process.stdout is not None
    lines = [(time.monotonic() - start, line.rstrip("\n")) for line in process.stdout]
    return process.wait(timeout=60), lines


def _when(lines: list[tuple[float, str]], text: str) -> float:
    (found,) = [at for at, line in lines if line == text]
    return found


def test_the_check_prints_each_stage_as_it_starts(tmp_path: Path):
    code, lines = _check(_layout(tmp_path), pause=PAUSE)
    assert code == 0, lines
    shown = [line for _, line in lines]
    assert shown[-1] == "check passed"
    for lane in ("0", "1"):
        first = _when(lines, f"[lane {lane}] == lane {lane}: compiled core, tests {lane}/2")
        second = _when(lines, f"[lane {lane}] == lane {lane}: interpreted core, tests {lane}/2")
        done = _when(lines, f"[lane {lane}] == lane {lane}: passed")
        # Each stage's line comes when it starts, not with the lane's other lines at its end.
        assert first + PAUSE * 0.8 <= second and second + PAUSE * 0.8 <= done, lines
    assert "[lane 0] == lane 0: mypy --strict src" in shown
    assert "[lane 1] == lane 1: ruff and the documentation" in shown
    assert "[lane 1] mkdocs ok" in shown


@pytest.mark.parametrize(
    ("tool", "lane"), [("mypy", "0"), ("mkdocs", "1"), ("check_docs", "1"), ("ruff", "1")]
)
def test_a_failing_stage_fails_the_check_and_names_its_lane(tmp_path: Path, tool: str, lane: str):
    code, lines = _check(_layout(tmp_path), fail=tool)
    shown = [line for _, line in lines]
    assert code == 1, shown
    assert f"[lane {lane}] {tool} failed" in shown
    assert f"lane {lane} FAILED (its lines above are marked [lane {lane}])" in shown
    assert f"[lane {lane}] == lane {lane}: passed" not in shown
    assert shown[-1] == "check FAILED"


def test_a_failing_test_run_fails_the_check(tmp_path: Path):
    code, lines = _check(_layout(tmp_path), fail="pytest")
    shown = [line for _, line in lines]
    assert code == 1 and shown[-1] == "check FAILED"
    assert "lane 0 FAILED (its lines above are marked [lane 0])" in shown
    assert "lane 1 FAILED (its lines above are marked [lane 1])" in shown
