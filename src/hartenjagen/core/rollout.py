"""Random playouts inside the kernel: the loop ``hartenjagen.rollout`` runs.

It plays the same moves, drawn the same way, as
``moves = legal_moves(state); apply(state, moves[rng.randrange(len(moves))])``
in a loop. A hand is played out in one loop over bitmasks, with no state
built between its cards: the per-card rules a plan states are read from the
table, and the hooks of modules of one's own are asked through their caches
(`hartenjagen.core.hook_cache`), which call Python only on a miss; a
``random.Random`` is drawn from as ``randrange`` draws (``getrandbits`` with
rejection), without the Python-level method in between.
"""

from __future__ import annotations

import random
from typing import Any, Final

from hartenjagen.cards import CARD_COUNT
from hartenjagen.core import hand_hooks, hooks
from hartenjagen.core import hands as hand_steps
from hartenjagen.core.chance_nodes import random_outcome
from hartenjagen.core.hand_log import log_entry
from hartenjagen.core.hook_cache import PlaySource, cache_of
from hartenjagen.core.kernel import (
    apply,
    breaks,
    first_trick,
    legal_mask,
    legal_moves,
    planned_lead,
    play,
)
from hartenjagen.core.passes import choose, unrank_bits
from hartenjagen.core.state import (
    CHANCE,
    GAME_OVER,
    PASSING,
    PLAYING,
    HandContext,
    State,
    seat_to_move,
    stock_mask,
    taken_masks,
)
from hartenjagen.core.stock import draw_after_trick
from hartenjagen.core.table import (
    FIRST_CALLBACK,
    LEAD_AFTER_TRICKS,
    LEAD_CALLBACK,
    LEAD_SUITS_LED,
    NO_SUIT,
    ONE_PACK,
    TRAVEL_SEAT,
    Table,
    popcount,
)
from hartenjagen.core.trick_taking import winner_position


class _Draw:
    """``rng.randrange(n)`` for ``n >= 1``, drawing exactly as it does."""

    __slots__ = ("getrandbits", "randrange", "plain")

    def __init__(self, rng: Any) -> None:
        self.plain = type(rng) is random.Random
        self.getrandbits = rng.getrandbits
        self.randrange = rng.randrange

    def below(self, n: int) -> int:
        if not self.plain:
            drawn: int = self.randrange(n)
            return drawn
        k = n.bit_length()
        r: int = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r


_NO_TRICKS: Final[tuple[int, ...]] = ()


def playout(state: State, rng: Any, whole_game: bool) -> State:
    """Play random legal moves until the hand (or the game) is over."""
    draw = _Draw(rng)
    scored = len(state._hand.sheet)
    while True:
        hand = state._hand
        phase = hand.phase
        if phase == PLAYING:
            state = _play_out_hand(state, draw)
        elif phase == GAME_OVER:
            return state
        else:
            state = _random_step(state, draw)
        if state._hand is not hand and not whole_game and len(state._hand.sheet) != scored:
            return state


def _random_step(state: State, draw: _Draw) -> State:
    """One random move (or chance outcome) outside card play: a whole stage of passes where it can."""
    hand = state._hand
    if hand.phase == PASSING and hand.table.copies == 1:
        return _random_stage(state, draw)
    if hand.phase == CHANCE:
        return random_outcome(state, draw.below)
    moves = legal_moves(state)
    return apply(state, moves[draw.below(len(moves))])


def _random_stage(state: State, draw: _Draw) -> State:
    """Every pending seat's pass of this stage of the exchange, drawn as `_random_pass` draws them one by one.

    The draws are the loop's (each over every pending seat's passes in
    ``legal_moves``' order), but the hand is built once, not once per seat.
    """
    hand = state._hand
    table = hand.table
    stage = len(hand.pass_log)
    _, offsets, travel = table.route_plan(hand.direction)
    if travel != TRAVEL_SEAT:
        return _random_pass(state, draw)
    count = state.pass_count
    seats: list[int] = []
    allowed: list[int] = []
    sizes: list[int] = []
    total = 0
    for seat in range(table.players):
        if hand.pending >> seat & 1:
            mask = hand_hooks.pass_choices(hand, seat, hand.hands[seat])
            size = choose(popcount(mask), count)
            seats.append(seat)
            allowed.append(mask)
            sizes.append(size)
            total += size
    hands = list(hand.hands)
    given = list(hand.passed)
    while seats:
        index = draw.below(total)
        i = 0
        while index >= sizes[i]:
            index -= sizes[i]
            i += 1
        seat = seats.pop(i)
        chosen = unrank_bits(allowed.pop(i), count, index)
        total -= sizes.pop(i)
        hands[seat] = hands[seat] & ~chosen  # not &=: that is a generic operation on a list item
        given[seat] = chosen
    n = table.players
    offset = offsets[stage]
    received = tuple([given[(seat - offset) % n] for seat in range(n)])
    exchanged = hand.copy()
    exchanged.pending = 0
    return hand_steps.finish_exchange(exchanged, tuple(hands), tuple(given), received, None)


def _random_pass(state: State, draw: _Draw) -> State:
    """One uniformly drawn pass among every pending seat's (single pack): ``legal_moves``' order and draw."""
    hand = state._hand
    table = hand.table
    count = state.pass_count
    allowed = []
    total = 0
    for seat in range(table.players):
        if hand.pending >> seat & 1:
            mask = hand_hooks.pass_choices(hand, seat, hand.hands[seat])
            size = choose(popcount(mask), count)
            allowed.append((seat, mask, size))
            total += size
    index = draw.below(total)
    for seat, mask, size in allowed:
        if index < size:
            return hand_steps.pass_cards(state, seat, unrank_bits(mask, count, index), None)
        index -= size
    raise AssertionError("unreachable")  # pragma: no cover


def _play_out_hand(state: State, draw: _Draw, values: list[int] | None = None) -> State:
    """Play the rest of the hand with random legal cards, tracking bitmasks only; score it at the end.

    With ``values`` (signed card values, see `_signed_values`) each card is the greedy
    policy's (`_greedy_bit`) instead of a uniform draw.
    """
    hand = state._hand
    table = hand.table
    if table.follow_draws:
        return _play_out_card_by_card(state, draw, values)
    n = table.players
    hands = hand.hands
    suit_of = table.suit_of
    suit_masks = table.suit_masks
    bits_of = table.bits_of
    single = table.copies == 1
    hand_size = table.tricks
    # A stock to draw from after a trick: the draws change the hands, so the rest is played from a new state.
    stocked = stock_mask(state) != 0
    played, trick, count = state._played, state._trick, state._count
    leader, led = state._leader, state._led
    entries = list(state._log)  # the log, appended to; a tuple only where a rule reads it
    tricks = len(entries)
    reads_log = table.lead_opens == LEAD_AFTER_TRICKS or table.lead_opens == LEAD_SUITS_LED
    broken, carry = state._broken, state._carry
    taken = list(taken_masks(state))
    # The trick's winner is followed card by card (the led suit's highest Card.index, the first
    # of two identical ones), except where pairs cancel, a module of one's own names the winner,
    # the pack holds jokers (a led joker leaves the suit to the next card) or the trick began before
    # this playout.
    plain_winner = not table.cancel_pairs and not table.winner_callback and not table.joker_mask
    follows_winner = plain_winner and count == 0
    # The C kernel plays no such table: the greedy asks the module (or the jokers' roles: `Deck.joker_role`).
    own_winner = table.winner_callback or bool(table.joker_roles)
    # The hooks of modules of one's own are asked through their caches (hooks.narrowed_at).
    rules = table.rules
    lead_hook = table.lead_opens == LEAD_CALLBACK
    first_hook = table.first_kind == FIRST_CALLBACK
    restricting = table.restricting
    widening = table.widening
    # The house rules' caches, and one position reused from card to card to look their answers up.
    caches = [cache_of(table.hook_caches, extra.playable) for extra in restricting]
    probe = PlaySource(hand, 0, 0, 0, 0, 0, 0, -1, entries, 0, False)
    top = position = 0
    while True:
        seat = leader + count
        if seat >= n:
            seat -= n
        cards = hands[seat] & ~played
        if count:
            mask = cards & suit_masks[led] or cards
        elif tricks == 0:
            if table.opening_planned:
                mask = table.opening_mask(cards) or cards
            else:
                source = PlaySource(
                    hand, seat, cards, cards, trick, count, leader, led, entries, tricks, broken
                )
                mask = hooks.narrowed_at(rules.opening, rules.opening.playable, source, True) or cards
        elif lead_hook:
            source = PlaySource(hand, seat, cards, cards, trick, count, leader, led, entries, tricks, broken)
            mask = hooks.narrowed_at(rules.leading, rules.leading.playable, source, True) or cards
        else:
            log = tuple(entries) if reads_log else _NO_TRICKS
            mask = planned_lead(cards, broken, log, hands, table) or cards
        if tricks == 0:
            if first_hook:
                source = PlaySource(
                    hand, seat, cards, mask, trick, count, leader, led, entries, tricks, broken
                )
                mask = hooks.narrowed_at(rules.first_trick, rules.first_trick.playable, source, True)
            else:
                mask = first_trick(mask, cards, table, state)
        if restricting:
            probe.seat, probe.cards, probe.trick, probe.count = seat, cards, trick, count
            probe.leader, probe.led, probe.tricks, probe.broken = leader, led, tricks, broken
            probe.log = entries
            for i, extra in enumerate(restricting):
                probe.allowed = mask
                mask = hooks.narrowed_by(extra, extra.playable, caches[i], probe, False)
        if widening:
            # A rule's own ``widens`` reads a context of the position: a state of it is made for the call.
            here = State(hand, played, trick, count, leader, led, tuple(entries), broken, carry)
            mask = hooks.widened(table, here, mask, cards)
        if values is None:
            choices = mask if single else table.distinct(mask)
            for _ in range(draw.below(popcount(choices))):
                choices &= choices - 1
            bits = mask & bits_of[(choices & -choices).bit_length() - 1]
            bit = (bits & ONE_PACK) or bits  # the lowest copy
        else:
            # A trick winner of one's own (Polignac's order, a trump) says which cards lose, not the ranks.
            losing = _losing(hand, mask, trick, leader, count, entries) if count and own_winner else -1
            bit = _greedy_bit(mask, trick, led, count, n, table, values, draw, losing)
        physical = bit.bit_length() - 1
        suit = suit_of[physical]
        index = physical - CARD_COUNT if physical >= CARD_COUNT else physical
        if count == 0:
            led = suit
            top, position = index, 0
        elif suit == led and index > top:
            top, position = index, count
        elif led == NO_SUIT:  # a led joker: this card sets the suit to follow
            led = suit
        if not broken:
            broken = breaks(table, physical, count > 0 and suit != led, tricks)
        played |= bit
        trick |= bit
        count += 1
        if count < n:
            continue
        if not follows_winner:
            position = winner_position(hand, trick, leader, led, table, entries)
            follows_winner = plain_winner
        last = tricks + 1 == hand_size
        if position < 0:
            if not last:
                entries.append(log_entry(trick, leader, -1, -1))
                tricks += 1
                carry |= trick
                if stocked:
                    after = State(hand, played, 0, 0, leader, -1, tuple(entries), broken, carry)
                    return _after_draws(after, draw, values)
                trick, count, led = 0, 0, -1
                continue
            entries.append(log_entry(trick, leader, -1, leader))
            winner = leader
        else:
            winner = (leader + position) % n
            entries.append(log_entry(trick, leader, winner, winner))
        tricks += 1
        taken[winner] = taken[winner] | trick | carry  # not |=: that is a generic operation on a list item
        carry = 0
        if last:
            final = State(hand, played, 0, 0, winner, -1, tuple(entries), broken, 0)
            return hand_steps.score_hand(final, None, tuple(taken))
        if stocked:
            after = State(hand, played, 0, 0, winner, -1, tuple(entries), broken, 0)
            return _after_draws(after, draw, values)
        leader, trick, count, led = winner, 0, 0, -1


def _play_out_card_by_card(state: State, draw: _Draw, values: list[int] | None) -> State:
    """`_play_out_hand` under a deck that draws to follow: card by card through the kernel's ``play``.

    Seats draw in the middle of a trick and drop out when their hands are
    empty, which the bitmask loop does not follow; the cards are drawn as
    there (``legal_moves``' order, or the greedy policy). It stops when the
    hand is scored or explicit chance waits for a card drawn.
    """
    sheet = len(state._hand.sheet)
    table = state._hand.table
    while state._hand.phase == PLAYING and len(state._hand.sheet) == sheet:
        mask = legal_mask(state)
        if values is None:
            choices = mask if table.copies == 1 else table.distinct(mask)
            for _ in range(draw.below(popcount(choices))):
                choices &= choices - 1
            bits = mask & table.bits_of[(choices & -choices).bit_length() - 1]
            bit = (bits & ONE_PACK) or bits
        else:
            bit = _greedy_bit(
                mask, state._trick, state._led, state._count, table.players, table, values, draw
            )
        state = play(state, seat_to_move(state), bit, None)
    return state


def _after_draws(state: State, draw: _Draw, values: list[int] | None) -> State:
    """The draws from the stock after a trick, then the rest of the hand; under explicit chance the draw node."""
    after = draw_after_trick(state, None)
    if after._hand.phase != PLAYING:
        return after  # explicit chance waits for the drawn cards: the playout loop draws them
    return _play_out_hand(after, draw, values)


# ---------------------------------------------------------------- greedy playouts (the sampling bot's)

#: Physical card values of a table times a sign, keyed by (table id, sign): built once per table.
_SIGNED: dict[tuple[int, int], tuple[Table, list[int]]] = {}


def _signed_values(table: Table, sign: int) -> list[int]:
    key = (id(table), sign)
    cached = _SIGNED.get(key)
    if cached is not None and cached[0] is table:
        return cached[1]
    values = [sign * table.values[index] for index in table.index_of]  # by physical card, jokers too
    if len(_SIGNED) > 64:  # bounded: tables come from outside
        _SIGNED.clear()
    _SIGNED[key] = (table, values)
    return values


def _losing(hand: HandContext, mask: int, trick: int, leader: int, count: int, log: list[int]) -> int:
    """The cards of ``mask`` that would not take the lead of the trick so far, asked of the rules' trick winner."""
    n = hand.table.players
    order = []
    for i in range(count):
        bits = trick & hand.hands[(leader + i) % n]
        order.append((bits & -bits).bit_length() - 1)
    losing = 0
    rest = mask
    while rest:
        low = rest & -rest
        order.append(low.bit_length() - 1)
        if hooks.trick_winner(hand, order, leader, log) != count:
            losing |= low
        order.pop()
        rest ^= low
    return losing


def _greedy_bit(
    mask: int,
    trick: int,
    led: int,
    count: int,
    n: int,
    table: Table,
    values: list[int],
    draw: _Draw,
    losing: int = -1,
) -> int:
    """One card (a bit of ``mask``, the legal cards) by quick card sense; one play in ten at random.

    ``losing``: the cards that would not win the trick so far, where the rules' trick winner
    said so (-1: the highest card of the suit led wins, read off the ranks).
    """
    if mask & (mask - 1) == 0:
        return mask
    if draw.below(10) == 0:
        m = mask
        for _ in range(draw.below(popcount(mask))):
            m &= m - 1
        return m & -m
    follow = count > 0 and (mask & table.suit_masks[led]) != 0
    top = -1
    if follow:
        rest = trick & table.suit_masks[led]
        while rest:
            low = rest & -rest
            rank = (low.bit_length() - 1) % 13
            if rank > top:
                top = rank
            rest ^= low
    below = 0
    if follow and losing >= 0:
        below = losing & table.suit_masks[led]
    elif follow:
        rest = mask
        while rest:
            low = rest & -rest
            if (low.bit_length() - 1) % 13 < top:
                below |= low
            rest ^= low
    # (key, maximise): lead low and safe; duck with the highest loser; win cheaply; dump the worst card.
    if count == 0:
        pool, sign = mask, -1
    elif follow and below:
        pool, sign = below, 1
    elif follow and count == n - 1:
        pool, sign = mask, 2
    elif follow:
        pool, sign = mask, -2
    else:
        pool, sign = mask, 1
    best = 0
    best_key = 0
    rest = pool
    while rest:
        low = rest & -rest
        p = low.bit_length() - 1
        rank = p % 13
        value = values[p]
        if sign == -1:
            key = -((16 if value > 0 else 0) + rank)
        elif sign == 1:
            key = value * 16 + rank
        elif sign == 2:
            key = -value * 16 + rank
        else:
            key = -(value * 16 + rank)
        if best == 0 or key > best_key:
            best, best_key = low, key
        rest ^= low
    return best


def greedy_playout(state: State, rng: Any, sign: int) -> State:
    """Play the hand out with a card-sense policy for every seat; the first state after it is scored.

    Each seat leads its lowest card worth nothing (else its lowest), ducks
    under the trick's top card with its highest card that loses, wins as
    cheaply as it can (with its highest card when last), and dumps its most
    valuable card when void; card values are ``sign`` times the scoring's. One
    play in ten is uniformly random. Phases other than play take random moves.
    """
    draw = _Draw(rng)
    scored = len(state._hand.sheet)
    while True:
        hand = state._hand
        phase = hand.phase
        table = hand.table
        if phase == PLAYING:
            state = _play_out_hand(state, draw, _signed_values(table, sign))
        elif phase == GAME_OVER:
            return state
        else:
            state = _random_step(state, draw)
        if state._hand is not hand and len(state._hand.sheet) != scored:
            return state


# ---------------------------------------------------------------- the native kernel's calls into Python
#
# The C kernel (``_playout_body.h``) keeps its own copy of each hook's tree (the same paths, keyed by
# the same fields) and calls these only where its copy has no answer: they ask the hook exactly as
# the fused loop above does (`hooks.narrowed_at`: the same context, the same errors, the answer
# kept in the Python tree), and tell C the path it may keep.

#: The hook slots the native kernel numbers (its trees, in this order; then one per house rule).
HOOK_OPENING: Final = 0
HOOK_LEADING: Final = 1
HOOK_FIRST_TRICK: Final = 2
HOOK_EXTRAS: Final = 3


def native_answer(
    table: Table,
    slot: int,
    hand: HandContext,
    seat: int,
    cards: int,
    allowed: int,
    trick: int,
    count: int,
    leader: int,
    led: int,
    log: list[int],
    tricks: int,
    broken: bool,
) -> tuple[int, int, tuple[int, ...]]:
    """The cards hook ``slot`` leaves of ``allowed`` at a position of the native kernel's, as the fused loop finds them.

    Returns (the cards chosen, the hook's answer as the tree keeps it or -1,
    the fields on the tree's path to that answer). Raises what the Python
    kernel raises there (a hook's own error, a `RulesError` for a bad answer).
    """
    rules = table.rules
    module: Any
    if slot == HOOK_OPENING:
        module, fallback = rules.opening, True
    elif slot == HOOK_LEADING:
        module, fallback = rules.leading, True
    elif slot == HOOK_FIRST_TRICK:
        module, fallback = rules.first_trick, True
    else:
        module, fallback = table.restricting[slot - HOOK_EXTRAS], False
    source = PlaySource(hand, seat, cards, allowed, trick, count, leader, led, log, tricks, broken)
    chosen = hooks.narrowed_at(module, module.playable, source, fallback)
    answer, path = cache_of(table.hook_caches, module.playable).path(source)
    return chosen, answer, path


def native_hand(table: Table, base: HandContext | None, hands: tuple[int, ...], route: int) -> HandContext:
    """The hand as play begins after the native kernel dealt or exchanged it: what a hook's context reads.

    ``base``: the hand the playout started from (in its exchange), or ``None``
    for a fresh deal (a game's first hand: dealer 0, no points yet).
    """
    if base is not None:
        hand = base.copy()
        hand.phase, hand.hands, hand.pending = PLAYING, hands, 0
        hand.passed = (0,) * table.players
        return hand
    zeros = (0,) * table.players
    return HandContext(
        table=table, phase=PLAYING, hand_index=0, dealer=0, hands=hands, passed=zeros, pending=0,
        pass_log=(), direction=table.routes[route], scores=zeros, sheet=(), seed=0, deal_count=1,
        dealt=(), winners=(), announcers=(), shooter=-1, secret=False, chance=None, history=(),
    )  # fmt: skip


def native_breaks(table: Table, physical: int, discarded: bool, tricks: int) -> bool:
    """A leading module's ``breaks_hearts`` for the native kernel (``tricks``: completed tricks)."""
    return hooks.breaks(table, physical, discarded, tricks)


def native_points(table: Table, mask: int) -> int:
    """A scoring module's ``points_of`` for the physical cards ``mask``, for the native kernel (`hand_hooks.points`)."""
    return hand_hooks.points(table, mask)


#: The key in a table's ``hook_caches`` of its moon module's answers (ids are never negative; hooks.py keeps -1).
_MOON_ANSWERS: Final = -2
#: A table's moon answers start afresh past this many (the inputs repeat: a few hundred is usual).
_MOON_LIMIT: Final = 4096


def _final_state(hand: HandContext, log: list[int], taken: tuple[int, ...], winner: int) -> State:
    """The state of a hand the native kernel played out, its last trick in (as the fused loop scores it)."""
    played = 0
    for mask in taken:
        played |= mask
    # Hearts broken: no field of a moon context.
    return State(hand, played, 0, 0, winner, -1, tuple(log), True, 0)


def _moon_answers(table: Table) -> dict[tuple[object, ...], Any]:
    answers: dict[tuple[object, ...], Any] | None = table.hook_caches.get(_MOON_ANSWERS)
    if answers is None or len(answers) >= _MOON_LIMIT:
        answers = {}
        table.hook_caches[_MOON_ANSWERS] = answers
    return answers


def native_shooter(
    table: Table,
    hand: HandContext,
    log: list[int],
    taken: tuple[int, ...],
    winner: int,
    raw: tuple[int, ...],
    candidate: int,
    kept: int,
) -> int:
    """A moon module's ``shooter`` at the end of a hand the native kernel played (-1: no one), as `hands.score_hand` asks it.

    The kernel asks only where seat ``candidate`` took every card the module
    declares in ``needed_cards`` (``taken``: each seat's captured cards,
    ``raw`` their points, ``kept``: the points of the candidate's other
    cards); the answer is kept by the inputs the declaration names.
    """
    answers = _moon_answers(table)
    key = (candidate, raw, kept, hand.scores)
    known: int | None = answers.get(key)
    if known is not None:
        return known
    shooter = hand_hooks.shooter(_final_state(hand, log, taken, winner), taken)
    answer = -1 if shooter is None else shooter
    answers[key] = answer
    return answer


def native_settle(
    table: Table,
    hand: HandContext,
    log: list[int],
    taken: tuple[int, ...],
    winner: int,
    raw: tuple[int, ...],
    candidate: int,
    kept: int,
    shooter: int,
    option: int,
) -> tuple[int, ...]:
    """A moon module's ``settle`` after ``shooter`` shot and chose its ``option``-th option, as `hands.finish_hand` asks it.

    Kept by the declared inputs, as `native_shooter`'s answer.
    """
    answers = _moon_answers(table)
    key = (candidate, raw, kept, hand.scores, shooter, option)
    known: tuple[int, ...] | None = answers.get(key)
    if known is not None:
        return known
    state = _final_state(hand, log, taken, winner)
    points = hand_hooks.settle(state, taken, raw, shooter, table.rules.moon.options()[option])
    answers[key] = points
    return points
