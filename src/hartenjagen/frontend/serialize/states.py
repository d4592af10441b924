"""A state as JSON: its fields written out, and read back through a replay of its history (internal).

A state is written field by field (cards as text, ``"QS#2"`` for a second copy).
Reading decodes the fields, then hands them to
`hartenjagen.frontend.serialize.replay`, which replays the
hand through the engine and compares the result with the document: the state
returned is the replayed one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

import attrs

from hartenjagen.cards import ALL_CARDS, AnyCard
from hartenjagen.core import (
    DEAL_NODE,
    DIRECTION_NODE,
    DRAW_NODE,
    FIRST_DEALER_NODE,
    NO_NODE,
    POOL_NODE,
    PassLog,
    PlayedHand,
    State,
    StateFields,
    Table,
    fields,
    log_tricks,
    table_for,
)
from hartenjagen.frontend.serialize.codecs import (
    BOOL,
    INT,
    NULL,
    ROUTE,
    EnumCodec,
    TupleOf,
    UnionCodec,
)
from hartenjagen.frontend.serialize.masks import (
    _decode_exchanges,
    _decode_mask,
    _decode_seat_masks,
    _decode_seat_set,
    _encode_mask,
    _physical,
    card_text,
)
from hartenjagen.frontend.serialize.reading import (
    Json,
    ask_module,
    check_keys,
    check_object,
    describe_json,
    format_error,
    key_path,
    show_json,
    sound_object,
)
from hartenjagen.frontend.serialize.registry import Tagged
from hartenjagen.rules import PassRoute, Rules
from hartenjagen.values import HandResult, Phase, Trick

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
    "history": "history",
    "chance": "chance",
    "drawn": "drawn",
    "announced": "announced",
}
#: The state keys written only when they hold something: ``drawn`` with a stock (`rules.undealt`),
#: ``announced`` with a house rule's own choices (a state saved before either has neither).
OPTIONAL_STATE_KEYS: Final = frozenset(["drawn", "announced"])

RULES: Final = Tagged((Rules,))
PHASE: Final = EnumCodec(Phase)
DIRECTION: Final = ROUTE
_INTS: Final = TupleOf(INT)
TRICKS: Final = TupleOf(Tagged((Trick,)))
SHEET: Final = TupleOf(Tagged((HandResult,)))
SEAT_OR_NONE: Final = UnionCodec([NULL, INT])


def state_keys(data: Mapping[str, object] | None = None) -> list[str]:
    """The JSON keys of a state document (of ``data``: its optional keys only if it has them)."""
    names = list(StateFields._fields)
    if set(names) != set(_STATE_KEYS):  # pragma: no cover - a State field serialize does not know
        raise AssertionError(
            f"hartenjagen.frontend.serialize does not know the State fields {sorted(set(names) ^ set(_STATE_KEYS))}"
        )
    keys = [_STATE_KEYS[name] for name in names]
    return [key for key in keys if key not in OPTIONAL_STATE_KEYS or (data is not None and key in data)]


def encode_fields(inside: StateFields, path: str) -> dict[str, Json]:
    """A state's fields as the JSON object ``dumps`` writes (without ``type`` and ``version``)."""
    state_keys()
    table = inside.table
    seats = range(table.players)
    return {
        "rules": RULES.encode(inside.table.rules, key_path(path, "rules")),
        "phase": PHASE.encode(inside.phase, key_path(path, "phase")),
        "hand_index": inside.hand_index,
        "dealer": inside.dealer,
        "hands": [_encode_mask(mask, table) for mask in inside.hand_masks],
        "passing": [_encode_mask(mask, table) for mask in inside.passed_masks],
        "pending": [seat for seat in seats if inside.pending >> seat & 1],
        "trick_leader": inside.leader,
        "trick": [card_text(p, table) for p in inside.trick_cards],
        "tricks": TRICKS.encode(inside.tricks, key_path(path, "tricks")),
        "taken": [_encode_mask(mask, table) for mask in inside.taken_masks],
        "hearts_broken": inside.hearts_broken,
        "scores": list(inside.scores),
        "score_sheet": SHEET.encode(inside.score_sheet, key_path(path, "score_sheet")),
        "seed": inside.seed,
        "deal_count": inside.deal_count,
        "dealt": [_encode_mask(mask, table) for mask in inside.dealt_masks],
        "winners": list(inside.winners),
        "pass_direction": DIRECTION.encode(inside.pass_direction, key_path(path, "pass_direction")),
        "exchanges": _encode_exchanges(inside.pass_log, table),
        "carry_over": _encode_mask(inside.carry, table),
        "announcers": list(inside.announcers),
        "shooter": inside.shooter,
        "secret_seed": inside.secret_seed,
        "history": [
            _encode_played(played, inside.table, key_path(path, "history")) for played in inside.history
        ],
        "chance": _encode_chance(inside.chance, inside.table, key_path(path, "chance")),
        **(
            {"drawn": [card_text(p, table) for p in inside.drawn]}
            if inside.table.draw_orders[0] or inside.table.follow_draws
            else {}
        ),
        **_encode_announced(inside.announced),
    }


def finished_hands(inside: StateFields) -> int:
    """How many hands before the current one the score sheet holds (the history must hold as many)."""
    return len(inside.score_sheet) - (1 if inside.phase is Phase.GAME_OVER else 0)


def played_tricks(played: PlayedHand, table: Table) -> tuple[Trick, ...]:
    """The completed tricks of a finished hand, as `Trick` values."""
    return log_tricks(played.log, played.hands, table)


def unfinished_trick(played: PlayedHand, table: Table) -> tuple[int, ...]:
    """The physical cards of a finished hand's unfinished trick (a revoke voided it), in play order."""
    out = []
    n = table.players
    for i in range(n):
        bits = played.trick & played.hands[(played.leader + i) % n]
        if not bits:
            continue  # a seat not yet played to it, or one that had dropped out
        out.append((bits & -bits).bit_length() - 1)
    return tuple(out)


def _encode_played(played: PlayedHand, table: Table, path: str) -> dict[str, Json]:
    return {
        "hand_index": played.hand_index,
        "dealer": played.dealer,
        "dealt": [_encode_mask(mask, table) for mask in played.dealt],
        "pass_direction": DIRECTION.encode(played.direction, key_path(path, "pass_direction")),
        "exchanges": _encode_exchanges(played.pass_log, table),
        "announcers": list(played.announcers),
        **_encode_announced(played.announced),
        "tricks": TRICKS.encode(played_tricks(played, table), key_path(path, "tricks")),
        "trick": [card_text(p, table) for p in unfinished_trick(played, table)],
        **(
            {"drawn": [card_text(p, table) for p in played.drawn]}
            if table.draw_orders[0] or table.follow_draws
            else {}
        ),
    }


def _encode_announced(announced: tuple[tuple[int, str], ...]) -> dict[str, Json]:
    """``{"announced": [[seat, choice], ...]}``, or nothing when no choice was made (as written before choices)."""
    return {"announced": [[seat, choice] for seat, choice in announced]} if announced else {}


def _decode_announced(data: object, path: str) -> tuple[tuple[int, str], ...]:
    """The (seat, choice) pairs of an ``announced`` list: each a seat number and one word."""
    if not isinstance(data, list):
        raise format_error(path, f"expected a list of [seat, choice] pairs, not {describe_json(data)}")
    out = []
    for i, item in enumerate(data):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or type(item[0]) is not int
            or type(item[1]) is not str
        ):
            raise format_error(f"{path}[{i}]", f"expected [seat, choice], not {describe_json(item)}")
        out.append((item[0], item[1]))
    return tuple(out)


def _encode_exchanges(log: PassLog, table: Table) -> list[Json]:
    return [
        {
            "given": [_encode_mask(m, table) for m in given],
            "received": [_encode_mask(m, table) for m in received],
        }
        for given, received in log
    ]


#: The chance nodes by the name a state document gives them.
_NODES: Final = {
    NO_NODE: "none",
    FIRST_DEALER_NODE: "first_dealer",
    DEAL_NODE: "deal",
    DIRECTION_NODE: "route",
    POOL_NODE: "pool",
    DRAW_NODE: "draw",
}
_NODE_KINDS: Final = {name: kind for kind, name in _NODES.items()}
#: The names of the chance nodes, as a state document writes them.
NODE_NAMES: Final = tuple(_NODE_KINDS)


def _encode_chance(node: object, table: Table, path: str) -> Json:
    """``null`` for a seeded game; for explicit chance the node waited at and what it has drawn so far."""
    if node is None:
        return None
    kind, _, answers, order = cast(tuple[Any, ...], node)
    drawn: list[Json] = []
    if kind == DIRECTION_NODE:
        drawn = [
            DIRECTION.encode(route, f"{key_path(path, 'drawn')}[{i}]") for i, route in enumerate(answers)
        ]
    elif kind in (POOL_NODE, DRAW_NODE):
        drawn = [card_text(p, table) for p in order]
    return {"waiting": _NODES[kind], "drawn": drawn}


@attrs.frozen
class ChanceDoc:
    """What a state document says of explicit chance: the node waited at, and what it has drawn so far."""

    waiting: int
    #: a route node: the routes drawn so far; a pool node: the physical cards drawn so far
    drawn: tuple[object, ...]


def _decode_chance(data: object, path: str, table: Table) -> ChanceDoc | None:
    if data is None:
        return None
    obj = check_object(data, path, 'null (a seeded game) or {"waiting": ..., "drawn": [...]}')
    check_keys(obj, path, "chance", ["waiting", "drawn"], False)
    name = obj["waiting"]
    if not isinstance(name, str) or name not in _NODE_KINDS:
        choices = ", ".join(show_json(known) for known in _NODE_KINDS)
        raise format_error(key_path(path, "waiting"), f"expected one of {choices}, not {describe_json(name)}")
    kind = _NODE_KINDS[name]
    items = obj["drawn"]
    where = key_path(path, "drawn")
    if not isinstance(items, list):
        raise format_error(where, f"expected a list, not {describe_json(items)}")
    if kind == DIRECTION_NODE:
        drawn: tuple[object, ...] = tuple(
            DIRECTION.decode(item, f"{where}[{i}]") for i, item in enumerate(items)
        )
    elif kind in (POOL_NODE, DRAW_NODE):
        drawn = tuple(_physical(item, f"{where}[{i}]", table) for i, item in enumerate(items))
    elif items:
        raise format_error(where, f"a {name} node has drawn nothing")
    else:
        drawn = ()
    return ChanceDoc(kind, drawn)


@attrs.frozen
class RecordedHand:
    """A hand as a document (or a state) records it: what the replay deals and plays again."""

    hand_index: int
    dealer: int
    dealt: tuple[int, ...]
    route: PassRoute
    pass_log: PassLog
    announcers: tuple[int, ...]
    #: the completed tricks, as recorded
    tricks: tuple[Trick, ...]
    #: the physical cards of the unfinished trick (a revoke voided the hand before its last card)
    unfinished: tuple[int, ...]
    #: the unfinished trick's cards (a second copy is the same card to play), by ``unfinished``
    unfinished_cards: tuple[AnyCard, ...]
    #: the JSON path of the hand (its ``tricks`` and ``trick`` are under it)
    where: str
    #: the physical cards drawn from the stock, in the order drawn (a deck with a stock only)
    drawn: tuple[int, ...] = ()
    #: each announcement of a house rule's own choices: (seat, choice), in order
    announced: tuple[tuple[int, str], ...] = ()
    #: every card played in the hand, in order (an unfinished trick's too); `play_path` names each
    plays: tuple[AnyCard, ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        plays = [card for done in self.tricks for card in done.cards]
        plays += self.unfinished_cards
        object.__setattr__(self, "plays", tuple(plays))

    def play_path(self, k: int) -> str:
        """The JSON path of play ``k`` (built only when a play is refused, not for every card replayed)."""
        for i, done in enumerate(self.tricks):
            if k < len(done.cards):
                return f"{key_path(self.where, 'tricks')}[{i}].cards[{k}]"
            k -= len(done.cards)
        return f"{key_path(self.where, 'trick')}[{k}]"


def recorded(played: PlayedHand, table: Table, path: str) -> RecordedHand:
    """A finished hand of a state's history, as the replay reads it."""
    return RecordedHand(
        played.hand_index, played.dealer, played.dealt, played.direction, played.pass_log, played.announcers,
        played_tricks(played, table), unfinished_trick(played, table),
        tuple([table.card_of[p] for p in unfinished_trick(played, table)]), path, drawn=played.drawn,
        announced=played.announced,
    )  # fmt: skip


_CARD_OF_TEXT: Final = {str(card): card for card in ALL_CARDS}


def _written_tricks(data: object) -> tuple[Trick, ...] | None:
    """Completed tricks written as dumps writes them; ``None``: anything else (read again by the codec)."""
    if type(data) is not list:
        return None
    out = []
    of_text = _CARD_OF_TEXT
    for item in data:
        if not sound_object(item) or len(item) != 4 or item.get("type") != "Trick":
            return None
        leader, cards, winner = item.get("leader"), item.get("cards"), item.get("winner", 0)
        if type(leader) is not int or type(cards) is not list or not (winner is None or type(winner) is int):
            return None
        try:
            played = tuple([of_text[text] for text in cards])
        except (KeyError, TypeError):  # not a card's text, or not even text
            return None
        out.append(Trick(leader, played, winner))
    return tuple(out)


def _ints(value: object) -> tuple[int, ...] | None:
    if type(value) is not list or any(type(x) is not int for x in value):
        return None
    return tuple(value)


_SHEET_KEYS: Final = {"type", *(field.name for field in attrs.fields(HandResult))}


def _written_sheet(data: object) -> tuple[HandResult, ...] | None:
    """Score-sheet lines written as dumps writes them (no moon choice); ``None``: anything else (read by the codec)."""
    if type(data) is not list:
        return None
    out = []
    for item in data:
        if not sound_object(item) or item.keys() != _SHEET_KEYS or item["type"] != "HandResult":
            return None
        hand_index, dealer, shooter, revoke = (
            item["hand_index"],
            item["dealer"],
            item["shooter"],
            item["revoke"],
        )
        raw, points, totals, announcers = (
            _ints(item["raw"]), _ints(item["points"]), _ints(item["totals"]), _ints(item["announcers"])
        )  # fmt: skip
        if (
            type(hand_index) is not int
            or type(dealer) is not int
            or not (shooter is None or type(shooter) is int)
            or not (revoke is None or type(revoke) is int)
            or item["moon_choice"] is not None
            or raw is None
            or points is None
            or totals is None
            or announcers is None
        ):
            return None
        out.append(HandResult(hand_index, dealer, raw, points, totals, shooter, None, announcers, revoke))
    return tuple(out)


def _decode_played(data: object, path: str, table: Table) -> RecordedHand:
    """A finished hand of the document's history (checked for its kind only: the replay checks the rest)."""
    obj = check_object(data, path, "a finished hand")
    keys = [*(k for k in PLAYED_KEYS if k != "announced" or k in obj), *(["drawn"] if "drawn" in obj else [])]
    check_keys(obj, path, "finished hand", keys, False)

    def at(key: str) -> str:
        return key_path(path, key)

    tricks = _written_tricks(obj["tricks"])
    if tricks is None:
        tricks = cast(tuple[Trick, ...], TRICKS.decode(obj["tricks"], at("tricks")))
    unfinished = _decode_trick(obj["trick"], at("trick"), table)
    return RecordedHand(
        hand_index=INT.decode(obj["hand_index"], at("hand_index")),
        dealer=INT.decode(obj["dealer"], at("dealer")),
        dealt=_decode_seat_masks(obj["dealt"], at("dealt"), table),
        route=DIRECTION.decode(obj["pass_direction"], at("pass_direction")),
        pass_log=_decode_exchanges(obj["exchanges"], at("exchanges"), table),
        announcers=_INTS.decode(obj["announcers"], at("announcers")),  # type: ignore[arg-type]
        tricks=tricks,
        unfinished=unfinished,
        unfinished_cards=tuple([table.card_of[p] for p in unfinished]),
        where=path,
        drawn=_decode_drawn(obj, at("drawn"), table),
        announced=_decode_announced(obj["announced"], at("announced")) if "announced" in obj else (),
    )


@attrs.frozen
class StateDoc:
    """A state document decoded: its fields (``history`` and ``chance`` left empty) and what the replay reads of those."""

    fields: StateFields
    history: tuple[RecordedHand, ...]
    chance: ChanceDoc | None


def doc_of(state: State, path: str) -> StateDoc:
    """A state of the engine as a decoded document (what ``validate_state`` replays)."""
    inside = fields(state)
    table = inside.table
    at = key_path(path, "history")
    history = tuple(recorded(played, table, f"{at}[{i}]") for i, played in enumerate(inside.history))
    chance = None
    if inside.chance is not None:
        kind, _, answers, order = inside.chance
        chance = ChanceDoc(kind, tuple(answers) if kind == DIRECTION_NODE else tuple(order))
    return StateDoc(inside._replace(history=(), chance=None), history, chance)


PLAYED_KEYS: Final = (
    "hand_index",
    "dealer",
    "dealt",
    "pass_direction",
    "exchanges",
    "announcers",
    "announced",
    "tricks",
    "trick",
)


def decode_fields(data: dict[str, object], path: str) -> StateDoc:
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
        "score_sheet": _written_sheet(data["score_sheet"])
        or SHEET.decode(data["score_sheet"], at("score_sheet")),
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
        "history": (),
        "chance": None,
        "drawn": _decode_drawn(data, at("drawn"), table),
        "announced": _decode_announced(data["announced"], at("announced")) if "announced" in data else (),
    }
    history = _decode_history(data["history"], at("history"), table)
    chance = _decode_chance(data["chance"], at("chance"), table)
    return StateDoc(StateFields(**raw), history, chance)  # type: ignore[arg-type]


def _decode_history(data: object, path: str, table: Table) -> tuple[RecordedHand, ...]:
    if not isinstance(data, list):
        raise format_error(
            path, f"expected the list of the finished hands before this one, not {describe_json(data)}"
        )
    return tuple(_decode_played(item, f"{path}[{i}]", table) for i, item in enumerate(data))


def _decode_drawn(obj: dict[str, object], path: str, table: Table) -> tuple[int, ...]:
    """The cards drawn from the stock, in order: a key of a document under rules with a stock, and only then."""
    if not (table.draw_orders[0] or table.follow_draws):
        if "drawn" in obj:
            raise format_error(path, "unexpected field: only a game with a stock records the cards drawn")
        return ()
    if "drawn" not in obj:
        raise format_error(path, "missing: a game with a stock records the cards drawn from it, in order")
    data = obj["drawn"]
    if not isinstance(data, list):
        raise format_error(
            path, f"expected the cards drawn from the stock in order, not {describe_json(data)}"
        )
    return tuple(_physical(item, f"{path}[{i}]", table) for i, item in enumerate(data))


def _decode_trick(data: object, path: str, table: Table) -> tuple[int, ...]:
    if not isinstance(data, list):
        raise format_error(
            path, f"expected the cards of the current trick in play order, not {describe_json(data)}"
        )
    return tuple(_physical(item, f"{path}[{i}]", table) for i, item in enumerate(data))
