"""The end of the game, RULES.md §1.11 ``game_end``: ``threshold(limit, >=)`` (default),
``threshold(limit, >)``, ties shared, and ``single_hand``.
"""

from __future__ import annotations

import random

import pytest

import hartenjagen as hj
from hartenjagen.rules.ending import SINGLE_HAND, TO_100, ScoreLimit, Tie
from hartenjagen.rules.moon import NO_MOON
from helpers import ONE_SUIT_EACH, game, play, play_out, random_move


def _play_game(rules: hj.Rules, seed: int) -> hj.State:
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    while not state.is_over:
        state = hj.apply(state, random_move(state, rng))
    return state


def test_first_to_100_inclusive_is_the_default_ending():
    assert hj.Rules().ending == TO_100 == ScoreLimit(limit=100, inclusive=True, tie=Tie.SHARED)


@pytest.mark.parametrize("seed", [1, 2])
def test_game_ends_after_hand_reaching_100_lowest_wins(seed):
    state = _play_game(hj.Rules(), seed)
    sheet = state.score_sheet
    assert all(max(result.totals) < 100 for result in sheet[:-1])
    assert max(sheet[-1].totals) >= 100
    assert state.scores == sheet[-1].totals
    assert state.winners == tuple(s for s, t in enumerate(state.scores) if t == min(state.scores))
    assert state.phase is hj.Phase.GAME_OVER
    assert len(hj.legal_moves(state)) == 0


def test_game_ends_when_a_total_reaches_the_limit_exactly():
    # A forced moon by seat 0: the others reach 26, which ends a game to 26.
    state = play_out(game(ONE_SUIT_EACH, ending=ScoreLimit(limit=26)))
    assert state.scores == (0, 26, 26, 26)
    assert state.is_over
    assert state.winners == (0,)


def test_exclusive_limit():
    # "> limit": 26 does not exceed 26, so the next hand is dealt.
    state = play_out(game(ONE_SUIT_EACH, ending=ScoreLimit(limit=26, inclusive=False)))
    assert state.scores == (0, 26, 26, 26)
    assert not state.is_over
    assert state.winners == ()
    assert state.hand_index == 1
    assert state.phase is hj.Phase.PLAYING
    assert len(state.score_sheet) == 1


def test_exclusive_limit_ends_when_a_total_passes_the_limit():
    state = play_out(game(ONE_SUIT_EACH, ending=ScoreLimit(limit=25, inclusive=False)))
    assert state.is_over
    assert state.winners == (0,)


def test_threshold_compares_totals_after_the_hand():
    inclusive, exclusive = ScoreLimit(), ScoreLimit(inclusive=False)
    assert not inclusive.is_over((99, 0, 0, 0), ())
    assert inclusive.is_over((100, 0, 0, 0), ())
    assert not exclusive.is_over((100, 0, 0, 0), ())
    assert exclusive.is_over((101, 0, 0, 0), ())
    assert ScoreLimit(limit=50).is_over((10, 50, 20, 0), ())
    assert ScoreLimit(limit=75).is_over((10, 74, 76, 0), ())


def test_lowest_total_wins():
    assert TO_100.winners((104, 40, 61, 80)) == (1,)
    assert TO_100.winners((-10, 40, 61, 100)) == (0,)


def test_tied_winners_share():
    assert TO_100.winners((100, 40, 40, 70)) == (1, 2)
    assert TO_100.winners((26, 26, 26, 26)) == (0, 1, 2, 3)
    # End to end: seat 0 takes all 26 without a moon; the other three tie at 0 and all win.
    state = play_out(game(ONE_SUIT_EACH, moon=NO_MOON, ending=ScoreLimit(limit=26)))
    assert state.is_over
    assert state.scores == (26, 0, 0, 0)
    assert state.winners == (1, 2, 3)


def test_single_hand_ends_after_one_hand():
    state = game(ONE_SUIT_EACH, ending=SINGLE_HAND)
    one_hand = (hj.HandResult(0, 0, (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), None),)
    assert not SINGLE_HAND.is_over((0, 0, 0, 0), ())
    assert SINGLE_HAND.is_over((0, 0, 0, 0), one_hand)
    state = play_out(state)
    assert state.is_over
    assert len(state.score_sheet) == 1
    assert state.winners == (0,)


def test_single_hand_tie_is_shared():
    state = play_out(game(ONE_SUIT_EACH, moon=NO_MOON, ending=SINGLE_HAND))
    assert state.winners == (1, 2, 3)


def test_game_end_is_checked_only_between_hands():
    # A limit of 1: the Q♠ and hearts are taken on trick 2, but the game ends only with the hand.
    state = play(game(ONE_SUIT_EACH, ending=ScoreLimit(limit=1)), "2C 2D 2H 2S 3C 3D 3H QS")
    assert state.trick_number == 2
    assert hj.Card.parse("QS") in state.taken[0]
    assert state.scores == (0, 0, 0, 0)
    assert not state.is_over
    state = play_out(state)
    assert state.is_over


def test_no_hand_follows_the_end():
    state = play_out(game(ONE_SUIT_EACH, ending=SINGLE_HAND))
    assert state.phase is hj.Phase.GAME_OVER
    assert state.to_move == ()
    assert list(hj.legal_moves(state)) == []
    assert state.hands == ((), (), (), ())
    assert len(state.tricks) == 13  # the last hand stays readable
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.Play(0, "2C"))
    assert info.value.code is hj.IllegalMoveCode.GAME_OVER


def test_next_hand_is_dealt_by_the_seat_left_of_the_dealer():
    state = play_out(game(ONE_SUIT_EACH, ending=ScoreLimit(limit=200), dealer=2))
    assert state.hand_index == 1
    assert state.dealer == 3
    assert state.scores == (0, 26, 26, 26)
