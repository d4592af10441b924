"""What a rule module sees: read-only contexts of cards, never the engine's bitmasks.

A house rule's [`playable`][hartenjagen.rules.extras.HouseRule.playable] hook
receives a [`PlayContext`][hartenjagen.rules.context.PlayContext]: the seat to
move, its hand, the cards the other rules allow, the trick so far, the led
suit, the trick number, whether hearts are broken, the tricks each seat has
taken, the scores and the rules. In a double deck a card held twice appears
twice in ``hand`` and once in ``allowed``: which copy is played is the engine's
business, not the rule's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import attrs

from hartenjagen.cards import CARD_COUNT, Card, Suit
from hartenjagen.errors import RulesError
from hartenjagen.moves import Play

if TYPE_CHECKING:
    from hartenjagen.rules import Rules
    from hartenjagen.state import State
    from hartenjagen.table import Table


@attrs.frozen
class PlayContext:
    """The position of the seat about to play a card, as cards.

    Build one from any state in the play phase with
    [`PlayContext.of`][hartenjagen.rules.context.PlayContext.of] (handy in a
    rule's own tests); the engine builds one when it asks a house rule.
    """

    #: the whole ruleset in play
    rules: Rules
    #: the seat to move
    seat: int
    #: the seat's cards, sorted (a card twice if both copies are held)
    hand: tuple[Card, ...]
    #: the cards the seat may play under the rules applied before this one (follow suit,
    #: the opening, hearts broken, the first trick, earlier house rules)
    allowed: frozenset[Card]
    #: the cards played to this trick so far, in order
    trick: tuple[Play, ...]
    #: the suit led to this trick (``None`` when the seat leads)
    led_suit: Suit | None
    #: the number of this trick in the hand, from 1
    trick_number: int
    #: whether hearts are broken
    hearts_broken: bool
    #: how many tricks each seat has won in this hand
    tricks_taken: tuple[int, ...]
    #: each seat's total before this hand
    scores: tuple[int, ...]

    @property
    def leading(self) -> bool:
        """Whether the seat leads this trick."""
        return not self.trick

    @classmethod
    def of(cls, state: State, allowed: frozenset[Card] | None = None) -> PlayContext:
        """The context of the seat to move in ``state``; ``allowed`` defaults to its legal cards."""
        from hartenjagen.engine import legal_moves
        from hartenjagen.values import Phase

        if state.phase is not Phase.PLAYING:
            raise RulesError(
                f"a play context needs a state in the play phase, not {state.phase.name.lower()}"
            )
        if allowed is None:
            allowed = frozenset(move.card for move in legal_moves(state) if isinstance(move, Play))
        return _context(state, state.hands[state.to_move[0]], allowed)


def _context(state: State, hand: tuple[Card, ...], allowed: frozenset[Card]) -> PlayContext:
    trick = state.trick
    return PlayContext(
        rules=state.rules,
        seat=state.to_move[0],
        hand=hand,
        allowed=allowed,
        trick=trick,
        led_suit=trick[0].card.suit if trick else None,
        trick_number=state.trick_number + 1,
        hearts_broken=state.hearts_broken,
        tricks_taken=state.tricks_won,
        scores=state.scores,
    )


def narrowed(
    module: object,
    playable: Callable[[PlayContext], Iterable[Card]],
    candidates: int,
    hand: int,
    state: State,
    table: Table,
) -> int:
    """The engine's side of a ``playable`` hook: ask it with a context of cards, return its cards as bits.

    ``candidates`` and ``hand`` are bitmasks over physical cards; every copy of a
    card the hook allows stays allowed. A hook that returns something that is not
    cards, or no card of ``allowed``, raises [`RulesError`][hartenjagen.errors.RulesError] naming ``module``.
    """
    allowed = frozenset(table.cards(candidates))
    context = _context(state, table.cards(hand), allowed)
    try:
        chosen = frozenset(playable(context)) & allowed
    except TypeError as error:
        raise RulesError(f"rule module {module!r}: playable must return cards ({error})") from error
    if not chosen:
        raise RulesError(
            f"rule module {module!r} left no card to play (allowed: {' '.join(map(str, sorted(allowed)))}); "
            "playable must return at least one card of context.allowed"
        )
    indexes = 0
    for card in chosen:
        indexes |= 1 << card.index
    return candidates & (indexes | indexes << CARD_COUNT)
