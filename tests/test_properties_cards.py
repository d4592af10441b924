"""Property tests (sources §3, 1-3) over random rules and games: where the cards are.

1. conservation: hands, pass buffer, trick and captured cards are the pack, every card once;
2. hand sizes after the deal, after passing and during play;
3. passing: each seat gives and receives the hand's count in its direction; hold hands keep theirs.
The rules, games and oracles are in tests/properties_helpers.py and tests/properties_oracles.py."""

from __future__ import annotations

from collections import Counter

from hypothesis import given

from hartenjagen import Pass, Phase, Play
from properties_helpers import GameSpec, budget, check_conservation, games
from properties_oracles import expected_direction, expected_pass_count, hand_size_of, offset

# ---------------------------------------------------------------- 1. conservation


@budget(20)
@given(spec=games())
def test_conservation(spec: GameSpec) -> None:
    """1. Hands + pass buffer + trick + captured cards = the pack, every card once."""
    game = spec.play()
    for state in game.states:
        check_conservation(state)


# ---------------------------------------------------------------- 2. hand sizes


@budget(20)
@given(spec=games())
def test_hand_sizes(spec: GameSpec) -> None:
    """2. pack/n cards after the deal and after passing; during play sizes differ by at most 1."""
    game = spec.play()
    rules = spec.rules
    size = hand_size_of(rules)
    n = rules.players
    for state in game.hand_starts():
        assert [len(h) for h in state.dealt] == [size] * n
        if state.phase is Phase.PLAYING:
            assert [len(h) for h in state.hands] == [size] * n
    for state in game.states:
        sizes = [len(h) for h in state.hands]
        if state.phase is Phase.PASSING:
            count = state.pass_count
            assert sizes == [size if s in state.to_move else size - count for s in range(n)]
            assert [len(p) for p in state.passed] == [0 if s in state.to_move else count for s in range(n)]
        elif state.phase is Phase.PLAYING:
            played = {play.seat for play in state.trick}
            expected = [size - len(state.tricks) - (s in played) for s in range(n)]
            assert sizes == expected
            assert max(sizes) - min(sizes) <= 1
        else:
            assert sizes == [0] * n


# ---------------------------------------------------------------- 3. passing


@budget(20)
@given(spec=games())
def test_passing(spec: GameSpec) -> None:
    """3. Each seat gives and receives pass_count cards in the direction of the hand; hold hands keep theirs."""
    game = spec.play()
    rules = spec.rules
    n = rules.players
    for state in game.hand_starts():
        direction = expected_direction(rules, state.hand_index)
        count = expected_pass_count(rules, state.hand_index)
        assert state.pass_direction is direction
        assert state.pass_count == count
        assert state.hands == state.dealt
        assert not any(state.passed)
        if count == 0:  # hold hand: straight to play with the dealt hands
            assert state.phase is Phase.PLAYING
        else:
            assert state.phase is Phase.PASSING
            assert state.to_move == tuple(range(n))
    for prev, move, nxt in game.steps():
        if prev.phase is not Phase.PASSING:
            assert type(move) is Play
            continue
        assert type(move) is Pass
        assert len(move.cards) == prev.pass_count
        assert nxt.passed[move.seat] == tuple(sorted(move.cards))
        assert nxt.dealt == prev.dealt
        assert nxt.scores == prev.scores
        if nxt.phase is Phase.PASSING:
            assert nxt.to_move == tuple(s for s in prev.to_move if s != move.seat)
            assert Counter(nxt.hands[move.seat]) == Counter(prev.hands[move.seat]) - Counter(move.cards)
            assert all(nxt.hands[s] == prev.hands[s] for s in range(n) if s != move.seat)
            continue
        # the last pass: the exchange
        assert prev.to_move == (move.seat,)
        assert nxt.phase is Phase.PLAYING
        assert nxt.pass_direction is prev.pass_direction
        step = offset(prev.pass_direction, n)
        assert step % n != 0
        for seat in range(n):
            given_ = Counter(nxt.passed[seat])
            received = Counter(nxt.passed[(seat - step) % n])
            assert sum(given_.values()) == sum(received.values()) == prev.pass_count
            assert not given_ - Counter(nxt.dealt[seat]), "passed cards the seat was not dealt"
            assert Counter(nxt.hands[seat]) == Counter(nxt.dealt[seat]) - given_ + received
