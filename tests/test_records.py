"""Game records: a game's rules, seed, first deal and moves, replayable to any point, as readable text."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, variants
from hartenjagen.core.state_fields import fields
from hartenjagen.frontend.records import HEADER
from helpers import MIXED_DEAL
from playouts import PRESETS, RULES_BY_NAME, random_moves


def _played(start: hj.State, seed: int, limit: int) -> tuple[hj.GameRecord, list[hj.State]]:
    """A record of a random playout from ``start`` and every state of it."""
    record = hj.GameRecord.begin(start)
    states = [start]
    for state, move in random_moves(start, random.Random(seed), limit):
        record = record.add(move)
        states.append(hj.apply(state, move))
    return record, states


def _assert_replays(record: hj.GameRecord, states: list[hj.State]) -> None:
    assert len(record.moves) == len(states) - 1
    assert record.states() == tuple(states)
    for index, state in enumerate(states):
        assert record.state_at(index) == state, index
    assert record.final_state() == states[-1]
    assert record.initial_state() == states[0]


GAMES = [
    pytest.param(lambda: hj.new_game(variants.STANDARD, seed=7), id="standard-seeded"),
    pytest.param(lambda: hj.new_game(variants.STANDARD), id="standard-secret-seed"),
    pytest.param(
        lambda: hj.new_game(variants.STANDARD, deal=MIXED_DEAL, seed=3, dealer=2), id="explicit-deal"
    ),
    pytest.param(lambda: hj.new_game(variants.STANDARD, deal=MIXED_DEAL), id="explicit-deal-secret"),
    pytest.param(lambda: hj.new_game(variants.BLACK_LADY_3, seed=1, dealer=1), id="black_lady_3"),
    pytest.param(lambda: hj.new_game(variants.FIVE_PLAYERS, seed=2), id="five_players"),
    pytest.param(lambda: hj.new_game(variants.ACHTERHOEK, seed=3), id="achterhoek"),
    pytest.param(lambda: hj.new_game(variants.OPENSPIEL, seed=4), id="openspiel"),
    pytest.param(lambda: hj.new_game(variants.hoemke(3, 2, 2, 3), seed=5), id="hoemke-pass-and-return"),
    pytest.param(lambda: hj.new_game(variants.hoemke(4, 2, 2, 3)), id="hoemke-pass-to-dealer"),
    pytest.param(lambda: hj.new_game(variants.SIX_DOUBLE_DECK, seed=1), id="six_double_deck"),
]


@pytest.mark.parametrize("make", GAMES)
def test_state_at_is_the_state_after_the_first_moves(make):
    record, states = _played(make(), 1, 200)
    _assert_replays(record, states)


def test_a_record_replays_a_revoke_under_a_penalty():
    penalty = attrs.evolve(variants.DUTCH, extras=(rules.extras.RevokePenalty(),))
    state = hj.new_game(penalty, seed=2)
    (seat,) = state.to_move
    state2 = hj.apply(state, hj.Play(seat, state.hands[seat][0]))
    (follower,) = state2.to_move
    led = state.hands[seat][0].suit
    revoke = next((c for c in state2.hands[follower] if c.suit is not led), None)
    assert revoke is not None and any(c.suit is led for c in state2.hands[follower])
    record = hj.GameRecord.begin(state).add(hj.Play(seat, state.hands[seat][0]), hj.Play(follower, revoke))
    after = record.final_state()
    assert after.score_sheet[-1].revoke == follower
    assert record.state_at(2) == hj.apply(state2, hj.Play(follower, revoke))


def test_an_explicit_double_deck_deal_gives_every_physical_card_once():
    dealt = hj.new_game(variants.SIX_DOUBLE_DECK, seed=1).dealt
    state = hj.new_game(variants.SIX_DOUBLE_DECK, seed=1, deal=dealt)
    union = 0
    for mask in fields(state).hand_masks:
        union |= mask
    assert union.bit_count() == 102


def test_begin_records_the_rules_seed_dealer_and_deal():
    state = hj.new_game(variants.STANDARD, seed=7, dealer=3)
    record = hj.GameRecord.begin(state)
    assert (record.rules, record.seed, record.dealer, record.seed_is_secret) == (
        variants.STANDARD,
        7,
        3,
        False,
    )
    assert record.deal == state.dealt and record.moves == ()
    secret = hj.GameRecord.begin(hj.new_game(variants.STANDARD))
    assert secret.seed_is_secret and secret.seed.bit_length() > 64


def test_add_returns_a_new_record():
    record = hj.GameRecord.begin(hj.new_game(variants.STANDARD, seed=7))
    longer = record.add(hj.Pass(0, "2C 3C 4C"), hj.Pass(1, "2D 3D 4D"))
    assert record.moves == () and len(longer.moves) == 2
    assert longer.add().moves == longer.moves
    assert isinstance(longer.moves, tuple)


def test_begin_needs_the_first_state_of_a_game():
    state = hj.new_game(variants.DUTCH, seed=7)
    state = hj.apply(state, hj.legal_moves(state)[0])
    with pytest.raises(hj.RecordError, match="first state"):
        hj.GameRecord.begin(state)


# ---------------------------------------------------------------- text


def _record(seed: int | None = 7, limit: int = 60, rules_: hj.Rules = variants.STANDARD) -> hj.GameRecord:
    record, _ = _played(hj.new_game(rules_, seed=seed), 3, limit)
    return record


def test_the_text_is_readable():
    record = _record(limit=60)
    text = record.to_text()
    lines = text.splitlines()
    assert lines[:4] == [HEADER, "rules: standard", "seed: 7", "dealer: 0"]
    for seat in range(4):
        assert lines[4 + seat].startswith(f"deal {seat}: ")
        assert lines[4 + seat].split(": ")[1].split() == [str(c) for c in record.deal[seat]]
    assert lines[8] == "# hand 1"
    assert lines[9] == f"1. {hj.notation.format_move(record.moves[0])}"
    assert lines[9].startswith("1. pass ")
    assert "# hand 2" in lines  # 56 moves in the first hand, then the second hand's
    numbered = [line for line in lines if line[0].isdigit()]
    assert [int(line.split(".")[0]) for line in numbered] == list(range(1, 61))
    assert lines.index("# hand 2") == 8 + 1 + 56 + 0
    assert text.endswith("\n")


def test_the_text_of_a_secret_seed_and_a_hoemke_variant():
    record = _record(seed=None, limit=5, rules_=variants.hoemke(3, 2, 2, 3))
    lines = record.to_text().splitlines()
    assert lines[1] == "rules: hoemke_P3L2H2S3"
    assert lines[2] == f"seed: {record.seed} secret"
    back = hj.GameRecord.from_text(record.to_text())
    assert back == record and back.seed_is_secret


def test_the_text_names_the_preset_of_every_preset():
    for preset in variants.OFFERED:
        record = hj.GameRecord.begin(hj.new_game(preset.rules, seed=1))
        assert record.to_text().splitlines()[1] == f"rules: {preset.name}"
        assert hj.GameRecord.from_text(record.to_text()) == record


def test_from_text_skips_comments_and_blank_lines():
    text = _record(limit=10).to_text()
    noisy = text.replace("\n", "\n\n# a comment\n   \n")
    assert hj.GameRecord.from_text(noisy) == hj.GameRecord.from_text(text)


def test_rules_that_are_no_preset_are_written_as_json():
    pytest.importorskip("hartenjagen.frontend.serialize")
    choice = attrs.evolve(variants.STANDARD, moon=rules.moon.ResetOrDouble())
    record = _record(limit=8, rules_=choice)
    text = record.to_text()
    assert text.splitlines()[1].startswith("rules: {")
    assert hj.GameRecord.from_text(text) == record


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(
        [name for name, _ in PRESETS if name not in ("shooter_choice", "revoke_penalty", "cancel_pairs")]
    ),
    st.one_of(st.none(), st.integers(0, 2**64)),
    st.integers(0, 2**32),
    st.integers(0, 150),
    st.integers(0, 5),
)
def test_text_round_trip(name, seed, play_seed, limit, dealer):
    rules_ = RULES_BY_NAME[name]
    start = hj.new_game(rules_, seed=seed, dealer=dealer % rules_.deck.players)
    record, _ = _played(start, play_seed, limit)
    text = record.to_text()
    back = hj.GameRecord.from_text(text)
    assert back == record
    assert back.to_text() == text


# ---------------------------------------------------------------- bad records


def _lines() -> list[str]:
    return _record(limit=6).to_text().splitlines()


def _bad(lines: list[str], match: str) -> hj.RecordError:
    with pytest.raises(hj.RecordError, match=match) as caught:
        hj.GameRecord.from_text("\n".join(lines) + "\n")
    return caught.value


def test_a_bad_header_is_a_record_error_on_line_1():
    _bad(["hartenjagen record", *_lines()[1:]], "line 1")
    _bad([], "line 1")
    with pytest.raises(hj.RecordError, match="text"):
        hj.GameRecord.from_text(b"[hartenjagen record 1]")  # type: ignore[arg-type]


def test_a_bad_card_is_a_record_error_naming_the_line():
    lines = _lines()
    lines[5] = "deal 1: 2C 3C XX"
    _bad(lines, r"line 6 .*XX")
    lines = _lines()
    lines[10] = "2. pass 1 2C 3C ZZ"
    _bad(lines, r"line 11 .*ZZ")


def test_a_wrong_move_number_is_a_record_error_naming_the_line():
    lines = _lines()
    lines[10] = lines[10].replace("2.", "3.", 1)
    error = _bad(lines, "line 11")
    assert "expected move number 2" in str(error)


def test_a_deal_line_out_of_order_is_a_record_error():
    lines = _lines()
    lines[4], lines[5] = lines[5], lines[4]
    _bad(lines, r"line 5 .*expected 'deal 0:'")


def test_an_unknown_line_is_a_record_error_naming_it():
    lines = _lines()
    lines.insert(3, "players: 4")
    _bad(lines, "line 4")
    lines = _lines()
    lines.insert(3, "rules: dutch")  # a second rules line
    _bad(lines, "line 4")


@pytest.mark.parametrize("name", ["rules", "seed", "dealer"])
def test_a_missing_field_is_a_record_error(name):
    lines = [line for line in _lines() if not line.startswith(f"{name}:")]
    _bad(lines, f"no '{name}:' line")


def test_an_unknown_rules_name_is_a_record_error():
    lines = _lines()
    lines[1] = "rules: klaverjassen"
    _bad(lines, "klaverjassen")


@pytest.mark.parametrize(
    ("index", "line"), [(1, "rules: klaverjassen"), (2, "seed: seven"), (3, "dealer: north")]
)
def test_a_bad_field_value_is_a_record_error_naming_the_line(index, line):
    lines = _lines()
    lines[index] = line
    _bad(lines, f"line {index + 1}")


def test_a_seed_line_with_an_unknown_word_is_a_record_error():
    lines = _lines()
    lines[2] = "seed: 7 bogus"
    _bad(lines, "line 3")


def test_a_bad_header_after_comments_names_its_own_line():
    _bad(["# a game", "", "[hartenjagen record 2]", *_lines()[1:]], "line 3")


def test_a_deal_that_cannot_be_dealt_is_a_record_error_when_replayed():
    lines = _lines()
    lines[4] = lines[4].rsplit(" ", 1)[0]  # seat 0 is dealt 12 cards
    record = hj.GameRecord.from_text("\n".join(lines))
    with pytest.raises(hj.RecordError, match="deal"):
        record.state_at(0)


def test_an_illegal_move_is_reported_with_its_number_by_state_at():
    record = _record(limit=4)  # the four passes
    state = record.final_state()
    (leader,) = state.to_move
    bad = record.add(hj.Play(leader, "2C"), hj.Play(leader, "AS"))  # the same seat again
    assert hj.GameRecord.from_text(bad.to_text()) == bad  # the text still reads
    assert bad.state_at(4) == state
    assert bad.state_at(5) == hj.apply(state, hj.Play(leader, "2C"))
    with pytest.raises(hj.RecordError, match=rf"move 6 \(play {leader} AS\) is illegal: it is seat"):
        bad.state_at(6)
    with pytest.raises(hj.RecordError, match="move 6"):
        bad.states()
    with pytest.raises(hj.RecordError, match="move 6"):
        bad.final_state()


@pytest.mark.parametrize("index", [-1, 7, True, "1", 1.0, None])
def test_state_at_an_index_out_of_range_is_a_record_error(index):
    record = _record(limit=6)
    with pytest.raises(hj.RecordError, match="index must be from 0 to 6"):
        record.state_at(index)


def test_record_error_is_a_hartenjagen_error():
    assert issubclass(hj.RecordError, hj.HartenjagenError)


@attrs.frozen
class HouseNote(rules.HouseRule):
    """A house rule of a user's own, never given to ``serialize.register``."""

    note: str = "house"
    bonus: int = 0


def test_a_record_with_a_users_house_rule_is_written_without_registration():
    serialize = pytest.importorskip("hartenjagen.frontend.serialize")
    choice = attrs.evolve(variants.STANDARD, extras=(HouseNote(note="ours", bonus=2),))
    record = _record(limit=30, rules_=choice)
    text = record.to_text()
    assert f'"type": "{HouseNote.__module__}:HouseNote"' in text.splitlines()[1]
    back = hj.GameRecord.from_text(text)
    assert back == record and back.final_state() == record.final_state()
    assert serialize.loads(serialize.dumps(record)) == record
    assert serialize.loads(serialize.dumps(record.final_state())) == record.final_state()


def test_add_costs_the_new_moves_alone_so_a_long_game_grows_linearly() -> None:
    """N9 (issue 25): every record of a chain of adds kept alive takes memory linear in the moves.

    A record that copied its moves on each add would hold n²/2 move references for n adds (16
    times as much for 4x the moves); sharing one growing list holds n. Memory, not time: the
    count does not depend on the machine's load.
    """
    import tracemalloc

    from hartenjagen.frontend.records import GameRecord

    start = hj.new_game(hj.variants.STANDARD, seed=1)
    move = hj.legal_moves(start)[0]

    def held(adds: int) -> int:
        tracemalloc.start()
        try:
            record = GameRecord.begin(start)
            chain = [record := record.add(move) for _ in range(adds)]
            size = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
        assert len(chain[-1].moves) == adds and chain[0].moves == (move,)
        return size

    small, large = held(1000), held(4000)
    assert large < 6 * small, (small, large)  # linear: about 4x; quadratic: about 16x


def test_records_that_share_their_moves_stay_apart() -> None:
    from hartenjagen.frontend.records import GameRecord

    state = hj.new_game(hj.variants.STANDARD, seed=1)
    first, second = hj.legal_moves(state)[:2]
    base = GameRecord.begin(state)
    one = base.add(first)
    two = one.add(first)
    other = one.add(second)  # one is no longer the last of its chain: this add copies
    assert one.moves == (first,) and two.moves == (first, first) and other.moves == (first, second)
    assert two != other and one == GameRecord(base.rules, base.seed, base.dealer, base.deal, (first,))
    assert hash(one) == hash(GameRecord(base.rules, base.seed, base.dealer, base.deal, (first,)))
    assert hj.loads(hj.dumps(other)) == other and other.add().moves == other.moves
    with pytest.raises(hj.RecordError, match="move 1: 'x' is not a move"):
        base.add("x")  # type: ignore[arg-type]
