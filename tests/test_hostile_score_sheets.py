"""Hostile input: score sheets no game writes.

Lines the rules do not score (raw points, the moon, a shooter, announcers or a revoke the rules
lack, the revoke penalty), hands played after the game's end, the sheet under the ending and the
house rules, and a long forged sheet, refused quickly; every moon the engine scores loads back."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.core.state_fields import fields

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
