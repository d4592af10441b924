"""Notation: cards and moves as text (ASCII, suit symbols, Dutch and English names), and hand sorting.

Move text is one short line, the form game records use::

    pass 0 QS AS KS
    play 1 2C
    announce 2 yes
    moon 0 others_plus
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from hartenjagen.cards import Card, Rank, Suit, parse_cards
from hartenjagen.errors import CardParseError, HartenjagenError
from hartenjagen.moves import Announce, MoonChoice, MoonOption, Move, MoveError, Pass, Play

Language = Literal["en", "nl"]
Style = Literal["ascii", "symbol", "ten"]


class NotationError(HartenjagenError):
    """Text that does not read as a move."""


_RANK_NAMES: dict[str, dict[Rank, str]] = {
    "en": {
        Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four", Rank.FIVE: "five", Rank.SIX: "six",
        Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine", Rank.TEN: "ten", Rank.JACK: "jack",
        Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace",
    },
    "nl": {
        Rank.TWO: "twee", Rank.THREE: "drie", Rank.FOUR: "vier", Rank.FIVE: "vijf", Rank.SIX: "zes",
        Rank.SEVEN: "zeven", Rank.EIGHT: "acht", Rank.NINE: "negen", Rank.TEN: "tien", Rank.JACK: "boer",
        Rank.QUEEN: "vrouw", Rank.KING: "heer", Rank.ACE: "aas",
    },
}  # fmt: skip
_SUIT_NAMES: dict[str, dict[Suit, str]] = {
    "en": {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"},
    "nl": {Suit.CLUBS: "klaveren", Suit.DIAMONDS: "ruiten", Suit.HEARTS: "harten", Suit.SPADES: "schoppen"},
}


def _language(language: str) -> str:
    if language not in _RANK_NAMES:
        raise NotationError(f"language must be 'en' or 'nl', not {language!r}")
    return language


def suit_name(suit: Suit, language: Language = "en") -> str:
    """The suit's name: ``spades``, or in Dutch ``schoppen``."""
    return _SUIT_NAMES[_language(language)][suit]


def card_name(card: Card, language: Language = "en") -> str:
    """The card's name for display: ``queen of spades``; in Dutch ``schoppenvrouw``.

    Dutch joins the suit and the picture cards and the ace into one word
    (``schoppenvrouw``, ``hartenaas``, ``klaverenboer``) and writes the pips
    apart (``klaveren twee``), as players say them.
    """
    language = _language(language)  # type: ignore[assignment]
    rank = _RANK_NAMES[language][card.rank]
    suit = _SUIT_NAMES[language][card.suit]
    if language == "en":
        return f"{rank} of {suit}"
    return f"{suit}{rank}" if card.rank >= Rank.JACK else f"{suit} {rank}"


def format_card(card: Card, style: Style = "ascii") -> str:
    """The card as text: ``ascii`` (``QS``, ``TH``), ``symbol`` (``Q♠``, ``10♥``) or ``ten`` (``QS``, ``10H``)."""
    if style == "ascii":
        return str(card)
    if style == "symbol":
        return card.symbol
    if style == "ten":
        return ("10" if card.rank == Rank.TEN else card.rank.letter) + card.suit.letter
    raise NotationError(f"style must be 'ascii', 'symbol' or 'ten', not {style!r}")


def format_cards(cards: Iterable[Card], style: Style = "ascii") -> str:
    """Cards as text separated by spaces."""
    return " ".join(format_card(card, style) for card in cards)


#: The usual order of suits when showing a hand: alternating colours.
DISPLAY_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)


def sort_hand(
    cards: Iterable[Card], *, suits: Iterable[Suit] = DISPLAY_SUITS, high_first: bool = False
) -> tuple[Card, ...]:
    """The cards grouped by suit in the order ``suits``, each suit by rank (low first unless ``high_first``)."""
    order = {suit: position for position, suit in enumerate(suits)}
    if set(order) != set(Suit):
        raise NotationError("suits must name each of the four suits once")
    sign = -1 if high_first else 1
    return tuple(sorted(cards, key=lambda card: (order[card.suit], sign * card.rank)))


def by_suit(cards: Iterable[Card], *, suits: Iterable[Suit] = DISPLAY_SUITS) -> dict[Suit, tuple[Card, ...]]:
    """The cards of each suit (low first), in the order ``suits``; suits without cards map to ``()``."""
    ordered = tuple(suits)
    hand = sort_hand(cards, suits=ordered)
    return {suit: tuple(card for card in hand if card.suit is suit) for suit in ordered}


def format_move(move: Move, style: Style = "ascii") -> str:
    """One line for a move: ``play 1 2C``, ``pass 0 QS AS KS``, ``announce 2 yes``, ``moon 0 self_minus``."""
    if isinstance(move, Play):
        return f"play {move.seat} {format_card(move.card, style)}"
    if isinstance(move, Pass):
        return f"pass {move.seat} {format_cards(move.cards, style)}".rstrip()
    if isinstance(move, Announce):
        return f"announce {move.seat} {'yes' if move.announce else 'no'}"
    if isinstance(move, MoonChoice):
        return f"moon {move.seat} {move.option.value}"
    raise NotationError(f"{move!r} is not a move")


def parse_move(text: str) -> Move:
    """Read a move written by :func:`format_move` (cards in any notation ``Card.parse`` reads)."""
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text, not {text!r}")
    words = text.split()
    if len(words) < 2:
        raise NotationError(f"cannot read {text!r} as a move: expected e.g. 'play 1 2C'")
    kind, seat_text, rest = words[0].lower(), words[1], words[2:]
    try:
        seat = int(seat_text)
    except ValueError:
        raise NotationError(f"cannot read {text!r} as a move: {seat_text!r} is not a seat") from None
    try:
        if kind == "play" and len(rest) == 1:
            return Play(seat, rest[0])
        if kind == "pass":
            return Pass(seat, parse_cards(" ".join(rest)))
        if kind == "announce" and len(rest) == 1 and rest[0].lower() in ("yes", "no"):
            return Announce(seat, rest[0].lower() == "yes")
        if kind == "moon" and len(rest) == 1:
            return MoonChoice(seat, MoonOption(rest[0].lower()))
    except (CardParseError, MoveError, ValueError) as error:
        raise NotationError(f"cannot read {text!r} as a move: {error}") from error
    raise NotationError(f"cannot read {text!r} as a move: expected play, pass, announce or moon")
