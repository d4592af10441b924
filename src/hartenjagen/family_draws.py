"""The Hearts family's games with undealt cards: a widow, or a stock to draw from.

Written with public names only, as [`hartenjagen.family`][hartenjagen.family]
is: each game a function returning its [`Rules`][hartenjagen.rules.Rules],
its options keyword arguments. The presets of
[`variants.FAMILY`][hartenjagen.variants.FAMILY] are these functions called
with their defaults; docs/family.md shows their code.

- [`heartsette`][hartenjagen.family_draws.heartsette]: a widow of undealt
  cards goes to the first trick's winner.
- [`two_player_hearts`][hartenjagen.family_draws.two_player_hearts]: two
  players draw from a stock after each trick, the winner first.
- [`domino_hearts`][hartenjagen.family_draws.domino_hearts]: six cards
  each; a seat that cannot follow draws from the stock until it can, an
  empty hand drops out, the last seat with cards takes the rest.
"""

from __future__ import annotations

from hartenjagen import rules
from hartenjagen.errors import RulesError
from hartenjagen.rules import Rules

__all__ = ["domino_hearts", "heartsette", "two_player_hearts"]


def _whole(value: object, name: str, low: int) -> int:
    """``value`` if it is a whole number of at least ``low``, else a `RulesError` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise RulesError(f"{name} must be a whole number of at least {low}, not {value!r}")
    return value


# docs/family.md [start:heartsette]
#: Heartsette's deal by players: (cards each, cards removed); the rest is the widow.
HEARTSETTE_DEALS = {3: (16, ("2S",)), 4: (12, ("2S",)), 5: (10, ()), 6: (8, ())}


def heartsette(*, players: int = 4, limit: int = 100) -> Rules:
    """Heartsette: Hearts with a widow; the first trick's winner takes it, unseen, with its points.

    With 3 or 4 players the 2♠ is out; 3 get 16 cards each, 4 get 12, 5 get
    10 and 6 get 8, and the 3 or 4 cards left over (2 for five) lie face
    down. No passing; eldest leads any card; the winner of the first trick
    takes the widow, unseen by the others, and the penalty cards in it count
    for that player. Otherwise standard Hearts: hearts 1, the Q♠ 13, the
    moon, game to ``limit`` (100).
    """
    _whole(players, "heartsette: players", 3)
    if players not in HEARTSETTE_DEALS:
        raise RulesError(f"heartsette: is played by 3 to 6 players, not {players}")
    hand, removed = HEARTSETTE_DEALS[players]
    return Rules(
        deck=rules.undealt.WidowPack(players=players, hand=hand, removed=removed, widow_after=0),
        passing=rules.passing.NO_PASSING,
        opening=rules.opening.ELDEST_ANY,
        ending=rules.ending.ScoreLimit(limit=_whole(limit, "heartsette: limit", 1)),
    )


# docs/family.md [end:heartsette]


# docs/family.md [start:two_player_hearts]
def two_player_hearts(*, hand: int = 13, limit: int = 100) -> Rules:
    """Two-player Hearts (Draw Hearts): 13 cards each from one pack; the other 26 are a stock.

    After each trick the winner draws the top card of the stock, then the
    other player draws the next, and the winner leads to the next trick. When
    the stock is empty the 13 cards left in each hand are played out (26
    tricks in all). No passing; the non-dealer leads any card to the first
    trick. Otherwise standard Hearts: hearts 1, the Q♠ 13, the moon, game to
    ``limit`` (100). ``hand`` (13) deals fewer or more: the rest is the stock.
    """
    hand = _whole(hand, "two_player_hearts: hand", 1)
    if hand >= 26:
        raise RulesError(f"two_player_hearts: hand must leave a stock, fewer than 26 cards each, not {hand}")
    return Rules(
        deck=rules.undealt.StockPack(players=2, hand=hand),
        passing=rules.passing.NO_PASSING,
        opening=rules.opening.ELDEST_ANY,
        ending=rules.ending.ScoreLimit(limit=_whole(limit, "two_player_hearts: limit", 1)),
    )


# docs/family.md [end:two_player_hearts]


# docs/family.md [start:domino_hearts]
def domino_hearts(
    *, players: int = 4, limit: int = 31, queen: bool = False, stock_to_last: bool = True
) -> Rules:
    """Domino Hearts: six cards each; a seat that cannot follow suit draws from the stock until it can.

    The rest of the pack is a face-down stock. Eldest leads any card; no
    passing. A seat void in the suit led draws the stock's top card until it
    can follow (it must then follow); once the stock is empty it may play
    any card. A seat whose hand is empty drops out, and if it won the trick
    the lead passes to the next seat on its left with cards. When one seat
    alone has cards left the hand ends: its remaining cards count against
    it, and so does the stock (``stock_to_last``; False: the stock counts for
    nobody). Each heart is 1 point (``queen``: the Q♠ 13 too); no moon; the
    game ends when a player reaches ``limit`` (31) and the lowest total wins.
    2 to 7 players (``players``, 4).
    """
    _whole(players, "domino_hearts: players", 2)
    if players > 7:
        raise RulesError(f"domino_hearts: is played by 2 to 7 players, not {players}")
    for name, value in (("queen", queen), ("stock_to_last", stock_to_last)):
        if not isinstance(value, bool):
            raise RulesError(f"domino_hearts: {name} must be True or False, not {value!r}")
    return Rules(
        deck=rules.undealt.DominoPack(players=players, hand=6, stock_left=stock_to_last),
        passing=rules.passing.NO_PASSING,
        opening=rules.opening.ELDEST_ANY,
        first_trick=rules.first_trick.ANYTHING,
        scoring=rules.scoring.BLACK_LADY if queen else rules.scoring.HEARTS_ONLY,
        moon=rules.moon.NO_MOON,
        ending=rules.ending.ScoreLimit(limit=_whole(limit, "domino_hearts: limit", 1)),
    )


# docs/family.md [end:domino_hearts]
