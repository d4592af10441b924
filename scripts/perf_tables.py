"""Print the figures and per-preset tables of docs/performance.md from a bench.py --json file.

python scripts/perf_tables.py benchmarks/figures.json
"""

from __future__ import annotations

import json
import sys


def main(path: str) -> None:
    with open(path, encoding="utf-8") as data:
        figures = json.load(data)
    c, i = figures["compiled"], figures["interpreted"]

    def pair(f: dict[str, dict[str, float]], key: str) -> str:
        return f"{f[key]['ratio']:.2f} ({f[key]['hartenjagen']:,.0f} vs {f[key]['openspiel']:,.0f} hands/s)"

    print("| figure | target | before | compiled core | interpreted core |")
    print("|---|---|---|---|---|")
    print(
        f"| P1 step API, ratio to OpenSpiel | ≥ 1.0 (compiled), ≥ 0.45 (interpreted) | 0.18 | **{pair(c, 'P1')}** | {pair(i, 'P1')} |"
    )
    print(
        f"| P2 rollouts, ratio to `evaluate_bots` | ≥ 2.0 | 0.10–0.14 | **{pair(c, 'P2')}** | {pair(i, 'P2')} |"
    )
    p3c, p3i = c["P3"], i["P3"]
    print(
        f"| P3 bytes per kept state, 1 game / 8 games | ≤ 250 | 390–394 | **{p3c['one_game']:.0f} / {p3c['eight_games']:.0f}** | {p3i['one_game']:.0f} / {p3i['eight_games']:.0f} |"
    )
    p4c, p4i = c["P4"], i["P4"]
    print(
        f"| P4 six players two packs / four players, per card | ≤ 1.5 | 1.24 | **{p4c['ratio']:.2f}** "
        f"({p4c['six_double_deck'] * 1e6:.2f} / {p4c['four_players'] * 1e6:.2f} µs) | {p4i['ratio']:.2f} "
        f"({p4i['six_double_deck'] * 1e6:.2f} / {p4i['four_players'] * 1e6:.2f} µs) |"
    )
    imc, imi = c["import"], i["import"]
    print(
        f"| `import hartenjagen` | fast, light | 112 ms, 6.6 MiB | {imc['seconds'] * 1000:.0f} ms, {imc['peak_kib'] / 1024:.1f} MiB | {imi['seconds'] * 1000:.0f} ms |"
    )
    print()
    print("| preset | compiled | interpreted |")
    print("|---|---|---|")
    for name, row in c["presets"].items():
        other = i["presets"][name]
        cells = [
            f"{r['hands_per_s']:,.0f}; {r['legal_moves_ns']:,.0f}; {r['apply_ns']:,.0f}" for r in (row, other)
        ]
        print(f"| {name} | {cells[0]} | {cells[1]} |")


if __name__ == "__main__":
    main(sys.argv[1])
