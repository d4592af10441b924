"""What the tournament scripts share and that needs no OpenSpiel: bot specs, OpenSpiel's card ids, intervals.

`openspiel_tournament.py` plays; `replay_decisions.py` and `paired_runs.py` read its results without
importing OpenSpiel, so these helpers live here, written once.
"""

from __future__ import annotations

import math
import subprocess
from pathlib import Path
from typing import Any

from hartenjagen.cards import Card, Rank, Suit

#: The checkout the harnesses run from (for the commit a result file records).
_ROOT = Path(__file__).resolve().parent.parent


def os_card(action: int) -> Card:
    """The card of an OpenSpiel card action (``rank * 4 + suit``)."""
    return Card(Rank(action // 4 + 2), Suit(action % 4))


def os_action(card: Card) -> int:
    """The OpenSpiel card action of a card (``rank * 4 + suit``, ranks from 2)."""
    return (card.rank - 2) * 4 + card.suit


def parse_bot(spec: str) -> tuple[str, dict[str, Any]]:
    """``"sampling:samples=16,playout=greedy"`` -> ("sampling", {"samples": 16, "playout": "greedy"})."""
    name, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        try:
            options[key] = int(value)
        except ValueError:
            try:
                options[key] = float(value)
            except ValueError:
                options[key] = value
    return name, options


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return (float("nan"), float("nan"))
    mean = sum(values) / n
    if n < 2:
        return (mean, float("nan"))
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, 1.96 * math.sqrt(var / n))


def commit() -> str:
    """The checkout's commit, with ``+dirty`` when files differ from it (``unknown`` outside git)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=_ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=_ROOT,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")
