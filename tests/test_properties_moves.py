"""Property tests (sources §3, 4 and 16) over random rules and games: legal and illegal moves.

4. a legal move exists iff the game is not over, each is listed once and accepted, and the legal
plays are exactly sources §1.15 steps 1-4; 16. a move not listed is refused by ``apply`` with the
code ``explain`` gives, and ``is_legal`` says no."""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter

import pytest
from hypothesis import event, given

import hartenjagen as hj
from hartenjagen import Pass, Phase, Play, State
from hartenjagen.cards import ALL_CARDS
from properties_helpers import HEARTS_AFTER_BROKEN, NO_POINTS_UNLESS_FORCED, Game, GameSpec, budget, games
from properties_oracles import Code, composition

# ---------------------------------------------------------------- 4. legal moves


def check_legal_moves(state: State, rng: random.Random) -> None:
    moves = hj.legal_moves(state)
    listed = list(moves)
    assert len(moves) == len(listed)
    assert state.is_over == (len(moves) == 0)
    assert state.is_over == (not state.to_move)
    if state.is_over:
        return
    assert len(set(listed)) == len(listed), "a move is listed twice"
    assert list(hj.legal_moves(state)) == listed, "legal_moves is not stable"
    if state.phase is Phase.PLAYING:
        (seat,) = state.to_move
        assert state.to_move == ((state.trick_leader + len(state.trick)) % state.players,)
        sample = range(len(moves))
        for move in listed:
            assert type(move) is Play
            assert move.seat == seat
            assert move.card in state.hands[seat]
    else:
        count = state.pass_count
        per_seat = Counter(move.seat for move in listed)
        assert set(per_seat) == set(state.to_move)
        for seat in state.to_move:
            assert per_seat[seat] == math.comb(len(state.hands[seat]), count)
        for move in listed:
            assert type(move) is Pass
            assert len(move.cards) == count
            assert not Counter(move.cards) - Counter(state.hands[move.seat])
        sample = sorted({0, len(moves) - 1, *(rng.randrange(len(moves)) for _ in range(6))})
    for i in sample:
        move = moves[i]
        assert move == listed[i] == moves[i - len(moves)]
        assert move in moves
        assert hj.explain(state, move) is None
        assert hj.is_legal(state, move)
        after = hj.apply(state, move)
        assert isinstance(after, State)
        assert after != state
    assert tuple(moves[1:3]) == tuple(listed[1:3])


@budget(15)
@given(spec=games())
def test_legal_moves(spec: GameSpec) -> None:
    """4. A legal move exists iff the game is not over; each is in the mover's hand, listed once, accepted."""
    game = spec.play()
    rng = random.Random(spec.move_seed)
    for state in game.states:
        check_legal_moves(state, rng)


def check_composition(game: Game) -> None:
    for state in game.states:
        if state.phase is Phase.PLAYING:
            allowed, _ = composition(state)
            assert allowed, "§1.15 left no legal card"
            assert {move.card for move in hj.legal_moves(state)} == allowed


@budget(60)
@given(spec=games())
def test_legal_plays_follow_the_composition_order(spec: GameSpec) -> None:
    """4, 5, 7, 8, 9 as one: the legal plays are exactly sources §1.15 steps 1-4."""
    check_composition(spec.play())


@budget(60)
@given(spec=games(first_trick=NO_POINTS_UNLESS_FORCED, leading=HEARTS_AFTER_BROKEN))
def test_legal_plays_follow_the_composition_order_when_restricted(spec: GameSpec) -> None:
    """The same with a trick-1 restriction and restricted heart leads (their rare branches need both)."""
    check_composition(spec.play())


# ---------------------------------------------------------------- 16. illegal moves


def expected_codes(state: State, move: object) -> set[Code]:
    """Every problem ``move`` has (empty: it is legal). ``explain`` must name one of them.

    The preconditions (game over, seat, phase, turn, card held, pass size) may
    overlap; among the play rules only the first step of §1.15 that excludes the
    card counts, since later steps narrow the earlier steps' result.
    """
    if type(move) not in (Play, Pass):
        return {Code.NOT_A_MOVE}
    assert isinstance(move, Play | Pass)
    problems = set()
    if state.is_over:
        problems.add(Code.GAME_OVER)
    seated = 0 <= move.seat < state.players
    if not seated:
        problems.add(Code.NO_SUCH_SEAT)
    wanted = Phase.PLAYING if type(move) is Play else Phase.PASSING
    if not state.is_over and state.phase is not wanted:
        problems.add(Code.WRONG_PHASE)
    if problems:
        return problems
    hand = Counter(state.hands[move.seat])
    if isinstance(move, Play):
        if state.to_move != (move.seat,):
            problems.add(Code.NOT_YOUR_TURN)
        if move.card not in hand:
            problems.add(Code.CARD_NOT_IN_HAND)
        if problems:
            return problems
        _, steps = composition(state)
        return next(({code} for code, allowed in steps if move.card not in allowed), set())
    if move.seat not in state.to_move:
        return {Code.ALREADY_PASSED}
    if len(move.cards) != state.pass_count:
        problems.add(Code.WRONG_PASS_COUNT)
    for card, copies in Counter(move.cards).items():
        if hand[card] == 0:
            problems.add(Code.CARD_NOT_IN_HAND)
        elif copies > hand[card]:
            problems.add(Code.DUPLICATE_CARD)
    return problems


def random_moves(state: State, rng: random.Random) -> list[object]:
    """Moves to try: mostly near-misses (the mover's other cards, passes of wrong cards), some nonsense."""
    n = state.players
    seats = [*range(n), -1, n]
    hand = [c for h in state.hands for c in h] or list(ALL_CARDS)
    candidates: list[object] = [
        Play(rng.choice(seats), rng.choice(ALL_CARDS)),
        Pass(rng.choice(seats), rng.sample(ALL_CARDS, rng.randrange(5))),
        rng.choice([None, "QS", (0, "QS"), Play]),
    ]
    if state.phase is Phase.PLAYING:
        (seat,) = state.to_move
        candidates += [Play(seat, card) for card in state.hands[seat]]
        candidates.append(Play(rng.choice(seats), rng.choice(hand)))
        candidates.append(Pass(seat, state.hands[seat][: state.pass_count or 3]))
    elif state.phase is Phase.PASSING:
        seat = rng.choice(state.to_move)
        own = list(state.hands[seat])
        count = state.pass_count
        candidates += [
            Pass(seat, rng.sample(own, count)),
            Pass(seat, rng.sample(own, min(len(own), count + rng.choice([-1, 1])))),
            Pass(seat, [*rng.sample(own, count - 1), rng.choice(hand)]),
            Pass(seat, [*rng.sample(own, count - 1), rng.choice(own)]),
            Pass(rng.randrange(n), rng.sample(own, count)),
            Play(seat, own[0]),
        ]
    else:
        candidates.append(Play(0, hand[0]))
    return candidates


@budget(20)
@given(spec=games())
def test_illegal_moves(spec: GameSpec) -> None:
    """16. A move not in legal_moves: apply raises IllegalMoveError with the code explain gives; is_legal False."""
    game = spec.play()
    rng = random.Random(~spec.move_seed)
    seen: set[Code] = set()
    for state in game.states:
        moves = hj.legal_moves(state)
        snapshot = pickle.dumps(state)
        for move in random_moves(state, rng):
            expected = expected_codes(state, move)
            legal = move in moves
            assert hj.is_legal(state, move) == legal
            assert legal == (not expected), f"{move!r}: expected {expected}"
            if legal:
                hj.apply(state, move)
                continue
            reason = hj.explain(state, move)
            assert reason is not None
            assert reason.code in expected, f"{move!r}: {reason} (expected {expected})"
            assert reason.message
            with pytest.raises(hj.IllegalMoveError) as caught:
                hj.apply(state, move)  # type: ignore[arg-type]
            assert caught.value.code is reason.code
            assert caught.value.reason == reason
            assert caught.value.move is move
            assert str(caught.value) == reason.message
            seen.add(reason.code)
        assert pickle.dumps(state) == snapshot
    for code in seen:
        event(f"refused with {code.value}")
