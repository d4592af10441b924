"""``testing.check_rules`` catches broken rule modules of a user's own, with a short counterexample that replays.

A lead rule that leaves no card to lead, an ending that never ends, a house rule or a passing
module that leaves no legal move, a house rule that peeks at other hands, one that changes as it
is used, one that raises, a scoring whose points hang on the order of the cards, a duplicates rule
that picks another winner; hypothesis shrinks a long failing game to a short one. A lead rule that
offers cards not in the hand is kept to the hand, and the checks no module can trip any more (a
listed card not held, a view that shows hidden cards) still catch an engine patched to break them."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import rules, testing, variants
from hartenjagen.cards import QUEEN_OF_SPADES
from hartenjagen.rules.context import PassContext, PlayContext
from hartenjagen.rules.ending import Ending
from hartenjagen.rules.leading import Leading
from kit_helpers import FAST

# ---------------------------------------------------------------- check_rules catches broken modules


@attrs.frozen
class LeadsTheQueenAnyway(Leading):
    """After trick one the Q♠ may always be led, held or not: the engine keeps only the cards in the hand.

    (It was broken while hooks answered with bitmasks; cards outside ``context.allowed`` are now ignored.)
    """

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        return context.allowed | {QUEEN_OF_SPADES}

    def refusal(self, rules: hj.Rules) -> str:
        return "lead anything, and the Q♠"


@attrs.frozen
class LeadsOnlyTheQueen(rules.HouseRule):
    """Broken: after trick one only the Q♠ may be led, held or not (nothing is left when it is not held)."""

    play_code = "lead_the_queen"
    refusal_text = "lead the Q♠"

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        return {QUEEN_OF_SPADES} if context.leading and context.trick_number > 1 else context.allowed


@attrs.frozen
class LeadsTheQueenOrNothing(Leading):
    """After trick one only the Q♠ may be led: a heart-lead rule, whose empty answer leaves the hand."""

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        return {QUEEN_OF_SPADES}


@attrs.frozen
class NeverEnds(Ending):
    """Broken: the game never ends."""

    def is_over(self, totals: tuple[int, ...], sheet: Any) -> bool:
        return False

    def winners(self, totals: tuple[int, ...]) -> tuple[int, ...]:
        return (0,)


@attrs.frozen
class NothingAfterTrickOne(rules.HouseRule):
    """Broken: from trick two on no card may be played."""

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        return () if context.tricks else context.allowed


@attrs.frozen
class PassesTooFew(rules.passing.PassCycle):
    """Broken: a seat may choose only two of its cards, but must pass three."""

    def passable(self, context: PassContext) -> Iterable[hj.Card]:
        return context.hand[:2]


@attrs.frozen
class PeeksLeft(rules.HouseRule):
    """Broken: a card may not be played if the next seat holds the card just above it.

    A hook sees only what the seat to move may know, so it reads the next seat's hand from its own
    memory of what the engine showed it when that seat was to play (and so changes as it is used).
    """

    seen: dict[int, tuple[hj.Card, ...]] = attrs.field(factory=dict, eq=False, repr=False)

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        self.seen[context.seat] = context.hand
        following = self.seen.get((context.seat + 1) % context.players, ())
        above = {(card.suit, card.rank) for card in following}
        free = {card for card in context.allowed if (card.suit, card.rank + 1) not in above}
        return free or context.allowed


class CountsItsUses(rules.HouseRule):
    """Broken: a house rule with state of its own, which changes as the engine asks it."""

    def __init__(self) -> None:
        self.uses = 0

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        self.uses += 1
        return context.allowed


def _failure(ruleset: hj.Rules, **options: Any) -> testing.RulesCheckFailed:
    with pytest.raises(testing.RulesCheckFailed) as info:
        testing.check_rules(ruleset, **options)
    failure = info.value
    assert isinstance(failure, AssertionError)
    return failure


def test_a_lead_rule_that_offers_cards_not_in_the_hand_is_kept_to_the_hand():
    # The hook answers with a card the leader may not hold; the engine keeps only those allowed.
    ruleset = attrs.evolve(variants.STANDARD, leading=LeadsTheQueenAnyway())
    testing.check_rules(ruleset, games=3)
    state = hj.new_game(ruleset, seed=1, dealer=1)
    without_the_queen = 0
    while not state.score_sheet:
        if state.phase is hj.Phase.PLAYING and state.tricks and not state.trick:
            (seat,) = state.to_move
            assert {move.card for move in hj.legal_moves(state)} == set(state.hands[seat])
            without_the_queen += QUEEN_OF_SPADES not in state.hands[seat]
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert without_the_queen


def test_check_rules_catches_a_house_rule_that_leaves_no_card_to_lead():
    # The nearest mistake to offering a card not in the hand: offering only such a card.
    ruleset = attrs.evolve(variants.STANDARD, extras=(LeadsOnlyTheQueen(),))
    failure = _failure(ruleset, games=5)
    message = str(failure)
    assert failure.problem.startswith("RulesError raised while the state was checked: rule module ")
    assert "LeadsOnlyTheQueen() left no card to play" in message
    assert "rules: Rules(extras=(LeadsOnlyTheQueen(),))" in message
    assert f"new_game(rules, seed={failure.seed}, dealer={failure.dealer})" in message
    # Minimal: the four passes and the four cards of trick one; then the bad lead is asked for.
    assert len(failure.moves) == 8
    assert "1. pass " in message and "8. play " in message
    for number, move in enumerate(failure.moves, start=1):
        assert f"    {number}. {hj.notation.format_move(move)}" in message
    # The error pickles (for test runners that send failures between processes).
    copy = pickle.loads(pickle.dumps(failure))
    assert str(copy) == message and copy.moves == failure.moves
    # The counterexample replays.
    state = _replay(failure)
    (seat,) = state.to_move
    assert state.tricks and not state.trick and QUEEN_OF_SPADES not in state.hands[seat]
    with pytest.raises(hj.RulesError, match=r"LeadsOnlyTheQueen\(\) left no card to play"):
        hj.legal_moves(state)


def test_a_heart_lead_rule_that_allows_no_card_leaves_the_hand():
    """The chain's own fallback (the only-hearts exception): an empty answer of a leading module is the whole hand."""
    ruleset = attrs.evolve(variants.STANDARD, leading=LeadsTheQueenOrNothing())
    testing.check_rules(ruleset, games=2)
    rng = random.Random(3)
    state = hj.new_game(ruleset, seed=3)
    seen = 0
    while not state.score_sheet:
        if state.phase is hj.Phase.PLAYING and state.tricks and not state.trick:
            (seat,) = state.to_move
            hand = state.hands[seat]
            expected = {QUEEN_OF_SPADES} if QUEEN_OF_SPADES in hand else set(hand)
            assert {move.card for move in hj.legal_moves(state)} == expected
            seen += 1
        state = hj.apply(state, rng.choice(list(hj.legal_moves(state))))
    assert seen


def test_check_rules_catches_a_listed_card_not_in_the_hand(monkeypatch):
    # No rule module can offer a card outside the hand any more (the engine keeps its answer to the
    # hand); the check that catches one still does, here with legal_moves patched to list the Q♠ anyway.
    from hartenjagen.testing import _checker

    listed = _checker.legal_moves

    def with_the_queen(state: hj.State) -> Any:
        moves = listed(state)
        if state.phase is hj.Phase.PLAYING and state.tricks and not state.trick:
            (seat,) = state.to_move
            if QUEEN_OF_SPADES not in state.hands[seat]:
                return (*moves, hj.Play(seat, QUEEN_OF_SPADES))
        return moves

    monkeypatch.setattr(_checker, "legal_moves", with_the_queen)
    failure = _failure(variants.STANDARD, games=5)
    assert "does not hold the QS" in failure.problem
    assert len(failure.moves) == 8


def test_check_rules_catches_an_ending_that_never_ends():
    failure = _failure(attrs.evolve(variants.STANDARD, ending=NeverEnds()), games=1, max_moves=300)
    assert failure.problem == "the game did not end within 300 moves"
    assert len(failure.moves) == 300
    assert "more moves" in str(failure)  # a long list is cut in the middle
    assert "300. " in str(failure)


def test_check_rules_catches_a_house_rule_that_leaves_no_move():
    failure = _failure(attrs.evolve(variants.STANDARD, extras=(NothingAfterTrickOne(),)), games=2)
    # The engine refuses a hook that leaves no card of context.allowed, naming the module.
    assert failure.problem.startswith("RulesError raised while the state was checked: rule module ")
    assert "NothingAfterTrickOne() left no card to play (allowed: " in failure.problem
    assert "playable must return at least one card of context.allowed" in failure.problem
    assert len(failure.moves) == 8 and not failure.in_move


def test_check_rules_catches_a_passing_module_that_leaves_no_move():
    failure = _failure(attrs.evolve(variants.STANDARD, passing=PassesTooFew()), games=2)
    assert failure.problem == "no legal move in phase passing, and the game is not over"
    assert failure.moves == () and not failure.in_move
    assert "moves: none (the problem is in the first state)" in str(failure)
    assert not hj.legal_moves(_replay(failure))


def test_check_rules_catches_a_house_rule_that_peeks_at_hidden_cards():
    # A hook's context holds only what the seat to move may know: to read another seat's hand a
    # module must keep it from an earlier call, which changes the module (and the state) as it plays.
    failure = _failure(attrs.evolve(variants.STANDARD, extras=(PeeksLeft(),)), games=3)
    assert "apply changed the state it was given" in failure.problem


def test_check_rules_catches_a_view_that_shows_hidden_cards(monkeypatch):
    # No rule module can make a view show hidden cards any more; the check that catches a view that
    # does still does, here with view patched to show the next seat's hand as the carry-over pile.
    from hartenjagen.testing import _checker

    honest = _checker.view

    def peeking(state: hj.State, seat: int) -> hj.PlayerView:
        return attrs.evolve(honest(state, seat), carry_over=state.hands[(seat + 1) % state.players])

    monkeypatch.setattr(_checker, "view", peeking)
    failure = _failure(variants.STANDARD, games=3)
    assert "the view of seat" in failure.problem and "hidden" in failure.problem


def test_check_rules_catches_a_module_that_changes_as_it_is_used():
    failure = _failure(attrs.evolve(variants.STANDARD, extras=(CountsItsUses(),)), games=1)
    assert "apply changed the state it was given" in failure.problem


def test_check_rules_catches_an_exception_in_a_module():
    @attrs.frozen
    class Crashes(rules.HouseRule):
        def adjustments(self, hand: Any) -> tuple[int, ...] | None:
            raise ZeroDivisionError("division by zero in my house rule")

    failure = _failure(attrs.evolve(variants.STANDARD, extras=(Crashes(),)), games=1)
    assert failure.problem.startswith("ZeroDivisionError raised")
    assert "division by zero in my house rule" in failure.problem
    # Found when the last card of the first hand is tried (as a listed move) or played.
    assert len(failure.moves) in (4 + 51, 4 + 52)


# ---------------------------------------------------------------- hypothesis shrinks; the checks ask the modules


@attrs.frozen
class NothingOnceHeartsBroken(rules.HouseRule):
    """Broken: once hearts are broken no card may be played (random play breaks them late, so games fail long)."""

    def playable(self, context: PlayContext) -> Iterable[hj.Card]:
        return () if context.hearts_broken else context.allowed


@attrs.frozen
class HeartsAfterTheQueenCountTwice(rules.Scoring):
    """Broken: it takes the order of the cards it is given for the order they were taken.

    Each heart after the Q♠ counts 2; but ``points_of`` gets a seat's cards in no order it may rely
    on (the engine gives them sorted, the check in the order taken), so its points are not a
    function of the cards captured.
    """

    def card_value(self, card: hj.Card) -> int:
        return 1 if card.suit is hj.Suit.HEARTS else 13 if card == QUEEN_OF_SPADES else 0

    def points_of(self, cards: Iterable[hj.Card]) -> int:
        points, after_the_queen = 0, False
        for card in cards:
            after_the_queen = after_the_queen or card == QUEEN_OF_SPADES
            points += self.card_value(card) * (2 if after_the_queen and card.suit is hj.Suit.HEARTS else 1)
        return points


@attrs.frozen
class LowestWins(rules.Duplicates):
    """Broken: the lowest card of the suit led wins (the slot only decides between identical cards)."""

    def winner(self, cards: tuple[hj.Card, ...]) -> int | None:
        led = cards[0].suit
        following = [p for p in range(len(cards)) if cards[p].suit is led]
        return min(following, key=lambda p: cards[p].rank)


def _replay(failure: testing.RulesCheckFailed) -> hj.State:
    state = hj.new_game(failure.rules, seed=failure.seed, dealer=failure.dealer)
    for move in failure.moves:
        state = hj.apply(state, move)
    return state


def test_hypothesis_shrinks_a_long_failing_game_to_a_short_one():
    ruleset = attrs.evolve(variants.STANDARD, extras=(NothingOnceHeartsBroken(),))
    failure = _failure(ruleset, games=3)
    # Random play breaks hearts after 38 moves in game 0; hypothesis finds a game half as long.
    assert len(failure.moves) <= 24
    assert failure.problem.startswith("RulesError raised while the state was checked: rule module ")
    assert "NothingOnceHeartsBroken() left no card to play" in failure.problem
    state = _replay(failure)
    assert state.hearts_broken and not failure.in_move
    with pytest.raises(hj.RulesError, match="left no card to play"):
        hj.legal_moves(state)
    # Deterministic: the same seed gives the same counterexample.
    again = _failure(ruleset, games=3)
    assert (again.seed, again.moves, again.problem) == (failure.seed, failure.moves, failure.problem)


def test_check_rules_catches_a_scoring_that_breaks_its_promise():
    # A scoring's points_of is what scores a hand, so it can no longer disagree with another hook of
    # the engine's; the nearest mistake is points that hang on the order the cards are given in.
    failure = _failure(attrs.evolve(variants.STANDARD, scoring=HeartsAfterTheQueenCountTwice()), games=2)
    assert "what scoring.points_of gives for the cards captured" in failure.problem
    # The shortest game that shows it: one hand (four passes, 52 cards), scored in the last move.
    assert len(failure.moves) == 56 and failure.in_move


def test_check_rules_catches_a_duplicates_module_that_picks_another_winner():
    # The engine refuses the module's answer as check_rules would (they agree): when check_rules
    # tries the last card of trick one, the engine raises a RulesError naming the module.
    failure = _failure(attrs.evolve(variants.STANDARD, duplicates=LowestWins()), games=2)
    assert "RulesError" in failure.problem and "LowestWins()" in failure.problem
    assert "with no two identical cards of the suit led the highest one" in failure.problem
    assert len(failure.moves) == 7  # the passes and trick one but its last card


def test_check_rules_inside_a_hypothesis_test_of_your_own():
    broken = attrs.evolve(variants.STANDARD, extras=(NothingAfterTrickOne(),))

    @settings(FAST, max_examples=2)
    @given(st.just(broken))
    def mine(ruleset: hj.Rules) -> None:
        with pytest.raises(testing.RulesCheckFailed) as info:
            testing.check_rules(ruleset, games=1)
        assert len(info.value.moves) == 8
        assert "NothingAfterTrickOne() left no card to play" in info.value.problem

    mine()


def test_check_rules_says_when_it_shrinks_a_failing_game(capsys: pytest.CaptureFixture[str]) -> None:
    _failure(attrs.evolve(variants.STANDARD, ending=NeverEnds()), games=1, max_moves=300, progress=True)
    err = capsys.readouterr().err
    assert "check_rules: game 1 of 1 (seed 0) failed after 300 moves; shrinking it" in err
