"""Passing, sources §1.4 and §0: ``pass_cycle`` by hand index (every named cycle), ``pass_count``,
simultaneous passing, left = seat+1, right = seat-1, across = seat+n/2 (even n only), k-th left/right
= seat±k; ``random_uniform``; the 5-player cycle of worked example 13. Conflicts with the deck raise
``RulesError`` naming both modules. Pass-and-return and pass-to-the-dealer: test_rules_passing_return_dealer.py.
"""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.rules.deck import (
    MINUS_2C_3P,
    MINUS_2D_2C_5P,
    MINUS_2D_3P,
    MINUS_3C_2D_5P,
    MINUS_3C_3P,
    PIQUET32,
    STD52,
    SinglePack,
)
from hartenjagen.rules.ending import ScoreLimit
from hartenjagen.rules.passing import (
    ALWAYS_LEFT,
    ALWAYS_RIGHT,
    FIVE_PLAYER_CYCLE,
    LEFT_ACROSS_RIGHT_HOLD,
    LEFT_RIGHT_ACROSS,
    LEFT_RIGHT_ACROSS_HOLD,
    LEFT_RIGHT_HOLD,
    LEFT_RIGHT_HOLD_HOLD,
    NO_PASSING,
    PASS_FOUR_RETURN_ONE,
    RANDOM_DIRECTION,
    PassAndReturn,
    PassCycle,
    PassToDealer,
    RandomDirection,
)
from hartenjagen.rules.routes import PassRoute
from helpers import MIXED_DEAL, game, names, play_out, random_move
from passing_helpers import (
    ACROSS,
    DEALER,
    HOLD,
    LEFT,
    PASSES,
    RIGHT,
    pass_all,
    route_cycle,
)


def test_left_right_across_hold_is_the_default_cycle():
    assert hj.Rules().passing == LEFT_RIGHT_ACROSS_HOLD == route_cycle(LEFT, RIGHT, ACROSS, HOLD)


def test_pass_cycle_left_right_across_hold_by_hand_index():
    directions = [LEFT_RIGHT_ACROSS_HOLD.route(h) for h in range(9)]
    assert directions == [LEFT, RIGHT, ACROSS, HOLD, LEFT, RIGHT, ACROSS, HOLD, LEFT]
    assert [_count(LEFT_RIGHT_ACROSS_HOLD, h) for h in range(5)] == [3, 3, 3, 0, 3]


def test_pass_cycle_of_any_length_repeats_by_hand_index():
    cycle = route_cycle(LEFT, RIGHT, HOLD, HOLD, cards=4)  # l_r_h_h, the three-player default
    assert [cycle.route(h) for h in range(6)] == [LEFT, RIGHT, HOLD, HOLD, LEFT, RIGHT]
    assert [_count(cycle, h) for h in range(4)] == [4, 4, 0, 0]


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
    state = game(MIXED_DEAL, passing=route_cycle(HOLD, LEFT))
    assert state.phase is hj.Phase.PLAYING
    assert state.pass_direction == HOLD
    assert state.pass_count == 0
    assert state.to_move == (2,)
    assert state.hands == state.dealt


def test_no_passing_never_passes():
    assert route_cycle(HOLD) == NO_PASSING
    assert all(_count(NO_PASSING, h) == 0 for h in range(8))
    assert game(MIXED_DEAL, passing=NO_PASSING).phase is hj.Phase.PLAYING


def test_zero_card_pass_skips_the_pass_phase():
    state = game(MIXED_DEAL, passing=route_cycle(LEFT, cards=0))
    assert state.phase is hj.Phase.PLAYING
    assert state.hands == state.dealt


def test_passing_phase_lets_every_seat_choose_any_three_cards():
    state = game(MIXED_DEAL, passing=LEFT_RIGHT_ACROSS_HOLD)
    assert state.phase is hj.Phase.PASSING
    assert state.to_move == (0, 1, 2, 3)
    assert state.pass_direction == LEFT
    assert state.pass_count == 3
    assert len(hj.legal_moves(state)) == 4 * comb(13, 3)
    assert hj.Pass(1, "8H 5S 6S") in hj.legal_moves(state)


@pytest.mark.parametrize(("direction", "offset"), [(LEFT, 1), (RIGHT, -1), (ACROSS, 2)])
def test_passed_cards_go_to_the_seat_in_the_pass_direction(direction, offset):
    state = pass_all(game(MIXED_DEAL, passing=route_cycle(direction)), PASSES)
    assert state.phase is hj.Phase.PLAYING
    for giver in range(4):
        receiver = (giver + offset) % 4
        expected = names(MIXED_DEAL[receiver]) - names(PASSES[receiver]) | names(PASSES[giver])
        assert names(state.hands[receiver]) == expected
        assert names(state.passed[giver]) == names(PASSES[giver])
    assert state.dealt == game(MIXED_DEAL).hands


def test_pass_left_gives_cards_to_seat_plus_one():
    state = pass_all(game(MIXED_DEAL, passing=route_cycle(LEFT)), PASSES)
    assert names(PASSES[3]) <= names(state.hands[0])
    assert names(PASSES[0]) <= names(state.hands[1])


def test_pass_right_gives_cards_to_seat_minus_one():
    state = pass_all(game(MIXED_DEAL, passing=route_cycle(RIGHT)), PASSES)
    assert names(PASSES[0]) <= names(state.hands[3])
    assert names(PASSES[1]) <= names(state.hands[0])


def test_pass_across_gives_cards_to_seat_plus_two():
    state = pass_all(game(MIXED_DEAL, passing=route_cycle(ACROSS)), PASSES)
    assert names(PASSES[0]) <= names(state.hands[2])
    assert names(PASSES[3]) <= names(state.hands[1])


def test_pass_across_with_six_players_gives_cards_to_seat_plus_three():
    rules = hj.Rules(
        deck=SinglePack(players=6, removed=["2D", "3D", "2S", "3S"]), passing=route_cycle(ACROSS)
    )
    state = hj.new_game(rules, seed=4)
    dealt = state.hands
    for seat in range(6):
        state = hj.apply(state, hj.Pass(seat, dealt[seat][:3]))
    for seat in range(6):
        assert set(dealt[seat][:3]) <= set(state.hands[(seat + 3) % 6])
        assert len(state.hands[seat]) == 8


def test_exchange_happens_only_when_the_last_seat_has_passed():
    state = pass_all(game(MIXED_DEAL, passing=route_cycle(LEFT)), PASSES, order=(0, 1, 2))
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
    first = pass_all(game(MIXED_DEAL, passing=route_cycle(LEFT)), PASSES)
    second = pass_all(game(MIXED_DEAL, passing=route_cycle(LEFT)), PASSES, order=(3, 1, 0, 2))
    assert first == second


def test_first_leader_is_determined_after_passing():
    passes = {**PASSES, 2: "2C 8C 9C"}  # seat 2 passes the 2C to seat 3
    state = pass_all(game(MIXED_DEAL, passing=route_cycle(LEFT)), passes)
    assert hj.Card.parse("2C") in state.hands[3]
    assert state.to_move == (3,)
    assert [str(m) for m in hj.legal_moves(state)] == ["play 3 2C"]


def test_three_player_pass_of_four_cards():
    rules = hj.Rules(
        deck=SinglePack(players=3, removed=["2D"]), passing=route_cycle(LEFT, RIGHT, HOLD, HOLD, cards=4)
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
    assert "the route 'across' passes across" in message
    assert f"players, not 3 (deck {three!r})" in message
    # left, right and hold are fine with three players
    assert hj.Rules(deck=three, passing=route_cycle(LEFT, RIGHT, HOLD)).players == 3


def test_passing_more_cards_than_a_hand_holds_is_rejected():
    with pytest.raises(hj.RulesError, match="passes 14 cards, more than the 13 in a hand") as info:
        hj.Rules(passing=route_cycle(LEFT, cards=14))
    assert "deck SinglePack(" in str(info.value)
    piquet = SinglePack(lowest_rank=hj.Rank.SEVEN)
    with pytest.raises(hj.RulesError, match="more than the 8 in a hand"):
        hj.Rules(deck=piquet, passing=route_cycle(LEFT, cards=9))
    # a whole hand may be passed, and a hold-only cycle passes nothing
    assert hj.Rules(deck=piquet, passing=route_cycle(LEFT, cards=8)).passing.cards == 8
    assert _count(hj.Rules(passing=route_cycle(HOLD, cards=20)).passing, 0) == 0


def test_openspiel_pass_switches():
    assert hj.variants.openspiel().passing == hj.rules.passing.RANDOM_DIRECTION
    assert hj.variants.openspiel(pass_direction=LEFT).passing == route_cycle(LEFT)
    assert hj.variants.openspiel(pass_direction=ACROSS).passing == route_cycle(ACROSS)
    assert hj.variants.openspiel(pass_cards=False).passing == NO_PASSING


def _count(passing: hj.rules.Passing, hand_index: int) -> int:
    """Cards each seat passes in the first stage of hand ``hand_index`` (0 for a hold hand)."""
    stages = passing.stages(passing.route(hand_index))
    assert passing.stage_counts(passing.route(hand_index)) == tuple(stage.cards for stage in stages)
    return stages[0].cards if stages else 0


# ---------------------------------------------------------------- the named cycles

L2, R2 = PassRoute.SECOND_LEFT, PassRoute.SECOND_RIGHT
#: An ending that lets a test play many hands.
LONG_GAME = ScoreLimit(limit=100_000)


@pytest.mark.parametrize(
    ("cycle", "players", "expected"),
    [
        (LEFT_ACROSS_RIGHT_HOLD, 4, [LEFT, ACROSS, RIGHT, HOLD]),
        (LEFT_RIGHT_ACROSS, 4, [LEFT, RIGHT, ACROSS]),
        (LEFT_RIGHT_HOLD_HOLD, 3, [LEFT, RIGHT, HOLD, HOLD]),
        (LEFT_RIGHT_HOLD, 3, [LEFT, RIGHT, HOLD]),
        (FIVE_PLAYER_CYCLE, 5, [LEFT, RIGHT, L2, R2, HOLD]),
        (ALWAYS_RIGHT, 3, [RIGHT]),
        (ALWAYS_LEFT, 4, [LEFT]),
        (NO_PASSING, 4, [HOLD]),
    ],
    ids=["l_a_r_h", "l_r_a", "l_r_h_h", "l_r_h", "l1_r1_l2_r2_h", "always_right", "always_left", "none"],
)
def test_named_pass_cycle_by_hand_index(cycle, players, expected):
    assert [cycle.route(h) for h in range(12)] == [expected[h % len(expected)] for h in range(12)]
    assert cycle.routes() == tuple(expected)
    for route in cycle.routes():
        route.check(players)  # every route of the cycle works with its number of players
    assert cycle.cards == 3
    counts = [_count(cycle, h) for h in range(12)]
    assert counts == [0 if expected[h % len(expected)] == HOLD else 3 for h in range(12)]


def test_five_player_cycle_worked_example_13_receivers_of_seat_zero():
    receivers = [None if d == HOLD else d.offset(5) for d in (FIVE_PLAYER_CYCLE.route(h) for h in range(5))]
    assert receivers == [1, 4, 2, 3, None]


def _pass_first_cards(state: hj.State) -> hj.State:
    """Every seat to move passes the first cards of its hand (the count the state asks for)."""
    dealt = state.hands
    for seat in state.to_move:
        state = hj.apply(state, hj.Pass(seat, dealt[seat][: state.pass_count]))
    return state


def _receivers_by_hand(rules: hj.Rules, hands: int, seed: int = 1) -> list[dict[int, int] | None]:
    """Play ``hands`` hands; for each, which seat received each seat's passed cards (None: hold)."""
    state = hj.new_game(rules, seed=seed)
    out: list[dict[int, int] | None] = []
    for hand_index in range(hands):
        assert state.hand_index == hand_index
        if state.phase is hj.Phase.PLAYING:
            assert state.pass_direction == HOLD
            assert state.hands == state.dealt
            out.append(None)
        else:
            state = _pass_first_cards(state)
            assert state.phase is hj.Phase.PLAYING
            receivers = {}
            for giver, given in enumerate(state.passed):
                (receiver,) = [seat for seat, got in enumerate(state.received) if got == given]
                assert set(given) <= set(state.hands[receiver])
                receivers[giver] = receiver
            out.append(receivers)
        state = play_out(state)
    return out


def test_five_player_cycle_worked_example_13_in_play():
    rules = hj.Rules(deck=MINUS_2D_2C_5P, passing=FIVE_PLAYER_CYCLE, ending=LONG_GAME)
    assert rules == attrs.evolve(hj.variants.FIVE_PLAYERS, ending=LONG_GAME)
    receivers = _receivers_by_hand(rules, 6)
    assert [r and r[0] for r in receivers] == [1, 4, 2, 3, None, 1]
    assert receivers[1] == {seat: (seat - 1) % 5 for seat in range(5)}
    assert receivers[2] == {seat: (seat + 2) % 5 for seat in range(5)}
    assert receivers[3] == {seat: (seat - 2) % 5 for seat in range(5)}


@pytest.mark.parametrize(
    ("cycle", "deck", "offsets"),
    [
        (LEFT_ACROSS_RIGHT_HOLD, STD52, [1, 2, 3, None, 1]),
        (LEFT_RIGHT_ACROSS, STD52, [1, 3, 2, 1, 3]),
        (LEFT_RIGHT_HOLD_HOLD, MINUS_2D_3P, [1, 2, None, None, 1]),
        (LEFT_RIGHT_HOLD, MINUS_2D_3P, [1, 2, None, 1, 2]),
        (ALWAYS_RIGHT, MINUS_2C_3P, [2, 2, 2, 2, 2]),
        (ALWAYS_LEFT, STD52, [1, 1, 1, 1, 1]),
        (NO_PASSING, STD52, [None] * 5),
    ],
    ids=["l_a_r_h", "l_r_a", "l_r_h_h", "l_r_h", "always_right", "always_left", "none"],
)
def test_named_pass_cycle_in_play(cycle, deck, offsets):
    rules = hj.Rules(deck=deck, passing=cycle, ending=LONG_GAME)
    n = deck.players
    expected = [None if k is None else {s: (s + k) % n for s in range(n)} for k in offsets]
    assert _receivers_by_hand(rules, 5) == expected


@pytest.mark.parametrize("cards", range(1, 14))
def test_pass_cycle_passes_any_count_up_to_the_hand_size(cards):
    state = game(MIXED_DEAL, passing=route_cycle(LEFT, cards=cards))
    assert state.pass_count == cards
    assert len(hj.legal_moves(state)) == 4 * comb(13, cards)
    state = _pass_first_cards(state)
    assert state.phase is hj.Phase.PLAYING
    for seat in range(4):
        given = names(MIXED_DEAL[seat].split()[:cards])
        assert names(state.passed[seat]) == given
        assert given <= names(state.hands[(seat + 1) % 4])
        assert len(state.hands[seat]) == 13


def test_pass_cycle_of_a_whole_hand_swaps_hands():
    state = _pass_first_cards(game(MIXED_DEAL, passing=route_cycle(RIGHT, cards=13)))
    assert [names(hand) for hand in state.hands] == [names(MIXED_DEAL[(s + 1) % 4]) for s in range(4)]


# ---------------------------------------------------------------- random direction


def _directions_of_game(rules: hj.Rules, seed: int, hands: int) -> list[PassRoute]:
    state = hj.new_game(rules, seed=seed)
    out = []
    for _ in range(hands):
        out.append(state.pass_direction)
        if state.phase is hj.Phase.PASSING:
            state = _pass_first_cards(state)
        state = play_out(state)
    return out


def test_random_direction_is_drawn_per_hand_and_reproducible_for_a_seed():
    rules = hj.Rules(passing=RANDOM_DIRECTION, ending=LONG_GAME)
    first = _directions_of_game(rules, 3, 10)
    assert first == _directions_of_game(rules, 3, 10)
    assert len(set(first)) > 1  # not one direction for the whole game
    games = {tuple(_directions_of_game(rules, seed, 6)) for seed in range(6)}
    assert len(games) > 1


def test_random_direction_all_four_directions_occur_over_seeds():
    rules = hj.Rules(passing=RANDOM_DIRECTION)
    seen = Counter(hj.new_game(rules, seed=seed).pass_direction for seed in range(80))
    assert set(seen) == {LEFT, RIGHT, ACROSS, HOLD}
    assert RandomDirection() == RANDOM_DIRECTION
    assert RANDOM_DIRECTION.choices == (HOLD, LEFT, ACROSS, RIGHT)


@pytest.mark.parametrize("seed", range(12))
def test_random_direction_state_tells_the_direction_and_cards_go_that_way(seed):
    state = hj.new_game(hj.Rules(passing=RANDOM_DIRECTION), seed=seed)
    direction = state.pass_direction
    if direction == HOLD:
        assert state.phase is hj.Phase.PLAYING
        assert state.pass_count == 0
        assert state.hands == state.dealt
        return
    assert state.phase is hj.Phase.PASSING
    assert state.pass_count == 3
    state = _pass_first_cards(state)
    for seat in range(4):
        assert set(state.passed[seat]) <= set(state.hands[(seat + direction.offset(4)) % 4])
    assert state.pass_direction == direction


def test_random_direction_hold_hand_skips_passing():
    rules = hj.Rules(passing=RANDOM_DIRECTION)
    seed = next(seed for seed in range(50) if hj.new_game(rules, seed=seed).pass_direction == HOLD)
    state = hj.new_game(rules, seed=seed)
    assert state.phase is hj.Phase.PLAYING
    assert state.to_move == (next(s for s, hand in enumerate(state.hands) if hj.Card("2C") in hand),)
    assert hj.explain(state, hj.Pass(0, state.hands[0][:3])).code == hj.IllegalMoveCode.WRONG_PHASE


def test_random_direction_needs_a_random_source():
    with pytest.raises(hj.RulesError, match="draws each hand's route by chance and needs a random source"):
        RANDOM_DIRECTION.route(0)


def test_random_direction_with_own_choices_and_count():
    passing = RandomDirection(cards=2, choices=(LEFT, RIGHT))
    rules = hj.Rules(deck=MINUS_2D_3P, passing=passing)
    directions = {hj.new_game(rules, seed=seed).pass_direction for seed in range(30)}
    assert directions == {LEFT, RIGHT}
    assert hj.new_game(rules, seed=0).pass_count == 2


# ---------------------------------------------------------------- validation


def _names_both(info: pytest.ExceptionInfo, passing: hj.rules.Passing, deck: hj.rules.Deck) -> None:
    message = str(info.value)
    assert f"passing {passing!r}" in message
    assert f"deck {deck!r}" in message


@pytest.mark.parametrize(
    ("passing", "deck"),
    [
        (LEFT_RIGHT_ACROSS_HOLD, MINUS_2D_3P),
        (LEFT_RIGHT_ACROSS_HOLD, MINUS_2D_2C_5P),
        (LEFT_ACROSS_RIGHT_HOLD, MINUS_3C_3P),
        (LEFT_RIGHT_ACROSS, MINUS_3C_2D_5P),
        (RANDOM_DIRECTION, MINUS_2C_3P),
        (RANDOM_DIRECTION, MINUS_2D_2C_5P),
        (PASS_FOUR_RETURN_ONE, MINUS_2D_3P),
        (PassCycle(directions=(ACROSS,)), MINUS_2D_2C_5P),
    ],
)
def test_across_with_an_odd_number_of_players_names_both_modules(passing, deck):
    with pytest.raises(hj.RulesError, match="passes across, which needs an even number of players") as info:
        hj.Rules(deck=deck, passing=passing)
    _names_both(info, passing, deck)


@pytest.mark.parametrize("direction", [L2, R2])
def test_second_left_or_right_with_two_players_is_ones_own_seat(direction):
    two = SinglePack(players=2)
    passing = PassCycle(directions=(LEFT, direction))
    expected = f"the route '{direction.value}' passes {direction.steps} seats on, which with 2 players"
    with pytest.raises(hj.RulesError, match=expected) as info:
        hj.Rules(deck=two, passing=passing)
    _names_both(info, passing, two)
    assert "is the passer's own seat" in str(info.value)


def test_second_left_and_right_with_four_players_pass_across():
    assert L2.offset(4) == R2.offset(4) == ACROSS.offset(4) == 2
    rules = hj.Rules(passing=PassCycle(directions=(L2, R2)))
    state = _pass_first_cards(hj.new_game(rules, deal=MIXED_DEAL))
    for seat in range(4):
        assert set(state.passed[seat]) <= set(state.hands[(seat + 2) % 4])


def test_two_players_pass_left_right_and_across_to_each_other():
    two = SinglePack(players=2)
    assert [d.offset(2) for d in (LEFT, RIGHT, ACROSS)] == [1, 1, 1]
    assert hj.Rules(deck=two, passing=LEFT_RIGHT_ACROSS_HOLD).players == 2


@pytest.mark.parametrize(
    ("passing", "deck", "hand"),
    [
        (PassCycle(cards=14), STD52, 13),
        (PassAndReturn(cards=14), STD52, 13),
        (PassToDealer(cards=9), PIQUET32, 8),
        (RandomDirection(cards=18, choices=(LEFT, RIGHT)), MINUS_2D_3P, 17),
        (PassCycle(directions=(LEFT, RIGHT, L2, R2, HOLD), cards=11), MINUS_2D_2C_5P, 10),
    ],
)
def test_pass_count_larger_than_the_hand_names_both_modules(passing, deck, hand):
    with pytest.raises(hj.RulesError, match=f"more than the {hand} in a hand") as info:
        hj.Rules(deck=deck, passing=passing)
    _names_both(info, passing, deck)


@pytest.mark.parametrize(
    ("build", "fragment"),
    [
        (lambda: PassAndReturn(cards=2, returned=3), "cannot return 3 of 2 cards received"),
        (lambda: PassAndReturn(returned=-1), "returned must be a whole number >= 0"),
        (lambda: PassAndReturn(from_received=1), "from_received must be True or False"),
        (lambda: PassToDealer(cards=-3), "cards must be a whole number >= 0"),
        (lambda: PassToDealer(dealer_joins="yes"), "dealer_joins must be True or False"),
        (lambda: RandomDirection(cards=2.5), "cards must be a whole number >= 0"),
        (lambda: RandomDirection(choices=()), "directions must be a non-empty list of PassRoute values, not"),
        (
            lambda: PassCycle(directions=("left",)),
            "directions must be a non-empty list of PassRoute values, not",
        ),
        (lambda: PassCycle(directions=LEFT), "directions must be a non-empty list of PassRoute values, not"),
        (lambda: PassCycle(directions=(LEFT, DEALER)), "use PassToDealer to pass to the dealer"),
        (lambda: PassAndReturn(directions=(DEALER,)), "use PassToDealer to pass to the dealer"),
    ],
)
def test_bad_passing_settings_raise_rules_error(build, fragment):
    with pytest.raises(hj.RulesError, match=fragment):
        build()
