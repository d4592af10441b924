"""The native playout kernel with modules of one's own: the Python kernel's cards, move for move, and its errors.

The C kernel keeps a copy of each ``playable`` hook's answer tree (by the
context fields the hook read, as ``core/hook_cache.py`` keeps it) and calls
Python on a miss. These tests hold it to its oracle, the public loop
``moves[rng.randrange(len(moves))]`` on the same stream, with house rules that
read each context field, modules of one's own in each play slot, compositions
of them (a hypothesis property), one pack and two; and a hook that raises,
answers garbage, refuses every card or is impure.
"""

from __future__ import annotations

import copy
import random
import threading
from array import array
from collections.abc import Iterable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import native, playouts, variants
from hartenjagen.cards import QUEEN_OF_SPADES, Card, Suit
from hartenjagen.core.draws import Draws
from hartenjagen.core.hook_cache import FIELDS
from hartenjagen.core.table import table_for
from hartenjagen.errors import RulesError
from hartenjagen.playouts import PlayoutError, python_playout, split
from hartenjagen.rules.extras import HouseRule, MustDropQueen
from hartenjagen.rules.leading import HeartsAfterBroken
from hartenjagen.rules.scoring import CardPoints
from test_native_playouts import agrees, kernel_trace, needs_kernel, positions, python_deals


def digest(value: object) -> int:
    """A number that depends only on ``value`` (a context field's), so a hook built on it is pure."""
    if isinstance(value, Card):
        return value.index + 1
    if value is None:
        return 1
    if isinstance(value, bool | int):
        return int(value) + 3
    if isinstance(value, frozenset | set):
        return 7 * sum(digest(v) for v in value) + len(value)
    if isinstance(value, tuple | list):
        return sum((i + 1) * digest(v) for i, v in enumerate(value)) + len(value)
    if attrs.has(type(value)) and not isinstance(value, hj.Rules):
        return digest(attrs.astuple(value, recurse=False))
    return 5  # the rules: one value per table


@attrs.frozen
class Reads(HouseRule):
    """Reads one context field and drops the allowed cards whose index agrees with it (mod 3), if any remain."""

    field: str = "seat"

    def playable(self, context: Any) -> Iterable[Card]:
        salt = digest(getattr(context, self.field))
        kept = [card for card in context.allowed if (card.index + salt) % 3]
        return kept or context.allowed


class NoOp(HouseRule):
    """Allows every card the rules allow."""

    def playable(self, context: Any) -> Iterable[Card]:
        return context.allowed


class NoHeartLeads(HouseRule):
    """A leader leads no heart while it has another card (reads ``trick`` and ``allowed``)."""

    def playable(self, context: Any) -> Iterable[Card]:
        if context.trick:
            return context.allowed
        return [c for c in context.allowed if c.suit is not Suit.HEARTS] or context.allowed


def own(module: object, hook: str) -> object:
    """``module`` as an instance of a subclass whose ``hook`` calls the inherited one: no plan any more."""
    base = type(module)

    def call(self: object, *args: object) -> object:
        return getattr(base, hook)(self, *args)

    clone = copy.copy(module)
    object.__setattr__(
        clone, "__class__", type(f"Own{base.__name__}", (base,), {hook: call, "__slots__": ()})
    )
    return clone


@attrs.frozen
class QueenAlsoBreaks(HeartsAfterBroken):
    """Hearts after broken, where the Q♠ breaks them too: a leading module of one's own (``breaks_hearts``)."""

    def breaks_hearts(self, card: Card, discarded: bool, trick_number: int) -> bool:
        return card == QUEEN_OF_SPADES or super().breaks_hearts(card, discarded, trick_number)


STANDARD = variants.STANDARD
DOUBLE = variants.SIX_DOUBLE_DECK
HOUSE_RULES = [NoOp(), NoHeartLeads(), MustDropQueen(), *(Reads(field) for field in FIELDS)]


def slots_of_ones_own(rules: hj.Rules) -> hj.Rules:
    """``rules`` with the opening, leading and first-trick modules each of one's own."""
    return attrs.evolve(
        rules,
        opening=own(rules.opening, "playable"),
        leading=own(rules.leading, "playable"),
        first_trick=own(rules.first_trick, "playable"),
    )


RULES = [
    ("noop", attrs.evolve(STANDARD, extras=(NoOp(),))),
    *((f"reads_{field}", attrs.evolve(STANDARD, extras=(Reads(field),))) for field in FIELDS),
    ("three_house_rules", attrs.evolve(STANDARD, extras=(NoHeartLeads(), MustDropQueen(), Reads("trick")))),
    ("own_opening", attrs.evolve(STANDARD, opening=own(STANDARD.opening, "playable"))),
    ("own_leading", attrs.evolve(STANDARD, leading=own(STANDARD.leading, "playable"))),
    ("own_first_trick", attrs.evolve(STANDARD, first_trick=own(STANDARD.first_trick, "playable"))),
    ("own_breaks", attrs.evolve(STANDARD, leading=QueenAlsoBreaks())),
    ("own_scoring", attrs.evolve(STANDARD, scoring=own(STANDARD.scoring, "points_of"))),
    ("hoemke_first_two_free", attrs.evolve(variants.hoemke(2, 3, 1, 4), extras=(NoOp(),))),
    ("double_deck_own_scoring", attrs.evolve(DOUBLE, scoring=own(DOUBLE.scoring, "points_of"))),
    ("own_slots_and_rules", attrs.evolve(slots_of_ones_own(STANDARD), extras=(Reads("hand"), NoOp()))),
    ("double_deck_rules", attrs.evolve(DOUBLE, extras=(Reads("allowed"), Reads("trick"), MustDropQueen()))),
    ("double_deck_own_slots", attrs.evolve(slots_of_ones_own(DOUBLE), extras=(Reads("tricks_taken"),))),
    *(
        (f"family_{p.name}", attrs.evolve(p.rules, extras=(*p.rules.extras, Reads("trick"))))
        for p in variants.FAMILY
    ),
    *(
        (f"hoemke{i}", attrs.evolve(variants.hoemke(i, 2, i, 3), extras=(NoHeartLeads(),)))
        for i in (1, 2, 3, 4)
    ),
]
IDS = [name for name, _ in RULES]


#: The family presets the C kernel leaves to Python, and why (docs/architecture.md says the same).
PYTHON_ONLY = {
    "family_slobberhannes": "Slobberhannes's house rule adjusts the score at the hand's end: Python's",
    "family_polignac": "Polignac's rank order is a trick winner of its own: Python's",
    "family_partnership_hearts": "teams settle the moon and the game by team: Python's",
    "family_heartsette": "a widow leaves cards undealt: Python's",
    "family_two_player_hearts": "a stock leaves cards undealt and is drawn from: Python's",
    "family_domino_hearts": "a stock is drawn from to follow suit and seats drop out: Python's",
    "family_joker_hearts": "jokers are cards beyond rank × suit, widened at any time: Python's",
    "family_gong_zhu": "exposures are an announcement round: Python's",
}


@needs_kernel
@pytest.mark.parametrize(("name", "rules"), RULES, ids=IDS)
def test_the_kernel_plays_the_python_kernels_cards_with_hooks(name: str, rules: hj.Rules) -> None:
    if native.plan_for(table_for(rules)) is None:
        assert name in PYTHON_ONLY, f"{name}: the kernel should play these rules"
        pytest.skip(PYTHON_ONLY[name])
    assert agrees(rules, range(3))


@needs_kernel
@pytest.mark.parametrize(("name", "rules"), RULES[::4], ids=IDS[::4])
def test_greedy_playouts_and_fresh_deals_with_hooks_are_the_python_kernels(
    name: str, rules: hj.Rules
) -> None:
    for state in positions(rules, 7):
        ours = playouts.playouts(state, 6, rng=3, policy="greedy", sign=-1)
        draws = playouts.generator(3)
        theirs = [p for _ in range(6) for p in python_playout(state, split(draws), True, -1)]
        assert list(ours) == theirs
    assert list(playouts.deal_playouts(rules, 12, rng=5)) == python_deals(rules, 12, 5)


@needs_kernel
@settings(max_examples=25, deadline=None)
@given(
    base=st.sampled_from([STANDARD, DOUBLE, variants.hoemke(3, 2, 3, 3), variants.FAMILY[0].rules]),
    extras=st.lists(st.sampled_from(HOUSE_RULES), max_size=3),
    slots=st.sets(st.sampled_from(["opening", "leading", "first_trick"])),
    seed=st.integers(0, 1000),
)
def test_compositions_play_as_in_the_python_kernel(
    base: hj.Rules, extras: list[HouseRule], slots: set[str], seed: int
) -> None:
    rules = attrs.evolve(
        base,
        extras=tuple(extras),
        **{slot: own(getattr(base, slot), "playable") for slot in slots},  # type: ignore[arg-type]
    )
    assert native.plan_for(table_for(rules)) is not None
    assert agrees(rules, [seed])


@attrs.frozen
class Impure(HouseRule):
    """Reads its fields in an order that changes from call to call; its answer depends on the position only."""

    calls: list[int] = attrs.field(factory=lambda: [0], eq=False)

    def playable(self, context: Any) -> Iterable[Card]:
        self.calls[0] += 1
        if self.calls[0] % 2:
            seat, allowed = context.seat, context.allowed
        else:
            allowed, seat = context.allowed, context.seat
        kept = [card for card in allowed if (card.index + seat) % 2]
        return kept or allowed


@needs_kernel
def test_an_impure_hook_plays_as_in_the_python_kernel() -> None:
    assert agrees(attrs.evolve(STANDARD, extras=(Impure(),)), range(3))


@attrs.frozen
class RaisesAt(HouseRule):
    """Raises at trick ``trick``: a hook's own error."""

    trick: int = 3

    def playable(self, context: Any) -> Iterable[Card]:
        if context.trick_number == self.trick:
            raise ValueError(f"no cards at trick {self.trick}")
        return context.allowed


class Garbage(HouseRule):
    """Answers something that is not cards from trick 4 on."""

    def playable(self, context: Any) -> Iterable[Card]:
        return 5 if context.trick_number >= 4 else context.allowed  # type: ignore[return-value]


class NoCard(HouseRule):
    """Leaves no card to play from trick 4 on."""

    def playable(self, context: Any) -> Iterable[Card]:
        return [card for card in context.allowed if context.trick_number < 4]


@attrs.frozen
class BreaksRaise(HeartsAfterBroken):
    """A leading module of one's own whose ``breaks_hearts`` raises at trick 2."""

    def breaks_hearts(self, card: Card, discarded: bool, trick_number: int) -> bool:
        if trick_number == 2:
            raise KeyError("breaks at trick 2")
        return super().breaks_hearts(card, discarded, trick_number)


@attrs.frozen
class Points(CardPoints):
    """A scoring of one's own: ``answer`` for a seat's cards with the Q♠ (raised if an exception), else the sum."""

    answer: object = 0

    def points_of(self, cards: Iterable[Card]) -> int:
        cards = tuple(cards)
        if QUEEN_OF_SPADES not in cards:
            return sum(self.card_value(card) for card in cards)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer  # type: ignore[return-value]

    def moon_total(self, rules: hj.Rules) -> int:
        return 26


def mid_hand(rules: hj.Rules) -> hj.State:
    """A state of the play phase at trick 2 (every hook below is asked later in the hand)."""
    rng = random.Random(4)
    state = hj.new_game(rules, seed=4)
    while state.phase is not hj.Phase.PLAYING or state.trick_number < 1:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    return state


@needs_kernel
@pytest.mark.parametrize(
    ("rules", "error"),
    [
        (attrs.evolve(STANDARD, extras=(RaisesAt(),)), ValueError),
        (attrs.evolve(STANDARD, extras=(NoOp(), RaisesAt(5))), ValueError),
        (attrs.evolve(STANDARD, extras=(Garbage(),)), RulesError),
        (attrs.evolve(STANDARD, extras=(NoCard(),)), RulesError),
        (attrs.evolve(STANDARD, leading=BreaksRaise()), KeyError),
        (attrs.evolve(DOUBLE, extras=(RaisesAt(),)), ValueError),
        (
            attrs.evolve(STANDARD, scoring=Points(STANDARD.scoring.values, answer=ZeroDivisionError("q"))),
            ZeroDivisionError,
        ),
        (attrs.evolve(STANDARD, scoring=Points(STANDARD.scoring.values, answer="13")), RulesError),
        (attrs.evolve(STANDARD, scoring=Points(STANDARD.scoring.values, answer=1 << 70)), PlayoutError),
    ],
    ids=[
        "raises",
        "raises_second",
        "garbage",
        "no_card",
        "breaks_raises",
        "double_deck",
        "points_raise",
        "points_garbage",
        "points_past_64_bits",
    ],
)
def test_a_failing_hook_raises_the_python_kernels_error_and_changes_nothing(
    rules: hj.Rules, error: type[Exception]
) -> None:
    state = mid_hand(rules)
    assert native.plan_for(table_for(rules)) is not None
    python_draws = playouts.generator(1)
    with pytest.raises(error) as python_error:
        python_playouts(state, 8, python_draws)
    for _ in range(2):  # and again: a failed call keeps nothing
        draws = playouts.generator(1)
        words = draws.words()
        with pytest.raises(error) as kernel_error:
            playouts.playouts(state, 8, rng=draws)
        assert str(kernel_error.value) == str(python_error.value)
        if error is PlayoutError:  # points past the kernel's range: the Python kernel played and refused them
            assert draws.words() == python_draws.words()
        else:
            assert draws.words() == words  # the generator as it was


def python_playouts(state: hj.State, count: int, draws: Draws) -> list[int]:
    """``playouts(state, count, rng=draws)`` as the Python kernel plays them."""
    out: list[int] = []
    for _ in range(count):
        points = python_playout(state, split(draws), False, 1)
        if any(abs(p) >= 1 << 63 for p in points):
            raise PlayoutError(f"points beyond 64 bits ({points!r}): use rollout for this scoring")
        out += points
    return out


@needs_kernel
def test_points_too_large_for_the_kernel_are_pythons() -> None:
    rules = attrs.evolve(STANDARD, scoring=Points(STANDARD.scoring.values, answer=1 << 45))
    assert native.plan_for(table_for(rules)) is not None
    for seed in range(3):
        for state in positions(rules, seed):
            ours = playouts.playouts(state, 16, rng=seed)
            assert list(ours) == python_playouts(state, 16, playouts.generator(seed))


@needs_kernel
def test_the_kernel_plays_house_rules_but_not_what_ends_a_hand_its_own_way() -> None:
    class Adjusts(HouseRule):
        def adjustments(self, hand: Any) -> tuple[int, ...] | None:
            return None

    plays = [NoOp(), MustDropQueen(), hj.rules.extras.RevokePenalty()]
    assert native.plan_for(table_for(attrs.evolve(STANDARD, extras=tuple(plays)))) is not None
    assert native.plan_for(table_for(attrs.evolve(STANDARD, extras=(Adjusts(),)))) is None
    many = tuple(Reads(field) for field in FIELDS[: native.layout.MAX_EXTRAS + 1])
    assert native.plan_for(table_for(attrs.evolve(STANDARD, extras=many))) is None
    assert native.plan_for(table_for(attrs.evolve(STANDARD, extras=many[:-1]))) is not None


@needs_kernel
def test_an_opening_of_ones_own_leaves_fresh_deals_and_exchanges_to_python() -> None:
    rules = attrs.evolve(STANDARD, opening=own(STANDARD.opening, "playable"))
    state = hj.new_game(rules, seed=2)
    assert state.phase is hj.Phase.PASSING
    done, _, _ = kernel_trace(state, 2)
    assert done == 0  # the first leader is the opening module's to name: Python plays it
    assert list(playouts.deal_playouts(rules, 4, rng=1)) == python_deals(rules, 4, 1)


@needs_kernel
def test_a_plan_whose_hooks_do_not_match_is_refused() -> None:
    hooked = native.plan_for(table_for(attrs.evolve(STANDARD, extras=(NoOp(),))))
    plain = native.plan_for(table_for(STANDARD))
    state = hj.new_game(STANDARD, seed=1)
    for plan in ((*hooked[:4], None), (*plain[:4], hooked[4])):
        with pytest.raises(TypeError, match="hooks do not match"):
            native.KERNEL.run(
                plan, 0, state, 1, 1, False, 1, playouts.generator(1), array("q", [0] * 4), None
            )


@needs_kernel
def test_threads_sharing_a_table_play_as_one_thread_does() -> None:
    rules = attrs.evolve(
        STANDARD, scoring=own(STANDARD.scoring, "points_of"), extras=(Reads("allowed"), Reads("trick"))
    )
    starts = [state for seed in range(4) for state in positions(rules, seed)]
    results: dict[int, list[int]] = {}

    def play(first: int) -> None:
        for i in range(first, len(starts), 4):
            results[i] = list(playouts.playouts(starts[i], 32, rng=i))

    threads = [threading.Thread(target=play, args=(k,)) for k in range(4)]
    for thread in threads:  # the trees fresh (no other test has these rules): many calls into Python
        thread.start()
    for thread in threads:
        thread.join()
    alone = [list(playouts.playouts(state, 32, rng=i)) for i, state in enumerate(starts)]
    assert [results[i] for i in range(len(starts))] == alone
