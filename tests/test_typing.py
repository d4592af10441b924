"""The public verbs are typed precisely: ``mypy --strict`` refuses the wrong calls in
tests/typing_cases/wrong_calls.py (each on the line marked with its error code) and accepts the
calls in tests/typing_cases/right_calls.py with the types ``assert_type`` names. Without mypy the
type checks skip; the right calls still run."""

from __future__ import annotations

import importlib.util
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import hartenjagen as hj

CASES = Path(__file__).parent / "typing_cases"
SRC = Path(__file__).resolve().parent.parent / "src"
MARK = re.compile(r"#\s*error:\s*\[([a-z-]+)\]")
REPORTED = re.compile(r"^[^:]+:(\d+): error: .*\[([a-z-]+)\]$")


def mypy(path: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install mypy, or the dev extra)")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), "--no-error-summary",
         "--hide-error-context", "--no-pretty", "--show-error-codes", "--python-version", "3.11", str(path)],
        capture_output=True, text=True, timeout=600, check=False,
        # This checkout's sources, whether or not the package is installed (compiled or not).
        env={"MYPYPATH": str(SRC), "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"},
        cwd=CASES,
    )  # fmt: skip


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mypy_cache")


def test_mypy_refuses_each_wrong_call_on_its_line(cache: Path) -> None:
    path = CASES / "wrong_calls.py"
    expected = {
        (number, match.group(1))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if (match := MARK.search(line))
    }
    assert len(expected) == 15
    done = mypy(path, cache)
    reported = {
        (int(match.group(1)), match.group(2))
        for line in done.stdout.splitlines()
        if (match := REPORTED.match(line.strip()))
    }
    assert reported == expected, done.stdout + done.stderr
    # Each wrong call is refused for what it is: the move given for the state, a card's text for a move.
    assert (
        'Argument 1 to "apply" has incompatible type "Play | Pass | Announce | MoonChoice"; expected "State"'
        in done.stdout
    )
    assert 'Argument 2 to "apply" has incompatible type "str"' in done.stdout


def test_mypy_accepts_the_right_calls_with_their_types(cache: Path) -> None:
    done = mypy(CASES / "right_calls.py", cache)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ""


def test_the_right_calls_run() -> None:
    runpy.run_path(str(CASES / "right_calls.py"), run_name="right_calls")


def test_the_verbs_are_the_kernels_functions_and_still_check_untyped_callers() -> None:
    from hartenjagen.core import kernel

    # The precise signatures are for type checkers only: a call costs what it did.
    assert (hj.apply, hj.step, hj.legal_moves, hj.explain, hj.is_legal) == (
        kernel.apply, kernel.step, kernel.legal_moves, kernel.explain, kernel.is_legal,
    )  # fmt: skip
    state = hj.new_game(hj.variants.STANDARD, seed=7)
    move = hj.legal_moves(state)[0]
    with pytest.raises(hj.StateError, match=r"^apply needs a State \(from new_game or apply\), not Pass$"):
        hj.apply(move, state)  # type: ignore[arg-type]
    with pytest.raises(
        hj.IllegalMoveError, match=r"^'QS' is not a move \(expected Play, Pass, Announce or MoonChoice\)"
    ):
        hj.apply(state, "QS")  # type: ignore[arg-type]
