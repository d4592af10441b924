"""What hooks see (issue 37, item 1): the previous hand in `OpeningContext`, announcements in
`PlayContext`, a context for ``announces``, the score sheet in the ending."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import rules, testing
from hartenjagen.bots import make_bot
from hartenjagen.cards import QUEEN_OF_SPADES
from hartenjagen.core.table import table_for
from hartenjagen.frontend.records import GameRecord
from hartenjagen.rules import AnnounceContext, MoonContext, OpeningContext, PlayContext
from hartenjagen.rules.ending import winners_of
from helpers import assert_rollout_plays_the_public_loop
from hooks_see_rules import (
    ANNOUNCER_GAME,
    LIVES_GAME,
    LIVES_QUICK,
    MIEZEN_BASE,
    NEW_PLEDGE_GAME,
    PIG_GAME,
    TWO_OF_CLUBS,
    AnnouncerPlaysNoSpade,
    Lives,
    OldLowest,
    OldPledge,
    PigLeads,
    PledgeFromTheSecondHand,
)


def _next_hand(state: hj.State, seed: int = 0) -> hj.State:
    """Random legal moves until the next hand has begun (or the game is over)."""
    rng = random.Random(seed)
    hand = len(state.score_sheet)
    while len(state.score_sheet) == hand and not state.is_over:
        state = hj.apply(state, rng.choice(list(hj.legal_moves(state))))
    return state


def _bots_play(game: hj.Rules, hands: int, seed: int = 11) -> hj.State:
    """Every kind of bot plays ``hands`` hands (or the game), saving, loading, recording and describing."""
    bots = [
        make_bot("random", seed=0), make_bot("heuristic", seed=1), make_bot("sampling", seed=2, samples=4),
        make_bot("heuristic", seed=3),
    ]  # fmt: skip
    state = hj.new_game(game, seed=seed)
    record = GameRecord.begin(state)
    while not state.is_over and len(state.score_sheet) < hands:
        seat = state.to_move[0]
        move = bots[seat].choose(hj.view(state, seat))
        state, events = hj.step(state, move)
        record = record.add(move)
        for event in events:
            assert hj.describe(event, "en").strip() and hj.describe(event, "nl").strip()
    assert hj.loads(hj.dumps(state)) == state
    assert GameRecord.from_text(record.to_text()).final_state() == state
    assert hj.loads(hj.dumps(game)) == game
    return state


# ---------------------------------------------------------------- the previous hand in the opening


def test_the_first_hand_has_no_previous_hand() -> None:
    state = hj.new_game(PIG_GAME, seed=1)
    context = OpeningContext.of(state)
    assert context.previous is None and context.previous_tricks == ()
    assert context.previous_taker(QUEEN_OF_SPADES) is None
    assert TWO_OF_CLUBS in state.hands[state.to_move[0]]


def test_the_opening_sees_the_hand_before_and_the_pig_s_taker_leads() -> None:
    for seed in range(4):
        state = hj.new_game(PIG_GAME, seed=seed)
        for hand in range(1, 4):
            state = _next_hand(state, seed * 10 + hand)
            context = OpeningContext.of(state)
            last = MoonContext.last(state)
            assert context.previous == state.score_sheet[-1] and context.previous.hand_index == hand - 1
            assert context.previous_tricks == last.tricks and len(last.tricks) == 13
            (pig,) = [seat for seat, taken in enumerate(last.cards_taken) if QUEEN_OF_SPADES in taken]
            assert context.previous_taker(QUEEN_OF_SPADES) == pig == state.to_move[0]
            assert PigLeads().leader(context) == pig


def test_a_hand_voided_by_a_revoke_is_the_previous_hand() -> None:
    game = attrs.evolve(PIG_GAME, extras=(rules.extras.RevokePenalty(),))
    state = hj.new_game(game, seed=2)
    state = hj.apply(state, hj.legal_moves(state)[0])  # the 2♣ led
    seat = state.to_move[0]
    wrong = next(card for card in state.hands[seat] if hj.Play(seat, card) not in hj.legal_moves(state))
    state = hj.apply(state, hj.Play(seat, wrong))
    context = OpeningContext.of(state)
    assert context.previous is not None and context.previous.revoke == seat
    assert context.previous_tricks == () and context.previous_taker(QUEEN_OF_SPADES) is None
    assert state.to_move[0] == context.eldest


def test_the_kit_and_every_bot_accept_the_opening_and_its_games_save_and_load() -> None:
    testing.check_rules(PIG_GAME, games=2)
    _bots_play(PIG_GAME, hands=3)


# ---------------------------------------------------------------- announcements in the play context


def _oracle(state: hj.State, base_state: hj.State) -> frozenset[hj.Card]:
    """The legal cards without the hook cache: the base rules' cards narrowed by the hook on a whole context."""
    allowed = frozenset(move.card for move in hj.legal_moves(base_state) if isinstance(move, hj.Play))
    context = PlayContext.of(state, allowed)
    assert type(context) is PlayContext and context.announcers == state.announcers
    return allowed & frozenset(AnnouncerPlaysNoSpade().playable(context))


def _announcing_game(seed: int, hands: int, choose: Callable[[random.Random, hj.Move], bool]) -> int:
    """Play ``hands`` hands checking every play against the oracle; how many plays it checked."""
    rng = random.Random(seed)
    state, base_state = hj.new_game(ANNOUNCER_GAME, seed=seed), hj.new_game(MIEZEN_BASE, seed=seed)
    checked = 0
    while not state.is_over and len(state.score_sheet) < hands:
        moves = hj.legal_moves(state)
        if state.phase is hj.Phase.PLAYING:
            assert frozenset(move.card for move in moves if isinstance(move, hj.Play)) == _oracle(
                state, base_state
            )
            checked += 1
        choices = [move for move in moves if choose(rng, move)] or list(moves)
        move = rng.choice(choices)
        state, base_state = hj.apply(state, move), hj.apply(base_state, move)
    return checked


def test_a_play_hook_that_reads_the_announcers_is_answered_as_on_a_whole_context() -> None:
    # Random announcements: the cache sees the same seat, hand and trick under different announcers.
    for seed in range(6):
        assert _announcing_game(seed, hands=4, choose=lambda rng, move: True) > 0


def test_no_announcement_and_every_seat_announcing() -> None:
    nobody = lambda rng, move: not (isinstance(move, hj.Announce) and move.announce)  # noqa: E731
    everybody = lambda rng, move: not (isinstance(move, hj.Announce) and not move.announce)  # noqa: E731
    # A fresh cache, filled first where nobody announced: a key that ignored the announcers would
    # answer an announcer with a non-announcer's cards (checked: this test fails with such a key).
    table_for(ANNOUNCER_GAME).hook_caches.clear()
    for seed in range(2):
        _announcing_game(seed, hands=2, choose=nobody)
        _announcing_game(seed, hands=2, choose=everybody)
    state = hj.new_game(attrs.evolve(ANNOUNCER_GAME, passing=rules.passing.NO_PASSING), seed=0)
    assert state.phase is hj.Phase.ANNOUNCING
    while state.phase is hj.Phase.ANNOUNCING:
        state = hj.apply(state, hj.Announce(state.to_move[0], True))
    context = PlayContext.of(state)
    assert sorted(context.announcers) == [0, 1, 2, 3]
    playable = {move.card for move in hj.legal_moves(state) if isinstance(move, hj.Play)}
    assert playable == set(AnnouncerPlaysNoSpade().playable(context)) & context.allowed
    assert PlayContext.of(hj.new_game(hj.Rules(passing=rules.passing.NO_PASSING), seed=0)).announcers == ()


def test_the_kit_and_every_bot_accept_a_play_rule_on_the_announcers() -> None:
    testing.check_rules(ANNOUNCER_GAME, games=2)
    _bots_play(ANNOUNCER_GAME, hands=2)


# ---------------------------------------------------------------- a context for the announcement round


def _to_play(state: hj.State, announce: bool = False) -> hj.State:
    while state.phase is hj.Phase.ANNOUNCING:
        state = hj.apply(state, hj.Announce(state.to_move[0], announce))
    return state


def test_the_new_hook_sees_an_announce_context_and_opens_from_the_second_hand() -> None:
    state = hj.new_game(NEW_PLEDGE_GAME, seed=3)
    assert state.phase is hj.Phase.PLAYING  # the first hand: no previous hand, no round
    context = AnnounceContext.of(state)
    assert context.previous is None and context.sheet == () and context.hand_index == 0
    assert context.players == 4 and context.eldest == (state.dealer + 1) % 4
    assert not PledgeFromTheSecondHand().announces(state)  # the old entry answers for a new-form rule
    state = _next_hand(state)
    assert state.phase is hj.Phase.ANNOUNCING
    context = AnnounceContext.of(state)
    assert context.previous == state.score_sheet[-1] and context.sheet == state.score_sheet
    assert context.scores == state.scores and context.dealer == state.dealer and context.hand_index == 1
    assert PledgeFromTheSecondHand().announces(state)
    every = _to_play(state, announce=True)
    assert sorted(every.announcers) == [0, 1, 2, 3] and PlayContext.of(every).announcers == every.announcers
    with pytest.raises(hj.RulesError, match="needs a State"):
        AnnounceContext.of("a state")  # type: ignore[arg-type]


def test_the_old_form_still_works_and_warns_when_the_rules_are_built() -> None:
    with pytest.warns(DeprecationWarning, match=r"OldPledge.announces\(state\) is deprecated"):
        game = hj.Rules(extras=(OldPledge(),), passing=rules.passing.NO_PASSING)
    state = hj.new_game(game, seed=3)
    assert state.phase is hj.Phase.ANNOUNCING  # hand 0: even
    state = _next_hand(_to_play(state, announce=True))
    assert state.phase is hj.Phase.PLAYING  # hand 1: odd
    assert sorted(state.score_sheet[-1].announcers) == [0, 1, 2, 3]
    state = _next_hand(state)
    assert state.phase is hj.Phase.ANNOUNCING
    with pytest.warns(DeprecationWarning):
        testing.check_rules(game, games=2)
        _bots_play(game, hands=3)
    with pytest.warns(DeprecationWarning):
        assert hj.loads(hj.dumps(state)) == state


def test_the_new_form_passes_the_kit_and_every_bot_and_saves_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        testing.check_rules(NEW_PLEDGE_GAME, games=2)
        state = _bots_play(NEW_PLEDGE_GAME, hands=3)
        assert hj.loads(hj.dumps(state)) == state
        hj.Rules(extras=(rules.extras.Miezen(first_half_only=True),), ending=rules.ending.DUTCH_HALVES)


def test_an_answer_that_is_not_true_or_false_is_a_rules_error() -> None:
    @attrs.frozen
    class Maybe(rules.HouseRule):
        def opens_announcements(self, context: AnnounceContext) -> bool:
            return "yes"  # type: ignore[return-value]

    with pytest.raises(hj.RulesError, match="opens_announcements must return True or False"):
        hj.new_game(hj.Rules(extras=(Maybe(),), passing=rules.passing.NO_PASSING), seed=0)


def test_two_announcing_rules_of_either_form_are_refused() -> None:
    with pytest.raises(hj.RulesError, match="both use the announces hook"), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        hj.Rules(extras=(PledgeFromTheSecondHand(), OldPledge()))


# ---------------------------------------------------------------- the score sheet in the ending


def _line(index: int, points: tuple[int, ...], revoke: int | None = None) -> hj.HandResult:
    return hj.HandResult(index, index % 4, points, points, points, None, revoke=revoke)


def test_lives_are_read_off_the_sheet() -> None:
    lives = Lives()
    assert lives.lives_left((), 4) == (3, 3, 3, 3) and not lives.is_over((0, 0, 0, 0), ())
    sheet = (_line(0, (20, 6, 0, 0)), _line(1, (0, 0, 26, 0), revoke=2), _line(2, (19, 0, 7, 0)))
    assert lives.lives_left(sheet, 4) == (2, 3, 3, 3)  # 20 costs a life, 19 does not, a revoke neither
    points = ((20, 26, 26, 20), (0, 26, 26, 0), (20, 26, 26, 20), (20, 0, 0, 20))
    hard = tuple(_line(i, line) for i, line in enumerate(points))
    assert not lives.is_over((0, 0, 0, 0), hard[:-1])  # two seats standing, one life each
    assert lives.lives_left(hard, 4) == (0, 0, 0, 0) and lives.is_over((0, 0, 0, 0), hard)
    # All out in the same hand: those with the most lives before it win (seats 0 and 3 had 1 each),
    # the lower total among them.
    assert lives.lives_left(hard[:-1], 4) == (1, 0, 0, 1)
    assert lives.winners((78, 156, 156, 80), hard) == (0,)
    assert lives.winners((80, 156, 156, 80), hard) == (0, 3)
    last = tuple(_line(i, (0, 26, 26, 26)) for i in range(3))
    assert lives.is_over((0, 78, 78, 78), last) and lives.winners((0, 78, 78, 78), last) == (0,)
    assert not lives.is_over((0, 52, 52, 52), last[:2])  # the last life still to lose


def test_winners_of_gives_the_sheet_only_to_a_winners_that_takes_it() -> None:
    sheet = (_line(0, (0, 26, 26, 26)),) * 3
    assert winners_of(Lives(), (9, 8, 7, 6), sheet) == (0,)  # the sheet decides, not the totals
    assert winners_of(OldLowest(), (9, 8, 7, 6), sheet) == (3,)
    assert winners_of(rules.ending.TO_100, (9, 8, 7, 6), sheet) == (3,)


def test_a_lives_game_ends_by_the_sheet_and_its_totals_and_texts_stay_honest() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = hj.new_game(LIVES_QUICK, seed=seed)
        said: list[str] = []
        while not state.is_over:
            state, events = hj.step(state, rng.choice(list(hj.legal_moves(state))))
            said.extend(hj.describe(event, "en", rules=LIVES_QUICK) for event in events)
        sheet = state.score_sheet
        sums = tuple(sum(line.points[seat] for line in sheet) for seat in range(4))
        assert state.scores == sums == sheet[-1].totals  # no lives coded into the totals
        ending = LIVES_QUICK.ending
        assert isinstance(ending, Lives)
        assert sum(1 for left in ending.lives_left(sheet, 4) if left) <= 1
        assert sum(1 for left in ending.lives_left(sheet[:-1], 4) if left) > 1  # it ended at the first chance
        assert state.winners == ending.winners(state.scores, sheet)
        totals = ", ".join(map(str, state.scores))
        assert any(totals in sentence for sentence in said), said[-3:]
        assert all(max(state.scores) < 1000 for _ in said)


def test_an_ending_written_before_winners_took_the_sheet_still_ends_its_games() -> None:
    game = hj.Rules(ending=OldLowest(), passing=rules.passing.NO_PASSING)
    state = hj.new_game(game, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state = hj.apply(state, rng.choice(list(hj.legal_moves(state))))
    best = min(state.scores)
    assert len(state.score_sheet) == 2
    assert state.winners == tuple(seat for seat, total in enumerate(state.scores) if total == best)
    testing.check_rules(game, games=2)


def test_the_kit_and_every_bot_accept_the_lives_ending() -> None:
    testing.check_rules(LIVES_QUICK, games=2)
    state = _bots_play(LIVES_QUICK, hands=100)
    assert state.is_over and hj.loads(hj.dumps(state)) == state
    assert hj.loads(hj.dumps(LIVES_GAME)) == LIVES_GAME


def test_the_fused_playout_plays_the_public_loop_with_a_rule_on_the_announcers() -> None:
    for seed in range(4):
        start = _to_play(
            hj.new_game(attrs.evolve(ANNOUNCER_GAME, passing=rules.passing.NO_PASSING), seed=seed), True
        )
        assert_rollout_plays_the_public_loop(start, seed)
