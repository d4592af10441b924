"""scripts/play.sh, the README's first command: before the long first install it says what is
happening, that it happens once, and how not to wait (issue 28, item 3).

The script runs in a copy of the layout with a stand-in ``.venv`` (a ``python`` that logs what it is
asked and a ``hartenjagen`` that echoes its arguments), so nothing is installed or compiled here.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="play.sh is a bash script")

FAKE_PYTHON = """#!/usr/bin/env bash
# Installed once the stand-in pip has run; pip's run is logged to stderr, where play.sh speaks too.
here="$(dirname "$0")"
if [ "$1" = "-c" ]; then
  [ -e "$here/installed" ]
  exit
fi
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then
  echo "PIP: ${*:3}" >&2
  touch "$here/installed"
  exit 0
fi
exit 3
"""

FAKE_COMMAND = """#!/usr/bin/env bash
echo "hartenjagen $*"
"""


def _layout(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "play.sh", tmp_path / "scripts" / "play.sh")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name, text in (("python", FAKE_PYTHON), ("hartenjagen", FAKE_COMMAND)):
        path = bin_dir / name
        path.write_text(text, encoding="utf-8")
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return tmp_path


def _play(root: Path, *args: str, pure: bool = False) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "HARTENJAGEN_PURE_PYTHON"}
    if pure:
        env["HARTENJAGEN_PURE_PYTHON"] = "1"
    return subprocess.run(
        ["bash", str(root / "scripts" / "play.sh"), *args],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip


def test_the_first_run_says_what_it_does_before_the_long_install(tmp_path: Path):
    root = _layout(tmp_path)
    done = _play(root, "--seed", "7")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "hartenjagen play --seed 7\n"  # the game's output stays the game's
    lines = done.stderr.splitlines()
    pip = next(number for number, line in enumerate(lines) if line.startswith("PIP: install"))
    before = " ".join(lines[:pip])
    assert "installing hartenjagen" in before and "once" in before and "mypyc" in before
    assert re.search(r"\d+ minutes?", before)  # how long it takes
    assert "HARTENJAGEN_PURE_PYTHON=1 bash scripts/play.sh" in before  # how not to wait
    assert "the game begins" in " ".join(lines[pip:])
    # The second run starts at once, and says nothing.
    again = _play(root)
    assert again.returncode == 0 and again.stderr == ""
    assert again.stdout == "hartenjagen play\n"


def test_the_interpreted_install_says_it_does_not_compile(tmp_path: Path):
    done = _play(_layout(tmp_path), pure=True)
    assert done.returncode == 0, done.stderr
    before = done.stderr.split("PIP: install")[0]
    assert "HARTENJAGEN_PURE_PYTHON=1" in before and "mypyc" not in before


def test_the_readme_gives_the_first_runs_time_and_the_way_not_to_wait():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert "HARTENJAGEN_PURE_PYTHON=1 bash scripts/play.sh" in quick_start
    assert re.search(r"took \d+ s from a fresh clone to the first prompt", quick_start)


def test_the_one_install_brings_the_extras_a_newcomer_uses_next(tmp_path: Path):
    done = _play(_layout(tmp_path))
    assert done.returncode == 0, done.stderr
    installs = [line for line in done.stderr.splitlines() if line.startswith("PIP: install")]
    # One compile: the package with web (hartenjagen serve), docs (mkdocs serve) and testing (pytest).
    assert installs == ["PIP: install --quiet -e .[web,docs,testing]"]


OLD_VENV_PYTHON = """#!/usr/bin/env bash
# hartenjagen is installed (an older play.sh), its extras are not; pyproject.toml is read for real.
if [ "$1" = "-c" ]; then
  case "$2" in
    *tomllib*) exec python3 "$@" ;;
    *starlette*) [ -e "$(dirname "$0")/extras" ]; exit ;;
    *) exit 0 ;;
  esac
fi
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then
  echo "PIP: ${*:3}" >&2
  touch "$(dirname "$0")/extras"
  exit 0
fi
exit 3
"""


def test_an_older_venv_gets_the_extras_requirements_without_a_recompile(tmp_path: Path):
    root = _layout(tmp_path)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    python = root / ".venv" / "bin" / "python"
    python.write_text(OLD_VENV_PYTHON, encoding="utf-8")
    done = _play(root)
    assert done.returncode == 0, done.stderr
    assert "adding the web, docs and testing extras" in done.stderr
    installs = [line for line in done.stderr.splitlines() if line.startswith("PIP: install")]
    assert installs == ["PIP: install --quiet -r .venv/extras.txt"]  # not the package: nothing compiles
    wanted = (root / ".venv" / "extras.txt").read_text(encoding="utf-8").split()
    assert {"pytest>=8", "mkdocs>=1.6", "h11>=0.16"} <= set(wanted)
    assert _play(root).stderr == ""  # then nothing more
