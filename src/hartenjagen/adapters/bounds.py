"""The range of an episode's returns, as OpenSpiel's ``GameInfo`` declares it (``min_utility``, ``max_utility``).

A seat's score for one hand lies in a range the rule modules fix: its card
points lie between the pack's negative and positive values (the J♦'s −10, the
26 points of Hearts), a moon moves them by its amount, and the house rules add
their bonuses and penalties. For the library's own modules that range is worked
out here (a standard hand: 0 to 26, so its returns lie in [−26, 0]); a module of
another package could score anything, and there the loose bound of
`hartenjagen.adapters.encoding.hand_points_bound` stands.
"""

from __future__ import annotations

from hartenjagen.moves import MoonOption
from hartenjagen.rules import Rules
from hartenjagen.rules.ending import Countdown, FixedDeals, ScoreLimit, SingleHand, TwoHalves
from hartenjagen.rules.extras import Miezen, MustDropQueen, NoTricksBonus, RevokePenalty
from hartenjagen.rules.moon import NoMoon, OthersPlus, ResetOrDouble, SelfMinus, ShooterChoice
from hartenjagen.rules.scoring import CardPoints, HoemkeFirstTwoFree

__all__ = ["hand_range", "returns_range"]

_PLAIN_ENDINGS = (Countdown, FixedDeals, ScoreLimit, SingleHand)


def hand_range(rules: Rules, first_hand: bool) -> tuple[int, int] | None:
    """The least and greatest change of a seat's total in one hand (``first_hand``: the game's first), or ``None``.

    ``None`` where a module is not the library's own (its scores are not known
    here), or where a change depends on the totals before the hand (a moon that
    resets or doubles totals, after the first hand).
    """
    if type(rules.scoring) not in (CardPoints, HoemkeFirstTwoFree):
        return None
    if type(rules.ending) not in (*_PLAIN_ENDINGS, TwoHalves):
        return None
    values = [rules.scoring.card_value(card) for card in rules.deck.pack()]
    # Card points: any share of the pack (HoemkeFirstTwoFree scores at most its values' sum).
    low, high = sum(v for v in values if v < 0), sum(v for v in values if v > 0)
    moon = rules.moon
    if type(moon) in (OthersPlus, SelfMinus, ShooterChoice, ResetOrDouble):
        amount = rules.scoring.moon_total(rules) if moon.amount is None else moon.amount  # type: ignore[attr-defined]
        # A shooter's own points come from cards outside the moon set, the others' too: low to 0.
        for option in moon.options():
            if option is MoonOption.OTHERS_PLUS:
                changes = [low, 0, low + amount, amount]
            elif option is MoonOption.SELF_MINUS:
                changes = [low - amount, -amount, low, 0]
            elif first_hand:  # RESET or DOUBLE: the totals before the first hand are 0
                changes = [low, 0]
            else:
                return None
            low, high = min(low, *changes), max(high, *changes)
    elif type(moon) is not NoMoon:
        return None
    add_low = add_high = 0
    for rule in rules.extras:
        kind = type(rule)
        if kind is NoTricksBonus:
            add_low, add_high = add_low + min(0, rule.points), add_high + max(0, rule.points)  # type: ignore[attr-defined]
        elif kind is Miezen:
            add_low, add_high = add_low - abs(rule.points), add_high + abs(rule.points)  # type: ignore[attr-defined]
        elif kind is RevokePenalty:  # a voided hand: the offender scores the penalty, the others 0
            penalty = rule.revoke_penalty(rules)
            assert penalty is not None
            low, high = min(low, penalty), max(high, penalty)
        elif kind is not MustDropQueen:
            return None
    if type(rules.ending) is TwoHalves and not first_hand:
        # The second half subtracts a hand's points (or bounces off 0): a change either way.
        most = max(-low, high) + max(-add_low, add_high)
        return -most, most
    return min(0, low + add_low), max(0, high + add_high)


def returns_range(rules: Rules, hands: int, offset: float = 0.0) -> tuple[float, float] | None:
    """The least and greatest return of an episode of at most ``hands`` hands (minus the totals, plus
    ``offset`` a hand), or ``None`` where `hand_range` does not know a hand's range."""
    first = hand_range(rules, first_hand=True)
    later = first if hands == 1 else hand_range(rules, first_hand=False)
    if first is None or later is None:
        return None
    low, high = min(first[0], later[0]), max(first[1], later[1])
    # After k hands (1 <= k <= hands) a return lies in k * [offset - high, offset - low].
    least, most = offset - high, offset - low
    return min(least, hands * least), max(most, hands * most)
