"""Notation: card names in English and Dutch, card styles, hand sorting, and moves as text."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen.cards import ALL_CARDS, Rank, Suit
from hartenjagen.frontend.notation import (
    DISPLAY_SUITS,
    NotationError,
    by_suit,
    card_name,
    format_card,
    format_cards,
    format_move,
    parse_move,
    sort_hand,
    suit_name,
)
from playouts import PRESETS, RULES_BY_NAME, playout

STYLES = ("ascii", "symbol", "ten")
EN_RANKS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"]  # fmt: skip
NL_RANKS = ["twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "boer", "vrouw", "heer", "aas"]  # fmt: skip
EN_SUITS = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}
NL_SUITS = {Suit.CLUBS: "klaveren", Suit.DIAMONDS: "ruiten", Suit.HEARTS: "harten", Suit.SPADES: "schoppen"}


def _cards(text: str) -> tuple[hj.Card, ...]:
    return tuple(map(hj.Card, text.split()))


# ---------------------------------------------------------------- card names


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_card_name_of_every_card_in_both_languages(card):
    assert card_name(card) == card_name(card, "en") == f"{EN_RANKS[card.rank - 2]} of {EN_SUITS[card.suit]}"
    rank, suit = NL_RANKS[card.rank - 2], NL_SUITS[card.suit]
    # Dutch joins the suit to the pictures and the ace, and writes the pips apart.
    assert card_name(card, "nl") == (suit + rank if card.rank >= Rank.JACK else f"{suit} {rank}")


@pytest.mark.parametrize(
    ("card", "english", "dutch"),
    [
        ("QS", "queen of spades", "schoppenvrouw"),
        ("2C", "two of clubs", "klaveren twee"),
        ("AH", "ace of hearts", "hartenaas"),
        ("JC", "jack of clubs", "klaverenboer"),
        ("TD", "ten of diamonds", "ruiten tien"),
        ("KD", "king of diamonds", "ruitenheer"),
    ],
)
def test_card_name_spot_checks(card, english, dutch):
    assert card_name(hj.Card(card), "en") == english
    assert card_name(hj.Card(card), "nl") == dutch


def test_card_names_are_distinct():
    for language in ("en", "nl"):
        assert len({card_name(card, language) for card in ALL_CARDS}) == 52


def test_suit_names():
    assert [suit_name(suit) for suit in Suit] == ["clubs", "diamonds", "hearts", "spades"]
    assert [suit_name(suit, "nl") for suit in Suit] == ["klaveren", "ruiten", "harten", "schoppen"]


@pytest.mark.parametrize("language", ["de", "NL", "", None])
def test_a_name_in_another_language_is_a_notation_error(language):
    with pytest.raises(NotationError, match="language"):
        card_name(hj.Card("QS"), language)
    with pytest.raises(NotationError, match="language"):
        suit_name(Suit.SPADES, language)


# ---------------------------------------------------------------- card styles


@pytest.mark.parametrize(
    ("card", "ascii_", "symbol", "ten"),
    [
        ("QS", "QS", "Q♠", "QS"),
        ("TH", "TH", "10♥", "10H"),
        ("2C", "2C", "2♣", "2C"),
        ("AD", "AD", "A♦", "AD"),
    ],
)
def test_format_card_styles(card, ascii_, symbol, ten):
    card = hj.Card(card)
    assert format_card(card) == format_card(card, "ascii") == ascii_
    assert format_card(card, "symbol") == symbol
    assert format_card(card, "ten") == ten


@pytest.mark.parametrize("style", STYLES)
def test_every_card_style_reads_back(style):
    for card in ALL_CARDS:
        assert hj.Card.parse(format_card(card, style)) is card


def test_format_cards_joins_with_spaces():
    assert format_cards(_cards("QS TH 2C")) == "QS TH 2C"
    assert format_cards(_cards("QS TH 2C"), "symbol") == "Q♠ 10♥ 2♣"
    assert format_cards(()) == ""


def test_an_unknown_style_is_a_notation_error():
    with pytest.raises(NotationError, match="style"):
        format_card(hj.Card("QS"), "fancy")  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["q♠", "Q♠", "♠Q", "qs", "QS", " QS "])
def test_card_parse_accepts_the_usual_spellings_of_the_queen(text):
    assert hj.Card.parse(text) is hj.Card("QS")


@pytest.mark.parametrize("text", ["10h", "10H", "TH", "th", "10♥", "♥10", "♡10"])
def test_card_parse_accepts_the_usual_spellings_of_the_ten(text):
    assert hj.Card.parse(text) is hj.Card("TH")


# ---------------------------------------------------------------- sorting


def test_sort_hand_groups_by_alternating_colours_low_first():
    hand = _cards("AH 2C QS KD 3H 9C 2S")
    assert DISPLAY_SUITS == (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
    assert sort_hand(hand) == _cards("2C 9C KD 2S QS 3H AH")
    assert sort_hand(hand, high_first=True) == _cards("9C 2C KD QS 2S AH 3H")
    assert sort_hand(hand, suits=tuple(Suit)) == tuple(sorted(hand))
    assert sort_hand(hand, suits=(Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)) == _cards(
        "3H AH 2S QS KD 2C 9C"
    )


def test_sort_hand_keeps_both_copies_of_a_double_deck_card():
    assert sort_hand(_cards("QS 2C QS")) == _cards("2C QS QS")


@pytest.mark.parametrize(
    "suits", [(Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES), (Suit.CLUBS, Suit.CLUBS, Suit.SPADES, Suit.HEARTS)]
)
def test_sort_hand_needs_every_suit_once(suits):
    with pytest.raises(NotationError, match="four suits"):
        sort_hand(_cards("2C"), suits=suits)


def test_by_suit_lists_every_suit_in_display_order():
    groups = by_suit(_cards("AH 2C QS 3H 9C"))
    assert list(groups) == list(DISPLAY_SUITS)
    assert groups == {
        Suit.CLUBS: _cards("2C 9C"),
        Suit.DIAMONDS: (),
        Suit.SPADES: _cards("QS"),
        Suit.HEARTS: _cards("3H AH"),
    }
    assert list(by_suit((), suits=tuple(Suit))) == list(Suit)
    assert all(cards == () for cards in by_suit(()).values())


# ---------------------------------------------------------------- moves as text


MOVES = [
    (hj.Play(1, "2C"), "play 1 2C", "play 1 2♣"),
    (hj.Play(3, "TH"), "play 3 TH", "play 3 10♥"),
    (hj.Pass(0, "QS AS KS"), "pass 0 QS KS AS", "pass 0 Q♠ K♠ A♠"),
    (hj.Pass(2, ["2H"]), "pass 2 2H", "pass 2 2♥"),
    (hj.Pass(2, []), "pass 2", "pass 2"),
    (hj.Announce(2, True), "announce 2 yes", "announce 2 yes"),
    (hj.Announce(1, False), "announce 1 no", "announce 1 no"),
    *(
        (hj.MoonChoice(0, option), f"moon 0 {option.value}", f"moon 0 {option.value}")
        for option in hj.MoonOption
    ),
]


@pytest.mark.parametrize(("move", "ascii_", "symbol"), MOVES, ids=[text for _, text, _ in MOVES])
def test_format_move_and_parse_move_round_trip(move, ascii_, symbol):
    assert format_move(move) == ascii_
    assert format_move(move, "symbol") == symbol
    for style in STYLES:
        assert parse_move(format_move(move, style)) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("play 0 q♠", hj.Play(0, "QS")),
        ("play 0 ♠Q", hj.Play(0, "QS")),
        ("play 2 10h", hj.Play(2, "TH")),
        ("PLAY 2   th  ", hj.Play(2, "TH")),
        ("pass 1 q♠ 10h ♠A", hj.Pass(1, "QS TH AS")),
        ("announce 3 YES", hj.Announce(3, True)),
        ("moon 0 SELF_MINUS", hj.MoonChoice(0, hj.MoonOption.SELF_MINUS)),
    ],
)
def test_parse_move_accepts_loose_spellings(text, move):
    assert parse_move(text) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "play",
        "QS",
        "play x QS",
        "play 0",
        "play 0 QS KS",
        "play 0 ZZ",
        "play 0 1S",
        "pass 0 QS XX",
        "announce 0 maybe so",  # one word: a choice of a rule of one's own ("announce 0 QS")
        "announce 0",
        "moon 0 sideways",
        "moon 0",
        "jump 0 QS",
        "play 1.5 QS",
    ],
)
def test_bad_move_text_is_a_notation_error(text):
    with pytest.raises(NotationError, match="cannot read"):
        parse_move(text)


@pytest.mark.parametrize("value", [None, 5, b"play 0 QS", hj.Play(0, "QS")])
def test_parse_move_needs_text(value):
    with pytest.raises(NotationError):
        parse_move(value)  # type: ignore[arg-type]


def test_format_move_of_something_else_is_a_notation_error():
    with pytest.raises(NotationError, match="not a move"):
        format_move("play 0 QS")  # type: ignore[arg-type]


def test_notation_error_is_a_value_error():
    assert issubclass(NotationError, hj.HartenjagenError)
    assert issubclass(NotationError, ValueError)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([name for name, _ in PRESETS]),
    st.integers(0, 2**32),
    st.one_of(st.integers(0, 12), st.integers(0, 300)),
    st.integers(0, 2**32),
    st.sampled_from(STYLES),
)
def test_every_legal_move_reads_back_from_its_text(name, seed, steps, pick, style):
    state = playout(RULES_BY_NAME[name], seed, steps)
    moves = hj.legal_moves(state)
    if not moves:
        return
    for move in (moves[pick % len(moves)], moves[0], moves[-1]):
        text = format_move(move, style)
        assert "\n" not in text
        assert parse_move(text) == move
        assert parse_move(text.upper()) == move
