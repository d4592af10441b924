"""The classes the format knows, by ``"type"`` name, and how each is written field by field (internal).

The library's own classes and classes given to
[`register`][hartenjagen.frontend.serialize.register] are known by name. A rule module of
your own (a concrete attrs subclass of a slot's abstract class, such as
``HouseRule`` or ``Scoring``) needs no registration: it is written with its
import path as its type, ``"mypackage.rules:QueenMustDrop"``, and read back only
under the safety rule of [`_find_by_path`][hartenjagen.frontend.serialize.registry._find_by_path].
"""

from __future__ import annotations

import enum
import inspect
import sys
import types
import typing
from typing import Final

import attrs

from hartenjagen.cards import AnyCard, Card, Joker, Rank, Suit
from hartenjagen.core import State
from hartenjagen.frontend.serialize.codecs import (
    CARD,
    NULL,
    SIMPLE,
    CardMap,
    Codec,
    EnumCodec,
    Fixed,
    TupleOf,
    UnionCodec,
    cannot_save,
    decode_card,
)
from hartenjagen.frontend.serialize.reading import (
    FORMAT_VERSION,
    FormatError,
    Json,
    check_keys,
    check_object,
    describe_json,
    format_error,
    key_path,
    loose,
    show_json,
)
from hartenjagen.frontend.views import PlayerView, ViewError, validate_view
from hartenjagen.moves import Announce, MoonChoice, MoonOption, Move, Pass, Play
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
    TrickWinner,
)
from hartenjagen.rules.routes import PassRoute
from hartenjagen.values import HandResult, Phase, Trick

#: The slots' abstract classes: a concrete attrs subclass of one is saved by its import path.
SLOT_BASES: Final = (
    Deck,
    Passing,
    Opening,
    FirstTrick,
    Leading,
    Scoring,
    Moon,
    Ending,
    Duplicates,
    TrickWinner,
    HouseRule,
)

_REGISTER_HINT: Final = (
    "only the library's values, rule modules (attrs subclasses of a slot's class such as HouseRule)"
    " and classes given to hartenjagen.frontend.serialize.register are saved"
)


class Tagged(Codec):
    """A value of a registered class that is a subclass of one of ``bases``, as a tagged object."""

    def __init__(self, bases: tuple[type, ...]) -> None:
        self.bases = bases
        self.what = " or ".join(f"a {base.__name__}" for base in bases)

    def matches(self, value: object) -> bool:
        return isinstance(value, self.bases)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, self.bases):
            raise cannot_save(value, path, self.what)
        entry = entry_for_saving(type(value), path)
        data: dict[str, Json] = {"type": entry.name}
        data.update(entry.encode(value, path))
        return data

    def decode(self, data: object, path: str) -> object:
        return _decode_tagged(data, path, self.bases, self.what, top=False)


def _compile(hint: object, where: str) -> Codec:
    """The codec of a field whose type is ``hint`` (``where`` names the field, for errors)."""
    try:
        simple = SIMPLE.get(hint)
    except TypeError:  # an unhashable annotation
        simple = None
    if simple is not None:
        return simple
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return EnumCodec(hint)
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
                return CardMap(_compile(item_args[1], where))
            return TupleOf(_compile(item, where))
        if args == ((),):
            return Fixed(())
        if args and Ellipsis not in args:
            return Fixed([_compile(arg, where) for arg in args])
    elif origin is typing.Union or origin is types.UnionType:
        nullable = type(None) in args
        if Card in args and Joker in args:  # ``AnyCard | None`` arrives flattened: the card-or-joker text
            args = tuple(arg for arg in args if arg is not Card and arg is not Joker) + (AnyCard,)
        classes = tuple(arg for arg in args if _is_tagged_type(arg))
        others = [_compile(arg, where) for arg in args if arg is not type(None) and not _is_tagged_type(arg)]
        members = ([NULL] if nullable else []) + others + ([Tagged(classes)] if classes else [])
        return members[0] if len(members) == 1 else UnionCodec(members)
    elif _is_tagged_type(hint):
        assert isinstance(hint, type)
        return Tagged((hint,))
    raise TypeError(f"hartenjagen.frontend.serialize cannot write a field of type {hint!r} ({where})")


def _is_tagged_type(hint: object) -> bool:
    """Whether ``hint`` is a class whose values are written as tagged objects (not a builtin or an enum)."""
    return (
        isinstance(hint, type)
        and hint.__module__ != "builtins"
        and not issubclass(hint, enum.Enum | Card | Joker)
    )


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
        PassRoute,
        Phase,
        State,
        Trick,
        HandResult,
        PlayerView,
        *SLOT_BASES,
    )
} | {"Move": Move, "AnyCard": AnyCard, "Joker": Joker}


def _field_type(cls: type, field: attrs.Attribute[object]) -> object:
    """The evaluated type annotation of one attrs field of ``cls``."""
    annotation = field.type
    if annotation is None:
        raise TypeError(
            f"hartenjagen.frontend.serialize needs a type annotation on {cls.__name__}.{field.name}"
        )
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


class Entry:
    """A class the format knows: its ``"type"`` name and how its fields are written."""

    def __init__(self, cls: type, name: str) -> None:
        self.cls = cls
        self.name = name

    def encode(self, value: object, path: str) -> dict[str, Json]:
        raise NotImplementedError

    def decode(self, data: dict[str, object], path: str, top: bool) -> object:
        raise NotImplementedError


class AttrsEntry(Entry):
    """An attrs class, field by field; loading calls the class, so its own checks run."""

    def __init__(self, cls: type, name: str) -> None:
        super().__init__(cls, name)
        self._fields: list[tuple[str, str, Codec]] | None = None
        self._omitted: dict[str, object] | None = None

    def fields(self) -> list[tuple[str, str, Codec]]:
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
        omitted = self.omitted()
        out = {}
        for name, key, codec in self.fields():
            field_value = getattr(value, name)
            if key in omitted and field_value == omitted[key]:
                continue  # a field added since, at its default: written as before it existed
            out[key] = codec.encode(field_value, key_path(path, key))
        return out

    def omitted(self) -> dict[str, object]:
        """The keys left out when their value is the default (``metadata={"omit_default": True}``), with it."""
        found = self._omitted
        if found is None:
            found = {
                f.alias: f.default
                for f in attrs.fields(self.cls)
                if f.init and f.metadata.get("omit_default")
            }
            self._omitted = found
        return found

    #: keys a saved value may leave out beyond the fields marked so (a view saved before the widow)
    optional: frozenset[str] = frozenset()

    def optional_keys(self) -> frozenset[str]:
        """The keys a saved value may lack (a field added since; ``metadata={"optional_key": True}``): its default then."""
        return self.optional | frozenset(
            f.alias
            for f in attrs.fields(self.cls)
            if f.init and (f.metadata.get("optional_key") or f.metadata.get("omit_default"))
        )

    def decode(self, data: dict[str, object], path: str, top: bool) -> object:
        fields = self.fields()
        optional = self.optional_keys()
        given = [key for _, key, _ in fields if key in data or key not in optional]
        check_keys(data, path, self.name, given, top)
        arguments = {
            key: codec.decode(data[key], key_path(path, key)) for _, key, codec in fields if key in given
        }
        try:
            return self.cls(**arguments)
        except FormatError:
            raise
        except Exception as error:
            raise format_error(path, f"not a valid {self.name}: {error}") from error


class ViewEntry(AttrsEntry):
    """A player view: its fields, then `hartenjagen.frontend.views.validate_view` (a view from a client)."""

    optional = frozenset(["undealt", "widow"])  # added with the widow: a view saved before has neither

    def decode(self, data: dict[str, object], path: str, top: bool) -> object:
        value = super().decode(data, path, top)
        try:
            validate_view(value)
        except ViewError as error:
            field = getattr(error, "field", "")
            where = f"{path}.{field}" if field else path
            raise format_error(where, f"an inconsistent view: {getattr(error, 'problem', error)}") from None
        return value


class CardEntry(Entry):
    """A card on its own: ``{"type": "Card", "version": 1, "card": "QS"}``."""

    def encode(self, value: object, path: str) -> dict[str, Json]:
        return {"card": CARD.encode(value, key_path(path, "card"))}

    def decode(self, data: dict[str, object], path: str, top: bool) -> object:
        check_keys(data, path, self.name, ["card"], top)
        return decode_card(data["card"], key_path(path, "card"))


BY_NAME: dict[str, Entry] = {}
_BY_CLASS: dict[type, Entry] = {}


def add_entry(entry: Entry) -> None:
    known = BY_NAME.get(entry.name)
    if known is not None and known.cls is not entry.cls:
        raise FormatError(
            f'the type name "{entry.name}" already names {known.cls.__module__}.{known.cls.__qualname__}'
        )
    former = _BY_CLASS.get(entry.cls)
    if former is not None and former.name != entry.name:
        raise FormatError(f'{entry.cls.__qualname__} is already registered as "{former.name}"')
    if known is None:
        BY_NAME[entry.name] = entry
        _BY_CLASS[entry.cls] = entry


def _lookup(name: str) -> Entry | None:
    return BY_NAME.get(name)


def _entry_of(cls: type) -> Entry | None:
    return _BY_CLASS.get(cls)


def _decode_tagged(data: object, path: str, bases: tuple[type, ...], what: str, *, top: bool) -> object:
    obj = check_object(data, path, what)
    if "type" not in obj:
        raise format_error(key_path(path, "type"), "missing: every object names its type")
    name = obj["type"]
    if not isinstance(name, str):
        raise format_error(key_path(path, "type"), f"expected a type name, not {describe_json(name)}")
    entry: Entry | None
    if ":" in name:
        loose()  # a type by its import path, where dumps may write a short name
        entry = _find_by_path(name, key_path(path, "type"), bases)
    else:
        entry = _lookup(name)
    if entry is None:
        hint = (
            " (game records are read once the records module is imported: hj.loads does it)"
            if name == "GameRecord"
            else ""
        )
        raise format_error(key_path(path, "type"), f"unknown type {show_json(name)}{hint}")
    if not issubclass(entry.cls, bases):
        raise format_error(key_path(path, "type"), f"a {name} cannot stand here: expected {what}")
    return entry.decode(obj, path, top)


def decode_top(data: object) -> object:
    obj = check_object(data, "$", 'a saved value with a "type" and a "version"')
    if "version" not in obj:
        raise format_error("$.version", f"missing: a saved value names its format version ({FORMAT_VERSION})")
    version = obj["version"]
    if type(version) is not int or version != FORMAT_VERSION:
        raise format_error(
            "$.version",
            f"format version {show_json(version)} is not one this library reads ({FORMAT_VERSION})",
        )
    return _decode_tagged(obj, "$", (object,), "a saved value", top=True)


# ---------------------------------------------------------------- rule modules of your own, by import path

#: Entries of rule modules written by their import path, made on first use.
_BY_PATH: dict[type, AttrsEntry] = {}


def encode_top(value: object) -> dict[str, Json]:
    """``value`` as the JSON object ``dumps`` writes (its type and format version first), before it is text.

    ``decode_top`` reads it back: a caller that holds JSON already parsed (a web request's
    body) or wants an object to put in a larger message encodes and decodes without text.
    """
    entry = entry_for_saving(type(value), "$")
    data: dict[str, Json] = {"type": entry.name, "version": FORMAT_VERSION}
    data.update(entry.encode(value, "$"))
    return data


def import_path(cls: type) -> str:
    """The ``"type"`` a rule module of your own is written with: ``"module:qualname"``."""
    return f"{cls.__module__}:{cls.__qualname__}"


def entry_for_saving(cls: type, path: str) -> Entry:
    """The entry that writes values of ``cls``; a [`FormatError`][hartenjagen.frontend.serialize.FormatError] says what to do if there is none."""
    entry = _entry_of(cls)
    if entry is not None:
        return entry
    if not issubclass(cls, SLOT_BASES):
        raise format_error(path, f"cannot save a {cls.__name__}: {_REGISTER_HINT}")
    return _path_entry(cls, path)


def _path_entry(cls: type, path: str) -> AttrsEntry:
    """The entry of a rule module of your own, written by its import path (checked once per class)."""
    entry = _BY_PATH.get(cls)
    if entry is not None:
        return entry
    name = cls.__name__
    how = f"or give it a short name with hartenjagen.frontend.serialize.register({name})"
    if not attrs.has(cls):
        raise format_error(
            path,
            f"cannot save a {name}: it is not an attrs class; decorate it with @attrs.frozen"
            " so that its fields are what is saved",
        )
    if "<" in cls.__qualname__:
        raise format_error(
            path,
            f"cannot save a {name}: it is defined inside a function, so a document cannot name it;"
            f" define it at the top level of a module, {how}",
        )
    if inspect.isabstract(cls):
        raise format_error(path, f"cannot save a {name}: it is abstract (a concrete subclass is saved)")
    if _resolve(import_path(cls)) is not cls:
        raise format_error(
            path,
            f"cannot save a {name}: its import path {import_path(cls)} does not name it"
            f" (is it replaced or renamed in its module?); {how.removeprefix('or ')}",
        )
    entry = AttrsEntry(cls, import_path(cls))
    try:
        entry.fields()
    except TypeError as error:
        raise format_error(
            path,
            f"cannot save a {name}: {error}; give every field a type the format writes (whole numbers,"
            " booleans, None, text, cards, enums, tuples of these, rule modules)",
        ) from None
    _BY_PATH[cls] = entry
    return entry


def _resolve(name: str) -> object:
    """The object ``"module:qualname"`` names among the modules already imported; ``None`` if none.

    Only dictionaries are read (``vars``): no module is imported and no
    attribute hook of a module runs.
    """
    module_name, _, qualname = name.partition(":")
    found: object = sys.modules.get(module_name)
    for part in qualname.split("."):
        if found is None or not part.isidentifier():
            return None
        try:
            found = vars(found).get(part)
        except TypeError:  # an object without a __dict__
            return None
    return found


def _find_by_path(name: str, path: str, bases: tuple[type, ...]) -> Entry:
    """The entry of the rule module a document names by import path, under the safety rule.

    The safety rule: ``loads`` never imports a module a document names. The
    class is looked up among the modules this process has already imported
    (``sys.modules``), and only read if it is a concrete attrs class that
    subclasses the abstract class of the slot it stands in (at the top level:
    of some slot). Loading then calls the class with the document's fields, so
    its own checks run: import your rule modules before loading documents that
    use them.
    """
    module_name = name.partition(":")[0]
    if module_name not in sys.modules:
        raise format_error(
            path,
            f"unknown type {show_json(name)}: the module {show_json(module_name)} is not imported;"
            " loads never imports a module a document names (import it first)",
        )
    cls = _resolve(name)
    if not isinstance(cls, type):
        hint = (
            ": a class of a script run on its own (module __main__) is read back only by that script;"
            " put rule modules in a module of their own, which both sides import"
            if module_name == "__main__"
            else ""
        )
        raise format_error(path, f"unknown type {show_json(name)}: its module has no such class{hint}")
    slot_bases = SLOT_BASES if bases == (object,) else bases
    if not issubclass(cls, SLOT_BASES) or not issubclass(cls, slot_bases):
        wanted = " or ".join(base.__name__ for base in slot_bases)
        raise format_error(path, f"{show_json(name)} cannot stand here: it is not a {wanted}")
    return entry_for_saving(cls, path)
