"""Domino Hearts (``family_draws.domino_hearts``, ``rules.undealt.DominoPack``): drawing to follow, dropping out.

- A seat that cannot follow suit draws the stock's top card, one at a time, until it can; with the
  stock empty it plays any card. Each card drawn is a ``CardDrawn`` event (its face to the drawer
  only) and, under explicit chance, a chance node of its own.
- A seat whose hand is empty drops out: the trick goes round the others, and a winner with no
  cards left passes the lead to its left. When one seat alone has cards the hand ends, and its
  cards (and the stock, unless ``stock_to_last=False``) count for it; no moon (the sources have none).
- No view shows a stock card; the sampling bot's worlds keep a drawer's voids; JSON and record
  round trips; bad settings refused by name; ``check_rules``. Every bot's whole games and the rollout
  under explicit chance are tests/test_family_stock.py's, for each game with a stock.
"""

from __future__ import annotations

import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import family_draws, variants
from hartenjagen.bots.determinize import determinize
from hartenjagen.cards import Card, Suit
from hartenjagen.errors import RulesError
from hartenjagen.events import CardDrawn, HandScored, TrickWon
from hartenjagen.frontend import serialize
from hartenjagen.frontend.records import GameRecord
from hartenjagen.frontend.views import events_for, validate_view
from hartenjagen.outcomes import DealCard
from hartenjagen.rules import Rules, moon
from hartenjagen.rules.deck import Deck
from hartenjagen.rules.undealt import DominoPack, StockPack
from hartenjagen.testing import check_rules
from hartenjagen.values import Phase, Trick

DOMINO = variants.get("domino_hearts")
THREE = family_draws.domino_hearts(players=3)
#: Three seats, eldest (seat 0) holds the A♣ and the K♦; seats 1 and 2 hold no club.
DEAL = [
    ["AC", "KD", "2S", "3S", "4S", "5S"],
    ["4D", "7D", "6S", "7S", "8S", "9S"],
    ["6D", "9D", "TS", "JS", "QS", "KS"],
]


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card(word) for word in text.split())


def _explicit(rules: Rules = THREE, deal: list[list[str]] = DEAL) -> hj.State:
    return hj.new_game(rules, deal=deal, chance="explicit", dealer=2)


def test_a_seat_that_cannot_follow_draws_card_after_card_until_it_can():
    state = hj.apply(_explicit(), hj.Play(0, "AC"))
    # Seat 1 holds no club: it draws, one chance node a card, every stock card as likely.
    assert state.phase is Phase.CHANCE and not hj.legal_moves(state)
    outcomes = hj.chance_outcomes(state)
    assert {outcome.card for outcome, _ in outcomes} == set(state.stock) and len(outcomes) == 34
    told: list[object] = []
    for card in ("8H", "2D", "3C"):
        state, events = hj.step(state, DealCard(card))
        told += events
    assert told == [CardDrawn(1, Card("8H")), CardDrawn(1, Card("2D")), CardDrawn(1, Card("3C"))]
    assert state.phase is Phase.PLAYING and state.to_move == (1,)
    assert hj.legal_moves(state) == (hj.Play(1, "3C"),)  # the club drawn must follow
    # The others see that seat 1 drew, three times, never which cards; the view counts them.
    assert list(events_for(told, 0)) == [CardDrawn(1, None)] * 3
    seen = hj.view(state, 0)
    assert seen.draws == ((0, 1),) * 3 and seen.hand_sizes == (5, 9, 6) and seen.undealt == 31
    assert not set(seen.hand) & set(state.stock)
    # A seat that can follow draws nothing.
    state, events = hj.step(state, hj.Play(1, "3C"))
    assert state.phase is Phase.CHANCE and state.to_move == ()  # seat 2 holds no club either
    state, events = hj.step(state, DealCard("5C"))
    assert list(events) == [CardDrawn(2, Card("5C"))] and state.to_move == (2,)


def test_seeded_draws_take_the_stock_from_the_top_until_a_card_of_the_suit_led():
    state = hj.new_game(DOMINO, seed=3)
    rng = random.Random(3)
    draws = 0
    while not state.score_sheet:
        before = state
        state, events = hj.step(state, hj.legal_moves(state)[rng.randrange(len(hj.legal_moves(state)))])
        drawn = [event for event in events if isinstance(event, CardDrawn)]
        if drawn and before.trick:
            led = before.trick[0].card.suit
            assert all(event.card.suit is not led for event in drawn[:-1])
            assert drawn[-1].card.suit is led or not state.stock
            draws += len(drawn)
    assert draws > 1


def test_with_the_stock_empty_a_seat_that_cannot_follow_plays_any_card():
    rules = attrs.evolve(THREE, deck=DominoPack(players=2, hand=20))
    clubs = [f"{rank}C" for rank in "23456789TJQKA"]
    deal = [[*clubs, "2D", "3D", "4D", "5D", "6D", "7D", "8D"], [f"{rank}S" for rank in "23456789TJQKA"]]
    deal[1] += ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    state = hj.apply(hj.new_game(rules, deal=deal, chance="explicit", dealer=1), hj.Play(0, "2C"))
    while state.phase is Phase.CHANCE:  # no club is left in the stock: seat 1 draws it out
        state = hj.apply(state, hj.chance_outcomes(state)[0][0])
    assert not state.stock and len(state.hands[1]) == 32
    assert set(hj.legal_moves(state)) == {hj.Play(1, card) for card in state.hands[1]}


def _draw(state: hj.State, *cards: str) -> hj.State:
    """``state`` at a draw node after the cards drawn are ``cards`` (then the node is resolved)."""
    for card in cards:
        assert state.phase is Phase.CHANCE
        state = hj.apply(state, DealCard(card))
    return state


def _draw_out(state: hj.State) -> hj.State:
    """Draw until the seat can follow or the stock is empty, the stock's cards in card order."""
    while state.phase is Phase.CHANCE:
        state = hj.apply(state, hj.chance_outcomes(state)[0][0])
    return state


#: Three seats, eldest (seat 0) with six spades; seats 1 and 2 have none and draw the seven in the stock.
SPADES = [
    ["AS", "KS", "QS", "JS", "TS", "9S"],
    ["2H", "3H", "4H", "5H", "6H", "7H"],
    ["2D", "3D", "4D", "5D", "6D", "7D"],
]


def _spades_played_out() -> tuple[hj.State, hj.State]:
    """Seat 0 leads its six spades and wins them all: the state before its last trick, and after it."""
    state = _explicit(deal=SPADES)
    for lead, one, two in (("AS", ("8H", "2S"), ("3S",)), ("KS", ("4S",), ("5S",)), ("QS", ("6S",), ("7S",))):
        state = hj.apply(state, hj.Play(0, lead))
        state = hj.apply(_draw(state, *one), hj.Play(1, Card(one[-1])))
        state = hj.apply(_draw(state, *two), hj.Play(2, Card(two[-1])))
    state = hj.apply(_draw(hj.apply(state, hj.Play(0, "JS")), "8S"), hj.Play(1, "8S"))
    state = _draw_out(state)  # no spade is left in the stock: seat 2 draws it out
    assert not state.stock and len(state.hands[2]) == 6 + 26  # its three spades drawn are played
    assert set(hj.legal_moves(state)) == {hj.Play(2, card) for card in state.hands[2]}  # any card
    state = hj.apply(state, hj.Play(2, "2D"))
    for lead, one, two in (("TS", "2H", "3D"),):
        state = hj.apply(hj.apply(hj.apply(state, hj.Play(0, lead)), hj.Play(1, one)), hj.Play(2, two))
    before = state
    for move in (hj.Play(0, "9S"), hj.Play(1, "3H"), hj.Play(2, "4D")):
        state = hj.apply(state, move)
    return before, state


def test_the_stock_drawn_out_leaves_a_void_seat_free_to_play_any_card():
    before, _ = _spades_played_out()
    assert not before.stock
    assert set(hj.legal_moves(hj.apply(before, hj.Play(0, "9S")))) == {
        hj.Play(1, card) for card in before.hands[1]
    }


def test_a_winner_with_its_last_card_drops_out_and_the_lead_passes_to_its_left():
    _, state = _spades_played_out()
    assert state.tricks[-1].winner == 0 and not state.hands[0]
    assert state.trick_leader == 1 and state.to_move == (1,)  # seat 0 is out: its left, seat 1, leads
    assert hj.view(state, 2).out == (0,) and hj.view(state, 0).hand == ()
    state = hj.apply(state, hj.Play(1, "4H"))
    assert state.to_move == (2,)  # seat 0 is passed over
    assert not any(hj.is_legal(state, hj.Play(0, card)) for card in state.hands[2])
    state = hj.apply(state, hj.Play(2, "9H"))
    done = state.tricks[-1]
    assert done == Trick(1, _cards("4H 9H"), 2, (1, 2)) and done.plays == (hj.Play(1, "4H"), hj.Play(2, "9H"))
    assert "Out of this hand: seat 0." in str(hj.view(state, 1))


def test_when_one_seat_alone_has_cards_it_takes_them_and_the_hand_ends():
    _, state = _spades_played_out()
    while True:
        move = hj.legal_moves(state)[0]
        after, events = hj.step(state, move)
        if any(isinstance(event, HandScored) for event in events):
            break
        state = after
    (won,) = [event for event in events if isinstance(event, TrickWon)]
    (line,) = [event.result for event in events if isinstance(event, HandScored)]
    (seat,) = [
        s for s, hand in enumerate(state.hands) if len(hand) > (s == move.seat)
    ]  # one seat holds cards
    kept = [card for card in state.hands[seat] if not (seat == move.seat and card == move.card)]

    def hearts(cards: object) -> int:
        return sum(1 for card in cards if card.suit is Suit.HEARTS)  # type: ignore[attr-defined]

    expected = [hearts(taken) for taken in state.taken]
    expected[won.winner] += hearts(won.cards)
    expected[seat] += hearts(kept)  # the stock is empty here
    assert line.raw == tuple(expected) and kept and sum(line.raw) == 13


@pytest.mark.parametrize(("stock_to_last", "raw"), [(True, (13, 0)), (False, (2, 0))])
def test_the_last_seat_takes_its_cards_and_the_stock_where_the_rules_say(stock_to_last, raw):
    # Seat 1 wins five clubs, then leads its last card, the 2♥; seat 0 draws the 3♥ and takes the trick.
    rules = family_draws.domino_hearts(players=2, stock_to_last=stock_to_last)
    deal = [["2C", "3C", "4C", "5C", "6C", "7C"], ["AC", "KC", "QC", "JC", "TC", "2H"]]
    state = hj.apply(hj.new_game(rules, deal=deal, chance="explicit", dealer=1), hj.Play(0, "2C"))
    state = hj.apply(state, hj.Play(1, "AC"))
    for lead, follow in (("KC", "3C"), ("QC", "4C"), ("JC", "5C"), ("TC", "6C")):
        state = hj.apply(hj.apply(state, hj.Play(1, lead)), hj.Play(0, follow))
    state = _draw(hj.apply(state, hj.Play(1, "2H")), "3H")
    state, events = hj.step(state, hj.Play(0, "3H"))
    (line,) = [event.result for event in events if isinstance(event, HandScored)]
    # Seat 1 is out; seat 0 alone has cards (the 7♣): they and, by default, the stock's 11 hearts count for it.
    assert line.raw == raw


@pytest.mark.parametrize(("stock_to_last", "raw"), [(True, (13, 0)), (False, (2, 0))])
def test_every_seat_out_at_once_gives_the_stock_to_the_last_trick_s_taker(stock_to_last, raw):
    rules = family_draws.domino_hearts(players=2, stock_to_last=stock_to_last)
    deal = [["AC", "AD", "AH", "AS", "KC", "KD"], ["2C", "2D", "2H", "2S", "3C", "3D"]]
    state = hj.new_game(rules, deal=deal, chance="explicit", dealer=1)
    for lead, follow in (("AC", "2C"), ("KC", "3C"), ("AD", "2D"), ("KD", "3D"), ("AS", "2S")):
        state = hj.apply(hj.apply(state, hj.Play(0, lead)), hj.Play(1, follow))
    state, events = hj.step(hj.apply(state, hj.Play(0, "AH")), hj.Play(1, "2H"))
    (line,) = [event.result for event in events if isinstance(event, HandScored)]
    assert line.raw == raw
    assert rules.moon is moon.NO_MOON  # the sources have no moon: thirteen hearts are thirteen points


def _play_to_an_out_seat(seed: int) -> hj.State:
    """A seeded game of the preset played at random until some seat is out with two others still in."""
    state = hj.new_game(DOMINO, seed=seed)
    rng = random.Random(seed)
    while True:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
        if state.phase is Phase.PLAYING and hj.view(state, 0).out and not state.trick:
            return state


def test_an_out_seat_is_never_to_move_and_its_tricks_name_their_seats():
    for seed in range(6):
        state = _play_to_an_out_seat(seed)
        out = hj.view(state, 0).out
        assert all(not state.hands[seat] for seat in out) and state.to_move[0] not in out
        assert all(not hj.is_legal(state, hj.Play(seat, card)) for seat in out for card in state.hands[0])
        while state.phase is Phase.PLAYING and not state.score_sheet:
            (seat,) = state.to_move
            assert seat not in out
            state = hj.apply(state, hj.legal_moves(state)[0])
            done = state.tricks[-1] if state.tricks else None
            if done is not None and done.seats:
                assert not set(done.seats) & set(out) and len(done.cards) == len(done.seats)
                assert [play.seat for play in done.plays] == list(done.seats)


def test_no_view_shows_a_stock_card():
    for seed in range(4):
        state = hj.new_game(DOMINO, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.score_sheet) < 2:
            for seat in range(4):
                seen = hj.view(state, seat)
                shown = {*seen.hand, *(card for done in seen.tricks for card in done.cards)}
                shown |= {play.card for play in seen.trick} | {card for pile in seen.taken for card in pile}
                assert not shown & set(state.stock) and seen.undealt == len(state.stock)
            moves = hj.legal_moves(state)
            state, events = hj.step(state, moves[rng.randrange(len(moves))])
            for seat in range(4):
                for event in events_for(events, seat):
                    if isinstance(event, CardDrawn):
                        assert (event.card is None) == (event.seat != seat)


def test_a_determinized_world_keeps_the_voids_of_a_draw_and_the_seat_s_own_draws():
    checked = 0
    for seed in range(12):
        state = _play_to_an_out_seat(seed)
        me = state.to_move[0]
        seen = hj.view(state, me)
        last = {seat: max(number for number, who in seen.draws if who == seat) for _, seat in seen.draws}
        voids = {}
        for number, seat in seen.draws:
            if seat != me and number == last[seat] and number < len(seen.tricks):
                voids[seat] = seen.tricks[number].cards[0].suit
        for k in range(6):
            world = determinize(seen, random.Random(k))
            assert world.hands[me] == state.hands[me] and len(world.stock) == len(state.stock)
            assert [len(hand) for hand in world.hands] == [len(hand) for hand in state.hands]
            for seat, suit in voids.items():
                assert all(card.suit is not suit for card in world.hands[seat])
                checked += 1
            hj.rollout(world, rng=random.Random(k), until="hand")
    assert checked


def test_a_game_with_explicit_chance_reads_back_at_every_step():
    state = hj.new_game(DOMINO, chance="explicit", dealer=1)
    rng = random.Random(5)
    steps = 0
    while len(state.score_sheet) < 2:
        if state.phase is Phase.CHANCE:
            outcomes = hj.chance_outcomes(state)
            move = outcomes[rng.randrange(len(outcomes))][0]
        else:
            moves = hj.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        state = hj.apply(state, move)
        steps += 1
        if steps % 3 == 0 or state.phase is Phase.CHANCE:  # draw nodes included
            assert serialize.loads(serialize.dumps(state)) == state


def test_a_seeded_state_its_views_and_a_record_read_back():
    state = _play_to_an_out_seat(2)
    assert serialize.loads(serialize.dumps(state)) == state
    for seat in range(4):
        mine = hj.view(state, seat)
        assert serialize.loads(serialize.dumps(mine)) == mine
        validate_view(attrs.evolve(mine))  # the outside check, not skipped
    draws = hj.view(state, 0).draws
    with pytest.raises(hj.ViewError, match="draws"):
        validate_view(attrs.evolve(hj.view(state, 0), draws=((99, 1), *draws[1:])))
    with pytest.raises(hj.ViewError, match="hand_sizes"):  # one draw more than the seats hold
        validate_view(attrs.evolve(hj.view(state, 0), draws=((0, 1), *draws)))
    start = hj.new_game(DOMINO, seed=2)
    record = GameRecord.begin(start)
    replayed = start
    rng = random.Random(2)
    for _ in range(40):
        moves = hj.legal_moves(replayed)
        move = moves[rng.randrange(len(moves))]
        replayed = hj.apply(replayed, move)
        record = record.add(move)
    assert GameRecord.from_text(record.to_text()).final_state() == replayed


def test_a_trick_with_a_seat_out_reads_back_from_json():
    trick = Trick(2, _cards("4D KD 5S"), 3, (2, 3, 0))
    assert serialize.loads(serialize.dumps(trick)) == trick
    assert [play.seat for play in trick.plays] == [2, 3, 0]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: family_draws.domino_hearts(players=8), "domino_hearts: is played by 2 to 7"),
        (lambda: family_draws.domino_hearts(players=1), "domino_hearts: players"),
        (lambda: family_draws.domino_hearts(limit=0), "domino_hearts: limit"),
        (lambda: family_draws.domino_hearts(queen="yes"), "domino_hearts: queen"),
        (lambda: family_draws.domino_hearts(stock_to_last=1), "domino_hearts: stock_to_last"),
        (lambda: DominoPack(hand=13), "some must stay in the stock"),
        (lambda: DominoPack(stock_left="no"), "stock_left"),
        (lambda: DominoPack(players=1), "players"),
    ],
)
def test_bad_settings_are_refused_by_name(build, message):
    with pytest.raises(RulesError, match=message):
        build()


def test_a_deck_of_ones_own_that_draws_to_follow_is_checked_when_the_rules_are_built():
    @attrs.frozen
    class Maybe(Deck):
        players: int = 4

        def pack(self) -> tuple[Card, ...]:
            return DominoPack().pack()

        def hand_size(self) -> int:
            return 6

        def draws_to_follow(self) -> bool:
            return "yes"  # type: ignore[return-value]

    with pytest.raises(RulesError, match="draws_to_follow"):
        Rules(deck=Maybe())

    @attrs.frozen
    class Both(StockPack):
        def draws_to_follow(self) -> bool:
            return True

    with pytest.raises(RulesError, match="not both"):
        Rules(deck=Both())


@pytest.mark.parametrize(
    "rules",
    [
        DOMINO,
        family_draws.domino_hearts(players=2),
        family_draws.domino_hearts(players=7, queen=True, stock_to_last=False),
    ],
    ids=["preset", "two", "seven_queen_no_stock"],
)
def test_check_rules_passes(rules):
    check_rules(rules, games=4)


def test_the_rules_in_words_name_the_stock_drawn_to_follow():
    from hartenjagen.cli.rules import rules_text

    for language, words in (("en", "cannot follow suit draws"), ("nl", "niet kan bekennen")):
        assert words in rules_text("domino_hearts", language)


def test_the_c_kernel_does_not_play_domino_hearts_and_the_python_core_plays_it_out():
    from hartenjagen import native
    from hartenjagen.core.table import table_for

    assert not native.playable(table_for(DOMINO))
    assert hj.rollout(hj.new_game(DOMINO, seed=1), rng=random.Random(1), until="hand").score_sheet


def test_openspiel_asks_chance_for_each_card_drawn_and_never_an_out_seat_to_move():
    pyspiel = pytest.importorskip("pyspiel")
    import hartenjagen.adapters.openspiel  # noqa: F401  (registers python_hartenjagen)

    rng = random.Random(4)
    game = pyspiel.load_game("python_hartenjagen", {"variant": "domino_hearts", "episode": "hand"})
    state = game.new_initial_state()
    mid_trick = 0
    while not state.is_terminal():
        inner = state.episode.state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            if inner.trick:  # a draw to follow: one outcome a card left in the stock, all as likely
                mid_trick += 1
                assert len(outcomes) == len(inner.stock)
                assert all(abs(p - 1 / len(inner.stock)) < 1e-12 for _, p in outcomes)
            state.apply_action(rng.choice([action for action, _ in outcomes]))
        else:
            assert inner.hands[state.current_player()]  # a seat out of cards is never to move
            state.apply_action(rng.choice(state.legal_actions()))
    assert mid_trick
