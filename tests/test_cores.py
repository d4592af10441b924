"""The two cores: the compiled one (mypyc) and the interpreted one agree on every preset, move for move.

The compiled core runs in this process when the package was built with a C
compiler (``hj.COMPILED``); the interpreted one runs in a subprocess with
``HARTENJAGEN_PURE_PYTHON=1``. Under CI the compiled core must be there: a
build that silently fell back to the source would test the same core twice.
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
import textwrap

import pytest

import hartenjagen as hj
from hartenjagen import variants
from helpers import assert_rollout_plays_the_public_loop, core_env


def test_compiled_is_a_bool_and_says_which_core_runs() -> None:
    assert isinstance(hj.COMPILED, bool)
    from hartenjagen.core import kernel

    assert (not kernel.__file__.endswith(".py")) == hj.COMPILED


@pytest.mark.skipif(os.environ.get("CI") != "true", reason="only CI insists on a compiled build")
@pytest.mark.skipif(
    bool(os.environ.get("HARTENJAGEN_PURE_PYTHON")), reason="the interpreted core was asked for"
)
def test_ci_tests_the_compiled_core() -> None:
    assert hj.COMPILED, "the check must run on the mypyc-compiled core; the build fell back to source"


def test_the_environment_variable_loads_the_interpreted_core() -> None:
    code = "import hartenjagen as hj; print(hj.COMPILED)"
    env = {**os.environ, "HARTENJAGEN_PURE_PYTHON": "1"}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert run.stdout.strip() == "False"


_CONTINUE = textwrap.dedent(
    """
    import pickle, random, sys
    import hartenjagen as hj
    state = pickle.loads(sys.stdin.buffer.read())
    rng = random.Random(5)
    while not state.is_over:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    print(hj.COMPILED, list(state.scores), len(state.score_sheet))
    """
)


@pytest.mark.parametrize("pure", [True, False])
def test_a_pickled_state_plays_on_in_the_other_core(pure: bool) -> None:
    rng = random.Random(3)
    state = hj.new_game(variants.STANDARD, seed=11)
    for _ in range(70):
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    env = core_env(pure)
    run = subprocess.run(
        [sys.executable, "-c", _CONTINUE], input=pickle.dumps(state), capture_output=True, env=env, check=True
    )
    rng = random.Random(5)
    while not state.is_over:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    compiled_there, rest = run.stdout.decode().strip().split(" ", 1)
    assert compiled_there == "False" or not pure
    assert rest == f"{list(state.scores)} {len(state.score_sheet)}"


@pytest.mark.parametrize(
    "call",
    [
        lambda: hj.legal_moves("a state"),
        lambda: hj.apply(None, hj.Play(0, "2C")),
        lambda: hj.step(42, hj.Play(0, "2C")),
        lambda: hj.explain([], hj.Play(0, "2C")),
        lambda: hj.is_legal(object(), hj.Play(0, "2C")),
        lambda: hj.view(None, 0),  # type: ignore[arg-type]
        lambda: hj.public_view(None),  # type: ignore[arg-type]
        lambda: hj.view("a state", 0),  # type: ignore[arg-type]
        lambda: hj.public_view(hj.new_game(variants.STANDARD, seed=1).hands),  # type: ignore[arg-type]
    ],
    ids=[
        "legal_moves",
        "apply",
        "step",
        "explain",
        "is_legal",
        "view",
        "public_view",
        "view-str",
        "public_view-tuple",
    ],
)
def test_the_verbs_refuse_what_is_not_a_state_with_a_library_error(call: object) -> None:
    with pytest.raises(hj.StateError, match=r"needs a State \(from new_game or apply\), not "):
        call()  # type: ignore[operator]


def test_a_state_cannot_be_changed_through_its_attributes() -> None:
    state = hj.new_game(variants.STANDARD, seed=1)
    with pytest.raises(AttributeError):
        state.phase = hj.Phase.GAME_OVER  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.scores = (0, 0, 0, 0)  # type: ignore[misc]


def test_no_module_global_keeps_the_last_state_touched() -> None:
    state = hj.new_game(variants.STANDARD, seed=2)
    while state.phase is not hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    move = hj.legal_moves(state)[0]
    hj.apply(state, move)
    hj.explain(state, move)
    hj.rollout(state, rng=1)
    for name, module in list(sys.modules.items()):
        if name.startswith("hartenjagen"):
            for value in vars(module).values():
                assert not isinstance(value, hj.State), f"{name} keeps a state in a global"
                if isinstance(value, (tuple, list)):
                    assert not any(isinstance(item, hj.State) for item in value), f"{name} keeps a state"


# ---------------------------------------------------------------- the plan and its callbacks

from collections import Counter  # noqa: E402
from collections.abc import Iterable  # noqa: E402

import attrs  # noqa: E402

from hartenjagen.core.table import FIRST_CALLBACK, LEAD_CALLBACK, Table, table_for  # noqa: E402
from hartenjagen.rules import duplicates, first_trick, leading  # noqa: E402
from hartenjagen.rules.context import MoonContext, OpeningContext, PassContext, PlayContext  # noqa: E402
from hartenjagen.rules.routes import PassRoute  # noqa: E402

#: How often the core called each overriding hook (the test below checks that every one was called).
CALLS: Counter[str] = Counter()


@attrs.frozen(repr=False)
class _CallingLeading(leading.HeartsAfterBroken):
    """The standard leading rule, overriding its hooks only to call them: the core must call it."""

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        CALLS["leading.playable"] += 1
        return super().playable(context)

    def breaks_hearts(self, card: hj.Card, discarded: bool, trick_number: int) -> bool:
        CALLS["leading.breaks_hearts"] += 1
        return super().breaks_hearts(card, discarded, trick_number)


@attrs.frozen(repr=False)
class _CallingFirstTrick(first_trick.NoPointsUnlessForced):
    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        CALLS["first_trick.playable"] += 1
        return super().playable(context)


@attrs.frozen(repr=False)
class _CallingDuplicates(duplicates.FirstPlayedWins):
    def winner(self, cards: tuple[hj.Card, ...]) -> int | None:
        CALLS["duplicates.winner"] += 1
        return super().winner(cards)


@attrs.frozen(kw_only=True, repr=False)
class _CallingMoon(hj.rules.moon.OthersPlus):
    def shooter(self, context: MoonContext) -> int | None:
        CALLS["moon.shooter"] += 1
        return super().shooter(context)


@attrs.frozen(repr=False)
class _CallingEnding(hj.rules.ending.ScoreLimit):
    def is_over(self, totals: tuple[int, ...], sheet: tuple[hj.HandResult, ...]) -> bool:
        CALLS["ending.is_over"] += 1
        return super().is_over(totals, sheet)

    def winners(self, totals: tuple[int, ...]) -> tuple[int, ...]:
        CALLS["ending.winners"] += 1
        return super().winners(totals)


@attrs.frozen(repr=False)
class _CallingOpening(hj.rules.opening.LowestClubLeads):
    def leader(self, context: OpeningContext) -> int:
        CALLS["opening.leader"] += 1
        return super().leader(context)

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        CALLS["opening.playable"] += 1
        return super().playable(context)

    def leader_cards(self, rules: hj.Rules) -> tuple[hj.Card, ...]:
        CALLS["opening.leader_cards"] += 1
        return super().leader_cards(rules)


@attrs.frozen(repr=False)
class _CallingPassing(hj.rules.passing.PassCycle):
    def passable(self, context: PassContext) -> Iterable[hj.Card]:
        CALLS["passing.passable"] += 1
        return super().passable(context)

    def givers(self, stage: int, route: PassRoute, players: int, dealer: int) -> tuple[int, ...]:
        CALLS["passing.givers"] += 1
        return super().givers(stage, route, players, dealer)


@attrs.frozen(repr=False)
class _CallingScoring(hj.rules.scoring.CardPoints):
    def points_of(self, cards: Iterable[hj.Card]) -> int:
        CALLS["scoring.points_of"] += 1
        return super().points_of(cards)


def _play_through(rules: hj.Rules, seed: int) -> list[object]:
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    seen: list[object] = []
    while not state.is_over and len(seen) < 300:
        moves = hj.legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        seen.append((move, hj.explain(state, move), [str(m) for m in moves]))
        state = hj.apply(state, move)
    seen.append(hj.rollout(state, rng=seed, until="game").scores)
    return seen


def test_modules_that_override_a_hook_are_called_and_play_like_the_plan() -> None:
    planned = attrs.evolve(variants.STANDARD, ending=hj.rules.ending.ScoreLimit(limit=60))
    calling = attrs.evolve(
        planned,
        passing=_CallingPassing(),
        leading=_CallingLeading(),
        first_trick=_CallingFirstTrick(),
        scoring=_CallingScoring(hj.rules.scoring.BLACK_LADY.values, name="black_lady"),
        duplicates=_CallingDuplicates(),
        moon=_CallingMoon(),
        ending=_CallingEnding(limit=60),
        opening=_CallingOpening(),
    )
    table = table_for(calling)
    assert table.lead_opens == LEAD_CALLBACK and table.break_callback
    assert table.first_kind == FIRST_CALLBACK and table.winner_callback
    assert not table.moon_planned and not table.ending_planned and not table.opening_planned
    assert table.pass_allowed_callback and not table.givers_all and table.scoring_callback
    planned_table = table_for(planned)
    assert planned_table.lead_opens != LEAD_CALLBACK and not planned_table.break_callback
    assert planned_table.first_kind != FIRST_CALLBACK and not planned_table.winner_callback
    assert planned_table.moon_planned and planned_table.ending_planned and planned_table.opening_planned
    assert not planned_table.pass_allowed_callback and planned_table.givers_all
    assert not planned_table.scoring_callback
    CALLS.clear()
    for seed in range(3):
        assert _play_through(calling, seed) == _play_through(planned, seed)
    assert set(CALLS) == {
        "passing.passable", "passing.givers", "leading.playable", "leading.breaks_hearts",
        "first_trick.playable", "scoring.points_of", "duplicates.winner", "moon.shooter",
        "ending.is_over", "ending.winners", "opening.leader", "opening.playable", "opening.leader_cards",
    }  # fmt: skip


def test_a_subclass_that_overrides_nothing_keeps_the_plan() -> None:
    @attrs.frozen(repr=False)
    class Renamed(leading.HeartsAfterBroken):
        """Only a new name."""

    rules = attrs.evolve(variants.STANDARD, leading=Renamed())
    assert table_for(rules).lead_opens != LEAD_CALLBACK


@pytest.mark.parametrize("preset", variants.OFFERED, ids=lambda preset: preset.name)
def test_rollout_plays_exactly_the_public_loop(preset: variants.Preset) -> None:
    """The fused playout draws as `moves[rng.randrange(len(moves))]` does, move for move."""
    for seed in range(3):
        start = hj.new_game(preset.rules, seed=seed)
        for until in ("hand", "game"):
            rng = random.Random(seed)
            state, scored = start, len(start.score_sheet)
            while not state.is_over and (until == "game" or len(state.score_sheet) == scored):
                moves = hj.legal_moves(state)
                state = hj.apply(state, moves[rng.randrange(len(moves))])
            mine = random.Random(seed)
            assert hj.rollout(start, rng=mine, until=until) == state
            assert mine.getstate() == rng.getstate()


@pytest.mark.parametrize("preset", variants.OFFERED, ids=lambda preset: preset.name)
def test_rollout_from_inside_a_trick_plays_the_public_loop(preset: variants.Preset) -> None:
    """A playout that starts with cards already on the table finds that trick's winner as the loop does."""
    rng = random.Random(7)
    for seed in range(6):
        state = hj.new_game(preset.rules, seed=seed)
        # Walk to a state with part of a trick on the table (a different trick and count each time).
        wanted = 1 + seed % (preset.rules.players - 1)
        skip = seed
        while not state.is_over and not (state.trick and len(state.trick) == wanted and skip <= 0):
            if state.trick and len(state.trick) == wanted:
                skip -= 1
            moves = hj.legal_moves(state)
            state = hj.apply(state, moves[rng.randrange(len(moves))])
        assert state.trick and len(state.trick) == wanted
        loop_rng, mine = random.Random(seed), random.Random(seed)
        expected, scored = state, len(state.score_sheet)
        while not expected.is_over and len(expected.score_sheet) == scored:
            moves = hj.legal_moves(expected)
            expected = hj.apply(expected, moves[loop_rng.randrange(len(moves))])
        assert hj.rollout(state, rng=mine) == expected
        assert mine.getstate() == loop_rng.getstate()


#: Rule sets with modules of one's own in the per-card slots and house rules: the fused playout asks their
#: hooks through the hook cache, the public loop through `legal_moves`, and the two must draw alike.
_OWN_RULES = [
    attrs.evolve(
        variants.STANDARD,
        leading=_CallingLeading(),
        first_trick=_CallingFirstTrick(),
        opening=_CallingOpening(),
    ),
    attrs.evolve(
        variants.STANDARD, duplicates=_CallingDuplicates(), extras=(hj.rules.extras.MUST_DROP_QUEEN,)
    ),
    attrs.evolve(
        variants.SIX_DOUBLE_DECK, leading=_CallingLeading(), extras=(hj.rules.extras.MUST_DROP_QUEEN,)
    ),
    attrs.evolve(variants.DUTCH, first_trick=_CallingFirstTrick(), extras=(hj.rules.extras.MIEZEN,)),
]


@pytest.mark.parametrize("rules", _OWN_RULES, ids=range(len(_OWN_RULES)))
def test_rollout_plays_the_public_loop_with_modules_of_ones_own(rules: hj.Rules) -> None:
    for seed in range(3):
        start = hj.new_game(rules, seed=seed)
        for begin in range(0, 3 * rules.players, 5):  # from the deal, inside the first trick, and later
            rng = random.Random(seed)
            state = start
            for _ in range(begin):
                if state.is_over:
                    break
                moves = hj.legal_moves(state)
                state = hj.apply(state, moves[rng.randrange(len(moves))])
            loop_rng, mine = random.Random(seed + begin), random.Random(seed + begin)
            expected, scored = state, len(state.score_sheet)
            while not expected.is_over and len(expected.score_sheet) == scored:
                moves = hj.legal_moves(expected)
                expected = hj.apply(expected, moves[loop_rng.randrange(len(moves))])
            assert hj.rollout(state, rng=mine) == expected
            assert mine.getstate() == loop_rng.getstate()


_ENDINGS = [
    hj.rules.ending.ScoreLimit(),
    hj.rules.ending.ScoreLimit(limit=30, inclusive=False),
    hj.rules.ending.ScoreLimit(limit=30, tie=hj.rules.ending.Tie.PLAY_ON),
    hj.rules.ending.Countdown(start=40),
    hj.rules.ending.Countdown(start=40, tie=hj.rules.ending.Tie.PLAY_ON),
    hj.rules.ending.FixedDeals(deals=3),
    hj.rules.ending.SingleHand(),
]


@pytest.mark.parametrize("ending", _ENDINGS, ids=repr)
def test_a_planned_ending_ends_the_game_as_its_hooks_say(ending: hj.rules.ending.Ending) -> None:
    """The core's reading of an ending's plan agrees with ``is_over`` and ``winners``, revoked lines included."""
    from hartenjagen.core.hands import _lowest, _planned_end

    table = table_for(attrs.evolve(variants.STANDARD, ending=ending))
    assert table.ending_planned
    rng = random.Random(repr(ending))
    for _ in range(2000):
        sheet = tuple(
            hj.HandResult(i, 0, (0,) * 4, (0,) * 4, (0,) * 4, None, revoke=rng.choice([None, None, 2]))
            for i in range(rng.randrange(5))
        )
        totals = tuple(rng.choice([0, 10, 29, 30, 31, 40, 41, 100, 101]) for _ in range(4))
        assert _planned_end(totals, sheet, table) == ending.is_over(totals, sheet), (totals, sheet)
        assert _lowest(totals) == tuple(ending.winners(totals))


@pytest.mark.parametrize(
    "moon",
    [
        hj.rules.moon.OthersPlus(),
        hj.rules.moon.SelfMinus(moon_set=hj.rules.moon.MoonSet.ALL_NONZERO),
        hj.rules.moon.NoMoon(),
    ],
    ids=repr,
)
def test_a_planned_moon_finds_the_shooter_its_hook_finds(moon: hj.rules.moon.Moon) -> None:
    """Every seat that takes the moon set (and only one that does) is the shooter, as ``shooter`` says."""
    from hartenjagen.core.hands import score_hand

    rules = attrs.evolve(variants.OMNIBUS, moon=moon, ending=hj.rules.ending.SingleHand())
    table = table_for(rules)
    assert table.moon_planned
    rng = random.Random(repr(moon))
    shots = 0
    for _ in range(300):
        owner = [rng.randrange(4) for _ in range(52)]
        if rng.random() < 0.5:  # one seat takes every card of value, or every card but one
            keep = rng.randrange(4)
            owner = [keep if table.values[p] and rng.random() < 0.97 else owner[p] for p in range(52)]
        taken = tuple(sum(1 << p for p in range(52) if owner[p] == seat) for seat in range(4))
        piles = tuple(table.cards(mask) for mask in taken)
        context = MoonContext(
            rules=rules,
            cards_taken=piles,
            tricks=(),
            raw=tuple(rules.scoring.points_of(pile) for pile in piles),
            totals=(0,) * 4,
            options=tuple(moon.options()),
        )
        expected = moon.shooter(context)
        state = hj.new_game(rules, seed=1)
        line = score_hand(state, None, taken).score_sheet[-1]
        assert line.shooter == expected
        shots += expected is not None
    assert (shots == 0) == isinstance(moon, hj.rules.moon.NoMoon)


_OPENINGS = [
    hj.rules.opening.LowestClubLeads(),
    hj.rules.opening.LowestClubHolderLeadsAnyClub(),
    hj.rules.opening.FirstDeuceFromEldest(),
    hj.rules.opening.ShowTwoOfClubsLeadSafe(),
    hj.rules.opening.EldestLeadsAny(),
]


@pytest.mark.parametrize("opening", _OPENINGS, ids=repr)
@pytest.mark.parametrize("preset", [variants.STANDARD, variants.SIX_DOUBLE_DECK, variants.DUTCH], ids=repr)
def test_a_planned_opening_names_the_leader_and_cards_its_hooks_name(
    opening: hj.rules.opening.Opening, preset: hj.Rules
) -> None:
    """The core's reading of an opening's plan agrees with ``leader`` and ``playable`` on random deals."""
    try:
        rules = attrs.evolve(preset, opening=opening)
    except hj.RulesError:
        pytest.skip("this opening needs a card the pack lacks")
    table = table_for(rules)
    assert table.opening_planned
    n = table.players
    for seed in range(200):
        hands = hj.new_game(rules, seed=seed)._hand.hands
        dealer = seed % n
        cards = tuple(table.cards(hand) for hand in hands)
        context = OpeningContext(rules=rules, hands=cards, dealer=dealer, hand_index=0)
        assert table.first_leader(hands, dealer) == opening.leader(context)
        for seat, hand in enumerate(hands):
            lead = PlayContext(
                rules=rules, seat=seat, hand=cards[seat], allowed=frozenset(cards[seat]), trick=(),
                led_suit=None, trick_number=1, hearts_broken=False, tricks_taken=(0,) * n, scores=(0,) * n,
            )  # fmt: skip
            # Every copy of a card the hook allows is allowed (an empty answer: any card, as in the core).
            allowed = set(opening.playable(lead)) & lead.allowed
            assert table.opening_mask(hand) == (hand & _copies(table, allowed) if allowed else 0)


def _copies(table: Table, cards: Iterable[hj.Card]) -> int:
    """Every physical copy of ``cards`` in the table's pack."""
    mask = 0
    for card in cards:
        mask |= table.bits_of[card.index]
    return mask


def test_popcount_counts_the_bits_of_words_and_of_big_masks() -> None:
    """The kernel's bit count (word-parallel when compiled) agrees with ``int.bit_count`` up to two packs."""
    from hartenjagen.core.table import popcount

    rng = random.Random(5)
    edges = [0, 1, (1 << 62) - 1, 1 << 62, (1 << 104) - 1, (1 << 52) - 1]
    for mask in edges + [rng.getrandbits(rng.randrange(1, 110)) for _ in range(20000)]:
        assert popcount(mask) == mask.bit_count(), mask


@attrs.frozen(repr=False)
class _KeepTheQueen(hj.rules.passing.PassCycle):
    """A rotating exchange whose ``passable`` hook keeps the Q♠ off every pass: the core must ask it."""

    def passable(self, context: PassContext) -> Iterable[hj.Card]:
        return [card for card in context.hand if card != hj.cards.QUEEN_OF_SPADES]


@pytest.mark.parametrize(
    "rules",
    [
        attrs.evolve(variants.STANDARD, passing=_KeepTheQueen()),
        attrs.evolve(variants.SIX_DOUBLE_DECK, passing=_KeepTheQueen()),
        variants.hoemke(3, 2, 2, 1),  # pass four, return one of them
        variants.hoemke(4, 2, 2, 1),  # pass to the dealer, who deals the pool back
    ],
    ids=["passable_hook", "passable_hook_two_packs", "pass_and_return", "pass_to_dealer"],
)
def test_rollout_plays_the_public_loop_through_other_exchanges(rules: hj.Rules) -> None:
    """The fused exchange draws seat by seat as the loop does, also with a ``passable`` hook or another exchange."""
    for seed in range(4):
        start = hj.new_game(rules, seed=seed)
        assert_rollout_plays_the_public_loop(start, seed)


from hartenjagen.rules import plan as plans  # noqa: E402


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: plans.LeadingPlan("broken"), "opens"),
        (lambda: plans.LeadingPlan(plans.HeartsOpen.AFTER_TRICKS, tricks=-1), "tricks"),
        (lambda: plans.LeadingPlan(plans.HeartsOpen.BROKEN, queen_breaks=1), "queen_breaks"),
        (lambda: plans.FirstTrickPlan("hearts"), "restricted"),
        (lambda: plans.DuplicatesPlan(cancel_pairs=None), "cancel_pairs"),
        (lambda: plans.OpeningPlan("any"), "lead"),
        (lambda: plans.MoonPlan("every_card"), "needs"),
        (lambda: plans.EndingPlan(deals=0), "deals"),
        (lambda: plans.EndingPlan(limit=True), "limit"),
        (lambda: plans.EndingPlan(limit=100, tie_shared="yes"), "tie_shared"),
    ],
)
def test_a_plan_with_a_bad_field_is_refused_as_it_is_made(make: object, field: str) -> None:
    with pytest.raises(hj.RulesError, match=field):
        make()  # type: ignore[operator]


def test_an_opening_plan_whose_leader_cards_are_not_cards_gets_a_rules_error() -> None:
    @attrs.frozen(repr=False)
    class Garbled(hj.rules.opening.Opening):
        def plan(self) -> plans.OpeningPlan:
            return plans.OpeningPlan(plans.FirstLead.LEADER_CARDS)

        def leader(self, context: OpeningContext) -> int:
            return 0

        def playable(self, context: PlayContext) -> Iterable[hj.Card]:
            return context.allowed

        def refusal(self, rules: hj.Rules) -> str:
            return "any card"

        def leader_cards(self, rules: hj.Rules) -> tuple[hj.Card, ...]:
            return ("2C",)  # type: ignore[return-value]

    with pytest.raises(hj.RulesError, match="leader_cards must give cards"):
        hj.new_game(attrs.evolve(variants.STANDARD, opening=Garbled()), seed=1)
