"""Draw the benchmark figures as an SVG bar chart (no plotting library needed).

    python benchmarks/bench.py --json benchmarks/figures.json
    python benchmarks/chart.py benchmarks/figures.json docs/performance.svg

Each bar is one figure as a fraction of its target (1.0 = the target met), so
the four can share one axis: P1 and P2 are ratios to OpenSpiel (higher is
better), P3 is 250 bytes divided by the bytes per state and P4 is 1.5 divided
by the six-player cost ratio (both so that higher is better).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def bars(figures: dict[str, dict[str, float]]) -> list[tuple[str, float, str]]:
    """(label, fraction of target, the figure in words) for each of P1-P4."""
    if "compiled" in figures and isinstance(figures["compiled"], dict):  # bench.py --cores both
        figures = figures["compiled"]
    p1, p2, p3, p4 = figures["P1"], figures["P2"], figures["P3"], figures["P4"]
    return [
        ("P1 step API", p1["ratio"], f"{p1['ratio']:.2f}x OpenSpiel (target 1.0x)"),
        ("P2 rollouts", p2["ratio"] / 2, f"{p2['ratio']:.2f}x evaluate_bots (target 2.0x)"),
        ("P3 memory", 250 / p3["eight_games"], f"{p3['eight_games']:.0f} bytes/state (target 250)"),
        ("P4 scale", 1.5 / p4["ratio"], f"6p/4p {p4['ratio']:.2f} (target 1.5)"),
    ]


def svg(rows: list[tuple[str, float, str]]) -> str:
    width, left, bar_height, gap = 720, 120, 26, 14
    scale = 380  # pixels for 1.0 (the target)
    height = 40 + len(rows) * (bar_height + gap) + 20
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="13">',
        '<text x="10" y="20" font-weight="bold">hartenjagen performance against the targets (1.0 = target)</text>',
    ]
    target_x = left + scale
    for i, (label, fraction, words) in enumerate(rows):
        y = 36 + i * (bar_height + gap)
        length = max(2.0, min(fraction, 1.6) * scale)
        colour = "#3a7d44" if fraction >= 1 else "#c0504d"
        parts += [
            f'<text x="10" y="{y + 18}">{label}</text>',
            f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar_height}" fill="{colour}"/>',
            f'<text x="{left + length + 6:.1f}" y="{y + 18}">{words}</text>',
        ]
    bottom = 36 + len(rows) * (bar_height + gap)
    parts += [
        f'<line x1="{target_x}" y1="30" x2="{target_x}" y2="{bottom}" stroke="#333" stroke-dasharray="4 3"/>',
        f'<text x="{target_x - 20}" y="{bottom + 14}">target</text>',
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    figures = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    Path(sys.argv[2]).write_text(svg(bars(figures)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
