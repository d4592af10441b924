"""Opening: who leads the first trick of a hand, and with what (sources §1.5)."""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.bitmask import bits
from hartenjagen.cards import TWO_OF_CLUBS, Card, Rank, Suit
from hartenjagen.catalogue import english
from hartenjagen.errors import RulesError
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.plan import FirstLead, OpeningPlan

if TYPE_CHECKING:
    from hartenjagen.rules import Rules
    from hartenjagen.table import Table


class Opening(RuleModule):
    """The ``opening`` slot: the first leader of a hand and the cards they may lead."""

    @abc.abstractmethod
    def leader(self, hands: tuple[int, ...], dealer: int, table: Table) -> int:
        """The seat that leads the first trick, given the hands after passing."""

    @abc.abstractmethod
    def lead_mask(self, hand: int, table: Table) -> int:
        """The cards of ``hand`` (a bitmask) the first leader may lead."""

    @abc.abstractmethod
    def refusal(self, table: Table) -> str:
        """A sentence saying what the first lead must be."""

    def leader_cards(self, table: Table) -> tuple[Card, ...]:
        """The cards whose holder, first clockwise from eldest, this opening makes the first leader.

        What the first lead reveals to everyone: that seat holds one of these
        cards and the seats between eldest and it hold none. The default,
        ``()``, says the leader does not depend on the hands (eldest leads).
        Bots' determinization ([`hartenjagen.bots.determinize`][hartenjagen.bots.determinize]) reads it.
        """
        return ()

    def plan(self) -> OpeningPlan | None:
        """The opening as data for the core (``None``: the core calls the hooks).

        See [`hartenjagen.rules.plan`][hartenjagen.rules.plan].
        """
        return None


#: The hooks whose override makes the core call an opening module instead of reading its plan.
HOOKS: Final[tuple[str, ...]] = ("leader", "lead_mask", "leader_cards")


def lowest_club(table: Table) -> Card:
    """The lowest club in the pack (2♣, or 3♣ when the 2♣ is out, 7♣ in a piquet pack)."""
    clubs = table.suit_masks[Suit.CLUBS]
    return table.card_of[(clubs & -clubs).bit_length() - 1]


def _holder_from_eldest(hands: tuple[int, ...], dealer: int, cards: int) -> int:
    players = len(hands)
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if hands[seat] & cards:
            return seat
    raise AssertionError("the opening card is in no hand")  # pragma: no cover - conservation


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

    def leader(self, hands: tuple[int, ...], dealer: int, table: Table) -> int:
        return _holder_from_eldest(hands, dealer, table.bits_of[lowest_club(table).index])

    def lead_mask(self, hand: int, table: Table) -> int:
        return hand & table.bits_of[lowest_club(table).index]

    def refusal(self, table: Table) -> str:
        return english("refusal.opening.lowest_club", card=lowest_club(table).symbol)

    def leader_cards(self, table: Table) -> tuple[Card, ...]:
        return (lowest_club(table),)

    def check(self, rules: Rules) -> None:
        _check_clubs(self, rules)


@attrs.frozen(repr=False)
class LowestClubHolderLeadsAnyClub(Opening):
    """The holder of the lowest club leads the first trick with any club they choose.

    sources §1.5; OpenSpiel ``can_lead_any_club``.
    """

    def plan(self) -> OpeningPlan:
        return OpeningPlan(FirstLead.CLUBS)

    def leader(self, hands: tuple[int, ...], dealer: int, table: Table) -> int:
        return _holder_from_eldest(hands, dealer, table.bits_of[lowest_club(table).index])

    def lead_mask(self, hand: int, table: Table) -> int:
        return hand & table.suit_masks[Suit.CLUBS]

    def refusal(self, table: Table) -> str:
        return english("refusal.opening.any_club")

    def leader_cards(self, table: Table) -> tuple[Card, ...]:
        return (lowest_club(table),)

    def check(self, rules: Rules) -> None:
        _check_clubs(self, rules)


def _lowest_rank_cards(cards: int, table: Table) -> int:
    """The cards of ``cards`` (a bitmask) of the lowest rank among them, in any suit."""
    lowest = min(table.card_of[p].rank for p in bits(cards))
    return sum(1 << p for p in bits(cards) if table.card_of[p].rank == lowest)


@attrs.frozen(repr=False)
class EldestLeadsLowestNonHeart(Opening):
    """Eldest leads their lowest-ranked card that is not a heart (their choice on a tie across suits).

    If eldest holds only hearts, they lead their lowest heart. sources
    §1.5; Hoemke #1.
    """

    def leader(self, hands: tuple[int, ...], dealer: int, table: Table) -> int:
        return (dealer + 1) % len(hands)

    def lead_mask(self, hand: int, table: Table) -> int:
        return _lowest_rank_cards(hand & ~table.hearts_mask or hand, table)

    def refusal(self, table: Table) -> str:
        return english("refusal.opening.lowest_non_heart")


@attrs.frozen(repr=False)
class EldestLeadsLowestOfChosenSuit(Opening):
    """Eldest chooses a suit other than hearts and leads its lowest card (lowest heart if only hearts).

    The alternative reading of Hoemke #1 (sources §1.5).
    """

    def leader(self, hands: tuple[int, ...], dealer: int, table: Table) -> int:
        return (dealer + 1) % len(hands)

    def lead_mask(self, hand: int, table: Table) -> int:
        allowed = 0
        for suit in Suit:
            if suit is Suit.HEARTS:
                continue
            cards = hand & table.suit_masks[suit]
            if cards:
                allowed |= _lowest_rank_cards(cards, table)
        return allowed or _lowest_rank_cards(hand, table)

    def refusal(self, table: Table) -> str:
        return english("refusal.opening.lowest_of_chosen_suit")


_DEUCES: Final = (Card(Rank.TWO, Suit.CLUBS), Card(Rank.TWO, Suit.DIAMONDS), Card(Rank.TWO, Suit.SPADES))


@attrs.frozen(repr=False)
class FirstDeuceFromEldest(Opening):
    """Going clockwise from eldest, the first player holding the 2♣, 2♦ or 2♠ leads one of them.

    sources §1.5; Hoemke #3.
    """

    def plan(self) -> OpeningPlan:
        return OpeningPlan(FirstLead.LEADER_CARDS)

    def leader(self, hands: tuple[int, ...], dealer: int, table: Table) -> int:
        return _holder_from_eldest(hands, dealer, _deuce_bits(table))

    def lead_mask(self, hand: int, table: Table) -> int:
        return hand & _deuce_bits(table)

    def refusal(self, table: Table) -> str:
        return english("refusal.opening.deuce")

    def leader_cards(self, table: Table) -> tuple[Card, ...]:
        return tuple(card for card in _DEUCES if table.bits_of[card.index])

    def check(self, rules: Rules) -> None:
        pack = rules.deck.pack()
        if not any(card in pack for card in _DEUCES):
            raise RulesError(f"opening {self!r} leads a deuce, but deck {rules.deck!r} has no 2♣, 2♦ or 2♠")


def _deuce_bits(table: Table) -> int:
    bits = 0
    for card in _DEUCES:
        bits |= table.bits_of[card.index]
    return bits


@attrs.frozen(repr=False)
class ShowTwoOfClubsLeadSafe(Opening):
    """The 2♣ holder shows it and leads any card worth nothing under the scoring (the 2♣ itself will do).

    sources §1.5; Hoemke #4.
    """

    def plan(self) -> OpeningPlan:
        return OpeningPlan(FirstLead.WORTHLESS)

    def leader(self, hands: tuple[int, ...], dealer: int, table: Table) -> int:
        return _holder_from_eldest(hands, dealer, table.bits_of[TWO_OF_CLUBS.index])

    def lead_mask(self, hand: int, table: Table) -> int:
        return hand & ~table.nonzero_mask

    def refusal(self, table: Table) -> str:
        return english("refusal.opening.no_points")

    def leader_cards(self, table: Table) -> tuple[Card, ...]:
        return (TWO_OF_CLUBS,)

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

    def leader(self, hands: tuple[int, ...], dealer: int, table: Table) -> int:
        return (dealer + 1) % len(hands)

    def lead_mask(self, hand: int, table: Table) -> int:
        return hand

    def refusal(self, table: Table) -> str:  # pragma: no cover - never refuses
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
