"""Suits, ranks, cards and jokers.

A [`Card`][hartenjagen.cards.Card] is an interned value: there is exactly one ``Card`` object per
rank and suit, so cards compare and hash by identity and pickle back to the
same object. Two physical copies of a card (a double deck) are the same
``Card``; the engine tells the copies apart inside. A
[`Joker`][hartenjagen.cards.Joker] is a value of its own, interned the same
way, with no rank or suit (``AnyCard`` is either kind; docs/architecture.md
says why). A deck deals jokers when its ``jokers()`` names them
(``family_jokers.JokerPack``, docs/family.md's Joker Hearts).
"""

from __future__ import annotations

import enum
import itertools
import operator
from collections.abc import Callable, Iterable, Mapping
from typing import ClassVar, Final, TypeAlias, TypeVar

from hartenjagen._repr import enum_repr, shown
from hartenjagen.errors import CardParseError


class Suit(enum.IntEnum):
    """The four suits, in the order clubs, diamonds, hearts, spades."""

    __repr__ = enum_repr

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One-letter ASCII name: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """Ranks from two to ace; the value is the rank's strength (aces high)."""

    __repr__ = enum_repr

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """One-character ASCII name: ``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    def __str__(self) -> str:
        return self.letter


_SUIT_BY_TEXT: Final = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_RANK_BY_TEXT: Final = {**{r.letter: r for r in Rank}, "10": Rank.TEN}

#: Number of distinct cards; a card's ``index`` lies in ``range(CARD_COUNT)``.
CARD_COUNT: Final = 52


class Card:
    """One playing card: a rank and a suit.

    ``Card(Rank.QUEEN, Suit.SPADES)``, ``Card("QS")`` and ``Card.parse("Q♠")``
    give the same object. ``str(card)`` is the short ASCII form (``QS``, ``TH``); cards sort
    by suit (clubs, diamonds, hearts, spades) and then by rank.
    """

    __slots__ = ("rank", "suit", "index")
    rank: Rank
    suit: Suit
    index: int

    _interned: ClassVar[dict[tuple[Rank, Suit], Card]] = {}

    def __new__(cls, rank: Rank | int | str, suit: Suit | int | None = None) -> Card:
        if suit is None and isinstance(rank, str):
            return cls.parse(rank)
        # An int subclass may answer == and hash as it likes: look its plain value up instead.
        if isinstance(rank, bool) or not isinstance(rank, int) or operator.index(rank) not in _RANKS:
            raise CardParseError(rank, "not a rank (2..14)")
        if isinstance(suit, bool) or not isinstance(suit, int) or operator.index(suit) not in _SUITS:
            raise CardParseError(suit, "not a suit (0..3)")
        rank, suit = operator.index(rank), operator.index(suit)
        card = cls._interned.get((rank, suit))  # type: ignore[arg-type]
        if card is None:
            rank, suit = Rank(rank), Suit(suit)
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "index", suit * 13 + rank - 2)
            cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        return (Card, (int(self.rank), int(self.suit)))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card: ``QS``, ``qs``, ``10H``, ``TH``, ``Q♠`` or ``♠Q``.

        A ``Card`` is returned as the one interned ``Card`` of its rank and suit
        (a copy made around ``Card()``, or of a subclass, is replaced by it; one
        whose index is not its rank's and suit's is refused). Anything else
        raises [`CardParseError`][hartenjagen.errors.CardParseError] (a ``ValueError``) quoting the text.
        """
        if isinstance(text, Card):
            return text if id(text) in _INTERNED_IDS else _reinterned(text)
        if not isinstance(text, str):
            raise CardParseError(text, "expected text such as 'QS' or '10H'")
        body = text.strip().upper()
        if len(body) < 2:
            raise CardParseError(text, "too short")
        # The suit may stand first (♠Q) or last (QS).
        for suit_text, rank_text in ((body[-1], body[:-1]), (body[0], body[1:])):
            suit = _SUIT_BY_TEXT.get(suit_text)
            rank = _RANK_BY_TEXT.get(rank_text.strip())
            if suit is not None and rank is not None:
                return cls(rank, suit)
        if body.startswith(_JOKER_PREFIXES):
            raise CardParseError(
                text, "a joker has no rank or suit: read it with Joker.parse or parse_any_card"
            )
        raise CardParseError(text, "expected a rank (2-10, T, J, Q, K, A) and a suit (C, D, H, S)")

    @staticmethod
    def is_interned(value: object) -> bool:
        """Whether ``value`` is one of the 52 interned cards (not a copy or a forgery)."""
        return id(value) in _INTERNED_IDS

    @property
    def symbol(self) -> str:
        """The card with a suit symbol: ``Q♠``, ``10♥``."""
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return rank + self.suit.symbol

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


_RANKS: Final = frozenset(int(rank) for rank in Rank)
_SUITS: Final = frozenset(int(suit) for suit in Suit)
#: The slots themselves, read past any property a subclass puts over them.
_SLOT_RANK: Final = Card.__dict__["rank"]
_SLOT_SUIT: Final = Card.__dict__["suit"]
_SLOT_INDEX: Final = Card.__dict__["index"]

#: Every card, indexed by ``Card.index`` (clubs 2..A, diamonds, hearts, spades).
ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
#: The identities of the interned cards: a card object that is not one of them was not made by ``Card()``.
_INTERNED_IDS: Final = frozenset(map(id, ALL_CARDS))


def _reinterned(card: Card) -> Card:
    """The interned card with the rank and suit of a card object made around ``Card()`` (or refuse it)."""
    try:
        rank = _SLOT_RANK.__get__(card, Card)
        suit = _SLOT_SUIT.__get__(card, Card)
        index = _SLOT_INDEX.__get__(card, Card)
    except AttributeError:
        raise CardParseError(
            card, "a Card object without a rank, suit and index (not made by Card())"
        ) from None
    real = Card(rank, suit)
    if type(index) is not int or index != real.index:
        raise CardParseError(
            card, f"a forged Card: its index {shown(index)} is not that of the {real} ({real.index})"
        )
    return real


QUEEN_OF_SPADES: Final = Card(Rank.QUEEN, Suit.SPADES)
JACK_OF_DIAMONDS: Final = Card(Rank.JACK, Suit.DIAMONDS)
TWO_OF_CLUBS: Final = Card(Rank.TWO, Suit.CLUBS)


#: The most cards `parse_cards` reads at once: more than two packs, so no hand, pass or deal is near it.
CARDS_LIMIT: Final = 1000


#: The most jokers a pack may hold (pagat's Joker Hearts adds "up to four jokers").
JOKER_LIMIT: Final = 4
#: The texts a joker is read from and printed as: ``JK1`` (ASCII) and ``🃏1`` (the playing-card joker).
_JOKER_PREFIXES: Final = ("JK", "🃏")


class Joker:
    """A joker: a card with no rank or suit of its own, told apart from the others by its ``number``.

    ``Joker(1)``, ``Joker.parse("JK1")`` and ``Joker.parse("🃏1")`` give the
    same object: jokers are interned as cards are, so they compare and hash
    by identity and pickle back to the same object. There are `JOKER_LIMIT`
    of them, numbered from 1 (a red and a black joker are jokers 1 and 2).
    What a joker counts as — a suit to follow, whether it may be played when
    one could follow, whether it can win a trick, its points — belongs to
    the rules, never to the joker: it has no ``rank`` or ``suit``, so a type
    checker makes code that reads them ask ``isinstance(card, Card)`` first.
    ``str(joker)`` is ``JK1``, ``joker.symbol`` ``🃏1``; ``index`` follows the
    52 cards' (``CARD_COUNT + number - 1``), so jokers sort after every card.
    """

    __slots__ = ("number", "index")
    number: int
    index: int

    _interned: ClassVar[dict[int, Joker]] = {}

    def __new__(cls, number: int) -> Joker:
        if (
            isinstance(number, bool)
            or not isinstance(number, int)
            or not 1 <= operator.index(number) <= JOKER_LIMIT
        ):
            raise CardParseError(number, f"not a joker's number (1..{JOKER_LIMIT})")
        number = operator.index(number)
        joker = cls._interned.get(number)
        if joker is None:
            joker = object.__new__(cls)
            object.__setattr__(joker, "number", number)
            object.__setattr__(joker, "index", CARD_COUNT + number - 1)
            cls._interned[number] = joker
        return joker

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Joker is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Joker is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Joker, (self.number,))

    def __copy__(self) -> Joker:
        return self

    def __deepcopy__(self, memo: object) -> Joker:
        return self

    @classmethod
    def parse(cls, text: str | Joker) -> Joker:
        """Read a joker: ``JK1``, ``jk1``, ``🃏1`` (a joker is returned as itself).

        Anything else raises [`CardParseError`][hartenjagen.errors.CardParseError] quoting the text.
        """
        if type(text) is Joker:
            return text
        if not isinstance(text, str):
            raise CardParseError(text, "expected a joker's text such as 'JK1'")
        body = text.strip().upper()
        for prefix in _JOKER_PREFIXES:
            number = body[len(prefix) :]
            if (
                body.startswith(prefix)
                and number.isascii()
                and number.isdigit()
                and len(number) == 1
                and 1 <= int(number) <= JOKER_LIMIT
            ):
                return cls(int(number))
        raise CardParseError(text, f"expected JK and a joker's number (1..{JOKER_LIMIT}), such as 'JK1'")

    @property
    def symbol(self) -> str:
        """The joker with the playing-card joker sign: ``🃏1``."""
        return f"🃏{self.number}"

    def __str__(self) -> str:
        return f"JK{self.number}"

    def __repr__(self) -> str:
        return f"Joker({self.number})"

    def __lt__(self, other: Card | Joker) -> bool:
        if not isinstance(other, Card | Joker):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card | Joker) -> bool:
        if not isinstance(other, Card | Joker):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card | Joker) -> bool:
        if not isinstance(other, Card | Joker):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card | Joker) -> bool:
        if not isinstance(other, Card | Joker):
            return NotImplemented
        return self.index >= other.index


#: Every joker, by number (``JOKERS[0]`` is ``Joker(1)``).
JOKERS: Final[tuple[Joker, ...]] = tuple(Joker(number) for number in range(1, JOKER_LIMIT + 1))

#: A card of any kind: one of the 52 rank × suit cards, or a joker (which has no rank or suit of its own).
AnyCard: TypeAlias = Card | Joker


def parse_any_card(text: str | Card | Joker) -> AnyCard:
    """Read a card or a joker: ``QS``, ``10H``, ``Q♠``, ``JK1``, ``🃏1`` (a `Card` or `Joker` is returned interned)."""
    if isinstance(text, Joker) or (
        isinstance(text, str) and text.strip().upper().startswith(_JOKER_PREFIXES)
    ):
        return Joker.parse(text)
    return Card.parse(text)


_T = TypeVar("_T")
_C = TypeVar("_C")

#: Every card and joker, indexed by ``index`` (the 52 cards, then the jokers): ``ANY_CARDS[c.index] is c``.
ANY_CARDS: Final[tuple[AnyCard, ...]] = (*ALL_CARDS, *JOKERS)


def parse_any_cards(text: str | Iterable[str | Card | Joker]) -> tuple[AnyCard, ...]:
    """Read several cards or jokers: ``"QS JK1 2C"`` (spaces or commas) or an iterable of them or their texts.

    As `parse_cards`, with jokers (``JK1``, ``🃏1``) read too; at most `CARDS_LIMIT` of them.
    """
    return _parsed(text, parse_any_card)


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards: ``"QS 10H 2C"`` (spaces or commas) or an iterable of cards or texts.

    At most `CARDS_LIMIT` cards are read; more raise `CardParseError`.
    """
    return _parsed(text, Card.parse)


def _parsed(text: str | Iterable[_T], parse: Callable[[_T | str], _C]) -> tuple[_C, ...]:
    """``text``'s items (words of a string, or the items of an iterable) read by ``parse``: `CARDS_LIMIT` at most."""
    items: Iterable[_T | str] = text.replace(",", " ").split() if isinstance(text, str) else text
    try:
        cards = tuple(map(parse, itertools.islice(items, CARDS_LIMIT + 1)))
    except TypeError as error:
        raise CardParseError(text, "expected cards or card texts") from error
    if len(cards) > CARDS_LIMIT:
        raise CardParseError(text, f"more than {CARDS_LIMIT} cards")
    return cards


def cards_of_suit(suit: Suit, ranks: Iterable[Rank] = Rank) -> tuple[Card, ...]:
    """The cards of one suit, lowest first."""
    return tuple(Card(rank, suit) for rank in ranks)


def suit_of(card: AnyCard) -> Suit | None:
    """The suit of ``card``; ``None`` for a joker (it has none)."""
    return card.suit if isinstance(card, Card) else None


def led_suit(cards: Iterable[AnyCard], jokers: Mapping[Joker, Suit] | None = None) -> Suit | None:
    """The suit to follow in a trick of ``cards`` in play order: the first card's that has one.

    A joker has no suit unless ``jokers`` gives it one (its role: `Deck.joker_role`,
    `rules.jokers.joker_suits`). A joker of no suit led leaves the suit open, and
    the next card played sets it; ``None`` while every card is a joker of no suit.
    """
    for card in cards:
        if isinstance(card, Card):
            return card.suit
        if jokers:
            suit = jokers.get(card)
            if suit is not None:
                return suit
    return None


def plain_cards(cards: Iterable[AnyCard]) -> tuple[Card, ...]:
    """``cards`` where only rank × suit cards may be: a joker among them raises `CardParseError` naming it."""
    out: list[Card] = []
    for card in cards:
        if not isinstance(card, Card):
            raise CardParseError(card, "a joker where only rank × suit cards may be")
        out.append(card)
    return tuple(out)


def without_jokers(cards: Iterable[AnyCard]) -> tuple[Card, ...]:
    """The rank × suit cards of ``cards``, in their order: what a rule hook's context holds (it never shows a joker)."""
    return tuple([card for card in cards if isinstance(card, Card)])
