"""Players and pack: who plays with which cards (sources §1.1).

Removed cards never score; the hand size is the pack size divided by the
number of players.
"""

from __future__ import annotations

import abc
import functools
from collections.abc import Iterable
from typing import Final

import attrs

from hartenjagen._whole import is_whole
from hartenjagen.cards import ALL_CARDS, Card, Joker, Rank, Suit, parse_cards
from hartenjagen.errors import CardParseError, RulesError
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.jokers import NO_SUIT_NEVER_WINS, JokerRole


class Deck(RuleModule):
    """The ``deck`` slot: the number of players and the physical cards dealt.

    A pack may hold two copies of a card (double deck); the copies are the same
    [`Card`][hartenjagen.cards.Card] value and the engine tells them apart inside.
    """

    players: int

    @abc.abstractmethod
    def pack(self) -> tuple[Card, ...]:
        """Every physical card dealt, sorted; a card appears once per copy."""

    def hand_size(self) -> int:
        """How many cards each seat is dealt: the whole pack, shared out evenly.

        A deck that leaves cards undealt (a widow:
        [`rules.undealt.WidowPack`][hartenjagen.rules.undealt.WidowPack]) deals fewer.
        """
        return (len(self.pack()) + len(self.jokers())) // self.players

    def jokers(self) -> tuple[Joker, ...]:
        """The jokers dealt with the pack, each once (default: none).

        A joker ([`Joker`][hartenjagen.cards.Joker]) has no rank or suit of
        its own: what it counts as in a trick is ``joker_role``'s (by
        default it belongs to no suit led and wins no trick under the
        built-in trick winner). It scores what the scoring's ``joker_value``
        says (0 by default), and is played as any card is unless a house
        rule widens it (``HouseRule.widening``). A led joker of no suit leaves
        the suit open: the next card that is not a joker sets it. ``pack()``
        holds the rank × suit cards only, so a module that reads their suits
        never meets a joker.
        """
        return ()

    def joker_role(self, joker: Joker) -> JokerRole:
        """What ``joker`` counts as in a trick: its suit for following and leading, and its rank (default: none, never wins).

        See [`rules.jokers.JokerRole`][hartenjagen.rules.jokers.JokerRole]; the
        core, `check_rules`, the views and the bots all read this declaration.
        """
        return NO_SUIT_NEVER_WINS

    def widow_trick(self) -> int | None:
        """The trick (counted from 0) whose taker gets the undealt cards, or ``None``: no widow.

        The undealt cards lie face down, unseen; the taker of that trick gets
        them, unseen by the others, and their points count for that seat.
        """
        return None

    def draw_order(self, winner: int) -> tuple[int, ...]:
        """The seats that draw one card each from the stock after a trick ``winner`` took, in order; ``()``: no stock.

        A deck with a stock (undealt cards that are not a widow:
        [`rules.undealt.StockPack`][hartenjagen.rules.undealt.StockPack]) names
        them; after each trick, while the stock lasts, each seat named draws
        its top card. The order is the same after every trick a seat wins.
        """
        return ()

    def draws_to_follow(self) -> bool:
        """Whether a seat that cannot follow suit draws from the stock until it can (Domino Hearts).

        Such a deck deals ``hand_size`` cards each and leaves the rest as a
        stock ([`rules.undealt.DominoPack`][hartenjagen.rules.undealt.DominoPack]):
        a seat void in the suit led draws the stock's top card, one at a
        time, until it holds a card of that suit (then it must play one) or
        the stock is empty (then it plays any card). A seat whose hand is
        empty drops out of the hand: the next tricks are played by the others,
        and the lead passes to the next seat on the left that has cards. When
        at most one seat has cards left the hand ends, and that seat takes
        its remaining cards (and the stock, if `stock_to_last`).
        """
        return False

    def stock_to_last(self) -> bool:
        """Whether the last seat with cards also takes the stock left when a hand ends (a deck that draws to follow).

        When every seat runs out at once, the last trick's taker takes it.
        """
        return False


def removed_cards(value: Iterable[str | Card] | str) -> tuple[Card, ...]:
    """The cards a deck's ``removed`` setting lists, sorted, once each (a `RulesError` if it lists something else)."""
    try:
        return tuple(sorted(set(parse_cards(value))))
    except CardParseError as error:
        raise RulesError(f"deck: removed must list cards: {error}") from error


@attrs.frozen(repr=False)
class SinglePack(Deck):
    """One pack of cards from ``lowest_rank`` to ace in each suit, less ``removed``, dealt to ``players``.

    The default is the standard game: four players, 52 cards, 13 each
    (Spelregelwijzer, Gamehelphearts, Hoemke, Microsoft Hearts, OpenSpiel).
    """

    players: int = 4
    removed: tuple[Card, ...] = attrs.field(default=(), converter=removed_cards)
    lowest_rank: Rank = Rank.TWO

    def __attrs_post_init__(self) -> None:
        if not is_whole(self.players) or self.players < 2:
            raise RulesError(f"deck: players must be a whole number of at least 2, not {self.players!r}")
        if not isinstance(self.lowest_rank, Rank):
            raise RulesError(f"deck: lowest_rank must be a Rank, not {self.lowest_rank!r}")
        outside = [str(c) for c in self.removed if c.rank < self.lowest_rank]
        if outside:
            raise RulesError(f"deck: removed cards {outside} are not in the pack")
        size = len(self.pack())
        if size == 0 or size % self.players:
            raise RulesError(f"deck: {size} cards cannot be dealt evenly to {self.players} players")

    def pack(self) -> tuple[Card, ...]:
        return _pack_of(self.lowest_rank, self.removed)


@functools.lru_cache(maxsize=64)
def _pack_of(lowest_rank: Rank, removed: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards from ``lowest_rank`` up, less ``removed``; once per pair, as every decoded `Rules` asks it five times."""
    gone = set(removed)
    cards = (Card(rank, suit) for suit in Suit for rank in Rank if rank >= lowest_rank)
    return tuple(card for card in cards if card not in gone)


def _double_deck_removals(players: int) -> tuple[Card, ...]:
    """Cards taken out of two packs so they deal evenly: 2♣ (one copy), 2♦, 2♦, 3♣, 3♣, 3♦, 3♦, 4♣, ..."""
    order: list[Card] = [
        Card(Rank.TWO, Suit.CLUBS),
        Card(Rank.TWO, Suit.DIAMONDS),
        Card(Rank.TWO, Suit.DIAMONDS),
    ]
    for rank in list(Rank)[1:]:
        order += [Card(rank, Suit.CLUBS)] * 2 + [Card(rank, Suit.DIAMONDS)] * 2
    count = 0
    while (104 - count) % players:
        count += 1
    return tuple(order[:count])


@attrs.frozen(repr=False)
class DoubleDeck(Deck):
    """Two 52-card packs shuffled together for six or more players.

    Low clubs and diamonds are removed until the pack deals evenly, in the
    order 2♣ (one copy only), 2♦, 2♦, 3♣, 3♣, 3♦, 3♦, 4♣, ...; hearts and spades
    are never removed and one 2♣ always remains (sources §1.1;
    Spelregelwijzer, Wikipedia *Black Lady* old revision, gamerkingslot). Six players:
    102 cards, 17 each.
    """

    players: int = 6

    def __attrs_post_init__(self) -> None:
        if not is_whole(self.players) or not 6 <= self.players <= 13:
            raise RulesError(f"deck: a double deck is for 6 to 13 players, not {self.players!r}")

    def removed(self) -> tuple[Card, ...]:
        """The cards taken out, in removal order (a card twice when both copies go)."""
        return _double_deck_removals(self.players)

    def pack(self) -> tuple[Card, ...]:
        cards = sorted(list(ALL_CARDS) * 2, key=_index)
        for card in self.removed():
            cards.remove(card)
        return tuple(cards)


def _index(card: Card) -> int:
    return card.index


#: Four players, 52 cards, 13 each (sources §1.1; Spelregelwijzer, Gamehelphearts, Hoemke, Microsoft, OpenSpiel).
STD52: Final = SinglePack()
#: Three players, the 2♦ out: 51 cards, 17 each (``minus_2d_3p``; Black Lady 3p, Spelregelwijzer).
MINUS_2D_3P: Final = SinglePack(players=3, removed=("2D",))
#: Three players, the 3♣ out (``minus_3c_3p``; Spelregelwijzer "also mentioned").
MINUS_3C_3P: Final = SinglePack(players=3, removed=("3C",))
#: Three players, the 2♣ out; the 3♣ leads (``minus_2c_3p``; Black Maria sources).
MINUS_2C_3P: Final = SinglePack(players=3, removed=("2C",))
#: Five players, the 2♦ and 2♣ out: 50 cards, 10 each; the 3♣ leads (``minus_2d_2c_5p``; Spelregelwijzer, BIC).
MINUS_2D_2C_5P: Final = SinglePack(players=5, removed=("2D", "2C"))
#: Five players, the 3♣ and 2♦ out (``minus_3c_2d_5p``; Spelregelwijzer).
MINUS_3C_2D_5P: Final = SinglePack(players=5, removed=("3C", "2D"))
#: The 32-card piquet pack, 7 to ace, for four: 8 cards each (``piquet32``; Black Lady 3p, Spelregelwijzer).
PIQUET32: Final = SinglePack(lowest_rank=Rank.SEVEN)
#: Two packs for six players: 102 cards, 17 each (``double_deck``).
DOUBLE_DECK_6: Final = DoubleDeck(players=6)
