"""Every field of a state in one flat record: the kernel's internal interface for loaders and tools.

`fields(state)` reads a `State` out into `StateFields`, `from_fields` builds
one back (the hands as play began rebuilt from the hands now and the tricks),
and `replace` changes some fields of a state. The loaders, the views, the
determinizer and the testing kit use them; play never does.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from hartenjagen.core.hand_log import log_entry
from hartenjagen.core.state import (
    PHASE_CODES,
    PHASES,
    HandContext,
    PassLog,
    PlayedHand,
    State,
    hand_masks,
    taken_masks,
    trick_cards,
)
from hartenjagen.core.table import Table
from hartenjagen.rules.routes import PassRoute
from hartenjagen.values import HandResult, Phase, Trick

__all__ = ["StateFields", "fields", "from_fields", "replace"]


class StateFields(NamedTuple):
    """Every field of a state in one flat record: the kernel's internal interface for loaders and tools.

    Cards are physical cards and bitmasks as in `hartenjagen.core.table`;
    ``trick_cards`` are the current trick's physical cards in play order and
    ``tricks`` the completed tricks as `Trick` values. ``shooter`` is
    ``None`` when nobody waits to choose how the moon is scored. ``history``
    holds the finished hands before this one (empty for a state built without
    them, such as a determinized world: it cannot be saved).
    """

    table: Table
    phase: Phase
    hand_index: int
    dealer: int
    hand_masks: tuple[int, ...]
    passed_masks: tuple[int, ...]
    pending: int
    leader: int
    trick_cards: tuple[int, ...]
    tricks: tuple[Trick, ...]
    taken_masks: tuple[int, ...]
    hearts_broken: bool
    scores: tuple[int, ...]
    score_sheet: tuple[HandResult, ...]
    seed: int
    deal_count: int
    dealt_masks: tuple[int, ...]
    winners: tuple[int, ...]
    pass_direction: PassRoute
    pass_log: PassLog
    carry: int
    announcers: tuple[int, ...]
    shooter: int | None
    secret_seed: bool
    history: tuple[PlayedHand, ...]
    #: ``None`` in a seeded game; with explicit chance the chance node it waits at (`hartenjagen.core.hands`)
    chance: Any
    #: the physical cards drawn from the stock this hand, in the order drawn (empty without a stock)
    drawn: tuple[int, ...] = ()
    #: each announcement of a house rule's own choices this hand: (seat, choice), in order
    announced: tuple[tuple[int, str], ...] = ()


def fields(state: State) -> StateFields:
    """All of ``state`` as one flat record."""
    hand = state._hand
    return StateFields(
        table=hand.table, phase=PHASES[hand.phase], hand_index=hand.hand_index, dealer=hand.dealer,
        hand_masks=hand_masks(state), passed_masks=hand.passed, pending=hand.pending, leader=state._leader,
        trick_cards=tuple([p for _, p in trick_cards(state)]), tricks=state.tricks,
        taken_masks=taken_masks(state), hearts_broken=state._broken, scores=hand.scores,
        score_sheet=hand.sheet, seed=hand.seed, deal_count=hand.deal_count, dealt_masks=hand.dealt,
        winners=hand.winners, pass_direction=hand.direction, pass_log=hand.pass_log, carry=state._carry,
        announcers=hand.announcers, shooter=None if hand.shooter < 0 else hand.shooter,
        secret_seed=hand.secret, history=hand.history, chance=hand.chance, drawn=hand.drawn, announced=hand.announced,
    )  # fmt: skip


def from_fields(f: StateFields) -> State:
    """The state with these fields (for loaders and tools; the caller checks that they make sense).

    The hands as play began are the hands now plus each seat's cards in the
    tricks; of two copies of a card, a seat is taken to have played the copy its
    hand held after the exchange, the lower one first, as the kernel plays them.
    """
    table = f.table
    n = table.players
    hands = list(f.hand_masks)
    after_exchange = list(f.dealt_masks)
    for given, got in f.pass_log:
        for seat in range(n):
            after_exchange[seat] = (after_exchange[seat] & ~given[seat]) | got[seat]
    pool = f.carry
    for mask in f.taken_masks:
        pool |= mask
    played = 0
    log = []
    for trick in f.tricks:
        mask = 0
        for seat, card in ((play.seat, play.card) for play in trick.plays):
            free = pool & table.bits_of[card.index]
            own = free & after_exchange[seat] & ~hands[seat]
            bit = (own or free) & -(own or free)
            pool &= ~bit
            hands[seat] |= bit
            mask |= bit
        played |= mask
        winner = -1 if trick.winner is None else trick.winner
        taker = winner
        if trick.winner is None and trick is f.tricks[-1] and not any(f.hand_masks) and not f.trick_cards:
            taker = trick.leader  # a cancelled last trick goes to its leader
        log.append(log_entry(mask, trick.leader, winner, taker))
    trick_mask = 0
    seats = _trick_seats(f, after_exchange) if table.follow_draws else [(f.leader + i) % n for i in range(n)]
    for seat, p in zip(seats, f.trick_cards, strict=False):
        hands[seat] |= 1 << p
        trick_mask |= 1 << p
    played |= trick_mask
    led = table.led_suit(f.trick_cards) if f.trick_cards else -1
    hand = HandContext(
        table=table, phase=PHASE_CODES[f.phase], hand_index=f.hand_index, dealer=f.dealer, hands=tuple(hands),
        passed=f.passed_masks, pending=f.pending, pass_log=f.pass_log, direction=f.pass_direction,
        scores=f.scores, sheet=f.score_sheet, seed=f.seed, deal_count=f.deal_count, dealt=f.dealt_masks,
        winners=f.winners, announcers=f.announcers, shooter=-1 if f.shooter is None else f.shooter,
        secret=f.secret_seed, chance=f.chance, history=f.history, drawn=f.drawn, announced=f.announced,
    )  # fmt: skip
    return State(
        hand, played, trick_mask, len(f.trick_cards), f.leader, led, tuple(log), f.hearts_broken, f.carry
    )


def _trick_seats(f: StateFields, dealt: list[int]) -> list[int]:
    """Under a deck that draws to follow: the seats of the current trick, in turn (a seat out of cards is not in it).

    The hands are followed from ``dealt`` through the tricks: a seat about to play that cannot follow
    takes the next cards of ``f.drawn`` until it can; the seats with cards when the trick began are in it.
    """
    table = f.table
    n = table.players
    holding = list(dealt)
    drawn = f.drawn
    k = 0
    tricks = [[(play.seat, 1 << play.card.index) for play in done.plays] for done in f.tricks]
    current: list[tuple[int, int]] = []
    tricks.append(current)
    for number, plays in enumerate(tricks):
        if number == len(f.tricks):  # the trick under way: who is in is known only now
            seat = f.leader
            for _ in range(n):
                if holding[seat] and len(current) < len(f.trick_cards):
                    current.append((seat, 1 << f.trick_cards[len(current)]))
                seat = seat + 1 if seat + 1 < n else 0
        led = table.suit_masks[table.suit_of[plays[0][1].bit_length() - 1]] if plays else 0
        for i, (seat, bit) in enumerate(plays):
            while i and k < len(drawn) and not holding[seat] & led:
                holding[seat] |= 1 << drawn[k]
                k += 1
            holding[seat] &= ~bit
    return [seat for seat, _ in current]


def replace(state: State, **changes: Any) -> State:
    """A copy of ``state`` with some `StateFields` changed."""
    return from_fields(fields(state)._replace(**changes))
