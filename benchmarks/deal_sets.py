"""The named deal sets of the strength harnesses: development deals to tune on, held-out deals to report.

Every harness of docs/strength.md draws its deals from one whole number, its
``--seed`` (``openspiel_tournament.py`` and ``preset_ismcts.py`` deal hand
``i`` from ``(seed, i)``; ``bot_tournament.py`` plays round ``r`` on seed
``seed + r``). The seeds are split once, here, into two disjoint ranges:

- ``development``: seeds 0 to 999,999. Every run made before this protocol
  (seed 0, once seed 1) is on development deals, and the bots were tuned on
  them: the pass fix, the weighted worlds, moon play and ``samples=192`` were
  each chosen after seeing their results. Tune, sweep and compare settings here.
- ``held-out``: seeds 1,000,000 to 1,999,999. Deals that no tuning has seen:
  a figure of docs/strength.md is measured here, once its settings are chosen.

A harness takes ``--deal-set development`` or ``--deal-set held-out``
(`add_argument`), and `resolve` refuses what would blur the two: a seed of
the other set's range when a set is named, a held-out seed when no set is
named (naming it is the statement that the run is a report, not tuning), a
run whose seeds run past the end of its set, and a tuning run (an IS-MCTS
``--sweep``, which chooses the field's setting) on held-out deals. The set
goes into every result file (`record`), and a resumed file keeps its set
(`check_resume`). A result file without one is a development run
(`set_of`): every file made before the sets were named was made on seed 0
or 1, while the bots were being tuned on those deals.

Run: python benchmarks/deal_sets.py   # prints the sets
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

__all__ = [
    "DEVELOPMENT",
    "HELD_OUT",
    "SETS",
    "DealSet",
    "DealSetError",
    "add_argument",
    "check_resume",
    "record",
    "resolve",
    "set_of",
]


@dataclass(frozen=True)
class DealSet:
    """A named range of seeds: ``first`` to ``end - 1``."""

    name: str
    first: int
    end: int
    purpose: str

    def __contains__(self, seed: object) -> bool:
        return isinstance(seed, int) and self.first <= seed < self.end


DEVELOPMENT = DealSet(
    "development", 0, 1_000_000, "tuning: the deals every setting so far was chosen on (seed 0, once 1)"
)
HELD_OUT = DealSet(
    "held-out",
    1_000_000,
    2_000_000,
    "reporting: deals no tuning has seen, for the figures of docs/strength.md",
)
SETS = {deal_set.name: deal_set for deal_set in (DEVELOPMENT, HELD_OUT)}


class DealSetError(ValueError):
    """A run that would mix the deal sets, or call a tuning run held-out."""


def add_argument(parser: argparse.ArgumentParser) -> None:
    """``--deal-set`` (``development`` or ``held-out``); ``--seed`` then defaults to the set's first seed."""
    parser.add_argument(
        "--deal-set",
        choices=sorted(SETS),
        default=None,
        help="the named deals: development (seeds 0-999,999, for tuning) or held-out (seeds "
        "1,000,000-1,999,999, for reported figures only); default: development, and --seed must be in it",
    )


def resolve(
    name: str | None, seed: int | None, *, span: int = 1, tuning: bool = False
) -> tuple[DealSet, int]:
    """The deal set and first seed of a run; `DealSetError` for a run that would blur the sets.

    ``span`` is how many consecutive seeds from ``seed`` the run deals from
    (``bot_tournament.py``'s rounds); ``tuning`` marks a run that chooses a setting.
    """
    if name is not None and name not in SETS:
        raise DealSetError(f"no deal set {name!r}: choose {' or '.join(sorted(SETS))}")
    deal_set = SETS[name] if name is not None else DEVELOPMENT
    if seed is None:
        seed = deal_set.first
    if seed not in deal_set:
        other = next((s for s in SETS.values() if seed in s), None)
        if name is None and other is HELD_OUT:
            raise DealSetError(
                f"seed {seed} is a held-out seed ({HELD_OUT.first:,} to {HELD_OUT.end - 1:,}): name "
                "--deal-set held-out to report on held-out deals; tune on development seeds"
            )
        where = f"the {other.name} set's range" if other else "no named set"
        raise DealSetError(
            f"seed {seed} is in {where}, not the {deal_set.name} set's ({deal_set.first:,} to {deal_set.end - 1:,})"
        )
    if seed + max(span, 1) - 1 >= deal_set.end:
        raise DealSetError(
            f"seeds {seed} to {seed + span - 1} run past the {deal_set.name} set's last seed ({deal_set.end - 1:,})"
        )
    if tuning and deal_set is HELD_OUT:
        raise DealSetError(
            "a tuning run (one that chooses a setting, such as an IS-MCTS --sweep) never sees held-out deals: "
            "run it on --deal-set development"
        )
    return deal_set, seed


def record(deal_set: DealSet, seed: int, *, span: int = 1) -> dict[str, Any]:
    """What a result file says of its deals: ``{"deal_set": {...}}``, to merge into its JSON."""
    return {
        "deal_set": {
            "name": deal_set.name,
            "seeds": [seed, seed + max(span, 1) - 1],
            "range": [deal_set.first, deal_set.end - 1],
            "purpose": deal_set.purpose,
        }
    }


def set_of(data: dict[str, Any]) -> str:
    """The deal set a result file was made on: its own record, else ``development``.

    Every file made before the sets were named is a development run: all
    were dealt from seed 0 or 1, the deals the bots were tuned on.
    """
    recorded = data.get("deal_set")
    if isinstance(recorded, dict) and recorded.get("name") in SETS:
        return str(recorded["name"])
    return DEVELOPMENT.name


def check_resume(data: dict[str, Any], deal_set: DealSet) -> None:
    """Refuse to add hands of ``deal_set`` to a result file of the other set (or an older, development, file)."""
    kept = set_of(data)
    if kept != deal_set.name:
        raise DealSetError(
            f"the file holds {kept} deals; hands of the {deal_set.name} set would be pooled with them: "
            "write to another --out"
        )


def main() -> None:
    for deal_set in SETS.values():
        print(f"{deal_set.name}: seeds {deal_set.first:,} to {deal_set.end - 1:,} ({deal_set.purpose})")


if __name__ == "__main__":
    main()
