"""``simulate`` on Ray against its own process pool: the same games, two local CPUs, alternating rounds.

    python benchmarks/simulate_ray.py [--games 1000] [--rounds 3] [--cpus 2]

Plays ``--games`` standard games (a heuristic bot and three random ones) with
``simulate(..., workers=cpus)`` (the local process pool, its default chunks)
and on a local Ray of ``--cpus`` CPUs (``executor=RayExecutor(...)``, the
default chunks sized by Ray's CPUs), round after round (which goes first alternates), and prints the wall
time and games/s of each and the ratio of each round (above 1: Ray is
faster), with the CPU time the workers spent a game (Linux: from /proc for
Ray's workers; the same games should cost the same there). Ray's start-up (``ray.init``) is timed on its own: it is paid once
per session, not per call, when Ray is started beforehand (``simulate(...,
executor="ray")`` on a Ray not yet running pays it in the call).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from pathlib import Path

from hartenjagen import variants
from hartenjagen.bots.ray_executor import RayExecutor
from hartenjagen.bots.simulate import simulate

BOTS = ("heuristic", "random", "random", "random")


def _worker_cpu(name: str, ray_pool: RayExecutor) -> float:
    """CPU seconds the workers have used so far: the pool's (ended children), or Ray's worker processes'."""
    if name != "Ray":
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime
    total = 0
    for pid in os.listdir("/proc"):
        try:
            if pid.isdigit() and b"ray::" in Path(f"/proc/{pid}/cmdline").read_bytes():
                stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += int(stat[11]) + int(stat[12])  # utime and stime, in clock ticks
        except OSError:
            continue
    return total / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cpus", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    ray_pool = RayExecutor(num_cpus=args.cpus)
    started = time.perf_counter() - start
    print(f"ray.init with {ray_pool.cpus} CPUs: {started:.1f} s")
    simulate(
        variants.STANDARD, BOTS, games=4 * args.cpus, executor=ray_pool, chunk_size=1
    )  # start the workers
    runs = {
        "process pool": {"workers": args.cpus},
        "Ray": {"executor": ray_pool, "workers": ray_pool.cpus},
    }
    rates: dict[str, list[float]] = {name: [] for name in runs}
    results = set()
    for round_index in range(args.rounds):
        order = list(runs.items())
        for name, where in order if round_index % 2 == 0 else order[::-1]:  # pool first, then Ray first
            start, cpu = time.perf_counter(), _worker_cpu(name, ray_pool)
            result = simulate(variants.STANDARD, BOTS, games=args.games, **where)  # type: ignore[arg-type]
            seconds = time.perf_counter() - start
            used = _worker_cpu(name, ray_pool) - cpu
            results.add(result)
            rates[name].append(args.games / seconds)
            print(
                f"round {round_index + 1}: {name:<13} {seconds:7.2f} s {args.games / seconds:8.1f} games/s, "
                f"{used / args.games * 1000:5.1f} ms of the workers' CPU a game"
            )
    ray_pool.shutdown()
    assert len(results) == 1, "the result depends on where the games ran"
    ratios = sorted(r / p for r, p in zip(rates["Ray"], rates["process pool"], strict=True))
    print(
        f"median games/s: process pool {statistics.median(rates['process pool']):.1f}, "
        f"Ray {statistics.median(rates['Ray']):.1f}; Ray / pool {statistics.median(ratios):.2f} "
        f"(rounds {ratios[0]:.2f} to {ratios[-1]:.2f})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
