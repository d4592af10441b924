"""Validating a loaded state by replaying its hand through the engine (internal).

A state document holds the score sheet of the hands before the current one
and the whole history of the current hand: its deal (or the seed and the deal
number that give it), each stage of the exchange, the announcements and the
tricks. Loading replays that history through the public engine:

1. the hand starts as the engine starts it — ``new_game`` (here
   `hartenjagen.engine.start`) for the first deal of a
   game, the kernel's own start of a hand after the score sheet for a later deal;
2. every pass, announcement, play and moon choice the document records is
   applied with `apply`, so an illegal one is refused
   where it stands (``$.tricks[3].cards[1]``);
3. the state reached is written out and compared with the document field by
   field; the first difference is refused with its JSON path and both values.

The state ``loads`` returns is the replayed one: every state it accepts is
one the engine reached. The score sheet of earlier hands is the one part a
state cannot replay (a state keeps no cards of earlier hands): those lines are
checked to chain (totals, hand numbers, dealers) and to be what some split of
the pack's scoring cards gives (`hartenjagen._sheetcheck`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from hartenjagen._sheetcheck import SheetProblem, check_lines
from hartenjagen.cards import Card
from hartenjagen.core.hands import shuffle_deal, start_hand
from hartenjagen.core.state import StateFields, fields
from hartenjagen.engine import SEED_BITS, apply, legal_moves, start
from hartenjagen.errors import IllegalMoveError
from hartenjagen.moves import Announce, MoonChoice, Move, Pass, Play
from hartenjagen.serialize.reading import FormatError, ask_module, format_error, key_path, show_json
from hartenjagen.serialize.states import card_ids, card_text, encode_fields, state_keys
from hartenjagen.state import HandResult, Phase, State
from hartenjagen.table import Table


def replay(doc: StateFields, data: Mapping[str, object] | None, path: str) -> State:
    """The state the engine reaches by replaying ``doc``'s hand; a FormatError at the first difference.

    ``data`` is the document's JSON object (``doc`` its decoded fields; ``None``:
    written from ``doc`` when needed), ``path`` where it stands.
    """
    n = doc.table.players
    for i, trick in enumerate(doc.tricks):
        if len(trick.cards) != n:
            where = f"{key_path(path, 'tricks')}[{i}].cards"
            raise format_error(where, f"holds {len(trick.cards)} cards; a trick of {n} players has {n}")
    if len(doc.trick_cards) >= n:
        raise format_error(
            key_path(path, "trick"), f"holds {len(doc.trick_cards)} cards; a trick of {n} is complete at {n}"
        )
    if doc.table.copies > 1:
        _each_copy_once(doc, path)
    earlier = _earlier_lines(doc, path)
    state = _hand_start(doc, earlier, path)
    # What the deal fixes is compared first: a wrong deal is named as such, not by the first move it spoils.
    # The fields are compared as they are (quick); only a difference is looked for in the written form.
    start = fields(state)
    if any(getattr(start, name) != getattr(doc, name) for name in _DEALT_FIELDS):
        data = encode_fields(doc, path) if data is None else data
        _compare(data, encode_fields(start, path), path, _DEALT_KEYS)
    state = _replay_hand(state, doc, len(earlier), path)
    if fields(state) != doc:
        data = encode_fields(doc, path) if data is None else data
        _compare(data, encode_fields(fields(state), path), path)
    return state


# ---------------------------------------------------------------- the score sheet before this hand


def _earlier_lines(doc: StateFields, path: str) -> tuple[HandResult, ...]:
    """The lines of the hands before the current one, checked as far as a state can check them."""
    sheet = doc.score_sheet
    at_sheet = key_path(path, "score_sheet")
    if doc.phase is Phase.GAME_OVER:
        if not sheet:
            raise format_error(at_sheet, "the game is over, but no hand has been scored")
        earlier = sheet[:-1]  # the last line is the current hand's: the replay scores it
    else:
        earlier = sheet
    n = doc.table.players
    rules = doc.table.rules
    options = ask_module(key_path(path, "rules"), "list the moon options", rules.moon.options)
    totals = (0,) * n
    previous: HandResult | None = None
    for i, line in enumerate(earlier):
        where = f"{at_sheet}[{i}]"
        for key in ("raw", "points", "totals"):
            if len(getattr(line, key)) != n:
                raise format_error(key_path(where, key), f"lists {len(getattr(line, key))} seats, not {n}")
        _seat(line.dealer, key_path(where, "dealer"), n)
        for key in ("shooter", "revoke"):
            value = getattr(line, key)
            if value is not None:
                _seat(value, key_path(where, key), n)
        for j, seat in enumerate(line.announcers):
            _seat(seat, f"{key_path(where, 'announcers')}[{j}]", n)
            if seat in line.announcers[:j]:
                raise format_error(f"{key_path(where, 'announcers')}[{j}]", f"seat {seat} is listed twice")
        if line.moon_choice is not None:
            if line.shooter is None:
                raise format_error(key_path(where, "moon_choice"), "a moon choice without a shooter")
            if line.moon_choice not in options:
                raise format_error(
                    key_path(where, "moon_choice"),
                    f"{line.moon_choice.value} is not an option of these rules",
                )
        if line.revoke is not None:
            if line.shooter is not None:
                raise format_error(key_path(where, "shooter"), "a hand voided by a revoke has no shooter")
            if any(line.raw):
                raise format_error(key_path(where, "raw"), "a hand voided by a revoke scores no card points")
        if previous is None:
            if not 0 <= line.hand_index < 1 << 31:  # new_game(hand_index=...) may start anywhere
                raise format_error(
                    key_path(where, "hand_index"), f"hand {line.hand_index} cannot be: hands count from 0"
                )
        else:
            step = 0 if previous.revoke is not None else 1
            if line.hand_index != previous.hand_index + step:
                raise format_error(
                    key_path(where, "hand_index"),
                    f"expected hand {previous.hand_index + step} after the line before",
                )
            if line.dealer != (previous.dealer + step) % n:
                raise format_error(
                    key_path(where, "dealer"),
                    f"expected dealer {(previous.dealer + step) % n}: the deal passes to the left",
                )
        for seat in range(n):
            if line.totals[seat] != totals[seat] + line.points[seat]:
                raise format_error(
                    f"{key_path(where, 'totals')}[{seat}]",
                    f"{line.totals[seat]} is not the previous total {totals[seat]} "
                    f"plus the hand's {line.points[seat]} points",
                )
        totals = line.totals
        previous = line
    try:
        check_lines(
            doc._replace(score_sheet=earlier),
            lambda key, what, call, *args: ask_module(key_path(path, key), what, call, *args),
        )
    except SheetProblem as problem:
        raise format_error(key_path(f"{at_sheet}[{problem.index}]", problem.key), problem.problem) from None
    if earlier and ask_module(
        at_sheet, "say whether the game is over", rules.ending.is_over, totals, earlier
    ):
        where = f"{at_sheet}[{len(earlier)}]" if len(sheet) > len(earlier) else key_path(path, "phase")
        raise format_error(where, "the rules' ending is reached after the lines before: the game is over")
    return earlier


def _each_copy_once(doc: StateFields, path: str) -> None:
    """In a double deck, no copy of a card stands in two places (the comparison takes copies as alike)."""
    areas: list[tuple[str, list[int]]] = []
    for key, masks in (("hands", doc.hand_masks), ("passing", doc.passed_masks), ("taken", doc.taken_masks)):
        areas += [(f"{key_path(path, key)}[{seat}]", card_ids(mask)) for seat, mask in enumerate(masks)]
    areas += [
        (key_path(path, "trick"), list(doc.trick_cards)),
        (key_path(path, "carry_over"), card_ids(doc.carry)),
    ]
    seen: dict[int, str] = {}
    for base, cards in areas:
        for i, p in enumerate(cards):
            where = f"{base}[{i}]"
            if p in seen:
                raise format_error(where, f"{card_text(p)} is in two places (also at {seen[p]})")
            seen[p] = where


def _seat(value: int, where: str, n: int) -> None:
    if not 0 <= value < n:
        raise format_error(where, f"{value} is not a seat: seats are 0 to {n - 1}")


# ---------------------------------------------------------------- the start of the hand


def _hand_start(doc: StateFields, earlier: tuple[HandResult, ...], path: str) -> State:
    """The state as the engine deals the current hand, after the ``earlier`` lines of the sheet."""
    table = doc.table
    n = table.players
    if doc.seed.bit_length() > SEED_BITS:
        raise format_error(
            key_path(path, "seed"), f"a seed has at most {SEED_BITS} bits, not {doc.seed.bit_length()}"
        )
    if not earlier:  # the first deal of the game: new_game, with the seed's deal or the one given
        _seat(doc.dealer, key_path(path, "dealer"), n)
        if not 0 <= doc.hand_index < 1 << 31:
            raise format_error(
                key_path(path, "hand_index"), f"hand {doc.hand_index} cannot be: hands count from 0"
            )
        ask = (doc.table.rules, doc.seed, doc.dealer, doc.secret_seed, doc.hand_index)
        seeded = ask_module(path, "deal", _start, *ask, None)
        if fields(seeded).dealt_masks == doc.dealt_masks:
            return seeded
        deal = [_cards(mask, table) for mask in doc.dealt_masks]
        try:
            return _start(*ask, deal)
        except FormatError:
            raise
        except Exception as error:  # SetupError: not a deal of this pack
            raise format_error(
                key_path(path, "dealt"), f"not a deal the game can start with: {error}"
            ) from None
    last = earlier[-1]
    step = 0 if last.revoke is not None else 1  # a hand voided by a revoke is dealt again
    hand_index, dealer = last.hand_index + step, (last.dealer + step) % n
    deals = len(earlier)
    hands = ask_module(key_path(path, "dealt"), "deal", shuffle_deal, table, doc.seed, deals, dealer)
    return ask_module(
        path,
        "deal",
        start_hand,
        *(table, hand_index, dealer, hands, last.totals, earlier, doc.seed, deals + 1, None, doc.secret_seed),
    )


def _start(rules: object, seed: int, dealer: int, secret: bool, hand_index: int, deal: object) -> State:
    return start(rules, seed=seed, deal=deal, dealer=dealer, secret=secret, hand_index=hand_index)  # type: ignore[arg-type]


def _cards(mask: int, table: Table) -> list[Card]:
    return [table.card_of[p] for p in card_ids(mask)]


# ---------------------------------------------------------------- the moves of the hand


def _replay_hand(state: State, doc: StateFields, scored: int, path: str) -> State:
    """Apply the passes, announcements, plays and moon choice ``doc`` records for its hand."""
    table = doc.table
    n = table.players
    at_exchanges = key_path(path, "exchanges")
    for stage, (given, _) in enumerate(doc.pass_log):
        where = f"{at_exchanges}[{stage}].given"
        for seat in range(n):
            if given[seat]:
                state = _apply(state, Pass(seat, _cards(given[seat], table)), f"{where}[{seat}]")
        if len(fields(state).pass_log) <= stage:  # a seat did not pass: the stage never ended
            seat = state.to_move[0] if state.to_move else 0
            raise format_error(
                f"{where}[{seat}]",
                f"seat {seat} passes {state.pass_count} cards in this stage of the exchange, not none",
            )
    for seat, chosen in enumerate(doc.passed_masks):
        if chosen:
            state = _apply(state, Pass(seat, _cards(chosen, table)), f"{key_path(path, 'passing')}[{seat}]")
    answered = n - doc.pending.bit_count() if doc.phase is Phase.ANNOUNCING else n
    for _ in range(answered):
        if state.phase is not Phase.ANNOUNCING:
            break
        seat = state.to_move[0]
        state = _apply(state, Announce(seat, seat in doc.announcers), key_path(path, "announcers"))
    plays = [
        (f"{key_path(path, 'tricks')}[{i}].cards[{j}]", card)
        for i, trick in enumerate(doc.tricks)
        for j, card in enumerate(trick.cards)
    ]
    plays += [(f"{key_path(path, 'trick')}[{j}]", table.card_of[p]) for j, p in enumerate(doc.trick_cards)]
    for where, card in plays:
        if state.phase is not Phase.PLAYING:
            raise format_error(
                where, f"{card} cannot be played: after the moves before it, the game is {state.phase.value}"
            )
        state = _apply(state, Play(state.to_move[0], card), where)
    # The current hand's line, when the replay scores it: the game is over after it.
    line = doc.score_sheet[scored] if doc.phase is Phase.GAME_OVER and len(doc.score_sheet) > scored else None
    where = f"{key_path(path, 'score_sheet')}[{scored}]"
    if line is not None and line.revoke is not None and state.phase is Phase.PLAYING:
        # The game ended on a revoke: the revoking card is not kept (any card the rules refuse voids the hand).
        state = _revoke(state, line.revoke, key_path(where, "revoke"))
    if line is not None and line.moon_choice is not None and state.phase is Phase.MOON_CHOICE:
        state = _apply(state, MoonChoice(state.to_move[0], line.moon_choice), key_path(where, "moon_choice"))
    return state


def _revoke(state: State, revoker: int, where: str) -> State:
    seat = state.to_move[0]
    if seat != revoker:
        raise format_error(where, f"seat {revoker} could not have revoked: seat {seat} was to play")
    legal = {move.card for move in legal_moves(state) if isinstance(move, Play)}
    wrong = next((card for card in state.hands[seat] if card not in legal), None)
    if wrong is None:
        raise format_error(where, f"seat {seat} could not have revoked: it may play every card it holds")
    return _apply(state, Play(seat, wrong), where)


def _apply(state: State, move: Move, where: str) -> State:
    try:
        return apply(state, move)
    except IllegalMoveError as error:
        raise format_error(where, f"seat {move.seat} could not have {_did(move)}: {error}") from None
    except FormatError:
        raise
    except Exception as error:  # a rule module's hook failed
        raise format_error(where, f"the rules cannot replay this move ({_did(move)}): {error}") from error


def _did(move: Move) -> str:
    if isinstance(move, Play):
        return f"played {move.card}"
    if isinstance(move, Pass):
        return "passed " + " ".join(str(card) for card in move.cards)
    if isinstance(move, Announce):
        return "announced" if move.announce else "declined to announce"
    return f"chosen {move.option.value} for the moon"


# ---------------------------------------------------------------- the comparison


#: The fields the start of a hand fixes: the same before and after its moves.
_DEALT_KEYS: Final = ("hand_index", "dealer", "seed", "deal_count", "dealt", "pass_direction", "secret_seed")
_DEALT_FIELDS: Final = (
    "hand_index", "dealer", "seed", "deal_count", "dealt_masks", "pass_direction", "secret_seed",
)  # fmt: skip


def _compare(
    data: Mapping[str, object], replayed: Mapping[str, object], path: str, keys: Sequence[str] = ()
) -> None:
    """Raise a FormatError at the first field (of ``keys``, or all) where the document differs from the replay."""
    for key in keys or state_keys():
        if key == "rules":  # the replay ran under the document's own rules
            continue
        found = _difference(data[key], replayed[key], key_path(path, key))
        if found is not None:
            where, mine, theirs = found
            raise format_error(
                where,
                f"the document has {_shown(mine)}, but replaying the game gives {_shown(theirs)}"
                + _cards_apart(mine, theirs),
            )


def _difference(doc: object, replayed: object, path: str) -> tuple[str, object, object] | None:
    """The path and both values of the first difference between two JSON values, or ``None``."""
    if isinstance(doc, dict) and isinstance(replayed, dict):
        for key, value in replayed.items():
            found = _difference(doc.get(key), value, key_path(path, key))
            if found is not None:
                return found
        return None
    if isinstance(doc, list) and isinstance(replayed, list):
        if _flat(doc) and _flat(replayed) and not _numbers(doc, replayed):
            if doc == replayed or _alike(doc, replayed):
                return None
            # A list of cards or seats is shown whole; the path names its first item that differs.
            i = next(
                (i for i, (a, b) in enumerate(zip(doc, replayed, strict=False)) if a != b), len(replayed)
            )
            return (f"{path}[{i}]" if i < len(doc) else path), doc, replayed
        for i, (mine, theirs) in enumerate(zip(doc, replayed, strict=False)):
            found = _difference(mine, theirs, f"{path}[{i}]")
            if found is not None:
                return found
        return None if len(doc) == len(replayed) else (path, doc, replayed)
    if type(doc) is type(replayed) and doc == replayed:
        return None
    return path, doc, replayed


def _alike(doc: list[object], replayed: list[object]) -> bool:
    """Two lists of the same cards, maybe other copies of them (``"QS#2"`` for ``"QS"``).

    Copies of a card are alike: which copy a seat was dealt or played is the
    core's business (a determinized world may hand out copies its own way).
    """
    if len(doc) != len(replayed) or not all(isinstance(x, str) for x in (*doc, *replayed)):
        return False
    return [str(x).partition("#")[0] for x in doc] == [str(x).partition("#")[0] for x in replayed]


def _flat(items: list[object]) -> bool:
    return all(not isinstance(item, list | dict) for item in items)


def _numbers(doc: list[object], replayed: list[object]) -> bool:
    """Two lists of numbers of one length (scores, points): compared seat by seat."""
    return len(doc) == len(replayed) and all(type(x) is int for x in (*doc, *replayed))


def _shown(value: object) -> str:
    if isinstance(value, list) and _flat(value) and all(isinstance(item, str) for item in value):
        return "[" + " ".join(str(item) for item in value) + "]"
    return show_json(value, 80)


def _cards_apart(mine: object, theirs: object) -> str:
    """For two lists of cards: which cards only one of them holds."""
    if not (isinstance(mine, list) and isinstance(theirs, list)):
        return ""
    if not all(isinstance(item, str) for item in (*mine, *theirs)):
        return ""
    extra = [card for card in mine if card not in theirs]
    lacking = [card for card in theirs if card not in mine]
    parts = []
    if extra:
        parts.append(f"only in the document: {' '.join(map(str, extra))}")
    if lacking:
        parts.append(f"only in the replay: {' '.join(map(str, lacking))}")
    return f" ({'; '.join(parts)})" if parts else ""
