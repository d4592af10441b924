"""The bots repeat the decisions of their recorded 1,000-hand runs: a speed-up must not change a single one.

``benchmarks/replay_decisions.py`` deals each recorded hand of an IS-MCTS run
again, seats the contender with the seed the tournament gave it and asks it
for every pass and play it made; here a spread sample of the three runs whose
figures docs/strength.md quotes (the heuristic, sampling at 64 and at 192
deals) is replayed. The whole runs replay the same way (see docs/bots.md).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"


def _replayer() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "replay_decisions", ROOT / "benchmarks" / "replay_decisions.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("name", "pairing", "every"),
    [
        ("openspiel_strongest", "heuristic-vs-ismcts", 25),
        ("openspiel_strongest", "sampling-vs-ismcts", 50),
        ("openspiel_strongest_samples192", "sampling:samples=192-vs-ismcts", 125),
    ],
)
def test_the_bots_repeat_a_sample_of_their_recorded_decisions(name: str, pairing: str, every: int) -> None:
    replay = _replayer()
    records = [
        r for i, r in enumerate(replay.records_of(RESULTS / f"{name}.jsonl", pairing)) if i % every == 0
    ]
    assert len(records) >= 8
    tally = replay.replay(records, seed=0)[pairing]
    assert tally.decisions >= 13 * len(records)
    assert tally.mismatches == []


def test_a_changed_record_is_reported_as_a_mismatch() -> None:
    replay = _replayer()
    record = next(
        r
        for r in replay.records_of(RESULTS / "openspiel_strongest.jsonl", "heuristic-vs-ismcts")
        if r["cards"]["passed"][r["seat"]]
    )
    count, wrong = replay.replay_hand(record, seed=0)
    assert count == 14 and wrong == []
    changed = json.loads(json.dumps(record))
    mine = changed["cards"]["passed"][record["seat"]]
    mine.reverse()  # the same cards in another order: not the move the bot returns
    _, wrong = replay.replay_hand(changed, seed=0)
    assert len(wrong) == 1 and wrong[0]["pass"] == mine
