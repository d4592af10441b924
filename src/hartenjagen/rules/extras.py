"""House rules that fit no other slot (RULES.md §1.8, §1.12-§1.14).

A house rule overrides the hooks it needs; the others do nothing:

- ``restrict_play`` narrows the legal plays (after the first-trick rule);
- ``announces`` opens an announcement round before the first lead;
- ``adjustments`` changes totals directly when a hand is scored;
- ``revoke_penalty`` lets an illegal play through and voids the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from hartenjagen._repr import module_repr
from hartenjagen.cards import Rank, Suit
from hartenjagen.errors import IllegalMoveCode, RulesError

if TYPE_CHECKING:
    from hartenjagen.rules import Rules
    from hartenjagen.state import State
    from hartenjagen.table import Table


@attrs.frozen
class HandSummary:
    """What a house rule sees of a hand being scored."""

    #: each seat's card points
    raw: tuple[int, ...]
    #: each seat's captured cards (bitmasks over physical cards)
    taken: tuple[int, ...]
    tricks_won: tuple[int, ...]
    shooter: int | None
    #: the seats that made the hand's announcement
    announcers: tuple[int, ...]
    table: Table


class HouseRule:
    """An entry of the ``extras`` slot.

    Write a house rule as a frozen attrs class (``@attrs.frozen``) so it
    compares, hashes and prints by its settings; a plain subclass compares
    equal to another instance of the same class with the same attributes.
    """

    __repr__ = module_repr

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return vars(self) == vars(other) if hasattr(self, "__dict__") else self is other

    def __hash__(self) -> int:
        return hash(type(self))

    #: the code of a play refused by ``restrict_play``
    play_code: IllegalMoveCode = IllegalMoveCode.HOUSE_RULE

    def restrict_play(self, candidates: int, hand: int, state: State, table: Table) -> int:
        """Narrow the cards the player to move may play (bitmasks); never return an empty mask."""
        return candidates

    def refusal(self, table: Table) -> str:
        """A sentence saying what ``restrict_play`` requires."""
        return f"the house rule {self!r} forbids it"

    def announces(self, state: State) -> bool:
        """Whether the hand of ``state`` opens with this rule's announcement round."""
        return False

    def adjustments(self, hand: HandSummary) -> tuple[int, ...] | None:
        """Points added straight to each total when the hand is scored (``None``: nothing)."""
        return None

    def revoke_penalty(self, table: Table) -> int | None:
        """Points for a player who makes an illegal play, which voids the hand (``None``: illegal plays are refused)."""
        return None

    def check(self, rules: Rules) -> None:
        """Raise [`RulesError`][hartenjagen.errors.RulesError] if this rule cannot work with the rest of ``rules``."""


def _whole(value: object, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"extras: {name} must be a whole number, not {value!r}")


@attrs.frozen(repr=False)
class NoTricksBonus(HouseRule):
    """A player who won no trick in the hand scores ``points`` (−5), unless someone shot the moon.

    RULES.md §1.14; OpenSpiel ``avoid_all_tricks_bonus``.
    """

    points: int = -5

    def __attrs_post_init__(self) -> None:
        _whole(self.points, "NoTricksBonus points")

    def adjustments(self, hand: HandSummary) -> tuple[int, ...] | None:
        if hand.shooter is not None:
            return None
        return tuple(self.points if won == 0 else 0 for won in hand.tricks_won)


@attrs.frozen(repr=False)
class Miezen(HouseRule):
    """Miezen (Achterhoek): before the first lead, each player in turn from eldest may announce to take no penalty cards.

    An announcer who captures no penalty card scores −``points`` (even if
    another player's moon gives them points); one who fails scores
    +``points`` on top. With ``first_half_only`` there is no announcement in
    a Dutch second half. RULES.md §1.12; S002.
    """

    points: int = 10
    first_half_only: bool = False

    def __attrs_post_init__(self) -> None:
        _whole(self.points, "Miezen points")
        if not isinstance(self.first_half_only, bool):
            raise RulesError(f"extras: first_half_only must be True or False, not {self.first_half_only!r}")

    def announces(self, state: State) -> bool:
        return not (self.first_half_only and state.rules.ending.second_half(state.score_sheet))

    def adjustments(self, hand: HandSummary) -> tuple[int, ...] | None:
        penalty_cards = hand.table.positive_mask
        return tuple(
            (self.points if hand.taken[seat] & penalty_cards else -self.points)
            if seat in hand.announcers
            else 0
            for seat in range(len(hand.taken))
        )


@attrs.frozen(repr=False)
class MustDropQueen(HouseRule):
    """The holder of the Q♠ must play it at the first chance where it cannot win the trick.

    That is when void in the led suit, or when spades are led and the K♠ or
    A♠ is already in the trick. The first-trick rule comes first. RULES.md
    ``must_drop_qs``; S002 house rule.
    """

    play_code = IllegalMoveCode.MUST_DROP_QUEEN

    def restrict_play(self, candidates: int, hand: int, state: State, table: Table) -> int:
        queen = candidates & table.queen_mask
        trick = state.trick
        if not queen or not trick:
            return candidates
        led = trick[0].card.suit
        if not hand & table.suit_masks[led]:
            return queen & -queen
        if led is Suit.SPADES and any(
            play.card.suit is Suit.SPADES and play.card.rank > Rank.QUEEN for play in trick
        ):
            return queen & -queen
        return candidates

    def refusal(self, table: Table) -> str:
        return "you must drop the Q♠ now that it cannot win the trick"


@attrs.frozen(repr=False)
class RevokePenalty(HouseRule):
    """Revokes are penalized, not prevented: an illegal play of a card in hand is accepted, and voids the hand.

    The offender scores ``points`` (``None``: the scheme's positive total,
    e.g. 26 or 15), everyone else 0, and the same dealer deals again without
    moving the pass cycle on. For tables that play with real cards. RULES.md
    §1.13 ``penalized``; S002 (15 for the Dutch game).
    """

    points: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.points is not None:
            _whole(self.points, "RevokePenalty points")

    def revoke_penalty(self, table: Table) -> int | None:
        return table.rules.scoring.moon_total(table) if self.points is None else self.points


#: Miezen with ±10 in both halves.
MIEZEN = Miezen()
#: The Q♠ must be dropped at the first safe chance.
MUST_DROP_QUEEN = MustDropQueen()
