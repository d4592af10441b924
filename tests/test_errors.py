"""Errors (STYLE.md point 5): every ``IllegalMoveCode`` through ``apply``, ``explain`` and ``is_legal``
(plays, passes, announcements and moon choices); ``SetupError`` for bad ``new_game`` arguments;
``MoveError`` and ``CardParseError`` for bad move values;
``RulesError`` for bad slots and module settings. Every error is a ``ValueError``.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.rules.context import PlayContext
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.ending import SINGLE_HAND, Countdown, FixedDeals, ScoreLimit, TwoHalves
from hartenjagen.rules.extras import MUST_DROP_QUEEN, HouseRule, Miezen, NoTricksBonus, RevokePenalty
from hartenjagen.rules.first_trick import NoPointsUnlessForced
from hartenjagen.rules.leading import HeartsAfterBroken, HeartsAfterTricks
from hartenjagen.rules.moon import SHOOTER_CHOICE, OthersPlus, ShooterChoice
from hartenjagen.rules.passing import PASS_FOUR_RETURN_ONE, PASS_TO_DEALER, PassCycle
from hartenjagen.rules.scoring import CardPoints, spot_hearts
from helpers import MIXED_DEAL, ONE_SUIT_EACH, game, play, play_out

Code = hj.IllegalMoveCode

#: Trick 1 all clubs ("2C 3C 4C AC"); seat 0 then leads from 5D KD 7H with hearts unbroken.
UNBROKEN = ("AC 5D KD 7H", "2C 2D 3D 4D", "3C 6D 7D 8D", "4C 2H 3H 4H")
#: Seat 2 holds every club and leads the 2C; seat 1 holds the A♥ and twelve spades.
EXAMPLE_1 = (
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
)


def passing() -> hj.State:
    """MIXED_DEAL with the default rules: everyone is to pass three cards left."""
    return hj.new_game(hj.Rules(), deal=list(MIXED_DEAL))


def passed_by_seat_0() -> hj.State:
    return hj.apply(passing(), hj.Pass(0, "4H 5H 3S"))


def opening() -> hj.State:
    """MIXED_DEAL without passing: seat 2 must lead the 2C."""
    return game(MIXED_DEAL)


def after_two_of_clubs() -> hj.State:
    return play(opening(), "2C")


def game_over() -> hj.State:
    return play_out(game(ONE_SUIT_EACH, ending=SINGLE_HAND))


def dealing() -> hj.State:
    """A game with explicit chance waiting for its deal; the 2♣ went to seat 1 already."""
    return hj.apply(hj.new_game(hj.Rules(), chance="explicit"), hj.DealCard("2C"))


def drawing_direction() -> hj.State:
    """OpenSpiel's rules with explicit chance: the deal is in, the pass direction is drawn next."""
    return hj.apply(hj.new_game(hj.variants.OPENSPIEL, chance="explicit"), hj.Deal(ONE_SUIT_EACH))


def cutting() -> hj.State:
    return hj.new_game(hj.Rules(), chance="explicit", dealer="cut")


def pooling() -> hj.State:
    """Every seat has given 2C 3C 4C / 2D 3D 4D ... to the dealer, who is to shuffle and deal them back."""
    rules = attrs.evolve(hj.Rules(), passing=PASS_TO_DEALER)
    state = hj.new_game(rules, chance="explicit", deal=list(ONE_SUIT_EACH))
    for seat in range(4):
        state = hj.apply(state, hj.Pass(seat, state.hands[seat][:3]))
    return state


def hearts_unbroken_lead() -> hj.State:
    return play(game(UNBROKEN), "2C 3C 4C AC")


def first_trick_discard() -> hj.State:
    return play(game(EXAMPLE_1), "2C 2H 2D")


def returning() -> hj.State:
    """MIXED_DEAL, pass four left and return one: seat 0 received QH KH AH TS and returns one of them."""
    state = hj.new_game(hj.Rules(passing=PASS_FOUR_RETURN_ONE), deal=list(MIXED_DEAL))
    for move in ("0:2H 3H 4H 5H", "1:6H 7H 8H 4S", "2:9H TH JH 7S", "3:QH KH AH TS"):
        seat, cards = move.split(":")
        state = hj.apply(state, hj.Pass(int(seat), cards))
    return state


def must_drop_queen() -> hj.State:
    """Worked example 16: spades led, the A♠ played; seat 2 holds QS 5S 7D and must drop the Q♠."""
    hands = ("AC 2S 3D 4D", "2C AS 5D 6D", "3C QS 5S 7D", "4C 6S 8D 9D")
    return play(game(hands, extras=(MUST_DROP_QUEEN,)), "2C 3C 4C AC 2S AS")


@attrs.frozen
class NoSpadeLeads(HouseRule):
    """A user's house rule: spades may not be led while the leader holds another suit."""

    def playable(self, context: PlayContext) -> frozenset[hj.Card]:
        if not context.leading:
            return context.allowed
        return frozenset(c for c in context.allowed if c.suit is not hj.Suit.SPADES) or context.allowed

    def refusal(self, rules: hj.Rules) -> str:
        return "spades may not be led"


def house_rule_lead() -> hj.State:
    """MIXED_DEAL with NoSpadeLeads: seat 3 wins the 2C trick with the A♣ and leads."""
    return play(game(MIXED_DEAL, extras=(NoSpadeLeads(),)), "2C AC 3C 5C")


def moon_choice() -> hj.State:
    """Seat 0 has shot the moon under shooter_choice and chooses others_plus or self_minus."""
    return play_out(game(ONE_SUIT_EACH, moon=SHOOTER_CHOICE, ending=SINGLE_HAND))


#: The 32-card pack one suit per seat.
PIQUET_ONE_SUIT_EACH = (
    "7C 8C 9C TC JC QC KC AC",
    "7D 8D 9D TD JD QD KD AD",
    "7H 8H 9H TH JH QH KH AH",
    "7S 8S 9S TS JS QS KS AS",
)


def announcing() -> hj.State:
    """Achterhoek (miezen), dealer 3: seat 0 is the first to announce."""
    return hj.new_game(hj.variants.ACHTERHOEK, deal=list(PIQUET_ONE_SUIT_EACH), dealer=3)


def announced_by_seat_0() -> hj.State:
    return hj.apply(announcing(), hj.Announce(0, True))


#: (state, move, code, a fragment of the message). Every code appears at least once.
ILLEGAL: list[tuple[Callable[[], hj.State], object, Code, str]] = [
    (opening, "QS", Code.NOT_A_MOVE, "'QS' is not a move (expected Play, Pass, Announce or MoonChoice)"),
    (passing, None, Code.NOT_A_MOVE, "None is not a move"),
    (passing, ("Pass", 0), Code.NOT_A_MOVE, "is not a move (expected Play, Pass, Announce or MoonChoice)"),
    (game_over, hj.Play(0, "2C"), Code.GAME_OVER, "the game is over"),
    (game_over, hj.Pass(1, "2D 3D 4D"), Code.GAME_OVER, "the game is over"),
    (passing, hj.Play(2, "2C"), Code.WRONG_PHASE, "now is the time to pass cards, not to play a card"),
    (opening, hj.Pass(0, "3C 4C 2D"), Code.WRONG_PHASE, "now is the time to play a card, not to pass cards"),
    (opening, hj.Play(4, "2C"), Code.NO_SUCH_SEAT, "there is no seat 4: seats are 0 to 3"),
    (opening, hj.Play(-1, "2C"), Code.NO_SUCH_SEAT, "there is no seat -1"),
    (passing, hj.Pass(7, "3C 4C 2D"), Code.NO_SUCH_SEAT, "there is no seat 7"),
    (opening, hj.Play(0, "3C"), Code.NOT_YOUR_TURN, "it is seat 2's turn to play, not seat 0's"),
    (after_two_of_clubs, hj.Play(2, "8C"), Code.NOT_YOUR_TURN, "it is seat 3's turn to play, not seat 2's"),
    (passed_by_seat_0, hj.Pass(0, "3C 4C 2D"), Code.ALREADY_PASSED, "seat 0 has already passed"),
    (passing, hj.Pass(0, "4H 5H"), Code.WRONG_PASS_COUNT, "pass exactly 3 cards, not 2"),
    (passing, hj.Pass(0, "4H 5H 3S 2S"), Code.WRONG_PASS_COUNT, "pass exactly 3 cards, not 4"),
    (passing, hj.Pass(0, ["4H", "4H", "3S"]), Code.DUPLICATE_CARD, "the 4♥ is named 2 times"),
    (opening, hj.Play(2, "AS"), Code.CARD_NOT_IN_HAND, "seat 2 does not hold the A♠"),
    (passing, hj.Pass(0, "AS 4H 5H"), Code.CARD_NOT_IN_HAND, "seat 0 does not hold the A♠"),
    (
        after_two_of_clubs,
        hj.Play(3, "AD"),
        Code.MUST_FOLLOW_SUIT,
        "A♦ may not be played: you must follow suit: clubs were led",
    ),
    (
        opening,
        hj.Play(2, "8C"),
        Code.MUST_LEAD_OPENING_CARD,
        "8♣ may not be played: the first trick must be opened with the 2♣",
    ),
    (
        hearts_unbroken_lead,
        hj.Play(0, "7H"),
        Code.HEARTS_NOT_BROKEN,
        "7♥ may not be played: hearts may not be led until hearts are broken",
    ),
    (
        first_trick_discard,
        hj.Play(1, "AH"),
        Code.POINTS_ON_FIRST_TRICK,
        "A♥ may not be played: no penalty cards on the first trick",
    ),
    (
        returning,
        hj.Pass(0, "3C"),
        Code.PASS_NOT_ALLOWED,
        "3♣ may not be passed: the card you return must be one of the cards you received",
    ),
    (
        must_drop_queen,
        hj.Play(2, "5S"),
        Code.MUST_DROP_QUEEN,
        "5♠ may not be played: you must drop the Q♠ now that it cannot win the trick",
    ),
    (house_rule_lead, hj.Play(3, "AS"), Code.HOUSE_RULE, "A♠ may not be played: spades may not be led"),
    (
        moon_choice,
        hj.MoonChoice(0, "reset"),
        Code.NOT_AN_OPTION,
        "reset is not an option here: choose others_plus, self_minus",
    ),
    (moon_choice, hj.MoonChoice(0, "double"), Code.NOT_AN_OPTION, "double is not an option here"),
    (
        moon_choice,
        hj.Play(1, "2D"),
        Code.WRONG_PHASE,
        "now is the time to choose how the moon is scored, not to play a card",
    ),
    (
        moon_choice,
        hj.Announce(0, True),
        Code.WRONG_PHASE,
        "now is the time to choose how the moon is scored, not to make announcements",
    ),
    (
        opening,
        hj.MoonChoice(2, "others_plus"),
        Code.WRONG_PHASE,
        "now is the time to play a card, not to choose how the moon is scored",
    ),
    (
        opening,
        hj.Announce(2, True),
        Code.WRONG_PHASE,
        "now is the time to play a card, not to make announcements",
    ),
    (
        announcing,
        hj.Play(0, "7C"),
        Code.WRONG_PHASE,
        "now is the time to make announcements, not to play a card",
    ),
    (
        announcing,
        hj.MoonChoice(0, "others_plus"),
        Code.WRONG_PHASE,
        "now is the time to make announcements, not to choose how the moon is scored",
    ),
    (
        moon_choice,
        hj.MoonChoice(1, "others_plus"),
        Code.NOT_YOUR_TURN,
        "it is seat 0's turn to choose, not seat 1's",
    ),
    (announcing, hj.Announce(1, False), Code.NOT_YOUR_TURN, "it is seat 0's turn to announce, not seat 1's"),
    (
        announced_by_seat_0,
        hj.Announce(0, False),
        Code.NOT_YOUR_TURN,
        "it is seat 1's turn to announce, not seat 0's",
    ),
    (announcing, hj.Announce(0, True, "QS"), Code.NOT_OFFERED, "a yes or a no: there is no choice 'QS'"),
    (announcing, hj.Announce(4, True), Code.NO_SUCH_SEAT, "there is no seat 4: seats are 0 to 3"),
    (moon_choice, hj.MoonChoice(-1, "self_minus"), Code.NO_SUCH_SEAT, "there is no seat -1"),
    (game_over, hj.MoonChoice(0, "self_minus"), Code.GAME_OVER, "the game is over"),
    (game_over, hj.Announce(0, True), Code.GAME_OVER, "the game is over"),
    (game_over, hj.DealCard("2C"), Code.GAME_OVER, "the game is over"),
    (
        opening,
        hj.DealCard("2C"),
        Code.WRONG_PHASE,
        "no chance event is waiting: now is the time to play a card",
    ),
    (dealing, hj.Play(2, "3C"), Code.WRONG_PHASE, "now is the time to decide a chance event"),
    (dealing, hj.Pass(2, "3C 4C 5C"), Code.WRONG_PHASE, "now is the time to decide a chance event"),
    (
        dealing,
        hj.DrawnDirection("left"),
        Code.WRONG_OUTCOME,
        "chance decides the deal (Deal or DealCard) now",
    ),
    (dealing, hj.FirstDealer(0), Code.WRONG_OUTCOME, "not a FirstDealer"),
    (dealing, hj.DealCard("2C"), Code.IMPOSSIBLE_OUTCOME, "the 2♣ is not left to deal"),
    (dealing, hj.Deal(ONE_SUIT_EACH), Code.IMPOSSIBLE_OUTCOME, "the deal has begun"),
    (cutting, hj.FirstDealer(4), Code.IMPOSSIBLE_OUTCOME, "there is no seat 4: seats are 0 to 3"),
    (cutting, hj.DealCard("2C"), Code.WRONG_OUTCOME, "chance decides the first dealer"),
    (
        drawing_direction,
        hj.DrawnDirection("second_left"),
        Code.IMPOSSIBLE_OUTCOME,
        "the pass direction is drawn from across, hold, left, right, not second_left",
    ),
    (pooling, hj.PoolCard("AS"), Code.IMPOSSIBLE_OUTCOME, "the A♠ is not among the passed cards"),
    (pooling, hj.PoolOrder("2C 3C"), Code.IMPOSSIBLE_OUTCOME, "exactly the passed cards"),
    (pooling, hj.Play(0, "5C"), Code.WRONG_PHASE, "now is the time to decide a chance event"),
]


def _id(case: tuple[Callable[[], hj.State], object, Code, str]) -> str:
    make, move, code, _ = case
    return f"{code.value}-{make.__name__}-{move!r}"


def test_every_illegal_move_code_is_covered():
    assert {code for _, _, code, _ in ILLEGAL} == set(Code)


@pytest.mark.parametrize(("make", "move", "code", "fragment"), ILLEGAL, ids=[_id(c) for c in ILLEGAL])
def test_apply_raises_illegal_move_error_with_code(make, move, code, fragment):
    state = make()
    before = copy.deepcopy(state)
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, move)
    error = info.value
    # A module's code is its own string (MUST_DROP_QUEEN's equals the enum member): compare with ==.
    assert error.code == code
    assert fragment in str(error)
    assert error.move is move
    assert error.reason.code == code
    assert isinstance(error, ValueError)
    assert isinstance(error, hj.HartenjagenError)
    assert state == before


@pytest.mark.parametrize(("make", "move", "code", "fragment"), ILLEGAL, ids=[_id(c) for c in ILLEGAL])
def test_explain_gives_the_same_reason_without_raising(make, move, code, fragment):
    state = make()
    before = pickle.loads(pickle.dumps(state))
    reason = hj.explain(state, move)
    assert isinstance(reason, hj.IllegalMove)
    assert reason.code == code
    assert fragment in reason.message
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, move)
    assert reason == info.value.reason
    assert reason.message == str(info.value)
    assert state == before


@pytest.mark.parametrize(("make", "move", "code", "fragment"), ILLEGAL, ids=[_id(c) for c in ILLEGAL])
def test_is_legal_agrees_with_explain_and_legal_moves(make, move, code, fragment):
    state = make()
    before = copy.deepcopy(state)
    assert hj.is_legal(state, move) is False
    assert move not in hj.legal_moves(state)
    assert state == before


@pytest.mark.parametrize(
    ("make", "move"),
    [
        (opening, hj.Play(2, "2C")),
        (after_two_of_clubs, hj.Play(3, "JC")),
        (passing, hj.Pass(0, "4H 5H 3S")),
        (passed_by_seat_0, hj.Pass(3, "QS KS AS")),
        (hearts_unbroken_lead, hj.Play(0, "KD")),
        (returning, hj.Pass(0, "QH")),
        (must_drop_queen, hj.Play(2, "QS")),
        (house_rule_lead, hj.Play(3, "AD")),
        (moon_choice, hj.MoonChoice(0, "others_plus")),
        (moon_choice, hj.MoonChoice(0, hj.MoonOption.SELF_MINUS)),
        (announcing, hj.Announce(0, True)),
        (announcing, hj.Announce(0, False)),
        (announced_by_seat_0, hj.Announce(1, True)),
    ],
)
def test_legal_moves_are_explained_as_none(make, move):
    state = make()
    before = copy.deepcopy(state)
    assert hj.explain(state, move) is None
    assert hj.is_legal(state, move)
    assert move in hj.legal_moves(state)
    after = hj.apply(state, move)
    assert after != state
    assert state == before


def test_illegal_move_repr_and_equality():
    reason = hj.IllegalMove(Code.GAME_OVER, "the game is over")
    assert reason == hj.IllegalMove(Code.GAME_OVER, "the game is over")
    assert reason != hj.IllegalMove(Code.NOT_A_MOVE, "the game is over")
    assert hash(reason) == hash(hj.IllegalMove(Code.GAME_OVER, "the game is over"))
    assert repr(reason) == "IllegalMove(IllegalMoveCode.GAME_OVER, 'the game is over')"


# ---------------------------------------------------------------- SetupError


def test_new_game_needs_a_rules_value():
    with pytest.raises(hj.SetupError, match="new_game needs a Rules value"):
        hj.new_game("standard")
    with pytest.raises(hj.SetupError, match="not None"):
        hj.new_game(None)


@pytest.mark.parametrize("seed", ["7", 1.5, True, [7]])
def test_new_game_rejects_a_bad_seed_type(seed):
    with pytest.raises(hj.SetupError, match="seed must be a whole number or None"):
        hj.new_game(hj.Rules(), seed=seed)


@pytest.mark.parametrize("dealer", [4, -1, True, "0", None, 1.0])
def test_new_game_rejects_a_bad_dealer(dealer):
    with pytest.raises(hj.SetupError, match="dealer must be a seat from 0 to 3"):
        hj.new_game(hj.Rules(), dealer=dealer)


@pytest.mark.parametrize("deal", [list(MIXED_DEAL[:3]), [*MIXED_DEAL, ""], " ".join(MIXED_DEAL), 5])
def test_new_game_rejects_a_deal_with_the_wrong_number_of_hands(deal):
    with pytest.raises(hj.SetupError, match="deal must be a list of 4 hands, one per seat"):
        hj.new_game(hj.Rules(), deal=deal)


def test_new_game_rejects_a_hand_with_the_wrong_count():
    deal = [MIXED_DEAL[0], MIXED_DEAL[1].replace(" 6S", ""), MIXED_DEAL[2], MIXED_DEAL[3] + " 6S"]
    with pytest.raises(hj.SetupError, match="deal: seat 1 has 12 cards, not 13"):
        hj.new_game(hj.Rules(), deal=deal)


def test_new_game_rejects_a_duplicate_card():
    deal = [MIXED_DEAL[0], MIXED_DEAL[1].replace("6S", "QS"), MIXED_DEAL[2], MIXED_DEAL[3]]
    with pytest.raises(
        hj.SetupError, match="deal: seat 3 has QS, which is more often than the pack holds it"
    ):
        hj.new_game(hj.Rules(), deal=deal)
    deal = [MIXED_DEAL[0].replace("3S", "2S"), *MIXED_DEAL[1:]]
    with pytest.raises(
        hj.SetupError, match="deal: seat 0 has 2S, which is more often than the pack holds it"
    ):
        hj.new_game(hj.Rules(), deal=deal)


def test_new_game_rejects_a_card_not_in_the_pack():
    rules = hj.Rules(deck=SinglePack(players=4, lowest_rank=hj.Rank.SEVEN))
    deal = [
        "7C 8C 9C TC 7D 8D 9D 2D",
        "JC QC KC AC TD JD QD KD",
        "AD 7H 8H 9H TH JH QH KH",
        "AH 7S 8S 9S TS JS QS KS",
    ]
    with pytest.raises(hj.SetupError, match="deal: seat 0 has 2D, which is not in the pack"):
        hj.new_game(rules, deal=deal)


@pytest.mark.parametrize("bad", ["ZZ", "1S", "QX"])
def test_new_game_rejects_an_unparseable_card(bad):
    deal = [MIXED_DEAL[0].replace("3S", bad), *MIXED_DEAL[1:]]
    with pytest.raises(hj.SetupError, match=f"deal: seat 0: cannot read '{bad}' as a card"):
        hj.new_game(hj.Rules(), deal=deal)


def test_new_game_rejects_a_hand_that_is_not_cards():
    with pytest.raises(hj.SetupError, match="deal: seat 2: cannot read"):
        hj.new_game(hj.Rules(), deal=[MIXED_DEAL[0], MIXED_DEAL[1], 13, MIXED_DEAL[3]])


def test_setup_error_is_a_value_error():
    assert issubclass(hj.SetupError, ValueError)
    assert issubclass(hj.SetupError, hj.HartenjagenError)


def test_explicit_deal_accepts_card_lists_and_texts():
    as_lists = [[hj.Card.parse(t) for t in hand.split()] for hand in MIXED_DEAL]
    assert hj.new_game(hj.Rules(), deal=as_lists, seed=1) == hj.new_game(
        hj.Rules(), deal=list(MIXED_DEAL), seed=1
    )


# ---------------------------------------------------------------- MoveError, CardParseError


@pytest.mark.parametrize("seat", ["x", "0", 1.0, True, None])
def test_play_with_a_bad_seat_raises_move_error(seat):
    with pytest.raises(hj.MoveError, match="a seat is a whole number, not"):
        hj.Play(seat, "QS")
    with pytest.raises(hj.MoveError, match="a seat is a whole number"):
        hj.Pass(seat, "QS 2C 3C")


def test_play_with_bad_card_text_raises_card_parse_error():
    with pytest.raises(hj.CardParseError, match="cannot read 'ZZ' as a card"):
        hj.Play(0, "ZZ")
    with pytest.raises(hj.CardParseError, match="cannot read 'ZZ' as a card"):
        hj.Pass(0, ["QS", "ZZ", "2C"])
    with pytest.raises(hj.CardParseError):
        hj.Play(0, None)


def test_move_errors_are_value_errors():
    assert issubclass(hj.MoveError, ValueError)
    assert issubclass(hj.MoveError, hj.HartenjagenError)


@pytest.mark.parametrize("value", [1, 0, None, "yes", "True"])
def test_announce_with_a_bad_flag_raises_move_error(value):
    with pytest.raises(hj.MoveError, match=f"announce must be True or False, not {value!r}"):
        hj.Announce(0, value)


@pytest.mark.parametrize("seat", ["x", "0", 1.0, True, None])
def test_announce_and_moon_choice_with_a_bad_seat_raise_move_error(seat):
    with pytest.raises(hj.MoveError, match="a seat is a whole number, not"):
        hj.Announce(seat, True)
    with pytest.raises(hj.MoveError, match="a seat is a whole number, not"):
        hj.MoonChoice(seat, "reset")


@pytest.mark.parametrize("option", ["moon", "OTHERS_PLUS", "", 1, None, True])
def test_moon_choice_with_a_bad_option_raises_move_error(option):
    with pytest.raises(hj.MoveError) as info:
        hj.MoonChoice(0, option)
    assert str(info.value) == (
        f"a moon choice is one of 'others_plus', 'self_minus', 'reset', 'double', not {option!r}"
    )


def test_announce_and_moon_choice_read_and_print_back():
    assert hj.Announce(2, True) == hj.Announce(2, True)
    assert repr(hj.Announce(2, True)) == "Announce(2, True)"
    assert str(hj.Announce(2, True)) == "announce 2 yes"
    assert str(hj.Announce(2, False)) == "announce 2 no"
    assert hj.MoonChoice(1, "self_minus") == hj.MoonChoice(1, hj.MoonOption.SELF_MINUS)
    assert hj.MoonChoice(1, "self_minus").option is hj.MoonOption.SELF_MINUS
    assert repr(hj.MoonChoice(1, "self_minus")) == "MoonChoice(1, 'self_minus')"
    assert str(hj.MoonChoice(1, "reset")) == "moon 1 reset"


def test_moves_read_card_texts_and_print_back():
    assert hj.Play(0, "q♠") == hj.Play(0, hj.Card.parse("QS"))
    assert repr(hj.Play(0, "10H")) == "Play(0, 'TH')"
    assert str(hj.Play(3, "QS")) == "play 3 QS"
    assert hj.Pass(1, "QS 2C TH") == hj.Pass(1, ["2C", "TH", "QS"])
    assert repr(hj.Pass(1, "QS 2C TH")) == "Pass(1, ['2C', 'TH', 'QS'])"
    assert str(hj.Pass(1, "QS 2C TH")) == "pass 1 2C TH QS"


# ---------------------------------------------------------------- RulesError


@pytest.mark.parametrize(
    ("slot", "kind"),
    [
        ("deck", "Deck"),
        ("passing", "Passing"),
        ("opening", "Opening"),
        ("first_trick", "FirstTrick"),
        ("leading", "Leading"),
        ("scoring", "Scoring"),
        ("moon", "Moon"),
        ("ending", "Ending"),
    ],
)
def test_rules_rejects_a_wrong_module_type_in_a_slot(slot, kind):
    with pytest.raises(hj.RulesError, match=f"slot '{slot}' takes a {kind} module, not 'black lady'"):
        hj.Rules(**{slot: "black lady"})


def test_rules_rejects_a_module_of_another_slot():
    with pytest.raises(hj.RulesError, match="slot 'scoring' takes a Scoring module, not OthersPlus"):
        hj.Rules(scoring=hj.rules.moon.OTHERS_PLUS)


def test_rules_rejects_bad_extras():
    with pytest.raises(hj.RulesError, match="extras must be a list of HouseRule modules, not 5"):
        hj.Rules(extras=5)
    with pytest.raises(hj.RulesError, match="extras takes HouseRule modules, not 5"):
        hj.Rules(extras=[5])
    assert hj.Rules(extras=[NoTricksBonus()]).extras == (NoTricksBonus(),)


@pytest.mark.parametrize(
    ("build", "fragment"),
    [
        (lambda: SinglePack(players=1), "deck: players must be a whole number of at least 2"),
        (lambda: SinglePack(players=5), "deck: 52 cards cannot be dealt evenly to 5 players"),
        (lambda: SinglePack(lowest_rank=7), "deck: lowest_rank must be a Rank"),
        (lambda: PassCycle(cards=-1), "passing: cards must be a whole number >= 0"),
        (lambda: PassCycle(cards=True), "passing: cards must be a whole number >= 0"),
        (
            lambda: PassCycle(directions=()),
            "passing: directions must be a non-empty list of PassRoute values, not ()",
        ),
        (lambda: PassCycle(directions=["left"]), "passing: directions must be a non-empty list"),
        (lambda: NoPointsUnlessForced(restricted="hearts_and_qs"), "first_trick: restricted must be"),
        (lambda: NoPointsUnlessForced(forced="forced_any"), "first_trick: forced must be a ForcedChoice"),
        (lambda: HeartsAfterBroken(broken_by="any"), "leading: broken_by must be a BrokenBy"),
        (lambda: HeartsAfterBroken(queen_breaks=1), "leading: queen_breaks must be True or False"),
        (lambda: HeartsAfterBroken(hearts_and_queen="qs_forced"), "leading: hearts_and_queen must be"),
        (lambda: CardPoints({"QS": 1.5}), "scoring: the value of QS must be a whole number, not 1.5"),
        (lambda: CardPoints({"QS": True}), "scoring: the value of QS must be a whole number"),
        (lambda: CardPoints({"QS": 13, "qs": 12}), "scoring: QS is given two values"),
        (lambda: CardPoints({"ZZ": 1}), "scoring: values must map cards to whole numbers"),
        (lambda: CardPoints(5), "scoring: values must map cards to whole numbers"),
        (lambda: OthersPlus(amount=1.5), "moon: amount must be a whole number or None"),
        (lambda: OthersPlus(amount=True), "moon: amount must be a whole number or None"),
        (lambda: OthersPlus(moon_set="all_positive"), "moon: moon_set must be a MoonSet"),
        (lambda: ScoreLimit(limit=0), "ending: limit must be a whole number of at least 1"),
        (lambda: ScoreLimit(limit=100.0), "ending: limit must be a whole number of at least 1"),
        (lambda: ScoreLimit(inclusive=1), "ending: inclusive must be True or False"),
        (lambda: ScoreLimit(tie="shared"), "ending: tie must be a Tie"),
        (lambda: NoTricksBonus(points="-5"), "extras: NoTricksBonus points must be a whole number"),
        (lambda: NoTricksBonus(points=-5.0), "extras: NoTricksBonus points must be a whole number"),
        (lambda: HeartsAfterTricks(tricks=0), "leading: tricks must be a whole number >= 1, not 0"),
        (lambda: HeartsAfterTricks(tricks=True), "leading: tricks must be a whole number >= 1"),
        (lambda: HeartsAfterBroken(queen_like_heart=1), "leading: queen_like_heart must be True or False"),
        (lambda: HeartsAfterBroken(break_on_first_trick="no"), "leading: break_on_first_trick must be"),
        (lambda: ShooterChoice(amount="26"), "moon: amount must be a whole number or None"),
        (lambda: Countdown(start=0), "ending: start must be a whole number of at least 1"),
        (lambda: Countdown(tie="play_on"), "ending: tie must be a Tie"),
        (lambda: TwoHalves(switch=0), "ending: switch must be a whole number of at least 1"),
        (lambda: TwoHalves(finish="zero_or_below"), "ending: finish must be a Finish"),
        (lambda: FixedDeals(deals=0), "ending: deals must be a whole number of at least 1"),
        (lambda: Miezen(points="10"), "extras: Miezen points must be a whole number"),
        (lambda: Miezen(first_half_only=1), "extras: first_half_only must be True or False"),
        (lambda: RevokePenalty(points=1.5), "extras: RevokePenalty points must be a whole number"),
        (lambda: spot_hearts(ace=1.5), "scoring: the value of AH must be a whole number"),
    ],
)
def test_bad_module_settings_raise_rules_error(build, fragment):
    with pytest.raises(hj.RulesError) as info:
        build()
    assert fragment in str(info.value)


def test_bad_removed_card_text_raises_rules_error():
    with pytest.raises(hj.RulesError):
        SinglePack(removed=["ZZ"])


def test_bad_removed_card_text_raises_a_value_error_quoting_it():
    with pytest.raises(ValueError, match="cannot read 'ZZ' as a card"):
        SinglePack(removed=["ZZ"])


def test_rules_error_is_a_value_error():
    assert issubclass(hj.RulesError, ValueError)
    assert issubclass(hj.RulesError, hj.HartenjagenError)
