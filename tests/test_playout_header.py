"""The C kernel's header is made from the Python declaration: it fails here when the two drift."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import native, variants
from hartenjagen.core import playout_layout as layout
from hartenjagen.core import state as core_state
from hartenjagen.core import table as core_table
from hartenjagen.core.draws import Draws
from hartenjagen.core.table import table_for

ROOT = Path(__file__).resolve().parent.parent
HEADER = ROOT / "src/hartenjagen/_playout_plan.h"


def test_committed_header_is_generated() -> None:
    assert HEADER.read_text(encoding="utf-8") == layout.header(), "run scripts/gen_playout_header.py"


def test_generator_check_mode() -> None:
    script = ROOT / "scripts/gen_playout_header.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_a_changed_layout_changes_the_header() -> None:
    """Reordering the plan, renaming a slot or changing a code makes another header: the test above would fail."""
    now = layout.header()
    swapped = (layout.PLAN[1], layout.PLAN[0], *layout.PLAN[2:])
    assert layout.header(swapped) != now
    renamed = (attrs.evolve(layout.PLAN[0], name="seats"), *layout.PLAN[1:])
    assert layout.header(renamed) != now
    codes = layout.CODES
    try:
        doc, entries = codes[0]
        layout.CODES = ((doc, ((entries[0][0], 9), *entries[1:])), *codes[1:])  # type: ignore[misc]
        assert layout.header() != now
    finally:
        layout.CODES = codes  # type: ignore[misc]


def test_codes_are_the_cores() -> None:
    named = {name: value for _, entries in layout.CODES for name, value in entries}
    for name in ("LEAD_ALWAYS", "LEAD_BROKEN", "LEAD_AFTER_TRICKS", "LEAD_SUITS_LED", "FIRST_ANYTHING",
                 "FIRST_RESTRICT", "FIRST_RESTRICT_LOWEST", "OPENING_MASK", "OPENING_LOWEST_NON_HEART",
                 "OPENING_LOWEST_OF_A_SUIT"):  # fmt: skip
        assert named[name] == getattr(core_table, name)
    assert named["PHASE_PASSING"] == core_state.PASSING
    assert named["PHASE_PLAYING"] == core_state.PLAYING


def test_fields_exist() -> None:
    """Every attribute the kernel reads is one its owner has."""
    state = hj.new_game(variants.STANDARD, seed=1)
    owners = {"State": state, "HandContext": state._hand, "Draws": Draws("x")}
    for owner, names in layout.FIELDS:
        for name in names:
            assert hasattr(owners[owner], name), f"{owner}.{name}"


def test_encode_by_name() -> None:
    """The plan's integers follow the layout: counts from the lists' lengths, masks as two words."""
    slots = (
        layout.Slot("n", "small", 0, 9),
        layout.Slot("xs", "small", 0, 9, count="n"),
        layout.Slot("m", "mask"),
        layout.Slot("k", "small", 0, 9),
        layout.Slot("rs", "each", count="k", members=(layout.Slot("v", "int"), layout.Slot("w", "folded"))),
    )
    out = layout.encode({"xs": [4, 5], "m": 1 << 64 | 3, "rs": [{"v": -2, "w": 1 << 63}]}, slots)
    assert out == [2, 4, 5, 3, 1, 1, -2, -(1 << 63), 0]


def test_every_preset_plans() -> None:
    """Each preset the kernel plays encodes to a plan the layout reads to its end."""
    for name in dir(variants):
        rules = getattr(variants, name)
        if isinstance(rules, hj.Rules) and native.AVAILABLE:
            table = table_for(rules)
            entries = native.plan_entries(table)
            if entries is not None:
                assert native.KERNEL.compile_plan(entries, tuple(table.routes))


def test_a_code_c_does_not_take_is_left_to_python() -> None:
    """A small value past its slot's bound (a limit or a code) is refused as the plan is packed, not in C."""
    slots = (
        layout.Slot("lead_opens", "small", 0, "LEAD_SUITS_LED"),
        layout.Slot("n", "small", 0, "MAX_SEATS"),
    )
    assert layout.encode({"lead_opens": core_table.LEAD_SUITS_LED, "n": 13}, slots) == [3, 13]
    for values in ({"lead_opens": core_table.LEAD_CALLBACK, "n": 2}, {"lead_opens": 0, "n": 14}):
        with pytest.raises(layout.OutOfRange):
            layout.encode(values, slots)


def test_every_kernel_header_travels_in_the_sdist() -> None:
    """Each header the kernel includes is in MANIFEST.in and setup.py's ``depends`` (a build from an sdist needs it)."""
    sources = ROOT / "src/hartenjagen"
    included = set()
    for name in ("_playout.c", "_playout_read.h", "_playout_body.h"):
        included |= set(re.findall(r'#include "([^"]+)"', (sources / name).read_text(encoding="utf-8")))
    assert "_playout_plan.h" in included
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    for header in included:
        assert f"src/hartenjagen/{header}" in manifest, header
        assert f'"src/hartenjagen/{header}"' in setup, header


def test_slots_name_table_attributes() -> None:
    """Each slot the layout ties to the `Table` names an attribute a table has."""
    table = table_for(variants.STANDARD)
    named = [slot.table for slot in layout.PLAN if slot.table]
    assert named and all(hasattr(table, name) for name in named)
