"""``hartenjagen simulate``: bot games with a progress bar, a summary table and JSON results.

The games run in ``--workers`` processes by default; ``--executor`` and
``--dask`` run them on a thread or process pool, a Dask cluster or an executor
of your own, in tasks of ``--chunk-size`` games; ``--jsonl`` writes one line per game.

Ctrl-C stops a run at once, also with several worker processes (they are ended, not waited
for): no results are printed or written for a stopped run, and stderr says how many games
had finished. A closed stdout (``simulate --json - | head``) is handled by [`hartenjagen.cli.main`][hartenjagen.cli.main].
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any, Final, NamedTuple, TypeVar

from hartenjagen.bots import BotError
from hartenjagen.bots.simulate import SimulationResult, simulate
from hartenjagen.frontend import texts
from hartenjagen.frontend.notation import Language
from hartenjagen.frontend.texts import plural, text
from hartenjagen.rules import Rules

__all__ = [
    "ProgressBar",
    "Spread",
    "add_spread_arguments",
    "executor_for",
    "run_simulation",
    "simulation_table",
]

T = TypeVar("T")


def _games(count: int, language: Language = "en") -> str:
    return plural(count, "simulate.game", language)


class ProgressBar:
    """A one-line progress bar on a stream (stderr): ``[#####.....] 50/100 games  3.2 s``.

    ``done`` is the number of games finished so far (also when the bar is not drawn).
    """

    def __init__(self, stream: IO[str] | None, width: int = 30, language: Language = "en") -> None:
        self.stream = stream
        self.width = width
        self.language = language
        self.start = time.monotonic()
        self.last = -1.0
        self.shown = False
        self.done = 0

    def __call__(self, done: int, total: int) -> None:
        self.done = done
        if self.stream is None:
            return
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // max(total, 1)
        bar = "#" * filled + "." * (self.width - filled)
        line = text(
            "simulate.progress", self.language, bar=bar, done=done, games=_games(total, self.language),
            seconds=now - self.start,
        )  # fmt: skip
        self.stream.write("\r" + line)
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown and self.stream is not None:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False


def simulation_table(variant: str, result: SimulationResult, language: Language = "en") -> str:
    """Per seat: the bot, its wins (a shared win among k seats counts 1/k), win rate, mean total and moons."""
    head = [text(f"simulate.{key}", language) for key in ("seat", "bot", "wins", "win_rate", "mean", "moons")]
    bots = [texts.bot_text(row.bot, language) for row in result.seats]  # Dutch names in Dutch
    width = max([10, *map(len, bots)])
    lines = [
        text(
            "simulate.title",
            language,
            variant=texts.variant_text(variant, language),
            games=_games(result.games, language),
            seed=result.seed,
        ),
        f"{head[0]:>4}  {head[1]:<{width}} {head[2]:>7} {head[3]:>6} {head[4]:>10} {head[5]:>10}",
    ]
    for row, bot, rate in zip(result.seats, bots, result.win_rates, strict=True):
        wins = f"{row.wins:.2f}".rstrip("0").rstrip(".")
        lines.append(
            f"{row.seat:>4}  {bot:<{width}} {wins:>7} {100 * rate:>5.1f}% {row.mean_total:>10.1f} {row.moon_shots:>10}"
        )
    if any(abs(wins - round(wins)) > 1e-9 for wins in result.wins):
        lines.append(text("simulate.shared", language))
    return "\n".join(lines)


class Spread(NamedTuple):
    """Where ``simulate`` runs its games: ``--executor``, ``--dask``, ``--chunk-size`` and ``--jsonl``."""

    executor: str | None = None
    dask: str | None = None
    chunk_size: int | None = None
    jsonl: str | None = None


#: The ``--executor`` kinds (besides an import path ``module:factory``).
EXECUTORS: Final = ("pool", "thread", "process", "serial")


def add_spread_arguments(parser: argparse.ArgumentParser, language: Language = "en") -> None:
    """The options of ``simulate`` that say where the games run and where each game's line goes."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--executor", metavar="KIND", help=text("cli.executor", language))
    where.add_argument("--dask", metavar="ADDRESS", help=text("cli.dask", language))
    parser.add_argument(
        "--chunk-size",
        type=_whole_in(language),
        default=None,
        metavar="N",
        help=text("cli.chunk_size", language),
    )
    parser.add_argument("--jsonl", metavar="FILE", help=text("cli.jsonl", language))


def _whole_in(language: Language) -> Callable[[str], int]:
    """``--chunk-size``: a whole number of at least 1 (the complaint in ``language``)."""

    def whole(typed: str) -> int:
        if not (typed.isascii() and typed.isdigit()) or int(typed) < 1:
            raise argparse.ArgumentTypeError(text("cli.whole", language, text=typed))
        return int(typed)

    return whole


class SpreadError(Exception):
    """An executor that cannot be had: an unknown kind, a factory that fails, a Dask cluster out of reach."""


@contextlib.contextmanager
def executor_for(spread: Spread, workers: int, language: Language = "en") -> Iterator[Executor | None]:
    """The executor ``spread`` asks for (``None``: ``simulate``'s own pool), shut down afterwards."""
    if spread.dask is not None:
        with _dask(spread.dask, workers, language) as executor:
            yield executor
        return
    kind = spread.executor or "pool"
    if kind == "pool":
        yield None
    elif kind == "serial":
        with _Serial() as executor:
            yield executor
    elif kind == "thread":
        with ThreadPoolExecutor(workers) as pool:
            yield pool
    elif kind == "process":
        with ProcessPoolExecutor(workers) as pool:
            yield pool
    elif ":" in kind:
        made = _factory(kind, language)
        try:
            yield made
        finally:
            made.shutdown(cancel_futures=True)
    else:
        raise SpreadError(text("simulate.no_executor", language, kind=kind, kinds=", ".join(EXECUTORS)))


class _Serial(Executor):
    """Runs each task at once, in this process."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            future.set_exception(error)
        return future


def _factory(path: str, language: Language) -> Executor:
    module_name, _, name = path.partition(":")
    try:
        made = getattr(importlib.import_module(module_name), name)()
    except Exception as error:
        raise SpreadError(text("simulate.factory_failed", language, path=path, error=error)) from error
    if not isinstance(made, Executor):
        raise SpreadError(text("simulate.not_executor", language, path=path, made=repr(made)))
    return made


@contextlib.contextmanager
def _dask(address: str, workers: int, language: Language) -> Iterator[Executor]:
    try:
        from distributed import Client, LocalCluster
    except ImportError as error:
        raise SpreadError(text("simulate.no_dask", language)) from error
    with contextlib.ExitStack() as stack:
        try:
            if address == "local":
                cluster = stack.enter_context(
                    LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=":0")  # type: ignore[no-untyped-call]
                )
                client = stack.enter_context(Client(cluster))  # type: ignore[no-untyped-call]
            else:
                client = stack.enter_context(Client(address, timeout=10))  # type: ignore[no-untyped-call]
        except OSError as error:
            raise SpreadError(text("simulate.no_cluster", language, address=address, error=error)) from error
        yield client.get_executor()


def run_simulation(
    rules: Rules,
    variant: str,
    names: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int,
    json_target: str | None,
    progress: bool,
    spread: Spread | None = None,
    language: Language = "en",
) -> int:
    """Play the games and print the table (and the JSON: ``json_target`` is a path or ``"-"``).

    Returns 0; 2 for a bot that cannot be made or an executor that cannot be had
    (after saying why on stderr); 130 when stopped with Ctrl-C (after saying so).
    """
    spread = spread or Spread()
    bar = ProgressBar(sys.stderr if progress or sys.stderr.isatty() else None, language=language)
    lines: IO[str] | None = None
    try:
        with contextlib.ExitStack() as stack:
            if spread.jsonl == "-":
                lines = sys.stdout
            elif spread.jsonl is not None:
                lines = stack.enter_context(open(spread.jsonl, "w", encoding="utf-8"))
            executor = stack.enter_context(executor_for(spread, workers, language))
            result = simulate(
                rules, names, games=games, seed=seed, workers=workers, progress=bar, executor=executor,
                chunk_size=spread.chunk_size, jsonl=lines,
            )  # fmt: skip
    except (BotError, SpreadError) as error:
        bar.close()
        sys.stderr.write(text("simulate.error", language, error=error) + "\n")
        return 2
    except KeyboardInterrupt:
        bar.close()
        sys.stderr.write(
            "\n" + text("simulate.stopped", language, done=bar.done, games=_games(games, language)) + "\n"
        )
        sys.stderr.flush()
        return 130
    finally:
        bar.close()
    payload = {"variant": variant, "bots": list(names), **result.as_dict()}
    if spread.jsonl == "-":
        sys.stdout.flush()
        return 0
    if json_target == "-":
        json.dump(payload, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        sys.stdout.flush()
        return 0
    print(simulation_table(variant, result, language))
    if json_target is not None:
        path = Path(json_target)
        path.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(text("simulate.written", language, path=path))
    sys.stdout.flush()
    return 0
