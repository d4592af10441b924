"""Errors (STYLE.md point 5): every ``IllegalMoveCode`` through ``apply``, ``explain`` and ``is_legal``;
``SetupError`` for bad ``new_game`` arguments; ``MoveError`` and ``CardParseError`` for bad move values;
``RulesError`` for bad slots and module settings. Every error is a ``ValueError``.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

import hartenjagen as hj
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.ending import SINGLE_HAND, ScoreLimit
from hartenjagen.rules.extras import NoTricksBonus
from hartenjagen.rules.first_trick import NoPointsUnlessForced
from hartenjagen.rules.leading import HeartsAfterBroken
from hartenjagen.rules.moon import OthersPlus
from hartenjagen.rules.passing import PassCycle
from hartenjagen.rules.scoring import CardPoints
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


def hearts_unbroken_lead() -> hj.State:
    return play(game(UNBROKEN), "2C 3C 4C AC")


def first_trick_discard() -> hj.State:
    return play(game(EXAMPLE_1), "2C 2H 2D")


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
    assert error.code is code
    assert fragment in str(error)
    assert error.move is move
    assert error.reason.code is code
    assert isinstance(error, ValueError)
    assert isinstance(error, hj.HartenjagenError)
    assert state == before


@pytest.mark.parametrize(("make", "move", "code", "fragment"), ILLEGAL, ids=[_id(c) for c in ILLEGAL])
def test_explain_gives_the_same_reason_without_raising(make, move, code, fragment):
    state = make()
    before = pickle.loads(pickle.dumps(state))
    reason = hj.explain(state, move)
    assert isinstance(reason, hj.IllegalMove)
    assert reason.code is code
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
    assert hj.new_game(hj.Rules(), deal=as_lists, seed=1) == hj.new_game(hj.Rules(), deal=list(MIXED_DEAL), seed=1)


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


def test_moves_read_card_texts_and_print_back():
    assert hj.Play(0, "q♠") == hj.Play(0, hj.Card.parse("QS"))
    assert repr(hj.Play(0, "10H")) == "Play(0, 'TH')"
    assert str(hj.Play(3, "QS")) == "3:QS"
    assert hj.Pass(1, "QS 2C TH") == hj.Pass(1, ["2C", "TH", "QS"])
    assert repr(hj.Pass(1, "QS 2C TH")) == "Pass(1, ['2C', 'TH', 'QS'])"
    assert str(hj.Pass(1, "QS 2C TH")) == "1>2C TH QS"


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
        (lambda: PassCycle(directions=()), "passing: directions must be a non-empty list of PassDirection"),
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
