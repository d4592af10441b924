"""What the rule modules of a ruleset say about a situation, asked through their own hooks.

Every call the test kit makes into a rule module's hooks is here, so that the
checks and the strategies learn what a module does from the module, never
from its class: the winner of a trick from the ``duplicates`` module, the
shooter from the ``moon`` module, and so on. The hooks take cards as the core
holds them (bitmasks over physical cards, a `Table`); this file turns cards
into those arguments. A card's copies in a double deck are numbered in the
order they come (the first seen is copy 0): no module may tell them apart.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from hartenjagen.cards import CARD_COUNT, Card
from hartenjagen.errors import RulesError
from hartenjagen.rules import Deck, Ending, HouseRule, Moon, Rules, Scoring, opening, passing
from hartenjagen.rules.extras import HandSummary
from hartenjagen.rules.passing import PassDirection
from hartenjagen.state import HandResult
from hartenjagen.table import Table, table_for
from hartenjagen.testing._common import cached

#: Hands scored with no points, to see whether an ending ends on its own (a fixed number of hands).
_IDLE_HANDS = 12


class Contract:
    """The hooks of one ruleset's modules, asked with cards."""

    def __init__(self, rules: Rules, table: Table | None = None) -> None:
        self.rules = rules
        self._table: Table = table_for(rules) if table is None else table
        self.players = rules.players

    def masks(self, piles: Sequence[Sequence[Card]]) -> tuple[int, ...]:
        """The piles as bitmasks over physical cards (copies numbered in the order they come)."""
        copies: Counter[Card] = Counter()
        out = []
        for pile in piles:
            mask = 0
            for card in pile:
                mask |= 1 << (card.index + CARD_COUNT * copies[card])
                copies[card] += 1
            out.append(mask)
        return tuple(out)

    def trick_winner(self, cards: Sequence[Card]) -> int | None:
        """The position of the winning card in a full trick, by the ``duplicates`` module (``None``: cancelled)."""
        copies: Counter[Card] = Counter()
        physical = []
        for card in cards:
            physical.append(card.index + CARD_COUNT * copies[card])
            copies[card] += 1
        position = self.rules.duplicates.winner(tuple(physical), self._table)
        return None if position is None else int(position)

    def shooter(self, taken: Sequence[Sequence[Card]]) -> int | None:
        """The seat that shot the moon with these captured cards, by the ``moon`` module."""
        return self.rules.moon.shooter(self.masks(taken), self._table)

    def moon_applies(self, sheet: tuple[HandResult, ...]) -> bool:
        """Whether the moon counts in the hand after ``sheet``, by the ``ending`` module."""
        return self.rules.ending.moon_applies(sheet)

    def raw_points(self, taken: Sequence[Sequence[Card]]) -> tuple[int, ...] | None:
        """Each seat's card points by ``scoring.points_of``, or ``None`` if the scoring sees all seats at once.

        A scoring that keeps ``hand_points`` as the base class has it scores
        each seat's cards alone, and then promises the same in ``points_of``.
        """
        if type(self.rules.scoring).hand_points is not Scoring.hand_points:
            return None
        return tuple(self.rules.scoring.points_of(pile) for pile in taken)

    def givers(self, stage: int, direction: PassDirection, dealer: int) -> tuple[int, ...]:
        """The seats that pass in this stage of the exchange, by the ``passing`` module."""
        return tuple(self.rules.passing.givers(stage, direction, self.players, dealer))

    def winners(self, totals: tuple[int, ...]) -> tuple[int, ...]:
        """The winners of a game that ended with these totals, by the ``ending`` module."""
        return tuple(self.rules.ending.winners(totals))

    def revoke_penalty(self) -> int | None:
        """The revoke penalty of the first house rule that has one (``None``: illegal plays are refused)."""
        for extra in self.rules.extras:
            penalty = extra.revoke_penalty(self._table)
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


def _table(deck: Deck, scoring: Scoring, moon: Moon | None = None) -> Table | None:
    """A table for these modules (the other slots as simple as they come), or ``None`` if they do not fit."""
    try:
        slots: dict[str, Any] = {"deck": deck, "scoring": scoring, "passing": passing.NO_PASSING}
        if moon is not None:
            slots["moon"] = moon
        rules = Rules(opening=opening.ELDEST_ANY, **slots)
    except RulesError:
        return None
    return table_for(rules)


@cached
def moon_facts(deck: Deck, scoring: Scoring, moon: Moon) -> tuple[bool, bool, int]:
    """What a moon module does here: (whether a seat that takes every card shoots, whether every option
    gives the other seats points, how many cards a shooter must take).

    Asked through ``moon.shooter`` (one seat takes the pack, then each card in
    turn goes to another seat), ``moon.options`` and ``moon.settle``.
    """
    table = _table(deck, scoring, moon)
    options = moon.options()
    if table is None or not options:
        return False, False, 0
    pack = deck.pack()
    contract = Contract(table.rules, table)
    n = deck.players
    everything: list[list[Card]] = [list(pack)] + [[] for _ in range(n - 1)]
    if contract.shooter(everything) is None:
        return False, False, 0
    needed = 0
    for position in range(len(pack)):
        rest = [card for i, card in enumerate(pack) if i != position]
        if contract.shooter([rest, [pack[position]], *([] for _ in range(n - 2))]) != 0:
            needed += 1
    raw = tuple(scoring.points_of(pile) for pile in everything)
    taken = contract.masks(everything)
    zeros = (0,) * n
    gains = all(
        all(
            after > before
            for after, before in list(
                zip(moon.settle(raw, taken, zeros, 0, option, table), raw, strict=True)
            )[1:]
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
    table = _table(deck, scoring)
    if table is None:
        return 0
    n = deck.players
    pack = deck.pack()
    contract = Contract(table.rules, table)
    tricks = len(pack) // n
    most = 0
    for seat in range(n):
        piles: list[list[Card]] = [[] for _ in range(n)]
        piles[(seat + 1) % n] = list(pack)
        won = [0] * n
        won[(seat + 1) % n] = tricks
        raw = tuple(scoring.points_of(pile) for pile in piles)
        for announcers in (tuple(range(n)), ()):
            summary = HandSummary(raw, contract.masks(piles), tuple(won), None, announcers, table)
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
