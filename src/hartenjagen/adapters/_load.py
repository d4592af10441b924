"""Loading the adapters' compiled helper (`hartenjagen.adapters._steps`) only beside the core it was built with.

setup.py compiles ``_steps`` with mypyc in one group with the core, so its
compiled form reads the compiled core's classes natively and works with no
other core. Where the core runs interpreted (no compiler, a failed build,
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

from hartenjagen.core import COMPILED

__all__ = ["compiled_or_source"]

_HERE = Path(__file__).parent


def _compiled_file(stem: str) -> Path | None:
    for path in _HERE.glob(f"{stem}.*"):
        if path.suffix in (".so", ".pyd"):
            return path
    return None


def compiled_or_source(name: str) -> ModuleType:
    """The module ``hartenjagen.adapters.<name>``: compiled where the compiled core runs, else from its source.

    Call it before the first import of that module: it puts the module it
    chose in ``sys.modules``, where later imports find it.
    """
    full = f"{__package__}.{name}"
    if full in sys.modules:
        return sys.modules[full]
    source = _HERE / f"{name}.py"
    compiled = _compiled_file(name) if COMPILED else None
    if compiled is not None and source.stat().st_mtime > compiled.stat().st_mtime + 2:
        warnings.warn(
            f"hartenjagen: the compiled {full} is older than its source; running the source "
            "(reinstall, e.g. `pip install -e .`, to compile it again)",
            RuntimeWarning,
            stacklevel=2,
        )
        compiled = None
    if compiled is not None:
        try:
            return importlib.import_module(full)
        except ImportError as error:  # e.g. its mypyc group's library is gone: the source still works
            warnings.warn(
                f"hartenjagen: the compiled {full} does not load ({error}); running its source",
                RuntimeWarning,
                stacklevel=2,
            )
    spec = importlib.util.spec_from_file_location(full, source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    spec.loader.exec_module(module)
    return module
