"""The native playout kernel against its oracle, the Python kernel: the same cards, move for move, and the same points.

Each playout draws from a stream split off the caller's generator
(`hartenjagen.playouts.split`). The C kernel records its moves in a trace; the
oracle is the public loop ``moves[rng.randrange(len(moves))]`` on that stream
(which the Python kernel's fused playout matches by contract), and its points
are the fused playout's. Positions: fresh games, mid-exchange, mid-trick and
mid-hand, on every preset, the rule shapes tests/playouts.py adds and a
sample of Hoemke's 256, one pack and two.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from array import array
from collections.abc import Iterable

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import native, playouts, variants
from hartenjagen.core.draws import Draws
from hartenjagen.core.playout_layout import TRACE_MOON, TRACE_PASS, TRACE_PLAY
from hartenjagen.core.table import table_for
from hartenjagen.playouts import PlayoutError, SeededRandom, fresh_start, python_playout, split
from playouts import PRESETS

needs_kernel = pytest.mark.skipif(
    not native.AVAILABLE, reason="the native playout kernel is not built (no C compiler, or turned off)"
)

#: Sixteen of Hoemke's 256 variants: each value of each letter four times.
HOEMKE_SAMPLE = [(i % 4 + 1, i // 4 + 1, (i + i // 4) % 4 + 1, (i + 2 * (i // 4)) % 4 + 1) for i in range(16)]
RULES = [
    *PRESETS,
    *((f"hoemke{''.join(map(str, v))}", variants.hoemke(*v)) for v in HOEMKE_SAMPLE),
    ("six_cancel_choice", attrs.evolve(variants.SIX_DOUBLE_DECK, moon=hj.rules.moon.SHOOTER_CHOICE)),
    ("reset_or_double", attrs.evolve(variants.STANDARD, moon=hj.rules.moon.ResetOrDouble())),
]
IDS = [name for name, _ in RULES]


def _encode(state: hj.State, move: hj.Move) -> list[int]:
    """A move as the kernel's trace has it (kind << 56 | value; a pass's mask follows as two words)."""
    if isinstance(move, hj.Play):
        return [TRACE_PLAY << 56 | move.seat << 8 | move.card.index]
    if isinstance(move, hj.Pass):  # each card passed, as the lowest free copy in hand
        table = table_for(state.rules)
        hand, chosen = state._hand.hands[move.seat], 0
        for card in move.cards:
            free = hand & table.bits_of[card.index] & ~chosen
            chosen |= free & -free
        return [TRACE_PASS << 56 | move.seat << 8 | p for p in range(104) if chosen >> p & 1]
    if isinstance(move, hj.MoonChoice):
        return [TRACE_MOON << 56 | list(state.rules.moon.options()).index(move.option)]
    raise AssertionError(f"unexpected move {move!r}")


def public_loop(state: hj.State, stream: Draws) -> tuple[list[int], tuple[int, ...]]:
    """The oracle's moves and points: the public loop on ``stream`` to the end of the hand."""
    rng = SeededRandom(stream)
    scored = len(state.score_sheet)
    moves: list[int] = []
    while not state.is_over and len(state.score_sheet) == scored:
        legal = hj.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        moves += _encode(state, move)
        state = hj.apply(state, move)
    return moves, state.score_sheet[scored].points


def kernel_trace(state: hj.State, seed: int, greedy: bool = False) -> tuple[int, list[int], list[int]]:
    """(playouts done, trace, points) of one native playout of ``state`` from generator ``seed``."""
    plan = native.plan_for(table_for(state.rules))
    assert plan is not None
    out = array("q", bytes(8 * state.rules.players))
    trace: list[int] = []
    done = native.KERNEL.run(plan, 0, state, 1, 1, greedy, 1, playouts.generator(seed), out, trace)
    return done, trace, list(out)


def positions(rules: hj.Rules, seed: int) -> list[hj.State]:
    """A fresh game, then states a few random moves in: mid-exchange, first trick, mid-hand, late."""
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed, dealer=seed % rules.players)
    out = [state]
    for step in range(60):
        if state.is_over:
            break
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
        if step in (0, 5, 13, 30, 45):
            out.append(state)
    later = hj.rollout(out[0], rng=seed)  # the next hand, with totals (a moon may reset or double them)
    if not later.is_over:
        out.append(later)
    return [s for s in out if not s.is_over]


def agrees(rules: hj.Rules, seeds: Iterable[int]) -> int:
    """Check the kernel's moves and points against the public loop's from `positions`; how many it played."""
    played = 0
    for seed in seeds:
        for state in positions(rules, seed):
            done, trace, points = kernel_trace(state, seed)
            if not done:  # a position the kernel leaves to Python (an exchange it does not pass)
                continue
            played += 1
            moves, expected = public_loop(state, split(playouts.generator(seed)))
            assert trace == moves, f"seed {seed}: the moves differ"
            assert points == list(expected)
            assert points == list(python_playout(state, split(playouts.generator(seed)), False, 1))
    return played


@needs_kernel
@pytest.mark.parametrize(("name", "rules"), RULES, ids=IDS)
def test_the_kernel_plays_the_python_kernels_cards(name: str, rules: hj.Rules) -> None:
    if native.plan_for(table_for(rules)) is None:
        pytest.skip(f"{name}: the native kernel does not play these rules (the Python kernel does)")
    assert agrees(rules, range(4))  # every rules value here has positions the kernel plays


@needs_kernel
@pytest.mark.parametrize(("name", "rules"), RULES, ids=IDS)
def test_greedy_playouts_score_as_the_python_kernels(name: str, rules: hj.Rules) -> None:
    for seed in range(3):
        for state in positions(rules, seed + 10):
            for sign in (1, -1):
                ours = playouts.playouts(state, 8, rng=seed, policy="greedy", sign=sign)
                draws = playouts.generator(seed)
                theirs = [p for _ in range(8) for p in python_playout(state, split(draws), True, sign)]
                assert list(ours) == theirs, f"{name}, seed {seed}, sign {sign}"


def python_deals(rules: hj.Rules, count: int, seed: int) -> list[int]:
    """``deal_playouts(rules, count, rng=seed)`` as the Python kernel plays it."""
    draws = playouts.generator(seed)
    out: list[int] = []
    for _ in range(count):
        stream = split(draws)
        out += python_playout(fresh_start(table_for(rules), stream), stream, False, 1)
    return out


@needs_kernel
@pytest.mark.parametrize(("name", "rules"), RULES, ids=IDS)
def test_fresh_deals_are_the_python_kernels(name: str, rules: hj.Rules) -> None:
    assert list(playouts.deal_playouts(rules, 24, rng=5)) == python_deals(rules, 24, 5)


def test_a_fresh_deal_is_a_games_first_hand() -> None:
    table = table_for(variants.STANDARD)
    state = fresh_start(table, split(playouts.generator(1)))
    assert state.phase is hj.Phase.PASSING
    assert state.dealer == 0 and state.scores == (0, 0, 0, 0)
    dealt = [card for hand in state.hands for card in hand]
    assert sorted(dealt) == sorted(hj.cards.ALL_CARDS)


def test_the_batch_forms_agree_with_one_playout_at_a_time() -> None:
    state = hj.new_game(variants.OPENSPIEL, seed=3)
    batch = playouts.playouts(state, 5, rng=9)
    draws = playouts.generator(9)
    single = [p for _ in range(5) for p in playouts.playouts(state, 1, rng=draws)]
    assert list(batch) == single
    assert len(batch) == 20
    for i in range(5):  # every hand's points: 26 in all, or a moon of 78
        assert sum(batch[4 * i : 4 * i + 4]) in (26, 78)


def test_states_sharing_a_stream_play_from_the_same_draws() -> None:
    state = hj.new_game(variants.STANDARD, seed=2)
    shared = playouts.playouts_of([state, state, state, state], rng=4, share=2)
    assert list(shared[0:4]) == list(shared[4:8])
    assert list(shared[8:12]) == list(shared[12:16])
    own = playouts.playouts_of([state, state], rng=4)
    assert list(own[0:4]) == list(shared[0:4]) and list(own[4:8]) == list(shared[8:12])


@pytest.mark.parametrize(("name", "rules"), RULES[:8], ids=IDS[:8])
def test_python_plays_the_same_batches_where_there_is_no_kernel(
    name: str, rules: hj.Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    states = positions(rules, 7)
    with_kernel = (
        playouts.playouts_of(states, rng=1, share=2),
        playouts.deal_playouts(rules, 6, rng=2),
        playouts.playouts(states[-1], 6, rng=3, policy="greedy"),
    )
    monkeypatch.setattr(playouts, "plan_for", lambda table: None)
    without = (
        playouts.playouts_of(states, rng=1, share=2),
        playouts.deal_playouts(rules, 6, rng=2),
        playouts.playouts(states[-1], 6, rng=3, policy="greedy"),
    )
    assert with_kernel == without


def test_a_view_is_played_out_in_its_sampled_worlds() -> None:
    state = positions(variants.STANDARD, 3)[-1]
    seat = state.to_move[0]
    view = hj.view(state, seat)
    points = playouts.view_playouts(view, 16, rng=8)
    assert len(points) == 64
    assert points == playouts.view_playouts(view, 16, rng=8)
    for i in range(16):
        assert sum(points[4 * i : 4 * i + 4]) in (26, 78)


def test_the_generator_is_advanced_by_each_call() -> None:
    state = hj.new_game(variants.STANDARD, seed=1)
    draws = playouts.generator(0)
    first = playouts.playouts(state, 4, rng=draws)
    second = playouts.playouts(state, 4, rng=draws)
    assert first != second
    assert first == playouts.playouts(state, 4, rng=0)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s: playouts.playouts("no state"), "need a State"),
        (lambda s: playouts.playouts(s, -1), "count must be"),
        (lambda s: playouts.playouts(s, 1.5), "count must be"),
        (lambda s: playouts.playouts(s, rng="x"), "rng must be"),
        (lambda s: playouts.playouts(s, rng=True), "rng must be"),
        (lambda s: playouts.playouts(s, policy="smart"), "policy must be"),
        (lambda s: playouts.playouts(s, sign=2), "sign must be"),
        (lambda s: playouts.playouts_of(s), "sequence of States"),
        (lambda s: playouts.playouts_of([s, 3]), "need a State"),
        (lambda s: playouts.playouts_of([s], share=0), "share must be"),
        (lambda s: playouts.playouts_of([s, hj.new_game(variants.DUTCH)]), "same rules"),
        (lambda s: playouts.deal_playouts("standard"), "Rules value"),
        (lambda s: playouts.view_playouts(s), "PlayerView"),
        (lambda s: playouts.generator(1.0), "seed must be"),
    ],
)
def test_bad_arguments_say_what_is_wrong(call: object, message: str) -> None:
    state = hj.new_game(variants.STANDARD, seed=1)
    with pytest.raises(PlayoutError, match=message):
        call(state)  # type: ignore[operator]


def test_a_finished_game_has_no_hand_to_play_out() -> None:
    state = hj.new_game(variants.OPENSPIEL, seed=1)
    over = hj.rollout(state, rng=1)
    assert over.is_over
    with pytest.raises(PlayoutError, match="game is over"):
        playouts.playouts(over)


def test_points_beyond_64_bits_say_so() -> None:
    huge = attrs.evolve(
        variants.STANDARD, scoring=hj.rules.scoring.CardPoints({"QS": 1 << 70, "AH": 1}, name="huge")
    )
    assert native.plan_for(table_for(huge)) is None  # beyond the kernel's words: Python plays it
    with pytest.raises(PlayoutError, match="beyond 64 bits"):
        playouts.deal_playouts(huge, 1, rng=1)


def test_the_kernel_can_be_turned_off() -> None:
    code = "from hartenjagen import native; print(native.AVAILABLE)"
    for name in ("HARTENJAGEN_NO_C_KERNEL", "HARTENJAGEN_PURE_PYTHON"):
        env = {**os.environ, name: "1"}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        assert out.stdout.strip() == "False"


@needs_kernel
def test_a_plan_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="too short"):
        native.KERNEL.compile_plan((4, 1), ())
    with pytest.raises(TypeError, match="compiled plan"):
        native.KERNEL.run((b"", ()), 0, None, 1, 1, False, 1, Draws("x"), array("q", [0] * 4), None)
    plan = native.plan_for(table_for(variants.STANDARD))
    with pytest.raises(ValueError, match="too small"):
        native.KERNEL.run(plan, 2, None, 2, 1, False, 1, Draws("x"), array("q", [0] * 4), None)


@needs_kernel
@pytest.mark.parametrize("rules", [variants.STANDARD, variants.SIX_DOUBLE_DECK, variants.OPENSPIEL])
def test_the_kernel_passes_with_one_pack_and_two(rules: hj.Rules) -> None:
    for seed in range(6):
        state = hj.new_game(rules, seed=seed)
        if state.phase is not hj.Phase.PASSING:
            continue
        done, trace, _ = kernel_trace(state, seed)
        assert done == 1
        passed = [entry for entry in trace if entry >> 56 == 2]
        assert len(passed) == rules.players * state.pass_count
        moves, _ = public_loop(state, split(playouts.generator(seed)))
        assert trace == moves


def test_a_refused_batch_leaves_the_generator_as_it_was() -> None:
    state = hj.new_game(variants.OPENSPIEL, seed=1)
    draws = playouts.generator(3)
    over = hj.rollout(state, rng=1)
    # The kernel plays the first states before it meets the one it refuses: the call still has no effect.
    for bad, message in (
        (3, "need a State"),
        (hj.new_game(variants.DUTCH), "same rules"),
        (over, "game is over"),
    ):
        with pytest.raises(PlayoutError, match=message):
            playouts.playouts_of([state] * 5 + [bad], rng=draws)
    assert list(playouts.playouts_of([state], rng=draws)) == list(playouts.playouts_of([state], rng=3))


def test_a_start_repeated_in_a_row_plays_as_equal_copies() -> None:
    first, other = hj.new_game(variants.STANDARD, seed=2), hj.new_game(variants.STANDARD, seed=5)
    copies = [hj.new_game(variants.STANDARD, seed=2) for _ in range(3)]
    assert copies[0] is not first and copies[0] == first
    repeated = playouts.playouts_of([first, first, other, first, first], rng=4, share=2)
    distinct = playouts.playouts_of([first, copies[0], other, copies[1], copies[2]], rng=4, share=2)
    assert repeated == distinct
    assert repeated[0:4] == repeated[4:8] and repeated[0:4] != repeated[12:16]


@needs_kernel
def test_the_general_build_plays_as_the_bmi2_one() -> None:
    # One pack's kernel has a build for processors with BMI2 and one for the others: the same cards.
    code = (
        "from hartenjagen import playouts, variants\n"
        "for rules in (variants.STANDARD, variants.OPENSPIEL, variants.BLACK_LADY_3):\n"
        "    print(list(playouts.deal_playouts(rules, 64, rng=7)))\n"
    )
    runs = []
    for value in ("", "1"):
        env = {**os.environ, "HARTENJAGEN_KERNEL_NO_BMI2": value}
        if not value:
            del env["HARTENJAGEN_KERNEL_NO_BMI2"]
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        runs.append(out.stdout)
    assert runs[0] == runs[1] and runs[0].count("\n") == 3
