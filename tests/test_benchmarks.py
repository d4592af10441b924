"""The benchmark scripts run (briefly); their figures are measured by hand, never asserted here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_runs_and_writes_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "bench.py"),
            "--seconds",
            "0.2",
            "--quick",
            "--cores",
            "this",
            "--json",
            str(out),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert set(figures) >= {"P1", "P2", "P3", "P4", "import"}
    chart = tmp_path / "chart.svg"
    subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "chart.py"), str(out), str(chart)], check=True, timeout=60
    )
    assert chart.read_text(encoding="utf-8").startswith("<svg")
