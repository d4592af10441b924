"""A stock drawn after each trick (``rules.undealt.StockPack``) and two-player Hearts (``family_draws.two_player_hearts``).

- After each trick the winner draws the stock's top card, then the other seat; the 13th draw
  empties the stock and the last 13 tricks play the hands out (26 tricks a hand).
- No view shows a stock card; a view shows the stock's size; a drawn card's event shows it to its
  drawer only. The sampling bot's worlds keep a seat's own draws and deal the unseen stock.
- Explicit chance: a draw is a chance node, a ``DealCard`` per drawer, every stock card as likely.
- JSON and record round trips; bad settings refused by name; every bot plays whole games.
"""

from __future__ import annotations

import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import family_draws, variants
from hartenjagen.bots import make_bot, play_game
from hartenjagen.bots.determinize import determinize
from hartenjagen.cards import Card
from hartenjagen.core.stock import stock_order
from hartenjagen.core.table import table_for
from hartenjagen.errors import RulesError
from hartenjagen.events import CardDrawn, TrickWon
from hartenjagen.frontend import serialize
from hartenjagen.frontend.records import GameRecord
from hartenjagen.frontend.views import events_for, validate_view
from hartenjagen.outcomes import DealCard
from hartenjagen.rules import Rules
from hartenjagen.rules.deck import Deck
from hartenjagen.rules.undealt import StockPack
from hartenjagen.testing import check_rules
from hartenjagen.values import Phase

TWO = variants.get("two_player_hearts")


def _trick(state: hj.State) -> tuple[hj.State, list[object]]:
    """Play one whole trick with each seat's first legal card: the state after it and its events."""
    told: list[object] = []
    tricks = len(state.tricks)
    while len(state.tricks) == tricks and state.phase is Phase.PLAYING:
        state, events = hj.step(state, hj.legal_moves(state)[0])
        told += events
    return state, told


def test_the_winner_draws_the_top_card_then_the_other_until_the_stock_is_empty():
    state = hj.new_game(TWO, seed=4)
    assert [len(hand) for hand in state.hands] == [13, 13] and len(state.stock) == 26
    table = table_for(TWO)
    for number in range(1, 14):
        top = [table.card_of[p] for p in stock_order(state)[:2]]
        state, told = _trick(state)
        (won,) = [event for event in told if isinstance(event, TrickWon)]
        drawn = [event for event in told if isinstance(event, CardDrawn)]
        assert drawn == [CardDrawn(won.winner, top[0]), CardDrawn(1 - won.winner, top[1])]
        assert len(state.stock) == 26 - 2 * number and [len(hand) for hand in state.hands] == [13, 13]
        assert top[0] in state.hands[won.winner] and top[1] in state.hands[1 - won.winner]
    assert state.stock == ()  # the 13th draw emptied it
    for left in range(12, -1, -1):  # the hands are played out: no more draws, 26 tricks in all
        state, told = _trick(state)
        assert not [event for event in told if isinstance(event, CardDrawn)]
        if left:
            assert [len(hand) for hand in state.hands] == [left, left]
    assert state.score_sheet and len(state.score_sheet[0].raw) == 2
    assert sum(state.score_sheet[0].raw) == 26  # every heart and the Q♠ were taken


def test_the_seed_decides_the_stocks_order():
    first = hj.new_game(TWO, seed=9)
    assert _trick(hj.new_game(TWO, seed=9))[1] == _trick(first)[1]
    orders = {tuple(stock_order(hj.new_game(TWO, seed=seed))) for seed in range(6)}
    assert len(orders) == 6


def test_no_view_shows_a_stock_card_and_each_shows_its_size():
    state = hj.new_game(TWO, seed=12)
    while not state.score_sheet:
        stock = set(state.stock)
        for seat in (None, 0, 1):
            view = hj.public_view(state) if seat is None else hj.view(state, seat)
            shown = {*view.hand, *view.widow, *(play.card for play in view.trick)}
            shown |= {card for trick in view.tricks for card in trick.cards}
            assert not shown & stock and view.undealt == len(stock)
            validate_view(attrs.evolve(view))  # the outside check, not skipped
        state, told = hj.step(state, hj.legal_moves(state)[0])
        for event in told:
            if isinstance(event, CardDrawn):
                assert events_for([event], event.seat) == (event,)
                assert events_for([event], 1 - event.seat) == (CardDrawn(event.seat, None),)
                assert events_for([event], None) == (CardDrawn(event.seat, None),)


def test_a_view_with_the_wrong_stock_size_is_refused():
    view = hj.view(_trick(hj.new_game(TWO, seed=3))[0], 0)
    assert view.undealt == 24
    with pytest.raises(hj.ViewError, match="undealt"):
        validate_view(attrs.evolve(view, undealt=26))


def test_the_sampling_bots_worlds_keep_a_seats_draws_and_deal_the_unseen_stock():
    state = hj.new_game(TWO, seed=21)
    for _ in range(5):
        state, _ = _trick(state)
    state = hj.apply(state, hj.legal_moves(state)[0])  # one card of the sixth trick
    me = state.to_move[0]
    seen = set(state.hands[me]) | {card for trick in state.tricks for card in trick.cards}
    stocks = set()
    for k in range(30):
        world = determinize(hj.view(state, me), random.Random(k))
        assert world.hands[me] == state.hands[me]  # what this seat drew stays its own
        assert len(world.stock) == len(state.stock) and not set(world.stock) & seen
        assert len(world.hands[1 - me]) == len(state.hands[1 - me])
        stocks.add(world.stock)
    assert len(stocks) > 1  # the stock is unseen: the worlds differ


def test_explicit_chance_draws_are_chance_nodes_of_every_stock_card():
    state = hj.new_game(TWO, chance="explicit", dealer=0)
    rng = random.Random(2)
    draws = 0
    while not state.score_sheet:
        if state.phase is Phase.CHANCE:
            outcomes = hj.chance_outcomes(state)
            if state.dealt[0] and len(state.dealt[0]) == 13 and len(state.dealt[1]) == 13:
                draws += 1
                assert {outcome.card for outcome, _ in outcomes} == set(state.stock)
                assert all(abs(p - 1 / len(state.stock)) < 1e-12 for _, p in outcomes)
                refused = hj.explain(state, DealCard(state.hands[0][0]))
                assert refused is not None and refused.code is hj.IllegalMoveCode.IMPOSSIBLE_OUTCOME
                assert not hj.legal_moves(state) and state.tricks
            state = hj.apply(state, outcomes[rng.randrange(len(outcomes))][0])
        else:
            state = hj.apply(state, hj.legal_moves(state)[0])
    assert draws == 26


def test_check_rules_passes_with_the_seeds_draws_replayed_under_explicit_chance():
    check_rules(TWO, games=6)


def test_a_state_its_views_and_a_record_read_back():
    state = hj.new_game(TWO, seed=2)
    record = GameRecord.begin(state)
    for _ in range(61):
        move = hj.legal_moves(state)[0]
        state = hj.apply(state, move)
        record = record.add(move)
    assert state.stock and serialize.loads(serialize.dumps(state)) == state
    mine = hj.view(state, 0)
    assert serialize.loads(serialize.dumps(mine)) == mine
    assert GameRecord.from_text(record.to_text()).final_state() == state


def test_a_game_with_explicit_chance_reads_back_at_every_step_draw_nodes_included():
    state = hj.new_game(TWO, chance="explicit", dealer=1)
    rng = random.Random(6)
    at_draw = 0
    while len(state.score_sheet) < 2:
        back = serialize.loads(serialize.dumps(state))
        assert back == state
        if state.phase is Phase.CHANCE and state.tricks:
            at_draw += 1
            outcomes = hj.chance_outcomes(back)
            state = hj.apply(state, outcomes[rng.randrange(len(outcomes))][0])
        elif state.phase is Phase.CHANCE:
            state = hj.apply(state, hj.chance_outcomes(state)[0][0])
        else:
            moves = hj.legal_moves(state)
            state = hj.apply(state, moves[rng.randrange(len(moves))])
    assert at_draw == 2 * 26  # two draws a trick for 13 tricks, two hands
    assert serialize.loads(serialize.dumps(state)) == state  # the history's draws replay too


def test_a_document_with_the_draws_missing_changed_or_where_no_stock_is_is_refused_by_name():
    import json

    state = hj.new_game(TWO, seed=8)
    for _ in range(3):
        state, _ = _trick(state)
    data = json.loads(serialize.dumps(state))
    assert len(data["drawn"]) == 6
    missing = {key: value for key, value in data.items() if key != "drawn"}
    with pytest.raises(serialize.FormatError, match=r"\$\.drawn: missing"):
        serialize.loads(json.dumps(missing))
    swapped = {**data, "drawn": [data["drawn"][1], data["drawn"][0], *data["drawn"][2:]]}
    with pytest.raises(serialize.FormatError, match="drawn"):
        serialize.loads(json.dumps(swapped))
    standard = json.loads(serialize.dumps(hj.new_game(variants.STANDARD, seed=1)))
    assert "drawn" not in standard  # a document without a stock is as before
    with pytest.raises(serialize.FormatError, match="only a game with a stock"):
        serialize.loads(json.dumps({**standard, "drawn": []}))


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: StockPack(hand=26), "some must stay in the stock"),
        (lambda: StockPack(players=3, hand=10), "drawn evenly"),
        (lambda: StockPack(players=1), "players"),
        (lambda: family_draws.two_player_hearts(hand=26), "two_player_hearts: hand"),
        (lambda: family_draws.two_player_hearts(hand=0), "two_player_hearts: hand"),
        (lambda: family_draws.two_player_hearts(limit=True), "two_player_hearts: limit"),
    ],
)
def test_bad_settings_are_refused_by_name(build, message):
    with pytest.raises(RulesError, match=message):
        build()


def test_a_deck_of_ones_own_with_a_bad_draw_order_is_refused_when_the_rules_are_built():
    @attrs.frozen
    class LoserFirst(Deck):
        players: int = 2

        def pack(self) -> tuple[Card, ...]:
            return StockPack().pack()

        def hand_size(self) -> int:
            return 13

        def draw_order(self, winner: int) -> tuple[int, ...]:
            return (1 - winner, winner)

    with pytest.raises(RulesError, match="draw_order"):
        Rules(deck=LoserFirst())


#: The games with a stock: drawn after each trick, and drawn to follow suit (tests/test_family_domino.py).
STOCKED = {
    "two_player_hearts": family_draws.two_player_hearts(limit=40),
    "domino_hearts": variants.get("domino_hearts"),
}


@pytest.mark.parametrize("game", list(STOCKED))
@pytest.mark.parametrize("name", ["random", "heuristic", "sampling"])
def test_every_bot_plays_a_game_with_a_stock_to_the_end(name, game):
    rules = STOCKED[game]
    options = {"samples": 4} if name == "sampling" else {}
    bots = [make_bot(name, seed=seat, **options) for seat in range(rules.players)]
    final = play_game(rules, bots, seed=7)
    assert final.is_over and max(final.scores) >= rules.ending.limit  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", list(STOCKED))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_rollout_under_explicit_chance_draws_as_the_public_loop_does(seed, game):
    """The fused playout stops at a draw node and draws it as `chance_outcomes` lists it (it once played on)."""
    start = hj.new_game(STOCKED[game], chance="explicit", dealer=0)
    rng = random.Random(seed)
    state = start
    while not state.score_sheet:
        if state.phase is Phase.CHANCE:
            outcomes = hj.chance_outcomes(state)
            state = hj.apply(state, outcomes[rng.randrange(len(outcomes))][0])
        else:
            moves = hj.legal_moves(state)
            state = hj.apply(state, moves[rng.randrange(len(moves))])
    assert hj.rollout(start, rng=random.Random(seed), until="hand") == state


def test_the_c_kernel_does_not_play_a_stock_and_the_python_core_plays_it_out():
    from hartenjagen import native

    assert not native.playable(table_for(TWO))
    end = hj.rollout(hj.new_game(TWO, seed=1), rng=3, until="hand")
    assert len(end.score_sheet) == 1 and sum(end.score_sheet[0].raw) == 26
