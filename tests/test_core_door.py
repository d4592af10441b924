"""The core behind one door: the layers above `hartenjagen.core` use only the names its ``__init__`` offers.

Every module under ``src/hartenjagen`` outside ``core/`` is parsed (never
imported) and checked against four rules:

1. **door**: no import of a core submodule (``hartenjagen.core.kernel``, a
   relative ``.core.state``, ``from hartenjagen.core import kernel``); names come
   from ``hartenjagen.core`` itself, and are in its ``__all__`` or allow-listed
   for that module in `INNER_USES` below;
2. **private**: no read or write of a private field of a core object
   (``state._hand``, ``draws._a``: an attribute named as one the core's classes
   keep privately, or any ``_x`` of a name that says it holds a state);
3. **rules**: ``rules/`` imports the core only for the type checker;
4. **documented**: the door's ``__all__`` is the set docs/architecture.md lists
   under "The core's door", and `INNER_USES` names exactly the core's ``INNER``.

A synthetic bad module shows each rule fails (so the test cannot pass vacuously).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import hartenjagen.core

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "hartenjagen"
CORE = PACKAGE / "core"
DOOR = "hartenjagen.core"

#: The names beyond the door (`hartenjagen.core.INNER`) a module still uses, and why. Shrinks only:
#: an entry no longer used fails the test, and so does an INNER name no module is allowed.
INNER_USES: dict[str, dict[str, str]] = {
    "adapters/encoding.py": dict.fromkeys(
        ("DEAL_NODE", "DIRECTION_NODE", "DRAW_NODE", "FIRST_DEALER_NODE", "POOL_NODE"),
        "the OpenSpiel encoding names the kind of chance node a state waits at",
    ),
    "adapters/episodes.py": {
        "DEAL_NODE": "an episode's deal is dealt card by card at the deal node",
        "deal_in_order": "an episode replays a deal in the kernel's dealing order",
        "is_explicit": "an episode keeps the chance nodes explicit",
        "make_explicit": "an episode turns a seeded state's chance into explicit nodes",
    },
    "adapters/openspiel.py": {"DEAL_NODE": "OpenSpiel's chance node of a deal"},
    "adapters/_written.py": {
        "ObservationPlan": "the vector encoder's per-rules layout, computed in the core",
        "PHASES": "the kernel's phase codes, mapped to the encoding's",
        "write_observation": "the observation written straight from the state's masks",
    },
    "bots/_shown_choice.py": {
        "bits": "the hidden cards an announcement shows, as a mask to swap one",
    },
    "bots/_passable.py": {"PassLog": "a sampled world's exchange log, read for what a seat may pass"},
    "bots/determinize.py": {
        "PassLog": "a sampled world rebuilds the exchange's log",
        "announcement_offers": "a sampled world lets the asked seat hold a card it could show",
        "announcing_seats": "a sampled world lets the asked seat hold a card it could show",
        "SharedPlay": "the worlds of a view in card play share one replay of its plays",
        "shares_plays": "whether the rules let the worlds share one replay",
    },
    "bots/_exchange_unwind.py": {
        "PassLog": "a sampled world rebuilds the exchange's log",
        "bits": "the cards a sampled seat may pass, as a list to shuffle",
    },
    "bots/_replay.py": {
        "hand_masks": "the hidden hands as masks to deal a world",
        "legal_mask": "the legal cards as a mask, for a world's consistency",
        "play": "a world's play replayed without the public checks",
    },
    "bots/_hidden_deal.py": {"bits": "the hidden cards as masks"},
    "bots/_seat_view.py": {
        "seat_reading": "the heuristic reads a seat's hand, pass and tricks from the state, no Trick built",
    },
    "bots/_draws.py": {
        "fields": "a Domino world's draws are set on the replayed state's fields",
        "replace": "a Domino world's draws are set on the replayed state's fields",
        "bits": "the cards each seat drew, as masks",
    },
    "bots/_world_fields.py": {
        "PlayedHand": "a world of a later hand carries the hand before, rebuilt from its tricks",
        "log_entry": "the hand before's tricks packed as the kernel logs them",
        "PassLog": "a world's exchange log, set per world in card play",
        "StateFields": "a world in card play is a state rebuilt field by field",
        "from_fields": "a world in card play is a state rebuilt field by field",
    },
    "bots/_follow_world.py": {
        "bits": "the hidden cards as masks, to give the seat to move one of the suit led"
    },
    "bots/sampling.py": {
        "PassMoves": "the passes listed lazily for a sampled decision",
        "greedy_playout": "the sampling bot's playout policy",
        "hand_masks": "a world's hands as masks",
    },
    "frontend/records.py": {
        "fields": "a record reads a state's fields to write it",
        "is_explicit": "a record says whether its chance is explicit",
    },
    "frontend/serialize/replay.py": {
        **dict.fromkeys(
            ("DEAL_NODE", "DIRECTION_NODE", "DRAW_NODE", "FIRST_DEALER_NODE", "POOL_NODE"),
            "a replay steps a recorded chance node",
        ),
        "StateFields": "a replayed state is rebuilt field by field",
        "fields": "a replayed state is rebuilt field by field",
    },
    "frontend/serialize/masks.py": {
        "PassLog": "the codec writes and reads the exchange's log",
        "bits": "the codec's card masks",
    },
    "frontend/serialize/states.py": {
        **dict.fromkeys(
            ("DEAL_NODE", "DIRECTION_NODE", "DRAW_NODE", "FIRST_DEALER_NODE", "NO_NODE", "POOL_NODE"),
            "the state codec writes which chance node a state waits at",
        ),
        "PassLog": "the state codec writes the exchange's log",
        "PlayedHand": "the state codec writes the hands played",
        "StateFields": "the state codec is the state's fields, one by one",
        "fields": "the state codec is the state's fields, one by one",
        "log_tricks": "the codec writes the tricks of the packed trick log",
    },
    "frontend/views.py": {
        "fields": "a player's view is read from the state's fields",
        "log_tricks": "a view shows the tricks of the hand before (public: every card was played face up)",
        "scatter_answer": "a view shows where a scatter pass sends the cards",
    },
    "native.py": {
        "LAYOUT": "the C kernel's layout (codes, plan order, fields), which native.py packs a plan by",
        "TRAVEL_SEAT": "the C kernel plays only seat-to-seat exchanges",
    },
    "playouts.py": {
        "deal_with": "a fresh playout deals as the kernel deals",
        "greedy_playout": "the greedy playout policy",
        "start_hand": "a fresh playout starts a game's first hand from a dealt pack",
    },
    "testing/_checker.py": {
        "StateFields": "the checker builds corrupted states to see them refused",
        "bits": "the checker's card masks",
        "replace": "the checker builds corrupted states to see them refused",
    },
    "testing/_move_checks.py": {
        "StateFields": "the move checks compare states field by field",
        "fields": "the move checks compare states field by field",
    },
    "testing/_twin.py": {
        **dict.fromkeys(
            ("DEAL_NODE", "DIRECTION_NODE", "DRAW_NODE", "FIRST_DEALER_NODE"),
            "the twin check draws the outcome of each kind of chance node",
        ),
        "exchange_of": "the twin check redraws a pool's exchange with the seed's draws",
        "fields": "the twin check compares states field by field",
    },
}

#: The NamedTuple methods whose names start with an underscore but are public.
_NAMEDTUPLE = {"_asdict", "_field_defaults", "_fields", "_make", "_replace"}


def _core_private_names() -> set[str]:
    """The private attribute names the core's classes keep (``self._x``, slots, class annotations)."""
    names: set[str] = set()
    for path in CORE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("self", "cls")
            ):
                names.add(node.attr)
            elif isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        names.add(item.target.id)
    return {name for name in names if _private(name)}


def _private(name: str) -> bool:
    return (
        name.startswith("_")
        and not (name.startswith("__") and name.endswith("__"))
        and name not in _NAMEDTUPLE
    )


def _absolute(module: str | None, level: int, where: str) -> str:
    """The absolute name of ``from <level dots><module> import``, in module ``where`` (dotted)."""
    if not level:
        return module or ""
    parts = where.split(".")[:-level]
    return ".".join([*parts, module] if module else parts)


def _dotted(rel: str) -> str:
    """The dotted name of module ``rel`` (``__init__`` kept, so a relative import resolves from its package)."""
    return "hartenjagen." + rel.removesuffix(".py").replace("/", ".")


def _type_checking_nodes(tree: ast.Module) -> set[int]:
    """The ids of the nodes under an ``if TYPE_CHECKING:`` block."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            for child in node.body:
                out.update(id(sub) for sub in ast.walk(child))
    return out


def offences(
    source: str, rel: str, door: set[str], inner: dict[str, str], private: set[str]
) -> Iterator[tuple[str, int, str]]:
    """Each ``(rule, line, what)`` that module ``rel`` (a path under ``src/hartenjagen``) breaks."""
    dotted = _dotted(rel)
    tree = ast.parse(source)
    typing_only = _type_checking_nodes(tree)
    in_rules = rel.startswith("rules/")
    own = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) in ("self", "cls")
    }
    core_aliases: set[str] = set()
    for node in ast.walk(tree):
        reached = ""
        if isinstance(node, ast.ImportFrom):
            target = _absolute(node.module, node.level, dotted)
            if target == DOOR:
                reached = DOOR
                for alias in node.names:
                    if alias.name not in door and alias.name not in inner:
                        why = "beyond the door (not in hartenjagen.core.__all__)"
                        if alias.name in hartenjagen.core.INNER:
                            why = "beyond the door: an INNER name not allow-listed for this module"
                        yield "door", node.lineno, f"imports {alias.name} from hartenjagen.core: {why}"
            elif target.startswith(DOOR + "."):
                reached = target
                yield "door", node.lineno, f"imports from {target}: use `from hartenjagen.core import ...`"
            elif target == "hartenjagen" and any(alias.name == "core" for alias in node.names):
                reached = DOOR
                core_aliases.update(alias.asname or "core" for alias in node.names if alias.name == "core")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == DOOR or alias.name.startswith(DOOR + "."):
                    reached = alias.name
                    if alias.name != DOOR:
                        yield (
                            "door",
                            node.lineno,
                            f"imports {alias.name}: use `from hartenjagen.core import ...`",
                        )
                    elif alias.asname:
                        core_aliases.add(alias.asname)
        if reached and in_rules and id(node) not in typing_only:
            yield "rules", node.lineno, f"rules/ imports {reached} at run time (only under TYPE_CHECKING)"
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        base = ast.unparse(node.value)
        if base in core_aliases and node.attr not in door:
            yield "door", node.lineno, f"reads {base}.{node.attr}: not in hartenjagen.core.__all__"
        if not _private(node.attr) or base in ("self", "cls"):
            continue
        statey = re.search(r"(^|[._])(state|states|start|after|explicit)(\b|$)", base) is not None
        if statey or (node.attr in private and node.attr not in own):
            yield "private", node.lineno, f"reads the private {base}.{node.attr} of a core object"


def _documented_door() -> set[str]:
    """The names docs/architecture.md lists in the table under "The core's door"."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## The core's door", 1)[1].split("\n## ", 1)[0]
    return {match.group(1) for match in re.finditer(r"^\| `([A-Za-z_]+)` \|", section, re.MULTILINE)}


def _modules() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if CORE not in path.parents)


def test_no_module_outside_the_core_passes_the_door() -> None:
    door = set(hartenjagen.core.__all__)
    private = _core_private_names()
    found = []
    used: dict[str, set[str]] = {}
    for path in _modules():
        rel = path.relative_to(PACKAGE).as_posix()
        source = path.read_text(encoding="utf-8")
        inner = INNER_USES.get(rel, {})
        found += [
            f"{rel}:{line}: [{rule}] {what}"
            for rule, line, what in offences(source, rel, door, inner, private)
        ]
        tree = ast.parse(source)
        used[rel] = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and _absolute(node.module, node.level, _dotted(rel)) == DOOR
            for alias in node.names
        }
    assert not found, "modules past the core's door:\n" + "\n".join(found)
    stale = [
        f"{rel}: {name}"
        for rel, names in INNER_USES.items()
        for name in names
        if name not in used.get(rel, set())
    ]
    assert not stale, "INNER_USES allows what the module no longer imports (remove the entry):\n" + "\n".join(
        stale
    )


def test_the_allow_list_is_the_cores_inner_names() -> None:
    allowed = {name for names in INNER_USES.values() for name in names}
    assert set(hartenjagen.core.INNER) == allowed, (
        "hartenjagen.core.INNER must be exactly the names INNER_USES allows: "
        f"unused {sorted(set(hartenjagen.core.INNER) - allowed)}, missing {sorted(allowed - set(hartenjagen.core.INNER))}"
    )
    assert not set(hartenjagen.core.INNER) & set(hartenjagen.core.__all__)
    for name in [*hartenjagen.core.__all__, *hartenjagen.core.INNER]:
        assert hasattr(hartenjagen.core, name), f"hartenjagen.core offers {name} but does not define it"


def test_the_door_is_the_documented_set() -> None:
    documented = _documented_door()
    door = set(hartenjagen.core.__all__)
    assert door == documented, (
        'hartenjagen.core.__all__ differs from docs/architecture.md "The core\'s door": '
        f"undocumented {sorted(door - documented)}, documented but absent {sorted(documented - door)}"
    )


BAD = """
from typing import TYPE_CHECKING
from hartenjagen.core.kernel import apply
from hartenjagen.core import kernel, State, fields
from ..core.state import PassLog
import hartenjagen.core.table
import hartenjagen.core as c
if TYPE_CHECKING:
    from hartenjagen.core import State as S

def f(state, draws):
    c.hooks
    draws._a = 1
    return state._hand, fields
"""


@pytest.mark.parametrize(
    ("rel", "expected"),
    [
        (
            "bots/bad.py",
            {
                ("door", 3),
                ("door", 4),
                ("door", 5),
                ("door", 6),
                ("door", 12),
                ("private", 13),
                ("private", 14),
            },
        ),
        ("rules/bad.py", {("rules", 3), ("rules", 4), ("rules", 5), ("rules", 6), ("rules", 7)}),
    ],
)
def test_the_door_check_catches_a_bad_module(rel: str, expected: set[tuple[str, int]]) -> None:
    door = set(hartenjagen.core.__all__)
    got = {(rule, line) for rule, line, _ in offences(BAD, rel, door, {}, _core_private_names())}
    assert expected <= got, f"the door check missed {sorted(expected - got)} in a synthetic bad module"
    # `from hartenjagen.core import State` under TYPE_CHECKING is fine, in rules/ too
    assert ("rules", 9) not in got and ("door", 9) not in got


def test_a_good_module_passes() -> None:
    good = "from hartenjagen.core import State, apply\n\ndef f(state: State) -> object:\n    return state.phase, apply\n"
    assert (
        list(offences(good, "bots/good.py", set(hartenjagen.core.__all__), {}, _core_private_names())) == []
    )
