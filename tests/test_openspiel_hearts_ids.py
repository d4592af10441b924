"""``hartenjagen.adapters.hearts``: trajectories of OpenSpiel's ``hearts`` map to ``python_hartenjagen``
(``variant="openspiel"``) and back, on random hands of both games under every flag combination's
sample: the same seat acts, the same cards are legal, the same returns, and the round trip is exact."""

from __future__ import annotations

import random

import pytest

import hartenjagen as hj
from hartenjagen.adapters.encoding import card_id

pyspiel = pytest.importorskip("pyspiel")
adapter = pytest.importorskip("hartenjagen.adapters.openspiel")
from hartenjagen.adapters import hearts  # noqa: E402
from hartenjagen.adapters.episodes import EpisodeError  # noqa: E402
from test_openspiel_differential import flags_for  # noqa: E402


def games(index: int) -> tuple[dict[str, bool], object, object]:
    flags = flags_for(index * 53)
    ours = pyspiel.load_game(
        adapter.GAME_NAME, {"variant": "openspiel", "episode": "hand", "returns": "openspiel", **flags}
    )
    return flags, pyspiel.load_game("hearts", flags), ours


def in_step(theirs: object, ours: object, game: object) -> None:
    """The two states agree: the same seat acts, with the same legal cards."""
    assert ours.current_player() == theirs.current_player()
    if not theirs.is_chance_node() and not theirs.is_terminal():
        mapped = sorted(card_id(hearts.hearts_card(a), game.rules) for a in theirs.legal_actions())
        assert sorted(ours.legal_actions()) == mapped


@pytest.mark.parametrize("index", range(12))
def test_a_hearts_trajectory_plays_in_python_hartenjagen(index):
    flags, their_game, game = games(index)
    rng = random.Random(f"hearts->ours/{index}")
    theirs = their_game.new_initial_state()
    while not theirs.is_terminal():
        theirs.apply_action(rng.choice(theirs.legal_actions()))
    history = theirs.history()
    mapped = hearts.from_hearts(history, game)
    # Replayed side by side after the deal: every decision agrees.
    split = len(mapped) - (len(history) - 53)  # our chance actions, then the moves one for one
    replay, ours = their_game.new_initial_state(), game.new_initial_state()
    for action in history[:53]:
        replay.apply_action(action)
    for action in mapped[:split]:
        ours.apply_action(action)
    for theirs_action, our_action in zip(history[53:], mapped[split:], strict=True):
        in_step(replay, ours, game)
        replay.apply_action(theirs_action)
        ours.apply_action(our_action)
    assert ours.is_terminal() and ours.returns() == theirs.returns(), (index, flags)
    assert hearts.to_hearts(mapped, game) == history


@pytest.mark.parametrize("index", range(12))
def test_a_python_hartenjagen_trajectory_plays_in_hearts(index):
    flags, their_game, game = games(index)
    rng = random.Random(f"ours->hearts/{index}")
    ours = game.new_initial_state()
    while not ours.is_terminal():
        legal = [a for a, _ in ours.chance_outcomes()] if ours.is_chance_node() else ours.legal_actions()
        ours.apply_action(rng.choice(legal))
    mapped = hearts.to_hearts(ours.history(), game)
    theirs = their_game.new_initial_state()
    for action in mapped:
        assert action in theirs.legal_actions(), (index, flags, len(theirs.history()))
        theirs.apply_action(action)
    assert theirs.is_terminal() and theirs.returns() == ours.returns(), (index, flags)
    assert hearts.from_hearts(mapped, game) == ours.history()


def test_a_hand_in_progress_maps_to_the_same_point():
    _, their_game, game = games(3)
    theirs = their_game.new_initial_state()
    for _ in range(53 + 20):
        theirs.apply_action(theirs.legal_actions()[-1])
    ours = game.new_initial_state()
    for action in hearts.from_hearts(theirs.history(), game):
        ours.apply_action(action)
    in_step(theirs, ours, game)
    assert hearts.to_hearts(ours.history(), game) == theirs.history()


def test_the_cards_are_rank_times_four_plus_suit():
    assert hearts.hearts_card(43) == hj.Card.parse("QS") and hearts.hearts_action(hj.Card.parse("JD")) == 37
    assert [hearts.hearts_action(hearts.hearts_card(a)) for a in range(52)] == list(range(52))


def test_what_does_not_map_is_refused_saying_why():
    game = games(0)[2]
    with pytest.raises(EpisodeError, match=r"^a hearts card action is a whole number from 0 to 51, not 52$"):
        hearts.hearts_card(52)
    with pytest.raises(EpisodeError, match=r"^a hearts history starts with a direction and 52 cards dealt$"):
        hearts.from_hearts([0, 1, 2], game)
    with pytest.raises(EpisodeError, match=r"^hearts' first action is a pass direction from 0 to 3, not 7$"):
        hearts.from_hearts([7, *range(52)], game)
    with pytest.raises(
        EpisodeError, match=r"^a hearts history starts with all 52 cards dealt: give the whole deal$"
    ):
        hearts.to_hearts(game.new_initial_state().history(), game)
    whole_game = pyspiel.load_game(adapter.GAME_NAME, {"variant": "openspiel", "episode": "game"})
    with pytest.raises(
        EpisodeError, match=r"^hearts' ids map a python_hartenjagen game of one hand dealt card by card$"
    ):
        hearts.from_hearts([0, *range(52)], whole_game)
    black_maria = pyspiel.load_game(adapter.GAME_NAME, {"variant": "black_maria", "episode": "hand"})
    with pytest.raises(
        EpisodeError, match=r"^hearts' ids map a game of 4 seats and 52 cards \(variant='openspiel'\)$"
    ):
        hearts.to_hearts([], black_maria)
    # The A♠ (51) is dealt to seat 3: seat 0 cannot lead it (it leads the 2♣, 0).
    with pytest.raises(
        EpisodeError, match=r"^hearts action 53 does not map to a move here: action 51 is not legal now"
    ):
        hearts.from_hearts([0, *range(52), 51], game)
