"""Who wins a full trick: the position in play order of the winning card, from the table's plan or the rules' hook.

Shared by the step API (`hartenjagen.core.kernel.play`) and the fused playout
loop (`hartenjagen.core.rollout`): the highest card of the suit led (the first
of two identical ones), identical cards that cancel, or a ``trick_winner``
module of one's own asked through its hook.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hartenjagen.cards import CARD_COUNT
from hartenjagen.core import hooks
from hartenjagen.core.state import HandContext
from hartenjagen.core.table import NO_SUIT, ONE_PACK, Table

_SUIT_BITS: Final = (1 << 13) - 1


def winner_position(
    context: HandContext, trick: int, leader: int, led: int, table: Table, log: Sequence[int]
) -> int:
    """The position in play order of the card that wins the full trick ``trick`` (-1: no card wins).

    ``context.hands`` are the hands as play began: a seat's card in the trick is the one they share;
    ``log``: the hand's completed tricks before this one (what a ``trick_winner`` module of one's own sees).
    """
    n = table.players
    hands = context.hands
    if table.winner_callback or table.joker_roles:
        order = []
        offsets = []  # a seat that dropped out has no card: positions in play order are mapped back
        for i in range(n):
            bits = trick & hands[(leader + i) % n]
            if bits:
                order.append((bits & -bits).bit_length() - 1)
                offsets.append(i)
        position = hooks.trick_winner(context, order, leader, log)  # a module's, or the jokers' roles
        return position if position < 0 else offsets[position]
    if led == NO_SUIT:
        return -1  # jokers only: no card wins (the cards wait for the next trick's winner)
    if table.cancel_pairs:
        counts: dict[int, int] = {}
        for i in range(n):
            bits = trick & hands[(leader + i) % n]
            p = (bits & -bits).bit_length() - 1
            if bits and table.suit_of[p] == led:
                counts[table.index_of[p]] = counts.get(table.index_of[p], 0) + 1
        best_index = -1
        for index, count in counts.items():
            if count == 1 and index > best_index:
                best_index = index
        if best_index < 0:
            return -1
        for i in range(n):
            bits = trick & hands[(leader + i) % n]
            if bits and table.index_of[(bits & -bits).bit_length() - 1] == best_index:
                return i
        return -1  # pragma: no cover - the card is in the trick
    # The highest card of the led suit wins; of two identical ones, the one played first.
    if table.copies == 1:
        # The seat holding the top card of the led suit, asked seat by seat from the leader:
        # cheaper than a table of every card's owner, which a playout would build once a hand.
        top = 1 << ((trick & table.suit_masks[led]).bit_length() - 1)
        seat = leader
        for position in range(n):
            if hands[seat] & top:
                return position
            seat += 1
            if seat == n:
                seat = 0
        return -1  # pragma: no cover - the card is in a hand
    owners = context.owners()
    # Two packs: on the trick's machine-word halves (Card.index = 13 × suit + rank).
    first, second = trick & ONE_PACK, trick >> CARD_COUNT
    shift = 13 * led
    top = (((first | second) >> shift) & _SUIT_BITS).bit_length() - 1 + shift
    if not first >> top & 1:
        return (owners[top + CARD_COUNT] - leader) % n
    position = (owners[top] - leader) % n
    if second >> top & 1:
        return min(position, (owners[top + CARD_COUNT] - leader) % n)
    return position
