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
from hartenjagen.cards import Card, Joker, Rank
from hartenjagen.frontend.notation import Language, format_card, rank_text
from hartenjagen.frontend.texts import CATALOGUE, text
from hartenjagen.rules import Rules
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.passing import Passing
from hartenjagen.rules.routes import PassRoute
from hartenjagen.rules.scoring import CardPoints

__all__ = ["rules_text", "variants_text"]


def _slot_modules(rules: Rules) -> Iterator[tuple[str, object]]:
    for slot, module in rules.modules().items():
        if isinstance(module, tuple):
            for extra in module:
                yield slot, extra
        else:
            yield slot, module


def _summary(preset: variants.Preset, language: Language) -> str:
    """The preset's summary; in Dutch the catalogue's (``rules.preset.<name>``), if it has one."""
    key = f"rules.preset.{preset.name}"
    if language == "en" or key not in CATALOGUE:
        if language != "en" and preset.name.startswith("hoemke_"):
            return text("rules.preset.hoemke", language, code=preset.name.removeprefix("hoemke_"))
        return preset.summary
    return text(key, language)


def variants_text(language: Language = "en") -> str:
    """Every preset with its summary, aliases and the modules that differ from the standard game."""
    standard = variants.STANDARD.modules()
    lines = []
    for preset in variants.OFFERED:
        lines.append(f"{preset.name}: {_summary(preset, language)}")
        if preset.aliases:
            lines.append(
                _wrap(text("rules.aliases", language, names=", ".join(preset.aliases)), "  ", "    ")
            )
        modules = preset.rules.modules()
        if preset.rules == variants.STANDARD:
            changed = modules
            label = "rules.modules"
        else:
            changed = {slot: module for slot, module in modules.items() if module != standard[slot]}
            label = "rules.changed_modules"
        parts = [f"{slot}={_module_name(slot, module)}" for slot, module in changed.items() if module != ()]
        lines.append(_wrap(text(label, language, modules=", ".join(parts)), "  ", "    "))
        lines.append("")
    lines.append(text("rules.hoemke", language))
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


def _plain(markup: str) -> str:
    """Docstring and catalogue markup as plain text: ``x``, `x` and a cross-reference [`x`][a.b.x] become x."""
    text = re.sub(r"\[`([^`]+)`\]\[[\w.]+\]", r"\1", markup)
    return re.sub(r"`{1,2}([^`]+)`{1,2}", r"\1", text)


def _first_paragraph(obj: object, language: Language = "en") -> str:
    """A module's rule in words: its own ([`RuleModule.rule_words`][hartenjagen.rules.base.RuleModule.rule_words]),
    else the catalogue's for a built-in module, else its own words in English, else its docstring's first paragraph.
    """
    kind = type(obj)
    own = _own_words(obj, language)
    if own:
        return own
    key = f"rules.module.{kind.__name__}"
    if kind.__module__.startswith("hartenjagen.rules.") and key in CATALOGUE:
        return _plain(text(key, language))
    english = _own_words(obj, "en") if language != "en" else ""
    if english:
        return english
    doc = inspect.getdoc(kind) or ""
    return " ".join(_plain(doc).split("\n\n")[0].split())


def _own_words(obj: object, language: Language) -> str:
    """The module's ``rule_words(language)``, as plain text ("" when it gives none, or is no rule module)."""
    if not isinstance(obj, RuleModule):
        return ""
    words = obj.rule_words(language)
    return " ".join(_plain(words).split()) if isinstance(words, str) else ""


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


def _setting(value: object, language: Language) -> str:
    """A setting's value as the reader of ``language`` says it (cards with its letters, a route in words)."""
    if isinstance(value, Card | Joker):
        return format_card(value, "symbol", language)
    if isinstance(value, Rank):
        return rank_text(value, language)
    if isinstance(value, bool):
        return text("rules.yes" if value else "rules.no", language)
    if isinstance(value, enum.Enum):
        raw = str(value.value) if isinstance(value.value, str) else value.name.lower()
        key = f"rules.value.{raw}"
        return text(key, language) if key in CATALOGUE else raw
    if isinstance(value, PassRoute):
        return value.name if language == "en" else value.words(language)
    if value is None:
        return text("rules.none", language)
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        if not value:
            return text("rules.none", language)
        if all(isinstance(item, Card) for item in value):
            return " ".join(_setting(item, language) for item in value)
        if all(type(item) is tuple for item in value):  # tuples of tuples: a Partnership's teams
            return ", ".join(f"({_setting(item, language)})" for item in value)
        return ", ".join(_setting(item, language) for item in value)
    return repr(value)


def _card_values(module: CardPoints, pack: frozenset[Card], language: Language) -> str:
    """``Q♠ 13; 2♥ 3♥ ... A♥ 1 each``: the values of the cards in the pack, grouped by value."""
    groups: dict[int, list[Card]] = {}
    for card, points in module.values:
        if card in pack:
            groups.setdefault(points, []).append(card)
    parts = []
    for points, cards in sorted(groups.items(), key=lambda item: (len(item[1]) > 1, -item[0])):
        names = " ".join(format_card(card, "symbol", language) for card in cards)
        parts.append(
            text("rules.each", language, cards=names, points=points)
            if len(cards) > 1
            else f"{names} {points}"
        )
    return "; ".join(parts) or text("rules.nothing_scores", language)


def _settings(slot: str, module: object, rules: Rules, language: Language) -> list[str]:
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
            out.append(f"values = {_card_values(module, pack, language)}")
        elif slot == "moon" and field.name == "amount" and value is None:
            total = rules.scoring.moon_total(rules)
            out.append(f"amount = {text('rules.moon_total', language, total=total)}")
        else:
            out.append(f"{field.name} = {_setting(value, language)}")
    return out


def _passes_nothing(slot: str, module: object) -> bool:
    """A passing module whose declared routes all hold (``NO_PASSING``): its card count would only confuse."""
    return (
        slot == "passing"
        and isinstance(module, Passing)
        and not any(route.passes for route in module.routes())
    )


def _preset_of(rules: Rules) -> variants.Preset | None:
    """The preset whose rules are ``rules``, if one is."""
    return next((preset for preset in variants.OFFERED if preset.rules == rules), None)


def rules_text(name: str | Rules, language: Language = "en") -> str:
    """A ruleset's rules in words: per slot, the module, its rule and its settings.

    ``name`` is a preset's name (any of its names, or a Hoemke code) or any
    [`Rules`][hartenjagen.rules.Rules] value: one of one's own is described from its
    modules' own words, under a heading that says it is no preset. A module's rule is
    its [`rule_words`][hartenjagen.rules.base.RuleModule.rule_words] in ``language``
    if it gives any; else a built-in module's is the catalogue's sentence
    ([`hartenjagen.frontend.texts`][hartenjagen.frontend.texts]), and a module of one's
    own gives its own English words or its docstring's first paragraph.
    """
    if isinstance(name, Rules):
        rules, preset = name, _preset_of(name)
    else:
        preset = variants.preset(name)
        rules = preset.rules
    pack = rules.deck.pack()
    if preset is None:
        lines = [text("rules.own", language)]
    else:
        lines = [f"{preset.name}: {_summary(preset, language)}"]
        if preset.aliases:
            lines.append(
                _wrap(text("rules.also_called", language, names=", ".join(preset.aliases)), "", "  ")
            )
        lines.append(text("rules.sources", language, sources=preset.sources))
    hand = rules.deck.hand_size()
    lines.append(text("rules.size", language, players=rules.players, cards=len(pack), hand=hand))
    if rules.deck.jokers():
        lines.append(text("rules.jokers", language, count=len(rules.deck.jokers())))
    if len(pack) > hand * rules.players:
        key = (
            "rules.stock"
            if rules.deck.draw_order(0)
            else "rules.stock_to_follow"
            if rules.deck.draws_to_follow()
            else "rules.widow"
        )
        lines.append(text(key, language, count=len(pack) - hand * rules.players))
    for slot, module in _slot_modules(rules):
        lines.append("")
        known = _constant_name(slot, module)
        title = f"{text(f'rules.slot.{slot}', language)}: {type(module).__name__}" + (
            f" ({known})" if known else ""
        )
        lines.append(title)
        if _passes_nothing(slot, module):
            lines.append("  " + text("rules.no_passing", language))
            continue
        lines.append(_wrap(_first_paragraph(module, language), "  ", "  "))
        settings = _settings(slot, module, rules, language)
        if settings:
            lines.append(_wrap("; ".join(settings), "  " + text("rules.settings", language), "    "))
    if not rules.extras:
        lines += ["", f"{text('rules.slot.extras', language)}: {text('rules.none', language)}"]
    return "\n".join(lines)
