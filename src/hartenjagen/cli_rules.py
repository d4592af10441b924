"""``hartenjagen variants`` and ``hartenjagen rules``: the presets and one preset's rules in words."""

from __future__ import annotations

import enum
import inspect
import re
import textwrap
from collections.abc import Iterator
from types import ModuleType

import attrs

from hartenjagen import rules as rule_modules
from hartenjagen import variants
from hartenjagen.cards import Card, Rank
from hartenjagen.rules import Rules
from hartenjagen.rules.passing import PassCycle, PassDirection
from hartenjagen.rules.scoring import CardPoints
from hartenjagen.table import table_for

__all__ = ["rules_text", "variants_text"]

_SLOT_TITLES = {
    "deck": "deck",
    "passing": "passing",
    "opening": "opening lead",
    "first_trick": "first trick",
    "leading": "leading hearts",
    "scoring": "scoring",
    "moon": "shooting the moon",
    "ending": "end of the game",
    "duplicates": "identical cards",
    "extras": "house rules",
}


def _slot_modules(rules: Rules) -> Iterator[tuple[str, object]]:
    for slot, module in rules.modules().items():
        if isinstance(module, tuple):
            for extra in module:
                yield slot, extra
        else:
            yield slot, module


def variants_text() -> str:
    """Every preset with its summary, aliases and the modules that differ from the standard game."""
    standard = variants.STANDARD.modules()
    lines = []
    for preset in variants.ALL:
        lines.append(f"{preset.name}: {preset.summary}")
        if preset.aliases:
            lines.append(_wrap("aliases: " + ", ".join(preset.aliases), "  ", "    "))
        modules = preset.rules.modules()
        if preset.rules == variants.STANDARD:
            changed = modules
            label = "modules"
        else:
            changed = {slot: module for slot, module in modules.items() if module != standard[slot]}
            label = "modules (the rest as standard)"
        parts = [f"{slot}={_module_name(slot, module)}" for slot, module in changed.items() if module != ()]
        lines.append(_wrap(f"{label}: " + ", ".join(parts), "  ", "    "))
        lines.append("")
    lines.append("hoemke_P1L1H1S1 ... hoemke_P4L4H4S4: Hoemke's 256 variants, one number 1-4 for each of")
    lines.append("  passing (P), first lead (L), leading hearts (H) and scoring (S);")
    lines.append("  `hartenjagen rules hoemke_P2L2H2S3` explains one.")
    return "\n".join(lines)


def _module_name(slot: str, module: object) -> str:
    """A slot's module by its constant's name (``LEFT_RIGHT_HOLD_HOLD``), else by its repr."""
    if isinstance(module, tuple):
        return "(" + ", ".join(_module_name(slot, item) for item in module) + ")"
    known = _constant_name(slot, module)
    return known.rsplit(".", 1)[1] if known else repr(module)


def _wrap(text: str, first: str, rest: str, width: int = 100) -> str:
    return textwrap.fill(
        text, width=width, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )


def _plain(docstring: str) -> str:
    """Docstring markup as plain text: ``x`` and a cross-reference [`x`][a.b.x] become `x`."""
    text = re.sub(r"\[(`[^`]+`)\]\[[\w.]+\]", r"\1", docstring)
    return re.sub(r"``([^`]+)``", r"`\1`", text)


def _first_paragraph(obj: object) -> str:
    doc = inspect.getdoc(type(obj)) or ""
    return " ".join(_plain(doc).split("\n\n")[0].split())


def _constant_name(slot: str, module: object) -> str | None:
    """The name the module is known by in ``hartenjagen.rules.<slot>`` (``LEFT_RIGHT_ACROSS_HOLD``), if any."""
    home: ModuleType = getattr(rule_modules, slot)
    for name, value in vars(home).items():
        if name.isupper() and value is module:
            return f"rules.{slot}.{name}"
    for name, value in vars(home).items():
        if name.isupper() and type(value) is type(module) and value == module:
            return f"rules.{slot}.{name}"
    return None


def _setting(value: object, pack: frozenset[Card]) -> str:
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, Rank):
        return "10" if value == Rank.TEN else value.letter
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value) if isinstance(value.value, str) else value.name.lower()
    if value is None:
        return "none"
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        if not value:
            return "none"
        if all(isinstance(item, Card) for item in value):
            return " ".join(_setting(item, pack) for item in value)
        return ", ".join(_setting(item, pack) for item in value)
    return repr(value)


def _card_values(module: CardPoints, pack: frozenset[Card]) -> str:
    """``Q♠ 13; 2♥ 3♥ ... A♥ 1 each``: the values of the cards in the pack, grouped by value."""
    groups: dict[int, list[Card]] = {}
    for card, points in module.values:
        if card in pack:
            groups.setdefault(points, []).append(card)
    parts = []
    for points, cards in sorted(groups.items(), key=lambda item: (len(item[1]) > 1, -item[0])):
        names = " ".join(card.symbol for card in cards)
        parts.append(f"{names} {points}" + (" each" if len(cards) > 1 else ""))
    return "; ".join(parts) or "nothing scores"


def _settings(slot: str, module: object, rules: Rules) -> list[str]:
    kind = type(module)
    if not attrs.has(kind):
        return []
    pack = frozenset(rules.deck.pack())
    out = []
    for field in attrs.fields(kind):
        if field.name.startswith("_") or not field.repr:
            continue
        value = getattr(module, field.name)
        if isinstance(module, CardPoints) and field.name == "values":
            out.append(f"values = {_card_values(module, pack)}")
        elif slot == "moon" and field.name == "amount" and value is None:
            total = rules.scoring.moon_total(table_for(rules))
            out.append(f"amount = the scoring's total ({total})")
        else:
            out.append(f"{field.name} = {_setting(value, pack)}")
    return out


def _passes_nothing(slot: str, module: object) -> bool:
    """A pass cycle of hold hands only (``NO_PASSING``): its card count would only confuse."""
    return (
        slot == "passing"
        and isinstance(module, PassCycle)
        and all(direction is PassDirection.HOLD for direction in module.directions)
    )


def rules_text(name: str) -> str:
    """One preset's rules in words: per slot, the module, its rule (its docstring's first paragraph) and settings."""
    preset = variants.preset(name)
    rules = preset.rules
    pack = rules.deck.pack()
    lines = [f"{preset.name}: {preset.summary}"]
    if preset.aliases:
        lines.append(_wrap("Also called: " + ", ".join(preset.aliases) + ".", "", "  "))
    lines.append(f"Sources: {preset.sources}.")
    hand = len(pack) // rules.players
    lines.append(f"{rules.players} players, {len(pack)} cards, {hand} each.")
    for slot, module in _slot_modules(rules):
        lines.append("")
        known = _constant_name(slot, module)
        title = f"{_SLOT_TITLES[slot]}: {type(module).__name__}" + (f" ({known})" if known else "")
        lines.append(title)
        if _passes_nothing(slot, module):
            lines.append("  No cards are passed: every hand is played as it is dealt.")
            continue
        lines.append(_wrap(_first_paragraph(module), "  ", "  "))
        settings = _settings(slot, module, rules)
        if settings:
            lines.append(_wrap("; ".join(settings), "  settings: ", "    "))
    if not rules.extras:
        lines += ["", f"{_SLOT_TITLES['extras']}: none"]
    return "\n".join(lines)
