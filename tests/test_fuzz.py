"""Fuzzing the public API: garbage in, only the library's documented errors out, and no input changes.

Hypothesis throws at each entry point what a careless or hostile caller could: moves by wrong
seats, of cards not held, of wrong counts, in the wrong phase, and objects that are no move;
random JSON (and saved values with a field changed) to ``loads``; random explicit deals to
``new_game``; random objects in the slots of ``Rules`` and random module settings; random seats
to the views; random text to the move and card readers and to ``GameRecord.from_text``. Every
exception that escapes must be a :class:`hartenjagen.HartenjagenError` (and the specific one the
function documents), and a state passed in must be unchanged (compared as pickles).
"""

from __future__ import annotations

import inspect
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, testing, variants
from hartenjagen.cards import ALL_CARDS, Rank, Suit, parse_cards
from hartenjagen.frontend import serialize
from hartenjagen.frontend.notation import NotationError, format_card, format_move, parse_move
from hartenjagen.frontend.views import event_for, events_for
from hartenjagen.rules.routes import BUILT_IN

FUZZ = settings(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

#: Rulesets to play: a few presets (every phase comes up in them) and drawn compositions.
RULESETS = st.one_of(
    st.sampled_from(
        [
            variants.STANDARD,
            variants.ACHTERHOEK,
            variants.SIX_DOUBLE_DECK,
            variants.hoemke(3, 2, 2, 3),
            attrs.evolve(variants.DUTCH, extras=(rules.extras.RevokePenalty(),)),
        ]
    ),
    testing.rules(),
)

#: Things of every kind: what a caller may pass by mistake.
GARBAGE: st.SearchStrategy[Any] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 60),
        st.integers(),
        st.floats(allow_nan=True),
        st.text(max_size=4),
        st.binary(max_size=3),
        st.sampled_from(ALL_CARDS),
        st.sampled_from(["2C", "QS", "10H", "♠Q", "XX", "", "2C 3C", "play 0 2C"]),
        st.sampled_from([*Rank, *Suit, *BUILT_IN.values(), *hj.Phase, *hj.MoonOption]),
        st.sampled_from([object(), variants.STANDARD, rules.scoring.OMNIBUS, rules.deck.STD52, int, len]),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.lists(inner, max_size=4).map(tuple)),
    max_leaves=6,
)


def snapshot(value: object) -> bytes:
    return pickle.dumps(value)


def only_documented(
    call: Callable[[], object], *errors: type[BaseException], inputs: tuple[object, ...] = ()
) -> object:
    """Call ``call``; any exception must be one of ``errors`` (all HartenjagenErrors); ``inputs`` unchanged."""
    before = [snapshot(value) for value in inputs]
    result: object = None
    try:
        result = call()
    except hj.HartenjagenError as error:
        assert isinstance(error, errors), f"{type(error).__name__} is not one of {errors}: {error}"
        assert str(error), "an error without a message"
    assert [snapshot(value) for value in inputs] == before, "an input was changed"
    return result


# ---------------------------------------------------------------- moves


@settings(FUZZ, max_examples=60)
@given(st.data())
def test_random_moves_raise_only_illegal_move_errors(data):
    state = data.draw(testing.games(rules=RULESETS))
    listed = hj.legal_moves(state)
    for move in data.draw(st.lists(testing.moves(state), min_size=1, max_size=6)):
        reason = hj.explain(state, move)
        assert hj.is_legal(state, move) == (reason is None) == (move in listed)
        if reason is not None:
            # A code is a string: a built-in one (a module's own play_code, such as MustDropQueen's, equals one)
            assert isinstance(reason.code, str) and reason.code in set(hj.IllegalMoveCode) and reason.message
        for call in (lambda m=move: hj.apply(state, m), lambda m=move: hj.step(state, m)):
            result = only_documented(call, hj.IllegalMoveError, inputs=(state,))
            if reason is None:
                assert result is not None
    assert hj.legal_moves(state) == listed


@settings(FUZZ, max_examples=40)
@given(testing.games(rules=RULESETS), GARBAGE)
def test_garbage_moves_are_refused_with_a_code(state, garbage):
    reason = hj.explain(state, garbage)
    assert reason is not None and reason.code is hj.IllegalMoveCode.NOT_A_MOVE
    assert not hj.is_legal(state, garbage)
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, garbage)
    assert info.value.code is hj.IllegalMoveCode.NOT_A_MOVE


@settings(FUZZ, max_examples=60)
@given(GARBAGE, GARBAGE, GARBAGE)
def test_building_moves_from_garbage_raises_move_errors(seat, card, flag):
    for build in (
        lambda: hj.Play(seat, card),
        lambda: hj.Pass(seat, card),
        lambda: hj.Announce(seat, flag),
        lambda: hj.MoonChoice(seat, flag),
    ):
        only_documented(build, hj.MoveError, hj.CardParseError)


@settings(FUZZ, max_examples=30)
@given(testing.games(rules=RULESETS), GARBAGE, GARBAGE)
def test_rollout_with_garbage_arguments(state, rng, until):
    only_documented(lambda: hj.rollout(state, rng=rng, until=until), hj.RolloutError, inputs=(state,))
    only_documented(lambda: hj.rollout(rng), hj.RolloutError)


# ---------------------------------------------------------------- JSON

TYPE_NAMES = sorted(serialize.registry.BY_NAME)
JSON: st.SearchStrategy[Any] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=6),
        st.sampled_from(["2C", "QS#2", "left", "playing", "others_plus", "Q", "S", *TYPE_NAMES]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.text(max_size=6), inner, max_size=5),
        st.fixed_dictionaries(
            {"type": st.sampled_from(TYPE_NAMES)},
            optional={"version": st.sampled_from([1, 2, "1", None])},
        ).flatmap(
            lambda base: st.dictionaries(st.text(max_size=8), inner, max_size=4).map(lambda d: {**d, **base})
        ),
    ),
    max_leaves=12,
)


@settings(FUZZ, max_examples=150)
@given(st.one_of(JSON.map(json.dumps), st.text(max_size=40), st.binary(max_size=40), GARBAGE))
def test_loads_of_random_json_raises_format_errors(text):
    only_documented(lambda: hj.loads(text), hj.FormatError)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*path, index))
    return out


def _saved_values(state: hj.State) -> list[object]:
    values: list[object] = [state, state.rules, hj.view(state, 0), hj.public_view(state)]
    values += list(state.score_sheet[-1:]) + list(state.tricks[-1:]) + list(hj.legal_moves(state)[:1])
    return values


@settings(FUZZ, max_examples=80)
@given(st.data())
def test_loads_of_a_saved_value_with_one_field_changed(data):
    state = data.draw(testing.games(rules=RULESETS, max_moves=120))
    value = data.draw(st.sampled_from(_saved_values(state)))
    tree = json.loads(hj.dumps(value))
    path = data.draw(st.sampled_from(_paths(tree)))
    replacement = data.draw(JSON)
    if not path:
        tree = replacement
    else:
        parent = tree
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = replacement
    loaded = only_documented(lambda: hj.loads(json.dumps(tree)), hj.FormatError)
    if isinstance(loaded, hj.State):
        # A state that reads back is one the engine can go on with.
        assert hj.loads(hj.dumps(loaded)) == loaded
        only_documented(lambda: hj.rollout(loaded, rng=1), inputs=(loaded,))


def test_loads_rejects_a_changed_state_field():
    state = hj.new_game(variants.STANDARD, seed=1)
    tree = json.loads(hj.dumps(state))
    tree["hands"][0][0], tree["hands"][1][0] = tree["hands"][1][0], tree["hands"][0][0]
    with pytest.raises(hj.FormatError):
        hj.loads(json.dumps(tree))


# ---------------------------------------------------------------- new_game


@st.composite
def deals(draw: st.DrawFn, ruleset: hj.Rules) -> Any:
    """Explicit deals: right ones, near misses (a card moved, swapped for another, or missing) and garbage."""
    pack = [str(card) for card in ruleset.deck.pack()]
    shuffled = draw(st.permutations(pack))
    size = len(pack) // ruleset.players
    hands: list[Any] = [list(shuffled[i * size : (i + 1) * size]) for i in range(ruleset.players)]
    kind = draw(
        st.sampled_from(["right", "moved", "foreign", "missing", "extra seat", "garbage", "text hands"])
    )
    if kind == "moved":
        hands[0].append(hands[1].pop())
    elif kind == "foreign":
        hands[0][0] = draw(st.sampled_from([str(c) for c in ALL_CARDS]))
    elif kind == "missing":
        hands[-1].pop()
    elif kind == "extra seat":
        hands.append([])
    elif kind == "garbage":
        return draw(GARBAGE)
    elif kind == "text hands":
        return [" ".join(hand) for hand in hands]
    if draw(st.booleans()):
        hands = [[hj.Card(card) for card in hand] for hand in hands]
    return hands


@settings(FUZZ, max_examples=120)
@given(st.data())
def test_new_game_with_random_deals_seeds_and_dealers(data):
    ruleset = data.draw(st.sampled_from([variants.STANDARD, variants.SIX_DOUBLE_DECK, variants.BLACK_LADY_3]))
    deal = data.draw(deals(ruleset))
    seed = data.draw(st.one_of(st.integers(), GARBAGE))
    dealer = data.draw(st.one_of(st.integers(-2, 7), GARBAGE))
    state = only_documented(lambda: hj.new_game(ruleset, seed=seed, deal=deal, dealer=dealer), hj.SetupError)
    if state is not None:
        assert isinstance(state, hj.State)
        if deal is not None:  # None: a shuffled deal
            assert [sorted(hand) for hand in state.dealt] == [sorted(parse_cards(hand)) for hand in deal]
        assert state.dealer == dealer and 0 <= dealer < ruleset.players


@settings(FUZZ, max_examples=20)
@given(GARBAGE.filter(lambda value: not isinstance(value, hj.Rules)))
def test_new_game_needs_rules(garbage):
    with pytest.raises(hj.SetupError):
        hj.new_game(garbage)


# ---------------------------------------------------------------- Rules

#: A valid module of each slot, to put into the wrong slot.
MODULES = [
    rules.deck.STD52,
    rules.passing.PASS_TO_DEALER,
    rules.opening.LOWEST_CLUB,
    rules.first_trick.ANYTHING,
    rules.leading.AFTER_BROKEN,
    rules.scoring.OMNIBUS,
    rules.moon.SHOOTER_CHOICE,
    rules.ending.TO_100,
    rules.duplicates.CANCEL_PAIRS,
    rules.extras.MIEZEN,
]


@settings(FUZZ, max_examples=120)
@given(
    st.sampled_from(testing.SLOTS),
    st.one_of(GARBAGE, st.sampled_from(MODULES), st.lists(st.sampled_from(MODULES))),
)
def test_rules_with_random_objects_in_a_slot(slot, value):
    built = only_documented(lambda: hj.Rules(**{slot: value}), hj.RulesError)
    if built is not None:
        assert getattr(built, slot) == (tuple(value) if slot == "extras" else value)


_SLOT_BASES: dict[str, type] = {
    "deck": rules.Deck,
    "passing": rules.Passing,
    "opening": rules.Opening,
    "first_trick": rules.FirstTrick,
    "leading": rules.Leading,
    "scoring": rules.Scoring,
    "moon": rules.Moon,
    "ending": rules.Ending,
    "duplicates": rules.Duplicates,
    "extras": rules.HouseRule,
}


def _module_classes() -> list[type]:
    """Every public concrete rule-module class of the library (attrs classes, so their settings are known)."""
    classes = set()
    for module in (rules.deck, rules.passing, rules.opening, rules.first_trick, rules.leading):
        classes.update(v for v in vars(module).values() if isinstance(v, type))
    for module in (rules.scoring, rules.moon, rules.ending, rules.duplicates, rules.extras):
        classes.update(v for v in vars(module).values() if isinstance(v, type))
    return sorted(
        (
            c
            for c in classes
            if isinstance(c, type)
            and attrs.has(c)
            and issubclass(c, tuple(_SLOT_BASES.values()))
            and not c.__name__.startswith("_")
            and not inspect.isabstract(c)
        ),
        key=str,
    )


MODULE_CLASSES = _module_classes()
CARD_TEXTS = [str(card) for card in ALL_CARDS]
#: Settings of the right kind for each setting's name (often valid, sometimes out of range).
RIGHT_KIND: dict[str, st.SearchStrategy[Any]] = {
    "players": st.integers(1, 14),
    "removed": st.lists(st.sampled_from(CARD_TEXTS), max_size=6),
    "lowest_rank": st.sampled_from(Rank),
    "directions": st.lists(st.sampled_from(list(BUILT_IN.values())), max_size=4).map(tuple),
    "choices": st.lists(st.sampled_from(list(BUILT_IN.values())), max_size=4).map(tuple),
    "cards": st.integers(-1, 14),
    "returned": st.integers(-1, 5),
    "tricks": st.integers(-1, 14),
    "values": st.dictionaries(st.sampled_from(CARD_TEXTS), st.integers(-20, 30), max_size=8),
    "amount": st.none() | st.integers(-5, 60),
    "points": st.none() | st.integers(-20, 30),
    "limit": st.integers(-1, 120),
    "start": st.integers(-1, 120),
    "switch": st.integers(-1, 120),
    "deals": st.integers(-1, 5),
    "restricted": st.sampled_from(rules.first_trick.RestrictedCards),
    "forced": st.sampled_from(rules.first_trick.ForcedChoice),
    "broken_by": st.sampled_from(rules.leading.BrokenBy),
    "hearts_and_queen": st.sampled_from(rules.leading.HeartsAndQueen),
    "moon_set": st.sampled_from(rules.moon.MoonSet),
    "tie": st.sampled_from(rules.ending.Tie),
    "finish": st.sampled_from(rules.ending.Finish),
    "name": st.text(max_size=8),
}


def setting(name: str) -> st.SearchStrategy[Any]:
    """A value for the setting ``name``: of the right kind most of the time, else anything."""
    right = RIGHT_KIND.get(name, st.booleans())
    return right if name == "name" else st.one_of(right, right, GARBAGE)


@settings(FUZZ, max_examples=200)
@given(st.sampled_from(MODULE_CLASSES), st.data())
def test_modules_with_random_settings(kind, data):
    fields = [field for field in attrs.fields(kind) if field.init]
    required = [field.name for field in fields if field.default is attrs.NOTHING]
    optional = [field.name for field in fields if field.default is not attrs.NOTHING]
    chosen = required + (data.draw(st.lists(st.sampled_from(optional), unique=True)) if optional else [])
    settings_ = {name: data.draw(setting(name), label=name) for name in chosen}
    module = only_documented(lambda: kind(**settings_), hj.RulesError)
    if module is None:
        return
    slot = next(s for s, base in _SLOT_BASES.items() if isinstance(module, base))
    value = (module,) if slot == "extras" else module
    base = variants.SIX_DOUBLE_DECK if slot == "duplicates" else variants.STANDARD
    ruleset = only_documented(lambda: attrs.evolve(base, **{slot: value}), hj.RulesError)
    if ruleset is None:
        return
    # A ruleset the library accepts plays: a whole hand, saved and read back.
    state = hj.new_game(ruleset, seed=data.draw(st.integers(0, 100)))
    assert hj.loads(hj.dumps(ruleset)) == ruleset
    final = hj.rollout(state, rng=data.draw(st.integers(0, 100)))
    assert final.score_sheet or final.is_over


@settings(FUZZ, max_examples=60)
@given(GARBAGE, GARBAGE, GARBAGE, GARBAGE)
def test_preset_builders_with_garbage(a, b, c, d):
    only_documented(lambda: variants.get(a), variants.UnknownVariantError)
    only_documented(lambda: variants.hoemke(a, b, c, d), variants.UnknownVariantError)
    only_documented(
        lambda: rules.scoring.spot_hearts(ace=a, queen_of_spades=b, jack_of_diamonds=c), hj.RulesError
    )
    only_documented(lambda: variants.openspiel(pass_direction=a), hj.RulesError)


# ---------------------------------------------------------------- views


@settings(FUZZ, max_examples=60)
@given(st.data())
def test_views_of_random_seats(data):
    ruleset = data.draw(RULESETS)
    state = data.draw(testing.games(rules=ruleset, max_moves=200))
    seat = data.draw(st.one_of(st.integers(-3, state.players + 3), GARBAGE))
    seen = only_documented(lambda: hj.view(state, seat), hj.ViewError, inputs=(state,))
    if seen is not None:
        assert seen.seat == seat and seen.hand == state.hands[seat]
    _, events = hj.step(state, hj.legal_moves(state)[0]) if not state.is_over else (state, ())
    only_documented(lambda: events_for(events, seat), hj.ViewError)
    for event in events:
        only_documented(lambda e=event: event_for(e, seat), hj.ViewError)


# ---------------------------------------------------------------- text

CARD_WORDS = st.one_of(
    st.sampled_from([str(card) for card in ALL_CARDS] + [card.symbol for card in ALL_CARDS]),
    st.sampled_from(["10H", "1H", "11S", "QQ", "♠", "", "Q♠♠", "zz", "٣C", "TS#2"]),
    st.text(max_size=3),
)
MOVE_TEXT = st.one_of(
    st.text(max_size=30),
    st.tuples(
        st.sampled_from(["play", "pass", "announce", "moon", "PLAY", "Pass", "x", ""]),
        st.one_of(st.integers(-5, 10).map(str), st.integers().map(str), st.text(max_size=3)),
        st.lists(
            st.one_of(CARD_WORDS, st.sampled_from(["yes", "no", "others_plus", "reset", "YES"])), max_size=5
        ),
    ).map(lambda parts: f"{parts[0]} {parts[1]} {' '.join(parts[2])}"),
)


@settings(FUZZ, max_examples=200)
@given(MOVE_TEXT)
def test_parse_move_of_random_text(text):
    move = only_documented(lambda: parse_move(text), NotationError)
    if move is not None:
        assert parse_move(format_move(move)) == move  # what reads back writes back


@settings(FUZZ, max_examples=150)
@given(st.one_of(CARD_WORDS, GARBAGE))
def test_card_reading_of_random_text(text):
    card = only_documented(lambda: hj.Card.parse(text), hj.CardParseError)
    if card is not None:
        assert hj.Card.parse(str(card)) is card and hj.Card.parse(card.symbol) is card
    only_documented(lambda: hj.Card(text), hj.CardParseError)
    only_documented(lambda: parse_cards(text), hj.CardParseError)
    only_documented(lambda: format_move(text), NotationError)
    only_documented(lambda: format_card(hj.Card("QS"), text), NotationError)


def _record_text(seed: int) -> str:
    state = hj.new_game(variants.STANDARD, seed=seed)
    record = hj.GameRecord.begin(state)
    chooser = random.Random(seed)
    for _ in range(12):
        move = hj.legal_moves(state)[chooser.randrange(len(hj.legal_moves(state)))]
        record = record.add(move)
        state = hj.apply(state, move)
    return record.to_text()


RECORD_TEXTS = [_record_text(seed) for seed in range(3)]


@st.composite
def record_texts(draw: st.DrawFn) -> str:
    """Game records: right ones with a line deleted, doubled, swapped or changed, and random text."""
    if draw(st.integers(0, 5)) == 0:
        return draw(st.text(max_size=60))
    lines = draw(st.sampled_from(RECORD_TEXTS)).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "double", "swap", "change", "word"]))
        if action == "delete":
            del lines[index]
        elif action == "double":
            lines.insert(index, lines[index])
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif action == "change":
            lines[index] = draw(st.text(max_size=20))
        else:
            words = lines[index].split(" ")
            words[draw(st.integers(0, len(words) - 1))] = draw(
                st.one_of(
                    CARD_WORDS, st.sampled_from(["rules:", "seed:", "7", "-1", "99", "secret", "deal 0:"])
                )
            )
            lines[index] = " ".join(words)
        if not lines:
            break
    return "\n".join(lines)


@settings(FUZZ, max_examples=150)
@given(st.one_of(record_texts(), GARBAGE))
def test_records_of_random_text(text):
    record = only_documented(lambda: hj.GameRecord.from_text(text), hj.RecordError)
    if record is None:
        return
    final = only_documented(record.final_state, hj.RecordError)
    if isinstance(final, hj.State) and 0 <= record.dealer < record.rules.players:
        assert hj.loads(hj.dumps(final)) == final


def test_a_record_with_a_dealer_not_at_the_table_is_refused():
    text = "[hartenjagen record 1]\nrules: standard\nseed: 5\ndealer: 7\n"
    with pytest.raises(hj.RecordError):
        hj.GameRecord.from_text(text).initial_state()


def test_a_points_table_with_a_name_that_is_no_text_is_refused():
    with pytest.raises(hj.RulesError):
        rules.scoring.CardPoints({"QS": 13}, name=0)  # type: ignore[arg-type]
