"""`testing.games()` reaches play: where its states stand by default, and ``phase=`` (issue 40).

The counts are over a fixed number of examples drawn deterministically
(``derandomize``), so they are the same on every run of one hypothesis
version; the bounds leave room for another.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, testing, variants

#: Deterministic draws: the same states on every run.
FIXED = settings(
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
CHOICE = attrs.evolve(variants.STANDARD, moon=rules.moon.SHOOTER_CHOICE)


def _counts(strategy: st.SearchStrategy[hj.State], examples: int = 60) -> tuple[Counter[hj.Phase], int]:
    """The phases of ``examples`` drawn states, and how many have cards on the table (a trick begun)."""
    phases: Counter[hj.Phase] = Counter()
    table = 0

    @settings(FIXED, max_examples=examples)
    @given(strategy)
    def draw(state: hj.State) -> None:
        nonlocal table
        phases[state.phase] += 1
        table += bool(state.trick)

    draw()
    return phases, table


@pytest.mark.parametrize(
    "ruleset",
    [None, variants.STANDARD, variants.ACHTERHOEK],
    ids=["any rules", "standard", "achterhoek"],
)
def test_most_states_drawn_have_cards_on_the_table(ruleset: hj.Rules | None) -> None:
    """At least half have a trick begun (before: 5 of 60 under any rules, 4 of 60 standard; 23 and 13 passing).

    Hypothesis draws some seeds several times, so the counts come in clumps: 100 examples.
    """
    phases, table = _counts(testing.games(rules=ruleset), examples=100)
    assert sum(phases.values()) == 100
    assert table >= 50, (table, phases)
    assert phases[hj.Phase.PLAYING] >= 60
    assert len(phases) >= 2  # not only play


def test_every_phase_can_be_asked_for() -> None:
    for phase, ruleset in [
        (hj.Phase.PASSING, variants.STANDARD),
        ("announcing", variants.ACHTERHOEK),
        ("playing", variants.DUTCH),
        ("moon_choice", CHOICE),
        (hj.Phase.GAME_OVER, attrs.evolve(variants.DUTCH, ending=rules.ending.SingleHand())),
    ]:
        phases, _ = _counts(testing.games(rules=ruleset, phase=phase), examples=8)
        assert set(phases) == {hj.Phase(phase)} and sum(phases.values()) == 8


def test_a_property_about_play_is_reached() -> None:
    """The property of the issue: in play, the seat to move holds a card it may play."""
    reached = 0

    @settings(FIXED, max_examples=30)
    @given(testing.games(rules=variants.STANDARD))
    def prop(state: hj.State) -> None:
        nonlocal reached
        if state.phase is hj.Phase.PLAYING and state.trick:
            reached += 1
            assert any(isinstance(move, hj.Play) for move in hj.legal_moves(state))

    prop()
    assert reached >= 15


def test_phase_is_checked() -> None:
    phases = "'passing', 'announcing', 'playing', 'moon_choice', 'game_over'"
    with pytest.raises(ValueError, match=f"phase must be a Phase or one of {phases}, not 'bidding'"):
        testing.games(phase="bidding")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"phase must be a Phase or one of .*, not 3"):
        testing.games(phase=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="phase 'chance' never comes in games\\(\\): they are seeded"):
        testing.games(phase=hj.Phase.CHANCE)
    with pytest.raises(
        ValueError,
        match=r"games\(phase='moon_choice'\) never comes under these rules: its moon, .* offers no choice",
    ):
        testing.games(rules=variants.STANDARD, phase="moon_choice")
    with pytest.raises(ValueError, match="never comes under these rules: no house rule of it announces"):
        testing.games(rules=variants.STANDARD, phase="announcing")
    no_passing = attrs.evolve(variants.STANDARD, passing=rules.passing.NO_PASSING)
    with pytest.raises(ValueError, match=r"never comes under these rules: its passing, .* passes no card"):
        testing.games(rules=no_passing, phase="passing")
