"""Shooting the moon, sources §1.10: ``moon_effect`` ``others_plus``, ``self_minus``,
``shooter_choice`` (a ``MoonChoice`` move after the hand), ``reset_or_double`` and ``none``, with
``moon_set`` ``all_positive`` or ``all_nonzero`` and the amount K (default: the scheme's positive
total Tpos; ``literal_26``).
"""

from __future__ import annotations

import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.cards import parse_cards
from hartenjagen.rules import MoonContext
from hartenjagen.rules.deck import DOUBLE_DECK_6, SinglePack
from hartenjagen.rules.ending import SINGLE_HAND, ScoreLimit
from hartenjagen.rules.moon import (
    NO_MOON,
    OTHERS_PLUS,
    SHOOTER_CHOICE,
    MoonSet,
    NoMoon,
    OthersPlus,
    ResetOrDouble,
    SelfMinus,
    ShooterChoice,
    moon_cards,
    took_all,
)
from hartenjagen.rules.passing import NO_PASSING
from hartenjagen.rules.scoring import BLACK_LADY, HEARTS_ONLY, HOEMKE_FIRST_TWO_FREE, OMNIBUS, CardPoints
from helpers import (
    JD_TO_EAST,
    JD_TO_EAST_KEEP,
    ONE_SUIT_EACH,
    find_state,
    game,
    no_pass_rules,
    play_out,
    random_move,
)

Option = hj.MoonOption
Code = hj.IllegalMoveCode

HEARTS = {f"{rank}H": 1 for rank in "23456789TJQKA"}
ALL_NONZERO = OthersPlus(moon_set=MoonSet.ALL_NONZERO)


def _hearts_and(extra: str) -> str:
    return " ".join([*HEARTS, extra])


def _context(rules: hj.Rules, *taken_text: str, totals: tuple[int, ...] | None = None) -> MoonContext:
    """The moon context of a hand in which each seat took the cards ``taken_text`` (raw points by the scoring)."""
    taken = tuple(tuple(sorted(parse_cards(text))) for text in taken_text)
    return MoonContext(
        rules=rules,
        cards_taken=taken,
        tricks=(),
        raw=tuple(rules.scoring.points_of(cards) for cards in taken),
        totals=(0,) * len(taken) if totals is None else totals,
        options=rules.moon.options(),
    )


def _settle(moon: hj.rules.Moon, scoring: hj.rules.Scoring, *taken_text: str):
    context = _context(no_pass_rules(scoring=scoring, moon=moon), *taken_text)
    shooter = moon.shooter(context)
    if shooter is None:
        return context.raw, None
    return moon.settle(context, shooter, moon.options()[0]), shooter


def _moon_hand(hands=ONE_SUIT_EACH, keep: str = "", **slots: object) -> hj.State:
    """Play out one hand of ``hands`` as a single-hand game and return the final state."""
    state = play_out(game(hands, ending=SINGLE_HAND, **slots), keep=keep)
    assert state.is_over
    return state


def test_others_plus_all_positive_is_the_default_moon():
    assert hj.Rules().moon == OTHERS_PLUS
    assert OthersPlus(amount=None, moon_set=MoonSet.ALL_POSITIVE) == OTHERS_PLUS


def test_moon_gives_others_26():
    state = _moon_hand()
    result = state.score_sheet[-1]
    assert result.raw == (26, 0, 0, 0)
    assert result.shooter == 0
    assert result.points == (0, 26, 26, 26)
    assert state.scores == (0, 26, 26, 26)


def test_moon_shooter_may_be_any_seat():
    # The same hands turned one seat clockwise: seat 1 holds the clubs and shoots.
    rotated = ONE_SUIT_EACH[-1:] + ONE_SUIT_EACH[:-1]
    result = _moon_hand(rotated).score_sheet[-1]
    assert result.shooter == 1
    assert result.points == (26, 0, 26, 26)


def test_omnibus_shooter_keeps_jack_bonus():
    # Worked example 9, OS semantics: N takes all hearts, the Q♠ and the J♦: N -10, others +26.
    result = _moon_hand(scoring=OMNIBUS).score_sheet[-1]
    assert result.raw == (16, 0, 0, 0)
    assert result.shooter == 0
    assert result.points == (-10, 26, 26, 26)


def test_omnibus_moon_does_not_need_the_jack():
    # Worked example 9: if E takes the J♦ instead: N 0, E 16, S 26, W 26.
    state = _moon_hand(JD_TO_EAST, keep=JD_TO_EAST_KEEP, scoring=OMNIBUS)
    assert hj.Card.parse("JD") in state.taken[1]
    result = state.score_sheet[-1]
    assert result.raw == (26, -10, 0, 0)
    assert result.shooter == 0
    assert result.points == (0, 16, 26, 26)


def test_all_nonzero_moon_needs_the_jack():
    state = _moon_hand(JD_TO_EAST, keep=JD_TO_EAST_KEEP, scoring=OMNIBUS, moon=ALL_NONZERO)
    result = state.score_sheet[-1]
    assert result.shooter is None
    assert result.points == (26, -10, 0, 0)


def test_all_nonzero_shooter_scores_raw_minus_the_moon_set():
    # The J♦ is part of the moon set, so the shooter's -10 is cancelled too: raw 16 - M 16 = 0.
    result = _moon_hand(scoring=OMNIBUS, moon=ALL_NONZERO).score_sheet[-1]
    assert result.shooter == 0
    assert result.points == (0, 26, 26, 26)


def test_all_positive_and_all_nonzero_agree_without_negative_cards():
    for moon in (OTHERS_PLUS, ALL_NONZERO):
        assert _moon_hand(moon=moon).score_sheet[-1].points == (0, 26, 26, 26)


def test_moon_amount_defaults_to_the_positive_total():
    assert _moon_hand(scoring=HEARTS_ONLY).score_sheet[-1].points == (0, 13, 13, 13)
    black_maria = CardPoints({**HEARTS, "QS": 13, "KS": 10, "AS": 7})
    assert _moon_hand(scoring=black_maria).score_sheet[-1].points == (0, 43, 43, 43)


def test_moon_amount_excludes_removed_cards():
    # Three players without the 2♥: Tpos = 25, and the other 12 hearts with the Q♠ make a moon.
    rules = no_pass_rules(deck=SinglePack(players=3, removed=["2H"]))
    assert BLACK_LADY.moon_total(rules) == 25
    assert len(moon_cards(MoonSet.ALL_POSITIVE, rules)) == 13
    context = _context(rules, _hearts_and("QS").replace("2H ", ""), "2C", "3C")
    assert context.raw == (25, 0, 0)
    assert OTHERS_PLUS.shooter(context) == 0
    assert OTHERS_PLUS.settle(context, 0, hj.MoonOption.OTHERS_PLUS) == (0, 25, 25)


def test_moon_amount_can_be_fixed():
    # literal_26 (Hoemke): 26 even under hearts_only, whose total is 13.
    result = _moon_hand(scoring=HEARTS_ONLY, moon=OthersPlus(amount=26)).score_sheet[-1]
    assert result.points == (0, 26, 26, 26)


def test_no_moon_scores_raw_points():
    result = _moon_hand(moon=NO_MOON).score_sheet[-1]
    assert result.shooter is None
    assert result.points == result.raw == (26, 0, 0, 0)


def test_no_moon_when_one_heart_is_missing():
    points, shooter = _settle(OTHERS_PLUS, BLACK_LADY, _hearts_and("QS").replace("AH", "AC"), "AH", "", "")
    assert shooter is None
    assert points == (25, 1, 0, 0)


def test_no_moon_without_the_queen():
    points, shooter = _settle(OTHERS_PLUS, BLACK_LADY, _hearts_and("KS"), "QS", "", "")
    assert (points, shooter) == ((13, 13, 0, 0), None)


def test_hearts_only_moon_does_not_need_the_queen():
    points, shooter = _settle(OTHERS_PLUS, HEARTS_ONLY, " ".join(HEARTS), "QS", "", "")
    assert (points, shooter) == ((0, 13, 13, 13), 0)


def test_moon_shooter_keeps_points_outside_the_moon_set():
    # OS: with all_positive a shooter who also took the J♦ ends at -10.
    points, shooter = _settle(OTHERS_PLUS, OMNIBUS, _hearts_and("QS JD"), "", "", "")
    assert (points, shooter) == ((-10, 26, 26, 26), 0)
    points, shooter = _settle(OTHERS_PLUS, OMNIBUS, _hearts_and("QS"), "", "JD", "")
    assert (points, shooter) == ((0, 26, 16, 26), 0)


def test_moon_deltas_sum_to_players_less_one_times_amount():
    for seat in range(4):
        taken = ["", "", "", ""]
        taken[seat] = _hearts_and("QS")
        points, shooter = _settle(OTHERS_PLUS, BLACK_LADY, *taken)
        assert shooter == seat
        assert sum(points) == 3 * 26
        assert points[seat] == 0


@pytest.mark.parametrize("seed", range(6))
def test_moon_is_shot_iff_one_seat_takes_every_penalty_card(seed):
    rng = random.Random(seed)
    state = hj.new_game(hj.Rules(), seed=seed)
    while len(state.score_sheet) < 3:
        state = hj.apply(state, random_move(state, rng))
    for result in state.score_sheet:
        if 26 in result.raw:
            assert result.shooter == result.raw.index(26)
            assert result.points == tuple(0 if r == 26 else 26 for r in result.raw)
        else:
            assert result.shooter is None
            assert result.points == result.raw


def test_moon_set_cards():
    rules = no_pass_rules(scoring=OMNIBUS)
    positive = moon_cards(MoonSet.ALL_POSITIVE, rules)
    nonzero = moon_cards(MoonSet.ALL_NONZERO, rules)
    assert [str(c) for c in positive] == sorted({*HEARTS, "QS"}, key=hj.Card.parse)
    assert {str(c) for c in nonzero} == {*HEARTS, "QS", "JD"}
    assert len(nonzero) == 15
    assert moon_cards(MoonSet.ALL_NONZERO, no_pass_rules()) == positive  # no negative cards in black_lady
    assert moon_cards(MoonSet.ALL_POSITIVE, no_pass_rules(scoring=CardPoints({"JD": -10}))) == ()


def test_moon_set_cards_of_a_double_deck_list_each_card_twice():
    rules = no_pass_rules(deck=DOUBLE_DECK_6, scoring=OMNIBUS)
    positive = moon_cards(MoonSet.ALL_POSITIVE, rules)
    assert len(positive) == 28
    assert all(positive.count(card) == 2 for card in set(positive))
    assert {str(c) for c in positive} == {*HEARTS, "QS"}
    assert len(moon_cards(MoonSet.ALL_NONZERO, rules)) == 30


def test_took_all_counts_copies():
    queen, heart = hj.Card.parse("QS"), hj.Card.parse("2H")
    assert took_all((queen, heart, hj.Card.parse("3C")), (queen, heart))
    assert not took_all((queen,), (queen, heart))
    assert took_all((), ())
    # a double deck: taking one copy of a card listed twice is not taking it all
    assert not took_all((queen, heart, heart), (queen, queen, heart, heart))
    assert took_all((queen, queen, heart, heart, heart), (queen, queen, heart, heart))
    rules = no_pass_rules(deck=DOUBLE_DECK_6)
    needed = moon_cards(MoonSet.ALL_POSITIVE, rules)
    assert took_all(needed, needed)
    assert not took_all(tuple(sorted(set(needed))), needed)


def test_moon_shooter_in_a_double_deck_needs_both_copies():
    rules = no_pass_rules(deck=DOUBLE_DECK_6)
    hearts_twice = " ".join(2 * list(HEARTS))
    context = _context(rules, hearts_twice + " QS QS", "", "", "", "", "")
    assert context.raw == (52, 0, 0, 0, 0, 0)
    assert OTHERS_PLUS.shooter(context) == 0
    assert OTHERS_PLUS.settle(context, 0, Option.OTHERS_PLUS) == (0, 52, 52, 52, 52, 52)
    split = _context(rules, hearts_twice + " QS", "QS", "", "", "", "")
    assert OTHERS_PLUS.shooter(split) is None


def test_moon_context_of_a_hand_played_out():
    state = _moon_choice_state()
    context = MoonContext.of(state)
    assert context.players == 4
    assert context.tricks == state.tricks
    assert len(context.tricks) == 13
    assert context.tricks_won == (13, 0, 0, 0) == state.tricks_won
    assert context.cards_taken == tuple(tuple(sorted(pile)) for pile in state.taken)
    assert context.raw == (26, 0, 0, 0)
    assert context.options == SHOOTER_CHOICE.options()
    assert SHOOTER_CHOICE.shooter(context) == 0
    assert SHOOTER_CHOICE.settle(context, 0, Option.SELF_MINUS) == (-26, 0, 0, 0)


# ---------------------------------------------------------------- self_minus


def test_self_minus_shooter_scores_minus_the_amount_others_nothing():
    result = _moon_hand(moon=SelfMinus()).score_sheet[-1]
    assert result.shooter == 0
    assert result.raw == (26, 0, 0, 0)
    assert result.points == (-26, 0, 0, 0)
    assert result.moon_choice is None  # nothing to choose


def test_self_minus_keeps_the_values_outside_the_moon_set():
    # all_positive: the shooter keeps the J♦ (−10) on top of −26; others score their raw points.
    result = _moon_hand(scoring=OMNIBUS, moon=SelfMinus()).score_sheet[-1]
    assert result.points == (-36, 0, 0, 0)
    state = _moon_hand(JD_TO_EAST, keep=JD_TO_EAST_KEEP, scoring=OMNIBUS, moon=SelfMinus())
    assert state.score_sheet[-1].points == (-26, -10, 0, 0)


def test_self_minus_amount_can_be_fixed():
    result = _moon_hand(scoring=HEARTS_ONLY, moon=SelfMinus(amount=26)).score_sheet[-1]
    assert result.points == (-26, 0, 0, 0)
    assert _moon_hand(scoring=HEARTS_ONLY, moon=SelfMinus()).score_sheet[-1].points == (-13, 0, 0, 0)


# ---------------------------------------------------------------- worked example 9 in full


def test_omnibus_moon_worked_example_in_full():
    # N takes all hearts, the Q♠ and the J♦.
    # OS semantics (all_positive, others_plus 26): N −10, others +26.
    assert _moon_hand(scoring=OMNIBUS).score_sheet[-1].points == (-10, 26, 26, 26)
    # BIC slam (all_nonzero + self_minus): N −26, others 0.
    bic_slam = SelfMinus(moon_set=MoonSet.ALL_NONZERO)
    result = _moon_hand(scoring=OMNIBUS, moon=bic_slam).score_sheet[-1]
    assert result.shooter == 0
    assert result.points == (-26, 0, 0, 0)
    # E holds the J♦ instead (OS semantics): N 0, E 16, S 26, W 26.
    state = _moon_hand(JD_TO_EAST, keep=JD_TO_EAST_KEEP, scoring=OMNIBUS)
    assert state.score_sheet[-1].points == (0, 16, 26, 26)
    # ... and under the BIC slam that is no slam at all: plain card points.
    state = _moon_hand(JD_TO_EAST, keep=JD_TO_EAST_KEEP, scoring=OMNIBUS, moon=bic_slam)
    assert state.score_sheet[-1].shooter is None
    assert state.score_sheet[-1].points == (26, -10, 0, 0)


def test_omnibus_preset_moon_is_others_plus_all_positive():
    assert hj.variants.OMNIBUS.moon == OTHERS_PLUS
    rules = attrs.evolve(hj.variants.OMNIBUS, passing=NO_PASSING, ending=SINGLE_HAND)
    state = play_out(hj.new_game(rules, deal=list(ONE_SUIT_EACH)))
    assert state.score_sheet[-1].points == (-10, 26, 26, 26)


# ---------------------------------------------------------------- amount: literal_26 vs Tpos


def test_hoemke_moon_is_literal_26_with_all_nonzero():
    # sources §2 hoemke: moon_set=all_nonzero, others_plus with literal_26, shooter 0.
    assert hj.variants.hoemke(1, 1, 1, 4).moon == OthersPlus(amount=26, moon_set=MoonSet.ALL_NONZERO)
    literal = OthersPlus(amount=26, moon_set=MoonSet.ALL_NONZERO)
    result = _moon_hand(scoring=HOEMKE_FIRST_TWO_FREE, moon=literal).score_sheet[-1]
    assert result.raw == (25, 0, 0, 0)  # 22 for 13 hearts + 13 − 10
    assert result.points == (0, 26, 26, 26)


def test_hoemke_first_two_free_scheme_total_moon_amount_is_35():
    scheme_total = OthersPlus(moon_set=MoonSet.ALL_NONZERO)
    result = _moon_hand(scoring=HOEMKE_FIRST_TWO_FREE, moon=scheme_total).score_sheet[-1]
    assert result.points == (0, 35, 35, 35)


def test_literal_26_versus_scheme_total_under_hearts_only():
    assert _moon_hand(scoring=HEARTS_ONLY, moon=OthersPlus(amount=26)).scores == (0, 26, 26, 26)
    assert _moon_hand(scoring=HEARTS_ONLY, moon=OthersPlus()).scores == (0, 13, 13, 13)


# ---------------------------------------------------------------- shooter_choice


def _moon_choice_state(hands=ONE_SUIT_EACH, **slots: object) -> hj.State:
    """One hand of ``hands`` played out under shooter_choice; the shooter has yet to choose."""
    slots.setdefault("moon", SHOOTER_CHOICE)
    slots.setdefault("ending", SINGLE_HAND)
    return play_out(game(hands, **slots))


def test_shooter_choice_is_asked_after_the_last_trick():
    state = _moon_choice_state()
    assert state.phase is hj.Phase.MOON_CHOICE
    assert state.to_move == (0,)
    assert state.trick_number == 13
    assert state.hands == ((), (), (), ())
    assert state.score_sheet == ()
    assert state.scores == (0, 0, 0, 0)
    assert not state.is_over
    assert list(hj.legal_moves(state)) == [
        hj.MoonChoice(0, Option.OTHERS_PLUS),
        hj.MoonChoice(0, Option.SELF_MINUS),
    ]


@pytest.mark.parametrize(
    ("option", "points"),
    [(Option.OTHERS_PLUS, (0, 26, 26, 26)), (Option.SELF_MINUS, (-26, 0, 0, 0))],
)
def test_shooter_choice_applying_the_choice_scores_the_hand(option, points):
    state = _moon_choice_state()
    assert hj.is_legal(state, hj.MoonChoice(0, option))
    state = hj.apply(state, hj.MoonChoice(0, option))
    assert state.is_over
    result = state.score_sheet[-1]
    assert result.shooter == 0
    assert result.moon_choice is option
    assert result.points == result.totals == points
    assert state.scores == points


def test_shooter_choice_accepts_the_option_as_text():
    state = hj.apply(_moon_choice_state(), hj.MoonChoice(0, "self_minus"))
    assert state.score_sheet[-1].moon_choice is Option.SELF_MINUS


def test_shooter_choice_by_another_seat():
    rotated = ONE_SUIT_EACH[-2:] + ONE_SUIT_EACH[:-2]
    state = _moon_choice_state(rotated)
    assert state.to_move == (2,)
    assert list(hj.legal_moves(state)) == [
        hj.MoonChoice(2, Option.OTHERS_PLUS),
        hj.MoonChoice(2, Option.SELF_MINUS),
    ]
    state = hj.apply(state, hj.MoonChoice(2, Option.SELF_MINUS))
    assert state.scores == (0, 0, -26, 0)


def test_shooter_choice_refuses_an_option_not_offered():
    state = _moon_choice_state()
    for option in (Option.RESET, Option.DOUBLE):
        with pytest.raises(hj.IllegalMoveError) as info:
            hj.apply(state, hj.MoonChoice(0, option))
        assert info.value.code == Code.NOT_AN_OPTION
        assert str(info.value) == f"{option.value} is not an option here: choose others_plus, self_minus"
        assert not hj.is_legal(state, hj.MoonChoice(0, option))


def test_shooter_choice_refuses_another_seat():
    state = _moon_choice_state()
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.MoonChoice(1, Option.OTHERS_PLUS))
    assert info.value.code == Code.NOT_YOUR_TURN
    assert str(info.value) == "it is seat 0's turn to choose, not seat 1's"


def test_shooter_choice_refuses_a_play_during_the_choice():
    state = _moon_choice_state()
    reason = hj.explain(state, hj.Play(1, "2D"))
    assert reason is not None
    assert reason.code == Code.WRONG_PHASE
    assert reason.message == "now is the time to choose how the moon is scored, not to play a card"


def test_moon_choice_during_play_is_the_wrong_phase():
    state = game(ONE_SUIT_EACH, moon=SHOOTER_CHOICE)
    reason = hj.explain(state, hj.MoonChoice(0, Option.OTHERS_PLUS))
    assert reason is not None
    assert reason.code == Code.WRONG_PHASE


def test_shooter_choice_without_a_moon_scores_at_once():
    moon = ShooterChoice(moon_set=MoonSet.ALL_NONZERO)
    state = game(JD_TO_EAST, scoring=OMNIBUS, moon=moon, ending=SINGLE_HAND)
    state = play_out(state, keep=JD_TO_EAST_KEEP)
    assert state.is_over
    result = state.score_sheet[-1]
    assert result.shooter is None
    assert result.moon_choice is None
    assert result.points == (26, -10, 0, 0)


def test_shooter_choice_then_the_next_hand_is_dealt():
    state = _moon_choice_state(ending=ScoreLimit())
    state = hj.apply(state, hj.MoonChoice(0, Option.OTHERS_PLUS))
    assert state.hand_index == 1
    assert state.phase is hj.Phase.PLAYING
    assert state.scores == (0, 26, 26, 26)
    assert state.score_sheet[-1].moon_choice is Option.OTHERS_PLUS


def test_shooter_choice_with_a_fixed_amount():
    state = _moon_choice_state(moon=ShooterChoice(amount=15))
    assert hj.apply(state, hj.MoonChoice(0, "others_plus")).scores == (0, 15, 15, 15)
    assert hj.apply(state, hj.MoonChoice(0, "self_minus")).scores == (-15, 0, 0, 0)


def test_others_plus_records_no_moon_choice():
    assert _moon_hand().score_sheet[-1].moon_choice is None


# ---------------------------------------------------------------- reset_or_double


def _reset_or_double_settle(option: hj.MoonOption, totals: tuple[int, ...]) -> tuple[int, ...]:
    moon = ResetOrDouble()
    context = _context(no_pass_rules(moon=moon), _hearts_and("QS"), "2C", "3C", "4C", totals=totals)
    assert context.raw == (26, 0, 0, 0)
    assert moon.shooter(context) == 0
    points = moon.settle(context, 0, option)
    return tuple(t + p for t, p in zip(totals, points, strict=True))


def test_reset_or_double_options():
    assert ResetOrDouble().options() == (Option.RESET, Option.DOUBLE)


def test_reset_sets_the_shooters_total_to_zero():
    assert _reset_or_double_settle(Option.RESET, (40, 30, 20, 10)) == (0, 30, 20, 10)


def test_double_doubles_every_other_total():
    assert _reset_or_double_settle(Option.DOUBLE, (40, 30, 20, 10)) == (40, 60, 40, 20)


def test_reset_or_double_end_to_end():
    # A two-card scheme makes moons common; find a moon in a hand after some points were scored.
    rules = no_pass_rules(scoring=CardPoints({"QS": 13, "AH": 1}), moon=ResetOrDouble())

    def choosing_with_totals(state: hj.State) -> bool:
        return state.phase is hj.Phase.MOON_CHOICE and len(set(state.scores)) > 2

    state = find_state(rules, choosing_with_totals)
    (shooter,) = state.to_move
    assert list(hj.legal_moves(state)) == [
        hj.MoonChoice(shooter, Option.RESET),
        hj.MoonChoice(shooter, Option.DOUBLE),
    ]
    before = state.scores
    reset = hj.apply(state, hj.MoonChoice(shooter, Option.RESET))
    assert reset.score_sheet[-1].moon_choice is Option.RESET
    assert reset.scores == tuple(0 if seat == shooter else t for seat, t in enumerate(before))
    double = hj.apply(state, hj.MoonChoice(shooter, Option.DOUBLE))
    assert double.score_sheet[-1].moon_choice is Option.DOUBLE
    assert double.scores == tuple(t if seat == shooter else 2 * t for seat, t in enumerate(before))
    reason = hj.explain(state, hj.MoonChoice(shooter, Option.OTHERS_PLUS))
    assert reason is not None
    assert reason.code == Code.NOT_AN_OPTION


# ---------------------------------------------------------------- none


def test_no_moon_has_no_options_and_no_choice_phase():
    assert NoMoon() == NO_MOON
    assert NO_MOON.options() == ()
    state = play_out(game(ONE_SUIT_EACH, moon=NO_MOON, scoring=OMNIBUS, ending=SINGLE_HAND))
    assert state.is_over
    assert state.score_sheet[-1].points == (16, 0, 0, 0)
    assert state.score_sheet[-1].moon_choice is None


def test_black_maria_preset_has_no_moon():
    assert hj.variants.BLACK_MARIA.moon == NO_MOON
