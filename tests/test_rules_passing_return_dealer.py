"""Passing, sources §1.4: ``pass4_return1`` (pass four, return one: Hoemke's P3, worked example 14) and
``to_dealer_redeal`` (pass to the dealer, who deals the pool back: Hoemke's P4).
"""

from __future__ import annotations

from math import comb

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.cards import ALL_CARDS
from hartenjagen.chance import Chance
from hartenjagen.rules.passing import (
    PASS_FOUR_RETURN_ONE,
    PASS_TO_DEALER,
    PassAndReturn,
    PassToDealer,
)
from helpers import MIXED_DEAL, names
from passing_helpers import (
    ACROSS,
    DEALER,
    HOEMKE_P3,
    HOLD,
    LEFT,
    PASS_FOUR,
    PASSES,
    RIGHT,
    pass_all,
    pass_four,
)

# ---------------------------------------------------------------- pass four, return one


def test_pass_and_return_is_hoemke_p3():
    assert HOEMKE_P3.passing == PASS_FOUR_RETURN_ONE == PassAndReturn()
    assert PASS_FOUR_RETURN_ONE.cards == 4
    assert PASS_FOUR_RETURN_ONE.returned == 1
    assert PASS_FOUR_RETURN_ONE.from_received is True
    assert [PASS_FOUR_RETURN_ONE.route(h) for h in range(5)] == [LEFT, RIGHT, ACROSS, HOLD, LEFT]


def test_pass_and_return_worked_example_14_first_stage_passes_four_left():
    state = hj.new_game(HOEMKE_P3, deal=MIXED_DEAL)
    assert state.phase is hj.Phase.PASSING
    assert state.pass_direction == LEFT
    assert (state.pass_stage, state.pass_count) == (0, 4)
    assert len(hj.legal_moves(state)) == 4 * comb(13, 4)
    state = pass_four(state)
    assert state.phase is hj.Phase.PASSING
    assert (state.pass_stage, state.pass_count) == (1, 1)
    assert state.to_move == (0, 1, 2, 3)
    assert [len(hand) for hand in state.hands] == [13] * 4
    for seat in range(4):
        assert names(state.passed[seat]) == names(PASS_FOUR[seat])
        assert names(state.received[(seat + 1) % 4]) == names(PASS_FOUR[seat])
    assert len(state.exchanges) == 1


def test_pass_and_return_worked_example_14_each_returns_one_received_card_to_the_sender():
    state = pass_four(hj.new_game(HOEMKE_P3, deal=MIXED_DEAL))
    moves = hj.legal_moves(state)
    assert len(moves) == 16  # one of the four received cards, for each seat
    assert {(m.seat, m.cards[0]) for m in moves} == {
        (seat, card) for seat in range(4) for card in state.received[seat]
    }
    returns = {0: "AC", 1: "2D", 2: "TD", 3: "QD"}  # each seat returns a card it received
    state = pass_all(state, returns)
    assert state.phase is hj.Phase.PLAYING
    assert [len(hand) for hand in state.hands] == [13] * 4
    for seat in range(4):
        sender = (seat - 1) % 4
        assert returns[seat] in names(state.hands[sender])
        # net: three cards left, the returned one came back
        kept_back = names(PASS_FOUR[seat]) - names(returns[(seat + 1) % 4])
        assert names(state.hands[seat]) == (
            names(MIXED_DEAL[seat]) - kept_back | names(PASS_FOUR[sender]) - names(returns[seat])
        )
        assert len(names(state.dealt[seat]) - names(state.hands[seat])) == 3
    (given, got), (returned, got_back) = state.exchanges
    assert [names(cards) for cards in given] == [names(PASS_FOUR[s]) for s in range(4)]
    assert [names(cards) for cards in returned] == [names(returns[s]) for s in range(4)]
    assert [names(cards) for cards in got_back] == [names(returns[(s + 1) % 4]) for s in range(4)]
    assert state.passed == given
    assert state.received == got


def test_pass_and_return_from_received_refuses_a_card_not_received():
    state = pass_four(hj.new_game(HOEMKE_P3, deal=MIXED_DEAL))
    reason = hj.explain(state, hj.Pass(0, ["3C"]))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.PASS_NOT_ALLOWED
    assert "must be one of the cards you received" in reason.message
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.Pass(0, ["3C"]))
    assert info.value.code == hj.IllegalMoveCode.PASS_NOT_ALLOWED
    assert hj.explain(state, hj.Pass(0, ["QS", "KS"])).code == hj.IllegalMoveCode.WRONG_PASS_COUNT
    state = hj.apply(state, hj.Pass(0, ["AC"]))
    assert hj.explain(state, hj.Pass(0, ["QS"])).code == hj.IllegalMoveCode.ALREADY_PASSED


def test_pass_and_return_return_any_allows_any_card_in_hand():
    rules = attrs.evolve(HOEMKE_P3, passing=PassAndReturn(from_received=False))
    state = pass_four(hj.new_game(rules, deal=MIXED_DEAL))
    assert (state.pass_stage, state.pass_count) == (1, 1)
    assert len(hj.legal_moves(state)) == 4 * 13
    returns = {0: "QS", 1: "5C", 2: "2C", 3: "JC"}  # a received card (the Q♠ from seat 3) and own cards
    state = pass_all(state, returns)
    assert state.phase is hj.Phase.PLAYING
    for seat in range(4):
        assert returns[seat] in names(state.hands[(seat - 1) % 4])
        assert len(state.hands[seat]) == 13


@pytest.mark.parametrize(("direction", "offset"), [(RIGHT, -1), (ACROSS, 2)])
def test_pass_and_return_goes_back_to_the_sender_in_any_direction(direction, offset):
    rules = attrs.evolve(HOEMKE_P3, passing=PassAndReturn(directions=(direction,)))
    state = pass_four(hj.new_game(rules, deal=MIXED_DEAL))
    returns = {seat: str(state.received[seat][0]) for seat in range(4)}
    state = pass_all(state, returns)
    for seat in range(4):
        assert names(state.received[(seat + offset) % 4]) == names(PASS_FOUR[seat])
        assert returns[(seat + offset) % 4] in names(state.hands[seat])


def test_pass_and_return_hold_hand_passes_nothing():
    rules = attrs.evolve(HOEMKE_P3, passing=PassAndReturn(directions=(HOLD, LEFT)))
    state = hj.new_game(rules, deal=MIXED_DEAL)
    assert state.phase is hj.Phase.PLAYING
    assert state.pass_direction == HOLD
    assert (state.pass_stage, state.pass_count) == (0, 0)
    assert state.hands == state.dealt
    assert state.exchanges == ()
    assert PASS_FOUR_RETURN_ONE.stage_counts(HOLD) == ()


def test_pass_and_return_any_counts():
    rules = attrs.evolve(HOEMKE_P3, passing=PassAndReturn(cards=3, returned=2))
    state = pass_all(hj.new_game(rules, deal=MIXED_DEAL), PASSES)
    assert (state.pass_stage, state.pass_count) == (1, 2)
    state = pass_all(state, {s: " ".join(str(c) for c in state.received[s][:2]) for s in range(4)})
    assert state.phase is hj.Phase.PLAYING
    assert all(len(names(state.dealt[s]) - names(state.hands[s])) == 1 for s in range(4))
    no_return = attrs.evolve(HOEMKE_P3, passing=PassAndReturn(returned=0))
    state = pass_four(hj.new_game(no_return, deal=MIXED_DEAL))
    assert state.phase is hj.Phase.PLAYING


# ---------------------------------------------------------------- pass to the dealer

HOEMKE_P4 = hj.variants.hoemke(4, 2, 2, 2)


@pytest.fixture
def unshuffled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dealer does not shuffle the pool: it is dealt in card order, so the deal order shows."""
    monkeypatch.setattr(Chance, "shuffle", lambda self, items: None)


def test_pass_to_dealer_is_hoemke_p4():
    assert HOEMKE_P4.passing == PASS_TO_DEALER == PassToDealer()
    assert (PASS_TO_DEALER.cards, PASS_TO_DEALER.dealer_joins) == (3, True)
    assert {PASS_TO_DEALER.route(h) for h in range(8)} == {DEALER}


@pytest.mark.parametrize("seed", [None, 4])
def test_pass_to_dealer_pool_is_dealt_back_three_each_and_conserved(seed):
    state = hj.new_game(HOEMKE_P4, deal=MIXED_DEAL, seed=seed)
    assert state.phase is hj.Phase.PASSING
    assert state.pass_direction == DEALER
    assert state.to_move == (0, 1, 2, 3)
    assert state.pass_count == 3
    state = pass_all(state, PASSES)
    assert state.phase is hj.Phase.PLAYING
    pool = [card for cards in state.passed for card in cards]
    assert sorted(card for cards in state.received for card in cards) == sorted(pool)
    assert [len(cards) for cards in state.received] == [3] * 4
    for seat in range(4):
        assert len(state.hands[seat]) == 13
        assert names(state.hands[seat]) == names(MIXED_DEAL[seat]) - names(PASSES[seat]) | names(
            state.received[seat]
        )
    assert sorted(card for hand in state.hands for card in hand) == sorted(ALL_CARDS)


def test_pass_to_dealer_deals_the_pool_one_at_a_time_from_eldest(unshuffled):
    state = pass_all(hj.new_game(HOEMKE_P4, deal=MIXED_DEAL, dealer=2), PASSES)
    pool = sorted(card for cards in state.passed for card in cards)
    for step, seat in enumerate([3, 0, 1, 2]):  # eldest is seat 3
        assert state.received[seat] == tuple(pool[step::4])


def test_pass_to_dealer_without_the_dealer_leaves_the_dealers_hand(unshuffled):
    rules = attrs.evolve(HOEMKE_P4, passing=PassToDealer(dealer_joins=False))
    state = hj.new_game(rules, deal=MIXED_DEAL, dealer=1)
    assert state.to_move == (0, 2, 3)
    reason = hj.explain(state, hj.Pass(1, PASSES[1].split()))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.NOT_YOUR_TURN
    assert "does not pass in this hand" in reason.message
    assert {move.seat for move in hj.legal_moves(state)} == {0, 2, 3}
    assert len(hj.legal_moves(state)) == 3 * comb(13, 3)
    state = pass_all(state, PASSES, order=(0, 2, 3))
    assert state.phase is hj.Phase.PLAYING
    assert names(state.hands[1]) == names(MIXED_DEAL[1])
    assert state.received[1] == ()
    pool = sorted(card for cards in state.passed for card in cards)
    assert len(pool) == 9
    for step, seat in enumerate([2, 3, 0]):  # from eldest (seat 2), the dealer left out
        assert state.received[seat] == tuple(pool[step::3])
    assert [len(hand) for hand in state.hands] == [13] * 4


def test_pass_to_dealer_is_reproducible_for_a_seed():
    def received(seed: int) -> tuple:
        return pass_all(hj.new_game(HOEMKE_P4, deal=MIXED_DEAL, seed=seed), PASSES).received

    assert received(7) == received(7)
    assert len({received(seed) for seed in range(6)}) > 1


def test_pass_to_dealer_of_no_cards_is_a_hold():
    state = hj.new_game(attrs.evolve(HOEMKE_P4, passing=PassToDealer(cards=0)), deal=MIXED_DEAL)
    assert state.phase is hj.Phase.PLAYING
    assert state.pass_direction == HOLD
    assert state.hands == state.dealt
