"""Passing: how many cards go where before play (RULES.md §1.4)."""

from __future__ import annotations

import abc
import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.errors import RulesError

if TYPE_CHECKING:
    from hartenjagen.rules import Rules


class PassDirection(enum.Enum):
    """Where a seat's passed cards go. Left is the next seat clockwise (seat + 1)."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"

    def offset(self, players: int) -> int:
        """The receiving seat minus the giving seat, modulo ``players`` (0 for a hold hand)."""
        if self is PassDirection.LEFT:
            return 1
        if self is PassDirection.RIGHT:
            return players - 1
        if self is PassDirection.ACROSS:
            return players // 2
        return 0


class Passing(abc.ABC):
    """The ``passing`` slot: how many cards each seat passes, and where, in hand ``h``."""

    @abc.abstractmethod
    def direction(self, hand_index: int, players: int) -> PassDirection:
        """The direction for hand ``hand_index`` (the first hand is 0)."""

    @abc.abstractmethod
    def count(self, hand_index: int, players: int) -> int:
        """How many cards each seat passes in hand ``hand_index`` (0: no passing)."""

    def check(self, rules: Rules) -> None:  # noqa: B027 - optional hook
        """Raise :class:`RulesError` if this module cannot work with the rest of ``rules``."""


def _directions(value: Iterable[PassDirection]) -> tuple[PassDirection, ...]:
    directions = tuple(value)
    if not directions or not all(isinstance(d, PassDirection) for d in directions):
        raise RulesError(f"passing: directions must be a non-empty list of PassDirection, not {value!r}")
    return directions


@attrs.frozen
class PassCycle(Passing):
    """Every seat passes ``cards`` cards; hand ``h`` uses ``directions[h % len(directions)]``.

    The default cycle is left, right, across, hold with three cards
    (RULES.md ``l_r_a_h``; S002, S004 #2, Microsoft Hearts).
    """

    directions: tuple[PassDirection, ...] = attrs.field(
        default=(PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD),
        converter=_directions,
    )
    cards: int = 3

    def __attrs_post_init__(self) -> None:
        if isinstance(self.cards, bool) or not isinstance(self.cards, int) or self.cards < 0:
            raise RulesError(f"passing: cards must be a whole number >= 0, not {self.cards!r}")

    def direction(self, hand_index: int, players: int) -> PassDirection:
        return self.directions[hand_index % len(self.directions)]

    def count(self, hand_index: int, players: int) -> int:
        if self.direction(hand_index, players) is PassDirection.HOLD:
            return 0
        return self.cards

    def check(self, rules: Rules) -> None:
        players = rules.deck.players
        if PassDirection.ACROSS in self.directions and players % 2:
            raise RulesError(
                f"passing {self!r} passes across, which needs an even number of players, "
                f"but deck {rules.deck!r} has {players}"
            )
        hand_size = len(rules.deck.pack()) // players
        if any(d is not PassDirection.HOLD for d in self.directions) and self.cards > hand_size:
            raise RulesError(
                f"passing {self!r} passes {self.cards} cards, more than the {hand_size} "
                f"in a hand of deck {rules.deck!r}"
            )


#: Left, right, across, hold; three cards (RULES.md ``l_r_a_h``).
LEFT_RIGHT_ACROSS_HOLD: Final = PassCycle()
#: No passing in any hand (RULES.md ``none``; OpenSpiel ``pass_cards=false``).
NO_PASSING: Final = PassCycle(directions=(PassDirection.HOLD,))
