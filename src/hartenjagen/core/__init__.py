"""The core: the table a ``Rules`` value compiles to, the state records and the kernel.

The modules of `KERNEL_MODULES` (``draws``, ``table``, ``state``, ``hooks``, ``passes``, ``hands``, ``chance_nodes``, ``kernel``, ``rollout``, ``observe``, ...) are
compiled with mypyc when the package is installed on a machine with a C
compiler; the same source runs interpreted elsewhere. This package loads the
compiled core if it is there, unless ``HARTENJAGEN_PURE_PYTHON=1`` is set in
the environment at import time, or the compiled files are older than their
source (an editable install whose source changed since it was built: it warns
and runs the source). `COMPILED` says which core runs.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import warnings
from pathlib import Path
from types import ModuleType

#: The compiled modules, in import order (each imports only earlier ones).
KERNEL_MODULES = (
    "draws",
    "table",
    "state",
    "state_fields",
    "hook_cache",
    "hooks",
    "passes",
    "hands",
    "chance_nodes",
    "kernel",
    "rollout",
    "observe",
)
_HERE = Path(__file__).parent


def _compiled_file(name: str) -> Path | None:
    for path in _HERE.glob(f"{name}.*"):
        if path.suffix in (".so", ".pyd"):
            return path
    return None


def _stale() -> list[str]:
    """The kernel modules whose compiled file is older than their source."""
    out = []
    for name in KERNEL_MODULES:
        compiled = _compiled_file(name)
        source = _HERE / f"{name}.py"
        if compiled is not None and source.exists() and source.stat().st_mtime > compiled.stat().st_mtime + 2:
            out.append(name)
    return out


def _load_source(name: str) -> ModuleType:
    """Import ``hartenjagen.core.<name>`` from its ``.py`` file even where a compiled file shadows it."""
    full = f"{__name__}.{name}"
    spec = importlib.util.spec_from_file_location(full, _HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    spec.loader.exec_module(module)
    return module


def _load() -> bool:
    compiled = all(_compiled_file(name) is not None for name in KERNEL_MODULES)
    if compiled and os.environ.get("HARTENJAGEN_PURE_PYTHON", "") not in ("", "0"):
        compiled = False
    if compiled and (stale := _stale()):
        warnings.warn(
            f"hartenjagen: the compiled core is older than the source of {', '.join(stale)}; running the "
            "interpreted core (reinstall, e.g. `pip install -e .`, to compile it again)",
            RuntimeWarning,
            stacklevel=3,
        )
        compiled = False
    for name in KERNEL_MODULES:
        if compiled:
            importlib.import_module(f"{__name__}.{name}")
        else:
            _load_source(name)
    return compiled


def _restore_class_docstrings() -> None:
    """Give the compiled public classes their docstrings back (mypyc drops them), so ``help()`` shows them."""
    import ast

    for name in ("state", "passes"):
        module = sys.modules[f"{__name__}.{name}"]
        tree = ast.parse((_HERE / f"{name}.py").read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and (doc := ast.get_docstring(node)):
                cls = getattr(module, node.name, None)
                if isinstance(cls, type) and not cls.__doc__:
                    cls.__doc__ = doc


#: Whether the mypyc-compiled core is the one running.
COMPILED: bool = _load()
if COMPILED:
    _restore_class_docstrings()

from hartenjagen.core import (  # noqa: E402
    chance_nodes,
    draws,
    hands,
    hook_cache,
    hooks,
    kernel,
    passes,
    rollout,
    state,
    table,
)  # fmt: skip

__all__ = [
    "COMPILED", "KERNEL_MODULES", "chance_nodes", "draws", "hands", "hook_cache", "hooks", "kernel", "passes", "rollout", "state", "table"
]  # fmt: skip
