"""The heuristic reads a trick with the jokers' roles (issue 37): `Deck.joker_role`, through the rules' trick winner.

Before, it took every joker for one that never wins: under a joker ranked
``HIGHEST`` it kept a card it thought would win (and ducked with a low one),
and played such a joker "to lose" a trick holding points; a trick led by a
joker of clubs looked like a trick to lead.
"""

from __future__ import annotations

import attrs

import hartenjagen as hj
from hartenjagen import family
from hartenjagen.bots import HeuristicBot
from hartenjagen.bots.heuristic import _Read
from hartenjagen.cards import JOKERS, Card, Rank, parse_cards
from hartenjagen.family_jokers import JokerPack
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.first_trick import ANYTHING
from hartenjagen.rules.jokers import JokerRank
from hartenjagen.rules.passing import NO_PASSING
from helpers import legal, play


def _highest(**deck: object) -> hj.Rules:
    """Jokers of no suit ranked ``HIGHEST`` (each wins any trick it is played to), no passing, one hand."""
    pack = JokerPack(count=4, joker_rank=JokerRank.HIGHEST, **deck)  # type: ignore[arg-type]
    return hj.Rules(deck=pack, passing=NO_PASSING, ending=SINGLE_HAND, first_trick=ANYTHING)


def test_under_a_joker_that_wins_it_dumps_the_queen_of_spades():
    """5♠ led, a HIGHEST joker played: second to follow with Q♠ 3♠, it gives the Q♠ to the joker's trick.

    Read as a joker that never wins, the Q♠ would take the trick: it ducked with the 3♠ and kept the Q♠.
    """
    view = hj.view(hj.new_game(_highest(), seed=0), 2)
    position = attrs.evolve(
        view,
        trick=(hj.Play(0, "5S"), hj.Play(1, JOKERS[0])),
        trick_leader=0,
        to_move=(2,),
        hand=tuple(parse_cards("QS 3S 2H 3H 4D")),
    )
    options = parse_cards("QS 3S")  # a position built by hand: asked of the play rule directly
    assert HeuristicBot(seed=0).play(position, 2, options) == Card("QS")


def test_it_does_not_play_a_joker_that_wins_onto_a_trick_with_points():
    """The four aces and four HIGHEST jokers: A♣ led, the A♥ thrown on; with A♦ and a joker it plays the A♦.

    Read as a joker that never wins, the joker (its last card but one) looked like a free discard,
    and it took the A♥.
    """
    deal = ["AC AS", "AH JK1", "AD JK2", "JK3 JK4"]
    state = play(hj.new_game(_highest(lowest_rank=Rank.ACE), deal=deal, dealer=3, seed=0), "AC AH")
    assert legal(state) == {"AD", "JK2"}
    assert HeuristicBot(seed=0).choose(hj.view(state, 2)) == hj.Play(2, "AD")


def test_a_joker_of_clubs_led_is_followed_as_a_club_trick():
    """Cancellation Hearts for five: the zero of clubs led, the next seat follows knowing it is a club trick.

    The trick it reads has a suit (clubs) and a winner (the joker, until a club is played); read as
    a trick to lead, its winner was asked of a trick with no card and its suit was unknown.
    """
    rules = family.cancellation_hearts(players=5, passing=False)
    state = hj.new_game(rules, seed=1)
    state = hj.apply(state, hj.legal_moves(state)[0])  # the joker's holder leads it
    seat = state.to_move[0]
    view = hj.view(state, seat)
    bot = HeuristicBot(seed=0)
    read = _Read(view, seat)
    assert read.trick_led is hj.Suit.CLUBS
    assert read.trick_top() == (0, seat - 1 if seat else rules.players - 1)  # the joker leads the trick
    move = bot.choose(view)
    assert isinstance(move.card, Card) and move.card.suit is hj.Suit.CLUBS
