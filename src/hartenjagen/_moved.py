"""The old import paths of modules that moved, kept working (with a ``DeprecationWarning``) until 1.0.

The frontend kit now lives in [`hartenjagen.frontend`][hartenjagen.frontend] and the
framework adapters in [`hartenjagen.adapters`][hartenjagen.adapters]; a few modules
that had moved earlier were reachable under their old names through files of
their own. Each old path here imports the module at its new path: the same
module object, so nothing is defined twice. CHANGELOG.md says when they go.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Final

#: Old path -> new path.
MOVED: Final[dict[str, str]] = {
    "hartenjagen.views": "hartenjagen.frontend.views",
    "hartenjagen.describe": "hartenjagen.frontend.describe",
    "hartenjagen.notation": "hartenjagen.frontend.notation",
    "hartenjagen.texts": "hartenjagen.frontend.texts",
    "hartenjagen.records": "hartenjagen.frontend.records",
    "hartenjagen.schema": "hartenjagen.frontend.schema",
    "hartenjagen.serialize": "hartenjagen.frontend.serialize",
    "hartenjagen.encoding": "hartenjagen.adapters.encoding",
    "hartenjagen.episodes": "hartenjagen.adapters.episodes",
    "hartenjagen.openspiel": "hartenjagen.adapters.openspiel",
    "hartenjagen.pettingzoo": "hartenjagen.adapters.pettingzoo",
    "hartenjagen.gymnasium": "hartenjagen.adapters.gymnasium",
    "hartenjagen.state": "hartenjagen.core.state",
    "hartenjagen.table": "hartenjagen.core.table",
    "hartenjagen.legal": "hartenjagen.core.passes",
    "hartenjagen.terminal": "hartenjagen.cli.terminal",
    "hartenjagen.determinize": "hartenjagen.bots.determinize",
    "hartenjagen.simulate": "hartenjagen.bots.simulate",
}


class _OldPaths:
    """Finds an old path and loads it as the module at its new path (a meta path finder and its loader).

    Written without ``importlib.abc``, whose import costs more than the rest of this package's.
    """

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)  # type: ignore[arg-type]  # a Loader by its methods

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        new = MOVED[spec.name]
        warnings.warn(f"{spec.name} is now {new}; the old path goes at 1.0", DeprecationWarning, stacklevel=2)
        return importlib.import_module(new)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module at the new path is loaded already."""


class _Forwarder(ModuleType):
    """An old path whose name is also an attribute of the package (``hartenjagen.describe``, the function).

    Importing a module sets it as an attribute of its package, which would put
    the module where the function is; a forwarder stands in ``sys.modules``
    instead (so nothing is set) and gives the new module's attributes.
    """

    def __init__(self, old: str, new: str) -> None:
        super().__init__(old)
        self._new = new

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):  # tools that walk sys.modules ask for __file__ and the like: not a use
            raise AttributeError(name)
        warnings.warn(
            f"{self.__name__} is now {self._new}; the old path goes at 1.0", DeprecationWarning, stacklevel=2
        )
        return getattr(importlib.import_module(self._new), name)


def install(package: ModuleType) -> None:
    """Let the old paths import (once per process); ``package`` is ``hartenjagen``, its names already bound."""
    if any(isinstance(finder, _OldPaths) for finder in sys.meta_path):
        return
    sys.meta_path.append(_OldPaths())
    for old, new in MOVED.items():
        name = old.rpartition(".")[2]
        bound = getattr(package, name, None)
        if bound is not None and not isinstance(bound, ModuleType) and old not in sys.modules:
            sys.modules[old] = _Forwarder(old, new)
