"""Explicit chance: the chance nodes of a game whose random events are decided from outside.

A game started with ``new_game(rules, chance="explicit")`` never draws from a
seed. Where a seeded game would shuffle, cut or draw, its state waits in the
``CHANCE`` phase with the node in ``HandContext.chance`` (see
`hartenjagen.core.hands`): the first dealer, the deal (a whole deal or card
by card, clockwise from eldest as a shuffled pack is dealt), a pass direction
drawn by the passing module, and the shuffle of a pass-to-dealer pool. The
passing module's own draws are answered by `hartenjagen.chance.ScriptedChance`,
so any module that draws a choice of directions or a shuffle of cards works.

Given the outcomes a seeded game drew, the explicit game reaches the same
states (but for the seed): the deal maps onto the same physical copies, and a
pool is dealt back as the seeded shuffle deals it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from hartenjagen.cards import ANY_CARDS, AnyCard
from hartenjagen.catalogue import english
from hartenjagen.chance import NeedChance, ScriptedChance
from hartenjagen.core.hands import (
    DEAL_NODE,
    DIRECTION_NODE,
    EXPLICIT,
    FIRST_DEALER_NODE,
    POOL_NODE,
    assign_copies,
    checked_draw,
    exchanged,
    explicit_deal,
    finish_exchange,
    start_hand,
    waiting,
)
from hartenjagen.core.state import CHANCE, DRAW_NODE, GAME_OVER, PASSING, State
from hartenjagen.core.stock import draw_card
from hartenjagen.core.table import Table, bits, table_for
from hartenjagen.errors import IllegalMove, IllegalMoveCode, SetupError
from hartenjagen.outcomes import Deal, DealCard, DrawnDirection, FirstDealer, PoolCard, PoolOrder

Code = IllegalMoveCode

#: The outcome classes, for the kernel's dispatch.
OUTCOME_KINDS: Final = frozenset([FirstDealer, Deal, DealCard, DrawnDirection, PoolOrder, PoolCard])
_WANTED: Final[dict[int, tuple[type, ...]]] = {
    FIRST_DEALER_NODE: (FirstDealer,),
    DEAL_NODE: (Deal, DealCard),
    DIRECTION_NODE: (DrawnDirection,),
    POOL_NODE: (PoolOrder, PoolCard),
    DRAW_NODE: (DealCard,),
}
#: The catalogue's keys for each chance event, and for what each phase waits for (by phase number).
_EVENT: Final[dict[int, str]] = {
    FIRST_DEALER_NODE: "refusal.event.first_dealer",
    DEAL_NODE: "refusal.event.deal",
    DIRECTION_NODE: "refusal.event.direction",
    POOL_NODE: "refusal.event.pool",
    DRAW_NODE: "refusal.event.draw",
}
_DOING: Final = ("doing.passing", "doing.announcing", "doing.playing", "doing.moon_choice")


def is_explicit(state: State) -> bool:
    """Whether the game of ``state`` has explicit chance."""
    return state._hand.chance is not None


def node_of(state: State) -> tuple[Any, ...]:
    """The chance node ``state`` waits at, as (kind, items, answers so far, order so far); see `hartenjagen.core.hands`."""
    node: tuple[Any, ...] = state._hand.chance if state._hand.chance is not None else (0, (), (), ())
    return node


def start_explicit(rules: Any, dealer: int, deal: Any, hand_index: int) -> State:
    """The first state of a game with explicit chance (``dealer`` -1: cut for it; arguments checked but the deal)."""
    table = table_for(rules)
    n = table.players
    scores = (0,) * n
    if dealer < 0:
        return waiting(table, hand_index, 0, scores, (), 0, 0, True, (FIRST_DEALER_NODE, (), (), ()))
    if not 0 <= dealer < n:
        raise SetupError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    if deal is None:
        return waiting(table, hand_index, dealer, scores, (), 0, 0, True, (DEAL_NODE, (), (), ()))
    hands = explicit_deal(table, deal)
    return start_hand(table, hand_index, dealer, hands, scores, (), 0, 1, None, True, ())


def make_explicit(state: State) -> State:
    """``state`` with explicit chance from now on (the seed no longer decides anything)."""
    if state._hand.chance is not None:
        return state
    hand = state._hand.copy()
    hand.chance = EXPLICIT
    hand.secret = True
    hand.seed = 0  # as in a game started with explicit chance: its states compare (and replay) as one
    return State(
        hand, state._played, state._trick, state._count, state._leader, state._led, state._log,
        state._broken, state._carry,
    )  # fmt: skip


# ---------------------------------------------------------------- what may happen


def _left_to_deal(state: State) -> int:
    """The physical cards not dealt yet."""
    hand = state._hand
    dealt = 0
    for mask in hand.hands:
        dealt |= mask
    return hand.table.pack_mask & ~dealt


def _pool_left(node: tuple[Any, ...]) -> list[int]:
    """The physical cards of a pool not drawn yet, in the order the pool was given to the shuffle."""
    drawn = set(node[3])
    return [p for p in node[1] if p not in drawn]


def _by_card(physical: list[int], table: Table) -> list[tuple[AnyCard, int]]:
    """(card, copies) of physical cards, in card order (jokers last)."""
    counts: dict[int, int] = {}
    for p in physical:
        index = table.index_of[p]
        counts[index] = counts.get(index, 0) + 1
    return [(ANY_CARDS[index], counts[index]) for index in sorted(counts)]


def outcomes(state: State) -> tuple[tuple[Any, float], ...]:
    """The outcomes of the chance event ``state`` waits for, with their probabilities (empty: none waits).

    A deal and a pool are listed card by card (their next card); a whole
    ``Deal`` or ``PoolOrder`` is taken too, but not listed.
    """
    hand = state._hand
    if hand.phase != CHANCE:
        return ()
    table = hand.table
    node = hand.chance
    kind = node[0]
    if kind == FIRST_DEALER_NODE:
        share = 1.0 / table.players
        return tuple([(FirstDealer(seat), share) for seat in range(table.players)])
    if kind == DIRECTION_NODE:
        items = node[1]
        seen: list[Any] = []
        for item in items:
            if item not in seen:
                seen.append(item)
        return tuple([(DrawnDirection(d), items.count(d) / len(items)) for d in seen])
    dealing = kind in (DEAL_NODE, DRAW_NODE)  # a draw deals the next card of the stock
    left = bits(_left_to_deal(state)) if dealing else _pool_left(node)
    make = DealCard if dealing else PoolCard
    return tuple([(make(card), count / len(left)) for card, count in _by_card(left, table)])


# ---------------------------------------------------------------- checking an outcome


def explain_outcome(state: State, outcome: Any) -> IllegalMove | None:
    """Why ``outcome`` (an outcome class instance) cannot happen now, or ``None``."""
    hand = state._hand
    phase = hand.phase
    if phase == GAME_OVER:
        return IllegalMove(Code.GAME_OVER, english("refusal.game_over"))
    if phase != CHANCE:
        return IllegalMove(Code.WRONG_PHASE, english("refusal.no_chance_event", now=english(_DOING[phase])))
    node = hand.chance
    kind = node[0]
    if type(outcome) not in _WANTED[kind]:
        event = english(_EVENT[kind])
        return IllegalMove(
            Code.WRONG_OUTCOME, english("refusal.wrong_outcome", event=event, kind=type(outcome).__name__)
        )
    table = hand.table
    if kind == FIRST_DEALER_NODE:
        seat = outcome.seat
        if not 0 <= seat < table.players:
            return IllegalMove(
                Code.IMPOSSIBLE_OUTCOME, english("refusal.no_such_seat", seat=seat, last=table.players - 1)
            )
        return None
    if kind == DIRECTION_NODE:
        direction = outcome.direction
        if direction not in node[1]:
            names = ", ".join(sorted({d.value for d in node[1]}))
            refusal = english("refusal.direction_not_drawn", names=names, direction=direction.value)
            return IllegalMove(Code.IMPOSSIBLE_OUTCOME, refusal)
        return None
    if type(outcome) is Deal:
        if _left_to_deal(state) != table.pack_mask:
            return IllegalMove(Code.IMPOSSIBLE_OUTCOME, english("refusal.deal_begun"))
        try:
            explicit_deal(table, outcome.hands)
        except SetupError as error:
            return IllegalMove(Code.IMPOSSIBLE_OUTCOME, str(error))
        return None
    if type(outcome) is PoolOrder:
        if node[3]:
            return IllegalMove(Code.IMPOSSIBLE_OUTCOME, english("refusal.pool_begun"))
        wanted = sorted([table.card_of[p].index for p in node[1]])
        cards: tuple[AnyCard, ...] = outcome.cards
        if sorted([card.index for card in cards]) != wanted:
            pool = " ".join(str(card) for card in table.any_cards(sum([1 << p for p in node[1]])))
            return IllegalMove(Code.IMPOSSIBLE_OUTCOME, english("refusal.pool_order", pool=pool))
        return None
    card: AnyCard = outcome.card
    dealing = kind in (DEAL_NODE, DRAW_NODE)
    left = bits(_left_to_deal(state)) if dealing else _pool_left(node)
    if not any(table.index_of[p] == card.index for p in left):
        if dealing:
            key = "refusal.card_not_left" if table.bits_of[card.index] else "refusal.card_not_in_pack"
        else:
            key = "refusal.card_not_in_pool"
        return IllegalMove(Code.IMPOSSIBLE_OUTCOME, english(key, card=card.symbol))
    return None


# ---------------------------------------------------------------- taking an outcome


def take_outcome(state: State, outcome: Any, events: list[Any] | None) -> State:
    """The state after ``outcome`` (already checked by `explain_outcome`)."""
    hand = state._hand
    table = hand.table
    node = hand.chance
    kind = node[0]
    if kind == FIRST_DEALER_NODE:
        wait = (DEAL_NODE, (), (), ())
        return waiting(
            table, hand.hand_index, outcome.seat, hand.scores, hand.sheet, hand.seed, hand.deal_count,
            hand.secret, wait, None, hand.history,
        )  # fmt: skip
    if kind == DIRECTION_NODE:
        return _start(state, hand.hands, node[2] + (outcome.direction,), hand.deal_count, events)
    if kind == DRAW_NODE:
        free = _left_to_deal(state) & table.bits_of[outcome.card.index]
        return draw_card(state, (free & -free).bit_length() - 1, events)
    if kind == DEAL_NODE:
        if type(outcome) is Deal:
            return _start(state, explicit_deal(table, outcome.hands), (), hand.deal_count + 1, events)
        left = _left_to_deal(state)
        dealt = len(table.pack) - left.bit_count()
        seat = (hand.dealer + 1 + dealt) % table.players
        free = left & table.bits_of[outcome.card.index]
        hands = list(hand.hands)
        hands[seat] |= free & -free
        if dealt + 1 == table.dealt_count:  # a widow stays undealt
            masks = tuple(hands)
            if table.copies > 1:
                masks = assign_copies(table, [table.any_cards(mask) for mask in masks])
            return _start(state, masks, (), hand.deal_count + 1, events)
        more = hand.copy()
        more.hands = more.dealt = tuple(hands)
        return State(more, 0, 0, 0, 0, -1, (), False, 0)
    order = list(node[3])
    left_pool = _pool_left(node)
    cards: tuple[AnyCard, ...] = (outcome.card,) if type(outcome) is PoolCard else outcome.cards
    for card in cards:
        p = min([q for q in left_pool if table.index_of[q] == card.index])
        left_pool.remove(p)
        order.append(p)
    if len(order) < len(node[1]):
        more = hand.copy()
        more.chance = (POOL_NODE, node[1], node[2], tuple(order))
        return State(more, 0, 0, 0, 0, -1, (), False, 0)
    return _exchange(state, node[2] + (tuple(order),), events)


def deal_in_order(state: State, indexes: list[int]) -> State:
    """The state after a whole deal given as the cards' indexes in the order chance dealt them.

    The same state as ``DealCard`` outcomes one by one (each card the lowest
    copy not dealt yet, clockwise from eldest), without a state per card: for
    adapters that read a deal off one chance node per card. ``state`` waits
    for a deal with no card dealt yet; a wrong list raises `SetupError`.
    """
    hand = state._hand
    table = hand.table
    if hand.phase != CHANCE or hand.chance[0] != DEAL_NODE or _left_to_deal(state) != table.pack_mask:
        raise SetupError("deal_in_order needs a state waiting for a deal with no card dealt yet")
    if len(indexes) != table.dealt_count:
        raise SetupError(f"a deal of this pack has {table.dealt_count} cards, not {len(indexes)}")
    n = table.players
    left = table.pack_mask
    hands = [0] * n
    seat = (hand.dealer + 1) % n
    for index in indexes:
        free = left & table.bits_of[index] if 0 <= index < len(table.bits_of) else 0
        if not free:
            raise SetupError(f"card index {index} is not left to deal")
        bit = free & -free
        hands[seat] |= bit
        left ^= bit
        seat = seat + 1 if seat + 1 < n else 0
    masks = tuple(hands)
    if table.copies > 1:
        masks = assign_copies(table, [table.any_cards(mask) for mask in masks])
    return _start(state, masks, (), hand.deal_count + 1, None)


def _start(
    state: State, hands: tuple[int, ...], answers: tuple[Any, ...], deal_count: int, events: list[Any] | None
) -> State:
    """The hand dealt ``hands`` begins (the passing module's direction draw answered by ``answers``)."""
    hand = state._hand
    return start_hand(
        hand.table, hand.hand_index, hand.dealer, hands, hand.scores, hand.sheet, hand.seed, deal_count,
        events, hand.secret, answers, hand.history,
    )  # fmt: skip


def _exchange(state: State, answers: tuple[Any, ...], events: list[Any] | None) -> State:
    """Run the stage's exchange again with the shuffles drawn so far; wait again if it draws once more."""
    hand = state._hand
    table = hand.table
    try:
        received = exchanged(hand, hand.hands, hand.passed, ScriptedChance(answers))
    except NeedChance as need:
        more = hand.copy()
        more.chance = (POOL_NODE, checked_draw(need, table, "exchange"), answers, ())
        return State(more, 0, 0, 0, 0, -1, (), False, 0)
    after = hand.copy()
    after.phase = PASSING
    after.chance = EXPLICIT
    return finish_exchange(after, hand.hands, hand.passed, received, events)


def random_outcome(state: State, below: Callable[[int], int]) -> State:
    """The state after an outcome drawn with its probability (``below(k)``: a uniform draw from ``range(k)``)."""
    hand = state._hand
    table = hand.table
    node = hand.chance
    kind = node[0]
    outcome: Any
    if kind == FIRST_DEALER_NODE:
        outcome = FirstDealer(below(table.players))
    elif kind == DIRECTION_NODE:
        outcome = DrawnDirection(node[1][below(len(node[1]))])
    else:
        dealing = kind in (DEAL_NODE, DRAW_NODE)
        left = bits(_left_to_deal(state)) if dealing else _pool_left(node)
        card = table.card_of[left[below(len(left))]]
        outcome = DealCard(card) if dealing else PoolCard(card)
    return take_outcome(state, outcome, None)
