"""The heuristic's state door chooses what its view door chooses (issue 41, item 3).

`HeuristicBot.choose_at(state, seat)` reads the seat's facts from the state
(the completed tricks as plain fields, `hartenjagen.core.seat_reading`)
instead of building ``view(state, seat)``: over random positions of many
presets, passing and playing, it returns the same move and leaves the bot's
random source where ``choose(view(state, seat))`` leaves it. The adapters that
drive heuristic opponents from a state play the same episodes as the view path.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import family, family_jokers, variants
from hartenjagen.bots import BotError, HeuristicBot, choose_for, play_game
from hartenjagen.bots._seat_view import SeatView, seat_view
from hartenjagen.core import seat_reading
from hartenjagen.rules.context import TrickContext
from hartenjagen.rules.trick_winner import HighestOfLed, TrickWinner


@attrs.frozen(repr=False)
class _LowestOnEvenTricks(TrickWinner):
    """A house rule of one's own: on the 2nd, 4th, ... trick the lowest card of the suit led wins.

    It reads the tricks before (``trick.tricks``): the state door must give them as the view does.
    """

    def winner(self, trick: TrickContext) -> int | None:
        if len(trick.tricks) % 2 == 0:
            return HighestOfLed().winner(trick)
        led = trick.trick[0].card.suit
        cards = [(p.card.rank, i) for i, p in enumerate(trick.trick) if p.card.suit is led]
        return min(cards)[1]


RULES = {
    "standard": variants.STANDARD,
    "moon_choice": variants.STANDARD_MOON_CHOICE,
    "dutch": variants.DUTCH,
    "black_maria": variants.BLACK_MARIA,
    "black_lady_3": variants.BLACK_LADY_3,
    "six_double_deck": variants.SIX_DOUBLE_DECK,
    "partnership_hearts": variants.get("partnership_hearts"),
    "joker_hearts": family_jokers.joker_hearts(),
    "cancellation_hearts": variants.get("cancellation_hearts"),
    "omnibus": variants.get("omnibus"),
    "spot_hearts": variants.get("spot_hearts"),
    "pink_lady": variants.get("pink_lady"),
    "polignac": family.polignac(),
    "achterhoek": variants.get("achterhoek"),
    "gong_zhu": variants.get("gong_zhu"),
    "domino_hearts": variants.get("domino_hearts"),
    "heartsette": variants.get("heartsette"),
    "own_trick_winner": attrs.evolve(variants.STANDARD, trick_winner=_LowestOnEvenTricks()),
}


def _positions(rules: hj.Rules, seed: int, count: int) -> Iterator[tuple[hj.State, int]]:
    """``count`` positions of a random game of ``rules`` at which a seat is to move (every seat that may pass)."""
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    while not state.is_over and count > 0:
        for seat in state.to_move:
            yield state, seat
            count -= 1
        moves = hj.legal_moves(state)
        if state.phase is hj.Phase.PASSING:
            seat = state.to_move[0]
            options = moves.passable(seat)  # type: ignore[attr-defined]
            state = hj.apply(state, hj.Pass(seat, rng.sample(options, state.pass_count)))
        else:
            state = hj.apply(state, moves[rng.randrange(len(moves))])


def _same_choice(state: hj.State, seat: int, bot_seed: int) -> None:
    by_view, by_state = HeuristicBot(seed=bot_seed), HeuristicBot(seed=bot_seed)
    expected = by_view.choose(hj.view(state, seat))
    assert by_state.choose_at(state, seat) == expected, (state.phase, seat)
    assert by_state._rng.getstate() == by_view._rng.getstate()  # the same draws, in the same order


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**20), skip=st.integers(0, 120))
def test_the_state_door_chooses_what_the_view_door_chooses(name: str, seed: int, skip: int) -> None:
    positions = list(_positions(RULES[name], seed, skip + 8))
    for state, seat in positions[skip:]:
        _same_choice(state, seat, seed)


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_position_of_a_game_chooses_alike_through_both_doors(name: str) -> None:
    """Every position of a whole random game, passes and plays: both doors give the same move."""
    phases = set()
    for state, seat in _positions(RULES[name], 3, 400):
        phases.add(state.phase)
        _same_choice(state, seat, 11)
    assert hj.Phase.PLAYING in phases


def test_a_moon_choice_is_chosen_from_the_whole_view() -> None:
    """The moon choice samples a world from a whole view: the state door hands it one, and chooses alike."""
    state = hj.new_game(variants.STANDARD_MOON_CHOICE, seed=0)
    found = 0
    rng = random.Random(0)
    bots = [HeuristicBot(seed=s) for s in range(4)]
    for _ in range(40):  # heuristic play reaches a moon choice now and then; random play almost never does
        state = hj.new_game(variants.STANDARD_MOON_CHOICE, seed=rng.randrange(2**30))
        while not state.is_over and state.phase is not hj.Phase.MOON_CHOICE:
            seat = state.to_move[0]
            state = hj.apply(state, bots[seat].choose(hj.view(state, seat)))
        if state.phase is hj.Phase.MOON_CHOICE:
            seat = state.to_move[0]
            built, chosen_seat = seat_view(state, seat)
            assert type(built) is hj.PlayerView and chosen_seat == seat
            _same_choice(state, seat, 5)
            found += 1
            break
    assert found, "no moon choice reached: the test would not test it"


def test_a_seat_view_shows_the_views_fields() -> None:
    """Every field of a `SeatView` is the view's: read at once, from the state's plain fields or the whole view."""
    rules = family_jokers.joker_hearts()
    for state, seat in _positions(rules, 5, 120):
        built, _ = seat_view(state, seat)
        whole = hj.view(state, seat)
        assert isinstance(built, SeatView)
        for field in attrs.fields(hj.PlayerView):
            if not field.name.startswith("_"):
                assert getattr(built, field.name) == getattr(whole, field.name), field.name
        assert built.partners == whole.partners
        hand, passing, logged, taken = seat_reading(state, seat)
        assert (hand, passing, taken) == (whole.hand, whole.passing, whole.taken)
        assert [
            (t.leader, -1 if t.winner is None else t.winner, t.cards, t.seats) for t in whole.tricks
        ] == list(logged)


def test_the_state_door_refuses_a_seat_not_to_move_and_what_is_not_a_state() -> None:
    state = hj.new_game(variants.STANDARD, seed=1)
    state = hj.apply(state, HeuristicBot(seed=0).choose(hj.view(state, 0)))  # seat 0 has passed
    bot = HeuristicBot(seed=0)
    with pytest.raises(BotError, match="seat 0 has no move to choose now"):
        bot.choose_at(state, 0)
    with pytest.raises(BotError, match="seat 7 has no move"):
        bot.choose_at(state, 7)
    with pytest.raises(BotError, match="seat True has no move"):
        bot.choose_at(state, True)
    with pytest.raises(BotError, match="State"):
        bot.choose_at("not a state", 1)  # type: ignore[arg-type]


def test_choose_for_reads_the_state_for_the_heuristic_only() -> None:
    """`choose_for` gives the heuristic the state; any other bot gets the seat's whole view."""

    class Recording:
        name = "recording"

        def __init__(self) -> None:
            self.seen: list[type] = []

        def choose(self, view: hj.PlayerView) -> hj.Move:
            self.seen.append(type(view))
            return view.legal_moves[-1]

    state = hj.new_game(variants.get("openspiel"), seed=2)
    while state.phase is not hj.Phase.PLAYING or len(hj.legal_moves(state)) < 2:
        seat = state.to_move[0]
        state = hj.apply(state, HeuristicBot(seed=1).choose(hj.view(state, seat)))
    seat = state.to_move[0]
    other = Recording()
    assert choose_for(other, state, seat) == hj.legal_moves(state)[-1]
    assert other.seen == [hj.PlayerView]
    assert choose_for(HeuristicBot(seed=1), state, seat) == HeuristicBot(seed=1).choose(hj.view(state, seat))


@pytest.mark.parametrize("name", ["standard", "partnership_hearts", "joker_hearts"])
def test_play_game_plays_the_view_paths_game(name: str) -> None:
    """A whole game of heuristics through `play_game` (the state door) is the game of the view door."""
    rules = RULES[name]
    played = play_game(rules, [HeuristicBot(seed=s) for s in range(rules.players)], seed=4)
    bots = [HeuristicBot(seed=s) for s in range(rules.players)]
    state = hj.new_game(rules, seed=4)
    while not state.is_over:
        seat = state.to_move[0]
        state = hj.apply(state, bots[seat].choose(hj.view(state, seat)))
    assert played == state


def _view_path(bot: object, state: hj.State, seat: int) -> hj.Move:
    """What the adapters did before the state door: every bot chooses from its view."""
    return bot.choose(hj.view(state, seat))  # type: ignore[attr-defined, no-any-return]


def _run_env(env: object, steps: int) -> list[object]:
    """Masked random actions through ``env`` (one env or a vector): everything it returned, step by step."""
    import numpy as np

    out: list[object] = []
    obs, info = env.reset(seed=9)  # type: ignore[attr-defined]
    out.append((obs.tolist(), info["action_mask"].tolist()))
    rng = np.random.default_rng(9)
    for _ in range(steps):
        mask = info["action_mask"]
        action = (rng.random(mask.shape) * mask).argmax(axis=-1)
        obs, reward, ended, cut, info = env.step(action if action.ndim else int(action))  # type: ignore[attr-defined]
        out.append(
            (obs.tolist(), np.asarray(reward).tolist(), np.asarray(ended).tolist(), np.asarray(cut).tolist())
        )
        if not np.ndim(ended) and (ended or cut):
            obs, info = env.reset()  # type: ignore[attr-defined]
    return out


@pytest.mark.parametrize("variant", ["standard", "partnership_hearts", "joker_hearts", "black_maria"])
def test_seat_envs_play_the_episodes_of_the_view_path(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`SeatEnv` and `SeatVectorEnv` with heuristic opponents: the same observations, rewards and flags as before."""
    pytest.importorskip("gymnasium")
    from hartenjagen.adapters import gymnasium as gym_adapter
    from hartenjagen.adapters import vector

    settings = {"variant": variant, "opponents": "heuristic", "episode": "game", "max_hands": 2}
    fast = _run_env(gym_adapter.SeatEnv(**settings), 150), _run_env(vector.SeatVectorEnv(3, **settings), 60)
    monkeypatch.setattr(gym_adapter, "choose_for", _view_path)
    monkeypatch.setattr(vector, "choose_for", _view_path)
    before = _run_env(gym_adapter.SeatEnv(**settings), 150), _run_env(vector.SeatVectorEnv(3, **settings), 60)
    assert fast == before
