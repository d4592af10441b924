"""Identical cards in one trick, for a double deck (sources §1.2)."""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.cards import Card
from hartenjagen.errors import RulesError
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.plan import DuplicatesPlan

if TYPE_CHECKING:
    from hartenjagen.rules import Rules


class Duplicates(RuleModule):
    """The ``duplicates`` slot: which card wins a trick, given that two may be identical."""

    @abc.abstractmethod
    def winner(self, cards: tuple[Card, ...]) -> int | None:
        """The position in ``cards`` (a full trick, in play order) of the winning card.

        ``None`` means no card wins: the trick goes to a carry-over pile, the
        same player leads again and the next trick's winner takes the pile.
        """

    def plan(self) -> DuplicatesPlan | None:
        """The rule as data for the core (``None``: the core calls ``winner``; see `hartenjagen.rules.plan`)."""
        return None


#: The hooks whose override makes the core call a duplicates module instead of reading its plan.
HOOKS: Final[tuple[str, ...]] = ("winner",)


@attrs.frozen(repr=False)
class FirstPlayedWins(Duplicates):
    """The highest card of the led suit wins; of two identical winning cards, the one played first.

    With a single pack this is simply "highest card of the led suit wins".
    sources §1.2; Wikipedia *Black Lady* (old revision).
    """

    def winner(self, cards: tuple[Card, ...]) -> int | None:
        led = cards[0].suit
        best = 0
        for position in range(1, len(cards)):
            if cards[position].suit is led and cards[position].rank > cards[best].rank:
                best = position
        return best

    def plan(self) -> DuplicatesPlan:
        return DuplicatesPlan(cancel_pairs=False)


@attrs.frozen(repr=False)
class CancelPairs(Duplicates):
    """Identical cards of the led suit cancel each other; the highest uncancelled one wins.

    Cancelled cards still score for whoever takes the trick. If every led-suit
    card is cancelled, the trick goes to a carry-over pile, the same player
    leads again and the pile goes to the next trick's winner (the last trick's
    leader if the last trick is cancelled too). sources §1.2;
    Wikipedia *Double Deck Cancellation Hearts*.
    """

    def winner(self, cards: tuple[Card, ...]) -> int | None:
        led = cards[0].suit
        alive = [card for card in cards if card.suit is led and cards.count(card) == 1]
        if not alive:
            return None
        return cards.index(max(alive))

    def plan(self) -> DuplicatesPlan:
        return DuplicatesPlan(cancel_pairs=True)

    def check(self, rules: Rules) -> None:
        pack = rules.deck.pack()
        if len(set(pack)) == len(pack):
            raise RulesError(
                f"duplicates {self!r} is a double-deck rule, but deck {rules.deck!r} has one copy of each card"
            )


#: The first of two identical winning cards wins (also right for single packs).
FIRST_PLAYED_WINS: Final = FirstPlayedWins()
#: Identical led-suit cards cancel.
CANCEL_PAIRS: Final = CancelPairs()
