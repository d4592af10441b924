"""Property tests (sources §3, 11-14) over random rules and games: points, the moon, the bonus, the game end.

11-13. raw points sum to the pack's total, the moon and the no-tricks bonus follow docs/sources.md
and the totals add up (also when one seat takes every trick); 14. the game ends only between hands,
iff the ending holds, at a score limit's boundary exactly."""

from __future__ import annotations

import attrs
from hypothesis import assume, given

import hartenjagen as hj
from hartenjagen import Play, Rules, State
from hartenjagen.cards import ALL_CARDS
from hartenjagen.rules.ending import SINGLE_HAND, ScoreLimit
from hartenjagen.rules.moon import OthersPlus
from hartenjagen.rules.passing import NO_PASSING
from hartenjagen.rules.scoring import BLACK_LADY, HEARTS_ONLY, OMNIBUS
from properties_helpers import (
    MAX_HANDS,
    SEEDS,
    GameSpec,
    budget,
    check_conservation,
    games,
    play_game,
    rules_strategy,
)
from properties_oracles import (
    Code,
    expected_hand_points,
    final_captures,
    game_should_end,
    hand_ended,
    hand_size_of,
    lowest_club,
    moon_amount,
    moon_cards,
    pack_of,
    points_of,
    total_value,
    value,
)

# ---------------------------------------------------------------- 11-13. points, moon, bonus


def check_hand_result(prev: State, move: Play, nxt: State) -> hj.HandResult:
    """11-13: the score sheet line of the hand ``move`` ends, against sources §1.9, §1.10, §1.14."""
    rules = prev.rules
    n = rules.players
    result = nxt.score_sheet[-1]
    assert len(nxt.score_sheet) == len(prev.score_sheet) + 1
    assert result.hand_index == prev.hand_index
    assert result.dealer == prev.dealer
    taken, won = final_captures(prev, move)
    expected = expected_hand_points(rules, taken, won)
    # 11. point sums
    assert result.raw == expected.raw
    total = total_value(rules)
    assert sum(result.raw) == total
    removed = [c for c in ALL_CARDS if c not in pack_of(rules)]
    assert total == {HEARTS_ONLY: 13, BLACK_LADY: 26, OMNIBUS: 16}[rules.scoring] - sum(
        value(rules, c) for c in removed
    )
    if expected.shooter is None and not rules.extras:
        assert result.points == result.raw
    # 12. moon: at most one shooter (a seat or None), the one who took the whole moon set
    assert result.shooter == expected.shooter
    if result.shooter is not None:
        k = moon_amount(rules)
        assert sum(result.points) == total - points_of(rules, moon_cards(rules)) + (n - 1) * k
        if all(value(rules, c) >= 0 for c in pack_of(rules)):
            assert sum(result.points) == (n - 1) * k
    # 13. no-tricks bonus: what the engine added after the moon goes to at most n - 1 seats,
    # never in a moon hand
    receivers = [s for s in range(n) if result.points[s] != expected.settled[s]]
    assert len(receivers) <= n - 1
    if result.shooter is not None or not rules.extras:
        assert not receivers
    assert all(won[s] == 0 for s in receivers)
    assert result.points == expected.points
    assert result.totals == tuple(a + b for a, b in zip(prev.scores, result.points, strict=True))
    assert nxt.scores == result.totals
    return result


@budget(20)
@given(spec=games())
def test_hand_points(spec: GameSpec) -> None:
    """11-13. Raw points sum to T; the moon and the no-tricks bonus follow docs/sources.md; totals add up."""
    game = spec.play()
    for prev, move, nxt in game.steps():
        if hand_ended(prev, nxt):
            assert type(move) is Play
            check_hand_result(prev, move, nxt)
        else:
            assert nxt.scores == prev.scores
            assert nxt.score_sheet == prev.score_sheet


@budget(20)
@given(rules=rules_strategy(), seed=SEEDS, move_seed=SEEDS)
def test_one_seat_takes_every_trick(rules: Rules, seed: int, move_seed: int) -> None:
    """12-13 at the edge: seat 0 takes all tricks: a moon (OthersPlus), or n-1 bonuses (NoMoon)."""
    rules = attrs.evolve(rules, passing=NO_PASSING)
    game = play_game(rules, seed, move_seed, "top_cards", greedy_seat=0, max_hands=2)
    n = rules.players
    end = next(i for i, (prev, _, nxt) in enumerate(game.steps()) if hand_ended(prev, nxt))
    prev, move, nxt = game.states[end], game.moves[end], game.states[end + 1]
    assert type(move) is Play
    _, won = final_captures(prev, move)
    assert won == (hand_size_of(rules),) + (0,) * (n - 1)
    result = check_hand_result(prev, move, nxt)
    if isinstance(rules.moon, OthersPlus):
        assert result.shooter == 0
        k = moon_amount(rules)
        assert result.points == (total_value(rules) - points_of(rules, moon_cards(rules)),) + (k,) * (n - 1)
    else:
        assert result.shooter is None
        bonus = sum(e.points for e in rules.extras)
        assert result.points == (total_value(rules),) + (bonus,) * (n - 1)
    for prev, move, nxt in game.steps():
        check_conservation(nxt)
        if hand_ended(prev, nxt):
            assert type(move) is Play
            check_hand_result(prev, move, nxt)


# ---------------------------------------------------------------- 14. game end


@budget(20)
@given(spec=games())
def test_game_end(spec: GameSpec) -> None:
    """14. The game ends only between hands, iff the ending condition holds; winners hold the lowest total."""
    game = spec.play()
    rules = spec.rules
    n = rules.players
    for prev, move, nxt in game.steps():
        assert not prev.is_over
        assert prev.winners == ()
        if not hand_ended(prev, nxt):
            assert not nxt.is_over
            assert nxt.hand_index == prev.hand_index
            assert nxt.dealer == prev.dealer
            continue
        assert type(move) is Play
        should_end = game_should_end(rules, nxt.scores, len(nxt.score_sheet))
        assert nxt.is_over == should_end
        if nxt.is_over:
            assert nxt.winners
            assert nxt.winners == tuple(s for s in range(n) if nxt.scores[s] == min(nxt.scores))
            assert nxt.to_move == ()
            assert len(hj.legal_moves(nxt)) == 0
            assert hj.explain(nxt, Play(0, lowest_club(rules))).code is Code.GAME_OVER
        else:
            assert nxt.winners == ()
            assert nxt.hand_index == prev.hand_index + 1
            assert nxt.dealer == (prev.dealer + 1) % n
            assert nxt.tricks == () and nxt.trick == ()
            assert not any(nxt.taken)
    if game.finished:
        assert game.states[-1].is_over
    else:
        assert len(game.states[-1].score_sheet) == MAX_HANDS


@budget(20)
@given(spec=games())
def test_score_limit_boundary(spec: GameSpec) -> None:
    """14. A limit equal to the top total ends the game only when inclusive; one below always, one above never."""
    first = play_game(attrs.evolve(spec.rules, ending=SINGLE_HAND), spec.seed, spec.move_seed, spec.deal)
    top = max(first.states[-1].scores)
    assume(top > 1)
    for limit, inclusive, over in [
        (top, True, True),
        (top, False, False),
        (top - 1, False, True),
        (top + 1, True, False),
    ]:
        rules = attrs.evolve(spec.rules, ending=ScoreLimit(limit=limit, inclusive=inclusive))
        game = play_game(rules, spec.seed, spec.move_seed, spec.deal, max_hands=1)
        assert game.moves == first.moves
        after = game.states[-1]
        assert after.scores == first.states[-1].scores
        assert after.is_over == over, f"limit {limit}, inclusive={inclusive}, totals {after.scores}"
        assert after.hand_index == (0 if over else 1)
