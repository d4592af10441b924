"""The build: compile the core with mypyc and the native playout kernel where a C compiler is available.

Everything but the extension modules is declared in pyproject.toml. The modules of
``hartenjagen.core`` named in its ``KERNEL_MODULES`` are compiled, and with them
the adapters' hot steps (``ADAPTERS``) and the heuristic bot (``BOTS``); the same
source runs interpreted when there is no compiler, when compiling fails (a
warning says why) or when ``HARTENJAGEN_PURE_PYTHON=1`` is set for the build.
The playout kernel ``hartenjagen._playout`` (plain C on the CPython API) is
built beside them under the same conditions; without it playouts run in the
Python kernel. So is ``hartenjagen.bots._deal``, the determinizer's hidden
deal in C; without it the bots deal in Python (the same cards). See docs/architecture.md for why setuptools and ``mypycify``,
and why the kernel is C.
"""

from __future__ import annotations

import ast
import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


def _kernel_modules() -> tuple[str, ...]:
    """The compiled modules, read from ``KERNEL_MODULES`` in core/__init__.py (one list, not two to keep equal)."""
    tree = ast.parse((Path(__file__).parent / "src/hartenjagen/core/__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        target = (
            node.target
            if isinstance(node, ast.AnnAssign)
            else (node.targets[0] if isinstance(node, ast.Assign) else None)
        )
        if isinstance(target, ast.Name) and target.id == "KERNEL_MODULES" and node.value is not None:
            return tuple(ast.literal_eval(node.value))
    raise SystemExit("setup.py: KERNEL_MODULES not found in src/hartenjagen/core/__init__.py")


CORE = [f"src/hartenjagen/core/{name}.py" for name in _kernel_modules()]
#: The adapters' hot steps, compiled in one group with the core (they read its classes natively);
#: hartenjagen/adapters/_load.py runs their source wherever the core runs interpreted.
ADAPTERS = ["src/hartenjagen/adapters/_steps.py"]
#: The heuristic bot, compiled in a group of its own (it reads the core through its Python names, so it
#: builds without the core's door); hartenjagen/bots/__init__.py runs its source wherever the core runs
#: interpreted. About twice as fast compiled, with the same choices (benchmarks/replay_decisions.py).
BOTS = ["src/hartenjagen/bots/heuristic.py"]


def _warn(message: str) -> None:
    print(f"hartenjagen: {message}; the core is installed as Python source", file=sys.stderr)


def _have_compiler() -> bool:
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(compiler.split()[0]) is not None


class OptionalBuildExt(build_ext):
    """Build the compiled core if possible; a failed compile leaves the interpreted core, not a failed install."""

    def finalize_options(self) -> None:
        super().finalize_options()
        # Independent extensions, side by side: the others' C builds while the core's does.
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            _warn(f"compiling the core failed ({error})")

    def build_extension(self, ext: object) -> None:
        try:
            super().build_extension(ext)  # type: ignore[arg-type]
        except Exception as error:
            name = getattr(ext, "name", ext)
            if name == PLAYOUT.name:
                print(
                    f"hartenjagen: compiling {name} failed ({error}); playouts run in Python", file=sys.stderr
                )
            elif name == DEAL.name:
                print(f"hartenjagen: compiling {name} failed ({error}); bots deal in Python", file=sys.stderr)
            else:
                _warn(f"compiling {name} failed ({error})")


#: The native playout kernel: one C file, the body it includes once per mask width, and the header made from
#: hartenjagen/core/playout_layout.py (committed; scripts/gen_playout_header.py rewrites it).
PLAYOUT = Extension(
    "hartenjagen._playout",
    sources=["src/hartenjagen/_playout.c"],
    depends=[
        "src/hartenjagen/_playout_body.h",
        "src/hartenjagen/_playout_read.h",
        "src/hartenjagen/_playout_hooks.h",
        "src/hartenjagen/_playout_body_hooks.h",
        "src/hartenjagen/_playout_plan.h",
    ],
)


#: The determinizer's hidden deal in C (the same draws and deals as its Python; without it the Python runs).
DEAL = Extension("hartenjagen.bots._deal", sources=["src/hartenjagen/bots/_deal.c"])


def _extensions() -> list[object]:
    if os.environ.get("HARTENJAGEN_PURE_PYTHON", "") not in ("", "0"):
        return []
    if not _have_compiler():
        _warn("no C compiler found")
        return []
    return [*_core_extensions(), PLAYOUT, DEAL]


def _core_extensions() -> list[object]:
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc is not available")
        return []
    try:
        extensions: list[object] = mypycify(CORE + ADAPTERS, opt_level="3", debug_level="0")
    except (Exception, SystemExit) as error:
        _warn(f"mypyc could not compile the core ({error})")
        return []
    try:
        extensions += mypycify(BOTS, opt_level="3", debug_level="0")
    except (Exception, SystemExit) as error:  # the core still compiles: the heuristic runs as Python
        print(
            f"hartenjagen: mypyc could not compile the heuristic bot ({error}); it runs as Python",
            file=sys.stderr,
        )
    return extensions


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
