"""What a joker counts as (issue 37): `Deck.joker_role`, `rules.jokers.JokerRole`, `joker_hearts(zero_of_clubs=True)`.

Wikipedia's Cancellation Hearts (docs/sources.md) treats its joker as a
"zero of clubs": the others must follow clubs when it leads, and it wins
only a trick in which no other club can. The small pack below (the four
aces and four jokers, two cards each) makes every edge case one trick: the
A♣'s holder leads the first trick (the lowest club of that pack).
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen.bots import make_bot, play_game
from hartenjagen.bots.determinize import determinize
from hartenjagen.cards import JOKERS, Card, Joker, Rank, Suit
from hartenjagen.core import table_for
from hartenjagen.family_jokers import JokerPack, JokersAnyTime, joker_hearts, role_words
from hartenjagen.frontend import serialize
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.jokers import NO_SUIT_NEVER_WINS, ZERO_OF_CLUBS, JokerRank, JokerRole
from hartenjagen.rules.passing import NO_PASSING
from hartenjagen.testing import check_rules
from helpers import legal, play

#: Seat 1 holds jokers only; seat 2 no club; seat 0 leads the A♣, the pack's lowest club.
ACES: tuple[str, ...] = ("AC JK1", "JK2 JK3", "AD AH", "AS JK4")


def _rules(role: JokerRole, *, any_time: bool = False) -> hj.Rules:
    deck = JokerPack(count=4, lowest_rank=Rank.ACE, joker_suit=role.suit, joker_rank=role.rank)
    return hj.Rules(
        deck=deck, passing=NO_PASSING, ending=SINGLE_HAND, extras=(JokersAnyTime(),) if any_time else ()
    )


def _game(role: JokerRole, *, any_time: bool = False) -> hj.State:
    return hj.new_game(_rules(role, any_time=any_time), deal=list(ACES), dealer=3, seed=0)


def test_a_zero_of_clubs_follows_clubs_and_a_hand_of_jokers_only_must_play_one():
    state = play(_game(ZERO_OF_CLUBS), "AC")
    assert legal(state) == {"JK2", "JK3"}
    state = play(state, "JK3")
    assert legal(state) == {"AD"}  # no club: a discard, the A♥ held back on the first trick
    state = play(state, "AD")
    assert legal(state) == {"JK4"}  # the joker is seat 3's only club: it must follow with it
    refused = hj.explain(state, hj.Play(3, "AS"))
    assert refused is not None and refused.code is hj.IllegalMoveCode.MUST_FOLLOW_SUIT
    state = play(state, "JK4")
    assert state.tricks[-1].winner == 0  # the A♣ outranks the zeros


def test_a_zero_of_clubs_led_leads_clubs_and_wins_where_no_other_club_is_played():
    state = play(_game(ZERO_OF_CLUBS), "AC JK3 AD JK4")
    assert legal(state) == {"JK1"}
    state = play(state, "JK1")
    assert legal(state) == {"JK2"}  # clubs were led: the joker follows
    state = play(state, "JK2 AH AS")
    assert state.tricks[-1].winner == 0  # two zeros, no other club: the first joker played wins
    assert state.is_over


def test_the_built_in_joker_leaves_the_suit_open_and_never_wins():
    state = play(_game(NO_SUIT_NEVER_WINS), "AC")
    assert legal(state) == {"JK2", "JK3"}  # jokers only: void in clubs, any card
    state = play(state, "JK2 AD")
    assert legal(state) == {"AS", "JK4"}  # a joker of no suit is no club: the seat is void
    state = play(state, "AS JK1 JK3 AH JK4")
    assert state.tricks[-1].winner == 2  # the led jokers left the suit open: the A♥ set hearts and wins


def test_a_joker_of_no_suit_ranked_highest_wins_any_trick_it_is_played_to():
    winner = JokerRole(rank=JokerRank.HIGHEST)
    state = play(_game(winner), "AC JK2 AD AS")
    assert state.tricks[-1].winner == 1
    state = play(state, "JK3")
    assert legal(state) == {"AH"}
    state = play(state, "AH JK4 JK1")
    assert state.tricks[-1].winner == 1  # of three such jokers, the first played


def test_a_joker_of_hearts_ranked_highest_is_a_heart_for_leading_and_winning():
    heart = JokerRole(Suit.HEARTS, JokerRank.HIGHEST)
    state = play(_game(heart), "AC")
    assert legal(state) == {"JK2", "JK3"}  # void in clubs; a joker of hearts counts nothing
    state = play(state, "JK2 AD AS")
    assert state.tricks[-1].winner == 0
    assert state.hearts_broken  # a joker of hearts breaks hearts as a heart does
    state = play(state, "JK1 JK3 AH JK4")
    assert state.tricks[-1].winner == 0  # the first of the highest hearts played


def test_the_preset_option_plays_the_zero_of_clubs_without_the_any_time_widening():
    rules = joker_hearts(zero_of_clubs=True)
    assert rules.extras == ()
    assert {rules.deck.joker_role(joker) for joker in rules.deck.jokers()} == {ZERO_OF_CLUBS}
    assert joker_hearts().deck.joker_role(JOKERS[0]) == NO_SUIT_NEVER_WINS
    assert hj.variants.get("joker_hearts") == joker_hearts()
    assert serialize.loads(serialize.dumps(rules)) == rules
    table = table_for(rules)
    assert all(table.suit_masks[Suit.CLUBS] & table.bits_of[joker.index] for joker in JOKERS)
    assert role_words(ZERO_OF_CLUBS) in rules.deck.rule_words()
    assert "klaveren" in rules.deck.rule_words("nl")
    assert "joker_suit=Suit.CLUBS, joker_rank=JokerRank.LOWEST" in repr(rules)


@pytest.mark.parametrize("players", [4, 5])
def test_check_rules_passes_with_the_zero_of_clubs(players):
    check_rules(joker_hearts(players=players, zero_of_clubs=True), games=2)


def test_every_bot_plays_the_zero_of_clubs():
    rules = attrs.evolve(joker_hearts(zero_of_clubs=True), ending=SINGLE_HAND)
    for name in ("random", "heuristic", "sampling"):
        final = play_game(rules, [make_bot(name, seed=seat) for seat in range(4)], seed=3)
        assert sum(final.score_sheet[0].raw) in (26, 78)


def test_bad_roles_are_refused_with_the_reason():
    with pytest.raises(hj.RulesError, match="a joker of no suit cannot rank LOWEST"):
        JokerRole(rank=JokerRank.LOWEST)
    with pytest.raises(hj.RulesError, match="suit must be a Suit or None, not 'C'"):
        JokerRole("C")  # type: ignore[arg-type]
    with pytest.raises(hj.RulesError, match="rank must be a JokerRank, not 'lowest'"):
        JokerRole(Suit.CLUBS, "lowest")  # type: ignore[arg-type]
    with pytest.raises(hj.RulesError, match="a joker of no suit cannot rank LOWEST"):
        JokerPack(joker_rank=JokerRank.LOWEST)
    with pytest.raises(hj.RulesError, match="zero_of_clubs must be True or False, not 1"):
        joker_hearts(zero_of_clubs=1)  # type: ignore[arg-type]

    @attrs.frozen(repr=False)
    class Odd(SinglePack):
        def jokers(self) -> tuple[Joker, ...]:
            return JOKERS

        def joker_role(self, joker: Joker) -> JokerRole:
            return "clubs"  # type: ignore[return-value]

    with pytest.raises(hj.RulesError, match=r"joker_role\(JK1\) must return a JokerRole, not 'clubs'"):
        hj.Rules(deck=Odd())


_ROLES = st.one_of(
    st.just(NO_SUIT_NEVER_WINS),
    st.just(JokerRole(rank=JokerRank.HIGHEST)),
    st.builds(JokerRole, st.sampled_from(list(Suit)), st.sampled_from(list(JokerRank))),
)


def _led(cards: object, role: JokerRole) -> Suit | None:
    """The suit led, in the rule's words: the first card's that has one (a joker's is its role's)."""
    for card in cards:  # type: ignore[attr-defined]
        suit = card.suit if isinstance(card, Card) else role.suit
        if suit is not None:
            return suit
    return None


def _key(card: object, led: Suit | None, role: JokerRole) -> int:
    """The oracle, in the rule's words: how strongly a card bids for the trick (0: not at all)."""
    if isinstance(card, Card):
        return int(card.rank) + 10 if card.suit is led else 0
    if role.rank is JokerRank.NEVER:
        return 0
    if role.suit is None:
        return 100  # no suit, highest: any trick it is played to
    if role.suit is not led:
        return 0
    return 50 if role.rank is JokerRank.HIGHEST else 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(role=_ROLES, any_time=st.booleans(), seed=st.integers(0, 2**16))
def test_every_role_follows_and_wins_as_it_says(role, any_time, seed):
    rules = attrs.evolve(
        joker_hearts(), deck=JokerPack(joker_suit=role.suit, joker_rank=role.rank), ending=SINGLE_HAND
    )
    if not any_time:
        rules = attrs.evolve(rules, extras=())
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    while not state.is_over:
        moves = hj.legal_moves(state)
        if state.phase is hj.Phase.PLAYING and state.trick:
            led = _led([play.card for play in state.trick], role)
            hand = state.hands[state.to_move[0]]
            holds = [c for c in hand if (c.suit if isinstance(c, Card) else role.suit) is led]
            if led is not None and holds:
                widened = set(JOKERS) if any_time else set()
                assert {m.card for m in moves} <= set(holds) | widened
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    for trick in state.tricks:
        cards = trick.cards
        led = _led(cards, role)
        keys = [_key(card, led, role) for card in cards]
        best = max(keys)
        expected = None if best == 0 else (trick.leader + keys.index(best)) % 4
        assert trick.winner == expected, (role, cards)


def test_the_determinizer_keeps_a_void_in_clubs_free_of_zeros_of_clubs():
    rules = attrs.evolve(joker_hearts(zero_of_clubs=True), ending=SINGLE_HAND)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = hj.new_game(rules, seed=seed)
        while not state.is_over and len(state.tricks) < 8:
            moves = hj.legal_moves(state)
            state = hj.apply(state, moves[rng.randrange(len(moves))])
        if state.is_over:
            continue
        for seat in range(4):
            view = hj.view(state, seat)
            voids = view.voids
            for _ in range(3):
                world = determinize(view, rng)
                assert world.hands[seat] == state.hands[seat]
                for other in range(4):
                    if other != seat and Suit.CLUBS in voids[other]:
                        assert not [
                            c for c in world.hands[other] if isinstance(c, Joker) or c.suit is Suit.CLUBS
                        ]
                        checked += 1
    assert checked
