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


@attrs.frozen
class Lives(rules.Ending):
    """Every seat has ``lives`` lives; a seat that scores ``threshold`` or more in a hand loses one.

    The game ends when at most one seat has a life left; the last seat standing wins (if the last
    seats lose their last lives in the same hand, those with the most lives before it win, the
    lowest total among them). Totals stay the plain sum of the points: lives are read off the sheet.
    """

    lives: int = 3
    threshold: int = 20

    def lives_left(self, sheet: tuple[hj.HandResult, ...], players: int) -> tuple[int, ...]:
        left = [self.lives] * players
        for line in sheet:
            if line.revoke is None:
                for seat, points in enumerate(line.points):
                    if points >= self.threshold and left[seat]:
                        left[seat] -= 1
        return tuple(left)

    def is_over(self, totals: tuple[int, ...], sheet: tuple[hj.HandResult, ...]) -> bool:
        return sum(1 for left in self.lives_left(sheet, len(totals)) if left) <= 1

    def winners(self, totals: tuple[int, ...], sheet: tuple[hj.HandResult, ...] = ()) -> tuple[int, ...]:
        left = self.lives_left(sheet, len(totals))
        if not any(left):
            left = self.lives_left(sheet[:-1], len(totals))
        most = max(left)
        standing = [seat for seat in range(len(totals)) if left[seat] == most]
        best = min(totals[seat] for seat in standing)
        return tuple(seat for seat in standing if totals[seat] == best)


@attrs.frozen
class OldLowest(rules.Ending):
    """Ten hands, the lowest total wins: an ending written before ``winners`` took the sheet."""

    def is_over(self, totals: tuple[int, ...], sheet: tuple[hj.HandResult, ...]) -> bool:
        return len(sheet) >= 2

    def winners(self, totals: tuple[int, ...]) -> tuple[int, ...]:  # type: ignore[override]
        best = min(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)


#: Three lives of 20 points (a quick game: 13 points cost a life in LIVES_QUICK).
LIVES_GAME = hj.Rules(ending=Lives())
LIVES_QUICK = hj.Rules(ending=Lives(lives=2, threshold=13), passing=rules.passing.NO_PASSING)
