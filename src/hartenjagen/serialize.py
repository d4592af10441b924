"""Saving and loading as JSON: rules, moves, cards, states, views, events and game records.

``dumps(value)`` writes one value as JSON text and ``loads(text)`` reads it back:
``loads(dumps(x)) == x``. Only the library's own classes (and classes given to
[`register`][hartenjagen.serialize.register]) are read; anything else, and any text that is not a
consistent value, raises [`FormatError`][hartenjagen.serialize.FormatError] naming the JSON path of the bad
field (``$.hands[2][5]``).

The format (version 1)
----------------------

Every value is a JSON object tagged with its ``"type"`` (the class name); the
outermost object also carries the format ``"version"`` (the integer 1). The
other keys are the value's fields, all of them, by name:

```text
{"type": "Play", "version": 1, "seat": 0, "card": "QS"}
{"type": "Pass", "version": 1, "seat": 2, "cards": ["2C", "QS", "AH"]}
{"type": "Announce", "version": 1, "seat": 1, "announce": true}
{"type": "MoonChoice", "version": 1, "seat": 3, "option": "self_minus"}
{"type": "Card", "version": 1, "card": "TH"}
```

Inside, field values are written as:

- whole numbers, ``true``/``false``, ``null`` and text as themselves;
- a card as its text: ``"QS"``, ``"TH"``, ``"2C"``;
- an enum member as its value: ``"left"``, ``"others_plus"``, ``"playing"`` (a
  ``Rank`` or ``Suit`` as its letter: ``"7"``, ``"Q"``, ``"S"``);
- a tuple as a list; a table of card values (``CardPoints.values``) as an object
  from card text to number: ``{"2H": 1, "QS": 13}``;
- a nested value (a rule module, a trick, a score line, a move) as a tagged
  object without a version.

A ruleset lists its modules slot by slot:

```text
{"type": "Rules", "version": 1,
 "deck": {"type": "SinglePack", "players": 4, "removed": [], "lowest_rank": "2"},
 "passing": {"type": "PassCycle", "directions": ["left", "right", "across", "hold"], "cards": 3},
 "opening": {"type": "LowestClubLeads"}, ...,
 "extras": [{"type": "Miezen", "points": 10, "first_half_only": false}]}
```

Events, player views, ``HandResult``, ``Trick`` and ``GameRecord`` are written
the same way, from their attrs fields:

```text
{"type": "TrickWon", "version": 1, "trick_index": 0, "leader": 1,
 "cards": ["2C", "KC", "3C", "AC"], "winner": 0, "points": 0, "carried": []}
{"type": "HandResult", "version": 1, "hand_index": 0, "dealer": 0, "raw": [0, 13, 4, 9],
 "points": [0, 13, 4, 9], "totals": [0, 13, 4, 9], "shooter": null, "moon_choice": null,
 "announcers": [], "revoke": null}
```

A state is server-side data: it holds every hand, the cards chosen but not yet
passed and the secret seed. Its fields are the game's whole position:

```text
{"type": "State", "version": 1, "rules": {...}, "phase": "playing", "hand_index": 0,
 "dealer": 0, "hands": [["3C", ...], ...], "passing": [[], [], [], []], "pending": [],
 "trick_leader": 1, "trick": ["2C", "KC"], "tricks": [], "taken": [[], [], [], []],
 "hearts_broken": false, "scores": [0, 0, 0, 0], "score_sheet": [], "seed": 7,
 "deal_count": 1, "dealt": [[...], ...], "winners": [], "pass_direction": "left",
 "exchanges": [{"given": [[...], ...], "received": [[...], ...]}], "carry_over": [],
 "announcers": [], "shooter": null, "secret_seed": false}
```

``hands``, ``passing`` (the cards each seat has chosen in the current stage of
the exchange), ``taken``, ``dealt`` and each exchange stage's ``given`` and
``received`` list one list of cards per seat; ``trick`` is the current trick in
play order; ``pending`` the seats yet to pass or announce. Lists of a seat's
cards are in card order (clubs, diamonds, hearts, spades; two up to ace). In a
double deck the second copy of a card is written with ``#2`` (``"QS#2"``), so a
state reads back exactly.

Loading checks that a state is one the engine can reach (see
[`validate_state`][hartenjagen.serialize.validate_state]): every card of the pack is in exactly one place, hand
sizes fit the phase and the tricks, the exchange and the tricks replay from the
deal, the score sheet adds up, and the phase agrees with the rest. A player
view is checked with `hartenjagen.views.validate_view` (its fields agree
with each other and its rules), so that a view a client sent can be given to
``determinize`` or a bot.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import json
import re
import sys
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias, TypeVar

import attrs

from hartenjagen._repr import brief
from hartenjagen._sheetcheck import SheetProblem, check_lines
from hartenjagen.cards import ALL_CARDS, CARD_COUNT, Card, Rank, Suit
from hartenjagen.chance import chance_for
from hartenjagen.core.chance_nodes import is_explicit
from hartenjagen.core.state import StateFields, fields, from_fields
from hartenjagen.errors import CardParseError, HartenjagenError
from hartenjagen.events import EVENT_TYPES
from hartenjagen.moves import Announce, MoonChoice, MoonOption, Move, Pass, Play
from hartenjagen.outcomes import OUTCOME_TYPES
from hartenjagen.rules import (
    Deck,
    Duplicates,
    Ending,
    FirstTrick,
    HouseRule,
    Leading,
    Moon,
    Opening,
    Passing,
    Rules,
    Scoring,
    deck,
    duplicates,
    ending,
    extras,
    first_trick,
    leading,
    moon,
    opening,
    passing,
    scoring,
)
from hartenjagen.rules.passing import PassDirection
from hartenjagen.state import HandResult, Phase, State, Trick
from hartenjagen.table import Table, table_for
from hartenjagen.views import PlayerView, ViewError, validate_view

if TYPE_CHECKING:
    from hartenjagen.rules.passing import PassLog

__all__ = ["FORMAT_VERSION", "FormatError", "dumps", "loads", "register", "validate_state"]

#: The version of the format ``dumps`` writes and ``loads`` reads.
FORMAT_VERSION: Final = 1
#: The most digits of a number ``loads`` reads (a seed of 4,096 bits has 1,234).
_MAX_DIGITS: Final = 1234

#: A JSON value as ``json.dumps`` takes it.
Json: TypeAlias = "bool | int | float | str | list[Json] | dict[str, Json] | None"

T = TypeVar("T")
C = TypeVar("C", bound=type)


class FormatError(HartenjagenError):
    """JSON that is not a saved hartenjagen value, or a value that cannot be saved.

    ``path`` is the JSON path of the bad field (``$`` is the whole text,
    ``$.hands[2][5]`` the sixth card of seat 2's hand); the message starts with it.
    """

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(message)
        self.path = path


def _error(path: str, problem: str) -> FormatError:
    # The problem may quote what a client sent: long numbers shortened, a bounded length.
    return FormatError(f"{brief(path, 200)}: {brief(problem)}", path)


def _parse_int(text: str) -> int:
    # A seed has at most 4,096 bits (1,234 digits): no field needs a longer number.
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise ValueError(f"a number of {len(text)} digits (at most {_MAX_DIGITS})")
    return int(text)


# ---------------------------------------------------------------- public functions


def dumps(value: object, *, indent: int | None = None) -> str:
    """``value`` as JSON text (``indent``: pretty-print with that many spaces).

    ``value`` is a ``Rules``, a rule module, a move, a ``Card``, a ``State``, a
    ``PlayerView``, an event, a ``HandResult``, a ``Trick``, a ``GameRecord`` or
    an instance of a class given to [`register`][hartenjagen.serialize.register]; anything else raises
    [`FormatError`][hartenjagen.serialize.FormatError].
    """
    entry = _entry_of(type(value))
    if entry is None:
        raise _error("$", f"cannot save a {type(value).__name__}: {_REGISTER_HINT}")
    data: dict[str, Json] = {"type": entry.name, "version": FORMAT_VERSION}
    data.update(entry.encode(value, "$"))
    try:
        return json.dumps(data, indent=indent, ensure_ascii=False)
    except ValueError as error:  # a number beyond Python's digit limit, somewhere in a state
        raise _error("$", f"cannot save: {error}") from None


def loads(text: str | bytes | bytearray) -> object:
    """The value saved in ``text`` by [`dumps`][hartenjagen.serialize.dumps].

    Raises [`FormatError`][hartenjagen.serialize.FormatError], naming the JSON path of the first bad field,
    when ``text`` is not JSON, not a saved value of a known type and version,
    or not consistent (a state whose cards, hands, tricks or scores do not add
    up, a combination of rule modules the library rejects).
    """
    if not isinstance(text, str | bytes | bytearray):
        raise _error("$", f"expected JSON text, not a {type(text).__name__}")
    try:
        data = json.loads(text, object_pairs_hook=_object, parse_constant=_no_constant, parse_int=_parse_int)
    except RecursionError:
        raise _error("$", "not JSON: nested too deeply") from None
    except ValueError as error:  # json.JSONDecodeError, bad UTF-8, too many digits, NaN
        raise _error("$", f"not JSON: {error}") from None
    try:
        return _decode_top(data)
    except RecursionError:
        raise _error("$", "nested too deeply") from None


def register(cls: C, *, name: str | None = None) -> C:
    """Let [`dumps`][hartenjagen.serialize.dumps] and [`loads`][hartenjagen.serialize.loads] handle instances of ``cls``, an attrs class; returns ``cls``.

    Meant for a rule module of your own (an attrs class subclassing a slot's
    abstract class, such as ``Passing`` or ``HouseRule``), so that rules using
    it can be saved. Its fields must be of the types the format knows: whole
    numbers, booleans, ``None``, text, cards, enums, tuples of these and other
    registered classes. ``name`` is the ``"type"`` written (the class name by
    default); it must not name another class. Usable as a decorator.
    """
    target: object = cls
    if not isinstance(target, type) or not attrs.has(target):
        raise TypeError(f"register takes an attrs class, not {target!r}")
    if inspect.isabstract(target):
        raise TypeError(f"register takes a concrete class, but {target.__name__} is abstract")
    entry = _AttrsEntry(target, target.__name__ if name is None else name)
    entry.fields()  # fail now on a field type the format cannot write
    _add(entry)
    return cls


_REGISTER_HINT: Final = (
    "only the library's values and classes given to hartenjagen.serialize.register are saved"
)


# ---------------------------------------------------------------- JSON helpers


class _Object(dict[str, object]):
    """A JSON object as read, remembering a key that appeared twice."""

    duplicate: str | None = None


def _object(pairs: list[tuple[str, object]]) -> _Object:
    obj = _Object(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                obj.duplicate = key
                break
            seen.add(key)
    return obj


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _key(path: str, key: str) -> str:
    """The path of ``key`` inside the object at ``path``."""
    if key.isidentifier() and key.isascii():
        return f"{path}.{key}"
    return f"{path}[{_show(key)}]"


def _show(data: object, limit: int = 40) -> str:
    try:
        text = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(data)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _describe(data: object) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, int):
        return f"the number {_show(data)}"
    if isinstance(data, float):
        return f"the number {_show(data)}"
    if isinstance(data, str):
        return f"the text {_show(data)}"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, dict):
        return "an object"
    return f"a {type(data).__name__}"


def _check_object(data: object, path: str, what: str) -> dict[str, object]:
    if not isinstance(data, dict):
        raise _error(path, f"expected {what} (a JSON object), not {_describe(data)}")
    duplicate = data.duplicate if isinstance(data, _Object) else None
    if duplicate is not None:
        raise _error(_key(path, duplicate), "appears twice in one object")
    return data


def _check_keys(data: dict[str, object], path: str, name: str, keys: Sequence[str], top: bool) -> None:
    """Every field of ``name`` is in ``data`` and nothing else is (besides ``type`` and the version)."""
    listing = f"the fields {', '.join(keys)}" if keys else "no fields"
    for key in keys:
        if key not in data:
            raise _error(_key(path, key), f"missing: a {name} has {listing}")
    for key in data:
        if key == "type" or (top and key == "version") or key in keys:
            continue
        if key == "version":
            raise _error(_key(path, key), "the format version belongs at the top level only")
        raise _error(_key(path, key), f"unexpected field: a {name} has {listing}")


def _ask(path: str, what: str, call: Callable[..., T], *args: object) -> T:
    """``call(*args)`` (a rule module's hook), with anything it raises reported as a FormatError at ``path``."""
    try:
        return call(*args)
    except FormatError:
        raise
    except Exception as error:
        raise _error(path, f"the rules cannot {what}: {error}") from error


# ---------------------------------------------------------------- codecs: one per field type


class _Codec:
    """How values of one field type are written as JSON and read back."""

    def matches(self, value: object) -> bool:
        """Whether ``value`` is of this codec's type (to pick a member of a union)."""
        raise NotImplementedError

    def encode(self, value: object, path: str) -> Json:
        raise NotImplementedError

    def decode(self, data: object, path: str) -> object:
        raise NotImplementedError


def _cannot_save(value: object, path: str, what: str) -> FormatError:
    return _error(path, f"cannot save {value!r}: expected {what}")


#: Numbers this long always turn into text (Python refuses more than 4,300 digits by default).
_SAFE_BITS: Final = 4096


class _Int(_Codec):
    def matches(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, int) or isinstance(value, bool):
            raise _cannot_save(value, path, "a whole number")
        if value.bit_length() > _SAFE_BITS:
            try:
                str(value)
            except ValueError:
                raise _error(
                    path, f"cannot save a number of {value.bit_length()} bits: too many digits"
                ) from None
        return int(value)

    def decode(self, data: object, path: str) -> int:
        if type(data) is not int:
            raise _error(path, f"expected a whole number, not {_describe(data)}")
        return data


class _Bool(_Codec):
    def matches(self, value: object) -> bool:
        return isinstance(value, bool)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, bool):
            raise _cannot_save(value, path, "True or False")
        return value

    def decode(self, data: object, path: str) -> bool:
        if not isinstance(data, bool):
            raise _error(path, f"expected true or false, not {_describe(data)}")
        return data


class _Str(_Codec):
    def matches(self, value: object) -> bool:
        return isinstance(value, str)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, str):
            raise _cannot_save(value, path, "text")
        return str(value)

    def decode(self, data: object, path: str) -> str:
        if not isinstance(data, str):
            raise _error(path, f"expected text, not {_describe(data)}")
        return data


class _Null(_Codec):
    def matches(self, value: object) -> bool:
        return value is None

    def encode(self, value: object, path: str) -> Json:
        if value is not None:
            raise _cannot_save(value, path, "None")
        return None

    def decode(self, data: object, path: str) -> None:
        if data is not None:
            raise _error(path, f"expected null, not {_describe(data)}")


_CARD_BY_TEXT: Final = {str(card): card for card in ALL_CARDS}


def _card(data: object, path: str) -> Card:
    if isinstance(data, str):
        card = _CARD_BY_TEXT.get(data)
        if card is not None:
            return card
    else:
        raise _error(path, f'expected a card such as "QS", not {_describe(data)}')
    try:
        return Card.parse(data)
    except CardParseError:
        raise _error(
            path, f'unknown card {_show(data)}: expected a rank and a suit such as "QS" or "TH"'
        ) from None


class _CardText(_Codec):
    def matches(self, value: object) -> bool:
        return isinstance(value, Card)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, Card):
            raise _cannot_save(value, path, "a Card")
        return str(value)

    def decode(self, data: object, path: str) -> Card:
        return _card(data, path)


class _Enum(_Codec):
    """An enum member as its value (text or number); ``Rank`` and ``Suit`` as their letters."""

    def __init__(self, kind: type[enum.Enum]) -> None:
        self.kind = kind
        self.text: dict[enum.Enum, str | int] = {}
        for member in kind:
            value = member.value
            if isinstance(member, Rank | Suit):
                self.text[member] = member.letter
            elif isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
                self.text[member] = value
            else:
                self.text[member] = member.name
        self.member = {text: member for member, text in self.text.items()}

    def matches(self, value: object) -> bool:
        return isinstance(value, self.kind)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, self.kind):
            raise _cannot_save(value, path, f"a {self.kind.__name__}")
        return self.text[value]

    def decode(self, data: object, path: str) -> enum.Enum:
        member = self.member.get(data) if type(data) is str or type(data) is int else None
        if member is None:
            choices = ", ".join(_show(text) for text in self.text.values())
            raise _error(path, f"unknown {self.kind.__name__} {_show(data)}: expected one of {choices}")
        return member


class _TupleOf(_Codec):
    def __init__(self, item: _Codec) -> None:
        self.item = item

    def matches(self, value: object) -> bool:
        return isinstance(value, tuple)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, tuple):
            raise _cannot_save(value, path, "a tuple")
        item = self.item
        return [item.encode(x, f"{path}[{i}]") for i, x in enumerate(value)]

    def decode(self, data: object, path: str) -> tuple[object, ...]:
        if not isinstance(data, list):
            raise _error(path, f"expected a list, not {_describe(data)}")
        item = self.item
        return tuple(item.decode(x, f"{path}[{i}]") for i, x in enumerate(data))


class _Fixed(_Codec):
    """A tuple of fixed length with a type per position, as a list."""

    def __init__(self, items: Sequence[_Codec]) -> None:
        self.items = tuple(items)

    def matches(self, value: object) -> bool:
        return isinstance(value, tuple) and len(value) == len(self.items)

    def encode(self, value: object, path: str) -> Json:
        if not self.matches(value):
            raise _cannot_save(value, path, f"a tuple of {len(self.items)}")
        assert isinstance(value, tuple)
        return [
            codec.encode(x, f"{path}[{i}]")
            for i, (codec, x) in enumerate(zip(self.items, value, strict=True))
        ]

    def decode(self, data: object, path: str) -> tuple[object, ...]:
        if not isinstance(data, list) or len(data) != len(self.items):
            raise _error(path, f"expected a list of {len(self.items)}, not {_describe(data)}")
        return tuple(
            codec.decode(x, f"{path}[{i}]") for i, (codec, x) in enumerate(zip(self.items, data, strict=True))
        )


class _CardMap(_Codec):
    """A tuple of (card, value) pairs as an object from card text to value: ``{"QS": 13}``."""

    def __init__(self, value: _Codec) -> None:
        self.value = value

    def matches(self, value: object) -> bool:
        return isinstance(value, tuple)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, tuple):
            raise _cannot_save(value, path, "a tuple of (card, value) pairs")
        out: dict[str, Json] = {}
        for i, pair in enumerate(value):
            if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], Card)):
                raise _cannot_save(pair, f"{path}[{i}]", "a (card, value) pair")
            if str(pair[0]) in out:
                raise _error(f"{path}[{i}]", f"cannot save {pair[0]} twice")
            out[str(pair[0])] = self.value.encode(pair[1], _key(path, str(pair[0])))
        return out

    def decode(self, data: object, path: str) -> tuple[tuple[Card, object], ...]:
        obj = _check_object(data, path, "an object from cards to values")
        return tuple(
            (_card(key, _key(path, key)), self.value.decode(item, _key(path, key)))
            for key, item in obj.items()
        )


class _Tagged(_Codec):
    """A value of a registered class that is a subclass of one of ``bases``, as a tagged object."""

    def __init__(self, bases: tuple[type, ...]) -> None:
        self.bases = bases
        self.what = " or ".join(f"a {base.__name__}" for base in bases)

    def matches(self, value: object) -> bool:
        return isinstance(value, self.bases)

    def encode(self, value: object, path: str) -> Json:
        entry = _entry_of(type(value))
        if entry is None or not issubclass(entry.cls, self.bases):
            if isinstance(value, self.bases):
                raise _error(path, f"cannot save a {type(value).__name__}: {_REGISTER_HINT}")
            raise _cannot_save(value, path, self.what)
        data: dict[str, Json] = {"type": entry.name}
        data.update(entry.encode(value, path))
        return data

    def decode(self, data: object, path: str) -> object:
        return _decode_tagged(data, path, self.bases, self.what, top=False)


class _Union(_Codec):
    def __init__(self, members: Sequence[_Codec]) -> None:
        self.members = tuple(members)

    def matches(self, value: object) -> bool:
        return any(member.matches(value) for member in self.members)

    def encode(self, value: object, path: str) -> Json:
        for member in self.members:
            if member.matches(value):
                return member.encode(value, path)
        raise _cannot_save(value, path, "a value of this field's type")

    def decode(self, data: object, path: str) -> object:
        first: FormatError | None = None
        for member in self.members:
            if data is not None and isinstance(member, _Null):
                continue
            try:
                return member.decode(data, path)
            except FormatError as error:
                first = first or error
        if first is None:  # only null was allowed
            raise _error(path, f"expected null, not {_describe(data)}")
        raise first


_INT: Final = _Int()
_BOOL: Final = _Bool()
_STR: Final = _Str()
_NULL: Final = _Null()
_CARD: Final = _CardText()
_SIMPLE: Final[dict[object, _Codec]] = {
    int: _INT,
    bool: _BOOL,
    str: _STR,
    type(None): _NULL,
    None: _NULL,
    Card: _CARD,
}


def _compile(hint: object, where: str) -> _Codec:
    """The codec of a field whose type is ``hint`` (``where`` names the field, for errors)."""
    try:
        simple = _SIMPLE.get(hint)
    except TypeError:  # an unhashable annotation
        simple = None
    if simple is not None:
        return simple
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _Enum(hint)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = args[0]
            item_args = typing.get_args(item)
            if (
                typing.get_origin(item) is tuple
                and len(item_args) == 2
                and item_args[0] is Card
                and item_args[1] is not Ellipsis
            ):
                return _CardMap(_compile(item_args[1], where))
            return _TupleOf(_compile(item, where))
        if args == ((),):
            return _Fixed(())
        if args and Ellipsis not in args:
            return _Fixed([_compile(arg, where) for arg in args])
    elif origin is typing.Union or origin is types.UnionType:
        nullable = type(None) in args
        classes = tuple(arg for arg in args if _is_tagged_type(arg))
        others = [_compile(arg, where) for arg in args if arg is not type(None) and not _is_tagged_type(arg)]
        members = ([_NULL] if nullable else []) + others + ([_Tagged(classes)] if classes else [])
        return members[0] if len(members) == 1 else _Union(members)
    elif _is_tagged_type(hint):
        assert isinstance(hint, type)
        return _Tagged((hint,))
    raise TypeError(f"hartenjagen.serialize cannot write a field of type {hint!r} ({where})")


def _is_tagged_type(hint: object) -> bool:
    """Whether ``hint`` is a class whose values are written as tagged objects (not a builtin or an enum)."""
    return isinstance(hint, type) and hint.__module__ != "builtins" and not issubclass(hint, enum.Enum | Card)


#: Names a field annotation may use without its module importing them at run time.
_NAMES: Final[dict[str, object]] = {
    cls.__name__: cls
    for cls in (
        Card,
        Rank,
        Suit,
        Rules,
        Play,
        Pass,
        Announce,
        MoonChoice,
        MoonOption,
        PassDirection,
        Phase,
        State,
        Trick,
        HandResult,
        PlayerView,
        Deck,
        Passing,
        Opening,
        FirstTrick,
        Leading,
        Scoring,
        Moon,
        Ending,
        Duplicates,
        HouseRule,
    )
} | {"Move": Move}


def _field_type(cls: type, field: attrs.Attribute[object]) -> object:
    """The evaluated type annotation of one attrs field of ``cls``."""
    annotation = field.type
    if annotation is None:
        raise TypeError(f"hartenjagen.serialize needs a type annotation on {cls.__name__}.{field.name}")
    module_name = cls.__module__
    for klass in cls.__mro__:
        if field.name in inspect.get_annotations(klass):
            module_name = klass.__module__
            break
    module = sys.modules.get(module_name)
    namespace = {**_NAMES, **(vars(module) if module is not None else {})}
    holder = types.SimpleNamespace(__annotations__={"x": annotation})
    try:
        return typing.get_type_hints(holder, globalns=namespace)["x"]
    except Exception as error:
        raise TypeError(
            f"cannot read the type {annotation!r} of {cls.__name__}.{field.name}: {error}"
        ) from error


# ---------------------------------------------------------------- the registry


class _Entry:
    """A class the format knows: its ``"type"`` name and how its fields are written."""

    def __init__(self, cls: type, name: str) -> None:
        self.cls = cls
        self.name = name

    def encode(self, value: object, path: str) -> dict[str, Json]:
        raise NotImplementedError

    def decode(self, data: dict[str, object], path: str, top: bool) -> object:
        raise NotImplementedError


class _AttrsEntry(_Entry):
    """An attrs class, field by field; loading calls the class, so its own checks run."""

    def __init__(self, cls: type, name: str) -> None:
        super().__init__(cls, name)
        self._fields: list[tuple[str, str, _Codec]] | None = None

    def fields(self) -> list[tuple[str, str, _Codec]]:
        """(attribute name, JSON key and init argument, codec) per field set by ``__init__``."""
        if self._fields is None:
            fields = [field for field in attrs.fields(self.cls) if field.init]
            for field in fields:
                if field.alias in ("type", "version"):
                    raise TypeError(
                        f'{self.name}.{field.name}: the JSON key "{field.alias}" is taken by the format'
                    )
            self._fields = [
                (field.name, field.alias, _compile(_field_type(self.cls, field), f"{self.name}.{field.name}"))
                for field in fields
            ]
        return self._fields

    def encode(self, value: object, path: str) -> dict[str, Json]:
        return {
            key: codec.encode(getattr(value, name), _key(path, key)) for name, key, codec in self.fields()
        }

    def decode(self, data: dict[str, object], path: str, top: bool) -> object:
        fields = self.fields()
        _check_keys(data, path, self.name, [key for _, key, _ in fields], top)
        arguments = {key: codec.decode(data[key], _key(path, key)) for _, key, codec in fields}
        try:
            return self.cls(**arguments)
        except FormatError:
            raise
        except Exception as error:
            raise _error(path, f"not a valid {self.name}: {error}") from error


class _ViewEntry(_AttrsEntry):
    """A player view: its fields, then `hartenjagen.views.validate_view` (a view from a client)."""

    def decode(self, data: dict[str, object], path: str, top: bool) -> object:
        value = super().decode(data, path, top)
        try:
            validate_view(value)
        except ViewError as error:
            field = getattr(error, "field", "")
            where = f"{path}.{field}" if field else path
            raise _error(where, f"an inconsistent view: {getattr(error, 'problem', error)}") from None
        return value


class _CardEntry(_Entry):
    """A card on its own: ``{"type": "Card", "version": 1, "card": "QS"}``."""

    def encode(self, value: object, path: str) -> dict[str, Json]:
        return {"card": _CARD.encode(value, _key(path, "card"))}

    def decode(self, data: dict[str, object], path: str, top: bool) -> object:
        _check_keys(data, path, self.name, ["card"], top)
        return _card(data["card"], _key(path, "card"))


_BY_NAME: dict[str, _Entry] = {}
_BY_CLASS: dict[type, _Entry] = {}
_lazy_missing = False


def _add(entry: _Entry) -> None:
    known = _BY_NAME.get(entry.name)
    if known is not None and known.cls is not entry.cls:
        raise FormatError(
            f'the type name "{entry.name}" already names {known.cls.__module__}.{known.cls.__qualname__}'
        )
    former = _BY_CLASS.get(entry.cls)
    if former is not None and former.name != entry.name:
        raise FormatError(f'{entry.cls.__qualname__} is already registered as "{former.name}"')
    if known is None:
        _BY_NAME[entry.name] = entry
        _BY_CLASS[entry.cls] = entry


def _load_lazy() -> bool:
    """Register ``hartenjagen.records.GameRecord`` once that module exists; True if something was added."""
    global _lazy_missing
    if _lazy_missing:
        return False
    try:
        module = importlib.import_module("hartenjagen.records")
    except ImportError:
        _lazy_missing = True
        return False
    record = getattr(module, "GameRecord", None)
    if not isinstance(record, type) or not attrs.has(record) or record in _BY_CLASS:
        return False
    _add(_AttrsEntry(record, "GameRecord"))
    return True


def _lookup(name: str) -> _Entry | None:
    entry = _BY_NAME.get(name)
    if entry is None and _load_lazy():
        entry = _BY_NAME.get(name)
    return entry


def _entry_of(cls: type) -> _Entry | None:
    entry = _BY_CLASS.get(cls)
    if entry is None and _load_lazy():
        entry = _BY_CLASS.get(cls)
    return entry


def _decode_tagged(data: object, path: str, bases: tuple[type, ...], what: str, *, top: bool) -> object:
    obj = _check_object(data, path, what)
    if "type" not in obj:
        raise _error(_key(path, "type"), "missing: every object names its type")
    name = obj["type"]
    if not isinstance(name, str):
        raise _error(_key(path, "type"), f"expected a type name, not {_describe(name)}")
    entry = _lookup(name)
    if entry is None:
        raise _error(_key(path, "type"), f"unknown type {_show(name)}")
    if not issubclass(entry.cls, bases):
        raise _error(_key(path, "type"), f"a {name} cannot stand here: expected {what}")
    return entry.decode(obj, path, top)


def _decode_top(data: object) -> object:
    obj = _check_object(data, "$", 'a saved value with a "type" and a "version"')
    if "version" not in obj:
        raise _error("$.version", f"missing: a saved value names its format version ({FORMAT_VERSION})")
    version = obj["version"]
    if type(version) is not int or version != FORMAT_VERSION:
        raise _error(
            "$.version", f"format version {_show(version)} is not one this library reads ({FORMAT_VERSION})"
        )
    return _decode_tagged(obj, "$", (object,), "a saved value", top=True)


# ---------------------------------------------------------------- states


def _order(physical: int) -> tuple[int, int]:
    """Where a physical card stands in a written list: by card, then by copy."""
    return physical % CARD_COUNT, physical // CARD_COUNT


def _ids(mask: int) -> list[int]:
    """The physical cards of ``mask`` in written order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    out.sort(key=_order)
    return out


def _text(physical: int) -> str:
    copy = physical // CARD_COUNT
    card = str(ALL_CARDS[physical % CARD_COUNT])
    return card if copy == 0 else f"{card}#{copy + 1}"


_COPY: Final = re.compile(r"[1-9][0-9]?")


def _physical(data: object, path: str, table: Table) -> int:
    if not isinstance(data, str):
        raise _error(path, f'expected a card such as "QS", not {_describe(data)}')
    text, mark, copy_text = data.partition("#")
    copy = 0
    if mark:
        if not _COPY.fullmatch(copy_text):
            raise _error(path, f'unknown card {_show(data)}: a second copy is written "QS#2"')
        copy = int(copy_text) - 1
        if copy >= table.copies:
            copies = "one copy" if table.copies == 1 else f"{table.copies} copies"
            raise _error(path, f"no card {_show(data)}: the pack has {copies} of each card")
    return _card(text, path).index + CARD_COUNT * copy


def _encode_mask(mask: int) -> list[Json]:
    return [_text(p) for p in _ids(mask)]


def _decode_mask(data: object, path: str, table: Table) -> int:
    if not isinstance(data, list):
        raise _error(path, f"expected a list of cards, not {_describe(data)}")
    mask = 0
    last = (-1, -1)
    for i, item in enumerate(data):
        physical = _physical(item, f"{path}[{i}]", table)
        order = _order(physical)
        if order <= last:
            problem = (
                f"{_text(physical)} is listed twice"
                if order == last
                else f"{_text(physical)} is out of order"
            )
            raise _error(
                f"{path}[{i}]", f"{problem}: cards are listed once each, clubs to spades, two to ace"
            )
        last = order
        mask |= 1 << physical
    return mask


def _decode_seat_masks(data: object, path: str, table: Table) -> tuple[int, ...]:
    n = table.players
    if not isinstance(data, list) or len(data) != n:
        raise _error(path, f"expected a list of {n} lists of cards, one per seat, not {_describe(data)}")
    return tuple(_decode_mask(item, f"{path}[{seat}]", table) for seat, item in enumerate(data))


def _decode_seat_set(data: object, path: str, players: int) -> int:
    if not isinstance(data, list):
        raise _error(path, f"expected a list of seats, not {_describe(data)}")
    mask = 0
    last = -1
    for i, item in enumerate(data):
        seat = _INT.decode(item, f"{path}[{i}]")
        if not 0 <= seat < players:
            raise _error(f"{path}[{i}]", f"there is no seat {seat}: seats are 0 to {players - 1}")
        if seat <= last:
            raise _error(f"{path}[{i}]", "seats are listed once each, lowest first")
        last = seat
        mask |= 1 << seat
    return mask


def _decode_exchanges(data: object, path: str, table: Table) -> PassLog:
    if not isinstance(data, list):
        raise _error(path, f"expected a list of exchange stages, not {_describe(data)}")
    log = []
    for stage, item in enumerate(data):
        where = f"{path}[{stage}]"
        obj = _check_object(item, where, 'an exchange stage {"given": ..., "received": ...}')
        for key in ("given", "received"):
            if key not in obj:
                raise _error(_key(where, key), "missing: an exchange stage has given and received")
        for key in obj:
            if key not in ("given", "received"):
                raise _error(_key(where, key), "unexpected field: an exchange stage has given and received")
        given = _decode_seat_masks(obj["given"], _key(where, "given"), table)
        received = _decode_seat_masks(obj["received"], _key(where, "received"), table)
        log.append((given, received))
    return tuple(log)


#: A state's private fields and their JSON keys, in the order written.
_STATE_KEYS: Final[dict[str, str]] = {
    "table": "rules",
    "phase": "phase",
    "hand_index": "hand_index",
    "dealer": "dealer",
    "hand_masks": "hands",
    "passed_masks": "passing",
    "pending": "pending",
    "leader": "trick_leader",
    "trick_cards": "trick",
    "tricks": "tricks",
    "taken_masks": "taken",
    "hearts_broken": "hearts_broken",
    "scores": "scores",
    "score_sheet": "score_sheet",
    "seed": "seed",
    "deal_count": "deal_count",
    "dealt_masks": "dealt",
    "winners": "winners",
    "pass_direction": "pass_direction",
    "pass_log": "exchanges",
    "carry": "carry_over",
    "announcers": "announcers",
    "shooter": "shooter",
    "secret_seed": "secret_seed",
}

_RULES: Final = _Tagged((Rules,))
_PHASE: Final = _Enum(Phase)
_DIRECTION: Final = _Enum(PassDirection)
_INTS: Final = _TupleOf(_INT)
_TRICKS: Final = _TupleOf(_Tagged((Trick,)))
_SHEET: Final = _TupleOf(_Tagged((HandResult,)))
_SEAT_OR_NONE: Final = _Union([_NULL, _INT])


def _state_keys() -> list[str]:
    names = list(StateFields._fields)
    if set(names) != set(_STATE_KEYS):  # pragma: no cover - a State field serialize does not know
        raise AssertionError(
            f"hartenjagen.serialize does not know the State fields {sorted(set(names) ^ set(_STATE_KEYS))}"
        )
    return [_STATE_KEYS[name] for name in names]


class _StateEntry(_Entry):
    def encode(self, value: object, path: str) -> dict[str, Json]:
        if type(value) is not State:
            raise _cannot_save(value, path, "a State")
        state = value
        if is_explicit(state):
            raise _error(
                path,
                "cannot save a state of a game with explicit chance (new_game(chance='explicit')):"
                " keep its moves and chance outcomes, which dumps saves, and replay them",
            )
        _state_keys()
        inside = fields(state)
        seats = range(inside.table.players)
        return {
            "rules": _RULES.encode(state.rules, _key(path, "rules")),
            "phase": _PHASE.encode(state.phase, _key(path, "phase")),
            "hand_index": state.hand_index,
            "dealer": state.dealer,
            "hands": [_encode_mask(mask) for mask in inside.hand_masks],
            "passing": [_encode_mask(mask) for mask in inside.passed_masks],
            "pending": [seat for seat in seats if inside.pending >> seat & 1],
            "trick_leader": inside.leader,
            "trick": [_text(p) for p in inside.trick_cards],
            "tricks": _TRICKS.encode(state.tricks, _key(path, "tricks")),
            "taken": [_encode_mask(mask) for mask in inside.taken_masks],
            "hearts_broken": state.hearts_broken,
            "scores": list(state.scores),
            "score_sheet": _SHEET.encode(state.score_sheet, _key(path, "score_sheet")),
            "seed": inside.seed,
            "deal_count": inside.deal_count,
            "dealt": [_encode_mask(mask) for mask in inside.dealt_masks],
            "winners": list(state.winners),
            "pass_direction": _DIRECTION.encode(state.pass_direction, _key(path, "pass_direction")),
            "exchanges": [
                {"given": [_encode_mask(m) for m in given], "received": [_encode_mask(m) for m in received]}
                for given, received in inside.pass_log
            ],
            "carry_over": _encode_mask(inside.carry),
            "announcers": list(state.announcers),
            "shooter": inside.shooter,
            "secret_seed": inside.secret_seed,
        }

    def decode(self, data: dict[str, object], path: str, top: bool) -> object:
        _check_keys(data, path, self.name, _state_keys(), top)

        def at(key: str) -> str:
            return _key(path, key)

        rules = _RULES.decode(data["rules"], at("rules"))
        assert isinstance(rules, Rules)
        table = _ask(at("rules"), "be compiled to a table", lambda: table_for(rules))
        n = table.players
        raw: dict[str, object] = {
            "table": table,
            "phase": _PHASE.decode(data["phase"], at("phase")),
            "hand_index": _INT.decode(data["hand_index"], at("hand_index")),
            "dealer": _INT.decode(data["dealer"], at("dealer")),
            "hand_masks": _decode_seat_masks(data["hands"], at("hands"), table),
            "passed_masks": _decode_seat_masks(data["passing"], at("passing"), table),
            "pending": _decode_seat_set(data["pending"], at("pending"), n),
            "leader": _INT.decode(data["trick_leader"], at("trick_leader")),
            "trick_cards": _decode_trick(data["trick"], at("trick"), table),
            "tricks": _TRICKS.decode(data["tricks"], at("tricks")),
            "taken_masks": _decode_seat_masks(data["taken"], at("taken"), table),
            "hearts_broken": _BOOL.decode(data["hearts_broken"], at("hearts_broken")),
            "scores": _INTS.decode(data["scores"], at("scores")),
            "score_sheet": _SHEET.decode(data["score_sheet"], at("score_sheet")),
            "seed": _INT.decode(data["seed"], at("seed")),
            "deal_count": _INT.decode(data["deal_count"], at("deal_count")),
            "dealt_masks": _decode_seat_masks(data["dealt"], at("dealt"), table),
            "winners": _INTS.decode(data["winners"], at("winners")),
            "pass_direction": _DIRECTION.decode(data["pass_direction"], at("pass_direction")),
            "pass_log": _decode_exchanges(data["exchanges"], at("exchanges"), table),
            "carry": _decode_mask(data["carry_over"], at("carry_over"), table),
            "announcers": _INTS.decode(data["announcers"], at("announcers")),
            "shooter": _SEAT_OR_NONE.decode(data["shooter"], at("shooter")),
            "secret_seed": _BOOL.decode(data["secret_seed"], at("secret_seed")),
        }
        document = StateFields(**raw)  # type: ignore[arg-type]
        _StateCheck(document, path).run()
        state = from_fields(document)
        if fields(state) != document:  # pragma: no cover - the checks above leave nothing to normalise
            raise _error(path, "the state does not hold together")
        return state


def _decode_trick(data: object, path: str, table: Table) -> tuple[int, ...]:
    if not isinstance(data, list):
        raise _error(path, f"expected the cards of the current trick in play order, not {_describe(data)}")
    return tuple(_physical(item, f"{path}[{i}]", table) for i, item in enumerate(data))


# ---------------------------------------------------------------- validating a state


def validate_state(state: State, path: str = "$") -> None:
    """Check that ``state`` is one the engine can reach; raise [`FormatError`][hartenjagen.serialize.FormatError] if not.

    ``loads`` runs this on every state it reads. The error names the JSON path
    of the bad field in the state's saved form (``path`` is where the state
    itself stands). What is checked:

    - seats (dealer, trick leader, shooter, pending, winners, announcers, tricks,
      score lines) lie on the table, and every per-seat list has one entry per seat;
    - the phase agrees with the rest: seats to pass or announce exactly when
      passing or announcing, a shooter exactly in ``MOON_CHOICE``, winners and an
      ending reached exactly in ``GAME_OVER``;
    - the score sheet chains: each line's totals are the previous totals plus its
      points, the hand numbers and dealers follow each other, and the scores are
      the last totals (all 0 before the first hand);
    - each line could have happened: some split of the pack's scoring cards gives
      its raw points (and its shooter), its points are what the rules score from
      them, a revoke, an announcement or a moon only where the rules have one, and
      the game was not over after any line but the last;
    - conservation: every card of the pack is in exactly one of the hands, the
      current stage's chosen passes, the trick, the captured cards and the
      carry-over pile; the deal gives every seat a full hand;
    - the exchange replays from the deal (right counts, allowed cards, what each
      seat received), the hand sizes fit the phase and the tricks, the tricks and
      the current trick replay from the hands after the exchange (leaders,
      winners, captured cards, the carry-over pile, whether hearts are broken);
    - the pass direction, what the exchange gave each seat, the moon shooter and
      the deals after the first are what the rules and the seed give.
    """
    _StateCheck(fields(state), path).run()


class _StateCheck:
    def __init__(self, raw: StateFields, path: str) -> None:
        #: the fields as the document gives them, checked before a state is built from them
        self.f = raw
        self.path = path
        self.table = raw.table
        self.rules = self.table.rules
        self.n = self.table.players

    def at(self, key: str) -> str:
        return _key(self.path, key)

    def fail(self, key: str, problem: str) -> FormatError:
        return _error(self.at(key), problem)

    def seat(self, value: int, where: str, what: str) -> None:
        if not 0 <= value < self.n:
            raise _error(where, f"{what} {value} is not a seat: seats are 0 to {self.n - 1}")

    def run(self) -> None:
        self.check_seats()
        self.check_phase()
        self.check_sheet()
        self.check_cards()
        self.check_dealt()
        after_exchange = self.check_exchange()
        self.check_play(after_exchange)
        self.check_outcome()

    # -- seats and per-seat lists

    def check_seats(self) -> None:
        state, n = self.f, self.n
        if state.hand_index < 0:
            raise self.fail("hand_index", f"hand {state.hand_index} cannot be: hands count from 0")
        if self.f.deal_count < 1:
            raise self.fail("deal_count", f"{self.f.deal_count} deals cannot be: the first hand is deal 1")
        self.seat(state.dealer, self.at("dealer"), "dealer")
        self.seat(self.f.leader, self.at("trick_leader"), "trick leader")
        if self.f.shooter is not None:
            self.seat(self.f.shooter, self.at("shooter"), "shooter")
        if self.f.pending >> n or self.f.pending < 0:
            raise self.fail("pending", f"pending seats lie outside the table of {n}")
        for key in ("hands", "passing", "taken", "dealt", "scores"):
            field = {
                "hands": self.f.hand_masks,
                "passing": self.f.passed_masks,
                "taken": self.f.taken_masks,
                "dealt": self.f.dealt_masks,
                "scores": state.scores,
            }[key]
            if len(field) != n:
                raise self.fail(key, f"lists {len(field)} seats, but the rules have {n} players")
        for stage, (given, received) in enumerate(self.f.pass_log):
            for key, masks in (("given", given), ("received", received)):
                if len(masks) != n:
                    where = _key(f"{self.at('exchanges')}[{stage}]", key)
                    raise _error(where, f"lists {len(masks)} seats, but the rules have {n} players")
        for key, seats in (("winners", state.winners), ("announcers", state.announcers)):
            for i, seat in enumerate(seats):
                self.seat(seat, f"{self.at(key)}[{i}]", "seat")
                if seat in seats[:i]:
                    raise _error(f"{self.at(key)}[{i}]", f"seat {seat} is listed twice")
        if len(self.f.trick_cards) >= n:
            raise self.fail(
                "trick", f"holds {len(self.f.trick_cards)} cards; a trick of {n} players is complete at {n}"
            )
        for i, trick in enumerate(state.tricks):
            where = f"{self.at('tricks')}[{i}]"
            self.seat(trick.leader, _key(where, "leader"), "leader")
            if trick.winner is not None:
                self.seat(trick.winner, _key(where, "winner"), "winner")
            if len(trick.cards) != n:
                raise _error(_key(where, "cards"), f"holds {len(trick.cards)} cards; a trick has {n}")
            for j, card in enumerate(trick.cards):
                if not self.table.bits_of[card.index]:
                    raise _error(f"{_key(where, 'cards')}[{j}]", f"{card} is not in the pack of these rules")

    # -- the phase against the rest

    def check_phase(self) -> None:
        state, phase = self.f, self.f.phase
        if phase is Phase.MOON_CHOICE and self.f.shooter is None:
            raise self.fail(
                "shooter", "the game waits for the moon shooter's choice, but no shooter is named"
            )
        if phase is not Phase.MOON_CHOICE and self.f.shooter is not None:
            raise self.fail(
                "shooter", f"a shooter is named, but the game is {phase.value}, not waiting for a moon choice"
            )
        if phase is Phase.GAME_OVER and not state.winners:
            raise self.fail("winners", "the game is over, but no winner is named")
        if phase is not Phase.GAME_OVER and state.winners:
            raise self.fail("winners", f"winners are named, but the game is {phase.value}, not over")
        if phase is Phase.GAME_OVER and not state.score_sheet:
            raise self.fail("score_sheet", "the game is over, but no hand has been scored")
        waiting = phase in (Phase.PASSING, Phase.ANNOUNCING)
        if waiting and not self.f.pending:
            raise self.fail("pending", f"the game is {phase.value}, but no seat is left to act")
        if not waiting and self.f.pending:
            raise self.fail("pending", f"seats are pending, but the game is {phase.value}")
        if phase is not Phase.PASSING and any(self.f.passed_masks):
            seat = next(s for s, mask in enumerate(self.f.passed_masks) if mask)
            raise _error(
                f"{self.at('passing')}[{seat}]", f"holds chosen passes, but the game is {phase.value}"
            )
        order = [(state.dealer + step) % self.n for step in range(1, self.n + 1)]
        positions = [order.index(seat) for seat in state.announcers]
        if positions != sorted(positions):
            raise self.fail("announcers", "seats announce in turn from eldest (left of the dealer)")
        if phase is Phase.PASSING and state.announcers:
            raise self.fail("announcers", "no seat announces before the exchange is over")
        if phase is Phase.ANNOUNCING:
            extras = self.rules.extras
            # The hook reads a State: one at the start of this hand's play (nothing is played yet).
            probe = from_fields(
                state._replace(trick_cards=(), tricks=(), taken_masks=(0,) * self.n, carry=0, shooter=None)
            )
            if not any(
                _ask(self.at("rules"), "say whether a hand opens with announcements", e.announces, probe)
                for e in extras
            ):
                raise self.fail("phase", "no house rule of these rules opens this hand with announcements")
            pending = [seat for seat in order if self.f.pending >> seat & 1]
            answered = order[: self.n - len(pending)]
            if order[len(answered) :] != pending:
                raise self.fail(
                    "pending", "seats announce in turn from eldest: the pending seats must follow the others"
                )
            for i, seat in enumerate(state.announcers):
                if seat not in answered:
                    raise _error(f"{self.at('announcers')}[{i}]", f"seat {seat} has not answered yet")

    # -- the score sheet

    def check_sheet(self) -> None:
        state, n = self.f, self.n
        totals = (0,) * n
        previous: HandResult | None = None
        options = _ask(self.at("rules"), "list the moon options", self.rules.moon.options)
        for i, result in enumerate(state.score_sheet):
            where = f"{self.at('score_sheet')}[{i}]"
            for key in ("raw", "points", "totals"):
                if len(getattr(result, key)) != n:
                    raise _error(_key(where, key), f"lists {len(getattr(result, key))} seats, not {n}")
            self.seat(result.dealer, _key(where, "dealer"), "dealer")
            for key in ("shooter", "revoke"):
                value = getattr(result, key)
                if value is not None:
                    self.seat(value, _key(where, key), key)
            for j, seat in enumerate(result.announcers):
                self.seat(seat, f"{_key(where, 'announcers')}[{j}]", "announcer")
                if seat in result.announcers[:j]:
                    raise _error(f"{_key(where, 'announcers')}[{j}]", f"seat {seat} is listed twice")
            if result.moon_choice is not None:
                if result.shooter is None:
                    raise _error(_key(where, "moon_choice"), "a moon choice without a shooter")
                if result.moon_choice not in options:
                    raise _error(
                        _key(where, "moon_choice"),
                        f"{result.moon_choice.value} is not an option of these rules",
                    )
            if result.revoke is not None:
                if result.shooter is not None:
                    raise _error(_key(where, "shooter"), "a hand voided by a revoke has no shooter")
                if any(result.raw):
                    raise _error(_key(where, "raw"), "a hand voided by a revoke scores no card points")
            if previous is None:
                # A game may start at any hand of the pass cycle (new_game(hand_index=...)).
                if result.hand_index < 0:
                    raise _error(
                        _key(where, "hand_index"), f"hand {result.hand_index} cannot be: hands count from 0"
                    )
                hand_index, dealer = result.hand_index, result.dealer
            else:
                step = 0 if previous.revoke is not None else 1
                hand_index, dealer = previous.hand_index + step, (previous.dealer + step) % n
            if result.hand_index != hand_index:
                raise _error(_key(where, "hand_index"), f"expected hand {hand_index} after the line before")
            if result.dealer != dealer:
                raise _error(_key(where, "dealer"), f"expected dealer {dealer}: the deal passes to the left")
            for seat in range(n):
                if result.totals[seat] != totals[seat] + result.points[seat]:
                    raise _error(
                        f"{_key(where, 'totals')}[{seat}]",
                        f"{result.totals[seat]} is not the previous total {totals[seat]} "
                        f"plus the hand's {result.points[seat]} points",
                    )
            totals = result.totals
            previous = result
        if state.scores != totals:
            which = "the last line's totals" if previous else "all 0 before any hand is scored"
            raise self.fail("scores", f"{list(state.scores)} are not {which} ({list(totals)})")
        over = state.phase is Phase.GAME_OVER
        if previous is None:
            hand_index, dealer = state.hand_index, state.dealer
        elif over:
            hand_index, dealer = previous.hand_index, previous.dealer
        else:
            step = 0 if previous.revoke is not None else 1
            hand_index, dealer = previous.hand_index + step, (previous.dealer + step) % n
        if state.hand_index != hand_index:
            raise self.fail("hand_index", f"expected hand {hand_index} after the score sheet")
        if state.dealer != dealer:
            raise self.fail("dealer", f"expected dealer {dealer} after the score sheet")
        deals = len(state.score_sheet) + (0 if over else 1)
        if self.f.deal_count != deals:
            raise self.fail("deal_count", f"expected {deals} deals for {len(state.score_sheet)} scored hands")
        # Each line could have happened: what the rules derive from it (hartenjagen._sheetcheck).
        try:
            check_lines(state, lambda key, what, call, *args: _ask(self.at(key), what, call, *args))
        except SheetProblem as problem:
            where = _key(f"{self.at('score_sheet')}[{problem.index}]", problem.key)
            raise _error(where, problem.problem) from None

    # -- conservation

    def card_path(self, key: str, mask: int, physical: int, seat: int | None = None) -> str:
        where = self.at(key) if seat is None else f"{self.at(key)}[{seat}]"
        return f"{where}[{_ids(mask).index(physical)}]"

    def areas(self) -> Iterator[tuple[str, int | None, int, Sequence[int]]]:
        """(key, seat, mask, physical cards in written order) of every place a card can be."""
        for key, masks in (("hands", self.f.hand_masks), ("passing", self.f.passed_masks)):
            for seat, mask in enumerate(masks):
                yield key, seat, mask, _ids(mask)
        trick = 0
        for p in self.f.trick_cards:
            trick |= 1 << p
        yield "trick", None, trick, self.f.trick_cards
        for seat, mask in enumerate(self.f.taken_masks):
            yield "taken", seat, mask, _ids(mask)
        yield "carry_over", None, self.f.carry, _ids(self.f.carry)

    def check_cards(self) -> None:
        table = self.table
        pack = table.pack_mask
        # Cards outside the pack, wherever they are.
        masks: list[tuple[str, int | None, int]] = [(key, seat, mask) for key, seat, mask, _ in self.areas()]
        masks += [("dealt", seat, mask) for seat, mask in enumerate(self.f.dealt_masks)]
        for key, seat, mask in masks:
            outside = mask & ~pack
            if outside:
                p = _ids(outside)[0]
                if key == "trick":
                    where = f"{self.at('trick')}[{self.f.trick_cards.index(p)}]"
                else:
                    where = self.card_path(key, mask, p, seat)
                raise _error(where, f"{_text(p)} is not in the pack of these rules")
        for stage, (given, received) in enumerate(self.f.pass_log):
            for key, seat_masks in (("given", given), ("received", received)):
                for seat, mask in enumerate(seat_masks):
                    outside = mask & ~pack
                    if outside:
                        p = _ids(outside)[0]
                        stage_path = f"{self.at('exchanges')}[{stage}]"
                        where = f"{_key(stage_path, key)}[{seat}][{_ids(mask).index(p)}]"
                        raise _error(where, f"{_text(p)} is not in the pack of these rules")
        # Every card in exactly one place.
        first: dict[int, str] = {}
        for key, seat, _, cards in self.areas():
            base = self.at(key) if seat is None else f"{self.at(key)}[{seat}]"
            for i, p in enumerate(cards):
                where = f"{base}[{i}]"
                if p in first:
                    raise _error(where, f"{_text(p)} is in two places (also at {first[p]})")
                first[p] = where
        missing = pack & ~sum(1 << p for p in first)
        if missing:
            names = ", ".join(_text(p) for p in _ids(missing))
            raise _error(
                self.path,
                f"the cards {names} of the pack are missing: every card must be in a hand, "
                "passing, the trick, taken or carry_over",
            )

    def check_dealt(self) -> None:
        table = self.table
        seen = 0
        for seat, mask in enumerate(self.f.dealt_masks):
            if mask.bit_count() != table.hand_size:
                raise _error(
                    f"{self.at('dealt')}[{seat}]",
                    f"{mask.bit_count()} cards dealt, not a hand of {table.hand_size}",
                )
            twice = mask & seen
            if twice:
                p = _ids(twice)[0]
                raise _error(self.card_path("dealt", mask, p, seat), f"{_text(p)} was dealt twice")
            seen |= mask
        # A full hand each and no card twice: the deal is the whole pack.

    # -- the exchange

    def check_exchange(self) -> list[int]:
        """Replay the exchange from the deal; the hands after it (or as they stand, while passing)."""
        state, table, n = self.f, self.table, self.n
        passing_rules = self.rules.passing
        direction = _ask(
            self.at("pass_direction"),
            "give the pass direction",
            lambda: passing_rules.direction(
                state.hand_index, n, chance_for(self.f.seed, self.f.deal_count, "direction")
            ),
        )
        if direction is not state.pass_direction:
            raise self.fail(
                "pass_direction",
                f"the rules pass {direction.value} in this hand, not {state.pass_direction.value}",
            )
        counts = _ask(
            self.at("pass_direction"), "count the cards passed", lambda: passing_rules.stage_counts(direction)
        )
        log = self.f.pass_log
        passing_now = state.phase is Phase.PASSING
        if passing_now and len(log) >= len(counts):
            raise self.fail(
                "exchanges", f"all {len(counts)} stages of the exchange are done, yet the game is passing"
            )
        if not passing_now and len(log) != len(counts):
            raise self.fail(
                "exchanges", f"the exchange of this hand has {len(counts)} stages, not {len(log)}"
            )
        hands = list(self.f.dealt_masks)
        for stage, (given, received) in enumerate(log):
            where = f"{self.at('exchanges')}[{stage}]"
            givers = self.givers(stage, direction, where)
            for seat in range(n):
                expected = counts[stage] if givers >> seat & 1 else 0
                self.check_chosen(
                    given[seat],
                    hands[seat],
                    stage,
                    seat,
                    expected,
                    log[:stage],
                    f"{_key(where, 'given')}[{seat}]",
                )
            chance = chance_for(self.f.seed, self.f.deal_count, f"exchange{stage}")
            got = _ask(
                where,
                "exchange the passed cards",
                passing_rules.exchange,
                *(stage, direction, given, state.dealer, chance, table),
            )
            if tuple(got) != received:
                seat = next((s for s in range(n) if len(got) <= s or got[s] != received[s]), 0)
                raise _error(
                    f"{_key(where, 'received')}[{seat}]", "is not what the passing rules give this seat"
                )
            for seat in range(n):
                kept = hands[seat] & ~given[seat]
                hands[seat] = kept | received[seat]
        if passing_now:
            stage = len(log)
            givers = self.givers(stage, direction, self.at("exchanges"))
            pending = self.f.pending
            if pending & ~givers:
                seat = next(s for s in range(n) if pending & ~givers >> s & 1)
                raise self.fail("pending", f"seat {seat} does not pass in this stage of the exchange")
            for seat in range(n):
                chosen = self.f.passed_masks[seat]
                if chosen & ~hands[seat] or self.f.hand_masks[seat] | chosen != hands[seat]:
                    raise _error(
                        f"{self.at('hands')}[{seat}]",
                        "this hand and the passes chosen are not the cards dealt to the seat after the exchange so far",
                    )
                done = givers >> seat & 1 and not pending >> seat & 1
                expected = counts[stage] if done else 0
                self.check_chosen(
                    chosen, hands[seat], stage, seat, expected, log, f"{self.at('passing')}[{seat}]"
                )
        return hands

    def givers(self, stage: int, direction: PassDirection, where: str) -> int:
        state = self.f
        seats = _ask(
            where,
            "name the seats that pass",
            lambda: self.rules.passing.givers(stage, direction, self.n, state.dealer),
        )
        mask = 0
        for seat in seats:
            if isinstance(seat, int) and 0 <= seat < self.n:
                mask |= 1 << seat
        return mask

    def check_chosen(
        self, chosen: int, hand: int, stage: int, seat: int, count: int, log: PassLog, where: str
    ) -> None:
        """Seat ``seat`` chose ``chosen`` from ``hand`` in ``stage``: ``count`` cards it may pass."""
        if chosen.bit_count() != count:
            raise _error(
                where, f"{chosen.bit_count()} cards passed; seat {seat} passes {count} in this stage"
            )
        if not chosen:
            return
        if chosen & ~hand:
            p = _ids(chosen & ~hand)[0]
            raise _error(f"{where}[{_ids(chosen).index(p)}]", f"{_text(p)} was not in seat {seat}'s hand")
        allowed = _ask(
            where,
            "say which cards may be passed",
            lambda: self.rules.passing.allowed(stage, seat, hand, log, self.table),
        )
        # A pass names cards, not copies: the engine gives the seat's lowest copy of each card named.
        bits_of = self.table.bits_of
        for i, p in enumerate(_ids(chosen)):
            copies = bits_of[p % CARD_COUNT]
            if (chosen & copies).bit_count() > (allowed & copies).bit_count():
                raise _error(f"{where}[{i}]", f"{_text(p)} may not be passed in this stage")

    # -- the tricks

    def check_play(self, after_exchange: list[int]) -> None:
        state, table, n = self.f, self.table, self.n
        phase = state.phase
        sheet = state.score_sheet
        revoked = phase is Phase.GAME_OVER and sheet[-1].revoke is not None
        in_play = phase is Phase.PLAYING or revoked
        finished = phase is Phase.MOON_CHOICE or (phase is Phase.GAME_OVER and not revoked)
        tricks, trick = state.tricks, self.f.trick_cards
        if not (in_play or finished):  # passing or announcing: nothing has been played
            for key, empty in (
                ("tricks", not tricks),
                ("trick", not trick),
                ("taken", not any(self.f.taken_masks)),
                ("carry_over", not self.f.carry),
            ):
                if not empty:
                    raise self.fail(key, f"cards have been played, but the game is {phase.value}")
            if state.hearts_broken:
                raise self.fail(
                    "hearts_broken", f"hearts cannot be broken before play (the game is {phase.value})"
                )
            if phase is Phase.PASSING and self.f.leader != 0:
                raise self.fail(
                    "trick_leader", f"no trick has a leader yet (the game is {phase.value}); expected 0"
                )
            if phase is Phase.ANNOUNCING:
                first = self.rules.opening.leader(tuple(after_exchange), state.dealer, table)
                if self.f.leader != first:
                    raise self.fail("trick_leader", f"the first leader after the exchange is seat {first}")
                for seat in range(n):
                    if self.f.hand_masks[seat] != after_exchange[seat]:
                        raise _error(
                            f"{self.at('hands')}[{seat}]",
                            "is not the seat's hand after the deal and the exchange",
                        )
            return
        hand_size = table.hand_size
        if in_play and len(tricks) >= hand_size:
            raise self.fail(
                "tricks", f"{len(tricks)} tricks are complete: a hand of {hand_size} cards is over"
            )
        if finished:
            if len(tricks) != hand_size:
                raise self.fail("tricks", f"the hand is over after {hand_size} tricks, not {len(tricks)}")
            if trick:
                raise self.fail("trick", "the hand is over, but a trick is on the table")
        # Leaders and winners.
        leader = self.f.leader
        first_leader = _ask(
            self.at("trick_leader"),
            "name the first leader",
            lambda: self.rules.opening.leader(tuple(after_exchange), state.dealer, table),
        )
        duplicates_rule = self.rules.duplicates
        expected_leader = first_leader
        for i, done in enumerate(tricks):
            where = f"{self.at('tricks')}[{i}]"
            if done.leader != expected_leader:
                raise _error(_key(where, "leader"), f"expected seat {expected_leader} to lead this trick")
            indexes = tuple(card.index for card in done.cards)
            position = _ask(where, "find the winner of a trick", duplicates_rule.winner, indexes, table)
            winner = None if position is None else (done.leader + position) % n
            if done.winner != winner:
                who = "no winner (its cards cancel)" if winner is None else f"seat {winner} wins it"
                raise _error(_key(where, "winner"), f"expected {who}")
            expected_leader = done.leader if winner is None else winner
        if leader != expected_leader:
            why = "who won the trick before" if tricks else "the first leader of the hand"
            raise self.fail("trick_leader", f"expected seat {expected_leader}, {why}")
        # Hand sizes: one card fewer per completed trick, and one fewer for a seat that has played to this trick.
        played_now = [0] * n
        for i, p in enumerate(trick):
            played_now[(leader + i) % n] |= 1 << p
        base = hand_size - len(tricks)
        for seat in range(n):
            size = self.f.hand_masks[seat].bit_count()
            expected = base - (1 if played_now[seat] else 0)
            if size != expected:
                context = (
                    f"{len(tricks)} tricks are complete and the seat has played to this trick"
                    if played_now[seat]
                    else f"{len(tricks)} tricks are complete"
                    + (" and the seat has not played to this trick" if trick else "")
                )
                raise _error(
                    f"{self.at('hands')}[{seat}]",
                    f"holds {size} cards; a hand of {hand_size} holds {expected} when {context}",
                )
        # Each seat's hand and plays are what it held after the exchange.
        played: list[Counter[int]] = [Counter() for _ in range(n)]
        for done in tricks:
            for i, card in enumerate(done.cards):
                played[(done.leader + i) % n][card.index] += 1
        for i, p in enumerate(trick):
            played[(leader + i) % n][p % CARD_COUNT] += 1
        for seat in range(n):
            hand, held = self.f.hand_masks[seat], after_exchange[seat]
            gone = Counter(p % CARD_COUNT for p in _ids(held & ~hand))
            if hand & ~held or played_now[seat] & ~held or gone != played[seat]:
                raise _error(
                    f"{self.at('hands')}[{seat}]",
                    "this hand and the seat's plays are not the cards it held after the deal and the exchange",
                )
        self.check_plays_were_legal(after_exchange, first_leader)
        # Captured cards and the carry-over pile.
        taken: list[Counter[int]] = [Counter() for _ in range(n)]
        pile: Counter[int] = Counter()
        for i, done in enumerate(tricks):
            pile.update(card.index for card in done.cards)
            if done.winner is not None or i == hand_size - 1:
                taken[done.leader if done.winner is None else done.winner] += pile
                pile = Counter()
        for seat in range(n):
            if Counter(p % CARD_COUNT for p in _ids(self.f.taken_masks[seat])) != taken[seat]:
                raise _error(f"{self.at('taken')}[{seat}]", "is not the cards of the tricks this seat won")
        if Counter(p % CARD_COUNT for p in _ids(self.f.carry)) != pile:
            raise self.fail("carry_over", "is not the cards of the cancelled tricks since the last trick won")
        # Hearts broken.
        leading_rule = self.rules.leading
        broken = False
        plays = [
            (i, j, card.index, done.cards[0].suit)
            for i, done in enumerate(tricks)
            for j, card in enumerate(done.cards)
        ]
        if trick:
            plays += [(len(tricks), j, p, table.card_of[trick[0]].suit) for j, p in enumerate(trick)]
        for number, position, p, led in plays:
            discarded = position > 0 and table.card_of[p].suit != led
            broken = _ask(
                self.at("hearts_broken"),
                "say whether a card breaks hearts",
                leading_rule.breaks,
                *(p, discarded, number, table),
            )
            if broken:
                break
        if state.hearts_broken != bool(broken):
            raise self.fail("hearts_broken", f"expected {str(bool(broken)).lower()} after the cards played")

    def check_plays_were_legal(self, after_exchange: list[int], first_leader: int) -> None:
        """Replay the hand's plays through the engine: each must have been legal when it was made.

        The last trick is left out: by then every seat holds one card, which it must play.
        """
        from hartenjagen.engine import apply as apply_move
        from hartenjagen.engine import explain

        state, table, n = self.f, self.table, self.n
        plays = [
            (f"{self.at('tricks')}[{i}].cards[{j}]", i, card)
            for i, done in enumerate(state.tricks)
            for j, card in enumerate(done.cards)
        ]
        plays += [
            (f"{self.at('trick')}[{j}]", len(state.tricks), table.card_of[p])
            for j, p in enumerate(self.f.trick_cards)
        ]
        current = from_fields(
            state._replace(
                phase=Phase.PLAYING, hand_masks=tuple(after_exchange), trick_cards=(), tricks=(),
                taken_masks=(0,) * n, hearts_broken=False, carry=0, pending=0, leader=first_leader,
                shooter=None, winners=(),
            )
        )  # fmt: skip
        for where, number, card in plays:
            if number >= table.hand_size - 1:
                break
            move = Play(current.to_move[0], card)
            problem = _ask(where, "check a play", explain, current, move)
            if problem is not None:
                raise _error(where, f"seat {move.seat} could not have played {card}: {problem.message}")
            current = _ask(where, "replay a play", apply_move, current, move)

    # -- the moon, the end of the game and the deal

    def check_outcome(self) -> None:
        state, table = self.f, self.table
        rules, sheet = self.rules, state.score_sheet
        if state.phase is Phase.MOON_CHOICE:
            shooter = _ask(
                self.at("shooter"),
                "find the moon shooter",
                lambda: rules.moon.shooter(self.f.taken_masks, table),
            )
            if shooter != self.f.shooter:
                raise self.fail("shooter", f"seat {self.f.shooter} did not shoot the moon")
            if len(_ask(self.at("shooter"), "list the moon options", rules.moon.options)) < 2:
                raise self.fail("phase", "the moon of these rules offers no choice")
            if not _ask(
                self.at("shooter"), "say whether the moon counts", lambda: rules.ending.moon_applies(sheet)
            ):
                raise self.fail("phase", "the moon does not count in this hand")
        over = bool(sheet) and _ask(
            self.at("phase"),
            "say whether the game is over",
            lambda: rules.ending.is_over(state.scores, sheet),
        )
        if state.phase is Phase.GAME_OVER:
            if not over:
                raise self.fail("phase", "the game is over, but the rules' ending is not reached")
            winners = _ask(self.at("winners"), "name the winners", lambda: rules.ending.winners(state.scores))
            if tuple(winners) != state.winners:
                raise self.fail("winners", f"the rules name the winners {list(winners)}")
        elif over:
            raise self.fail(
                "phase", f"the rules' ending is reached, so the game is over, not {state.phase.value}"
            )
        if self.f.deal_count >= 2:
            from hartenjagen.core.hands import shuffle_deal

            dealt = _ask(
                self.at("dealt"),
                "deal",
                lambda: shuffle_deal(table, self.f.seed, self.f.deal_count - 1, state.dealer),
            )
            if dealt != self.f.dealt_masks:
                raise self.fail("dealt", "is not the deal the seed gives")


# ---------------------------------------------------------------- the library's classes


def _library() -> None:
    slots = (Deck, Passing, Opening, FirstTrick, Leading, Scoring, Moon, Ending, Duplicates, HouseRule)
    modules = (deck, passing, opening, first_trick, leading, scoring, moon, ending, duplicates, extras)
    found: list[type] = []
    for module in modules:
        for obj in vars(module).values():
            if (
                isinstance(obj, type)
                and obj.__module__ == module.__name__
                and attrs.has(obj)
                and issubclass(obj, slots)
                and not inspect.isabstract(obj)
            ):
                found.append(obj)
    found.sort(key=lambda cls: cls.__name__)
    classes = [
        Rules,
        *found,
        Play,
        Pass,
        Announce,
        MoonChoice,
        *OUTCOME_TYPES,
        HandResult,
        Trick,
        PlayerView,
        *EVENT_TYPES.values(),
    ]
    for cls in classes:
        _add((_ViewEntry if cls is PlayerView else _AttrsEntry)(cls, cls.__name__))
    _add(_CardEntry(Card, "Card"))
    _add(_StateEntry(State, "State"))


_library()
