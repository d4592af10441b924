"""Cards, suits and ranks (sources §0: ranks 2-9, T, J, Q, K, A, aces high; suits C, D, H, S)."""

from __future__ import annotations

import copy
import operator
import pickle

import pytest

from hartenjagen import Card, CardParseError, HartenjagenError, Rank, Suit
from hartenjagen.cards import (
    ALL_CARDS,
    JOKER_LIMIT,
    JOKERS,
    QUEEN_OF_SPADES,
    Joker,
    cards_of_suit,
    parse_any_card,
    parse_cards,
)


@pytest.mark.parametrize("text", ["QS", "qs", "Qs", "Q♠", "♠Q", "q♠", "Q♤", " qs ", "\tQS\n", "SQ"])
def test_parse_reads_the_queen_of_spades_in_every_form(text):
    assert Card.parse(text) is QUEEN_OF_SPADES


@pytest.mark.parametrize("text", ["10H", "TH", "th", "10♥", "♥10", "T♡", " 10h "])
def test_parse_reads_ten_as_10_or_t(text):
    assert Card.parse(text) is Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("2C", Rank.TWO, Suit.CLUBS),
        ("9D", Rank.NINE, Suit.DIAMONDS),
        ("JD", Rank.JACK, Suit.DIAMONDS),
        ("KH", Rank.KING, Suit.HEARTS),
        ("AS", Rank.ACE, Suit.SPADES),
        ("♣A", Rank.ACE, Suit.CLUBS),
        ("7♦", Rank.SEVEN, Suit.DIAMONDS),
    ],
)
def test_parse_reads_rank_and_suit(text, rank, suit):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


def test_parse_returns_the_interned_card():
    assert Card.parse("QS") is Card.parse("qs") is Card(Rank.QUEEN, Suit.SPADES) is Card(12, 3)
    assert Card.parse("10H") is Card.parse("TH")


def test_parse_returns_a_card_unchanged():
    assert Card.parse(QUEEN_OF_SPADES) is QUEEN_OF_SPADES


def test_str_is_short_ascii_form():
    assert str(Card.parse("Q♠")) == "QS"
    assert str(Card.parse("10H")) == "TH"
    assert str(Card.parse("2c")) == "2C"
    assert str(Suit.HEARTS) == "H"
    assert str(Rank.TEN) == "T"


def test_symbol_uses_suit_symbol_and_10():
    assert Card.parse("QS").symbol == "Q♠"
    assert Card.parse("TH").symbol == "10♥"
    assert Card.parse("2C").symbol == "2♣"
    assert Card.parse("AD").symbol == "A♦"
    assert [suit.symbol for suit in Suit] == ["♣", "♦", "♥", "♠"]


def test_repr_rebuilds_the_card():
    card = Card.parse("TH")
    assert repr(card) == "Card('TH')"
    assert eval(repr(card)) is card


def test_suits_are_ordered_clubs_diamonds_hearts_spades():
    assert list(Suit) == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert [suit.letter for suit in Suit] == ["C", "D", "H", "S"]


def test_ranks_run_two_to_ace_with_aces_high():
    assert [rank.letter for rank in Rank] == list("23456789TJQKA")
    assert Rank.ACE > Rank.KING > Rank.TEN > Rank.TWO
    assert int(Rank.ACE) == 14


def test_cards_sort_by_suit_then_rank():
    shuffled = parse_cards("AS 2H KD 2C AC TH 3D QS")
    assert [str(c) for c in sorted(shuffled)] == ["2C", "AC", "3D", "KD", "2H", "TH", "QS", "AS"]
    assert Card.parse("AC") < Card.parse("2D")
    assert Card.parse("KH") > Card.parse("QH")
    assert Card.parse("QS") <= Card.parse("QS") >= Card.parse("2S")


def test_card_index_follows_sort_order():
    assert [card.index for card in ALL_CARDS] == list(range(52))
    assert Card.parse("2C").index == 0
    assert Card.parse("QS").index == 3 * 13 + 10
    assert sorted(ALL_CARDS) == list(ALL_CARDS)


def test_cards_of_suit_lowest_first():
    assert [str(c) for c in cards_of_suit(Suit.HEARTS)] == [f"{r}H" for r in "23456789TJQKA"]


def test_pickling_keeps_identity():
    for card in ALL_CARDS:
        assert pickle.loads(pickle.dumps(card)) is card


def test_copy_and_deepcopy_keep_identity():
    card = Card.parse("QS")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert copy.deepcopy([card, card])[0] is card


def test_cards_hash_and_compare_by_identity():
    assert {Card.parse("QS"), Card.parse("q♠"), Card(12, 3)} == {QUEEN_OF_SPADES}
    assert Card.parse("QS") != Card.parse("QH")


def test_card_is_immutable():
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING
    with pytest.raises(AttributeError):
        del card.suit
    assert card.rank is Rank.QUEEN


@pytest.mark.parametrize("text", ["", "1S", "QX", "11H", "Q", "QSS", "10", "XS", "  ", "Q S H"])
def test_bad_text_raises_card_parse_error_quoting_the_text(text):
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert info.value.text == text


@pytest.mark.parametrize("value", [None, 5, 12.0, ["QS"]])
def test_non_text_raises_card_parse_error_quoting_the_value(value):
    with pytest.raises(CardParseError) as info:
        Card.parse(value)
    assert repr(value) in str(info.value)


def test_card_parse_error_is_a_value_error():
    with pytest.raises(ValueError, match=r"cannot read '1S' as a card"):
        Card.parse("1S")
    assert issubclass(CardParseError, HartenjagenError)
    assert issubclass(CardParseError, ValueError)


@pytest.mark.parametrize(("rank", "suit"), [(1, 0), (15, 0), (2, 4), (2, -1), ("Q", 3), (12, "S")])
def test_card_constructor_rejects_bad_rank_or_suit(rank, suit):
    with pytest.raises(CardParseError):
        Card(rank, suit)


@pytest.mark.parametrize(("rank", "suit"), [(2, True), (2.0, 0), (14, 3.0)])
def test_card_constructor_rejects_bool_and_float(rank, suit):
    with pytest.raises(CardParseError):
        Card(rank, suit)


def test_parse_cards_accepts_spaces_and_commas():
    assert parse_cards("QS, 10H 2C") == (Card.parse("QS"), Card.parse("TH"), Card.parse("2C"))
    assert parse_cards("QS,TH,,2C") == parse_cards("QS TH 2C")
    assert parse_cards("") == ()


def test_parse_cards_accepts_an_iterable_of_cards_or_texts():
    assert parse_cards(["QS", Card.parse("TH"), "2♣"]) == parse_cards("QS TH 2C")


def test_parse_cards_keeps_order_and_repeats():
    assert [str(c) for c in parse_cards("2C QS 2C")] == ["2C", "QS", "2C"]


@pytest.mark.parametrize("bad", ["QS ZZ", ["QS", None], 5])
def test_parse_cards_rejects_bad_items(bad):
    with pytest.raises(CardParseError):
        parse_cards(bad)


# ---------------------------------------------------------------- jokers: cards beyond rank × suit


@pytest.mark.parametrize("text", ["JK2", "jk2", " Jk2 ", "🃏2", "\t🃏2\n"])
def test_a_joker_reads_from_ascii_and_from_the_joker_sign(text):
    assert Joker.parse(text) is Joker(2) is JOKERS[1]
    assert parse_any_card(text) is Joker(2)


def test_jokers_print_in_ascii_and_with_the_sign_and_read_back():
    for joker in JOKERS:
        assert Joker.parse(str(joker)) is joker
        assert Joker.parse(joker.symbol) is joker
        assert parse_any_card(str(joker)) is joker
    assert (str(Joker(1)), Joker(1).symbol, repr(Joker(1))) == ("JK1", "🃏1", "Joker(1)")


def test_jokers_are_distinguishable_and_interned():
    assert len(set(JOKERS)) == JOKER_LIMIT == 4
    assert Joker(1) != Joker(2)
    for joker in JOKERS:
        assert pickle.loads(pickle.dumps(joker)) is joker
        assert copy.copy(joker) is joker
        assert copy.deepcopy(joker) is joker


def test_a_joker_has_no_rank_or_suit_and_cannot_change():
    joker = Joker(1)
    assert not hasattr(joker, "rank") and not hasattr(joker, "suit")
    with pytest.raises(AttributeError):
        joker.number = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del joker.number  # type: ignore[misc]


def test_jokers_index_after_the_52_cards_and_sort_after_them():
    assert [joker.index for joker in JOKERS] == [52, 53, 54, 55]
    mixed = [Joker(2), Card.parse("2C"), Joker(1), QUEEN_OF_SPADES]
    assert sorted(mixed) == [Card.parse("2C"), QUEEN_OF_SPADES, Joker(1), Joker(2)]
    # A card against a joker: Card's comparison declines, the joker's reflected one answers.
    assert operator.lt(QUEEN_OF_SPADES, Joker(1)) and operator.ge(Joker(1), QUEEN_OF_SPADES)
    assert Joker(1) <= Joker(1) and not Joker(2) <= Joker(1)
    with pytest.raises(TypeError):
        assert Joker(1) < 3  # type: ignore[operator]


@pytest.mark.parametrize("number", [0, 5, -1, True, 1.0, "1", None])
def test_a_number_outside_one_to_four_is_no_joker(number):
    with pytest.raises(CardParseError, match="not a joker's number"):
        Joker(number)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["JK", "JK0", "JK5", "JK12", "JK١", "joker", "QS", "", 3])
def test_text_that_is_no_joker_is_refused_with_the_text_quoted(text):
    with pytest.raises(CardParseError, match="cannot read"):
        Joker.parse(text)  # type: ignore[arg-type]


def test_card_parse_of_a_jokers_text_points_to_the_joker_readers():
    with pytest.raises(CardParseError, match=r"a joker has no rank or suit: read it with Joker\.parse"):
        Card.parse("JK1")
    with pytest.raises(CardParseError, match="expected a rank"):
        parse_any_card("XX")
    assert parse_any_card("Q♠") is QUEEN_OF_SPADES
    assert parse_any_card(QUEEN_OF_SPADES) is QUEEN_OF_SPADES
