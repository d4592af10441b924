"""N9 (issue 25): GameRecord.add in amortised constant time, as the time of 8,000 adds over 2,000.

    python benchmarks/record_add.py [--rounds 5]

Alternating rounds of 2,000 and 8,000 adds to a fresh record (the server's move
path adds one move at a time); prints the best time of each and their ratio:
about 4 when an add costs the same at any length, about 16 when it copies the
moves so far.
"""

from __future__ import annotations

import argparse
import json
import time

import hartenjagen as hj


def adds(count: int) -> float:
    state = hj.new_game(hj.variants.STANDARD, seed=1)
    move = hj.legal_moves(state)[0]
    record = hj.GameRecord.begin(state)
    start = time.perf_counter()
    for _ in range(count):
        record = record.add(move)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    small, large = [], []
    for _ in range(args.rounds):
        small.append(adds(2000))
        large.append(adds(8000))
    print(
        json.dumps(
            {
                "adds_2000_ms": round(1000 * min(small), 2),
                "adds_8000_ms": round(1000 * min(large), 2),
                "ratio": round(min(large) / min(small), 2),
            }
        )
    )


if __name__ == "__main__":
    main()
