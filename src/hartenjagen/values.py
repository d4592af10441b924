"""The values a game state is made of: `Phase`, `Trick` and `HandResult`.

Plain frozen records shared by both cores (they are never compiled), so a
pickled state loads into either.
"""

from __future__ import annotations

import enum

import attrs

from hartenjagen._repr import enum_repr
from hartenjagen.cards import AnyCard
from hartenjagen.moves import MoonOption, Play


class Phase(enum.Enum):
    """What the game is waiting for."""

    __repr__ = enum_repr

    #: seats choose cards to pass (simultaneously, in any order)
    PASSING = "passing"
    #: seats in turn from eldest say whether they make an announcement (miezen)
    ANNOUNCING = "announcing"
    #: a seat plays a card to the trick
    PLAYING = "playing"
    #: the moon shooter chooses how the moon is scored
    MOON_CHOICE = "moon_choice"
    #: the game has ended; there are no legal moves
    GAME_OVER = "game_over"
    #: a game with explicit chance waits for a chance outcome (``chance_outcomes``)
    CHANCE = "chance"


@attrs.frozen
class Trick:
    """A completed trick: who led, the cards in play order, and who won it.

    A trick has one card of each seat, except under a deck whose seats drop
    out when their hands are empty (Domino Hearts): then ``seats`` names the
    seats that played.

    ``winner`` is ``None`` for a trick whose cards all cancelled (double deck,
    ``CancelPairs``): its cards went to the carry-over pile.
    """

    leader: int
    #: the cards in play order (a joker where one was played)
    cards: tuple[AnyCard, ...]
    winner: int | None
    #: the seats that played, in play order, when some seat had dropped out (Domino Hearts:
    #: `Deck.draws_to_follow`); empty when every seat played, from the leader round the table
    seats: tuple[int, ...] = attrs.field(default=(), metadata={"omit_default": True})

    @property
    def plays(self) -> tuple[Play, ...]:
        """The trick as moves, in play order."""
        if self.seats:
            return tuple(Play(seat, card) for seat, card in zip(self.seats, self.cards, strict=True))
        n = len(self.cards)
        return tuple(Play((self.leader + i) % n, card) for i, card in enumerate(self.cards))


@attrs.frozen
class HandResult:
    """One line of the score sheet: what a complete hand scored.

    ``raw`` is each seat's card points, ``points`` what each seat scored after
    the moon and bonuses, ``totals`` the running totals after this hand and
    ``shooter`` the seat that shot the moon (or ``None``). In a Dutch second
    half ``points`` are negative: the totals count down. ``totals`` are the
    engine's running sums; the score sheet shows them as the ending displays
    them ([`Ending.display`][hartenjagen.rules.ending.Ending.display]: from
    100 down under ``countdown``).

    ``revoke`` is the seat whose illegal play voided the hand under a revoke
    penalty ([`RevokePenalty`][hartenjagen.rules.extras.RevokePenalty], or a
    house rule's ``revoke_penalty``), else ``None``. A voided hand has ``raw``
    all 0 and no ``shooter``; ``points`` holds the penalty of the revoking
    seat (0 for the others); the same dealer deals again, the pass cycle does
    not move on, and the hand does not count towards a fixed number of deals.
    ``moon_choice`` is what the shooter chose when the moon module offered a
    choice, and ``announcers`` the seats that made the hand's announcement.
    """

    hand_index: int
    dealer: int
    raw: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    shooter: int | None
    #: what the shooter chose, when the moon module offered a choice
    moon_choice: MoonOption | None = None
    #: the seats that made the hand's announcement (miezen)
    announcers: tuple[int, ...] = ()
    #: the seat whose revoke voided this hand (then ``raw`` is all 0 and the hand is dealt again)
    revoke: int | None = None
