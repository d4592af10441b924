"""Who wins a trick: the ``trick_winner`` slot (a trump suit, another order of the ranks, cards that cancel).

The engine asks this slot, and only this slot, which card of a full trick
wins it; `check_rules`, the views, the texts and the bots read the answer
the engine recorded (each `Trick`'s ``winner``). The built-in module,
`HIGHEST_OF_LED`, is the
rule of every Hearts game: the highest card of the suit led wins; with two
packs the ``duplicates`` slot says which of two identical cards wins, or
whether they cancel. A module of one's own answers ``winner`` with a
[`TrickContext`][hartenjagen.rules.context.TrickContext]; the compiled core
plays it through a call a trick, the C playout kernel does not play it.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import attrs

from hartenjagen.cards import AnyCard, Card, without_jokers
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.jokers import joker_roles, winner_with_roles
from hartenjagen.rules.plan import TrickWinnerPlan

if TYPE_CHECKING:
    from hartenjagen.rules.context import TrickContext
    from hartenjagen.rules.duplicates import Duplicates


class TrickWinner(RuleModule):
    """The ``trick_winner`` slot: which card of a full trick wins it."""

    @abc.abstractmethod
    def winner(self, trick: TrickContext) -> int | None:
        """The position in ``trick.cards`` (0: the leader's card, in play order) of the card that wins.

        The seat that played it takes the trick and leads the next. ``None``
        means no card wins: the cards wait for the next trick's winner and
        the same seat leads again (on the last trick its leader takes them).
        Any other answer raises [`RulesError`][hartenjagen.errors.RulesError]
        naming the module.
        """

    def plan(self) -> TrickWinnerPlan | None:
        """The rule as data for the core (``None``: the core calls ``winner``; see `hartenjagen.rules.plan`)."""
        return None


#: The hooks whose override makes the core call a trick-winner module instead of reading its plan.
HOOKS: Final[tuple[str, ...]] = ("winner",)


@attrs.frozen(repr=False)
class HighestOfLed(TrickWinner):
    """The highest card of the suit led wins; of identical cards (two packs), as the ``duplicates`` slot says.

    With one pack this is the whole rule. With two, the ``duplicates`` module
    names the winner: the first of two identical top cards (`FirstPlayedWins`)
    or the highest card played once (`CancelPairs`). sources §1.2.
    """

    def winner(self, trick: TrickContext) -> int | None:
        roles = joker_roles(trick.rules.deck)
        if roles:  # a joker with a role of its own (`Deck.joker_role`): its suit and rank count
            return winner_with_roles(trick.rules.duplicates, trick.played, roles)
        return highest_of_led(trick.rules.duplicates, trick.played)

    def plan(self) -> TrickWinnerPlan:
        return TrickWinnerPlan()


def highest_of_led(duplicates: Duplicates, played: Sequence[AnyCard]) -> int | None:
    """The position in ``played`` of the card that wins under the built-in rule, jokers and all.

    A joker never wins: the ``duplicates`` module is asked about the other
    cards (the first of them is led: a led joker leaves the suit to the next
    card), and a trick of jokers only is won by no card.
    """
    positions = [i for i, card in enumerate(played) if isinstance(card, Card)]
    if not positions:
        return None
    if len(positions) == len(played):
        return duplicates.winner(tuple(without_jokers(played)))
    position = duplicates.winner(without_jokers(played))
    return None if position is None else positions[position]


#: The highest card of the suit led wins (identical cards: the ``duplicates`` slot decides).
HIGHEST_OF_LED: Final = HighestOfLed()
