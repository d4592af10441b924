"""The end of the game, sources §1.11 ``game_end``: ``threshold(limit, >=)`` (default),
``threshold(limit, >)``, ties shared or played on, ``countdown(start)``, ``two_halves(switch, finish)``,
``fixed_deals(N)`` and ``single_hand``.
"""

from __future__ import annotations

import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.rules.ending import (
    COUNTDOWN_100,
    DUTCH_HALVES,
    SINGLE_HAND,
    TO_100,
    Countdown,
    Finish,
    FixedDeals,
    ScoreLimit,
    SingleHand,
    Tie,
    TwoHalves,
)
from hartenjagen.rules.first_trick import ANYTHING
from hartenjagen.rules.leading import ANYTIME
from hartenjagen.rules.moon import NO_MOON, SHOOTER_CHOICE
from hartenjagen.rules.scoring import CardPoints
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
    assert info.value.code == hj.IllegalMoveCode.GAME_OVER


def test_next_hand_is_dealt_by_the_seat_left_of_the_dealer():
    state = play_out(game(ONE_SUIT_EACH, ending=ScoreLimit(limit=200), dealer=2))
    assert state.hand_index == 1
    assert state.dealer == 3
    assert state.scores == (0, 26, 26, 26)


def _result(totals: tuple[int, ...], *, revoke: int | None = None) -> hj.HandResult:
    """A score-sheet line with these totals (the other fields do not matter to an ending)."""
    n = len(totals)
    return hj.HandResult(0, 0, (0,) * n, (0,) * n, totals, None, revoke=revoke)


def _play_to_the_end(state: hj.State, seed: int) -> hj.State:
    rng = random.Random(seed)
    while not state.is_over:
        state = hj.apply(state, random_move(state, rng))
    return state


# ---------------------------------------------------------------- tie: play_on


def test_play_on_tie_deals_another_hand():
    # Seat 0 takes all 26 without a moon; seats 1-3 tie on 0: under play_on the game goes on.
    state = play_out(game(ONE_SUIT_EACH, moon=NO_MOON, ending=ScoreLimit(limit=26, tie=Tie.PLAY_ON)))
    assert state.scores == (26, 0, 0, 0)
    assert not state.is_over
    assert state.hand_index == 1
    assert state.winners == ()


def test_play_on_tie_ends_once_the_lowest_total_is_unique():
    play_on = ScoreLimit(tie=Tie.PLAY_ON)
    assert not play_on.is_over((100, 40, 40, 70), ())
    assert play_on.is_over((100, 40, 41, 70), ())
    assert not play_on.is_over((99, 40, 41, 70), ())
    assert play_on.winners((100, 40, 41, 70)) == (1,)
    state = _play_to_the_end(hj.new_game(hj.Rules(ending=ScoreLimit(limit=50, tie=Tie.PLAY_ON)), seed=5), 5)
    assert len(state.winners) == 1
    assert max(state.scores) >= 50


def test_countdown_play_on_tie():
    play_on = Countdown(tie=Tie.PLAY_ON)
    assert not play_on.is_over((100, 40, 40, 70), ())
    assert play_on.is_over((100, 40, 41, 70), ())
    state = play_out(game(ONE_SUIT_EACH, moon=NO_MOON, ending=Countdown(start=26, tie=Tie.PLAY_ON)))
    assert state.display_scores == (0, 26, 26, 26)
    assert not state.is_over
    state = play_out(game(ONE_SUIT_EACH, moon=NO_MOON, ending=Countdown(start=26)))
    assert state.is_over
    assert state.winners == (1, 2, 3)


# ---------------------------------------------------------------- countdown (Gamehelphearts)

#: Countdown: N (0) wins the club tricks and takes the Q♠ with three hearts (16), W (3) wins the
#: last trick with two hearts (2). Played with "2C QS 2H 3H 3C 4H 5D 6D 4D 7H 5H 7D".
COUNTDOWN_DEAL = ("2C 3C 4D", "QS 4H 7H", "2H 5H 5D", "3H 6D 7D")
COUNTDOWN_PLAY = "2C QS 2H 3H 3C 4H 5D 6D 4D 7H 5H 7D"


def _countdown(ending: hj.rules.Ending = COUNTDOWN_100) -> hj.State:
    return game(COUNTDOWN_DEAL, ending=ending, first_trick=ANYTHING, leading=ANYTIME)


def test_countdown_everyone_starts_at_100():
    assert hj.variants.COUNTDOWN.ending == COUNTDOWN_100 == Countdown(start=100)
    state = _countdown()
    assert state.scores == (0, 0, 0, 0)
    assert state.display_scores == (100, 100, 100, 100)


def test_countdown_penalties_are_subtracted_from_the_display():
    # Worked example 11: N takes the Q♠ and 3 hearts -> 84.
    state = play(_countdown(), COUNTDOWN_PLAY)
    assert state.hand_index == 1
    assert state.score_sheet[-1].raw == (16, 0, 0, 2)
    assert state.scores == (16, 0, 0, 2)
    assert state.display_scores == (84, 100, 100, 98)
    assert not state.is_over


def test_countdown_moon_gives_the_others_minus_26():
    # Worked example 11: E shoots -> E unchanged, others −26.
    east_shoots = ONE_SUIT_EACH[-1:] + ONE_SUIT_EACH[:-1]
    state = play_out(game(east_shoots, ending=COUNTDOWN_100))
    assert state.score_sheet[-1].shooter == 1
    assert state.display_scores == (74, 100, 74, 74)


def test_countdown_ends_at_zero_or_below_and_the_highest_wins():
    # Worked example 11: from 5/40/30/60 N takes 8 -> −3; the game ends and W wins with 60.
    totals = (95, 60, 70, 40)
    assert COUNTDOWN_100.display(totals) == (5, 40, 30, 60)
    assert not COUNTDOWN_100.is_over(totals, ())
    after = COUNTDOWN_100.add(totals, (8, 0, 0, 0), ())
    assert COUNTDOWN_100.display(after) == (-3, 40, 30, 60)
    assert COUNTDOWN_100.is_over(after, ())
    assert COUNTDOWN_100.winners(after) == (3,)
    # Exactly 0 ends the game too.
    assert COUNTDOWN_100.is_over((100, 60, 70, 40), ())


def test_countdown_game_ends_end_to_end():
    # Starting at 16, N's 16 points bring N to 0: the game ends; E and S share the win with 16.
    state = play(_countdown(Countdown(start=16)), COUNTDOWN_PLAY)
    assert state.is_over
    assert state.display_scores == (0, 16, 16, 14)
    assert state.winners == (1, 2)
    state = play(_countdown(Countdown(start=17)), COUNTDOWN_PLAY)
    assert not state.is_over
    assert state.display_scores == (1, 17, 17, 15)


@pytest.mark.parametrize("seed", [1, 2])
def test_countdown_display_is_start_minus_penalty_hand_by_hand(seed):
    # sources §3.15, over a whole game of the Gamehelphearts preset.
    state = _play_to_the_end(hj.new_game(hj.variants.COUNTDOWN, seed=seed), seed)
    for result in state.score_sheet:
        assert hj.variants.COUNTDOWN.ending.display(result.totals) == tuple(100 - t for t in result.totals)
    assert state.display_scores == tuple(100 - t for t in state.scores)
    assert min(state.display_scores) <= 0
    assert all(min(COUNTDOWN_100.display(r.totals)) > 0 for r in state.score_sheet[:-1])
    best = max(state.display_scores)
    assert state.winners == tuple(s for s, d in enumerate(state.display_scores) if d == best)


def test_countdown_quick_game_starts_at_75():
    assert Countdown(start=75).display((0, 10, 0, 0)) == (75, 65, 75, 75)
    assert Countdown(start=75).is_over((75, 0, 0, 0), ())


# ---------------------------------------------------------------- two_halves (Dutch)

ZERO_OR_BELOW = TwoHalves(finish=Finish.ZERO_OR_BELOW)
EXACT_ZERO_BOUNCE = TwoHalves(finish=Finish.EXACT_ZERO_BOUNCE)


def test_two_halves_defaults():
    assert TwoHalves(switch=50, finish=Finish.ZERO_OR_BELOW) == DUTCH_HALVES
    assert hj.variants.DUTCH.ending == DUTCH_HALVES


@pytest.mark.parametrize("ending", [ZERO_OR_BELOW, EXACT_ZERO_BOUNCE], ids=["zero_or_below", "bounce"])
def test_two_halves_second_half_starts_after_the_hand_reaching_the_switch(ending):
    # Worked example 10: totals 48/30/22/12; A takes 5 -> 53, so phase 2 starts with the next hand.
    sheet = (_result((48, 30, 22, 12)),)
    assert not ending.second_half(sheet)
    assert ending.moon_applies(sheet)
    totals = ending.add((48, 30, 22, 12), (5, 0, 0, 0), sheet)
    assert totals == (53, 30, 22, 12)
    sheet += (_result(totals),)
    assert not ending.is_over(totals, sheet)
    assert ending.second_half(sheet)
    assert not ending.moon_applies(sheet)
    # In phase 2 D takes 7 -> 12 − 7 = 5 under either finish.
    totals = ending.add(totals, (0, 0, 0, 7), sheet)
    assert totals == (53, 30, 22, 5)
    sheet += (_result(totals),)
    assert not ending.is_over(totals, sheet)
    # Phase 2 is absorbing: every total below the switch again changes nothing.
    assert ending.second_half((*sheet, _result((40, 30, 22, 5))))


def test_two_halves_zero_or_below_ends_when_a_total_falls_to_zero_or_below():
    # Worked example 10: D (5) takes 15 -> −10 and D wins.
    sheet = (_result((48, 30, 22, 12)), _result((53, 30, 22, 12)), _result((53, 30, 22, 5)))
    totals = ZERO_OR_BELOW.add((53, 30, 22, 5), (0, 0, 0, 15), sheet)
    assert totals == (53, 30, 22, -10)
    assert ZERO_OR_BELOW.is_over(totals, (*sheet, _result(totals)))
    assert ZERO_OR_BELOW.winners(totals) == (3,)


def test_two_halves_exact_zero_bounce_reflects_an_overshoot():
    # Worked example 10: D (5) takes 15 -> |5 − 15| = 10 and play continues.
    sheet = (_result((48, 30, 22, 12)), _result((53, 30, 22, 12)), _result((53, 30, 22, 5)))
    totals = EXACT_ZERO_BOUNCE.add((53, 30, 22, 5), (0, 0, 0, 15), sheet)
    assert totals == (53, 30, 22, 10)
    assert not EXACT_ZERO_BOUNCE.is_over(totals, (*sheet, _result(totals)))
    # sources §1.11: 2 − 12 -> 10; exactly 0 wins.
    assert EXACT_ZERO_BOUNCE.add((2, 30, 22, 5), (12, 0, 0, 0), sheet) == (10, 30, 22, 5)
    totals = EXACT_ZERO_BOUNCE.add((53, 30, 22, 5), (0, 0, 0, 5), sheet)
    assert totals == (53, 30, 22, 0)
    assert EXACT_ZERO_BOUNCE.is_over(totals, (*sheet, _result(totals)))
    assert EXACT_ZERO_BOUNCE.winners(totals) == (3,)


@pytest.mark.parametrize("ending", [ZERO_OR_BELOW, EXACT_ZERO_BOUNCE], ids=["zero_or_below", "bounce"])
def test_two_halves_moon_in_the_second_half_is_plain_subtraction(ending):
    # Worked example 10: B shoots in phase 2 -> B −15, others unchanged.
    sheet = (_result((48, 30, 22, 12)), _result((53, 30, 22, 12)), _result((53, 30, 22, 5)))
    assert not ending.moon_applies(sheet)
    assert ending.add((53, 30, 22, 5), (0, 15, 0, 0), sheet) == (53, 15, 22, 5)


def test_two_halves_no_end_in_the_first_half():
    # A first-half hand never ends the game, even at 0 (the sheet before it is first half).
    assert not DUTCH_HALVES.is_over((0, 0, 0, 0), (_result((0, 0, 0, 0)),))
    assert not DUTCH_HALVES.is_over((0, 60, 10, 10), (_result((0, 60, 10, 10)),))


def _dutch(ending: hj.rules.Ending, **slots: object) -> hj.Rules:
    return attrs.evolve(hj.variants.DUTCH, ending=ending, **slots)


@pytest.mark.parametrize("ending", [ZERO_OR_BELOW, EXACT_ZERO_BOUNCE], ids=["zero_or_below", "bounce"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_two_halves_whole_dutch_game(ending, seed):
    state = _play_to_the_end(hj.new_game(_dutch(ending), seed=seed), seed)
    sheet = state.score_sheet
    totals = (0, 0, 0, 0)
    for index, result in enumerate(sheet):
        second = ending.second_half(sheet[:index])
        if not second:
            if result.shooter is None:
                assert result.points == result.raw
            else:
                assert result.points == tuple(0 if s == result.shooter else 15 for s in range(4))
            assert result.totals == tuple(t + p for t, p in zip(totals, result.points, strict=True))
        else:
            assert result.shooter is None  # the moon does not count in phase 2
            if ending.finish is Finish.ZERO_OR_BELOW:
                expected = tuple(t - r for t, r in zip(totals, result.raw, strict=True))
            else:
                expected = tuple(abs(t - r) for t, r in zip(totals, result.raw, strict=True))
            assert result.totals == expected
        totals = result.totals
    assert ending.second_half(sheet[:-1])
    if ending.finish is Finish.ZERO_OR_BELOW:
        assert min(state.scores) <= 0
    else:
        assert min(state.scores) == 0
    assert state.winners == tuple(s for s, t in enumerate(state.scores) if t == min(state.scores))


def test_two_halves_moon_in_each_half_end_to_end():
    # The Q♠ is the only scoring card (15): whoever takes it takes everything. In the first half
    # that is a moon (the others +15, reaching the switch); in the second half it is not: the
    # taker simply subtracts 15 and the game ends (a total of 15 or 0 falls to 0 or below; the
    # lowest total wins, shared with the first hand's shooter when the taker falls from 15 to 0).
    rules = _dutch(TwoHalves(switch=15), scoring=CardPoints({"QS": 15}))
    state = _play_to_the_end(hj.new_game(rules, seed=4), 4)
    first, second = state.score_sheet
    assert first.shooter is not None
    assert first.totals == tuple(0 if seat == first.shooter else 15 for seat in range(4))
    assert second.shooter is None
    (taker,) = (seat for seat, raw in enumerate(second.raw) if raw)
    assert second.points == tuple(-15 if seat == taker else 0 for seat in range(4))
    assert state.is_over
    assert taker in state.winners
    assert state.winners == tuple(s for s, t in enumerate(state.scores) if t == min(state.scores))


def test_two_halves_no_moon_choice_in_the_second_half():
    rules = _dutch(TwoHalves(switch=15), scoring=CardPoints({"QS": 15}), moon=SHOOTER_CHOICE)
    rng = random.Random(6)
    state = hj.new_game(rules, seed=6)
    phases = []
    while not state.is_over:
        phases.append((state.hand_index, state.phase))
        state = hj.apply(state, random_move(state, rng))
    assert (0, hj.Phase.MOON_CHOICE) in phases
    assert (1, hj.Phase.MOON_CHOICE) not in phases
    assert state.score_sheet[0].moon_choice is not None
    assert state.score_sheet[1].moon_choice is None


# ---------------------------------------------------------------- fixed_deals, single_hand


def test_fixed_deals_ends_after_n_hands():
    nine = FixedDeals(9)
    assert nine == FixedDeals() == FixedDeals(deals=9)
    sheet = tuple(_result((10 * i, 0, 0)) for i in range(9))
    assert not nine.is_over(sheet[-2].totals, sheet[:8])
    assert nine.is_over(sheet[-1].totals, sheet)
    assert nine.winners((100, 20, 20)) == (1, 2)


def test_fixed_deals_does_not_count_voided_hands():
    sheet = tuple(_result((0, 0, 0)) for _ in range(8)) + (_result((26, 0, 0), revoke=0),)
    assert not FixedDeals(9).is_over((26, 0, 0), sheet)
    assert FixedDeals(9).is_over((26, 0, 0), (*sheet, _result((26, 0, 0))))


def test_fixed_deals_black_maria_match_end_to_end():
    # Black Maria's alternative ending: a match of 9 deals, whatever the totals.
    rules = attrs.evolve(hj.variants.BLACK_MARIA, ending=FixedDeals(9))
    state = _play_to_the_end(hj.new_game(rules, seed=3), 3)
    assert len(state.score_sheet) == 9
    assert [result.hand_index for result in state.score_sheet] == list(range(9))
    assert state.winners == tuple(s for s, t in enumerate(state.scores) if t == min(state.scores))
    rules = attrs.evolve(hj.variants.BLACK_MARIA, ending=FixedDeals(2))
    assert len(_play_to_the_end(hj.new_game(rules, seed=3), 3).score_sheet) == 2


def test_single_hand_is_one_hand_and_ignores_voided_hands():
    assert SingleHand() == SINGLE_HAND
    assert hj.variants.OPENSPIEL.ending == SINGLE_HAND
    assert not SINGLE_HAND.is_over((26, 0, 0, 0), (_result((26, 0, 0, 0), revoke=0),))
    assert SINGLE_HAND.is_over((0, 0, 0, 0), (_result((0, 0, 0, 0)),))
    state = _play_to_the_end(hj.new_game(hj.variants.OPENSPIEL, seed=8), 8)
    assert len(state.score_sheet) == 1


def _result(totals: tuple[int, ...], revoke: int | None = None) -> hj.HandResult:
    return hj.HandResult(0, 0, (0,) * 4, (0,) * 4, totals, None, None, (), revoke)


def test_two_halves_hand_voided_by_a_revoke_never_ends_the_game():
    halves = hj.rules.ending.TwoHalves()
    into_second_half = (_result((50, 10, 0, 20)),)
    voided = (*into_second_half, _result((65, 10, 0, 20), revoke=0))
    played = (*into_second_half, _result((65, 10, 0, 20)))
    assert not halves.is_over((65, 10, 0, 20), voided)
    assert halves.is_over((65, 10, 0, 20), played)


def test_exact_zero_bounce_ends_only_on_exactly_zero():
    exact = hj.rules.ending.TwoHalves(finish=hj.rules.ending.Finish.EXACT_ZERO_BOUNCE)
    sheet = (_result((50, 10, 3, 20)), _result((40, 10, -7, 20)))
    assert not exact.is_over((40, 10, -7, 20), sheet)  # a bonus took seat 2 below 0: play on
    sheet = (_result((50, 10, 3, 20)), _result((40, 10, 0, 20)))
    assert exact.is_over((40, 10, 0, 20), sheet)
    assert exact.winners((40, 10, 0, 20)) == (2,)
