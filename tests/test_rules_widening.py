"""Widening: a house rule that allows a card the other rules forbid (`HouseRule.widening`, `HouseRule.widens`).

"The 2♦ may be played at any time": the declared card is legal when the
seat could follow, when hearts are not broken and on the first trick; a
``widens`` of one's own allows the declared cards it names, and naming a
card the seat does not hold (or one it did not declare) is refused with a
`RulesError` naming the rule. Narrowing house rules keep narrowing; the
widening comes last. Views and bots read no void from a widened card; the
C playout kernel leaves such rule sets to the Python kernel.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import native, testing
from hartenjagen.bots import make_bot, play_game
from hartenjagen.cards import Card, Joker
from hartenjagen.core import table_for
from hartenjagen.family_jokers import joker_hearts
from hartenjagen.rules import PlayContext
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.extras import MUST_DROP_QUEEN, HouseRule, widening_cards
from hartenjagen.rules.passing import NO_PASSING
from hartenjagen.testing import check_rules
from helpers import MIXED_DEAL, assert_rollout_plays_the_public_loop, find_state, game, legal, play

Code = hj.IllegalMoveCode


@attrs.frozen(repr=False)
class AnyTime(HouseRule):
    """The cards ``cards`` may be played at any time, whatever the other rules say."""

    cards: tuple[str, ...] = ("2D",)

    def widening(self, rules: hj.Rules) -> tuple[Card, ...]:
        return tuple(Card(text) for text in self.cards)


@attrs.frozen(repr=False)
class AfterTrickThree(AnyTime):
    """The declared cards may be played at any time from the fourth trick on (a ``widens`` of its own)."""

    def widens(self, context: PlayContext) -> Iterable[Card]:
        if context.trick_number < 4:
            return ()
        return [card for card in context.hand if card in self.widening(context.rules)]


@attrs.frozen(repr=False)
class Naming(AnyTime):
    """A broken ``widens``: it names ``named`` whatever the seat holds."""

    named: str = "2D"

    def widens(self, context: PlayContext) -> Iterable[Card]:
        return [Card(self.named)]


def _rules(*extras: HouseRule) -> hj.Rules:
    return attrs.evolve(hj.variants.STANDARD, extras=extras)


def test_a_declared_card_may_be_played_when_the_seat_could_follow():
    # MIXED_DEAL: seat 2 leads the 2C, seat 3 follows; seat 0 holds the 3C, 4C and the 2D.
    state = play(game(MIXED_DEAL, extras=(AnyTime(),)), "2C JC")
    assert state.to_move == (0,)
    assert legal(state) == {"3C", "4C", "2D"}
    assert hj.explain(state, hj.Play(0, "2D")) is None
    after = hj.apply(state, hj.Play(0, "2D"))
    assert after.trick[-1].card == Card("2D")
    # A card not declared is still refused, for the rule that refused it.
    refusal = hj.explain(state, hj.Play(0, "3D"))
    assert refusal is not None and refusal.code is Code.MUST_FOLLOW_SUIT


def test_without_the_rule_the_same_card_is_refused():
    state = play(game(MIXED_DEAL), "2C JC")
    assert legal(state) == {"3C", "4C"}
    refusal = hj.explain(state, hj.Play(0, "2D"))
    assert refusal is not None and refusal.code is Code.MUST_FOLLOW_SUIT


def test_a_declared_card_may_be_led_to_the_first_trick_and_before_hearts_break():
    # Seat 2 holds the 2C and must lead it; widened to the 9H, it may lead that instead.
    state = game(MIXED_DEAL, extras=(AnyTime(("9H",)),))
    assert legal(state) == {"2C", "9H"}
    led = hj.apply(state, hj.Play(2, "9H"))
    assert led.trick[0].card == Card("9H")
    # The next seat follows the heart led: the widening changes nothing for the others.
    assert legal(led) == {"QH", "KH", "AH"}


def test_a_seat_that_does_not_hold_the_card_gains_nothing():
    state = play(game(MIXED_DEAL, extras=(AnyTime(),)), "2C")
    assert legal(state) == {"JC", "QC", "KC", "AC"}  # seat 3 holds no 2D


def test_narrowing_rules_still_narrow_and_the_widening_comes_last():
    # Seat 3 holds the QS and is void in diamonds: MustDropQueen forces the QS ...
    deal = (
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
        "AC 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    rules = {"extras": (MUST_DROP_QUEEN,), "first_trick": hj.rules.first_trick.ANYTHING}
    state = play(game(deal, **rules), "2C AC 2H")
    assert legal(state) == {"QS"}
    # ... and a widening of the 2S adds it back.
    widened = play(
        game(deal, extras=(MUST_DROP_QUEEN, AnyTime(("2S",))), first_trick=rules["first_trick"]), "2C AC 2H"
    )
    assert legal(widened) == {"QS", "2S"}


def test_a_widens_of_ones_own_decides_when():
    rules = _rules(AfterTrickThree())
    early = find_state(
        rules,
        lambda s: (
            s.phase is hj.Phase.PLAYING
            and len(s.tricks) < 3
            and bool(s.trick)
            and s.trick[0].card.suit is not hj.Suit.DIAMONDS
            and Card("2D") in s.hands[s.to_move[0]]
            and any(c.suit is s.trick[0].card.suit for c in s.hands[s.to_move[0]])
        ),
    )
    assert hj.explain(early, hj.Play(early.to_move[0], "2D")) is not None
    late = find_state(
        rules,
        lambda s: (
            s.phase is hj.Phase.PLAYING
            and len(s.tricks) >= 3
            and bool(s.trick)
            and s.trick[0].card.suit is not hj.Suit.DIAMONDS
            and Card("2D") in s.hands[s.to_move[0]]
            and any(c.suit is s.trick[0].card.suit for c in s.hands[s.to_move[0]])
        ),
    )
    assert hj.explain(late, hj.Play(late.to_move[0], "2D")) is None


def test_a_widening_that_names_a_card_the_seat_does_not_hold_is_refused():
    state = game(MIXED_DEAL, extras=(Naming(),))  # seat 2 leads and holds no 2D
    with pytest.raises(hj.RulesError, match=r"Naming\(\): widens named the 2♦, which seat 2 does not hold"):
        hj.legal_moves(state)
    with pytest.raises(hj.RulesError, match=r"which seat 2 does not hold"):
        hj.apply(state, hj.Play(2, "2C"))
    assert state.trick == ()  # nothing half-changed


def test_a_widening_that_names_a_card_it_did_not_declare_is_refused():
    state = game(MIXED_DEAL, extras=(Naming(named="3D"),))
    with pytest.raises(
        hj.RulesError, match=r"widens named the 3♦, which its widening does not declare \(2♦\)"
    ):
        hj.legal_moves(state)


def test_a_widens_that_returns_no_cards_is_refused():
    @attrs.frozen(repr=False)
    class Garbage(AnyTime):
        def widens(self, context: PlayContext) -> Iterable[Card]:
            return 7  # type: ignore[return-value]

    state = game(MIXED_DEAL, extras=(Garbage(),))
    with pytest.raises(hj.RulesError, match=r"Garbage.*widens must return cards, not 7"):
        hj.legal_moves(state)


def test_a_declaration_outside_the_pack_or_not_of_cards_is_refused_when_the_rules_are_built():
    with pytest.raises(hj.RulesError, match=r"declares it may allow the 2♦, which is not in the pack"):
        hj.Rules(deck=hj.rules.deck.PIQUET32, extras=(AnyTime(),))

    @attrs.frozen(repr=False)
    class Texts(HouseRule):
        def widening(self, rules: hj.Rules) -> tuple[Card, ...]:
            return ("2D",)  # type: ignore[return-value]

    with pytest.raises(hj.RulesError, match=r"widening must return cards, not '2D'"):
        _rules(Texts())


def test_a_widened_card_shows_no_void_to_views_and_bots():
    state = play(game(MIXED_DEAL, extras=(AnyTime(),)), "2C JC 2D")
    seen = hj.view(state, 1)
    assert seen.voids[0] == ()
    assert widening_cards(state.rules) == frozenset({Card("2D")})
    # The sampling bot's worlds may still give seat 0 clubs (it holds the 3C and 4C): it plays on.
    move = make_bot("sampling", seed=1, samples=4).choose(hj.view(state, 1))
    assert hj.explain(state, move) is None
    # Without the widening a card of another suit shows a void: seat 2 void in spades.
    deal = (
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    plain = play(game(deal, first_trick=hj.rules.first_trick.ANYTHING), "2C 2D")
    assert hj.view(plain, 0).voids[1] == (hj.Suit.CLUBS,)


def test_the_c_kernel_leaves_a_widening_rule_set_to_the_python_kernel():
    assert not native.playable(table_for(_rules(AnyTime())))
    if native.AVAILABLE:
        assert native.playable(table_for(hj.variants.STANDARD))


@pytest.mark.parametrize("seed", range(3))
def test_rollout_plays_the_public_loop_with_a_widening(seed):
    for extras in ((AnyTime(("2D", "QS")),), (AfterTrickThree(),)):
        start = hj.new_game(_rules(*extras), seed=seed)
        assert_rollout_plays_the_public_loop(start, seed)


def test_check_rules_passes_with_widening_rules():
    assert check_rules(_rules(AnyTime(("2D", "QH"))), games=2) is None
    assert check_rules(_rules(AfterTrickThree(), MUST_DROP_QUEEN), games=2) is None


@pytest.mark.parametrize("name", ["random", "heuristic", "sampling"])
def test_every_bot_plays_a_whole_game_with_a_widening(name):
    rules = attrs.evolve(_rules(AnyTime(("2D", "QS"))), ending=SINGLE_HAND)
    options = {"samples": 4} if name == "sampling" else {}
    bots = [make_bot(name, seed=seat, **options) for seat in range(4)]
    final = play_game(rules, bots, seed=5)
    assert final.is_over
    assert sum(final.score_sheet[-1].raw) == 26


def test_random_games_play_the_widened_card_off_suit():
    rules = _rules(AnyTime())
    rng = random.Random(3)
    off_suit = 0
    for seed in range(4):
        state = hj.new_game(rules, seed=seed)
        while not state.is_over and state.hand_index == 0:
            moves = hj.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
            if state.trick and isinstance(move, hj.Play) and move.card == Card("2D"):
                led = state.trick[0].card.suit
                if led is not hj.Suit.DIAMONDS and any(c.suit is led for c in state.hands[move.seat]):
                    off_suit += 1
            state = hj.apply(state, move)
    assert off_suit > 0


@st.composite
def _widened_rules(draw: st.DrawFn) -> hj.Rules:
    """Any composition the library accepts, with a rule that frees one to three cards of its pack."""
    base = draw(testing.rules())
    pack = sorted(set(base.deck.pack()))
    freed = draw(st.lists(st.sampled_from(pack), min_size=1, max_size=3, unique=True))
    return attrs.evolve(base, extras=(*base.extras, AnyTime(tuple(str(card) for card in freed))))


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(state=testing.games(rules=_widened_rules(), phase="playing"))
def test_property_declared_cards_are_always_legal_and_the_rest_still_follow_suit(state):
    (seat,) = state.to_move
    declared = widening_cards(state.rules)
    hand = state.hands[seat]
    listed = {move.card for move in hj.legal_moves(state)}
    assert {card for card in hand if card in declared} <= listed
    if state.trick:
        led = state.trick[0].card.suit
        if any(card.suit is led for card in hand):
            assert all(card.suit is led or card in declared for card in listed)
    for card in set(hand) - listed:
        assert card not in declared
        refusal = hj.explain(state, hj.Play(seat, card))
        assert refusal is not None and refusal.revocable


def test_the_heuristic_running_the_moon_follows_with_a_card_that_can_win():
    # Seat 0 may follow with the 3C or 4C, or play the widened 6D (higher, but not a club): only a club can win.
    from hartenjagen.bots.heuristic import HeuristicBot, _Read

    state = play(game(MIXED_DEAL, extras=(AnyTime(("6D",)),)), "2C JC")
    read = _Read(hj.view(state, 0), 0)
    options = [move.card for move in hj.legal_moves(state)]
    assert set(options) == {Card("3C"), Card("4C"), Card("6D")}
    assert HeuristicBot._run(read, options) == Card("4C")


# ---------------------------------------------------------------- a widens that sees the jokers (context.jokers)

#: Joker Hearts' DEAL (tests/test_family_jokers.py): seat 0 holds the 2♣ and JK1, seat 1 clubs and JK2.
JOKER_DEAL: tuple[str, ...] = (
    "2C 3C 4C 5C 6C 7C 2D 3D 4D 2S 3S 4S 5S JK1",
    "8C 9C TC 5D 6D 7D 8D 6S 7S 8S 2H 3H 4H JK2",
    "9D TD JD QD KD 9S TS JS 5H 6H 7H 8H 9H JK3",
    "JC QC KC AC AD QS KS AS TH JH QH KH AH JK4",
)


@attrs.frozen(repr=False)
class JokersFromTrickTwo(HouseRule):
    """From the second trick on, a joker may be played at any time (a ``widens`` that reads ``context.jokers``)."""

    def widening(self, rules: hj.Rules) -> tuple[Joker, ...]:
        return rules.deck.jokers()

    def widens(self, context: PlayContext) -> tuple[Joker, ...]:
        return context.jokers if context.trick_number > 1 else ()


@attrs.frozen(repr=False)
class NamesAJoker(JokersFromTrickTwo):
    """A broken ``widens``: it names ``named`` whatever the seat holds."""

    named: int = 3

    def widens(self, context: PlayContext) -> tuple[Joker, ...]:
        return (Joker(self.named),)


def _joker_game(rule: HouseRule) -> hj.State:
    rules = attrs.evolve(joker_hearts(), passing=NO_PASSING, extras=(rule,))
    return hj.new_game(rules, deal=list(JOKER_DEAL), dealer=3, seed=0)


def test_a_widens_of_ones_own_sees_the_seats_jokers_and_may_return_them():
    state = play(_joker_game(JokersFromTrickTwo()), "2C")
    context = PlayContext.of(state)
    assert context.jokers == (Joker(2),) and Joker(2) not in context.hand
    assert legal(state) == {"8C", "9C", "TC"}  # the first trick: the joker waits
    state = play(state, "8C 9D AC")  # seat 3 takes the trick and leads the second
    state = play(state, "JC")
    assert legal(state) == {"3C", "4C", "5C", "6C", "7C", "JK1"}  # the joker, though seat 0 can follow


def test_a_widens_naming_a_joker_the_seat_does_not_hold_is_refused():
    state = _joker_game(NamesAJoker())
    with pytest.raises(
        hj.RulesError, match=r"widens named the 🃏3, which seat 0 does not hold.*context\.jokers"
    ):
        hj.legal_moves(state)
    with pytest.raises(hj.RulesError, match=r"which seat 0 does not hold"):
        hj.apply(state, hj.Play(0, "2C"))
    assert state.trick == ()  # nothing half-changed


def test_a_play_context_without_jokers_in_the_pack_has_none():
    state = game(MIXED_DEAL)
    assert PlayContext.of(state).jokers == ()
