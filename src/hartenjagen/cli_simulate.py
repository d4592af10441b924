"""``hartenjagen simulate``: bot games with a progress bar, a summary table and JSON results.

Ctrl-C stops a run at once, also with several worker processes (they are ended, not waited
for): no results are printed or written for a stopped run, and stderr says how many games
had finished. A closed stdout (``simulate --json - | head``) is handled by [`hartenjagen.cli.main`][hartenjagen.cli.main].
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from hartenjagen.rules import Rules
from hartenjagen.simulate import SimulationResult, simulate

__all__ = ["ProgressBar", "run_simulation", "simulation_table"]


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


class ProgressBar:
    """A one-line progress bar on a stream (stderr): ``[#####.....] 50/100 games  3.2 s``.

    ``done`` is the number of games finished so far (also when the bar is not drawn).
    """

    def __init__(self, stream: IO[str] | None, width: int = 30) -> None:
        self.stream = stream
        self.width = width
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
        unit = "game" if total == 1 else "games"
        self.stream.write(f"\r[{bar}] {done}/{total} {unit}  {now - self.start:.1f} s")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown and self.stream is not None:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False


def simulation_table(variant: str, result: SimulationResult) -> str:
    """Per seat: the bot, its wins (a shared win among k seats counts 1/k), win rate, mean total and moons."""
    lines = [
        f"{variant}: {_games(result.games)}, seed {result.seed}",
        f"{'seat':>4}  {'bot':<10} {'wins':>7} {'win %':>6} {'mean total':>10} {'moon shots':>10}",
    ]
    for row, rate in zip(result.seats, result.win_rates, strict=True):
        wins = f"{row.wins:.2f}".rstrip("0").rstrip(".")
        lines.append(
            f"{row.seat:>4}  {row.bot:<10} {wins:>7} {100 * rate:>5.1f}% {row.mean_total:>10.1f} {row.moon_shots:>10}"
        )
    if any(abs(wins - round(wins)) > 1e-9 for wins in result.wins):
        lines.append("A win shared by k seats (a tie for the best total) counts 1/k for each of them.")
    return "\n".join(lines)


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
) -> int:
    """Play the games and print the table (and the JSON: ``json_target`` is a path or ``"-"``).

    Returns 0, or 130 when stopped with Ctrl-C (after saying so on stderr).
    """
    bar = ProgressBar(sys.stderr if progress or sys.stderr.isatty() else None)
    try:
        result = simulate(rules, names, games=games, seed=seed, workers=workers, progress=bar)
    except KeyboardInterrupt:
        bar.close()
        sys.stderr.write(
            f"\nhartenjagen simulate: stopped with Ctrl-C after {bar.done} of {_games(games)};"
            " no results are printed or written.\n"
        )
        sys.stderr.flush()
        return 130
    finally:
        bar.close()
    payload = {"variant": variant, "bots": list(names), **result.as_dict()}
    if json_target == "-":
        json.dump(payload, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        sys.stdout.flush()
        return 0
    print(simulation_table(variant, result))
    if json_target is not None:
        path = Path(json_target)
        path.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"JSON written to {path}.")
    sys.stdout.flush()
    return 0
