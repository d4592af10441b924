"""Draw the bot tournament figures as an SVG chart (no plotting library needed).

    python benchmarks/bots_chart.py benchmarks/results docs/bots.svg

It reads, from the results folder, ``openspiel.json`` (our bots against
OpenSpiel's IS-MCTS, ``openspiel_tournament.py``), ``heuristic_vs_v1.json`` and
``sampling_presets.json`` (whole games, ``bot_tournament.py``), whichever are
there. The top panel shows each bot's margin in points per hand against three
IS-MCTS (lower is better) with its 95 % interval and the target; the bottom
panel the win rates over whole games with their 95 % intervals and the share an
equal bot would have.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

TARGETS = {"sampling-vs-ismcts": -1.5, "heuristic-vs-ismcts": -0.5}


def _load(folder: Path, name: str) -> dict[str, Any]:
    path = folder / name
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def svg(folder: Path) -> str:
    width, left, row, scale_w = 760, 250, 26, 420
    parts: list[str] = []
    y = 20
    parts.append(
        f'<text x="10" y="{y}" font-weight="bold">Bots against OpenSpiel IS-MCTS: points per hand minus the others\' mean (lower is better, 95 % intervals)</text>'
    )
    y += 14
    margins = _load(folder, "openspiel.json").get("pairings", {})
    lo, hi = -6.0, 4.0

    def mx(v: float) -> float:
        return left + (min(max(v, lo), hi) - lo) / (hi - lo) * scale_w

    top = y
    for pairing, row_ in margins.items():
        m, h = row_["margin"], row_["margin_half_width_95"]
        colour = "#3a7d44" if m + h < 0 else "#c0504d" if m - h > 0 else "#777"
        parts.append(f'<text x="10" y="{y + 17}">{pairing} ({row_["hands"]} hands)</text>')
        parts.append(
            f'<line x1="{mx(m - h):.1f}" y1="{y + 12}" x2="{mx(m + h):.1f}" y2="{y + 12}" stroke="{colour}" stroke-width="3"/>'
        )
        parts.append(f'<circle cx="{mx(m):.1f}" cy="{y + 12}" r="5" fill="{colour}"/>')
        parts.append(f'<text x="{mx(hi) + 8:.1f}" y="{y + 17}">{m:+.2f} ± {h:.2f}</text>')
        target = TARGETS.get(pairing)
        if target is not None:
            parts.append(
                f'<line x1="{mx(target):.1f}" y1="{y + 2}" x2="{mx(target):.1f}" y2="{y + 22}" stroke="#1f4e79" stroke-dasharray="3 2"/>'
            )
        y += row
    parts.append(f'<line x1="{mx(0):.1f}" y1="{top}" x2="{mx(0):.1f}" y2="{y}" stroke="#333"/>')
    for tick in range(int(lo), int(hi) + 1, 2):
        parts.append(f'<text x="{mx(tick) - 8:.1f}" y="{y + 14}" font-size="11">{tick:+d}</text>')
    y += 34
    parts.append(
        f'<text x="10" y="{y}" font-weight="bold">Whole games: win rate (95 % interval; | the share of an equal bot)</text>'
    )
    y += 14
    games: dict[str, Any] = {}
    for name in ("heuristic_vs_v1.json", "sampling_presets.json"):
        games.update(_load(folder, name).get("matches", {}))

    def wx(v: float) -> float:
        return left + v * scale_w

    for key, row_ in games.items():
        rate, low, high, equal = row_["win_rate"], row_["win_low"], row_["win_high"], row_["equal_share"]
        colour = "#3a7d44" if low > equal else "#c0504d" if high < equal else "#777"
        label = key.replace("sampling_vs_heuristic/", "sampling vs heuristic, ")
        parts.append(f'<text x="10" y="{y + 17}">{label} ({int(row_["games"])})</text>')
        parts.append(
            f'<rect x="{left}" y="{y + 4}" width="{rate * scale_w:.1f}" height="16" fill="{colour}" opacity="0.7"/>'
        )
        parts.append(
            f'<line x1="{wx(low):.1f}" y1="{y + 12}" x2="{wx(high):.1f}" y2="{y + 12}" stroke="#222" stroke-width="2"/>'
        )
        parts.append(
            f'<line x1="{wx(equal):.1f}" y1="{y + 1}" x2="{wx(equal):.1f}" y2="{y + 23}" stroke="#1f4e79" stroke-width="2"/>'
        )
        parts.append(
            f'<text x="{wx(1) + 8:.1f}" y="{y + 17}">{100 * rate:.1f}% ({100 * low:.0f}–{100 * high:.0f}%)</text>'
        )
        y += row
    height = y + 20
    head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 120}" height="{height}" font-family="sans-serif" font-size="13">'
    return "\n".join([head, '<rect width="100%" height="100%" fill="white"/>', *parts, "</svg>"]) + "\n"


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    Path(sys.argv[2]).write_text(svg(Path(sys.argv[1])), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
