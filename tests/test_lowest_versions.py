"""The lowest-versions lane in the check: each extra installed at its floors, and its tests run there.

``scripts/check_lowest.py EXTRA`` makes a virtual environment with the extra's
lowest allowed versions and runs that extra's tests in it. It downloads from
the package index, so it runs where ``CI=true`` (scripts/check.sh's lanes in
CI, one case an extra, split between the lanes by cost like every test) and is
skipped elsewhere: run ``python scripts/check_lowest.py`` by hand there.
Measured on the 2-core machine shared with other work (2026-12-05), pip's cache
warm: the six extras took 12 to 29 s each, 113 s in all, at load average 1 (the
cost tests/test_costs.json records; before each environment lost its own pip
and its bytecode compiled ahead), and now take 76 s of CPU in all (user and
system, one extra at a time under /usr/bin/time: testing 15, openspiel 21, rl
14, dask 10, web 6, docs 10); with no pip cache, 82 s of CPU (5 min 15 s of wall
time at load average 6 to 10). Split between the two lanes, that is some 40 s
more for each, and the downloads' waits where pip's cache is cold.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The extras a user installs (dev is the check's own set, installed at pinned versions).
EXTRAS = sorted(
    name
    for name in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    if name != "dev"
)


@pytest.mark.skipif(
    os.environ.get("CI") != "true",
    reason="installs from the package index: runs where CI=true (by hand: python scripts/check_lowest.py)",
)
@pytest.mark.parametrize("extra", EXTRAS)
def test_the_extra_works_at_its_lowest_allowed_versions(extra: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "check_lowest.py"), extra, "--dir", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"== {extra}: passed" in done.stdout
