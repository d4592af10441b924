"""First trick: what may be played to trick one (sources §1.6)."""

from __future__ import annotations

import abc
import enum
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen._repr import enum_repr
from hartenjagen.bitmask import bits
from hartenjagen.catalogue import english
from hartenjagen.errors import RulesError
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.plan import FirstTrickPlan

if TYPE_CHECKING:
    from hartenjagen.table import Table


class RestrictedCards(enum.Enum):
    """Which cards count as penalty cards on the first trick."""

    __repr__ = enum_repr

    #: every card worth more than 0 under the scoring module (sources §1.6)
    POSITIVE_VALUED = "positive_valued"
    #: hearts and the Q♠, literally (Black Lady 3p, Gamehelphearts, OpenSpiel; ``hearts_and_qs``)
    HEARTS_AND_QUEEN = "hearts_and_qs"


class ForcedChoice(enum.Enum):
    """What a player who holds only restricted cards may play."""

    __repr__ = enum_repr

    #: any of them, the Q♠ included (OpenSpiel; ``forced_any``)
    ANY = "forced_any"
    #: only the restricted cards of the lowest value (``forced_min_value``, unsourced)
    MIN_VALUE = "forced_min_value"


class FirstTrick(RuleModule):
    """The ``first_trick`` slot: a filter on the cards allowed in trick one."""

    @abc.abstractmethod
    def filter(self, candidates: int, table: Table) -> int:
        """Narrow ``candidates`` (after following suit and the lead rule); never empty it."""

    @abc.abstractmethod
    def refusal(self, table: Table) -> str:
        """A sentence saying what may not be played to the first trick."""

    def plan(self) -> FirstTrickPlan | None:
        """The rule as data for the core (``None``: the core calls ``filter``; see `hartenjagen.rules.plan`)."""
        return None


#: The hooks whose override makes the core call a first-trick module instead of reading its plan.
HOOKS: Final[tuple[str, ...]] = ("filter", "restricted_mask")


@attrs.frozen(repr=False)
class NoPointsUnlessForced(FirstTrick):
    """No penalty card may be played to the first trick unless the player has no other legal card.

    The rule applies to the leader too when the lead rule leaves a choice;
    following suit comes first. sources §1.6; Black Lady 3p,
    Spelregelwijzer, Hoemke, OpenSpiel ``no_pts_on_first_trick``.
    """

    restricted: RestrictedCards = RestrictedCards.POSITIVE_VALUED
    forced: ForcedChoice = ForcedChoice.ANY

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.restricted, RestrictedCards):
            raise RulesError(f"first_trick: restricted must be a RestrictedCards, not {self.restricted!r}")
        if not isinstance(self.forced, ForcedChoice):
            raise RulesError(f"first_trick: forced must be a ForcedChoice, not {self.forced!r}")

    def restricted_mask(self, table: Table) -> int:
        """The physical cards this rule keeps off the first trick."""
        if self.restricted is RestrictedCards.POSITIVE_VALUED:
            return table.positive_mask
        return table.hearts_mask | table.queen_mask

    def filter(self, candidates: int, table: Table) -> int:
        restricted = self.restricted_mask(table)
        free = candidates & ~restricted
        if free:
            return free
        if self.forced is ForcedChoice.ANY:
            return candidates
        lowest = min(table.values[table.card_of[p].index] for p in bits(candidates))
        return sum(1 << p for p in bits(candidates) if table.values[table.card_of[p].index] == lowest)

    def plan(self) -> FirstTrickPlan:
        return FirstTrickPlan(self.restricted.value, forced_lowest=self.forced is ForcedChoice.MIN_VALUE)

    def refusal(self, table: Table) -> str:
        positive = self.restricted is RestrictedCards.POSITIVE_VALUED
        what = english("refusal.what.penalty_cards" if positive else "refusal.what.hearts_or_queen")
        return english("refusal.first_trick", what=what)


@attrs.frozen(repr=False)
class AnythingOnFirstTrick(FirstTrick):
    """The first trick is played like any other (sources §1.6; Black Lady 3p house rule, Dutch rules)."""

    def filter(self, candidates: int, table: Table) -> int:
        return candidates

    def refusal(self, table: Table) -> str:  # pragma: no cover - never refuses
        return english("refusal.first_trick.anything")

    def plan(self) -> FirstTrickPlan:
        return FirstTrickPlan(None)


#: No penalty cards on trick one unless forced; forced players may play any of them.
NO_POINTS_UNLESS_FORCED: Final = NoPointsUnlessForced()
#: No restriction on trick one.
ANYTHING: Final = AnythingOnFirstTrick()
