"""Helpers for the tests of the test kit ``hartenjagen.testing`` (tests/test_kit_*.py)."""

from __future__ import annotations

import inspect
from typing import Any

import attrs
from hypothesis import HealthCheck, Phase, settings

import hartenjagen as hj
from hartenjagen import rules

FAST = settings(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


#: Many draws, no shrinking: for tests that collect what the strategies reach.
SURVEY = settings(
    FAST,
    phases=[Phase.generate],
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


#: The slot of each rule module, and the base class of its modules.
SLOT_MODULES: dict[str, tuple[Any, type]] = {
    "deck": (rules.deck, rules.Deck),
    "duplicates": (rules.duplicates, rules.Duplicates),
    "trick_winner": (rules.trick_winner, rules.TrickWinner),
    "passing": (rules.passing, rules.Passing),
    "opening": (rules.opening, rules.Opening),
    "first_trick": (rules.first_trick, rules.FirstTrick),
    "leading": (rules.leading, rules.Leading),
    "scoring": (rules.scoring, rules.Scoring),
    "extras": (rules.extras, rules.HouseRule),
    "moon": (rules.moon, rules.Moon),
    "ending": (rules.ending, rules.Ending),
}


def library_classes(slot: str) -> set[type]:
    """Every public concrete module class the library defines for ``slot``."""
    module, base = SLOT_MODULES[slot]
    return {
        value
        for name, value in vars(module).items()
        if isinstance(value, type)
        and issubclass(value, base)
        and value is not base
        and not name.startswith("_")
        and not inspect.isabstract(value)
        and value.__module__ == module.__name__
    }


@attrs.frozen
class HeartsTwoQueenTen(rules.Scoring):
    """A scoring of a user's own that keeps its promise: hearts 2, the Q♠ 10."""

    def card_value(self, card: hj.Card) -> int:
        return 2 if card.suit is hj.Suit.HEARTS else 10 if card == hj.Card("QS") else 0
