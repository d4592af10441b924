"""Rule modules of one's own that read what the hooks see (issue 37): the previous hand, announcements.

Importable by name (``hooks_see_rules:PigLeads``) so that a game using them saves and loads as JSON.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

import hartenjagen as hj
from hartenjagen import rules
from hartenjagen.cards import ALL_CARDS, QUEEN_OF_SPADES, Card, Suit
from hartenjagen.rules import OpeningContext, PlayContext

TWO_OF_CLUBS = Card.parse("2C")


@attrs.frozen
class PigLeads(rules.Opening):
    """Gong Zhu: the holder of the 2♣ leads the first hand; whoever took the Q♠ (the pig) leads the next."""

    def leader(self, context: OpeningContext) -> int:
        if context.previous is None:
            holder = context.nearest_holder([TWO_OF_CLUBS])
            return context.eldest if holder is None else holder
        taker = context.previous_taker(QUEEN_OF_SPADES)
        return context.eldest if taker is None else taker


#: Standard Hearts but the pig's taker leads the next hand; no passing, so hands start at once.
PIG_GAME = hj.Rules(opening=PigLeads(), passing=rules.passing.NO_PASSING)


@attrs.frozen
class AnnouncerPlaysNoSpade(rules.HouseRule):
    """A seat that announced may not play a spade while it may play another card.

    It reads ``seat`` and ``announcers`` first, and ``allowed`` only for an announcer: every other
    seat's answer (every card) is shared by every position, whatever the announcers.
    """

    refusal_text = "an announcer may not play a spade while it may play another card"

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if context.seat not in context.announcers:
            return ALL_CARDS
        return [card for card in context.allowed if card.suit is not Suit.SPADES] or context.allowed


#: Miezen offers the announcement; the base of the oracle (the house rule alone is added to it).
MIEZEN_BASE = hj.Rules(extras=(rules.extras.Miezen(),))
#: Miezen, and announcers may not play spades while they may play another card.
ANNOUNCER_GAME = hj.Rules(extras=(rules.extras.Miezen(), AnnouncerPlaysNoSpade()))
