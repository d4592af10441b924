"""The kernel's hot path: legal plays, ``apply``, trick resolution, and ``legal_moves`` / ``explain``.

Legality of a play has one chain, `play_mask`, shared by ``legal_moves``,
``apply``, ``explain`` and ``rollout``. It reads the table's plan for the
built-in per-card rules and calls the hooks of modules that have no plan. A
state keeps the legal plays of its seat to move once they are asked for, so
``apply`` of a move from ``legal_moves`` does not compute them again.

Every public entry point takes ``object`` and checks its arguments itself: bad
input raises the library's errors, never a type error of the compiled core.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

from hartenjagen.cards import AnyCard, Card
from hartenjagen.catalogue import english
from hartenjagen.core import chance_nodes, contexts_of, hand_hooks, hooks, stock
from hartenjagen.core import hands as hand_steps
from hartenjagen.core.hand_log import MASK_SHIFT, SEAT_BITS, log_entry
from hartenjagen.core.passes import PassMoves
from hartenjagen.core.state import (
    ANNOUNCING,
    GAME_OVER,
    MOON_CHOICE,
    PASSING,
    PLAYING,
    State,
    seat_to_move,
)
from hartenjagen.core.table import (
    FIRST_ANYTHING,
    FIRST_CALLBACK,
    FIRST_RESTRICT,
    LEAD_AFTER_TRICKS,
    LEAD_ALWAYS,
    LEAD_BROKEN,
    LEAD_CALLBACK,
    NO_SUIT,
    ONE_PACK,
    Table,
)
from hartenjagen.core.trick_taking import winner_position
from hartenjagen.errors import HartenjagenError, IllegalMove, IllegalMoveCode, IllegalMoveError
from hartenjagen.events import CardPlayed, HeartsBroken, TrickCancelled, TrickWon
from hartenjagen.moves import Announce, MoonChoice, Move, Pass, Play
from hartenjagen.rules.context import BUILDERS

Code = IllegalMoveCode
_NO_MOVES: Final[tuple[Move, ...]] = ()


class StateError(HartenjagenError):
    """Something that is not a game state was given where a `State` is needed."""


def as_state(value: object, where: str) -> State:
    """``value`` if it is a `State`, else `StateError` naming ``where``."""
    if type(value) is not State:
        raise StateError(f"{where} needs a State (from new_game or apply), not {type(value).__name__}")
    return value


# ---------------------------------------------------------------- legality


def _lowest_value(candidates: int, table: Table) -> int:
    lowest = 0x3FFFFFFFFFFFFFFF  # above any card value, and still a machine word
    mask = candidates
    while mask:
        low = mask & -mask
        value = table.values[table.index_of[low.bit_length() - 1]]
        if value < lowest:
            lowest = value
        mask ^= low
    out = 0
    mask = candidates
    while mask:
        low = mask & -mask
        if table.values[table.index_of[low.bit_length() - 1]] == lowest:
            out |= low
        mask ^= low
    return out


def _suits_led_open(log: tuple[int, ...], hands: tuple[int, ...], table: Table) -> bool:
    led = [0, 0, 0, 0, 0]  # by suit, then NO_SUIT: a trick of jokers of no suit only
    n = len(hands)
    for entry in log:
        mask = entry >> MASK_SHIFT
        seat = entry >> 5 & SEAT_BITS
        suit = NO_SUIT
        for _ in range(n):  # the leader's card, or after a joker of no suit the next card that has a suit
            bits = mask & hands[seat]
            if bits:
                suit = table.suit_of[(bits & -bits).bit_length() - 1]
                if suit != NO_SUIT:
                    break
            seat = seat + 1 if seat + 1 < n else 0
        led[suit] += 1
    clubs, diamonds, spades = led[0], led[1], led[3]
    twice = (clubs >= 2) + (diamonds >= 2) + (spades >= 2)
    return (clubs > 0 and diamonds > 0 and spades > 0) or twice >= 2


def planned_lead(hand: int, broken: bool, log: tuple[int, ...], hands: tuple[int, ...], table: Table) -> int:
    """The cards a leader may lead after the first trick under a planned leading rule (empty: the whole hand)."""
    opens = table.lead_opens
    if opens == LEAD_ALWAYS:
        return hand
    if opens == LEAD_BROKEN:
        is_open = broken
    elif opens == LEAD_AFTER_TRICKS:
        is_open = len(log) >= table.lead_tricks
    else:
        is_open = _suits_led_open(log, hands, table)
    if is_open:
        return hand
    others = hand & table.lead_free
    if table.lead_hearts_or_queen and others and not others & table.not_queen:
        return hand
    return others


def _lead_mask(state: State, hand: int, table: Table) -> int:
    """The cards a leader may lead after the first trick (empty: the whole hand)."""
    if table.lead_opens == LEAD_CALLBACK:
        leading = table.rules.leading
        return hooks.narrowed(leading, leading.playable, hand, hand, state, fallback=True)
    return planned_lead(hand, state._broken, state._log, state._hand.hands, table)


def _opening_mask(state: State, hand: int, table: Table) -> int:
    """The cards the first leader may lead (empty: the whole hand)."""
    if table.opening_planned:
        return table.opening_mask(hand)
    opening = table.rules.opening
    return hooks.narrowed(opening, opening.playable, hand, hand, state, fallback=True)


def first_trick(candidates: int, hand: int, table: Table, state: State) -> int:
    """The first-trick rule on ``candidates`` (``state``: the position, for a module of one's own)."""
    kind = table.first_kind
    if kind == FIRST_ANYTHING:
        return candidates
    if kind == FIRST_CALLBACK:
        module = table.rules.first_trick
        return hooks.narrowed(module, module.playable, candidates, hand, state, fallback=True)
    free = candidates & ~table.first_mask
    if free or kind == FIRST_RESTRICT:
        return free or candidates
    return _lowest_value(candidates, table)


def play_mask(state: State, hand: int, trace: list[tuple[Any, str, int]] | None = None) -> int:
    """The physical cards of ``hand`` that the seat to move may play (the rules' order of checks).

    With ``trace``, each step that narrows the choice appends its code, the
    sentence that explains it and the cards left, for ``explain``.
    """
    table = state._hand.table
    rules = table.rules
    first = not state._log
    if state._count:
        follow = hand & table.suit_masks[state._led]
        candidates = follow or hand
        if trace is not None and state._led != NO_SUIT:  # after a led joker (NO_SUIT) any card sets the suit
            suit = ("clubs", "diamonds", "hearts", "spades")[state._led]
            trace.append((Code.MUST_FOLLOW_SUIT, english("refusal.must_follow_suit", suit=suit), candidates))
    elif first:
        candidates = _opening_mask(state, hand, table) or hand
        if trace is not None:
            trace.append((Code.MUST_LEAD_OPENING_CARD, rules.opening.refusal(rules), candidates))
    else:
        candidates = _lead_mask(state, hand, table) or hand
        if trace is not None:
            trace.append((Code.HEARTS_NOT_BROKEN, rules.leading.refusal(rules), candidates))
    if first:
        candidates = first_trick(candidates, hand, table, state)
        if trace is not None:
            trace.append((Code.POINTS_ON_FIRST_TRICK, rules.first_trick.refusal(rules), candidates))
    if trace is None:
        if table.restricting:
            candidates = hooks.restricted(table, state, candidates, hand)
    else:
        for extra in table.restricting:
            candidates = hooks.narrowed(extra, extra.playable, candidates, hand, state)
            trace.append((extra.play_code, extra.refusal(rules), candidates))
    # Last, the cards a house rule allows against all of the above (HouseRule.widening): never refused.
    return hooks.widened(table, state, candidates, hand) if table.widening else candidates


def _play_context_of(state: object, allowed: object) -> object:
    return contexts_of.play_context_of(state, allowed, legal_mask)


def legal_mask(state: State) -> int:
    """The legal plays of the seat to move (kept on the state once computed)."""
    mask = state._legal
    if mask < 0:
        table = state._hand.table
        # Inline but where seats drop out (a deck that draws to follow): this runs for every card.
        seat = seat_to_move(state) if table.follow_draws else (state._leader + state._count) % table.players
        mask = play_mask(state, state._hand.hands[seat] & ~state._played)
        state._legal = mask
    return mask


# ---------------------------------------------------------------- playing a card


def breaks(table: Table, physical: int, discarded: bool, trick_number: int) -> bool:
    """Whether playing the physical card ``physical`` breaks hearts (``discarded``: not of the led suit)."""
    if table.break_callback:
        return hooks.breaks(table, physical, discarded, trick_number)
    if trick_number == 0 and not table.break_on_first_trick:
        return False
    return bool((table.break_discarded if discarded else table.break_played) >> table.index_of[physical] & 1)


def play(state: State, seat: int, bit: int, events: list[Any] | None) -> State:
    """``seat`` plays the physical card ``bit`` (already checked)."""
    hand = state._hand
    table = hand.table
    n = table.players
    physical = bit.bit_length() - 1
    if events is not None:
        events.append(CardPlayed(seat, table.card_of[physical]))
    broken = state._broken
    count = state._count
    led = state._led
    if count == 0 or led == NO_SUIT:  # a led joker leaves the suit to the next card (NO_SUIT: jokers so far)
        led = table.suit_of[physical]
    if not broken:
        broken = breaks(table, physical, count > 0 and table.suit_of[physical] != led, len(state._log))
        if broken and events is not None:
            events.append(HeartsBroken(seat, table.card_of[physical]))
    played = state._played | bit
    trick = state._trick | bit
    count += 1
    if count < n:
        if not table.follow_draws:
            return State(hand, played, trick, count, state._leader, led, state._log, broken, state._carry)
        if count < stock.seats_in(hand.hands, played, trick):  # the next seat in may have to draw first
            after = State(hand, played, trick, count, state._leader, led, state._log, broken, state._carry)
            return stock.draw_to_follow(after, events)
    leader = state._leader
    carry = state._carry
    position = winner_position(hand, trick, leader, led, table, state._log)
    # Every trick takes one card from each hand: the last one is the hand size's.
    last = len(state._log) + 1 == table.tricks
    if table.follow_draws:  # seats drop out: the hand ends when one seat alone (or none) has cards
        last = stock.holding(hand.hands, played) <= 1
    if position < 0:
        # Every led-suit card cancelled: the cards wait for the next trick's winner,
        # or go to this trick's leader if it was the last trick.
        taker = leader if last else -1
        log = state._log + (log_entry(trick, leader, -1, taker),)
        if events is not None:
            events.append(
                TrickCancelled(len(log) - 1, leader, _cards_in_order(hand.hands, leader, trick, table))
            )
        if not last:
            after = State(hand, played, 0, 0, leader, -1, log, broken, carry | trick)
            return stock.draw_after_trick(after, events) if table.draw_orders[0] else after
        winner = leader
    else:
        winner = (leader + position) % n
        log = state._log + (log_entry(trick, leader, winner, winner),)
    if events is not None:
        carried = carry | trick if position < 0 else carry
        events.append(
            TrickWon(
                len(log) - 1, leader, _cards_in_order(hand.hands, leader, trick, table), winner,
                table.points(trick | carry), table.any_cards(carried),
            )
        )  # fmt: skip
    if table.follow_draws and not last:  # a winner with no cards left passes the lead on to its left
        return State(
            hand, played, 0, 0, stock.next_with_cards(hand.hands, played, winner), -1, log, broken, 0
        )
    after = State(hand, played, 0, 0, winner, -1, log, broken, 0)
    if not last:
        return stock.draw_after_trick(after, events) if table.draw_orders[0] else after
    return hand_steps.score_hand(after, events)


def _cards_in_order(hands: tuple[int, ...], leader: int, trick: int, table: Table) -> tuple[AnyCard, ...]:
    n = table.players
    out = []
    for i in range(n):
        bits = trick & hands[(leader + i) % n]
        if bits:  # none: the seat had dropped out
            out.append(table.card_of[(bits & -bits).bit_length() - 1])
    return tuple(out)


# ---------------------------------------------------------------- the public verbs


def legal_moves(state: object) -> Sequence[Move]:
    """The moves that may be made now, in a stable order; empty once the game is over.

    In play these are the cards the seat to move may play, in card order
    (clubs, diamonds, hearts, spades; two to ace). In the passing phase they are
    the passes of every seat that has not chosen yet, built lazily (``len``,
    indexing and ``in`` cost next to nothing). In an announcement round they
    are the seat's no and yes; after a moon with a choice, the shooter's options.
    """
    s = as_state(state, "legal_moves")
    hand = s._hand
    table = hand.table
    phase = hand.phase
    if phase == PLAYING:
        mask = s._legal
        if mask < 0:
            mask = legal_mask(s)
        seat = seat_to_move(s) if table.follow_draws else (s._leader + s._count) % table.players
        plays = table.plays[seat]
        if table.copies > 1:
            mask = table.distinct(mask)
        out = []
        while mask:
            low = mask & -mask
            out.append(plays[low.bit_length() - 1])
            mask ^= low
        return tuple(out)
    if phase == PASSING:
        pending = hand.pending
        allowed = tuple(
            [
                (seat, hand_hooks.pass_choices(hand, seat, mask))
                for seat, mask in enumerate(hand.hands)
                if pending >> seat & 1
            ]
        )
        return cast(Sequence[Move], PassMoves(table, allowed, s.pass_count))
    if phase == ANNOUNCING:
        (seat,) = s.to_move
        if not table.announcing_choices:
            return (Announce(seat, False), Announce(seat, True))
        offers = hand_hooks.announcement_offers(s, seat)
        yes = (Announce(seat, True),) if offers.yes_no else ()
        return (Announce(seat, False), *yes, *[Announce(seat, True, word) for word in offers.choices])
    if phase == MOON_CHOICE and hand.shooter >= 0:
        return tuple([MoonChoice(hand.shooter, option) for option in table.rules.moon.options()])
    return _NO_MOVES


def apply(state: object, move: object) -> State:
    """The state after ``move``; ``state`` itself is never changed.

    A move that ``legal_moves(state)`` does not offer raises
    `IllegalMoveError` with the reason ``explain`` gives. The one
    exception is a ruleset with a revoke penalty (``RevokePenalty``): there an
    illegal play of a card in hand is accepted and voids the hand.
    """
    if type(state) is not State:
        raise StateError(f"apply needs a State (from new_game or apply), not {type(state).__name__}")
    hand = state._hand
    table = hand.table
    if hand.phase == PLAYING:
        code = table.play_codes.get(id(move), -1)
        if code >= 0:  # one of the interned moves legal_moves gives
            seat = code >> 6
            due = (
                seat_to_move(state) if table.follow_draws else (state._leader + state._count) % table.players
            )
            if seat == due:
                mask = state._legal
                if mask < 0:
                    mask = legal_mask(state)
                bits = mask & table.bits_of[code & 63]
                if bits:  # the lowest copy: the first pack's when both are legal
                    return play(state, seat, (bits & ONE_PACK) or bits, None)
        elif type(move) is Play and move.seat == (
            seat_to_move(state) if table.follow_draws else (state._leader + state._count) % table.players
        ):
            mask = state._legal
            if mask < 0:
                mask = legal_mask(state)
            bits = mask & table.bits_of[move.card.index]
            if bits:
                return play(state, move.seat, (bits & ONE_PACK) or bits, None)
    elif hand.phase == PASSING and type(move) is Pass:
        chosen = _checked_pass(state, move)
        if chosen:
            return hand_steps.pass_cards(state, move.seat, chosen, None)
    return transition(state, move, None)


def step(state: object, move: object) -> tuple[State, tuple[Any, ...]]:
    """Like `apply`, and also say what happened: ``(new_state, events)``.

    The events come in the order they happened: a card played, hearts broken,
    the trick won, the moon, the hand scored, the next hand dealt, the game
    over. ``step(state, move)[0] == apply(state, move)``.
    """
    s = as_state(state, "step")
    events: list[Any] = []
    after = transition(s, move, events)
    return after, tuple(events)


def transition(state: State, move: object, events: list[Any] | None) -> State:
    """Check ``move`` with `explain` and apply it (the path of every move but a plain legal play)."""
    reason = explain_move(state, move)
    if reason is None:
        kind = type(move)
        if kind is Play:
            table = state._hand.table
            seat: int = move.seat  # type: ignore[attr-defined]
            bits = state._hand.hands[seat] & ~state._played & table.bits_of[move.card.index]  # type: ignore[attr-defined]
            return play(state, seat, bits & -bits, events)
        if kind is Pass:
            return hand_steps.pass_cards(state, move.seat, _pass_mask(state, move), events)  # type: ignore[attr-defined]
        if kind is Announce:
            return hand_steps.announce(state, move.seat, move.announce, events, move.choice)  # type: ignore[attr-defined]
        if kind is MoonChoice:
            return hand_steps.choose_moon(state, move.option, events)  # type: ignore[attr-defined]
        return chance_nodes.take_outcome(state, move, events)
    if reason.revocable and type(move) is Play and state._hand.table.has_revoke_penalty:
        return hand_steps.void_hand(state, move.seat, move.card, _broken_rule(reason, move.card), events)
    raise IllegalMoveError(reason, move)


def _broken_rule(refusal: IllegalMove, card: AnyCard) -> tuple[str, str]:
    """The code and the rule's own sentence of a play's refusal (`_explain_play` words it as ``refusal.play``)."""
    prefix = english("refusal.play", card=card.symbol, reason="")
    message = refusal.message
    return str(refusal.code), message[len(prefix) :] if message.startswith(prefix) else message


def _checked_pass(state: State, move: Any) -> int:
    """The physical cards a legal ``Pass`` gives, or 0 when it is not plainly legal (then ``explain`` says why)."""
    hand = state._hand
    seat = move.seat
    if type(seat) is not int or not 0 <= seat < hand.table.players or not hand.pending >> seat & 1:
        return 0
    cards: tuple[Card, ...] = move.cards
    if len(cards) != state.pass_count:
        return 0
    table = hand.table
    allowed = hand_hooks.pass_choices(hand, seat, hand.hands[seat])
    chosen = 0
    for card in cards:
        free = allowed & table.bits_of[card.index] & ~chosen
        if not free:
            return 0
        chosen |= free & -free
    # Which copy goes is the one the slow path gives: the lowest copy in hand (the one
    # chosen above, unless the passing module allows only some of the hand).
    if table.copies == 1 or allowed == hand.hands[seat]:
        return chosen
    return _pass_mask(state, move)


def _pass_mask(state: State, move: Any) -> int:
    """The physical cards a checked ``Pass`` gives: the lowest free copy of each card named."""
    table = state._hand.table
    hand = state._hand.hands[move.seat]
    chosen = 0
    for card in move.cards:
        free = hand & table.bits_of[card.index] & ~chosen
        chosen |= free & -free
    return chosen


def explain(state: object, move: object) -> IllegalMove | None:
    """Why ``move`` is illegal now (a code and a sentence), or ``None`` if it is legal."""
    return explain_move(as_state(state, "explain"), move)


def is_legal(state: object, move: object) -> bool:
    """Whether ``apply(state, move)`` accepts ``move`` as a legal move."""
    if type(state) is State and type(move) is Play:
        # A play by the seat to move is legal when its card is among the legal plays, which
        # the state keeps: no refusal sentence is built to say yes (nor to say no).
        hand = state._hand
        table = hand.table
        if hand.phase == PLAYING and move.seat == seat_to_move(state):
            return bool(legal_mask(state) & table.bits_of[move.card.index])
    return explain(state, move) is None


# ---------------------------------------------------------------- why a move is illegal

#: The catalogue's words for what each phase waits for, by phase number (the game-over phase waits for nothing).
_DOING: Final = ("passing", "announcing", "playing", "moon_choice", "", "chance")
_TURN_VERB: Final = {PLAYING: "turn.playing", ANNOUNCING: "turn.announcing", MOON_CHOICE: "turn.moon_choice"}


def explain_move(state: State, move: object) -> IllegalMove | None:
    """Why ``move`` is illegal in ``state``, or ``None``: the one check every move but a plain legal play takes."""
    kind = type(move)
    if kind is Play:
        return _explain_play(state, move)
    if kind is Pass:
        return _explain_pass(state, move)
    if kind is Announce:
        problem = _explain_turn(state, move.seat, ANNOUNCING)  # type: ignore[attr-defined]
        return problem if problem is not None else _explain_announce(state, move)  # type: ignore[arg-type]
    if kind is MoonChoice:
        return _explain_moon_choice(state, move)
    if kind in chance_nodes.OUTCOME_KINDS:
        return chance_nodes.explain_outcome(state, move)
    return IllegalMove(Code.NOT_A_MOVE, english("refusal.not_a_move", move=repr(move)))


def _explain_announce(state: State, move: Announce) -> IllegalMove | None:
    """Why an answer of the seat to announce is not on offer: a choice not offered, or a yes/no round's choice."""
    table = state._hand.table
    if not table.announcing_choices:
        if move.choice is None:
            return None
        return IllegalMove(Code.NOT_OFFERED, english("refusal.no_choices", choice=move.choice))
    if not move.announce:
        return None
    offers = hand_hooks.announcement_offers(state, move.seat)
    if move.choice is None:
        if offers.yes_no:
            return None
        offered = " ".join(offers.choices)
        return IllegalMove(
            Code.NOT_OFFERED, english("refusal.choice_needed", seat=move.seat, offered=offered)
        )
    if move.choice in offers.choices:
        return None
    offered = " ".join(offers.choices) or "-"
    return IllegalMove(
        Code.NOT_OFFERED,
        english("refusal.choice_not_offered", seat=move.seat, choice=move.choice, offered=offered),
    )


def _explain_common(state: State, seat: int, wanted: int) -> IllegalMove | None:
    phase = state._hand.phase
    if phase == GAME_OVER:
        return IllegalMove(Code.GAME_OVER, english("refusal.game_over"))
    n = state._hand.table.players
    if not 0 <= seat < n:
        return IllegalMove(Code.NO_SUCH_SEAT, english("refusal.no_such_seat", seat=seat, last=n - 1))
    if phase != wanted:
        now, doing = english("doing." + _DOING[phase]), english("doing." + _DOING[wanted])
        return IllegalMove(Code.WRONG_PHASE, english("refusal.wrong_phase", now=now, wanted=doing))
    return None


def _explain_turn(state: State, seat: int, wanted: int) -> IllegalMove | None:
    problem = _explain_common(state, seat, wanted)
    if problem:
        return problem
    to_move = state.to_move
    if seat not in to_move:
        verb = english(_TURN_VERB[wanted])
        return IllegalMove(
            Code.NOT_YOUR_TURN, english("refusal.not_your_turn", turn=to_move[0], verb=verb, seat=seat)
        )
    return None


def _explain_play(state: State, move: Any) -> IllegalMove | None:
    seat: int = move.seat
    problem = _explain_turn(state, seat, PLAYING)
    if problem:
        return problem
    table = state._hand.table
    card: Card = move.card
    hand = state._hand.hands[seat] & ~state._played
    bits = table.bits_of[card.index]
    if not hand & bits:
        return IllegalMove(
            Code.CARD_NOT_IN_HAND, english("refusal.card_not_in_hand", seat=seat, card=card.symbol)
        )
    if legal_mask(state) & bits:
        return None  # legal: no rule's refusal sentence is needed
    trace: list[tuple[Any, str, int]] = []
    play_mask(state, hand, trace)
    for code, sentence, allowed in trace:
        if not allowed & bits:
            return IllegalMove(
                code, english("refusal.play", card=card.symbol, reason=sentence), revocable=True
            )
    return None


def _explain_pass(state: State, move: Any) -> IllegalMove | None:
    seat: int = move.seat
    problem = _explain_common(state, seat, PASSING)
    if problem:
        return problem
    hand_context = state._hand
    table = hand_context.table
    passing = table.rules.passing
    if not hand_context.pending >> seat & 1:
        givers = passing.givers(0, hand_context.direction, table.players, hand_context.dealer)
        if not hand_context.pass_log and seat not in givers:
            return IllegalMove(Code.NOT_YOUR_TURN, english("refusal.not_passing", seat=seat))
        return IllegalMove(Code.ALREADY_PASSED, english("refusal.already_passed", seat=seat))
    count = state.pass_count
    cards: tuple[Card, ...] = move.cards
    if len(cards) != count:
        return IllegalMove(
            Code.WRONG_PASS_COUNT, english("refusal.wrong_pass_count", count=count, given=len(cards))
        )
    hand = hand_context.hands[seat]
    stage = len(hand_context.pass_log)
    allowed = hand_hooks.pass_choices(hand_context, seat, hand)
    seen: list[Card] = []
    for card in cards:
        if card in seen:
            continue
        seen.append(card)
        copies = cards.count(card)
        held = (hand & table.bits_of[card.index]).bit_count()
        if held == 0:
            return IllegalMove(
                Code.CARD_NOT_IN_HAND, english("refusal.card_not_in_hand", seat=seat, card=card.symbol)
            )
        if copies > held:
            return IllegalMove(
                Code.DUPLICATE_CARD, english("refusal.duplicate_card", card=card.symbol, copies=copies)
            )
        if (allowed & table.bits_of[card.index]).bit_count() < copies:
            reason = passing.refusal(stage)
            return IllegalMove(
                Code.PASS_NOT_ALLOWED, english("refusal.pass", card=card.symbol, reason=reason)
            )
    return None


def _explain_moon_choice(state: State, move: Any) -> IllegalMove | None:
    problem = _explain_turn(state, move.seat, MOON_CHOICE)
    if problem:
        return problem
    options = state._hand.table.rules.moon.options()
    if move.option not in options:
        names = ", ".join(option.value for option in options)
        return IllegalMove(
            Code.NOT_AN_OPTION, english("refusal.not_an_option", option=move.option.value, options=names)
        )
    return None


BUILDERS["play"] = _play_context_of  # PlayContext.of: the legal cards are the kernel's
