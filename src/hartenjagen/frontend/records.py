"""Game records: the rules, the seed (and the first deal) and the moves, replayable to any point.

A record is kept apart from the state, like a chess PGN: it is small, it
replays exactly, and its text form is one line per move:

```text
[hartenjagen record 1]
rules: standard
seed: 7
dealer: 0
deal 0: 2C 5C ... (one line per seat)
# hand 1
1. pass 0 QS AS KS
2. pass 1 2H 3H 4H
...
```
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import operator
import re
import threading
from collections.abc import Iterable
from typing import Final

import attrs

from hartenjagen._repr import brief, shown
from hartenjagen.cards import AnyCard, parse_any_cards
from hartenjagen.core import State, fields, is_explicit
from hartenjagen.engine import SEED_BITS, apply, start
from hartenjagen.errors import CardParseError, HartenjagenError, IllegalMoveError, SetupError
from hartenjagen.frontend.notation import NotationError, format_cards, format_move, parse_move
from hartenjagen.frontend.serialize import FormatError, dumps, loads
from hartenjagen.frontend.serialize.registry import AttrsEntry, add_entry
from hartenjagen.moves import SEAT_LIMIT, Announce, MoonChoice, Move, Pass, Play
from hartenjagen.rules import Rules

HEADER = "[hartenjagen record 1]"

_MOVE_TYPES: Final = (Play, Pass, Announce, MoonChoice)
#: A seed or a dealer as written in a record: a whole number, maybe negative, of at most
#: 1,234 digits (a seed of 4,096 bits has 1,234): longer text is refused before it is read.
_NUMBER: Final = re.compile(r"-?[0-9]{1,1234}")


class RecordError(HartenjagenError):
    """A game record that cannot be read or replayed; the message says which line or move."""

    def __init__(self, message: str) -> None:
        super().__init__(brief(message))  # a record's text comes from outside: quote it briefly


def _rules(value: object) -> Rules:
    if not isinstance(value, Rules):
        raise RecordError(f"a record's rules are a Rules value (e.g. variants.STANDARD), not {shown(value)}")
    return value


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"a record's {what} is a whole number, not {shown(value)}")
    return operator.index(value)  # the plain number (an int subclass may compare as it likes)


def _seed(value: object) -> int:
    seed = _whole(value, "seed")
    if seed.bit_length() > SEED_BITS:
        raise RecordError(f"a record's seed has at most {SEED_BITS} bits, not {seed.bit_length()}")
    return seed


def _dealer(value: object) -> int:
    dealer = _whole(value, "dealer")
    if not -SEAT_LIMIT <= dealer < SEAT_LIMIT:
        raise RecordError(f"a record's dealer is a seat, not {shown(dealer)}")
    return dealer


def _deal(value: object) -> tuple[tuple[AnyCard, ...], ...] | None:
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise RecordError(f"a record's deal is a list of hands, one per seat, not {shown(value)}")
    hands = []
    for seat, hand in enumerate(itertools.islice(value, SEAT_LIMIT)):
        try:
            hands.append(parse_any_cards(hand))
        except CardParseError as error:
            raise RecordError(f"the deal of seat {seat}: {error}") from error
    return tuple(hands)


def _moves(value: object) -> tuple[Move, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise RecordError(f"a record's moves are a list of moves, not {shown(value)}")
    moves = tuple(value)
    for number, move in enumerate(moves, start=1):
        if type(move) not in _MOVE_TYPES:
            raise RecordError(
                f"move {number}: {shown(move)} is not a move (Play, Pass, Announce or MoonChoice)"
            )
    return moves


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"a record's seed_is_secret is True or False, not {shown(value)}")
    return value


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game: rules, seed, first dealer, the first deal and the moves.

    ``seed_is_secret`` marks a game started without a seed (its secret seed is
    kept so the record replays exactly; keep records as private as states).
    Building a record checks each field's kind (a `RecordError` says which);
    whether the game replays is checked when it is replayed. The states of a
    replay are kept once computed, so ``state_at`` every move costs one replay.
    `add` costs constant time (amortised): the records a chain of adds makes
    share one growing list of moves, and each builds its ``moves`` tuple only
    when it is read.
    """

    rules: Rules = attrs.field(converter=_rules)
    seed: int = attrs.field(converter=_seed)
    dealer: int = attrs.field(default=0, converter=_dealer)
    deal: tuple[tuple[AnyCard, ...], ...] | None = attrs.field(default=None, converter=_deal)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_moves)
    seed_is_secret: bool = attrs.field(default=False, converter=_flag)
    #: The states replayed so far (index i: after i moves); it only grows, one state per move.
    _states: list[State] = attrs.field(factory=list, init=False, eq=False, hash=False, repr=False)
    #: The moves of a record made by `add`: the first ``_count`` of a list that later adds may extend
    #: (``None``: ``moves`` was given whole).
    _log: list[Move] | None = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)
    _count: int = attrs.field(default=0, init=False, eq=False, hash=False, repr=False)

    def __getstate__(self) -> dict[str, object]:
        # The replayed states are a cache: a pickled record does not carry them.
        return {field.name: getattr(self, field.name) for field in attrs.fields(type(self)) if field.init}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_states", [])
        object.__setattr__(self, "_log", None)
        object.__setattr__(self, "_count", 0)

    @classmethod
    def begin(cls, state: State) -> GameRecord:
        """The record of a game that starts with ``state`` (straight from ``new_game``), with no moves yet."""
        inside = fields(state)
        if is_explicit(state):
            raise RecordError(
                "a record replays a seeded game; a game with explicit chance has no seed to keep"
            )
        if state.score_sheet or state.tricks or inside.pass_log or inside.trick_cards:
            raise RecordError("a record begins with the first state of a game, before any move")
        if state.hand_index:
            raise RecordError(
                f"a record keeps a game from hand 1; this game starts at hand {state.hand_index + 1}"
                " (new_game(hand_index=...)), which a record cannot replay"
            )
        return cls(
            rules=state.rules,
            seed=inside.seed,
            dealer=state.dealer,
            deal=state.dealt,
            seed_is_secret=inside.secret_seed,
        )

    def add(self, *moves: Move) -> GameRecord:
        """This record with ``moves`` appended (each must be a move; whether it is legal waits for a replay).

        The cost is that of the new moves alone (amortised): the new record extends the list of moves
        this one shares when this one is the last of its chain, and copies it only the first time a
        record that is not the last is added to.
        """
        added = _moves(moves)
        with _GROWING:  # two threads adding to one record: only one may extend the shared list
            log, count = self._log, self._count
            if log is None or len(log) != count:
                log = list(self.moves)
                count = len(log)
            log.extend(added)
        grown: GameRecord = object.__new__(GameRecord)
        for name in ("rules", "seed", "dealer", "deal", "seed_is_secret"):
            object.__setattr__(grown, name, getattr(self, name))
        object.__setattr__(grown, "_states", [])
        object.__setattr__(grown, "_log", log)
        object.__setattr__(grown, "_count", count + len(added))
        return grown

    def initial_state(self) -> State:
        """The state before the first move."""
        try:
            return start(
                self.rules,
                seed=self.seed,
                deal=self.deal,
                dealer=self.dealer,
                secret=self.seed_is_secret,
            )
        except SetupError as error:
            raise RecordError(f"the record cannot start its game: {error}") from error

    def state_at(self, index: int) -> State:
        """The state after the first ``index`` moves (0: before any move; ``len(moves)``: the last)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(self.moves):
            raise RecordError(f"index must be from 0 to {len(self.moves)}, not {shown(index)}")
        return self._replay(operator.index(index))[index]

    def states(self) -> tuple[State, ...]:
        """Every state of the game: before the first move, then after each move."""
        return tuple(self._replay(len(self.moves)))

    def _replay(self, index: int) -> list[State]:
        """The states up to ``index`` moves, replaying only the moves not replayed before."""
        known = self._states
        if len(known) > index:
            return known
        states = list(known) or [self.initial_state()]
        state = states[-1]
        for number in range(len(states), index + 1):
            move = self.moves[number - 1]
            try:
                state = apply(state, move)
            except IllegalMoveError as error:
                raise RecordError(f"move {number} ({format_move(move)}) is illegal: {error}") from error
            states.append(state)
        if len(known) < len(states):
            known[len(known) :] = states[len(known) :]  # kept whole: another thread may have grown it too
        return states

    def final_state(self) -> State:
        """The state after the last move."""
        return self.state_at(len(self.moves))

    def to_text(self) -> str:
        """The record as text: a header, one line per deal card list, one numbered line per move."""
        lines = [HEADER, f"rules: {_rules_text(self.rules)}"]
        lines.append(f"seed: {self.seed}" + (" secret" if self.seed_is_secret else ""))
        lines.append(f"dealer: {self.dealer}")
        for seat, hand in enumerate(self.deal or ()):
            lines.append(f"deal {seat}: {format_cards(hand)}")
        hand_index = -1
        for number, (move, before) in enumerate(zip(self.moves, self._hand_indexes(), strict=True), start=1):
            if before != hand_index:
                hand_index = before
                lines.append(f"# hand {hand_index + 1}")
            lines.append(f"{number}. {format_move(move)}")
        return "\n".join(lines) + "\n"

    def _hand_indexes(self) -> list[int]:
        """The hand each move belongs to (for the comments of the text form)."""
        indexes = []
        try:
            state = self.initial_state()
        except RecordError:  # a record that cannot start is still written; replaying it says why
            return [0] * len(self.moves)
        for move in self.moves:
            indexes.append(state.hand_index)
            # An illegal move is still listed; replaying the record says what is wrong with it.
            with contextlib.suppress(IllegalMoveError):
                state = apply(state, move)
        return indexes

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record written by [`to_text`][hartenjagen.frontend.records.GameRecord.to_text]; a bad line raises [`RecordError`][hartenjagen.frontend.records.RecordError] naming it."""
        if not isinstance(text, str):
            raise RecordError(f"a record is text, not {type(text).__name__}")
        lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), start=1)]
        lines = [(n, line) for n, line in lines if line and not line.startswith("#")]
        if not lines or lines[0][1] != HEADER:
            where = lines[0][0] if lines else 1
            raise RecordError(f"line {where}: a record starts with {HEADER!r}")
        fields: dict[str, tuple[int, str]] = {}
        deal: list[tuple[AnyCard, ...]] = []
        moves: list[Move] = []
        for number, line in lines[1:]:
            head, _, rest = line.partition(":") if not line[0].isdigit() else ("", "", line)
            try:
                if head in ("rules", "seed", "dealer") and head not in fields:
                    fields[head] = (number, rest.strip())
                elif head.startswith("deal "):
                    if head != f"deal {len(deal)}":
                        raise RecordError(f"expected 'deal {len(deal)}:'")
                    deal.append(parse_any_cards(rest))
                elif line[0].isdigit():
                    label, _, move_text = line.partition(".")
                    if label != str(len(moves) + 1):
                        raise RecordError(f"expected move number {len(moves) + 1}")
                    moves.append(parse_move(move_text))
                else:
                    raise RecordError("expected 'rules:', 'seed:', 'dealer:', 'deal N:' or a numbered move")
            except (NotationError, RecordError, ValueError) as error:
                raise RecordError(f"line {number} ({shown(line)}): {error}") from error
        for name in ("rules", "seed", "dealer"):
            if name not in fields:
                raise RecordError(f"the record has no '{name}:' line")
        number, seed_text = fields["seed"]
        words = seed_text.split()
        if not words or not _NUMBER.fullmatch(words[0]) or words[1:] not in ([], ["secret"]):
            raise RecordError(
                f"line {number}: expected 'seed: N' or 'seed: N secret' (N a whole number of at most "
                f"{SEED_BITS} bits), not {shown(seed_text)}"
            )
        seed = int(words[0])
        if seed.bit_length() > SEED_BITS:
            raise RecordError(f"line {number}: a seed has at most {SEED_BITS} bits, not {seed.bit_length()}")
        number, dealer_text = fields["dealer"]
        if not _NUMBER.fullmatch(dealer_text) or not -SEAT_LIMIT <= int(dealer_text) < SEAT_LIMIT:
            raise RecordError(f"line {number}: the dealer is a seat number, not {shown(dealer_text)}")
        number, rules_text = fields["rules"]
        try:
            rules = _read_rules(rules_text)
        except RecordError as error:
            raise RecordError(f"line {number}: {error}") from error
        return cls(
            rules=rules,
            seed=seed,
            dealer=int(dealer_text),
            deal=tuple(deal) or None,
            moves=tuple(moves),
            seed_is_secret=words[1:] == ["secret"],
        )


@functools.cache  # one table, built once: the named presets and Hoemke's 256 variants
def _names() -> dict[Rules, str]:
    from hartenjagen import variants

    names: dict[Rules, str] = {}
    for numbers in itertools.product(range(1, 5), repeat=4):
        names.setdefault(variants.hoemke(*numbers), "hoemke_P{}L{}H{}S{}".format(*numbers))
    for preset in reversed(variants.OFFERED):  # a preset's own name first
        names[preset.rules] = preset.name
    return names


def _rules_text(rules: Rules) -> str:
    name = _names().get(rules)
    if name is not None:
        return name
    return dumps(rules)


def _read_rules(text: str) -> Rules:
    from hartenjagen import variants

    if text.startswith("{"):
        try:
            rules = loads(text)
        except FormatError as error:
            raise RecordError(f"rules: {error}") from error
        if not isinstance(rules, Rules):
            raise RecordError("rules: the JSON is not a Rules value")
        return rules
    try:
        return variants.get(text)
    except variants.UnknownVariantError as error:
        raise RecordError(f"rules: {error}") from error


#: Held while `GameRecord.add` decides whether it may extend a shared list of moves.
_GROWING: Final = threading.Lock()
_MOVES_SLOT: Final = GameRecord.__dict__["moves"]  # the slot attrs made for the field


def _read_moves(record: GameRecord) -> tuple[Move, ...]:
    """``record.moves``: the slot, or (a record made by `add`) its share of the list, kept in the slot."""
    try:
        moves: tuple[Move, ...] = _MOVES_SLOT.__get__(record, GameRecord)
    except AttributeError:
        moves = tuple(record._log[: record._count])  # type: ignore[index]
        _MOVES_SLOT.__set__(record, moves)
    return moves


def _write_moves(record: GameRecord, moves: tuple[Move, ...]) -> None:
    _MOVES_SLOT.__set__(record, moves)


# attrs's own methods (eq, hash, repr, init) read and write the field through this property.
type.__setattr__(GameRecord, "moves", property(_read_moves, _write_moves, doc="The moves, in order."))

add_entry(AttrsEntry(GameRecord, "GameRecord"))  # the format writes and reads records once they are imported
