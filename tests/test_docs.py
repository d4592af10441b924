"""The documentation a newcomer reads first: every code block runs on its own, the blocks of
docs/writing-rules.md run as one program, the API reference's docstrings render, and the package
installs from a built wheel into a fresh virtual environment.

A ```python block is a program of its own (its imports must suffice); blocks that are parts of one
program are ```py, and the page says how they go together.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path

import attr
import attrs
import pytest
import typing_extensions

import hartenjagen as hj
import hartenjagen.core
from hartenjagen import native

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import check_docs  # noqa: E402

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)
WRITING_RULES = ROOT / "docs" / "writing-rules.md"


def _blocks() -> list[tuple[str, int, str, str | None]]:
    """(page, number, code, the text block right after it or None) for every ```python block."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        fences = list(FENCE.finditer(text))
        number = 0
        for index, fence in enumerate(fences):
            if fence.group(1) != "python":
                continue
            number += 1
            code = fence.group(2)
            after = fences[index + 1] if index + 1 < len(fences) else None
            shown = None
            if (
                after is not None
                and after.group(1) == "text"
                and not text[fence.end() : after.start()].strip()
            ):
                shown = after.group(2)
            found.append((page.name, number, code, shown))
    return found


BLOCKS = _blocks()


def test_the_pages_have_code_blocks():
    pages = {page for page, _, _, _ in BLOCKS}
    assert {"README.md", "index.md", "frontends.md", "composing.md", "bots.md", "testing.md"} <= pages
    assert len(BLOCKS) >= 25


def _run_fresh(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``code`` run by a fresh interpreter in ``cwd`` (an empty directory), with only src/ on the path.

    Importing an old module path (``hartenjagen.views`` ...) is an error there, not a warning:
    the pages must name the new ones.
    """
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-W", "error:hartenjagen.:DeprecationWarning", "-c", code],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=env,
        timeout=300,
        check=False,
    )


#: The modules an optional extra brings, and the modules of the library that need one of them.
EXTRA_OF = {
    "pyspiel": "openspiel",
    "pettingzoo": "rl",
    "gymnasium": "rl",
    "distributed": "dask",
    "hypothesis": "testing",
}
NEEDS = {
    "hartenjagen.adapters.openspiel": "pyspiel",
    "hartenjagen.adapters.pettingzoo": "pettingzoo",
    "hartenjagen.adapters.gymnasium": "gymnasium",
    "hartenjagen.testing": "hypothesis",
}


def _missing_extras(code: str, installed: Callable[[str], bool]) -> list[str]:
    """The extras a block imports from that are not installed (``installed(module)`` says), as ``'.[extra]'``."""
    wanted = set()
    for node in ast.walk(ast.parse(code)):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            for module, needed in NEEDS.items():
                if name == module or name.startswith(module + "."):
                    wanted.add(needed)
            if name.split(".")[0] in EXTRA_OF:
                wanted.add(name.split(".")[0])
    return sorted({f"'.[{EXTRA_OF[module]}]'" for module in wanted if not installed(module)})


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def test_a_block_that_needs_a_missing_extra_is_skipped_and_says_which():
    (dask_block,) = [
        code for page, _, code, _ in BLOCKS if page == "simulate.md" and "import distributed" in code
    ]
    assert _missing_extras(dask_block, lambda module: module != "distributed") == ["'.[dask]'"]
    assert _missing_extras(dask_block, lambda module: True) == []
    assert _missing_extras("import hartenjagen.adapters.openspiel", lambda module: False) == [
        "'.[openspiel]'"
    ]
    assert _missing_extras("from hartenjagen.adapters.gymnasium import SeatEnv", lambda m: False) == [
        "'.[rl]'"
    ]
    assert _missing_extras("from hartenjagen import testing", lambda module: False) == ["'.[testing]'"]
    assert _missing_extras("import hartenjagen as hj", lambda module: False) == []


@pytest.mark.parametrize(("page", "number", "code", "shown"), BLOCKS, ids=[f"{b[0]}-{b[1]}" for b in BLOCKS])
def test_every_code_block_runs_on_its_own(
    page: str, number: int, code: str, shown: str | None, tmp_path: Path
):
    missing = _missing_extras(code, _installed)
    if missing:  # as the OpenSpiel tests do: the block needs an extra that is not installed
        pytest.skip(f"{page} block {number} needs {', '.join(missing)} (python -m pip install {missing[0]})")
    # A fresh interpreter per block, in an empty directory: the block's own imports must be enough.
    done = _run_fresh(code, tmp_path)
    assert done.returncode == 0, f"{page} block {number}:\n{done.stderr}"
    if shown is not None:
        # A ```text block right after the code shows what it prints.
        assert shown.strip() in done.stdout, f"{page} block {number} printed:\n{done.stdout}"


def test_no_page_pulls_code_in_from_a_file():
    # A code block shows its code in the page (or the page names the example file): no snippet lines.
    for page in PAGES:
        for fence in FENCE.finditer(page.read_text(encoding="utf-8")):
            assert "--8<--" not in fence.group(2), page.name


#: What the pages no longer teach: the hooks on bitmasks, the enum of pass directions, the old paths.
OLD_API = re.compile(
    r"\b(restrict_play|lead_mask|restricted_mask|moon_mask|hand_points|PassDirection)\b"
    r"|\bhartenjagen\.(state|table|legal|views|describe|notation|texts|records|schema|serialize|encoding"
    r"|episodes|openspiel|pettingzoo|gymnasium|terminal|determinize|simulate)\b(?!\.py)"
)


def test_no_page_teaches_the_old_api():
    found = [
        f"{page.name}:{number}: {line.strip()}"
        for page in PAGES
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1)
        if OLD_API.search(line)
    ]
    assert found == []


def test_the_blocks_of_writing_rules_run_as_one_program(tmp_path: Path):
    # docs/writing-rules.md says its ```py blocks, pasted in order into one file, run.
    text = WRITING_RULES.read_text(encoding="utf-8")
    blocks = [fence.group(2) for fence in FENCE.finditer(text) if fence.group(1) == "py"]
    assert len(blocks) >= 10
    assert not [fence for fence in FENCE.finditer(text) if fence.group(1) == "python"]
    program = "\n\n".join(blocks)
    done = _run_fresh(program, tmp_path)
    assert done.returncode == 0, done.stderr
    # The page's program is what examples/writing_rules.py defines: every module of it is there.
    example = (ROOT / "examples" / "writing_rules.py").read_text(encoding="utf-8")
    for name in re.findall(r"^class (\w+)\(", program, flags=re.MULTILINE):
        assert f"\nclass {name}(" in example, name


def test_install_lines_agree_everywhere():
    # hartenjagen is not on a package index: a page installs from a checkout ('.[extra]'), and a
    # message that names the extra's package form says the checkout's form too.
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"pip install '?hartenjagen\[", text), page.name
    sources = [*(ROOT / "src" / "hartenjagen").rglob("*.py")]
    for source in sources:
        text = source.read_text(encoding="utf-8")
        for found in re.finditer(r"hartenjagen\[(\w+)\]", text):
            # the message goes on: its next string literal may be on the next line
            following = text[found.end() : found.end() + 160]
            assert f"'.[{found.group(1)}]'" in following, f"{source.name}: {text[found.start() :][:120]}"


def _check_mkdocs_options() -> list[str]:
    """The options scripts/check.sh gives ``mkdocs build`` (without its ``--site-dir``)."""
    script = (ROOT / "scripts" / "check.sh").read_text(encoding="utf-8")
    (line,) = [line for line in script.splitlines() if "-m mkdocs build" in line]
    words = line.split("#")[0].split("-m mkdocs build", 1)[1].split()
    while "--site-dir" in words:
        at = words.index("--site-dir")
        del words[at : at + 2]
    return words


def test_the_check_fails_the_docs_on_a_single_warning(tmp_path: Path):
    # A site with one unresolved cross-reference, built as the check builds the docs: it must fail
    # (`--quiet` once hid the warnings strict mode counts, and the gate passed a broken site).
    pytest.importorskip("mkdocstrings", reason="the docs tools come with the dev extra")
    options = _check_mkdocs_options()
    assert "--strict" in options and "--quiet" not in options and "-q" not in options
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(
        "# t\n\nSee [x][hartenjagen.no_such_name].\n", encoding="utf-8"
    )
    config = {"site_name": "t", "docs_dir": "docs", "plugins": ["search", {"mkdocstrings": {}}]}
    (tmp_path / "mkdocs.yml").write_text(json.dumps(config), encoding="utf-8")  # JSON is YAML
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "mkdocs", "build", *options, "--site-dir", str(tmp_path / "site")]
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0, done.stdout + done.stderr
    assert "hartenjagen.no_such_name" in done.stderr
    # The same site without the broken reference builds: the failure was the warning's.
    (tmp_path / "docs" / "index.md").write_text("# t\n\nSee `apply`.\n", encoding="utf-8")
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_readme_says_how_to_get_the_docs_tools():
    # play.sh's one install brings the docs extra (mkdocs), so the README asks for no second install.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`.venv/bin/mkdocs serve`" in readme and "pip install -e '.[docs]'" not in readme
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    tools = {re.split(r"[\[<>=]", requirement)[0] for requirement in extras["docs"]}
    assert {"mkdocs", "mkdocs-material", "mkdocstrings"} <= tools
    assert set(extras["docs"]) <= set(extras["dev"])  # the check's venv has them too
    play = (ROOT / "scripts" / "play.sh").read_text(encoding="utf-8")
    assert "EXTRAS=web,docs,testing\n" in play and 'pip install --quiet -e ".[$EXTRAS]"' in play


def test_the_readme_example_prints_what_it_shows():
    (first,) = [b for b in BLOCKS if b[0] == "README.md" and b[1] == 1]
    assert first[3] is not None and "1144 pass 0 " in first[3]


# ---------------------------------------------------------------- the API reference


def test_the_docstrings_have_no_raw_sphinx_roles():
    assert check_docs.source_problems() == []


def test_the_docstring_check_finds_raw_markup(tmp_path: Path):
    package = tmp_path / "src"
    package.mkdir()
    (package / "bad.py").write_text(
        '"""See :func:`apply` and `hypothesis <https://hypothesis.works>`_.\n\nAn example::\n\n'
        '    x = 1\n\n>>> 1 + 1\n2\n"""\n',
        encoding="utf-8",
    )
    problems = check_docs.source_problems(package)
    assert len(problems) == 4, problems
    assert any("Sphinx role" in p for p in problems) and any("reST link" in p for p in problems)
    assert any("literal block" in p for p in problems) and any("outside a fence" in p for p in problems)


def test_the_site_check_wants_rendered_cross_references(tmp_path: Path):
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "index.html").write_text("<p>Like :func:`apply`.</p>", encoding="utf-8")
    problems = check_docs.site_problems(tmp_path)
    assert any("raw role" in p for p in problems) and any("cross-references" in p for p in problems)


# ---------------------------------------------------------------- installing from a wheel


def test_a_wheel_builds_and_installs_into_a_fresh_venv(tmp_path: Path):
    pytest.importorskip("setuptools", reason="the dev extra brings the build backend")
    dist = tmp_path / "dist"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q"]
    subprocess.run([*build, "-w", str(dist), str(ROOT)], check=True, timeout=300, capture_output=True)
    (wheel,) = dist.glob("hartenjagen-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "hartenjagen/py.typed" in names
    assert {
        "hartenjagen/__init__.py",
        "hartenjagen/cli/__init__.py",
        "hartenjagen/bots/sampling.py",
        "hartenjagen/rules/ending.py",
    } <= set(names)
    assert not any(name.startswith(("tests/", "docs/", "scripts/")) for name in names)
    # Built here (a C compiler and mypyc in the dev extra), the wheel carries the compiled core.
    compiled = [name for name in names if name.startswith("hartenjagen/core/") and name.endswith(".so")]
    assert len(compiled) == len(hj.core.KERNEL_MODULES) or not hj.COMPILED
    # With it, the adapters' hot steps (setup.py's ADAPTERS, one mypyc group with the core).
    steps = [
        name
        for name in names
        if name.startswith("hartenjagen/adapters/_steps.") and name.endswith((".so", ".pyd"))
    ]
    assert len(steps) == 1 or not hj.COMPILED
    # And the native playout kernel, built beside the compiled core.
    kernel = [
        name for name in names if name.startswith("hartenjagen/_playout") and name.endswith((".so", ".pyd"))
    ]
    assert len(kernel) == 1 or not native.AVAILABLE

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    bin_dir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    python = bin_dir / ("python.exe" if sys.platform == "win32" else "python")
    install = [
        sys.executable,
        "-m",
        "pip",
        "--python",
        str(python),
        "install",
        "--no-deps",
        "--no-index",
        "-q",
    ]
    # Without PYTHONPATH: a checkout's src/ on it holds the egg-info the build above wrote, and pip would
    # take the package for installed ("Requirement already satisfied") and install nothing.
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    subprocess.run([*install, str(wheel)], check=True, timeout=300, capture_output=True, env=env)
    # The dependencies come from this environment (offline), and nothing else: not this checkout.
    deps = tmp_path / "deps"
    deps.mkdir()
    for module in (attrs, attr):
        (deps / Path(module.__file__).parent.name).symlink_to(Path(module.__file__).parent)
    (deps / "typing_extensions.py").symlink_to(typing_extensions.__file__)
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout.strip()  # fmt: skip
    assert site != sysconfig.get_paths()["purelib"]
    (Path(site) / "deps.pth").write_text(str(deps) + "\n", encoding="utf-8")
    code = (
        "import hartenjagen as hj; print(hj.__file__); "
        "print(len(hj.legal_moves(hj.new_game(hj.variants.STANDARD, seed=7)))); print(hj.COMPILED); "
        "from hartenjagen import native; print(native.AVAILABLE)"
    )
    done = subprocess.run(
        [str(python), "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    where, moves, compiled_there, kernel_there = done.stdout.split()
    assert Path(where).is_relative_to(venv)
    assert moves == "1144"
    assert compiled_there == str(hj.COMPILED)
    assert kernel_there == str(native.AVAILABLE)
    command = subprocess.run(
        [str(bin_dir / "hartenjagen"), "--version"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert command.stdout.strip() == f"hartenjagen {hj.__version__}", command.stderr


@pytest.mark.parametrize(
    "module",
    [
        "hartenjagen",
        "hartenjagen.cli.terminal",
        "hartenjagen.bots.simulate",
        "hartenjagen.testing.conformance",
    ],
)
def test_the_docstring_examples_run(module: str):
    import doctest
    import importlib

    results = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert results.failed == 0
    assert results.attempted >= 3
