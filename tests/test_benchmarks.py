"""The benchmark scripts run (briefly); their figures are measured by hand, never asserted here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

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
    assert set(figures) >= {"P1", "P2", "P3", "P4", "P5", "V1", "import"}
    chart = tmp_path / "chart.svg"
    subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "chart.py"), str(out), str(chart)], check=True, timeout=60
    )
    assert chart.read_text(encoding="utf-8").startswith("<svg")


def test_own_rule_runs_and_writes_its_figure(tmp_path: Path) -> None:
    out = tmp_path / "own.json"
    _run(
        str(ROOT / "benchmarks" / "own_rule.py"), "--seconds", "0.05", "--rounds", "1",
        "--slots", "play,scoring", "--workloads", "step,playouts", "--json", str(out),
    )  # fmt: skip
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert set(figures) == {
        "compiled", "play/step", "play/playouts", "scoring/step", "scoring/playouts",
        "is_legal/first lead", "is_legal/mid-trick",
    }  # fmt: skip
    assert all(ratio > 0 for key, ratios in figures.items() if key != "compiled" for ratio in ratios)


def _run(*args: str) -> None:
    subprocess.run([sys.executable, *args], check=True, capture_output=True, timeout=300, cwd=ROOT)


def _presets(out: Path, preset: str, games: int, *more: str) -> dict[str, dict[str, Any]]:
    """Sampling (two deals a decision) against heuristics in one preset; the file's rows after the run."""
    _run(
        str(ROOT / "benchmarks" / "bot_tournament.py"),
        "--matches",
        "presets",
        "--presets",
        preset,
        "--preset-games",
        str(games),
        "--samples",
        "2",
        "--out",
        str(out),
        *more,
    )
    rows: dict[str, dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))["matches"]
    return rows


def test_the_bot_tournaments_run_and_write_their_results(tmp_path: Path) -> None:
    pytest = __import__("pytest")
    pytest.importorskip("pyspiel")
    bench = ROOT / "benchmarks"
    # The uct_c sweep: four settings round one table, each at every seat of the deal once.
    sweep = tmp_path / "sweep.json"
    _run(
        str(bench / "openspiel_tournament.py"),
        "--sweep",
        "1,2,5,10",
        "--hands",
        "4",
        "--sims",
        "20",
        "--out",
        str(sweep),
    )
    swept = json.loads(sweep.read_text(encoding="utf-8"))
    settings = swept["sweep"]["settings"]
    assert [row["options"]["uct_c"] for row in settings.values()] == [1.0, 2.0, 5.0, 10.0]
    assert {row["hands"] for row in settings.values()} == {4} and {
        row["deals"] for row in settings.values()
    } == {1}
    best = min(settings.values(), key=lambda row: row["margin"])
    assert swept["sweep"]["strongest"] == best["options"]
    assert len(swept["commit"]) >= 40 and swept["field"]["sims"] == 20
    tables = [
        json.loads(line) for line in sweep.with_suffix(".jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert sorted(r["specs"][0] for r in tables) == sorted(settings)  # every setting at seat 0 once
    # With no --uct-c the field is the sweep's strongest; without a sweep that is an error.
    missing = subprocess.run(
        [sys.executable, str(bench / "openspiel_tournament.py"), "--sweep-file", str(tmp_path / "none.json")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert missing.returncode != 0 and "run --sweep first, or give --uct-c" in missing.stderr
    openspiel = tmp_path / "openspiel.json"
    _run(
        str(bench / "openspiel_tournament.py"),
        "--pairings",
        "heuristic-vs-ismcts,sampling:samples=2-vs-ismcts",
        "--hands",
        "4",
        "--sims",
        "20",
        "--sweep-file",
        str(sweep),
        "--out",
        str(openspiel),
    )
    data = json.loads(openspiel.read_text(encoding="utf-8"))
    assert data["field"]["uct_c"] == best["options"]["uct_c"]
    assert {row["hands"] for row in data["pairings"].values()} == {4}
    assert {row["deals"] for row in data["pairings"].values()} == {1}
    assert all(
        row["cpu_ms_per_play"] > 0 and row["field_cpu_ms_per_play"] > 0 for row in data["pairings"].values()
    )
    assert len(openspiel.with_suffix(".jsonl").read_text(encoding="utf-8").splitlines()) == 8
    # The card-sense checks replay every hand of the run (the replay asserts the points agree).
    checks = subprocess.run(
        [sys.executable, str(bench / "card_sense.py"), str(openspiel.with_suffix(".jsonl"))],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert "heuristic-vs-ismcts: 4 hands" in checks.stdout
    # Resumed: the hands already played are kept, the rest played.
    _run(
        str(bench / "openspiel_tournament.py"),
        "--pairings",
        "heuristic-vs-ismcts",
        "--hands",
        "8",
        "--sims",
        "20",
        "--uct-c",
        "2",
        "--out",
        str(openspiel),
        "--resume",
    )
    data = json.loads(openspiel.read_text(encoding="utf-8"))
    assert data["pairings"]["heuristic-vs-ismcts"]["hands"] == 8
    games = tmp_path / "heuristic_vs_v1.json"
    _run(str(bench / "bot_tournament.py"), "--matches", "v1", "--games", "4", "--out", str(games))
    presets = tmp_path / "sampling_presets.json"
    first = _presets(presets, "black_maria", 3)["sampling_vs_heuristic/black_maria"]
    # Resumed: the round already played is kept (its sums rebuilt from the JSON), the next one played.
    resumed = _presets(presets, "black_maria", 8, "--resume")["sampling_vs_heuristic/black_maria"]
    assert (first["rounds"], resumed["rounds"]) == (1, 2)
    assert resumed["games"] == 2 * first["games"]
    assert resumed["seconds"] > first["seconds"]
    # Resuming another preset into the same file keeps the rows already there.
    kept = _presets(presets, "achterhoek", 4, "--resume")
    assert kept["sampling_vs_heuristic/black_maria"] == resumed
    assert kept["sampling_vs_heuristic/achterhoek"]["rounds"] == 1
    matches = (
        json.loads(games.read_text(encoding="utf-8"))["matches"]
        | json.loads(presets.read_text(encoding="utf-8"))["matches"]
    )
    assert set(matches) == {
        "heuristic_vs_v1",
        "sampling_vs_heuristic/black_maria",
        "sampling_vs_heuristic/achterhoek",
    }
    chart = tmp_path / "bots.svg"
    _run(str(bench / "bots_chart.py"), str(tmp_path), str(chart))
    assert chart.read_text(encoding="utf-8").count("<circle") == 2


def test_the_web_load_test_runs_at_a_small_size() -> None:
    """benchmarks/web_load.py for 3 s on 4 tables: its report has every figure (docs/performance.md has the real run's)."""
    import pytest

    pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install 'hartenjagen[web]')")
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "web_load.py"), "--tables", "4", "--clients", "8", "--seconds", "3"],
        check=True, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    report = json.loads(done.stdout)
    assert report["errors"] == [] and report["human_moves"] > 0 and report["spectator_messages"] > 0
    assert (
        report["move_latency_p99_ms"] >= report["move_latency_median_ms"] > 0
        and report["server_peak_rss_mib"] > 0
    )
    per_move = report["cpu_ms_per_move"]  # in memory: no PostgreSQL to count
    assert per_move["server"] > 0 and per_move["postgres"] == 0 and per_move["all"] >= per_move["server"]


def test_the_record_add_benchmark_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "record_add.py"), "--rounds", "1"],
        check=True, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert set(json.loads(done.stdout)) == {"adds_2000_ms", "adds_8000_ms", "ratio"}


def test_the_preset_ismcts_benchmark_plays_every_seating_and_replays_the_same_hands(tmp_path: Path) -> None:
    pytest = __import__("pytest")
    pytest.importorskip(
        "pyspiel", reason="the openspiel extra is not installed (pip install 'hartenjagen[openspiel]')"
    )
    script = str(ROOT / "benchmarks" / "preset_ismcts.py")
    out = tmp_path / "presets_ismcts.json"
    args = ["--presets", "dutch,black_maria", "--sims", "10", "--bot", "sampling:samples=2"]
    args += ["--out", str(out)]
    _run(script, *args, "--deals", "1")
    first = json.loads(out.read_text(encoding="utf-8"))
    assert first["bot"] == "sampling:samples=2" and first["sims"] == 10
    assert [(r["preset"], r["seat"]) for r in first["hands"]] == [("dutch", s) for s in range(4)] + [
        ("black_maria", s) for s in range(3)
    ]
    for preset, players in (("dutch", 4), ("black_maria", 3)):
        rows = [r for r in first["hands"] if r["preset"] == preset]
        row = first["presets"][preset]
        assert (row["hands"], row["deals"]) == (players, 1)
        # The margin is the bot's points minus the mean of the others', over its seatings.
        margins = [
            r["points"][r["seat"]] - (sum(r["points"]) - r["points"][r["seat"]]) / (players - 1) for r in rows
        ]
        assert row["margin"] == pytest.approx(sum(margins) / players)
        assert row["bot_cpu_ms_per_play"] > 0 and row["field_cpu_ms_per_play"] > 0
        assert all(r["returns"] == [-p for p in r["points"]] for r in rows)
    # Resumed to two deals: the first deal's hands are kept, and a fresh process deals and plays them alike.
    _run(script, *args, "--deals", "2", "--resume")
    resumed = json.loads(out.read_text(encoding="utf-8"))
    assert resumed["hands"][:7] == first["hands"] and resumed["presets"]["dutch"]["deals"] == 2
    again = tmp_path / "again.json"
    _run(script, *[a if a != str(out) else str(again) for a in args], "--deals", "1")
    replayed = json.loads(again.read_text(encoding="utf-8"))["hands"]
    assert [r["points"] for r in replayed] == [r["points"] for r in first["hands"]]
    # Another field (or bot, or seed) is never pooled into the same file.
    refused = subprocess.run(
        [sys.executable, script, *args[:3], "4", *args[4:], "--deals", "3", "--resume"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode != 0 and "holds a run with" in refused.stderr
    # A bot that cannot be made is refused before any hand is played, in a sentence, not a traceback.
    bad = subprocess.run(
        [sys.executable, script, "--presets", "dutch", "--bot", "sampling:sample=2", "--out", str(tmp_path / "x.json")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert bad.returncode == 2 and "has no option 'sample'" in bad.stderr and "Traceback" not in bad.stderr
    assert not (tmp_path / "x.json").exists()


def test_the_strength_tables_show_every_run_the_results_folder_holds(tmp_path: Path) -> None:
    """bots_chart --markdown: each openspiel_strongest*.json run, the presets against heuristics (by deals a
    decision) and against Python IS-MCTS, each a row of its own with the figures of its file."""
    pairing = {
        "bot": "sampling:samples=192", "hands": 8, "deals": 2, "mean_points": 5.0, "field_mean_points": 7.5,
        "margin": -2.5, "margin_half_width_95": 1.25, "cpu_ms_per_play": 7.5, "field_cpu_ms_per_play": 66.0,
    }  # fmt: skip
    strongest = {"commit": "abcdef0123", "field": {"uct_c": 2.0}, "pairings": {"x-vs-ismcts": pairing}}
    (tmp_path / "openspiel_strongest_samples192.json").write_text(json.dumps(strongest), encoding="utf-8")
    game = {
        "title": "sampling vs heuristic × 3 (dutch)", "games": 8, "wins": 5.0, "win_rate": 0.625,
        "win_low": 0.306, "win_high": 0.863, "equal_share": 0.25, "mean_total": 8.4, "mean_half_width": 11.2,
        "others_mean_total": 22.2,
    }  # fmt: skip
    for name, samples in (("sampling_presets_2026-12-03.json", None), ("sampling192_presets_four.json", 192)):
        run = {"args": {"samples": samples}, "matches": {"sampling_vs_heuristic/dutch": game}}
        (tmp_path / name).write_text(json.dumps(run), encoding="utf-8")
    preset = {
        "uct_c": 1.1538, "hands": 80, "deals": 20, "bot_mean": 4.15, "field_mean": 3.99, "margin": 0.158,
        "margin_half_width": 0.863, "bot_cpu_ms_per_play": 4.77, "field_cpu_ms_per_play": 73.9,
    }  # fmt: skip
    ismcts = {"sims": 200, "presets": {"dutch": preset}}
    (tmp_path / "sampling_presets_ismcts.json").write_text(json.dumps(ismcts), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bots_chart.py"), str(tmp_path), "--markdown"],
        check=True, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert (
        "| `sampling:samples=192` (abcdef0) | 3 × `ismcts` (c = 2) | 8 (2) | 5.00 | 7.50 | **-2.50 ± 1.25** "
        "| 7.50 | 66 | development |" in lines
    )
    # The run without --samples is the default's 64 deals; the two runs of a preset sit side by side.
    rows = [line for line in lines if line.startswith("| dutch |")]
    assert [row.split(" | ")[1] for row in rows[:2]] == ["64", "192"]
    assert rows[1] == "| dutch | 192 | 8 | **62.5%** (30.6–86.3%) | 25% | 8.4 ± 11.2 | 22.2 | development |"
    assert rows[2] == "| dutch | 1.15 | 80 (20) | 4.15 | 3.99 | **+0.16 ± 0.86** | 4.8 | 74 | development |"
    assert "| preset | IS-MCTS `uct_c` (200 simulations) |" in done.stdout


def test_the_partner_discards_benchmark_counts_both_runs_on_named_deals(tmp_path: Path) -> None:
    out = tmp_path / "partner.json"
    script = str(ROOT / "benchmarks" / "partner_discards.py")
    subprocess.run(
        [sys.executable, script, "--hands", "6", "--out", str(out)],
        check=True, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["deal_set"]["name"] == "development" and result["deal_set"]["seeds"] == [0, 5]
    for run in ("blind", "team"):
        row = result[run]
        assert row["hands"] == 6
        total = row["onto_partner"]["total"] + row["onto_opponents"]["total"]
        assert total > 0 and row["partner_share"] == row["onto_partner"]["total"] / total
    refused = subprocess.run(
        [sys.executable, script, "--hands", "2", "--seed", "1000000"],
        check=False, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert refused.returncode != 0 and "held-out" in refused.stderr
