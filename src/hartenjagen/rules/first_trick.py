"""First trick: what may be played to trick one (sources §1.6)."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen._repr import enum_repr
from hartenjagen.cards import QUEEN_OF_SPADES, Card, Suit
from hartenjagen.catalogue import english
from hartenjagen.errors import RulesError
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.context import PlayContext
from hartenjagen.rules.plan import FirstTrickPlan

if TYPE_CHECKING:
    from hartenjagen.rules import Rules


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
    """The ``first_trick`` slot: a rule on the cards played to trick one, by the leader and the followers.

    A module of your own writes ``playable`` on the
    [`PlayContext`][hartenjagen.rules.context.PlayContext] of a play to trick
    one (``context.allowed``: the cards following suit and the first lead
    allow) and ``refusal_text``. The rule never leaves a player without a
    card: when it would allow none, the cards before it stay allowed.
    """

    #: the sentence a player reads when a card is refused on the first trick ("" for a generic one)
    refusal_text: str = ""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        """The cards of ``context.allowed`` that may be played to the first trick (default: all of them).

        An answer with none of them leaves ``context.allowed`` as it is: a player who holds
        nothing else plays what the rule would keep off the trick (sources §1.6).
        An answer that names no joker leaves the jokers as they were (see `Leading.playable`).
        """
        return context.allowed

    def refusal(self, rules: Rules) -> str:
        """A sentence saying what may not be played to the first trick: ``refusal_text``, or a generic one."""
        return self.refusal_text or english("refusal.first_trick.generic")

    def plan(self) -> FirstTrickPlan | None:
        """The rule as data for the core (``None``: the core calls ``playable``; see `hartenjagen.rules.plan`)."""
        return None


#: The hooks whose override makes the core call a first-trick module instead of reading its plan.
HOOKS: Final[tuple[str, ...]] = ("playable", "is_restricted")


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

    def is_restricted(self, card: Card, rules: Rules) -> bool:
        """Whether this rule keeps ``card`` off the first trick (while there is another card to play)."""
        if self.restricted is RestrictedCards.POSITIVE_VALUED:
            return rules.scoring.card_value(card) > 0
        return card.suit is Suit.HEARTS or card == QUEEN_OF_SPADES

    def playable(self, context: PlayContext) -> Iterable[Card]:
        rules = context.rules
        free = {card for card in context.allowed if not self.is_restricted(card, rules)}
        if free or self.forced is ForcedChoice.ANY:
            return free or context.allowed
        lowest = min(rules.scoring.card_value(card) for card in context.allowed)
        return {card for card in context.allowed if rules.scoring.card_value(card) == lowest}

    def plan(self) -> FirstTrickPlan:
        return FirstTrickPlan(self.restricted.value, forced_lowest=self.forced is ForcedChoice.MIN_VALUE)

    def refusal(self, rules: Rules) -> str:
        positive = self.restricted is RestrictedCards.POSITIVE_VALUED
        what = english("refusal.what.penalty_cards" if positive else "refusal.what.hearts_or_queen")
        return english("refusal.first_trick", what=what)


@attrs.frozen(repr=False)
class AnythingOnFirstTrick(FirstTrick):
    """The first trick is played like any other (sources §1.6; Black Lady 3p house rule, Dutch rules)."""

    def refusal(self, rules: Rules) -> str:  # pragma: no cover - never refuses
        return english("refusal.first_trick.anything")

    def plan(self) -> FirstTrickPlan:
        return FirstTrickPlan(None)


#: No penalty cards on trick one unless forced; forced players may play any of them.
NO_POINTS_UNLESS_FORCED: Final = NoPointsUnlessForced()
#: No restriction on trick one.
ANYTHING: Final = AnythingOnFirstTrick()
