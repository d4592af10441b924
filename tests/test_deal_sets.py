"""The strength harnesses' deal sets: development deals to tune on, held-out deals to report, never mixed.

``benchmarks/deal_sets.py`` splits the deal seeds once; the harnesses
(``openspiel_tournament.py``, ``bot_tournament.py``, ``preset_ismcts.py``) take
``--deal-set``, refuse a seed of the other set's range, a held-out seed without
the set named, a tuning run (an IS-MCTS sweep) on held-out deals and a resumed
file of the other set, and record the set in every result file;
``bots_chart.py`` shows each row's set (a file without one is a development run).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"


def _deal_sets() -> ModuleType:
    spec = importlib.util.spec_from_file_location("deal_sets", BENCH / "deal_sets.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_the_sets_are_disjoint_and_every_run_reads_as_the_set_it_was_made_on() -> None:
    ds = _deal_sets()
    assert ds.DEVELOPMENT.end <= ds.HELD_OUT.first
    assert 0 in ds.DEVELOPMENT and 1 in ds.DEVELOPMENT and 0 not in ds.HELD_OUT
    # The held-out runs are the files named heldout_*; every other result file (seed 0 or 1, most with no
    # record of their set) reads as development.
    held_out = 0
    for path in sorted((BENCH / "results").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            expected = "held-out" if path.name.startswith("heldout_") else "development"
            assert ds.set_of(data) == expected, path.name
            held_out += expected == "held-out"
    assert held_out >= 2  # the two fields' runs (issue 41)
    assert ds.set_of(ds.record(ds.HELD_OUT, 1_000_000)) == "held-out"


def test_resolve_refuses_whatever_would_mix_the_sets() -> None:
    ds = _deal_sets()
    assert ds.resolve(None, None) == (ds.DEVELOPMENT, 0)
    assert ds.resolve("held-out", None) == (ds.HELD_OUT, 1_000_000)
    assert ds.resolve("development", 7, span=1000, tuning=True) == (ds.DEVELOPMENT, 7)
    refusals = [
        ((None, 1_000_000), {}, "name --deal-set held-out"),  # a held-out seed, the set not named
        (("held-out", 0), {}, "development set's range"),  # a development seed called held-out
        (("development", 1_500_000), {}, "held-out set's range"),
        (("held-out", 1_000_000), {"tuning": True}, "tuning run"),  # tuning never sees held-out deals
        (("development", 999_990), {"span": 20}, "run past"),  # the last rounds would deal held-out seeds
        ((None, -1), {}, "no named set"),
        (("test", 0), {}, "no deal set"),
    ]
    for args, kw, words in refusals:
        with pytest.raises(ds.DealSetError, match=words):
            ds.resolve(*args, **kw)
    with pytest.raises(ds.DealSetError, match="pooled"):
        ds.check_resume({"args": {"seed": 0}}, ds.HELD_OUT)  # an older file: development
    ds.check_resume(ds.record(ds.HELD_OUT, 1_000_000), ds.HELD_OUT)


def test_the_bot_tournament_records_its_set_and_refuses_the_other_ones_seeds(tmp_path: Path) -> None:
    script = str(BENCH / "bot_tournament.py")
    out = tmp_path / "games.json"
    done = _run(script, "--matches", "random", "--games", "4", "--deal-set", "held-out", "--out", str(out))
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["deal_set"]["name"] == "held-out" and data["deal_set"]["seeds"] == [
        1_000_000,
        1_000_009,
    ]  # 4 games, 10 preset rounds
    assert data["args"]["seed"] == 1_000_000
    refused = _run(script, "--matches", "random", "--games", "4", "--seed", "3", "--deal-set", "held-out")
    assert refused.returncode == 2 and "development set's range" in refused.stderr
    unnamed = _run(script, "--matches", "random", "--games", "4", "--seed", "1000000")
    assert unnamed.returncode == 2 and "name --deal-set held-out" in unnamed.stderr
    resumed = _run(script, "--matches", "presets", "--presets", "dutch", "--resume", "--out", str(out))
    assert resumed.returncode != 0 and "pooled" in resumed.stderr


def test_the_openspiel_tournament_records_its_set_and_never_sweeps_held_out_deals(tmp_path: Path) -> None:
    pytest.importorskip(
        "pyspiel", reason="the openspiel extra is not installed (pip install 'hartenjagen[openspiel]')"
    )
    script = str(BENCH / "openspiel_tournament.py")
    out = tmp_path / "os.json"
    args = [
        "--pairings",
        "heuristic-vs-ismcts",
        "--hands",
        "4",
        "--sims",
        "10",
        "--uct-c",
        "2",
        "--out",
        str(out),
    ]
    done = _run(script, *args, "--deal-set", "held-out")
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["deal_set"]["name"] == "held-out" and data["args"]["seed"] == 1_000_000
    assert data["pairings"]["heuristic-vs-ismcts"]["hands"] == 4
    pooled = _run(script, *args, "--deal-set", "development", "--resume")
    assert pooled.returncode != 0 and "pooled" in pooled.stderr
    sweep = _run(
        script,
        "--sweep",
        "1,2,5,10",
        "--hands",
        "4",
        "--deal-set",
        "held-out",
        "--out",
        str(tmp_path / "s.json"),
    )
    assert sweep.returncode == 2 and "tuning run" in sweep.stderr and not (tmp_path / "s.json").exists()
    other = _run(script, *args, "--seed", "1", "--deal-set", "held-out")
    assert other.returncode == 2 and "development set's range" in other.stderr


def test_preset_ismcts_records_its_set(tmp_path: Path) -> None:
    pytest.importorskip(
        "pyspiel", reason="the openspiel extra is not installed (pip install 'hartenjagen[openspiel]')"
    )
    script = str(BENCH / "preset_ismcts.py")
    out = tmp_path / "presets.json"
    args = ["--presets", "dutch", "--sims", "4", "--bot", "heuristic", "--deals", "1", "--out", str(out)]
    done = _run(script, *args)
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["deal_set"]["name"] == "development"
    refused = _run(script, *args, "--deal-set", "held-out", "--resume")
    assert refused.returncode != 0 and "pooled" in refused.stderr
    other = _run(script, *args, "--deal-set", "development", "--seed", "1500000")
    assert other.returncode == 2 and "held-out set's range" in other.stderr


def test_the_strength_tables_show_each_rows_set(tmp_path: Path) -> None:
    ds = _deal_sets()
    pairing = {
        "bot": "heuristic", "hands": 8, "deals": 2, "mean_points": 5.0, "field_mean_points": 7.5,
        "margin": -2.5, "margin_half_width_95": 1.25, "cpu_ms_per_play": 0.1, "field_cpu_ms_per_play": 66.0,
    }  # fmt: skip
    old = {"commit": "abcdef0123", "field": {"uct_c": 2.0}, "pairings": {"heuristic-vs-ismcts": pairing}}
    new = old | {"commit": "1234567890"} | ds.record(ds.HELD_OUT, 1_000_000)
    (tmp_path / "openspiel_strongest.json").write_text(json.dumps(old), encoding="utf-8")
    (tmp_path / "openspiel_strongest_held_out.json").write_text(json.dumps(new), encoding="utf-8")
    done = _run(str(BENCH / "bots_chart.py"), str(tmp_path), "--markdown")
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| `heuristic`")]
    assert [row.rsplit(" | ", 1)[1] for row in rows] == ["development |", "held-out |"]
    chart = tmp_path / "bots.svg"
    assert _run(str(BENCH / "bots_chart.py"), str(tmp_path), str(chart)).returncode == 0
    assert "[held-out]" in chart.read_text(encoding="utf-8")


def test_two_runs_pair_only_on_the_same_deals(tmp_path: Path) -> None:
    ds = _deal_sets()
    held = {"args": {"seed": 1_000_000}} | ds.record(ds.HELD_OUT, 1_000_000)
    for name, margin in (("new", -2.0), ("old", -1.0), ("dev", 0.0)):
        run = held if name != "dev" else {"args": {"seed": 0}}
        (tmp_path / f"{name}.json").write_text(json.dumps(run), encoding="utf-8")
        lines = [
            {
                "pairing": "sampling-vs-ismcts",
                "deal": d,
                "seat": s,
                "margin": margin + (d if name == "new" else 0),
            }
            for d in range(3)
            for s in range(4)
        ]
        (tmp_path / f"{name}.jsonl").write_text(
            "".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8"
        )
    script = str(BENCH / "paired_runs.py")
    done = _run(script, str(tmp_path / "new.json"), str(tmp_path / "old.json"))
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)["pairings"]["sampling-vs-ismcts"]
    # Deal by deal: -1, 0, +1 points a hand; the interval is over the three deals.
    assert (row["hands"], row["deals"], row["difference"]) == (12, 3, 0.0)
    assert row["half_width_95"] == pytest.approx(1.96 / 3**0.5)
    refused = _run(script, str(tmp_path / "new.json"), str(tmp_path / "dev.json"))
    assert refused.returncode != 0 and "not on the same deals" in refused.stderr
