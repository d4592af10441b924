"""Draw the bot tournament figures as an SVG chart (no plotting library needed).

    python benchmarks/bots_chart.py benchmarks/results docs/bots.svg
    python benchmarks/bots_chart.py benchmarks/results --markdown   # the tables of docs/strength.md

It reads, from the results folder, ``openspiel.json`` (our bots against
OpenSpiel's IS-MCTS with ``uct_c`` 2, ``openspiel_tournament.py``), for the
Markdown also ``ismcts_sweep.json`` (the ``uct_c`` sweep) and
``openspiel_strongest*.json`` (against the sweep's strongest, one file a run),
``heuristic_vs_v1.json`` and ``sampling_presets.json`` (whole games,
``bot_tournament.py``), and for the Markdown the presets against heuristics
(``sampling_presets_2026-12-03.json``, ``sampling192_presets_*.json``) and
against Python IS-MCTS (``sampling_presets_ismcts.json``, ``preset_ismcts.py``),
whichever are there. Every row says its deal set (``benchmarks/deal_sets.py``): the
file's own ``deal_set``, else ``development`` (every file made before the sets were
named was dealt from seed 0 or 1, the deals the bots were tuned on). A pairing row may say which deals it played (``"deals": "seed 1"``);
the table shows it after the bot's name. The top panel shows each bot's margin
in points per hand against three IS-MCTS (lower is better) with its 95 %
interval and the target; the bottom panel the win rates over whole games with
their 95 % intervals and the share an equal bot would have.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # deal_sets

from deal_sets import set_of

#: Issue 29's targets against the strongest IS-MCTS, by the bot's name before its options (``sampling:samples=64``).
TARGETS = {"sampling": -2.0, "heuristic": 0.0}
#: The sampling bot's default deals a decision when the preset runs without ``--samples`` were made.
SAMPLES_OF_THOSE_RUNS = 64


def _load(folder: Path, name: str) -> dict[str, Any]:
    path = folder / name
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _strongest_runs(folder: Path) -> list[dict[str, Any]]:
    """Every run against the sweep's strongest field (``openspiel_strongest*.json``), by file name."""
    return [_load(folder, path.name) for path in sorted(folder.glob("openspiel_strongest*.json"))]


def svg(folder: Path) -> str:
    width, left, row, scale_w = 760, 250, 26, 420
    parts: list[str] = []
    y = 20
    parts.append(
        f'<text x="10" y="{y}" font-weight="bold">Bots against OpenSpiel IS-MCTS: points per hand minus the others\' mean (lower is better, 95 % intervals)</text>'
    )
    y += 14
    base = _load(folder, "openspiel.json")
    margins = {f"{k} [{set_of(base)}]": v for k, v in base.get("pairings", {}).items()}
    for strongest in _strongest_runs(folder):
        for pairing, row_ in strongest.get("pairings", {}).items():
            margins[
                f"{pairing} ({strongest['commit'][:7]}), c = {strongest['field']['uct_c']:g}, per deal "
                f"[{set_of(strongest)}]"
            ] = row_
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
        target = TARGETS.get(pairing.split("-vs-")[0].split(":")[0])
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
        data = _load(folder, name)
        games.update({k: v | {"deal_set": set_of(data)} for k, v in data.get("matches", {}).items()})

    def wx(v: float) -> float:
        return left + v * scale_w

    for key, row_ in games.items():
        rate, low, high, equal = row_["win_rate"], row_["win_low"], row_["win_high"], row_["equal_share"]
        colour = "#3a7d44" if low > equal else "#c0504d" if high < equal else "#777"
        label = key.replace("sampling_vs_heuristic/", "sampling vs heuristic, ") + f" [{row_['deal_set']}]"
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


def sweep_markdown(folder: Path) -> list[str]:
    """The uct_c sweep (``ismcts_sweep.json``) as a table: each setting's margin against the others at its tables."""
    data = _load(folder, "ismcts_sweep.json")
    if not data:
        return []
    lines = [
        "| IS-MCTS `uct_c` (4,000 simulations) | hands | deals | points/hand | margin (95 %, over deals) "
        "| minus the strongest's, deal by deal | CPU ms a play | deal set |",
        "|---|---|---|---|---|---|---|---|",
    ]
    strongest = data["sweep"]["strongest"]
    for r in data["sweep"]["settings"].values():
        mark = " (the strongest)" if r["options"] == strongest else ""
        lines.append(
            f"| {r['options']['uct_c']:g}{mark} | {r['hands']} | {r['deals']} | {r['mean_points']:.2f} | "
            f"**{r['margin']:+.2f} ± {r['margin_half_width_95']:.2f}** | "
            f"{r['minus_strongest']:+.2f} ± {r['minus_strongest_half_width_95']:.2f} | "
            f"{r.get('cpu_ms_per_play', float('nan')):.0f} | {set_of(data)} |"
        )
    return [*lines, ""]


def strongest_markdown(folder: Path) -> list[str]:
    """Our bots against three seats of the strongest IS-MCTS (``openspiel_strongest.json``), intervals over deals."""
    runs = _strongest_runs(folder)
    if not any(runs):
        return []
    lines = [
        "| bot (commit) | against | hands (deals) | bot's points/hand | field's | margin (95 %, over deals) "
        "| CPU ms a play: bot | IS-MCTS | deal set |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for data in filter(None, runs):
        c = data["field"]["uct_c"]
        for r in data["pairings"].values():
            lines.append(
                f"| `{r['bot']}` ({data['commit'][:7]}) | 3 × `ismcts` (c = {c:g}) | {r['hands']} ({r['deals']}) | "
                f"{r['mean_points']:.2f} | {r['field_mean_points']:.2f} | "
                f"**{r['margin']:+.2f} ± {r['margin_half_width_95']:.2f}** | "
                f"{r['cpu_ms_per_play']:.2f} | {r['field_cpu_ms_per_play']:.0f} | {set_of(data)} |"
            )
    return [*lines, ""]


def _games_cells(r: dict[str, Any]) -> str:
    """A whole-games row's win rate with its interval, the equal share, the mean total and the others'."""
    return (
        f"**{100 * r['win_rate']:.1f}%** ({100 * r['win_low']:.1f}–{100 * r['win_high']:.1f}%) | "
        f"{100 * r['equal_share']:.0f}% | {r['mean_total']:.1f} ± {r['mean_half_width']:.1f} | "
        f"{r['others_mean_total']:.1f}"
    )


def preset_games_markdown(folder: Path) -> list[str]:
    """Whole games against heuristics in the presets of issue 29, one row per run and preset (win rates, Wilson 95 %)."""
    runs = [_load(folder, "sampling_presets_2026-12-03.json")]
    runs += [_load(folder, path.name) for path in sorted(folder.glob("sampling192_presets_*.json"))]
    rows = [
        (
            key.partition("/")[2],
            data["args"].get("samples") or SAMPLES_OF_THOSE_RUNS,
            r | {"deal_set": set_of(data)},
        )
        for data in runs
        if data
        for key, r in data["matches"].items()
    ]
    if not rows:
        return []
    lines = [
        "| preset | sampling's deals a decision | games | win rate (95 %) | an equal bot | mean total (95 %) "
        "| the others' | deal set |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for preset, samples, r in sorted(rows, key=lambda row: row[:2]):
        lines.append(f"| {preset} | {samples} | {int(r['games'])} | {_games_cells(r)} | {r['deal_set']} |")
    return [*lines, ""]


def preset_ismcts_markdown(folder: Path) -> list[str]:
    """The sampling bot against Python IS-MCTS seats in the presets (``sampling_presets_ismcts.json``)."""
    data = _load(folder, "sampling_presets_ismcts.json")
    if not data:
        return []
    lines = [
        f"| preset | IS-MCTS `uct_c` ({data['sims']} simulations) | hands (deals) | bot's points/hand | field's "
        "| margin (95 %, over deals) | CPU ms a play: bot | IS-MCTS | deal set |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, r in data["presets"].items():
        lines.append(
            f"| {name} | {r['uct_c']:.2f} | {r['hands']} ({r['deals']}) | {r['bot_mean']:.2f} | {r['field_mean']:.2f} | "
            f"**{r['margin']:+.2f} ± {r['margin_half_width']:.2f}** | {r['bot_cpu_ms_per_play']:.1f} | "
            f"{r['field_cpu_ms_per_play']:.0f} | {set_of(data)} |"
        )
    return [*lines, ""]


def markdown(folder: Path) -> str:
    """The figures as the Markdown tables of docs/strength.md."""
    lines = [
        *sweep_markdown(folder),
        *strongest_markdown(folder),
        *preset_games_markdown(folder),
        *preset_ismcts_markdown(folder),
        "| bot | against (c = 2) | hands | bot's points/hand | field's | margin (95 %) | ms a play: bot | IS-MCTS "
        "| deal set |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    base = _load(folder, "openspiel.json")
    for r in base.get("pairings", {}).values():
        deals = f" ({r['deals']})" if "deals" in r else ""
        lines.append(
            f"| `{r['bot']}`{deals} | 3 × `{r['field']}` | {r['hands']} | {r['mean_points']:.2f} | "
            f"{r['field_mean_points']:.2f} | **{r['margin']:+.2f} ± {r['margin_half_width_95']:.2f}** | "
            f"{r['ms_per_play']:.2f} | {r['field_ms_per_play']:.0f} | {set_of(base)} |"
        )
    lines += [
        "",
        "| contender | against | rules | games | win rate (95 %) | an equal bot | mean total (95 %) | the others' "
        "| moons | deal set |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    games: dict[str, Any] = {}
    for name in ("heuristic_vs_v1.json", "sampling_presets.json"):
        data = _load(folder, name)
        games.update({k: v | {"deal_set": set_of(data)} for k, v in data.get("matches", {}).items()})
    for r in games.values():
        contender, _, field = r["title"].partition(" vs ")
        field, _, rules = field.partition(" (")
        lines.append(
            f"| `{contender}` | {field} | {rules.rstrip(')')} | {int(r['games'])} | {_games_cells(r)} | "
            f"{int(r['moons'])} | {r['deal_set']} |"
        )
    return "\n".join(lines) + "\n"


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[2] == "--markdown":
        print(markdown(Path(sys.argv[1])), end="")
        return 0
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    Path(sys.argv[2]).write_text(svg(Path(sys.argv[1])), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
