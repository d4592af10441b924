"""hartenjagen: the rules of Hearts (Hartenjagen) and its variants, as an immutable-state engine.

```pycon
>>> import hartenjagen as hj
>>> state = hj.new_game(hj.variants.STANDARD, seed=7)
>>> moves = hj.legal_moves(state)
>>> state = hj.apply(state, moves[0])

```

See ``docs/architecture.md`` for the shape of the library.
"""

import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

from hartenjagen import _moved, events, rules, variants
from hartenjagen.cards import Card, Rank, Suit
from hartenjagen.core import COMPILED, State, StateError
from hartenjagen.engine import apply, chance_outcomes, explain, is_legal, legal_moves, new_game, step
from hartenjagen.errors import (
    CardParseError,
    HartenjagenError,
    IllegalMove,
    IllegalMoveCode,
    IllegalMoveError,
    RulesError,
    SetupError,
)
from hartenjagen.frontend import notation
from hartenjagen.frontend.describe import describe
from hartenjagen.frontend.views import PlayerView, ViewError, public_view, view
from hartenjagen.moves import Announce, MoonChoice, MoonOption, Move, MoveError, Pass, Play
from hartenjagen.outcomes import Deal, DealCard, DrawnDirection, FirstDealer, Outcome, PoolCard, PoolOrder
from hartenjagen.rollout import RolloutError, rollout
from hartenjagen.rules import Rules
from hartenjagen.rules.routes import PassDirection, PassRoute
from hartenjagen.values import HandResult, Phase, Trick

if TYPE_CHECKING:
    from hartenjagen.frontend.records import GameRecord, RecordError
    from hartenjagen.frontend.schema import json_schema
    from hartenjagen.frontend.serialize import FormatError, dumps, loads

_moved.install(
    sys.modules[__name__]
)  # the old paths of modules that moved (hartenjagen.views, ...) import until 1.0

__version__ = "0.1.0"

# JSON and game records load on first use: a program that only plays pays nothing for them.
_LAZY = {
    "FormatError": "hartenjagen.frontend.serialize",
    "dumps": "hartenjagen.frontend.serialize",
    "loads": "hartenjagen.frontend.serialize",
    "GameRecord": "hartenjagen.frontend.records",
    "RecordError": "hartenjagen.frontend.records",
    "json_schema": "hartenjagen.frontend.schema",
}


def __getattr__(name: str) -> Any:
    if f"hartenjagen.{name}" in _moved.MOVED:  # a module at its old path, e.g. hartenjagen.views
        return import_module(f"hartenjagen.{name}")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hartenjagen' has no attribute {name!r}")
    if module == "hartenjagen.frontend.serialize":
        import_module("hartenjagen.frontend.records")  # JSON reads game records too
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "COMPILED",
    "Announce",
    "Card",
    "CardParseError",
    "Deal",
    "DealCard",
    "DrawnDirection",
    "FirstDealer",
    "FormatError",
    "GameRecord",
    "HandResult",
    "HartenjagenError",
    "IllegalMove",
    "IllegalMoveCode",
    "IllegalMoveError",
    "MoonChoice",
    "MoonOption",
    "Move",
    "MoveError",
    "Outcome",
    "Pass",
    "PassDirection",
    "PassRoute",
    "Phase",
    "Play",
    "PlayerView",
    "PoolCard",
    "PoolOrder",
    "Rank",
    "RecordError",
    "RolloutError",
    "Rules",
    "RulesError",
    "SetupError",
    "State",
    "StateError",
    "Suit",
    "Trick",
    "ViewError",
    "apply",
    "chance_outcomes",
    "describe",
    "dumps",
    "events",
    "explain",
    "is_legal",
    "json_schema",
    "legal_moves",
    "loads",
    "new_game",
    "notation",
    "public_view",
    "rollout",
    "rules",
    "step",
    "variants",
    "view",
]
