"""Golden playthroughs: a seeded game of every preset, step by step, must match ``tests/golden/``.

Each golden (written by ``scripts/gen_goldens.py``) records, at every step of
one seeded game, the state, the legal moves, every seat's view, the move drawn
and what happened. The test regenerates the text in memory and compares: any
change in the engine's behaviour (a deal, a legal set, a trick winner, a score,
a view) shows as a diff. If the change is intended, regenerate with
``python scripts/gen_goldens.py`` and review the diff of ``tests/golden/``.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load_generator() -> ModuleType:
    path = ROOT / "scripts" / "gen_goldens.py"
    spec = importlib.util.spec_from_file_location("gen_goldens", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("gen_goldens", module)
    spec.loader.exec_module(module)
    return module


gen = _load_generator()
PRESETS = gen.presets()


def test_every_preset_the_family_and_the_hoemke_variants_have_a_golden() -> None:
    names = {preset.name for preset in PRESETS}
    assert {preset.name for preset in gen.variants.ALL} <= names
    assert {preset.name for preset in gen.variants.FAMILY} <= names
    assert {"hoemke_P3L3H4S4", "hoemke_P4L4H3S2"} <= names
    stored = {path.stem for path in gen.GOLDEN_DIR.glob("*.txt")}
    assert stored == names, f"stray or missing goldens; regenerate with `{gen.REGENERATE}`"


@pytest.mark.parametrize("preset", PRESETS, ids=[preset.name for preset in PRESETS])
def test_golden(preset: Any) -> None:
    path = gen.golden_path(preset.name)
    assert path.exists(), f"{path} is missing; generate it with `{gen.REGENERATE}`"
    stored = path.read_text(encoding="utf-8")
    now = gen.render(preset)
    if now != stored:
        pytest.fail(
            f"the {preset.name} playthrough changed "
            f"(if intended, regenerate with `{gen.REGENERATE}` and review the diff):\n"
            + gen.diff(stored, now, preset.name),
            pytrace=False,
        )


@pytest.mark.parametrize("hash_seed", ["0", "12345"])
def test_goldens_do_not_depend_on_the_process(hash_seed: str) -> None:
    """``--check`` in a fresh interpreter with another string-hash seed: no set or dict order leaks in."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "gen_goldens.py"), "--check"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_check_mode_reports_a_difference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    few = PRESETS[:2]
    for preset in few:
        (tmp_path / f"{preset.name}.txt").write_text(gen.render(preset), encoding="utf-8")
    monkeypatch.setattr(gen, "GOLDEN_DIR", tmp_path)
    monkeypatch.setattr(gen, "presets", lambda: few)
    assert gen.main(["--check"]) == 0
    victim = tmp_path / f"{PRESETS[0].name}.txt"
    victim.write_text(victim.read_text(encoding="utf-8").replace("play", "PLAY", 1), encoding="utf-8")
    assert gen.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert "+++" in out and gen.REGENERATE in out
