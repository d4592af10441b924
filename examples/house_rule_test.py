"""Property-testing a house rule of your own with ``hartenjagen.testing``.

The house rule: a player who cannot follow suit must discard a card worth
points (a heart, the Q♠, ...) if they hold one. It is written as a small rule
module (docs/writing-rules.md), composed into the standard game with
``attrs.evolve``, and tested four ways: the rule's hook on its own, on a
position built from a deal (``PlayContext.of``); the whole ruleset through
``check_rules`` (the invariants every ruleset must keep); the house rule
combined with any scoring, heart-lead and moon rule (``testing.rules(base=...)``);
and the rule's own promise on random states of random games (``testing.games``).

Needs the test kit: ``python -m pip install '.[testing]'`` from a checkout (it brings hypothesis).
Run: ``pytest examples/house_rule_test.py`` or ``python examples/house_rule_test.py``.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, testing, variants
from hartenjagen.cards import Card, Suit
from hartenjagen.rules import HouseRule, PlayContext


@attrs.frozen
class MustDiscardPoints(HouseRule):
    """A player who cannot follow suit must discard a card worth points, if they hold one.

    A card's worth is asked of the scoring in play (``rules.scoring.card_value``),
    so the rule follows whatever scoring it is combined with.
    """

    play_code = "must_discard_points"
    refusal_text = "you cannot follow suit, so you must discard a card worth points"

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if context.leading or any(card.suit is context.led_suit for card in context.hand):
            return context.allowed  # leading, or able to follow suit: nothing changes
        value = context.rules.scoring.card_value
        return {card for card in context.allowed if value(card) > 0} or context.allowed  # never leave no card


#: The house game: standard Hearts with the house rule.
HOUSE = attrs.evolve(variants.STANDARD, extras=(MustDiscardPoints(),))


def test_the_rule_on_its_own() -> None:
    """The hook asked directly, on a position dealt by hand: seat 1 holds no heart when a heart is led."""
    game = attrs.evolve(
        variants.STANDARD,
        passing=rules.passing.NO_PASSING,
        opening=rules.opening.ELDEST_ANY,
        first_trick=rules.first_trick.ANYTHING,
    )
    deal = ["2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC QS"]
    deal += ["2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "AC 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"]
    state = hj.apply(hj.new_game(game, deal=deal, dealer=3), hj.Play(0, "2H"))  # seat 0 (eldest) leads
    context = PlayContext.of(state)  # seat 1 to play; allowed: what the other rules allow (any card)
    assert context.seat == 1 and context.led_suit is Suit.HEARTS and len(context.allowed) == 13
    assert set(MustDiscardPoints().playable(context)) == {Card("QS")}
    # The same position under the house game: the engine asks the rule.
    house = attrs.evolve(game, extras=(MustDiscardPoints(),))
    state = hj.apply(hj.new_game(house, deal=deal, dealer=3), hj.Play(0, "2H"))
    assert hj.legal_moves(state) == (hj.Play(1, "QS"),)
    assert hj.explain(state, hj.Play(1, "2C")).code == "must_discard_points"


def test_the_house_game_keeps_every_invariant() -> None:
    """Ten random games, checked step by step (sources §3); a failure shows a short counterexample."""
    testing.check_rules(HOUSE, games=10)


@settings(max_examples=15, deadline=None)
@given(
    testing.rules(
        base=HOUSE,
        scoring=testing.ANY,
        leading=testing.ANY,
        moon=testing.ANY,
        # A fixed number of hands, not a score limit: under any scoring (a heart worth -13, say) the
        # totals need not grow, and a game to 30 points may never end.
        ending=st.sampled_from([rules.ending.SINGLE_HAND, rules.ending.FixedDeals(deals=3)]),
    )
)
def test_the_house_rule_with_any_scoring_lead_rule_and_moon(ruleset: hj.Rules) -> None:
    """The house rule composed with other modules still makes a sound ruleset."""
    assert MustDiscardPoints() in ruleset.extras
    testing.check_rules(ruleset, games=1)


@settings(max_examples=60, deadline=None)
@given(
    testing.games(
        rules=testing.rules(base=HOUSE, scoring=testing.ANY, ending=st.just(rules.ending.SINGLE_HAND))
    )
)
def test_a_void_player_holding_points_discards_points(state: hj.State) -> None:
    """The rule's own promise, on states of random games under any scoring."""
    if state.phase is not hj.Phase.PLAYING or not state.trick:
        return
    (seat,) = state.to_move
    hand = state.hands[seat]
    led = state.trick[0].card.suit
    if any(card.suit is led for card in hand):
        return
    value = state.rules.scoring.card_value
    if not state.tricks and isinstance(state.rules.first_trick, rules.first_trick.NoPointsUnlessForced):
        return  # on the first trick the no-points rule comes first
    if any(value(card) > 0 for card in hand):
        assert all(isinstance(move, hj.Play) and value(move.card) > 0 for move in hj.legal_moves(state))


if __name__ == "__main__":
    test_the_rule_on_its_own()
    test_the_house_game_keeps_every_invariant()
    test_the_house_rule_with_any_scoring_lead_rule_and_moon()
    test_a_void_player_holding_points_discards_points()
    print("The house rule passes.")
