"""A state as JSON: its fields written out, and read back through a replay of its history (internal).

A state is written field by field (cards as text, ``"QS#2"`` for a second copy).
Reading decodes the fields, then hands them to
`hartenjagen.serialize.replay`, which replays the
hand through the engine and compares the result with the document: the state
returned is the replayed one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from hartenjagen.bitmask import bits
from hartenjagen.cards import ALL_CARDS, CARD_COUNT
from hartenjagen.core.chance_nodes import is_explicit
from hartenjagen.core.state import StateFields, fields
from hartenjagen.rules import Rules
from hartenjagen.rules.passing import PassDirection
from hartenjagen.serialize.codecs import (
    BOOL,
    INT,
    NULL,
    EnumCodec,
    TupleOf,
    UnionCodec,
    cannot_save,
    decode_card,
)
from hartenjagen.serialize.reading import (
    Json,
    ask_module,
    check_keys,
    check_object,
    describe_json,
    format_error,
    key_path,
    show_json,
)
from hartenjagen.serialize.registry import Entry, Tagged
from hartenjagen.state import HandResult, Phase, State, Trick
from hartenjagen.table import Table, table_for

if TYPE_CHECKING:
    from hartenjagen.rules.passing import PassLog


def _order(physical: int) -> tuple[int, int]:
    """Where a physical card stands in a written list: by card, then by copy."""
    return physical % CARD_COUNT, physical // CARD_COUNT


def card_ids(mask: int) -> list[int]:
    """The physical cards of ``mask`` in written order."""
    return sorted(bits(mask), key=_order)


def card_text(physical: int) -> str:
    copy = physical // CARD_COUNT
    card = str(ALL_CARDS[physical % CARD_COUNT])
    return card if copy == 0 else f"{card}#{copy + 1}"


_COPY: Final = re.compile(r"[1-9][0-9]?")


def _physical(data: object, path: str, table: Table) -> int:
    if not isinstance(data, str):
        raise format_error(path, f'expected a card such as "QS", not {describe_json(data)}')
    text, mark, copy_text = data.partition("#")
    copy = 0
    if mark:
        if not _COPY.fullmatch(copy_text):
            raise format_error(path, f'unknown card {show_json(data)}: a second copy is written "QS#2"')
        copy = int(copy_text) - 1
        if copy >= table.copies:
            copies = "one copy" if table.copies == 1 else f"{table.copies} copies"
            raise format_error(path, f"no card {show_json(data)}: the pack has {copies} of each card")
    card = decode_card(text, path)
    if not table.bits_of[card.index]:
        raise format_error(path, f"{card} is not in the pack of these rules")
    return card.index + CARD_COUNT * copy


def _encode_mask(mask: int) -> list[Json]:
    return [card_text(p) for p in card_ids(mask)]


def _decode_mask(data: object, path: str, table: Table) -> int:
    if not isinstance(data, list):
        raise format_error(path, f"expected a list of cards, not {describe_json(data)}")
    mask = 0
    last = (-1, -1)
    for i, item in enumerate(data):
        physical = _physical(item, f"{path}[{i}]", table)
        order = _order(physical)
        if order <= last:
            problem = (
                f"{card_text(physical)} is listed twice"
                if order == last
                else f"{card_text(physical)} is out of order"
            )
            raise format_error(
                f"{path}[{i}]", f"{problem}: cards are listed once each, clubs to spades, two to ace"
            )
        last = order
        mask |= 1 << physical
    return mask


def _decode_seat_masks(data: object, path: str, table: Table) -> tuple[int, ...]:
    n = table.players
    if not isinstance(data, list) or len(data) != n:
        raise format_error(
            path, f"expected a list of {n} lists of cards, one per seat, not {describe_json(data)}"
        )
    return tuple(_decode_mask(item, f"{path}[{seat}]", table) for seat, item in enumerate(data))


def _decode_seat_set(data: object, path: str, players: int) -> int:
    if not isinstance(data, list):
        raise format_error(path, f"expected a list of seats, not {describe_json(data)}")
    mask = 0
    last = -1
    for i, item in enumerate(data):
        seat = INT.decode(item, f"{path}[{i}]")
        if not 0 <= seat < players:
            raise format_error(f"{path}[{i}]", f"there is no seat {seat}: seats are 0 to {players - 1}")
        if seat <= last:
            raise format_error(f"{path}[{i}]", "seats are listed once each, lowest first")
        last = seat
        mask |= 1 << seat
    return mask


def _decode_exchanges(data: object, path: str, table: Table) -> PassLog:
    if not isinstance(data, list):
        raise format_error(path, f"expected a list of exchange stages, not {describe_json(data)}")
    log = []
    for stage, item in enumerate(data):
        where = f"{path}[{stage}]"
        obj = check_object(item, where, 'an exchange stage {"given": ..., "received": ...}')
        for key in ("given", "received"):
            if key not in obj:
                raise format_error(key_path(where, key), "missing: an exchange stage has given and received")
        for key in obj:
            if key not in ("given", "received"):
                raise format_error(
                    key_path(where, key), "unexpected field: an exchange stage has given and received"
                )
        given = _decode_seat_masks(obj["given"], key_path(where, "given"), table)
        received = _decode_seat_masks(obj["received"], key_path(where, "received"), table)
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

RULES: Final = Tagged((Rules,))
PHASE: Final = EnumCodec(Phase)
DIRECTION: Final = EnumCodec(PassDirection)
_INTS: Final = TupleOf(INT)
TRICKS: Final = TupleOf(Tagged((Trick,)))
SHEET: Final = TupleOf(Tagged((HandResult,)))
SEAT_OR_NONE: Final = UnionCodec([NULL, INT])


def state_keys() -> list[str]:
    names = list(StateFields._fields)
    if set(names) != set(_STATE_KEYS):  # pragma: no cover - a State field serialize does not know
        raise AssertionError(
            f"hartenjagen.serialize does not know the State fields {sorted(set(names) ^ set(_STATE_KEYS))}"
        )
    return [_STATE_KEYS[name] for name in names]


class StateEntry(Entry):
    def encode(self, value: object, path: str) -> dict[str, Json]:
        if type(value) is not State:
            raise cannot_save(value, path, "a State")
        if is_explicit(value):
            raise format_error(
                path,
                "cannot save a state of a game with explicit chance (new_game(chance='explicit')):"
                " keep its moves and chance outcomes, which dumps saves, and replay them",
            )
        return encode_fields(fields(value), path)

    def decode(self, data: dict[str, object], path: str, top: bool) -> object:
        from hartenjagen.serialize.replay import replay

        check_keys(data, path, self.name, state_keys(), top)
        return replay(decode_fields(data, path), data, path)


def encode_fields(inside: StateFields, path: str) -> dict[str, Json]:
    """A state's fields as the JSON object ``dumps`` writes (without ``type`` and ``version``)."""
    state_keys()
    seats = range(inside.table.players)
    return {
        "rules": RULES.encode(inside.table.rules, key_path(path, "rules")),
        "phase": PHASE.encode(inside.phase, key_path(path, "phase")),
        "hand_index": inside.hand_index,
        "dealer": inside.dealer,
        "hands": [_encode_mask(mask) for mask in inside.hand_masks],
        "passing": [_encode_mask(mask) for mask in inside.passed_masks],
        "pending": [seat for seat in seats if inside.pending >> seat & 1],
        "trick_leader": inside.leader,
        "trick": [card_text(p) for p in inside.trick_cards],
        "tricks": TRICKS.encode(inside.tricks, key_path(path, "tricks")),
        "taken": [_encode_mask(mask) for mask in inside.taken_masks],
        "hearts_broken": inside.hearts_broken,
        "scores": list(inside.scores),
        "score_sheet": SHEET.encode(inside.score_sheet, key_path(path, "score_sheet")),
        "seed": inside.seed,
        "deal_count": inside.deal_count,
        "dealt": [_encode_mask(mask) for mask in inside.dealt_masks],
        "winners": list(inside.winners),
        "pass_direction": DIRECTION.encode(inside.pass_direction, key_path(path, "pass_direction")),
        "exchanges": [
            {"given": [_encode_mask(m) for m in given], "received": [_encode_mask(m) for m in received]}
            for given, received in inside.pass_log
        ],
        "carry_over": _encode_mask(inside.carry),
        "announcers": list(inside.announcers),
        "shooter": inside.shooter,
        "secret_seed": inside.secret_seed,
    }


def decode_fields(data: dict[str, object], path: str) -> StateFields:
    """The fields a state document gives, each checked for its kind only (the replay checks the rest)."""

    def at(key: str) -> str:
        return key_path(path, key)

    rules = RULES.decode(data["rules"], at("rules"))
    assert isinstance(rules, Rules)
    table = ask_module(at("rules"), "be compiled to a table", lambda: table_for(rules))
    n = table.players
    raw: dict[str, object] = {
        "table": table,
        "phase": PHASE.decode(data["phase"], at("phase")),
        "hand_index": INT.decode(data["hand_index"], at("hand_index")),
        "dealer": INT.decode(data["dealer"], at("dealer")),
        "hand_masks": _decode_seat_masks(data["hands"], at("hands"), table),
        "passed_masks": _decode_seat_masks(data["passing"], at("passing"), table),
        "pending": _decode_seat_set(data["pending"], at("pending"), n),
        "leader": INT.decode(data["trick_leader"], at("trick_leader")),
        "trick_cards": _decode_trick(data["trick"], at("trick"), table),
        "tricks": TRICKS.decode(data["tricks"], at("tricks")),
        "taken_masks": _decode_seat_masks(data["taken"], at("taken"), table),
        "hearts_broken": BOOL.decode(data["hearts_broken"], at("hearts_broken")),
        "scores": _INTS.decode(data["scores"], at("scores")),
        "score_sheet": SHEET.decode(data["score_sheet"], at("score_sheet")),
        "seed": INT.decode(data["seed"], at("seed")),
        "deal_count": INT.decode(data["deal_count"], at("deal_count")),
        "dealt_masks": _decode_seat_masks(data["dealt"], at("dealt"), table),
        "winners": _INTS.decode(data["winners"], at("winners")),
        "pass_direction": DIRECTION.decode(data["pass_direction"], at("pass_direction")),
        "pass_log": _decode_exchanges(data["exchanges"], at("exchanges"), table),
        "carry": _decode_mask(data["carry_over"], at("carry_over"), table),
        "announcers": _INTS.decode(data["announcers"], at("announcers")),
        "shooter": SEAT_OR_NONE.decode(data["shooter"], at("shooter")),
        "secret_seed": BOOL.decode(data["secret_seed"], at("secret_seed")),
    }
    return StateFields(**raw)  # type: ignore[arg-type]


def _decode_trick(data: object, path: str, table: Table) -> tuple[int, ...]:
    if not isinstance(data, list):
        raise format_error(
            path, f"expected the cards of the current trick in play order, not {describe_json(data)}"
        )
    return tuple(_physical(item, f"{path}[{i}]", table) for i, item in enumerate(data))
