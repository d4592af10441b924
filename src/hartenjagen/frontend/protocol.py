"""The web service's wire protocol: every message, as JSON Schema, in one place.

``hartenjagen.json_schema("message")`` is built from these definitions (with the
view, event, move and rules schemas they refer to); ``scripts/gen_schema.py``
writes them to ``docs/schema/message.schema.json``, to ``hartenjagen.d.ts`` and
to the message table of ``docs/protocol.md``. The server (`hartenjagen.web`)
sends exactly these messages: tests validate every message of whole games.
"""

from __future__ import annotations

from typing import Final

from hartenjagen.frontend.serialize.reading import Json

__all__ = ["MESSAGES", "PROTOCOL_VERSION", "message_defs"]

#: The version of the wire protocol (docs/protocol.md); every message carries it as ``"protocol"``.
PROTOCOL_VERSION: Final = 2

_INT: Final[dict[str, Json]] = {"type": "integer"}
_STR: Final[dict[str, Json]] = {"type": "string"}
_SEAT_OR_NONE: Final[dict[str, Json]] = {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}
_LANGUAGE: Final[dict[str, Json]] = {"enum": ["en", "nl"]}


def _array(items: dict[str, Json]) -> dict[str, Json]:
    return {"type": "array", "items": items}


def _object(description: str, properties: dict[str, Json], optional: tuple[str, ...] = ()) -> dict[str, Json]:
    return {
        "description": description,
        "type": "object",
        "properties": properties,
        "required": [key for key in properties if key not in optional],
        "additionalProperties": False,
    }


def _message(
    kind: str, description: str, properties: dict[str, Json], optional: tuple[str, ...] = ()
) -> dict[str, Json]:
    head: dict[str, Json] = {"protocol": {"const": PROTOCOL_VERSION}, "type": {"const": kind}}
    return _object(description, {**head, **properties}, optional)


_SEATS: Final = _array(
    _object(
        "Who plays a seat: a human, or the bot named.",
        {"seat": _INT, "kind": {"enum": ["human", "bot"]}, "bot": {"oneOf": [_STR, {"type": "null"}]}},
    )
)

#: The protocol's messages by their name in the TypeScript declarations, in the order docs/protocol.md lists them.
MESSAGES: Final[dict[str, dict[str, Json]]] = {
    "LobbyMessage": _message(
        "lobby",
        "`GET /api/lobby`: the open tables (with their spectator links), the presets, the bots and the lobby's words.",
        {
            "tables": _array(
                _object(
                    "An open table as the lobby lists it.",
                    {
                        "table": _STR,
                        "variant": _STR,
                        "name": _STR,
                        "seats": _SEATS,
                        "language": _LANGUAGE,
                        "games": _INT,
                        "game": _INT,
                        "hand": _INT,
                        "watch": _STR,
                    },
                )
            ),
            "abandoned": _array(
                _object(
                    "A table recently closed after too long without a move (newest first).",
                    {"table": _STR, "variant": _STR, "name": _STR, "watch": _STR},
                )
            ),
            "variants": _array(_STR),
            "players": {"type": "object", "additionalProperties": _INT},
            "bots": _array(_STR),
            "language": _LANGUAGE,
            "words": {
                "type": "object",
                "additionalProperties": {"oneOf": [_STR, {"type": "object", "additionalProperties": _STR}]},
            },
        },
    ),
    "CreateRequest": _message(
        "create",
        "`POST /api/tables`: a new table. The rules are a preset's name or Hoemke code (variant), or a Rules value (rules); one seat entry per seat, 'human' or a bot's name.",
        {
            "variant": _STR,
            "rules": {"$ref": "#/$defs/SentRules"},
            "seats": _array(_STR),
            "language": _LANGUAGE,
            "games": {"type": "integer", "minimum": 1, "maximum": 20},
        },
        optional=("variant", "rules", "language", "games"),
    ),
    "CreatedMessage": _message(
        "created",
        "The reply (201) to a create request: one secret link per human seat and the spectator link, relative to the service.",
        {
            "table": _STR,
            "seats": _array(_object("A human seat's secret link.", {"seat": _INT, "link": _STR})),
            "watch": _STR,
        },
    ),
    "TableMessage": _message(
        "table",
        "`GET /api/<key>/table`: who sits where (seat is null on a spectator's page).",
        {
            "table": _STR,
            "seat": _SEAT_OR_NONE,
            "variant": _STR,
            "players": _INT,
            "language": _LANGUAGE,
            "games": _INT,
            "seats": _SEATS,
        },
    ),
    "UpdateMessage": _message(
        "update",
        "What a seat (or a spectator) sees now, with its events since the update number it gave: by GET update or poll, an event stream or the WebSocket.",
        {
            "seq": _INT,
            "seat": _SEAT_OR_NONE,
            "game": _INT,
            "view": {"$ref": "#/$defs/SentView"},
            "events": _array(
                _object(
                    "One event as this seat may see it, with the update it belongs to and its sentence.",
                    {"seq": _INT, "event": {"$ref": "#/$defs/SentEvent"}, "text": _STR},
                )
            ),
            "words": _object(
                "Sentences to show with the view, in the page's language.",
                {
                    "direction": _STR,
                    "phase": _STR,
                    "question": _STR,
                    "moves": _array(_STR),
                    "cards": {
                        "type": "object",
                        "additionalProperties": _object(
                            "A card as written and said.", {"short": _STR, "name": _STR}
                        ),
                    },
                    "held": _array(_INT),
                    "variant": _STR,
                    "bots": _array({"oneOf": [_STR, {"type": "null"}]}),
                    "teams": _STR,
                    "undealt": _STR,
                    "partners": _array(_INT),
                },
            ),
            "sheet": _array(
                _object(
                    "A hand on the score sheet as players write it.",
                    {
                        "hand": _INT,
                        "dealer": _INT,
                        "points": _array(_INT),
                        "totals": _array(_INT),
                        "notes": _array(_STR),
                    },
                )
            ),
            "failure": {"oneOf": [_STR, {"type": "null"}]},
            "abandoned": {"type": "boolean"},
        },
    ),
    "MoveRequest": _object(
        "`POST /api/<token>/move`: a move for the page's seat.",
        {"protocol": {"const": PROTOCOL_VERSION}, "move": {"$ref": "#/$defs/SentMove"}},
    ),
    "AcceptedMessage": _message(
        "accepted",
        "The reply (200) to a move: made, and committed; seq is the update it made.",
        {"seq": _INT},
    ),
    "IllegalMessage": _message(
        "illegal",
        "The reply (409) to a move the rules forbid: the engine's code and sentence, and the reason in the page's language.",
        {"code": _STR, "message": _STR, "text": _STR},
    ),
    "ErrorMessage": _message(
        "error",
        "The reply to any request the service refuses (a 4xx status, also in the message); nothing was changed.",
        {"status": {"type": "integer", "minimum": 400, "maximum": 599}, "message": _STR},
    ),
}


def message_defs() -> dict[str, dict[str, Json]]:
    """The messages' definitions (a fresh copy)."""
    import copy

    return copy.deepcopy(MESSAGES)
