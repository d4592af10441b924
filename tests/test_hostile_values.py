"""Hostile input: the values a move, a card, a seat or an index is built from.

``legal_moves`` takes indexes as a tuple does; huge numbers (as seeds, dealers, seats, cards, on
the command line) are refused with a short library error; ints that lie about equality and forged
card objects are read by their plain value or refused. What crosses the public boundary is
normalized or refused with a library error (a :class:`hartenjagen.HartenjagenError` whose message
says what was wrong)."""

from __future__ import annotations

import io

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hostile_helpers import HUGE, Liar, forged_card

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


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_command_refuses_a_huge_seed_with_exit_code_2(command, capsys, monkeypatch):
    from hartenjagen import cli

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert (
        cli.main([command, "--seed", "9" * 2000, *(["--games", "1"] if command == "simulate" else [])]) == 2
    )
    err = capsys.readouterr().err
    assert "seed" in err and "Traceback" not in err and len(err) < 300
