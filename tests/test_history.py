"""A game remembers every hand (issue 24, item 5): its history is saved, and ``loads`` replays it all.

A state keeps every finished hand of its game (``HandContext.history``, shared by the game's
later states); its JSON holds them under ``"history"``, and ``loads`` replays the whole game
through the engine. So:

- a forged score line, or a forged finished hand, is refused at the JSON path of the forgery
  (no score line is taken on trust, however consistent: a bounded search of the sheet once
  accepted such lines);
- every state of every preset round-trips, the game over and a moon choice included, and so
  do the states of a game with explicit chance, at every kind of chance node;
- the replay is linear in the length of the game (counted in ``apply`` calls, not timed);
- a state built without the hands before it (a determinized world of a later hand) cannot be saved.
"""

from __future__ import annotations

import copy
import importlib
import itertools
import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import rules, variants
from hartenjagen.bots.determinize import determinize
from hartenjagen.core.state_fields import fields
from helpers import ONE_SUIT_EACH

#: The replay's module (the package exports its function under the same name).
replay = importlib.import_module("hartenjagen.frontend.serialize.replay")

#: The standard game scored with spot hearts (each heart its rank, the Q♠ 13).
SPOT = attrs.evolve(variants.STANDARD, scoring=rules.scoring.SPOT_HEARTS)
#: Three-player Black Maria with the graded spade penalties.
GRADED = attrs.evolve(variants.BLACK_MARIA, scoring=rules.scoring.BLACK_MARIA_GRADED)


def play(state: hj.State, rng: random.Random, *, revokes: float = 0.0) -> hj.State:
    """One random step: a legal move, a chance outcome, or (with ``revokes``) a play the rules refuse."""
    if state.phase is hj.Phase.CHANCE:
        outcomes = [outcome for outcome, _ in hj.chance_outcomes(state)]
        return hj.apply(state, outcomes[rng.randrange(len(outcomes))])
    legal = hj.legal_moves(state)
    if revokes and state.phase is hj.Phase.PLAYING and rng.random() < revokes:
        seat = state.to_move[0]
        wrong = [card for card in state.hands[seat] if hj.Play(seat, card) not in legal]
        if wrong:
            return hj.apply(state, hj.Play(seat, rng.choice(wrong)))
    return hj.apply(state, legal[rng.randrange(len(legal))])


def game(state: hj.State, seed: int, *, revokes: float = 0.0) -> Iterator[hj.State]:
    """Every state of a random game from ``state`` to its end."""
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state = play(state, rng, revokes=revokes)
        yield state


def after(ruleset: hj.Rules, seed: int, lines: int) -> hj.State:
    """The first state of a seeded random game whose score sheet has ``lines`` lines (maybe the game over)."""
    for state in game(hj.new_game(ruleset, seed=seed), seed):
        if len(state.score_sheet) == lines:
            return state
    raise AssertionError(f"the game of seed {seed} ended before {lines} lines")


def tree_of(state: hj.State) -> dict[str, Any]:
    return json.loads(hj.dumps(state))


def chain(tree: dict[str, Any], start: int = 0) -> dict[str, Any]:
    """Totals from line ``start`` on follow their points again, and the scores the last totals."""
    sheet = tree["score_sheet"]
    for i in range(start, len(sheet)):
        before = sheet[i - 1]["totals"] if i else [0] * len(sheet[i]["points"])
        sheet[i]["totals"] = [a + b for a, b in zip(before, sheet[i]["points"], strict=True)]
    tree["scores"] = list(sheet[-1]["totals"])
    return tree


def refused(tree: dict[str, Any], where: str) -> str:
    """``loads`` refuses ``tree`` at exactly the JSON path ``where``; the message."""
    with pytest.raises(hj.FormatError) as info:
        hj.loads(json.dumps(tree))
    assert info.value.path == where, info.value
    assert str(info.value).startswith(where + ": ")
    return str(info.value)


def round_trips(state: hj.State) -> hj.State:
    text = hj.dumps(state)
    back = hj.loads(text)
    assert back == state
    assert fields(back).history == fields(state).history
    assert hj.dumps(back) == text
    return back


# ---------------------------------------------------------------- N1: forgeries are refused


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_first_line_of_minus_a_thousand_is_refused_at_its_points(seed):
    state = after(SPOT, seed, 2)
    tree = tree_of(state)
    line = tree["score_sheet"][0]
    line["points"] = [-1000, 0, 0, 0]
    line["totals"] = [-1000, 0, 0, 0]
    chain(tree, 1)  # the later totals and the scores agree with the forged line
    message = refused(tree, "$.score_sheet[0].points[0]")
    assert "the document has -1000" in message
    assert f"replaying the game gives {state.score_sheet[0].points[0]}" in message


def _first_apart(mine: list[int], theirs: tuple[int, ...]) -> int:
    return next(i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_raw_points_of_another_split_are_refused_at_the_raw_points(seed):
    state = after(SPOT, seed, 2)
    forged = [57, 63, 1, 9]
    assert list(state.score_sheet[0].raw) != forged
    tree = tree_of(state)
    tree["score_sheet"][0].update(raw=forged, points=forged)
    refused(chain(tree), f"$.score_sheet[0].raw[{_first_apart(forged, state.score_sheet[0].raw)}]")
    # The hand's own raw points, given to other seats (a split the pack allows): refused too.
    raw = list(state.score_sheet[0].raw)
    rotated = raw[1:] + raw[:1]
    assert rotated != raw
    tree = tree_of(state)
    tree["score_sheet"][0].update(raw=rotated, points=rotated)
    refused(chain(tree), f"$.score_sheet[0].raw[{_first_apart(rotated, state.score_sheet[0].raw)}]")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_graded_black_maria_forgeries_are_refused(seed):
    state = after(GRADED, seed, 2)
    assert state.players == 3
    tree = tree_of(state)
    tree["score_sheet"][0].update(points=[-1000, 0, 0], totals=[-1000, 0, 0])
    assert "the document has -1000" in refused(chain(tree, 1), "$.score_sheet[0].points[0]")
    raw = list(state.score_sheet[0].raw)
    for forged in ([57, 63, 1], raw[1:] + raw[:1], [raw[0] + 1, raw[1] - 1, raw[2]]):
        assert forged != raw
        tree = tree_of(state)
        tree["score_sheet"][0].update(raw=forged, points=forged)
        refused(chain(tree), f"$.score_sheet[0].raw[{_first_apart(forged, state.score_sheet[0].raw)}]")


def _shifted(state: hj.State, index: int, key: str) -> dict[str, Any]:
    tree = tree_of(state)
    line = tree["score_sheet"][index]
    line[key] = (line[key] + 1) % 4
    return tree


@pytest.mark.parametrize("key", ["dealer", "hand_index"])
def test_a_line_with_another_dealer_or_hand_number_is_refused(key):
    state = after(variants.STANDARD, 1, 3)
    for index in (1, 2):
        message = refused(_shifted(state, index, key), f"$.score_sheet[{index}].{key}")
        assert "replaying the game gives" in message
    # The first line's too (the history says where the game began).
    with pytest.raises(hj.FormatError):
        hj.loads(json.dumps(_shifted(state, 0, key)))


@pytest.mark.parametrize("key", ["dealer", "hand_index"])
def test_the_first_line_with_another_dealer_or_hand_number_is_refused_at_its_path(key):
    refused(_shifted(after(variants.STANDARD, 1, 3), 0, key), f"$.score_sheet[0].{key}")


def test_a_finished_hand_with_two_tricks_swapped_is_refused_where_it_goes_wrong():
    state = after(variants.STANDARD, 1, 2)
    tree = tree_of(state)
    tricks = tree["history"][0]["tricks"]
    # Two tricks led by different seats: the first card of the later one is not the other leader's.
    i = next(i for i in range(len(tricks) - 1) if tricks[i]["leader"] != tricks[i + 1]["leader"])
    tricks[i], tricks[i + 1] = tricks[i + 1], tricks[i]
    message = refused(tree, f"$.history[0].tricks[{i}].cards[0]")
    assert "is not possible" in message and "does not hold" in message


def test_a_history_with_a_hand_dropped_or_added_is_refused():
    state = after(variants.STANDARD, 1, 2)
    tree = tree_of(state)
    del tree["history"][0]
    message = refused(tree, "$.history")
    assert "lists 1 finished hands" in message and "2 before this hand" in message
    tree = tree_of(state)
    tree["history"].append(tree["history"][-1])
    message = refused(tree, "$.history")
    assert "lists 3 finished hands" in message and "2 before this hand" in message
    # A hand added in front (its line with it): the seed did not deal the hands after it.
    tree = tree_of(state)
    tree["history"].insert(0, tree["history"][1])
    tree["score_sheet"].insert(0, dict(tree["score_sheet"][1]))
    with pytest.raises(hj.FormatError) as info:
        hj.loads(json.dumps(chain(tree)))
    assert info.value.path.startswith("$.history[")


#: (ruleset, seeds): where the programmatic forgeries are drawn.
FORGED_GAMES = [
    (SPOT, (1, 2, 3, 4)),
    (GRADED, (1, 2, 3, 4)),
    (variants.STANDARD, (5, 6)),
    (variants.OMNIBUS, (7,)),
    (variants.DUTCH, (8,)),
    (variants.hoemke(4, 2, 2, 1), (9,)),
]


def _forge(tree: dict[str, Any], rng: random.Random) -> str:
    """Change one number of an earlier score line (the sheet chaining on); the path it is refused at."""
    sheet = tree["score_sheet"]
    index = rng.randrange(len(sheet))
    line = sheet[index]
    key = rng.choice(["raw", "points", "points", "totals", "hand_index", "dealer"])
    delta = rng.choice([-26, -13, -10, -5, -2, -1, 1, 2, 3, 5, 9, 13, 26, 100])
    if key in ("hand_index", "dealer"):
        line[key] += delta
        return f"$.score_sheet[{index}].{key}"
    seat = rng.randrange(len(line[key]))
    line[key][seat] += delta
    if key == "points":
        chain(tree, index)
    elif key == "totals":  # the later lines add up from the forged total
        chain(tree, index + 1)
    return f"$.score_sheet[{index}].{key}[{seat}]"


def test_many_forged_numbers_in_earlier_score_lines_are_all_refused():
    forged = refused_count = 0
    for ruleset, seeds in FORGED_GAMES:
        for seed in seeds:
            state = after(ruleset, seed, 2)
            text = hj.dumps(state)
            assert hj.loads(text) == state
            rng = random.Random(f"forge/{seed}")
            for _ in range(12):
                tree = json.loads(text)
                where = _forge(tree, rng)
                forged += 1
                with pytest.raises(hj.FormatError) as info:
                    hj.loads(json.dumps(tree))
                assert info.value.path == where, info.value
                refused_count += 1
    assert forged >= 150 and refused_count == forged


# ---------------------------------------------------------------- every preset round-trips

HOEMKE = [(1, 1, 1, 1), (3, 2, 2, 3), (4, 2, 2, 1), (2, 4, 4, 4)]
ROUND_TRIP_RULES = [
    *((preset.name, preset.rules) for preset in variants.OFFERED),
    *((f"hoemke{p}{l}{h}{s}", variants.hoemke(p, l, h, s)) for p, l, h, s in HOEMKE),  # noqa: E741
]


def test_every_preset_is_among_the_round_trip_rules():
    names = {name for name, _ in ROUND_TRIP_RULES}
    presets = {"STANDARD", "BLACK_LADY_3", "FIVE_PLAYERS", "SIX_DOUBLE_DECK", "DUTCH", "ACHTERHOEK",
               "ARGENTINE", "OMNIBUS", "BLACK_MARIA", "COUNTDOWN", "OPENSPIEL", "STANDARD_MOON_CHOICE"}  # fmt: skip
    assert {name.upper() for name in names} >= presets
    assert {getattr(variants, name) for name in presets} <= {ruleset for _, ruleset in ROUND_TRIP_RULES}


@pytest.mark.parametrize(("name", "ruleset"), ROUND_TRIP_RULES, ids=[name for name, _ in ROUND_TRIP_RULES])
def test_states_along_a_whole_game_round_trip(name, ruleset):
    states = list(game(hj.new_game(ruleset, seed=11), 11))
    assert states[-1].is_over
    step = max(1, len(states) // 15)
    sampled = [*states[::step], states[-1]]
    for state in sampled:
        round_trips(state)
    assert round_trips(states[-1]).winners == states[-1].winners  # the game over, every hand in its history
    assert len(fields(states[-1]).history) == len(states[-1].score_sheet) - 1


def test_a_moon_choice_round_trips_in_the_first_hand_and_in_the_history():
    # Seat 0 holds every club in a hold hand (the fourth of the cycle): it takes every trick.
    state = hj.new_game(variants.STANDARD_MOON_CHOICE, deal=list(ONE_SUIT_EACH), hand_index=3, seed=4)
    while state.phase is hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.phase is hj.Phase.MOON_CHOICE
    round_trips(state)
    state = hj.apply(state, hj.MoonChoice(0, "self_minus"))
    assert state.score_sheet[0].moon_choice is hj.MoonOption.SELF_MINUS
    states = list(game(state, 4))
    for later in [*states[:: max(1, len(states) // 8)], states[-1]]:
        back = round_trips(later)
        assert back.score_sheet[0].moon_choice is hj.MoonOption.SELF_MINUS


def test_a_moon_choice_of_a_later_hand_round_trips():
    """With explicit chance the fourth hand (a hold hand) is dealt one suit a seat: a moon after three hands."""
    rng = random.Random(5)
    state = hj.new_game(variants.STANDARD_MOON_CHOICE, chance="explicit")
    while state.hand_index < 3 or state.phase is not hj.Phase.CHANCE:
        assert not state.is_over
        state = play(state, rng)
    state = hj.apply(state, hj.Deal(ONE_SUIT_EACH))
    while state.phase is hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.phase is hj.Phase.MOON_CHOICE and len(fields(state).history) == 3
    round_trips(state)
    for option in ("others_plus", "self_minus"):
        round_trips(hj.apply(state, hj.MoonChoice(0, option)))


def test_a_game_with_revokes_round_trips_with_its_voided_hands():
    ruleset = attrs.evolve(variants.STANDARD, extras=(rules.extras.RevokePenalty(),))
    states = list(game(hj.new_game(ruleset, seed=3), 3, revokes=0.02))
    last = states[-1]
    voided = [i for i, line in enumerate(last.score_sheet) if line.revoke is not None]
    assert voided and voided[0] < len(last.score_sheet) - 2  # a voided hand, and hands after it
    history = fields(last).history
    assert any(played.trick for played in (history[i] for i in voided if i < len(history)))
    for state in [*states[:: max(1, len(states) // 15)], last]:
        round_trips(state)


# ---------------------------------------------------------------- explicit chance


def _node(state: hj.State) -> str | None:
    data = tree_of(state)["chance"]
    return None if data is None else data["waiting"]


def test_a_first_dealer_cut_round_trips():
    state = hj.new_game(variants.STANDARD, chance="explicit", dealer="cut")
    assert _node(state) == "first_dealer"
    round_trips(state)
    state = hj.apply(state, hj.FirstDealer(2))
    assert state.dealer == 2 and _node(state) == "deal"
    round_trips(state)


def test_a_deal_round_trips_card_by_card():
    rng = random.Random(6)
    state = hj.new_game(variants.STANDARD, chance="explicit", dealer="cut")
    state = hj.apply(state, hj.FirstDealer(1))
    for count in range(52):
        if count % 7 == 0 or count == 51:
            round_trips(state)
        cards = [outcome for outcome, _ in hj.chance_outcomes(state) if isinstance(outcome, hj.DealCard)]
        state = hj.apply(state, rng.choice(cards))
    assert state.phase is hj.Phase.PASSING
    round_trips(state)


def test_a_drawn_route_round_trips():
    state = hj.apply(hj.new_game(variants.OPENSPIEL, chance="explicit"), hj.Deal(ONE_SUIT_EACH))
    assert _node(state) == "route"
    round_trips(state)
    for outcome, _ in hj.chance_outcomes(state):
        drawn = hj.apply(state, outcome)
        assert drawn.pass_direction == outcome.direction
        round_trips(drawn)


def test_a_pool_round_trips_mid_way():
    rng = random.Random(7)
    ruleset = variants.hoemke(4, 2, 2, 1)
    state = hj.apply(hj.new_game(ruleset, chance="explicit"), hj.Deal(ONE_SUIT_EACH))
    while state.phase is not hj.Phase.CHANCE:
        state = play(state, rng)
    assert _node(state) == "pool"
    round_trips(state)
    drawn = 0
    while state.phase is hj.Phase.CHANCE:
        cards = [outcome for outcome, _ in hj.chance_outcomes(state) if isinstance(outcome, hj.PoolCard)]
        state = hj.apply(state, rng.choice(cards))
        drawn += 1
        if state.phase is hj.Phase.CHANCE:
            assert tree_of(state)["chance"]["drawn"] and _node(state) == "pool"
            round_trips(state)
    assert drawn >= 2 and state.phase is hj.Phase.PLAYING
    round_trips(state)


@pytest.mark.parametrize(
    "ruleset",
    [
        variants.STANDARD,
        attrs.evolve(variants.STANDARD, passing=rules.passing.RANDOM_DIRECTION),  # OpenSpiel's is one hand
        variants.hoemke(4, 2, 2, 1),
        GRADED,
    ],
    ids=["standard", "drawn_routes", "hoemke4221", "graded_black_maria"],
)
def test_an_explicit_game_round_trips_after_several_hands(ruleset):
    rng = random.Random(8)
    state = hj.new_game(ruleset, chance="explicit", dealer="cut")
    later: set[str | None] = set()  # the nodes round-tripped with hands in the history
    count = 0
    while len(state.score_sheet) < 3 and not state.is_over:
        rare = state.phase is hj.Phase.CHANCE and not isinstance(hj.chance_outcomes(state)[0][0], hj.DealCard)
        if count % 11 == 0 or rare:  # every route drawn, pool and cut; every 11th state else
            round_trips(state)
            if fields(state).history:
                later.add(_node(state))
        state = play(state, rng)
        count += 1
    assert len(fields(state).history) >= 2 or state.is_over
    round_trips(state)
    assert {"deal", "none"} <= later  # a deal of a later hand, and its play
    if ruleset.passing == rules.passing.RANDOM_DIRECTION:
        assert "route" in later
    if isinstance(ruleset.passing, rules.passing.PassToDealer):
        assert "pool" in later


# ---------------------------------------------------------------- the history is shared


def test_the_states_of_a_game_share_its_history():
    states = list(game(hj.new_game(variants.STANDARD, seed=9), 9))
    later = [s for s in states if len(fields(s).history) >= 2]
    grew = 0
    for a, b in itertools.pairwise(later):
        old, new = a._hand.history, b._hand.history
        if len(new) == len(old):
            assert old is new  # the same tuple, through every phase of a hand (and into the game over)
        else:  # a hand finished: the history grows by it, the hands before are the same objects
            grew += 1
            assert len(new) == len(old) + 1 and all(x is y for x, y in zip(old, new, strict=False))
    assert grew >= 2
    # Across a change of phase (the last pass starts the play) the history is still the same object.
    changes = [(a, b) for a, b in itertools.pairwise(later) if a.phase is not b.phase]
    assert any(a.phase is hj.Phase.PASSING and b.phase is hj.Phase.PLAYING for a, b in changes)
    for a, b in changes:
        if a.hand_index == b.hand_index and len(a.score_sheet) == len(b.score_sheet):
            assert a._hand is not b._hand and a._hand.history is b._hand.history


def test_pickle_and_copy_keep_a_state_and_its_history():
    state = after(variants.STANDARD, 9, 3)
    following = hj.apply(state, hj.legal_moves(state)[0])
    for back in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert back == state and hash(back) == hash(state)
        assert fields(back).history == fields(state).history and len(fields(back).history) == 3
        assert hj.apply(back, hj.legal_moves(back)[0]) == following
        assert hj.loads(hj.dumps(back)) == state
    a, b = pickle.loads(pickle.dumps((state, following)))
    assert (a, b) == (state, following)


# ---------------------------------------------------------------- loads is linear


def _count_applies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = replay.apply

    def counted(state: object, move: object) -> object:
        calls[0] += 1
        return real(state, move)

    monkeypatch.setattr(replay, "apply", counted)
    return calls


def test_loads_is_linear_in_the_length_of_the_game(monkeypatch):
    ruleset = attrs.evolve(variants.STANDARD, ending=rules.ending.ScoreLimit(limit=500))
    rng = random.Random(10)
    state = hj.new_game(ruleset, seed=10)
    moves = 0
    at: dict[int, tuple[hj.State, int]] = {}
    while len(state.score_sheet) < 32:
        lines = len(state.score_sheet)
        if lines in (8, 16, 32) and lines not in at:
            at[lines] = (state, moves)
        state = play(state, rng)
        moves += 1
        assert not state.is_over
    at[32] = (state, moves)
    calls = _count_applies(monkeypatch)
    counts = {}
    for lines, (saved, made) in sorted(at.items()):
        text = hj.dumps(saved)
        calls[0] = 0
        assert hj.loads(text) == saved
        counts[lines] = calls[0]
        assert calls[0] == made  # every move of the document applied once, and nothing more
    assert counts[16] <= 3 * counts[8] and counts[32] <= 3 * counts[16]
    assert 1.5 * counts[16] <= counts[32]  # (the longer game is longer)


# ---------------------------------------------------------------- states without their history


@pytest.mark.parametrize("lines", [1, 2])
def test_a_determinized_world_of_a_later_hand_cannot_be_saved(lines):
    state = after(variants.STANDARD, 1, lines)
    assert state.hand_index == lines
    world = determinize(hj.view(state, 0), 1)
    # It carries the hand before as far as the view shows it (its tricks), with no deal: even
    # where that makes as many hands as the score sheet (the second hand), it is no history to save.
    assert [hand.dealt for hand in fields(world).history] == [()]
    assert hj.view(world, 0).previous_tricks == hj.view(state, 0).previous_tricks
    with pytest.raises(hj.FormatError) as info:
        hj.dumps(world)
    assert "cannot save this state" in str(info.value)
    assert "without the hands before this one" in str(info.value)


def test_a_determinized_world_of_the_first_hand_can_be_saved():
    state = hj.new_game(variants.STANDARD, seed=1)
    state = hj.apply(state, hj.legal_moves(state)[0])
    world = determinize(hj.view(state, 0), 1)
    assert hj.loads(hj.dumps(world)) == world


def test_a_document_without_its_history_is_refused_at_history():
    tree = tree_of(after(variants.STANDARD, 1, 2))
    del tree["history"]
    with pytest.raises(hj.FormatError) as info:
        hj.loads(json.dumps(tree))
    assert info.value.path == "$.history"
    assert "missing" in str(info.value) and "history" in str(info.value)
    tree = tree_of(hj.new_game(variants.STANDARD, seed=1))
    del tree["history"]
    with pytest.raises(hj.FormatError) as info:
        hj.loads(json.dumps(tree))
    assert info.value.path == "$.history"
