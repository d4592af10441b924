"""The suits led, counted with the jokers' roles (issue 37): `HeartsAfterSuitsLed`, Gong Zhu, `TrickContext.led_suit`.

A joker whose role gives it a suit (`Deck.joker_role`) leads that suit: a
trick it leads counts as one of that suit led. A joker of no suit led
leaves the suit to the next card. The pack below (jack to ace and four
jokers, five cards each) leads clubs, then spades, then a joker; seat 3 is
void in diamonds and throws the Q♥ on the joker.
"""

from __future__ import annotations

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import family
from hartenjagen.cards import JOKERS, Card, Rank, Suit
from hartenjagen.family_jokers import JokerPack
from hartenjagen.rules import PlayContext, TrickContext
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.first_trick import ANYTHING
from hartenjagen.rules.jokers import JokerRank, JokerRole, suit_led
from hartenjagen.rules.leading import AFTER_SUITS_LED, HeartsAfterSuitsLed
from hartenjagen.rules.passing import NO_PASSING
from hartenjagen.testing import check_rules
from helpers import legal, play

DEAL = ["JC QS JD JK2 JK3", "QC KS QD JH KD", "KC AS JK1 AD JK4", "AC JS QH KH AH"]
#: Clubs, spades, then the joker led (seat 3 void in diamonds throws the Q♥): seat 1 leads trick 4.
TO_TRICK_4 = "JC QC KC AC  JS QS KS AS  JK1 QH JD QD"


def _rules(role: JokerRole) -> hj.Rules:
    deck = JokerPack(count=4, lowest_rank=Rank.JACK, joker_suit=role.suit, joker_rank=role.rank)
    return hj.Rules(
        deck=deck, passing=NO_PASSING, ending=SINGLE_HAND, first_trick=ANYTHING, leading=AFTER_SUITS_LED
    )


def test_a_joker_of_diamonds_led_counts_as_diamonds_led():
    rules = _rules(JokerRole(Suit.DIAMONDS, JokerRank.LOWEST))
    state = play(hj.new_game(rules, deal=DEAL, dealer=3, seed=0), TO_TRICK_4)
    assert state.tricks[2].winner == 1  # the Q♦ over the J♦ and the joker ranked below them
    assert legal(state) == {"JH", "KD"}  # clubs, spades and diamonds led once each: hearts are open
    # The module's own reading (a subclass's, `check_rules`'s) agrees with the core's plan
    assert HeartsAfterSuitsLed().hearts_open(PlayContext.of(state))
    check_rules(rules, games=2, seed=1)


def test_a_joker_of_no_suit_led_leaves_the_suit_led_to_the_next_card():
    rules = _rules(JokerRole())  # the built-in joker: no suit, never wins
    state = play(hj.new_game(rules, deal=DEAL, dealer=3, seed=0), "JC QC KC AC  JS QS KS AS  JK1 QH JD JH")
    assert state.tricks[2].winner == 3  # the Q♥ set hearts after the joker and wins them
    assert legal(state) == {"KH", "AH"}  # seat 3 holds only hearts
    assert not HeartsAfterSuitsLed().hearts_open(PlayContext.of(state))  # clubs, spades, hearts: no diamonds
    check_rules(rules, games=2, seed=1)


def test_the_trick_context_gives_the_suit_a_joker_led():
    clubs = family.cancellation_hearts(players=5)  # its joker is a zero of clubs
    trick = (hj.Play(0, JOKERS[0]), hj.Play(1, "QH"), hj.Play(2, "2C"), hj.Play(3, "5S"), hj.Play(4, "3C"))
    assert TrickContext(rules=clubs, trick=trick, trick_number=1).led_suit is Suit.CLUBS
    plain = _rules(JokerRole())  # a joker of no suit: the next card's suit
    four = (hj.Play(0, JOKERS[0]), hj.Play(1, JOKERS[1]), hj.Play(2, "QH"), hj.Play(3, "JC"))
    assert TrickContext(rules=plain, trick=four, trick_number=1).led_suit is Suit.HEARTS
    assert suit_led([JOKERS[0], Card("QH")], plain.deck) is Suit.HEARTS
    assert suit_led([JOKERS[0], Card("QH")], clubs.deck) is Suit.CLUBS
    jokers = tuple(hj.Play(seat, joker) for seat, joker in enumerate(JOKERS[:4]))
    with pytest.raises(hj.RulesError, match="holds jokers of no suit only: no suit was led"):
        _ = TrickContext(rules=plain, trick=jokers, trick_number=1).led_suit


def test_gong_zhu_counts_a_suit_led_by_a_joker_of_that_suit():
    """Gong Zhu's exposed card may not be played to the first trick of its suit: a joker of that suit led it."""
    exposures = family.Exposures()
    spades = JokerRole(Suit.SPADES, JokerRank.LOWEST)
    rules = attrs.evolve(
        family.gong_zhu(),
        deck=JokerPack(count=4, joker_suit=spades.suit, joker_rank=spades.rank),
        extras=(exposures,),
    )
    # A joker of spades led, the others void in spades: read without its role, diamonds were led.
    led_by_joker = hj.values.Trick(0, (JOKERS[0], Card("2D"), Card("3D"), Card("4D")), 3)
    context = PlayContext(
        rules=rules,
        seat=0,
        hand=(Card("QS"), Card("5S")),
        allowed=frozenset({Card("QS"), Card("5S")}),
        trick=(hj.Play(3, "6S"),),
        led_suit=Suit.SPADES,
        trick_number=2,
        hearts_broken=False,
        tricks_taken=(0, 0, 0, 1),
        scores=(0, 0, 0, 0),
        tricks=(led_by_joker,),
        announcements=((0, "QS"),),
    )
    assert set(exposures.playable(context)) == {Card("QS"), Card("5S")}  # spades were led: the Q♠ is free
    first = attrs.evolve(context, tricks=())
    assert set(exposures.playable(first)) == {Card("5S")}  # the first spade trick: the exposed Q♠ waits
