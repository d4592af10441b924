"""Many games between bots: win rates, mean totals and moons, on one core or several.

```pycon
>>> from hartenjagen import variants
>>> from hartenjagen.simulate import simulate
>>> result = simulate(variants.STANDARD, ["heuristic", "random", "random", "random"], games=2)
>>> result.games
2

```

Game ``i`` is dealt from the seed ``seed + i`` and its bots are seeded from
that seed and their seat, so the result is the same whatever the number of
``workers`` (processes).
"""

from __future__ import annotations

import multiprocessing
import random
import signal
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from hartenjagen.bots import BotError, make_bot, play_game
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
        """The result as plain JSON data."""
        return attrs.asdict(self)


@attrs.frozen
class SimulationResult:
    """The outcome of [`simulate`][hartenjagen.simulate.simulate]: the number of games and one [`SeatResult`][hartenjagen.simulate.SeatResult] per seat."""

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


def _bot_seed(game_seed: int, seat: int) -> int:
    return random.Random(f"hartenjagen/bots/{game_seed}/{seat}").getrandbits(63)


def _play_one(
    rules: Rules, names: tuple[str, ...], game_seed: int, options: dict[str, dict[str, Any]]
) -> _Outcome:
    bots = [
        make_bot(name, seed=_bot_seed(game_seed, seat), **options.get(name, {}))
        for seat, name in enumerate(names)
    ]
    state = play_game(rules, bots, seed=game_seed)
    shots = [0] * state.players
    for line in state.score_sheet:
        if line.shooter is not None:
            shots[line.shooter] += 1
    return state.winners, state.scores, tuple(shots)


def _play_indexed(
    task: tuple[Rules, tuple[str, ...], int, dict[str, dict[str, Any]], int],
) -> tuple[int, _Outcome]:
    rules, names, game_seed, options, index = task
    return index, _play_one(rules, names, game_seed, options)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def simulate(
    rules: Rules,
    bot_names: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    options: BotOptions | None = None,
) -> SimulationResult:
    """Play ``games`` games of ``rules``, bot ``bot_names[i]`` at seat ``i``; tally the results.

    Game ``i`` uses the seed ``seed + i``. With ``workers`` > 1 the games run
    in that many processes (a ``multiprocessing`` pool); the result does not
    depend on it. A ``KeyboardInterrupt`` (Ctrl-C) ends the worker processes at
    once and passes through. ``progress(done, games)`` is called after
    each game. ``options`` gives ``make_bot`` options per bot name. A list of
    bots that does not match the number of players, an unknown bot, or a bad
    count raises [`BotError`][hartenjagen.bots.BotError].
    """
    if not isinstance(rules, Rules):
        raise BotError(f"simulate needs a Rules value, not {rules!r}")
    names = tuple(bot_names)
    if len(names) != rules.players:
        raise BotError(f"{len(names)} bots for a game of {rules.players} players: give one bot per seat")
    for label, value, least in (("games", games, 0), ("workers", workers, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise BotError(f"{label} must be a whole number of at least {least}, not {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BotError(f"seed must be a whole number, not {seed!r}")
    opts = {str(name): dict(values) for name, values in (options or {}).items()}
    for name in names:
        make_bot(name, seed=0, **opts.get(name, {}))  # an unknown bot or option fails here, at once
    outcomes: list[_Outcome | None] = [None] * games
    if workers == 1 or games <= 1:
        for i in range(games):
            outcomes[i] = _play_one(rules, names, seed + i, opts)
            if progress is not None:
                progress(i + 1, games)
    else:
        # Workers ignore SIGINT: Ctrl-C (sent to the whole process group) reaches this process
        # alone, which ends the workers at once instead of waiting for their games to finish.
        pool = multiprocessing.get_context().Pool(min(workers, games), initializer=_ignore_interrupts)
        try:
            tasks = ((rules, names, seed + i, opts, i) for i in range(games))
            for done, (i, played) in enumerate(pool.imap_unordered(_play_indexed, tasks), start=1):
                outcomes[i] = played
                if progress is not None:
                    progress(done, games)
            pool.close()
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()
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
