"""Ending: when the game ends and who wins (RULES.md §1.11). Checked only between hands."""

from __future__ import annotations

import abc
import enum
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.errors import RulesError

if TYPE_CHECKING:
    from hartenjagen.rules import Rules


class Tie(enum.Enum):
    """What happens when several players share the winning total."""

    #: they all win (``shared``)
    SHARED = "shared"


class Ending(abc.ABC):
    """The ``ending`` slot: whether the game is over after a hand, and the winners."""

    @abc.abstractmethod
    def is_over(self, totals: tuple[int, ...], hands_played: int) -> bool:
        """Whether the game ends now, after ``hands_played`` complete hands with these totals."""

    @abc.abstractmethod
    def winners(self, totals: tuple[int, ...]) -> tuple[int, ...]:
        """The winning seats of a finished game."""

    def check(self, rules: Rules) -> None:  # noqa: B027 - optional hook
        """Raise :class:`RulesError` if this module cannot work with the rest of ``rules``."""


def lowest(totals: tuple[int, ...]) -> tuple[int, ...]:
    """The seats holding the lowest total."""
    best = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


@attrs.frozen
class ScoreLimit(Ending):
    """The game ends after the hand in which a total reaches ``limit``; the lowest total wins.

    ``inclusive=True`` ends at ``>= limit`` ("reaches or passes": S000, S002,
    Microsoft), ``False`` at ``> limit``. Tied lowest totals all win.
    RULES.md ``threshold``.
    """

    limit: int = 100
    inclusive: bool = True
    tie: Tie = Tie.SHARED

    def __attrs_post_init__(self) -> None:
        if isinstance(self.limit, bool) or not isinstance(self.limit, int) or self.limit <= 0:
            raise RulesError(f"ending: limit must be a whole number above 0, not {self.limit!r}")
        if not isinstance(self.inclusive, bool):
            raise RulesError(f"ending: inclusive must be True or False, not {self.inclusive!r}")
        if not isinstance(self.tie, Tie):
            raise RulesError(f"ending: tie must be a Tie, not {self.tie!r}")

    def is_over(self, totals: tuple[int, ...], hands_played: int) -> bool:
        top = max(totals)
        return top >= self.limit if self.inclusive else top > self.limit

    def winners(self, totals: tuple[int, ...]) -> tuple[int, ...]:
        return lowest(totals)


@attrs.frozen
class SingleHand(Ending):
    """The game is one hand; the lowest score wins (OpenSpiel's episodes)."""

    def is_over(self, totals: tuple[int, ...], hands_played: int) -> bool:
        return hands_played >= 1

    def winners(self, totals: tuple[int, ...]) -> tuple[int, ...]:
        return lowest(totals)


#: First to 100 or more ends the game; lowest total wins.
TO_100: Final = ScoreLimit()
#: One hand only.
SINGLE_HAND: Final = SingleHand()
