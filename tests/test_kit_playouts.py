"""What a failing property test over ``testing.playouts(...)`` prints: the rules drawn and a short
state in one line, not the game's 600 steps (issue 28, item 7)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, testing, variants

QUICK = settings(max_examples=5, database=None, derandomize=True, deadline=None)
#: A failure is reported as found: shrinking whole games again and again is slow, and prints the same.
UNSHRUNK = settings(QUICK, phases=(Phase.generate,))
ONE_HAND = attrs.evolve(variants.DUTCH, ending=rules.ending.SINGLE_HAND)


def _failing_example(strategy: st.SearchStrategy[testing.Playout]) -> str:
    """The report hypothesis attaches to the error of a property that fails on every playout."""

    @UNSHRUNK
    @given(strategy)
    def property_that_fails(steps: testing.Playout) -> None:
        assert len(steps) < 3, "a game of fewer than three moves"

    with pytest.raises(AssertionError) as caught:
        property_that_fails()
    notes = getattr(caught.value, "__notes__", [])
    (report,) = [note for note in notes if "steps=" in note]
    return report


def test_a_failing_example_shows_the_rules_and_the_final_state_not_the_history():
    report = _failing_example(testing.playouts(rules=ONE_HAND))
    assert len(report.splitlines()) <= 4
    assert len(report) < 1000
    assert "rules=" + repr(ONE_HAND) in report
    assert "seed=" in report and "dealer=" in report
    assert "game_over" in report  # the state the playout ends in
    assert "Play(" not in report  # no step of the history


def test_the_drawn_rules_are_shown_when_the_rules_are_drawn_too():
    drawn = testing.rules(base=variants.STANDARD, ending=st.just(rules.ending.SINGLE_HAND))
    report = _failing_example(testing.playouts(rules=drawn))
    assert "rules=Rules(" in report and "ending=" in report
    assert "Play(" not in report and len(report) < 2000


@QUICK
@given(testing.playouts(rules=ONE_HAND))
def test_a_playout_is_its_steps_with_the_game_it_came_from(steps: testing.Playout):
    assert isinstance(steps, list) and isinstance(steps, testing.Playout)
    assert steps.rules == steps[0][0].rules
    assert steps.final == hj.apply(*steps[-1])
    assert steps.final.is_over
    assert steps[0][0] == hj.new_game(steps.rules, seed=steps.seed, dealer=steps.dealer)
    assert repr(steps).startswith(f"<playout of {len(steps)} moves with rules=")


def test_a_playout_cut_short_ends_at_the_state_it_reached():
    @QUICK
    @given(testing.playouts(rules=variants.STANDARD, max_moves=5))
    def check(steps: testing.Playout) -> None:
        assert len(steps) == 5
        assert steps.final == hj.apply(*steps[-1]) and not steps.final.is_over

    check()
