"""The heuristic bot's card sense, rule by rule (``hartenjagen.bots.HeuristicBot``).

Each test sets up a position where the rule decides and checks the card: the pass, following
(ducking second, third and last in hand), sloughing, leading, moon defence and running the moon,
announcing, the moon choice, and the Dutch second half where points are collected.
"""

from __future__ import annotations

import attrs

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.bots import HeuristicBot
from hartenjagen.cards import parse_cards
from hartenjagen.rules import moon as moon_rules
from helpers import ONE_SUIT_EACH, fill_deal, game, play


def test_the_heuristic_moon_choice_compares_the_totals():
    state = game(list(ONE_SUIT_EACH), moon=moon_rules.ResetOrDouble(), ending=hj.rules.ending.TO_100)
    while state.phase is hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    view = hj.view(state, 0)
    assert HeuristicBot(seed=0).choose(view) in hj.legal_moves(state)
    # With 90 points of its own, going back to 0 beats doubling the others' 10s.
    line = hj.HandResult(0, 3, (0, 0, 0, 0), (90, 10, 10, 10), (90, 10, 10, 10), None)
    behind = attrs.evolve(view, scores=line.totals, display_scores=line.totals, score_sheet=(line,))
    assert HeuristicBot(seed=0).choose(behind) == hj.MoonChoice(0, hj.MoonOption.RESET)
    # With 10 against the others' 60s, doubling them ends the game (120 ≥ 100) and wins it.
    line = hj.HandResult(0, 3, (0, 0, 0, 0), (10, 60, 60, 60), (10, 60, 60, 60), None)
    ahead = attrs.evolve(view, scores=line.totals, display_scores=line.totals, score_sheet=(line,))
    assert HeuristicBot(seed=0).choose(ahead) == hj.MoonChoice(0, hj.MoonOption.DOUBLE)


# ---------------------------------------------------------------- the heuristic's card sense


def test_the_heuristic_ducks_with_its_highest_losing_card():
    state = game(["5C 9C 2D", "2C 3D 4D", "6C TC 5D", "3C 4C 6D"])
    state = play(state, "2C 6C")  # seat 1 leads the 2♣, seat 2 plays the 6♣
    assert HeuristicBot(seed=0).choose(hj.view(state, 3)) == hj.Play(3, "4C")  # the highest club under it


# Seat 0 leads (eldest of dealer 3) whatever it holds; the first trick takes anything.
_SMALL = dict(opening=hj.rules.opening.ELDEST_ANY, first_trick=hj.rules.first_trick.ANYTHING, dealer=3)


def test_second_and_third_in_hand_it_ducks_with_its_highest_losing_card():
    hands = ["5C 2D 3D 4D", "3C KC 5D 6D", "4C 7C 7D 8D", "6C 8C 9D TD"]
    state = play(game(hands, **_SMALL), "5C")
    assert HeuristicBot(seed=0).choose(hj.view(state, 1)) == hj.Play(1, "3C")
    state = play(game(hands, **_SMALL), "5C 3C")
    assert HeuristicBot(seed=0).choose(hj.view(state, 2)) == hj.Play(2, "4C")


def test_the_heuristic_dumps_the_queen_of_spades_when_void():
    hands = ["2C 3C 4C 5C", "6C 7C 8C 9C", "TC JC QC KC", "QS 2H AS 3D"]
    rules = dict(first_trick=hj.rules.first_trick.ANYTHING)
    state = game(hands, **rules)
    state = play(state, "2C 6C TC")
    move = HeuristicBot(seed=0).choose(hj.view(state, 3))
    assert move == hj.Play(3, "QS")


def test_the_heuristic_never_passes_a_bonus_card_and_keeps_a_guarded_queen():
    state = hj.new_game(variants.OMNIBUS, deal=list(ONE_SUIT_EACH), seed=0)
    # Seat 1 holds every diamond, the J♦ (−10) too: it passes its three highest others, never the J♦.
    cards = HeuristicBot(seed=0).choose(hj.view(state, 1)).cards
    assert {str(card) for card in cards} == {"AD", "KD", "QD"}
    # Seat 3 holds every spade: the Q♠ is guarded by ten low spades and stays.
    cards = HeuristicBot(seed=0).choose(hj.view(state, 3)).cards
    assert {str(card) for card in cards} == {"AS", "KS", "JS"}
    # Seat 2 holds every heart: the highest hearts go.
    cards = HeuristicBot(seed=0).choose(hj.view(state, 2)).cards
    assert {str(card) for card in cards} == {"AH", "KH", "QH"}


def test_the_heuristic_passes_an_unguarded_queen_and_its_protectors():
    hands = [
        "QS AS KS 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    state = hj.new_game(variants.STANDARD, deal=hands, seed=0)
    cards = HeuristicBot(seed=0).choose(hj.view(state, 0)).cards
    assert {str(card) for card in cards} == {"QS", "AS", "KS"}


def test_the_heuristic_announces_miezen_only_with_low_cards():
    low = [
        "7C 8C 9C TC 7D 8D 9D TD",
        "JC QC KC AC JD QD KD AD",
        "7H 8H 9H TH JH QH KH AH",
        "7S 8S 9S TS JS QS KS AS",
    ]
    state = hj.new_game(variants.ACHTERHOEK, deal=low, seed=0)
    assert state.phase is hj.Phase.ANNOUNCING
    bot = HeuristicBot(seed=0)
    assert state.to_move == (1,)
    assert bot.choose(hj.view(state, 1)) == hj.Announce(1, False)  # eldest holds the high clubs and diamonds
    state = hj.apply(state, hj.Announce(1, False))
    state = hj.apply(state, hj.Announce(2, False))
    state = hj.apply(state, hj.Announce(3, False))
    assert bot.choose(hj.view(state, 0)) == hj.Announce(0, True)  # seat 0: nothing above the ten


def test_the_heuristic_collects_points_in_a_dutch_second_half():
    # Seat 0 plays last to a trick of hearts: it ducks in the first half and wins it in the second,
    # where the points it takes count its total down.
    hands = ["JH 8H", "9H 8C", "TH 9C", "7C TC"]
    state = game(
        hands,
        opening=hj.rules.opening.ELDEST_ANY,
        first_trick=hj.rules.first_trick.ANYTHING,
        leading=hj.rules.leading.ANYTIME,
        scoring=hj.rules.scoring.DUTCH_32,
        ending=hj.rules.ending.DUTCH_HALVES,
    )
    state = play(state, "9H TH 7C")
    view = hj.view(state, 0)
    assert HeuristicBot(seed=0).choose(view) == hj.Play(0, "8H")
    line = hj.HandResult(0, 3, (0, 0, 0, 0), (60, 30, 30, 30), (60, 30, 30, 30), None)
    second_half = attrs.evolve(view, scores=line.totals, display_scores=line.totals, score_sheet=(line,))
    assert HeuristicBot(seed=0).choose(second_half) == hj.Play(0, "JH")


# ---------------------------------------------------------------- issue 16: the heuristic's pass


def _pass_of(hand: str, seat: int = 0, rules: hj.Rules = variants.STANDARD) -> set[str]:
    state = hj.new_game(rules, deal=fill_deal(rules, {seat: hand}), seed=0)
    assert state.phase is hj.Phase.PASSING
    return {str(card) for card in HeuristicBot(seed=0).choose(hj.view(state, seat)).cards}


def test_the_heuristic_passes_high_plain_cards_before_low_hearts():
    # The example: it once passed 3♥4♥5♥ and kept the A♣ and K♦. Hearts rank by rank now.
    passed = _pass_of("2H 3H 4H 5H AC KD 2C 7C 9D 4S 6S 8S TS")
    assert {"AC", "KD"} <= passed
    assert not passed & {"2H", "3H", "4H", "5H"}


def test_the_heuristic_passes_high_hearts_by_rank():
    passed = _pass_of("AH KH 2H 3H 2C 3C 4C 5C 2D 3D 4D 2S 3S")
    assert passed == {"AH", "KH", "5C"} or {"AH", "KH"} <= passed
    assert "2H" not in passed and "3H" not in passed


def test_the_heuristic_passes_a_short_ace_of_spades_but_keeps_a_guarded_one():
    # The Q♠ is out: a bare A♠ (one low spade under it) goes, an A♠ over three low spades stays.
    assert "AS" in _pass_of("AS 3S 2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H")
    assert "AS" not in _pass_of("AS 2S 3S 4S 2C 3C 4C 5C 6C 2D 3D 4D 5D")


def test_the_heuristic_reads_the_card_values_of_the_active_scoring():
    # Black Maria: the K♠ (10) and A♠ (7) are penalty cards; unguarded, they go before the A♣.
    rules = variants.BLACK_MARIA  # three players, the 2♣ out
    state = hj.new_game(
        rules, deal=fill_deal(rules, {0: "KS AS 3C 4C 5C AC 2D 3D 4D 2H 3H 4H 5H 6H 7H 8H 9H"}), seed=0
    )
    cards = {str(card) for card in HeuristicBot(seed=0).choose(hj.view(state, 0)).cards}
    assert {"KS", "AS"} <= cards


# ---------------------------------------------------------------- issue 16: leads, the moon


def test_the_heuristic_does_not_lead_into_a_shown_void_while_the_queen_is_out():
    hands = ["AD 2D 3C 9S", "3D KD 4C 5S", "4D QD 7C 8S", "5C QS 2H 6S"]
    state = play(game(hands, **_SMALL), "AD 3D 4D 5C")  # seat 3 shows a diamond void
    assert state.to_move == (0,)
    assert HeuristicBot(seed=0).choose(hj.view(state, 0)) == hj.Play(0, "3C")


def test_moon_defence_does_not_feed_the_seat_holding_every_point():
    hands = ["2S 3D 4D 9C", "AS AD KD TC", "QS 5D 6D JC", "KH QH JH 2C"]
    state = play(game(hands, **_SMALL), "2S AS QS KH")  # seat 1 takes the Q♠ and the K♥
    state = play(state, "AD 5D")
    # Void in diamonds, seat 3 would dump a heart; onto the would-be shooter it throws the 2♣.
    assert HeuristicBot(seed=0).choose(hj.view(state, 3)) == hj.Play(3, "2C")


def test_moon_defence_takes_a_scoring_trick_from_the_shooter():
    hands = ["2S AH 3H 4D", "AS KH 5D 6D", "QS 7D 8D 9D", "JH TH 2C 3C"]
    state = play(game(hands, **_SMALL), "2S AS QS JH")  # seat 1: 14 of 18 points, nobody else any
    state = play(state, "KH 7D TH")
    # Last to play, seat 0 would duck with the 3♥; to stop the moon it wins with the A♥.
    assert HeuristicBot(seed=0).choose(hj.view(state, 0)) == hj.Play(0, "AH")


def test_the_heuristic_runs_the_moon_when_it_holds_every_point_and_the_top_cards():
    hands = ["AS AH KH 2D", "QS 5D 6D 7D", "2H 8D 9D TD", "3H 4H JD QD"]
    state = play(game(hands, **_SMALL), "AS QS 2H 3H")
    assert HeuristicBot(seed=0).choose(hj.view(state, 0)) == hj.Play(0, "AH")


def test_no_moon_rules_no_moon_defence():
    hands = ["2S 3D 4D 9C", "AS AD KD TC", "QS 5D 6D JC", "KH QH JH 2C"]
    state = play(game(hands, moon=moon_rules.NO_MOON, **_SMALL), "2S AS QS KH")
    state = play(state, "AD 5D")
    assert HeuristicBot(seed=0).choose(hj.view(state, 3)).card.suit is hj.Suit.HEARTS


def test_a_short_king_of_spades_follows_the_queen_into_the_pass():
    # A real hand (openspiel rules, seed 70, seat 1 passing across, against three sampling bots): the
    # heuristic passed Q♠ A♠ Q♥ and kept K♠ T♠ 6♠; the seat across, holding the Q♠ now, led it and
    # the K♠ had to fall on it (23 points). With the Q♠ passed, the Q♠ is out: the K♠ with two low
    # spades is a short K♠ with the Q♠ out, and goes with it.
    rules = hj.variants.openspiel(pass_direction=hj.PassDirection.ACROSS)
    view = hj.view(hj.new_game(rules, seed=70), 1)
    assert " ".join(str(card) for card in sorted(view.hand)) == "2C 5C TC KC 4D 7H JH QH 6S TS QS KS AS"
    bot = HeuristicBot(seed=70)
    assert sorted(map(str, bot.pass_cards(view, 1))) == ["AS", "KS", "QS"]
    # Weighed as if the Q♠ stayed, the K♠ would be kept (the habit this fixes).
    before = bot._pass_danger(view, 1, frozenset())
    assert "KS" not in {str(card) for card in sorted(before, key=lambda card: -before[card])[:3]}
    # Where no big card goes (seat 0 holds no Q♠ here), nothing is weighed again.
    other = hj.view(hj.new_game(rules, seed=70), 0)
    assert hj.Card.parse("QS") not in other.hand
    assert bot.pass_danger(other, 0) == bot._pass_danger(other, 0, frozenset())


# ---------------------------------------------------------------- who wins a trick: the rules' trick_winner


def _polignac_slots() -> dict[str, object]:
    """Three seats, Polignac's order (7 8 9 10 A J Q K), the J♠ worth 5, seat 0 leading anything."""
    from hartenjagen import family
    from hartenjagen.rules.scoring import CardPoints

    return dict(
        trick_winner=family.RankOrder(),
        scoring=CardPoints({"JS": 5}, name="js"),
        opening=hj.rules.opening.ELDEST_ANY,
        first_trick=hj.rules.first_trick.ANYTHING,
        dealer=2,
    )


def test_the_heuristic_reads_polignacs_order_where_the_ace_is_below_the_jack():
    """Polignac (7 8 9 10 A J Q K): last to the Q♦ with A♦ 7♦, the A♦ loses too, so it goes.

    Read as highest-of-the-suit, the A♦ would take the J♠ (5 points here) and the bot kept it,
    ducking with the 7♦.
    """

    slots = _polignac_slots()
    state = play(game(["QD 8C", "JS 9C", "AD 7D"], **slots), "QD JS")
    assert HeuristicBot(seed=0).choose(hj.view(state, 2)) == hj.Play(2, "AD")
    # Under the usual order the same cards make it duck with the 7♦ (the A♦ would win).
    usual = {key: value for key, value in slots.items() if key != "trick_winner"}
    state = play(game(["QD 8C", "JS 9C", "AD 7D"], **usual), "QD JS")
    assert HeuristicBot(seed=0).choose(hj.view(state, 2)) == hj.Play(2, "7D")


def test_the_heuristic_sees_identical_cards_cancel_and_ducks_under_what_is_left():
    """Cancellation Hearts: 9♦ led, K♦ K♦ cancel, the Q♠ thrown on: last with T♦ 5♦ it plays the 5♦.

    Read as highest-of-the-suit the K♦ wins, and the T♦ (which takes the 13 points) looked safe.
    """
    from hartenjagen import family

    rules = family.cancellation_hearts(players=5, passing=False)
    view = hj.view(hj.new_game(rules, seed=0), 3)
    trick = (hj.Play(4, "9D"), hj.Play(0, "KD"), hj.Play(1, "KD"), hj.Play(2, "QS"))
    position = attrs.evolve(
        view,
        trick=trick,
        trick_leader=4,
        to_move=(3,),
        hand=tuple(parse_cards("TD 5D 2H 3H")),
    )
    options = parse_cards("TD 5D")  # a position built by hand: asked of the play rule directly
    assert HeuristicBot(seed=0).play(position, 3, options) == hj.Card("5D")
    plain = attrs.evolve(
        position, rules=attrs.evolve(rules, duplicates=hj.rules.duplicates.FIRST_PLAYED_WINS)
    )
    assert HeuristicBot(seed=0).play(plain, 3, options) == hj.Card("TD")


def test_the_sampling_bots_playout_policy_asks_the_trick_winner_too():
    """The greedy playout (the sampling bot's policy) under Polignac: last to A♦ J♠ with K♦ 7♦ it plays the 7♦.

    Read off the ranks, the K♦ is under the A♦ and the policy ducked with it, taking the J♠
    (the K beats the A in Polignac). One play in ten is random: most seeds show the policy.
    """
    import random

    from hartenjagen.core import greedy_playout

    slots = _polignac_slots()
    state = play(game(["AD 8C", "JS 9C", "KD 7D"], **slots), "AD JS")
    raws = [greedy_playout(state, random.Random(seed), 1).score_sheet[-1].raw for seed in range(20)]
    assert sum(raw == (5, 0, 0) for raw in raws) >= 15, raws  # the A♦ wins: seat 2 ducked
