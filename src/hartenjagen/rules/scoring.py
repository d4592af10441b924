"""Card points: what each captured card is worth (RULES.md §1.9).

Points are penalty points: higher is worse. A scoring module is data: a
table of card values that anyone can write, e.g.
``CardPoints({"QS": 13, "JD": -10, **{f"{r}H": 1 for r in "23456789TJQKA"}})``.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import attrs

from hartenjagen.cards import QUEEN_OF_SPADES, Card, Suit, cards_of_suit
from hartenjagen.errors import RulesError

if TYPE_CHECKING:
    from hartenjagen.rules import Rules
    from hartenjagen.table import Table


class Scoring(abc.ABC):
    """The ``scoring`` slot: the value of each card, and each seat's raw points for a hand."""

    @abc.abstractmethod
    def card_value(self, card: Card) -> int:
        """The penalty value of ``card`` (0 for cards that do not score)."""

    def hand_points(self, taken: tuple[int, ...], table: Table) -> tuple[int, ...]:
        """Each seat's raw points from the cards it captured (bitmasks), before the moon."""
        return tuple(table.points(mask) for mask in taken)

    def check(self, rules: Rules) -> None:  # noqa: B027 - optional hook
        """Raise :class:`RulesError` if this module cannot work with the rest of ``rules``."""


def _values(value: Mapping[Any, int] | tuple[tuple[Card, int], ...]) -> tuple[tuple[Card, int], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    out: dict[Card, int] = {}
    try:
        for card_text, points in items:
            card = Card.parse(card_text)
            if isinstance(points, bool) or not isinstance(points, int):
                raise RulesError(f"scoring: the value of {card} must be a whole number, not {points!r}")
            if card in out:
                raise RulesError(f"scoring: {card} is given two values")
            if points:
                out[card] = points
    except (TypeError, ValueError) as error:
        if isinstance(error, RulesError):
            raise
        raise RulesError(f"scoring: values must map cards to whole numbers ({error})") from error
    return tuple(sorted(out.items()))


@attrs.frozen(repr=False)
class CardPoints(Scoring):
    """Each captured card scores the value in ``values``; cards not listed score 0.

    ``values`` maps cards (or card texts) to whole numbers; negative values are
    bonuses (Omnibus J♦ −10).
    """

    values: tuple[tuple[Card, int], ...] = attrs.field(converter=_values)
    name: str = attrs.field(default="", kw_only=True)

    def card_value(self, card: Card) -> int:
        for known, points in self.values:
            if known is card:
                return points
        return 0

    def __repr__(self) -> str:
        if self.name:
            return f"CardPoints({self.name})"
        return "CardPoints({" + ", ".join(f"{c}: {v}" for c, v in self.values) + "})"


_HEARTS: Final = {card: 1 for card in cards_of_suit(Suit.HEARTS)}

#: Each heart 1 (RULES.md ``hearts_only``; S004 #1, original Hearts).
HEARTS_ONLY: Final = CardPoints(_HEARTS, name="hearts_only")
#: Each heart 1, the Q♠ 13: 26 a hand (RULES.md ``black_lady``; S000, S002, S003, Microsoft, OpenSpiel).
BLACK_LADY: Final = CardPoints({**_HEARTS, QUEEN_OF_SPADES: 13}, name="black_lady")
#: Black Lady plus the J♦ at −10 (RULES.md ``omnibus_jd``; S002, S004 #3, OpenSpiel ``jd_bonus``).
OMNIBUS: Final = CardPoints({**_HEARTS, QUEEN_OF_SPADES: 13, "JD": -10}, name="omnibus_jd")
