"""Identical cards in one trick, for a double deck (sources §1.2)."""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.cards import CARD_COUNT
from hartenjagen.errors import RulesError
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.plan import DuplicatesPlan

if TYPE_CHECKING:
    from hartenjagen.rules import Rules
    from hartenjagen.table import Table


class Duplicates(RuleModule):
    """The ``duplicates`` slot: which card wins a trick, given that two may be identical."""

    @abc.abstractmethod
    def winner(self, trick: tuple[int, ...], table: Table) -> int | None:
        """The position in ``trick`` (physical cards in play order) of the winning card.

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

    def winner(self, trick: tuple[int, ...], table: Table) -> int | None:
        led = table.suit_of[trick[0]]
        best = 0
        best_index = trick[0] % CARD_COUNT
        for position in range(1, len(trick)):
            physical = trick[position]
            if table.suit_of[physical] == led and physical % CARD_COUNT > best_index:
                best, best_index = position, physical % CARD_COUNT
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

    def winner(self, trick: tuple[int, ...], table: Table) -> int | None:
        led = table.suit_of[trick[0]]
        seen: dict[int, int] = {}
        for physical in trick:
            if table.suit_of[physical] == led:
                index = physical % CARD_COUNT
                seen[index] = seen.get(index, 0) + 1
        alive = [index for index, count in seen.items() if count == 1]
        if not alive:
            return None
        best = max(alive)
        for position, physical in enumerate(trick):
            if physical % CARD_COUNT == best and table.suit_of[physical] == led:
                return position
        raise AssertionError("unreachable")  # pragma: no cover

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
