"""Notation: cards and moves as text (ASCII, suit symbols, Dutch and English names), and hand sorting.

Move text is one short line, the form game records use:

```text
pass 0 QS AS KS
play 1 2C
announce 2 yes
moon 0 others_plus
```
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, Literal

from hartenjagen.cards import AnyCard, Card, Joker, Rank, Suit, without_jokers
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


def card_name(card: AnyCard, language: Language = "en") -> str:
    """The card's name for display: ``queen of spades``; in Dutch ``schoppenvrouw``; a joker ``joker 1``.

    Dutch joins the suit and the picture cards and the ace into one word
    (``schoppenvrouw``, ``hartenaas``, ``klaverenboer``) and writes the pips
    apart (``klaveren twee``), as players say them.
    """
    language = _language(language)  # type: ignore[assignment]
    if isinstance(card, Joker):
        return f"joker {card.number}"  # the same word in Dutch
    rank = _RANK_NAMES[language][card.rank]
    suit = _SUIT_NAMES[language][card.suit]
    if language == "en":
        return f"{rank} of {suit}"
    return f"{suit}{rank}" if card.rank >= Rank.JACK else f"{suit} {rank}"


#: Dutch rank and suit letters as players write them: B(oer), V(rouw), H(eer), A(as);
#: K(laveren), R(uiten), H(arten), S(choppen).
_DUTCH_RANK_LETTERS: Final = {"B": Rank.JACK, "V": Rank.QUEEN, "H": Rank.KING, "A": Rank.ACE}
_DUTCH_SUIT_LETTERS: Final = {"K": Suit.CLUBS, "R": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
_RANK_LETTERS: Final = {**{rank.letter: rank for rank in Rank}, "10": Rank.TEN, **_DUTCH_RANK_LETTERS}
_SUIT_LETTERS: Final = {
    **{suit.letter: suit for suit in Suit},
    **{suit.symbol: suit for suit in Suit},
    **{"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES},
    **_DUTCH_SUIT_LETTERS,
}
_RANK_WORDS: Final[dict[str, dict[str, Rank]]] = {
    "en": {
        **{name: rank for rank, name in _RANK_NAMES["en"].items()},
        **{str(int(rank)): rank for rank in Rank if rank <= Rank.TEN},
    },
    "nl": {
        **{name: rank for rank, name in _RANK_NAMES["nl"].items()},
        **{str(int(rank)): rank for rank in Rank if rank <= Rank.TEN},
        "koning": Rank.KING,
    },
}
_SUIT_WORDS: Final[dict[str, dict[str, Suit]]] = {
    "en": {
        **{name: suit for suit, name in _SUIT_NAMES["en"].items()},
        **{name[:-1]: suit for suit, name in _SUIT_NAMES["en"].items()},
    },
    "nl": {
        **{name: suit for suit, name in _SUIT_NAMES["nl"].items()},
        "klaver": Suit.CLUBS,
        "ruit": Suit.DIAMONDS,
        "hart": Suit.HEARTS,
        "schop": Suit.SPADES,
    },
}


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


def _name_pattern(language: str) -> re.Pattern[str]:
    ranks, suits = _alternatives(_RANK_WORDS[language]), _alternatives(_SUIT_WORDS[language])
    return re.compile(f"(?P<s1>{suits})(?P<r1>{ranks})|(?P<r2>{ranks})(?P<s2>{suits})")


_NAME_PATTERNS: Final = {language: _name_pattern(language) for language in ("en", "nl")}


def _card_from_name(text: str, language: str) -> Card | None:
    """``queen of spades``, ``schoppenvrouw``, ``klaveren twee``, ``harten 10``: a card's name, or ``None``."""
    body = re.sub(r"\bof\b" if language == "en" else r"\bvan\b", " ", text.lower())
    body = re.sub(r"[\s\-]+", "", body)
    match = _NAME_PATTERNS[language].fullmatch(body)
    if match is None:
        return None
    rank_word = match.group("r1") or match.group("r2")
    suit_word = match.group("s1") or match.group("s2")
    return Card(_RANK_WORDS[language][rank_word], _SUIT_WORDS[language][suit_word])


def _card_from_dutch_letters(text: str) -> Card | None:
    """``VS``, ``B♣``, ``10h``, ``HK`` (heer klaveren): rank then suit, else suit then rank, or ``None``."""
    body = text.strip().upper()
    for rank_text, suit_text in ((body[:-1], body[-1:]), (body[1:], body[:1])):
        rank = _RANK_LETTERS.get(rank_text.strip())
        suit = _SUIT_LETTERS.get(suit_text)
        if rank is not None and suit is not None:
            return Card(rank, suit)
    return None


def parse_card(text: str | Card, language: Language = "en") -> Card:
    """Read a card as a player types it, in English (``"en"``) or Dutch (``"nl"``).

    English reads what [`Card.parse`][hartenjagen.cards.Card.parse] reads (``QS``, ``q♠``,
    ``10h``, ``♠Q``) and names (``queen of spades``, ``10 of hearts``). Dutch reads those too, and
    the Dutch rank letters B (boer), V (vrouw), H (heer) and A (aas) with the suit letters
    K (klaveren), R (ruiten), H (harten) and S (schoppen) or the suit symbols (``VS``, ``B♣``,
    ``HK``), and Dutch names (``schoppenvrouw``, ``klaveren twee``, ``harten 10``, ``hartenaas``).
    Where a text reads two ways, the Dutch reading wins in Dutch: ``HK`` is the heer of
    klaveren (K♣), not the K♥ written suit first. Anything else raises
    [`CardParseError`][hartenjagen.errors.CardParseError].
    """
    language = _language(language)  # type: ignore[assignment]
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardParseError(text, "expected text such as 'QS' or '10H'")
    if language == "nl":
        card = _card_from_dutch_letters(text) or _card_from_name(text, "nl")
        if card is not None:
            return card
    try:
        return Card.parse(text)
    except CardParseError:
        card = _card_from_name(text, "en")
        if card is None:
            raise
        return card


def parse_typed_card(text: str, language: Language = "en") -> AnyCard:
    """A card as [`parse_card`][hartenjagen.frontend.notation.parse_card] reads it, or a joker (``JK1``, ``🃏1``, either language)."""
    if isinstance(text, str) and text.strip().upper().startswith(("JK", "🃏")):
        return Joker.parse(text)
    return parse_card(text, language)


def parse_typed_cards(text: str, language: Language = "en") -> tuple[AnyCard, ...]:
    """Several cards as a player types them (see [`parse_typed_card`][hartenjagen.frontend.notation.parse_typed_card]), separated by spaces or commas.

    A name of two or three words (``klaveren twee``, ``queen of spades``) is read as one card.
    """
    words = text.replace(",", " ").split()
    cards: list[AnyCard] = []
    i = 0
    while i < len(words):
        for size in (1, 2, 3):
            if i + size > len(words):
                raise CardParseError(" ".join(words[i:]), "expected a card such as 'QS' or '10H'")
            try:
                cards.append(parse_typed_card(" ".join(words[i : i + size]), language))
            except CardParseError:
                if size == 3:
                    raise CardParseError(words[i], "expected a card such as 'QS' or '10H'") from None
                continue
            i += size
            break
    return tuple(cards)


#: The letters of the picture cards and the ace as Dutch players write them.
_DUTCH_LETTER_OF: Final = {rank: letter for letter, rank in _DUTCH_RANK_LETTERS.items()}
_DUTCH_SUIT_LETTER_OF: Final = {suit: letter for letter, suit in _DUTCH_SUIT_LETTERS.items()}


def rank_text(rank: Rank, language: Language = "en") -> str:
    """The rank as a player writes it on a card: ``10``, ``Q``; in Dutch the letters B, V, H, A (``10``, ``V``)."""
    if _language(language) == "nl" and rank in _DUTCH_LETTER_OF:
        return _DUTCH_LETTER_OF[rank]
    return "10" if rank == Rank.TEN else rank.letter


def format_card(card: AnyCard, style: Style = "ascii", language: Language = "en") -> str:
    """The card as text: ``ascii`` (``QS``, ``TH``), ``symbol`` (``Q♠``, ``10♥``) or ``ten`` (``QS``, ``10H``).

    In Dutch (``language="nl"``) the ranks are B(oer), V(rouw), H(eer), A(as) and the suit letters
    K(laveren), R(uiten), H(arten), S(choppen): ``symbol`` gives ``V♠``, ``10♥``, ``B♣``; ``ascii``
    and ``ten`` give ``VS``, ``10H``, ``BK`` (what [`parse_card`][hartenjagen.frontend.notation.parse_card]
    reads back in Dutch).
    """
    if style not in ("ascii", "symbol", "ten"):
        raise NotationError(f"style must be 'ascii', 'symbol' or 'ten', not {style!r}")
    if isinstance(card, Joker):  # ``JK1`` / ``🃏1`` in either language: a joker has no rank or suit
        return card.symbol if style == "symbol" else str(card)
    if _language(language) == "nl":
        suit = card.suit.symbol if style == "symbol" else _DUTCH_SUIT_LETTER_OF[card.suit]
        return rank_text(card.rank, "nl") + suit
    if style == "ascii":
        return str(card)
    if style == "symbol":
        return card.symbol
    return rank_text(card.rank) + card.suit.letter


def format_cards(cards: Iterable[AnyCard], style: Style = "ascii", language: Language = "en") -> str:
    """Cards as text separated by spaces (see [`format_card`][hartenjagen.frontend.notation.format_card])."""
    return " ".join(format_card(card, style, language) for card in cards)


#: The usual order of suits when showing a hand: alternating colours.
DISPLAY_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)


def sort_hand(
    cards: Iterable[AnyCard], *, suits: Iterable[Suit] = DISPLAY_SUITS, high_first: bool = False
) -> tuple[AnyCard, ...]:
    """The cards grouped by suit in the order ``suits``, each suit by rank (low first unless ``high_first``); jokers last."""
    order = {suit: position for position, suit in enumerate(suits)}
    if set(order) != set(Suit):
        raise NotationError("suits must name each of the four suits once")
    sign = -1 if high_first else 1

    def key(card: AnyCard) -> tuple[int, int]:
        return (4, card.number) if isinstance(card, Joker) else (order[card.suit], sign * card.rank)

    return tuple(sorted(cards, key=key))


def by_suit(
    cards: Iterable[AnyCard], *, suits: Iterable[Suit] = DISPLAY_SUITS
) -> dict[Suit, tuple[Card, ...]]:
    """The cards of each suit (low first), in the order ``suits``; suits without cards map to ``()``."""
    ordered = tuple(suits)
    hand = without_jokers(sort_hand(cards, suits=ordered))
    return {suit: tuple(card for card in hand if card.suit is suit) for suit in ordered}


def format_move(move: Move, style: Style = "ascii") -> str:
    """One line for a move: ``play 1 2C``, ``pass 0 QS AS KS``, ``announce 2 yes``, ``moon 0 self_minus``."""
    if isinstance(move, Play):
        return f"play {move.seat} {format_card(move.card, style)}"
    if isinstance(move, Pass):
        return f"pass {move.seat} {format_cards(move.cards, style)}".rstrip()
    if isinstance(move, Announce):
        return str(move)
    if isinstance(move, MoonChoice):
        return f"moon {move.seat} {move.option.value}"
    raise NotationError(f"{move!r} is not a move")


def parse_move(text: str) -> Move:
    """Read a move written by [`format_move`][hartenjagen.frontend.notation.format_move] (cards in any notation ``Card.parse`` reads)."""
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
            return Pass(seat, " ".join(rest))
        if kind == "announce" and len(rest) == 1:
            answer = rest[0].lower()
            if answer in ("yes", "no"):
                return Announce(seat, answer == "yes")
            return Announce(seat, True, rest[0])  # a house rule's own choice: its word as written
        if kind == "moon" and len(rest) == 1:
            return MoonChoice(seat, MoonOption(rest[0].lower()))
    except (CardParseError, MoveError, ValueError) as error:
        raise NotationError(f"cannot read {text!r} as a move: {error}") from error
    raise NotationError(f"cannot read {text!r} as a move: expected play, pass, announce or moon")
