"""JSON Schema (2020-12) of the JSON that `hartenjagen.frontend.serialize.dumps` writes.

``json_schema(kind)`` builds the schema of one kind of saved value — ``"view"``,
``"event"``, ``"move"``, ``"state"``, ``"rules"`` or ``"record"`` — from the very
codecs ``dumps`` and ``loads`` use, so a schema cannot drift from the format:
a new field, module or event shows up in the schema the moment it exists.

```pycon
>>> from hartenjagen import json_schema
>>> schema = json_schema("move")
>>> schema["$schema"]
'https://json-schema.org/draft/2020-12/schema'
>>> sorted(item["properties"]["type"]["const"] for item in schema["oneOf"])
['Announce', 'MoonChoice', 'Pass', 'Play']

```

The schemas describe the library's own classes (a class given to
``serialize.register`` is not in them). A schema accepts every value ``dumps``
writes; ``loads`` checks more than a schema can say (a state's cards add up, a
pass holds the right number of cards, a seat lies on the table).
"""

from __future__ import annotations

import functools
import inspect
import re
from typing import Final, Literal, TypeAlias

from hartenjagen.frontend import records as _records  # noqa: F401 - registers GameRecord with the format
from hartenjagen.frontend import serialize as _s
from hartenjagen.frontend.serialize import codecs as _c
from hartenjagen.frontend.serialize import registry as _r
from hartenjagen.frontend.serialize import states as _st
from hartenjagen.frontend.serialize.reading import Json
from hartenjagen.frontend.serialize.replay import StateEntry
from hartenjagen.rules.routes import BUILT_IN, PassRoute

__all__ = ["KINDS", "SchemaKind", "json_schema"]

SchemaKind: TypeAlias = Literal["view", "event", "move", "state", "rules", "record", "message"]

#: The kinds ``json_schema`` knows, with the saved classes each one covers.
KINDS: Final[dict[str, tuple[str, ...]]] = {
    "view": ("PlayerView",),
    "event": (
        "HandDealt",
        "PassChosen",
        "CardsExchanged",
        "Announced",
        "CardPlayed",
        "CardDrawn",
        "HeartsBroken",
        "TrickWon",
        "TrickCancelled",
        "MoonShot",
        "MoonChosen",
        "HandScored",
        "Revoked",
        "GameOver",
    ),
    "move": ("Play", "Pass", "Announce", "MoonChoice"),
    "state": ("State",),
    "rules": ("Rules",),
    "record": ("GameRecord",),
    "message": (),  # the web protocol's messages: hartenjagen.frontend.protocol
}

_TITLES: Final = {
    "view": "What one seat may know about a game (hartenjagen.PlayerView)",
    "event": "Something that happened during a move (hartenjagen.events)",
    "move": "A decision of one seat (Play, Pass, Announce or MoonChoice)",
    "state": "A whole game position (server-side: it holds every hand and the seed)",
    "rules": "A ruleset: one module per slot and the house rules",
    "record": "A game record: rules, seed, first deal and moves",
    "message": "A message of the web service's wire protocol (docs/protocol.md)",
}

_BASE_URI: Final = "https://hartenjagen.invalid/schema/"
_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"

#: A card as views, events, moves and rules write it: rank then suit (``"QS"``, ``"TH"``).
_CARD_DEF: Final[dict[str, Json]] = {
    "description": "A card: its rank (2-9, T, J, Q, K, A) and suit (C, D, H, S), such as QS or TH.",
    "type": "string",
    "pattern": "^[2-9TJQKA][CDHS]$",
}
#: A card or a joker (a deck that deals jokers): ``"QS"``, ``"JK1"``.
_ANY_CARD_DEF: Final[dict[str, Json]] = {
    "description": "A card (rank and suit, such as QS or TH) or a joker (JK and its number, 1 to 4: JK1).",
    "type": "string",
    "pattern": "^([2-9TJQKA][CDHS]|JK[1-4])$",
}
#: A physical card in a saved state: a double deck writes the second copy ``"QS#2"``; a joker ``"JK1"``.
_PHYSICAL_DEF: Final[dict[str, Json]] = {
    "description": (
        "A physical card of a saved state: a card, and #2 for the second copy of a double deck; or a joker (JK1)."
    ),
    "type": "string",
    "pattern": "^([2-9TJQKA][CDHS](#[1-9][0-9]?)?|JK[1-4])$",
}


def json_schema(kind: SchemaKind) -> dict[str, Json]:
    """The JSON Schema (draft 2020-12) of the saved values of ``kind``.

    ``kind`` is ``"view"`` (a ``PlayerView``), ``"event"`` (any event),
    ``"move"`` (any move), ``"state"``, ``"rules"`` or ``"record"`` (a
    ``GameRecord``). The result is a fresh dict, ready for ``json.dumps``; every
    class it mentions is in its ``$defs``. An unknown kind raises ``ValueError``
    naming the kinds.
    """
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"no schema of kind {kind!r}: the kinds are {', '.join(KINDS)}")
    if kind == "message":
        return _message_schema()
    builder = _Builder()
    tops = [builder.top(name) for name in KINDS[kind]]
    schema: dict[str, Json] = {
        "$schema": _DRAFT,
        "$id": f"{_BASE_URI}{kind}.schema.json",
        "title": _TITLES[kind],
    }
    if len(tops) == 1:
        schema.update(tops[0])
    else:
        schema["oneOf"] = list(tops)
    schema["$defs"] = builder.finish()
    return schema


def _message_schema() -> dict[str, Json]:
    """Every message of the web protocol, with the saved values they carry as ``Sent...`` definitions."""
    from hartenjagen.frontend.protocol import message_defs

    builder = _Builder()
    sent: dict[str, Json] = {
        "SentView": builder.top("PlayerView"),
        "SentEvent": {"oneOf": [builder.top(name) for name in KINDS["event"]]},
        "SentMove": {"oneOf": [builder.top(name) for name in KINDS["move"]]},
        "SentRules": builder.top("Rules"),
    }
    messages = message_defs()
    return {
        "$schema": _DRAFT,
        "$id": f"{_BASE_URI}message.schema.json",
        "title": _TITLES["message"],
        "oneOf": [_ref(name) for name in messages],
        "$defs": {**builder.finish(), **sent, **messages},
    }


def _entries() -> dict[str, _r.Entry]:
    """The library's own saved classes by name (classes registered by a program are left out)."""
    return {
        name: entry
        for name, entry in sorted(_r.BY_NAME.items())
        if entry.cls.__module__.split(".")[0] == "hartenjagen"
    }


def _ref(name: str) -> dict[str, Json]:
    return {"$ref": f"#/$defs/{name}"}


class _Builder:
    """Collects the ``$defs`` a schema needs while it turns codecs into schemas."""

    def __init__(self) -> None:
        self.entries = _entries()
        self.defs: dict[str, Json] = {}
        self.wanted: list[str] = []

    def need(self, name: str) -> dict[str, Json]:
        if name not in self.defs and name not in self.wanted:
            self.wanted.append(name)
        return _ref(name)

    def finish(self) -> dict[str, Json]:
        while self.wanted:
            name = self.wanted.pop(0)
            if name in self.defs:
                continue
            if name == "Card":
                self.defs[name] = dict(_CARD_DEF)
            elif name == "AnyCard":
                self.defs[name] = dict(_ANY_CARD_DEF)
            elif name == "PhysicalCard":
                self.defs[name] = dict(_PHYSICAL_DEF)
            else:
                self.defs[name] = self.object(name, top=False)
        return dict(sorted(self.defs.items()))

    def top(self, name: str) -> dict[str, Json]:
        return self.object(name, top=True)

    def object(self, name: str, *, top: bool) -> dict[str, Json]:
        """The schema of one saved class: its ``type`` tag, its fields and (at the top) the version."""
        entry = self.entries[name]
        properties: dict[str, Json] = {"type": {"const": name}}
        optional = entry.optional_keys() if isinstance(entry, _r.AttrsEntry) else frozenset()
        if isinstance(entry, StateEntry):
            optional = _st.OPTIONAL_STATE_KEYS
        if top:
            properties["version"] = {"const": _s.FORMAT_VERSION}
        if isinstance(entry, _r.AttrsEntry):
            notes = _field_notes(entry.cls)
            for attribute, key, codec in entry.fields():
                field = self.codec(codec)
                note = notes.get(attribute)
                properties[key] = {"description": note, **field} if note else field
        elif isinstance(entry, _r.CardEntry):
            properties["card"] = self.need("Card")
        elif isinstance(entry, StateEntry):
            properties.update(self.state_fields())
            optional = optional | _st.OPTIONAL_STATE_KEYS
        else:  # pragma: no cover - a new kind of entry in serialize
            raise AssertionError(f"the schema does not know how {name} is saved")
        schema: dict[str, Json] = {}
        doc = _summary(entry.cls)
        if doc:
            schema["description"] = doc
        schema.update(
            {
                "type": "object",
                "properties": properties,
                "required": [key for key in properties if key not in optional],
                "additionalProperties": False,
            }
        )
        return schema

    def codec(self, codec: _c.Codec) -> dict[str, Json]:
        """The schema of the JSON one codec writes and reads."""
        if isinstance(codec, _c.IntCodec):
            return {"type": "integer"}
        if isinstance(codec, _c.BoolCodec):
            return {"type": "boolean"}
        if isinstance(codec, _c.StrCodec):
            return {"type": "string"}
        if isinstance(codec, _c.NullCodec):
            return {"type": "null"}
        if isinstance(codec, _c._CardText):
            return self.need("Card")
        if isinstance(codec, _c._AnyCardText):
            return self.need("AnyCard")
        if isinstance(codec, _c.EnumCodec):
            return self.enum(codec)
        if isinstance(codec, _c.RouteCodec):
            return self.route(codec)
        if isinstance(codec, _c.TupleOf):
            return {"type": "array", "items": self.codec(codec.item)}
        if isinstance(codec, _c.Fixed):
            items: list[Json] = [self.codec(item) for item in codec.items]
            return {
                "type": "array",
                "prefixItems": items,
                "items": False,
                "minItems": len(items),
            }
        if isinstance(codec, _c.CardMap):
            return {
                "type": "object",
                "propertyNames": self.need("Card"),
                "additionalProperties": self.codec(codec.value),
            }
        if isinstance(codec, _r.Tagged):
            names = [
                name
                for name, entry in self.entries.items()
                if issubclass(entry.cls, codec.bases) and name not in ("Card", "State")
            ]
            refs: list[Json] = [self.need(name) for name in names]
            return refs[0] if len(refs) == 1 else {"oneOf": refs}  # type: ignore[return-value]
        if isinstance(codec, _c.UnionCodec):
            members: list[Json] = [self.codec(member) for member in codec.members]
            return {"anyOf": members}
        raise AssertionError(f"the schema does not know the codec {codec!r}")  # pragma: no cover

    def enum(self, codec: _c.EnumCodec) -> dict[str, Json]:
        name = codec.kind.__name__
        if name not in self.defs:
            values: list[Json] = list(codec.text.values())
            schema: dict[str, Json] = {}
            doc = _summary(codec.kind)
            if doc:
                schema["description"] = doc
            schema["enum"] = values
            self.defs[name] = schema
        return _ref(name)

    def route(self, codec: _c.RouteCodec) -> dict[str, Json]:
        """A pass route: a built-in one by name, or a route of one's own as an object of its fields."""
        if "PassRoute" not in self.defs:
            text: dict[str, Json] = {"type": "string"}
            own: dict[str, Json] = {
                "type": "object",
                "properties": {
                    "type": {"const": "PassRoute"}, "name": text, "en": text, "nl": text,
                    "travel": self.enum(codec.travel), "steps": {"type": "integer"}, "across": {"type": "boolean"},
                },
                "required": list(_c.ROUTE_KEYS),
                "additionalProperties": False,
            }  # fmt: skip
            names: list[Json] = list(BUILT_IN)
            self.defs["PassRoute"] = {
                "description": _summary(PassRoute) or "",
                "anyOf": [{"enum": names}, own],
            }
        return _ref("PassRoute")

    def state_fields(self) -> dict[str, Json]:
        """A state's keys, as `hartenjagen.frontend.serialize.replay.StateEntry` writes them."""
        card = self.need("PhysicalCard")
        cards: dict[str, Json] = {"type": "array", "items": card}
        per_seat: dict[str, Json] = {"type": "array", "items": cards}
        seats: dict[str, Json] = {"type": "array", "items": {"type": "integer"}}
        integer: dict[str, Json] = {"type": "integer"}
        boolean: dict[str, Json] = {"type": "boolean"}
        stage: dict[str, Json] = {
            "type": "object",
            "properties": {"given": per_seat, "received": per_seat},
            "required": ["given", "received"],
            "additionalProperties": False,
        }
        fields: dict[str, Json] = {
            "rules": self.codec(_st.RULES),
            "phase": self.codec(_st.PHASE),
            "hand_index": integer,
            "dealer": integer,
            "hands": per_seat,
            "passing": per_seat,
            "pending": seats,
            "trick_leader": integer,
            "trick": cards,
            "tricks": self.codec(_st.TRICKS),
            "taken": per_seat,
            "hearts_broken": boolean,
            "scores": seats,
            "score_sheet": self.codec(_st.SHEET),
            "seed": integer,
            "deal_count": integer,
            "dealt": per_seat,
            "winners": seats,
            "pass_direction": self.codec(_st.DIRECTION),
            "exchanges": {"type": "array", "items": stage},
            "carry_over": cards,
            "announcers": seats,
            "shooter": self.codec(_st.SEAT_OR_NONE),
            "secret_seed": boolean,
        }
        announced: dict[str, Json] = {
            "description": "Each announcement of a house rule's own choices, [seat, choice], in order (left out when none).",
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [integer, {"type": "string"}],
                "minItems": 2,
                "maxItems": 2,
            },
        }
        fields["announced"] = announced
        finished: dict[str, Json] = {
            "description": "A finished hand before the current one: what a loaded game replays.",
            "type": "object",
            "properties": {
                "hand_index": integer, "dealer": integer, "dealt": per_seat,
                "pass_direction": self.codec(_st.DIRECTION),
                "exchanges": {"type": "array", "items": stage}, "announcers": seats,
                "announced": announced, "tricks": self.codec(_st.TRICKS), "trick": cards,
                "drawn": {"description": "The cards drawn from the stock, in order (a game with a stock only).", **cards},
            },
            "required": [key for key in _st.PLAYED_KEYS if key != "announced"],
            "additionalProperties": False,
        }  # fmt: skip
        fields["history"] = {"type": "array", "items": finished}
        drawn: dict[str, Json] = {"type": "array", "items": {"anyOf": [self.codec(_st.DIRECTION), card]}}
        waiting: dict[str, Json] = {"enum": list(_st.NODE_NAMES)}
        fields["chance"] = {
            "description": "null in a seeded game; with explicit chance, the chance node waited at and what it has drawn.",
            "anyOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "properties": {"waiting": waiting, "drawn": drawn},
                    "required": ["waiting", "drawn"],
                    "additionalProperties": False,
                },
            ],
        }
        fields["drawn"] = {
            "description": "The cards drawn from the stock this hand, in order (a game with a stock only).",
            **cards,
        }
        keys = _st.state_keys(fields)
        if sorted(keys) != sorted(fields):  # pragma: no cover - a State field the schema does not know
            raise AssertionError(f"the state schema does not know the keys {sorted(set(keys) ^ set(fields))}")
        return {key: fields[key] for key in keys}


def _summary(obj: object) -> str:
    """The first paragraph of ``obj``'s docstring, on one line (cross-reference roles made plain)."""
    own = obj.__doc__ if isinstance(obj, type) else None  # a class's own docstring, not a base's
    doc = inspect.cleandoc(own) if own else ""
    if doc == "An enumeration.":
        return ""
    first = doc.split("\n\n")[0]
    text = " ".join(first.split())
    return re.sub(r":[a-z]+:`~?([^`]+)`", r"\1", text).replace("``", "")


_NOTE: Final = re.compile(r"^\s*#:\s?(.*)$")
_FIELD: Final = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:")


@functools.cache
def _field_notes(cls: type) -> dict[str, str]:
    """The ``#:`` comments above the fields of ``cls`` (the documentation's field notes), by field name."""
    notes: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if klass.__module__.split(".")[0] != "hartenjagen":
            continue
        try:
            lines = inspect.getsource(klass).splitlines()
        except (OSError, TypeError):  # no source (a frozen or compiled build): no notes
            continue
        pending: list[str] = []
        for line in lines:
            note = _NOTE.match(line)
            if note:
                pending.append(note.group(1).strip())
                continue
            field = _FIELD.match(line)
            if field and pending:
                notes[field.group(1)] = " ".join(pending).replace("``", "")
            pending = []
    return notes
