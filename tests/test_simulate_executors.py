"""``simulate`` on any ``concurrent.futures`` executor: the same result serially, on a thread pool, a
process pool, ``simulate``'s own pool and a Dask ``LocalCluster``; chunks, bots by import path, JSONL lines,
the CLI's ``--executor`` / ``--dask`` / ``--chunk-size`` / ``--jsonl``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from hartenjagen import cli, variants
from hartenjagen.bots import BotError, RandomBot
from hartenjagen.bots.simulate import simulate
from hartenjagen.bots.specs import load_bot

BOTS = ["heuristic", "random", "hartenjagen.bots:RandomBot", "random"]
GAMES = 6


class SeededRandom(RandomBot):
    """A bot of one's own, as a test module defines it (by import path ``test_simulate_executors:SeededRandom``)."""

    name = "seeded"


@pytest.fixture(scope="module")
def serial():
    return simulate(variants.BLACK_MARIA, BOTS[:3], games=GAMES, seed=11)


def run(executor=None, **more):
    return simulate(variants.BLACK_MARIA, BOTS[:3], games=GAMES, seed=11, executor=executor, **more)


def test_the_same_result_on_threads_and_processes(serial):
    with ThreadPoolExecutor(2) as pool:
        assert run(pool, chunk_size=1) == serial
    with ProcessPoolExecutor(2) as pool:
        assert run(pool, chunk_size=4) == serial
    assert run(workers=2) == serial
    assert run(chunk_size=5) == serial


def test_the_same_result_on_a_dask_local_cluster(serial):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as client,
    ):
        lines = io.StringIO()
        assert run(client.get_executor(), chunk_size=2, jsonl=lines) == serial
    rows = [json.loads(line) for line in lines.getvalue().splitlines()]
    assert [row["game"] for row in rows] == list(range(GAMES))
    assert [row["seed"] for row in rows] == [11 + i for i in range(GAMES)]


def test_jsonl_lines_hold_each_game_in_order(serial, tmp_path):
    path = tmp_path / "games.jsonl"
    with ThreadPoolExecutor(3) as pool:
        result = run(pool, chunk_size=1, jsonl=path)
    assert result == serial
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [row["game"] for row in rows] == list(range(GAMES))
    mean = sum(row["scores"][0] for row in rows) / GAMES
    assert mean == pytest.approx(serial.mean_totals[0])
    assert sum(row["winners"].count(0) / len(row["winners"]) for row in rows) == pytest.approx(serial.wins[0])


def test_progress_counts_every_game():
    seen = []
    with ThreadPoolExecutor(2) as pool:
        run(pool, chunk_size=4, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, GAMES) for i in range(1, GAMES + 1)]


def test_bots_by_import_path():
    bot = load_bot("test_simulate_executors:SeededRandom", seed=3)
    assert isinstance(bot, SeededRandom) and bot.name == "seeded"
    assert load_bot("hartenjagen.bots:HeuristicBot").name == "heuristic"
    with pytest.raises(BotError, match="cannot import"):
        load_bot("no_such_module:Bot")
    with pytest.raises(BotError, match="has no 'Nope'"):
        load_bot("hartenjagen.bots:Nope")
    with pytest.raises(BotError, match="is not a class or function"):
        load_bot("hartenjagen.bots:BOT_NAMES")
    with pytest.raises(BotError, match="no choose"):
        load_bot("fractions:Fraction")
    with pytest.raises(BotError, match="cannot be made with options"):
        load_bot("hartenjagen.bots:RandomBot", speed=3)
    with pytest.raises(BotError, match="an import path is"):
        load_bot("hartenjagen.bots:")


def test_bad_executor_arguments():
    with pytest.raises(BotError, match="chunk_size must be"):
        run(chunk_size=0)
    with pytest.raises(BotError, match="executor must be"):
        run(executor="dask")


class Broken(RandomBot):
    """A bot of one's own that answers with something that is no move."""

    name = "broken"

    def choose(self, view):
        return "no move"


def test_a_failing_game_stops_the_run_and_cancels_the_waiting_tasks():
    started = []

    class Counting(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            future = super().submit(fn, *args, **kwargs)
            started.append(future)
            return future

    with Counting(1) as pool, pytest.raises(BotError, match="not legal"):
        simulate(variants.BLACK_MARIA, ["test_simulate_executors:Broken", "random", "random"], games=6,
                 executor=pool, chunk_size=1)  # fmt: skip
    assert len(started) == 6 and any(future.cancelled() for future in started)


def test_the_cli_runs_on_an_executor_and_writes_lines(tmp_path, capsys):
    lines = tmp_path / "games.jsonl"
    code = cli.main(
        [
            "simulate",
            "--variant",
            "black_maria",
            "--games",
            "4",
            "--executor",
            "thread",
            "--workers",
            "2",
            "--chunk-size",
            "1",
            "--jsonl",
            str(lines),
            "--json",
            "-",
        ]
    )
    assert code == 0
    assert json.loads(capsys.readouterr().out)["games"] == 4
    assert len(lines.read_text().splitlines()) == 4
    for kind in ("serial", "process", "concurrent.futures:ThreadPoolExecutor"):
        assert cli.main(["simulate", "--variant", "black_maria", "--games", "2", "--executor", kind]) == 0
    assert cli.main(["simulate", "--games", "1", "--executor", "nope"]) == 2
    assert "no executor called 'nope'" in capsys.readouterr().err
    assert cli.main(["simulate", "--games", "1", "--executor", "fractions:Fraction"]) == 2
    assert "not a concurrent.futures.Executor" in capsys.readouterr().err
    assert cli.main(["simulate", "--games", "1", "--bots", "hartenjagen.bots:RandomBot"]) == 0
    assert cli.main(["simulate", "--games", "1", "--bots", "nomodule:Bot"]) == 2
    assert cli.main(["simulate", "--games", "1", "--dask", "x", "--executor", "thread"]) == 2


def test_the_cli_on_a_local_dask_cluster():
    pytest.importorskip("distributed")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "hartenjagen",
            "simulate",
            "--variant",
            "black_maria",
            "--games",
            "3",
            "--dask",
            "local",
            "--workers",
            "1",
            "--jsonl",
            "-",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["game"] for line in done.stdout.splitlines()] == [0, 1, 2]
