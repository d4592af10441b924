"""The hooks asked around the play of a hand: the exchange, the first leader and announcements, the hand's end.

A module of your own in the passing, opening, moon or scoring slot, or a
house rule's announcements and adjustments, is asked here with a context of
cards; its answer is checked (`hartenjagen.core.hook_answers`) and mapped
onto the physical cards: a card passed goes as the lowest copy the seat
holds. The hooks of the play itself are in `hartenjagen.core.hooks`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hartenjagen._repr import shown
from hartenjagen.cards import AnyCard
from hartenjagen.core.hand_log import log_tricks
from hartenjagen.core.hook_answers import (
    POINTS_LIMIT,
    answer_any_cards,
    answer_numbers,
    answer_seat,
    every_copy,
    lowest_copies,
)
from hartenjagen.core.state import HandContext, State, taken_masks
from hartenjagen.core.table import Table
from hartenjagen.errors import RulesError
from hartenjagen.moves import MoonOption, MoveError, check_choice
from hartenjagen.rules.context import (
    AnnounceContext,
    LazyMoonContext,
    MoonContext,
    OpeningContext,
    PassContext,
)
from hartenjagen.rules.extras import HandSummary, LazyHandSummary, has_choices, old_announces
from hartenjagen.values import Trick

# ---------------------------------------------------------------- the exchange


def _pass_context(hand: HandContext, seat: int, cards: int) -> PassContext:
    table = hand.table
    return PassContext(
        rules=table.rules,
        seat=seat,
        hand=table.cards(cards),
        stage=len(hand.pass_log),
        route=hand.direction,
        # What was passed, jokers too (a pass-and-return may send a received joker back).
        given=tuple([table.any_cards(given[seat]) for given, _ in hand.pass_log]),
        received=tuple([table.any_cards(got[seat]) for _, got in hand.pass_log]),
        hand_index=hand.hand_index,
        dealer=hand.dealer,
        scores=hand.scores,
        jokers=table.jokers(cards) if table.joker_mask else (),
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
    answer = answer_any_cards(module, "passable", module.passable(_pass_context(hand, seat, cards)))
    allowed = lowest_copies(table, answer, cards)
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
    module: Any, context: PassContext, chosen: tuple[AnyCard, ...]
) -> tuple[tuple[AnyCard, int], ...]:
    """A passing module's ``scatter`` for one giver: (card, receiving seat) for each card it passes, checked.

    ``chosen`` holds the jokers the giver passes too (a deck's `Deck.jokers`): a joker travels as any card.
    """
    answer = module.scatter(context, chosen)
    if not isinstance(answer, Mapping):
        raise RulesError(
            f"rule module {module!r}: scatter must return a mapping from seats to cards, not {shown(answer)}"
        )
    out: list[tuple[AnyCard, int]] = []
    left = list(chosen)
    for receiver, cards in answer.items():
        target = answer_seat(module, "scatter", receiver, context.players)
        if target == context.seat:
            raise RulesError(f"rule module {module!r}: scatter sends seat {target}'s cards to seat {target}")
        for card in answer_any_cards(module, "scatter", cards):
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
        for card, target in scatter_answer(module, context, table.any_cards(given[seat])):
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
    # A state rebuilt without its history knows the line but not the tricks; a bot's world of a
    # later hand carries the hand before alone (its tricks, from the view).
    last = history[-1] if history and history[-1].hand_index == sheet[-1].hand_index else None
    return sheet[-1], (() if last is None else log_tricks(last.log, last.hands, hand.table))


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
        jokers=tuple([table.jokers(mask) for mask in hand.hands]) if table.joker_mask else (),
    )


def opening_context(state: State) -> OpeningContext:
    """The `OpeningContext` of ``state``'s hand: every hand as play began."""
    return _opening_context(state._hand)


def first_leader(hand: HandContext) -> int:
    """The opening module's ``leader`` for the hands of ``hand`` (after the exchange)."""
    module = hand.table.rules.opening
    return answer_seat(module, "leader", module.leader(_opening_context(hand)), hand.table.players)


class Offers:
    """What a seat may answer in an announcement round: a yes (``yes_no``) and the rules' own ``choices``."""

    def __init__(self, yes_no: bool, choices: tuple[str, ...]) -> None:
        self.yes_no = yes_no
        self.choices = choices
        #: whether the seat has a choice left (after a choice, its turn goes on)
        self.more = bool(choices)


def _opened(state: State) -> list[Any]:
    """The announcing house rules whose round opens in ``state``'s hand."""
    out = []
    for extra in state._hand.table.announcing:
        # The deprecated form, ``announces(state)``, still gets the state.
        opens = (
            extra.announces(state)
            if old_announces(extra)
            else extra.opens_announcements(announce_context(state))
        )
        if not isinstance(opens, bool):
            raise RulesError(
                f"rule module {extra!r}: opens_announcements must return True or False, not {shown(opens)}"
            )
        if opens:
            out.append(extra)
    return out


def _choices(extra: Any, state: State, seat: int) -> list[str]:
    """``extra``'s ``announcement_choices`` for ``seat`` (its hand as play began), each checked."""
    hand = state._hand
    answer = extra.announcement_choices(announce_context(state), seat, hand.table.cards(hand.hands[seat]))
    if isinstance(answer, str) or not hasattr(answer, "__iter__"):
        raise RulesError(
            f"rule module {extra!r}: announcement_choices must return words (a list of text), not {shown(answer)}"
        )
    out = []
    for word in answer:
        try:
            checked = check_choice(word)
        except MoveError as error:
            raise RulesError(f"rule module {extra!r}: announcement_choices: {error}") from None
        if checked is not None and checked not in out:
            out.append(checked)
    return out


def announcement_offers(state: State, seat: int) -> Offers:
    """What ``seat`` may answer now in ``state``'s announcement round (its own choices it made are gone)."""
    made = {choice for who, choice in state._hand.announced if who == seat}
    yes_no = False
    choices: list[str] = []
    for extra in _opened(state):
        if not has_choices(extra):
            yes_no = True
            continue
        choices.extend(c for c in _choices(extra, state, seat) if c not in made and c not in choices)
    return Offers(yes_no, tuple(choices))


def announcing_seats(state: State) -> int:
    """The seats, as bits, that ``state``'s announcement round asks (none: no round opens).

    A yes/no round asks every seat; a round of choices only the seats that have one.
    """
    opened = _opened(state)
    if not opened:
        return 0
    everyone = (1 << state._hand.table.players) - 1
    if any(not has_choices(extra) for extra in opened):
        return everyone
    pending = 0
    for seat in range(state._hand.table.players):
        if any(_choices(extra, state, seat) for extra in opened):
            pending |= 1 << seat
    return pending


def announce_context(state: State) -> AnnounceContext:
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
    return every_copy(table, answer_any_cards(module, "leader_cards", module.leader_cards(table.rules)))


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
        if name == "announcements":
            return state._hand.announced
        raise AttributeError(name)


def shooter(state: State, taken: tuple[int, ...]) -> int | None:
    """The moon module's ``shooter`` for the hand of ``state``."""
    module = state._hand.table.rules.moon
    answer = module.shooter(LazyMoonContext.reading(HandSource(state, taken, None, None)))
    if answer is None:
        return None
    return answer_seat(module, "shooter", answer, state._hand.table.players)


def settle(
    state: State, taken: tuple[int, ...], raw: tuple[int, ...], seat: int, option: MoonOption
) -> tuple[int, ...]:
    """The moon module's ``settle``: each seat's points after ``seat`` shot the moon and chose ``option``."""
    table = state._hand.table
    module = table.rules.moon
    context = LazyMoonContext.reading(HandSource(state, taken, raw, None))
    return answer_numbers(module, "settle", module.settle(context, seat, option), table.players)


def adjustments(
    state: State, taken: tuple[int, ...], raw: tuple[int, ...], seat: int | None
) -> list[tuple[int, ...]]:
    """Each house rule's ``adjustments`` of the hand (the ones that change something).

    Only the rules whose class answers ``adjustments`` are asked (`Table.adjusting`):
    the base class's answer is ``None`` whatever the hand.
    """
    table = state._hand.table
    out: list[tuple[int, ...]] = []
    if not table.adjusting:
        return out
    summary = LazyHandSummary.reading(HandSource(state, taken, raw, seat))
    for extra in table.adjusting:
        change = extra.adjustments(summary)
        if change:
            out.append(answer_numbers(extra, "adjustments", change, table.players))
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
        announcements=state._hand.announced,
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
    answer = module.points_of(table.cards(mask))  # no jokers (Table.cards): their values are added below
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise RulesError(f"rule module {module!r}: points_of must return a whole number, not {shown(answer)}")
    if mask & table.joker_mask:
        answer = int(answer) + table.points(mask & table.joker_mask)
    if len(table.points_cache) < POINTS_LIMIT:
        table.points_cache[mask] = int(answer)
    return int(answer)
