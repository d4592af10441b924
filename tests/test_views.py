"""Player views: ``view(state, seat)`` holds what the seat may know and nothing else.

The leak property: two states that differ only in cards hidden from a seat (other seats'
hands and not-yet-exchanged passes, the secret seed) give that seat equal views.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, variants
from hartenjagen.cards import ALL_CARDS
from hartenjagen.core.state import table_of
from hartenjagen.core.state_fields import fields, replace
from hartenjagen.frontend.views import events_for
from helpers import ONE_SUIT_EACH, game, names, play
from playouts import PRESETS, RULES_BY_NAME, play_until, playout

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _cards_in(value: Any) -> Iterator[hj.Card]:
    """Every card inside a view field (tuples, moves, tricks, score lines)."""
    if isinstance(value, hj.Card):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _cards_in(item)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _cards_in(getattr(value, field.name))


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def hide_differently(state: hj.State, seat: int, rng: random.Random) -> hj.State:
    """``state`` with cards hidden from ``seat`` swapped between two other seats.

    A card moves between the hands (and the chosen-but-not-exchanged passes) of two other
    seats, one for one, so every hand keeps its size; the first deal follows the swap
    when both cards were dealt to the seats that now hold them. Under a deck that draws to follow
    (Domino Hearts) a card changes places only with one of its suit, and a card drawn stays drawn by
    the seat that holds it: who drew in which trick is public (``PlayerView.draws``).
    """
    table = fields(state).table
    drawn = list(fields(state).drawn)
    others = [s for s in range(state.players) if s != seat]
    hands = list(fields(state).hand_masks)
    passed = list(fields(state).passed_masks)
    dealt = list(fields(state).dealt_masks)
    if state.stock:  # the stock not drawn yet is one more hidden place (its cards are in no hand)
        stock = 0
        for card in state.stock:
            stock |= 1 << card.index  # a stock is of one pack (`rules.undealt.StockPack`)
        others.append(len(hands))
        hands.append(stock)
        passed.append(0)
        dealt.append(0)
    for _ in range(rng.randint(1, 8) if len(others) > 1 else 0):
        x, y = rng.sample(others, 2)
        held_x = _bits(hands[x] | passed[x])
        held_y = _bits(hands[y] | passed[y])
        if not held_x or not held_y:
            continue
        p, q = rng.choice(held_x), rng.choice(held_y)
        if table.follow_draws:
            if table.suit_of[p] != table.suit_of[q]:
                continue
            drawn = [q if c == p else p if c == q else c for c in drawn]
        a, b = 1 << p, 1 << q
        for pile in (hands, passed):
            a_here, b_here = pile[x] & a, pile[y] & b
            pile[x] = pile[x] & ~a_here | (b if a_here else 0)
            pile[y] = pile[y] & ~b_here | (a if b_here else 0)
        if dealt[x] & a and dealt[y] & b:
            dealt[x] = dealt[x] & ~a | b
            dealt[y] = dealt[y] & ~b | a
    n = state.players  # the stock, if any, took its swapped cards along: it is the pack less the hands
    return replace(
        state,
        hand_masks=tuple(hands[:n]),
        passed_masks=tuple(passed[:n]),
        dealt_masks=tuple(dealt[:n]),
        drawn=tuple(drawn),
    )


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, hj.State]:
    """A preset's name and a state reached by random legal play (often in a passing phase)."""
    name = draw(st.sampled_from([name for name, _ in PRESETS]))
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.one_of(st.integers(0, 10), st.integers(0, 300)))
    return name, playout(RULES_BY_NAME[name], seed, steps)


# ---------------------------------------------------------------- the leak property


@PROPERTY
@given(positions(), st.integers(0, 5), st.integers(0, 2**32))
def test_cards_hidden_from_a_seat_do_not_change_its_view(position, seat_draw, swap_seed):
    _, state = position
    seat = seat_draw % state.players
    altered = hide_differently(state, seat, random.Random(swap_seed))
    assert altered.hands[seat] == state.hands[seat]
    assert [len(hand) for hand in altered.hands] == [len(hand) for hand in state.hands]
    assert view(altered, seat) == view(state, seat)
    assert public_view(altered) == public_view(state)


@PROPERTY
@given(positions(), st.integers(0, 2**128))
def test_the_seed_does_not_change_any_view(position, other_seed):
    _, state = position
    altered = replace(state, seed=other_seed)
    for seat in range(state.players):
        assert view(altered, seat) == view(state, seat)
    assert public_view(altered) == public_view(state)


@PROPERTY
@given(positions())
def test_a_view_shows_no_card_of_another_seat_until_it_is_played(position):
    name, state = position
    for seat in (*range(state.players), None):
        v = view(state, seat) if seat is not None else public_view(state)
        if table_of(state).copies > 1:
            continue  # a double deck: another seat may hold the twin of a card in view
        hidden = {
            card
            for other in range(state.players)
            if other != seat
            for card in (*state.hands[other], *table_of(state).cards(fields(state).passed_masks[other]))
        }
        shown = set()
        for field in attrs.fields(hj.PlayerView):
            # The cards this seat gave may be in another hand now; the rules name cards (their values);
            # the tricks of the hand before are of another deal (each card was played face up then).
            if field.name not in ("exchanges", "rules", "previous_tricks"):
                shown |= set(_cards_in(getattr(v, field.name)))
        assert not hidden & shown, name


def test_a_view_never_holds_the_seed():
    state = hj.new_game(variants.STANDARD)  # a secret seed of 128 bits
    seed = str(fields(state).seed)
    for _ in range(6):
        assert all(seed not in repr(hj.view(state, seat)) for seat in range(4))
        assert seed not in repr(hj.public_view(state))
        assert not hasattr(hj.view(state, 0), "seed")
        state = hj.apply(state, hj.legal_moves(state)[0])
    public = hj.new_game(variants.STANDARD, seed=123_456_789_012_345)
    assert "123456789012345" not in repr(hj.view(public, 0))


def test_hide_differently_really_moves_hidden_cards():
    state = hj.new_game(variants.STANDARD, seed=5)
    state = hj.apply(state, hj.Pass(2, state.hands[2][:3]))
    moved = 0
    for swap_seed in range(20):
        altered = hide_differently(state, 0, random.Random(swap_seed))
        assert altered.hands[0] == state.hands[0]
        moved += altered.hands != state.hands
    assert moved == 20  # a view that showed another seat's hand would fail the property


#: Positions in every kind of phase: (preset, seed, moves from the start, phase, pass stage).
PHASES = [
    ("standard", 1, 2, hj.Phase.PASSING, 0),  # two seats have chosen their pass
    ("pass_and_return", 2, 2, hj.Phase.PASSING, 0),  # choosing four cards to pass
    ("pass_and_return", 2, 6, hj.Phase.PASSING, 1),  # two seats have chosen the card they return
    ("pass_to_dealer", 3, 3, hj.Phase.PASSING, 0),  # three seats have given cards to the dealer
    ("six_double_deck", 4, 5, hj.Phase.PASSING, 0),  # a double deck, passing
    ("cancel_pairs", 4, 40, hj.Phase.PLAYING, 1),  # a double deck, in play
    ("achterhoek", 5, 2, hj.Phase.ANNOUNCING, 0),  # announcing (miezen)
    ("dutch", 6, 20, hj.Phase.PLAYING, 0),  # in play
    ("black_maria", 7, 70, hj.Phase.PLAYING, 1),  # three players, second hand
    ("five_players", 8, 30, hj.Phase.PLAYING, 1),  # five players, in play
]


@pytest.mark.parametrize(("name", "seed", "steps", "phase", "stage"), PHASES)
def test_hidden_cards_do_not_change_views_in_every_phase(name, seed, steps, phase, stage):
    state = playout(RULES_BY_NAME[name], seed, steps)
    assert (state.phase, state.pass_stage) == (phase, stage)
    for seat in range(state.players):
        for swap_seed in range(5):
            altered = hide_differently(state, seat, random.Random(swap_seed))
            assert altered.hands != state.hands
            assert view(altered, seat) == view(state, seat)
            assert public_view(altered) == public_view(state)


def _json_dumps():
    serialize = pytest.importorskip("hartenjagen.frontend.serialize")
    return serialize.dumps


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(0, 5), st.integers(0, 2**32))
def test_hidden_cards_and_the_seed_do_not_change_a_views_json(position, seat_draw, swap_seed):
    dumps = _json_dumps()
    _, state = position
    seat = seat_draw % state.players
    altered = hide_differently(state, seat, random.Random(swap_seed))
    state = replace(state, seed=2**100 + swap_seed)  # a seed too long to turn up by chance
    altered = replace(altered, seed=swap_seed)
    text = dumps(view(state, seat))
    assert dumps(view(altered, seat)) == text
    assert dumps(public_view(altered)) == dumps(public_view(state))
    assert str(fields(state).seed) not in text


# ---------------------------------------------------------------- what a view holds


def view(state: hj.State, seat: int) -> hj.PlayerView:
    v = hj.view(state, seat)
    # Invariants of every view.
    assert v.seat == seat
    assert v.hand == state.hands[seat] == tuple(sorted(v.hand))
    assert v.hand_sizes == tuple(len(hand) for hand in state.hands)
    for field in ("phase", "to_move", "trick", "tricks", "taken", "scores", "score_sheet", "hand_index"):
        assert getattr(v, field) == getattr(state, field)
    if seat in state.to_move and state.phase is hj.Phase.PASSING:
        assert v.legal_moves == ()
        assert v.pass_options and v.pass_count == state.pass_count
        assert set(v.pass_options) <= set(v.hand)
    elif seat in state.to_move:
        assert v.legal_moves == tuple(hj.legal_moves(state))
        assert v.pass_options == ()
    else:
        assert v.legal_moves == v.pass_options == ()
    return v


def public_view(state: hj.State) -> hj.PlayerView:
    v = hj.public_view(state)
    assert v.seat is None
    assert v.hand == v.passing == v.exchanges == v.legal_moves == v.pass_options == ()
    assert v.passed == v.received == ()
    assert v.hand_sizes == tuple(len(hand) for hand in state.hands)
    return v


def test_view_in_the_passing_phase():
    state = hj.new_game(variants.STANDARD, seed=7)
    v = view(state, 2)
    assert v.players == 4
    assert v.phase is hj.Phase.PASSING
    assert v.to_move == (0, 1, 2, 3)
    assert v.pass_direction is hj.PassRoute.LEFT
    assert (v.pass_stage, v.pass_count) == (0, 3)
    assert v.pass_options == v.hand  # any card of the hand may be passed
    assert v.legal_moves == ()  # not the 286 combinations
    assert v.hand_sizes == (13, 13, 13, 13)
    assert v.passing == v.passed == v.received == v.exchanges == ()
    assert v.trick == v.tricks == () and v.taken == ((),) * 4
    assert v.scores == v.display_scores == (0, 0, 0, 0)
    assert v.score_sheet == () and not v.is_over and v.winners == ()


def test_view_after_a_seat_has_chosen_its_pass():
    state = hj.new_game(variants.STANDARD, seed=7)
    chosen = state.hands[0][-3:]
    state = hj.apply(state, hj.Pass(0, chosen))
    mine = view(state, 0)
    assert mine.passing == mine.passed == chosen
    assert not set(chosen) & set(mine.hand) and len(mine.hand) == 10
    assert mine.to_move == (1, 2, 3)
    assert mine.pass_options == ()
    assert mine.hand_sizes == (10, 13, 13, 13)
    theirs = view(state, 1)
    assert theirs.passing == () and theirs.pass_options == theirs.hand
    # (the rules name cards too, e.g. the Q♠'s value: they are not part of the position)
    assert not set(chosen) & set(_cards_in(attrs.astuple(attrs.evolve(theirs, rules=None), recurse=False)))
    assert not set(chosen) & set(
        _cards_in(attrs.astuple(attrs.evolve(public_view(state), rules=None), recurse=False))
    )


def test_view_after_the_exchange():
    state = hj.new_game(variants.STANDARD, seed=7)
    given = {seat: state.hands[seat][:3] for seat in range(4)}
    for seat in range(4):
        state = hj.apply(state, hj.Pass(seat, given[seat]))
    assert state.phase is hj.Phase.PLAYING
    for seat in range(4):
        v = view(state, seat)
        received = given[(seat - 1) % 4]  # passed to the left: from the seat on the right
        assert v.exchanges == ((given[seat], received),)
        assert v.passed == given[seat] and v.received == received
        assert v.passing == ()
        assert set(received) <= set(v.hand)
    (leader,) = state.to_move
    assert view(state, leader).legal_moves == (hj.Play(leader, "2C"),)
    assert hj.public_view(state).exchanges == ()


def test_view_during_play_shows_the_trick_and_the_captured_cards():
    state = game(ONE_SUIT_EACH)  # no passing: seat 0 leads the 2C and wins every trick
    state = play(state, "2C 2D 2H 2S 3C")
    v = view(state, 1)
    assert v.trick == (hj.Play(0, "3C"),) and v.trick_leader == 0
    assert v.tricks == (hj.Trick(0, tuple(map(hj.Card, ("2C", "2D", "2H", "2S"))), 0),)
    assert names(v.taken[0]) == {"2C", "2D", "2H", "2S"} and v.taken[1:] == ((), (), ())
    assert v.hearts_broken
    assert v.legal_moves == tuple(hj.Play(1, card) for card in ONE_SUIT_EACH[1].split()[1:])
    assert v.hand_sizes == (11, 12, 12, 12)
    assert view(state, 0).legal_moves == ()


def test_public_view_has_no_hand_and_no_moves():
    state = hj.new_game(variants.STANDARD, seed=7)
    state = hj.apply(state, hj.Pass(1, state.hands[1][:3]))
    v = public_view(state)
    assert v.to_move == (0, 2, 3)
    assert v.hand_sizes == (13, 10, 13, 13)


def test_pass_and_return_view_offers_the_received_cards_to_return():
    state = play_until(variants.hoemke(3, 2, 2, 3), 1, hj.Phase.PASSING)
    assert (state.pass_stage, state.pass_count) == (0, 4)
    for seat in range(4):
        state = hj.apply(state, hj.Pass(seat, state.hands[seat][:4]))
    assert (state.pass_stage, state.pass_count) == (1, 1)
    for seat in range(4):
        v = view(state, seat)
        assert (v.pass_stage, v.pass_count) == (1, 1)
        ((given, received),) = v.exchanges
        assert len(given) == len(received) == 4
        assert v.pass_options == received  # the card returned is one of those received
    state = hj.apply(state, hj.Pass(0, [view(state, 0).pass_options[0]]))
    assert view(state, 0).passing == (view(state, 0).exchanges[0][1][0],)


def test_pass_to_dealer_view_shows_own_cards_only():
    state = hj.new_game(variants.hoemke(4, 2, 2, 3), seed=2)
    assert state.pass_direction is hj.PassRoute.DEALER
    given = {seat: state.hands[seat][:3] for seat in range(4)}
    for seat in range(4):
        state = hj.apply(state, hj.Pass(seat, given[seat]))
    for seat in range(4):
        v = view(state, seat)
        ((gave, got),) = v.exchanges
        assert gave == given[seat] and len(got) == 3
        assert got == tuple(sorted(set(got)))
        assert set(got) <= set(v.hand)


def test_announcement_view_offers_yes_and_no_to_the_seat_in_turn():
    state = hj.new_game(variants.ACHTERHOEK, seed=4)
    assert state.phase is hj.Phase.ANNOUNCING
    (seat,) = state.to_move
    assert view(state, seat).legal_moves == (hj.Announce(seat, False), hj.Announce(seat, True))
    state = hj.apply(state, hj.Announce(seat, True))
    assert view(state, 0).announcers == (seat,)


def test_moon_choice_view_offers_the_options_to_the_shooter():
    from helpers import play_out

    state = play_out(game(ONE_SUIT_EACH, moon=rules.moon.SHOOTER_CHOICE))
    assert state.phase is hj.Phase.MOON_CHOICE
    assert view(state, 0).legal_moves == (
        hj.MoonChoice(0, hj.MoonOption.OTHERS_PLUS),
        hj.MoonChoice(0, hj.MoonOption.SELF_MINUS),
    )
    assert view(state, 1).legal_moves == ()
    assert view(state, 1).hand_sizes == (0, 0, 0, 0)


def test_view_at_the_end_of_the_game():
    state = playout(variants.OPENSPIEL, 3, 10_000)
    assert state.is_over
    v = view(state, 0)
    assert v.is_over and v.winners == state.winners and v.to_move == ()
    assert v.legal_moves == v.pass_options == ()
    assert len(v.score_sheet) == 1


def test_view_of_a_double_deck_keeps_both_copies():
    state = hj.new_game(variants.SIX_DOUBLE_DECK, seed=9)
    for seat in range(6):
        v = view(state, seat)
        assert len(v.hand) == 17
    assert any(len(set(hand)) < 17 for hand in state.hands)  # some seat holds both copies of a card


@pytest.mark.parametrize("seat", [-1, 4, True, False, "0", None, 1.0])
def test_view_of_a_seat_not_at_the_table_is_a_view_error(seat):
    state = hj.new_game(variants.STANDARD, seed=1)
    with pytest.raises(hj.ViewError, match="no seat"):
        hj.view(state, seat)


def test_view_error_counts_the_seats_of_the_game():
    state = hj.new_game(variants.BLACK_MARIA, seed=1)
    with pytest.raises(hj.ViewError, match="seats are 0 to 2"):
        hj.view(state, 3)
    assert isinstance(hj.ViewError("x"), ValueError)


# ---------------------------------------------------------------- the leak property, world against world
#
# The tests above change a state's hidden cards in place. These build a second game through the
# engine instead: the same rules, seed and public moves, and the same cards for one seat, but other
# hidden cards (relabelled among the other seats, or swapped between their deals with their passes
# following). Wherever that second game is one the seat cannot tell apart by its own information
# and the public record (same phases, same seats to move, same own hand and exchanges), its views,
# its events, the spectator's view and the spectator's events must be equal at every step,
# including who leads.


def _replay(ruleset: hj.Rules, seed: int, deal: Any, moves: list[hj.Move]):
    """The states and the events of a game from an explicit first deal (None if a move is illegal)."""
    state = hj.new_game(ruleset, seed=seed, deal=deal)
    states, events = [state], [()]
    for move in moves:
        try:
            state, happened = hj.step(state, move)
        except hj.IllegalMoveError:
            return None
        states.append(state)
        events.append(happened)
    return states, events


def _known(state: hj.State, seat: int) -> set[hj.Card]:
    """The first hand's cards ``seat`` has seen by ``state``: its deal, what it received, the plays."""
    if state.hand_index:
        return set(ALL_CARDS)  # the first hand is over: every card of it has been played
    known = set(state.dealt[seat])
    for _, received in state.exchanges:
        known |= set(received[seat])
    for trick in state.tricks:
        known |= set(trick.cards)
    known |= {play.card for play in state.trick}
    return known


def _other_world(
    states: list[hj.State], moves: list[hj.Move], seat: int, rng: random.Random
) -> tuple[Any, list[hj.Move]]:
    """Another first deal and moves: hidden cards relabelled, and maybe two deals swapped a card."""
    first, last = states[0], states[-1]
    known = _known(last, seat)
    pack = list(first.rules.deck.pack())
    # A card of a double deck is relabelled only if neither copy has been seen, and only as a
    # card the pack holds as often.
    mapping: dict[hj.Card, hj.Card] = {}
    for copies in (1, 2):
        hidden = sorted(
            {card for card in pack if card not in known and pack.count(card) == copies},
            key=lambda card: card.index,
        )
        image = hidden[:]
        rng.shuffle(image)
        mapping.update(zip(hidden, image, strict=True))
    deal = [list(hand) for hand in first.dealt]
    others = [s for s in range(first.players) if s != seat]
    for other in others:
        deal[other] = [mapping.get(card, card) for card in deal[other]]
    swap: tuple[int, hj.Card, int, hj.Card] | None = None
    if len(others) >= 2 and rng.random() < 0.5:
        x, y = rng.sample(others, 2)
        c, d = rng.choice(deal[x]), rng.choice(deal[y])
        deal[x][deal[x].index(c)], deal[y][deal[y].index(d)] = d, c
        swap = (x, c, y, d)
    changed = []
    for before, move in zip(states, moves, strict=False):
        if before.hand_index == 0 and isinstance(move, hj.Pass) and move.seat != seat:
            cards = [mapping.get(card, card) for card in move.cards]
            if swap is not None:
                x, c, y, d = swap
                old, new = (c, d) if move.seat == x else (d, c) if move.seat == y else (None, None)
                if old in cards:
                    cards[cards.index(old)] = new
            move = hj.Pass(move.seat, cards)
        elif before.hand_index == 0 and isinstance(move, hj.Play):
            move = hj.Play(move.seat, mapping.get(move.card, move.card))
        changed.append(move)
    return deal, changed


def _indistinguishable(a: list[hj.State], b: list[hj.State], seat: int) -> bool:
    """Whether ``seat`` could not tell the two games apart from its own cards and the public record."""

    def own(state: hj.State) -> tuple[object, ...]:
        exchanges = tuple((given[seat], got[seat]) for given, got in state.exchanges)
        widow = state.widow if state.widow_taker == seat else ()  # the widow's taker has seen it
        # Who drew how many cards in which trick is public (Domino Hearts: another deal may make
        # another seat unable to follow, and draw).
        return (
            state.phase,
            state.to_move,
            state.hands[seat],
            state.passed[seat],
            exchanges,
            widow,
            state.draws,
        )

    return all(own(x) == own(y) for x, y in zip(a, b, strict=True))


def _compare_worlds(ruleset: hj.Rules, seed: int, steps: int, seat: int, world_seed: int) -> set[hj.Phase]:
    """Play ``steps`` random moves, then compare with other worlds; the phases of the differing states."""
    deal = hj.new_game(ruleset, seed=seed).dealt
    rng = random.Random(world_seed)
    moves: list[hj.Move] = []
    state = hj.new_game(ruleset, seed=seed, deal=deal)
    for _ in range(steps):
        if state.is_over:
            break
        listed = hj.legal_moves(state)
        move = listed[rng.randrange(len(listed))]
        moves.append(move)
        state = hj.apply(state, move)
    replayed = _replay(ruleset, seed, deal, moves)
    assert replayed is not None
    states, events = replayed
    seat %= ruleset.players
    compared: set[hj.Phase] = set()
    for _ in range(6):
        other_deal, other_moves = _other_world(states, moves, seat, rng)
        other = _replay(ruleset, seed, other_deal, other_moves)
        if other is None or not _indistinguishable(states, other[0], seat):
            continue
        for a, b, ea, eb in zip(states, other[0], events, other[1], strict=True):
            assert hj.view(b, seat) == hj.view(a, seat), (a.phase, a.trick_leader, b.trick_leader)
            assert hj.public_view(b) == hj.public_view(a), a.phase
            assert events_for(eb, seat) == events_for(ea, seat), a.phase
            assert events_for(eb, None) == events_for(ea, None), a.phase
            if a.hands != b.hands or a.passed != b.passed or a.dealt != b.dealt:
                compared.add(a.phase)
    return compared


#: The presets, and an announcement round under an opening that depends on the cards.
WORLD_RULES = {
    **RULES_BY_NAME,
    "miezen_lowest_club": attrs.evolve(variants.ACHTERHOEK, opening=rules.opening.LOWEST_CLUB),
}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(WORLD_RULES)),
    st.integers(0, 2**32),
    st.one_of(st.integers(0, 12), st.integers(0, 80)),
    st.integers(0, 5),
    st.integers(0, 2**32),
)
def test_games_a_seat_cannot_tell_apart_give_it_equal_views_and_events(name, seed, steps, seat, world_seed):
    _compare_worlds(WORLD_RULES[name], seed, steps, seat, world_seed)


def test_other_worlds_reach_every_phase_with_other_hidden_cards():
    """The comparison above is not empty: in each phase, some world it compares holds other cards."""
    compared: set[hj.Phase] = set()
    for name in ("standard", "miezen_lowest_club", "pass_and_return", "pass_to_dealer", "six_double_deck"):
        for seed in range(3):
            for steps in (1, 3, 6, 30, 70):
                compared |= _compare_worlds(WORLD_RULES[name], seed, steps, seed + steps, seed)
    assert {hj.Phase.PASSING, hj.Phase.ANNOUNCING, hj.Phase.PLAYING} <= compared


def test_an_announcement_round_does_not_show_who_leads():
    """Miezen when the lowest club leads: nobody may learn who holds it before the first lead."""
    ruleset = attrs.evolve(
        variants.ACHTERHOEK, passing=rules.passing.NO_PASSING, opening=rules.opening.LOWEST_CLUB
    )
    state = hj.new_game(ruleset, seed=1)
    holder = next(seat for seat, hand in enumerate(state.hands) if hj.Card.parse("7C") in hand)
    assert state.phase is hj.Phase.ANNOUNCING and state.trick_leader == holder != 0  # the 7♣ holder leads
    while state.phase is hj.Phase.ANNOUNCING:
        for seat in (*range(4), None):
            seen = hj.view(state, seat) if seat is not None else hj.public_view(state)
            assert seen.trick_leader == 0
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert hj.public_view(state).trick_leader == state.to_move[0] == state.trick_leader


def test_a_moon_choice_and_the_hand_end_do_not_show_the_exchange_of_others():
    """Seat 0 shoots the moon after an exchange across; seat 1 never saw what seats 0 and 2 passed."""
    across = rules.passing.PassCycle(directions=(hj.PassRoute.ACROSS,))
    ruleset = attrs.evolve(variants.STANDARD, passing=across, moon=rules.moon.SHOOTER_CHOICE)
    deal = [hand.split() for hand in ONE_SUIT_EACH]
    passes = [hj.Pass(0, "2C 3C 4C"), hj.Pass(1, "2D 3D 4D"), hj.Pass(2, "QH KH AH"), hj.Pass(3, "2S 3S 4S")]
    # The same game, but seat 0 was dealt the 9H and passed it, and seat 2 was dealt the 4C and kept it.
    other_deal = [list(hand) for hand in deal]
    other_deal[0][other_deal[0].index("4C")] = "9H"
    other_deal[2][other_deal[2].index("9H")] = "4C"
    other_passes = [hj.Pass(0, "2C 3C 9H"), *passes[1:]]
    a = hj.new_game(ruleset, seed=1, deal=deal)
    b = hj.new_game(ruleset, seed=1, deal=other_deal)
    for move, other_move in zip(passes, other_passes, strict=True):
        a, b = hj.apply(a, move), hj.apply(b, other_move)
    assert a.hands == b.hands and a.passed != b.passed
    phases = set()
    while not a.is_over:
        for seat in (1, 3):
            assert hj.view(a, seat) == hj.view(b, seat)
        assert hj.public_view(a) == hj.public_view(b)
        phases.add(a.phase)
        move = hj.legal_moves(a)[0]
        (a, events_a), (b, events_b) = hj.step(a, move), hj.step(b, move)
        for seat in (1, 3, None):
            assert events_for(events_a, seat) == events_for(events_b, seat)
        if a.hand_index:
            break
    assert hj.Phase.MOON_CHOICE in phases and a.hand_index == 1
