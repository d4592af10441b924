"""Hostile input: one regression test (or more) per class of defect a server could be fed.

A frontend server takes moves, JSON and game records from clients it does not trust. Each
section below is one class: what crosses the public boundary is normalized or refused with
a library error (a :class:`hartenjagen.HartenjagenError` whose message says what was wrong).
"""

from __future__ import annotations

import io
import json
import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.cli import terminal
from hartenjagen.core.state_fields import fields

# ---------------------------------------------------------------- the sequence protocol


def _sequences() -> list[object]:
    """legal_moves in every shape it comes in: passes (lazy), plays (lazy), announcements (a tuple)."""
    passing = hj.new_game(variants.STANDARD, seed=1)
    playing = hj.new_game(attrs.evolve(variants.STANDARD, passing=hj.rules.passing.NO_PASSING), seed=1)
    announcing = hj.new_game(variants.ACHTERHOEK, seed=1)
    while announcing.phase is not hj.Phase.ANNOUNCING:
        announcing = hj.apply(announcing, hj.legal_moves(announcing)[0])
    return [hj.legal_moves(passing), hj.legal_moves(playing), hj.legal_moves(announcing)]


@pytest.mark.parametrize("index", [1.5, "1", None, 1.0, [0]])
def test_legal_moves_take_only_whole_numbers_and_slices_as_indexes_like_a_tuple(index):
    for moves in _sequences():
        with pytest.raises(TypeError):
            tuple(moves)[index]  # type: ignore[index]
        with pytest.raises(TypeError):
            moves[index]  # type: ignore[index]


def test_legal_moves_take_integer_like_indexes_like_a_tuple():
    class Zero:
        def __index__(self) -> int:
            return 0

    for moves in _sequences():
        listed = tuple(moves)
        assert moves[Zero()] == listed[Zero()]  # type: ignore[index]
        assert moves[False] == listed[False]
        assert moves[-1] == listed[-1]
        with pytest.raises(IndexError):
            moves[len(listed)]


# ---------------------------------------------------------------- huge integers

HUGE = 10**5000  # beyond Python's 4,300-digit limit for turning a number into text


@pytest.mark.parametrize(
    "arguments",
    [{"seed": HUGE}, {"seed": -HUGE}, {"seed": 2**4097}, {"dealer": HUGE}, {"dealer": -HUGE}],
    ids=["seed", "negative seed", "seed of 4098 bits", "dealer", "negative dealer"],
)
def test_new_game_refuses_huge_numbers_with_a_setup_error(arguments):
    with pytest.raises(hj.SetupError) as info:
        hj.new_game(variants.STANDARD, **arguments)
    assert len(str(info.value)) < 200


def test_new_game_takes_seeds_up_to_the_limit():
    assert hj.new_game(variants.STANDARD, seed=2**4096 - 1).seed == 2**4096 - 1
    assert hj.new_game(variants.STANDARD, seed=-(2**4096) + 1).seed == -(2**4096) + 1


@pytest.mark.parametrize("build", [hj.Play, hj.Announce, hj.MoonChoice, hj.Pass])
@pytest.mark.parametrize(
    "seat", [HUGE, -HUGE, 2**31, -(2**31) - 1], ids=["huge", "-huge", "2**31", "-2**31-1"]
)
def test_a_move_by_a_huge_seat_is_a_move_error(build, seat):
    second = {hj.Play: "QS", hj.Announce: True, hj.MoonChoice: "reset", hj.Pass: "2C 3C 4C"}[build]
    with pytest.raises(hj.MoveError) as info:
        build(seat, second)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("text", [HUGE, -HUGE, [HUGE], (HUGE, 3)], ids=["huge", "-huge", "list", "rank"])
def test_a_huge_number_as_a_card_is_a_card_parse_error(text):
    with pytest.raises(hj.CardParseError) as info:
        hj.Card(text) if not isinstance(text, tuple) else hj.Card(*text)
    assert len(str(info.value)) < 200


# ---------------------------------------------------------------- forged objects


class Liar(int):
    """An int that says it equals everything and is less than everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __lt__(self, other: object) -> bool:
        return True

    def __le__(self, other: object) -> bool:
        return True

    def __gt__(self, other: object) -> bool:
        return True

    def __ge__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


def forged_card(rank: int, suit: int, index: int | None = None, kind: type = hj.Card) -> hj.Card:
    """A card object made around ``Card()``: not the interned one (or with a forged index)."""
    card = object.__new__(kind)
    object.__setattr__(card, "rank", hj.Rank(rank))
    object.__setattr__(card, "suit", hj.Suit(suit))
    object.__setattr__(card, "index", suit * 13 + rank - 2 if index is None else index)
    return card


def playing_state() -> hj.State:
    rules = attrs.evolve(variants.STANDARD, passing=hj.rules.passing.NO_PASSING)
    state = hj.new_game(rules, seed=3)
    return hj.apply(state, hj.legal_moves(state)[0])  # the 2♣ is led; the next seat is to play


def test_a_seat_that_equals_everything_is_its_plain_number():
    state = playing_state()
    (to_move,) = state.to_move
    other = (to_move + 1) % 4
    move = hj.Play(Liar(other), state.hands[to_move][0])
    assert type(move.seat) is int and move.seat == other
    reason = hj.explain(state, move)
    assert reason is not None and reason.code is hj.IllegalMoveCode.NOT_YOUR_TURN
    with pytest.raises(hj.IllegalMoveError):
        hj.step(state, move)
    with pytest.raises(hj.IllegalMoveError):
        hj.apply(state, move)
    for build, second in ((hj.Pass, "2C 3C 4C"), (hj.Announce, True), (hj.MoonChoice, "reset")):
        assert type(build(Liar(2), second).seat) is int


def test_views_events_and_new_game_take_the_plain_number_of_a_seat():
    state = playing_state()
    assert hj.view(state, Liar(1)) == hj.view(state, 1)
    for seat in (Liar(4), Liar(-1), Liar(99)):
        with pytest.raises(hj.ViewError):
            hj.view(state, seat)
    with pytest.raises(hj.SetupError):
        hj.new_game(variants.STANDARD, dealer=Liar(7))
    assert type(hj.new_game(variants.STANDARD, seed=Liar(5), dealer=Liar(2)).dealer) is int
    assert hj.new_game(variants.STANDARD, seed=Liar(5)) == hj.new_game(variants.STANDARD, seed=5)


def test_a_card_built_from_ints_that_lie_is_looked_up_by_their_plain_value():
    assert hj.Card(Liar(12), Liar(3)) is hj.Card("QS")
    with pytest.raises(hj.CardParseError):
        hj.Card(Liar(99), 3)
    with pytest.raises(hj.CardParseError):
        hj.Card(12, Liar(7))


def test_a_copied_card_is_the_interned_card():
    copy = forged_card(12, 3)
    assert copy is not hj.Card("QS")
    assert hj.Card.parse(copy) is hj.Card("QS")
    assert hj.Play(0, copy).card is hj.Card("QS")
    assert hj.Card.parse(forged_card(12, 3, kind=type("Subcard", (hj.Card,), {}))) is hj.Card("QS")


def test_two_copies_of_one_card_in_a_pass_are_that_card_twice():
    state = hj.new_game(variants.STANDARD, seed=1)
    first, second = state.hands[0][:2]
    move = hj.Pass(0, [forged_card(first.rank, first.suit), forged_card(first.rank, first.suit), second])
    assert move.cards == (first, first, second)
    reason = hj.explain(state, move)
    assert reason is not None and reason.code is hj.IllegalMoveCode.DUPLICATE_CARD
    with pytest.raises(hj.IllegalMoveError):
        hj.apply(state, move)
    # The same cards as separate copies: the pass is the real one.
    real = hj.Pass(0, [forged_card(c.rank, c.suit) for c in state.hands[0][:3]])
    after = hj.apply(state, real)
    assert len(after.hands[0]) == 10 and after == hj.apply(state, hj.Pass(0, state.hands[0][:3]))


@pytest.mark.parametrize("index", [-1, 51, 52, 10**6, "QS", [49], 49.0])
def test_a_card_with_a_forged_index_is_refused(index):
    forged = forged_card(12, 3, index=index)  # the Q♠ has index 49
    with pytest.raises(hj.CardParseError, match="forged"):
        hj.Card.parse(forged)
    with pytest.raises(hj.CardParseError):
        hj.Play(0, forged)
    with pytest.raises(hj.CardParseError):
        hj.Pass(0, [forged, "2C", "3C"])
    with pytest.raises(hj.SetupError):
        hj.new_game(variants.STANDARD, deal=[[forged]] * 4)


def test_a_card_object_without_its_fields_is_refused():
    empty = object.__new__(hj.Card)
    with pytest.raises(hj.CardParseError, match="not made by Card"):
        hj.Card.parse(empty)
    half = object.__new__(hj.Card)
    object.__setattr__(half, "rank", "Q")
    object.__setattr__(half, "suit", hj.Suit.SPADES)
    object.__setattr__(half, "index", 49)
    with pytest.raises(hj.CardParseError):
        hj.Card.parse(half)


# ---------------------------------------------------------------- hand-built records


@pytest.mark.parametrize(
    "fields",
    [
        {"rules": "standard", "seed": 1},
        {"rules": None, "seed": 1},
        {"rules": hj.Rules(), "seed": "7"},
        {"rules": hj.Rules(), "seed": 1.5},
        {"rules": hj.Rules(), "seed": None},
        {"rules": hj.Rules(), "seed": True},
        {"rules": hj.Rules(), "seed": HUGE},
        {"rules": hj.Rules(), "seed": 1, "dealer": HUGE},
        {"rules": hj.Rules(), "seed": 1, "dealer": "0"},
        {"rules": hj.Rules(), "seed": 1, "deal": "2C 3C"},
        {"rules": hj.Rules(), "seed": 1, "deal": 5},
        {"rules": hj.Rules(), "seed": 1, "deal": [["XX"]]},
        {"rules": hj.Rules(), "seed": 1, "deal": [[forged_card(12, 3, index=-1)]]},
        {"rules": hj.Rules(), "seed": 1, "moves": [None]},
        {"rules": hj.Rules(), "seed": 1, "moves": ["play 0 2C"]},
        {"rules": hj.Rules(), "seed": 1, "moves": 5},
        {"rules": hj.Rules(), "seed": 1, "moves": "play 0 2C"},
        {"rules": hj.Rules(), "seed": 1, "seed_is_secret": "yes"},
    ],
    ids=lambda fields: ",".join(f"{k}={type(v).__name__}" for k, v in fields.items()),
)
def test_a_hand_built_record_with_a_bad_field_is_a_record_error(fields):
    with pytest.raises(hj.RecordError) as info:
        hj.GameRecord(**fields)
    assert len(str(info.value)) < 300


def test_a_record_error_is_raised_by_every_method_of_a_record_that_cannot_replay():
    records = [
        hj.GameRecord(hj.Rules(), 1, dealer=9),  # not at the table
        hj.GameRecord(hj.Rules(), 1, dealer=-1),
        hj.GameRecord(hj.Rules(), 1, deal=[["2C"]] * 4),  # hands of the wrong size
        hj.GameRecord(hj.Rules(), 1, moves=[hj.Play(0, "2C")]),  # an illegal move: seats pass first
        hj.GameRecord(hj.Rules(), 1, moves=[hj.MoonChoice(-5, "reset")]),
    ]
    for record in records:
        for method in (record.final_state, record.states, lambda r=record: r.state_at(len(r.moves))):
            with pytest.raises(hj.RecordError):
                method()
        text = record.to_text()  # a record that cannot replay is still written down
        assert hj.GameRecord.from_text(text) == record


def test_a_record_refuses_the_state_at_an_index_that_is_not_a_whole_number():
    record = hj.GameRecord(hj.Rules(), 1)
    for index in (HUGE, -1, 1, 0.0, "0", None, True):
        with pytest.raises(hj.RecordError):
            record.state_at(index)  # type: ignore[arg-type]
    assert record.state_at(Liar(0)) == record.initial_state()


def _record_text(seed: str = "7", dealer: str = "0") -> str:
    return f"[hartenjagen record 1]\nrules: standard\nseed: {seed}\ndealer: {dealer}\n"


@pytest.mark.parametrize(
    ("seed", "dealer"),
    [("9" * 5000, "0"), ("9" * 1234, "0"), ("7", "9" * 5000), ("7", "9" * 11), ("7", "-" + "9" * 5000)],
    ids=["seed of 5000 digits", "seed of 1234 digits", "dealer of 5000 digits", "dealer of 11", "-dealer"],
)
def test_a_record_text_with_a_huge_number_is_a_record_error(seed, dealer):
    with pytest.raises(hj.RecordError) as info:
        hj.GameRecord.from_text(_record_text(seed, dealer))
    assert len(str(info.value)) < 300


def test_a_record_with_a_negative_seed_reads_back():
    record = hj.GameRecord(
        hj.Rules(), -12345, moves=[hj.Pass(0, hj.new_game(hj.Rules(), seed=-12345).hands[0][:3])]
    )
    assert hj.GameRecord.from_text(record.to_text()) == record
    assert hj.GameRecord.from_text(_record_text("-7")).seed == -7


def test_replay_of_a_record_with_a_huge_seed_exits_2_with_a_message(tmp_path, capsys):
    from hartenjagen import cli

    path = tmp_path / "huge.txt"
    path.write_text(_record_text("9" * 5000), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "seed" in err and "Traceback" not in err and len(err) < 400


# ---------------------------------------------------------------- long records


def _long_record(moves: int) -> hj.GameRecord:
    """A record of ``moves`` random legal moves of a game of many hands."""
    ruleset = attrs.evolve(variants.STANDARD, ending=hj.rules.ending.FixedDeals(deals=60))
    state = hj.new_game(ruleset, seed=11)
    record = hj.GameRecord.begin(state)
    chooser = random.Random(11)
    played = []
    for _ in range(moves):
        listed = hj.legal_moves(state)
        move = listed[chooser.randrange(len(listed))]
        played.append(move)
        state = hj.apply(state, move)
    return record.add(*played)


def test_state_at_every_move_replays_each_move_once(monkeypatch):
    from hartenjagen.frontend import records

    record = _long_record(2000)
    expected = record.states()  # an independent record replays it the plain way below
    calls = []
    real_apply = records.apply

    def counting_apply(state, move):
        calls.append(move)
        return real_apply(state, move)

    monkeypatch.setattr(records, "apply", counting_apply)
    fresh = hj.GameRecord(record.rules, record.seed, record.dealer, record.deal, record.moves)
    for index in range(len(record.moves) + 1):
        assert fresh.state_at(index) == expected[index]
    for index in reversed(range(len(record.moves) + 1)):
        assert fresh.state_at(index) == expected[index]
    assert fresh.final_state() == expected[-1] and fresh.states() == expected
    assert len(calls) == 2000  # one replay in all, not one per index
    # A record with more moves shares nothing with it: evolve and add start afresh.
    assert fresh.add(*record.moves[:0]).state_at(3) == expected[3]


def test_a_pickled_record_does_not_carry_the_states_it_replayed():
    import pickle

    record = _long_record(300)
    size = len(pickle.dumps(record))
    record.final_state()
    assert len(pickle.dumps(record)) == size
    again = pickle.loads(pickle.dumps(record))
    assert again == record and again.final_state() == record.final_state()


def test_state_at_stops_at_an_illegal_move_and_keeps_what_it_replayed():
    record = _long_record(30)
    bad = record.add(hj.Play(0, "2C"), *record.moves[:1])
    assert bad.state_at(30) == record.final_state()
    with pytest.raises(hj.RecordError, match="move 31"):
        bad.state_at(31)
    with pytest.raises(hj.RecordError, match="move 31"):
        bad.final_state()
    assert bad.state_at(5) == record.state_at(5)


# ---------------------------------------------------------------- views from outside


def _views() -> list[hj.PlayerView]:
    """Views of every phase: passing, announcing, playing (mid-trick), a moon choice."""
    out = []
    state = hj.new_game(variants.STANDARD, seed=2)
    out.append(hj.view(state, 0))
    miezen = hj.new_game(attrs.evolve(variants.ACHTERHOEK, opening=hj.rules.opening.LOWEST_CLUB), seed=2)
    while miezen.phase is not hj.Phase.ANNOUNCING:
        miezen = hj.apply(miezen, hj.legal_moves(miezen)[0])
    out.append(hj.view(miezen, miezen.to_move[0]))
    while len(state.tricks) < 3 or not state.trick:
        state = hj.apply(state, hj.legal_moves(state)[0])
    out.append(hj.view(state, state.to_move[0]))
    return out


def _consumers(seen: hj.PlayerView) -> list[tuple[str, object]]:
    from hartenjagen.bots import make_bot
    from hartenjagen.bots.determinize import determinize

    return [
        ("determinize", lambda: determinize(seen, 1)),
        *(
            (
                name,
                lambda name=name: make_bot(
                    name, seed=1, **({"samples": 2} if name == "sampling" else {})
                ).choose(seen),
            )
            for name in ("random", "heuristic", "sampling")
        ),
        ("loads", lambda: hj.loads(hj.dumps(seen))),
        ("show", lambda: terminal.show(seen)),
    ]


#: Field changes that make a view one no game shows.
BROKEN_VIEWS = {
    "players=2**63": {"players": 2**63},
    "players=3": {"players": 3},
    "players=huge": {"players": HUGE},
    "seat=9": {"seat": 9},
    "hand_sizes short": {"hand_sizes": (13, 13)},
    "hand_sizes huge": {"hand_sizes": (2**63,) * 4},
    "hand of another size": {"hand": ()},
    "hand twice": {"hand_sizes": (26, 13, 13, 13)},
    "to_move empty": {"to_move": ()},
    "to_move foreign": {"to_move": (7,)},
    "trick_leader -1": {"trick_leader": -1},
    "trick_leader huge": {"trick_leader": HUGE},
    "dealer huge": {"dealer": 2**63},
    "hand_index negative": {"hand_index": -1},
    "hand_index huge": {"hand_index": HUGE},
    "scores huge": {"scores": (HUGE, 0, 0, 0), "display_scores": (HUGE, 0, 0, 0)},
    "pass_stage 5": {"pass_stage": 5},
    "pass_count 40": {"pass_count": 40},
    "scores short": {"scores": (0,)},
    "scores not totals": {"scores": (1, 0, 0, 0)},
    "legal_moves empty": {"legal_moves": ()},
    "legal_moves foreign": {"legal_moves": (hj.Announce(3, True),)},
    "pass_options empty": {"pass_options": ()},
    "tricks empty trick": {"tricks": (hj.Trick(0, (), 0),)},
    "tricks garbage": {"tricks": ("no trick",)},
    "taken out of nowhere": {"taken": ((hj.Card("QS"),), (), (), ())},
    "rules not rules": {"rules": "standard"},
    "phase text": {"phase": "playing"},
    "is_over True": {"is_over": True},
    "a forged card": {"hand": (forged_card(12, 3, index=-1),)},
    "score sheet garbage": {"score_sheet": (None,)},
}


@pytest.mark.parametrize("change", sorted(BROKEN_VIEWS))
def test_every_consumer_of_an_inconsistent_view_raises_a_library_error(change):
    import tracemalloc

    from hartenjagen.bots import BotError
    from hartenjagen.bots.determinize import DeterminizeError
    from hartenjagen.frontend.views import validate_view

    expected = {"determinize": DeterminizeError, "loads": hj.FormatError, "show": hj.ViewError}
    broken = 0
    for original in _views():
        fields = BROKEN_VIEWS[change]
        if all(getattr(original, key) == value for key, value in fields.items()):
            continue  # (no moves while passing, no pass options in play: nothing changed)
        broken += 1
        seen = attrs.evolve(original, **fields)
        with pytest.raises(hj.ViewError):
            validate_view(seen)
        for name, call in _consumers(seen):
            tracemalloc.start()
            try:
                with pytest.raises(expected.get(name, BotError)) as info:
                    call()  # type: ignore[operator]
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
            assert "inconsistent view" in str(info.value) or name == "loads", info.value
            assert peak < 2_000_000, (name, peak)
            assert len(str(info.value)) < 400
    assert broken


def test_views_of_real_games_pass_validation_and_round_trip():
    from hartenjagen.frontend.views import validate_view

    for seen in _views():
        fresh = attrs.evolve(seen)  # not marked as built by view()
        validate_view(fresh)
        assert hj.loads(hj.dumps(fresh)) == seen


# ---------------------------------------------------------------- unreachable score sheets
#
# ``loads`` replays the whole game (its history) and scores every hand again: a score line is
# accepted only as the engine wrote it. Each forgery below was a line of a real game changed
# (its totals and the scores made to chain, so that only the forgery differs); it is refused at
# the JSON path of the first number (or field) the engine does not give.


def _played(ruleset: hj.Rules = variants.STANDARD, seed: int = 3, lines: int = 1) -> hj.State:
    """A state of a seeded random game at the start of the hand after ``lines`` score lines."""
    state = hj.new_game(ruleset, seed=seed)
    rng = random.Random(seed)
    while len(state.score_sheet) < lines:
        assert not state.is_over
        listed = hj.legal_moves(state)
        state = hj.apply(state, listed[rng.randrange(len(listed))])
    return state


def _after_one_hand(ruleset: hj.Rules = variants.STANDARD, seed: int = 3) -> dict:
    """The JSON of a state at the start of the second hand (one score line)."""
    return json.loads(hj.dumps(_played(ruleset, seed)))


def _set_line(tree: dict, index: int, **fields: object) -> dict:
    """Change a score line; totals and scores follow its points, so the sheet still chains."""
    sheet = tree["score_sheet"]
    sheet[index].update(fields)
    for i in range(index, len(sheet)):
        before = sheet[i - 1]["totals"] if i else [0] * len(sheet[i]["points"])
        sheet[i]["totals"] = [a + b for a, b in zip(before, sheet[i]["points"], strict=True)]
    tree["scores"] = sheet[-1]["totals"]
    return tree


def _refused(tree: dict, where: str) -> str:
    with pytest.raises(hj.FormatError) as info:
        hj.loads(json.dumps(tree))
    assert info.value.path.startswith(where), info.value
    return str(info.value)


def test_a_real_sheet_loads():
    tree = _after_one_hand()
    assert hj.loads(json.dumps(tree)).score_sheet


def test_raw_points_no_hand_gives_are_refused():
    tree = _after_one_hand()
    _refused(_set_line(tree, 0, raw=[0, 0, 0, 0], points=[-500, 0, 0, 0]), "$.score_sheet[0].raw")
    tree = _after_one_hand()
    _refused(_set_line(tree, 0, raw=[26, 0, 0, 1], points=[26, 0, 0, 1]), "$.score_sheet[0].raw")
    tree = _after_one_hand()
    # 26 points to one seat without its shooting the moon: that seat took every heart and the Q♠.
    message = _refused(_set_line(tree, 0, raw=[26, 0, 0, 0], points=[26, 0, 0, 0]), "$.score_sheet[0].raw")
    assert "replaying the game gives" in message


def test_points_the_rules_do_not_score_from_the_raw_points_are_refused():
    tree = _after_one_hand()
    raw = tree["score_sheet"][0]["raw"]
    assert tree["score_sheet"][0]["points"] == raw  # (no moon in this hand)
    forged = [*raw[:3], raw[3] - 1]
    message = _refused(_set_line(tree, 0, points=forged), "$.score_sheet[0].points[3]")
    assert f"the document has {raw[3] - 1}, but replaying the game gives {raw[3]}" in message
    # Points that are what the rules score from the raw points, but raw points this hand did not
    # give (a bounded search of the sheet once accepted such a line): refused at the raw points.
    tree = _after_one_hand()
    assert tree["score_sheet"][0]["raw"] != [13, 5, 4, 4]
    _refused(_set_line(tree, 0, raw=[13, 5, 4, 4], points=[13, 5, 4, 4]), "$.score_sheet[0].raw")


def _after_a_moon(ruleset: hj.Rules = variants.STANDARD) -> dict:
    """The JSON of the second hand of a game whose first hand seat 0 shot (it holds every club)."""
    from helpers import ONE_SUIT_EACH

    no_pass = attrs.evolve(ruleset, passing=hj.rules.passing.NO_PASSING)
    state = hj.new_game(no_pass, deal=list(ONE_SUIT_EACH), seed=3)
    while not state.score_sheet:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.score_sheet[0].shooter == 0
    return json.loads(hj.dumps(state))


def test_a_moon_line_loads_only_as_the_rules_score_it():
    good = _after_a_moon()
    assert good["score_sheet"][0]["raw"] == [26, 0, 0, 0]
    assert hj.loads(json.dumps(good)).scores == (0, 26, 26, 26)
    _refused(_set_line(_after_a_moon(), 0, shooter=1), "$.score_sheet[0].shooter")
    _refused(_set_line(_after_a_moon(), 0, shooter=None), "$.score_sheet[0].shooter")
    _refused(_set_line(_after_a_moon(), 0, points=[-26, 0, 0, 0]), "$.score_sheet[0].points[0]")
    chose = _set_line(_after_a_moon(), 0, moon_choice="others_plus")
    _refused(chose, "$.score_sheet[0].moon_choice")  # the standard moon offers no choice
    # The same moon line on a hand that was no moon.
    tree = _after_one_hand()
    _refused(_set_line(tree, 0, raw=[26, 0, 0, 0], points=[0, 26, 26, 26], shooter=0), "$.score_sheet[0].raw")


def _after_a_revoke(ruleset: hj.Rules, seed: int = 3) -> hj.State:
    """A random game under ``ruleset`` (a revoke penalty) in which a seat revoked in trick 3 or later."""
    state = hj.new_game(ruleset, seed=seed)
    rng = random.Random(seed)
    while True:
        if state.phase is hj.Phase.PLAYING and len(state.tricks) >= 2:
            seat = state.to_move[0]
            legal = hj.legal_moves(state)
            wrong = [card for card in state.hands[seat] if hj.Play(seat, card) not in legal]
            if wrong:
                state = hj.apply(state, hj.Play(seat, wrong[0]))
                assert state.score_sheet[-1].revoke == seat and len(fields(state).history) == 1
                return state
        listed = hj.legal_moves(state)
        state = hj.apply(state, listed[rng.randrange(len(listed))])


def test_a_shooter_announcers_or_a_revoke_under_rules_that_have_none_are_refused():
    no_moon = attrs.evolve(variants.STANDARD, moon=hj.rules.moon.NO_MOON)
    tree = _after_one_hand(no_moon)
    line = tree["score_sheet"][0]
    _refused(
        _set_line(tree, 0, shooter=0, raw=line["raw"], points=line["points"]), "$.score_sheet[0].shooter"
    )
    tree = _after_one_hand()
    line = tree["score_sheet"][0]
    _refused(_set_line(tree, 0, announcers=[1], points=line["points"]), "$.score_sheet[0].announcers")
    # A revoke on a line of a hand played out.
    _refused(_set_line(_after_one_hand(), 0, revoke=0), "$.score_sheet[0].revoke")
    # A voided hand of a game under a revoke penalty, read under rules without one: the revoke
    # the line records is a card the rules refuse.
    penalty = attrs.evolve(variants.STANDARD, extras=(hj.rules.extras.RevokePenalty(points=20),))
    tree = json.loads(hj.dumps(_after_a_revoke(penalty)))
    tree["rules"]["extras"] = []
    assert "is not possible" in _refused(tree, "$.score_sheet[0].revoke")


def test_a_revoke_line_scores_the_penalty():
    ruleset = attrs.evolve(variants.STANDARD, extras=(hj.rules.extras.RevokePenalty(points=20),))
    state = _after_a_revoke(ruleset)
    seat = state.score_sheet[0].revoke
    good = json.loads(hj.dumps(state))
    assert good["score_sheet"][0]["points"] == [20 if s == seat else 0 for s in range(4)]
    assert hj.loads(json.dumps(good)) == state
    more = [21 if s == seat else 0 for s in range(4)]
    _refused(_set_line(json.loads(hj.dumps(state)), 0, points=more), f"$.score_sheet[0].points[{seat}]")
    other = (seat + 1) % 4
    moved = [20 if s == other else 0 for s in range(4)]
    first = min(seat, other)
    _refused(_set_line(json.loads(hj.dumps(state)), 0, points=moved), f"$.score_sheet[0].points[{first}]")
    # Another seat named as the revoker: it was not that seat's turn.
    message = _refused(_set_line(json.loads(hj.dumps(state)), 0, revoke=other), "$.score_sheet[0].revoke")
    assert f"seat {other} could not have revoked" in message


def _first_to(state: hj.State, total: int) -> int:
    """The index of the first line of ``state``'s sheet at which a total reaches ``total``."""
    return next(i for i, line in enumerate(state.score_sheet) if max(line.totals) >= total)


def test_a_game_that_went_on_after_its_end_is_refused():
    # A game to 100 that went on for hands after a total reached 20.
    state = _played(variants.STANDARD, seed=3, lines=4)
    end = _first_to(state, 20)
    assert end < 3
    tree = json.loads(hj.dumps(state))
    assert hj.loads(json.dumps(tree)) == state
    # Under a limit of 20 the game was over after that hand: its next hand cannot be played.
    tree["rules"]["ending"]["limit"] = 20
    _refused(tree, f"$.history[{end + 1}]")


def test_the_refusal_of_a_hand_after_the_end_says_the_game_was_over():
    state = _played(variants.STANDARD, seed=3, lines=4)
    tree = json.loads(hj.dumps(state))
    tree["rules"]["ending"]["limit"] = 20
    assert "over" in _refused(tree, f"$.history[{_first_to(state, 20) + 1}]")


def test_the_sheet_derivation_follows_the_ending_and_the_house_rules():
    # Dutch halves: from the hand after a total reached 50, points count down.
    dutch = attrs.evolve(variants.STANDARD, ending=hj.rules.ending.DUTCH_HALVES)
    state = _played(dutch, seed=3, lines=7)
    switch = _first_to(state, 50)
    down = next(i for i in range(switch + 1, 7) if any(state.score_sheet[i].raw))
    assert hj.loads(hj.dumps(state)) == state
    line = state.score_sheet[down]
    seat = next(s for s, raw in enumerate(line.raw) if raw)
    assert line.points[seat] == -line.raw[seat]  # (the line as the engine wrote it)
    tree = _set_line(json.loads(hj.dumps(state)), down, points=list(line.raw))  # counted up
    _refused(tree, f"$.score_sheet[{down}].points[{seat}]")
    up = next(i for i in range(switch + 1) if any(state.score_sheet[i].raw))
    line = state.score_sheet[up]
    seat = next(s for s, raw in enumerate(line.raw) if raw)
    tree = _set_line(json.loads(hj.dumps(state)), up, points=[-p for p in line.points])  # counted down
    _refused(tree, f"$.score_sheet[{up}].points[{seat}]")
    # No tricks, −5 (unless there is a moon): only a seat that won no trick gets it.
    bonus = attrs.evolve(variants.STANDARD, extras=(hj.rules.extras.NoTricksBonus(),))
    for seed in range(100):
        state = _played(bonus, seed=seed)
        line = state.score_sheet[0]
        if -5 in line.points and any(r == p == 0 for r, p in zip(line.raw, line.points, strict=True)):
            break
    else:
        pytest.fail("no hand in which a seat won no trick and another won tricks but no points")
    assert hj.loads(hj.dumps(state)) == state
    lucky = line.points.index(-5)
    without = [p + 5 if s == lucky else p for s, p in enumerate(line.points)]
    _refused(_set_line(json.loads(hj.dumps(state)), 0, points=without), f"$.score_sheet[0].points[{lucky}]")
    # A seat that took no card points but won a trick gets no bonus.
    took = [s for s in range(4) if line.raw[s] == 0 and line.points[s] == 0]
    assert took
    for seat in took:
        extra = [p - 5 if s == seat else p for s, p in enumerate(line.points)]
        tree = _set_line(json.loads(hj.dumps(state)), 0, points=extra)
        _refused(tree, f"$.score_sheet[0].points[{seat}]")
    forged = [p - 5 if s == 0 else p for s, p in enumerate(line.points)]
    _refused(_set_line(json.loads(hj.dumps(state)), 0, points=forged), "$.score_sheet[0].points[0]")


def test_sixteen_thousand_hands_of_no_points_are_refused_quickly():
    import time

    tree = json.loads(hj.dumps(hj.new_game(variants.STANDARD, seed=5)))
    zero = {"type": "HandResult", "hand_index": 0, "dealer": 0, "raw": [0] * 4, "points": [0] * 4,
            "totals": [0] * 4, "shooter": None, "moon_choice": None, "announcers": [], "revoke": None}  # fmt: skip
    tree["score_sheet"] = [{**zero, "hand_index": i, "dealer": i % 4} for i in range(16_000)]
    tree["hand_index"], tree["deal_count"], tree["dealer"] = 16_000, 16_001, 0
    started = time.process_time()
    message = _refused(tree, "$.history")  # a sheet of 16,000 hands, and no hand played
    assert "16000 before this hand" in message
    # With a history of as many hands (one real hand, over and over), the replay stops at the
    # first hand the seed did not deal.
    played = json.loads(hj.dumps(_played(variants.STANDARD, seed=5)))["history"][0]
    tree["history"] = [played] * 16_000
    _refused(tree, "$.history[1]")
    assert time.process_time() - started < 30  # a bound, not a speed test: linear in the lines


@pytest.mark.parametrize(
    "moon",
    [
        hj.rules.moon.OTHERS_PLUS,
        hj.rules.moon.SelfMinus(),
        hj.rules.moon.SHOOTER_CHOICE,
        hj.rules.moon.ResetOrDouble(),
    ],
    ids=repr,
)
@pytest.mark.parametrize(
    "scoring",
    [hj.rules.scoring.BLACK_LADY, hj.rules.scoring.OMNIBUS, hj.rules.scoring.HOEMKE_FIRST_TWO_FREE],
    ids=repr,
)
@pytest.mark.parametrize(
    "extra", [(), (hj.rules.extras.NoTricksBonus(),), (hj.rules.extras.MIEZEN,)], ids=repr
)
def test_every_moon_the_engine_scores_loads_back(moon, scoring, extra):
    """Seat 0 holds every club and wins every trick: each moon option's score line must load."""
    from helpers import ONE_SUIT_EACH, game

    state = game(list(ONE_SUIT_EACH), moon=moon, scoring=scoring, extras=extra)
    while state.phase is hj.Phase.ANNOUNCING:
        (seat,) = state.to_move
        state = hj.apply(state, hj.Announce(seat, seat in (0, 2)))  # one announcer wins, one fails
    while state.phase is hj.Phase.PLAYING and not state.score_sheet:
        state = hj.apply(state, hj.legal_moves(state)[0])
    ends = [state]
    if state.phase is hj.Phase.MOON_CHOICE:
        ends = [hj.apply(state, move) for move in hj.legal_moves(state)]
    for end in ends:
        assert end.score_sheet[-1].shooter == 0
        assert hj.loads(hj.dumps(end)) == end


# ---------------------------------------------------------------- caches and globals


def test_games_of_a_thousand_distinct_rules_keep_a_bounded_amount_of_memory():
    """A server loads games whose rules differ (a house rule's name will do): memory must not grow.

    800 games fill any cache of up to 800 rulesets; the next 200 may then add almost nothing
    (today each keeps its table: some 20 kB).
    """
    import gc
    import tracemalloc

    hearts = {f"{rank}H": 1 for rank in "23456789TJQKA"}

    def play(i: int) -> None:
        scoring = hj.rules.scoring.CardPoints({**hearts, "QS": 13}, name=f"house rule {i}")
        state = hj.new_game(attrs.evolve(variants.STANDARD, scoring=scoring), seed=i)
        hj.apply(state, hj.legal_moves(state)[0])

    for i in range(800):
        play(i)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(800, 1000):
            play(i)
        gc.collect()
        retained = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert retained < 1_000_000, f"{retained:,} bytes kept by 200 more games of distinct rules"


def _holds_a_state(value: object, depth: int = 3) -> bool:
    if isinstance(value, hj.State):
        return True
    if depth == 0 or isinstance(value, str | bytes | type):
        return False
    if isinstance(value, dict):
        return any(_holds_a_state(item, depth - 1) for item in value.values())
    if isinstance(value, tuple | list | set | frozenset):
        return any(_holds_a_state(item, depth - 1) for item in value)
    return False


def test_no_module_global_keeps_a_state_a_caller_touched():
    import sys

    state = hj.new_game(attrs.evolve(variants.STANDARD, passing=hj.rules.passing.NO_PASSING), seed=8)
    for _ in range(5):  # play: legal_moves, apply, step and explain of the playing phase
        moves = hj.legal_moves(state)
        hj.explain(state, moves[0])
        hj.step(state, moves[0])
        state = hj.apply(state, moves[0])
    hj.view(state, 0)
    held = [
        f"{name}.{attribute}"
        for name, module in list(sys.modules.items())
        if name == "hartenjagen" or name.startswith("hartenjagen.")
        for attribute, value in list(vars(module).items())
        if _holds_a_state(value)
    ]
    assert not held, f"module globals hold a state (and so every hand): {held}"


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_command_refuses_a_huge_seed_with_exit_code_2(command, capsys, monkeypatch):
    from hartenjagen import cli

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert (
        cli.main([command, "--seed", "9" * 2000, *(["--games", "1"] if command == "simulate" else [])]) == 2
    )
    err = capsys.readouterr().err
    assert "seed" in err and "Traceback" not in err and len(err) < 300
