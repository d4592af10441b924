"""Leading: when hearts may be led, and what breaks them (sources §1.7).

Only tricks after the first are governed here; the first lead belongs to the
``opening`` slot. Whatever a leading module says, a leader whose hand holds
nothing it allows may lead any card (the only-hearts exception; the engine
applies it so that a legal move always exists).
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen._repr import enum_repr
from hartenjagen._whole import is_whole
from hartenjagen.cards import QUEEN_OF_SPADES, AnyCard, Card, Suit
from hartenjagen.catalogue import english
from hartenjagen.errors import RulesError
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.context import PlayContext
from hartenjagen.rules.jokers import suit_led
from hartenjagen.rules.plan import HeartsOpen, LeadingPlan

if TYPE_CHECKING:
    from hartenjagen.rules import Rules


class BrokenBy(enum.Enum):
    """Which hearts break hearts."""

    __repr__ = enum_repr

    #: any heart led, followed or discarded (Gamehelphearts, Hoemke #2, Microsoft, OpenSpiel; ``any_heart_played``)
    ANY_HEART = "any_heart_played"
    #: only a heart discarded by a player who could not follow suit (Black Lady 3p, Spelregelwijzer; ``heart_discarded``)
    HEART_DISCARDED = "heart_discarded"


class HeartsAndQueen(enum.Enum):
    """What a leader holding only hearts and the Q♠ may lead while hearts are unbroken."""

    __repr__ = enum_repr

    #: only the Q♠ (OpenSpiel default, Gamehelphearts; ``qs_forced``)
    QUEEN_FORCED = "qs_forced"
    #: the Q♠ or any heart (OpenSpiel ``can_lead_hearts_instead_of_qs``; ``hearts_or_qs``)
    HEARTS_OR_QUEEN = "hearts_or_qs"


class Leading(RuleModule):
    """The ``leading`` slot: the cards a leader may lead after the first trick, and what breaks hearts.

    A module of your own derives from this class and writes its rule on cards:
    [`playable`][hartenjagen.rules.leading.Leading.playable] (given a
    [`PlayContext`][hartenjagen.rules.context.PlayContext] whose ``allowed`` is
    the leader's hand), ``breaks_hearts`` and ``refusal_text``. The built-in
    modules also state their rule as a plan, which the core reads for speed.
    """

    #: the sentence a player reads when a lead is refused ("" for a generic one)
    refusal_text: str = ""

    def playable(self, context: PlayContext) -> Iterable[AnyCard]:
        """The cards of ``context.allowed`` (the leader's hand) that may be led (default: all).

        An answer with none of them leaves the whole hand: the only-hearts
        exception, which the engine applies so that a legal move always exists.
        ``context.allowed`` holds no jokers (the leader's are ``context.jokers``):
        an answer that names none leaves them as they were, so a rule on
        suits needs no change for a deck with jokers; one that names jokers
        allows those and refuses the others. A joker is a card besides the
        hearts: a leader holding hearts and a joker leads the joker (the
        built-in rules' reading, docs/rules.md).
        """
        return context.allowed

    def breaks_hearts(self, card: Card, discarded: bool, trick_number: int) -> bool:
        """Whether playing ``card`` breaks hearts (``discarded``: played while void in the led suit;
        ``trick_number`` from 1). Default: any heart does.

        Asked of the 52 cards only, never of a joker: a joker breaks hearts
        when the deck's `Deck.joker_role` makes it a heart, and else never.
        """
        return card.suit is Suit.HEARTS

    def refusal(self, rules: Rules) -> str:
        """A sentence saying why a card may not be led: ``refusal_text``, or a generic one."""
        return self.refusal_text or english("refusal.leading.generic")

    def plan(self) -> LeadingPlan | None:
        """The rule as data for the core (``None``: the core calls the hooks; see `hartenjagen.rules.plan`)."""
        return None


#: The hooks whose override makes the core call a leading module instead of reading its plan.
HOOKS: Final[tuple[str, ...]] = ("playable", "breaks_hearts", "hearts_open", "condition")


def _enum(value: object, kind: type[enum.Enum], name: str) -> None:
    if not isinstance(value, kind):
        raise RulesError(f"leading: {name} must be a {kind.__name__}, not {value!r}")


def _flag(value: object, name: str) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"leading: {name} must be True or False, not {value!r}")


@attrs.frozen(kw_only=True, repr=False)
class RestrictedHeartLeads(Leading):
    """Base of the rules that forbid leading hearts until some condition holds.

    While hearts are closed, a leader whose other cards are only the Q♠ may
    lead the Q♠ alone (``QUEEN_FORCED``) or also any heart
    (``HEARTS_OR_QUEEN``); with ``queen_like_heart`` the Q♠ is closed like a
    heart (sources §1.8, weakly sourced). A leader holding
    nothing else may lead anything (the only-hearts exception).
    """

    hearts_and_queen: HeartsAndQueen = HeartsAndQueen.QUEEN_FORCED
    queen_like_heart: bool = False

    def __attrs_post_init__(self) -> None:
        _enum(self.hearts_and_queen, HeartsAndQueen, "hearts_and_queen")
        _flag(self.queen_like_heart, "queen_like_heart")

    @abc.abstractmethod
    def hearts_open(self, context: PlayContext) -> bool:
        """Whether hearts may be led now."""

    def playable(self, context: PlayContext) -> Iterable[AnyCard]:
        if self.hearts_open(context):
            return context.allowed
        others = {card for card in context.allowed if not self._closed(card)}
        # A joker that is no heart (its role) may be led: the leader holds something else than hearts.
        deck = context.rules.deck
        jokers = [joker for joker in context.jokers if deck.joker_role(joker).suit is not Suit.HEARTS]
        if (
            self.hearts_and_queen is HeartsAndQueen.HEARTS_OR_QUEEN
            and others == {QUEEN_OF_SPADES}
            and not jokers
        ):
            return context.allowed
        if not others and not jokers:
            return context.allowed  # a hand of only closed cards may lead any of them
        return [*others, *jokers]

    def _closed(self, card: Card) -> bool:
        return card.suit is Suit.HEARTS or (self.queen_like_heart and card == QUEEN_OF_SPADES)

    def refusal(self, rules: Rules) -> str:
        what = english("refusal.what.hearts_or_queen" if self.queen_like_heart else "refusal.what.hearts")
        return english("refusal.leading", what=what, condition=self.condition())

    @abc.abstractmethod
    def condition(self) -> str:
        """When hearts open, in words that follow "hearts may not be led"."""

    def _closed_plan(self, opens: HeartsOpen, tricks: int = 0) -> LeadingPlan:
        return LeadingPlan(
            opens,
            tricks,
            queen_closed=self.queen_like_heart,
            hearts_or_queen=self.hearts_and_queen is HeartsAndQueen.HEARTS_OR_QUEEN,
        )


@attrs.frozen(kw_only=True, repr=False)
class HeartsAfterBroken(RestrictedHeartLeads):
    """Hearts may be led only once hearts are broken: a heart was played in an earlier trick.

    ``broken_by`` says which hearts break them, ``queen_breaks`` whether the Q♠
    does too (a house rule in Black Lady 3p/Spelregelwijzer; OpenSpiel's default) and
    ``break_on_first_trick=False`` ignores trick one (weakly sourced).
    sources §1.7; Black Lady 3p, Spelregelwijzer, Gamehelphearts, Hoemke #2, Microsoft, OpenSpiel.
    """

    broken_by: BrokenBy = BrokenBy.ANY_HEART
    queen_breaks: bool = False
    break_on_first_trick: bool = True

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        _enum(self.broken_by, BrokenBy, "broken_by")
        _flag(self.queen_breaks, "queen_breaks")
        _flag(self.break_on_first_trick, "break_on_first_trick")

    def hearts_open(self, context: PlayContext) -> bool:
        return context.hearts_broken

    def breaks_hearts(self, card: Card, discarded: bool, trick_number: int) -> bool:
        if trick_number == 1 and not self.break_on_first_trick:
            return False
        if self.queen_breaks and card == QUEEN_OF_SPADES:
            return True
        if card.suit is not Suit.HEARTS:
            return False
        return discarded or self.broken_by is BrokenBy.ANY_HEART

    def condition(self) -> str:
        return english("refusal.condition.until_broken")

    def plan(self) -> LeadingPlan:
        return attrs.evolve(
            self._closed_plan(HeartsOpen.BROKEN),
            hearts_followed_break=self.broken_by is BrokenBy.ANY_HEART,
            queen_breaks=self.queen_breaks,
            break_on_first_trick=self.break_on_first_trick,
        )


@attrs.frozen(kw_only=True, repr=False)
class HeartsAfterTricks(RestrictedHeartLeads):
    """Hearts may be led from trick ``tricks + 1`` on (sources §1.7: Hoemke #1; ``after_trick_3``: Hoemke #3)."""

    tricks: int = 1

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        if not is_whole(self.tricks) or self.tricks < 1:
            raise RulesError(f"leading: tricks must be a whole number >= 1, not {self.tricks!r}")

    def hearts_open(self, context: PlayContext) -> bool:
        return len(context.tricks) >= self.tricks

    def condition(self) -> str:
        return english("refusal.condition.before_trick", trick=self.tricks + 1)

    def plan(self) -> LeadingPlan:
        return self._closed_plan(HeartsOpen.AFTER_TRICKS, self.tricks)


@attrs.frozen(kw_only=True, repr=False)
class HeartsAfterSuitsLed(RestrictedHeartLeads):
    """Hearts may be led once clubs, diamonds and spades have each been led, or two of them twice each.

    Counted over the earlier tricks of the hand. sources §1.7; Hoemke #4.
    """

    def hearts_open(self, context: PlayContext) -> bool:
        led = [0, 0, 0, 0]
        deck = context.rules.deck
        for trick in context.tricks:
            suit = suit_led(
                trick.cards, deck
            )  # a joker of a suit leads it; a trick of other jokers only, none
            if suit is not None:
                led[suit] += 1
        others = (led[Suit.CLUBS], led[Suit.DIAMONDS], led[Suit.SPADES])
        return all(others) or sum(1 for count in others if count >= 2) >= 2

    def condition(self) -> str:
        return english("refusal.condition.until_suits_led")

    def plan(self) -> LeadingPlan:
        return self._closed_plan(HeartsOpen.SUITS_LED)


@attrs.frozen(repr=False)
class HeartsAnytime(Leading):
    """Hearts may be led at any time (sources §1.7; Spelregelwijzer "originally", Black Maria, OpenSpiel)."""

    def refusal(self, rules: Rules) -> str:  # pragma: no cover - never refuses
        return english("refusal.opening.any")

    def plan(self) -> LeadingPlan:
        return LeadingPlan(HeartsOpen.ALWAYS)


#: Hearts are led once a heart has been played; the Q♠ does not break them.
AFTER_BROKEN: Final = HeartsAfterBroken()
#: As AFTER_BROKEN, but playing the Q♠ breaks hearts too.
QUEEN_BREAKS: Final = HeartsAfterBroken(queen_breaks=True)
#: Hearts may be led from trick 2 (Hoemke #1).
AFTER_TRICK_1: Final = HeartsAfterTricks(tricks=1)
#: Hearts may be led from trick 4 (Hoemke #3).
AFTER_TRICK_3: Final = HeartsAfterTricks(tricks=3)
#: Hearts may be led once the other suits have been led (Hoemke #4).
AFTER_SUITS_LED: Final = HeartsAfterSuitsLed()
#: Hearts may always be led.
ANYTIME: Final = HeartsAnytime()
