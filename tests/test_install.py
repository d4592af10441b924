"""Installing: the licence travels with the package, every import the code makes is declared in the
extra that needs it, the extras' floors are versions that work (scripts/check_lowest.py installs
them), the testing extra brings pytest, and the docs name the wheel that is built."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
EXTRAS: dict[str, list[str]] = PROJECT["optional-dependencies"]

#: The distribution each imported module comes from, and the extra that must declare it
#: (None: the core's dependencies; "dev": only the development extra, as docs/rl.md says of Ray).
DISTRIBUTIONS = {
    "attrs": ("attrs", None),
    "typing_extensions": ("typing-extensions", None),
    "hypothesis": ("hypothesis", "testing"),
    "pyspiel": ("open-spiel", "openspiel"),
    "gymnasium": ("gymnasium", "rl"),
    "pettingzoo": ("pettingzoo", "rl"),
    "distributed": ("distributed", "dask"),
    "starlette": ("starlette", "web"),
    "uvicorn": ("uvicorn", "web"),
    "h11": ("h11", "web"),
    "psycopg": ("psycopg", "postgres"),
    "ray": ("ray", "dev"),
}
#: NumPy is imported by the adapters of two extras: each declares it.
NUMPY_EXTRAS = ("openspiel", "rl")


def names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0].lower() for requirement in requirements}


def floor(extra: str, name: str) -> tuple[int, ...]:
    (requirement,) = [r for r in EXTRAS[extra] if re.split(r"[\[<>=]", r, maxsplit=1)[0] == name]
    return tuple(int(part) for part in requirement.split(">=")[1].split("."))


def run_time_imports() -> dict[str, set[str]]:
    """Each third-party module src/ imports at run time (not under TYPE_CHECKING), with the files."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "src" / "hartenjagen").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for statement in node.body
            for inner in ast.walk(statement)
        }
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                top = module.split(".")[0]
                if top not in sys.stdlib_module_names and top != "hartenjagen":
                    found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_import_the_code_makes_is_declared_in_its_extra():
    imports = run_time_imports()
    assert "h11" in imports and imports["h11"] == {"src/hartenjagen/web/server.py"}
    unknown = sorted(set(imports) - set(DISTRIBUTIONS) - {"numpy"})
    assert not unknown, f"imported but not mapped to a distribution here: {unknown}"
    core = names(PROJECT["dependencies"])
    for module, (distribution, extra) in DISTRIBUTIONS.items():
        declared = core if extra is None else names(EXTRAS[extra])
        assert distribution in declared, (
            f"{module} ({', '.join(sorted(imports.get(module, ())))}) needs {distribution}"
        )
    for extra in NUMPY_EXTRAS:
        assert "numpy" in names(EXTRAS[extra])


def test_the_floors_are_versions_that_work():
    # uvicorn's ws="websockets-sansio" (web/server.py) is 0.35; AutoresetMode (SeatVectorEnv) is Gymnasium 1.1.
    assert floor("web", "uvicorn") >= (0, 35)
    assert floor("rl", "gymnasium") >= (1, 1)
    # scripts/check_lowest.py knows a lane for every extra (it refuses to run otherwise).
    lanes = (ROOT / "scripts" / "check_lowest.py").read_text(encoding="utf-8")
    for extra in EXTRAS:
        assert extra == "dev" or f'"{extra}": [' in lanes


def test_the_testing_extra_brings_pytest_for_the_docs_example():
    assert "pytest" in names(EXTRAS["testing"])
    assert "pytest examples/house_rule_test.py" in (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")


def test_the_lowest_lane_pins_each_floor():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import check_lowest
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    assert check_lowest.lowest("uvicorn>=0.35") == "uvicorn==0.35"
    assert check_lowest.lowest("mkdocstrings[python]>=0.26") == "mkdocstrings[python]==0.26"
    assert check_lowest.lowest("open-spiel==2.0.2") == "open-spiel==2.0.2"
    with pytest.raises(SystemExit):
        check_lowest.main(["nonsense"])


def test_the_docs_name_the_wheel_that_is_built():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    wheels = {
        (page.name, wheel)
        for page in pages
        for wheel in re.findall(
            r"hartenjagen-[\w.]+-[\w.]+-[\w.]+-[\w.]+\.whl", page.read_text(encoding="utf-8")
        )
    }
    assert wheels, "no page names the wheel"
    # Built with the compiled core (what the README's install does), the wheel names its Python and platform.
    for page, wheel in wheels:
        assert wheel == "hartenjagen-0.1.0-cp311-cp311-linux_x86_64.whl", (page, wheel)
    assert PROJECT["version"] == "0.1.0"


def test_the_licence_is_mit_and_travels_in_the_sdist_and_the_wheel(tmp_path: Path):
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 The hartenjagen developers\n")
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    pytest.importorskip("setuptools", reason="the dev extra brings the build backend")
    # A copy of what a build reads, so that the build leaves nothing in the checkout.
    tree = tmp_path / "tree"
    shutil.copytree(
        ROOT / "src", tree / "src", ignore=shutil.ignore_patterns("*.so", "*.egg-info", "__pycache__")
    )
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, tree / name)
    out = tmp_path / "dist"
    # No compile: what is checked is which files the archives carry.
    env = {"HARTENJAGEN_PURE_PYTHON": "1", "PATH": "/usr/bin:/bin"}
    built = []
    for hook in ("build_sdist", "build_wheel"):  # one process each, as a build frontend calls them
        code = (
            f"import sys; from setuptools import build_meta; print('BUILT', build_meta.{hook}(sys.argv[1]))"
        )
        done = subprocess.run(
            [sys.executable, "-c", code, str(out)],
            cwd=tree,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        built.append(done.stdout.split("BUILT ")[-1].strip())
    sdist, wheel = built
    with tarfile.open(out / sdist) as archive:
        assert "hartenjagen-0.1.0/LICENSE" in archive.getnames()
    with zipfile.ZipFile(out / wheel) as archive:
        assert archive.read("hartenjagen-0.1.0.dist-info/licenses/LICENSE").decode() == text
        assert "License-File: LICENSE" in archive.read("hartenjagen-0.1.0.dist-info/METADATA").decode()
