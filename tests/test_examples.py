"""The examples in examples/ run and print what they promise."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_random_game_prints_a_score_sheet_to_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["random_game.py", "--seed", "3"])
    runpy.run_path(str(EXAMPLES / "random_game.py"), run_name="__main__")
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("hand  dealer  pass")
    assert lines[-1].startswith("Game over after ")
    totals = [int(x) for x in lines[-2].split()]
    assert max(totals) >= 100  # the game ended because someone reached 100


def test_random_game_is_reproducible_for_a_seed() -> None:
    module = runpy.run_path(str(EXAMPLES / "random_game.py"))
    first = module["play"](11)
    second = module["play"](11)
    assert first == second
    assert first.score_sheet == second.score_sheet


def test_the_maskable_ppo_example_trains_and_compares(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip(
        "sb3_contrib", reason="the example needs sb3-contrib and torch (not in the dev extra)"
    )
    monkeypatch.setattr(sys, "argv", ["train_maskable_ppo.py", "--steps", "64", "--deals", "3"])
    with pytest.raises(SystemExit) as ended:
        runpy.run_path(str(EXAMPLES / "train_maskable_ppo.py"), run_name="__main__")
    assert ended.value.code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("MaskablePPO after 64 steps: ") and " points a hand" in lines[0]
    assert lines[1].startswith("random masked policy:")
