"""Moon: what taking every penalty card in one hand does (RULES.md §1.10)."""

from __future__ import annotations

import abc
import enum
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.errors import RulesError

if TYPE_CHECKING:
    from hartenjagen.rules import Rules
    from hartenjagen.table import Table


class MoonSet(enum.Enum):
    """The cards one player must capture to shoot the moon."""

    #: every card with a positive value; the J♦ is not needed (OpenSpiel; ``all_positive``)
    ALL_POSITIVE = "all_positive"
    #: every card with a value other than 0, bonus cards included (``all_nonzero``)
    ALL_NONZERO = "all_nonzero"


class Moon(abc.ABC):
    """The ``moon`` slot: turns raw hand points into the points each seat scores."""

    @abc.abstractmethod
    def settle(
        self, raw: tuple[int, ...], taken: tuple[int, ...], table: Table
    ) -> tuple[tuple[int, ...], int | None]:
        """The points each seat scores this hand, and the shooter's seat (or ``None``)."""

    def check(self, rules: Rules) -> None:  # noqa: B027 - optional hook
        """Raise :class:`RulesError` if this module cannot work with the rest of ``rules``."""


def moon_mask(moon_set: MoonSet, table: Table) -> int:
    """The physical cards a shooter must capture."""
    return table.positive_mask if moon_set is MoonSet.ALL_POSITIVE else table.nonzero_mask


def shooter(moon_set: MoonSet, taken: tuple[int, ...], table: Table) -> int | None:
    """The seat that captured the whole moon set, if any."""
    needed = moon_mask(moon_set, table)
    if not needed:
        return None
    for seat, mask in enumerate(taken):
        if mask & needed == needed:
            return seat
    return None


@attrs.frozen
class OthersPlus(Moon):
    """A shooter scores nothing for the moon cards and every other player gets ``amount`` more.

    The shooter keeps the value of cards outside the moon set (an Omnibus
    shooter who took the J♦ scores −10). ``amount=None`` means the total of all
    positive card values (26 in Black Lady). RULES.md ``others_plus``; S000,
    S002, S003, S004, Microsoft, OpenSpiel.
    """

    amount: int | None = None
    moon_set: MoonSet = MoonSet.ALL_POSITIVE

    def __attrs_post_init__(self) -> None:
        if self.amount is not None and (isinstance(self.amount, bool) or not isinstance(self.amount, int)):
            raise RulesError(f"moon: amount must be a whole number or None, not {self.amount!r}")
        if not isinstance(self.moon_set, MoonSet):
            raise RulesError(f"moon: moon_set must be a MoonSet, not {self.moon_set!r}")

    def settle(
        self, raw: tuple[int, ...], taken: tuple[int, ...], table: Table
    ) -> tuple[tuple[int, ...], int | None]:
        seat = shooter(self.moon_set, taken, table)
        if seat is None:
            return raw, None
        amount = table.positive_total if self.amount is None else self.amount
        moon_points = table.points(taken[seat] & moon_mask(self.moon_set, table))
        return (
            tuple(points - moon_points if s == seat else points + amount for s, points in enumerate(raw)),
            seat,
        )


@attrs.frozen
class NoMoon(Moon):
    """Taking every penalty card has no special effect (RULES.md moon ``none``; Black Maria)."""

    def settle(
        self, raw: tuple[int, ...], taken: tuple[int, ...], table: Table
    ) -> tuple[tuple[int, ...], int | None]:
        return raw, None


#: The shooter scores 0 for the moon cards; everyone else gets the scheme's positive total.
OTHERS_PLUS: Final = OthersPlus()
#: No moon.
NO_MOON: Final = NoMoon()
