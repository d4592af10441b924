"""Hostile input: game records built by hand, written by hand, or very long.

A bad field is a RecordError from every method; a record text with a huge number is refused (and
``hartenjagen replay`` exits 2 with a message); a long record replays each move once, pickles
without the states it replayed, and stops at an illegal move keeping what it replayed."""

from __future__ import annotations

import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hostile_helpers import HUGE, Liar, forged_card

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
