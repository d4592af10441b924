"""Stable-Baselines3 itself, where it is installed: ``make_vec_env`` by id, SB3's ``check_env``, a PPO update.

tests/test_rl_conventions.py replays what SB3's ``make_vec_env`` does (it asks for
``render_mode="rgb_array"`` and retries without one on a ``TypeError``) and runs in
every check. These tests run SB3's own code instead, so that a change of SB3's
rule shows here. SB3 needs PyTorch (some 1 GB installed), which the dev extra
leaves out (the check has no time to install it), so they skip without it; run
them with ``python -m pip install stable-baselines3`` (docs/rl.md).
"""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip(
    "stable_baselines3",
    reason="stable-baselines3 (with PyTorch) is not installed: not in the dev extra "
    "(python -m pip install stable-baselines3 to run these)",
)
import numpy as np
from stable_baselines3 import PPO
from stable_baselines3.common.env_checker import check_env
from stable_baselines3.common.env_util import make_vec_env

from hartenjagen.adapters.gymnasium import SEAT_ENV_ID, SeatEnv


def _vector(n_envs: int = 2) -> object:
    with warnings.catch_warnings():
        # Gymnasium's own note that rgb_array is not among the render modes, before SeatEnv refuses it.
        warnings.filterwarnings("ignore", message=".*render_mode='rgb_array'.*")
        return make_vec_env(
            SEAT_ENV_ID,
            n_envs=n_envs,
            seed=3,
            env_kwargs={"variant": "dutch", "opponents": "random", "episode": "hand"},
        )


def test_make_vec_env_by_id_makes_each_table_without_a_render_mode_and_plays_hands():
    vector = _vector()
    assert vector.num_envs == 2
    assert [made.unwrapped.render_mode for made in vector.envs] == [None, None]
    assert [made.unwrapped.rules.players for made in vector.envs] == [4, 4]
    observations = vector.reset()
    assert observations.shape == (2, *vector.observation_space.shape)
    ended = 0
    for _ in range(200):  # a Dutch hand is 3 passes and 8 tricks: several hands end on each table
        masks = vector.env_method("action_masks")
        actions = np.array([int(np.flatnonzero(mask)[0]) for mask in masks])
        observations, rewards, dones, infos = vector.step(actions)
        assert vector.observation_space.contains(observations[0])
        for index in np.flatnonzero(dones):
            ended += 1
            # SB3 resets the table itself and keeps the last observation of the hand.
            assert "terminal_observation" in infos[index] and rewards[index] <= 0
            assert not any(info["illegal"] for info in infos)
    assert ended >= 4


def test_sb3_check_env_warns_about_nothing():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(SeatEnv(opponents="random"), warn=True)
    assert [str(warning.message) for warning in caught] == []


def test_ppo_learns_on_the_vector_made_by_id():
    vector = _vector()
    model = PPO("MlpPolicy", vector, n_steps=32, batch_size=32, n_epochs=1, seed=0, device="cpu")
    model.learn(64)
    assert model.num_timesteps == 64
    action, _ = model.predict(vector.reset(), deterministic=True)
    assert action.shape == (2,) and all(vector.action_space.contains(int(a)) for a in action)
