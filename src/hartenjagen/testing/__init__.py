"""A test kit: hypothesis strategies for rules, states, moves and games, and [`check_rules`][hartenjagen.testing.check_rules].

Property-test a house rule of your own the way the library tests its own
rules. Install the extra first (``python -m pip install '.[testing]'`` from a checkout), which
brings [hypothesis](https://hypothesis.readthedocs.io):

```python
import attrs
from hypothesis import given, settings
import hartenjagen as hj
from hartenjagen import testing, variants

mine = attrs.evolve(variants.STANDARD, extras=(MyHouseRule(),))
testing.check_rules(mine)              # the invariants of sources §3, on random games

@settings(max_examples=20, deadline=None)
@given(testing.games(rules=testing.rules(base=mine, scoring=testing.ANY)))
def test_my_rule(state):
    ...
```

The strategies:

- [`cards`][hartenjagen.testing.cards] and [`decks`][hartenjagen.testing.decks]: cards, and every deck module with valid player counts;
- [`modules`][hartenjagen.testing.modules]: the modules of one slot, with random settings, that fit a deck;
- [`rules`][hartenjagen.testing.rules]: any valid composition of rule modules (``base=`` keeps a ruleset's slots);
- [`games`][hartenjagen.testing.games]: states reached by random legal play, in any phase;
- [`moves`][hartenjagen.testing.moves]: legal and illegal moves (and things that are no move at all) for a state;
- [`playouts`][hartenjagen.testing.playouts]: whole games, as the list of ``(state, move)`` steps
  (a [`Playout`][hartenjagen.testing.Playout], which prints as its rules, seed and final state).

[`check_rules`][hartenjagen.testing.check_rules] plays random games under a ruleset (or a preset) and
checks at every step what must hold whatever the rules are; on a failure hypothesis shrinks the game,
and it raises [`RulesCheckFailed`][hartenjagen.testing.RulesCheckFailed] with the short counterexample.

The strategies live in `hartenjagen.testing.strategies` and the check in
`hartenjagen.testing.conformance`; every public name is here as well.
"""

from __future__ import annotations

try:
    import hypothesis  # noqa: F401 - imported first, to say how to install it
except ImportError as _error:  # pragma: no cover - exercised by a test that hides hypothesis
    raise ImportError(
        "hartenjagen.testing needs hypothesis, which is not installed: pip install hartenjagen[testing]"
        " (from a checkout: python -m pip install '.[testing]')"
    ) from _error

from hartenjagen.testing._common import ANY, SLOTS
from hartenjagen.testing.conformance import RulesCheckFailed, check_rules
from hartenjagen.testing.strategies import Playout, cards, decks, games, modules, moves, playouts, rules

__all__ = [
    "ANY",
    "SLOTS",
    "Playout",
    "RulesCheckFailed",
    "cards",
    "check_rules",
    "decks",
    "games",
    "modules",
    "moves",
    "playouts",
    "rules",
]

# Failures show (and pickle) under the name users import them by.
RulesCheckFailed.__module__ = __name__
Playout.__module__ = __name__
