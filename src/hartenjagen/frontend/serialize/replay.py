"""Validating a loaded state by replaying its whole game through the engine (internal).

A state document holds the whole game: how it began (the seed, or the
explicit chance outcomes), every finished hand in ``history`` (its deal, route,
exchange, announcements and cards played) and the current hand (its deal,
exchange, announcements and tricks). Loading replays all of it through the
public engine:

1. the game starts as ``new_game`` starts it (here `hartenjagen.engine.start`),
   with the seed, the explicit first deal the document gives, or explicit chance;
2. every hand is dealt by the engine (from the seed, or from the document's
   deal as chance outcomes), and every pass, announcement, play, revoke and
   moon choice the document records is applied with `apply`, so an illegal
   one is refused where it stands (``$.history[2].tricks[3].cards[1]``);
3. the state reached is written out and compared with the document field by
   field, the score sheet and the history included; the first difference is
   refused with its JSON path and both values.

The state ``loads`` returns is the replayed one: every state it accepts is one
the engine reached, with every line of its score sheet scored by the engine.
It costs time linear in the length of the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, cast

from hartenjagen.cards import AnyCard
from hartenjagen.core import (
    DEAL_NODE,
    DIRECTION_NODE,
    DRAW_NODE,
    FIRST_DEALER_NODE,
    POOL_NODE,
    State,
    StateFields,
    Table,
    apply,  # typed object: checks any value
    fields,
    node_of,
)
from hartenjagen.engine import SEED_BITS, legal_moves, new_game, start
from hartenjagen.errors import IllegalMoveError
from hartenjagen.frontend.serialize.codecs import cannot_save
from hartenjagen.frontend.serialize.masks import card_ids, card_text
from hartenjagen.frontend.serialize.reading import (
    FormatError,
    Json,
    ask_module,
    check_keys,
    format_error,
    key_path,
    loose_count,
    show_json,
)
from hartenjagen.frontend.serialize.registry import Entry
from hartenjagen.frontend.serialize.states import (
    ChanceDoc,
    RecordedHand,
    StateDoc,
    decode_fields,
    encode_fields,
    finished_hands,
    played_tricks,
    state_keys,
    unfinished_trick,
)
from hartenjagen.moves import Announce, MoonChoice, Move, Pass, Play, trusted_pass
from hartenjagen.outcomes import Deal, DealCard, DrawnDirection, PoolCard, PoolOrder
from hartenjagen.values import HandResult, Phase


def replay(
    doc: StateDoc, data: Mapping[str, object] | None, path: str, loose_before: int | None = None
) -> State:
    """The state the engine reaches by replaying ``doc``'s game; a FormatError at the first difference.

    ``data`` is the document's JSON object (``None``: written from ``doc`` when
    needed), ``path`` where it stands. ``loose_before`` is `loose_count` before
    ``doc`` was decoded (``None``: ``doc`` was not decoded from ``data``, whose
    written form is then compared).
    """
    if loose_before is None:
        loose_before = -1  # never equal: compare the written forms
    f = doc.fields
    n = f.table.players
    for i, trick in enumerate(f.tricks):
        # Under a deck that draws to follow a seat out of cards has dropped out: fewer cards (the replay checks them).
        if len(trick.cards) != n and not (f.table.follow_draws and 0 < len(trick.cards) < n):
            where = f"{key_path(path, 'tricks')}[{i}].cards"
            raise format_error(where, f"holds {len(trick.cards)} cards; a trick of {n} players has {n}")
    if len(f.trick_cards) >= n:
        raise format_error(
            key_path(path, "trick"), f"holds {len(f.trick_cards)} cards; a trick of {n} is complete at {n}"
        )
    if f.table.copies > 1:
        _each_copy_once(f, path)
    if f.seed.bit_length() > SEED_BITS:
        raise format_error(
            key_path(path, "seed"), f"a seed has at most {SEED_BITS} bits, not {f.seed.bit_length()}"
        )
    expected = finished_hands(f)
    if expected < 0:
        raise format_error(key_path(path, "score_sheet"), "the game is over, but no hand has been scored")
    if len(doc.history) != expected:
        raise format_error(
            key_path(path, "history"),
            f"lists {len(doc.history)} finished hands, but the score sheet has {expected} before this hand:"
            " a state keeps every hand of its game",
        )
    if data is None:
        data = encode_fields(f, path)
    run = _Replay(doc, data, path)
    run.canonical = loose_count() == loose_before
    state = run.run()
    if run.canonical and loose_count() == loose_before and _agrees(doc, state):
        # Every value was read in the form dumps writes, so equal values are equal texts: the document
        # is what dumps writes of the replayed state, with no need to write it out.
        return state
    # The fields are compared in their written form, which names the first difference with its path.
    written = encode_fields(fields(state), path)
    _compare(data, written, path, _DEALT_KEYS)
    _compare(data, written, path, ("history", "score_sheet"))  # a wrong line before the totals it spoils
    _compare(data, written, path)
    return state


class _Replay:
    """One replay of a document's game: the engine's states, from the first deal to the document's position."""

    def __init__(self, doc: StateDoc, data: Mapping[str, object], path: str) -> None:
        self.doc = doc
        self.data = data
        self.f = doc.fields
        self.table: Table = doc.fields.table
        self.path = path
        first = doc.history[0] if doc.history else None
        #: the first hand's number and dealer: the history's first hand's, or the current hand's
        self.hand_index = first.hand_index if first is not None else self.f.hand_index
        self.dealer = first.dealer if first is not None else self.f.dealer
        self.explicit = doc.chance is not None
        self.now = self.current()
        #: whether the decoders took every value in the form dumps writes (see `replay`)
        self.canonical = True

    def run(self) -> State:
        state = self.start()
        for i, hand in enumerate(self.doc.history):
            where = f"{key_path(self.path, 'history')}[{i}]"
            line = self.f.score_sheet[i]
            if state.is_over:
                raise format_error(
                    where, "the game is over after the hands before it: the rules' ending is reached"
                )
            state = self.settle(state, hand, where, current=False)
            for key, recorded, replayed in (
                ("hand_index", hand.hand_index, state.hand_index),
                ("dealer", hand.dealer, state.dealer),
            ):
                if recorded != replayed:
                    raise format_error(
                        key_path(where, key),
                        f"the document has {recorded}, but replaying the game gives {replayed}",
                    )
            self.check_deal(state, hand.dealt, key_path(where, "dealt"))
            before = len(state.score_sheet)
            n = self.table.players
            state = self.moves(state, hand, (0,) * n, n, line, where)
            if len(state.score_sheet) == before:
                raise format_error(where, "the moves of this hand do not finish it")
        if state.is_over and self.f.phase is not Phase.GAME_OVER:
            raise format_error(
                key_path(self.path, "phase"),
                "the game is over after the hands before this one: the rules' ending is reached",
            )
        state = self.settle(state, self.now, self.path, current=True)
        if state.phase is Phase.CHANCE:
            return state
        # What the deal fixes is compared before the moves: a wrong deal is named as such, not by a move it spoils.
        if not self.canonical or not _fields_agree(self.f, fields(state), _DEALT_FIELDS):
            _compare(self.data, encode_fields(fields(state), self.path), self.path, _DEALT_KEYS)
        n = self.table.players
        announced = n - self.f.pending.bit_count() if self.f.phase is Phase.ANNOUNCING else n
        last = self.f.score_sheet[-1] if self.f.phase is Phase.GAME_OVER and self.f.score_sheet else None
        return self.moves(state, self.now, self.f.passed_masks, announced, last, self.path)

    # ------------------------------------------------------------ dealing

    def start(self) -> State:
        """The first state of the game, as ``new_game`` gives it."""
        f, table = self.f, self.table
        n = table.players
        _seat(self.dealer, key_path(self.path, "dealer"), n)
        if not 0 <= self.hand_index < 1 << 31:
            raise format_error(
                key_path(self.path, "hand_index"), f"hand {self.hand_index} cannot be: hands count from 0"
            )
        rules = table.rules
        if self.explicit:
            chance = self.doc.chance
            cut = not self.doc.history and chance is not None and chance.waiting == FIRST_DEALER_NODE
            dealer: int | str = "cut" if cut else self.dealer
            return ask_module(self.path, "start", _explicit, rules, dealer, self.hand_index)
        history = key_path(self.path, "history")
        first = self.doc.history[0].dealt if self.doc.history else f.dealt_masks
        where = key_path(f"{history}[0]", "dealt") if self.doc.history else key_path(self.path, "dealt")
        ask = (rules, f.seed, self.dealer, f.secret_seed, self.hand_index)
        seeded = ask_module(self.path, "deal", _start, *ask, None)
        if fields(seeded).dealt_masks == first:  # else the first deal was given to new_game
            return seeded
        try:
            return _start(*ask, [_cards(mask, table) for mask in first])
        except FormatError:
            raise
        except Exception as error:  # SetupError: not a deal of this pack
            raise format_error(where, f"not a deal the game can start with: {error}") from None

    def check_deal(self, state: State, dealt: tuple[int, ...], where: str) -> None:
        """The engine dealt ``dealt`` (a seeded game deals every hand but the first from its seed)."""
        table = self.table
        got = fields(state).dealt_masks
        if got == dealt:
            return
        for seat in range(table.players):
            mine, theirs = _cards(dealt[seat], table), _cards(got[seat], table)
            if mine != theirs:
                raise format_error(
                    f"{where}[{seat}]",
                    f"the document has [{' '.join(map(str, mine))}], but the game deals "
                    f"[{' '.join(map(str, theirs))}]",
                )

    def current(self) -> RecordedHand:
        """The current hand, as the replay reads it from the document's fields."""
        f = self.f
        return RecordedHand(
            f.hand_index, f.dealer, f.dealt_masks, f.pass_direction, f.pass_log, f.announcers, f.tricks,
            f.trick_cards, tuple([f.table.card_of[p] for p in f.trick_cards]), self.path, drawn=f.drawn,
            announced=f.announced,
        )  # fmt: skip

    def settle(self, state: State, hand: RecordedHand, where: str, *, current: bool) -> State:
        """Answer every chance node of a game with explicit chance from what the document recorded."""
        for _ in range(4 * len(self.table.pack) + 64):
            if state.phase is not Phase.CHANCE:
                return state
            outcome = self.outcome(state, hand, current)
            if outcome is None:  # the document waits here
                return state
            state = _apply(state, outcome, key_path(where, "chance"))
        raise format_error(key_path(where, "chance"), "chance nodes without end")  # pragma: no cover

    def outcome(self, state: State, hand: RecordedHand, current: bool) -> object | None:
        """The chance outcome the document recorded at the node ``state`` waits at (``None``: it waits there)."""
        table = self.table
        n = table.players
        kind, _, answers, order = node_of(state)
        chance = self.doc.chance
        if (
            kind == FIRST_DEALER_NODE
        ):  # the replay cuts for the dealer only when the document waits for the cut
            return None
        if kind == DEAL_NODE:
            dealt = [list(_cards(mask, table)) for mask in hand.dealt]
            if sum(len(cards) for cards in dealt) == len(table.pack) and not any(state.dealt):
                return Deal(dealt)
            given = sum(len(cards) for cards in state.dealt)
            seat = (state.dealer + 1 + given) % n
            left = list(dealt[seat])
            for card in state.dealt[seat]:
                if card in left:
                    left.remove(card)
            return DealCard(left[0]) if left else None
        if kind == DRAW_NODE:  # the next card the document says was drawn (``None``: it waits here)
            done = len(fields(state).drawn)
            return DealCard(table.card_of[hand.drawn[done]]) if done < len(hand.drawn) else None
        if kind == DIRECTION_NODE:
            if current and chance is not None and chance.waiting == DIRECTION_NODE:
                drawn = chance.drawn
                return DrawnDirection(drawn[len(answers)]) if len(answers) < len(drawn) else None
            return DrawnDirection(hand.route)
        if kind == POOL_NODE:
            stage = state.pass_stage
            if stage < len(hand.pass_log):
                pool = _pool_order(state, hand.pass_log[stage][1], table)
                return PoolOrder(pool) if not order else PoolCard(pool[len(order)])
            if (
                current
                and chance is not None
                and chance.waiting == POOL_NODE
                and len(order) < len(chance.drawn)
            ):
                return PoolCard(table.card_of[cast(int, chance.drawn[len(order)])])
        return None

    # ------------------------------------------------------------ the moves of a hand

    def moves(
        self,
        state: State,
        hand: RecordedHand,
        choosing: tuple[int, ...],
        announced: int,
        line: HandResult | None,
        where: str,
    ) -> State:
        """Apply the passes, announcements and plays of ``hand``, then its revoke or moon choice (``line``)."""
        table = self.table
        n = table.players
        at_exchanges = key_path(where, "exchanges")
        for stage, (given, _) in enumerate(hand.pass_log):
            given_at = f"{at_exchanges}[{stage}].given"
            for seat in range(n):
                if given[seat]:
                    state = self.step(
                        state,
                        trusted_pass(seat, tuple(_cards(given[seat], table))),
                        f"{given_at}[{seat}]",
                        hand,
                    )
            if state.phase is Phase.PASSING and state.pass_stage <= stage:  # a seat did not pass
                seat = state.to_move[0] if state.to_move else 0
                raise format_error(
                    f"{given_at}[{seat}]",
                    f"seat {seat} passes {state.pass_count} cards in this stage of the exchange, not none",
                )
        for seat, chosen in enumerate(choosing):
            if chosen:
                state = self.step(
                    state,
                    trusted_pass(seat, tuple(_cards(chosen, table))),
                    f"{key_path(where, 'passing')}[{seat}]",
                    hand,
                )
        if table.announcing_choices:
            state = self.choices(state, hand, where, announced < n)
        for _ in range(0 if table.announcing_choices else announced):
            if state.phase is not Phase.ANNOUNCING:
                break
            seat = state.to_move[0]
            state = self.step(
                state, Announce(seat, seat in hand.announcers), key_path(where, "announcers"), hand
            )
        plays, playing, chance, play = table.plays, Phase.PLAYING, Phase.CHANCE, apply  # locals: a hot loop
        for k, card in enumerate(hand.plays):
            phase = state.phase
            if phase is not playing:
                if phase is chance and node_of(state)[0] in (
                    POOL_NODE,
                    DRAW_NODE,
                ):  # a pool dealt back, a draw
                    state = self.settle(state, hand, hand.play_path(k - 1), current=hand is self.now)
                    phase = state.phase
                if phase is not playing:
                    raise format_error(
                        hand.play_path(k),
                        f"{card} cannot be played: after the moves before it, the game is {phase.value}",
                    )
            move = plays[state.to_move[0]][card.index]
            try:
                state = play(state, move)
            except Exception:
                # apply changes nothing it refuses: again, to say why at the card's path (named only now).
                state = _apply(state, move, hand.play_path(k))
        if hand.plays and state.phase is chance and node_of(state)[0] in (POOL_NODE, DRAW_NODE):
            state = self.settle(state, hand, hand.play_path(len(hand.plays) - 1), current=hand is self.now)
        if line is None or (line.revoke is None and line.moon_choice is None):
            return state
        at_line = f"{key_path(self.path, 'score_sheet')}[{self.f.score_sheet.index(line)}]"
        if line.revoke is not None and state.phase is Phase.PLAYING:
            # The hand was voided by a revoke: which card was played against the rules changes nothing.
            state = _revoke(state, line.revoke, key_path(at_line, "revoke"))
        if line.moon_choice is not None and state.phase is Phase.MOON_CHOICE:
            state = _apply(
                state, MoonChoice(state.to_move[0], line.moon_choice), key_path(at_line, "moon_choice")
            )
        return state

    def choices(self, state: State, hand: RecordedHand, where: str, unfinished: bool) -> State:
        """Replay an announcement round of choices: each seat's recorded choices, then its no.

        A seat in ``announcers`` with no recorded choice said a plain yes. In the current
        hand (``unfinished``) the round stops where the document's seat to move is, its
        choices all made.
        """
        at = key_path(where, "announced")
        todo = list(hand.announced)
        waiting = self.f.pending if unfinished else 0
        while state.phase is Phase.ANNOUNCING:
            seat = state.to_move[0]
            if todo and todo[0][0] == seat:
                state = self.step(state, Announce(seat, True, todo.pop(0)[1]), at, hand)
                continue
            if unfinished and not todo and waiting >> seat & 1:
                break
            chose = any(who == seat for who, _ in hand.announced)
            yes = seat in hand.announcers and not chose
            state = self.step(state, Announce(seat, yes), key_path(where, "announcers"), hand)
        if todo:
            raise format_error(at, f"seat {todo[0][0]} cannot announce {todo[0][1]!r} here")
        return state

    def step(self, state: State, move: Move, where: str, hand: RecordedHand) -> State:
        """Apply ``move``; answer a chance node it leads to inside the hand (a pool dealt back)."""
        state = _apply(state, move, where)
        if state.phase is Phase.CHANCE and node_of(state)[0] == POOL_NODE:  # not the next hand's deal
            state = self.settle(state, hand, where, current=hand is self.now)
        return state


def _explicit(rules: object, dealer: int | str, hand_index: int) -> State:
    return new_game(rules, chance="explicit", dealer=dealer, hand_index=hand_index)  # type: ignore[arg-type]


def _start(rules: object, seed: int, dealer: int, secret: bool, hand_index: int, deal: object) -> State:
    return start(rules, seed=seed, deal=deal, dealer=dealer, secret=secret, hand_index=hand_index)  # type: ignore[arg-type]


def _cards(mask: int, table: Table) -> list[AnyCard]:
    """The cards of ``mask`` in written order: by card index, copies together (a pass's order, as ``Pass`` sorts)."""
    return [table.card_of[p] for p in card_ids(mask, table)]


def _pool_order(state: State, received: tuple[int, ...], table: Table) -> list[AnyCard]:
    """An order of a pool that deals each seat the cards it received: one at a time clockwise from eldest."""
    n = table.players
    piles = {seat: _cards(received[seat], table) for seat in range(n) if received[seat]}
    order: list[AnyCard] = []
    receivers = [(state.dealer + step) % n for step in range(1, n + 1) if (state.dealer + step) % n in piles]
    while any(piles.values()):
        for seat in receivers:
            if piles[seat]:
                order.append(piles[seat].pop(0))
    return order


def _each_copy_once(doc: object, path: str) -> None:
    """In a double deck, no copy of a card stands in two places (the comparison takes copies as alike)."""
    areas: list[tuple[str, list[int]]] = []
    table: Table = doc.table  # type: ignore[attr-defined]
    for key, masks in (("hands", doc.hand_masks), ("passing", doc.passed_masks), ("taken", doc.taken_masks)):  # type: ignore[attr-defined]
        areas += [
            (f"{key_path(path, key)}[{seat}]", card_ids(mask, table)) for seat, mask in enumerate(masks)
        ]
    areas += [
        (key_path(path, "trick"), list(doc.trick_cards)),  # type: ignore[attr-defined]
        (key_path(path, "carry_over"), card_ids(doc.carry, table)),  # type: ignore[attr-defined]
    ]
    seen: dict[int, str] = {}
    for base, cards in areas:
        for i, p in enumerate(cards):
            where = f"{base}[{i}]"
            if p in seen:
                raise format_error(where, f"{card_text(p, table)} is in two places (also at {seen[p]})")
            seen[p] = where


def _seat(value: int, where: str, n: int) -> None:
    if not 0 <= value < n:
        raise format_error(where, f"{value} is not a seat: seats are 0 to {n - 1}")


def _revoke(state: State, revoker: int, where: str) -> State:
    seat = state.to_move[0]
    if seat != revoker:
        raise format_error(where, f"seat {revoker} could not have revoked: seat {seat} was to play")
    legal = {move.card for move in legal_moves(state) if isinstance(move, Play)}
    wrong = next((card for card in state.hands[seat] if card not in legal), None)
    if wrong is None:
        raise format_error(where, f"seat {seat} could not have revoked: it may play every card it holds")
    return _apply(state, Play(seat, wrong), where)


def _apply(state: State, move: object, where: str) -> State:
    try:
        return apply(state, move)
    except IllegalMoveError as error:
        raise format_error(where, f"{_did(move)} is not possible: {error}") from None
    except FormatError:
        raise
    except Exception as error:  # a rule module's hook failed
        raise format_error(where, f"the rules cannot replay this move ({_did(move)}): {error}") from error


def _did(move: object) -> str:
    if isinstance(move, Play):
        return f"seat {move.seat} playing {move.card}"
    if isinstance(move, Pass):
        return f"seat {move.seat} passing " + " ".join(str(card) for card in move.cards)
    if isinstance(move, Announce):
        return f"seat {move.seat} " + ("announcing" if move.announce else "declining to announce")
    if isinstance(move, MoonChoice):
        return f"seat {move.seat} choosing {move.option.value} for the moon"
    return f"the chance outcome {move!r}"


# ---------------------------------------------------------------- the comparison


#: The fields the start of a hand fixes: compared first, so a wrong deal is named as such.
_DEALT_KEYS: Final = ("hand_index", "dealer", "seed", "deal_count", "dealt", "pass_direction", "secret_seed")
#: The same, as `StateFields` names them.
_DEALT_FIELDS: Final = (
    "hand_index",
    "dealer",
    "seed",
    "deal_count",
    "dealt_masks",
    "pass_direction",
    "secret_seed",
)
#: The fields compared as decoded values by `_agrees` (the rules are the document's own; history and chance apart).
_VALUE_FIELDS: Final = tuple(
    name for name in StateFields._fields if name not in ("table", "history", "chance")
)


def _fields_agree(mine: StateFields, replayed: StateFields, names: Sequence[str]) -> bool:
    """Whether the fields ``names`` hold equal values (of one type: a bool is not the number 1)."""
    for name in names:
        a, b = getattr(mine, name), getattr(replayed, name)
        if type(a) is not type(b) or a != b:
            return False
    return True


def _agrees(doc: StateDoc, state: State) -> bool:
    """Whether the document's decoded values are the replayed state's, history and chance included.

    Decoded values that are equal are written alike (writing is a function of
    the value), so for a document whose every value was read in the written
    form this is the comparison of written forms, without writing the replay
    out. Copies of a card count as different here (``QS#2`` for ``QS``): the
    comparison of written forms decides those.
    """
    f, g = doc.fields, fields(state)
    if not _fields_agree(f, g, _VALUE_FIELDS) or len(doc.history) != len(g.history):
        return False
    if doc.chance != _chance_doc(g.chance):
        return False
    table = g.table
    for mine, played in zip(doc.history, g.history, strict=True):
        if (
            mine.hand_index != played.hand_index
            or mine.dealer != played.dealer
            or mine.dealt != played.dealt
            or mine.route != played.direction
            or mine.pass_log != played.pass_log
            or mine.announcers != played.announcers
            or mine.announced != played.announced
            or mine.unfinished != unfinished_trick(played, table)
            or mine.tricks != played_tricks(played, table)
        ):
            return False
    return True


def _chance_doc(node: object) -> ChanceDoc | None:
    """A state's chance node as a document records it (`doc_of` reads it the same way)."""
    if node is None:
        return None
    kind, _, answers, order = cast(tuple[int, object, tuple[object, ...], tuple[int, ...]], node)
    return ChanceDoc(kind, tuple(answers) if kind == DIRECTION_NODE else tuple(order))


def _compare(
    data: Mapping[str, object], replayed: Mapping[str, object], path: str, keys: Sequence[str] = ()
) -> None:
    """Raise a FormatError at the first field (of ``keys``, or all) where the document differs from the replay."""
    for key in keys or state_keys(data):
        if key == "rules" or (key not in data and key not in replayed):  # own rules; a key of some rules only
            continue
        found = _difference(
            data.get(key), replayed.get(key), key_path(path, key)
        )  # an optional key: one side
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


# ---------------------------------------------------------------- a state in the format


class StateEntry(Entry):
    """A state: written field by field with its history, read back by replaying its game."""

    def encode(self, value: object, path: str) -> dict[str, Json]:
        if type(value) is not State:
            raise cannot_save(value, path, "a State")
        inside = fields(value)
        # A hand kept with no deal is a bot's world's hand before, rebuilt from its tricks alone.
        if len(inside.history) != finished_hands(inside) or any(not hand.dealt for hand in inside.history):
            raise format_error(
                path,
                "cannot save this state: it was built without the hands before this one (a determinized"
                " world of a later hand, say), so loading could not replay the game",
            )
        return encode_fields(inside, path)

    def decode(self, data: dict[str, object], path: str, top: bool) -> object:
        check_keys(data, path, self.name, state_keys(data), top)
        before = loose_count()
        return replay(decode_fields(data, path), data, path, before)
