"""What the rule modules of a ruleset say about a situation, asked through their own hooks.

Every call the test kit makes into a rule module's hooks is here, so that the
checks and the strategies learn what a module does from the module, never
from its class: the winner of a trick from the ``trick_winner`` module, the
shooter from the ``moon`` module, and so on. The hooks take cards and the
contexts of `hartenjagen.rules.context`, as any caller would give them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hartenjagen.cards import AnyCard, Card, without_jokers
from hartenjagen.errors import RulesError
from hartenjagen.rules import (
    Deck,
    Ending,
    HouseRule,
    Moon,
    MoonContext,
    PassRoute,
    Rules,
    Scoring,
    TrickContext,
    TrickWinner,
    opening,
    passing,
)
from hartenjagen.rules.extras import HandSummary
from hartenjagen.rules.plan import declared_plan
from hartenjagen.rules.teams import game_winners
from hartenjagen.rules.trick_winner import HOOKS as TRICK_WINNER_HOOKS
from hartenjagen.testing._common import cached
from hartenjagen.values import HandResult, Trick

#: Hands scored with no points, to see whether an ending ends on its own (a fixed number of hands).
_IDLE_HANDS = 12


class Contract:
    """The hooks of one ruleset's modules, asked with cards."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players

    def trick_winner(self, trick: TrickContext) -> int | None:
        """The position of the winning card in a full trick, by the ``trick_winner`` module (``None``: none wins)."""
        position = self.rules.trick_winner.winner(trick)
        return None if position is None else int(position)

    def own_trick_winner(self) -> bool:
        """Whether the ``trick_winner`` module is one of one's own (the built-in: the highest card of the suit led)."""
        return declared_plan(self.rules.trick_winner, TrickWinner, TRICK_WINNER_HOOKS) is None

    def moon_context(
        self,
        taken: Sequence[Sequence[AnyCard]],
        tricks: Sequence[Trick] = (),
        totals: tuple[int, ...] | None = None,
    ) -> MoonContext:
        """The moon context of a hand in which each seat captured ``taken`` (in ``tricks``, if known).

        As the engine's: the piles without jokers (a hook's context holds none), the points with their values.
        """
        piles = tuple(tuple(sorted(without_jokers(pile))) for pile in taken)
        return MoonContext(
            rules=self.rules,
            cards_taken=piles,
            tricks=tuple(tricks),
            raw=tuple(self.rules.scoring.total_of(pile) for pile in taken),
            totals=(0,) * self.players if totals is None else totals,
            options=tuple(self.rules.moon.options()),
        )

    def shooter(
        self,
        taken: Sequence[Sequence[AnyCard]],
        tricks: Sequence[Trick] = (),
        totals: tuple[int, ...] | None = None,
    ) -> int | None:
        """The seat that shot the moon with these captured cards, by the ``moon`` module."""
        return self.rules.moon.shooter(self.moon_context(taken, tricks, totals))

    def moon_applies(self, sheet: tuple[HandResult, ...]) -> bool:
        """Whether the moon counts in the hand after ``sheet``, by the ``ending`` module."""
        return self.rules.ending.moon_applies(sheet)

    def raw_points(self, taken: Sequence[Sequence[AnyCard]]) -> tuple[int, ...]:
        """Each seat's card points by ``scoring.points_of`` and its jokers' values: what the engine scores a hand with."""
        return tuple(self.rules.scoring.total_of(pile) for pile in taken)

    def givers(self, stage: int, route: PassRoute, dealer: int) -> tuple[int, ...]:
        """The seats that pass in this stage of the exchange, by the ``passing`` module."""
        return tuple(self.rules.passing.givers(stage, route, self.players, dealer))

    def winners(self, totals: tuple[int, ...], sheet: tuple[HandResult, ...] = ()) -> tuple[int, ...]:
        """The winners of a game that ended with these totals after the hands of ``sheet``, by the ``ending`` (and the teams)."""
        return game_winners(self.rules, totals, sheet)

    def revoke_penalty(self) -> int | None:
        """The revoke penalty of the first house rule that has one (``None``: illegal plays are refused)."""
        for extra in self.rules.extras:
            penalty = extra.revoke_penalty(self.rules)
            if penalty is not None:
                return int(penalty)
        return None


# ---------------------------------------------------------------- facts for the strategies


def _splits(pack: Sequence[Card], players: int) -> list[list[list[Card]]]:
    """Ways the captured cards of a hand could fall: all to one seat, dealt round, and some at random."""
    ordered = sorted(pack)
    out = [[list(ordered)] + [[] for _ in range(players - 1)]]
    out.append([ordered[seat::players] for seat in range(players)])
    rng = random.Random(f"hartenjagen/testing/splits/{len(pack)}/{players}")
    for _ in range(8):
        piles: list[list[Card]] = [[] for _ in range(players)]
        for card in ordered:
            piles[rng.randrange(players)].append(card)
        out.append(piles)
    return out


@cached
def least_hand_points(deck: Deck, scoring: Scoring) -> int:
    """The least sum of the seats' card points found over some ways a hand's cards could be captured.

    By ``scoring.points_of``, so a scoring whose points are no sum of card
    values (the first two hearts free) is judged by what it scores.
    """
    pack = deck.pack()
    return min(sum(scoring.points_of(pile) for pile in piles) for piles in _splits(pack, deck.players))


def _rules(deck: Deck, scoring: Scoring, moon: Moon | None = None) -> Rules | None:
    """Rules of these modules (the other slots as simple as they come), or ``None`` if they do not fit."""
    try:
        slots: dict[str, Any] = {"deck": deck, "scoring": scoring, "passing": passing.NO_PASSING}
        if moon is not None:
            slots["moon"] = moon
        return Rules(opening=opening.ELDEST_ANY, **slots)
    except RulesError:
        return None


@cached
def moon_facts(deck: Deck, scoring: Scoring, moon: Moon) -> tuple[bool, bool, int]:
    """What a moon module does here: (whether a seat that takes every card shoots, whether every option
    gives the other seats points, how many cards a shooter must take).

    Asked through ``moon.shooter`` (one seat takes the pack, then each card in
    turn goes to another seat), ``moon.options`` and ``moon.settle``.
    """
    rules = _rules(deck, scoring, moon)
    options = moon.options()
    if rules is None or not options:
        return False, False, 0
    pack = deck.pack()
    contract = Contract(rules)
    n = deck.players
    everything: list[list[Card]] = [list(pack)] + [[] for _ in range(n - 1)]
    if contract.shooter(everything) is None:
        return False, False, 0
    needed = 0
    for position in range(len(pack)):
        rest = [card for i, card in enumerate(pack) if i != position]
        if contract.shooter([rest, [pack[position]], *([] for _ in range(n - 2))]) != 0:
            needed += 1
    context = contract.moon_context(everything)
    gains = all(
        all(
            after > before
            for after, before in list(zip(moon.settle(context, 0, option), context.raw, strict=True))[1:]
        )
        for option in options
    )
    return True, gains, needed


@cached
def house_bonus(deck: Deck, scoring: Scoring, extra: HouseRule) -> int:
    """The most a seat was seen to lose to ``extra`` in one hand (a mies made, no tricks won), in points.

    Asked through ``extra.adjustments``: each seat in turn takes nothing (no
    trick, no card) while the next takes everything, with every seat
    announcing and with none.
    """
    rules = _rules(deck, scoring)
    if rules is None:
        return 0
    n = deck.players
    pack = deck.pack()
    tricks = len(pack) // n
    most = 0
    for seat in range(n):
        piles: list[list[Card]] = [[] for _ in range(n)]
        piles[(seat + 1) % n] = list(pack)
        won = [0] * n
        won[(seat + 1) % n] = tricks
        raw = tuple(scoring.points_of(pile) for pile in piles)
        for announcers in (tuple(range(n)), ()):
            summary = HandSummary(
                rules=rules, raw=raw, cards_taken=tuple(tuple(sorted(pile)) for pile in piles), tricks=(),
                tricks_won=tuple(won), shooter=None, announcers=announcers,
            )  # fmt: skip
            change = extra.adjustments(summary)
            if change:
                most = max(most, -min(change))
    return most


@cached
def ends_by_count(ending: Ending, players: int) -> bool:
    """Whether a game under ``ending`` ends after some hands that score nothing (a fixed number of hands).

    Asked through ``ending.is_over`` with up to a dozen hands of no points.
    """
    zeros = (0,) * players
    sheet: tuple[HandResult, ...] = ()
    for index in range(_IDLE_HANDS):
        sheet = (*sheet, HandResult(index, index % players, zeros, zeros, zeros, None))
        if ending.is_over(zeros, sheet):
            return True
    return False
