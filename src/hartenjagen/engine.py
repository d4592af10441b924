"""The engine: ``new_game``, ``legal_moves``, ``apply``, ``is_legal`` and ``explain``.

Every rule lives in a rule module; this file only runs the game loop
(deal, pass, play tricks, score, next hand) and asks the modules of the
state's ``Rules`` at each step. Legality has one chain, :func:`_play_mask`,
shared by ``legal_moves``, ``apply`` and ``explain``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from hartenjagen.cards import Card, parse_cards
from hartenjagen.errors import CardParseError, IllegalMove, IllegalMoveCode, IllegalMoveError, SetupError
from hartenjagen.legal import PassMoves, PlayMoves
from hartenjagen.moves import Move, Pass, Play
from hartenjagen.rules import Rules
from hartenjagen.state import HandResult, Phase, State, Trick, make_state
from hartenjagen.table import Table, table_for

Code = IllegalMoveCode
_new_state = tuple.__new__
_NO_MOVES: tuple[Move, ...] = ()
_SECURE = random.SystemRandom()

#: A deal given to ``new_game``: one list of cards (or card texts) per seat.
Deal = Sequence[Iterable[str | Card] | str]


# ---------------------------------------------------------------- new game


def new_game(
    rules: Rules,
    *,
    seed: int | None = None,
    deal: Deal | None = None,
    dealer: int = 0,
) -> State:
    """Start a game: deal the first hand and return the first state.

    ``seed`` makes every deal of the game reproducible; without one, each
    shuffle uses the operating system's secure random source. ``deal`` fixes
    the first hand (one list of cards per seat, e.g. real cards on a real
    table); later hands are shuffled as above. ``dealer`` is the seat that
    deals the first hand (seat 0 by default; the deal then starts at seat 1
    and the deal passes to the left after every hand).
    """
    if not isinstance(rules, Rules):
        raise SetupError(f"new_game needs a Rules value (e.g. variants.STANDARD), not {rules!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SetupError(f"seed must be a whole number or None, not {seed!r}")
    table = table_for(rules)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < table.players:
        raise SetupError(f"dealer must be a seat from 0 to {table.players - 1}, not {dealer!r}")
    hands = _shuffle(table, seed, 0, dealer) if deal is None else _explicit_deal(table, deal)
    return _start_hand(table, 0, dealer, hands, (0,) * table.players, (), seed, 1)


def _shuffle(table: Table, seed: int | None, deal_count: int, dealer: int) -> tuple[int, ...]:
    """Shuffle the pack and deal it one card at a time clockwise from eldest."""
    cards = list(table.pack)
    if seed is None:
        _SECURE.shuffle(cards)
    else:
        random.Random(f"hartenjagen/{seed}/{deal_count}").shuffle(cards)
    n = table.players
    hands = [0] * n
    for i, physical in enumerate(cards):
        hands[(dealer + 1 + i) % n] |= 1 << physical
    return tuple(hands)


def _explicit_deal(table: Table, deal: Deal) -> tuple[int, ...]:
    n = table.players
    if isinstance(deal, str) or not isinstance(deal, Sequence) or len(deal) != n:
        raise SetupError(f"deal must be a list of {n} hands, one per seat")
    remaining = {card: 0 for card in table.card_of}
    for physical in table.pack:
        remaining[table.card_of[physical]] += 1
    hands = []
    for seat, hand in enumerate(deal):
        try:
            cards = parse_cards(hand)
        except CardParseError as error:
            raise SetupError(f"deal: seat {seat}: {error}") from error
        if len(cards) != table.hand_size:
            raise SetupError(f"deal: seat {seat} has {len(cards)} cards, not {table.hand_size}")
        mask = 0
        for card in cards:
            if remaining[card] == 0:
                problem = (
                    "more often than the pack holds it" if table.bits_of[card.index] else "not in the pack"
                )
                raise SetupError(f"deal: seat {seat} has {card}, which is {problem}")
            remaining[card] -= 1
            free = table.bits_of[card.index] & ~mask
            mask |= free & -free
        hands.append(mask)
    # Right counts and no card beyond its copies means every card was dealt.
    return tuple(hands)


def _start_hand(
    table: Table,
    hand_index: int,
    dealer: int,
    hands: tuple[int, ...],
    scores: tuple[int, ...],
    sheet: tuple[HandResult, ...],
    seed: int | None,
    deal_count: int,
) -> State:
    n = table.players
    passes = table.rules.passing.count(hand_index, n) and table.rules.passing.direction(hand_index, n).offset(
        n
    )
    if passes:
        return make_state(
            table, Phase.PASSING, hand_index, dealer, hands, (0,) * n, (1 << n) - 1,
            0, (), (), (0,) * n, False, scores, sheet, seed, deal_count, hands, (),
        )  # fmt: skip
    leader = table.rules.opening.leader(hands, dealer, table)
    return make_state(
        table, Phase.PLAYING, hand_index, dealer, hands, (0,) * n, 0,
        leader, (), (), (0,) * n, False, scores, sheet, seed, deal_count, hands, (),
    )  # fmt: skip


# ---------------------------------------------------------------- legality


def _play_mask(state: State, hand: int, trace: list[tuple[Code, str, int]] | None = None) -> int:
    """The physical cards of ``hand`` that the player to move may play (RULES.md §1.15).

    With ``trace``, each step that narrows the choice appends its code, the
    sentence that explains it and the cards left, for ``explain``.
    """
    table = state._table
    rules = table.rules
    trick = state._trick_cards
    first_trick = not state.tricks
    if trick:
        follow = hand & table.suit_masks[table.suit_of[trick[0]]]
        candidates = follow or hand
        if trace is not None:
            suit = table.card_of[trick[0]].suit.name.lower()
            trace.append((Code.MUST_FOLLOW_SUIT, f"you must follow suit: {suit} were led", candidates))
    elif first_trick:
        candidates = rules.opening.lead_mask(hand, table) or hand
        if trace is not None:
            trace.append((Code.MUST_LEAD_OPENING_CARD, rules.opening.refusal(table), candidates))
    else:
        candidates = rules.leading.lead_mask(hand, state, table) or hand
        if trace is not None:
            trace.append((Code.HEARTS_NOT_BROKEN, rules.leading.refusal(table), candidates))
    if first_trick:
        candidates = rules.first_trick.filter(candidates, table)
        if trace is not None:
            trace.append((Code.POINTS_ON_FIRST_TRICK, rules.first_trick.refusal(table), candidates))
    return candidates


def legal_moves(state: State) -> Sequence[Move]:
    """The moves that may be made now, in a stable order; empty once the game is over.

    In the passing phase these are the passes of every seat that has not
    passed yet (built lazily: ``len``, indexing and ``in`` cost next to
    nothing). In play they are the cards the seat to move may play.
    """
    phase = state.phase
    table = state._table
    if phase is Phase.PLAYING:
        seat = (state._leader + len(state._trick_cards)) % table.players
        mask = _play_mask(state, state._hand_masks[seat])
        return PlayMoves(seat, table.plays[seat], table.distinct(mask))
    if phase is Phase.PASSING:
        pending = state._pending_passes
        hands = tuple(
            (seat, table.distinct(mask)) for seat, mask in enumerate(state._hand_masks) if pending >> seat & 1
        )
        return PassMoves(table, hands, state.pass_count)
    return _NO_MOVES


def explain(state: State, move: object) -> IllegalMove | None:
    """Why ``move`` is illegal now (a code and a sentence), or ``None`` if it is legal."""
    if type(move) is Play:
        return _explain_play(state, move)
    if type(move) is Pass:
        return _explain_pass(state, move)
    return IllegalMove(Code.NOT_A_MOVE, f"{move!r} is not a move (expected Play or Pass)")


def is_legal(state: State, move: object) -> bool:
    """Whether ``apply(state, move)`` would accept ``move``."""
    return explain(state, move) is None


def _explain_common(state: State, seat: int, wanted: Phase) -> IllegalMove | None:
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return IllegalMove(Code.GAME_OVER, "the game is over")
    n = state._table.players
    if not 0 <= seat < n:
        return IllegalMove(Code.NO_SUCH_SEAT, f"there is no seat {seat}: seats are 0 to {n - 1}")
    if phase is not wanted:
        return IllegalMove(Code.WRONG_PHASE, f"now is the time to {_verb(phase)}, not to {_verb(wanted)}")
    return None


def _verb(phase: Phase) -> str:
    return "pass cards" if phase is Phase.PASSING else "play a card"


def _explain_play(state: State, move: Play) -> IllegalMove | None:
    problem = _explain_common(state, move.seat, Phase.PLAYING)
    if problem:
        return problem
    table = state._table
    seat = (state._leader + len(state._trick_cards)) % table.players
    if move.seat != seat:
        return IllegalMove(Code.NOT_YOUR_TURN, f"it is seat {seat}'s turn to play, not seat {move.seat}'s")
    hand = state._hand_masks[seat]
    bits = table.bits_of[move.card.index]
    if not hand & bits:
        return IllegalMove(Code.CARD_NOT_IN_HAND, f"seat {seat} does not hold the {move.card.symbol}")
    trace: list[tuple[Code, str, int]] = []
    _play_mask(state, hand, trace)
    for code, sentence, allowed in trace:
        if not allowed & bits:
            return IllegalMove(code, f"{move.card.symbol} may not be played: {sentence}")
    return None


def _explain_pass(state: State, move: Pass) -> IllegalMove | None:
    problem = _explain_common(state, move.seat, Phase.PASSING)
    if problem:
        return problem
    if not state._pending_passes >> move.seat & 1:
        return IllegalMove(Code.ALREADY_PASSED, f"seat {move.seat} has already passed")
    count = state.pass_count
    if len(move.cards) != count:
        return IllegalMove(Code.WRONG_PASS_COUNT, f"pass exactly {count} cards, not {len(move.cards)}")
    table = state._table
    hand = state._hand_masks[move.seat]
    for card in set(move.cards):
        copies = move.cards.count(card)
        held = (hand & table.bits_of[card.index]).bit_count()
        if held == 0:
            return IllegalMove(Code.CARD_NOT_IN_HAND, f"seat {move.seat} does not hold the {card.symbol}")
        if copies > held:
            return IllegalMove(Code.DUPLICATE_CARD, f"the {card.symbol} is named {copies} times")
    return None


# ---------------------------------------------------------------- apply


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` itself is never changed.

    A move that ``legal_moves(state)`` does not offer raises
    :class:`IllegalMoveError` with the reason ``explain`` gives.
    """
    if type(move) is Play and state.phase is Phase.PLAYING:
        table = state._table
        trick = state._trick_cards
        seat = (state._leader + len(trick)) % table.players
        if move.seat == seat:
            hand = state._hand_masks[seat]
            bits = hand & table.bits_of[move.card.index] & _play_mask(state, hand)
            if bits:
                return _play(state, seat, bits & -bits)
    reason = explain(state, move)
    if reason is None and type(move) is Pass:
        return _pass(state, move)
    if reason is None:  # pragma: no cover - the fast path and explain share _play_mask
        raise AssertionError(f"move {move!r} is legal but was not applied")
    raise IllegalMoveError(reason, move)


def _pass(state: State, move: Pass) -> State:
    table = state._table
    seat = move.seat
    hand = state._hand_masks[seat]
    chosen = 0
    for card in move.cards:
        free = hand & table.bits_of[card.index] & ~chosen
        chosen |= free & -free
    hands = list(state._hand_masks)
    hands[seat] = hand & ~chosen
    passed = list(state._passed_masks)
    passed[seat] = chosen
    pending = state._pending_passes & ~(1 << seat)
    phase = Phase.PASSING
    leader = 0
    if not pending:
        n = table.players
        offset = state.pass_direction.offset(n)
        for giver in range(n):
            hands[(giver + offset) % n] |= passed[giver]
        phase = Phase.PLAYING
        leader = table.rules.opening.leader(tuple(hands), state.dealer, table)
    return make_state(
        table, phase, state.hand_index, state.dealer, tuple(hands), tuple(passed), pending,
        leader, (), (), state._taken_masks, False, state.scores, state.score_sheet, state.seed,
        state._deal_count, state._dealt_masks, (),
    )  # fmt: skip


def _play(state: State, seat: int, bit: int) -> State:
    (table, phase, hand_index, dealer, hands, passed, _, leader, trick, tricks, taken, broken,
     scores, sheet, seed, deal_count, dealt, _) = state  # fmt: skip
    n = table.players
    physical = bit.bit_length() - 1
    hands = hands[:seat] + (hands[seat] ^ bit,) + hands[seat + 1 :]
    if not broken:
        discarded = bool(trick) and table.suit_of[physical] != table.suit_of[trick[0]]
        broken = table.rules.leading.breaks(physical, discarded, len(tricks), table)
    trick += (physical,)
    if len(trick) < n:
        return _new_state(State, (
            table, phase, hand_index, dealer, hands, passed, 0, leader, trick, tricks, taken,
            broken, scores, sheet, seed, deal_count, dealt, (),
        ))  # fmt: skip
    winner = (leader + _winning_position(table, trick)) % n
    tricks += (Trick(leader, tuple(map(table.card_of.__getitem__, trick)), winner),)
    won = 0
    for p in trick:
        won |= 1 << p
    taken = taken[:winner] + (taken[winner] | won,) + taken[winner + 1 :]
    if hands[winner]:
        return _new_state(State, (
            table, phase, hand_index, dealer, hands, passed, 0, winner, (), tricks, taken,
            broken, scores, sheet, seed, deal_count, dealt, (),
        ))  # fmt: skip
    return _end_hand(state, taken, tricks)


def _winning_position(table: Table, trick: tuple[int, ...]) -> int:
    """Position in the trick of the highest card of the led suit; the first of equal cards wins."""
    led = table.suit_of[trick[0]]
    best = 0
    best_rank = trick[0] % 52
    for position in range(1, len(trick)):
        p = trick[position]
        if table.suit_of[p] == led and p % 52 > best_rank:
            best, best_rank = position, p % 52
    return best


def _end_hand(state: State, taken: tuple[int, ...], tricks: tuple[Trick, ...]) -> State:
    """Score the hand, then end the game or deal the next hand."""
    table = state._table
    rules = table.rules
    n = table.players
    raw = rules.scoring.hand_points(taken, table)
    points, shooter = rules.moon.settle(raw, taken, table)
    if rules.extras:
        won = [0] * n
        for trick in tricks:
            won[trick.winner] += 1
        for extra in rules.extras:
            points = extra.adjust_hand_points(points, tuple(won), shooter)
    totals = tuple(a + b for a, b in zip(state.scores, points, strict=True))
    sheet = state.score_sheet + (HandResult(state.hand_index, state.dealer, raw, points, totals, shooter),)
    if rules.ending.is_over(totals, len(sheet)):
        return make_state(
            table, Phase.GAME_OVER, state.hand_index, state.dealer, (0,) * n,
            state._passed_masks, 0, tricks[-1].winner, (), tricks, taken, state.hearts_broken,
            totals, sheet, state.seed, state._deal_count, state._dealt_masks,
            rules.ending.winners(totals),
        )  # fmt: skip
    dealer = (state.dealer + 1) % n
    hands = _shuffle(table, state.seed, state._deal_count, dealer)
    return _start_hand(
        table, state.hand_index + 1, dealer, hands, totals, sheet, state.seed, state._deal_count + 1
    )
