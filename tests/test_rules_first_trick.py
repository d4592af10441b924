"""The first trick, sources §1.6: ``no_points_unless_forced`` (restricted sets, forced choice) and ``allowed``.

Seats are N=0, E=1, S=2, W=3 where the worked examples of §4 name them.
"""

from __future__ import annotations

import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.rules import FirstTrick, PlayContext, scoring
from hartenjagen.rules.first_trick import (
    ANYTHING,
    NO_POINTS_UNLESS_FORCED,
    AnythingOnFirstTrick,
    ForcedChoice,
    NoPointsUnlessForced,
    RestrictedCards,
)
from hartenjagen.rules.first_trick import HOOKS as FIRST_TRICK_HOOKS
from hartenjagen.rules.opening import ANY_CLUB, ELDEST_ANY, FIRST_DEUCE_FROM_ELDEST
from hartenjagen.rules.plan import declared_plan
from hartenjagen.rules.scoring import BLACK_LADY, HEARTS_ONLY, OMNIBUS, CardPoints
from helpers import MIXED_DEAL, game, legal, names, no_pass_rules, play, random_move

HEARTS = {f"{rank}H": 1 for rank in "23456789TJQKA"}
#: Black Maria: hearts 1, Q♠ 13, K♠ 10, A♠ 7 (sources §1.9 ``black_maria_43``).
BLACK_MARIA = CardPoints({**HEARTS, "QS": 13, "KS": 10, "AS": 7})
#: Argentine: Black Lady plus each jack 5, the J♥ 5 only (sources §1.9 ``argentine``).
ARGENTINE = CardPoints({**HEARTS, "QS": 13, "JC": 5, "JD": 5, "JS": 5, "JH": 5})

POSITIVE_VALUED = NoPointsUnlessForced(restricted=RestrictedCards.POSITIVE_VALUED)
HEARTS_AND_QS = NoPointsUnlessForced(restricted=RestrictedCards.HEARTS_AND_QUEEN)
FORCED_MIN_VALUE = NoPointsUnlessForced(forced=ForcedChoice.MIN_VALUE)

#: Worked example 1: S (seat 2) holds every club and leads the 2C; W (seat 3) holds the Q♠ and 2H-KH.
EXAMPLE_1 = (
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
)
W_HAND = names(EXAMPLE_1[3])

#: Worked example 3: W (seat 3) leads the 2C; N (seat 0) is void in clubs and holds JD, 4D, QS, 3H, ...
EXAMPLE_3 = (
    "JD 4D QS 3H 2D 3D 5D 6D 7D 2S 3S 4H 5H",
    "8D 9D TD QD KD AD 2H 6H 7H 8H 9H TH JH",
    "QH KH AH 4S 5S 6S 7S 8S 9S TS JS KS AS",
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
)
EXAMPLE_3_SAFE = {"2D", "3D", "4D", "5D", "6D", "7D", "JD", "2S", "3S"}

#: Seat 0 (void in clubs after the lead) holds K♠, A♠, Q♠, hearts and one diamond.
SPADE_PENALTIES = (
    "5D KS AS QS 2H 3H 4H 5H 6H 7H 8H 9H TH",
    "2D 3D 4D 6D 7D 8D 9D TD JD QD KD AD JH",
    "QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
)

#: Seat 0 leads the 2C; seat 1's only club is the J♣; seat 2 holds the J♦ and hearts only.
JACKS = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC QC KC AC 2D",
    "JC 3D 4D 5D 6D 7D 8D 9D TD QD KD AD 2S",
    "JD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "AH 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)


def test_no_points_unless_forced_is_the_default_with_positive_valued_and_forced_any():
    assert hj.Rules().first_trick == NO_POINTS_UNLESS_FORCED
    assert NO_POINTS_UNLESS_FORCED.restricted is RestrictedCards.POSITIVE_VALUED
    assert NO_POINTS_UNLESS_FORCED.forced is ForcedChoice.ANY


def test_no_points_unless_forced_keeps_hearts_and_queen_off_the_first_trick():
    state = play(game(EXAMPLE_1), "2C 2H")
    assert state.to_move == (0,)
    assert legal(state) == names(EXAMPLE_1[0])  # void in clubs: any diamond
    state = play(state, "2D")
    assert state.to_move == (1,)
    assert legal(state) == names(EXAMPLE_1[1]) - {"AH"}  # the A♥ is held back


def test_no_points_unless_forced_refuses_a_penalty_card_with_a_reason():
    state = play(game(EXAMPLE_1), "2C 2H 2D")
    with pytest.raises(hj.IllegalMoveError, match="no penalty cards on the first trick") as info:
        hj.apply(state, hj.Play(1, "AH"))
    assert info.value.code == hj.IllegalMoveCode.POINTS_ON_FIRST_TRICK


def test_no_points_unless_forced_falls_back_when_only_hearts_and_queen():
    # Worked example 1, forced_any: all 13 cards are legal, the Q♠ included.
    state = play(game(EXAMPLE_1), "2C")
    assert state.to_move == (3,)
    assert legal(state) == W_HAND
    assert len(hj.legal_moves(state)) == 13
    assert hj.is_legal(state, hj.Play(3, "QS"))


def test_forced_min_value_allows_only_the_hearts_when_only_hearts_and_queen():
    # Worked example 1, forced_min_value: only the 12 hearts.
    state = play(game(EXAMPLE_1, first_trick=FORCED_MIN_VALUE), "2C")
    assert legal(state) == W_HAND - {"QS"}
    assert len(hj.legal_moves(state)) == 12
    reason = hj.explain(state, hj.Play(3, "QS"))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.POINTS_ON_FIRST_TRICK


def test_forced_min_value_uses_the_scoring_values():
    # Argentine: the J♦ and J♥ are worth 5, the other hearts 1: a forced seat plays a 1-point heart.
    state = play(game(JACKS, scoring=ARGENTINE, first_trick=FORCED_MIN_VALUE), "2C JC")
    assert state.to_move == (2,)
    assert legal(state) == names(JACKS[2]) - {"JD", "JH"}


def test_forced_any_allows_every_restricted_card_under_the_scoring_values():
    state = play(game(JACKS, scoring=ARGENTINE), "2C JC")
    assert legal(state) == names(JACKS[2])


def test_positive_valued_allows_negative_cards_on_the_first_trick():
    # Worked example 3 (Omnibus): the J♦ and 4♦ are legal, the Q♠ and 3♥ are not.
    state = play(game(EXAMPLE_3, scoring=OMNIBUS, first_trick=POSITIVE_VALUED), "2C")
    assert state.to_move == (0,)
    assert legal(state) == EXAMPLE_3_SAFE
    assert {"JD", "4D"} <= legal(state)
    assert not {"QS", "3H"} & legal(state)


def test_hearts_and_qs_restricts_hearts_and_queen_only():
    # Worked example 3 with the literal hearts-and-Q♠ set: the same choice under Omnibus.
    state = play(game(EXAMPLE_3, scoring=OMNIBUS, first_trick=HEARTS_AND_QS), "2C")
    assert legal(state) == EXAMPLE_3_SAFE


def test_positive_valued_restricts_every_positive_card_of_the_scheme():
    # Black Maria: the K♠ (10) and A♠ (7) are penalty cards too.
    state = play(game(SPADE_PENALTIES, scoring=BLACK_MARIA, first_trick=POSITIVE_VALUED), "2C")
    assert state.to_move == (0,)
    assert legal(state) == {"5D"}


def test_hearts_and_qs_allows_other_penalty_cards_on_the_first_trick():
    state = play(game(SPADE_PENALTIES, scoring=BLACK_MARIA, first_trick=HEARTS_AND_QS), "2C")
    assert legal(state) == {"5D", "KS", "AS"}
    with pytest.raises(hj.IllegalMoveError, match="no hearts or the Q♠ on the first trick"):
        hj.apply(state, hj.Play(0, "QS"))


def test_positive_valued_under_black_lady_restricts_hearts_and_queen():
    state = play(game(SPADE_PENALTIES, scoring=BLACK_LADY), "2C")
    assert legal(state) == {"5D", "KS", "AS"}


def test_positive_valued_lets_a_zero_valued_queen_onto_the_first_trick():
    # Under hearts_only the Q♠ scores 0: it is not a penalty card, unlike under the literal hearts_and_qs.
    state = play(game(SPADE_PENALTIES, scoring=HEARTS_ONLY, first_trick=POSITIVE_VALUED), "2C")
    assert legal(state) == {"5D", "KS", "AS", "QS"}
    state = play(game(SPADE_PENALTIES, scoring=HEARTS_ONLY, first_trick=HEARTS_AND_QS), "2C")
    assert legal(state) == {"5D", "KS", "AS"}


def test_following_suit_takes_precedence_over_the_restriction():
    # Argentine: the J♣ is worth 5 but it is seat 1's only club, so it must be played.
    state = play(game(JACKS, scoring=ARGENTINE), "2C")
    assert state.to_move == (1,)
    assert legal(state) == {"JC"}


def test_restriction_filters_the_follow_suit_set():
    # A club follower holding a 5-point J♣ and other clubs plays one of the others.
    hands = (
        "2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D 6D",
        "TC JC QC 7D 8D 9D TD JD QD KD AD 2S 3S",
        "KC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AC AH 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    state = play(game(hands, scoring=ARGENTINE), "2C")
    assert legal(state) == {"TC", "QC"}


def test_no_points_unless_forced_applies_to_leader_when_lead_rule_leaves_choice():
    # lowest_club_any_club with a 2-point T♣: seat 2 may open with any club but the T♣.
    scoring = CardPoints({**HEARTS, "QS": 13, "TC": 2})
    state = game(MIXED_DEAL, opening=ANY_CLUB, scoring=scoring)
    assert legal(state) == {"2C", "8C", "9C"}
    reason = hj.explain(state, hj.Play(2, "TC"))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.POINTS_ON_FIRST_TRICK


def test_no_points_unless_forced_never_blocks_the_opening_card():
    # A scheme in which the 2♣ itself scores: the opener must still lead it.
    scoring = CardPoints({**HEARTS, "QS": 13, "2C": 1})
    state = game(MIXED_DEAL, scoring=scoring)
    assert legal(state) == {"2C"}


def test_no_points_unless_forced_applies_only_to_first_trick():
    # Seat 2 wins trick 1 with the only club played and leads again: discards are free now.
    state = play(game(EXAMPLE_1), "2C 2H 2D 2S")
    assert state.trick_number == 1
    assert state.tricks[0].winner == 2
    state = play(state, "3C")
    assert legal(state) == names(EXAMPLE_1[3]) - {"2H"}  # the Q♠ included
    state = play(state, "QS 3D")
    assert "AH" in legal(state)
    assert legal(state) == names(EXAMPLE_1[1]) - {"2S"}


def test_allowed_first_trick_has_no_restriction():
    state = play(game(EXAMPLE_1, first_trick=ANYTHING), "2C 2H 2D")
    assert legal(state) == names(EXAMPLE_1[1])  # the A♥ may be discarded
    state = play(game(EXAMPLE_3, scoring=OMNIBUS, first_trick=ANYTHING), "2C")
    assert legal(state) == names(EXAMPLE_3[0])


def test_allowed_first_trick_still_requires_following_suit_and_opening_lead():
    state = game(MIXED_DEAL, first_trick=ANYTHING)
    assert legal(state) == {"2C"}
    assert legal(play(state, "2C")) == {"JC", "QC", "KC", "AC"}


def test_openspiel_no_pts_on_first_trick_switch_uses_hearts_and_qs():
    assert hj.variants.openspiel().first_trick == HEARTS_AND_QS
    assert hj.variants.openspiel(no_pts_on_first_trick=False).first_trick == ANYTHING


# ---------------------------------------------------------------- the catalogue's scoring tables


def test_positive_valued_keeps_argentine_jacks_off_the_first_trick():
    # Worked example 3's position under scoring.ARGENTINE: the J♦ is worth 5 there, so it is held back.
    state = play(game(EXAMPLE_3, scoring=scoring.ARGENTINE), "2C")
    assert legal(state) == EXAMPLE_3_SAFE - {"JD"}
    reason = hj.explain(state, hj.Play(0, "JD"))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.POINTS_ON_FIRST_TRICK


def test_positive_valued_lets_forced_argentine_jacks_onto_the_first_trick():
    # Seat 2 holds only the J♦ and hearts: forced, it may play any of them.
    state = play(game(JACKS, scoring=scoring.ARGENTINE), "2C JC")
    assert legal(state) == names(JACKS[2])
    # Following suit comes first: seat 1's only club is the J♣.
    assert legal(play(game(JACKS, scoring=scoring.ARGENTINE), "2C")) == {"JC"}


def test_positive_valued_keeps_black_maria_spades_off_the_first_trick():
    state = play(game(SPADE_PENALTIES, scoring=scoring.BLACK_MARIA), "2C")
    assert legal(state) == {"5D"}
    for card in ("KS", "AS", "QS"):
        reason = hj.explain(state, hj.Play(0, card))
        assert reason is not None
        assert reason.code == hj.IllegalMoveCode.POINTS_ON_FIRST_TRICK


def test_positive_valued_lets_forced_black_maria_spades_onto_the_first_trick():
    # Without the 5♦ seat 0 holds only penalty cards: every one of them is legal.
    hands = (
        "2H KS AS QS 3H 4H 5H 6H 7H 8H 9H TH JH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    )
    state = play(game(hands, scoring=scoring.BLACK_MARIA), "2C")
    assert legal(state) == names(hands[0])


def test_black_maria_preset_has_no_first_trick_restriction():
    assert hj.variants.BLACK_MARIA.first_trick == ANYTHING
    state = play(game(SPADE_PENALTIES, scoring=scoring.BLACK_MARIA, first_trick=ANYTHING), "2C")
    assert legal(state) == names(SPADE_PENALTIES[0])


def test_hoemke_first_two_free_hearts_are_penalty_cards_on_the_first_trick():
    # Under hoemke_first_two_free every heart is worth 2 and the Q♠ 13; the J♦ (−10) stays playable.
    state = play(game(EXAMPLE_3, scoring=scoring.HOEMKE_FIRST_TWO_FREE), "2C")
    assert legal(state) == EXAMPLE_3_SAFE


def test_positive_valued_under_hoemke_high_hearts_lets_the_queen_through():
    # hoemke_high_hearts has no Q♠: it is not restricted (sources §2 hoemke: "under S1/S2 ...").
    state = play(game(SPADE_PENALTIES, scoring=scoring.HOEMKE_HIGH_HEARTS), "2C")
    assert legal(state) == {"5D", "KS", "AS", "QS"}


# ---------------------------------------------------------------- worked example 2

#: Worked example 2 (dealer N = 0): E (1), first from eldest with a deuce, holds only the 2♠ of
#: them and leads it; S (2) holds the Q♠ and 9♠.
EXAMPLE_2 = ("2C 2D AH KH", "2S 3D 4D 5D", "QS 9S 6D 7D", "3S 4S 8D 9D")
#: As EXAMPLE_2, but S's only spade is the Q♠.
EXAMPLE_2_QUEEN_ONLY = ("2C 2D AH KH", "2S 3D 4D 5D", "QS 6D 7D TD", "3S 9S 8D 9D")


@pytest.mark.parametrize("scheme", [scoring.OMNIBUS, scoring.HOEMKE_FIRST_TWO_FREE])
def test_spade_lead_on_trick_1_follow_suit_before_the_restriction(scheme):
    # Hoemke L3 with S3 or S4: E leads the 2♠; S holds QS and 9S -> {9S}; with the Q♠ alone -> {QS}.
    state = game(EXAMPLE_2, opening=FIRST_DEUCE_FROM_ELDEST, scoring=scheme)
    assert state.to_move == (1,)
    assert legal(state) == {"2S"}
    state = play(state, "2S")
    assert legal(state) == {"9S"}
    reason = hj.explain(state, hj.Play(2, "QS"))
    assert reason is not None
    assert reason.code == hj.IllegalMoveCode.POINTS_ON_FIRST_TRICK
    state = play(game(EXAMPLE_2_QUEEN_ONLY, opening=FIRST_DEUCE_FROM_ELDEST, scoring=scheme), "2S")
    assert legal(state) == {"QS"}


@pytest.mark.parametrize("scheme", [scoring.HEARTS_ONLY, scoring.HOEMKE_HIGH_HEARTS])
def test_spade_lead_on_trick_1_zero_valued_queen_is_unrestricted(scheme):
    # Worked example 2: under S1/S2 the Q♠ scores 0 and is unrestricted.
    state = play(game(EXAMPLE_2, opening=FIRST_DEUCE_FROM_ELDEST, scoring=scheme), "2S")
    assert legal(state) == {"QS", "9S"}


def test_eldest_any_lead_is_restricted_on_trick_1_when_there_is_a_choice():
    # The restriction applies to the leader too: eldest (seat 1) may not lead a penalty card.
    state = game(EXAMPLE_1, opening=ELDEST_ANY)
    assert state.to_move == (1,)
    assert legal(state) == names(EXAMPLE_1[1]) - {"AH"}


# ---------------------------------------------------------------- the card-level hooks


def _followed(state: hj.State) -> frozenset[hj.Card]:
    """The cards of the seat to move that following suit leaves it (its whole hand when void)."""
    (seat,) = state.to_move
    led = state.trick[0].card.suit
    hand = state.hands[seat]
    return frozenset(card for card in hand if card.suit is led) or frozenset(hand)


def test_is_restricted_says_which_cards_are_kept_off_the_first_trick():
    black_maria = hj.Rules(scoring=BLACK_MARIA)
    hearts_only = hj.Rules(scoring=HEARTS_ONLY)
    omnibus = hj.Rules(scoring=OMNIBUS)
    kept = {str(card) for card in hj.cards.ALL_CARDS if POSITIVE_VALUED.is_restricted(card, black_maria)}
    assert kept == {*HEARTS, "QS", "KS", "AS"}
    kept = {str(card) for card in hj.cards.ALL_CARDS if HEARTS_AND_QS.is_restricted(card, black_maria)}
    assert kept == {*HEARTS, "QS"}
    assert not POSITIVE_VALUED.is_restricted(hj.Card.parse("QS"), hearts_only)
    assert HEARTS_AND_QS.is_restricted(hj.Card.parse("QS"), hearts_only)
    assert not POSITIVE_VALUED.is_restricted(hj.Card.parse("JD"), omnibus)  # a bonus card is no penalty card


@pytest.mark.parametrize(
    ("module", "scheme", "hands", "moves", "expected"),
    [
        (NO_POINTS_UNLESS_FORCED, BLACK_LADY, EXAMPLE_1, "2C 2H 2D", names(EXAMPLE_1[1]) - {"AH"}),
        (NO_POINTS_UNLESS_FORCED, BLACK_LADY, EXAMPLE_1, "2C", W_HAND),
        (FORCED_MIN_VALUE, BLACK_LADY, EXAMPLE_1, "2C", W_HAND - {"QS"}),
        (FORCED_MIN_VALUE, ARGENTINE, JACKS, "2C JC", names(JACKS[2]) - {"JD", "JH"}),
        (POSITIVE_VALUED, OMNIBUS, EXAMPLE_3, "2C", EXAMPLE_3_SAFE),
        (HEARTS_AND_QS, BLACK_MARIA, SPADE_PENALTIES, "2C", {"5D", "KS", "AS"}),
        (POSITIVE_VALUED, BLACK_MARIA, SPADE_PENALTIES, "2C", {"5D"}),
        (ANYTHING, OMNIBUS, EXAMPLE_3, "2C", names(EXAMPLE_3[0])),
    ],
)
def test_playable_on_cards_is_what_the_engine_allows(module, scheme, hands, moves, expected):
    state = play(game(hands, scoring=scheme, first_trick=module), moves)
    context = PlayContext.of(state, allowed=_followed(state))
    assert context.trick_number == 1
    assert names(module.playable(context)) == expected == legal(state)


def test_playable_on_cards_of_the_first_lead():
    # lowest_club_any_club with a 2-point T♣: the opening allows every club, the first-trick rule not the T♣.
    scheme = CardPoints({**HEARTS, "QS": 13, "TC": 2})
    state = game(MIXED_DEAL, opening=ANY_CLUB, scoring=scheme)
    lead = PlayContext.of(state, allowed=state.hands[2])
    assert lead.leading
    clubs = frozenset(ANY_CLUB.playable(lead))  # the opening comes first ...
    assert names(clubs) == {"2C", "8C", "9C", "TC"}
    context = PlayContext.of(state, allowed=clubs)  # ... then the first-trick rule
    assert names(NO_POINTS_UNLESS_FORCED.playable(context)) == {"2C", "8C", "9C"} == legal(state)


# ---------------------------------------------------------------- a subclass of a built-in rule


@attrs.frozen(repr=False)
class OwnNoPoints(NoPointsUnlessForced):
    """The built-in rule with ``is_restricted`` written again, saying the same."""

    def is_restricted(self, card: hj.Card, rules: hj.Rules) -> bool:
        return super().is_restricted(card, rules)


@attrs.frozen(repr=False)
class OwnNoPointsPlayable(NoPointsUnlessForced):
    """The built-in rule with ``playable`` written again, saying the same."""

    def playable(self, context: PlayContext):
        return super().playable(context)


@attrs.frozen(repr=False)
class OwnAnything(AnythingOnFirstTrick):
    """No restriction on trick one, with ``playable`` written again."""

    def playable(self, context: PlayContext):
        return set(context.allowed)


def _plays_alike(first: hj.State, second: hj.State, seed: int) -> None:
    """Play one hand at random in both games with the same moves; every position allows and refuses alike."""
    rng = random.Random(seed)
    assert first.hands == second.hands
    hand_index = first.hand_index
    while first.hand_index == hand_index and first.phase is hj.Phase.PLAYING:
        assert hj.legal_moves(first) == hj.legal_moves(second)
        (seat,) = first.to_move
        for card in first.hands[seat]:
            assert hj.explain(first, hj.Play(seat, card)) == hj.explain(second, hj.Play(seat, card))
        move = random_move(first, rng)
        first, second = hj.apply(first, move), hj.apply(second, move)
    assert first.hand_index == hand_index + 1  # the hand was played out
    assert first.score_sheet == second.score_sheet


@attrs.frozen(repr=False)
class Lenient(NoPointsUnlessForced):
    """A rule of one's own that restricts nothing: the engine asks it, not the plan of its base."""

    def is_restricted(self, card: hj.Card, rules: hj.Rules) -> bool:
        return False


def test_a_subclass_of_a_built_in_rule_is_asked_by_the_engine():
    state = play(game(EXAMPLE_1, first_trick=Lenient()), "2C 2H 2D")
    assert legal(state) == names(EXAMPLE_1[1])  # the A♥ is no longer held back
    assert legal(play(game(EXAMPLE_1), "2C 2H 2D")) == names(EXAMPLE_1[1]) - {"AH"}


@pytest.mark.parametrize(
    ("built_in", "own"),
    [
        (NO_POINTS_UNLESS_FORCED, OwnNoPoints()),
        (HEARTS_AND_QS, OwnNoPoints(restricted=RestrictedCards.HEARTS_AND_QUEEN)),
        (FORCED_MIN_VALUE, OwnNoPoints(forced=ForcedChoice.MIN_VALUE)),
        (FORCED_MIN_VALUE, OwnNoPointsPlayable(forced=ForcedChoice.MIN_VALUE)),
        (ANYTHING, OwnAnything()),
    ],
    ids=repr,
)
def test_a_subclass_overriding_a_hook_loses_the_plan_and_plays_like_the_built_in(built_in, own):
    assert declared_plan(built_in, FirstTrick, FIRST_TRICK_HOOKS) == built_in.plan() is not None
    assert declared_plan(own, FirstTrick, FIRST_TRICK_HOOKS) is None  # the core calls its hooks
    assert own.refusal(hj.Rules()) == built_in.refusal(hj.Rules())
    for scheme in (BLACK_LADY, ARGENTINE, OMNIBUS, scoring.HOEMKE_FIRST_TWO_FREE):
        for hands in (EXAMPLE_1, EXAMPLE_3, SPADE_PENALTIES, JACKS):
            for seed in range(2):
                _plays_alike(
                    game(hands, scoring=scheme, first_trick=built_in),
                    game(hands, scoring=scheme, first_trick=own),
                    seed,
                )
        for seed in range(4):
            rules = no_pass_rules(scoring=scheme, first_trick=built_in, opening=ELDEST_ANY)
            mine = attrs.evolve(rules, first_trick=own)
            _plays_alike(hj.new_game(rules, seed=seed), hj.new_game(mine, seed=seed), seed)
