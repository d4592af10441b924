"""Explicit chance: ``new_game(rules, chance="explicit")``, ``chance_outcomes`` and outcomes through ``apply``.

The central property: a seeded game equals the explicit game given the same
outcomes (``hartenjagen.testing._twin.replay_explicitly``), on every preset and
a sample of Hoemke's variants, card by card and whole, with a cut for the
dealer too; hypothesis draws the seeds, dealers and moves.
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.bots import determinize
from hartenjagen.chance import ScriptedChance
from hartenjagen.rules.passing import PASS_TO_DEALER, PassToDealer, RandomDirection
from hartenjagen.rules.routes import PassRoute
from hartenjagen.testing._twin import TwinMismatch, replay_explicitly, same_game, seeded_outcome
from helpers import ONE_SUIT_EACH

HOEMKE_SAMPLE = ("hoemke_P4L2H3S1", "hoemke_P3L3H4S4", "hoemke_P2L4H1S2", "hoemke_P4L1H4S3")
PRESETS = (*variants.OFFERED, *(variants.preset(name) for name in HOEMKE_SAMPLE))


def random_moves(
    rules: hj.Rules, seed: int, dealer: int | str, count: int, rng: random.Random
) -> list[hj.Move]:
    state = hj.new_game(rules, seed=seed, dealer=dealer)  # type: ignore[arg-type]
    moves: list[hj.Move] = []
    while not state.is_over and len(moves) < count:
        listed = hj.legal_moves(state)
        moves.append(listed[rng.randrange(len(listed))])
        state = hj.apply(state, moves[-1])
    return moves


def play_randomly(state: hj.State, rng: random.Random, limit: int = 5000) -> hj.State:
    for _ in range(limit):
        if state.is_over:
            break
        if state.phase is hj.Phase.CHANCE:
            outcomes = hj.chance_outcomes(state)
            state = hj.apply(state, outcomes[rng.randrange(len(outcomes))][0])
        else:
            listed = hj.legal_moves(state)
            state = hj.apply(state, listed[rng.randrange(len(listed))])
    return state


@settings(max_examples=4, deadline=None)
@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 260), whole=st.booleans(), cut=st.booleans())
def test_a_seeded_game_equals_the_explicit_game_given_the_same_outcomes(preset, seed, moves, whole, cut):
    rules = preset.rules
    dealer = "cut" if cut else seed % rules.players
    played = random_moves(rules, seed, dealer, moves, random.Random(seed))
    last = replay_explicitly(rules, seed, played, dealer=dealer, grain="whole" if whole else "cards")
    assert last.seed is None


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_a_double_deck_pool_and_a_revoke_penalty_replay_explicitly(seed):
    for rules in (
        attrs.evolve(variants.SIX_DOUBLE_DECK, passing=PASS_TO_DEALER),
        attrs.evolve(variants.STANDARD, passing=PassToDealer(cards=2, dealer_joins=False)),
        attrs.evolve(variants.STANDARD, extras=(hj.rules.extras.RevokePenalty(),)),
    ):
        played = random_moves(rules, seed, 0, 300, random.Random(seed))
        replay_explicitly(rules, seed, played, grain="cards")
        replay_explicitly(rules, seed, played, grain="whole")


def test_the_twin_check_notices_another_outcome():
    seeded = hj.new_game(variants.STANDARD, seed=3)
    explicit = hj.new_game(variants.STANDARD, chance="explicit")
    outcome = seeded_outcome(explicit, seeded, "whole")
    assert isinstance(outcome, hj.Deal) and outcome.hands == seeded.dealt
    assert same_game(hj.apply(explicit, outcome), seeded)
    other = hj.Deal([seeded.dealt[1], seeded.dealt[0], *seeded.dealt[2:]])
    assert not same_game(hj.apply(explicit, other), seeded)


_CALLS = iter(range(10**9))


@attrs.frozen(repr=False)
class Forgetful(RandomDirection):
    """Draws like RandomDirection, but skips a draw now and then: not a function of its chance."""

    def route(self, hand_index, chance=None):
        if next(_CALLS) % 3 == 1:
            return PassRoute.HOLD
        return chance.choice(self.choices)


def test_the_twin_check_fails_when_the_explicit_game_goes_another_way():
    rules = attrs.evolve(variants.STANDARD, passing=Forgetful())
    with pytest.raises((TwinMismatch, hj.IllegalMoveError)):
        for seed in range(5):
            replay_explicitly(rules, seed, random_moves(rules, seed, 0, 120, random.Random(seed)))


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_random_outcomes_play_whole_games_of_every_preset(preset):
    state = play_randomly(hj.new_game(preset.rules, chance="explicit", dealer="cut"), random.Random(1))
    assert state.is_over and state.winners
    assert hj.chance_outcomes(state) == ()


# ---------------------------------------------------------------- the chance nodes


def test_a_new_explicit_game_waits_for_the_deal_card_by_card():
    state = hj.new_game(variants.STANDARD, chance="explicit", dealer=2)
    assert state.phase is hj.Phase.CHANCE
    assert state.to_move == () and hj.legal_moves(state) == ()
    assert state.seed is None and state.dealer == 2 and state.hand_index == 0
    outcomes = hj.chance_outcomes(state)
    assert len(outcomes) == 52 and all(p == pytest.approx(1 / 52) for _, p in outcomes)
    assert [o for o, _ in outcomes] == [hj.DealCard(c) for c in hj.cards.ALL_CARDS]
    state = hj.apply(state, hj.DealCard("QS"))
    state = hj.apply(state, hj.DealCard("2C"))
    assert state.dealt[3] == (hj.Card("QS"),) and state.dealt[0] == (hj.Card("2C"),)  # from eldest, clockwise
    assert state.hands[3] == (hj.Card("QS"),)
    outcomes = hj.chance_outcomes(state)
    assert len(outcomes) == 50 and hj.DealCard("QS") not in [o for o, _ in outcomes]
    assert hj.view(state, 3).hand == (hj.Card("QS"),) and hj.view(state, 0).hand_sizes == (1, 0, 0, 1)


def test_a_whole_deal_starts_the_hand_and_tells_the_deal():
    state = hj.new_game(variants.STANDARD, chance="explicit")
    after, events = hj.step(state, hj.Deal(ONE_SUIT_EACH))
    assert after.phase is hj.Phase.PASSING and after.pass_direction is PassRoute.LEFT
    assert [type(e).__name__ for e in events] == ["HandDealt"]
    assert after == hj.new_game(variants.STANDARD, chance="explicit", deal=list(ONE_SUIT_EACH))


def test_a_double_deck_deal_gives_each_seat_its_copies():
    rules = variants.SIX_DOUBLE_DECK
    state = hj.new_game(rules, chance="explicit")
    first = dict(hj.chance_outcomes(state))
    assert sorted({round(p * 102) for p in first.values()}) == [1, 2]  # 102 cards: some come once
    assert first[hj.DealCard("QS")] == pytest.approx(2 / 102)
    state = hj.apply(state, hj.DealCard("QS"))
    assert dict(hj.chance_outcomes(state))[hj.DealCard("QS")] == pytest.approx(1 / 101)
    state = hj.apply(state, hj.DealCard("QS"))
    assert hj.DealCard("QS") not in dict(hj.chance_outcomes(state))
    assert hj.explain(state, hj.DealCard("QS")).code is hj.IllegalMoveCode.IMPOSSIBLE_OUTCOME


def test_a_drawn_direction_is_a_chance_node_of_its_own():
    state = hj.apply(hj.new_game(variants.OPENSPIEL, chance="explicit"), hj.Deal(ONE_SUIT_EACH))
    assert state.phase is hj.Phase.CHANCE and state.dealt == hj.Deal(ONE_SUIT_EACH).hands
    outcomes = hj.chance_outcomes(state)
    assert outcomes == tuple(
        (hj.DrawnDirection(d), 0.25)
        for d in (PassRoute.HOLD, PassRoute.LEFT, PassRoute.ACROSS, PassRoute.RIGHT)
    )
    after, events = hj.step(state, hj.DrawnDirection("across"))
    assert after.phase is hj.Phase.PASSING and after.pass_direction is PassRoute.ACROSS
    assert [type(e).__name__ for e in events] == ["HandDealt"]
    held = hj.apply(state, hj.DrawnDirection(PassRoute.HOLD))
    assert held.phase is hj.Phase.PLAYING


def test_uneven_choices_give_uneven_probabilities():
    passing = RandomDirection(choices=(PassRoute.LEFT, PassRoute.LEFT, PassRoute.RIGHT))
    rules = attrs.evolve(variants.STANDARD, passing=passing)
    state = hj.apply(hj.new_game(rules, chance="explicit"), hj.Deal(ONE_SUIT_EACH))
    assert dict(hj.chance_outcomes(state)) == {
        hj.DrawnDirection("left"): pytest.approx(2 / 3),
        hj.DrawnDirection("right"): pytest.approx(1 / 3),
    }


def test_the_dealer_deals_the_pool_back_in_the_order_given():
    rules = attrs.evolve(variants.STANDARD, passing=PASS_TO_DEALER)
    state = hj.new_game(rules, chance="explicit", deal=list(ONE_SUIT_EACH), dealer=0)
    for seat in range(4):
        state, events = hj.step(state, hj.Pass(seat, state.hands[seat][:3]))
    assert state.phase is hj.Phase.CHANCE and [type(e).__name__ for e in events] == ["PassChosen"]
    pool = [o for o, _ in hj.chance_outcomes(state)]
    assert pool == [hj.PoolCard(c) for c in hj.cards.parse_cards("2C 3C 4C 2D 3D 4D 2H 3H 4H 2S 3S 4S")]
    order = hj.cards.parse_cards("2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C")
    whole, told = hj.step(state, hj.PoolOrder(order))
    assert [type(e).__name__ for e in told] == ["CardsExchanged"]
    # Dealt back one card at a time clockwise from eldest (seat 1).
    assert whole.received == tuple(tuple(sorted(order[i::4])) for i in (3, 0, 1, 2))
    one_by_one = state
    for card in order:
        one_by_one = hj.apply(one_by_one, hj.PoolCard(card))
    assert one_by_one == whole
    assert hj.explain(hj.apply(state, hj.PoolCard("2S")), hj.PoolOrder(order)).code is (
        hj.IllegalMoveCode.IMPOSSIBLE_OUTCOME
    )


def test_a_cut_for_the_dealer_is_a_fair_chance_node():
    state = hj.new_game(variants.BLACK_MARIA, chance="explicit", dealer="cut")
    assert hj.chance_outcomes(state) == tuple((hj.FirstDealer(s), pytest.approx(1 / 3)) for s in range(3))
    state = hj.apply(state, hj.FirstDealer(2))
    assert state.phase is hj.Phase.CHANCE and state.dealer == 2
    assert isinstance(hj.chance_outcomes(state)[0][0], hj.DealCard)


def test_later_deals_wait_for_chance_after_the_hand_is_scored():
    state = hj.new_game(variants.STANDARD, chance="explicit", deal=list(ONE_SUIT_EACH))
    rng = random.Random(0)
    while not state.score_sheet:
        listed = hj.legal_moves(state)
        state = hj.apply(state, listed[rng.randrange(len(listed))])
    assert state.phase is hj.Phase.CHANCE and state.hand_index == 1 and state.dealer == 1
    assert state.scores == state.score_sheet[0].totals and not any(state.hands)


def test_explicit_states_pickle_hash_and_compare():
    state = hj.apply(hj.new_game(variants.STANDARD, chance="explicit"), hj.DealCard("AH"))
    again = hj.apply(hj.new_game(variants.STANDARD, chance="explicit"), hj.DealCard("AH"))
    assert state == again and hash(state) == hash(again)
    assert pickle.loads(pickle.dumps(state)) == state
    assert state != hj.apply(hj.new_game(variants.STANDARD, chance="explicit"), hj.DealCard("KH"))
    seeded_deal = hj.new_game(variants.STANDARD, deal=list(ONE_SUIT_EACH))
    explicit_deal = hj.new_game(variants.STANDARD, deal=list(ONE_SUIT_EACH), chance="explicit")
    assert seeded_deal != explicit_deal  # the explicit game draws its next deals from outside


def test_determinize_waits_for_chance():
    state = hj.apply(hj.new_game(variants.STANDARD, chance="explicit"), hj.DealCard("2C"))
    with pytest.raises(determinize.DeterminizeError, match="waits for a chance outcome"):
        determinize.determinize(hj.view(state, 1), 1)


def test_rollout_draws_chance_outcomes():
    state = hj.new_game(variants.STANDARD, chance="explicit")
    done = hj.rollout(state, rng=4, until="game")
    assert done.is_over
    hand = hj.rollout(hj.apply(state, hj.Deal(ONE_SUIT_EACH)), rng=1)
    assert len(hand.score_sheet) == 1 and hand.phase is hj.Phase.CHANCE


# ---------------------------------------------------------------- outcome values and errors


def test_outcomes_read_card_texts_and_check_their_fields():
    assert hj.DealCard("qs") == hj.DealCard(hj.Card("QS"))
    assert hj.Deal(["2C 3C", ["4C"]]).hands == ((hj.Card("2C"), hj.Card("3C")), (hj.Card("4C"),))
    assert hj.PoolOrder("3C 2C").cards == (hj.Card("3C"), hj.Card("2C"))  # the order is kept
    assert hj.DrawnDirection("left").direction is PassRoute.LEFT
    assert repr(hj.DealCard("QS")) == "DealCard('QS')" and repr(hj.FirstDealer(1)) == "FirstDealer(1)"
    with pytest.raises(hj.MoveError, match="a seat is a whole number"):
        hj.FirstDealer("1")  # type: ignore[arg-type]
    with pytest.raises(hj.MoveError, match=r"a built-in pass route is one of 'left', 'right', .*, not 'up'"):
        hj.DrawnDirection("up")
    with pytest.raises(hj.MoveError, match="one list of cards per seat"):
        hj.Deal("2C 3C")
    with pytest.raises(hj.MoveError, match="one list of cards per seat"):
        hj.Deal(5)  # type: ignore[arg-type]
    with pytest.raises(hj.CardParseError):
        hj.PoolCard("ZZ")


@pytest.mark.parametrize(
    "outcome",
    [
        hj.FirstDealer(2),
        hj.Deal(ONE_SUIT_EACH),
        hj.DealCard("TH"),
        hj.DrawnDirection("across"),
        hj.PoolOrder("QS 2C"),
        hj.PoolCard("AS"),
    ],
)
def test_outcomes_read_back_from_json(outcome):
    text = hj.dumps(outcome)
    assert hj.loads(text) == outcome
    assert f'"type": "{type(outcome).__name__}"' in text


def test_a_deal_that_does_not_fit_is_refused_with_the_reason():
    state = hj.new_game(variants.STANDARD, chance="explicit")
    short = hj.Deal([hand.split()[:12] for hand in ONE_SUIT_EACH])
    with pytest.raises(hj.IllegalMoveError, match="seat 0 has 12 cards, not 13") as info:
        hj.apply(state, short)
    assert info.value.code is hj.IllegalMoveCode.IMPOSSIBLE_OUTCOME
    five = hj.new_game(variants.FIVE_PLAYERS, chance="explicit")
    assert hj.explain(five, hj.DealCard("2D")).message == "the 2♦ is not in the pack"
    assert hj.explain(five, "2D").code is hj.IllegalMoveCode.NOT_A_MOVE


def test_new_game_checks_the_chance_argument():
    with pytest.raises(hj.SetupError, match="chance must be 'seeded' or 'explicit'"):
        hj.new_game(variants.STANDARD, chance="dice")  # type: ignore[arg-type]
    with pytest.raises(hj.SetupError, match="takes no seed"):
        hj.new_game(variants.STANDARD, chance="explicit", seed=1)
    with pytest.raises(hj.SetupError, match="give a dealer seat with an explicit deal"):
        hj.new_game(variants.STANDARD, chance="explicit", dealer="cut", deal=list(ONE_SUIT_EACH))
    with pytest.raises(hj.SetupError, match="dealer must be a seat"):
        hj.new_game(variants.STANDARD, chance="explicit", dealer=4)
    with pytest.raises(hj.SetupError, match="hand_index"):
        hj.new_game(variants.STANDARD, chance="explicit", hand_index=-1)
    with pytest.raises(hj.SetupError, match="needs a Rules value"):
        hj.new_game("standard", chance="explicit")  # type: ignore[arg-type]
    with pytest.raises(hj.SetupError, match="deal: seat 0"):
        hj.new_game(variants.STANDARD, chance="explicit", deal=["2C"] * 4)
    with pytest.raises(hj.StateError, match="chance_outcomes needs a State"):
        hj.chance_outcomes("state")  # type: ignore[arg-type]
    explicit = hj.new_game(variants.STANDARD, chance="explicit", hand_index=2)
    assert hj.apply(explicit, hj.Deal(ONE_SUIT_EACH)).pass_direction is PassRoute.ACROSS


def _explicit_waits() -> dict[str, hj.State]:
    """Explicit-chance states waiting for an outcome: mid-deal, for a drawn route, mid-pool, for the cut."""
    mid_deal = hj.new_game(variants.STANDARD, chance="explicit")
    for card in ("AH", "2C", "QS", "7D", "KS"):
        mid_deal = hj.apply(mid_deal, hj.DealCard(card))
    drawn_route = hj.apply(hj.new_game(variants.OPENSPIEL, chance="explicit"), hj.Deal(ONE_SUIT_EACH))
    rules = attrs.evolve(variants.STANDARD, passing=PASS_TO_DEALER)
    mid_pool = hj.new_game(rules, chance="explicit", deal=list(ONE_SUIT_EACH), dealer=0)
    for seat in range(4):
        mid_pool = hj.apply(mid_pool, hj.Pass(seat, mid_pool.hands[seat][:3]))
    for card in ("4S", "2H", "3C"):
        mid_pool = hj.apply(mid_pool, hj.PoolCard(card))
    cut = hj.new_game(variants.BLACK_MARIA, chance="explicit", dealer="cut")
    later = hj.new_game(variants.STANDARD, chance="explicit", deal=list(ONE_SUIT_EACH))
    rng = random.Random(0)
    while not later.score_sheet:  # the next hand's deal, after a hand played out
        listed = hj.legal_moves(later)
        later = hj.apply(later, listed[rng.randrange(len(listed))])
    later = hj.apply(later, hj.DealCard("9H"))
    return {
        "mid_deal": mid_deal,
        "drawn_route": drawn_route,
        "mid_pool": mid_pool,
        "cut": cut,
        "later": later,
    }


@pytest.mark.parametrize("where", ["mid_deal", "drawn_route", "mid_pool", "cut", "later"])
def test_explicit_states_save_and_read_back(where):
    state = _explicit_waits()[where]
    assert state.phase is hj.Phase.CHANCE and state.seed is None
    copy = hj.loads(hj.dumps(state))
    assert copy == state and hash(copy) == hash(state)
    assert hj.chance_outcomes(copy) == hj.chance_outcomes(state)
    assert hj.dumps(copy) == hj.dumps(state)
    # The copy plays on as the state does, outcome by outcome and move by move.
    rng = random.Random(where)
    for _ in range(40):
        if state.phase is hj.Phase.CHANCE:
            outcomes = hj.chance_outcomes(state)
            move = outcomes[rng.randrange(len(outcomes))][0]
        else:
            listed = hj.legal_moves(state)
            move = listed[rng.randrange(len(listed))]
        state, copy = hj.apply(state, move), hj.apply(copy, move)
        assert copy == state
    assert hj.loads(hj.dumps(state)) == state


def test_explicit_states_are_not_recorded_as_seeded_ones():
    state = hj.new_game(variants.STANDARD, chance="explicit")
    with pytest.raises(hj.RecordError, match="explicit chance"):
        hj.GameRecord.begin(hj.apply(state, hj.Deal(ONE_SUIT_EACH)))
    with pytest.raises(hj.RecordError, match="explicit chance"):
        hj.GameRecord.begin(state)
    assert hj.view(state, 0).phase is hj.Phase.CHANCE
    assert hj.loads(hj.dumps(hj.public_view(state))) == hj.public_view(state)
    # Saved, an explicit state is still one: it reads back waiting for chance, with no seed.
    dealt = hj.loads(hj.dumps(hj.apply(state, hj.Deal(ONE_SUIT_EACH))))
    assert dealt.seed is None and dealt == hj.apply(state, hj.Deal(ONE_SUIT_EACH))
    assert dealt != hj.new_game(variants.STANDARD, deal=list(ONE_SUIT_EACH))


def test_a_module_whose_draws_explicit_chance_cannot_decide_is_a_rules_error():
    @attrs.frozen(repr=False)
    class DrawsNumbers(RandomDirection):
        def route(self, hand_index, chance=None):
            chance.choice([1, 2, 3])
            return PassRoute.LEFT

    rules = attrs.evolve(variants.STANDARD, passing=DrawsNumbers())
    with pytest.raises(hj.RulesError, match="explicit chance cannot"):
        hj.apply(hj.new_game(rules, chance="explicit"), hj.Deal(ONE_SUIT_EACH))


def test_a_module_that_draws_twice_waits_twice():
    @attrs.frozen(repr=False)
    class TwoDraws(RandomDirection):
        def route(self, hand_index, chance=None):
            first = chance.choice((PassRoute.LEFT, PassRoute.HOLD))
            second = chance.choice((PassRoute.RIGHT, PassRoute.ACROSS))
            return first if first is PassRoute.HOLD else second

    rules = attrs.evolve(variants.STANDARD, passing=TwoDraws())
    state = hj.apply(hj.new_game(rules, chance="explicit"), hj.Deal(ONE_SUIT_EACH))
    state = hj.apply(state, hj.DrawnDirection("left"))
    assert state.phase is hj.Phase.CHANCE
    assert [o.direction for o, _ in hj.chance_outcomes(state)] == [PassRoute.RIGHT, PassRoute.ACROSS]
    assert hj.apply(state, hj.DrawnDirection("across")).pass_direction is PassRoute.ACROSS


def test_scripted_chance_answers_in_order_then_asks():
    chance = ScriptedChance((PassRoute.LEFT, (3, 1, 2)))
    assert chance.choice([PassRoute.LEFT, PassRoute.RIGHT]) is PassRoute.LEFT
    items = [1, 2, 3]
    chance.shuffle(items)
    assert items == [3, 1, 2]
    with pytest.raises(hj.chance.NeedChance) as info:
        chance.choice("ab")
    assert info.value.kind == "choice" and info.value.items == ("a", "b")
