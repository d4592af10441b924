"""Loading a module compiled beside the core only where the compiled core runs (`compiled_or_source`).

setup.py compiles a few modules outside the core with mypyc (the adapters'
hot steps, the heuristic bot). An extension module sits beside its source and
Python's import prefers it, so each is loaded through here before its first
import: where the core runs interpreted (no compiler, a failed build,
``HARTENJAGEN_PURE_PYTHON=1``, a stale build) its source runs instead; so it
does, with a warning, where its compiled file is older than its source (an
editable install changed since it was built), as the core's own modules do,
or does not load.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import warnings
from pathlib import Path
from types import ModuleType

__all__ = ["compiled_or_source"]


def _compiled_file(folder: Path, stem: str) -> Path | None:
    for path in folder.glob(f"{stem}.*"):
        if path.suffix in (".so", ".pyd"):
            return path
    return None


def compiled_or_source(folder: Path, full: str, compiled_core: bool) -> ModuleType:
    """The module ``full`` (its source in ``folder``): compiled if ``compiled_core`` and fresh, else its source.

    It puts the module it chose in ``sys.modules``, where later imports find it.
    """
    if full in sys.modules:
        return sys.modules[full]
    name = full.rpartition(".")[2]
    source = folder / f"{name}.py"
    compiled = _compiled_file(folder, name) if compiled_core else None
    if compiled is not None and source.stat().st_mtime > compiled.stat().st_mtime + 2:
        warnings.warn(
            f"hartenjagen: the compiled {full} is older than its source; running the source "
            "(reinstall, e.g. `pip install -e .`, to compile it again)",
            RuntimeWarning,
            stacklevel=3,
        )
        compiled = None
    if compiled is not None:
        try:
            return importlib.import_module(full)
        except ImportError as error:  # e.g. its mypyc group's library is gone: the source still works
            warnings.warn(
                f"hartenjagen: the compiled {full} does not load ({error}); running its source",
                RuntimeWarning,
                stacklevel=3,
            )
    spec = importlib.util.spec_from_file_location(full, source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    spec.loader.exec_module(module)
    return module
