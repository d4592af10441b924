"""The sampling bot's model of the other players: deals weighed by how likely their discards were in them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import hartenjagen as hj
from hartenjagen.bots import BotError, HeuristicBot, SamplingBot
from hartenjagen.bots._hidden_deal import deal_hidden, deal_plan
from hartenjagen.bots.determinize import DeterminizeError, Determinizer
from hartenjagen.bots.sampling import KEPT_BIG, WORLDS, _weight, kept_big
from hartenjagen.cards import QUEEN_OF_SPADES
from hartenjagen.core.table import table_for
from helpers import play

# Seat 0 leads the 2♣; seat 1 wins with the A♣; seats 2 and 3 are void in clubs and discard, and
# seat 3 keeps the Q♠ (it discards the Q♦).
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
    "AC 3D 4D 5D 6D 2S 3S 4S 5S 2H 3H 4H 5H",
    "6S 7S 8S 9S TS JS KS AS 7D 8D 9D TD JD",
    "QS 6H 7H 8H 9H TH JH QH KH AH QD KD AD",
]


def first_trick() -> hj.State:
    rules = hj.variants.openspiel(pass_direction=hj.PassDirection.HOLD)
    state = hj.new_game(rules, deal=HANDS, dealer=3)
    return play(state, "2C AC 6S QD")


def test_a_discard_while_the_queen_is_out_marks_the_seat_that_kept_it():
    state = first_trick()
    bits = table_for(state.rules).bits_of[QUEEN_OF_SPADES.index]
    assert kept_big(hj.view(state, 0), 0, 1) == ((2, bits), (3, bits))
    # Seat 3 holds the Q♠ itself: no card is out that a discard could have kept.
    assert kept_big(hj.view(state, 3), 3, 1) == ()
    # Where taking points is good (a Dutch second half), nobody dumps: no model.
    assert kept_big(hj.view(state, 0), 0, -1) == ()
    # Before any discard there is nothing to read.
    opening = hj.new_game(state.rules, deal=HANDS, dealer=3)
    assert kept_big(hj.view(opening, 0), 0, 1) == ()


def test_a_deal_that_has_a_discarding_seat_keep_the_queen_weighs_less():
    state = first_trick()
    view = hj.view(state, 0)
    kept = kept_big(view, 0, 1)
    sampler = Determinizer(view)
    rng = random.Random(3)
    seen = set()
    for _ in range(40):
        world = sampler.sample(rng, exchange=False)
        holder = next(seat for seat in range(4) if QUEEN_OF_SPADES in world.hands[seat])
        assert _weight(world, kept) == (KEPT_BIG if holder in (2, 3) else 1.0)
        seen.add(holder)
    assert seen == {1, 2, 3}  # the determinizer still deals the Q♠ anywhere it may be


def test_weighted_worlds_change_the_lead_after_a_seat_discarded_the_ace_of_spades():
    # Seed 11, heuristic play: in the fourth trick (a club) seat 1 discarded the A♠ with the Q♠ out.
    # A seat holding the Q♠ would have dumped it there, so seat 2, to lead the fifth trick, weighs
    # the deals that give seat 1 the Q♠ less, and the best lead changes.
    rules = hj.variants.openspiel(pass_direction=hj.PassDirection.HOLD)
    state = hj.new_game(rules, seed=11)
    bot = HeuristicBot(seed=1)
    while len(state.tricks) < 4 or state.trick:
        state = hj.apply(state, bot.choose(hj.view(state, state.to_move[0])))
    view = hj.view(state, 2)
    assert view.to_move == (2,) and view.tricks[3].cards[2] == hj.Card.parse("AS")
    assert kept_big(view, 2, 1) == ((1, table_for(rules).bits_of[QUEEN_OF_SPADES.index]),)
    moves = list(view.legal_moves)
    weighted = SamplingBot(seed=5, samples=24).evaluate(view, 2, moves)
    uniform = SamplingBot(seed=5, samples=24, worlds="uniform").evaluate(view, 2, moves)
    assert moves[weighted.index(min(weighted))] != moves[uniform.index(min(uniform))]
    # Before any discard the model reads nothing: the two settings agree to the last digit.
    opening = hj.view(hj.new_game(rules, deal=HANDS, dealer=3), 0)
    plays = list(opening.legal_moves)
    assert SamplingBot(seed=5, samples=8).evaluate(opening, 0, plays) == SamplingBot(
        seed=5, samples=8, worlds="uniform"
    ).evaluate(opening, 0, plays)


def test_the_worlds_option():
    assert WORLDS == ("weighted", "uniform")
    assert SamplingBot().worlds == "weighted"
    assert "worlds='uniform'" in repr(SamplingBot(worlds="uniform"))
    with pytest.raises(BotError, match="worlds must be one of 'weighted', 'uniform', not 'clever'"):
        SamplingBot(worlds="clever")


def test_the_sampling_bot_runs_the_moon_where_the_heuristic_does():
    # Seed 384, heuristic play: seat 3 holds every point so far and the 5♥ 6♥ 7♥ A♥ with four tricks
    # to go. The playouts duck with their card sense, so on its own lookahead the bot would lead the
    # 5♥; running the moon it leads the A♥, as the heuristic does.
    rules = hj.variants.openspiel(pass_direction=hj.PassDirection.HOLD)
    state = hj.new_game(rules, seed=384)
    bot = HeuristicBot(seed=1)
    while len(state.tricks) < 9 or state.trick:
        state = hj.apply(state, bot.choose(hj.view(state, state.to_move[0])))
    view = hj.view(state, 3)
    assert view.to_move == (3,) and sorted(map(str, view.hand)) == ["5H", "6H", "7H", "AH"]
    assert HeuristicBot.running(view, 3)
    assert not HeuristicBot.running(view, 0)  # another seat: it holds no point
    sampling = SamplingBot(seed=2, samples=16)
    moves = list(view.legal_moves)
    scores = sampling.evaluate(view, 3, moves)
    assert moves[scores.index(min(scores))] == hj.Play(3, "5H")
    assert sampling.choose(view) == hj.Play(3, "AH") == HeuristicBot(seed=1).choose(view)


# ---------------------------------------------------------------- dealing the unseen cards


def test_the_unseen_cards_are_dealt_to_their_places_and_never_where_a_seat_may_not_hold_them():
    # Seat 0 deals 12 cards (positions 0..11) to seats 1, 2, 3 with 4 places each; seat 1 may not hold
    # 0..5 and seat 2 not 0..3, so cards 0..3 must go to seat 3, and 4, 5 to seats 2 or 3.
    free = (1 << 12) - 1
    capacity = [0, 4, 4, 4]
    forbidden = [0, 0b111111, 0b1111, 0]
    seats = [1, 2, 3]
    plan = deal_plan(free, seats, capacity, forbidden)
    assert plan is not None
    rng = random.Random(7)
    counts = Counter()
    for _ in range(3000):
        hands = deal_hidden(plan, free, seats, capacity, 4, rng)
        assert [mask.bit_count() for mask in hands] == capacity
        assert hands[1] | hands[2] | hands[3] == free and hands[0] == 0
        assert not hands[1] & forbidden[1] and not hands[2] & forbidden[2]
        assert hands[3] & 0b1111 == 0b1111
        counts[hands[2] >> 4 & 0b11] += 1
    # Cards 4 and 5: seat 3 has no place left, so both go to seat 2 every time.
    assert counts == {0b11: 3000}
    # Where the seats may both take a card, each gets it in proportion to its free places: seat 2 may
    # not hold card 0, so cards 1..3 share seat 2's one place and seat 3's two left.
    plan = deal_plan(0b1111, [2, 3], [0, 0, 1, 3], [0, 0, 0b1, 0])
    assert plan is not None
    with_seat_2 = Counter()
    for _ in range(3000):
        hands = deal_hidden(plan, 0b1111, [2, 3], [0, 0, 1, 3], 4, rng)
        assert hands[3] & 0b1 and hands[2].bit_count() == 1
        with_seat_2[hands[2]] += 1
    assert set(with_seat_2) == {0b10, 0b100, 0b1000}
    assert all(abs(count - 1000) < 150 for count in with_seat_2.values())
    # Too many places taken: seat 3 would have to hold five cards.
    assert deal_plan(free, seats, capacity, [0, 0b11111, 0b11111, 0]) is None


def test_the_compiled_deal_makes_the_python_deals_draw_for_draw(monkeypatch):
    """`hartenjagen.bots._deal` (C, where it is built) deals the same hands from the same draws as the Python."""
    from hartenjagen.bots import _hidden_deal

    if _hidden_deal.NATIVE is None:
        pytest.skip("the compiled deal is not built here (HARTENJAGEN_PURE_PYTHON, or no C compiler)")
    native = _hidden_deal.NATIVE
    picker = random.Random(41)
    tried = 0
    while tried < 300:
        players = picker.choice([3, 4, 5, 6])
        width = picker.choice([52, 104])
        me = picker.randrange(players)
        free = 0
        for p in picker.sample(range(width), picker.randrange(1, min(width, 13 * (players - 1)) + 1)):
            free |= 1 << p
        seats = [s for s in range(players) if s != me]
        capacity = [0] * players
        cards = free.bit_count()
        for i, seat in enumerate(seats):  # split the cards over the seats, some with no place at all
            capacity[seat] = cards if i == len(seats) - 1 else picker.randint(0, cards)
            cards -= capacity[seat]
        forbidden = [0] * players
        for seat in seats:
            for suit in picker.sample(range(4), picker.choice([0, 0, 1, 2])):
                forbidden[seat] |= sum(1 << p for p in range(width) if p % 52 // 13 == suit)
        with_places = [seat for seat in seats if capacity[seat]]
        plan = deal_plan(free, with_places, capacity, forbidden)
        if plan is None:
            continue
        tried += 1
        seed = picker.getrandbits(32)
        compiled, python = random.Random(seed), random.Random(seed)
        first = [deal_hidden(plan, free, with_places, capacity, players, compiled) for _ in range(3)]
        monkeypatch.setattr(_hidden_deal, "NATIVE", None)
        second = [deal_hidden(plan, free, with_places, capacity, players, python) for _ in range(3)]
        monkeypatch.setattr(_hidden_deal, "NATIVE", native)
        assert first == second, (players, free, capacity, forbidden, seed)
        assert compiled.getstate() == python.getstate()  # the same number of draws


def test_a_view_no_deal_fits_is_refused():
    with pytest.raises(DeterminizeError, match="no deal of the unseen cards fits the voids"):
        determinizer = Determinizer(hj.view(first_trick(), 0))
        # Constraints no deal can meet (seat 2 may hold none of the cards it has places for).
        determinizer.capacity = [0, 0, 12, 1]
        determinizer.forbidden = [0, 0, determinizer.free, 0]
        determinizer.sample(random.Random(1), exchange=False)


@pytest.mark.parametrize("preset", ["standard", "black_maria", "six_double_deck", "dutch"])
def test_one_batch_of_playouts_scores_every_world_as_a_call_a_world(preset):
    """The worlds of a decision played out in one `playouts_of` call give the totals of a call a world, exactly."""
    from hartenjagen.playouts import generator

    rules = next(p.rules for p in hj.variants.ALL if p.name == preset)
    state = hj.new_game(rules, seed=3)
    rng = random.Random(5)
    bots = [HeuristicBot(seed=s) for s in range(rules.players)]
    checked = 0
    while not state.is_over and checked < 6:
        seat = state.to_move[0]
        view = hj.view(state, seat)
        moves = list(view.legal_moves)
        if view.phase is hj.Phase.PLAYING and len(moves) > 1:
            bot = SamplingBot(seed=1)
            worlds = [Determinizer(view).sample(rng, exchange=False) for _ in range(5)]
            weights = [1.0, 0.25, 1.0, 0.0625, 1.0]
            batched, one_by_one = [0.0] * len(moves), [0.0] * len(moves)
            bot._play_out_all(worlds, weights, seat, moves, batched, generator(9), 1)
            draws = generator(9)
            for world, weight in zip(worlds, weights, strict=True):
                bot._play_out(world, seat, moves, one_by_one, draws, 1, weight)
            assert batched == one_by_one
            checked += 1
        state = hj.apply(state, bots[seat].choose(view))
    assert checked
