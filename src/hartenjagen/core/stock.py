"""Drawing from a stock after each trick (two-player Hearts): the chance step in the middle of a hand.

A deck with a stock (`Deck.draw_order`) deals each seat ``hand_size`` cards
and leaves the rest face down. After each trick, while the stock lasts, the
seats the deck names (the winner first) draw its top card each. A drawn card
joins the seat's hand: the kernel keeps it in ``HandContext.hands`` (the
cards a seat has held this hand), so that a card played is always found in
its player's mask, and the stock is the pack less every seat's cards.

The stock's order is the deal's: in a seeded game, the shuffle that dealt
the hand, read past the dealt cards, skipping any card no longer in the
stock. A world a bot makes up (`hartenjagen.bots.determinize`) has a seed of
its own, so its stock's order is its own too, never the real one.

With explicit chance a draw is a chance node (``DRAW_NODE``): the state
waits in the ``CHANCE`` phase, the trick taken, for one ``DealCard`` outcome
per drawer in the deck's order (`hartenjagen.core.chance_nodes`), each a
card still in the stock, all equally likely.

A deck that draws to follow (`Deck.draws_to_follow`, Domino Hearts) draws
in the middle of a trick instead: the seat to move that holds no card of the
suit led draws the top card, one at a time, until it holds one or the stock
is empty. With explicit chance each of those cards is a ``DRAW_NODE`` of one
drawer; after it the seat draws again if it still cannot follow. A seat that
can follow never draws, so replaying a world that holds its draws from the
start draws nothing.
"""

from __future__ import annotations

from typing import Any

from hartenjagen.core.draws import Draws
from hartenjagen.core.hand_log import MASK_SHIFT, SEAT_BITS
from hartenjagen.core.state import (
    CHANCE,
    DRAW_NODE,
    PLAYING,
    State,
    seat_to_move,
    stock_mask,
)
from hartenjagen.core.table import Table
from hartenjagen.events import CardDrawn


def stock_order(state: State) -> list[int]:
    """The physical cards of the stock of ``state``, top first (from the deal's shuffle)."""
    hand = state._hand
    left = stock_mask(state)
    cards = list(hand.table.pack)
    # The shuffle that dealt this hand: `hands.shuffle_deal` was keyed by the deal count before it began.
    Draws(f"hartenjagen/{hand.seed}/{hand.deal_count - 1}").shuffle_cards(cards)
    return [p for p in cards if left >> p & 1]


def draw_after_trick(state: State, events: list[Any] | None) -> State:
    """``state`` (a trick just taken, the next leader set) after the draws from the stock, if any is left.

    Each seat of the deck's draw order for the next leader (the winner) draws
    the top card; the hand's other states are unchanged.
    """
    hand = state._hand
    table = hand.table
    if not stock_mask(state):
        return state
    # A seat holds hand_size cards and one drawn a trick: a world a bot makes up holds every card drawn
    # so far from the start, and replaying its tricks draws nothing until the play catches up.
    due = table.hand_size + len(state._log)
    if all(mask.bit_count() >= due for mask in hand.hands):
        return state
    seats = table.draw_orders[state._leader]
    if hand.chance is not None:  # explicit chance: wait for the drawers' cards
        waiting = hand.copy()
        waiting.phase = CHANCE
        waiting.chance = (DRAW_NODE, seats, (), ())
        return _same_play(state, waiting)
    order = stock_order(state)[: len(seats)]
    hands = list(hand.hands)
    for seat, physical in zip(seats, order, strict=False):
        hands[seat] |= 1 << physical
        if events is not None:
            events.append(CardDrawn(seat, table.card_of[physical]))
    after = hand.copy()
    after.hands = tuple(hands)
    after.drawn = hand.drawn + tuple(order)
    return _same_play(state, after)


def draw_card(state: State, physical: int, events: list[Any] | None) -> State:
    """Explicit chance: the next drawer of the node ``state`` waits at draws ``physical`` (already checked)."""
    hand = state._hand
    table: Table = hand.table
    kind, seats, answers, drawn = hand.chance
    seat = seats[len(drawn)]
    hands = list(hand.hands)
    hands[seat] |= 1 << physical
    if events is not None:
        events.append(CardDrawn(seat, table.card_of[physical]))
    after = hand.copy()
    after.hands = tuple(hands)
    after.drawn = (*hand.drawn, physical)
    if len(drawn) + 1 < len(seats):
        after.chance = (kind, seats, answers, (*drawn, physical))
    else:
        after.phase = PLAYING
        after.chance = (0, (), (), ())  # hands.EXPLICIT: no node waits
    if table.follow_draws:  # drawing to follow: again while the seat still cannot follow
        return draw_to_follow(_same_play(state, after), events)
    return _same_play(state, after)


def draw_to_follow(state: State, events: list[Any] | None) -> State:
    """``state`` (a trick under way) after the seat to move drew until it can follow suit or the stock is empty.

    A seat that holds a card of the suit led draws nothing. Under explicit
    chance the state waits at a ``DRAW_NODE`` for the next card instead.
    """
    hand = state._hand
    table = hand.table
    seat = seat_to_move(state)
    led = table.suit_masks[state._led]
    if hand.hands[seat] & ~state._played & led:
        return state
    left = stock_mask(state)
    if not left:
        return state
    if hand.chance is not None:  # explicit chance: wait for the card drawn
        waiting = hand.copy()
        waiting.phase = CHANCE
        waiting.chance = (DRAW_NODE, (seat,), (), ())
        return _same_play(state, waiting)
    mask = hand.hands[seat]
    drawn = list(hand.drawn)
    for physical in stock_order(state):
        mask |= 1 << physical
        drawn.append(physical)
        if events is not None:
            events.append(CardDrawn(seat, table.card_of[physical]))
        if led >> physical & 1:
            break
    hands = list(hand.hands)
    hands[seat] = mask
    after = hand.copy()
    after.hands = tuple(hands)
    after.drawn = tuple(drawn)
    return _same_play(state, after)


def _same_play(state: State, hand: Any) -> State:
    """``state``'s play so far (the tricks, the trick, the leader) with the hand context ``hand``."""
    return State(
        hand, state._played, state._trick, state._count, state._leader, state._led, state._log,
        state._broken, state._carry,
    )  # fmt: skip


def seats_in(hands: tuple[int, ...], played: int, trick: int) -> int:
    """How many seats play the current trick: those with cards when it began (the others dropped out)."""
    live = ~played | trick
    count = 0
    for mask in hands:
        if mask & live:
            count += 1
    return count


def next_with_cards(hands: tuple[int, ...], played: int, seat: int) -> int:
    """``seat``, or the first seat on its left with cards in hand if it has none (-1: nobody has cards)."""
    n = len(hands)
    for _ in range(n):
        if hands[seat] & ~played:
            return seat
        seat = seat + 1 if seat + 1 < n else 0
    return -1


def holding(hands: tuple[int, ...], played: int) -> int:
    """How many seats have cards in hand."""
    count = 0
    for mask in hands:
        if mask & ~played:
            count += 1
    return count


def rest_taker(state: State) -> int:
    """The seat that takes the rest when a hand of a deck that draws to follow ends (-1: none yet).

    The one seat left with cards; when nobody has any, the last trick's taker.
    """
    played = state._played
    holders = [seat for seat, mask in enumerate(state._hand.hands) if mask & ~played]
    if len(holders) == 1:
        return holders[0]
    if holders or not state._log:
        return -1
    return (state._log[-1] >> 10 & SEAT_BITS) - 1


def with_rest(state: State, taken: tuple[int, ...]) -> tuple[int, ...]:
    """``taken`` with the rest (the last seat's cards, the stock where the deck says so) added to its taker."""
    seat = rest_taker(state)
    if seat < 0:
        return taken
    table = state._hand.table
    rest = state._hand.hands[seat] & ~state._played
    if table.stock_to_last:
        rest |= stock_mask(state)
    out = list(taken)
    out[seat] |= rest
    return tuple(out)


def draws_in_tricks(state: State) -> tuple[tuple[int, int], ...]:
    """Under a deck that draws to follow: each card drawn this hand as (trick, seat), in the order drawn.

    Public: every seat sees who drew how many cards in which trick (from 0),
    the faces only to the drawer. Read back from the plays: a seat about to
    play drew its cards (``HandContext.drawn``, in order) until it held one
    of the suit led; the cards drawn last belong to the seat now to move.
    """
    hand = state._hand
    table = hand.table
    drawn = hand.drawn
    if not table.follow_draws or not drawn:
        return ()
    n = table.players
    extra = 0
    for physical in drawn:
        extra |= 1 << physical
    holding = [mask & ~extra for mask in hand.hands]  # the cards dealt; each draw joins them
    out: list[tuple[int, int]] = []
    k = 0
    tricks = [(entry >> MASK_SHIFT, entry >> 5 & SEAT_BITS) for entry in state._log]
    tricks.append((state._trick, state._leader))
    for number, (mask, leader) in enumerate(tricks):
        led = -1
        for i in range(n):
            seat = (leader + i) % n
            bits = mask & hand.hands[seat]
            if not bits:
                continue
            physical = (bits & -bits).bit_length() - 1
            if led < 0:
                led = table.suit_of[physical]
            else:
                while (
                    k < len(drawn)
                    and not holding[seat] & table.suit_masks[led]
                    and hand.hands[seat] >> drawn[k] & 1
                ):
                    holding[seat] |= 1 << drawn[k]
                    out.append((number, seat))
                    k += 1
            holding[seat] &= ~bits
    mover = seat_to_move(state) if k < len(drawn) else -1
    out.extend((len(state._log), mover) for _ in range(len(drawn) - k))
    return tuple(out)
