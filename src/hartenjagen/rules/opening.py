"""Opening: who leads the first trick of a hand, and with what (sources §1.5).

An opening module says who leads (``leader``, given an
[`OpeningContext`][hartenjagen.rules.context.OpeningContext] of every hand
after the exchange) and what the leader may lead (``playable``, given the
[`PlayContext`][hartenjagen.rules.context.PlayContext] of the first lead). Most
openings name the leader by a card: they declare ``leader_cards`` ("the holder
of the 2♣ leads"; a joker may be one: `CardLeads`) and the default ``leader``
finds its holder, nearest clockwise from eldest; a module that declares none
has eldest lead. What the
first lead reveals to everyone (that the leader holds one of those cards, and
the seats before it none) is read from the declaration by the bots.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.cards import TWO_OF_CLUBS, AnyCard, Card, Joker, Rank, Suit
from hartenjagen.catalogue import english
from hartenjagen.errors import RulesError
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.context import OpeningContext, PlayContext
from hartenjagen.rules.plan import FirstLead, OpeningPlan

if TYPE_CHECKING:
    from hartenjagen.rules import Rules
    from hartenjagen.rules.deck import Deck


class Opening(RuleModule):
    """The ``opening`` slot: the first leader of a hand and the cards they may lead.

    A module of your own overrides what it changes: ``leader_cards`` (the
    cards whose holder leads), ``leader`` (any other way to name the leader),
    ``playable`` (what the leader may lead) and ``refusal_text``.
    """

    #: the sentence a player reads when a first lead is refused ("" for a generic one)
    refusal_text: str = ""

    def leader_cards(self, rules: Rules) -> tuple[AnyCard, ...]:
        """The cards whose holder, first clockwise from eldest, leads the first trick (default: none, eldest leads).

        A declaration: the first lead tells everyone that the leader holds one
        of these cards and that the seats between eldest and it hold none. A
        joker of the deck (`Deck.jokers`) may be one of them (`CardLeads`).
        """
        return ()

    def leader(self, context: OpeningContext) -> int:
        """The seat that leads the first trick: the holder of a leader card nearest eldest, else eldest."""
        holder = context.nearest_holder(self.leader_cards(context.rules))
        return context.eldest if holder is None else holder

    def playable(self, context: PlayContext) -> Iterable[AnyCard]:
        """The cards of ``context.allowed`` (the leader's hand) the first lead may be (default: any).

        ``context.allowed`` holds no jokers: an answer may name the jokers of
        ``context.jokers`` (the leader's) too, and the default allows them.
        An answer with none of them (the leader holds no card the rule names)
        leaves the whole hand.
        """
        return context.allowed | frozenset(context.jokers) if context.jokers else context.allowed

    def refusal(self, rules: Rules) -> str:
        """A sentence saying what the first lead must be: ``refusal_text``, or a generic one."""
        return self.refusal_text or english("refusal.opening.generic")

    def plan(self) -> OpeningPlan | None:
        """The opening as data for the core (``None``: the core calls the hooks).

        See [`hartenjagen.rules.plan`][hartenjagen.rules.plan].
        """
        return None


#: The hooks whose override makes the core call an opening module instead of reading its plan.
HOOKS: Final[tuple[str, ...]] = ("leader", "playable", "leader_cards")


#: `lowest_club` by deck: it depends on the pack only, and a hook asks for it at every first lead.
#: Keyed by the deck, not the rules, so that it keeps no rules value (and its table) alive.
_LOWEST_CLUB: dict[Deck, Card] = {}


def lowest_club(rules: Rules) -> Card:
    """The lowest club in the pack (2♣, or 3♣ when the 2♣ is out, 7♣ in a piquet pack)."""
    deck = rules.deck
    card = _LOWEST_CLUB.get(deck)
    if card is None:
        card = min(card for card in deck.pack() if card.suit is Suit.CLUBS)
        if len(_LOWEST_CLUB) >= 64:  # bounded: decks come from outside
            _LOWEST_CLUB.clear()
        _LOWEST_CLUB[deck] = card
    return card


def _check_clubs(module: Opening, rules: Rules) -> None:
    if not any(card.suit is Suit.CLUBS for card in rules.deck.pack()):
        raise RulesError(f"opening {module!r} needs a club in the pack, but deck {rules.deck!r} has none")


@attrs.frozen(repr=False)
class LowestClubLeads(Opening):
    """The holder of the lowest club in the pack must lead it: the 2♣ normally.

    With two copies the holder nearest clockwise from eldest leads
    (sources §1.5; Black Lady 3p, Spelregelwijzer, Gamehelphearts, Hoemke #2, Microsoft, OpenSpiel).
    """

    def plan(self) -> OpeningPlan:
        return OpeningPlan(FirstLead.LEADER_CARDS)

    def leader_cards(self, rules: Rules) -> tuple[Card, ...]:
        return (lowest_club(rules),)

    def playable(self, context: PlayContext) -> Iterable[Card]:
        return context.allowed & set(self.leader_cards(context.rules))

    def refusal(self, rules: Rules) -> str:
        return english("refusal.opening.lowest_club", card=lowest_club(rules).symbol)

    def check(self, rules: Rules) -> None:
        _check_clubs(self, rules)


@attrs.frozen(repr=False)
class LowestClubHolderLeadsAnyClub(Opening):
    """The holder of the lowest club leads the first trick with any club they choose.

    sources §1.5; OpenSpiel ``can_lead_any_club``.
    """

    def plan(self) -> OpeningPlan:
        return OpeningPlan(FirstLead.CLUBS)

    def leader_cards(self, rules: Rules) -> tuple[Card, ...]:
        return (lowest_club(rules),)

    def playable(self, context: PlayContext) -> Iterable[Card]:
        return {card for card in context.allowed if card.suit is Suit.CLUBS}

    def refusal(self, rules: Rules) -> str:
        return english("refusal.opening.any_club")

    def check(self, rules: Rules) -> None:
        _check_clubs(self, rules)


def _lowest_rank(cards: Iterable[Card]) -> set[Card]:
    """The cards of the lowest rank among ``cards``, in any suit."""
    cards = set(cards)
    if not cards:
        return cards
    lowest = min(card.rank for card in cards)
    return {card for card in cards if card.rank == lowest}


@attrs.frozen(repr=False)
class EldestLeadsLowestNonHeart(Opening):
    """Eldest leads their lowest-ranked card that is not a heart (their choice on a tie across suits).

    If eldest holds only hearts, they lead their lowest heart. sources
    §1.5; Hoemke #1.
    """

    def plan(self) -> OpeningPlan:
        return OpeningPlan(FirstLead.LOWEST_NON_HEART)

    def playable(self, context: PlayContext) -> Iterable[Card]:
        others = {card for card in context.allowed if card.suit is not Suit.HEARTS}
        return _lowest_rank(others or context.allowed)

    def refusal(self, rules: Rules) -> str:
        return english("refusal.opening.lowest_non_heart")


@attrs.frozen(repr=False)
class EldestLeadsLowestOfChosenSuit(Opening):
    """Eldest chooses a suit other than hearts and leads its lowest card (lowest heart if only hearts).

    The alternative reading of Hoemke #1 (sources §1.5).
    """

    def plan(self) -> OpeningPlan:
        return OpeningPlan(FirstLead.LOWEST_OF_A_SUIT)

    def playable(self, context: PlayContext) -> Iterable[Card]:
        allowed: set[Card] = set()
        for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES):
            allowed |= _lowest_rank(card for card in context.allowed if card.suit is suit)
        return allowed or _lowest_rank(context.allowed)

    def refusal(self, rules: Rules) -> str:
        return english("refusal.opening.lowest_of_chosen_suit")


_DEUCES: Final = (Card(Rank.TWO, Suit.CLUBS), Card(Rank.TWO, Suit.DIAMONDS), Card(Rank.TWO, Suit.SPADES))


@attrs.frozen(repr=False)
class FirstDeuceFromEldest(Opening):
    """Going clockwise from eldest, the first player holding the 2♣, 2♦ or 2♠ leads one of them.

    sources §1.5; Hoemke #3.
    """

    def plan(self) -> OpeningPlan:
        return OpeningPlan(FirstLead.LEADER_CARDS)

    def leader_cards(self, rules: Rules) -> tuple[Card, ...]:
        pack = set(rules.deck.pack())
        return tuple(card for card in _DEUCES if card in pack)

    def playable(self, context: PlayContext) -> Iterable[Card]:
        return context.allowed & set(_DEUCES)

    def refusal(self, rules: Rules) -> str:
        return english("refusal.opening.deuce")

    def check(self, rules: Rules) -> None:
        if not self.leader_cards(rules):
            raise RulesError(f"opening {self!r} leads a deuce, but deck {rules.deck!r} has no 2♣, 2♦ or 2♠")


@attrs.frozen(repr=False)
class CardLeads(Opening):
    """The holder of ``card`` leads it to the first trick: a card of the pack, or one of the deck's jokers.

    With two copies of a card, the holder nearest clockwise from eldest leads
    one. ``CardLeads(JOKERS[0])`` is Cancellation Hearts for five and seven
    players (Wikipedia): the joker's holder leads it, and as a club (its role,
    `rules.jokers.ZERO_OF_CLUBS`) the others must follow clubs.
    """

    card: AnyCard = TWO_OF_CLUBS

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.card, Card | Joker):
            raise RulesError(f"CardLeads: card must be a Card or a Joker, not {self.card!r}")

    def plan(self) -> OpeningPlan:
        return OpeningPlan(FirstLead.LEADER_CARDS)

    def leader_cards(self, rules: Rules) -> tuple[AnyCard, ...]:
        return (self.card,)

    def playable(self, context: PlayContext) -> Iterable[AnyCard]:
        card = self.card
        if isinstance(card, Joker):
            return (card,) if card in context.jokers else ()
        return context.allowed & {card}

    def refusal(self, rules: Rules) -> str:
        return english("refusal.opening.lowest_club", card=self.card.symbol)

    def check(self, rules: Rules) -> None:
        card = self.card
        if card not in (rules.deck.jokers() if isinstance(card, Joker) else rules.deck.pack()):
            raise RulesError(f"opening {self!r} leads the {card.symbol}, but deck {rules.deck!r} has none")


@attrs.frozen(repr=False)
class ShowTwoOfClubsLeadSafe(Opening):
    """The 2♣ holder shows it and leads any card worth nothing under the scoring (the 2♣ itself will do).

    sources §1.5; Hoemke #4.
    """

    def plan(self) -> OpeningPlan:
        return OpeningPlan(FirstLead.WORTHLESS)

    def leader_cards(self, rules: Rules) -> tuple[Card, ...]:
        return (TWO_OF_CLUBS,)

    def playable(self, context: PlayContext) -> Iterable[Card]:
        value = context.rules.scoring.card_value
        return {card for card in context.allowed if value(card) == 0}

    def refusal(self, rules: Rules) -> str:
        return english("refusal.opening.no_points")

    def check(self, rules: Rules) -> None:
        if TWO_OF_CLUBS not in rules.deck.pack():
            raise RulesError(f"opening {self!r} needs the 2♣, but deck {rules.deck!r} has none")


@attrs.frozen(repr=False)
class EldestLeadsAny(Opening):
    """Eldest (left of the dealer) leads any card, penalty cards included.

    sources §1.5; Spelregelwijzer (Dutch: "mag meteen met een strafkaart
    beginnen"), Black Maria.
    """

    def plan(self) -> OpeningPlan:
        return OpeningPlan(FirstLead.ANY)

    def refusal(self, rules: Rules) -> str:  # pragma: no cover - never refuses
        return english("refusal.opening.any")


#: The 2♣ (the lowest club) leads.
LOWEST_CLUB: Final = LowestClubLeads()
#: The lowest club's holder leads any club.
ANY_CLUB: Final = LowestClubHolderLeadsAnyClub()
#: Eldest leads the lowest non-heart.
ELDEST_LOWEST_NON_HEART: Final = EldestLeadsLowestNonHeart()
#: Eldest leads the lowest card of a non-heart suit of their choice.
ELDEST_LOWEST_OF_CHOSEN_SUIT: Final = EldestLeadsLowestOfChosenSuit()
#: The first deuce from eldest leads.
FIRST_DEUCE_FROM_ELDEST: Final = FirstDeuceFromEldest()
#: The 2♣ holder leads a card worth nothing.
SHOW_TWO_OF_CLUBS_LEAD_SAFE: Final = ShowTwoOfClubsLeadSafe()
#: Eldest leads anything.
ELDEST_ANY: Final = EldestLeadsAny()
