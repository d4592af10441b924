"""``new_game`` options for bot and test writers: the first dealer drawn by a cut (Hoemke, "heb elke speler
knip de kaarten, en de speler met de hoogste kaart is de eerste dealer"; seat 0 stays the default), a game
started at a given hand of the pass cycle, and the cards each seat may pass (``PassMoves.passable``).
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen.rules.ending import FixedDeals
from hartenjagen.rules.passing import PassDirection

STANDARD = hj.variants.STANDARD


# ---------------------------------------------------------------- the first dealer


def test_seat_zero_deals_first_by_default():
    assert hj.new_game(STANDARD, seed=1).dealer == 0
    assert hj.new_game(STANDARD).dealer == 0


@given(seed=st.integers(min_value=0, max_value=2**70))
@settings(max_examples=60, deadline=None)
def test_a_cut_dealer_is_a_seat_drawn_from_the_seed(seed):
    first = hj.new_game(STANDARD, seed=seed, dealer="cut")
    again = hj.new_game(STANDARD, seed=seed, dealer="cut")
    assert 0 <= first.dealer < 4
    assert first == again
    # The cut picks the dealer; the deal is then dealt from that dealer as for an explicit dealer.
    assert first == hj.new_game(STANDARD, seed=seed, dealer=first.dealer)


def test_every_seat_can_win_the_cut():
    for rules in (STANDARD, hj.variants.BLACK_MARIA, hj.variants.SIX_DOUBLE_DECK, hj.variants.DUTCH):
        dealers = Counter(hj.new_game(rules, seed=seed, dealer="cut").dealer for seed in range(300))
        assert set(dealers) == set(range(rules.players)), rules
        # Roughly even: no seat deals first in more than twice its share of 300 games.
        assert max(dealers.values()) < 2 * 300 / rules.players


def test_an_unseeded_game_can_cut_for_the_dealer():
    assert hj.new_game(STANDARD, dealer="cut").dealer in range(4)


def test_a_cut_game_replays_from_its_record():
    state = hj.new_game(STANDARD, seed=11, dealer="cut")
    record = hj.GameRecord.begin(state)
    assert record.dealer == state.dealer
    assert record.initial_state() == state
    assert hj.GameRecord.from_text(record.to_text()).initial_state() == state


@pytest.mark.parametrize("dealer", ["Cut", "random", "", -1, 4, 1.0, True, None])
def test_a_bad_dealer_is_refused(dealer):
    with pytest.raises(hj.SetupError, match="dealer must be a seat from 0 to 3 or 'cut'"):
        hj.new_game(STANDARD, seed=1, dealer=dealer)


# ---------------------------------------------------------------- starting at a hand of the cycle


@pytest.mark.parametrize(
    ("hand_index", "direction"),
    [(0, PassDirection.LEFT), (1, PassDirection.RIGHT), (2, PassDirection.ACROSS), (5, PassDirection.RIGHT)],
)
def test_a_game_starts_at_a_given_hand_of_the_pass_cycle(hand_index, direction):
    state = hj.new_game(STANDARD, seed=4, hand_index=hand_index)
    assert state.hand_index == hand_index
    assert state.hand_number == hand_index + 1
    assert state.phase is hj.Phase.PASSING
    assert state.pass_direction is direction
    assert state.score_sheet == () and state.scores == (0, 0, 0, 0)
    # The same deal as a game started at hand 0: only the cycle's position differs.
    assert state.hands == hj.new_game(STANDARD, seed=4).hands


def test_a_game_started_at_the_hold_hand_plays_at_once_and_the_cycle_goes_on():
    state = hj.new_game(STANDARD, seed=4, hand_index=3)
    assert state.pass_direction is PassDirection.HOLD
    assert state.phase is hj.Phase.PLAYING
    while not state.score_sheet:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.score_sheet[0].hand_index == 3
    assert state.hand_index == 4
    assert state.pass_direction is PassDirection.LEFT
    assert state.dealer == 1


def test_endings_that_count_hands_count_the_hands_played():
    rules = attrs.evolve(STANDARD, ending=FixedDeals(2))
    state = hj.new_game(rules, seed=2, hand_index=6)
    while not state.is_over:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert [line.hand_index for line in state.score_sheet] == [6, 7]


def test_a_state_started_at_a_later_hand_round_trips_through_json():
    state = hj.new_game(STANDARD, seed=9, hand_index=2)
    assert hj.loads(hj.dumps(state)) == state
    while not state.score_sheet:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert hj.loads(hj.dumps(state)) == state
    assert hj.loads(hj.dumps(hj.view(state, 1))) == hj.view(state, 1)


@pytest.mark.parametrize("hand_index", [-1, True, 1.5, "2", None])
def test_a_bad_hand_index_is_refused(hand_index):
    with pytest.raises(hj.SetupError, match="hand_index must be a whole number from 0"):
        hj.new_game(STANDARD, seed=1, hand_index=hand_index)


def test_a_record_cannot_keep_a_game_started_at_a_later_hand():
    with pytest.raises(hj.RecordError, match="starts at hand 3"):
        hj.GameRecord.begin(hj.new_game(STANDARD, seed=1, hand_index=2))


# ---------------------------------------------------------------- which cards a seat may pass


def test_passable_cards_are_each_seats_hand_in_an_ordinary_pass():
    state = hj.new_game(STANDARD, seed=3)
    moves = hj.legal_moves(state)
    assert moves.seats == (0, 1, 2, 3)
    for seat in range(4):
        assert moves.passable(seat) == tuple(sorted(state.hands[seat]))
    state = hj.apply(state, moves[0])
    moves = hj.legal_moves(state)
    assert moves.seats == (1, 2, 3)
    assert moves.passable(0) == ()
    assert moves.passable(7) == ()


def test_passable_cards_are_exactly_the_cards_of_the_legal_passes():
    rules = hj.variants.hoemke(3, 2, 2, 3)  # pass four, then return one of the four received
    state = hj.new_game(rules, seed=5)
    for _ in range(2):  # the pass, then the return
        moves = hj.legal_moves(state)
        for seat in moves.seats:
            passes = [move for move in moves if move.seat == seat]
            used = {card for move in passes for card in move.cards}
            assert set(moves.passable(seat)) == used
            assert all(len(move.cards) == state.pass_count for move in passes)
        if state.pass_stage == 1:
            _, received = state.exchanges[0]
            for seat in moves.seats:
                assert moves.passable(seat) == tuple(sorted(received[seat]))
        stage = state.pass_stage
        while state.phase is hj.Phase.PASSING and state.pass_stage == stage:
            state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.phase is not hj.Phase.PASSING


def test_passable_cards_list_both_copies_of_a_double_deck_card():
    state = hj.new_game(hj.variants.SIX_DOUBLE_DECK, seed=1)
    moves = hj.legal_moves(state)
    for seat in moves.seats:
        assert Counter(moves.passable(seat)) == Counter(state.hands[seat])
    assert any(max(Counter(moves.passable(seat)).values()) == 2 for seat in moves.seats)
