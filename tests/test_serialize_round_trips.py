"""Saving and loading as JSON: the format, and round trips of every value it writes.

Plain tagged JSON; every rule module class (a catalogue of them, several with fields away from the
defaults), every preset and Hoemke variant, drawn compositions, moves, cards, states reached by random
play under random rules, events, views, score lines, tricks, a state of every phase (by example) and
game records: each is written, read back equal, and written again to the same text."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, variants
from hartenjagen.cards import ALL_CARDS, Rank
from hartenjagen.core.state_fields import fields
from hartenjagen.engine import step
from hartenjagen.events import EVENT_TYPES
from hartenjagen.frontend.serialize import dumps, loads, validate_state
from hartenjagen.frontend.views import PlayerView, public_view, view
from hartenjagen.rules import (
    deck,
    duplicates,
    ending,
    extras,
    first_trick,
    leading,
    moon,
    opening,
    passing,
    scoring,
)
from helpers import ONE_SUIT_EACH, game
from serialize_helpers import (
    EXAMPLES,
    H,
    L,
    R,
    announcing,
    assert_same_game,
    double_deck_carry_over,
    game_over,
    moon_choice,
    pass_and_return_stage_one,
    pass_to_dealer_without_dealer,
    playing_mid_trick,
    playout,
    random_play,
    rejects,
    revoke_ends_the_game,
    revoke_redeals,
    round_trip,
    standard_passing_some_passed,
    tampered,
)

QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


SLOW = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


# ---------------------------------------------------------------- a catalogue of rule modules

#: Every rule module class, several with their fields away from the defaults.

CATALOGUE: dict[str, tuple[Any, ...]] = {
    "deck": (
        deck.STD52,
        deck.MINUS_2D_3P,
        deck.MINUS_2C_3P,
        deck.MINUS_2D_2C_5P,
        deck.PIQUET32,
        deck.SinglePack(players=4, removed=("2C", "3D", "4H", "5S"), lowest_rank=Rank.TWO),
        deck.SinglePack(players=2, lowest_rank=Rank.NINE),
        deck.DOUBLE_DECK_6,
        deck.DoubleDeck(players=7),
    ),
    "passing": (
        passing.LEFT_RIGHT_ACROSS_HOLD,
        passing.LEFT_RIGHT_HOLD_HOLD,
        passing.FIVE_PLAYER_CYCLE,
        passing.NO_PASSING,
        passing.PassCycle(directions=(R,), cards=1),
        passing.RANDOM_DIRECTION,
        passing.RandomDirection(cards=2, choices=(L, R)),
        passing.PASS_FOUR_RETURN_ONE,
        passing.PassAndReturn(directions=(L, H), cards=3, returned=2, from_received=False),
        passing.PASS_TO_DEALER,
        passing.PassToDealer(cards=2, dealer_joins=False),
    ),
    "opening": (
        opening.LOWEST_CLUB,
        opening.ANY_CLUB,
        opening.ELDEST_LOWEST_NON_HEART,
        opening.ELDEST_LOWEST_OF_CHOSEN_SUIT,
        opening.FIRST_DEUCE_FROM_ELDEST,
        opening.SHOW_TWO_OF_CLUBS_LEAD_SAFE,
        opening.ELDEST_ANY,
        opening.CardLeads(),
    ),
    "first_trick": (
        first_trick.NO_POINTS_UNLESS_FORCED,
        first_trick.NoPointsUnlessForced(
            restricted=first_trick.RestrictedCards.HEARTS_AND_QUEEN,
            forced=first_trick.ForcedChoice.MIN_VALUE,
        ),
        first_trick.ANYTHING,
    ),
    "leading": (
        leading.AFTER_BROKEN,
        leading.HeartsAfterBroken(
            broken_by=leading.BrokenBy.HEART_DISCARDED,
            queen_breaks=True,
            break_on_first_trick=False,
            hearts_and_queen=leading.HeartsAndQueen.HEARTS_OR_QUEEN,
            queen_like_heart=True,
        ),
        leading.AFTER_TRICK_3,
        leading.HeartsAfterSuitsLed(hearts_and_queen=leading.HeartsAndQueen.HEARTS_OR_QUEEN),
        leading.ANYTIME,
    ),
    "scoring": (
        scoring.BLACK_LADY,
        scoring.OMNIBUS,
        scoring.HOEMKE_HIGH_HEARTS,
        scoring.spot_hearts(ace=14, queen_of_spades=26, jack_of_diamonds=-40),
        scoring.CardPoints({"QS": 13, "JD": -10, "2H": 1}),
        scoring.HOEMKE_FIRST_TWO_FREE,
    ),
    "moon": (
        moon.OTHERS_PLUS,
        moon.OthersPlus(amount=26, moon_set=moon.MoonSet.ALL_NONZERO),
        moon.SelfMinus(amount=20),
        moon.SHOOTER_CHOICE,
        moon.ResetOrDouble(),
        moon.NO_MOON,
    ),
    "ending": (
        ending.TO_100,
        ending.ScoreLimit(limit=30, inclusive=False, tie=ending.Tie.PLAY_ON),
        ending.Countdown(start=40, tie=ending.Tie.PLAY_ON),
        ending.TwoHalves(switch=20, finish=ending.Finish.EXACT_ZERO_BOUNCE),
        ending.FixedDeals(deals=2),
        ending.SINGLE_HAND,
    ),
    "duplicates": (duplicates.FIRST_PLAYED_WINS, duplicates.CANCEL_PAIRS),
    "extras": (
        (),
        (extras.NoTricksBonus(points=-3),),
        (extras.MIEZEN,),
        (extras.Miezen(points=5, first_half_only=True), extras.MUST_DROP_QUEEN),
        (extras.RevokePenalty(),),
        (extras.RevokePenalty(points=15), extras.NoTricksBonus()),
    ),
}


def module_classes() -> set[type]:
    """Every concrete rule module class in rules/*.py."""
    bases: tuple[type, ...] = (rules.Deck, rules.Passing, rules.Opening, rules.FirstTrick, rules.Leading)
    bases += (rules.Scoring, rules.Moon, rules.Ending, rules.Duplicates, rules.HouseRule)
    found = set()
    for module in (deck, passing, opening, first_trick, leading, scoring, moon, ending, duplicates, extras):
        for obj in vars(module).values():
            if (
                isinstance(obj, type)
                and obj.__module__ == module.__name__
                and issubclass(obj, bases)
                and obj not in bases
                and not inspect.isabstract(obj)
            ):
                found.add(obj)
    return found


def catalogue_modules() -> list[Any]:
    out: list[Any] = []
    for modules in CATALOGUE.values():
        for module in modules:
            out.extend(module if isinstance(module, tuple) else (module,))
    return out


@st.composite
def custom_rules(draw: st.DrawFn) -> hj.Rules:
    """A composition of catalogue modules that the library accepts."""
    slots = {slot: draw(st.sampled_from(modules)) for slot, modules in CATALOGUE.items()}
    if not isinstance(slots["deck"], deck.DoubleDeck):
        slots["duplicates"] = duplicates.FIRST_PLAYED_WINS
    try:
        return hj.Rules(**slots)
    except hj.RulesError:
        assume(False)
        raise


PRESETS = [preset.rules for preset in variants.OFFERED]


any_rules = st.one_of(
    st.sampled_from(PRESETS),
    st.builds(variants.hoemke, *[st.integers(1, 4)] * 4),
    custom_rules(),
)


@st.composite
def states(draw: st.DrawFn) -> hj.State:
    """A state reached by random legal play from a random ruleset, seed and dealer."""
    chosen = draw(any_rules)
    seed = draw(st.integers(0, 2**64) | st.none())
    dealer = draw(st.integers(0, chosen.players - 1))
    state = hj.new_game(chosen, seed=seed, dealer=dealer)
    rng = random.Random(draw(st.integers(0, 2**32)))
    return playout(state, rng, rng.randrange(600), revokes=0.02)  # any depth, not Hypothesis's small ones


# ---------------------------------------------------------------- the format


def test_the_format_is_plain_tagged_json() -> None:
    assert json.loads(dumps(hj.Play(0, "QS"))) == {"type": "Play", "version": 1, "seat": 0, "card": "QS"}
    assert dumps(hj.Play(0, "QS")) == '{"type": "Play", "version": 1, "seat": 0, "card": "QS"}'
    assert json.loads(dumps(passing.PassCycle(directions=(L, R), cards=3))) == {
        "type": "PassCycle",
        "version": 1,
        "directions": ["left", "right"],
        "cards": 3,
    }
    assert json.loads(dumps(hj.Card("TH"))) == {"type": "Card", "version": 1, "card": "TH"}
    assert json.loads(dumps(hj.Pass(1, ["QS", "2C"])))["cards"] == ["2C", "QS"]
    data = json.loads(dumps(variants.DUTCH))
    assert data["type"] == "Rules" and data["version"] == 1
    assert data["deck"] == {"type": "SinglePack", "players": 4, "removed": [], "lowest_rank": "7"}
    assert data["scoring"]["values"]["QS"] == 5
    assert data["ending"] == {"type": "TwoHalves", "switch": 50, "finish": "zero_or_below"}
    assert data["extras"] == []
    assert json.loads(dumps(variants.ACHTERHOEK))["extras"] == [
        {"type": "Miezen", "points": 10, "first_half_only": False}
    ]


def test_a_state_names_every_field() -> None:
    state = hj.new_game(variants.STANDARD, seed=5)
    data = json.loads(dumps(state))
    assert list(data) == [
        "type",
        "version",
        "rules",
        "phase",
        "hand_index",
        "dealer",
        "hands",
        "passing",
        "pending",
        "trick_leader",
        "trick",
        "tricks",
        "taken",
        "hearts_broken",
        "scores",
        "score_sheet",
        "seed",
        "deal_count",
        "dealt",
        "winners",
        "pass_direction",
        "exchanges",
        "carry_over",
        "announcers",
        "shooter",
        "secret_seed",
        "history",
        "chance",
    ]
    assert data["hands"] == [[str(card) for card in hand] for hand in state.hands]
    assert data["rules"]["type"] == "Rules" and "version" not in data["rules"]
    assert data["seed"] == 5 and data["secret_seed"] is False
    assert data["pending"] == [0, 1, 2, 3] and data["phase"] == "passing"
    # The first hand has no hand before it; a seeded game has no chance node to wait at.
    assert data["history"] == [] and data["chance"] is None


def test_a_secret_seed_is_saved() -> None:
    state = hj.new_game(variants.STANDARD)
    back = loads(dumps(state))
    assert isinstance(back, hj.State)
    assert back.seed is None and fields(back).seed == fields(state).seed and fields(back).secret_seed
    assert back == state


def test_every_rule_module_class_is_in_the_catalogue_and_round_trips() -> None:
    modules = catalogue_modules()
    assert {type(module) for module in modules} == module_classes()
    for module in modules:
        assert json.loads(dumps(module))["type"] == type(module).__name__
        round_trip(module)


def test_every_preset_and_hoemke_variant_round_trips() -> None:
    for chosen in PRESETS:
        round_trip(chosen)
    for number in range(256):
        p, l, h, s = (number >> 6) + 1, (number >> 4 & 3) + 1, (number >> 2 & 3) + 1, (number & 3) + 1  # noqa: E741
        round_trip(variants.hoemke(p, l, h, s))


@QUICK
@given(custom_rules())
def test_custom_rules_round_trip(chosen: hj.Rules) -> None:
    round_trip(chosen)


cards = st.sampled_from(ALL_CARDS)


moves = st.one_of(
    st.builds(hj.Play, st.integers(-2, 20), cards),
    st.builds(hj.Pass, st.integers(0, 20), st.lists(cards, max_size=5)),
    st.builds(hj.Announce, st.integers(0, 20), st.booleans()),
    st.builds(hj.MoonChoice, st.integers(0, 20), st.sampled_from(list(hj.MoonOption))),
)


@QUICK
@given(moves)
def test_moves_round_trip(move: hj.Move) -> None:
    round_trip(move)


def test_cards_round_trip() -> None:
    for card in ALL_CARDS:
        assert loads(dumps(card)) is card


# ---------------------------------------------------------------- states, events, views


@SLOW
@given(states(), st.integers(0, 2**32))
def test_states_round_trip_and_play_on(state: hj.State, draw: int) -> None:
    back = round_trip(state)
    assert_same_game(back, state)
    assert isinstance(back, hj.State)
    if not state.is_over:
        legal = hj.legal_moves(state)
        move = legal[draw % len(legal)]
        assert hj.apply(back, move) == hj.apply(state, move)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(any_rules, st.integers(0, 2**32))
def test_events_and_views_round_trip(chosen: hj.Rules, seed: int) -> None:
    state = hj.new_game(chosen, seed=seed)
    rng = random.Random(seed)
    for before, move in random_play(state, rng, rng.randrange(1, 300)):
        state, events = step(before, move)
        for event in events:
            round_trip(event)
    for seat in range(state.players):
        round_trip(view(state, seat))
    round_trip(public_view(state))
    for result in state.score_sheet:
        round_trip(result)
    for trick in state.tricks:
        round_trip(trick)


def events_of_a_game(state: hj.State, rng: random.Random, count: int = 10_000) -> Iterator[object]:
    for before, move in random_play(state, rng, count):
        yield from step(before, move)[1]


def test_every_event_class_round_trips() -> None:
    seen: dict[str, object] = {}
    # Passing, announcing, play, scoring and the end of the game.
    miezen = hj.Rules(ending=ending.SINGLE_HAND, extras=(extras.MIEZEN,))
    for event in events_of_a_game(hj.new_game(miezen, seed=3), random.Random(3)):
        seen.setdefault(type(event).__name__, event)
    # A cancelled trick.
    double = attrs.evolve(
        variants.SIX_DOUBLE_DECK, duplicates=duplicates.CANCEL_PAIRS, ending=ending.SINGLE_HAND
    )
    for seed in range(30):
        for event in events_of_a_game(hj.new_game(double, seed=seed), random.Random(seed)):
            seen.setdefault(type(event).__name__, event)
        if "TrickCancelled" in seen:
            break
    # The moon and its choice.
    state = game(ONE_SUIT_EACH, moon=moon.SHOOTER_CHOICE, ending=ending.SINGLE_HAND)
    for event in events_of_a_game(state, random.Random(0)):
        seen.setdefault(type(event).__name__, event)
    # A revoke.
    revoking = hj.new_game(hj.Rules(passing=passing.NO_PASSING, extras=(extras.RevokePenalty(),)), seed=1)
    leader = revoking.to_move[0]
    wrong = next(card for card in revoking.hands[leader] if str(card) != "2C")
    for event in step(revoking, hj.Play(leader, wrong))[1]:
        seen.setdefault(type(event).__name__, event)
    # A draw from the stock (two-player Hearts).
    for event in events_of_a_game(hj.new_game(variants.get("two_player_hearts"), seed=2), random.Random(2)):
        seen.setdefault(type(event).__name__, event)
    assert set(seen) == set(EVENT_TYPES)
    for event in seen.values():
        round_trip(event)


def test_a_views_json_holds_no_seed() -> None:
    state = hj.new_game(variants.STANDARD, seed=123456789)
    state = hj.apply(state, hj.legal_moves(state)[0])
    text = dumps(view(state, 1))
    assert "123456789" not in text
    back = loads(text)
    assert isinstance(back, PlayerView) and back.seat == 1


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_phase_round_trips(name: str) -> None:
    state = EXAMPLES[name]()
    validate_state(state)
    assert_same_game(round_trip(state), state)


def test_each_example_is_what_it_says() -> None:
    assert standard_passing_some_passed().to_move == (1, 3)
    stage_one = pass_and_return_stage_one()
    assert stage_one.phase is hj.Phase.PASSING and stage_one.pass_stage == 1
    assert any(fields(stage_one).passed_masks) and fields(stage_one).pending
    sits_out = pass_to_dealer_without_dealer()
    assert sits_out.dealer not in sits_out.to_move and any(fields(sits_out).passed_masks)
    assert announcing().phase is hj.Phase.ANNOUNCING and announcing().announcers
    assert playing_mid_trick().phase is hj.Phase.PLAYING and playing_mid_trick().trick
    assert moon_choice().phase is hj.Phase.MOON_CHOICE
    assert game_over().winners
    carry = double_deck_carry_over()
    assert carry.carry_over and carry.trick
    assert "#2" in dumps(carry)  # a second copy of a card somewhere: the copies are told apart
    revoked = revoke_ends_the_game()
    assert revoked.is_over and revoked.score_sheet[-1].revoke is not None and any(revoked.hands)
    again = revoke_redeals()
    assert again.score_sheet[-1].revoke is not None and again.hand_index == 0 and not again.is_over


# ---------------------------------------------------------------- game records


def test_game_records_round_trip() -> None:
    if importlib.util.find_spec("hartenjagen.frontend.records") is None:
        pytest.skip("hartenjagen.frontend.records does not exist yet")
    record_class = importlib.import_module("hartenjagen.frontend.records").GameRecord
    state = hj.new_game(variants.STANDARD, seed=4)
    played = tuple(move for _, move in random_play(state, random.Random(4), 30))
    record = record_class(rules=variants.STANDARD, seed=4, dealer=0, deal=None, moves=played)
    data = json.loads(dumps(record))
    assert data["type"] == "GameRecord" and data["version"] == 1
    assert data["moves"][0]["type"] == "Pass" and data["deal"] is None
    round_trip(record)
    maria = hj.new_game(variants.BLACK_MARIA, seed=1, dealer=2)
    dealt = record_class(rules=variants.BLACK_MARIA, seed=1, dealer=2, deal=maria.hands, moves=())
    round_trip(dealt)
    rejects(tampered(record, lambda d: d["moves"].__setitem__(0, {"type": "Trick"})), "$.moves[0].type")
    rejects(tampered(record, lambda d: d.pop("seed")), "$.seed")
