"""Undealt cards: a widow (``rules.undealt.WidowPack``) and Heartsette (``family_draws.heartsette``).

- The widow's points count for the taker of the widow trick (the first), the Q♠ in it too; the
  moon counts it.
- No view shows a widow card to a seat that has not taken it, nor before it is taken; a view shows
  how many there are. Moving a widow card to another seat's hidden hand changes no other seat's view.
- The sampling bot's worlds leave the widow unseen: its cards are dealt as one more hidden place.
- Explicit chance deals only the cards dealt; JSON round trips; the C kernel refuses a widow.
- Bad settings are refused with a RulesError naming them.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import family_draws, native, variants
from hartenjagen.bots import make_bot, play_game
from hartenjagen.bots.determinize import determinize
from hartenjagen.cards import Card, Suit
from hartenjagen.cli.rules import rules_text
from hartenjagen.core.table import table_for
from hartenjagen.errors import RulesError
from hartenjagen.events import TrickWon
from hartenjagen.frontend import serialize
from hartenjagen.frontend.views import validate_view
from hartenjagen.moves import Play
from hartenjagen.outcomes import DealCard
from hartenjagen.rules import Rules
from hartenjagen.rules.deck import Deck
from hartenjagen.rules.undealt import WidowPack
from hartenjagen.testing import check_rules
from hartenjagen.values import Phase

HEARTSETTE = variants.get("heartsette")
#: Four players, the 2♠ out: 12 cards each and the widow Q♠ A♥ K♥ (15 points).
WIDOW = ("QS", "AH", "KH")


def _deal(first: dict[int, str]) -> list[list[Card]]:
    """Twelve cards a seat: ``first[seat]`` and then the pack (less the 2♠ and the widow) in order."""
    fixed = {Card(text) for text in first.values()}
    rest = [c for c in HEARTSETTE.deck.pack() if str(c) not in WIDOW and c not in fixed]
    hands = [[Card(first[seat])] if seat in first else [] for seat in range(4)]
    for seat in range(4):
        while len(hands[seat]) < 12:
            hands[seat].append(rest.pop(0))
    return hands


def _value(card: Card) -> int:
    return 13 if card == Card("QS") else int(card.suit is Suit.HEARTS)


def _play_hand(state: hj.State, first_trick: list[str]) -> tuple[hj.HandResult, list[int], int | None]:
    """Play ``first_trick`` in turn, then each seat's first legal card: (the line, trick points per seat, the taker)."""
    tricks = [0] * 4
    taker = None
    for text in first_trick:
        state, events = hj.step(state, Play(state.to_move[0], text))
    for event in events:
        if isinstance(event, TrickWon):
            tricks[event.winner] += sum(map(_value, event.cards))
    taker = state.widow_taker
    while not state.score_sheet:
        state, events = hj.step(state, hj.legal_moves(state)[0])
        for event in events:
            if isinstance(event, TrickWon):
                tricks[event.winner] += sum(map(_value, event.cards))
    return state.score_sheet[0], tricks, taker


@pytest.mark.parametrize(
    ("first", "trick", "taker"),
    [
        ({1: "AC", 2: "3C", 3: "4C", 0: "2C"}, ["AC", "3C", "4C", "2C"], 1),  # eldest's ace wins it
        ({1: "2C", 2: "3C", 3: "AC", 0: "4C"}, ["2C", "3C", "AC", "4C"], 3),  # a later seat's ace
    ],
)
def test_the_widow_and_its_queen_of_spades_count_for_the_first_tricks_winner(first, trick, taker):
    state = hj.new_game(HEARTSETTE, deal=_deal(first), dealer=0)
    assert sorted(state.widow) == sorted(map(Card, WIDOW))
    assert state.widow_taker is None
    result, tricks, took = _play_hand(state, trick)
    assert took == taker
    expected = list(tricks)
    expected[taker] += 13 + 1 + 1  # Q♠, A♥, K♥
    assert list(result.raw) == expected
    assert sum(result.raw) == 26


def test_no_view_shows_the_widow_but_to_its_taker_after_the_first_trick():
    state = hj.new_game(HEARTSETTE, deal=_deal({1: "AC", 2: "3C", 3: "4C", 0: "2C"}), dealer=0)
    widow = set(map(Card, WIDOW))

    def shown(view: hj.PlayerView) -> set[Card]:
        cards = {*view.hand, *view.widow, *(p.card for p in view.trick)}
        cards |= {c for t in view.tricks for c in t.cards} | {c for pile in view.taken for c in pile}
        return cards

    for text in ["AC", "3C", "4C"]:
        for seat in (None, 0, 1, 2, 3):
            view = hj.public_view(state) if seat is None else hj.view(state, seat)
            assert view.undealt == 3 and view.widow == () and not shown(view) & widow
        state = hj.apply(state, Play(state.to_move[0], text))
    state = hj.apply(state, Play(0, "2C"))
    assert state.widow_taker == 1
    for seat in (None, 0, 2, 3):
        view = hj.public_view(state) if seat is None else hj.view(state, seat)
        assert view.undealt == 3 and not shown(view) & widow
        assert not set(view.taken[1]) & widow  # the taker's pile shows the tricks only
    mine = hj.view(state, 1)
    assert set(mine.widow) == widow and mine.undealt == 3
    validate_view(attrs.evolve(mine))  # a consistent view passes the outside check


def test_a_widow_card_moved_into_a_hidden_hand_changes_no_other_seats_view():
    from hartenjagen.core.state_fields import fields, replace

    state = hj.new_game(HEARTSETTE, seed=5)
    state = hj.apply(state, hj.legal_moves(state)[0])  # one card played
    inside = fields(state)
    table = table_for(HEARTSETTE)
    hands = list(inside.hand_masks)
    widow_card = state.widow[0]
    swapped = hands[3] & -hands[3]  # seat 3's lowest card goes to the widow
    hands[3] = hands[3] & ~swapped | table.bits_of[widow_card.index]
    moved = replace(state, hand_masks=tuple(hands))
    assert moved.widow != state.widow
    for seat in (0, 1, 2):
        if seat != 3:
            assert hj.view(moved, seat) == hj.view(state, seat)
    assert hj.public_view(moved) == hj.public_view(state)


def test_a_view_that_shows_the_widow_to_the_wrong_seat_or_the_wrong_size_is_refused():
    state = hj.new_game(HEARTSETTE, seed=3)
    view = hj.view(state, 0)
    with pytest.raises(hj.ViewError, match="undealt"):
        validate_view(attrs.evolve(view, undealt=2))
    with pytest.raises(hj.ViewError, match="widow"):
        validate_view(attrs.evolve(view, widow=state.widow))  # before the first trick


def test_the_sampling_bots_worlds_never_use_an_unseen_widow_card_as_seen():
    state = hj.new_game(HEARTSETTE, seed=11)
    for _ in range(6):  # into the second trick: the widow is taken
        state = hj.apply(state, hj.legal_moves(state)[0])
    taker = state.widow_taker
    assert taker is not None
    other = (taker + 1) % 4
    widows = set()
    for k in range(40):
        world = determinize(hj.view(state, other), random.Random(k))
        assert len(world.widow) == 3
        assert world.hands[other] == state.hands[other]
        widows.add(world.widow)
    assert len(widows) > 1  # the widow is unknown to this seat: its worlds differ
    for k in range(10):  # the taker knows it: every world has it
        assert sorted(determinize(hj.view(state, taker), random.Random(k)).widow) == sorted(state.widow)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_bot_plays_heartsette_to_the_end(players):
    rules = family_draws.heartsette(players=players, limit=30)
    for name in ("random", "heuristic", "sampling"):
        options = {"samples": 4} if name == "sampling" else {}
        bots = [make_bot(name, seed=seat, **options) for seat in range(players)]
        final = play_game(rules, bots, seed=players)
        assert final.is_over and max(final.scores) >= 30


def test_explicit_chance_deals_the_hands_and_leaves_the_widow():
    state = hj.new_game(HEARTSETTE, chance="explicit")
    dealt = 0
    while state.phase is Phase.CHANCE:
        outcomes = hj.chance_outcomes(state)
        if isinstance(outcomes[0][0], DealCard):
            dealt += 1
        state = hj.apply(state, outcomes[-1][0])
    assert dealt == 48
    assert [len(hand) for hand in state.hands] == [12] * 4 and len(state.widow) == 3


def test_a_state_with_a_widow_and_the_takers_view_read_back_from_json():
    state = hj.new_game(HEARTSETTE, seed=2)
    for _ in range(9):
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert serialize.loads(serialize.dumps(state)) == state
    mine = hj.view(state, state.widow_taker)
    assert mine.widow and serialize.loads(serialize.dumps(mine)) == mine


def test_a_view_saved_before_the_widow_fields_still_loads():
    view = hj.view(hj.new_game(variants.STANDARD, seed=1), 0)
    text = serialize.dumps(view).replace(', "undealt": 0', "").replace(', "widow": []', "")
    assert '"undealt"' not in text and '"widow"' not in text
    assert serialize.loads(text) == view


def test_the_c_kernel_does_not_play_a_widow():
    assert not native.playable(table_for(HEARTSETTE))
    assert native.playable(table_for(variants.STANDARD))


def test_heartsette_deals_by_players():
    for players, hand, widow in ((3, 16, 3), (4, 12, 3), (5, 10, 2), (6, 8, 4)):
        state = hj.new_game(family_draws.heartsette(players=players), seed=1)
        assert [len(h) for h in state.hands] == [hand] * players and len(state.widow) == widow


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: family_draws.heartsette(players=7), "3 to 6 players, not 7"),
        (lambda: family_draws.heartsette(players=2), "players must be a whole number of at least 3"),
        (lambda: family_draws.heartsette(limit=0), "limit must be a whole number of at least 1"),
        (lambda: WidowPack(players=4, hand=13), "fewer than 13 cards"),
        (lambda: WidowPack(players=4, hand=0), "not 0"),
        (lambda: WidowPack(players=1), "at least 2"),
        (lambda: WidowPack(hand=12, widow_after=12), "widow_after must be a trick from 0 to 11"),
        (lambda: WidowPack(removed=["ZZ"]), "removed must list cards"),
    ],
)
def test_bad_settings_are_refused_by_name(build, message):
    with pytest.raises(RulesError, match=message):
        build()


@attrs.frozen
class _OwnWidow(Deck):
    """A deck of one's own that leaves cards over: its hand size is checked when the rules are built."""

    players: int = 4
    hand: object = 12
    trick: object = 0

    def pack(self) -> tuple[Card, ...]:
        return variants.STANDARD.deck.pack()

    def hand_size(self) -> int:
        return self.hand  # type: ignore[return-value]

    def widow_trick(self) -> int | None:
        return self.trick  # type: ignore[return-value]


def test_a_deck_of_ones_own_with_a_widow_is_checked_when_the_rules_are_built():
    rules = Rules(deck=_OwnWidow(), opening=hj.rules.opening.ELDEST_ANY)
    assert len(hj.new_game(rules, seed=1).widow) == 4
    with pytest.raises(RulesError, match="hand_size"):
        Rules(deck=_OwnWidow(hand=13))
    with pytest.raises(RulesError, match="hand_size"):
        Rules(deck=_OwnWidow(hand="12"))
    with pytest.raises(RulesError, match="widow_trick"):
        Rules(deck=_OwnWidow(trick=12))


def test_check_rules_passes_on_heartsette():
    assert check_rules(HEARTSETTE) is None


def test_the_rules_in_words_say_the_hand_and_the_widow():
    text = rules_text(family_draws.heartsette(players=3))
    assert "3 players, 51 cards, 16 each." in text
    assert "3 cards stay undealt, face down: a widow." in text
    assert "een weduwe" in rules_text(HEARTSETTE, "nl")
    assert "undealt" not in rules_text(variants.STANDARD)


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([3, 4, 5, 6]), seed=st.integers(0, 2**32 - 1), moves=st.randoms())
def test_a_hand_scores_its_tricks_and_the_widow_for_its_taker(players, seed, moves):
    """Any deal, any play: each seat's raw points are its tricks' cards, plus the widow's for its taker."""
    state = hj.new_game(family_draws.heartsette(players=players), seed=seed)
    widow = state.widow
    tricks = [0] * players
    taker = None
    while not state.score_sheet:
        listed = hj.legal_moves(state)
        state, events = hj.step(state, listed[moves.randrange(len(listed))])
        for event in events:
            if isinstance(event, TrickWon):
                tricks[event.winner] += sum(map(_value, event.cards))
                taker = event.winner if taker is None else taker
    expected = list(tricks)
    expected[taker] += sum(map(_value, widow))
    result = state.score_sheet[0]
    assert list(result.raw) == expected and sum(result.raw) == 26
    if result.shooter is not None:  # a moon needs the widow's penalty cards too
        assert result.shooter == taker or not any(_value(card) for card in widow)
