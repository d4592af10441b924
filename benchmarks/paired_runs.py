"""Two runs of ``openspiel_tournament.py`` on the same deals, paired: a bot against its previous version.

Each argument is a run's JSON (its hands are in the ``.jsonl`` beside it). The
two runs must be on the same deal set and seed (``benchmarks/deal_sets.py``),
so that a (deal, seat) of one is the same cards as in the other; then for every
pairing both runs played, it reports the first run's margin minus the
second's on the (deal, seat) both played, with a 95 % interval **over deals**
(a deal's seatings are one unit), as ``openspiel_tournament.py``'s ``paired``
does within one run. A negative difference: the first run's bot took fewer
points than the second's on the same hands.

A bot's previous version is run from a checkout of its previous commit (a
``git worktree``), with the same command and ``--out`` to another file.

Run: python benchmarks/paired_runs.py benchmarks/results/heldout_c2.json benchmarks/results/heldout_c2_previous.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # deal_sets

from deal_sets import set_of
from tournament_common import mean_ci


def margins(path: Path) -> dict[str, dict[tuple[int, int], float]]:
    """Each pairing's margin by (deal, seat), from the ``.jsonl`` beside the run's JSON."""
    out: dict[str, dict[tuple[int, int], float]] = {}
    for line in path.with_suffix(".jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            if "pairing" in record:
                out.setdefault(record["pairing"], {})[(record["deal"], record["seat"])] = record["margin"]
    return out


def paired(first: Path, second: Path) -> dict[str, Any]:
    """The first run's margin minus the second's, per pairing, on the hands both played; refused across deal sets."""
    runs = [json.loads(path.read_text(encoding="utf-8")) for path in (first, second)]
    sets = [set_of(run) for run in runs]
    seeds = [run.get("args", {}).get("seed", 0) for run in runs]
    if sets[0] != sets[1] or seeds[0] != seeds[1]:
        raise SystemExit(
            f"the runs are not on the same deals ({sets[0]} seed {seeds[0]}, {sets[1]} seed {seeds[1]}): "
            "pair runs of one deal set and seed"
        )
    a, b = margins(first), margins(second)
    out: dict[str, Any] = {"deal_set": sets[0], "seed": seeds[0], "pairings": {}}
    for pairing in sorted(set(a) & set(b)):
        common = sorted(set(a[pairing]) & set(b[pairing]))
        deals: dict[int, list[float]] = {}
        for key in common:
            deals.setdefault(key[0], []).append(a[pairing][key] - b[pairing][key])
        mean, half = mean_ci([sum(v) / len(v) for v in deals.values()])
        out["pairings"][pairing] = {
            "hands": len(common),
            "deals": len(deals),
            "difference": mean,
            "half_width_95": half,
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path, help="the run of the bot measured (its JSON)")
    parser.add_argument("second", type=Path, help="the run of the version it is compared with")
    args = parser.parse_args()
    result = paired(args.first, args.second)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
