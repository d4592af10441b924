"""Cancellation Hearts' joker for five and seven players (issue 37): `family.TwoPacks(joker=True)`, `CardLeads`.

Wikipedia's *Cancellation Hearts* (docs/sources.md) adds one joker for five
and seven players (105 cards), treated "like a zero of clubs": it leads the
first trick, the others must follow clubs, and it cannot win unless every
other card cancels. ``joker=False`` keeps the pack of low cards out. Also an
opening that names a joker, built in (`rules.opening.CardLeads`) or of one's own.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import family, native
from hartenjagen.cards import JOKERS, AnyCard, Card, Suit, parse_any_card
from hartenjagen.cli.rules import rules_text
from hartenjagen.core import table_for
from hartenjagen.events import TrickCancelled
from hartenjagen.rules import Opening, PlayContext
from hartenjagen.rules.jokers import ZERO_OF_CLUBS
from hartenjagen.rules.opening import CardLeads
from hartenjagen.testing import check_rules
from helpers import legal, play

FIVE = family.cancellation_hearts(players=5, passing=False)
#: Seat 2 holds diamonds only: void in clubs on the first trick.
DIAMONDS = " ".join(f"{rank}D {rank}D" for rank in "23456789TJ") + " QD"


def _deal(rules: hj.Rules, fixed: dict[int, str]) -> list[list[str]]:
    """A deal of ``rules`` (jokers too) in which each seat of ``fixed`` holds those cards; the rest in pack order."""
    remaining = [str(card) for card in (*rules.deck.pack(), *rules.deck.jokers())]
    hands: list[list[str]] = [[] for _ in range(rules.players)]
    for seat, cards in fixed.items():
        for word in cards.split():
            card = str(parse_any_card(word))
            remaining.remove(card)
            hands[seat].append(card)
    for hand in hands:
        while len(hand) < rules.deck.hand_size():
            hand.append(remaining.pop(0))
    return hands


def _game(fixed: dict[int, str], rules: hj.Rules = FIVE) -> hj.State:
    return hj.new_game(rules, deal=_deal(rules, fixed), dealer=0, seed=0)


def _clubs(state: hj.State, seat: int) -> set[str]:
    return {str(c) for c in state.hands[seat] if isinstance(c, Card) and c.suit is Suit.CLUBS}


def test_five_and_seven_play_two_packs_and_a_zero_of_clubs():
    for players, each in ((5, 21), (7, 15)):
        rules = family.cancellation_hearts(players=players)
        assert len(rules.deck.pack()) == 104 and rules.deck.jokers() == (JOKERS[0],)
        assert rules.deck.hand_size() == each
        assert rules.deck.joker_role(JOKERS[0]) == ZERO_OF_CLUBS
        assert rules.opening == CardLeads(JOKERS[0])
    old = family.cancellation_hearts(players=5, joker=False)  # the cards-out pack, kept as an option
    assert (len(old.deck.pack()), old.deck.jokers(), old.opening) == (100, (), hj.rules.opening.LOWEST_CLUB)
    assert len(family.cancellation_hearts(players=7, joker=False).deck.pack()) == 98
    # docs/architecture.md: the C kernel plays no jokers; without the joker, five play there too
    assert not native.playable(table_for(family.cancellation_hearts(players=5)))
    assert native.playable(table_for(old))
    # No joker where the source has none: six, eight to eleven players
    assert family.cancellation_hearts(players=6) == family.cancellation_hearts(players=6, joker=False)
    assert family.cancellation_hearts() == hj.variants.CANCELLATION_HEARTS


def test_the_jokers_holder_leads_it_and_the_others_must_follow_clubs():
    state = _game({3: "JK1", 2: DIAMONDS, 4: "AC 4S", 0: "KC 2S", 1: "QC 3S"})
    assert state.to_move == (3,)  # not eldest (seat 1): the joker's holder
    assert legal(state) == {"JK1"}
    refused = hj.explain(state, hj.Play(3, state.hands[3][0]))
    assert refused is not None and refused.code is hj.IllegalMoveCode.MUST_LEAD_OPENING_CARD
    assert "🃏1" in refused.message
    state = play(state, "JK1")
    for seat, card in ((4, "AC"), (0, "KC"), (1, "QC")):
        assert legal(state) == _clubs(state, seat)  # the joker led clubs
        other = next(c for c in state.hands[seat] if isinstance(c, Card) and c.suit is not Suit.CLUBS)
        refused = hj.explain(state, hj.Play(seat, other))
        assert refused is not None and refused.code is hj.IllegalMoveCode.MUST_FOLLOW_SUIT
        state = play(state, card)
    assert legal(state) == set(DIAMONDS.split())  # void in clubs: any card without points
    state = play(state, "QD")
    assert state.tricks[0].winner == 4  # the A♣ played once beats the zero of clubs


def test_a_first_trick_whose_clubs_all_cancel_goes_to_the_joker():
    state = _game({3: "JK1", 4: "KC", 0: "KC", 1: "5C", 2: "5C"})
    state, events = hj.step(play(state, "JK1 KC KC 5C"), hj.Play(2, "5C"))
    assert state.tricks[0].winner == 3  # every club cancelled: the zero of clubs wins
    assert not any(isinstance(event, TrickCancelled) for event in events)
    assert state.to_move == (3,)


def test_a_club_played_once_beats_the_joker():
    state = play(_game({3: "JK1", 4: "KC", 0: "KC", 1: "5C", 2: "6C"}), "JK1 KC KC 5C 6C")
    assert state.tricks[0].winner == 2  # the 6♣ is not cancelled: the zero is below it


def test_the_joker_in_words_json_and_records():
    assert "one joker" in rules_text(FIVE, "en") and "een joker" in rules_text(FIVE, "nl")
    assert "🃏1" in rules_text(FIVE, "en")  # the opening's card
    assert hj.loads(hj.dumps(FIVE)) == FIVE
    assert hj.loads(hj.dumps(CardLeads(Card("AS")))) == CardLeads(Card("AS"))
    state, events = hj.step(_game({3: "JK1"}), hj.Play(3, JOKERS[0]))
    assert hj.loads(hj.dumps(state)) == state
    assert all(hj.describe(event, "en") and hj.describe(event, "nl") for event in events)
    assert "joker 1" in hj.describe(events[0], "nl")


def test_bad_jokers_and_openings_are_refused_with_the_reason():
    with pytest.raises(hj.RulesError, match="joker must be True or False, not 'yes'"):
        family.cancellation_hearts(players=5, joker="yes")  # type: ignore[arg-type]
    with pytest.raises(hj.RulesError, match=r"105 cards .* deal evenly to 5 or 7 players, not 6"):
        family.TwoPacks(players=6, joker=True)
    with pytest.raises(hj.RulesError, match="card must be a Card or a Joker, not '2C'"):
        CardLeads("2C")  # type: ignore[arg-type]
    with pytest.raises(hj.RulesError, match=r"leads the 🃏2, but deck .* has none"):
        attrs.evolve(FIVE, opening=CardLeads(JOKERS[1]))
    with pytest.raises(hj.RulesError, match=r"leads the 🃏1, but deck .* has none"):
        hj.Rules(opening=CardLeads(JOKERS[0]))


def test_card_leads_names_a_card_too_and_its_holder_nearest_eldest_leads():
    rules = attrs.evolve(hj.variants.STANDARD, opening=CardLeads(Card("AS")))
    state = hj.new_game(rules, seed=4)
    while state.phase is hj.Phase.PASSING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    holder = next(seat for seat in range(4) if Card("AS") in state.hands[seat])
    assert state.to_move == (holder,) and legal(state) == {"AS"}


@attrs.frozen
class JokerOrLowClubOpens(Opening):
    """The holder of a joker leads one; without jokers dealt, the 2♣ leads (an opening of one's own)."""

    def leader_cards(self, rules: hj.Rules) -> tuple[AnyCard, ...]:
        return rules.deck.jokers() or (Card("2C"),)

    def playable(self, context: PlayContext) -> Iterable[AnyCard]:
        return context.jokers or (context.allowed & {Card("2C")})


@pytest.mark.parametrize("rules", [FIVE, family.cancellation_hearts(players=7, passing=False)])
def test_an_opening_of_ones_own_may_name_a_joker(rules):
    own = attrs.evolve(rules, opening=JokerOrLowClubOpens())
    fixed = {rules.players - 1: "JK1"}
    state = _game(fixed, own)
    assert state.to_move == (rules.players - 1,) and legal(state) == {"JK1"}
    built_in = _game(fixed, rules)
    assert hj.legal_moves(built_in) == hj.legal_moves(state)
    context = hj.rules.context.OpeningContext.of(state)
    assert context.jokers[rules.players - 1] == (JOKERS[0],)
    assert context.nearest_holder([JOKERS[0]]) == rules.players - 1
    check_rules(own, games=1, seed=2)
