"""``benchmarks/divergence_runs.py`` and ``benchmarks/moon_screen.py`` run; the summary's arithmetic is checked."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUN = ROOT / "benchmarks" / "results" / "openspiel_strongest.jsonl"


def _module(name: str) -> ModuleType:
    pytest.importorskip(
        "pyspiel", reason="the openspiel extra is not installed (pip install 'hartenjagen[openspiel]')"
    )
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _rows(path: Path, rows: list[tuple[int, int, float]]) -> None:
    path.write_text(
        "".join(
            json.dumps({"deal": d, "seat": s, "rep": 0, "margin": m, "moon": None}) + "\n" for d, s, m in rows
        )
    )


def test_the_summary_counts_the_hands_that_do_not_part_as_zero(tmp_path: Path) -> None:
    divergence = _module("divergence_runs")
    found = tmp_path / "found.json"
    points = [
        {"record": {"deal": 0, "seat": 1}, "at": ["play", 5]},
        {"record": {"deal": 1, "seat": 2}, "at": ["pass", 0]},
    ]
    found.write_text(json.dumps({"seed": 0, "hands": 12, "points": points}))  # three deals of four seatings
    _rows(tmp_path / "found_new.jsonl", [(0, 1, 4.0), (1, 2, -8.0)])
    _rows(tmp_path / "found_old.jsonl", [(0, 1, 0.0), (1, 2, 0.0)])
    result = divergence.summary(found)
    # Per deal (a deal's four seatings one unit): +1, -2 and 0 (no parting hand): mean -1/3.
    assert result["difference"] == pytest.approx(-1 / 3)
    assert result["difference_over_parting_hands"] == pytest.approx(-2.0)
    assert result["parting_hands"] == 2 and result["played_out"] == 2


def test_an_unchanged_bot_parts_from_its_record_nowhere_and_a_play_out_is_written(tmp_path: Path) -> None:
    divergence = _module("divergence_runs")
    records = [line for line in RUN.read_text().splitlines() if '"heuristic-vs-ismcts"' in line][:2]
    run = tmp_path / "run.jsonl"
    run.write_text("\n".join(records) + "\n")
    assert divergence.find(run, tmp_path / "found.json", "heuristic-vs-ismcts", 0) == 0
    found = tmp_path / "forced.json"  # as if the first hand parted at its 20th card
    found.write_text(
        json.dumps(
            {"seed": 0, "hands": 4, "points": [{"record": json.loads(records[0]), "at": ["play", 20]}]}
        )
    )
    divergence.play(found, "new", 1, sims=20, uct_c=2.0)
    row = json.loads((tmp_path / "forced_new.jsonl").read_text())
    assert (row["deal"], row["seat"], row["rep"]) == (0, 0, 0) and isinstance(row["margin"], float)


def test_the_moon_screen_runs() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "moon_screen.py"), "--hands", "4"],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.stdout.startswith("4 hands: the random seat shot ")
