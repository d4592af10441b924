"""Leading: when hearts may be led, and what breaks them (RULES.md §1.7).

Only tricks after the first are governed here; the first lead belongs to the
``opening`` slot. Whatever a leading module says, a leader whose hand holds
nothing it allows may lead any card (the only-hearts exception; the engine
applies it so that a legal move always exists).
"""

from __future__ import annotations

import abc
import enum
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.cards import Suit
from hartenjagen.errors import RulesError

if TYPE_CHECKING:
    from hartenjagen.rules import Rules
    from hartenjagen.state import State
    from hartenjagen.table import Table


class BrokenBy(enum.Enum):
    """Which hearts break hearts."""

    #: any heart led, followed or discarded (S003, S004 #2, Microsoft, OpenSpiel; ``any_heart_played``)
    ANY_HEART = "any_heart_played"
    #: only a heart discarded by a player who could not follow suit (S000, S002; ``heart_discarded``)
    HEART_DISCARDED = "heart_discarded"


class HeartsAndQueen(enum.Enum):
    """What a leader holding only hearts and the Q♠ may lead while hearts are unbroken."""

    #: only the Q♠ (OpenSpiel default, S003; ``qs_forced``)
    QUEEN_FORCED = "qs_forced"
    #: the Q♠ or any heart (OpenSpiel ``can_lead_hearts_instead_of_qs``; ``hearts_or_qs``)
    HEARTS_OR_QUEEN = "hearts_or_qs"


class Leading(abc.ABC):
    """The ``leading`` slot: the cards a leader may lead after the first trick."""

    @abc.abstractmethod
    def lead_mask(self, hand: int, state: State, table: Table) -> int:
        """The cards of ``hand`` the leader may lead (empty: the engine allows the whole hand)."""

    def breaks(self, physical_card: int, discarded: bool, trick_number: int, table: Table) -> bool:
        """Whether playing this card breaks hearts (``discarded``: played while void in the led suit)."""
        return False

    @abc.abstractmethod
    def refusal(self, table: Table) -> str:
        """A sentence saying why a card may not be led."""

    def check(self, rules: Rules) -> None:  # noqa: B027 - optional hook
        """Raise :class:`RulesError` if this module cannot work with the rest of ``rules``."""


@attrs.frozen
class HeartsAfterBroken(Leading):
    """Hearts may be led only once hearts are broken: a heart was played in an earlier trick.

    ``broken_by`` says which hearts break them, ``queen_breaks`` whether the Q♠
    does too (a house rule in S000/S002; OpenSpiel's default), and
    ``hearts_and_queen`` what a leader holding only hearts and the Q♠ leads.
    RULES.md ``after_broken``; S000, S002, S003, S004 #2, Microsoft, OpenSpiel.
    """

    broken_by: BrokenBy = BrokenBy.ANY_HEART
    queen_breaks: bool = False
    hearts_and_queen: HeartsAndQueen = HeartsAndQueen.QUEEN_FORCED

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.broken_by, BrokenBy):
            raise RulesError(f"leading: broken_by must be a BrokenBy, not {self.broken_by!r}")
        if not isinstance(self.queen_breaks, bool):
            raise RulesError(f"leading: queen_breaks must be True or False, not {self.queen_breaks!r}")
        if not isinstance(self.hearts_and_queen, HeartsAndQueen):
            raise RulesError(
                f"leading: hearts_and_queen must be a HeartsAndQueen, not {self.hearts_and_queen!r}"
            )

    def lead_mask(self, hand: int, state: State, table: Table) -> int:
        if state.hearts_broken:
            return hand
        others = hand & ~table.hearts_mask
        if (
            self.hearts_and_queen is HeartsAndQueen.HEARTS_OR_QUEEN
            and others
            and others & ~table.queen_mask == 0
        ):
            return hand
        return others

    def breaks(self, physical_card: int, discarded: bool, trick_number: int, table: Table) -> bool:
        if self.broken_by is BrokenBy.HEART_DISCARDED and not discarded:
            return self.queen_breaks and bool(table.queen_mask >> physical_card & 1)
        suit = table.suit_of[physical_card]
        if suit == Suit.HEARTS:
            return True
        return self.queen_breaks and bool(table.queen_mask >> physical_card & 1)

    def refusal(self, table: Table) -> str:
        return "hearts may not be led until hearts are broken"


@attrs.frozen
class HeartsAnytime(Leading):
    """Hearts may be led at any time (RULES.md ``always``; S002 "originally", Black Maria, OpenSpiel)."""

    def lead_mask(self, hand: int, state: State, table: Table) -> int:
        return hand

    def breaks(self, physical_card: int, discarded: bool, trick_number: int, table: Table) -> bool:
        return table.suit_of[physical_card] == Suit.HEARTS

    def refusal(self, table: Table) -> str:  # pragma: no cover - never refuses
        return "any card may be led"


#: Hearts are led once a heart has been played; the Q♠ does not break them.
AFTER_BROKEN: Final = HeartsAfterBroken()
#: As AFTER_BROKEN, but playing the Q♠ breaks hearts too.
QUEEN_BREAKS: Final = HeartsAfterBroken(queen_breaks=True)
#: Hearts may always be led.
ANYTIME: Final = HeartsAnytime()
