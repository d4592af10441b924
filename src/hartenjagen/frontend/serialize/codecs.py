"""Codecs: how values of one field type are written as JSON and read back (internal).

Each field of a saved class has one codec, compiled from its type annotation
by `hartenjagen.frontend.serialize.registry`; a codec's ``decode`` raises
[`FormatError`][hartenjagen.frontend.serialize.FormatError] at the JSON path of the bad item.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

from hartenjagen.cards import ALL_CARDS, JOKERS, AnyCard, Card, Joker, Rank, Suit
from hartenjagen.errors import CardParseError, RulesError
from hartenjagen.frontend.serialize.reading import (
    FormatError,
    Json,
    check_object,
    describe_json,
    format_error,
    key_path,
    loose,
    show_json,
)
from hartenjagen.rules.routes import BUILT_IN, PassRoute, Travel


class Codec:
    """How values of one field type are written as JSON and read back."""

    def matches(self, value: object) -> bool:
        """Whether ``value`` is of this codec's type (to pick a member of a union)."""
        raise NotImplementedError

    def encode(self, value: object, path: str) -> Json:
        raise NotImplementedError

    def decode(self, data: object, path: str) -> object:
        raise NotImplementedError


def cannot_save(value: object, path: str, what: str) -> FormatError:
    return format_error(path, f"cannot save {value!r}: expected {what}")


#: Numbers this long always turn into text (Python refuses more than 4,300 digits by default).
_SAFE_BITS: Final = 4096


class IntCodec(Codec):
    def matches(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, int) or isinstance(value, bool):
            raise cannot_save(value, path, "a whole number")
        if value.bit_length() > _SAFE_BITS:
            try:
                str(value)
            except ValueError:
                raise format_error(
                    path, f"cannot save a number of {value.bit_length()} bits: too many digits"
                ) from None
        return int(value)

    def decode(self, data: object, path: str) -> int:
        if type(data) is not int:
            raise format_error(path, f"expected a whole number, not {describe_json(data)}")
        return data


class BoolCodec(Codec):
    def matches(self, value: object) -> bool:
        return isinstance(value, bool)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, bool):
            raise cannot_save(value, path, "True or False")
        return value

    def decode(self, data: object, path: str) -> bool:
        if not isinstance(data, bool):
            raise format_error(path, f"expected true or false, not {describe_json(data)}")
        return data


class StrCodec(Codec):
    def matches(self, value: object) -> bool:
        return isinstance(value, str)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, str):
            raise cannot_save(value, path, "text")
        return str(value)

    def decode(self, data: object, path: str) -> str:
        if not isinstance(data, str):
            raise format_error(path, f"expected text, not {describe_json(data)}")
        return data


class NullCodec(Codec):
    def matches(self, value: object) -> bool:
        return value is None

    def encode(self, value: object, path: str) -> Json:
        if value is not None:
            raise cannot_save(value, path, "None")
        return None

    def decode(self, data: object, path: str) -> None:
        if data is not None:
            raise format_error(path, f"expected null, not {describe_json(data)}")


_CARD_BY_TEXT: Final = {str(card): card for card in ALL_CARDS}


def decode_card(data: object, path: str) -> Card:
    if isinstance(data, str):
        card = _CARD_BY_TEXT.get(data)
        if card is not None:
            return card
    else:
        raise format_error(path, f'expected a card such as "QS", not {describe_json(data)}')
    try:
        card = Card.parse(data)
        loose()  # a card as dumps does not write it ("qs", "10H"): compared in its written form
        return card
    except CardParseError:
        raise format_error(
            path, f'unknown card {show_json(data)}: expected a rank and a suit such as "QS" or "TH"'
        ) from None


class _CardText(Codec):
    def matches(self, value: object) -> bool:
        return isinstance(value, Card)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, Card):
            raise cannot_save(value, path, "a Card")
        return str(value)

    def decode(self, data: object, path: str) -> Card:
        return decode_card(data, path)


_JOKER_BY_TEXT: Final = {str(joker): joker for joker in JOKERS}


def decode_any_card(data: object, path: str) -> AnyCard:
    """A card (``"QS"``) or a joker (``"JK1"``) as `dumps` writes it; other spellings are read loosely."""
    if isinstance(data, str):
        joker = _JOKER_BY_TEXT.get(data)
        if joker is not None:
            return joker
        if data.strip().upper().startswith(("JK", "🃏")):
            try:
                joker = Joker.parse(data)
            except CardParseError:
                raise format_error(
                    path,
                    f'unknown joker {show_json(data)}: expected JK and a number from 1 to 4, such as "JK1"',
                ) from None
            loose()  # written otherwise than dumps writes it: compared in its written form
            return joker
    return decode_card(data, path)


class _AnyCardText(Codec):
    """A card or a joker (`cards.AnyCard`) as its text: ``"QS"``, ``"JK1"``."""

    def matches(self, value: object) -> bool:
        return isinstance(value, Card | Joker)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, Card | Joker):
            raise cannot_save(value, path, "a card or a joker")
        return str(value)

    def decode(self, data: object, path: str) -> AnyCard:
        return decode_any_card(data, path)


class EnumCodec(Codec):
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
            raise cannot_save(value, path, f"a {self.kind.__name__}")
        return self.text[value]

    def decode(self, data: object, path: str) -> enum.Enum:
        member = self.member.get(data) if type(data) is str or type(data) is int else None
        if member is None:
            choices = ", ".join(show_json(text) for text in self.text.values())
            raise format_error(
                path, f"unknown {self.kind.__name__} {show_json(data)}: expected one of {choices}"
            )
        return member


ROUTE_KEYS: Final = ("type", "name", "en", "nl", "travel", "steps", "across")


class RouteCodec(Codec):
    """A pass route: a built-in one as its name (``"left"``), any other as a tagged object of its fields."""

    def __init__(self) -> None:
        self.travel = EnumCodec(Travel)

    def matches(self, value: object) -> bool:
        return isinstance(value, PassRoute)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, PassRoute):
            raise cannot_save(value, path, "a PassRoute")
        if BUILT_IN.get(value.name) == value:
            return value.name
        return {
            "type": "PassRoute", "name": value.name, "en": value.en, "nl": value.nl,
            "travel": self.travel.encode(value.travel, key_path(path, "travel")), "steps": value.steps,
            "across": value.across,
        }  # fmt: skip

    def decode(self, data: object, path: str) -> PassRoute:
        if type(data) is str:
            route = BUILT_IN.get(data)
            if route is None:
                choices = ", ".join(show_json(name) for name in BUILT_IN)
                raise format_error(
                    path,
                    f"unknown pass route {show_json(data)}: expected one of {choices}, or a PassRoute object",
                )
            return route
        obj = check_object(data, path, 'a pass route ("left") or a PassRoute object')
        for key in ROUTE_KEYS:
            if key not in obj:
                raise format_error(
                    key_path(path, key), "missing: a PassRoute has " + ", ".join(ROUTE_KEYS[1:])
                )
        for key in obj:
            if key not in ROUTE_KEYS:
                raise format_error(key_path(path, key), "unexpected field of a PassRoute")
        if obj["type"] != "PassRoute":
            raise format_error(key_path(path, "type"), f'expected "PassRoute", not {show_json(obj["type"])}')
        for key in ("name", "en", "nl"):
            if type(obj[key]) is not str:
                raise format_error(key_path(path, key), f"expected text, not {describe_json(obj[key])}")
        steps, across = obj["steps"], obj["across"]
        if type(steps) is not int or abs(steps) > 64:
            raise format_error(
                key_path(path, "steps"), f"expected a small whole number, not {describe_json(steps)}"
            )
        if type(across) is not bool:
            raise format_error(
                key_path(path, "across"), f"expected true or false, not {describe_json(across)}"
            )
        travel = self.travel.decode(obj["travel"], key_path(path, "travel"))
        if obj["name"] in BUILT_IN:
            loose()  # a built-in route is written by its name; as an object it is compared in written form
        try:
            return PassRoute(obj["name"], obj["en"], obj["nl"], travel, steps, across)  # type: ignore[arg-type]
        except RulesError as error:
            raise format_error(path, str(error)) from None


class TupleOf(Codec):
    def __init__(self, item: Codec) -> None:
        self.item = item

    def matches(self, value: object) -> bool:
        return isinstance(value, tuple)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, tuple):
            raise cannot_save(value, path, "a tuple")
        item = self.item
        return [item.encode(x, f"{path}[{i}]") for i, x in enumerate(value)]

    def decode(self, data: object, path: str) -> tuple[object, ...]:
        if not isinstance(data, list):
            raise format_error(path, f"expected a list, not {describe_json(data)}")
        item = self.item
        return tuple(item.decode(x, f"{path}[{i}]") for i, x in enumerate(data))


class Fixed(Codec):
    """A tuple of fixed length with a type per position, as a list."""

    def __init__(self, items: Sequence[Codec]) -> None:
        self.items = tuple(items)

    def matches(self, value: object) -> bool:
        return isinstance(value, tuple) and len(value) == len(self.items)

    def encode(self, value: object, path: str) -> Json:
        if not self.matches(value):
            raise cannot_save(value, path, f"a tuple of {len(self.items)}")
        assert isinstance(value, tuple)
        return [
            codec.encode(x, f"{path}[{i}]")
            for i, (codec, x) in enumerate(zip(self.items, value, strict=True))
        ]

    def decode(self, data: object, path: str) -> tuple[object, ...]:
        if not isinstance(data, list) or len(data) != len(self.items):
            raise format_error(path, f"expected a list of {len(self.items)}, not {describe_json(data)}")
        return tuple(
            codec.decode(x, f"{path}[{i}]") for i, (codec, x) in enumerate(zip(self.items, data, strict=True))
        )


class CardMap(Codec):
    """A tuple of (card, value) pairs as an object from card text to value: ``{"QS": 13}``."""

    def __init__(self, value: Codec) -> None:
        self.value = value

    def matches(self, value: object) -> bool:
        return isinstance(value, tuple)

    def encode(self, value: object, path: str) -> Json:
        if not isinstance(value, tuple):
            raise cannot_save(value, path, "a tuple of (card, value) pairs")
        out: dict[str, Json] = {}
        for i, pair in enumerate(value):
            if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], Card)):
                raise cannot_save(pair, f"{path}[{i}]", "a (card, value) pair")
            if str(pair[0]) in out:
                raise format_error(f"{path}[{i}]", f"cannot save {pair[0]} twice")
            out[str(pair[0])] = self.value.encode(pair[1], key_path(path, str(pair[0])))
        return out

    def decode(self, data: object, path: str) -> tuple[tuple[Card, object], ...]:
        obj = check_object(data, path, "an object from cards to values")
        return tuple(
            (decode_card(key, key_path(path, key)), self.value.decode(item, key_path(path, key)))
            for key, item in obj.items()
        )


class UnionCodec(Codec):
    def __init__(self, members: Sequence[Codec]) -> None:
        self.members = tuple(members)

    def matches(self, value: object) -> bool:
        return any(member.matches(value) for member in self.members)

    def encode(self, value: object, path: str) -> Json:
        for member in self.members:
            if member.matches(value):
                return member.encode(value, path)
        raise cannot_save(value, path, "a value of this field's type")

    def decode(self, data: object, path: str) -> object:
        first: FormatError | None = None
        for member in self.members:
            if data is not None and isinstance(member, NullCodec):
                continue
            try:
                return member.decode(data, path)
            except FormatError as error:
                first = first or error
        if first is None:  # only null was allowed
            raise format_error(path, f"expected null, not {describe_json(data)}")
        raise first


INT: Final = IntCodec()
BOOL: Final = BoolCodec()
_STR: Final = StrCodec()
NULL: Final = NullCodec()
CARD: Final = _CardText()
ANY_CARD: Final = _AnyCardText()
ROUTE: Final = RouteCodec()
SIMPLE: Final[dict[object, Codec]] = {
    PassRoute: ROUTE,
    int: INT,
    bool: BOOL,
    str: _STR,
    type(None): NULL,
    None: NULL,
    Card: CARD,
    AnyCard: ANY_CARD,
}
