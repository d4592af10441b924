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

from pathlib import Path
from types import ModuleType

from hartenjagen import _compiled_beside
from hartenjagen.core import COMPILED

__all__ = ["compiled_or_source"]

_HERE = Path(__file__).parent


def compiled_or_source(name: str) -> ModuleType:
    """The module ``hartenjagen.adapters.<name>``: compiled where the compiled core runs, else from its source.

    Call it before the first import of that module: it puts the module it
    chose in ``sys.modules``, where later imports find it
    (`hartenjagen._compiled_beside.compiled_or_source`).
    """
    return _compiled_beside.compiled_or_source(_HERE, f"{__package__}.{name}", COMPILED)
