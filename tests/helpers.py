"""Helpers for the rule tests: explicit deals, small packs and driving play with ``hj.apply``."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable, Sequence

import hartenjagen as hj
from hartenjagen.cards import ALL_CARDS, parse_cards
from hartenjagen.rules.deck import SinglePack
from hartenjagen.rules.passing import NO_PASSING

#: The whole pack dealt one suit per seat: seat 0 holds every club, so it wins every trick
#: and captures all 52 cards whatever the others play (a forced moon).
ONE_SUIT_EACH: tuple[str, ...] = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)


def names(cards: Iterable[hj.Card] | str) -> set[str]:
    """Card texts as a set: ``names("QS 2H") == {"QS", "2H"}``."""
    return {str(card) for card in parse_cards(cards)}


def legal(state: hj.State) -> set[str]:
    """The cards the seat to move may play, as texts."""
    return {str(move.card) for move in hj.legal_moves(state)}


def pack_of(hands: Sequence[str | Iterable[str]]) -> SinglePack:
    """A single pack holding exactly the cards in ``hands``, dealt to ``len(hands)`` players."""
    held = {card for hand in hands for card in parse_cards(hand)}
    return SinglePack(players=len(hands), removed=[card for card in ALL_CARDS if card not in held])


def no_pass_rules(**slots: object) -> hj.Rules:
    """``hj.Rules`` with the given slots and, unless given, no passing (play starts at once)."""
    slots.setdefault("passing", NO_PASSING)
    return hj.Rules(**slots)  # type: ignore[arg-type]


def game(hands: Sequence[str], *, dealer: int = 0, **slots: object) -> hj.State:
    """A game dealt exactly ``hands`` (card texts per seat); the pack is the cards dealt.

    Play starts at once unless ``passing`` is given.
    """
    slots.setdefault("deck", pack_of(hands))
    return hj.new_game(no_pass_rules(**slots), deal=list(hands), dealer=dealer, seed=0)


def play(state: hj.State, cards: str) -> hj.State:
    """Play ``cards`` (e.g. ``"2C 3C 4C AC"``) in order, each by the seat to move."""
    for card in cards.replace(",", " ").split():
        state = hj.apply(state, hj.Play(state.to_move[0], card))
    return state


def play_out(state: hj.State, *, keep: str = "") -> hj.State:
    """Finish the current hand: each seat plays its first legal card (in card order) not in ``keep``."""
    kept = names(keep)
    hand_index = state.hand_index
    while state.phase is hj.Phase.PLAYING and state.hand_index == hand_index:
        moves = hj.legal_moves(state)
        move = next((m for m in moves if str(m.card) not in kept), moves[0])
        state = hj.apply(state, move)
    return state


def random_move(state: hj.State, rng: random.Random) -> hj.Move:
    """A uniformly random legal move."""
    moves = hj.legal_moves(state)
    return moves[rng.randrange(len(moves))]


def find_state(
    rules: hj.Rules, condition: Callable[[hj.State], bool], *, seeds: Iterable[int] = range(300)
) -> hj.State:
    """The first state of seeded random games under ``rules`` for which ``condition`` holds."""
    for seed in seeds:
        rng = random.Random(seed)
        state = hj.new_game(rules, seed=seed)
        while not state.is_over:
            if condition(state):
                return state
            state = hj.apply(state, random_move(state, rng))
    raise AssertionError("no state found where the condition holds")


def to_move(state: hj.State) -> int:
    """The seat to play."""
    (seat,) = state.to_move
    return seat


#: A mixed deal: seat 2 holds the 2C and three more clubs; every seat holds clubs.
MIXED_DEAL: tuple[str, ...] = (
    "3C 4C 2D 3D 4D 5D 6D 2H 3H 4H 5H 2S 3S",
    "5C 6C 7C 7D 8D 9D TD 6H 7H 8H 4S 5S 6S",
    "2C 8C 9C TC JD QD KD 9H TH JH 7S 8S 9S",
    "JC QC KC AC AD QH KH AH TS JS QS KS AS",
)

#: Worked example 9, second case: seat 0 (N) wins every club trick and so takes every heart and
#: the Q♠, but leads the J♦ to the last trick, which seat 1 (E) wins with the A♦. Play it out
#: with ``play_out(state, keep=JD_TO_EAST_KEEP)``.
JD_TO_EAST: tuple[str, ...] = (
    "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC JD",
    "2C AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2D 3D 4D 5D 6D 7D 8D 9D TD QD KD KH AH",
)
JD_TO_EAST_KEEP = "JD AD KD"


def fill_deal(rules: hj.Rules, fixed: dict[int, str]) -> list[list[str]]:
    """A deal for ``rules`` in which each seat of ``fixed`` holds the cards given there.

    The rest of the pack (two copies of a card in a double deck) tops up every seat to the
    hand size in pack order, seat by seat from seat 0.
    """
    remaining = [str(card) for card in rules.deck.pack()]
    hands: list[list[str]] = [[] for _ in range(rules.players)]
    for seat, cards in fixed.items():
        for card in parse_cards(cards):
            remaining.remove(str(card))
            hands[seat].append(str(card))
    size = len(rules.deck.pack()) // rules.players
    for hand in hands:
        assert len(hand) <= size, "fixed cards exceed a hand"
        while len(hand) < size:
            hand.append(remaining.pop(0))
    return hands


def assert_rollout_plays_the_public_loop(start: hj.State, seed: int) -> None:
    """`hj.rollout` from ``start`` to the hand's end draws exactly what the public loop draws with the same seed.

    The loop picks ``moves[rng.randrange(len(moves))]`` until a hand is scored or the game ends;
    the rollout must reach the same state and leave its generator in the same state.
    """
    rng = random.Random(seed)
    state, scored = start, len(start.score_sheet)
    while not state.is_over and len(state.score_sheet) == scored:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    mine = random.Random(seed)
    assert hj.rollout(start, rng=mine) == state
    assert mine.getstate() == rng.getstate()


def core_env(pure: bool) -> dict[str, str]:
    """This process's environment for a child that runs the interpreted core (``pure``) or the compiled one."""
    env = dict(os.environ)
    env.pop("HARTENJAGEN_PURE_PYTHON", None)
    if pure:
        env["HARTENJAGEN_PURE_PYTHON"] = "1"
    return env


#: After "2C 3C 4C AC 2S AS" (seat 0 leads the 2♠, seat 1 plays the A♠) seat 2 holds the Q♠ and the 5♠.
DROP_AFTER_ACE = ("AC 2S 3D 4D", "2C AS 5D 6D", "3C QS 5S 7D", "4C 6S 8D 9D")
