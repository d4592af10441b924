"""The one adapter between the core and a rule module's own hooks: contexts of cards in, cards out.

A built-in module is read through its plan (`hartenjagen.core.table`); a
module of your own is asked through the hooks of its slot. Each function here
builds the context a hook receives (cards, never bitmasks), calls the hook and
maps its answer back onto the physical cards: every copy of an allowed card
stays allowed, a card passed goes as the lowest copy the seat holds. An answer
that is not what the hook promises (no cards, a seat that does not exist, a
card the seat does not hold) raises [`RulesError`][hartenjagen.errors.RulesError]
naming the module, never a type error of the core.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, cast

from hartenjagen._repr import shown
from hartenjagen.cards import Card
from hartenjagen.core.hook_cache import HookCache, PlaySource, cache_of
from hartenjagen.core.state import (
    ANNOUNCING,
    GAME_OVER,
    MOON_CHOICE,
    PASSING,
    PLAYING,
    HandContext,
    State,
    hand_masks,
    log_taken,
    log_tricks,
    taken_masks,
)
from hartenjagen.core.table import Table
from hartenjagen.errors import RulesError
from hartenjagen.moves import MoonOption
from hartenjagen.rules.context import (
    BUILDERS,
    AnnounceContext,
    LazyMoonContext,
    LazyPlayContext,
    MoonContext,
    OpeningContext,
    PassContext,
    PlayContext,
)
from hartenjagen.rules.extras import HandSummary, LazyHandSummary, old_announces
from hartenjagen.values import Trick

#: The most captured-card sets whose points a table keeps (`points`), and the most passing positions.
POINTS_LIMIT: Final = 1 << 15


def _cards(module: object, hook: str, answer: object) -> list[Card]:
    """The cards a hook returned, as a list (a RulesError if it returned something else)."""
    try:
        items = list(cast(Iterable[object], answer))
    except TypeError:
        raise RulesError(f"rule module {module!r}: {hook} must return cards, not {shown(answer)}") from None
    cards: list[Card] = []
    for item in items:
        if type(item) is not Card:
            raise RulesError(f"rule module {module!r}: {hook} must return cards, not {shown(item)}")
        cards.append(item)
    return cards


def _seat(module: object, hook: str, answer: object, players: int) -> int:
    if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < players:
        raise RulesError(
            f"rule module {module!r}: {hook} must return a seat from 0 to {players - 1}, not {shown(answer)}"
        )
    return int(answer)


def _every_copy(table: Table, cards: Iterable[Card]) -> int:
    indexes = 0
    for card in cards:
        indexes |= table.bits_of[card.index]
    return indexes


def _lowest_copies(table: Table, cards: Iterable[Card], within: int) -> int:
    """The lowest copy within ``within`` of each card, as many copies as ``cards`` names it (those held)."""
    chosen = 0
    for card in cards:
        free = within & table.bits_of[card.index] & ~chosen
        chosen |= free & -free
    return chosen


# ---------------------------------------------------------------- play: house rules, leading, first trick, first lead


def play_context(state: State, allowed: frozenset[Card], hand: int | None = None) -> PlayContext:
    """The `PlayContext` of the seat to move in ``state`` (``hand``: its cards as a bitmask, if known)."""
    table = state._hand.table
    seat = (state._leader + state._count) % table.players
    trick = state.trick
    return PlayContext(
        rules=table.rules,
        seat=seat,
        hand=table.cards(hand_masks(state)[seat] if hand is None else hand),
        allowed=allowed,
        trick=trick,
        led_suit=trick[0].card.suit if trick else None,
        trick_number=len(state._log) + 1,
        hearts_broken=state._broken,
        tricks_taken=state.tricks_won,
        scores=state._hand.scores,
        tricks=state.tricks,
        announcers=state._hand.announcers,
    )


def play_source(state: State, candidates: int, hand: int) -> PlaySource:
    """The position of the seat to move in ``state`` for a hook asked about ``candidates`` (``hand``: its cards)."""
    table = state._hand.table
    log = state._log
    return PlaySource(
        state._hand, (state._leader + state._count) % table.players, hand, candidates,
        state._trick, state._count, state._leader, state._led, log, len(log), state._broken,
    )  # fmt: skip


def narrowed(
    module: object,
    playable: Callable[[PlayContext], Iterable[Card]],
    candidates: int,
    hand: int,
    state: State,
    fallback: bool = False,
) -> int:
    """Ask a ``playable`` hook with a context of cards; the physical cards of ``candidates`` it allows.

    Every copy of a card the hook allows stays allowed. A hook that allows none
    leaves ``candidates`` as they are with ``fallback`` (the first lead, the
    heart-lead rule and the first trick: the rules' own fallbacks, sources
    §1.15) and raises `RulesError` without (a house rule must allow a card); a
    hook that returns something that is not cards raises `RulesError`.
    """
    return narrowed_at(module, playable, play_source(state, candidates, hand), fallback)


def narrowed_at(
    module: object, playable: Callable[[PlayContext], Iterable[Card]], source: PlaySource, fallback: bool
) -> int:
    """`narrowed` at a position given as a `PlaySource` (``source.allowed``: the candidates).

    The hook is asked only when its cache (`hartenjagen.core.hook_cache`) has
    no answer for the fields it reads; it then sees a `LazyPlayContext`.
    """
    table = source.hand.table
    cache = cache_of(table.hook_caches, playable)
    answer = cache.lookup(source)
    if answer < 0:
        returned = playable(LazyPlayContext.reading(source))
        if returned is not None and returned is source.allowed_cards and table.copies == 1:
            answer = source.allowed  # the allowed cards themselves, handed back: already checked
        else:
            answer = _every_copy(table, _cards(module, "playable", returned))
        cache.insert(source.reads, answer)
    candidates = source.allowed
    chosen = candidates & answer
    if not chosen:
        if fallback:
            return candidates
        allowed = sorted(frozenset(table.cards(candidates)))
        raise RulesError(
            f"rule module {module!r} left no card to play (allowed: {' '.join(map(str, allowed))}); "
            "playable must return at least one card of context.allowed"
        )
    return chosen


def narrowed_by(
    module: object,
    playable: Callable[[PlayContext], Iterable[Card]],
    cache: HookCache,
    probe: PlaySource,
    fallback: bool,
) -> int:
    """`narrowed_at` with the hook's cache at hand and a ``probe`` the caller reuses from card to card.

    A hit costs the keys on the tree's path and nothing else; a miss (or a
    refusal, to raise it) goes to `narrowed_at` with a fresh copy of the
    position, so that no context a hook receives ever changes under it.
    """
    answer = cache.lookup(probe)
    if answer >= 0:
        chosen = probe.allowed & answer
        if chosen:
            return chosen
        if fallback:
            return probe.allowed
    return narrowed_at(module, playable, probe.copy(), fallback)


def breaks(table: Table, physical: int, discarded: bool, trick_number: int) -> bool:
    """A leading module's ``breaks_hearts`` for a physical card (``trick_number`` from 0)."""
    module = table.rules.leading
    answer = module.breaks_hearts(table.card_of[physical], discarded, trick_number + 1)
    if not isinstance(answer, bool):
        raise RulesError(
            f"rule module {module!r}: breaks_hearts must return True or False, not {shown(answer)}"
        )
    return answer


# ---------------------------------------------------------------- the exchange


def _pass_context(hand: HandContext, seat: int, cards: int) -> PassContext:
    table = hand.table
    return PassContext(
        rules=table.rules,
        seat=seat,
        hand=table.cards(cards),
        stage=len(hand.pass_log),
        route=hand.direction,
        given=tuple([table.cards(given[seat]) for given, _ in hand.pass_log]),
        received=tuple([table.cards(got[seat]) for _, got in hand.pass_log]),
        hand_index=hand.hand_index,
        dealer=hand.dealer,
        scores=hand.scores,
    )


def pass_context(state: State, seat: int) -> PassContext:
    """The `PassContext` of ``seat`` in a state of the passing phase (its hand with any cards it has chosen)."""
    hand = state._hand
    return _pass_context(hand, seat, hand.hands[seat] | hand.passed[seat])


def passable(hand: HandContext, seat: int, cards: int) -> int:
    """The physical cards of ``cards`` (the seat's hand) that the passing module lets ``seat`` choose.

    ``passable`` is a pure function of its `PassContext` (the contract), so its
    answers are kept on the table by everything the context holds: the seat,
    its cards, the exchange so far (stage, given, received), the route, the
    hand, the dealer and the totals. A seat's choices are asked for again at
    every move of the exchange; only the first asks Python.
    """
    table = hand.table
    key = (seat, cards, hand.pass_log, hand.direction, hand.hand_index, hand.dealer, hand.scores)
    known: int | None = table.pass_cache.get(key)
    if known is not None:
        return known
    module = table.rules.passing
    answer = _cards(module, "passable", module.passable(_pass_context(hand, seat, cards)))
    allowed = _lowest_copies(table, answer, cards)
    if len(table.pass_cache) >= POINTS_LIMIT:
        table.pass_cache.clear()
    table.pass_cache[key] = allowed
    return allowed


def pass_choices(hand: HandContext, seat: int, cards: int) -> int:
    """The physical cards of ``cards`` (the seat's hand now) that ``seat`` may choose in the current stage."""
    if not hand.table.pass_allowed_callback:
        return cards
    return passable(hand, seat, cards)


def scatter_answer(
    module: Any, context: PassContext, chosen: tuple[Card, ...]
) -> tuple[tuple[Card, int], ...]:
    """A passing module's ``scatter`` for one giver: (card, receiving seat) for each card it passes, checked."""
    answer = module.scatter(context, chosen)
    if not isinstance(answer, Mapping):
        raise RulesError(
            f"rule module {module!r}: scatter must return a mapping from seats to cards, not {shown(answer)}"
        )
    out: list[tuple[Card, int]] = []
    left = list(chosen)
    for receiver, cards in answer.items():
        target = _seat(module, "scatter", receiver, context.players)
        if target == context.seat:
            raise RulesError(f"rule module {module!r}: scatter sends seat {target}'s cards to seat {target}")
        for card in _cards(module, "scatter", cards):
            if card not in left:
                passed = " ".join(map(str, chosen))
                again = "again " if card in chosen else ""
                raise RulesError(
                    f"rule module {module!r}: scatter sends the {card} of seat {context.seat} {again}"
                    f"(it passed {passed}: each card goes to one seat, once)"
                )
            left.remove(card)
            out.append((card, target))
    if left:
        missing = " ".join(map(str, left))
        raise RulesError(f"rule module {module!r}: scatter sends seat {context.seat}'s {missing} nowhere")
    return tuple(out)


def scattered(hand: HandContext, hands: tuple[int, ...], given: tuple[int, ...]) -> tuple[int, ...]:
    """What each seat receives when every giver's cards travel by the passing module's ``scatter`` hook.

    ``hands`` are the hands without the cards given.
    """
    table = hand.table
    module = table.rules.passing
    received = [0] * table.players
    for seat in range(table.players):
        if not given[seat]:
            continue
        context = _pass_context(hand, seat, hands[seat] | given[seat])
        left = given[seat]
        for card, target in scatter_answer(module, context, table.cards(given[seat])):
            free = left & table.bits_of[card.index]
            received[target] |= free & -free
            left ^= free & -free
    return tuple(received)


# ---------------------------------------------------------------- the first leader


def previous_hand(hand: HandContext) -> tuple[Any, tuple[Trick, ...]]:
    """The score line and completed tricks of the hand before ``hand`` (``None``, ``()`` on the first hand)."""
    sheet, history = hand.sheet, hand.history
    if not sheet:
        return None, ()
    # A state rebuilt without its history (a bot's sample) knows the line but not the tricks.
    last = history[-1] if len(history) == len(sheet) else None
    return sheet[-1], (() if last is None else log_tricks(last.log, last.hands))


def _opening_context(hand: HandContext) -> OpeningContext:
    table = hand.table
    previous, tricks = previous_hand(hand)
    return OpeningContext(
        rules=table.rules,
        hands=tuple([table.cards(mask) for mask in hand.hands]),
        dealer=hand.dealer,
        hand_index=hand.hand_index,
        previous=previous,
        previous_tricks=tricks,
    )


def opening_context(state: State) -> OpeningContext:
    """The `OpeningContext` of ``state``'s hand: every hand as play began."""
    return _opening_context(state._hand)


def first_leader(hand: HandContext) -> int:
    """The opening module's ``leader`` for the hands of ``hand`` (after the exchange)."""
    module = hand.table.rules.opening
    return _seat(module, "leader", module.leader(_opening_context(hand)), hand.table.players)


def opens_announcements(state: State) -> bool:
    """Whether a house rule opens an announcement round in ``state``'s hand (a state after the exchange)."""
    table = state._hand.table
    for extra in table.announcing:
        # The deprecated form, ``announces(state)``, still gets the state.
        opens = (
            extra.announces(state) if old_announces(extra) else extra.opens_announcements(_announce(state))
        )
        if not isinstance(opens, bool):
            raise RulesError(
                f"rule module {extra!r}: opens_announcements must return True or False, not {shown(opens)}"
            )
        if opens:
            return True
    return False


def _announce(state: State) -> AnnounceContext:
    hand = state._hand
    return AnnounceContext(
        rules=hand.table.rules,
        hand_index=hand.hand_index,
        dealer=hand.dealer,
        scores=hand.scores,
        sheet=hand.sheet,
    )


def leader_cards(table: Table) -> int:
    """Every physical copy of the cards the opening module declares name the first leader."""
    module = table.rules.opening
    return _every_copy(table, _cards(module, "leader_cards", module.leader_cards(table.rules)))


# ---------------------------------------------------------------- the end of a hand


def _tricks(state: State) -> tuple[Trick, ...]:
    return state.tricks


def _captures(
    state: State, taken: tuple[int, ...] | None, raw: tuple[int, ...] | None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's captured cards and raw points in ``state``'s hand (those given, or worked out)."""
    if taken is None:
        taken = taken_masks(state)
    return taken, hand_points(state._hand.table, taken) if raw is None else raw


def moon_context(
    state: State, taken: tuple[int, ...] | None = None, raw: tuple[int, ...] | None = None
) -> MoonContext:
    """The `MoonContext` of ``state``'s hand (``taken``, ``raw``: each seat's captures and points, if known)."""
    table = state._hand.table
    taken, raw = _captures(state, taken, raw)
    return MoonContext(
        rules=table.rules,
        cards_taken=tuple([table.cards(mask) for mask in taken]),
        tricks=_tricks(state),
        raw=raw,
        totals=state._hand.scores,
        options=tuple(table.rules.moon.options()),
    )


class HandSource:
    """A hand being scored, in the engine's terms: what a lazy `MoonContext` or `HandSummary` reads.

    Each field is computed when a hook first reads it: a moon module that
    looks only at the cards taken builds no `Trick` values, and the raw points
    (a scoring module's ``points_of``) are worked out only if read.
    """

    def __init__(
        self, state: State, taken: tuple[int, ...], raw: tuple[int, ...] | None, seat: object
    ) -> None:
        self.state = state
        self.taken = taken
        self.raw = raw
        self.seat = seat
        self.values: dict[str, object] = {}

    def read(self, name: str) -> object:
        """The field called ``name``, computed the first time it is read."""
        if name in self.values:
            return self.values[name]
        value = self._compute(name)
        self.values[name] = value
        return value

    def _compute(self, name: str) -> object:
        state = self.state
        table = state._hand.table
        if name == "rules":
            return table.rules
        if name == "cards_taken":
            return tuple([table.cards(mask) for mask in self.taken])
        if name == "tricks":
            return state.tricks
        if name == "raw":
            if self.raw is None:
                self.raw = hand_points(table, self.taken)
            return self.raw
        if name == "totals":
            return state._hand.scores
        if name == "options":
            return tuple(table.rules.moon.options())
        if name == "tricks_won":
            return state.tricks_won
        if name == "shooter":
            return self.seat
        if name == "announcers":
            return state._hand.announcers
        raise AttributeError(name)


def shooter(state: State, taken: tuple[int, ...]) -> int | None:
    """The moon module's ``shooter`` for the hand of ``state``."""
    module = state._hand.table.rules.moon
    answer = module.shooter(LazyMoonContext.reading(HandSource(state, taken, None, None)))
    if answer is None:
        return None
    return _seat(module, "shooter", answer, state._hand.table.players)


def settle(
    state: State, taken: tuple[int, ...], raw: tuple[int, ...], seat: int, option: MoonOption
) -> tuple[int, ...]:
    """The moon module's ``settle``: each seat's points after ``seat`` shot the moon and chose ``option``."""
    table = state._hand.table
    module = table.rules.moon
    context = LazyMoonContext.reading(HandSource(state, taken, raw, None))
    return _numbers(module, "settle", module.settle(context, seat, option), table.players)


def _numbers(module: object, hook: str, answer: object, players: int) -> tuple[int, ...]:
    try:
        numbers: tuple[object, ...] = tuple(cast(Iterable[object], answer))
    except TypeError:
        numbers = ()
    if len(numbers) != players or not all(type(x) is int for x in numbers):
        raise RulesError(
            f"rule module {module!r}: {hook} must return {players} whole numbers, one per seat, not {shown(answer)}"
        )
    return cast(tuple[int, ...], numbers)


def adjustments(
    state: State, taken: tuple[int, ...], raw: tuple[int, ...], seat: int | None
) -> list[tuple[int, ...]]:
    """Each house rule's ``adjustments`` of the hand (the ones that change something)."""
    table = state._hand.table
    summary = LazyHandSummary.reading(HandSource(state, taken, raw, seat))
    out = []
    for extra in table.rules.extras:
        change = extra.adjustments(summary)
        if change:
            out.append(_numbers(extra, "adjustments", change, table.players))
    return out


def hand_summary(
    state: State, taken: tuple[int, ...] | None = None, raw: tuple[int, ...] | None = None, seat: Any = -1
) -> HandSummary:
    """The `HandSummary` of ``state``'s hand (``seat``: the shooter or ``None``; by default the one waiting to choose)."""
    table = state._hand.table
    if seat == -1:
        seat = state._hand.shooter if state._hand.shooter >= 0 else None
    taken, raw = _captures(state, taken, raw)
    return HandSummary(
        rules=table.rules,
        raw=raw,
        cards_taken=tuple([table.cards(mask) for mask in taken]),
        tricks=_tricks(state),
        tricks_won=state.tricks_won,
        shooter=seat,
        announcers=state._hand.announcers,
    )


def hand_points(table: Table, taken: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's raw points for the cards it captured (``taken``: bitmasks)."""
    return tuple([points(table, mask) for mask in taken])


def points(table: Table, mask: int) -> int:
    """One seat's raw points for the physical cards ``mask``: the table's values, or the scoring's ``points_of``."""
    if not table.scoring_callback:
        return table.points(mask)
    # points_of is a pure function of the cards (the contract): its answers are kept by the cards'
    # mask on the table, so a playout asks Python once per set of captured cards.
    known: int | None = table.points_cache.get(mask)
    if known is not None:
        return known
    module = table.rules.scoring
    answer = module.points_of(table.cards(mask))
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise RulesError(f"rule module {module!r}: points_of must return a whole number, not {shown(answer)}")
    if len(table.points_cache) < POINTS_LIMIT:
        table.points_cache[mask] = int(answer)
    return int(answer)


# ---------------------------------------------------------------- identical cards


def trick_winner(table: Table, physical: list[int]) -> int:
    """The duplicates module's ``winner`` of a full trick of physical cards in play order (-1: none wins)."""
    module = table.rules.duplicates
    cards = tuple([table.card_of[p] for p in physical])
    answer = module.winner(cards)
    if answer is None:
        return -1
    if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < len(cards):
        raise RulesError(
            f"rule module {module!r}: winner must return a position from 0 to {len(cards) - 1} or None, "
            f"not {shown(answer)}"
        )
    return int(answer)


# ---------------------------------------------------------------- the contexts' .of(state)


def _state_of(value: object, what: str, phases: tuple[int, ...], wanted: str) -> State:
    """``value`` as a state in one of ``phases``, or a `RulesError` that says what ``what.of`` needs."""
    if type(value) is not State:
        raise RulesError(f"{what}.of needs a State (from new_game or apply), not {type(value).__name__}")
    if value._hand.phase not in phases:
        raise RulesError(f"{what}.of needs a state {wanted}, not one in the {value.phase.value} phase")
    return value


def _pass_of(value: object, seat: object) -> PassContext:
    state = _state_of(value, "PassContext", (PASSING,), "in the passing phase")
    if seat is None:
        seat = state.to_move[0]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise RulesError(f"PassContext.of: there is no seat {seat!r}: seats are 0 to {state.players - 1}")
    return pass_context(state, seat)


def _opening_of(value: object) -> OpeningContext:
    return opening_context(
        _state_of(value, "OpeningContext", (ANNOUNCING, PLAYING, MOON_CHOICE), "after the exchange")
    )


def _moon_of(value: object) -> MoonContext:
    return moon_context(
        _state_of(value, "MoonContext", (PLAYING, MOON_CHOICE), "in the play phase or at a moon choice")
    )


def _summary_of(value: object) -> HandSummary:
    return hand_summary(
        _state_of(value, "HandSummary", (PLAYING, MOON_CHOICE), "in the play phase or at a moon choice")
    )


def play_context_of(value: object, allowed: object, legal: Callable[[State], int]) -> PlayContext:
    """`PlayContext.of`: the seat to move's context; ``allowed`` defaults to its legal cards (``legal``: their mask)."""
    state = _state_of(value, "PlayContext", (PLAYING,), "in the play phase")
    if allowed is None:
        return play_context(state, frozenset(state._hand.table.cards(legal(state))))
    try:
        cards = frozenset(cast(Iterable[object], allowed))
    except TypeError:
        cards = frozenset([allowed])
    if not all(type(card) is Card for card in cards):
        raise RulesError(f"PlayContext.of: allowed must be cards, not {shown(allowed)}")
    return play_context(state, cast(frozenset[Card], cards))


def _announce_of(value: object) -> AnnounceContext:
    return _announce(
        _state_of(value, "AnnounceContext", (PASSING, ANNOUNCING, PLAYING, MOON_CHOICE), "of a hand")
    )


BUILDERS["announce"] = _announce_of
BUILDERS["pass"] = _pass_of
BUILDERS["opening"] = _opening_of
BUILDERS["moon"] = _moon_of
BUILDERS["summary"] = _summary_of


def _last_hand(
    value: object, what: str
) -> tuple[
    State, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], object
]:
    """(state, log, hands as play began, announcers, raw points, totals before, shooter) of the last hand played out."""
    if type(value) is not State:
        raise RulesError(f"{what}.last needs a State (from new_game or apply), not {type(value).__name__}")
    state = value
    hand = state._hand
    sheet = hand.sheet
    played = [line for line in sheet if line.revoke is None]
    if hand.phase == GAME_OVER and sheet:
        line = sheet[-1]
        log, hands, announcers = state._log, hand.hands, hand.announcers
    else:
        if not hand.history:
            raise RulesError(f"{what}.last: no hand of this game has been played out yet")
        line = sheet[len(hand.history) - 1]
        last = hand.history[-1]
        log, hands, announcers = last.log, last.hands, last.announcers
    if line.revoke is not None or not played:
        raise RulesError(f"{what}.last: the last hand was voided by a revoke: it has no summary")
    index = sheet.index(line)
    before = sheet[index - 1].totals if index else (0,) * len(line.raw)
    return state, log, hands, announcers, line.raw, before, line.shooter


def _summary_last(value: object) -> HandSummary:
    state, log, hands, announcers, raw, _, shooter = _last_hand(value, "HandSummary")
    table = state._hand.table
    tricks = log_tricks(log, hands)
    won = [0] * table.players
    for trick in tricks:
        if trick.winner is not None:
            won[trick.winner] += 1
    return HandSummary(
        rules=table.rules, raw=raw, cards_taken=tuple([table.cards(m) for m in log_taken(log, table.players)]),
        tricks=tricks, tricks_won=tuple(won), shooter=cast(Any, shooter), announcers=announcers,
    )  # fmt: skip


def _moon_last(value: object) -> MoonContext:
    state, log, hands, _, raw, before, _ = _last_hand(value, "MoonContext")
    table = state._hand.table
    return MoonContext(
        rules=table.rules, cards_taken=tuple([table.cards(m) for m in log_taken(log, table.players)]),
        tricks=log_tricks(log, hands), raw=raw, totals=before, options=tuple(table.rules.moon.options()),
    )  # fmt: skip


BUILDERS["summary_last"] = _summary_last
BUILDERS["moon_last"] = _moon_last
