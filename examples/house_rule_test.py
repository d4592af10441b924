"""Property-testing a house rule of your own with ``hartenjagen.testing``.

The house rule: a player who cannot follow suit must discard a card worth
points (a heart, the Q♠, ...) if they hold one. It is written as a small rule
module, composed into the standard game with ``attrs.evolve``, and tested three
ways: the whole ruleset through ``check_rules`` (the invariants every ruleset
must keep), the house rule combined with any scoring, heart-lead and moon rule
(``testing.rules(base=...)``), and the rule's own promise on random states of
random games (``testing.games``).

Needs the test kit: ``python -m pip install '.[testing]'`` from a checkout (it brings hypothesis).
Run: ``pytest examples/house_rule_test.py`` or ``python examples/house_rule_test.py``.
"""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, testing, variants
from hartenjagen.core.state import State
from hartenjagen.core.table import Table
from hartenjagen.frontend import serialize
from hartenjagen.rules.extras import HouseRule


@serialize.register  # so that rules using it can be saved (and check_rules checks the JSON round trips)
@attrs.frozen(repr=False)
class MustDiscardPoints(HouseRule):
    """A player who cannot follow suit must discard a card worth points, if they hold one.

    ``table.positive_mask`` is the cards worth more than 0 under the scoring in
    play, so the rule follows whatever scoring it is combined with.
    """

    def restrict_play(self, candidates: int, hand: int, state: State, table: Table) -> int:
        if not state.trick:
            return candidates  # leading: nothing changes
        led = state.trick[0].card.suit
        if hand & table.suit_masks[led]:
            return candidates  # the player can follow suit
        return candidates & table.positive_mask or candidates  # never leave no card at all

    def refusal(self, table: Table) -> str:
        return "you cannot follow suit, so you must discard a card worth points"


#: The house game: standard Hearts with the house rule.
HOUSE = attrs.evolve(variants.STANDARD, extras=(MustDiscardPoints(),))


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
        ending=st.sampled_from([rules.ending.SINGLE_HAND, rules.ending.ScoreLimit(limit=30)]),
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
def test_a_void_player_holding_points_discards_points(state: State) -> None:
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
    test_the_house_game_keeps_every_invariant()
    test_the_house_rule_with_any_scoring_lead_rule_and_moon()
    test_a_void_player_holding_points_discards_points()
    print("The house rule passes.")
