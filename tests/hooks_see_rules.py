"""Rule modules of one's own that read what the hooks see (issue 37): the previous hand, announcements,
the announcement round's context.

Importable by name (``hooks_see_rules:PigLeads``) so that a game using them saves and loads as JSON.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

import hartenjagen as hj
from hartenjagen import rules
from hartenjagen.cards import ALL_CARDS, QUEEN_OF_SPADES, Card, Suit
from hartenjagen.rules import AnnounceContext, HandSummary, OpeningContext, PlayContext

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


@attrs.frozen
class PledgeFromTheSecondHand(rules.HouseRule):
    """From the second hand on, each seat may pledge to win no trick (the new form of the hook)."""

    def opens_announcements(self, context: AnnounceContext) -> bool:
        return context.previous is not None

    def announcement(self, language: str = "en") -> str:
        return "to win no trick" if language == "en" else "geen slag te halen"

    def adjustments(self, hand: HandSummary) -> tuple[int, ...]:
        return tuple(
            (5 if hand.tricks_won[seat] else -5) if seat in hand.announcers else 0 for seat in range(4)
        )


@attrs.frozen
class OldPledge(rules.HouseRule):
    """Each seat may pledge to win no trick in the even hands: the deprecated form, given the whole state."""

    def announces(self, state: hj.State) -> bool:
        return state.hand_index % 2 == 0

    def adjustments(self, hand: HandSummary) -> tuple[int, ...]:
        return tuple(
            (5 if hand.tricks_won[seat] else -5) if seat in hand.announcers else 0 for seat in range(4)
        )


#: The pledge of the new form, no passing (the round follows the deal at once).
NEW_PLEDGE_GAME = hj.Rules(extras=(PledgeFromTheSecondHand(),), passing=rules.passing.NO_PASSING)
