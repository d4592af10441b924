"""A hand voided by a revoke (sources §1.13, Spelregelwijzer "15 strafpunten voor de verzaker, 0 voor de anderen en
opnieuw delen") and the endings: it never ends the game (Black Lady 3p "je stopt dus niet midden in een ronde"),
and it can start the Dutch second half. Also the exact-zero finish with a mies (docs/rules.md).
"""

from __future__ import annotations

import attrs

import hartenjagen as hj
from hartenjagen.rules.ending import Countdown, Finish, ScoreLimit, Tie, TwoHalves
from hartenjagen.rules.extras import RevokePenalty
from helpers import MIXED_DEAL, no_pass_rules, play


def _line(totals: tuple[int, ...], *, revoke: int | None = None) -> hj.HandResult:
    n = len(totals)
    return hj.HandResult(0, 0, (0,) * n, (0,) * n, totals, None, None, (), revoke)


def _revoke_on_trick_one(rules: hj.Rules) -> tuple[hj.State, hj.State]:
    """Seat 2 leads the 2♣, seat 3 and seat 0 follow, seat 1 (holding clubs) discards the 7♦."""
    state = play(hj.new_game(rules, deal=list(MIXED_DEAL), seed=5), "2C JC 3C")
    assert state.to_move == (1,)
    assert hj.explain(state, hj.Play(1, "7D")).code == hj.IllegalMoveCode.MUST_FOLLOW_SUIT
    return state, hj.apply(state, hj.Play(1, "7D"))


def _finish_hand(state: hj.State) -> hj.State:
    """Play the hand of ``state`` out, each seat playing its first legal card."""
    lines = len(state.score_sheet)
    while not state.is_over and len(state.score_sheet) == lines:
        state = hj.apply(state, hj.legal_moves(state)[0])
    return state


def test_a_revoke_penalty_past_the_score_limit_redeals_instead_of_ending_the_game():
    # The example: RevokePenalty(points=100), no passing, seat 1 revokes on trick 1.
    rules = no_pass_rules(extras=(RevokePenalty(points=100),))
    before, after = _revoke_on_trick_one(rules)
    assert after.phase is hj.Phase.PLAYING
    assert not after.is_over
    assert after.scores == (0, 100, 0, 0)
    assert after.dealer == before.dealer == 0
    assert after.hand_index == 0
    assert after.tricks == () and after.trick == ()
    assert after.score_sheet[-1].revoke == 1
    # The game ends after the next hand that is played out, lowest total winning.
    done = _finish_hand(after)
    assert done.is_over
    assert len(done.score_sheet) == 2 and done.score_sheet[-1].revoke is None
    assert 1 not in done.winners


def test_a_revoke_penalty_past_zero_in_a_countdown_redeals_too():
    rules = no_pass_rules(ending=Countdown(start=100), extras=(RevokePenalty(points=100),))
    _, after = _revoke_on_trick_one(rules)
    assert not after.is_over
    assert after.display_scores == (100, 0, 100, 100)
    assert _finish_hand(after).is_over


def test_score_limit_and_countdown_never_end_on_a_voided_line():
    for ending in (ScoreLimit(), ScoreLimit(inclusive=False), ScoreLimit(tie=Tie.PLAY_ON), Countdown()):
        voided = (_line((0, 0, 0, 0)), _line((3, 120, 5, 7), revoke=1))
        played = (_line((0, 0, 0, 0)), _line((3, 120, 5, 7)))
        assert not ending.is_over((3, 120, 5, 7), voided), ending
        assert ending.is_over((3, 120, 5, 7), played), ending


def test_a_revoke_penalty_can_start_the_dutch_second_half():
    # Decided (docs/rules.md): the switch looks at the totals only, so a penalty that takes a total
    # to 50 makes the redeal the first hand of the second half.
    halves = TwoHalves()
    sheet = (_line((40, 10, 10, 10)),)
    assert not halves.second_half(sheet)
    voided = (*sheet, _line((55, 10, 10, 10), revoke=0))
    assert halves.second_half(voided)
    assert not halves.moon_applies(voided)
    assert not halves.is_over((55, 10, 10, 10), voided)


def test_the_hand_redealt_after_a_switching_revoke_counts_down():
    rules = attrs.evolve(hj.variants.DUTCH, ending=TwoHalves(switch=15), extras=(RevokePenalty(15),))
    deal = [
        "7C 8C 9C TC 7D 8D 9D TD",
        "JC QC KC AC JD QD KD AD",
        "7H 8H 9H TH 7S 8S 9S TS",
        "JH QH KH AH JS QS KS AS",
    ]
    state = play(hj.new_game(rules, deal=deal, dealer=3, seed=2), "7C")
    after = hj.apply(state, hj.Play(1, "JD"))  # seat 1 holds clubs: a revoke
    assert after.scores == (0, 15, 0, 0)
    assert rules.ending.second_half(after.score_sheet)
    done = _finish_hand(after)
    line = done.score_sheet[-1]
    assert line.revoke is None
    # Second half: each seat's card points come off its total.
    assert line.points == tuple(-raw for raw in line.raw)
    assert done.scores == tuple(total - raw for total, raw in zip(after.scores, line.raw, strict=True))


def test_exact_zero_second_half_bounces_a_mies_like_the_points():
    # Decided (docs/rules.md): in the exact-zero second half a successful mies (−10) is a step toward 0
    # that bounces like hand points, so a total never goes below 0 and a mies can land on exactly 0.
    exact = TwoHalves(finish=Finish.EXACT_ZERO_BOUNCE)
    second = (_line((50, 30, 20, 12)),)
    assert exact.adjust((4, 30, 10, 12), (-10, 0, -10, 10), second) == (6, 30, 0, 22)
    # In the first half, and in the zero-or-below finish, the change is simply added.
    first = (_line((40, 30, 20, 12)),)
    assert exact.adjust((4, 30, 10, 12), (-10, 0, -10, 10), first) == (-6, 30, 0, 22)
    assert TwoHalves().adjust((4, 30, 10, 12), (-10, 0, -10, 10), second) == (-6, 30, 0, 22)
    assert ScoreLimit().adjust((4, 30), (-10, 10), second) == (-6, 40)


@attrs.frozen(repr=False)
class _DoubledBonus(ScoreLimit):
    """An ending that doubles every house-rule change: shows that the engine asks the ending."""

    def adjust(
        self, totals: tuple[int, ...], change: tuple[int, ...], sheet: tuple[hj.HandResult, ...]
    ) -> tuple[int, ...]:
        return tuple(total + 2 * c for total, c in zip(totals, change, strict=True))


def test_the_engine_applies_house_rule_changes_through_the_ending():
    rules = no_pass_rules(
        ending=_DoubledBonus(), moon=hj.rules.moon.NO_MOON, extras=(hj.rules.extras.NoTricksBonus(),)
    )
    state = hj.new_game(rules, deal=list(MIXED_DEAL), seed=1)
    won = [0] * rules.players
    while not state.score_sheet:
        state, events = hj.step(state, hj.legal_moves(state)[0])
        for event in events:
            if isinstance(event, hj.events.TrickWon):
                won[event.winner] += 1
    line = state.score_sheet[-1]
    assert line.shooter is None and 0 in won
    assert line.points == tuple(raw + (-10 if w == 0 else 0) for raw, w in zip(line.raw, won, strict=True))
