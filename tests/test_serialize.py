"""Saving and loading as JSON: round trips, every rejection with its JSON path, and fuzzing."""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import inspect
import json
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, variants
from hartenjagen.cards import ALL_CARDS, Rank
from hartenjagen.core.state import table_of
from hartenjagen.core.state_fields import fields, replace
from hartenjagen.core.table import table_for
from hartenjagen.engine import step
from hartenjagen.events import EVENT_TYPES
from hartenjagen.frontend import serialize
from hartenjagen.frontend.serialize import FormatError, dumps, loads, register, validate_state
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
from hartenjagen.rules.passing import PassStage
from hartenjagen.rules.routes import PassRoute
from helpers import ONE_SUIT_EACH, find_state, game, play_out

QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
L, R, H = PassRoute.LEFT, PassRoute.RIGHT, PassRoute.HOLD

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


def playout(state: hj.State, rng: random.Random, moves: int, revokes: float = 0.0) -> hj.State:
    """The state after up to ``moves`` random legal moves (and, with a revoke penalty, some revokes)."""
    penalty = any(isinstance(extra, extras.RevokePenalty) for extra in state.rules.extras)
    for _ in range(moves):
        if state.is_over:
            break
        legal = hj.legal_moves(state)
        if penalty and state.phase is hj.Phase.PLAYING and rng.random() < revokes:
            seat = state.to_move[0]
            wrong = [card for card in state.hands[seat] if hj.Play(seat, card) not in legal]
            if wrong:
                state = hj.apply(state, hj.Play(seat, rng.choice(wrong)))
                continue
        state = hj.apply(state, legal[rng.randrange(len(legal))])
    return state


def random_play(state: hj.State, rng: random.Random, moves: int) -> Iterator[tuple[hj.State, hj.Move]]:
    """Up to ``moves`` (state, random legal move) pairs of a random playout."""
    for _ in range(moves):
        if state.is_over:
            return
        legal = hj.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        yield state, move
        state = hj.apply(state, move)


@st.composite
def states(draw: st.DrawFn) -> hj.State:
    """A state reached by random legal play from a random ruleset, seed and dealer."""
    chosen = draw(any_rules)
    seed = draw(st.integers(0, 2**64) | st.none())
    dealer = draw(st.integers(0, chosen.players - 1))
    state = hj.new_game(chosen, seed=seed, dealer=dealer)
    rng = random.Random(draw(st.integers(0, 2**32)))
    return playout(state, rng, rng.randrange(600), revokes=0.02)  # any depth, not Hypothesis's small ones


def round_trip(value: object) -> object:
    text = dumps(value)
    back = loads(text)
    assert back == value
    assert dumps(back) == text  # the written form is canonical
    return back


def assert_same_game(back: object, state: hj.State) -> None:
    assert isinstance(back, hj.State)
    assert back == state
    assert fields(back) == fields(state)
    assert table_of(back) is table_for(state.rules)
    assert list(hj.legal_moves(back)) == list(hj.legal_moves(state))


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


# ---------------------------------------------------------------- every phase, by example


def standard_passing_some_passed() -> hj.State:
    state = hj.new_game(variants.STANDARD, seed=3)
    for seat in (2, 0):
        state = hj.apply(state, hj.Pass(seat, state.hands[seat][:3]))
    return state


def pass_and_return_stage_one() -> hj.State:
    state = find_state(
        variants.hoemke(3, 2, 2, 3), lambda s: s.phase is hj.Phase.PASSING and s.pass_stage == 1
    )
    return hj.apply(state, hj.legal_moves(state)[0])


def pass_to_dealer_without_dealer() -> hj.State:
    state = hj.new_game(hj.Rules(passing=passing.PassToDealer(dealer_joins=False)), seed=8, dealer=2)
    return hj.apply(state, hj.legal_moves(state)[0])


def announcing() -> hj.State:
    state = hj.new_game(variants.ACHTERHOEK, seed=4, dealer=1)
    return hj.apply(state, hj.Announce(state.to_move[0], True))


def playing_mid_trick() -> hj.State:
    return find_state(variants.STANDARD, lambda s: len(s.tricks) == 4 and len(s.trick) == 2)


def moon_choice() -> hj.State:
    return play_out(game(ONE_SUIT_EACH, moon=moon.SHOOTER_CHOICE))


def game_over() -> hj.State:
    return playout(hj.new_game(variants.STANDARD, seed=21), random.Random(21), 10_000)


def double_deck_carry_over() -> hj.State:
    chosen = attrs.evolve(variants.SIX_DOUBLE_DECK, duplicates=duplicates.CANCEL_PAIRS)
    return find_state(chosen, lambda s: fields(s).carry != 0 and len(s.trick) == 1)


@register
@attrs.frozen(repr=False)
class StopsOnAnyLine(ending.ScoreLimit):
    """A house ending that stops as soon as a total reaches the limit, even on a voided hand.

    The library's endings never end on a revoke (the same dealer redeals); a user's may.
    """

    def is_over(self, totals: tuple[int, ...], sheet: ending.Sheet) -> bool:
        return max(totals) >= self.limit


def revoke_ends_the_game() -> hj.State:
    chosen = hj.Rules(
        passing=passing.NO_PASSING, ending=StopsOnAnyLine(limit=10), extras=(extras.RevokePenalty(),)
    )
    state = hj.new_game(chosen, seed=2)
    seat = state.to_move[0]
    wrong = next(card for card in state.hands[seat] if str(card) != "2C")
    return hj.apply(state, hj.Play(seat, wrong))


def can_revoke(state: hj.State) -> bool:
    if (
        state.phase is not hj.Phase.PLAYING
        or state.hand_index
        or len(state.tricks) != 2
        or len(state.trick) != 1
    ):
        return False
    hand, led = state.hands[state.to_move[0]], state.trick[0].card.suit
    return any(c.suit is led for c in hand) and any(c.suit is not led for c in hand)


def revoke_redeals() -> hj.State:
    state = find_state(hj.Rules(extras=(extras.RevokePenalty(points=3),)), can_revoke)
    seat = state.to_move[0]
    wrong = next(c for c in state.hands[seat] if c.suit is not state.trick[0].card.suit)
    return hj.apply(state, hj.Play(seat, wrong))


EXAMPLES: dict[str, Callable[[], hj.State]] = {
    "passing, some seats passed": standard_passing_some_passed,
    "pass and return, stage 1": pass_and_return_stage_one,
    "pass to the dealer, the dealer sits out": pass_to_dealer_without_dealer,
    "announcing": announcing,
    "playing mid-trick": playing_mid_trick,
    "moon choice": moon_choice,
    "game over": game_over,
    "double deck with a carry-over pile": double_deck_carry_over,
    "game over by a revoke": revoke_ends_the_game,
    "dealt again after a revoke": revoke_redeals,
}


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


# ---------------------------------------------------------------- rejections


def rejects(text: object, path: str) -> FormatError:
    """``loads(text)`` raises a FormatError at ``path`` (or inside it); the message starts with the path."""
    with pytest.raises(FormatError) as caught:
        loads(text)  # type: ignore[arg-type]
    error = caught.value
    assert str(error).startswith(error.path + ": "), str(error)
    assert error.path.startswith(path), str(error)
    return error


def tampered(value: object, change: Callable[[Any], object]) -> str:
    """``value`` saved, changed by ``change`` (on the parsed JSON) and written back."""
    data = json.loads(dumps(value))
    change(data)
    return json.dumps(data)


def sort_cards(hand: list[str]) -> list[str]:
    return sorted(hand, key=lambda text: hj.Card(text.split("#")[0]).index)


@pytest.mark.parametrize(
    "text", ["", "{", "[1,]", "nan", '{"type": "Play", "version": NaN}', "\ud800", '{"a": 1} x']
)
def test_not_json(text: str) -> None:
    rejects(text, "$")


def test_not_json_bytes_or_not_text_or_too_deep() -> None:
    rejects(b"\xff\xfe\xfa", "$")
    rejects(3, "$")
    rejects(None, "$")
    rejects("[" * 100_000 + "]" * 100_000, "$")
    rejects('{"a": ' * 100_000 + "1" + "}" * 100_000, "$")
    rejects("1" * 5000, "$")


@pytest.mark.parametrize("text", ["[]", "3", "1e999", '"State"', "null", "true", '[{"type": "Play"}]'])
def test_not_an_object(text: str) -> None:
    rejects(text, "$")


def test_unknown_type() -> None:
    rejects('{"type": "Bogus", "version": 1}', "$.type")
    rejects('{"type": 3, "version": 1}', "$.type")
    rejects('{"version": 1}', "$.type")
    rejects('{"type": "_StateCheck", "version": 1}', "$.type")
    rejects('{"type": "Preset", "version": 1}', "$.type")
    rejects('{"type": "HouseRule", "version": 1}', "$.type")


@pytest.mark.parametrize("version", [2, 0, "1", 1.0, True, None, [1]])
def test_wrong_version(version: object) -> None:
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.update(version=version)), "$.version")


def test_missing_version() -> None:
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.pop("version")), "$.version")
    rejects(tampered(playing_mid_trick(), lambda d: d.pop("version")), "$.version")


def test_a_version_inside_is_an_extra_field() -> None:
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(version=1)), "$.deck.version")


def test_missing_fields() -> None:
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.pop("seat")), "$.seat")
    rejects(tampered(variants.STANDARD, lambda d: d.pop("extras")), "$.extras")
    rejects(tampered(variants.STANDARD, lambda d: d["passing"].pop("cards")), "$.passing.cards")
    rejects(tampered(playing_mid_trick(), lambda d: d.pop("hands")), "$.hands")
    rejects(tampered(playing_mid_trick(), lambda d: d["tricks"][1].pop("winner")), "$.tricks[1].winner")
    rejects(tampered(playing_mid_trick(), lambda d: d["exchanges"][0].pop("given")), "$.exchanges[0].given")


def test_extra_fields() -> None:
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.update(extra=1)), "$.extra")
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.update({"a b": 1})), '$["a b"]')
    rejects(tampered(playing_mid_trick(), lambda d: d.update(to_move=[0])), "$.to_move")
    rejects(tampered(variants.STANDARD, lambda d: d["opening"].update(card="2C")), "$.opening.card")
    rejects(
        tampered(playing_mid_trick(), lambda d: d["exchanges"][0].update(stage=0)), "$.exchanges[0].stage"
    )


def test_duplicate_keys() -> None:
    rejects('{"type": "Play", "version": 1, "seat": 0, "seat": 1, "card": "QS"}', "$.seat")
    rejects('{"type": "Play", "type": "Play", "version": 1, "seat": 0, "card": "QS"}', "$.type")


@pytest.mark.parametrize(
    ("value", "change", "path"),
    [
        (hj.Play(0, "QS"), lambda d: d.update(seat="0"), "$.seat"),
        (hj.Play(0, "QS"), lambda d: d.update(seat=True), "$.seat"),
        (hj.Play(0, "QS"), lambda d: d.update(seat=0.0), "$.seat"),
        (hj.Play(0, "QS"), lambda d: d.update(seat=None), "$.seat"),
        (hj.Play(0, "QS"), lambda d: d.update(card=["QS"]), "$.card"),
        (hj.Pass(0, ["2C", "3C", "4C"]), lambda d: d.update(cards="2C 3C 4C"), "$.cards"),
        (hj.Announce(0, True), lambda d: d.update(announce=1), "$.announce"),
        (variants.STANDARD, lambda d: d.update(extras={}), "$.extras"),
        (variants.STANDARD, lambda d: d["ending"].update(limit="100"), "$.ending.limit"),
        (variants.STANDARD, lambda d: d["moon"].update(amount=2.5), "$.moon.amount"),
        (variants.STANDARD, lambda d: d.update(deck="STD52"), "$.deck"),
        (variants.STANDARD, lambda d: d["scoring"].update(values=[["QS", 13]]), "$.scoring.values"),
        (variants.STANDARD, lambda d: d["scoring"]["values"].update(QS="13"), "$.scoring.values.QS"),
        (variants.STANDARD, lambda d: d["deck"].update(players=None), "$.deck.players"),
    ],
)
def test_wrong_field_types(value: object, change: Callable[[Any], object], path: str) -> None:
    rejects(tampered(value, change), path)


def test_wrong_field_types_in_a_state() -> None:
    state = playing_mid_trick()
    rejects(tampered(state, lambda d: d.update(hands="all")), "$.hands")
    rejects(tampered(state, lambda d: d["hands"].__setitem__(2, "QS")), "$.hands[2]")
    rejects(tampered(state, lambda d: d["hands"].pop()), "$.hands")
    rejects(tampered(state, lambda d: d.update(hearts_broken=0)), "$.hearts_broken")
    rejects(tampered(state, lambda d: d.update(seed="7")), "$.seed")
    rejects(tampered(state, lambda d: d.update(shooter="0")), "$.shooter")
    rejects(tampered(state, lambda d: d.update(exchanges=[[[], []]])), "$.exchanges[0]")
    rejects(tampered(state, lambda d: d["tricks"].__setitem__(0, d["score_sheet"])), "$.tricks[0]")
    rejects(tampered(state, lambda d: d["tricks"][0].update(type="HandResult")), "$.tricks[0].type")
    rejects(tampered(state, lambda d: d.update(rules=None)), "$.rules")


def test_unknown_card_text() -> None:
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.update(card="ZZ")), "$.card")
    rejects(tampered(hj.Pass(0, ["2C", "3C", "4C"]), lambda d: d["cards"].__setitem__(1, "1C")), "$.cards[1]")
    state = playing_mid_trick()
    rejects(tampered(state, lambda d: d["hands"][2].__setitem__(5, "XQ")), "$.hands[2][5]")
    second = tampered(state, lambda d: d["hands"][2].__setitem__(5, d["hands"][2][5] + "#2"))
    assert "one copy" in str(rejects(second, "$.hands[2][5]"))
    rejects(tampered(state, lambda d: d["hands"][2].__setitem__(5, d["hands"][2][5] + "#x")), "$.hands[2][5]")
    rejects(tampered(state, lambda d: d["trick"].__setitem__(1, "QQ")), "$.trick[1]")
    rejects(tampered(state, lambda d: d["tricks"][0]["cards"].__setitem__(1, 12)), "$.tricks[0].cards[1]")
    rejects(
        tampered(variants.STANDARD, lambda d: d["scoring"]["values"].update(Q_S=13)), "$.scoring.values.Q_S"
    )


def test_unknown_enum_values() -> None:
    cycle = passing.PassCycle(directions=(L, R))
    rejects(tampered(cycle, lambda d: d["directions"].__setitem__(0, "up")), "$.directions[0]")
    rejects(tampered(hj.MoonChoice(0, "reset"), lambda d: d.update(option="RESET")), "$.option")
    rejects(tampered(variants.STANDARD, lambda d: d["ending"].update(tie="coin")), "$.ending.tie")
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(lowest_rank=7)), "$.deck.lowest_rank")
    state = playing_mid_trick()
    rejects(tampered(state, lambda d: d.update(phase="sleeping")), "$.phase")
    rejects(tampered(state, lambda d: d.update(pass_direction=1)), "$.pass_direction")


def test_a_module_class_that_does_not_exist() -> None:
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(type="TriplePack")), "$.deck.type")
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(type="PassCycle")), "$.deck.type")
    play_in_extras = {"type": "Play", "seat": 0, "card": "QS"}
    rejects(tampered(variants.STANDARD, lambda d: d["extras"].append(play_in_extras)), "$.extras[0].type")
    rejects(
        tampered(playing_mid_trick(), lambda d: d["rules"]["moon"].update(type="Rules")), "$.rules.moon.type"
    )


def test_rules_the_library_rejects() -> None:
    across = rejects(
        tampered(variants.BLACK_LADY_3, lambda d: d["passing"].update(directions=["across"])), "$"
    )
    assert "across" in str(across)
    rejects(tampered(variants.STANDARD, lambda d: d.update(duplicates={"type": "CancelPairs"})), "$")
    rejects(tampered(variants.STANDARD, lambda d: d["passing"].update(cards=-1)), "$.passing")
    rejects(tampered(variants.STANDARD, lambda d: d["passing"].update(directions=[])), "$.passing")
    rejects(tampered(variants.STANDARD, lambda d: d["passing"].update(directions=["dealer"])), "$.passing")
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(players=5)), "$.deck")
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(removed=["2C", "2C"])), "$.deck")
    rejects(tampered(variants.STANDARD, lambda d: d["scoring"]["values"].update({"10H": 3})), "$.scoring")
    penalties = [{"type": "RevokePenalty", "points": None}] * 2
    rejects(tampered(variants.STANDARD, lambda d: d.update(extras=penalties)), "$")
    rejects(tampered(playing_mid_trick(), lambda d: d["rules"]["deck"].update(players=3)), "$.rules")


# ---------------------------------------------------------------- rejections: inconsistent states


def move_card(data: dict[str, Any], source: tuple[str, int], target: tuple[str, int]) -> None:
    card = data[source[0]][source[1]].pop(0)
    data[target[0]][target[1]] = sort_cards([*data[target[0]][target[1]], card])


def test_a_card_twice() -> None:
    state = playing_mid_trick()

    def duplicate(d: dict[str, Any]) -> None:
        d["hands"][2] = sort_cards([*d["hands"][2][1:], d["hands"][0][0]])

    error = rejects(tampered(state, duplicate), "$.hands[2][")
    # The replay names the hand that differs, and both hands.
    assert "replaying the game gives" in str(error) and "only in the document" in str(error)
    rejects(tampered(state, lambda d: d["trick"].append(d["trick"][0])), "$.trick[2]")
    rejects(tampered(state, lambda d: d["carry_over"].append(d["hands"][1][0])), "$.carry_over[0]")


def test_a_card_missing() -> None:
    state = playing_mid_trick()
    taker = next(seat for seat, taken in enumerate(state.taken) if taken)
    error = rejects(tampered(state, lambda d: d["taken"][taker].pop()), f"$.taken[{taker}]")
    assert "only in the replay" in str(error)


def test_a_card_not_in_the_pack() -> None:
    state = hj.new_game(variants.BLACK_LADY_3, seed=1)

    def add_2d(d: dict[str, Any]) -> None:
        d["hands"][0] = sort_cards([*d["hands"][0][1:], "2D"])

    assert "not in the pack" in str(rejects(tampered(state, add_2d), "$.hands[0]["))


def test_cards_out_of_order_or_listed_twice() -> None:
    state = playing_mid_trick()
    rejects(tampered(state, lambda d: d["hands"][1].reverse()), "$.hands[1][1]")
    rejects(tampered(state, lambda d: d["hands"][1].__setitem__(1, d["hands"][1][0])), "$.hands[1][1]")


def test_hand_sizes_between_tricks() -> None:
    state = find_state(variants.STANDARD, lambda s: len(s.tricks) == 3 and not s.trick)
    error = rejects(tampered(state, lambda d: move_card(d, ("hands", 0), ("hands", 1))), "$.hands[0]")
    assert "only in the replay" in str(error)


def test_hand_sizes_during_a_trick() -> None:
    state = playing_mid_trick()
    played, waiting = state.trick[0].seat, state.to_move[0]
    rejects(tampered(state, lambda d: move_card(d, ("hands", waiting), ("hands", played))), "$.hands[")


def test_hand_sizes_of_a_finished_hand() -> None:
    rejects(tampered(moon_choice(), lambda d: move_card(d, ("taken", 0), ("hands", 2))), "$.hands[2]")


def test_a_trick_longer_than_the_players() -> None:
    def overfull(d: dict[str, Any]) -> None:
        for seat in range(4):
            if len(d["trick"]) < 4:
                d["trick"].append(d["hands"][seat].pop())

    rejects(tampered(playing_mid_trick(), overfull), "$.trick")


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(dealer=4), "$.dealer"),
        (lambda d: d.update(dealer=-1), "$.dealer"),
        (lambda d: d.update(trick_leader=7), "$.trick_leader"),
        (lambda d: d.update(trick_leader=(d["trick_leader"] + 1) % 4), "$.trick_leader"),
        (lambda d: d["tricks"][0].update(winner=9), "$.tricks[0].winner"),
        (lambda d: d["tricks"][0].update(leader=-2), "$.tricks[0].leader"),
        (lambda d: d["tricks"][0].update(winner=(d["tricks"][0]["winner"] + 1) % 4), "$.tricks[0].winner"),
        (lambda d: d["tricks"][1].update(leader=(d["tricks"][1]["leader"] + 1) % 4), "$.tricks[1].leader"),
        (lambda d: d["tricks"][0]["cards"].pop(), "$.tricks[0].cards"),
        (lambda d: d.update(announcers=[4]), "$.announcers[0]"),
        (lambda d: d.update(winners=[0, 0]), "$.winners"),
        (lambda d: d.update(shooter=10**30), "$.shooter"),
        (
            lambda d: d["score_sheet"].append(d["score_sheet"][0] if d["score_sheet"] else {}),
            "$.score_sheet[0]",
        ),
    ],
)
def test_seats_out_of_range_or_wrong(change: Callable[[Any], object], path: str) -> None:
    rejects(tampered(playing_mid_trick(), change), path)


def test_pending_seats_outside_the_table() -> None:
    state = standard_passing_some_passed()
    rejects(tampered(state, lambda d: d["pending"].append(4)), "$.pending[2]")
    rejects(tampered(state, lambda d: d["pending"].append(-1)), "$.pending[2]")
    rejects(tampered(state, lambda d: d["pending"].append(10**100)), "$.pending[2]")
    rejects(tampered(state, lambda d: d["pending"].insert(0, 3)), "$.pending[1]")
    rejects(tampered(state, lambda d: d.update(pending=[])), "$.pending")
    rejects(tampered(state, lambda d: d.update(pending=[1, 2, 3])), "$.pending[1]")
    rejects(tampered(pass_to_dealer_without_dealer(), lambda d: d["pending"].append(2)), "$.pending")


@pytest.mark.parametrize(
    ("example", "change", "path"),
    [
        (playing_mid_trick, lambda d: d.update(phase="moon_choice"), "$.phase"),
        (playing_mid_trick, lambda d: d.update(phase="game_over"), "$.score_sheet"),
        (playing_mid_trick, lambda d: d.update(phase="passing"), "$.phase"),
        (playing_mid_trick, lambda d: d.update(phase="announcing"), "$.phase"),
        (playing_mid_trick, lambda d: d.update(shooter=1), "$.shooter"),
        (playing_mid_trick, lambda d: d.update(winners=[1]), "$.winners"),
        (playing_mid_trick, lambda d: d.update(hearts_broken=not d["hearts_broken"]), "$.hearts_broken"),
        (playing_mid_trick, lambda d: d.update(exchanges=[]), "$.tricks[0].cards[0]"),
        (playing_mid_trick, lambda d: d.update(deal_count=2), "$.deal_count"),
        # A game may start at any hand of the cycle, but this one passed left: hand 1 passes right.
        (playing_mid_trick, lambda d: d.update(hand_index=1), "$.pass_direction"),
        (playing_mid_trick, lambda d: d.update(phase="announcing", pending=[0, 1, 2, 3]), "$.phase"),
        (moon_choice, lambda d: d.update(shooter=None), "$.shooter"),
        (moon_choice, lambda d: d.update(shooter=1), "$.shooter"),
        (moon_choice, lambda d: d.update(phase="playing", shooter=None), "$.phase"),
        (game_over, lambda d: d.update(winners=[]), "$.winners"),
        (
            game_over,
            lambda d: d.update(winners=[next(w for w in range(4) if w not in d["winners"])]),
            "$.winners",
        ),
        # Still playing, the game would have finished one hand more than its history holds.
        (game_over, lambda d: d.update(phase="playing", winners=[]), "$.history"),
        (
            game_over,
            lambda d: d.update(score_sheet=d["score_sheet"][:1], scores=d["score_sheet"][0]["totals"]),
            "$",
        ),
        (standard_passing_some_passed, lambda d: d.update(phase="playing", pending=[]), "$.phase"),
        (standard_passing_some_passed, lambda d: d.update(hearts_broken=True), "$.hearts_broken"),
        (standard_passing_some_passed, lambda d: d.update(pass_direction="right"), "$.pass_direction"),
        (standard_passing_some_passed, lambda d: d.update(trick_leader=2), "$.trick_leader"),
        (standard_passing_some_passed, lambda d: d.update(announcers=[1]), "$.announcers"),
        (announcing, lambda d: d.update(announcers=[(d["dealer"] + 3) % 4]), "$.announcers[0]"),
        (announcing, lambda d: d.update(pending=[0, 2]), "$.pending"),
        (
            announcing,
            lambda d: d.update(phase="playing", pending=[], trick_leader=(d["trick_leader"] + 1) % 4),
            "$.trick_leader",
        ),
        (announcing, lambda d: d.update(trick_leader=(d["trick_leader"] + 1) % 4), "$.trick_leader"),
        (double_deck_carry_over, lambda d: d.update(carry_over=[]), "$"),
        # Not voided, the line would be a played hand of 0 points in all: the replay, making no revoke,
        # has not finished the hand and has no line at all.
        (revoke_ends_the_game, lambda d: d["score_sheet"][-1].update(revoke=None), "$.score_sheet"),
        (
            revoke_ends_the_game,
            lambda d: d["score_sheet"][-1]["raw"].__setitem__(0, 1),
            "$.score_sheet[0].raw",
        ),
    ],
)
def test_a_phase_inconsistent_with_the_rest(
    example: Callable[[], hj.State], change: Callable[[Any], object], path: str
) -> None:
    rejects(tampered(example(), change), path)


def test_scores_that_do_not_add_up() -> None:
    state = find_state(variants.STANDARD, lambda s: len(s.score_sheet) == 2 and s.phase is hj.Phase.PLAYING)
    sheet = "$.score_sheet"
    rejects(
        tampered(state, lambda d: d["score_sheet"][0]["totals"].__setitem__(1, 99)), f"{sheet}[0].totals[1]"
    )
    # The replay scores every line: a forged point is named where it stands, before the totals it spoils.
    error = rejects(
        tampered(state, lambda d: d["score_sheet"][1]["points"].__setitem__(2, 99)), f"{sheet}[1].points[2]"
    )
    assert "the document has 99" in str(error) and "replaying the game gives" in str(error)
    rejects(tampered(state, lambda d: d["scores"].__setitem__(3, 99)), "$.scores")
    # A sheet emptied: the history still lists two hands; both emptied, the deals counted are too many.
    rejects(tampered(state, lambda d: d.update(score_sheet=[])), "$.history")
    rejects(tampered(state, lambda d: d.update(score_sheet=[], history=[])), "$.deal_count")
    rejects(tampered(state, lambda d: d["score_sheet"][1].update(hand_index=5)), f"{sheet}[1].hand_index")
    rejects(tampered(state, lambda d: d["score_sheet"][1].update(dealer=3)), f"{sheet}[1].dealer")
    rejects(tampered(state, lambda d: d["score_sheet"][0].update(raw=[0, 0])), f"{sheet}[0].raw")
    rejects(
        tampered(state, lambda d: d["score_sheet"][0].update(moon_choice="reset")), f"{sheet}[0].moon_choice"
    )
    rejects(tampered(state, lambda d: d["score_sheet"][0].update(shooter=9)), f"{sheet}[0].shooter")
    rejects(
        tampered(hj.new_game(variants.STANDARD, seed=2), lambda d: d.update(scores=[0, 0, 0, 1])), "$.scores"
    )


def test_a_tampered_exchange_or_deal() -> None:
    state = find_state(variants.STANDARD, lambda s: s.hand_index == 1 and s.phase is hj.Phase.PLAYING)

    def swap_received(d: dict[str, Any]) -> None:
        got = d["exchanges"][0]["received"]
        got[0], got[1] = got[1], got[0]

    def swap_dealt(d: dict[str, Any]) -> None:
        d["dealt"][0], d["dealt"][1] = d["dealt"][1], d["dealt"][0]

    rejects(tampered(state, swap_received), "$.exchanges[0].received[0]")
    rejects(tampered(state, swap_dealt), "$")
    first = standard_passing_some_passed()
    rejects(tampered(first, lambda d: move_card(d, ("passing", 0), ("hands", 0))), "$.passing[0]")


def test_a_later_hand_dealt_from_another_seed_is_named_at_its_deal() -> None:
    state = find_state(variants.STANDARD, lambda s: s.hand_index == 1 and s.phase is hj.Phase.PLAYING)
    rejects(tampered(state, lambda d: d.update(seed=d["seed"] + 1)), "$.dealt")


def test_a_tampered_hand_that_keeps_every_count() -> None:
    def swap(d: dict[str, Any]) -> None:
        a, b = d["hands"][0][0], d["hands"][1][0]
        d["hands"][0] = sort_cards([b, *d["hands"][0][1:]])
        d["hands"][1] = sort_cards([a, *d["hands"][1][1:]])

    rejects(tampered(playing_mid_trick(), swap), "$.hands[0]")


def test_a_tampered_double_deck_copy() -> None:
    data = json.loads(dumps(double_deck_carry_over()))
    seat, i = next((s, i) for s, hand in enumerate(data["hands"]) for i, c in enumerate(hand) if "#2" in c)
    data["hands"][seat][i] = data["hands"][seat][i].split("#")[0]
    rejects(json.dumps(data), "$")


def test_validate_state_accepts_what_the_engine_makes() -> None:
    state = hj.new_game(variants.FIVE_PLAYERS, seed=1)
    for before, _ in random_play(state, random.Random(1), 200):
        validate_state(before)


# ---------------------------------------------------------------- registering a module of one's own


@attrs.frozen
class EveryHandRight(rules.Passing):
    """A user's passing module: ``cards`` to the right, every hand."""

    cards: int = 2
    note: str | None = None

    def routes(self) -> tuple[PassRoute, ...]:
        return (PassRoute.RIGHT,)

    def stages(self, route: PassRoute) -> tuple[PassStage, ...]:
        return (PassStage(self.cards),)


def test_a_users_module_is_saved_by_its_import_path() -> None:
    chosen = hj.Rules(passing=EveryHandRight(note="house"))
    if EveryHandRight not in serialize.registry._BY_CLASS:  # not registered by an earlier run
        data = json.loads(dumps(chosen))
        assert data["passing"]["type"] == f"{EveryHandRight.__module__}:EveryHandRight"
        assert loads(dumps(chosen)) == chosen
        state = hj.apply(hj.new_game(chosen, seed=9), hj.legal_moves(hj.new_game(chosen, seed=9))[0])
        assert_same_game(loads(dumps(state)), state)
        # A short name is only known once registered.
        rejects(json.dumps({"type": "EveryHandRight", "version": 1, "cards": 2, "note": None}), "$.type")
    assert register(EveryHandRight) is EveryHandRight
    assert register(EveryHandRight) is EveryHandRight  # again: nothing changes
    round_trip(chosen)
    round_trip(EveryHandRight(cards=1))
    state = hj.new_game(chosen, seed=9)
    state = hj.apply(state, hj.legal_moves(state)[0])
    assert_same_game(loads(dumps(state)), state)
    rejects(tampered(chosen, lambda d: d["passing"].update(note=3)), "$.passing.note")


QUEEN: Final = hj.Card("QS")


@attrs.frozen
class QueenPoints(rules.HouseRule):
    """A user's house rule, never registered: saved and loaded by its import path."""

    points: int = 5
    card: hj.Card = QUEEN


def test_a_users_house_rule_round_trips_without_registration() -> None:
    chosen = hj.Rules(extras=(QueenPoints(points=7),))
    text = dumps(chosen)
    assert f'"{QueenPoints.__module__}:QueenPoints"' in text
    assert loads(text) == chosen
    assert loads(dumps(QueenPoints())) == QueenPoints()


def test_a_module_named_by_path_is_looked_up_never_imported() -> None:
    data = json.loads(dumps(hj.Rules(extras=(QueenPoints(),))))
    # A module nobody imported is not imported from a document.
    data["extras"][0]["type"] = "hartenjagen_not_imported_anywhere:QueenPoints"
    error = rejects(json.dumps(data), "$.extras[0].type")
    assert "never imports" in str(error) and "hartenjagen_not_imported_anywhere" not in sys.modules
    # An imported class that is no rule module of that slot is refused.
    for name in ("subprocess:Popen", "builtins:dict", f"{EveryHandRight.__module__}:EveryHandRight"):
        data["extras"][0] = {"type": name}
        assert "cannot stand here" in str(rejects(json.dumps(data), "$.extras[0].type"))
    data["extras"][0] = {"type": f"{QueenPoints.__module__}:NoSuchClass"}
    assert "no such class" in str(rejects(json.dumps(data), "$.extras[0].type"))
    data["extras"][0] = {"type": f"{QueenPoints.__module__}:QueenPoints.__init__.x"}
    rejects(json.dumps(data), "$.extras[0].type")
    top = {"type": "subprocess:Popen", "version": 1, "args": "ls"}
    assert "cannot stand here" in str(rejects(json.dumps(top), "$.type"))


@attrs.frozen
class MappedRule(rules.HouseRule):
    """A house rule with a field the format does not write (a dict)."""

    table: dict[str, int] = attrs.field(factory=dict)


def test_a_module_that_cannot_be_saved_says_what_to_do() -> None:
    @attrs.frozen
    class Local(rules.HouseRule):
        points: int = 1

    with pytest.raises(FormatError, match=r"^\$\.extras\[0\]: .*inside a function.*register\(Local\)"):
        dumps(hj.Rules(extras=(Local(),)))

    class Plain(rules.HouseRule):
        pass

    with pytest.raises(FormatError, match=r"not an attrs class; decorate it with @attrs\.frozen"):
        dumps(hj.Rules(extras=(Plain(),)))

    with pytest.raises(FormatError, match=r"MappedRule: .*give every field a type the format writes"):
        dumps(hj.Rules(extras=(MappedRule(),)))
    with pytest.raises(FormatError, match="cannot save a int"):
        dumps(3)


def test_register_refuses_an_import_path_as_a_name() -> None:
    with pytest.raises(FormatError, match="import path"):
        register(QueenPoints, name="a:b")


def test_register_refuses_what_it_cannot_write() -> None:
    with pytest.raises(TypeError):
        register(int)

    @attrs.frozen
    class Tagged(rules.HouseRule):
        type: int = 0

    with pytest.raises(TypeError, match="type"):
        register(Tagged)

    @attrs.frozen
    class Floaty(rules.HouseRule):
        share: float = 0.5

    with pytest.raises(TypeError, match="float"):
        register(Floaty)

    @attrs.frozen
    class Play(rules.HouseRule):  # the name of a library class
        pass

    with pytest.raises(FormatError, match="Play"):
        register(Play)
    register(Play, name="MyTestPlay")
    assert loads(dumps(Play())) == Play()
    assert json.loads(dumps(Play()))["type"] == "MyTestPlay"


def test_dumps_refuses_values_it_does_not_know() -> None:
    for value in (object(), 3, "QS", [hj.Play(0, "QS")], hj.Phase.PLAYING, rules.HouseRule()):
        with pytest.raises(FormatError):
            dumps(value)


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


# ---------------------------------------------------------------- fuzzing

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
type_names = st.sampled_from(
    ["Play", "Pass", "State", "Rules", "HandResult", "Trick", "PlayerView", "Card", "TrickWon", "GameRecord"]
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_random_json_only_raises_format_error(value: object) -> None:
    with contextlib.suppress(FormatError):
        loads(json.dumps(value))


@settings(max_examples=300, deadline=None)
@given(type_names, st.dictionaries(st.text(max_size=12), json_values, max_size=6))
def test_random_objects_of_known_types_only_raise_format_error(name: str, fields: dict[str, object]) -> None:
    with contextlib.suppress(FormatError):
        loads(json.dumps({**fields, "type": name, "version": 1}))


def nodes(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside ``data``."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from nodes(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from nodes(value, (*path, i))


def documents() -> list[str]:
    out = [dumps(EXAMPLES[name]()) for name in EXAMPLES]
    state = playing_mid_trick()
    out += [dumps(view(state, 0)), dumps(public_view(state)), dumps(variants.ACHTERHOEK)]
    out += [dumps(event) for event in step(state, hj.legal_moves(state)[0])[1]]
    return out


DOCUMENTS = documents()
nearby: st.SearchStrategy[Any] = (
    st.integers(-2, 60)
    | st.sampled_from(["QS", "2C", "AH", "QS#2", "left", "playing", "game_over", None, True])
    | st.builds(list)
    | st.builds(dict)
)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(DOCUMENTS), st.data())
def test_tampered_documents_raise_format_error_or_load_playable_states(
    text: str, data: st.DataObject
) -> None:
    document = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(nodes(document))))
        if not path:
            continue
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        action = data.draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = data.draw(nearby | json_values)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.text(max_size=6))] = data.draw(nearby)
        else:
            parent.insert(path[-1], data.draw(nearby))
    try:
        value = loads(json.dumps(document))
    except FormatError:
        return
    if isinstance(value, hj.State) and not value.is_over:
        legal = hj.legal_moves(value)
        assert len(legal) > 0
        hj.apply(value, legal[data.draw(st.integers(0, len(legal) - 1))])


def test_a_state_whose_past_play_was_illegal_is_refused() -> None:
    """A seat that discarded while it held the led suit: a state the engine cannot reach."""

    rules = variants.DUTCH  # no passing: the hands after the exchange are the dealt hands
    for seed in range(200):
        state = hj.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.tricks) < 2:
            state = hj.apply(state, hj.legal_moves(state)[rng.randrange(len(hj.legal_moves(state)))])
        if state.is_over or len(state.tricks) < 2:
            continue
        first = state.tricks[0]
        led = first.cards[0].suit
        for position, card in enumerate(first.cards[1:], start=1):
            seat = (first.leader + position) % 4
            if card.suit is led:
                continue
            # Give this seat a card of the led suit it never played, from a seat that still holds one.
            for other in range(4):
                give = [c for c in state.hands[other] if c.suit is led] if other != seat else []
                take = [c for c in state.hands[seat] if c.suit is not led]
                if give and take:
                    table = table_of(state)
                    g, t = 1 << give[0].index, 1 << take[0].index
                    hands = list(fields(state).hand_masks)
                    dealt = list(fields(state).dealt_masks)
                    hands[other], hands[seat] = hands[other] ^ g | t, hands[seat] ^ t | g
                    dealt[other], dealt[seat] = dealt[other] ^ g | t, dealt[seat] ^ t | g
                    bad = replace(state, hand_masks=tuple(hands), dealt_masks=tuple(dealt))
                    assert table is table_of(bad)
                    # The replay refuses the discard where it stands in the document, by the rule it breaks.
                    error = rejects(dumps(bad), f"$.tricks[0].cards[{position}]")
                    assert f"seat {seat} playing {card} is not possible" in str(error)
                    assert "must follow suit" in str(error)
                    return
    pytest.fail("no position found")


# ---------------------------------------------------------------- validation by replay


def test_a_forged_final_score_sheet_is_refused_by_the_replay() -> None:
    state = game_over()
    last = len(state.score_sheet) - 1

    def forge(d: dict[str, Any]) -> None:
        # A consistent forgery: the raw points, the points, the totals and the scores all agree.
        line = d["score_sheet"][last]
        for key in ("raw", "points", "totals"):
            line[key][0], line[key][1] = line[key][1], line[key][0]
        d["scores"][0], d["scores"][1] = d["scores"][1], d["scores"][0]

    def forge_line(d: dict[str, Any]) -> None:
        line = d["score_sheet"][last]
        line["raw"][0], line["raw"][1] = line["raw"][1], line["raw"][0]

    # The replay scores every line again, and compares the score sheet before the scores it adds up
    # to: the forgery is named at the first of the line's numbers it changed.
    line = state.score_sheet[last]
    first = next(key for key in ("raw", "points", "totals") if getattr(line, key)[0] != getattr(line, key)[1])
    error = rejects(tampered(state, forge), f"$.score_sheet[{last}].{first}[0]")
    assert "replaying the game gives" in str(error)
    if state.score_sheet[last].raw[0] != state.score_sheet[last].raw[1]:
        rejects(tampered(state, forge_line), f"$.score_sheet[{last}].raw[0]")


def test_forged_scores_are_refused() -> None:
    state = find_state(variants.STANDARD, lambda s: len(s.score_sheet) == 1 and s.phase is hj.Phase.PLAYING)
    error = rejects(tampered(state, lambda d: d["scores"].__setitem__(0, d["scores"][0] + 1)), "$.scores[0]")
    assert "the document has" in str(error) and "replaying the game gives" in str(error)


def test_a_forged_hand_names_both_hands() -> None:
    state = playing_mid_trick()

    def forge(d: dict[str, Any]) -> None:
        d["hands"][1], d["hands"][3] = d["hands"][3], d["hands"][1]

    error = rejects(tampered(state, forge), "$.hands[1]")
    assert "only in the document" in str(error) and "only in the replay" in str(error)


def test_an_illegal_move_in_the_log_is_named_where_it_stands() -> None:
    state = find_state(variants.STANDARD, lambda s: len(s.tricks) == 2 and not s.trick)

    def lead_another_card(d: dict[str, Any]) -> None:
        # The first trick is led with the 2C: lead any other card of the leader's hand instead.
        cards = d["tricks"][0]["cards"]
        cards[0], cards[1] = cards[1], cards[0]

    error = rejects(tampered(state, lead_another_card), "$.tricks[0].cards[0]")
    # The seat to lead (the 2C's holder) cannot play a card another seat holds.
    assert "is not possible" in str(error) and "does not hold" in str(error)


def test_a_truncated_history_is_refused() -> None:
    state = find_state(variants.STANDARD, lambda s: len(s.tricks) == 4 and not s.trick)
    rejects(tampered(state, lambda d: d["tricks"].pop()), "$.hands[")
    rejects(tampered(state, lambda d: d.update(exchanges=d["exchanges"][:0])), "$.tricks[0].cards[0]")
    later = find_state(variants.STANDARD, lambda s: len(s.score_sheet) == 2 and s.phase is hj.Phase.PLAYING)
    # A line dropped: the history lists a hand more than the score sheet before this hand.
    error = rejects(tampered(later, lambda d: d["score_sheet"].pop()), "$.history")
    assert "lists 2 finished hands" in str(error) and "1 before this hand" in str(error)
    error = rejects(tampered(later, lambda d: d["history"].pop()), "$.history")
    assert "lists 1 finished hands" in str(error) and "2 before this hand" in str(error)


def test_a_state_dealt_by_hand_replays() -> None:
    deal = [card for card in variants.STANDARD.deck.pack() if card.suit is hj.Suit.CLUBS]
    pack = [card for card in variants.STANDARD.deck.pack() if card not in deal]
    hands = [deal, pack[:13], pack[13:26], pack[26:]]
    state = hj.new_game(variants.STANDARD, deal=hands, seed=4)
    for before, _ in random_play(state, random.Random(4), 40):
        assert_same_game(loads(dumps(before)), before)
    forged = tampered(state, lambda d: d["dealt"].__setitem__(0, d["dealt"][1]))
    rejects(forged, "$.dealt")


def _split_copies(state: hj.State) -> bool:
    """Whether two seats each hold one copy of some card."""
    return (
        any(set(one) & set(other) for a, one in enumerate(state.hands) for other in state.hands[a + 1 :])
        and fields(state).carry != 0
    )


def test_copies_of_a_card_are_alike_when_a_state_is_replayed() -> None:
    chosen = attrs.evolve(variants.SIX_DOUBLE_DECK, duplicates=duplicates.CANCEL_PAIRS)
    state = find_state(chosen, _split_copies)
    data = json.loads(dumps(state))
    # Give the first copy of some card held by one seat to the seat holding the second copy, and back.
    hands = data["hands"]
    pair = next(
        (a, b, card)
        for a, hand in enumerate(hands)
        for card in hand
        if "#" not in card
        for b, other in enumerate(hands)
        if b != a and f"{card}#2" in other
    )
    a, b, card = pair
    hands[a] = sort_cards([f"{card}#2" if c == card else c for c in hands[a]])
    hands[b] = sort_cards([card if c == f"{card}#2" else c for c in hands[b]])
    for seat in (a, b):  # within one card, the first copy is listed first
        hands[seat].sort(key=lambda text: (hj.Card(text.split("#")[0]).index, text))
    back = loads(json.dumps(data))
    assert back == state  # the replayed state: which copy a seat holds is the core's business
    # The same copy in two places is refused.
    hands[a] = sort_cards([card if c == f"{card}#2" else c for c in hands[a]])
    assert "two places" in str(rejects(json.dumps(data), "$.hands["))
