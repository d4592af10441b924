"""The test kit's strategies draw what they promise.

- ``testing.rules()`` reaches every module class of every slot, and ``testing.modules`` every
  option of every class (all pass cycles and counts, both pass-and-return readings, both dealer
  pools, every first-trick and heart-lead option, every named points table, every moon class
  with both moon sets, every ending option); a double deck is the only one with ``CancelPairs``;
- endings are short, and fixed only where the totals could stay put (by a user's scoring too);
- decks deal evenly to every valid player count;
- ``base=`` keeps a ruleset's slots unless a slot is given;
- ``games``, ``moves`` and ``playouts`` give states reached by legal play, legal and illegal
  moves, and whole games."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, testing, variants
from hartenjagen.cards import ALL_CARDS
from hartenjagen.rules.ending import Ending
from hartenjagen.rules.routes import PassRoute
from kit_helpers import FAST, SURVEY, HeartsTwoQueenTen, library_classes

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


@attrs.frozen
class ScoresNothing(rules.Scoring):
    """A scoring whose cards have values but which scores nothing (a game under it never reaches a limit)."""

    def card_value(self, card: hj.Card) -> int:
        return 1 if card.suit is hj.Suit.HEARTS else 0

    def points_of(self, cards: Any) -> int:
        return 0


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
