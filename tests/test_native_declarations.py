"""Declarations: scoring and moon modules of one's own in the native kernel, and check_rules holding them to their hooks.

A scoring module declares the cards its points come from (``point_cards``),
a moon module the cards a shooter must take (``needed_cards``); the built-in
modules declare theirs and a subclass inherits them. The C kernel keeps a
scoring's answers by the declared cards captured, and asks a moon only where
one seat took every declared card (rules/scoring.py, rules/moon.py,
_playout_hooks.h). These tests hold the kernel to the Python kernel, move for
move and point for point, with declared, inherited and missing declarations,
moons that no one shoots, that someone shoots and that read the totals, and
hooks that raise; and check that check_rules reports a false declaration.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import native, playouts, testing, variants
from hartenjagen.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, Card, Suit
from hartenjagen.core.table import table_for
from hartenjagen.errors import RulesError
from hartenjagen.moves import MoonOption
from hartenjagen.playouts import python_playout, split
from hartenjagen.rules import moon as moons
from hartenjagen.rules import scoring as scorings
from hartenjagen.rules.context import MoonContext
from hartenjagen.rules.moon import Moon, OthersPlus
from hartenjagen.rules.scoring import CardPoints, Scoring
from hartenjagen.testing._declarations import declaration_problem
from test_native_hooks import HOUSE_RULES, mid_hand, own
from test_native_playouts import agrees, needs_kernel, positions

STANDARD = variants.STANDARD
DOUBLE = variants.SIX_DOUBLE_DECK
PLAIN = [STANDARD, DOUBLE, *(p.rules for p in variants.FAMILY)]


@attrs.frozen
class QueenMoon(Moon):
    """The seat with the Q♠ (both, from two packs) and 20 raw points or more shoots: the others score 20 more, or it halves its total.

    Declares the Q♠; its answers read the raw points and the totals (declared inputs).
    """

    def needed_cards(self, rules: hj.Rules) -> frozenset[Card] | None:
        return frozenset({QUEEN_OF_SPADES})

    def shooter(self, context: MoonContext) -> int | None:
        copies = sum(card == QUEEN_OF_SPADES for card in context.rules.deck.pack())
        for seat, cards in enumerate(context.cards_taken):
            if cards.count(QUEEN_OF_SPADES) == copies and context.raw[seat] >= 20:
                return seat
        return None

    def options(self) -> tuple[MoonOption, ...]:
        return (MoonOption.OTHERS_PLUS, MoonOption.RESET)

    def settle(self, context: MoonContext, shooter: int, option: MoonOption) -> tuple[int, ...]:
        if option is MoonOption.OTHERS_PLUS:
            return tuple(0 if seat == shooter else raw + 20 for seat, raw in enumerate(context.raw))
        return tuple(-(total // 2) if seat == shooter else raw for seat, (raw, total) in
                     enumerate(zip(context.raw, context.totals, strict=True)))  # fmt: skip


@attrs.frozen
class Undeclared(OthersPlus):
    """The built-in moon's answers, but no declaration: the Python kernel plays it."""

    def needed_cards(self, rules: hj.Rules) -> frozenset[Card] | None:
        return None

    def shooter(self, context: MoonContext) -> int | None:
        return super().shooter(context)


@attrs.frozen
class UndeclaredPoints(CardPoints):
    """A scoring of one's own that declares nothing: its answers are kept by every captured card."""

    def point_cards(self, rules: hj.Rules) -> frozenset[Card] | None:
        return None

    def points_of(self, cards: Iterable[Card]) -> int:
        return 2 * sum(self.card_value(card) for card in cards)


#: (name, rules): scorings and moons of one's own, declared (their own or inherited) or not.
RULES = [
    ("own_scoring", attrs.evolve(STANDARD, scoring=own(STANDARD.scoring, "points_of"))),
    ("own_scoring_negative_cards", attrs.evolve(STANDARD, scoring=own(scorings.OMNIBUS, "points_of"))),
    ("hoemke_first_two_free", variants.hoemke(1, 2, 1, 4)),
    ("undeclared_scoring", attrs.evolve(STANDARD, scoring=UndeclaredPoints(STANDARD.scoring.values))),
    ("own_shooter", attrs.evolve(STANDARD, moon=own(STANDARD.moon, "shooter"))),
    ("own_settle_choice", attrs.evolve(STANDARD, moon=own(moons.SHOOTER_CHOICE, "settle"))),
    ("own_reset_or_double", attrs.evolve(STANDARD, moon=own(moons.ResetOrDouble(), "shooter"))),
    ("own_no_moon", attrs.evolve(STANDARD, moon=own(moons.NO_MOON, "shooter"))),
    ("queen_moon", attrs.evolve(STANDARD, moon=QueenMoon())),
    ("own_moon_and_scoring", attrs.evolve(
        STANDARD, moon=own(STANDARD.moon, "settle"), scoring=own(scorings.OMNIBUS, "points_of"))),
    ("double_deck_own_moon", attrs.evolve(DOUBLE, moon=own(DOUBLE.moon, "shooter"))),
    ("double_deck_own_both", attrs.evolve(
        DOUBLE, moon=own(DOUBLE.moon, "settle"), scoring=own(DOUBLE.scoring, "points_of"))),
]  # fmt: skip
IDS = [name for name, _ in RULES]


def same_points(rules: hj.Rules, seeds: Iterable[int], count: int = 16) -> int:
    """Random and greedy playouts (both signs) of the kernel against the Python kernel's; the moons shot."""
    shot = 0
    for seed in seeds:
        for state in positions(rules, seed):
            for greedy, sign in ((False, 1), (True, 1), (True, -1)):
                policy = "greedy" if greedy else "random"
                ours = list(playouts.playouts(state, count, rng=seed, policy=policy, sign=sign))
                draws = playouts.generator(seed)
                theirs = []
                for _ in range(count):
                    points = python_playout(state, split(draws), greedy, sign)
                    shot += sorted(points)[1] >= 20  # the others' moon points (the rules here: 20 or more)
                    theirs += points
                assert ours == theirs, f"seed {seed}, {policy} {sign}: the points differ"
    return shot


@needs_kernel
@pytest.mark.parametrize(("name", "rules"), RULES, ids=IDS)
def test_the_kernel_scores_declared_modules_as_the_python_kernel(name: str, rules: hj.Rules) -> None:
    assert native.plan_for(table_for(rules)) is not None, f"{name}: the kernel should play these rules"
    assert agrees(rules, range(3))  # move for move (a moon choice included) and point for point
    shot = same_points(rules, range(2))
    if "moon" in name and "no_moon" not in name:
        assert shot, f"{name}: no playout shot the moon, so the moon's hooks were not asked"


@needs_kernel
def test_a_moon_without_a_declaration_is_the_python_kernels() -> None:
    rules = attrs.evolve(STANDARD, moon=Undeclared())
    assert native.plan_for(table_for(rules)) is None
    same_points(rules, range(1), count=4)  # and its points are still the module's


@needs_kernel
def test_answers_kept_by_declared_inputs_follow_the_totals() -> None:
    """One table, positions of different hands (other totals): ResetOrDouble's points read them."""
    rules = attrs.evolve(STANDARD, moon=own(moons.ResetOrDouble(), "shooter"))
    states = [hj.rollout(hj.new_game(rules, seed=seed), rng=seed) for seed in range(4)]
    assert len({state.scores for state in states}) > 1
    for state in states * 2:  # again: now from the answers kept
        ours = list(playouts.playouts(state, 48, rng=2, policy="greedy", sign=-1))
        draws = playouts.generator(2)
        assert ours == [p for _ in range(48) for p in python_playout(state, split(draws), True, -1)]


calls = [0]


@attrs.frozen
class Counting(CardPoints):
    """Counts its ``points_of`` calls (declared by inheritance: the cards worth something)."""

    def points_of(self, cards: Iterable[Card]) -> int:
        calls[0] += 1
        return super().points_of(cards)


@attrs.frozen
class CountingUndeclared(Counting):
    def point_cards(self, rules: hj.Rules) -> frozenset[Card] | None:
        return None


@needs_kernel
def test_a_declaration_saves_calls_into_python() -> None:
    made = []
    for kind in (Counting, CountingUndeclared):
        state = mid_hand(attrs.evolve(STANDARD, scoring=kind(STANDARD.scoring.values)))
        draws = playouts.generator(1)
        for _ in range(3):  # warm
            playouts.playouts(state, 256, rng=draws)
        calls[0] = 0
        playouts.playouts(state, 256, rng=draws)
        made.append(calls[0])
    declared, undeclared = made
    assert declared < 0.6 * undeclared, made
    assert declared < 2 * 256, made


@attrs.frozen(kw_only=True)
class Shooting(OthersPlus):
    """A moon whose hook fails where someone shoots: ``mode`` says how."""

    mode: str

    def shooter(self, context: MoonContext) -> int | None:
        seat = super().shooter(context)
        if seat is not None and self.mode == "raises":
            raise ValueError("no moons here")
        return 9 if seat is not None and self.mode == "bad_seat" else seat

    def settle(self, context: MoonContext, shooter: int, option: MoonOption) -> tuple[int, ...]:
        if self.mode == "settle_raises":
            raise ArithmeticError("cannot settle")
        if self.mode == "settle_garbage":
            return ("x",) * context.players  # type: ignore[return-value]
        if self.mode == "huge":  # past the kernel's range (2^40): Python plays such a playout
            return (1 << 45,) * context.players
        return super().settle(context, shooter, option)


@needs_kernel
@pytest.mark.parametrize(
    ("mode", "error"),
    [
        ("raises", ValueError),
        ("bad_seat", RulesError),
        ("settle_raises", ArithmeticError),
        ("settle_garbage", RulesError),
    ],
)
def test_a_failing_moon_hook_raises_the_python_kernels_error_and_changes_nothing(
    mode: str, error: type[Exception]
) -> None:
    rules = attrs.evolve(STANDARD, moon=Shooting(mode=mode))
    state = hj.new_game(rules, seed=1)
    assert native.plan_for(table_for(rules)) is not None
    with pytest.raises(error) as python_error:
        draws = playouts.generator(1)
        for _ in range(64):  # greedy playouts seeking points: about one in three shoots
            python_playout(state, split(draws), True, -1)
    for _ in range(2):  # and again: a failed call keeps nothing
        draws = playouts.generator(1)
        words = draws.words()
        with pytest.raises(error) as kernel_error:
            playouts.playouts(state, 64, rng=draws, policy="greedy", sign=-1)
        assert str(kernel_error.value) == str(python_error.value)
        assert draws.words() == words


@needs_kernel
def test_moon_points_too_large_for_the_kernel_are_pythons() -> None:
    rules = attrs.evolve(STANDARD, moon=Shooting(mode="huge"))
    state = hj.new_game(rules, seed=1)
    ours = list(playouts.playouts(state, 32, rng=4, policy="greedy", sign=-1))
    draws = playouts.generator(4)
    theirs = [p for _ in range(32) for p in python_playout(state, split(draws), True, -1)]
    assert ours == theirs
    assert 1 << 45 in ours  # some playout shot the moon


def test_the_built_in_modules_declare_what_holds() -> None:
    assert STANDARD.scoring.point_cards(STANDARD) == frozenset(
        [*(card for card in STANDARD.deck.pack() if card.suit is Suit.HEARTS), QUEEN_OF_SPADES]
    )
    assert JACK_OF_DIAMONDS in scorings.OMNIBUS.point_cards(STANDARD)  # type: ignore[operator]
    assert STANDARD.moon.needed_cards(STANDARD) == STANDARD.scoring.point_cards(STANDARD)
    assert moons.NO_MOON.needed_cards(STANDARD) == frozenset()
    inherited = own(STANDARD.moon, "shooter")
    assert inherited.needed_cards(STANDARD) == STANDARD.moon.needed_cards(STANDARD)  # type: ignore[attr-defined]

    class Plain(Scoring):
        def card_value(self, card: Card) -> int:
            return 1

    assert Plain().point_cards(STANDARD) is None  # the base classes declare nothing
    partners = next(p.rules for p in variants.FAMILY if p.name == "partnership_hearts")
    assert partners.moon.needed_cards(partners) is None  # a team's members may share a moon


@pytest.mark.parametrize("rules", PLAIN, ids=[str(i) for i in range(len(PLAIN))])
def test_every_preset_declares_truly(rules: hj.Rules) -> None:
    assert declaration_problem(rules, 0) is None


@attrs.frozen
class TwoClubsBonus(CardPoints):
    """Scores the 2♣ −5 but inherits the declaration that only hearts and the Q♠ score: false."""

    def points_of(self, cards: Iterable[Card]) -> int:
        cards = tuple(cards)
        return sum(self.card_value(card) for card in cards) - 5 * (Card.parse("2C") in cards)


@attrs.frozen
class HeartsMoon(OthersPlus):
    """Thirteen hearts shoot without the Q♠, but it inherits the declaration that the Q♠ is needed: false."""

    def shooter(self, context: MoonContext) -> int | None:
        for seat, cards in enumerate(context.cards_taken):
            if sum(card.suit is Suit.HEARTS for card in cards) == 13:
                return seat
        return None


@attrs.frozen
class FirstTrickMoon(OthersPlus):
    """Settles by who won the first trick, which the declaration leaves out: false."""

    def settle(self, context: MoonContext, shooter: int, option: MoonOption) -> tuple[int, ...]:
        extra = int(context.tricks[0].winner == shooter)
        return tuple(p + extra for p in super().settle(context, shooter, option))


@attrs.frozen
class Malformed(OthersPlus):
    """A moon of one's own whose declaration is no set of cards."""

    def needed_cards(self, rules: hj.Rules) -> Any:
        return ["QS"]

    def shooter(self, context: MoonContext) -> int | None:
        return super().shooter(context)


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (attrs.evolve(STANDARD, scoring=TwoClubsBonus(STANDARD.scoring.values)), "points_of([2C]) is -5"),
        (attrs.evolve(STANDARD, moon=HeartsMoon()), "but shooter named seat"),
        (attrs.evolve(STANDARD, moon=FirstTrickMoon()), "got ("),
        (
            attrs.evolve(STANDARD, moon=Malformed()),
            "needed_cards must return a set of cards or None, not ['QS']",
        ),
    ],
    ids=["scoring", "moon_shooter", "moon_settle", "malformed"],
)
def test_check_rules_reports_a_false_declaration(rules: hj.Rules, words: str) -> None:
    with pytest.raises(testing.RulesCheckFailed) as failed:
        testing.check_rules(rules, games=1)
    assert "declares" in failed.value.problem or "must return" in failed.value.problem
    assert words in failed.value.problem
    assert failed.value.moves == ()


def test_the_kernel_refuses_a_malformed_declaration_clearly() -> None:
    rules = attrs.evolve(STANDARD, moon=Malformed())
    if not native.AVAILABLE:
        pytest.skip("the native playout kernel is not built")
    with pytest.raises(RulesError, match="needed_cards must return a set of cards or None"):
        native.plan_for(table_for(rules))


@attrs.frozen
class Sum(CardPoints):
    """The sum of the card values, written out: a scoring of one's own that inherits a true declaration."""

    def points_of(self, cards: Iterable[Card]) -> int:
        return sum(self.card_value(card) for card in cards)


def test_check_rules_passes_true_declarations_of_ones_own() -> None:
    rules = attrs.evolve(STANDARD, moon=QueenMoon(), scoring=Sum(scorings.OMNIBUS.values))
    assert declaration_problem(rules, 3) is None
    testing.check_rules(rules, games=1)


@needs_kernel
@settings(max_examples=20, deadline=None)
@given(
    base=st.sampled_from([STANDARD, DOUBLE, variants.hoemke(3, 2, 3, 3), variants.hoemke(2, 3, 1, 4)]),
    scoring=st.booleans(),
    moon=st.sampled_from(["", "shooter", "settle", "queen"]),
    extras=st.lists(st.sampled_from(HOUSE_RULES), max_size=2),
    seed=st.integers(0, 1000),
)
def test_compositions_score_as_in_the_python_kernel(
    base: hj.Rules, scoring: bool, moon: str, extras: list[Any], seed: int
) -> None:
    changes: dict[str, Any] = {"extras": tuple(extras)}
    if scoring:
        changes["scoring"] = own(base.scoring, "points_of")
    if moon == "queen":
        changes["moon"] = QueenMoon()
    elif moon:
        changes["moon"] = own(base.moon, moon)
    rules = attrs.evolve(base, **changes)
    assert native.plan_for(table_for(rules)) is not None
    assert agrees(rules, [seed])
    same_points(rules, [seed], count=4)
