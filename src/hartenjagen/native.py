"""The native playout kernel's side in Python: whether it is there, and the plan it reads for a table.

The kernel (``hartenjagen._playout``, C, built by setup.py beside the compiled
core) plays hands out for a rules value whose play phase the table's plan
describes or whose modules of one's own it asks through its caches: the
``playable`` hooks of opening, leading and first-trick modules of one's own and
of up to eight house rules (``playout_layout.MAX_EXTRAS``), a leading module's ``breaks_hearts`` and a
scoring module's ``points_of`` (C keeps their answers by what each read and
calls Python on a miss; see ``_playout_hooks.h``), a moon module of one's own
that declares its ``needed_cards``; no announcements, no
``adjustments`` of a house rule, a planned ending, the built-in trick
winner, and one pack or two. `plan_for` names what it reads from the `Table` by the plan's
slots and `hartenjagen.core.playout_layout.encode` packs it into the integers the
kernel's ``compile_plan`` takes, in the order that module declares (C reads
the header generated from it); a table it cannot play gets ``None`` and its playouts run in the Python
kernel. It is missing, and everything runs in Python, when the build had no C
compiler, with ``HARTENJAGEN_PURE_PYTHON=1`` (the interpreted core) or with
``HARTENJAGEN_NO_C_KERNEL=1``. ``HARTENJAGEN_KERNEL_NO_BMI2=1`` keeps the
kernel but not its BMI2 build (the same cards, on any processor).
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Final

from hartenjagen.cards import CARD_COUNT, Card
from hartenjagen.core import LAYOUT as layout
from hartenjagen.core import TRAVEL_SEAT, State, Table
from hartenjagen.errors import RulesError
from hartenjagen.rules.extras import HouseRule
from hartenjagen.rules.passing import Passing, RandomDirection
from hartenjagen.rules.sides import sides_of


def _load() -> Any:
    for name in ("HARTENJAGEN_PURE_PYTHON", "HARTENJAGEN_NO_C_KERNEL"):
        if os.environ.get(name, "") not in ("", "0"):
            return None
    try:
        return importlib.import_module("hartenjagen._playout")
    except ImportError:
        return None


#: The native kernel module, or ``None`` where playouts run in the Python kernel only.
KERNEL: Final[Any] = _load()
#: Whether the native playout kernel is available in this process.
AVAILABLE: Final = KERNEL is not None

#: Card values and moon amounts the kernel takes (its sums stay far inside 64 bits).
_LIMIT: Final = 1 << 40


def playable(table: Table) -> bool:
    """Whether the native kernel plays hands of ``table`` (the plan says everything it needs)."""
    rules = table.rules
    return (
        not table.winner_callback
        and not table.announcing
        and len(table.restricting) <= layout.MAX_EXTRAS
        and not table.widening  # a house rule that widens (HouseRule.widening) is played by the Python kernel
        and not table.joker_mask  # jokers (Deck.jokers): numbered after the 52, beyond the kernel's tables
        and not any(_overrides(extra, "adjustments") for extra in rules.extras)
        # Declared teams settle the moon and the game through their rule's hooks; the kernel scores seat by seat.
        and sides_of(rules) is None
        and (table.moon_planned or declared(table.rules.moon, "needed_cards", table) is not None)
        and table.moon_always
        and table.adds_points
        and table.dealt_count == len(table.pack)  # undealt cards (a widow) are played by the Python core only
        and table.copies <= layout.MAX_COPIES
        and table.players <= layout.MAX_SEATS
        and len(table.routes) <= layout.MAX_ROUTES
        and all(abs(v) < _LIMIT for v in table.values)
        and abs(table.moon_amount) < _LIMIT
        and len(rules.moon.options()) <= layout.MAX_MOON_OPTIONS
        and (bool(rules.moon.options()) or not _moon_cards(table))
    )


def declared(module: object, hook: str, table: Table) -> int | None:
    """A module's declaration ``hook(rules)`` (``point_cards``, ``needed_cards``) as a mask of every copy in the pack.

    ``None``: the module declares nothing. Raises `RulesError` naming the
    module when the declaration is not a set of cards.
    """
    cards = getattr(module, hook)(table.rules)
    if cards is None:
        return None
    if not isinstance(cards, (set, frozenset)) or not all(isinstance(card, Card) for card in cards):
        raise RulesError(f"rule module {module!r}: {hook} must return a set of cards or None, not {cards!r}")
    mask = 0
    for card in cards:
        mask |= table.bits_of[card.index]
    return mask


def _moon_cards(table: Table) -> int:
    """The cards a shooter must take: the planned moon's, or those a moon of one's own declares."""
    if table.moon_planned:
        return table.moon_needed
    return declared(table.rules.moon, "needed_cards", table) or 0


def _overrides(module: object, hook: str) -> bool:
    """Whether ``module`` has a ``hook`` of its own (not its slot's base class's: that one changes nothing)."""
    return getattr(type(module), hook) is not getattr(HouseRule, hook)


def plan_entries(table: Table) -> tuple[int, ...] | None:
    """The integers ``compile_plan`` reads for ``table``, or ``None`` if the native kernel cannot play it."""
    if not playable(table) or (table.copies == 2 and not KERNEL_TWO_PACKS):
        return None
    supported = [_route_supported(table, route) for route in table.routes]
    routes = []
    for route, ok in zip(table.routes, supported, strict=True):
        counts, offsets, _ = table.route_plan(route)
        stages = zip(counts, offsets, strict=True) if ok else ()
        routes.append({"supported": int(ok), "stage": [{"counts": c, "offsets": o} for c, o in stages]})
    # The slots that are a Table attribute, by the name the layout gives; the others worked out here.
    values: dict[str, object] = {slot.name: getattr(table, slot.table) for slot in layout.PLAN if slot.table}
    # The 52 cards' values and the four suits' masks (the jokers' and NO_SUIT's follow: no pack the kernel plays).
    values["values"] = table.values[:CARD_COUNT]
    values["suit"] = table.suit_masks[:4]
    values["group"] = [{"group_value": value, "group_mask": mask} for value, mask in table.value_masks]
    values["moon_options"] = [layout.MOON_OPTIONS[o] for o in table.rules.moon.options()]
    values["routes"] = routes
    values["extras"] = len(table.restricting)
    values["fresh_kind"], values["fresh_fixed"], values["fresh_choices"] = _fresh_routes(table, supported)
    values["opening_hook"] = int(not table.opening_planned)
    # Declarations (rules/scoring.py `point_cards`, rules/moon.py `needed_cards`): see _playout_hooks.h.
    points = declared(table.rules.scoring, "point_cards", table) if table.scoring_callback else None
    values["point_mask"] = table.pack_mask if points is None else points
    values["moon_hook"] = int(not table.moon_planned)
    values["moon_needed"] = _moon_cards(table)
    if not table.opening_planned:  # who leads a fresh deal is the opening module's to say: Python deals it
        values["fresh_kind"] = -1
    try:
        return tuple(layout.encode(values))
    except layout.OutOfRange:  # a code or size the C kernel does not take: the Python kernel plays it
        return None


def _route_supported(table: Table, route: object) -> bool:
    """Whether the kernel passes cards along ``route``: to a seat, every seat giving any of its cards."""
    counts, _, travel = table.route_plan(route)
    if not counts:
        return True  # a hold hand
    return (
        travel == TRAVEL_SEAT
        and table.givers_all
        and not table.pass_allowed_callback
        and len(counts) <= layout.MAX_STAGES
        and all(count <= layout.MAX_PASS for count in counts)
    )


def _fresh_routes(table: Table, supported: list[bool]) -> tuple[int, int, list[int]]:
    """How a fresh deal's route is found: (kind, fixed route, choices); kind -1: not in the kernel.

    A module that keeps ``Passing.route`` passes along ``routes()[0]`` in a game's first hand;
    `RandomDirection` draws it from the deal's stream; any other module's route is Python's.
    """
    passing = table.rules.passing
    routes = table.routes

    def index(route: object) -> int:
        for i, known in enumerate(routes):
            if known is route and supported[i]:
                return i
        return -1

    if type(passing).route is Passing.route:
        first = index(passing.route(0))
        if first >= 0:
            return 0, first, []
    elif type(passing) is RandomDirection:
        choices = [index(route) for route in passing.choices]
        if choices and min(choices) >= 0:
            return 1, 0, choices
    return -1, 0, []


KERNEL_TWO_PACKS: Final = bool(KERNEL is not None and KERNEL.TWO_PACKS)

#: Compiled plans by table id (with the table, so that a reused id is never mistaken): bounded.
_PLANS: dict[int, tuple[Table, Any]] = {}


def plan_for(table: Table) -> Any:
    """The kernel's compiled plan of ``table`` (built once per table), or ``None``: Python plays it."""
    entry = _PLANS.get(id(table))
    if entry is not None and entry[0] is table:
        return entry[1]
    plan = None
    if KERNEL is not None:
        entries = plan_entries(table)
        if entries is not None:
            # The kernel's integers and routes, then the table and the type of the states it reads
            # (it plays only States of this table, or an equal one, and leaves the rest to the
            # caller), then the trees of the hooks its play asks (None: it asks none).
            compiled, routes, hooks = KERNEL.compile_plan(entries, tuple(table.routes))
            plan = (compiled, routes, table, State, hooks)
    if len(_PLANS) >= 64:
        _PLANS.clear()
    _PLANS[id(table)] = (table, plan)
    return plan
