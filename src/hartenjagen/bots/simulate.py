"""Many games between bots: win rates, mean totals and moons, on one core or several.

```pycon
>>> from hartenjagen import variants
>>> from hartenjagen.bots.simulate import simulate
>>> result = simulate(variants.STANDARD, ["heuristic", "random", "random", "random"], games=2)
>>> result.games
2

```

Game ``i`` is dealt from the seed ``seed + i`` and its bots are seeded from
that seed and their seat, so the result is the same whatever the number of
``workers`` (processes).
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import signal
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import IO, Any, Final

import attrs

from hartenjagen.bots import BotError, play_game
from hartenjagen.bots.specs import load_bot
from hartenjagen.rules import Rules

__all__ = ["SeatResult", "SimulationResult", "simulate"]

#: Per bot name, the options given to ``make_bot`` (e.g. ``{"sampling": {"samples": 10}}``).
BotOptions = Mapping[str, Mapping[str, Any]]


@attrs.frozen
class SeatResult:
    """What one seat's bot did over the games.

    ``wins`` counts a shared win among ``k`` seats as ``1/k``; ``mean_total``
    is the mean final total (penalty points, as in ``State.scores``: lower is
    better) and ``total_sd`` the standard deviation of the final totals (over
    the games, not the sample estimate: ``sqrt(mean(x²) − mean(x)²)``), for a
    confidence interval of the mean; ``moon_shots`` counts the hands in which
    the seat shot the moon.
    """

    seat: int
    bot: str
    wins: float
    mean_total: float
    moon_shots: int
    total_sd: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        """The result as plain JSON data; ``wins`` is a whole number (``193``) when no win was shared."""
        data = attrs.asdict(self)
        if float(self.wins).is_integer():
            data["wins"] = int(self.wins)
        return data


@attrs.frozen
class SimulationResult:
    """The outcome of [`simulate`][hartenjagen.bots.simulate.simulate]: the number of games and one [`SeatResult`][hartenjagen.bots.simulate.SeatResult] per seat."""

    games: int
    seed: int
    seats: tuple[SeatResult, ...]

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The bot at each seat."""
        return tuple(seat.bot for seat in self.seats)

    @property
    def wins(self) -> tuple[float, ...]:
        """Each seat's wins (a shared win among ``k`` seats counts ``1/k``)."""
        return tuple(seat.wins for seat in self.seats)

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Each seat's wins per game (0.0 when no game was played)."""
        return tuple(seat.wins / self.games if self.games else 0.0 for seat in self.seats)

    @property
    def mean_totals(self) -> tuple[float, ...]:
        """Each seat's mean final total."""
        return tuple(seat.mean_total for seat in self.seats)

    @property
    def moon_shots(self) -> tuple[int, ...]:
        """How many times each seat shot the moon."""
        return tuple(seat.moon_shots for seat in self.seats)

    def as_dict(self) -> dict[str, Any]:
        """The result as plain JSON data: ``{"games", "seed", "seats": [{"seat", "bot", "wins", ...}]}``."""
        return {
            "games": self.games,
            "seed": self.seed,
            "seats": [
                {**seat.as_dict(), "win_rate": rate}
                for seat, rate in zip(self.seats, self.win_rates, strict=True)
            ],
        }


#: (winners, final totals, moon shots per seat) of one game.
_Outcome = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
#: One task: the rules, the bots, the bots' options and the first and last-plus-one game seeds.
_Chunk = tuple[Rules, tuple[str, ...], dict[str, dict[str, Any]], int, int]


def _bot_seed(game_seed: int, seat: int) -> int:
    return random.Random(f"hartenjagen/bots/{game_seed}/{seat}").getrandbits(63)


def _play_one(
    rules: Rules, names: tuple[str, ...], game_seed: int, options: dict[str, dict[str, Any]]
) -> _Outcome:
    bots = [
        load_bot(name, seed=_bot_seed(game_seed, seat), **options.get(name, {}))
        for seat, name in enumerate(names)
    ]
    state = play_game(rules, bots, seed=game_seed)
    shots = [0] * state.players
    for line in state.score_sheet:
        if line.shooter is not None:
            shots[line.shooter] += 1
    return state.winners, state.scores, tuple(shots)


def play_chunk(task: _Chunk) -> list[_Outcome]:
    """Play the games of one task (seeds ``start`` to ``stop - 1``), in order: what a worker runs."""
    rules, names, options, start, stop = task
    return [_play_one(rules, names, game_seed, options) for game_seed in range(start, stop)]


def _indexed(task: tuple[int, _Chunk]) -> tuple[int, list[_Outcome]]:
    return task[0], play_chunk(task[1])


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Lines:
    """Writes each game's outcome as one JSON line, in game order, as soon as the games before it are in."""

    def __init__(self, target: str | os.PathLike[str] | IO[str] | None, seed: int) -> None:
        self.seed = seed
        self.next = 0
        self.waiting: dict[int, _Outcome] = {}
        self.own = isinstance(target, (str, os.PathLike))
        self.stream: IO[str] | None = (
            open(target, "w", encoding="utf-8") if isinstance(target, (str, os.PathLike)) else target  # noqa: SIM115
        )

    def add(self, index: int, outcome: _Outcome) -> None:
        if self.stream is None:
            return
        self.waiting[index] = outcome
        while self.next in self.waiting:
            winners, scores, moons = self.waiting.pop(self.next)
            line = {
                "game": self.next,
                "seed": self.seed + self.next,
                "winners": list(winners),
                "scores": list(scores),
                "moon_shots": list(moons),
            }
            self.stream.write(json.dumps(line) + "\n")
            self.next += 1
        self.stream.flush()

    def close(self) -> None:
        if self.own and self.stream is not None:
            self.stream.close()


#: The most games a task gets unless ``chunk_size`` says otherwise (progress shows as tasks finish).
DEFAULT_CHUNK: Final = 20


def _chunk_size(chunk_size: int | None, games: int, workers: int) -> int:
    if chunk_size is not None:
        return chunk_size
    # At least four tasks per worker, to spread the games; at most DEFAULT_CHUNK games, to show progress.
    return max(1, min(DEFAULT_CHUNK, math.ceil(games / (4 * workers))))


def simulate(
    rules: Rules,
    bot_names: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    options: BotOptions | None = None,
    executor: Executor | str | None = None,
    chunk_size: int | None = None,
    jsonl: str | os.PathLike[str] | IO[str] | None = None,
) -> SimulationResult:
    """Play ``games`` games of ``rules``, bot ``bot_names[i]`` at seat ``i``; tally the results.

    Game ``i`` uses the seed ``seed + i``. A bot is a bundled bot's name or
    the import path of one of your own (``"mypackage.bots:MyBot"``, see
    `hartenjagen.bots.specs`). The games run in tasks of ``chunk_size`` games
    (by default at most 20, fewer so that each worker gets four tasks): serially when
    ``workers`` is 1, else in that many processes (a ``multiprocessing``
    pool), or on ``executor``, any ``concurrent.futures.Executor`` (a thread
    or process pool, Dask's ``Client.get_executor()``, ...; ``workers`` then
    only sizes the default chunks), or ``executor="ray"``: on Ray (the one
    running, else a local one for this call, `hartenjagen.bots.ray_executor`),
    chunks sized by its CPUs. The result does not depend on any of it.
    ``jsonl`` (a path or a text stream) receives one JSON line per game in
    game order as they finish: ``{"game", "seed", "winners", "scores",
    "moon_shots"}``. A ``KeyboardInterrupt`` (Ctrl-C) ends the worker processes
    at once (or cancels the executor's waiting tasks) and passes through.
    ``progress(done, games)`` is called as games finish. ``options`` gives the
    bots' options per bot name. A list of bots that does not match the number
    of players, an unknown bot, or a bad count raises
    [`BotError`][hartenjagen.bots.BotError].
    """
    if not isinstance(rules, Rules):
        raise BotError(f"simulate needs a Rules value, not {rules!r}")
    names = tuple(bot_names)
    if len(names) != rules.players:
        raise BotError(f"{len(names)} bots for a game of {rules.players} players: give one bot per seat")
    for label, value, least in (("games", games, 0), ("workers", workers, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise BotError(f"{label} must be a whole number of at least {least}, not {value!r}")
    if chunk_size is not None and (
        isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1
    ):
        raise BotError(f"chunk_size must be a whole number of at least 1, not {chunk_size!r}")
    if executor is not None and not isinstance(executor, Executor) and executor != "ray":
        raise BotError(f"executor must be a concurrent.futures.Executor or 'ray', not {executor!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BotError(f"seed must be a whole number, not {seed!r}")
    opts = {str(name): dict(values) for name, values in (options or {}).items()}
    for name in names:
        load_bot(name, seed=0, **opts.get(name, {}))  # an unknown bot or option fails here, at once
    if executor == "ray":
        from hartenjagen.bots.ray_executor import RayExecutor

        with RayExecutor() as ray_pool:
            return simulate(
                rules, names, games=games, seed=seed, workers=ray_pool.cpus, progress=progress,
                options=options, executor=ray_pool, chunk_size=chunk_size, jsonl=jsonl,
            )  # fmt: skip
    assert not isinstance(executor, str)
    size = _chunk_size(chunk_size, games, workers)
    chunks = [
        (rules, names, opts, seed + start, seed + min(start + size, games)) for start in range(0, games, size)
    ]
    outcomes: list[_Outcome | None] = [None] * games
    lines = _Lines(jsonl, seed)
    done = 0

    def record_one(game: int, outcome: _Outcome) -> None:
        nonlocal done
        outcomes[game] = outcome
        lines.add(game, outcome)
        done += 1
        if progress is not None:
            progress(done, games)

    def record(index: int, played: list[_Outcome]) -> None:
        for offset, outcome in enumerate(played):
            record_one(index * size + offset, outcome)

    try:
        if executor is not None:
            _run_on(executor, chunks, record)
        elif workers == 1 or len(chunks) <= 1:
            for index, chunk in enumerate(chunks):
                _, _, _, start, stop = chunk
                for offset, game_seed in enumerate(range(start, stop)):  # game by game: progress at once
                    record_one(index * size + offset, _play_one(rules, names, game_seed, opts))
        else:
            _run_in_pool(min(workers, len(chunks)), chunks, record)
    finally:
        lines.close()
    n = len(names)
    wins = [0.0] * n
    totals = [0] * n
    squares = [0] * n
    shots = [0] * n
    for outcome in outcomes:
        assert outcome is not None
        winners, scores, moons = outcome
        for seat in winners:
            wins[seat] += 1 / len(winners)
        for seat in range(n):
            totals[seat] += scores[seat]
            squares[seat] += scores[seat] ** 2
            shots[seat] += moons[seat]
    seats = []
    for seat in range(n):
        mean = totals[seat] / games if games else 0.0
        spread = max(squares[seat] / games - mean * mean, 0.0) ** 0.5 if games else 0.0
        seats.append(SeatResult(seat, names[seat], wins[seat], mean, shots[seat], spread))
    return SimulationResult(games, seed, tuple(seats))


def _run_in_pool(processes: int, chunks: list[_Chunk], record: Callable[[int, list[_Outcome]], None]) -> None:
    """The chunks in a ``multiprocessing`` pool whose workers ignore Ctrl-C, so it ends them at once."""
    pool = multiprocessing.get_context().Pool(processes, initializer=_ignore_interrupts)
    try:
        for index, played in pool.imap_unordered(_indexed, enumerate(chunks)):
            record(index, played)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _run_on(executor: Executor, chunks: list[_Chunk], record: Callable[[int, list[_Outcome]], None]) -> None:
    """The chunks on a ``concurrent.futures`` executor; on an error or Ctrl-C the tasks not started are cancelled."""
    futures: dict[Future[list[_Outcome]], int] = {}
    try:
        for index, chunk in enumerate(chunks):
            futures[executor.submit(play_chunk, chunk)] = index
        for future in as_completed(futures):
            record(futures[future], future.result())
    except BaseException:
        for future in futures:
            future.cancel()
        raise
