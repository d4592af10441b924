"""Differential test: one hand of our engine against OpenSpiel's Hearts, move by move.

Each hand runs on both engines at once with the same eight OpenSpiel flags
(``hartenjagen.variants.openspiel(**flags)`` on our side), the same deal, the
same passes and the same plays, and checks that they agree on

* who is to act at every step (the passer in OpenSpiel's fixed seat order, the
  player to play),
* the cards each seat holds after the exchange of passed cards,
* the set of legal cards at every play (all 52 plays of the hand),
* the points each seat scores for the hand.

OpenSpiel conventions (open_spiel/games/hearts/hearts.h and hearts.cc, checked
against open-spiel 2.0.2 in ``test_openspiel_conventions`` below):

* Seats 0..3 are N, E, S, W, clockwise; passing left gives to seat + 1, as ours.
* The first chance action is the pass direction: 0 no pass, 1 left, 2 across,
  3 right (the receiver is ``(seat + action) % 4``). With ``pass_cards=False``
  only 0 is legal.
* Then 52 chance actions each deal one card; the i-th card dealt goes to seat
  ``i % 4`` (seat 0 first). Our side gets the same hands as an explicit deal,
  with dealer 3 so that eldest is seat 0 too.
* A card (chance or play action) is ``rank * 4 + suit``: ranks 2..A are 0..12,
  suits clubs, diamonds, hearts, spades are 0..3. The Q♠ is 43, the J♦ is 37.
* Passing is one card per action: seat 0 passes its three cards, then 1, 2, 3.
* ``returns()`` is ``26 - points`` per seat at the end (``HeartsState::Returns``),
  so the hand points are ``26 - returns()[seat]``; they are cross-checked
  against the binding's ``state.points(seat)``.

Every combination of the eight flags is played ``N_HANDS / 256`` times. The
deal, pass direction, passes and plays are random, seeded per hand from
``BASE_SEED`` (override with the environment variable ``HJ_OPENSPIEL_SEED``);
a failure names the hand's index, seed and flags, and ``play_hand(index)``
replays it. To reach the rare rules (shooting the moon, a leader holding only
hearts and the Q♠, forced penalty cards on trick one, seats winning no trick)
part of the hands are dealt with one seat holding the Q♠ and many hearts, and
in some of those that seat plays its highest cards and the others their lowest.

OpenSpiel plays single hands only; ``test_whole_games_agree_with_openspiel_hand_by_hand``
checks whole games. It plays ``N_GAMES`` games to 100 in our engine, each with
random flags, as ``variants.openspiel(**flags)`` with the pass cycle left,
right, across, hold (no passing without ``pass_cards``) and
``ScoreLimit(100)``, and replays every hand in OpenSpiel: the same deal (our
``state.dealt``), the same pass direction, passes and plays. It checks the
legal cards at every play and each hand's points, that our running totals are
the sums of OpenSpiel's hand points, that the game ends exactly when a total
reaches 100, and the winners. ``play_game(index)`` replays game ``index``.
"""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.cards import QUEEN_OF_SPADES, Card, Rank, Suit

pyspiel = pytest.importorskip("pyspiel")

#: Hands played per run (a multiple of 256 plays every flag combination equally often).
N_HANDS = 2048
#: Seed of the whole run; hand ``i`` is seeded with ``f"{BASE_SEED}/{i}"``.
BASE_SEED = int(os.environ.get("HJ_OPENSPIEL_SEED", "20240611"))

#: OpenSpiel's eight game parameters, in the order of hearts.cc.
FLAGS: tuple[str, ...] = (
    "pass_cards",
    "no_pts_on_first_trick",
    "can_lead_any_club",
    "jd_bonus",
    "avoid_all_tricks_bonus",
    "must_break_hearts",
    "qs_breaks_hearts",
    "can_lead_hearts_instead_of_qs",
)
#: OpenSpiel's pass-direction chance action -> our direction (hearts.h ``PassDir``).
PASS_DIRECTIONS: dict[int, hj.PassRoute] = {
    0: hj.PassRoute.HOLD,
    1: hj.PassRoute.LEFT,
    2: hj.PassRoute.ACROSS,
    3: hj.PassRoute.RIGHT,
}
#: OpenSpiel's total of positive points; ``returns() = TOTAL - points``.
OPENSPIEL_TOTAL = 26
#: Dealer on our side: OpenSpiel deals the first card to seat 0, i.e. eldest is seat 0.
DEALER = 3
PLAYERS = 4


def os_card(action: int) -> Card:
    """The card of an OpenSpiel card action (``rank * 4 + suit``)."""
    return Card(Rank(action // 4 + 2), Suit(action % 4))


def os_action(card: Card) -> int:
    """The OpenSpiel action of a card."""
    return (card.rank - 2) * 4 + card.suit


def flags_for(index: int) -> dict[str, bool]:
    """The flags of hand ``index``: bit ``k`` of ``index % 256`` is flag ``FLAGS[k]``."""
    combination = index % (1 << len(FLAGS))
    return {name: bool(combination >> bit & 1) for bit, name in enumerate(FLAGS)}


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in sorted(cards))


@dataclass
class HandLog:
    """What happened in one hand: the context printed on a failure, and coverage counts."""

    index: int
    seed: str
    flags: dict[str, bool]
    style: str = ""
    direction: hj.PassRoute = hj.PassRoute.HOLD
    events: list[str] = field(default_factory=list)
    coverage: Counter[str] = field(default_factory=Counter)

    def fail(self, what: str) -> str:
        history = "\n  ".join(self.events[-12:])
        return (
            f"OpenSpiel disagrees with hartenjagen in hand {self.index} (seed {self.seed!r}, "
            f"style {self.style}, pass {self.direction.value})\n"
            f"flags: {self.flags}\n{what}\nlast events:\n  {history}\n"
            f"replay: play_hand({self.index}) in tests/test_openspiel_differential.py "
            f"with HJ_OPENSPIEL_SEED={BASE_SEED}"
        )


def _deal(rng: random.Random, style: str) -> tuple[list[int], int]:
    """The 52 dealing actions in order, and the seat holding a stacked hand (or -1)."""
    actions = list(range(52))
    rng.shuffle(actions)
    if style == "uniform":
        return actions, -1
    # Stacked: one seat gets the Q♠, many hearts and the rest at random.
    target = rng.randrange(PLAYERS)
    hearts = [os_action(Card(rank, Suit.HEARTS)) for rank in Rank]
    queen = os_action(QUEEN_OF_SPADES)
    chosen = [queen, *rng.sample(hearts, rng.randint(5, 12))]
    others = [a for a in actions if a not in chosen]
    fill = 13 - len(chosen)
    chosen += others[:fill]
    rest = others[fill:]
    rng.shuffle(chosen)
    hands = [rest[i * 13 : (i + 1) * 13] for i in range(3)]
    hands.insert(target, chosen)
    # Interleave the hands into dealing order: the i-th card dealt goes to seat i % 4.
    return [hands[i % PLAYERS][i // PLAYERS] for i in range(52)], target


def _choose(rng: random.Random, cards: list[Card], seat: int, shooter: int) -> Card:
    """A card among the legal ``cards``: uniform, or steered towards a moon for ``shooter``."""
    if shooter < 0 or rng.random() < 0.1:
        return rng.choice(cards)
    if seat == shooter:
        return max(cards, key=lambda c: (c.rank, c.suit))
    return min(cards, key=lambda c: (c.rank, c.suit))


def play_hand(index: int) -> HandLog:
    """Play hand ``index`` on both engines, asserting they agree; return its log."""
    seed = f"{BASE_SEED}/{index}"
    rng = random.Random(seed)
    flags = flags_for(index)
    roll = rng.random()
    style = "uniform" if roll < 0.5 else "stacked" if roll < 0.75 else "moon"
    log = HandLog(index, seed, flags, style)

    game = pyspiel.load_game("hearts", dict(flags))
    theirs = game.new_initial_state()

    # Pass direction: the first chance node.
    assert theirs.is_chance_node(), log.fail("the first node is not a chance node")
    directions = theirs.legal_actions()
    expected = [0] if not flags["pass_cards"] else [0, 1, 2, 3]
    assert directions == expected, log.fail(f"pass-direction outcomes {directions}, expected {expected}")
    direction_action = rng.choice(directions)
    theirs.apply_action(direction_action)
    log.direction = PASS_DIRECTIONS[direction_action]
    log.events.append(f"pass direction {direction_action} ({log.direction.value})")

    # Deal: 52 chance actions, the i-th to seat i % 4.
    deal_actions, target = _deal(rng, "uniform" if style == "uniform" else "stacked")
    for action in deal_actions:
        assert theirs.is_chance_node() and action in theirs.legal_actions(), log.fail(f"cannot deal {action}")
        theirs.apply_action(action)
    deal = [[os_card(a) for a in deal_actions[seat::PLAYERS]] for seat in range(PLAYERS)]
    log.events.append("deal " + " | ".join(_cards(hand) for hand in deal))
    dealt = [sorted(str(c) for c in hand) for hand in deal]
    assert [sorted(h) for h in theirs.to_struct().hands] == dealt, log.fail(
        f"OpenSpiel dealt {theirs.to_struct().hands}, expected {dealt}"
    )

    rules = hj.variants.openspiel(pass_direction=log.direction, **flags)
    ours = hj.new_game(rules, deal=deal, dealer=DEALER)
    shooter = target if style == "moon" else -1

    # Passing: OpenSpiel's seats pass in order 0..3, one card per action.
    passes = flags["pass_cards"] and log.direction != hj.PassRoute.HOLD
    assert (ours.phase is hj.Phase.PASSING) == passes, log.fail(f"our phase is {ours.phase}")
    if passes:
        assert ours.pass_direction == log.direction and ours.pass_count == 3, log.fail(
            f"our pass: {ours.pass_direction} x {ours.pass_count}"
        )
        for seat in range(PLAYERS):
            hand = ours.hands[seat]
            assert theirs.current_player() == seat, log.fail(
                f"OpenSpiel's passer is {theirs.current_player()}, not {seat}"
            )
            offered = {os_card(a) for a in theirs.legal_actions()}
            assert offered == set(hand), log.fail(
                f"seat {seat} may pass {_cards(offered)} in OpenSpiel, holds {_cards(hand)} in ours"
            )
            if seat == shooter:
                chosen = sorted(hand, key=lambda c: (c.rank, c.suit))[:3]
            else:
                chosen = rng.sample(hand, 3)
            move = hj.Pass(seat, chosen)
            assert move in hj.legal_moves(ours), log.fail(f"{move!r} is not among our legal passes")
            ours = hj.apply(ours, move)
            for card in chosen:
                action = os_action(card)
                assert theirs.current_player() == seat and action in theirs.legal_actions(), log.fail(
                    f"OpenSpiel will not let seat {seat} pass {card}"
                )
                theirs.apply_action(action)
            log.events.append(f"seat {seat} passes {_cards(chosen)}")
        theirs_hands = [sorted(h) for h in theirs.to_struct().hands]
        ours_hands = [sorted(str(c) for c in hand) for hand in ours.hands]
        assert theirs_hands == ours_hands, log.fail(
            f"hands after the exchange differ:\n  OpenSpiel {theirs_hands}\n  ours      {ours_hands}"
        )
    assert ours.phase is hj.Phase.PLAYING, log.fail(f"our phase after passing is {ours.phase}")

    # Play: the same legal cards at each of the 52 plays.
    for position in range(52):
        trick, place = divmod(position, PLAYERS)
        seat = theirs.current_player()
        where = f"trick {trick + 1}, card {place + 1}, seat {seat}"
        assert ours.to_move == (seat,), log.fail(f"{where}: OpenSpiel's seat to play, ours {ours.to_move}")
        their_cards = sorted(os_card(a) for a in theirs.legal_actions())
        plays = [m for m in hj.legal_moves(ours) if isinstance(m, hj.Play) and m.seat == seat]
        assert len(plays) == len(hj.legal_moves(ours)), log.fail(f"{where}: our moves are not all plays")
        our_cards = sorted(m.card for m in plays)
        hand = ours.hands[seat]
        _note_coverage(log, ours, hand, trick, place)
        assert their_cards == our_cards, log.fail(
            f"{where}: legal cards differ\n  OpenSpiel {_cards(their_cards)}\n  ours      {_cards(our_cards)}\n"
            f"  hand {_cards(hand)}; trick so far {[str(p) for p in ours.trick]}; "
            f"hearts broken (ours) {ours.hearts_broken}, (OpenSpiel) {theirs.hearts_broken()}"
        )
        card = _choose(rng, our_cards, seat, shooter)
        ours = hj.apply(ours, hj.Play(seat, card))
        theirs.apply_action(os_action(card))
        log.events.append(f"{where} plays {card} from {_cards(our_cards)}")

    # Score: OpenSpiel returns 26 - points.
    assert theirs.is_terminal() and ours.is_over, log.fail("the hand did not end on both sides")
    their_points = tuple(OPENSPIEL_TOTAL - round(r) for r in theirs.returns())
    direct = tuple(theirs.points(s) for s in range(PLAYERS))
    assert their_points == direct, log.fail(f"OpenSpiel returns {theirs.returns()} vs points {direct}")
    result = ours.score_sheet[-1]
    assert result.points == their_points, log.fail(
        f"hand points differ: OpenSpiel {their_points}, ours {result.points} "
        f"(raw {result.raw}, shooter {result.shooter}, tricks won {ours.tricks_won})"
    )
    if result.shooter is not None:
        log.coverage["moon"] += 1
    if 0 in ours.tricks_won:
        log.coverage["seat without tricks"] += 1
    if flags["jd_bonus"] and any(hj.Card.parse("JD") in taken for taken in ours.taken):
        log.coverage["jack of diamonds taken"] += 1
    return log


def _note_coverage(log: HandLog, state: hj.State, hand: tuple[Card, ...], trick: int, place: int) -> None:
    """Count the rule situations this position exercises."""
    if place == 0 and trick > 0 and not state.hearts_broken:
        others = {c for c in hand if c.suit is not Suit.HEARTS}
        if others == {QUEEN_OF_SPADES} and len(hand) > 1:
            log.coverage["lead from only hearts and the Q♠, unbroken"] += 1
        elif not others:
            log.coverage["lead from only hearts, unbroken"] += 1
    if trick == 0 and place > 0:
        led = state.trick[0].card.suit
        if not any(c.suit is led for c in hand) and all(
            c.suit is Suit.HEARTS or c is QUEEN_OF_SPADES for c in hand
        ):
            log.coverage["forced penalty card on trick 1"] += 1


def test_openspiel_conventions() -> None:
    """The encodings this test relies on, as OpenSpiel 2.0.2 actually behaves."""
    state = pyspiel.load_game("hearts").new_initial_state()
    assert [state.action_to_string(a) for a in range(4)] == ["No Pass", "Left", "Across", "Right"]
    state.apply_action(1)
    for action in range(52):  # deal the cards in action order: card i goes to seat i % 4
        state.apply_action(action)
    hands = state.to_struct().hands
    for action in range(52):
        assert str(os_card(action)) in hands[action % 4]
        assert state.action_to_string(action) == str(os_card(action))
    assert os_action(QUEEN_OF_SPADES) == 43 and os_action(hj.Card.parse("JD")) == 37
    # Passing left: seat s's cards end with seat s + 1.
    passed = {}
    for seat in range(PLAYERS):
        actions = state.legal_actions()[:3]
        passed[seat] = actions
        for action in actions:
            state.apply_action(action)
    hands = state.to_struct().hands
    for seat, actions in passed.items():
        assert all(str(os_card(a)) in hands[(seat + 1) % PLAYERS] for a in actions)
    assert state.current_player() == next(s for s in range(4) if "2C" in hands[s])
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert [OPENSPIEL_TOTAL - r for r in state.returns()] == [state.points(s) for s in range(PLAYERS)]


def test_flag_combinations_cover_every_flag_setting() -> None:
    combinations = {tuple(flags_for(i).values()) for i in range(N_HANDS)}
    assert N_HANDS >= 300
    assert combinations == set(itertools.product((False, True), repeat=len(FLAGS)))


def test_hands_agree_with_openspiel() -> None:
    coverage: Counter[str] = Counter()
    for index in range(N_HANDS):
        coverage += play_hand(index).coverage
    print(f"\n{N_HANDS} hands agree with OpenSpiel (seed {BASE_SEED}); situations covered: {dict(coverage)}")
    # The rare rules were really exercised, not just the common path.
    for situation in (
        "moon",
        "seat without tricks",
        "jack of diamonds taken",
        "lead from only hearts and the Q♠, unbroken",
        "lead from only hearts, unbroken",
        "forced penalty card on trick 1",
    ):
        assert coverage[situation] > 0, f"seed {BASE_SEED}: no hand exercised {situation!r}: {dict(coverage)}"


# ---------------------------------------------------------------- whole games, hand by hand

#: Whole games per run of the multi-hand test (each to 100 points: some ten hands).
N_GAMES = 100
#: Our pass cycle in the multi-hand games; OpenSpiel draws each hand's direction, we give it ours.
PASS_CYCLE = (hj.PassRoute.LEFT, hj.PassRoute.RIGHT, hj.PassRoute.ACROSS, hj.PassRoute.HOLD)
#: Our direction -> OpenSpiel's pass-direction chance action.
OS_DIRECTION: dict[hj.PassRoute, int] = {direction: action for action, direction in PASS_DIRECTIONS.items()}
GAME_LIMIT = 100


def multi_hand_rules(flags: dict[str, bool]) -> hj.Rules:
    """OpenSpiel's hand with these flags, played as a whole game: pass left, right, across, hold; to 100."""
    rules = hj.variants.openspiel(pass_direction=hj.PassRoute.LEFT, **flags)
    passing = hj.rules.passing.PassCycle(directions=PASS_CYCLE) if flags["pass_cards"] else rules.passing
    return attrs.evolve(rules, passing=passing, ending=hj.rules.ending.ScoreLimit(GAME_LIMIT))


@dataclass
class GameLog:
    """What happened in one whole game: the context of a failure, and coverage counts."""

    index: int
    seed: str
    flags: dict[str, bool]
    hand: int = 0
    events: list[str] = field(default_factory=list)
    coverage: Counter[str] = field(default_factory=Counter)

    def fail(self, what: str) -> str:
        history = "\n  ".join(self.events[-12:])
        return (
            f"OpenSpiel disagrees with hartenjagen in game {self.index}, hand {self.hand + 1} "
            f"(seed {self.seed!r})\nflags: {self.flags}\n{what}\nlast events:\n  {history}\n"
            f"replay: play_game({self.index}) in tests/test_openspiel_differential.py "
            f"with HJ_OPENSPIEL_SEED={BASE_SEED}"
        )


def _replay_hand(
    ours: hj.State, game: Any, rng: random.Random, log: GameLog
) -> tuple[hj.State, tuple[int, ...]]:
    """Play our current hand to its end and the same hand in OpenSpiel; return our next state and OpenSpiel's points."""
    hand_index = ours.hand_index
    log.hand = hand_index
    direction = ours.pass_direction
    assert direction == PASS_CYCLE[hand_index % 4] or not log.flags["pass_cards"], log.fail(
        f"our pass {direction}"
    )
    theirs = game.new_initial_state()
    action = OS_DIRECTION[direction]
    assert action in theirs.legal_actions(), log.fail(f"OpenSpiel cannot pass {direction.value}")
    theirs.apply_action(action)
    # Deal our hand's cards: OpenSpiel's i-th card dealt goes to seat i % 4.
    dealt = ours.dealt
    for i in range(52):
        theirs.apply_action(os_action(dealt[i % PLAYERS][i // PLAYERS]))
    assert [sorted(h) for h in theirs.to_struct().hands] == [sorted(map(str, h)) for h in dealt], log.fail(
        f"OpenSpiel dealt {theirs.to_struct().hands}, ours {dealt}"
    )
    log.events.append(f"hand {hand_index + 1}: dealer {ours.dealer}, pass {direction.value}")
    log.coverage[f"pass {direction.value}"] += 1

    if ours.phase is hj.Phase.PASSING:
        for seat in range(PLAYERS):
            assert theirs.current_player() == seat, log.fail(
                f"OpenSpiel's passer is {theirs.current_player()}"
            )
            hand = ours.hands[seat]
            assert {os_card(a) for a in theirs.legal_actions()} == set(hand), log.fail(
                f"seat {seat} pass options"
            )
            chosen = rng.sample(hand, 3)
            ours = hj.apply(ours, hj.Pass(seat, chosen))
            for card in chosen:
                theirs.apply_action(os_action(card))
            log.events.append(f"seat {seat} passes {_cards(chosen)}")
        theirs_hands = [sorted(h) for h in theirs.to_struct().hands]
        ours_hands = [sorted(str(c) for c in hand) for hand in ours.hands]
        assert theirs_hands == ours_hands, log.fail(
            f"hands after the exchange: {theirs_hands} vs {ours_hands}"
        )
    assert ours.phase is hj.Phase.PLAYING, log.fail(f"our phase after passing is {ours.phase}")

    # A moon attempt now and then: one seat plays high, the others low.
    shooter = rng.randrange(PLAYERS) if rng.random() < 0.3 else -1
    for position in range(52):
        seat = theirs.current_player()
        where = f"trick {position // PLAYERS + 1}, card {position % PLAYERS + 1}, seat {seat}"
        assert ours.hand_index == hand_index and ours.to_move == (seat,), log.fail(
            f"{where}: OpenSpiel's seat to play, ours {ours.to_move} in hand {ours.hand_index + 1}"
        )
        their_cards = sorted(os_card(a) for a in theirs.legal_actions())
        moves = hj.legal_moves(ours)
        plays = [move for move in moves if isinstance(move, hj.Play) and move.seat == seat]
        assert len(plays) == len(moves), log.fail(f"{where}: our moves are not all plays by seat {seat}")
        our_cards = sorted(move.card for move in plays)
        assert their_cards == our_cards, log.fail(
            f"{where}: legal cards differ\n  OpenSpiel {_cards(their_cards)}\n  ours      {_cards(our_cards)}\n"
            f"  hand {_cards(ours.hands[seat])}; trick {[str(p) for p in ours.trick]}; "
            f"hearts broken (ours) {ours.hearts_broken}, (OpenSpiel) {theirs.hearts_broken()}"
        )
        card = _choose(rng, our_cards, seat, shooter)
        ours = hj.apply(ours, hj.Play(seat, card))
        theirs.apply_action(os_action(card))
        log.events.append(f"{where} plays {card} from {_cards(our_cards)}")
    assert theirs.is_terminal(), log.fail("OpenSpiel's hand did not end")
    assert len(ours.score_sheet) == hand_index + 1, log.fail("our hand did not end")
    their_points = tuple(OPENSPIEL_TOTAL - round(r) for r in theirs.returns())
    result = ours.score_sheet[hand_index]
    assert result.points == their_points, log.fail(
        f"hand points differ: OpenSpiel {their_points}, ours {result.points} (raw {result.raw}, shooter {result.shooter})"
    )
    if result.shooter is not None:
        log.coverage["moon"] += 1
    return ours, their_points


def play_game(index: int) -> GameLog:
    """Play whole game ``index`` in our engine and each of its hands in OpenSpiel, asserting they agree."""
    seed = f"{BASE_SEED}/game/{index}"
    rng = random.Random(seed)
    flags = flags_for(rng.randrange(1 << len(FLAGS)))
    log = GameLog(index, seed, flags)
    game = pyspiel.load_game("hearts", dict(flags))
    ours = hj.new_game(multi_hand_rules(flags), seed=rng.randrange(1 << 32), dealer=rng.randrange(PLAYERS))
    totals = [0] * PLAYERS
    while not ours.is_over:
        ours, points = _replay_hand(ours, game, rng, log)
        totals = [total + p for total, p in zip(totals, points, strict=True)]
        # Our running totals are the sums of OpenSpiel's hand points; the game ends once one reaches 100.
        assert list(ours.scores) == totals, log.fail(f"our totals {ours.scores}, OpenSpiel's sums {totals}")
        assert ours.is_over == (max(totals) >= GAME_LIMIT), log.fail(f"game over {ours.is_over} at {totals}")
        assert len(ours.score_sheet) < 200, log.fail("the game does not end")
    lowest = min(totals)
    assert ours.winners == tuple(s for s in range(PLAYERS) if totals[s] == lowest), log.fail(
        f"winners {ours.winners} with totals {totals}"
    )
    log.coverage["hands"] += len(ours.score_sheet)
    log.coverage["games"] += 1
    return log


def test_whole_games_agree_with_openspiel_hand_by_hand() -> None:
    coverage: Counter[str] = Counter()
    flag_settings: set[tuple[str, bool]] = set()
    for index in range(N_GAMES):
        log = play_game(index)
        coverage += log.coverage
        flag_settings |= set(log.flags.items())
    print(f"\n{N_GAMES} whole games agree with OpenSpiel (seed {BASE_SEED}): {dict(coverage)}")
    assert N_GAMES >= 30 and coverage["games"] == N_GAMES
    for situation in ("moon", "pass left", "pass right", "pass across", "pass hold"):
        assert coverage[situation] > 0, f"seed {BASE_SEED}: no hand exercised {situation!r}: {dict(coverage)}"
    # Every flag was on in some game and off in another.
    assert flag_settings == {(name, value) for name in FLAGS for value in (False, True)}
