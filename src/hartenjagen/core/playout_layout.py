"""What the native playout kernel and Python both state, stated once: here, and C reads a header made from it.

The codes a plan carries (how hearts open, the first-trick rule, the opening,
the moon options), the phases, the trace's kinds, the kernel's limits, the
fields it reads from a State, a HandContext and a Draws, and the plan's
layout — the order of the integers ``compile_plan`` reads and the C struct
they fill — are declared here. `header` renders them as C:
``scripts/gen_playout_header.py`` writes it to ``src/hartenjagen/_playout_plan.h``,
which is committed, and ``tests/test_playout_header.py`` fails when the
committed header is not what `header` makes now. `encode` packs a plan's
values, given by name, in the layout's order (``native.plan_entries``).

The values of the rule codes are the core's (`hartenjagen.core.table`,
`hartenjagen.core.state`); what each code means to the C kernel is C code in
``_playout_body.h`` (see docs/architecture.md, "The path of one rule").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from hartenjagen.core import hook_cache as _hook_cache
from hartenjagen.core import rollout as _rollout
from hartenjagen.core import state as _state
from hartenjagen.core import table as _table
from hartenjagen.moves import MoonOption

#: How the kernel numbers a moon option (``plan.moon_options``).
MOON_OPTIONS: Final = {
    MoonOption.OTHERS_PLUS: 0,
    MoonOption.SELF_MINUS: 1,
    MoonOption.RESET: 2,
    MoonOption.DOUBLE: 3,
}
#: What a trace item records (``kind << 56 | value``; tests only): a play, a card passed, a moon choice.
TRACE_PLAY: Final = 1
TRACE_PASS: Final = 2
TRACE_MOON: Final = 4

#: The kernel's limits; native.py plays a table only within them.
MAX_SEATS: Final = 13
MAX_COPIES: Final = 2
MAX_PACK: Final = 128
MAX_ROUTES: Final = 16
MAX_STAGES: Final = 4
MAX_PASS: Final = 13
MAX_GROUPS: Final = 52
MAX_MOON_OPTIONS: Final = 4
MAX_SHUFFLE_GROUPS: Final = 64
#: The most house rules with a ``playable`` hook the kernel asks (each has a tree of its own).
MAX_EXTRAS: Final = 8

#: The integer codes C names, by C name, from their Python source.
CODES: Final[tuple[tuple[str, tuple[tuple[str, int], ...]], ...]] = (
    (
        "How hearts open (core/table.py, Table.lead_opens)",
        (
            ("LEAD_ALWAYS", _table.LEAD_ALWAYS),
            ("LEAD_BROKEN", _table.LEAD_BROKEN),
            ("LEAD_AFTER_TRICKS", _table.LEAD_AFTER_TRICKS),
            ("LEAD_SUITS_LED", _table.LEAD_SUITS_LED),
            ("LEAD_CALLBACK", _table.LEAD_CALLBACK),
        ),
    ),
    (
        "The first-trick rule (core/table.py, Table.first_kind)",
        (
            ("FIRST_ANYTHING", _table.FIRST_ANYTHING),
            ("FIRST_RESTRICT", _table.FIRST_RESTRICT),
            ("FIRST_RESTRICT_LOWEST", _table.FIRST_RESTRICT_LOWEST),
            ("FIRST_CALLBACK", _table.FIRST_CALLBACK),
        ),
    ),
    (
        "The first lead (core/table.py, Table.opening_kind)",
        (
            ("OPENING_MASK", _table.OPENING_MASK),
            ("OPENING_LOWEST_NON_HEART", _table.OPENING_LOWEST_NON_HEART),
            ("OPENING_LOWEST_OF_A_SUIT", _table.OPENING_LOWEST_OF_A_SUIT),
        ),
    ),
    (
        "The moon options (core/playout_layout.py, MOON_OPTIONS)",
        tuple((f"MOON_{o.name}", c) for o, c in MOON_OPTIONS.items()),
    ),
    (
        "The phases (core/state.py, PHASES)",
        tuple((f"PHASE_{phase.name}", code) for code, phase in enumerate(_state.PHASES)),
    ),
    (
        "The hook slots, each with a tree of its own (core/rollout.py; then one per house rule)",
        (
            ("HOOK_OPENING", _rollout.HOOK_OPENING),
            ("HOOK_LEADING", _rollout.HOOK_LEADING),
            ("HOOK_FIRST_TRICK", _rollout.HOOK_FIRST_TRICK),
            ("HOOK_EXTRAS", _rollout.HOOK_EXTRAS),
        ),
    ),
    (
        "The context fields a hook reads, by their numbers in a tree (core/hook_cache.py, FIELDS)",
        tuple((f"H_{name.upper()}", number) for number, name in enumerate(_hook_cache.FIELDS)),
    ),
    (
        "What a trace item records (core/playout_layout.py)",
        (("TRACE_PLAY", TRACE_PLAY), ("TRACE_PASS", TRACE_PASS), ("TRACE_MOON", TRACE_MOON)),
    ),
)
LIMITS: Final = (
    ("MAX_SEATS", MAX_SEATS),
    ("MAX_COPIES", MAX_COPIES),
    ("MAX_PACK", MAX_PACK),
    ("MAX_ROUTES", MAX_ROUTES),
    ("MAX_STAGES", MAX_STAGES),
    ("MAX_PASS", MAX_PASS),
    ("MAX_GROUPS", MAX_GROUPS),
    ("MAX_MOON_OPTIONS", MAX_MOON_OPTIONS),
    ("MAX_SHUFFLE_GROUPS", MAX_SHUFFLE_GROUPS),
    ("MAX_EXTRAS", MAX_EXTRAS),
)

#: The attributes the kernel reads (and, for a Draws, writes), by owner; C names them F_<NAME>.
FIELDS: Final = (
    ("State", ("_hand", "_played", "_trick", "_count", "_leader", "_led", "_log", "_broken", "_carry")),
    (
        "HandContext",
        ("phase", "hands", "passed", "pending", "pass_log", "direction", "scores", "dealer", "table"),
    ),
    ("Draws", ("_a", "_b", "_c", "_d")),
)


@attrs.frozen
class Slot:
    """One entry of the plan, or an array or records of them.

    ``kind``: ``"small"`` (an int in ``low``..``high``, C expressions), ``"int"``
    (64 bits), ``"mask"`` (two words), ``"folded"`` (a mask whose low word C
    keeps), ``"each"`` (records of ``members``, one per item of a list, their
    number in the slot ``count`` read before), or ``"kernel"`` (a member C fills
    itself, of C type ``ctype``; nothing is read). ``count`` on a scalar kind
    makes an array: a number, or the name of a slot read before it holding the
    length. ``size`` is the C array's capacity; ``struct`` names the C type of
    an ``each``'s records (else its members are parallel arrays). ``table``
    names the `Table` attribute the slot's value is, which
    ``native.plan_entries`` reads by that name; the other slots' values it
    works out.
    """

    name: str
    kind: str
    low: int | str = 0
    high: int | str = 0
    count: int | str | None = None
    size: int | str | None = None
    members: tuple[Slot, ...] = ()
    struct: str | None = None
    ctype: str = ""
    table: str | None = None


def _small(name: str, low: int | str, high: int | str, **more: object) -> Slot:
    return Slot(name, "small", low, high, **more)  # type: ignore[arg-type]


#: The plan's integers in the order `compile_plan` reads them, each named by the plan_t member it fills.
PLAN: Final = (
    _small("players", 2, "MAX_SEATS", table="players"),
    _small("copies", 1, "HAVE_TWO_PACKS ? 2 : 1", table="copies"),
    _small("hand_size", 1, 104, table="hand_size"),
    _small("pack_size", 2, 104),
    _small("pack", 0, "52 * plan->copies - 1", count="pack_size", size="MAX_PACK", table="pack"),
    Slot("suit", "mask", count=4, size=4, table="suit_masks"),
    _small("lead_opens", 0, "LEAD_CALLBACK", table="lead_opens"),
    _small("lead_tricks", 0, "1 << 20", table="lead_tricks"),
    Slot("lead_free", "mask", table="lead_free"),
    Slot("not_queen", "mask", table="not_queen"),
    _small("hearts_or_queen", 0, 1, table="lead_hearts_or_queen"),
    Slot("break_discarded", "folded", table="break_discarded"),
    Slot("break_played", "folded", table="break_played"),
    _small("break_on_first", 0, 1, table="break_on_first_trick"),
    # 1: a leading module of one's own says which card breaks hearts (its ``breaks_hearts``)
    _small("break_callback", 0, 1, table="break_callback"),
    _small("first_kind", 0, "FIRST_CALLBACK", table="first_kind"),
    Slot("first_mask", "mask", table="first_mask"),
    _small("cancel_pairs", 0, 1, table="cancel_pairs"),
    _small("opening_kind", 0, "OPENING_LOWEST_OF_A_SUIT", table="opening_kind"),
    # 1: an opening module of one's own says which cards the first leader may lead (its ``playable``)
    _small("opening_hook", 0, 1),
    # the house rules with a ``playable`` hook, asked in order after the slots' rules
    _small("extras", 0, "MAX_EXTRAS"),
    Slot("opening_lead", "mask", table="opening_lead"),
    Slot("opening_holders", "mask", table="opening_holders"),
    Slot("values", "int", count=52, size=52, table="values"),
    _small("groups", 0, "MAX_GROUPS"),
    Slot(
        "group",
        "each",
        count="groups",
        size="MAX_GROUPS",
        members=(Slot("group_value", "int"), Slot("group_mask", "mask")),
    ),
    # 1: a scoring module of one's own says what captured cards are worth (its ``points_of``)
    _small("scoring_hook", 0, 1, table="scoring_callback"),
    # the cards a scoring module of one's own declares its points come from (its ``point_cards``; else the pack)
    Slot("point_mask", "mask"),
    # 1: a moon module of one's own, asked only when one seat took every card of ``moon_needed`` (its ``needed_cards``)
    _small("moon_hook", 0, 1),
    Slot("moon_needed", "mask"),
    Slot("moon_amount", "int", table="moon_amount"),
    _small("moon_option_count", 0, "MAX_MOON_OPTIONS"),
    _small("moon_options", 0, "MOON_DOUBLE", count="moon_option_count", size="MAX_MOON_OPTIONS"),
    _small("route_count", 0, "MAX_ROUTES"),
    Slot(
        "routes",
        "each",
        count="route_count",
        size="MAX_ROUTES",
        struct="route_t",
        members=(
            _small("supported", 0, 1),
            _small("stages", 0, "MAX_STAGES"),
            Slot(
                "stage",
                "each",
                count="stages",
                size="MAX_STAGES",
                members=(_small("counts", 0, "MAX_PASS"), _small("offsets", 0, "plan->players - 1")),
            ),
        ),
    ),
    # -1: no fresh deals here; 0: the route `fresh_fixed`; 1: drawn among `fresh_choices`
    _small("fresh_kind", -1, 1),
    _small("fresh_fixed", 0, "MAX_ROUTES"),
    _small("fresh_choice_count", 0, "MAX_ROUTES"),
    _small("fresh_choices", 0, "plan->route_count - 1", count="fresh_choice_count", size="MAX_ROUTES"),
    Slot("shuffle_group_count", "kernel", ctype="int"),
    Slot("shuffle_last", "kernel", ctype="int", size="MAX_SHUFFLE_GROUPS"),
    Slot("shuffle_limit", "kernel", ctype="uint64_t", size="MAX_SHUFFLE_GROUPS"),
)

_WORD: Final = (1 << 64) - 1


def _words(mask: int) -> tuple[int, int]:
    """A mask of up to 128 bits as two signed 64-bit words (the kernel reads them as unsigned)."""
    low, high = mask & _WORD, mask >> 64
    return (low - (1 << 64) if low >> 63 else low), (high - (1 << 64) if high >> 63 else high)


def _counts(slots: Sequence[Slot]) -> dict[str, str]:
    """Which slot holds the length of which list: count slot name -> list slot name."""
    return {s.count: s.name for s in slots if isinstance(s.count, str)}


class OutOfRange(ValueError):
    """A value outside the range C accepts for its slot (the kernel does not play it: Python does)."""


def _bound(bound: int | str) -> int | None:
    """A slot's bound as a number when it is one, a limit or a code; ``None`` for a C expression."""
    if isinstance(bound, int):
        return bound
    named = dict(LIMITS)
    for _, codes in CODES:
        named.update(codes)
    return named.get(bound)


def encode(values: Mapping[str, Any], slots: Sequence[Slot] = PLAN) -> list[int]:
    """The integers of ``values`` (slot name -> value; a list for an array or records) in the layout's order.

    A slot that holds a list's length is not given: it is the list's length.
    `OutOfRange` when a small value is outside its slot's bounds where they
    are numbers, limits or codes (a code C does not interpret, say).
    """
    out: list[int] = []
    lengths = _counts(slots)
    for slot in slots:
        if slot.kind == "kernel":
            continue
        if slot.name in lengths:
            out.append(len(values[lengths[slot.name]]))
            continue
        value = values[slot.name]
        items: list[Any] = list(value) if slot.count is not None else [value]
        if isinstance(slot.count, int) and len(items) != slot.count:
            raise ValueError(f"the plan's {slot.name} must have {slot.count} items, not {len(items)}")
        for item in items:
            if slot.kind == "each":
                out += encode(item, slot.members)
            elif slot.kind in ("mask", "folded"):
                out += _words(item)
            else:
                number = int(item)
                low, high = _bound(slot.low), _bound(slot.high)
                if slot.kind == "small" and (
                    (low is not None and number < low) or (high is not None and number > high)
                ):
                    raise OutOfRange(f"the plan's {slot.name} is out of the kernel's range: {number}")
                out.append(number)
    return out


_CTYPES: Final = {"small": "int", "int": "int64_t", "mask": "uint64_t", "folded": "uint64_t"}


def _members(slots: Sequence[Slot], size: int | str | None, indent: str) -> list[str]:
    """The C struct members of ``slots``, each an array of ``size`` when they are parallel arrays."""
    lines: list[str] = []
    for slot in slots:
        sizes = [s for s in (size, slot.size) if s is not None]
        dims = "".join(f"[{s}]" for s in sizes)
        if slot.kind == "each":
            if slot.struct is not None:
                lines.append(f"{indent}{slot.struct} {slot.name}{dims};")
            else:
                lines += _members(slot.members, slot.size, indent)
        elif slot.kind == "kernel":
            lines.append(f"{indent}{slot.ctype} {slot.name}{dims};")
        else:
            mask = "[2]" if slot.kind == "mask" else ""
            lines.append(f"{indent}{_CTYPES[slot.kind]} {slot.name}{dims}{mask};")
    return lines


def _structs(slots: Sequence[Slot]) -> list[str]:
    """The typedefs of the records, innermost first."""
    lines: list[str] = []
    for slot in slots:
        if slot.kind == "each":
            lines += _structs(slot.members)
            if slot.struct is not None:
                lines += ["typedef struct {", *_members(slot.members, None, "    "), f"}} {slot.struct};", ""]
    return lines


def _reads(slots: Sequence[Slot], base: str, index: str, depth: int, indent: str) -> list[str]:
    """C statements reading ``slots`` into ``base`` (``plan->``, a record's ``plan->routes[i0].``)."""
    lines: list[str] = []
    for slot in slots:
        if slot.kind == "kernel":
            continue
        target = f"{base}{slot.name}{index}"
        if slot.kind == "each":
            var = f"i{depth}"
            count = slot.count if isinstance(slot.count, int) else f"{base}{slot.count}{index}"
            inner_base, inner_index = (
                (f"{target}[{var}].", index) if slot.struct else (base, f"{index}[{var}]")
            )
            lines.append(f"{indent}for (int {var} = 0; {var} < {count}; {var}++) {{")
            lines += _reads(slot.members, inner_base, inner_index, depth + 1, indent + "    ")
            lines.append(f"{indent}}}")
            continue
        if slot.count is not None:
            var = f"i{depth}"
            count = slot.count if isinstance(slot.count, int) else f"{base}{slot.count}{index}"
            lines.append(f"{indent}for (int {var} = 0; {var} < {count}; {var}++)")
            target, step = f"{target}[{var}]", "    "
        else:
            step = ""
        if slot.kind == "small":
            call = f"next_small(r, &{target}, {slot.low}, {slot.high})"
        elif slot.kind == "int":
            call = f"next_int(r, &{target})"
        elif slot.kind == "mask":
            call = f"next_mask(r, {target})"
        else:  # folded: a mask of which the kernel keeps the low word
            call = f"next_folded(r, &{target})"
        lines.append(f"{indent}{step}if ({call} < 0) return -1;")
    return lines


def header(plan: Sequence[Slot] = PLAN) -> str:
    """The C header ``_playout_plan.h``: the codes, limits, fields and plan layout above, as C."""
    out = [
        "/* Generated by scripts/gen_playout_header.py from src/hartenjagen/core/playout_layout.py: do not edit.",
        " * tests/test_playout_header.py fails when this file is not what the generator makes now.",
        " *",
        " * Included twice by _playout.c: first the codes, limits, fields and plan types; then, with",
        " * PLAYOUT_PLAN_READER defined (after _playout_read.h's next_* readers), `read_plan`. */",
        "#ifndef PLAYOUT_PLAN_READER",
        "#ifndef HARTENJAGEN_PLAYOUT_PLAN_H",
        "#define HARTENJAGEN_PLAYOUT_PLAN_H",
        "",
    ]
    for name, value in LIMITS:
        out.append(f"#define {name} {value}")
    out.append("")
    for doc, codes in CODES:
        out.append(f"/* {doc}. */")
        out.append("enum { " + ", ".join(f"{name} = {value}" for name, value in codes) + " };")
    out += ["", "/* The attributes read, by owner (core/playout_layout.py, FIELDS). */", "enum {"]
    names: list[str] = []
    for owner, attributes in FIELDS:
        out.append("    " + ", ".join(f"F_{a.lstrip('_').upper()}" for a in attributes) + f", /* {owner} */")
        names += attributes
    out += ["    FIELD_COUNT", "};", "#define FIELD_NAMES " + ", ".join(f'{{"{a}"}}' for a in names), ""]
    out += ["/* The plan (core/playout_layout.py, PLAN). */", *_structs(plan), "typedef struct {"]
    out += [*_members(plan, None, "    "), "} plan_t;", "", "#endif", "#else", ""]
    out += [
        "/* Read the plan's integers in the layout's order: 0, or -1 with an error set. */",
        "static int read_plan(reader *r, plan_t *plan) {",
        *_reads(plan, "plan->", "", 0, "    "),
        "    return 0;",
        "}",
        "",
        "#endif",
        "",
    ]
    return "\n".join(out)
