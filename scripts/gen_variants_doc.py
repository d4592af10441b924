"""Write docs/variants.md from hartenjagen.variants.OFFERED: ALL, then FAMILY (run after changing a preset).

Usage: python scripts/gen_variants_doc.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

from hartenjagen import variants
from hartenjagen.rules import Rules

DOC = Path(__file__).resolve().parent.parent / "docs" / "variants.md"

INTRO = """# Variants

Every preset in `hartenjagen.variants`, generated from `variants.OFFERED`
(`variants.ALL`, the presets of Hearts itself, then `variants.FAMILY`, its
relatives) by `scripts/gen_variants_doc.py` (a test checks that this page is
current).
`variants.get(name)` accepts the name or any alias, in any case, with spaces,
`_` or `-`. A house variant is a preset with a slot changed:
`attrs.evolve(variants.STANDARD, scoring=rules.scoring.OMNIBUS)`.

Hoemke's 256 variants are `variants.hoemke(p, l, h, s)` with each
number from 1 to 4, or `variants.get("hoemke_P2L2H2S3")`; see the docstring of
`hoemke` and the table at the end.

Source keys (Black Lady 3p, Spelregelwijzer, Hoemke, ...) are those of
[Sources](sources.md), which says what each source is and what it gives.
"""

SLOTS = (
    "deck",
    "passing",
    "opening",
    "first_trick",
    "leading",
    "scoring",
    "moon",
    "ending",
    "duplicates",
    "trick_winner",
)


def describe(rules: Rules) -> str:
    """The modules of a ruleset that differ from the standard game, one per line."""
    standard = variants.STANDARD
    parts = [
        f"`{slot}={getattr(rules, slot)!r}`"
        for slot in SLOTS
        if getattr(rules, slot) != getattr(standard, slot)
    ]
    if rules.extras:
        parts.append(f"`extras={rules.extras!r}`")
    return "<br>".join(parts) or "(the standard modules)"


def render() -> str:
    lines = [
        INTRO,
        "| preset | summary | aliases | modules (where not standard) | sources |",
        "|---|---|---|---|---|",
    ]
    for preset in variants.ALL:
        aliases = ", ".join(f"`{a}`" for a in preset.aliases)
        row = f"| `{preset.name}` | {preset.summary} | {aliases} | {describe(preset.rules)} | {preset.sources} |"
        lines.append(row)
    lines += [
        "",
        "## The Hearts family",
        "",
        "The games of `variants.FAMILY`, written in `hartenjagen.family`; [The Hearts family](family.md)",
        "gives their rules in words, their sources and their code.",
        "",
        "| preset | summary | aliases | modules (where not standard) | sources |",
        "|---|---|---|---|---|",
    ]
    for preset in variants.FAMILY:
        aliases = ", ".join(f"`{a}`" for a in preset.aliases)
        row = f"| `{preset.name}` | {preset.summary} | {aliases} | {describe(preset.rules)} | {preset.sources} |"
        lines.append(row)
    lines += [
        "",
        "## Standard modules",
        "",
        "| slot | module |",
        "|---|---|",
        *(f"| `{slot}` | `{getattr(variants.STANDARD, slot)!r}` |" for slot in SLOTS),
        "",
        "## Hoemke's choice points (Hoemke)",
        "",
        "| number | P: passing | L: first lead | H: hearts may be led | S: scoring |",
        "|---|---|---|---|---|",
    ]
    for n in range(1, 5):
        rules = variants.hoemke(n, n, n, n)
        lines.append(
            f"| {n} | `{rules.passing!r}` | `{rules.opening!r}` | `{rules.leading!r}` | `{rules.scoring!r}` |"
        )
    lines += [
        "",
        "Fixed in all 256: 52 cards; no penalty cards on trick one unless forced;",
        f"moon `{variants.hoemke(1, 1, 1, 1).moon!r}`; game to 100, lowest total wins.",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    text = render()
    if "--check" in sys.argv:
        if DOC.read_text(encoding="utf-8") != text:
            print(f"{DOC} is out of date: run python scripts/gen_variants_doc.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
