"""Moon defence in earnest (issue 41): positions from real hands of the heuristic against OpenSpiel's IS-MCTS.

Each position is a hand of the development run ``benchmarks/results/openspiel_strongest.jsonl``
(OpenSpiel's rules, development deal set, seed 0), replayed up to the heuristic's decision: the
deal as the tournament dealt it, the passes and the plays as recorded.
"""

from __future__ import annotations

import hartenjagen as hj
from hartenjagen.bots import HeuristicBot
from hartenjagen.bots.heuristic import _Read
from helpers import game, play


def _recorded(hands: list[str], direction: hj.PassDirection, passes: list[str], played: str) -> hj.State:
    """A hand of the run: dealt (dealer 3, as the tournament deals), passed and played as recorded."""
    state = hj.new_game(
        hj.variants.openspiel(pass_direction=direction), deal=[h.split() for h in hands], dealer=3
    )
    if state.phase is hj.Phase.PASSING:
        for seat, cards in enumerate(passes):
            state = hj.apply(state, hj.Pass(seat, cards.split()))
    return play(state, played)


def test_against_a_moon_in_earnest_the_defence_keeps_its_stopper():
    # Development deal 200, the heuristic at seat 3: seat 2 has won every point so far, in tricks of
    # their own (10 points), and leads the 2♠. Void in spades, the heuristic threw its T♦, the last
    # card that could still win a trick; seat 2 shot the moon. It throws the 3♦ and keeps the T♦.
    state = _recorded(
        [
            "2C 2H 4C 6C 6S 7C 8H 9H TC TH QC QD KD",
            "4D 4H 4S 5H 6D 7H 8S 9D 9S TS JC JD JH",
            "2S 3C 5C 5S 8C 8D JS QH KC KS AC AH AS",
            "2D 3D 3H 3S 5D 6H 7D 7S 9C TD QS KH AD",
        ],
        hj.PassDirection.RIGHT,
        ["QD KD TH", "JC JH 8S", "8C AH KS", "AD KH QS"],
        "2C 8C 3C 9C 3S 8S 9S JS 8D 7D JH 4D 5C TH 4C KS QH 6H 8H 5H KC 3H QC AH 5S 7S 6S 4S "
        "2D 2H 6D AD AS KD 7C TS AC QD JC 4H 2S",
    )
    view = hj.view(state, 3)
    assert sorted(map(str, view.hand)) == ["3D", "5D", "TD"]
    assert HeuristicBot(seed=0).choose(view) == hj.Play(3, "3D")
    assert _Read(view, 3).point_tricks(2) >= 2


def test_against_a_moon_in_earnest_the_defence_takes_a_clean_trick_before_others_feed_it():
    # Development deal 57, the heuristic at seat 1: seat 0 has won the Q♠ and four hearts in two
    # tricks (17 points, nobody else any) and leads the 4♣. The heuristic ducked with the 3♣; the two
    # seats after it threw the 7♥ and the K♥ onto seat 0's trick. Winning it with the 8♣ first
    # stops the moon if they do.
    state = _recorded(
        [
            "2S 4C 5C 6C 7C 9D TD TS QD QH KS AC AH",
            "2C 2H 3C 5H 8C 8D 9C TH JC JH JS KC KD",
            "3D 3H 4S 5S 6D 6H 7H 7S 8H 9S TC QC AS",
            "2D 3S 4D 4H 5D 6S 7D 8S 9H JD QS KH AD",
        ],
        hj.PassDirection.HOLD,
        [],
        "2C TC 7D 5C 7S 3S KS JS AC KC QC QS QH JH 8H 9H 4C",
    )
    view = hj.view(state, 1)
    assert "3C" in {str(card) for card in view.hand}
    assert HeuristicBot(seed=0).choose(view) == hj.Play(1, "8C")


_SMALL = dict(opening=hj.rules.opening.ELDEST_ANY, first_trick=hj.rules.first_trick.ANYTHING, dealer=3)


def test_one_point_trick_is_no_moon_in_earnest():
    # Seat 1 took the Q♠ and the K♥ in one trick: a threat (they hold every point), but one trick is
    # mostly the Q♠ alone; seat 3, void in diamonds, throws its highest plain card as before.
    hands = ["2S 3D 4D 9C", "AS AD KD TC", "QS 5D 6D JC", "KH 3C 2C 4C"]
    state = play(game(hands, **_SMALL), "2S AS QS KH")
    state = play(state, "AD 5D")
    view = hj.view(state, 3)
    read = _Read(view, 3)
    assert read.threat() == 1 and read.point_tricks(1) == 1
    assert HeuristicBot(seed=0).choose(view) == hj.Play(3, "4C")


def test_point_tricks_counts_the_tricks_a_seat_won_with_points_in_them():
    hands = ["2S 3D 4D 9C", "AS AD KD TC", "QS 5D 6D JC", "KH QH 2C 4C"]
    state = play(game(hands, **_SMALL), "2S AS QS KH AD 5D QH 3D")
    read = _Read(hj.view(state, 0), 0)
    assert [read.point_tricks(seat) for seat in range(4)] == [0, 2, 0, 0]
