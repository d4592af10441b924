"""Physical cards in a saved state's JSON: a card's text (``QS``, ``QS2`` for a second copy, ``JK1``), masks as lists, seat masks and the exchange's log."""

from __future__ import annotations

import re
from typing import Final, cast

from hartenjagen.cards import ALL_CARDS, CARD_COUNT, Card, Joker
from hartenjagen.core import (
    PassLog,
    Table,
    bits,
)
from hartenjagen.frontend.serialize.codecs import (
    INT,
    decode_any_card,
)
from hartenjagen.frontend.serialize.reading import (
    Json,
    check_object,
    describe_json,
    format_error,
    key_path,
    loose,
    show_json,
)


def _order(physical: int, table: Table) -> tuple[int, int]:
    """Where a physical card stands in a written list: by card (jokers after the 52), then by copy."""
    index = table.index_of[physical]
    return index, (physical // CARD_COUNT if index < CARD_COUNT else 0)


def card_ids(mask: int, table: Table) -> list[int]:
    """The physical cards of ``mask`` in written order."""
    return sorted(bits(mask), key=lambda p: _order(p, table))


def card_text(physical: int, table: Table) -> str:
    """A physical card as dumps writes it: ``QS``, a second copy ``QS#2``, a joker ``JK1``."""
    card = table.card_of[physical]
    copy = physical // CARD_COUNT if isinstance(card, Card) else 0
    return str(card) if copy == 0 else f"{card}#{copy + 1}"


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
        if copy == 0:
            loose()  # "QS#1" is written "QS"
        if copy >= table.copies:
            copies = "one copy" if table.copies == 1 else f"{table.copies} copies"
            raise format_error(path, f"no card {show_json(data)}: the pack has {copies} of each card")
    card = decode_any_card(text, path)
    if not table.bits_of[card.index]:
        raise format_error(path, f"{card} is not in the pack of these rules")
    if isinstance(card, Joker):
        if mark:
            raise format_error(path, f"unknown card {show_json(data)}: a joker has one copy")
        return table.bits_of[card.index].bit_length() - 1  # after every copy of the 52
    return card.index + CARD_COUNT * copy


def _encode_mask(mask: int, table: Table) -> list[Json]:
    return [card_text(p, table) for p in card_ids(mask, table)]


#: A physical card by the text dumps writes for it ("QS", "QS#2"), with the key of its written order.
_WRITTEN: Final[dict[str, tuple[int, int]]] = {
    str(ALL_CARDS[p % CARD_COUNT]) + (f"#{p // CARD_COUNT + 1}" if p >= CARD_COUNT else ""): (
        p,
        (p % CARD_COUNT) * 64 + p // CARD_COUNT,
    )
    for p in range(CARD_COUNT * 16)
}


def _written_mask(data: list[object], pack: int) -> int | None:
    """The mask of a list of cards written as dumps writes them, in order; ``None``: anything else.

    The fast way through a long history; whatever it does not take, `_decode_mask`
    reads again, to refuse it with its path or to take it as before.
    """
    try:
        found = [_WRITTEN[item] for item in data]  # type: ignore[index]
    except (KeyError, TypeError):  # not a card's written text, or not even text
        return None
    mask = 0
    last = -1
    for p, order in found:
        if order <= last:
            return None
        last = order
        mask |= 1 << p
    return None if mask & ~pack else mask


def _decode_mask(data: object, path: str, table: Table) -> int:
    if type(data) is list:
        # (Not with jokers: their physical numbers are those of a second copy's "2C#2" ...)
        fast = None if table.joker_mask else _written_mask(data, table.pack_mask)
        if fast is not None:
            return fast
    if not isinstance(data, list):
        raise format_error(path, f"expected a list of cards, not {describe_json(data)}")
    mask = 0
    last = (-1, -1)
    for i, item in enumerate(data):
        physical = _physical(item, f"{path}[{i}]", table)
        order = _order(physical, table)
        if order <= last:
            problem = (
                f"{card_text(physical, table)} is listed twice"
                if order == last
                else f"{card_text(physical, table)} is out of order"
            )
            raise format_error(
                f"{path}[{i}]", f"{problem}: cards are listed once each, clubs to spades, two to ace"
            )
        last = order
        mask |= 1 << physical
    return mask


def _decode_seat_masks(data: object, path: str, table: Table) -> tuple[int, ...]:
    n = table.players
    if type(data) is list and len(data) == n and not table.joker_mask:  # as in _decode_mask
        pack = table.pack_mask
        fast = [_written_mask(item, pack) if type(item) is list else None for item in data]
        if None not in fast:
            return tuple(cast(list[int], fast))
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
