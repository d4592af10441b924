"""``simulate`` on Ray (``executor="ray"`` and `RayExecutor`), with a local Ray of two CPUs when ``ray`` is
installed: the same result as serially, JSONL lines in order, a failing game's error; without Ray, a clear
error. Speed is measured in benchmarks/simulate_ray.py, not here."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hartenjagen import variants
from hartenjagen.bots import BotError
from hartenjagen.bots.ray_executor import RayExecutor
from hartenjagen.bots.simulate import simulate

BOTS = ["heuristic", "random", "hartenjagen.bots:RandomBot"]


def run(**more):
    return simulate(variants.BLACK_MARIA, BOTS, games=6, seed=3, **more)


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray of two CPUs for the module (its start-up, a few seconds, is paid once)."""
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install ray)")
    before = os.environ.get("PYTHONPATH")
    # The workers inherit the environment: they import the bots of tests/ by import path too.
    os.environ["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parent), *filter(None, [before])])
    try:
        with RayExecutor(num_cpus=2) as pool:
            assert ray.is_initialized() and pool.cpus == 2
            yield pool
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before
    assert not ray.is_initialized()  # the executor that started Ray shut it down


def test_the_same_result_on_ray_as_serially(local_ray):
    serial = run()
    lines = io.StringIO()
    assert run(executor=local_ray, chunk_size=2) == serial
    assert run(executor="ray", jsonl=lines) == serial  # joins the running Ray, chunks sized by its CPUs
    assert [json.loads(line)["game"] for line in lines.getvalue().splitlines()] == list(range(6))
    import ray

    assert ray.is_initialized()  # executor="ray" leaves a Ray it joined running


def test_the_workers_of_a_local_ray_run_at_the_caller_s_priority(local_ray):
    assert local_ray.submit(os.nice, 0).result() == os.nice(0)  # not Ray's own +15


def test_another_process_joins_the_cluster_at_ray_address(local_ray):
    import ray

    code = (
        "from hartenjagen import variants; from hartenjagen.bots.simulate import simulate; "
        f"print(simulate(variants.BLACK_MARIA, {BOTS!r}, games=6, seed=3, executor='ray').as_dict())"
    )
    env = {**os.environ, "RAY_ADDRESS": ray.get_runtime_context().gcs_address}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == str(run().as_dict())
    assert ray.is_initialized()  # its shutdown disconnected it; the cluster runs on


def test_a_failing_game_on_ray_raises_its_error(local_ray):
    with pytest.raises(BotError, match="not legal"):
        simulate(variants.BLACK_MARIA, ["test_simulate_executors:Broken", "random", "random"], games=4,
                 executor=local_ray, chunk_size=1)  # fmt: skip


def test_without_ray_the_executor_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed
    with pytest.raises(BotError, match="RayExecutor needs Ray: pip install ray"):
        RayExecutor()
    with pytest.raises(BotError, match="RayExecutor needs Ray"):
        run(executor="ray")
    with pytest.raises(BotError, match=r"executor must be a concurrent\.futures\.Executor or .ray."):
        run(executor="rays")
