"""``testing.check_rules`` on good rules: every preset, shapes the presets lack, drawn compositions.

Also a user's own modules that keep the contract, a preset given as such, the arguments it takes,
its progress report and its docstring's example."""

from __future__ import annotations

import doctest
import re

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, testing, variants
from kit_helpers import FAST, HeartsTwoQueenTen

# ---------------------------------------------------------------- check_rules passes good rules


@pytest.mark.parametrize("preset", variants.OFFERED, ids=[p.name for p in variants.OFFERED])
def test_every_preset_passes_check_rules(preset):
    testing.check_rules(preset.rules, games=2, seed=10)


@pytest.mark.parametrize(
    "ruleset",
    [
        pytest.param(variants.hoemke(3, 3, 4, 4), id="pass_and_return_hoemke"),
        pytest.param(variants.hoemke(4, 4, 3, 3), id="pass_to_dealer_hoemke"),
        pytest.param(attrs.evolve(variants.STANDARD, moon=rules.moon.SHOOTER_CHOICE), id="shooter_choice"),
        pytest.param(
            attrs.evolve(variants.DUTCH, extras=(rules.extras.RevokePenalty(),)), id="revoke_penalty"
        ),
    ],
)
def test_rule_shapes_the_presets_lack_pass_check_rules(ruleset):
    testing.check_rules(attrs.evolve(ruleset, ending=rules.ending.FixedDeals(deals=2)), games=2)


@settings(FAST, max_examples=12)
@given(testing.rules(), st.integers(0, 2**32))
def test_drawn_compositions_pass_check_rules(ruleset, seed):
    testing.check_rules(ruleset, games=1, seed=seed)


def test_check_rules_docstring_example():
    finder = doctest.DocTestFinder()
    found = finder.find(testing.conformance, "hartenjagen.testing.conformance")
    (test,) = [t for t in found if t.name.endswith("check_rules")]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4


@attrs.frozen
class HighestPlayedFirstWins(rules.Duplicates):
    """A duplicates module of a user's own, right: of identical winning cards the first played wins."""

    def winner(self, cards: tuple[hj.Card, ...]) -> int | None:
        led = cards[0].suit
        return max((p for p in range(len(cards)) if cards[p].suit is led), key=lambda p: (cards[p].rank, -p))


def test_modules_of_a_users_own_that_keep_the_contract_pass():
    mine = attrs.evolve(
        variants.STANDARD,
        scoring=HeartsTwoQueenTen(),
        duplicates=HighestPlayedFirstWins(),
        ending=rules.ending.FixedDeals(deals=2),
    )
    testing.check_rules(mine, games=2)
    double = attrs.evolve(
        variants.SIX_DOUBLE_DECK, duplicates=HighestPlayedFirstWins(), ending=rules.ending.SINGLE_HAND
    )
    testing.check_rules(double, games=1)


def test_check_rules_takes_a_preset():
    testing.check_rules(variants.preset("dutch"), games=1)
    testing.check_rules(variants.OFFERED[0], games=1, seed=3)


def test_check_rules_says_what_it_takes():
    with pytest.raises(TypeError, match=r"a Rules value or a Preset, not 'standard' \(a preset by name: "):
        testing.check_rules("standard")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a Rules value or a Preset, not None"):
        testing.check_rules(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="games must be a whole number"):
        testing.check_rules(variants.STANDARD, games=1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="games must be a whole number"):
        testing.check_rules(variants.STANDARD, games=True)
    with pytest.raises(ValueError, match="max_moves must be 0 or more"):
        testing.check_rules(variants.STANDARD, max_moves=-1)
    with pytest.raises(TypeError, match="max_moves must be a whole number"):
        testing.check_rules(variants.STANDARD, max_moves="10")  # type: ignore[arg-type]
    # Fewer moves than a hand's plays: the argument is wrong, not the rules (no RulesCheckFailed).
    with pytest.raises(
        ValueError, match=r"max_moves must be at least 52 \(no game of these rules ends sooner"
    ):
        testing.check_rules(variants.STANDARD, max_moves=0)
    with pytest.raises(ValueError, match=r"max_moves must be at least 32 .* not 31"):
        testing.check_rules(variants.DUTCH, max_moves=31)
    with pytest.raises(
        TypeError, match=r"progress must be True, False or a function progress\(done, games, moves\)"
    ):
        testing.check_rules(variants.STANDARD, progress="yes")  # type: ignore[arg-type]


def test_check_rules_reports_progress(capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[tuple[int, int, int]] = []
    testing.check_rules(variants.DUTCH, games=2, progress=lambda *args: calls.append(args))
    assert [(done, games) for done, games, _ in calls] == [(1, 2), (2, 2)]
    assert all(moves > 32 for _, _, moves in calls)
    assert capsys.readouterr().err == ""  # a function of yours: nothing printed
    testing.check_rules(variants.DUTCH, games=2, seed=5, progress=True)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2
    assert re.fullmatch(r"check_rules: game 1 of 2 \(seed 5\): [\d,]+ moves checked, \d+\.\d s", lines[0])
    assert lines[1].startswith("check_rules: game 2 of 2 (seed 6): ")
