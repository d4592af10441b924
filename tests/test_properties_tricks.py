"""Property tests (sources §3, 5-10) over random rules and games: trick play.

5. follow suit; 6. tricks: one card a seat clockwise from the leader, the winner takes it and leads;
7. the first lead; 8. the trick-1 restriction; 9. heart leads before hearts are broken;
10. the hearts-broken flag, after the last trick too."""

from __future__ import annotations

from hypothesis import example, given

from hartenjagen import Play, Rank, Rules, Suit
from hartenjagen.cards import QUEEN_OF_SPADES
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.ending import SINGLE_HAND
from hartenjagen.rules.first_trick import ForcedChoice, NoPointsUnlessForced
from hartenjagen.rules.leading import BrokenBy, HeartsAfterBroken, HeartsAndQueen
from hartenjagen.rules.opening import LOWEST_CLUB
from hartenjagen.rules.passing import NO_PASSING
from properties_helpers import HEARTS_AFTER_BROKEN, NO_POINTS_UNLESS_FORCED, GameSpec, budget, games
from properties_oracles import (
    broken,
    completed_trick,
    final_captures,
    hand_ended,
    hand_size_of,
    lowest_club,
    restricted_on_first_trick,
    step2_set,
    value,
)

# ---------------------------------------------------------------- 5. follow suit


@budget(20)
@given(spec=games())
def test_follow_suit(spec: GameSpec) -> None:
    """5. A card played to a trick follows the led suit whenever the hand held it."""
    game = spec.play()
    for prev, move, _ in game.steps():
        if type(move) is Play and prev.trick:
            led = prev.trick[0].card.suit
            if any(c.suit is led for c in prev.hands[move.seat]):
                assert move.card.suit is led


# ---------------------------------------------------------------- 6. tricks


@budget(20)
@given(spec=games())
def test_tricks(spec: GameSpec) -> None:
    """6. n cards a trick, one per seat clockwise from the leader; the winner takes it and leads; hand_size tricks."""
    game = spec.play()
    rules = spec.rules
    n = rules.players
    size = hand_size_of(rules)
    tricks_in_hand = 0
    for prev, move, nxt in game.steps():
        if type(move) is not Play:
            continue
        leader = prev.trick_leader
        assert [p.seat for p in prev.trick] == [(leader + i) % n for i in range(len(prev.trick))]
        assert move.seat == (leader + len(prev.trick)) % n
        if len(prev.trick) < n - 1:
            assert nxt.trick == (*prev.trick, move)
            assert nxt.trick_leader == leader
            assert nxt.tricks == prev.tricks
            continue
        trick = completed_trick(prev, move)
        tricks_in_hand += 1
        assert trick.plays == (*prev.trick, move)
        assert len({p.seat for p in trick.plays}) == n
        if hand_ended(prev, nxt):
            assert tricks_in_hand == size
            assert len(prev.tricks) == size - 1
            assert sum(final_captures(prev, move)[1]) == size
            tricks_in_hand = 0
            if nxt.is_over:
                assert nxt.tricks == (*prev.tricks, trick)
                assert nxt.taken[trick.winner] == tuple(sorted((*prev.taken[trick.winner], *trick.cards)))
            continue
        assert tricks_in_hand < size
        assert nxt.tricks == (*prev.tricks, trick)
        assert nxt.trick == ()
        assert nxt.trick_leader == trick.winner
        assert nxt.to_move == (trick.winner,)
        assert nxt.taken[trick.winner] == tuple(sorted((*prev.taken[trick.winner], *trick.cards)))
        assert all(nxt.taken[s] == prev.taken[s] for s in range(n) if s != trick.winner)
        assert nxt.tricks_won == tuple(sum(t.winner == s for t in nxt.tricks) for s in range(n))


# ---------------------------------------------------------------- 7. first lead


@budget(20)
@given(spec=games())
def test_first_lead(spec: GameSpec) -> None:
    """7. The lowest club's holder opens every hand: with that club (LOWEST_CLUB) or any club (ANY_CLUB)."""
    game = spec.play()
    rules = spec.rules
    club = lowest_club(rules)
    for prev, move, _ in game.steps():
        if type(move) is Play and not prev.tricks and not prev.trick:
            assert club in prev.hands[move.seat]
            if rules.opening == LOWEST_CLUB:
                assert move.card is club
            else:
                assert move.card.suit is Suit.CLUBS


# ---------------------------------------------------------------- 8. trick-1 restriction


@budget(30)
@given(spec=games(first_trick=NO_POINTS_UNLESS_FORCED))
def test_first_trick_restriction(spec: GameSpec) -> None:
    """8. A restricted card in trick 1 means the player had no unrestricted card in the follow/lead set."""
    game = spec.play()
    rules = spec.rules
    first_trick = rules.first_trick
    assert isinstance(first_trick, NoPointsUnlessForced)
    for prev, move, _ in game.steps():
        if type(move) is not Play or prev.tricks or not restricted_on_first_trick(rules, move.card):
            continue
        options = step2_set(prev)
        assert move.card in options
        assert all(restricted_on_first_trick(rules, c) for c in options)
        if first_trick.forced is ForcedChoice.MIN_VALUE:
            assert value(rules, move.card) == min(value(rules, c) for c in options)


# ---------------------------------------------------------------- 9. heart leads


@budget(30)
@given(spec=games(leading=HEARTS_AFTER_BROKEN))
def test_heart_leads(spec: GameSpec) -> None:
    """9. A heart led before hearts are broken means the leader held only hearts (or hearts and the Q♠)."""
    game = spec.play()
    rules = spec.rules
    leading = rules.leading
    assert isinstance(leading, HeartsAfterBroken)
    for prev, move, _ in game.steps():
        if type(move) is not Play or prev.trick or not prev.tricks or move.card.suit is not Suit.HEARTS:
            continue
        if broken(prev):
            continue
        others = {c for c in prev.hands[move.seat] if c.suit is not Suit.HEARTS}
        if leading.hearts_and_queen is HeartsAndQueen.HEARTS_OR_QUEEN:
            assert others <= {QUEEN_OF_SPADES}
        else:
            assert not others


# ---------------------------------------------------------------- 10. broken flag


@budget(40)
@given(spec=games())
def test_hearts_broken_flag(spec: GameSpec) -> None:
    """10. hearts_broken is False at each deal, never goes back within a hand, and follows ``broken_by``.

    The final state (game over) is left to the next test.
    """
    game = spec.play()
    for state in game.hand_starts():
        assert state.hearts_broken is False
    for prev, move, nxt in game.steps():
        if hand_ended(prev, nxt):
            continue
        if prev.hearts_broken:
            assert nxt.hearts_broken
        assert nxt.hearts_broken == broken(nxt), f"after {move}"


#: Two players, Q-A (12 cards), hearts broken only by a discarded heart, one hand. Seat 1 leads
#: the K♥ from hearts only (no break), then in the last trick discards the Q♥ on the A♣: that
#: breaks hearts, but the game-over state still says they are not broken.
LAST_TRICK_BREAKS = GameSpec(
    Rules(
        deck=SinglePack(players=2, lowest_rank=Rank.QUEEN),
        passing=NO_PASSING,
        leading=HeartsAfterBroken(broken_by=BrokenBy.HEART_DISCARDED),
        ending=SINGLE_HAND,
    ),
    seed=0,
    move_seed=0,
    deal="shuffled",
)


@budget(20)
@example(spec=LAST_TRICK_BREAKS)
@given(spec=games())
def test_hearts_broken_flag_after_the_last_trick(spec: GameSpec) -> None:
    """10. The game-over state's hearts_broken also counts the cards of the last trick."""
    final = spec.play().states[-1]
    if final.is_over:
        assert final.hearts_broken == broken(final), f"last trick {final.tricks[-1]}"
