"""The core: the table a ``Rules`` value compiles to, the state records and the kernel.

The modules of `KERNEL_MODULES` (``draws``, ``table``, ``state``, ``hooks``, ``hand_hooks``, ``passes``, ``hands``, ``chance_nodes``, ``kernel``, ``rollout``, ``observe``, ...) are
compiled with mypyc when the package is installed on a machine with a C
compiler; the same source runs interpreted elsewhere. This package loads the
compiled core if it is there, unless ``HARTENJAGEN_PURE_PYTHON=1`` is set in
the environment at import time, or the compiled files are older than their
source (an editable install whose source changed since it was built: it warns
and runs the source). `COMPILED` says which core runs.

This module is the core's door: the layers above import the names of its
`__all__` from here (and, where `tests/test_core_door.py` allows it, a name of
`INNER`), never from the core's modules (docs/architecture.md, "The core's door").
"""

# ruff: noqa: E402 (the door re-exports what the load below imported)

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
    "table_cache",
    "table",
    "hand_log",
    "state",
    "state_fields",
    "hook_cache",
    "hook_answers",
    "hooks",
    "hand_hooks",
    "contexts_of",
    "passes",
    "stock",  # before hands, which imports it: the interpreted core loads each module before its importers
    "hands",
    "chance_nodes",
    "trick_taking",
    "kernel",
    "rollout",
    "observe",
    "worlds",
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

# The door: the layers above import these names from `hartenjagen.core` and nothing else from the
# package (tests/test_core_door.py checks it; docs/architecture.md "The core's door" says why each).
# The core's own modules import one another directly.
from hartenjagen.core import playout_layout as LAYOUT  # noqa: F401  (INNER: the C kernel's layout, data native.py packs a plan by)
from hartenjagen.core.chance_nodes import deal_in_order as deal_in_order
from hartenjagen.core.chance_nodes import is_explicit as is_explicit
from hartenjagen.core.chance_nodes import make_explicit as make_explicit
from hartenjagen.core.chance_nodes import node_of, outcomes, start_explicit
from hartenjagen.core.draws import Draws
from hartenjagen.core.hand_hooks import announcement_offers as announcement_offers
from hartenjagen.core.hand_hooks import announcing_seats as announcing_seats
from hartenjagen.core.hand_hooks import scatter_answer as scatter_answer
from hartenjagen.core.hand_log import log_entry as log_entry
from hartenjagen.core.hand_log import log_tricks as log_tricks
from hartenjagen.core.hands import DEAL_NODE as DEAL_NODE
from hartenjagen.core.hands import DIRECTION_NODE as DIRECTION_NODE
from hartenjagen.core.hands import FIRST_DEALER_NODE as FIRST_DEALER_NODE
from hartenjagen.core.hands import NO_NODE as NO_NODE
from hartenjagen.core.hands import POOL_NODE as POOL_NODE
from hartenjagen.core.hands import deal_with as deal_with
from hartenjagen.core.hands import exchange_of as exchange_of
from hartenjagen.core.hands import start_game
from hartenjagen.core.hands import start_hand as start_hand
from hartenjagen.core.kernel import StateError, apply, as_state, explain, is_legal, legal_moves, step
from hartenjagen.core.kernel import legal_mask as legal_mask
from hartenjagen.core.kernel import play as play
from hartenjagen.core.observe import ObservationPlan as ObservationPlan
from hartenjagen.core.observe import seat_reading as seat_reading
from hartenjagen.core.observe import write_observation as write_observation
from hartenjagen.core.passes import PassMoves as PassMoves
from hartenjagen.core.rollout import greedy_playout as greedy_playout
from hartenjagen.core.rollout import playout
from hartenjagen.core.state import DRAW_NODE as DRAW_NODE
from hartenjagen.core.state import PHASES as PHASES
from hartenjagen.core.state import PassLog as PassLog
from hartenjagen.core.state import PlayedHand as PlayedHand
from hartenjagen.core.state import State, table_of
from hartenjagen.core.state import hand_masks as hand_masks
from hartenjagen.core.state_fields import StateFields as StateFields
from hartenjagen.core.state_fields import fields as fields
from hartenjagen.core.state_fields import from_fields as from_fields
from hartenjagen.core.state_fields import replace as replace
from hartenjagen.core.table import TRAVEL_SEAT as TRAVEL_SEAT
from hartenjagen.core.table import Table, table_for
from hartenjagen.core.table import bits as bits
from hartenjagen.core.worlds import SharedPlay as SharedPlay
from hartenjagen.core.worlds import shares_plays as shares_plays

#: The door: the names any layer above may use (docs/architecture.md, "The core's door").
__all__ = [
    "COMPILED",
    "Draws",
    "State",
    "StateError",
    "Table",
    "apply",
    "as_state",
    "explain",
    "is_legal",
    "legal_moves",
    "node_of",
    "outcomes",
    "playout",
    "start_explicit",
    "start_game",
    "step",
    "table_for",
    "table_of",
]

#: Beyond the door: names re-exported here for the few layers that still need the core's insides
#: (a record codec, the bots' world sampler, the adapters' encoders, the playouts' glue), each use
#: allow-listed by module in tests/test_core_door.py; the list only shrinks.
INNER = (
    "LAYOUT",
    "announcement_offers",
    "announcing_seats",
    "DEAL_NODE",
    "DRAW_NODE",
    "DIRECTION_NODE",
    "FIRST_DEALER_NODE",
    "NO_NODE",
    "ObservationPlan",
    "PHASES",
    "POOL_NODE",
    "PassLog",
    "PassMoves",
    "PlayedHand",
    "StateFields",
    "TRAVEL_SEAT",
    "bits",
    "deal_in_order",
    "deal_with",
    "exchange_of",
    "fields",
    "from_fields",
    "greedy_playout",
    "hand_masks",
    "is_explicit",
    "legal_mask",
    "log_entry",
    "log_tricks",
    "make_explicit",
    "play",
    "replace",
    "scatter_answer",
    "seat_reading",
    "SharedPlay",
    "shares_plays",
    "start_hand",
    "write_observation",
)
