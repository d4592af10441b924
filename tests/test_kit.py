"""The test kit ``hartenjagen.testing``: its strategies draw what they promise, and ``check_rules`` works.

- every preset, and a hypothesis-driven sample of the compositions ``testing.rules()`` draws, pass
  ``check_rules``;
- ``testing.rules()`` reaches every module class of every slot, and ``testing.modules`` every
  option of every class (all pass cycles and counts, both pass-and-return readings, both dealer
  pools, every first-trick and heart-lead option, every named points table, every moon class
  with both moon sets, every ending option); a double deck is the only one with ``CancelPairs``;
- ``base=`` keeps a ruleset's slots unless a slot is given;
- ``games``, ``moves`` and ``playouts`` give states reached by legal play, legal and illegal
  moves, and whole games;
- ``check_rules`` catches broken rule modules of a user's own (a lead rule that leaves no card to
  lead, an ending that never ends, a house rule or a passing module that leaves no legal move, a
  house rule that peeks at other hands, one that changes as it is used, a scoring whose points hang
  on the order of the cards, a duplicates rule that picks another winner) with a short
  counterexample that replays; a lead rule that offers cards not in the hand is kept to the hand,
  and the checks no module can trip any more (a listed card not held, a view that shows hidden
  cards) still catch an engine patched to break them;
- importing the kit without hypothesis says how to install it.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import itertools
import pickle
import random
import re
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, testing, variants
from hartenjagen.cards import ALL_CARDS, QUEEN_OF_SPADES
from hartenjagen.rules.context import PassContext, PlayContext
from hartenjagen.rules.ending import Ending
from hartenjagen.rules.leading import Leading
from hartenjagen.rules.routes import PassRoute

FAST = settings(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
#: Many draws, no shrinking: for tests that collect what the strategies reach.
SURVEY = settings(
    FAST,
    phases=[Phase.generate],
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

#: The slot of each rule module, and the base class of its modules.
SLOT_MODULES: dict[str, tuple[Any, type]] = {
    "deck": (rules.deck, rules.Deck),
    "duplicates": (rules.duplicates, rules.Duplicates),
    "trick_winner": (rules.trick_winner, rules.TrickWinner),
    "passing": (rules.passing, rules.Passing),
    "opening": (rules.opening, rules.Opening),
    "first_trick": (rules.first_trick, rules.FirstTrick),
    "leading": (rules.leading, rules.Leading),
    "scoring": (rules.scoring, rules.Scoring),
    "extras": (rules.extras, rules.HouseRule),
    "moon": (rules.moon, rules.Moon),
    "ending": (rules.ending, rules.Ending),
}


def library_classes(slot: str) -> set[type]:
    """Every public concrete module class the library defines for ``slot``."""
    module, base = SLOT_MODULES[slot]
    return {
        value
        for name, value in vars(module).items()
        if isinstance(value, type)
        and issubclass(value, base)
        and value is not base
        and not name.startswith("_")
        and not inspect.isabstract(value)
        and value.__module__ == module.__name__
    }


def test_the_public_api_and_its_keyword_only_arguments():
    assert sorted(testing.__all__) == sorted(
        [
            "ANY",
            "SLOTS",
            "Playout",
            "RulesCheckFailed",
            "cards",
            "check_rules",
            "decks",
            "games",
            "modules",
            "moves",
            "playouts",
            "rules",
        ]
    )
    #: The one positional argument of each function (the rest are keyword-only).
    positional = {"modules": ["slot"], "moves": ["state"], "check_rules": ["rules"]}
    for name in testing.__all__:
        function = getattr(testing, name)
        if not inspect.isfunction(function):
            continue
        assert function.__doc__, name
        parameters = inspect.signature(function).parameters.values()
        assert [p.name for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD] == positional.get(
            name, []
        ), name
        assert all(p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY, p.VAR_KEYWORD) for p in parameters), (
            name
        )


def test_the_slots_are_the_rules_fields():
    assert set(testing.SLOTS) == {field.name for field in attrs.fields(hj.Rules)}
    assert set(SLOT_MODULES) == set(testing.SLOTS)


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


# ---------------------------------------------------------------- the strategies reach everything


def test_rules_reach_every_module_class_of_every_slot():
    reached: dict[str, set[type]] = defaultdict(set)
    extras_kinds: Counter[int] = Counter()

    @settings(SURVEY, max_examples=250)
    @given(testing.rules())
    def survey(ruleset: hj.Rules) -> None:
        assert isinstance(ruleset, hj.Rules)
        for slot in testing.SLOTS:
            if slot == "extras":
                kinds = [type(extra) for extra in ruleset.extras]
                assert len(kinds) == len(set(kinds)), "a house rule twice"
                reached[slot].update(kinds)
                extras_kinds[len(kinds)] += 1
            else:
                reached[slot].add(type(getattr(ruleset, slot)))
        pack = ruleset.deck.pack()
        if isinstance(ruleset.duplicates, rules.duplicates.CancelPairs):
            assert len(set(pack)) < len(pack), "CancelPairs with a single pack"

    survey()
    for slot in testing.SLOTS:
        assert reached[slot] == library_classes(slot), slot
    assert len(extras_kinds) >= 3  # no house rule, one, several


def _options(module: object) -> set[object]:
    """What a drawn module shows of its settings, for the survey of testing.modules."""
    kind = type(module)
    out: set[object] = {kind}
    if attrs.has(kind):
        for field in attrs.fields(kind):
            value = getattr(module, field.name)
            if field.name in ("directions", "choices"):
                out.update((kind, field.name, d) for d in value)
                out.add((kind, field.name, "length", min(len(value), 3)))
            elif isinstance(value, bool) or field.name in (
                "restricted",
                "forced",
                "broken_by",
                "hearts_and_queen",
                "moon_set",
                "tie",
                "finish",
            ):
                out.add((kind, field.name, value))
            elif field.name in ("amount", "points"):
                out.add((kind, field.name, value is None))
            elif field.name in ("cards", "returned"):
                out.add((kind, field.name, min(value, 5)))
    if isinstance(module, rules.scoring.CardPoints):
        out.add(("name", module.name.split("(")[0]))
    if isinstance(module, rules.first_trick.NoPointsUnlessForced):
        out.add((kind, module.restricted, module.forced))
    if isinstance(module, rules.moon.Moon) and hasattr(module, "moon_set"):
        out.add((kind, module.moon_set))
    return out


def _survey(strategy: st.SearchStrategy[Any], examples: int) -> set[object]:
    seen: set[object] = set()

    @settings(SURVEY, max_examples=examples)
    @given(strategy)
    def survey(value: Any) -> None:
        for module in value if isinstance(value, tuple) else (value,):
            seen.update(_options(module))

    survey()
    return seen


def test_modules_reach_every_option_of_passing():
    seen = _survey(testing.modules("passing"), 250)
    cycle = rules.passing.PassCycle
    for direction in (PassRoute.LEFT, PassRoute.RIGHT, PassRoute.ACROSS, PassRoute.HOLD):
        assert (cycle, "directions", direction) in seen
    assert (cycle, "directions", PassRoute.SECOND_LEFT) in seen
    assert {(cycle, "directions", "length", k) for k in (1, 2, 3)} <= seen
    assert {(cycle, "cards", k) for k in range(6)} <= seen  # every count up to the hand size
    par = rules.passing.PassAndReturn
    assert {(par, "from_received", True), (par, "from_received", False)} <= seen
    assert {(par, "returned", 0), (par, "returned", 1)} <= seen
    ptd = rules.passing.PassToDealer
    assert {(ptd, "dealer_joins", True), (ptd, "dealer_joins", False)} <= seen
    random_direction = rules.passing.RandomDirection
    assert {(random_direction, "choices", d) for d in (PassRoute.LEFT, PassRoute.HOLD)} <= seen
    # Five players pass to the second seat left and right; three never across.
    five = _survey(testing.modules("passing", deck=rules.deck.MINUS_2D_2C_5P), 80)
    assert (cycle, "directions", PassRoute.SECOND_RIGHT) in five
    three = _survey(testing.modules("passing", deck=rules.deck.MINUS_2D_3P), 80)
    assert not any(isinstance(o, tuple) and PassRoute.ACROSS in o for o in three)


def test_modules_reach_every_opening_first_trick_and_leading_option():
    assert {o for o in _survey(testing.modules("opening"), 80) if isinstance(o, type)} == library_classes(
        "opening"
    )
    tricks = _survey(testing.modules("first_trick"), 80)
    nopts = rules.first_trick.NoPointsUnlessForced
    for restricted in rules.first_trick.RestrictedCards:
        for forced in rules.first_trick.ForcedChoice:
            assert (nopts, restricted, forced) in tricks
    leads = _survey(testing.modules("leading"), 200)
    for kind in (
        rules.leading.HeartsAfterBroken,
        rules.leading.HeartsAfterTricks,
        rules.leading.HeartsAfterSuitsLed,
    ):
        for option in rules.leading.HeartsAndQueen:
            assert (kind, "hearts_and_queen", option) in leads, (kind, option)
        assert {(kind, "queen_like_heart", True), (kind, "queen_like_heart", False)} <= leads
    broken = rules.leading.HeartsAfterBroken
    for option in rules.leading.BrokenBy:
        assert (broken, "broken_by", option) in leads
    for flag in ("queen_breaks", "break_on_first_trick"):
        assert {(broken, flag, True), (broken, flag, False)} <= leads


def test_modules_reach_every_scoring_moon_ending_and_house_rule():
    scores = _survey(testing.modules("scoring"), 300)
    named = {
        m.name for m in vars(rules.scoring).values() if isinstance(m, rules.scoring.CardPoints) and m.name
    }
    assert {("name", name.split("(")[0]) for name in named} <= scores
    assert ("name", "") in scores  # random tables
    assert rules.scoring.HoemkeFirstTwoFree in scores
    moons = _survey(testing.modules("moon"), 150)
    for kind in (
        rules.moon.OthersPlus,
        rules.moon.SelfMinus,
        rules.moon.ShooterChoice,
        rules.moon.ResetOrDouble,
    ):
        for moon_set in rules.moon.MoonSet:
            assert (kind, moon_set) in moons
        assert {(kind, "amount", True), (kind, "amount", False)} <= moons
    assert rules.moon.NoMoon in moons
    endings = _survey(
        testing.modules("ending", scoring=rules.scoring.BLACK_LADY, moon=rules.moon.OTHERS_PLUS), 150
    )
    assert {o for o in endings if isinstance(o, type)} == library_classes("ending")
    for tie in rules.ending.Tie:
        assert (rules.ending.ScoreLimit, "tie", tie) in endings and (
            rules.ending.Countdown,
            "tie",
            tie,
        ) in endings
    for finish in rules.ending.Finish:
        assert (rules.ending.TwoHalves, "finish", finish) in endings
    house = _survey(testing.modules("extras"), 100)
    assert {o for o in house if isinstance(o, type)} == library_classes("extras")
    assert {(rules.extras.Miezen, "first_half_only", flag) for flag in (True, False)} <= house
    assert {(rules.extras.RevokePenalty, "points", flag) for flag in (True, False)} <= house


def test_endings_are_short_and_only_fixed_where_totals_could_stay_put():
    @settings(SURVEY, max_examples=60)
    @given(testing.modules("ending", scoring=rules.scoring.BLACK_LADY, moon=rules.moon.OTHERS_PLUS))
    def short(module: Ending) -> None:
        for name in ("limit", "start", "switch"):
            assert getattr(module, name, 0) <= 26
        if isinstance(module, rules.ending.FixedDeals):
            assert module.deals <= 3

    two = rules.deck.SinglePack(players=2)

    @settings(SURVEY, max_examples=40)
    @given(testing.modules("ending", deck=two, scoring=rules.scoring.BLACK_LADY, moon=rules.moon.SelfMinus()))
    def fixed(module: Ending) -> None:
        # two players shoot the moon often: a moon that takes points away could stall a score limit
        assert isinstance(module, rules.ending.FixedDeals | rules.ending.SingleHand)

    short()
    fixed()


def test_decks_deal_evenly_to_every_valid_player_count():
    players: set[int] = set()
    kinds: set[type] = set()

    @settings(SURVEY, max_examples=150)
    @given(testing.decks())
    def survey(deck: rules.Deck) -> None:
        pack = deck.pack()
        assert pack and len(pack) % deck.players == 0
        hj.Rules(deck=deck, passing=rules.passing.NO_PASSING, opening=rules.opening.ELDEST_ANY)
        players.add(deck.players)
        kinds.add(type(deck))

    survey()
    assert kinds == library_classes("deck")
    assert set(range(2, 9)) <= players and {6, 13} <= players

    @settings(SURVEY, max_examples=30)
    @given(testing.decks(players=5), testing.decks(double=True), testing.decks(players=3, double=False))
    def fixed(five: rules.Deck, double: rules.Deck, three: rules.Deck) -> None:
        assert five.players == 5
        assert isinstance(double, rules.deck.DoubleDeck)
        assert three.players == 3 and isinstance(three, rules.deck.SinglePack)

    fixed()


@settings(FAST, max_examples=40)
@given(testing.decks(), st.data())
def test_cards_of_a_deck_are_in_its_pack(deck, data):
    assert data.draw(testing.cards()) in ALL_CARDS
    assert data.draw(testing.cards(deck=deck)) in deck.pack()


# ---------------------------------------------------------------- base= and slot strategies


@settings(FAST, max_examples=20)
@given(testing.rules(base=variants.DUTCH))
def test_base_alone_is_kept(ruleset):
    assert ruleset == variants.DUTCH


@settings(FAST, max_examples=30)
@given(testing.rules(base=variants.STANDARD, scoring=testing.ANY, moon=st.just(rules.moon.NO_MOON)))
def test_base_keeps_every_slot_not_given(ruleset):
    for slot in testing.SLOTS:
        if slot not in ("scoring", "moon"):
            assert getattr(ruleset, slot) == getattr(variants.STANDARD, slot), slot
    assert ruleset.moon == rules.moon.NO_MOON


@settings(FAST, max_examples=20)
@given(testing.rules(base=variants.DUTCH, passing=testing.ANY, opening=testing.ANY))
def test_any_draws_what_fits_the_base(ruleset):
    assert ruleset.deck == variants.DUTCH.deck
    assert ruleset.scoring == variants.DUTCH.scoring
    # The 32-card pack has no 2♣: no opening that needs it is drawn.
    assert not isinstance(ruleset.opening, rules.opening.ShowTwoOfClubsLeadSafe)


def test_rules_rejects_unknown_slots_and_bad_values():
    with pytest.raises(TypeError, match="unknown slot 'scoreing'"):
        testing.rules(scoreing=testing.ANY)
    with pytest.raises(TypeError, match=r"hypothesis strategy or testing\.ANY"):
        testing.rules(scoring=rules.scoring.OMNIBUS)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="base must be a Rules"):
        testing.rules(base="standard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no slot 'nope'"):
        testing.modules("nope")
    with pytest.raises(ValueError, match="at least 2"):
        testing.decks(players=1)


# ---------------------------------------------------------------- games, moves, playouts


def test_games_reach_every_phase():
    phases: set[hj.Phase] = set()
    achterhoek = attrs.evolve(variants.ACHTERHOEK, ending=rules.ending.SingleHand())
    choice = attrs.evolve(
        variants.STANDARD,
        deck=rules.deck.SinglePack(players=4, lowest_rank=hj.Rank.QUEEN),
        moon=rules.moon.SHOOTER_CHOICE,
    )

    @settings(SURVEY, max_examples=120)
    @given(testing.games(rules=st.sampled_from([variants.STANDARD, achterhoek, choice])))
    def survey(state: hj.State) -> None:
        assert isinstance(state, hj.State)
        assert hj.loads(hj.dumps(state)) == state  # a state the engine can reach
        phases.add(state.phase)

    survey()
    assert phases == set(hj.Phase) - {hj.Phase.CHANCE}  # seeded games never wait for chance


@settings(FAST, max_examples=30)
@given(st.data())
def test_moves_are_legal_and_illegal_as_asked(data):
    state = data.draw(testing.games(rules=st.sampled_from([variants.STANDARD, variants.ACHTERHOEK])))
    if not state.is_over:
        assert hj.is_legal(state, data.draw(testing.moves(state, legal=True)))
    assert not hj.is_legal(state, data.draw(testing.moves(state, legal=False)))
    move = data.draw(testing.moves(state, foreign=False))
    assert isinstance(move, hj.Play | hj.Pass | hj.Announce | hj.MoonChoice)


def test_moves_cover_every_kind_of_illegal_move():
    state = hj.new_game(variants.STANDARD, seed=3)
    state = hj.apply(state, hj.legal_moves(state)[0])  # seat 0 has passed
    codes: set[hj.IllegalMoveCode] = set()
    kinds: set[type] = set()

    @settings(SURVEY, max_examples=300)
    @given(testing.moves(state, legal=False))
    def survey(move: object) -> None:
        reason = hj.explain(state, move)
        assert reason is not None
        codes.add(reason.code)
        kinds.add(type(move))

    survey()
    code = hj.IllegalMoveCode
    assert {
        code.NOT_A_MOVE,
        code.WRONG_PHASE,
        code.NO_SUCH_SEAT,
        code.ALREADY_PASSED,
        code.WRONG_PASS_COUNT,
        code.CARD_NOT_IN_HAND,
        code.DUPLICATE_CARD,
    } <= codes
    assert {hj.Play, hj.Pass, hj.Announce, hj.MoonChoice} <= kinds
    assert len(kinds) > 5  # and things that are no move


@settings(FAST, max_examples=10)
@given(
    testing.playouts(rules=testing.rules(base=variants.STANDARD, ending=st.just(rules.ending.SINGLE_HAND)))
)
def test_playouts_are_whole_games_of_legal_moves(steps):
    assert steps and steps[0][0].hand_index == 0 and not steps[0][0].tricks
    for (state, move), (following, _) in itertools.pairwise(steps):
        assert move in hj.legal_moves(state)
        assert hj.apply(state, move) == following
    final = hj.apply(*steps[-1])
    assert final.is_over and len(final.score_sheet) == 1


def test_strategies_check_their_arguments():
    with pytest.raises(TypeError, match="rules must be a Rules"):
        testing.games(rules="standard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_moves"):
        testing.playouts(max_moves=-1)
    with pytest.raises(TypeError, match="needs a State"):
        testing.moves(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Deck module"):
        testing.cards(deck="std52")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a Rules"):
        testing.check_rules("standard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="games must be at least 1"):
        testing.check_rules(variants.STANDARD, games=0)
    with pytest.raises(TypeError, match="seed must be"):
        testing.check_rules(variants.STANDARD, seed=True)


# ---------------------------------------------------------------- check_rules catches broken modules


@attrs.frozen
class LeadsTheQueenAnyway(Leading):
    """After trick one the Q♠ may always be led, held or not: the engine keeps only the cards in the hand.

    (It was broken while hooks answered with bitmasks; cards outside ``context.allowed`` are now ignored.)
    """

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        return context.allowed | {QUEEN_OF_SPADES}

    def refusal(self, rules: hj.Rules) -> str:
        return "lead anything, and the Q♠"


@attrs.frozen
class LeadsOnlyTheQueen(rules.HouseRule):
    """Broken: after trick one only the Q♠ may be led, held or not (nothing is left when it is not held)."""

    play_code = "lead_the_queen"
    refusal_text = "lead the Q♠"

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        return {QUEEN_OF_SPADES} if context.leading and context.trick_number > 1 else context.allowed


@attrs.frozen
class LeadsTheQueenOrNothing(Leading):
    """After trick one only the Q♠ may be led: a heart-lead rule, whose empty answer leaves the hand."""

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        return {QUEEN_OF_SPADES}


@attrs.frozen
class NeverEnds(Ending):
    """Broken: the game never ends."""

    def is_over(self, totals: tuple[int, ...], sheet: Any) -> bool:
        return False

    def winners(self, totals: tuple[int, ...]) -> tuple[int, ...]:
        return (0,)


@attrs.frozen
class NothingAfterTrickOne(rules.HouseRule):
    """Broken: from trick two on no card may be played."""

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        return () if context.tricks else context.allowed


@attrs.frozen
class PassesTooFew(rules.passing.PassCycle):
    """Broken: a seat may choose only two of its cards, but must pass three."""

    def passable(self, context: PassContext) -> Iterable[hj.Card]:
        return context.hand[:2]


@attrs.frozen
class PeeksLeft(rules.HouseRule):
    """Broken: a card may not be played if the next seat holds the card just above it.

    A hook sees only what the seat to move may know, so it reads the next seat's hand from its own
    memory of what the engine showed it when that seat was to play (and so changes as it is used).
    """

    seen: dict[int, tuple[hj.Card, ...]] = attrs.field(factory=dict, eq=False, repr=False)

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        self.seen[context.seat] = context.hand
        following = self.seen.get((context.seat + 1) % context.players, ())
        above = {(card.suit, card.rank) for card in following}
        free = {card for card in context.allowed if (card.suit, card.rank + 1) not in above}
        return free or context.allowed


class CountsItsUses(rules.HouseRule):
    """Broken: a house rule with state of its own, which changes as the engine asks it."""

    def __init__(self) -> None:
        self.uses = 0

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        self.uses += 1
        return context.allowed


def _failure(ruleset: hj.Rules, **options: Any) -> testing.RulesCheckFailed:
    with pytest.raises(testing.RulesCheckFailed) as info:
        testing.check_rules(ruleset, **options)
    failure = info.value
    assert isinstance(failure, AssertionError)
    return failure


def test_a_lead_rule_that_offers_cards_not_in_the_hand_is_kept_to_the_hand():
    # The hook answers with a card the leader may not hold; the engine keeps only those allowed.
    ruleset = attrs.evolve(variants.STANDARD, leading=LeadsTheQueenAnyway())
    testing.check_rules(ruleset, games=3)
    state = hj.new_game(ruleset, seed=1, dealer=1)
    without_the_queen = 0
    while not state.score_sheet:
        if state.phase is hj.Phase.PLAYING and state.tricks and not state.trick:
            (seat,) = state.to_move
            assert {move.card for move in hj.legal_moves(state)} == set(state.hands[seat])
            without_the_queen += QUEEN_OF_SPADES not in state.hands[seat]
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert without_the_queen


def test_check_rules_catches_a_house_rule_that_leaves_no_card_to_lead():
    # The nearest mistake to offering a card not in the hand: offering only such a card.
    ruleset = attrs.evolve(variants.STANDARD, extras=(LeadsOnlyTheQueen(),))
    failure = _failure(ruleset, games=5)
    message = str(failure)
    assert failure.problem.startswith("RulesError raised while the state was checked: rule module ")
    assert "LeadsOnlyTheQueen() left no card to play" in message
    assert "rules: Rules(extras=(LeadsOnlyTheQueen(),))" in message
    assert f"new_game(rules, seed={failure.seed}, dealer={failure.dealer})" in message
    # Minimal: the four passes and the four cards of trick one; then the bad lead is asked for.
    assert len(failure.moves) == 8
    assert "1. pass " in message and "8. play " in message
    for number, move in enumerate(failure.moves, start=1):
        assert f"    {number}. {hj.notation.format_move(move)}" in message
    # The error pickles (for test runners that send failures between processes).
    copy = pickle.loads(pickle.dumps(failure))
    assert str(copy) == message and copy.moves == failure.moves
    # The counterexample replays.
    state = _replay(failure)
    (seat,) = state.to_move
    assert state.tricks and not state.trick and QUEEN_OF_SPADES not in state.hands[seat]
    with pytest.raises(hj.RulesError, match=r"LeadsOnlyTheQueen\(\) left no card to play"):
        hj.legal_moves(state)


def test_a_heart_lead_rule_that_allows_no_card_leaves_the_hand():
    """The chain's own fallback (the only-hearts exception): an empty answer of a leading module is the whole hand."""
    ruleset = attrs.evolve(variants.STANDARD, leading=LeadsTheQueenOrNothing())
    testing.check_rules(ruleset, games=2)
    rng = random.Random(3)
    state = hj.new_game(ruleset, seed=3)
    seen = 0
    while not state.score_sheet:
        if state.phase is hj.Phase.PLAYING and state.tricks and not state.trick:
            (seat,) = state.to_move
            hand = state.hands[seat]
            expected = {QUEEN_OF_SPADES} if QUEEN_OF_SPADES in hand else set(hand)
            assert {move.card for move in hj.legal_moves(state)} == expected
            seen += 1
        state = hj.apply(state, rng.choice(list(hj.legal_moves(state))))
    assert seen


def test_check_rules_catches_a_listed_card_not_in_the_hand(monkeypatch):
    # No rule module can offer a card outside the hand any more (the engine keeps its answer to the
    # hand); the check that catches one still does, here with legal_moves patched to list the Q♠ anyway.
    from hartenjagen.testing import _checker

    listed = _checker.legal_moves

    def with_the_queen(state: hj.State) -> Any:
        moves = listed(state)
        if state.phase is hj.Phase.PLAYING and state.tricks and not state.trick:
            (seat,) = state.to_move
            if QUEEN_OF_SPADES not in state.hands[seat]:
                return (*moves, hj.Play(seat, QUEEN_OF_SPADES))
        return moves

    monkeypatch.setattr(_checker, "legal_moves", with_the_queen)
    failure = _failure(variants.STANDARD, games=5)
    assert "does not hold the QS" in failure.problem
    assert len(failure.moves) == 8


def test_check_rules_catches_an_ending_that_never_ends():
    failure = _failure(attrs.evolve(variants.STANDARD, ending=NeverEnds()), games=1, max_moves=300)
    assert failure.problem == "the game did not end within 300 moves"
    assert len(failure.moves) == 300
    assert "more moves" in str(failure)  # a long list is cut in the middle
    assert "300. " in str(failure)


def test_check_rules_catches_a_house_rule_that_leaves_no_move():
    failure = _failure(attrs.evolve(variants.STANDARD, extras=(NothingAfterTrickOne(),)), games=2)
    # The engine refuses a hook that leaves no card of context.allowed, naming the module.
    assert failure.problem.startswith("RulesError raised while the state was checked: rule module ")
    assert "NothingAfterTrickOne() left no card to play (allowed: " in failure.problem
    assert "playable must return at least one card of context.allowed" in failure.problem
    assert len(failure.moves) == 8 and not failure.in_move


def test_check_rules_catches_a_passing_module_that_leaves_no_move():
    failure = _failure(attrs.evolve(variants.STANDARD, passing=PassesTooFew()), games=2)
    assert failure.problem == "no legal move in phase passing, and the game is not over"
    assert failure.moves == () and not failure.in_move
    assert "moves: none (the problem is in the first state)" in str(failure)
    assert not hj.legal_moves(_replay(failure))


def test_check_rules_catches_a_house_rule_that_peeks_at_hidden_cards():
    # A hook's context holds only what the seat to move may know: to read another seat's hand a
    # module must keep it from an earlier call, which changes the module (and the state) as it plays.
    failure = _failure(attrs.evolve(variants.STANDARD, extras=(PeeksLeft(),)), games=3)
    assert "apply changed the state it was given" in failure.problem


def test_check_rules_catches_a_view_that_shows_hidden_cards(monkeypatch):
    # No rule module can make a view show hidden cards any more; the check that catches a view that
    # does still does, here with view patched to show the next seat's hand as the carry-over pile.
    from hartenjagen.testing import _checker

    honest = _checker.view

    def peeking(state: hj.State, seat: int) -> hj.PlayerView:
        return attrs.evolve(honest(state, seat), carry_over=state.hands[(seat + 1) % state.players])

    monkeypatch.setattr(_checker, "view", peeking)
    failure = _failure(variants.STANDARD, games=3)
    assert "the view of seat" in failure.problem and "hidden" in failure.problem


def test_check_rules_catches_a_module_that_changes_as_it_is_used():
    failure = _failure(attrs.evolve(variants.STANDARD, extras=(CountsItsUses(),)), games=1)
    assert "apply changed the state it was given" in failure.problem


def test_check_rules_catches_an_exception_in_a_module():
    @attrs.frozen
    class Crashes(rules.HouseRule):
        def adjustments(self, hand: Any) -> tuple[int, ...] | None:
            raise ZeroDivisionError("division by zero in my house rule")

    failure = _failure(attrs.evolve(variants.STANDARD, extras=(Crashes(),)), games=1)
    assert failure.problem.startswith("ZeroDivisionError raised")
    assert "division by zero in my house rule" in failure.problem
    # Found when the last card of the first hand is tried (as a listed move) or played.
    assert len(failure.moves) in (4 + 51, 4 + 52)


def test_check_rules_docstring_example():
    finder = doctest.DocTestFinder()
    found = finder.find(testing.conformance, "hartenjagen.testing.conformance")
    (test,) = [t for t in found if t.name.endswith("check_rules")]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4


# ---------------------------------------------------------------- without hypothesis


def test_importing_without_hypothesis_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "hypothesis", None)
    monkeypatch.delitem(sys.modules, "hartenjagen.testing")
    with pytest.raises(ImportError, match=r"pip install hartenjagen\[testing\]"):
        importlib.import_module("hartenjagen.testing")


def test_the_rest_of_the_library_does_not_need_hypothesis():
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "import hartenjagen as hj, hartenjagen.frontend.serialize, hartenjagen.frontend.records, hartenjagen.frontend.views\n"
        "hj.rollout(hj.new_game(hj.variants.STANDARD, seed=1), rng=1, until='game')\n"
        "assert 'hartenjagen.testing' not in sys.modules\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr


# ---------------------------------------------------------------- hypothesis shrinks; the checks ask the modules


@attrs.frozen
class NothingOnceHeartsBroken(rules.HouseRule):
    """Broken: once hearts are broken no card may be played (random play breaks them late, so games fail long)."""

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        return () if context.hearts_broken else context.allowed


@attrs.frozen
class HeartsAfterTheQueenCountTwice(rules.Scoring):
    """Broken: it takes the order of the cards it is given for the order they were taken.

    Each heart after the Q♠ counts 2; but ``points_of`` gets a seat's cards in no order it may rely
    on (the engine gives them sorted, the check in the order taken), so its points are not a
    function of the cards captured.
    """

    def card_value(self, card: hj.Card) -> int:
        return 1 if card.suit is hj.Suit.HEARTS else 13 if card == QUEEN_OF_SPADES else 0

    def points_of(self, cards: Iterable[hj.Card]) -> int:
        points, after_the_queen = 0, False
        for card in cards:
            after_the_queen = after_the_queen or card == QUEEN_OF_SPADES
            points += self.card_value(card) * (2 if after_the_queen and card.suit is hj.Suit.HEARTS else 1)
        return points


@attrs.frozen
class LowestWins(rules.Duplicates):
    """Broken: the lowest card of the suit led wins (the slot only decides between identical cards)."""

    def winner(self, cards: tuple[hj.Card, ...]) -> int | None:
        led = cards[0].suit
        following = [p for p in range(len(cards)) if cards[p].suit is led]
        return min(following, key=lambda p: cards[p].rank)


@attrs.frozen
class HeartsTwoQueenTen(rules.Scoring):
    """A scoring of a user's own that keeps its promise: hearts 2, the Q♠ 10."""

    def card_value(self, card: hj.Card) -> int:
        return 2 if card.suit is hj.Suit.HEARTS else 10 if card == hj.Card("QS") else 0


@attrs.frozen
class HighestPlayedFirstWins(rules.Duplicates):
    """A duplicates module of a user's own, right: of identical winning cards the first played wins."""

    def winner(self, cards: tuple[hj.Card, ...]) -> int | None:
        led = cards[0].suit
        return max((p for p in range(len(cards)) if cards[p].suit is led), key=lambda p: (cards[p].rank, -p))


@attrs.frozen
class ScoresNothing(rules.Scoring):
    """A scoring whose cards have values but which scores nothing (a game under it never reaches a limit)."""

    def card_value(self, card: hj.Card) -> int:
        return 1 if card.suit is hj.Suit.HEARTS else 0

    def points_of(self, cards: Any) -> int:
        return 0


def _replay(failure: testing.RulesCheckFailed) -> hj.State:
    state = hj.new_game(failure.rules, seed=failure.seed, dealer=failure.dealer)
    for move in failure.moves:
        state = hj.apply(state, move)
    return state


def test_hypothesis_shrinks_a_long_failing_game_to_a_short_one():
    ruleset = attrs.evolve(variants.STANDARD, extras=(NothingOnceHeartsBroken(),))
    failure = _failure(ruleset, games=3)
    # Random play breaks hearts after 38 moves in game 0; hypothesis finds a game half as long.
    assert len(failure.moves) <= 24
    assert failure.problem.startswith("RulesError raised while the state was checked: rule module ")
    assert "NothingOnceHeartsBroken() left no card to play" in failure.problem
    state = _replay(failure)
    assert state.hearts_broken and not failure.in_move
    with pytest.raises(hj.RulesError, match="left no card to play"):
        hj.legal_moves(state)
    # Deterministic: the same seed gives the same counterexample.
    again = _failure(ruleset, games=3)
    assert (again.seed, again.moves, again.problem) == (failure.seed, failure.moves, failure.problem)


def test_check_rules_catches_a_scoring_that_breaks_its_promise():
    # A scoring's points_of is what scores a hand, so it can no longer disagree with another hook of
    # the engine's; the nearest mistake is points that hang on the order the cards are given in.
    failure = _failure(attrs.evolve(variants.STANDARD, scoring=HeartsAfterTheQueenCountTwice()), games=2)
    assert "what scoring.points_of gives for the cards captured" in failure.problem
    # The shortest game that shows it: one hand (four passes, 52 cards), scored in the last move.
    assert len(failure.moves) == 56 and failure.in_move


def test_check_rules_catches_a_duplicates_module_that_picks_another_winner():
    # The engine refuses the module's answer as check_rules would (they agree): when check_rules
    # tries the last card of trick one, the engine raises a RulesError naming the module.
    failure = _failure(attrs.evolve(variants.STANDARD, duplicates=LowestWins()), games=2)
    assert "RulesError" in failure.problem and "LowestWins()" in failure.problem
    assert "with no two identical cards of the suit led the highest one" in failure.problem
    assert len(failure.moves) == 7  # the passes and trick one but its last card


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


def test_check_rules_inside_a_hypothesis_test_of_your_own():
    broken = attrs.evolve(variants.STANDARD, extras=(NothingAfterTrickOne(),))

    @settings(FAST, max_examples=2)
    @given(st.just(broken))
    def mine(ruleset: hj.Rules) -> None:
        with pytest.raises(testing.RulesCheckFailed) as info:
            testing.check_rules(ruleset, games=1)
        assert len(info.value.moves) == 8
        assert "NothingAfterTrickOne() left no card to play" in info.value.problem

    mine()


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


def test_check_rules_says_when_it_shrinks_a_failing_game(capsys: pytest.CaptureFixture[str]) -> None:
    _failure(attrs.evolve(variants.STANDARD, ending=NeverEnds()), games=1, max_moves=300, progress=True)
    err = capsys.readouterr().err
    assert "check_rules: game 1 of 1 (seed 0) failed after 300 moves; shrinking it" in err


def test_endings_follow_what_a_users_scoring_scores():
    @settings(SURVEY, max_examples=40)
    @given(testing.modules("ending", scoring=ScoresNothing(), moon=rules.moon.NO_MOON))
    def only_fixed(module: Ending) -> None:
        assert isinstance(module, rules.ending.FixedDeals | rules.ending.SingleHand)

    limits: set[type] = set()

    @settings(SURVEY, max_examples=40)
    @given(testing.modules("ending", scoring=HeartsTwoQueenTen(), moon=rules.moon.NO_MOON))
    def some_limits(module: Ending) -> None:
        limits.add(type(module))

    only_fixed()
    some_limits()
    assert rules.ending.ScoreLimit in limits


def test_a_users_ending_that_counts_hands_needs_no_growing_scores():
    @attrs.frozen
    class ThreeHands(Ending):
        def is_over(self, totals: tuple[int, ...], sheet: Any) -> bool:
            return len(sheet) >= 3

        def winners(self, totals: tuple[int, ...]) -> tuple[int, ...]:
            return rules.ending.lowest(totals)

    moons: set[type] = set()

    @settings(SURVEY, max_examples=60)
    @given(testing.rules(base=attrs.evolve(variants.STANDARD, ending=ThreeHands()), moon=testing.ANY))
    def survey(ruleset: hj.Rules) -> None:
        moons.add(type(ruleset.moon))

    survey()
    # A moon that takes points off the shooter could stall a score limit, but not a count of hands.
    assert rules.moon.SelfMinus in moons or rules.moon.ResetOrDouble in moons
