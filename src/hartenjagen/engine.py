"""The engine: ``new_game``, ``legal_moves``, ``apply``, ``is_legal`` and ``explain``.

Every rule lives in a rule module; this file only runs the game loop (deal,
exchange, announcements, tricks, scoring, next hand) and asks the modules of
the state's ``Rules`` at each step. It names no variant. Legality of a play
has one chain, :func:`_play_mask`, shared by ``legal_moves``, ``apply`` and
``explain``.
"""

from __future__ import annotations

import operator
import random
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

from hartenjagen._repr import shown
from hartenjagen.bitmask import bits
from hartenjagen.cards import Card, parse_cards
from hartenjagen.chance import chance_for
from hartenjagen.errors import CardParseError, IllegalMove, IllegalMoveCode, IllegalMoveError, SetupError
from hartenjagen.events import (
    Announced,
    CardPlayed,
    CardsExchanged,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonChosen,
    MoonShot,
    PassChosen,
    Revoked,
    TrickCancelled,
    TrickWon,
)
from hartenjagen.legal import PassMoves, PlayMoves
from hartenjagen.moves import Announce, MoonChoice, MoonOption, Move, Pass, Play
from hartenjagen.rules import Rules
from hartenjagen.rules.extras import HandSummary
from hartenjagen.state import CONTEXT_INDEX, HOT_INDEX, HandResult, Phase, State, Trick, make_state
from hartenjagen.table import Table, table_for

Code = IllegalMoveCode
#: The largest seed, in bits (a secret seed has 128): a number a message and a record can always show.
SEED_BITS = 4096
_new_state = tuple.__new__
_NO_MOVES: tuple[Move, ...] = ()
#: The legal plays ``legal_moves`` last computed, so that ``apply`` of one of them does not compute
#: them again. A cache only: it never changes a result (it is checked by identity of the state).
_last_play_mask: tuple[object, int] = (None, 0)
#: The codes of the play chain: a revoke-penalty house rule lets these plays through.
_RULE_CODES = frozenset(
    {
        Code.MUST_FOLLOW_SUIT,
        Code.MUST_LEAD_OPENING_CARD,
        Code.HEARTS_NOT_BROKEN,
        Code.POINTS_ON_FIRST_TRICK,
        Code.MUST_DROP_QUEEN,
        Code.HOUSE_RULE,
    }
)

#: Where a transition reports what happened (``None``: nobody asked, as in ``apply``).
Events = list[Event] | None

#: A deal given to ``new_game``: one list of cards (or card texts) per seat.
Deal = Sequence[Iterable[str | Card] | str]


def _replace(state: State, **changes: Any) -> State:
    """A copy of ``state`` with some fields changed (for the rarer transitions)."""
    hot = list(state)
    context = None
    for name, value in changes.items():
        index = HOT_INDEX.get(name)
        if index is not None:
            hot[index] = value
        else:
            if context is None:
                context = list(state._context)
            context[CONTEXT_INDEX[name]] = value
    if context is not None:
        hot[1] = tuple(context)
    return _new_state(State, hot)


# ---------------------------------------------------------------- new game


def new_game(
    rules: Rules,
    *,
    seed: int | None = None,
    deal: Deal | None = None,
    dealer: int = 0,
) -> State:
    """Start a game: deal the first hand and return the first state.

    ``seed`` (a whole number of at most 4,096 bits, ``SEED_BITS``) makes
    every deal of the game reproducible. Without one, the game
    draws a secret 128-bit seed from the operating system's secure random
    source: deals are unpredictable to anyone who does not hold the state, and
    a saved state or game record still replays exactly. ``state.seed`` is
    ``None`` then, and no view shows the secret. ``deal`` fixes
    the first hand (one list of cards per seat, e.g. real cards on a real
    table); later hands are shuffled as above. ``dealer`` is the seat that
    deals the first hand (seat 0 by default; the deal then starts at seat 1
    and the deal passes to the left after every hand).
    """
    if seed is None:
        return start(rules, seed=secrets.randbits(128), deal=deal, dealer=dealer, secret=True)
    return start(rules, seed=seed, deal=deal, dealer=dealer, secret=False)


def start(rules: Rules, *, seed: int, deal: Deal | None, dealer: int, secret: bool) -> State:
    """``new_game`` with the seed given; ``secret`` hides it from ``state.seed`` (for replays of records)."""
    if not isinstance(rules, Rules):
        raise SetupError(f"new_game needs a Rules value (e.g. variants.STANDARD), not {shown(rules)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"seed must be a whole number or None, not {shown(seed)}")
    # Plain ints: an int subclass may compare, hash and print as it likes (a seed printed
    # differently at each deal would deal differently).
    seed = operator.index(seed)
    if seed.bit_length() > SEED_BITS:
        raise SetupError(f"seed must be a whole number of at most {SEED_BITS} bits, not {shown(seed)}")
    table = table_for(rules)
    if (
        isinstance(dealer, bool)
        or not isinstance(dealer, int)
        or not 0 <= operator.index(dealer) < table.players
    ):
        raise SetupError(f"dealer must be a seat from 0 to {table.players - 1}, not {shown(dealer)}")
    dealer = operator.index(dealer)
    hands = _shuffle(table, seed, 0, dealer) if deal is None else _explicit_deal(table, deal)
    return _start_hand(table, 0, dealer, hands, (0,) * table.players, (), seed, 1, None, secret)


def _shuffle(table: Table, seed: int, deal_count: int, dealer: int) -> tuple[int, ...]:
    """Shuffle the pack and deal it one card at a time clockwise from eldest."""
    cards = list(table.pack)
    random.Random(f"hartenjagen/{seed}/{deal_count}").shuffle(cards)
    n = table.players
    hands = [0] * n
    for i, physical in enumerate(cards):
        hands[(dealer + 1 + i) % n] |= 1 << physical
    if table.copies > 1:
        return _assign_copies(table, [[table.card_of[p] for p in bits(mask)] for mask in hands])
    return tuple(hands)


def _assign_copies(table: Table, hands: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """Bitmasks of the hands, giving the copies of each card to the seats in seat order.

    Which physical copy a seat holds never matters to the rules; doing it one way
    for shuffled and explicit deals makes a replayed deal (a game record) equal
    to the shuffled one, and two seats never get the same copy.
    """
    dealt = 0
    masks = []
    for cards in hands:
        mask = 0
        for card in cards:
            free = table.bits_of[card.index] & ~dealt
            dealt |= free & -free
            mask |= free & -free
        masks.append(mask)
    return tuple(masks)


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
        for card in cards:
            if remaining[card] == 0:
                problem = (
                    "more often than the pack holds it" if table.bits_of[card.index] else "not in the pack"
                )
                raise SetupError(f"deal: seat {seat} has {card}, which is {problem}")
            remaining[card] -= 1
        hands.append(cards)
    # Right counts and no card beyond its copies means every card was dealt.
    return _assign_copies(table, hands)


def _start_hand(
    table: Table,
    hand_index: int,
    dealer: int,
    hands: tuple[int, ...],
    scores: tuple[int, ...],
    sheet: tuple[HandResult, ...],
    seed: int,
    deal_count: int,
    events: Events,
    secret: bool = False,
) -> State:
    """The state after a deal: the exchange, the announcements or the first lead."""
    n = table.players
    passing = table.rules.passing
    direction = passing.direction(hand_index, n, chance_for(seed, deal_count, "direction"))
    state = make_state(
        table, Phase.PASSING, hand_index, dealer, hands, (0,) * n, 0, 0, (), (), (0,) * n, False,
        scores, sheet, seed, deal_count, hands, (), direction, (), 0, (), None, secret,
    )  # fmt: skip
    if events is not None:
        sizes = tuple(mask.bit_count() for mask in hands)
        events.append(HandDealt(hand_index, dealer, direction, sizes))
    if passing.stage_counts(direction):
        return _replace(state, _pending=_seat_mask(passing.givers(0, direction, n, dealer)))
    return _after_exchange(state)


def _seat_mask(seats: Iterable[int]) -> int:
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


def _after_exchange(state: State) -> State:
    """Name the first leader; open the announcement round if a house rule has one, else the first trick."""
    table = state._table
    leader = table.rules.opening.leader(state._hand_masks, state.dealer, table)
    if any(extra.announces(state) for extra in table.rules.extras):
        return _replace(state, phase=Phase.ANNOUNCING, _pending=(1 << table.players) - 1, _leader=leader)
    return _replace(state, phase=Phase.PLAYING, _pending=0, _leader=leader)


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
    for extra in rules.extras:
        candidates = extra.restrict_play(candidates, hand, state, table)
        if trace is not None:
            trace.append((extra.play_code, extra.refusal(table), candidates))
    return candidates


def legal_moves(state: State) -> Sequence[Move]:
    """The moves that may be made now, in a stable order; empty once the game is over.

    In the passing phase these are the passes of every seat that has not
    chosen yet (built lazily: ``len``, indexing and ``in`` cost next to
    nothing). In play they are the cards the seat to move may play; in an
    announcement round, the seat's yes and no; after a moon with a choice,
    the shooter's options.
    """
    phase = state.phase
    table = state._table
    if phase is Phase.PLAYING:
        global _last_play_mask
        seat = (state._leader + len(state._trick_cards)) % table.players
        mask = _play_mask(state, state._hand_masks[seat])
        _last_play_mask = (state, mask)
        return PlayMoves(seat, table.plays[seat], mask if table.copies == 1 else table.distinct(mask))
    if phase is Phase.PASSING:
        passing = table.rules.passing
        stage = len(state._pass_log)
        pending = state._pending
        hands = tuple(
            (seat, passing.allowed(stage, seat, mask, state._pass_log, table))
            for seat, mask in enumerate(state._hand_masks)
            if pending >> seat & 1
        )
        return PassMoves(table, hands, state.pass_count)
    if phase is Phase.ANNOUNCING:
        (seat,) = state.to_move
        return (Announce(seat, False), Announce(seat, True))
    if phase is Phase.MOON_CHOICE and state._shooter is not None:
        return tuple(MoonChoice(state._shooter, option) for option in table.rules.moon.options())
    return _NO_MOVES


def explain(state: State, move: object) -> IllegalMove | None:
    """Why ``move`` is illegal now (a code and a sentence), or ``None`` if it is legal."""
    kind = type(move)
    if kind is Play:
        return _explain_play(state, move)  # type: ignore[arg-type]
    if kind is Pass:
        return _explain_pass(state, move)  # type: ignore[arg-type]
    if kind is Announce:
        return _explain_turn(state, move.seat, Phase.ANNOUNCING)  # type: ignore[attr-defined]
    if kind is MoonChoice:
        return _explain_moon_choice(state, move)  # type: ignore[arg-type]
    return IllegalMove(
        Code.NOT_A_MOVE, f"{move!r} is not a move (expected Play, Pass, Announce or MoonChoice)"
    )


def is_legal(state: State, move: object) -> bool:
    """Whether ``apply(state, move)`` accepts ``move`` as a legal move."""
    return explain(state, move) is None


_DOING = {
    Phase.PASSING: "pass cards",
    Phase.ANNOUNCING: "make announcements",
    Phase.PLAYING: "play a card",
    Phase.MOON_CHOICE: "choose how the moon is scored",
}


_TURN_VERB = {Phase.PLAYING: "play", Phase.ANNOUNCING: "announce", Phase.MOON_CHOICE: "choose"}


def _explain_common(state: State, seat: int, wanted: Phase) -> IllegalMove | None:
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return IllegalMove(Code.GAME_OVER, "the game is over")
    n = state._table.players
    if not 0 <= seat < n:
        return IllegalMove(Code.NO_SUCH_SEAT, f"there is no seat {seat}: seats are 0 to {n - 1}")
    if phase is not wanted:
        return IllegalMove(Code.WRONG_PHASE, f"now is the time to {_DOING[phase]}, not to {_DOING[wanted]}")
    return None


def _explain_turn(state: State, seat: int, wanted: Phase) -> IllegalMove | None:
    problem = _explain_common(state, seat, wanted)
    if problem:
        return problem
    to_move = state.to_move
    if seat not in to_move:
        verb = _TURN_VERB[wanted]
        return IllegalMove(Code.NOT_YOUR_TURN, f"it is seat {to_move[0]}'s turn to {verb}, not seat {seat}'s")
    return None


def _explain_play(state: State, move: Play) -> IllegalMove | None:
    problem = _explain_turn(state, move.seat, Phase.PLAYING)
    if problem:
        return problem
    table = state._table
    hand = state._hand_masks[move.seat]
    bits = table.bits_of[move.card.index]
    if not hand & bits:
        return IllegalMove(Code.CARD_NOT_IN_HAND, f"seat {move.seat} does not hold the {move.card.symbol}")
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
    if not state._pending >> move.seat & 1:
        if state.pass_stage == 0 and move.seat not in state.rules.passing.givers(
            0, state.pass_direction, state.players, state.dealer
        ):
            return IllegalMove(Code.NOT_YOUR_TURN, f"seat {move.seat} does not pass in this hand")
        return IllegalMove(Code.ALREADY_PASSED, f"seat {move.seat} has already passed")
    count = state.pass_count
    if len(move.cards) != count:
        return IllegalMove(Code.WRONG_PASS_COUNT, f"pass exactly {count} cards, not {len(move.cards)}")
    table = state._table
    hand = state._hand_masks[move.seat]
    stage = len(state._pass_log)
    allowed = table.rules.passing.allowed(stage, move.seat, hand, state._pass_log, table)
    for card in dict.fromkeys(move.cards):
        copies = move.cards.count(card)
        held = (hand & table.bits_of[card.index]).bit_count()
        if held == 0:
            return IllegalMove(Code.CARD_NOT_IN_HAND, f"seat {move.seat} does not hold the {card.symbol}")
        if copies > held:
            return IllegalMove(Code.DUPLICATE_CARD, f"the {card.symbol} is named {copies} times")
        if (allowed & table.bits_of[card.index]).bit_count() < copies:
            return IllegalMove(
                Code.PASS_NOT_ALLOWED,
                f"{card.symbol} may not be passed: {table.rules.passing.refusal(stage)}",
            )
    return None


def _explain_moon_choice(state: State, move: MoonChoice) -> IllegalMove | None:
    problem = _explain_turn(state, move.seat, Phase.MOON_CHOICE)
    if problem:
        return problem
    options = state.rules.moon.options()
    if move.option not in options:
        names = ", ".join(option.value for option in options)
        return IllegalMove(Code.NOT_AN_OPTION, f"{move.option.value} is not an option here: choose {names}")
    return None


# ---------------------------------------------------------------- apply


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` itself is never changed.

    A move that ``legal_moves(state)`` does not offer raises
    :class:`IllegalMoveError` with the reason ``explain`` gives. The one
    exception is a ruleset with a revoke penalty (``RevokePenalty``): there an
    illegal play of a card in hand is accepted and voids the hand.
    """
    if type(move) is Play and state.phase is Phase.PLAYING:
        table = state._table
        seat = (state._leader + len(state._trick_cards)) % table.players
        if move.seat == seat:
            hand = state._hand_masks[seat]
            last_state, mask = _last_play_mask
            if last_state is not state:
                mask = _play_mask(state, hand)
            bits = hand & table.bits_of[move.card.index] & mask
            if bits:
                return _play(state, seat, bits & -bits)
    return _apply(state, move, None)


def step(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """Like :func:`apply`, and also say what happened: ``(new_state, events)``.

    The events come in the order they happened: a card played, hearts broken,
    the trick won, the moon, the hand scored, the next hand dealt, the game
    over. ``step(state, move)[0] == apply(state, move)``.
    """
    events: list[Event] = []
    return _apply(state, move, events), tuple(events)


def _apply(state: State, move: Move, events: Events) -> State:
    reason = explain(state, move)
    if reason is None:
        if type(move) is Play:
            table = state._table
            hand = state._hand_masks[move.seat]
            bits = hand & table.bits_of[move.card.index]
            return _play(state, move.seat, bits & -bits, events)
        if type(move) is Pass:
            return _pass(state, move, events)
        if type(move) is Announce:
            return _announce(state, move, events)
        if type(move) is MoonChoice:
            if events is not None:
                events.append(MoonChosen(move.seat, move.option))
            return _finish_hand(state, state._taken_masks, state._shooter, move.option, events)
        raise AssertionError(f"move {move!r} is legal but was not applied")  # pragma: no cover
    if reason.code in _RULE_CODES and type(move) is Play:
        penalty = _revoke_penalty(state)
        if penalty is not None:
            return _void_hand(state, move.seat, move.card, penalty, events)
    raise IllegalMoveError(reason, move)


def _pass(state: State, move: Pass, events: Events) -> State:
    table = state._table
    seat = move.seat
    hand = state._hand_masks[seat]
    chosen = 0
    for card in move.cards:
        free = hand & table.bits_of[card.index] & ~chosen
        chosen |= free & -free
    hands = list(state._hand_masks)
    hands[seat] = hand & ~chosen
    given = list(state._passed_masks)
    given[seat] = chosen
    pending = state._pending & ~(1 << seat)
    stage = len(state._pass_log)
    if events is not None:
        events.append(PassChosen(seat, stage))
    if pending:
        return _replace(state, _hand_masks=tuple(hands), _passed_masks=tuple(given), _pending=pending)
    passing = table.rules.passing
    direction = state.pass_direction
    chance = chance_for(state._seed, state._deal_count, f"exchange{stage}")
    received = passing.exchange(stage, direction, tuple(given), state.dealer, chance, table)
    hands = [mask | got for mask, got in zip(hands, received, strict=True)]
    log = (*state._pass_log, (tuple(given), received))
    if events is not None:
        cards = table.cards
        events.append(CardsExchanged(stage, direction, tuple(map(cards, given)), tuple(map(cards, received))))
    n = table.players
    state = _replace(state, _hand_masks=tuple(hands), _passed_masks=(0,) * n, _pass_log=log, _pending=0)
    if stage + 1 < len(passing.stage_counts(direction)):
        return _replace(state, _pending=_seat_mask(passing.givers(stage + 1, direction, n, state.dealer)))
    return _after_exchange(state)


def _announce(state: State, move: Announce, events: Events) -> State:
    if events is not None:
        events.append(Announced(move.seat, move.announce))
    pending = state._pending & ~(1 << move.seat)
    announcers = (*state.announcers, move.seat) if move.announce else state.announcers
    state = _replace(state, _pending=pending, announcers=announcers)
    return state if pending else _replace(state, phase=Phase.PLAYING)


def _play(state: State, seat: int, bit: int, events: Events = None) -> State:
    (table, context, phase, hands, trick, leader, tricks, taken, broken, carry, _) = state
    n = table.players
    physical = bit.bit_length() - 1
    hands = hands[:seat] + (hands[seat] ^ bit,) + hands[seat + 1 :]
    if events is not None:
        events.append(CardPlayed(seat, table.card_of[physical]))
    if not broken:
        discarded = bool(trick) and table.suit_of[physical] != table.suit_of[trick[0]]
        broken = table.rules.leading.breaks(physical, discarded, len(tricks), table)
        if broken and events is not None:
            events.append(HeartsBroken(seat, table.card_of[physical]))
    trick += (physical,)
    if len(trick) < n:
        return _new_state(
            State, (table, context, phase, hands, trick, leader, tricks, taken, broken, carry, 0)
        )
    position = table.rules.duplicates.winner(trick, table)
    won = 0
    for p in trick:
        won |= 1 << p
    cards = tuple(map(table.card_of.__getitem__, trick))
    last = not hands[leader]
    if position is None:
        # Every led-suit card cancelled: the cards wait for the next trick's winner,
        # or go to this trick's leader if it was the last trick.
        tricks += (Trick(leader, cards, None),)
        if events is not None:
            events.append(TrickCancelled(len(tricks) - 1, leader, cards))
        if not last:
            return _new_state(
                State, (table, context, phase, hands, (), leader, tricks, taken, broken, carry | won, 0)
            )
        winner = leader
    else:
        winner = (leader + position) % n
        tricks += (Trick(leader, cards, winner),)
    taken = taken[:winner] + (taken[winner] | won | carry,) + taken[winner + 1 :]
    if events is not None:
        carried = carry | won if position is None else carry
        events.append(
            TrickWon(len(tricks) - 1, leader, cards, winner, table.points(won | carry), table.cards(carried))
        )
    if not last:
        return _new_state(State, (table, context, phase, hands, (), winner, tricks, taken, broken, 0, 0))
    state = _replace(state, _hand_masks=hands, _trick_cards=(), tricks=tricks, _taken_masks=taken,
                     hearts_broken=broken, _carry=0, _leader=winner)  # fmt: skip
    return _score_hand(state, events)


# ---------------------------------------------------------------- scoring


def _score_hand(state: State, events: Events) -> State:
    """Find the moon; ask the shooter if the moon module offers a choice, else finish the hand."""
    table = state._table
    rules = table.rules
    shooter = None
    if rules.ending.moon_applies(state.score_sheet):
        shooter = rules.moon.shooter(state._taken_masks, table)
    if shooter is None:
        return _finish_hand(state, state._taken_masks, None, None, events)
    options = rules.moon.options()
    if events is not None:
        events.append(MoonShot(shooter, options))
    if len(options) > 1:
        return _replace(state, phase=Phase.MOON_CHOICE, _shooter=shooter)
    return _finish_hand(state, state._taken_masks, shooter, options[0], events)


def _finish_hand(
    state: State, taken: tuple[int, ...], shooter: int | None, option: MoonOption | None, events: Events
) -> State:
    """Score the hand, then end the game or deal the next hand."""
    table = state._table
    rules = table.rules
    sheet = state.score_sheet
    raw = rules.scoring.hand_points(taken, table)
    scored = raw
    if shooter is not None and option is not None:
        scored = rules.moon.settle(raw, taken, state.scores, shooter, option, table)
    totals = rules.ending.add(state.scores, scored, sheet)
    if rules.extras:
        won = state.tricks_won
        summary = HandSummary(raw, taken, won, shooter, state.announcers, table)
        for extra in rules.extras:
            change = extra.adjustments(summary)
            if change:
                totals = tuple(a + b for a, b in zip(totals, change, strict=True))
    points = tuple(after - before for after, before in zip(totals, state.scores, strict=True))
    chosen = option if shooter is not None and len(rules.moon.options()) > 1 else None
    result = HandResult(
        state.hand_index, state.dealer, raw, points, totals, shooter, chosen, state.announcers
    )
    if events is not None:
        events.append(HandScored(result))
    return _next_deal(state, (*sheet, result), totals, events, advance=True)


def _next_deal(
    state: State, sheet: tuple[HandResult, ...], totals: tuple[int, ...], events: Events, *, advance: bool
) -> State:
    """End the game if the ending says so, else deal again (the next dealer, unless a voided hand is redealt)."""
    table = state._table
    rules = table.rules
    n = table.players
    if rules.ending.is_over(totals, sheet):
        winners = rules.ending.winners(totals)
        if events is not None:
            events.append(GameOver(winners, totals))
        return _replace(
            state, phase=Phase.GAME_OVER, scores=totals, score_sheet=sheet, _pending=0, _shooter=None,
            winners=winners,
        )  # fmt: skip
    dealer = (state.dealer + 1) % n if advance else state.dealer
    hand_index = state.hand_index + 1 if advance else state.hand_index
    hands = _shuffle(table, state._seed, state._deal_count, dealer)
    return _start_hand(
        table, hand_index, dealer, hands, totals, sheet, state._seed, state._deal_count + 1, events,
        state._secret_seed,
    )  # fmt: skip


def _revoke_penalty(state: State) -> int | None:
    table = state._table
    for extra in table.rules.extras:
        penalty = extra.revoke_penalty(table)
        if penalty is not None:
            return penalty
    return None


def _void_hand(state: State, revoker: int, card: Card, penalty: int, events: Events) -> State:
    """A revoke under a penalty rule: the revoker scores the penalty, the hand is dealt again by the same dealer."""
    n = state.players
    points = tuple(penalty if seat == revoker else 0 for seat in range(n))
    totals = tuple(a + b for a, b in zip(state.scores, points, strict=True))
    result = HandResult(
        state.hand_index, state.dealer, (0,) * n, points, totals, None, None, state.announcers, revoker
    )
    if events is not None:
        events.append(Revoked(revoker, card, penalty, result))
    return _next_deal(state, (*state.score_sheet, result), totals, events, advance=False)
