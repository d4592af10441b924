"""Opening: who leads the first trick of a hand, and with what (RULES.md §1.5)."""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.cards import Card, Suit
from hartenjagen.errors import RulesError

if TYPE_CHECKING:
    from hartenjagen.rules import Rules
    from hartenjagen.table import Table


class Opening(abc.ABC):
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

    def check(self, rules: Rules) -> None:  # noqa: B027 - optional hook
        """Raise :class:`RulesError` if this module cannot work with the rest of ``rules``."""


def lowest_club(table: Table) -> Card:
    """The lowest club in the pack (2♣, or 3♣ when the 2♣ is out, 7♣ in a piquet pack)."""
    clubs = table.suit_masks[Suit.CLUBS]
    return table.card_of[(clubs & -clubs).bit_length() - 1]


def _holder_from_eldest(hands: tuple[int, ...], dealer: int, bits: int) -> int:
    players = len(hands)
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if hands[seat] & bits:
            return seat
    raise AssertionError("the opening card is in no hand")  # pragma: no cover - conservation


def _check_clubs(module: Opening, rules: Rules) -> None:
    if not any(card.suit is Suit.CLUBS for card in rules.deck.pack()):
        raise RulesError(f"opening {module!r} needs a club in the pack, but deck {rules.deck!r} has none")


@attrs.frozen
class LowestClubLeads(Opening):
    """The holder of the lowest club in the pack must lead it: the 2♣ normally.

    With two copies the holder nearest clockwise from eldest leads
    (RULES.md ``lowest_club``; S000, S002, S003, S004 #2, Microsoft, OpenSpiel).
    """

    def leader(self, hands: tuple[int, ...], dealer: int, table: Table) -> int:
        return _holder_from_eldest(hands, dealer, table.bits_of[lowest_club(table).index])

    def lead_mask(self, hand: int, table: Table) -> int:
        return hand & table.bits_of[lowest_club(table).index]

    def refusal(self, table: Table) -> str:
        return f"the first trick must be opened with the {lowest_club(table).symbol}"

    def check(self, rules: Rules) -> None:
        _check_clubs(self, rules)


@attrs.frozen
class LowestClubHolderLeadsAnyClub(Opening):
    """The holder of the lowest club leads the first trick with any club they choose.

    RULES.md ``lowest_club_any_club``; OpenSpiel ``can_lead_any_club``.
    """

    def leader(self, hands: tuple[int, ...], dealer: int, table: Table) -> int:
        return _holder_from_eldest(hands, dealer, table.bits_of[lowest_club(table).index])

    def lead_mask(self, hand: int, table: Table) -> int:
        return hand & table.suit_masks[Suit.CLUBS]

    def refusal(self, table: Table) -> str:
        return "the first trick must be opened with a club"

    def check(self, rules: Rules) -> None:
        _check_clubs(self, rules)


#: The 2♣ (the lowest club) leads.
LOWEST_CLUB: Final = LowestClubLeads()
#: The lowest club's holder leads any club.
ANY_CLUB: Final = LowestClubHolderLeadsAnyClub()
