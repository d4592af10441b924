"""Install each extra at the lowest versions pyproject.toml allows, then run that extra's tests.

For every extra named (all of them by default) a fresh virtual environment gets
the extra with each of its requirements ``name>=X`` pinned to ``name==X``,
beside the core's dependencies and the ``testing`` extra (pytest and Hypothesis
run the tests), which pip resolves as it would for a user (the ``testing`` lane
pins the core's floors and its own); the package runs from src/ as Python
source (no compile). Then the extra's tests run there. A floor that
does not work fails its lane, so the floors in pyproject.toml stay true.

Where ``CI=true``, scripts/check.sh runs it, one extra a test case
(tests/test_lowest_versions.py); elsewhere by hand (it downloads from the
package index). Usage::

    python scripts/check_lowest.py [EXTRA ...] [--dir DIR] [--keep]

``--dir`` holds the environments (a temporary folder by default, removed unless
``--keep``). Exits 1 if any lane fails, naming it.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PYTEST = ["-m", "pytest", "-q", "-p", "no:cacheprovider"]
#: Each extra's tests (run with the testing extra beside it); the docs lane builds the site instead.
TESTS: dict[str, list[list[str]]] = {
    "testing": [[*PYTEST, "tests/test_example_house_rule.py"], [*PYTEST, "examples/house_rule_test.py"]],
    "rl": [[*PYTEST, "tests/test_rl_envs.py", "tests/test_rl_vector.py", "tests/test_rl_conventions.py"]],
    "openspiel": [
        [*PYTEST, *(f"tests/test_openspiel_{name}.py" for name in ("adapter", "utility", "hearts_ids"))]
    ],
    "dask": [[*PYTEST, "tests/test_simulate_executors.py"]],
    # The web tests that need the extra alone (test_web.py also needs jsonschema and Playwright, from dev).
    # (The store tests' PostgreSQL cases belong to the postgres extra's lane.)
    "web": [
        [
            *PYTEST,
            "-k",
            "not postgres",
            *(f"tests/test_web_{name}.py" for name in ("command", "limits", "words", "store")),
        ]
    ],
    "postgres": [[*PYTEST, "tests/test_web_postgres.py"]],
    "docs": [["-m", "mkdocs", "build", "--strict", "--site-dir", "{site}"]],
}
_FLOOR = re.compile(r"^\s*([A-Za-z0-9_.\-]+(?:\[[^\]]+\])?)\s*>=\s*([^,;\s]+)\s*$")


def lowest(requirement: str) -> str:
    """``name>=X`` as ``name==X``; any other requirement as it stands."""
    match = _FLOOR.match(requirement)
    return f"{match.group(1)}=={match.group(2)}" if match else requirement


def _default_sigint() -> None:
    # Run in the background (``&`` in a script), this process ignores Ctrl-C, and so would the tests'
    # servers: the web tests stop `hartenjagen serve` with SIGINT and expect it to say goodbye.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def lane(extra: str, project: dict[str, object], where: Path) -> tuple[bool, str]:
    """Set up ``extra``'s environment in ``where`` and run its tests; (passed, what was installed)."""
    extras: dict[str, list[str]] = project["optional-dependencies"]  # type: ignore[assignment]
    # The extra's own floors are pinned; the core's and the test tools' requirements resolve beside them
    # (a framework may need a newer typing-extensions than the core does), except in the testing lane,
    # which pins the core's floors and its own.
    core = [*project["dependencies"], *extras["testing"]]  # type: ignore[misc]
    own = core if extra == "testing" else extras[extra]
    pins = sorted({*(lowest(requirement) for requirement in own), *(r for r in core if own is not core)})
    # No pip of its own (this one installs into it: ``pip --python``) and no bytecode compiled ahead
    # (the tests import a few modules of what is installed): seconds a lane that CI's lanes share.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    python = str(where / "bin" / "python")
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--disable-pip-version-check",
         "--no-compile", *pins],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if installed.returncode != 0:
        errors = [line for line in installed.stderr.splitlines() if not line.startswith("WARNING")]
        return False, f"pip install {' '.join(pins)} failed:\n" + "\n".join(errors[-20:])
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "HARTENJAGEN_PURE_PYTHON": "1"}
    # Run from a lane of scripts/check.sh (tests/test_lowest_versions.py), the extra's tests are all
    # run here, not the lane's share of them.
    for name in ("VIRTUAL_ENV", "HARTENJAGEN_TEST_SHARD"):
        env.pop(name, None)
    site = Path(tempfile.mkdtemp(prefix="hartenjagen-site-"))
    try:
        for command in TESTS[extra]:
            argv = [python, *(part.replace("{site}", str(site)) for part in command)]
            done = subprocess.run(
                argv,
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                check=False,
                preexec_fn=_default_sigint,
            )
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            if done.returncode != 0:
                return False, f"{' '.join(pins)}\n$ {' '.join(command)}\n{tail}"
    finally:
        shutil.rmtree(site, ignore_errors=True)
    return True, " ".join(pins)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("extras", nargs="*", help="the extras to check (all but dev by default)")
    parser.add_argument("--dir", type=Path, help="where the environments go (default: a temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the environments")
    args = parser.parse_args(argv)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    known = [name for name in project["optional-dependencies"] if name != "dev"]
    chosen = args.extras or known
    unknown = [name for name in chosen if name not in TESTS or name not in known]
    if unknown:
        parser.error(f"no lane for {', '.join(unknown)}: the extras are {', '.join(known)}")
    missing = [name for name in known if name not in TESTS]
    if missing:
        parser.error(f"pyproject.toml has extras without a lane here: {', '.join(missing)}")
    base = args.dir or Path(tempfile.mkdtemp(prefix="hartenjagen-lowest-"))
    failed = []
    for extra in chosen:
        where = base / extra
        shutil.rmtree(where, ignore_errors=True)
        start = time.monotonic()
        passed, report = lane(extra, project, where)
        print(
            f"== {extra}: {'passed' if passed else 'FAILED'} in {time.monotonic() - start:.0f} s\n{report}",
            flush=True,
        )
        if not passed:
            failed.append(extra)
        if not args.keep:
            shutil.rmtree(where, ignore_errors=True)
    if not args.keep and args.dir is None:
        shutil.rmtree(base, ignore_errors=True)
    if failed:
        print(f"check_lowest: the floors of {', '.join(failed)} do not work", file=sys.stderr)
        return 1
    print(f"check_lowest: every floor works ({', '.join(chosen)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
