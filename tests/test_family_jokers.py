"""Joker Hearts and jokers in play (issue 37): `family_jokers`, `Deck.jokers`, the led joker, the joker that never wins.

pagat's Joker Hearts (docs/sources.md): up to four jokers that count nothing,
never win a trick, may be played at any time, and when led let the next card
played set the suit to follow. The deal below has no passing so that play
starts at once; seat 0 holds the 2♣ and leads.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import native
from hartenjagen.bots import make_bot, play_game
from hartenjagen.bots.determinize import determinize
from hartenjagen.cards import JOKERS, Card, Joker, parse_any_cards
from hartenjagen.core import table_for
from hartenjagen.events import TrickCancelled, TrickWon
from hartenjagen.family_jokers import JokerPack, JokersAnyTime, joker_hearts, jokers_for
from hartenjagen.frontend import serialize
from hartenjagen.frontend.notation import NotationError, format_move, parse_move
from hartenjagen.frontend.records import GameRecord
from hartenjagen.rules import TrickContext
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.passing import NO_PASSING
from hartenjagen.rules.scoring import BLACK_LADY, CardPoints
from hartenjagen.testing import check_rules
from helpers import legal, play, play_out

#: Seat 2 holds no clubs; each seat holds one joker.
DEAL: tuple[str, ...] = (
    "2C 3C 4C 5C 6C 7C 2D 3D 4D 2S 3S 4S 5S JK1",
    "8C 9C TC 5D 6D 7D 8D 6S 7S 8S 2H 3H 4H JK2",
    "9D TD JD QD KD 9S TS JS 5H 6H 7H 8H 9H JK3",
    "JC QC KC AC AD QS KS AS TH JH QH KH AH JK4",
)


def _rules(**slots: object) -> hj.Rules:
    return attrs.evolve(joker_hearts(), passing=NO_PASSING, **slots)


def _game(**slots: object) -> hj.State:
    return hj.new_game(_rules(**slots), deal=list(DEAL), dealer=3, seed=0)


def _winner(state: hj.State) -> int | None:
    return state.tricks[-1].winner


def test_the_preset_deals_four_jokers_fourteen_cards_each():
    state = hj.new_game(hj.variants.get("joker_hearts"), seed=1)
    held = [card for hand in state.hands for card in hand if isinstance(card, Joker)]
    assert sorted(held) == list(JOKERS)
    assert [len(hand) for hand in state.hands] == [14] * 4
    assert hj.variants.get("jokerharten") == joker_hearts()


def test_a_joker_led_lets_the_next_card_set_the_suit():
    state = play(_game(), "JK1")
    assert legal(state) == {
        "8C",
        "9C",
        "TC",
        "5D",
        "6D",
        "7D",
        "8D",
        "6S",
        "7S",
        "8S",
        "JK2",
    }  # no hearts: trick 1
    state = play(state, "5D")
    assert legal(state) == {"9D", "TD", "JD", "QD", "KD", "JK3"}
    state = play(state, "9D")
    assert legal(state) == {"AD", "JK4"}
    state = play(state, "AD")
    assert _winner(state) == 3
    assert state.trick_leader == 3


def test_two_jokers_in_one_trick_leave_the_suit_to_the_third_card():
    state = play(_game(), "JK1 JK2")
    assert "KD" in legal(state) and "JS" in legal(state)  # anything but hearts on the first trick
    state = play(state, "KD")
    assert legal(state) == {"AD", "JK4"}
    state = play(state, "JK4")
    assert _winner(state) == 2  # the K♦, the only card that is not a joker


def test_a_trick_of_a_led_card_jokers_and_discards_goes_to_the_led_card():
    state = play(_game(), "2C JK2 9D JK4")
    assert state.tricks[-1].cards == tuple(parse_any_cards("2C JK2 9D JK4"))
    assert _winner(state) == 0


def test_a_trick_of_jokers_only_is_won_by_no_card_and_goes_to_the_next_winner():
    state, events = hj.step(play(_game(), "JK1 JK2 JK3"), hj.Play(3, "JK4"))
    assert any(isinstance(event, TrickCancelled) for event in events)
    assert _winner(state) is None
    assert state.trick_leader == 0  # the leader leads again
    assert {str(card) for card in state.carry_over} == {"JK1", "JK2", "JK3", "JK4"}
    state, events = hj.step(play(state, "2C 8C 9D"), hj.Play(3, "AC"))
    won = next(event for event in events if isinstance(event, TrickWon))
    assert won.winner == 3 and set(won.carried) == set(JOKERS)
    assert set(JOKERS) <= set(state.taken[3])


def test_a_joker_may_be_played_by_a_seat_that_can_follow():
    state = play(_game(), "2C")
    assert legal(state) == {"8C", "9C", "TC", "JK2"}
    assert hj.explain(state, hj.Play(1, "JK2")) is None
    refused = hj.explain(state, hj.Play(1, "5D"))
    assert refused is not None and refused.code == hj.IllegalMoveCode.MUST_FOLLOW_SUIT


def test_a_joker_never_wins_not_even_last_or_led():
    state = play(_game(), "2C 8C 9D JK4")
    assert _winner(state) == 1  # the 8♣ beats the 2♣; the joker played last does not
    rules = _rules()
    for seed in range(3):
        rng = random.Random(seed)
        state = hj.new_game(rules, seed=seed)
        while not state.is_over:
            moves = hj.legal_moves(state)
            state = hj.apply(state, moves[rng.randrange(len(moves))])
            for trick in state.tricks:
                if trick.winner is not None:
                    assert isinstance(trick.cards[(trick.winner - trick.leader) % 4], Card)


@attrs.frozen(repr=False)
class JokersCost(CardPoints):
    """Black Lady's points, and 5 for each joker."""

    def joker_value(self, joker: Joker) -> int:
        return 5


@attrs.frozen(repr=False)
class BadJokers(CardPoints):
    def joker_value(self, joker: Joker) -> int:
        return "none"  # type: ignore[return-value]


def test_jokers_score_what_the_scoring_says():
    moves = "JK1 JK2 JK3 JK4 2C 8C 9D AC"  # seat 3 takes the four jokers with the A♣
    plain = play_out(play(_game(ending=SINGLE_HAND), moves))
    costly = play_out(play(_game(ending=SINGLE_HAND, scoring=JokersCost(BLACK_LADY.values)), moves))
    assert plain.score_sheet[0].raw[3] + 20 == costly.score_sheet[0].raw[3]
    assert sum(plain.score_sheet[0].raw) == 26 and sum(costly.score_sheet[0].raw) == 46
    assert BLACK_LADY.total_of((*JOKERS, Card("QS"))) == 13
    with pytest.raises(hj.RulesError, match="joker_value must give whole numbers"):
        table_for(_rules(scoring=BadJokers(BLACK_LADY.values)))


def test_notation_reads_and_writes_jokers():
    move = parse_move("play 2 JK3")
    assert move == hj.Play(2, Joker(3)) == hj.Play(2, "🃏3")
    assert format_move(move) == "play 2 JK3"
    assert format_move(move, "symbol") == "play 2 🃏3"
    passed = parse_move("pass 0 JK1 2C 3C")
    assert passed == hj.Pass(0, ["2C", "3C", "JK1"]) and format_move(passed) == "pass 0 2C 3C JK1"
    with pytest.raises(NotationError, match=r"'JK9'.*JK and a joker's number"):
        parse_move("play 0 JK9")


def test_json_and_records_round_trip_jokers():
    state = play(_game(), "JK1 5D 9D AD JK4")
    text = serialize.dumps(state)
    assert serialize.loads(text) == state
    assert '"JK4"' in text and '"JK1"' in text
    assert serialize.loads(serialize.dumps(hj.Play(0, "JK2"))) == hj.Play(0, "JK2")
    record = GameRecord.begin(_game()).add(hj.Play(0, "JK1"), hj.Play(1, "5D"))
    assert GameRecord.from_text(record.to_text()).final_state() == play(_game(), "JK1 5D")
    data = json.loads(text)
    data["hands"][1][-1] = "JK9"
    with pytest.raises(serialize.FormatError, match="JK9"):
        serialize.loads(json.dumps(data))


def test_a_view_shows_a_seat_its_own_jokers_only():
    state = play(_game(), "2C")
    for seat in range(4):
        seen = hj.view(state, seat)
        assert Joker(seat + 1) in seen.hand
        text = serialize.dumps(seen)
        for other in range(4):
            assert (f'"JK{other + 1}"' in text) == (other == seat)


def test_the_determinizer_deals_the_others_jokers_as_hidden_cards():
    state = play(_game(), "2C JK2")
    seen = hj.view(state, 0)
    for seed in range(5):
        world = determinize(seen, seed)
        assert world.hands[0] == state.hands[0]
        hidden = {card for seat in (1, 2, 3) for card in world.hands[seat]}
        assert {Joker(3), Joker(4)} <= hidden and Joker(2) not in hidden
        assert world.trick == state.trick


def test_the_deck_and_the_preset_refuse_what_they_cannot_deal():
    with pytest.raises(hj.RulesError, match="count must be a whole number from 1 to 4"):
        JokerPack(count=5)
    with pytest.raises(hj.RulesError, match="53 cards cannot be dealt evenly to 4 players"):
        JokerPack(count=1)
    with pytest.raises(hj.RulesError, match="3 to 9 players, not 2"):
        joker_hearts(players=2)
    with pytest.raises(hj.RulesError, match="limit must be a whole number"):
        joker_hearts(limit=0)
    assert [jokers_for(players) for players in range(3, 10)] == [2, 4, 3, 2, 4, 4, 2]


def test_a_deck_of_ones_own_must_name_jokers_once():
    @attrs.frozen(repr=False)
    class Named(SinglePack):
        named: tuple[object, ...] = ()

        def jokers(self) -> tuple[Joker, ...]:
            return self.named  # type: ignore[return-value]

    with pytest.raises(hj.RulesError, match="jokers\\(\\) must return Joker values, not 'JK1'"):
        hj.Rules(deck=Named(players=2, named=("JK1", "JK2")))
    with pytest.raises(hj.RulesError, match="names a joker twice"):
        hj.Rules(deck=Named(players=2, named=(Joker(1), Joker(1))))
    assert hj.Rules(deck=Named(players=2, named=(Joker(2), Joker(4)))).deck.hand_size() == 27


def test_a_trick_winner_of_ones_own_reads_played_to_see_jokers():
    state = play(_game(), "JK1 5D 9D AD")
    context = TrickContext.of(state)
    assert context.played == tuple(parse_any_cards("JK1 5D 9D AD"))
    with pytest.raises(hj.RulesError, match=r"read TrickContext\.played"):
        context.cards


def test_the_widening_is_declared_and_the_c_kernel_leaves_jokers_to_python():
    rules = joker_hearts()
    assert JokersAnyTime().widening(rules) == JOKERS
    assert not native.playable(table_for(rules))


@pytest.mark.parametrize(("players", "games"), [(4, 4), (5, 2)])
def test_check_rules_passes(players, games):
    # Whole games to 100 (dozens of hands each), as many as the other family presets' checks play.
    check_rules(joker_hearts(players=players), games=games)


@pytest.mark.parametrize("name", ["random", "heuristic", "sampling"])
def test_every_bot_plays_a_whole_game(name):
    rules = attrs.evolve(joker_hearts(), ending=SINGLE_HAND) if name == "sampling" else joker_hearts()
    final = play_game(rules, [make_bot(name, seed=seat) for seat in range(4)], seed=5)
    assert final.is_over
    assert sum(final.score_sheet[0].raw) in (26, 0, 78)  # 26 taken, or a moon scored for the others
