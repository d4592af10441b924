"""The adapters follow their frameworks' conventions, checked by the frameworks' own clients.

* SB3's ``make_vec_env("hartenjagen/SeatEnv-v0")`` asks for ``render_mode="rgb_array"`` and
  retries without it on a ``TypeError`` (its code is replayed here: SB3 needs PyTorch);
* Gymnasium's render rules: ``metadata["render_fps"]``, ``"human"`` prints and returns ``None``,
  and ``check_env`` (given the spec, so that it tries every render mode) says nothing;
* ``SeatEnv`` refuses an action id outside the action space as ``SeatVectorEnv`` does;
* PettingZoo's observation spaces are bounded boxes (the action mask is in the info), and
  ``api_test`` says nothing (tests/checkers.py records its warnings, logs and printed lines).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from checkers import checker_notes
from hartenjagen.adapters.encoding import action_count
from hartenjagen.adapters.episodes import EpisodeError, RenderModeError
from hartenjagen.adapters.gymnasium import SEAT_ENV_ID, SeatEnv
from hartenjagen.adapters.pettingzoo import env, raw_env
from hartenjagen.adapters.vector import SeatVectorEnv


def sb3_make(env_id: str, env_kwargs: dict[str, object]) -> gymnasium.Env:
    """What stable_baselines3.common.env_util.make_vec_env does for each environment of an id."""
    kwargs = {"render_mode": "rgb_array"}
    kwargs.update(env_kwargs)
    try:
        return gymnasium.make(env_id, **kwargs)
    except TypeError:
        return gymnasium.make(env_id, **env_kwargs)


def test_sb3_make_vec_env_by_id_makes_the_environment_without_a_render_mode():
    with warnings.catch_warnings():
        # Gymnasium's own note that rgb_array is not among the render modes, before SeatEnv refuses it.
        warnings.filterwarnings("ignore", message=".*render_mode='rgb_array'.*")
        made = sb3_make(SEAT_ENV_ID, {"variant": "dutch", "opponents": "random"})
    assert made.unwrapped.render_mode is None and made.unwrapped.rules.players == 4
    observation, info = made.reset(seed=2)
    action = int(np.flatnonzero(info["action_mask"])[0])
    assert made.step(action)[0].shape == observation.shape


def test_a_render_mode_not_offered_is_refused_as_a_type_error():
    for make in (SeatEnv, raw_env):
        with pytest.raises(
            RenderModeError, match=r"^render_mode must be None or one of 'ansi', 'human', not 'rgb_array'$"
        ):
            make(render_mode="rgb_array")
        assert issubclass(RenderModeError, TypeError) and issubclass(RenderModeError, EpisodeError)
    with pytest.raises(
        TypeError, match=r"^a SeatVectorEnv has no render_mode \(render one SeatEnv\), not 'ansi'$"
    ):
        SeatVectorEnv(2, render_mode="ansi")


@pytest.mark.parametrize("render_mode", [None, "ansi", "human"])
def test_check_env_with_the_spec_warns_about_nothing(render_mode, capsys):
    made = gymnasium.make(SEAT_ENV_ID, render_mode=render_mode, opponents="random", disable_env_checker=True)
    assert made.unwrapped.metadata["render_fps"] > 0
    assert checker_notes(check_env, made.unwrapped, printed=False) == []


def test_human_rendering_prints_the_table_and_returns_none(capsys):
    seat = SeatEnv(render_mode="human", opponents="random")
    seat.reset(seed=0)
    assert capsys.readouterr().out.startswith("hand 1, passing")
    assert seat.render() is None
    assert capsys.readouterr().out.startswith("hand 1, passing")
    seat.step(int(np.flatnonzero(seat.action_masks())[0]))
    assert "seat 0:" in capsys.readouterr().out
    assert SeatEnv(render_mode="ansi").render() is None  # nothing to draw before reset
    table = raw_env(render_mode="human")
    table.reset(seed=0)
    assert table.render() is None
    assert "player_0:" in capsys.readouterr().out


@pytest.mark.parametrize("action", [-1, 58, 10000])
def test_seat_env_refuses_an_action_outside_the_space_as_the_vector_env_does(action):
    single = SeatEnv(opponents="random")
    single.reset(seed=1)
    vector = SeatVectorEnv(1, opponents="random")
    vector.reset(seed=1)
    assert action_count(single.rules) == 58
    with pytest.raises(EpisodeError, match=rf"^there is no action {action}: action ids are 0 to 57$"):
        single.step(action)
    with pytest.raises(
        EpisodeError, match=rf"^table 0: there is no action {action}: action ids are 0 to 57$"
    ):
        vector.step(np.array([action]))
    # Neither counted it as a move: the next legal action is taken as before.
    legal = int(np.flatnonzero(single.action_masks())[0])
    assert single.step(legal)[4]["illegal"] is False


@pytest.mark.parametrize("variant", ["standard", "six_double_deck", "standard_moon_choice"])
def test_pettingzoo_observation_spaces_are_bounded_and_hold_every_observation(variant):
    table = raw_env(variant=variant, episode="game", max_hands=2)
    space = table.observation_space("player_0")
    assert isinstance(space, gymnasium.spaces.Box)
    assert np.all(np.isfinite(space.low)) and np.all(np.isfinite(space.high))
    table.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in table.agent_iter():
        observation, _, terminated, truncated, info = table.last()
        assert table.observation_space(agent).contains(observation)
        table.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(info["action_mask"]))))


def test_pettingzoo_api_test_says_nothing():
    # Its notes on dict observations (it exempts only its own classic games, by name) are gone:
    # the observation is the vector, the action mask is in the info.
    assert checker_notes(api_test, env(variant="standard"), num_cycles=60) == []


def test_the_info_holds_the_action_mask_of_the_agent_to_act_and_fresh_arrays_each_step():
    table = raw_env(variant="standard", episode="hand")
    table.reset(seed=5)
    first = table.infos["player_0"]["action_mask"]
    assert first.dtype == np.int8 and set(np.flatnonzero(first)) == set(table.episode.legal_ids())
    assert all(table.infos[agent]["action_mask"].sum() == 0 for agent in ("player_1", "player_2", "player_3"))
    table.step(int(np.flatnonzero(first)[0]))
    assert table.infos["player_0"]["action_mask"] is not first and first.sum() > 1  # the old array is kept


def test_a_seat_env_made_directly_has_the_spec_that_makes_it_again():
    direct = SeatEnv(variant="dutch", seat=2, opponents="random", episode="hand")
    assert direct.spec is not None and direct.spec.id == SEAT_ENV_ID
    again = direct.spec.make(render_mode="ansi").unwrapped
    assert isinstance(again, SeatEnv) and again is not direct
    assert (again.rules, again.seat, again.opponents, again.render_mode) == (
        direct.rules,
        2,
        direct.opponents,
        "ansi",
    )
    # gymnasium.make gives the environment its own spec, with the arguments it was made with.
    made = gymnasium.make(SEAT_ENV_ID, variant="black_maria", opponents="random", disable_env_checker=True)
    assert made.unwrapped.spec.kwargs["variant"] == "black_maria"
