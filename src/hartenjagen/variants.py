"""Named rulesets (presets). Each is a :class:`~hartenjagen.rules.Rules` value.

A house variant is a preset with a slot changed::

    attrs.evolve(variants.STANDARD, scoring=rules.scoring.OMNIBUS)
"""

from __future__ import annotations

from typing import Final

from hartenjagen.rules import Rules
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.extras import HouseRule, NoTricksBonus
from hartenjagen.rules.first_trick import ANYTHING, NoPointsUnlessForced, RestrictedCards
from hartenjagen.rules.leading import ANYTIME, HeartsAfterBroken, HeartsAndQueen
from hartenjagen.rules.opening import ANY_CLUB, LOWEST_CLUB
from hartenjagen.rules.passing import NO_PASSING, PassCycle, PassDirection
from hartenjagen.rules.scoring import BLACK_LADY, OMNIBUS

#: Standard Hearts (Black Lady) for four: pass 3 left, right, across, hold; the 2♣ leads;
#: no penalty cards on the first trick unless forced; hearts led once broken; hearts 1,
#: Q♠ 13; the moon gives the others 26; the game ends at 100 and the lowest total wins.
#: RULES.md ``standard_microsoft_4p``.
STANDARD: Final = Rules()


def openspiel(
    *,
    pass_direction: PassDirection = PassDirection.LEFT,
    pass_cards: bool = True,
    no_pts_on_first_trick: bool = True,
    can_lead_any_club: bool = False,
    jd_bonus: bool = False,
    avoid_all_tricks_bonus: bool = False,
    qs_breaks_hearts: bool = True,
    must_break_hearts: bool = True,
    can_lead_hearts_instead_of_qs: bool = False,
) -> Rules:
    """The rules of one hand of OpenSpiel's Hearts, from its eight switches (same names and defaults).

    OpenSpiel draws the pass direction by chance for its one-hand episodes;
    here it is the argument ``pass_direction``. RULES.md ``openspiel_default``.
    """
    extras: tuple[HouseRule, ...] = (NoTricksBonus(),) if avoid_all_tricks_bonus else ()
    return Rules(
        passing=PassCycle(directions=(pass_direction,)) if pass_cards else NO_PASSING,
        opening=ANY_CLUB if can_lead_any_club else LOWEST_CLUB,
        first_trick=(
            NoPointsUnlessForced(restricted=RestrictedCards.HEARTS_AND_QUEEN)
            if no_pts_on_first_trick
            else ANYTHING
        ),
        leading=(
            HeartsAfterBroken(
                queen_breaks=qs_breaks_hearts,
                hearts_and_queen=(
                    HeartsAndQueen.HEARTS_OR_QUEEN
                    if can_lead_hearts_instead_of_qs
                    else HeartsAndQueen.QUEEN_FORCED
                ),
            )
            if must_break_hearts
            else ANYTIME
        ),
        scoring=OMNIBUS if jd_bonus else BLACK_LADY,
        ending=SINGLE_HAND,
        extras=extras,
    )
