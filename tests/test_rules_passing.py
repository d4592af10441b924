"""Passing, RULES.md §1.4 and §0: ``pass_cycle`` by hand index (``l_r_a_h`` default), ``pass_count``,
simultaneous passing, left = seat+1, right = seat-1, across = seat+n/2 (even n only).
"""

from __future__ import annotations

import random
from math import comb

import pytest

import hartenjagen as hj
from hartenjagen import PassDirection
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.passing import LEFT_RIGHT_ACROSS_HOLD, NO_PASSING, PassCycle
from helpers import MIXED_DEAL, game, names, random_move

LEFT, RIGHT, ACROSS, HOLD = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD
#: What each seat of MIXED_DEAL passes.
PASSES = {0: "4H 5H 3S", 1: "8H 5S 6S", 2: "KD JH 9S", 3: "QS KS AS"}


def _pass_all(state: hj.State, passes: dict[int, str], order=(0, 1, 2, 3)) -> hj.State:
    for seat in order:
        state = hj.apply(state, hj.Pass(seat, passes[seat].split()))
    return state


def _cycle(*directions: PassDirection, cards: int = 3) -> PassCycle:
    return PassCycle(directions=directions, cards=cards)


def test_left_right_across_hold_is_the_default_cycle():
    assert hj.Rules().passing == LEFT_RIGHT_ACROSS_HOLD == _cycle(LEFT, RIGHT, ACROSS, HOLD)


def test_pass_cycle_left_right_across_hold_by_hand_index():
    directions = [LEFT_RIGHT_ACROSS_HOLD.direction(h, 4) for h in range(9)]
    assert directions == [LEFT, RIGHT, ACROSS, HOLD, LEFT, RIGHT, ACROSS, HOLD, LEFT]
    assert [_count(LEFT_RIGHT_ACROSS_HOLD, h, 4) for h in range(5)] == [3, 3, 3, 0, 3]


def test_pass_cycle_of_any_length_repeats_by_hand_index():
    cycle = _cycle(LEFT, RIGHT, HOLD, HOLD, cards=4)  # l_r_h_h, the three-player default
    assert [cycle.direction(h, 3) for h in range(6)] == [LEFT, RIGHT, HOLD, HOLD, LEFT, RIGHT]
    assert [_count(cycle, h, 3) for h in range(4)] == [4, 4, 0, 0]


@pytest.mark.parametrize(
    ("direction", "players", "offset"),
    [(LEFT, 4, 1), (RIGHT, 4, 3), (ACROSS, 4, 2), (HOLD, 4, 0), (LEFT, 3, 1), (RIGHT, 3, 2), (ACROSS, 6, 3)],
)
def test_pass_direction_offset(direction, players, offset):
    assert direction.offset(players) == offset


def test_pass_cycle_follows_the_hand_index_in_play():
    rng = random.Random(0)
    state = hj.new_game(hj.Rules(), seed=0)
    starts = {}
    while state.hand_index < 5 and not state.is_over:
        starts.setdefault(state.hand_index, state)
        state = hj.apply(state, random_move(state, rng))
    assert [starts[h].pass_direction for h in range(5)] == [LEFT, RIGHT, ACROSS, HOLD, LEFT]
    assert [starts[h].phase for h in range(5)] == [
        hj.Phase.PASSING,
        hj.Phase.PASSING,
        hj.Phase.PASSING,
        hj.Phase.PLAYING,
        hj.Phase.PASSING,
    ]


def test_hold_hand_skips_the_pass_phase():
    state = game(MIXED_DEAL, passing=_cycle(HOLD, LEFT))
    assert state.phase is hj.Phase.PLAYING
    assert state.pass_direction is HOLD
    assert state.pass_count == 0
    assert state.to_move == (2,)
    assert state.hands == state.dealt


def test_no_passing_never_passes():
    assert _cycle(HOLD) == NO_PASSING
    assert all(_count(NO_PASSING, h, 4) == 0 for h in range(8))
    assert game(MIXED_DEAL, passing=NO_PASSING).phase is hj.Phase.PLAYING


def test_zero_card_pass_skips_the_pass_phase():
    state = game(MIXED_DEAL, passing=_cycle(LEFT, cards=0))
    assert state.phase is hj.Phase.PLAYING
    assert state.hands == state.dealt


def test_passing_phase_lets_every_seat_choose_any_three_cards():
    state = game(MIXED_DEAL, passing=LEFT_RIGHT_ACROSS_HOLD)
    assert state.phase is hj.Phase.PASSING
    assert state.to_move == (0, 1, 2, 3)
    assert state.pass_direction is LEFT
    assert state.pass_count == 3
    assert len(hj.legal_moves(state)) == 4 * comb(13, 3)
    assert hj.Pass(1, "8H 5S 6S") in hj.legal_moves(state)


@pytest.mark.parametrize(("direction", "offset"), [(LEFT, 1), (RIGHT, -1), (ACROSS, 2)])
def test_passed_cards_go_to_the_seat_in_the_pass_direction(direction, offset):
    state = _pass_all(game(MIXED_DEAL, passing=_cycle(direction)), PASSES)
    assert state.phase is hj.Phase.PLAYING
    for giver in range(4):
        receiver = (giver + offset) % 4
        expected = names(MIXED_DEAL[receiver]) - names(PASSES[receiver]) | names(PASSES[giver])
        assert names(state.hands[receiver]) == expected
        assert names(state.passed[giver]) == names(PASSES[giver])
    assert state.dealt == game(MIXED_DEAL).hands


def test_pass_left_gives_cards_to_seat_plus_one():
    state = _pass_all(game(MIXED_DEAL, passing=_cycle(LEFT)), PASSES)
    assert names(PASSES[3]) <= names(state.hands[0])
    assert names(PASSES[0]) <= names(state.hands[1])


def test_pass_right_gives_cards_to_seat_minus_one():
    state = _pass_all(game(MIXED_DEAL, passing=_cycle(RIGHT)), PASSES)
    assert names(PASSES[0]) <= names(state.hands[3])
    assert names(PASSES[1]) <= names(state.hands[0])


def test_pass_across_gives_cards_to_seat_plus_two():
    state = _pass_all(game(MIXED_DEAL, passing=_cycle(ACROSS)), PASSES)
    assert names(PASSES[0]) <= names(state.hands[2])
    assert names(PASSES[3]) <= names(state.hands[1])


def test_pass_across_with_six_players_gives_cards_to_seat_plus_three():
    rules = hj.Rules(deck=SinglePack(players=6, removed=["2D", "3D", "2S", "3S"]), passing=_cycle(ACROSS))
    state = hj.new_game(rules, seed=4)
    dealt = state.hands
    for seat in range(6):
        state = hj.apply(state, hj.Pass(seat, dealt[seat][:3]))
    for seat in range(6):
        assert set(dealt[seat][:3]) <= set(state.hands[(seat + 3) % 6])
        assert len(state.hands[seat]) == 8


def test_exchange_happens_only_when_the_last_seat_has_passed():
    state = _pass_all(game(MIXED_DEAL, passing=_cycle(LEFT)), PASSES, order=(0, 1, 2))
    assert state.phase is hj.Phase.PASSING
    assert state.to_move == (3,)
    assert [len(hand) for hand in state.hands] == [10, 10, 10, 13]
    assert names(state.hands[1]) == names(MIXED_DEAL[1]) - names(PASSES[1])  # nothing received yet
    assert len(hj.legal_moves(state)) == comb(13, 3)
    assert {move.seat for move in hj.legal_moves(state)[:5]} == {3}
    state = hj.apply(state, hj.Pass(3, PASSES[3].split()))
    assert state.phase is hj.Phase.PLAYING
    assert [len(hand) for hand in state.hands] == [13, 13, 13, 13]


def test_seats_may_pass_in_any_order():
    first = _pass_all(game(MIXED_DEAL, passing=_cycle(LEFT)), PASSES)
    second = _pass_all(game(MIXED_DEAL, passing=_cycle(LEFT)), PASSES, order=(3, 1, 0, 2))
    assert first == second


def test_first_leader_is_determined_after_passing():
    passes = {**PASSES, 2: "2C 8C 9C"}  # seat 2 passes the 2C to seat 3
    state = _pass_all(game(MIXED_DEAL, passing=_cycle(LEFT)), passes)
    assert hj.Card.parse("2C") in state.hands[3]
    assert state.to_move == (3,)
    assert [str(m) for m in hj.legal_moves(state)] == ["3:2C"]


def test_three_player_pass_of_four_cards():
    rules = hj.Rules(
        deck=SinglePack(players=3, removed=["2D"]), passing=_cycle(LEFT, RIGHT, HOLD, HOLD, cards=4)
    )
    state = hj.new_game(rules, seed=2)
    dealt = state.hands
    assert [len(hand) for hand in dealt] == [17, 17, 17]
    for seat in range(3):
        state = hj.apply(state, hj.Pass(seat, dealt[seat][-4:]))
    for seat in range(3):
        assert set(dealt[seat][-4:]) <= set(state.hands[(seat + 1) % 3])
        assert len(state.hands[seat]) == 17


def test_across_needs_an_even_number_of_players():
    three = SinglePack(players=3, removed=["2D"])
    with pytest.raises(hj.RulesError, match="passes across, which needs an even number of players") as info:
        hj.Rules(deck=three)
    message = str(info.value)
    assert f"passing {LEFT_RIGHT_ACROSS_HOLD!r}" in message
    assert f"deck {three!r} has 3" in message
    # left, right and hold are fine with three players
    assert hj.Rules(deck=three, passing=_cycle(LEFT, RIGHT, HOLD)).players == 3


def test_passing_more_cards_than_a_hand_holds_is_rejected():
    with pytest.raises(hj.RulesError, match="passes 14 cards, more than the 13 in a hand") as info:
        hj.Rules(passing=_cycle(LEFT, cards=14))
    assert "deck SinglePack(" in str(info.value)
    piquet = SinglePack(lowest_rank=hj.Rank.SEVEN)
    with pytest.raises(hj.RulesError, match="more than the 8 in a hand"):
        hj.Rules(deck=piquet, passing=_cycle(LEFT, cards=9))
    # a whole hand may be passed, and a hold-only cycle passes nothing
    assert hj.Rules(deck=piquet, passing=_cycle(LEFT, cards=8)).passing.cards == 8
    assert _count(hj.Rules(passing=_cycle(HOLD, cards=20)).passing, 0, 4) == 0


def test_openspiel_pass_switches():
    assert hj.variants.openspiel().passing == hj.rules.passing.RANDOM_DIRECTION
    assert hj.variants.openspiel(pass_direction=LEFT).passing == _cycle(LEFT)
    assert hj.variants.openspiel(pass_direction=ACROSS).passing == _cycle(ACROSS)
    assert hj.variants.openspiel(pass_cards=False).passing == NO_PASSING


def _count(passing: hj.rules.Passing, hand_index: int, players: int) -> int:
    """Cards each seat passes in the first stage of hand ``hand_index`` (0 for a hold hand)."""
    counts = passing.stage_counts(passing.direction(hand_index, players))
    return counts[0] if counts else 0
