"""The opening lead, sources §1.5 ``first_lead``: every option (``lowest_club`` with each pack,
``lowest_club_any_club``, ``eldest_lowest_non_heart``, ``eldest_lowest_of_chosen_suit``,
``first_deuce_from_eldest``, ``show_2c_lead_safe``, ``eldest_any``), worked examples 2, 3 (second
part), 17 and 18, and the deuce-lead conflicts with packs that lack the deuces.
"""

from __future__ import annotations

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.rules import Opening, OpeningContext, PlayContext
from hartenjagen.rules.deck import (
    DOUBLE_DECK_6,
    MINUS_2C_3P,
    MINUS_2D_2C_5P,
    MINUS_3C_2D_5P,
    PIQUET32,
    SinglePack,
)
from hartenjagen.rules.first_trick import ANYTHING
from hartenjagen.rules.opening import (
    ANY_CLUB,
    ELDEST_ANY,
    ELDEST_LOWEST_NON_HEART,
    ELDEST_LOWEST_OF_CHOSEN_SUIT,
    FIRST_DEUCE_FROM_ELDEST,
    LOWEST_CLUB,
    SHOW_TWO_OF_CLUBS_LEAD_SAFE,
    lowest_club,
)
from hartenjagen.rules.opening import HOOKS as OPENING_HOOKS
from hartenjagen.rules.passing import LEFT_RIGHT_ACROSS_HOLD, NO_PASSING
from hartenjagen.rules.plan import declared_plan
from helpers import MIXED_DEAL, fill_deal, game, legal, names, no_pass_rules, play


def _holder(state: hj.State, text: str) -> int:
    card = hj.Card.parse(text)
    (seat,) = [seat for seat, hand in enumerate(state.hands) if card in hand]
    return seat


def test_lowest_club_is_the_default_opening():
    assert hj.Rules().opening == LOWEST_CLUB
    assert hj.variants.STANDARD.opening is LOWEST_CLUB


def test_lowest_club_holder_must_lead_two_of_clubs():
    state = game(MIXED_DEAL)
    assert state.phase is hj.Phase.PLAYING
    assert state.to_move == (2,)
    assert state.trick_leader == 2
    assert legal(state) == {"2C"}


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_lowest_club_holder_leads_whoever_deals(dealer):
    state = game(MIXED_DEAL, dealer=dealer)
    assert state.dealer == dealer
    assert state.eldest == (dealer + 1) % 4
    assert state.to_move == (2,)
    assert legal(state) == {"2C"}


@pytest.mark.parametrize("seed", range(8))
def test_lowest_club_holder_leads_in_shuffled_deals(seed):
    state = hj.new_game(no_pass_rules(), seed=seed)
    assert state.to_move == (_holder(state, "2C"),)
    assert [str(m) for m in hj.legal_moves(state)] == [f"play {_holder(state, '2C')} 2C"]


def test_lowest_club_refuses_any_other_first_lead():
    state = game(MIXED_DEAL)
    reason = hj.explain(state, hj.Play(2, "8C"))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.MUST_LEAD_OPENING_CARD
    assert "must be opened with the 2♣" in reason.message


def test_lowest_club_is_three_of_clubs_when_two_is_removed():
    rules = no_pass_rules(deck=SinglePack(players=3, removed=["2C"]))
    assert str(lowest_club(rules)) == "3C"
    for seed in range(4):
        state = hj.new_game(rules, seed=seed)
        assert state.to_move == (_holder(state, "3C"),)
        assert legal(state) == {"3C"}


def test_lowest_club_is_three_of_clubs_with_five_players_minus_two_of_diamonds_and_clubs():
    state = hj.new_game(no_pass_rules(deck=SinglePack(players=5, removed=["2D", "2C"])), seed=3)
    assert state.to_move == (_holder(state, "3C"),)
    assert legal(state) == {"3C"}
    assert hj.explain(state, hj.Play(state.to_move[0], "3C")) is None


def test_lowest_club_is_seven_of_clubs_in_piquet_pack():
    rules = no_pass_rules(deck=SinglePack(lowest_rank=hj.Rank.SEVEN))
    assert lowest_club(rules) == hj.Card.parse("7C")
    state = hj.new_game(rules, seed=5)
    assert state.to_move == (_holder(state, "7C"),)
    assert legal(state) == {"7C"}
    seat = state.to_move[0]
    other = next(card for card in state.hands[seat] if str(card) != "7C")
    reason = hj.explain(state, hj.Play(seat, other))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.MUST_LEAD_OPENING_CARD
    assert "the 7♣" in reason.message


def test_lowest_club_is_led_by_the_seat_it_is_dealt_to_in_a_small_pack():
    state = game(["AC KD", "4C 2D", "QH 3D", "5C 2H"])
    assert str(lowest_club(state.rules)) == "4C"
    assert state.to_move == (1,)
    assert legal(state) == {"4C"}


def test_first_trick_continues_clockwise_from_the_opener():
    state = play(game(MIXED_DEAL), "2C")
    assert state.to_move == (3,)
    assert legal(state) == {"JC", "QC", "KC", "AC"}
    state = play(state, "JC")
    assert state.to_move == (0,)
    assert legal(state) == {"3C", "4C"}


def test_lowest_club_any_club_lets_the_holder_lead_any_club():
    state = game(MIXED_DEAL, opening=ANY_CLUB)
    assert state.to_move == (2,)
    assert legal(state) == {"2C", "8C", "9C", "TC"}


def test_lowest_club_any_club_leader_is_the_lowest_club_holder():
    # Seat 1 is eldest and holds three clubs; seat 3 holds the most clubs; seat 2 holds the 2C.
    for dealer in range(4):
        assert game(MIXED_DEAL, dealer=dealer, opening=ANY_CLUB).to_move == (2,)


def test_lowest_club_any_club_refuses_a_non_club_lead():
    state = game(MIXED_DEAL, opening=ANY_CLUB)
    with pytest.raises(hj.IllegalMoveError, match="must be opened with a club") as info:
        hj.apply(state, hj.Play(2, "JD"))
    assert info.value.code == hj.IllegalMoveCode.MUST_LEAD_OPENING_CARD


def test_lowest_club_any_club_opener_may_keep_the_two_of_clubs():
    state = play(game(MIXED_DEAL, opening=ANY_CLUB), "TC")
    assert state.trick[0] == hj.Play(2, "TC")
    assert "2C" in {str(c) for c in state.hands[2]}
    # the trick is then played as any other
    assert legal(state) == {"JC", "QC", "KC", "AC"}


def test_openspiel_can_lead_any_club_switch_selects_lowest_club_any_club():
    assert hj.variants.openspiel(can_lead_any_club=True).opening == ANY_CLUB
    assert hj.variants.openspiel().opening == LOWEST_CLUB


def test_opening_rules_need_a_club_in_the_pack():
    clubless = SinglePack(lowest_rank=hj.Rank.SEVEN, removed=[f"{r}C" for r in "789TJQKA"])
    for opening in (LOWEST_CLUB, ANY_CLUB):
        with pytest.raises(hj.RulesError) as info:
            no_pass_rules(deck=clubless, opening=opening)
        assert f"opening {opening!r}" in str(info.value)
        assert "deck SinglePack(" in str(info.value)


# ---------------------------------------------------------------- eldest leads the lowest non-heart

#: Worked example 18: eldest (seat 1 when seat 0 deals) holds 3D, 3S, 5C, 2H, ...
EXAMPLE_18 = "3D 3S 5C 2H 9C TD JS 4H 8H 6D 7S KC AD"
ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"


def _deal(rules: hj.Rules, fixed: dict[int, str], *, dealer: int = 0) -> hj.State:
    return hj.new_game(rules, deal=fill_deal(rules, fixed), dealer=dealer)


def _refusal(state: hj.State, card: str) -> str:
    reason = hj.explain(state, hj.Play(state.to_move[0], card))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.MUST_LEAD_OPENING_CARD
    return reason.message


def test_eldest_lowest_non_heart_is_hoemke_l1():
    assert hj.variants.hoemke(1, 1, 1, 1).opening == ELDEST_LOWEST_NON_HEART
    assert hj.variants.hoemke(1, 2, 1, 1).opening == LOWEST_CLUB
    assert hj.variants.hoemke(1, 3, 1, 1).opening == FIRST_DEUCE_FROM_ELDEST
    assert hj.variants.hoemke(1, 4, 1, 1).opening == SHOW_TWO_OF_CLUBS_LEAD_SAFE


@pytest.mark.parametrize("scoring", [1, 2, 3, 4])
def test_eldest_lowest_non_heart_worked_example_18(scoring):
    state = _deal(hj.variants.hoemke(1, 1, 2, scoring), {1: EXAMPLE_18})
    assert state.phase is hj.Phase.PLAYING
    assert state.to_move == (1,)
    assert legal(state) == {"3D", "3S"}
    assert "lowest card that is not a heart" in _refusal(state, "2H")
    _refusal(state, "5C")
    assert play(state, "3S").trick == (hj.Play(1, "3S"),)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_eldest_lowest_non_heart_leader_is_eldest_not_the_two_of_clubs_holder(dealer):
    eldest = (dealer + 1) % 4
    state = _deal(hj.variants.hoemke(1, 1, 2, 3), {eldest: EXAMPLE_18}, dealer=dealer)
    assert hj.Card("2C") not in state.hands[eldest]
    assert state.to_move == (eldest,)
    assert legal(state) == {"3D", "3S"}


def test_eldest_lowest_non_heart_with_only_hearts_leads_the_lowest_heart():
    state = _deal(hj.variants.hoemke(1, 1, 2, 3), {1: ALL_HEARTS})
    assert legal(state) == {"2H"}
    assert hj.explain(state, hj.Play(1, "3H")) is not None


def test_eldest_lowest_non_heart_ties_across_three_suits():
    state = _deal(hj.variants.hoemke(1, 1, 2, 1), {1: "4C 4D 4S 5C 9D KS 2H 3H AH JC JD JS TS"})
    assert legal(state) == {"4C", "4D", "4S"}


def test_eldest_lowest_non_heart_queen_of_spades_as_the_only_choice_is_led():
    # Hearts and the Q♠, K♠, A♠: the lowest non-heart is the Q♠, a penalty card under S3, but the
    # lead rule leaves no other card, so the first-trick rule does not take it away (§1.15).
    hand = "QS KS AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH"
    assert legal(_deal(hj.variants.hoemke(1, 1, 2, 3), {1: hand})) == {"QS"}


# ---------------------------------------------------------------- eldest leads the lowest of a chosen suit


def test_eldest_lowest_of_chosen_suit_offers_the_lowest_card_of_each_non_heart_suit():
    rules = no_pass_rules(opening=ELDEST_LOWEST_OF_CHOSEN_SUIT)
    state = _deal(rules, {1: EXAMPLE_18})
    assert state.to_move == (1,)
    assert legal(state) == {"5C", "3D", "3S"}
    assert "lowest card of a suit other than hearts" in _refusal(state, "9C")
    _refusal(state, "2H")


def test_eldest_lowest_of_chosen_suit_without_a_suit_offers_the_others():
    rules = no_pass_rules(opening=ELDEST_LOWEST_OF_CHOSEN_SUIT)
    hand = "9D 5D KD 3S 4S 2H 3H 4H 5H 6H 7H 8H 9H"  # no clubs
    assert legal(_deal(rules, {1: hand})) == {"5D", "3S"}


def test_eldest_lowest_of_chosen_suit_with_only_hearts_leads_the_lowest_heart():
    rules = no_pass_rules(opening=ELDEST_LOWEST_OF_CHOSEN_SUIT)
    assert legal(_deal(rules, {1: ALL_HEARTS})) == {"2H"}


def test_eldest_lowest_of_chosen_suit_first_trick_rule_removes_a_lowest_queen():
    # The lowest spade is the Q♠: the first-trick rule takes it away while other choices remain.
    rules = no_pass_rules(opening=ELDEST_LOWEST_OF_CHOSEN_SUIT)
    hand = "QS KS AS 7C 9C 8D 2H 3H 4H 5H 6H 7H 8H"
    assert legal(_deal(rules, {1: hand})) == {"7C", "8D"}
    relaxed = no_pass_rules(opening=ELDEST_LOWEST_OF_CHOSEN_SUIT, first_trick=ANYTHING)
    assert legal(_deal(relaxed, {1: hand})) == {"7C", "8D", "QS"}


# ---------------------------------------------------------------- the first deuce from eldest

#: Worked example 17, dealer 0: seat 1 has no 2C, 2D or 2S; seat 2 has the 2D and 2S.
EXAMPLE_17_SEAT_1 = "3C 4C 5C 6C 3D 4D 5D 3S 4S 5S 2H 3H 4H"
EXAMPLE_17_SEAT_2 = "2D 2S 7C 8C 6D 7D 6S 7S 8S 5H 6H 7H 8H"


@pytest.mark.parametrize("two_of_clubs", [0, 3])
def test_first_deuce_from_eldest_worked_example_17(two_of_clubs):
    rules = hj.variants.hoemke(1, 3, 2, 3)
    fixed = {1: EXAMPLE_17_SEAT_1, 2: EXAMPLE_17_SEAT_2, two_of_clubs: "2C"}
    state = _deal(rules, fixed, dealer=0)
    assert state.to_move == (2,)
    assert legal(state) == {"2D", "2S"}
    assert "two of clubs, diamonds or spades" in _refusal(state, "7C")
    assert play(state, "2S").trick == (hj.Play(2, "2S"),)
    assert play(_deal(rules, fixed, dealer=0), "2D").to_move == (3,)


def test_first_deuce_from_eldest_eldest_with_a_deuce_leads():
    rules = hj.variants.hoemke(1, 3, 2, 3)
    state = _deal(rules, {1: "2C 2S", 3: "2D"}, dealer=0)
    assert state.to_move == (1,)
    assert legal(state) == {"2C", "2S"}


def test_first_deuce_from_eldest_scans_clockwise_round_the_table():
    rules = hj.variants.hoemke(1, 3, 2, 3)
    # dealer 2: eldest 3 has no deuce, seat 0 holds the 2C, seat 1 the 2D and 2S
    state = _deal(rules, {3: EXAMPLE_17_SEAT_1, 0: "2C", 1: "2D 2S"}, dealer=2)
    assert state.to_move == (0,)
    assert legal(state) == {"2C"}


def test_first_deuce_from_eldest_dealer_is_scanned_last():
    state = _deal(hj.variants.hoemke(1, 3, 2, 3), {0: "2C 2D 2S"}, dealer=0)
    assert state.to_move == (0,)
    assert legal(state) == {"2C", "2D", "2S"}


def test_first_deuce_from_eldest_with_the_2d_and_2c_out_leads_the_2s():
    rules = no_pass_rules(deck=MINUS_2D_2C_5P, opening=FIRST_DEUCE_FROM_ELDEST)
    state = _deal(rules, {3: "2S"}, dealer=0)
    assert state.to_move == (3,)
    assert legal(state) == {"2S"}


#: Worked example 2, dealer N (0): E (1) is eldest and holds only the 2S of the deuces; S (2)
#: holds the Q♠ and 9♠; W (3) holds the 2C and 2D.
EXAMPLE_2 = [
    "3S 4S 5S 6S 7S 8S TS JS KS AS QH KH AH",
    "2S 3C 4C 5C 6C 7C 8C 3D 4D 5D 6D 7D 8D",
    "QS 9S 9C TC JC QC KC AC 9D TD JD QD KD",
    "2C 2D AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
]
#: The same, but S's only spade is the Q♠ (S and N swap the 9♠ and Q♥).
EXAMPLE_2_QUEEN_ONLY = [
    "3S 4S 5S 6S 7S 8S 9S TS JS KS AS KH AH",
    EXAMPLE_2[1],
    "QS QH 9C TC JC QC KC AC 9D TD JD QD KD",
    EXAMPLE_2[3],
]


@pytest.mark.parametrize(
    ("scoring", "expected"), [(3, {"9S"}), (4, {"9S"}), (1, {"9S", "QS"}), (2, {"9S", "QS"})]
)
def test_first_deuce_worked_example_2_spade_lead_on_trick_one(scoring, expected):
    state = hj.new_game(hj.variants.hoemke(1, 3, 2, scoring), deal=EXAMPLE_2, dealer=0)
    assert state.to_move == (1,)
    assert legal(state) == {"2S"}
    state = play(state, "2S")
    assert state.to_move == (2,)
    assert legal(state) == expected


@pytest.mark.parametrize("scoring", [1, 2, 3, 4])
def test_first_deuce_worked_example_2_only_spade_queen_must_follow(scoring):
    state = hj.new_game(hj.variants.hoemke(1, 3, 2, scoring), deal=EXAMPLE_2_QUEEN_ONLY, dealer=0)
    state = play(state, "2S")
    assert legal(state) == {"QS"}


# ---------------------------------------------------------------- show the 2C, lead a safe card

#: Worked example 3, second part: the 2C holder holds {2C, JD, 9S, 4H, ...}; the rest is the Q♠ and hearts.
EXAMPLE_3 = "2C JD 9S QS 2H 3H 4H 5H 6H 7H 8H 9H TH"


@pytest.mark.parametrize("dealer", [0, 2, 3])
def test_show_two_of_clubs_lead_safe_worked_example_3(dealer):
    state = _deal(hj.variants.hoemke(1, 4, 2, 3), {2: EXAMPLE_3}, dealer=dealer)
    assert state.to_move == (2,)
    assert legal(state) == {"2C", "9S"}
    assert "worth no points" in _refusal(state, "JD")
    _refusal(state, "4H")
    _refusal(state, "QS")
    assert play(state, "9S").trick == (hj.Play(2, "9S"),)


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [(1, {"2C", "JD", "9S", "QS"}), (2, {"2C", "JD", "9S", "QS"}), (3, {"2C", "9S"}), (4, {"2C", "9S"})],
)
def test_show_two_of_clubs_lead_safe_follows_the_scoring(scoring, expected):
    state = _deal(hj.variants.hoemke(1, 4, 2, scoring), {2: EXAMPLE_3})
    assert legal(state) == expected


def test_show_two_of_clubs_lead_safe_leader_need_not_lead_the_two_of_clubs():
    state = _deal(hj.variants.hoemke(1, 4, 2, 3), {2: "2C 3C 9C 4D KD 5S 6S AS " + "2H 3H 4H 5H 6H"})
    assert legal(state) == {"2C", "3C", "9C", "4D", "KD", "5S", "6S", "AS"}


# ---------------------------------------------------------------- eldest leads anything


def test_eldest_any_leads_any_card_including_penalty_cards():
    rules = no_pass_rules(opening=ELDEST_ANY, first_trick=ANYTHING)
    hand = "QS 2H AH 3C 9D KS JC 5H 7D 8S 4C TD 6H"
    for dealer in range(4):
        eldest = (dealer + 1) % 4
        state = _deal(rules, {eldest: hand}, dealer=dealer)
        assert state.to_move == (eldest,)
        assert legal(state) == names(hand)


def test_eldest_any_is_still_narrowed_by_the_first_trick_rule():
    hand = "QS 2H AH 3C 9D KS JC 5H 7D 8S 4C TD 6H"
    state = _deal(no_pass_rules(opening=ELDEST_ANY), {1: hand})
    assert legal(state) == names(hand) - names("QS 2H AH 5H 6H")
    reason = hj.explain(state, hj.Play(1, "QS"))
    assert reason.code == hj.IllegalMoveCode.POINTS_ON_FIRST_TRICK
    forced = "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    assert legal(_deal(no_pass_rules(opening=ELDEST_ANY), {1: forced})) == names(forced)


def test_eldest_any_dutch_eldest_leads_any_of_eight_cards():
    state = hj.new_game(hj.variants.DUTCH, seed=4, dealer=2)
    assert state.to_move == (3,)
    assert legal(state) == {str(card) for card in state.hands[3]}
    assert len(legal(state)) == 8


# ---------------------------------------------------------------- the lowest club with other packs


def test_lowest_club_leads_seven_of_clubs_in_dutch_with_lowest_club_opening():
    rules = attrs.evolve(hj.variants.DUTCH, opening=LOWEST_CLUB)
    state = _deal(rules, {2: "7C"}, dealer=0)
    assert state.to_move == (2,)
    assert legal(state) == {"7C"}
    assert "the 7♣" in _refusal(state, str(state.hands[2][1]))


def test_lowest_club_leads_three_of_clubs_with_five_players():
    rules = attrs.evolve(hj.variants.FIVE_PLAYERS, passing=NO_PASSING)
    assert rules.deck == MINUS_2D_2C_5P
    for dealer in (0, 3):
        state = _deal(rules, {4: "3C"}, dealer=dealer)
        assert state.to_move == (4,)
        assert legal(state) == {"3C"}
        assert "the 3♣" in _refusal(state, str(state.hands[4][1]))


def test_lowest_club_leads_two_of_clubs_with_five_players_minus_3c_and_2d():
    rules = no_pass_rules(deck=MINUS_3C_2D_5P)
    state = _deal(rules, {1: "2C"})
    assert state.to_move == (1,)
    assert legal(state) == {"2C"}


# ---------------------------------------------------------------- validation


@pytest.mark.parametrize("opening", [FIRST_DEUCE_FROM_ELDEST, SHOW_TWO_OF_CLUBS_LEAD_SAFE])
def test_deuce_lead_with_the_piquet_pack_names_both_modules(opening):
    with pytest.raises(hj.RulesError) as info:
        no_pass_rules(deck=PIQUET32, opening=opening)
    message = str(info.value)
    assert f"opening {opening!r}" in message
    assert f"deck {PIQUET32!r}" in message


def test_first_deuce_needs_one_of_the_three_deuces():
    no_deuces = SinglePack(removed=["2C", "2D", "2S", "2H"])
    with pytest.raises(hj.RulesError, match=r"leads a deuce, but deck .* has no 2♣, 2♦ or 2♠"):
        no_pass_rules(deck=no_deuces, opening=FIRST_DEUCE_FROM_ELDEST)
    assert no_pass_rules(deck=MINUS_2C_3P, opening=FIRST_DEUCE_FROM_ELDEST).opening == FIRST_DEUCE_FROM_ELDEST


def test_show_two_of_clubs_needs_the_two_of_clubs():
    with pytest.raises(hj.RulesError, match="needs the 2♣") as info:
        no_pass_rules(deck=MINUS_2C_3P, opening=SHOW_TWO_OF_CLUBS_LEAD_SAFE)
    assert f"deck {MINUS_2C_3P!r}" in str(info.value)


@pytest.mark.parametrize(
    "opening", [ELDEST_LOWEST_NON_HEART, ELDEST_LOWEST_OF_CHOSEN_SUIT, ELDEST_ANY], ids=repr
)
def test_eldest_openings_work_with_any_pack(opening):
    rules = no_pass_rules(deck=PIQUET32, opening=opening)
    state = hj.new_game(rules, seed=1, dealer=3)
    assert state.to_move == (0,)
    assert legal(state)


# ---------------------------------------------------------------- the card-level hooks and the plans

BUILT_IN_OPENINGS = (
    LOWEST_CLUB,
    ANY_CLUB,
    ELDEST_LOWEST_NON_HEART,
    ELDEST_LOWEST_OF_CHOSEN_SUIT,
    FIRST_DEUCE_FROM_ELDEST,
    SHOW_TWO_OF_CLUBS_LEAD_SAFE,
    ELDEST_ANY,
)


def _first_leads(rules: hj.Rules) -> list[hj.State]:
    """States at the first lead: shuffled deals and the edge hands above, after the exchange if the rules pass."""
    states = [hj.new_game(rules, seed=seed, dealer=seed % 4) for seed in range(16)]
    if rules.deck == hj.rules.deck.STD52:
        for hand in (EXAMPLE_18, ALL_HEARTS, EXAMPLE_3, EXAMPLE_17_SEAT_2, "QS KS AS " + ALL_HEARTS[9:]):
            states.append(_deal(rules, {1: hand}))
    out = []
    for index, state in enumerate(states):
        while state.phase is hj.Phase.PASSING:
            state = hj.apply(state, hj.legal_moves(state)[index])
        out.append(state)
    return out


@pytest.mark.parametrize("passing", [NO_PASSING, LEFT_RIGHT_ACROSS_HOLD], ids=["no_passing", "l_r_a_h"])
@pytest.mark.parametrize("opening", BUILT_IN_OPENINGS, ids=repr)
def test_built_in_openings_card_hooks_agree_with_their_plans(opening, passing):
    # The engine reads a built-in opening's plan; its leader and playable say the same on cards.
    rules = hj.Rules(opening=opening, passing=passing, first_trick=ANYTHING)
    assert declared_plan(opening, Opening, OPENING_HOOKS) == opening.plan() is not None
    for state in _first_leads(rules):
        context = OpeningContext.of(state)
        assert (context.hands, context.dealer, context.eldest) == (state.hands, state.dealer, state.eldest)
        (leader,) = state.to_move
        assert opening.leader(context) == leader
        declared = opening.leader_cards(rules)
        if declared:
            assert context.nearest_holder(declared) == leader
        else:
            assert leader == context.eldest
        lead = PlayContext.of(state, allowed=state.hands[leader])
        assert (lead.seat, lead.leading, lead.trick_number, lead.tricks) == (leader, True, 1, ())
        playable = set(opening.playable(lead)) or set(state.hands[leader])  # none of them: any card
        assert names(playable) == legal(state)
        for card in set(state.hands[leader]) - playable:
            reason = hj.explain(state, hj.Play(leader, card))
            assert reason.code == hj.IllegalMoveCode.MUST_LEAD_OPENING_CARD
            assert reason.message == f"{card.symbol} may not be played: {opening.refusal(rules)}"


@attrs.frozen
class SevenOfDiamondsLeads(Opening):
    """The holder of the 7♦ leads the first trick, and may lead any card (docs/writing-rules.md)."""

    def leader_cards(self, rules: hj.Rules) -> tuple[hj.Card, ...]:
        return (hj.Card.parse("7D"),)


@pytest.mark.parametrize("dealer", range(4))
def test_an_opening_declaring_only_leader_cards_leads_from_their_holder(dealer):
    opening = SevenOfDiamondsLeads()
    assert opening.plan() is None
    assert declared_plan(opening, Opening, OPENING_HOOKS) is None
    rules = no_pass_rules(opening=opening, first_trick=ANYTHING)
    state = _deal(rules, {3: "7D QS 2H", 1: "2C"}, dealer=dealer)
    assert state.to_move == (3,)
    assert legal(state) == names(state.hands[3])  # any first lead, penalty cards included
    assert opening.leader(OpeningContext.of(state)) == 3
    # Under the default first-trick rule the penalty cards wait, as after any other first leader.
    state = _deal(no_pass_rules(opening=opening), {3: "7D QS 2H", 1: "2C"}, dealer=dealer)
    assert state.to_move == (3,)
    assert legal(state) == names(state.hands[3]) - {"QS"} - {f"{r}H" for r in "23456789TJQKA"}


@pytest.mark.parametrize(("dealer", "leader"), [(0, 1), (1, 4), (2, 4), (3, 4), (4, 1), (5, 1)])
def test_an_opening_declaring_leader_cards_leads_from_the_holder_nearest_eldest(dealer, leader):
    # A double deck holds the 7♦ twice: the holder first clockwise from eldest leads.
    rules = no_pass_rules(deck=DOUBLE_DECK_6, opening=SevenOfDiamondsLeads(), first_trick=ANYTHING)
    state = _deal(rules, {1: "7D", 4: "7D"}, dealer=dealer)
    assert state.to_move == (leader,)
    context = OpeningContext.of(state)
    assert context.nearest_holder([hj.Card.parse("7D")]) == leader
    assert SevenOfDiamondsLeads().leader(context) == leader
    assert legal(state) == names(state.hands[leader])
