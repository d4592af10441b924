"""Undealt cards: a widow (kitty) face down for a trick's taker, or a stock drawn from after each trick.

A [`Deck`][hartenjagen.rules.deck.Deck] says how many cards each seat is
dealt (`Deck.hand_size`) and, when cards are left over, which trick's taker
gets them (`Deck.widow_trick`). The undealt cards are never shown to a
seat that has not taken them: a [`PlayerView`][hartenjagen.frontend.views.PlayerView]
shows how many there are (``undealt``) and, to the seat that took them only,
which they are (``widow``). Their points count for the seat that took them
when the hand is scored.

A deck with a stock instead names the seats that draw from it after each
trick (`Deck.draw_order`): the winner first, then the others in turn, one
card each, while the stock lasts; then the hands are played out. The stock's
order is the deal's (the cards left at the bottom of the shuffled pack). A
seat sees the cards it draws and how many the others draw, never which; a
view shows the stock's size (``undealt``), never its cards.

A deck that draws to follow (`Deck.draws_to_follow`, Domino Hearts) has a
stock too, but nobody draws after a trick: a seat that cannot follow suit
draws until it can, a seat whose hand is empty drops out, and the last seat
with cards takes the rest. The draws are public in number
(``PlayerView.draws``), their faces only to the drawer.
"""

from __future__ import annotations

import attrs

from hartenjagen._whole import is_whole
from hartenjagen.cards import Card, Rank, Suit
from hartenjagen.errors import RulesError
from hartenjagen.rules.deck import Deck, removed_cards

__all__ = ["DominoPack", "StockPack", "WidowPack"]


def _one_pack(removed: tuple[Card, ...]) -> tuple[Card, ...]:
    """One 52-card pack less ``removed``, in card order."""
    out = set(removed)
    return tuple(Card(rank, suit) for suit in Suit for rank in Rank if Card(rank, suit) not in out)


def _check_hands(players: int, hand: int, size: int, kind: str, rest: str) -> None:
    """Refuse ``players`` below 2, or a ``hand`` that leaves none of a pack of ``size`` as the ``kind``'s ``rest``."""
    if not is_whole(players) or players < 2:
        raise RulesError(f"deck: players must be a whole number of at least 2, not {players!r}")
    if not is_whole(hand) or hand < 1 or hand * players >= size:
        raise RulesError(
            f"deck: a {kind} pack deals each of {players} players fewer than"
            f" {size / players:g} cards ({rest}), not {hand!r}"
        )


@attrs.frozen(repr=False)
class WidowPack(Deck):
    """One 52-card pack less ``removed``; each of ``players`` seats is dealt ``hand`` cards and the rest is a widow.

    The widow lies face down; the taker of trick ``widow_trick`` (0: the
    first) gets it, unseen by the others, and its points count for that seat
    (Heartsette: pokerwiner.com's *Games of playing cards*, after Hoyle).
    """

    players: int = 4
    hand: int = 12
    removed: tuple[Card, ...] = attrs.field(default=(), converter=removed_cards)
    widow_after: int = 0

    def __attrs_post_init__(self) -> None:
        _check_hands(self.players, self.hand, len(self.pack()), "widow", "some must stay undealt")
        if not is_whole(self.widow_after) or not 0 <= self.widow_after < self.hand:
            raise RulesError(
                f"deck: widow_after must be a trick from 0 to {self.hand - 1}, not {self.widow_after!r}"
            )

    def pack(self) -> tuple[Card, ...]:
        return _one_pack(self.removed)

    def hand_size(self) -> int:
        return self.hand

    def widow_trick(self) -> int | None:
        return self.widow_after

    def widow_size(self) -> int:
        """How many cards the widow holds: the pack less the cards dealt."""
        return len(self.pack()) - self.hand * self.players


@attrs.frozen(repr=False)
class StockPack(Deck):
    """One 52-card pack less ``removed``; each of ``players`` seats is dealt ``hand`` cards and the rest is a stock.

    After each trick, while the stock lasts, the trick's winner draws its top
    card, then each other seat in turn to the winner's left. When it is empty
    the hands are played out: a hand has as many tricks as the pack has cards
    for each seat (two-player Hearts: 13 each, a stock of 26, 26 tricks).
    The stock must divide evenly among the seats, so that every draw is whole.
    """

    players: int = 2
    hand: int = 13
    removed: tuple[Card, ...] = attrs.field(default=(), converter=removed_cards)

    def __attrs_post_init__(self) -> None:
        size = len(self.pack())
        _check_hands(self.players, self.hand, size, "stock", "some must stay in the stock")
        if size % self.players:
            raise RulesError(
                f"deck: a stock of {size - self.hand * self.players} cards cannot be drawn evenly"
                f" by {self.players} players (the pack of {size} must divide by the players)"
            )

    def pack(self) -> tuple[Card, ...]:
        return _one_pack(self.removed)

    def hand_size(self) -> int:
        return self.hand

    def draw_order(self, winner: int) -> tuple[int, ...]:
        return tuple((winner + k) % self.players for k in range(self.players))


@attrs.frozen(repr=False)
class DominoPack(Deck):
    """One 52-card pack; each of ``players`` seats is dealt ``hand`` cards, the rest is a stock drawn to follow suit.

    A seat that cannot follow suit draws the stock's top card, one at a time,
    until it can (then it must follow) or the stock is empty (then it plays
    any card). A seat whose hand is empty drops out: the others play the next
    tricks, and the lead passes to the next seat on the left with cards. When
    one seat alone has cards left the hand ends: its remaining cards count
    for it, and so does the stock when ``stock_to_last`` (Domino Hearts:
    bicyclecards.com, yourgametips.com).
    """

    players: int = 4
    hand: int = 6
    stock_left: bool = True

    def __attrs_post_init__(self) -> None:
        _check_hands(self.players, self.hand, len(self.pack()), "stock", "some must stay in the stock")
        if not isinstance(self.stock_left, bool):
            raise RulesError(f"deck: stock_left must be True or False, not {self.stock_left!r}")

    def pack(self) -> tuple[Card, ...]:
        return _one_pack(())

    def hand_size(self) -> int:
        return self.hand

    def draws_to_follow(self) -> bool:
        return True

    def stock_to_last(self) -> bool:
        return self.stock_left
