"""Stable action ids and observation vectors, shared by the OpenSpiel, PettingZoo and Gymnasium adapters.

Ids depend only on the rules value, never on the state: with ``D`` the
number of distinct cards in the pack (52, 32, 51, ...), ids ``0 .. D-1`` are
the cards in card order (clubs, diamonds, hearts, spades; two up to ace),
``D`` and ``D+1`` answer an announcement (no, yes) and ``D+2 .. D+5`` are the
moon options in `MoonOption` order; ``D+6 ..`` are the choices of an
announcement of one's own, in the order the house rules declare them
(``HouseRule.all_choices``: Gong Zhu's QS, JD, TC, AH); ``action_count(rules)
== D + 6 + C`` (C = 0 without such a rule).
A card id plays that card, or, while passing, picks it for the pass: a pass
is one action per card (``move_for`` returns the `Pass` of the cards
picked so far; apply it once it holds ``state.pass_count`` cards). The seat
that acts is ``acting_seat(state)``: the seat to play, announce or choose,
and while passing the lowest seat still to pass.

Chance outcomes (explicit chance, `hartenjagen.outcomes`) have ids of their
own: ``0 .. D-1`` the next card of a deal or of a pass-to-dealer pool,
``D .. D+R-1`` a drawn pass route, ``D+R ..`` a first dealer
(``chance_action_count(rules) == D + R + players``). The ``R`` routes are the
seven built-in ones in the order of `hartenjagen.rules.routes.BUILT_IN`
(left, right, across, second left, second right, hold, dealer), then the
rules' own routes not among them, in the order the passing module declares
them; the observation's ``pass_direction`` part has the same ``R`` entries.

``observation(view)`` is a flat list of floats of ``observation_size(rules)``
from one seat's `PlayerView`, seats counted from the viewer (0: itself, 1:
the next seat clockwise, ...): its hand, the cards it has picked for a pass,
chosen, given and received, the trick, the cards each seat has played and
taken this hand, the carry-over pile, the suits each seat has shown it lacks,
the phase, who is to act, the dealer, the trick's leader, the pass direction,
the pass count and stage, whether hearts are broken, the announcers, the
scores (/100), the trick number and the hand number. ``history(view)`` adds
the tricks of the hand in order (``history_size(rules)``), for perfect recall
within a hand. ``observation_layout(rules)`` names the parts and their sizes.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from hartenjagen.cards import ANY_CARDS, AnyCard, parse_any_card
from hartenjagen.core import (
    DEAL_NODE,
    DIRECTION_NODE,
    DRAW_NODE,
    FIRST_DEALER_NODE,
    POOL_NODE,
    State,
    node_of,
    table_for,
)
from hartenjagen.engine import chance_outcomes, legal_moves
from hartenjagen.errors import HartenjagenError
from hartenjagen.frontend.views import PlayerView
from hartenjagen.moves import Announce, MoonChoice, MoonOption, Move, Pass, Play
from hartenjagen.outcomes import DealCard, DrawnDirection, FirstDealer, Outcome, PoolCard
from hartenjagen.rules import Rules
from hartenjagen.rules.routes import BUILT_IN
from hartenjagen.values import Phase

__all__ = [
    "EncodingError",
    "acting_seat",
    "action_count",
    "action_id",
    "action_mask",
    "card_id",
    "chance_action_count",
    "chance_id",
    "chance_ids",
    "history",
    "history_entries",
    "history_size",
    "legal_action_ids",
    "move_for",
    "observation",
    "observation_entries",
    "observation_layout",
    "observation_size",
    "outcome_for",
]

_MOON_OPTIONS: Final = tuple(MoonOption)
_PHASES: Final = tuple(Phase)


class EncodingError(HartenjagenError):
    """An action id, move or outcome that has no encoding here (or an id that means nothing now)."""


class _Codes:
    """The ids of one rules value."""

    def __init__(self, rules: Rules) -> None:
        table = table_for(rules)
        self.players = table.players
        # One id per distinct card, the jokers after the 52 (each joker its own id).
        self.cards: tuple[AnyCard, ...] = tuple(
            ANY_CARDS[index] for index in sorted({table.index_of[p] for p in table.pack})
        )
        self.card_ids = {card.index: i for i, card in enumerate(self.cards)}
        self.size = len(self.cards)
        #: every choice an announcing rule of one's own may offer, in declared order (ids from ``size + 6``)
        self.choices: tuple[str, ...] = declared_choices(rules)
        self.choice_ids = {
            word: self.size + 2 + len(_MOON_OPTIONS) + i for i, word in enumerate(self.choices)
        }
        #: per card id, how many copies the pack holds
        self.copies: tuple[int, ...] = tuple(
            sum(1 for p in table.pack if table.index_of[p] == card.index) for card in self.cards
        )
        #: per number of cards left to deal, the (id, probability) pair of each id (a pack of single copies)
        self.deal_rows: list[tuple[tuple[int, float], ...]] = [()] + [
            tuple((i, 1.0 / left) for i in range(self.size)) for left in range(1, self.size + 1)
        ]
        self.routes = tuple(BUILT_IN.values()) + tuple(
            route for route in table.routes if route not in BUILT_IN.values()
        )
        #: per seat, per card id: the play of that card (the kernel's own `Play` values, which it applies fastest)
        self.plays: tuple[tuple[Play, ...], ...] = tuple(
            tuple(table.plays[seat][card.index] for card in self.cards) for seat in range(self.players)
        )
        #: route -> its chance id
        self.route_ids = {route: self.size + i for i, route in enumerate(self.routes)}
        #: a drawn direction's chance ids by the identity of the routes it draws from, kept with them (so
        #: the identity stays theirs): the ids depend on nothing else, and the state's routes are shared
        self.drawn: dict[int, tuple[object, tuple[tuple[int, float], ...]]] = {}
        self.tricks = table.tricks  # a hand's tricks: more than the cards dealt when a stock is drawn
        n, d = self.players, self.size
        self.layout: tuple[tuple[str, int], ...] = (
            ("hand", d),
            ("picked", d),
            ("passing", d),
            ("given", d),
            ("received", d),
            ("trick", n * d),
            ("played", n * d),
            ("taken", n * d),
            ("carry_over", d),
            ("voids", n * 4),
            ("phase", len(_PHASES)),
            ("to_move", n),
            ("dealer", n),
            ("trick_leader", n),
            ("pass_direction", len(self.routes)),
            ("pass_count", 1),
            ("pass_stage", 1),
            ("hearts_broken", 1),
            ("announcers", n),
            *((("announced", n * len(self.choices)),) if self.choices else ()),
            ("scores", n),
            ("trick_number", 1),
            ("hand_number", 1),
        )
        self.offsets = {}
        at = 0
        for name, width in self.layout:
            self.offsets[name] = at
            at += width
        self.observation_size = at
        self.history_size = self.tricks * (n + n * d)


@functools.lru_cache(maxsize=64)
def codes_of(rules: Rules) -> _Codes:
    """The ids of ``rules`` (kept for the last 64 rules values; for the adapters)."""
    return _Codes(rules)


_codes = codes_of


def _rules(value: object) -> Rules:
    if not isinstance(value, Rules):
        raise EncodingError(f"expected a Rules value, not {value!r}")
    return value


def _state(value: object) -> State:
    if not isinstance(value, State):
        raise EncodingError(f"expected a State, not {type(value).__name__}")
    return value


def declared_choices(rules: Rules) -> tuple[str, ...]:
    """Every announcement choice the house rules of ``rules`` declare (``all_choices``), each once, in order."""
    out: list[str] = []
    for extra in rules.extras:
        for word in extra.all_choices(rules):
            if word not in out:
                out.append(word)
    return tuple(out)


def action_count(rules: Rules) -> int:
    """How many action ids there are under ``rules``: the distinct cards, two answers, four moon options, the choices."""
    codes = _codes(_rules(rules))
    return codes.size + 2 + len(_MOON_OPTIONS) + len(codes.choices)


def _choice_id(codes: _Codes, choice: str) -> int:
    found = codes.choice_ids.get(choice)
    if found is None:
        declared = ", ".join(codes.choices) or "none"
        raise EncodingError(
            f"the announcement choice {choice!r} has no id: the rules' house rules declare {declared} (all_choices)"
        )
    return found


def card_id(card: AnyCard | str, rules: Rules) -> int:
    """The id of ``card`` (a card of the pack) under ``rules``."""
    codes = _codes(_rules(rules))
    parsed = parse_any_card(card)
    found = codes.card_ids.get(parsed.index)
    if found is None:
        raise EncodingError(f"the {parsed.symbol} is not in the pack of these rules")
    return found


def action_id(move: Move, rules: Rules) -> int:
    """The id of a play, an announcement answer or a moon choice (a pass is one id per card: `card_id`)."""
    codes = _codes(_rules(rules))
    if isinstance(move, Play):
        return card_id(move.card, rules)
    if isinstance(move, Announce):
        return codes.size + int(move.announce) if move.choice is None else _choice_id(codes, move.choice)
    if isinstance(move, MoonChoice):
        return codes.size + 2 + _MOON_OPTIONS.index(move.option)
    if isinstance(move, Pass):
        raise EncodingError("a pass is one action per card: encode each card with card_id(card, rules)")
    raise EncodingError(f"{move!r} is not a move")


def acting_seat(state: State) -> int | None:
    """The seat whose action the ids encode now: the seat to move (the lowest one still to pass); ``None`` if none."""
    to_move = _state(state).to_move
    if not to_move:
        return None
    return min(to_move) if state.phase is Phase.PASSING else to_move[0]


def _pass_left(state: State, seat: int, picked: Sequence[AnyCard]) -> dict[int, int]:
    """card index -> copies ``seat`` may still pick for its pass."""
    left: dict[int, int] = {}
    for card in legal_moves(state).passable(seat):  # type: ignore[attr-defined]
        left[card.index] = left.get(card.index, 0) + 1
    for card in picked:
        if left.get(card.index, 0) > 0:
            left[card.index] -= 1
    return left


def legal_action_ids(state: State, picked: Sequence[AnyCard] = ()) -> tuple[int, ...]:
    """The ids the acting seat may choose now, ascending (``picked``: the cards picked so far for a pass)."""
    state = _state(state)
    codes = _codes(state.rules)
    phase = state.phase
    if phase is Phase.PLAYING:
        return tuple(sorted(codes.card_ids[m.card.index] for m in legal_moves(state)))  # type: ignore[union-attr]
    if phase is Phase.PASSING:
        seat = acting_seat(state)
        assert seat is not None
        left = _pass_left(state, seat, picked)
        return tuple(sorted(codes.card_ids[index] for index, count in left.items() if count > 0))
    if phase is Phase.ANNOUNCING:
        if not codes.choices:
            return (codes.size, codes.size + 1)
        return tuple(sorted(action_id(move, state.rules) for move in legal_moves(state)))
    if phase is Phase.MOON_CHOICE:
        options = state.rules.moon.options()
        return tuple(sorted(codes.size + 2 + _MOON_OPTIONS.index(option) for option in options))
    return ()


def action_mask(state: State, picked: Sequence[AnyCard] = ()) -> list[int]:
    """1 for each id in ``legal_action_ids(state, picked)``, else 0 (``action_count`` entries)."""
    mask = [0] * action_count(_state(state).rules)
    for i in legal_action_ids(state, picked):
        mask[i] = 1
    return mask


def move_for(action_id: int, state: State, picked: Sequence[AnyCard] = ()) -> Move:
    """The move id ``action_id`` stands for now: of the acting seat (while passing, the `Pass` of ``picked`` + this card).

    An id out of range, or one that means nothing in this phase, raises `EncodingError`;
    whether the move is legal is for ``apply`` (or `legal_action_ids`) to say.
    """
    state = _state(state)
    codes = _codes(state.rules)
    if isinstance(action_id, bool) or not isinstance(action_id, int):
        raise EncodingError(f"an action id is a whole number, not {action_id!r}")
    total = codes.size + 2 + len(_MOON_OPTIONS) + len(codes.choices)
    if not 0 <= action_id < total:
        raise EncodingError(f"there is no action {action_id}: ids are 0 to {total - 1}")
    seat = acting_seat(state)
    phase = state.phase
    if seat is None:
        raise EncodingError(f"no seat acts now (the phase is {phase.value})")
    if action_id < codes.size:
        card = codes.cards[action_id]
        if phase is Phase.PLAYING:
            return Play(seat, card)
        if phase is Phase.PASSING:
            return Pass(seat, (*picked, card))
    elif action_id < codes.size + 2:
        if phase is Phase.ANNOUNCING:
            return Announce(seat, action_id == codes.size + 1)
    elif action_id >= codes.size + 2 + len(_MOON_OPTIONS):
        if phase is Phase.ANNOUNCING:
            return Announce(seat, True, codes.choices[action_id - codes.size - 2 - len(_MOON_OPTIONS)])
    elif phase is Phase.MOON_CHOICE:
        return MoonChoice(seat, _MOON_OPTIONS[action_id - codes.size - 2])
    raise EncodingError(f"action {action_id} means nothing in the {phase.value} phase")


# ---------------------------------------------------------------- chance outcomes


def chance_action_count(rules: Rules) -> int:
    """How many chance ids there are under ``rules``: the cards, the pass routes and the seats."""
    codes = _codes(_rules(rules))
    return codes.size + len(codes.routes) + codes.players


def chance_id(outcome: Outcome, rules: Rules) -> int:
    """The id of a card-by-card deal or pool outcome, a drawn direction or a first dealer."""
    codes = _codes(_rules(rules))
    if isinstance(outcome, (DealCard, PoolCard)):
        return card_id(outcome.card, rules)
    if isinstance(outcome, DrawnDirection):
        found = codes.route_ids.get(outcome.direction)
        if found is None:
            raise EncodingError(f"the route {outcome.direction.name!r} is not one of these rules")
        return found
    if isinstance(outcome, FirstDealer):
        if not 0 <= outcome.seat < codes.players:
            raise EncodingError(f"there is no seat {outcome.seat}")
        return codes.size + len(codes.routes) + outcome.seat
    raise EncodingError(f"{outcome!r} has no chance id (deal and pool outcomes go card by card)")


def outcome_for(chance_id: int, state: State) -> Outcome:
    """The outcome chance id ``chance_id`` stands for at the chance node ``state`` waits at."""
    state = _state(state)
    codes = _codes(state.rules)
    kind = node_of(state)[0]
    if isinstance(chance_id, bool) or not isinstance(chance_id, int):
        raise EncodingError(f"a chance id is a whole number, not {chance_id!r}")
    if state.phase is not Phase.CHANCE:
        raise EncodingError("no chance event is waiting")
    cards, directions = codes.size, codes.size + len(codes.routes)
    if 0 <= chance_id < cards and kind in (DEAL_NODE, POOL_NODE, DRAW_NODE):
        card = codes.cards[chance_id]
        return PoolCard(card) if kind == POOL_NODE else DealCard(card)  # a draw deals the stock's next card
    if cards <= chance_id < directions and kind == DIRECTION_NODE:
        return DrawnDirection(codes.routes[chance_id - cards])
    if directions <= chance_id < directions + codes.players and kind == FIRST_DEALER_NODE:
        return FirstDealer(chance_id - directions)
    raise EncodingError(f"chance id {chance_id} means nothing at this chance node")


def chance_ids(state: State) -> tuple[tuple[int, float], ...]:
    """``chance_outcomes(state)`` as (chance id, probability) pairs, ascending by id."""
    rules = _state(state).rules
    codes = _codes(rules)
    kind, routes = node_of(state)[:2] if state.phase is Phase.CHANCE else (None, None)
    if kind == DIRECTION_NODE:  # worked out once for its routes (comparing routes costs microseconds)
        kept = codes.drawn.get(id(routes))
        if kept is not None and kept[0] is routes:
            return kept[1]
    out = []
    for outcome, p in chance_outcomes(state):
        if isinstance(outcome, (DealCard, PoolCard)):
            out.append((codes.card_ids[outcome.card.index], p))
        else:
            out.append((chance_id(outcome, rules), p))
    ids = tuple(sorted(out))
    if kind == DIRECTION_NODE and len(codes.drawn) < 64:  # a few route sets a rules value; never unbounded
        codes.drawn[id(routes)] = (routes, ids)
    return ids


# ---------------------------------------------------------------- observations


def hand_points_bound(rules: Rules) -> float:
    """A bound on what one seat scores in one hand (card points three times over, and room for bonuses)."""
    table = table_for(_rules(rules))
    return 3.0 * sum(abs(table.values[table.index_of[p]]) for p in table.pack) + 100.0


def observation_bounds(rules: Rules, max_hands: int = 100) -> tuple[list[float], list[float]]:
    """The least and greatest value of each entry of an observation in an episode of at most ``max_hands`` hands.

    Cards count copies (two packs: up to 2; cards given and received, per
    stage of the exchange); the pass count, stage, trick and hand numbers
    their greatest values; the scores (/100) what ``max_hands`` hands can
    score either way (a moon that doubles the others' totals included).
    Every other entry is 0 or 1.
    """
    codes = _codes(_rules(rules))
    table = table_for(rules)
    copies = max(codes.copies)
    stages = max([len(table.stage_counts(route)) for route in table.routes] + [1])
    passed = max([max(table.stage_counts(route), default=0) for route in table.routes] + [0])
    low = [0.0] * codes.observation_size
    high = [1.0] * codes.observation_size
    at = codes.offsets
    widths = dict(codes.layout)
    for name in ("hand", "picked", "passing", "trick", "played", "taken", "carry_over"):
        high[at[name] : at[name] + widths[name]] = [float(copies)] * widths[name]
    for name in ("given", "received"):
        high[at[name] : at[name] + widths[name]] = [float(copies * stages)] * widths[name]
    score = max_hands * hand_points_bound(rules) / 100.0
    if MoonOption.DOUBLE in rules.moon.options():
        score *= 2.0 ** min(max_hands, 64)  # a moon may double the other totals every hand
    low[at["scores"] : at["scores"] + codes.players] = [-score] * codes.players
    high[at["scores"] : at["scores"] + codes.players] = [score] * codes.players
    high[at["pass_count"]] = float(max(passed, 1))  # not 0 where nobody passes: Gymnasium warns of a flat box
    high[at["pass_stage"]] = float(stages)
    high[at["trick_number"]] = float(codes.tricks)
    high[at["hand_number"]] = float(max_hands + 1)
    return low, high


def observation_size(rules: Rules) -> int:
    """The length of ``observation(view)`` under ``rules``."""
    return _codes(_rules(rules)).observation_size


def observation_layout(rules: Rules) -> tuple[tuple[str, int], ...]:
    """The parts of an observation in order, as (name, length)."""
    return _codes(_rules(rules)).layout


def history_size(rules: Rules) -> int:
    """The length of ``history(view)`` under ``rules``: per trick of a hand, its leader and each card by seat."""
    return _codes(_rules(rules)).history_size


def observation(view: PlayerView, picked: Sequence[AnyCard] = ()) -> list[float]:
    """One seat's view as a flat vector (see the module documentation; a spectator's has no hand)."""
    size, entries = observation_entries(view, picked)
    out = [0.0] * size
    for index, value in entries:
        out[index] += value
    return out


def observation_entries(
    view: PlayerView, picked: Sequence[AnyCard] = ()
) -> tuple[int, list[tuple[int, float]]]:
    """``observation(view, picked)`` as its length and its non-zero entries (index, value; an index may repeat: add them).

    For adapters that fill an array of their own: most of an observation is zeros.
    """
    if not isinstance(view, PlayerView):
        raise EncodingError(f"expected a PlayerView, not {type(view).__name__}")
    codes = _codes(view.rules)
    n, d = codes.players, codes.size
    me = view.seat if view.seat is not None else 0
    at = codes.offsets
    ids = codes.card_ids
    out: list[tuple[int, float]] = []
    add = out.append

    def cards(name: str, values: Sequence[AnyCard], block: int = 0) -> None:
        base = at[name] + block * d
        for card in values:
            add((base + ids[card.index], 1.0))

    cards("hand", view.hand)
    cards("picked", picked)
    cards("passing", view.passing)
    for given, got in view.exchanges:
        cards("given", given)
        cards("received", got)
    trick, played = at["trick"], at["played"]
    for play in view.trick:
        block = ((play.seat - me) % n) * d + ids[play.card.index]
        add((trick + block, 1.0))
        add((played + block, 1.0))
    for done in view.tricks:
        for play in done.plays:  # a seat that had dropped out (Domino Hearts) has no card in it
            add((played + ((play.seat - me) % n) * d + ids[play.card.index], 1.0))
    for seat, taken in enumerate(view.taken):
        cards("taken", taken, (seat - me) % n)
    cards("carry_over", view.carry_over)
    for seat, suits in enumerate(view.voids):
        for suit in suits:
            add((at["voids"] + ((seat - me) % n) * 4 + int(suit), 1.0))
    add((at["phase"] + _PHASES.index(view.phase), 1.0))
    for seat in view.to_move:
        add((at["to_move"] + (seat - me) % n, 1.0))
    add((at["dealer"] + (view.dealer - me) % n, 1.0))
    add((at["trick_leader"] + (view.trick_leader - me) % n, 1.0))
    if view.pass_direction in codes.routes:
        add((at["pass_direction"] + codes.routes.index(view.pass_direction), 1.0))
    add((at["pass_count"], float(view.pass_count)))
    add((at["pass_stage"], float(view.pass_stage)))
    add((at["hearts_broken"], float(view.hearts_broken)))
    for seat in view.announcers:
        add((at["announcers"] + (seat - me) % n, 1.0))
    if codes.choices:
        for seat, word in view.announcements:
            if word in codes.choice_ids:
                add((at["announced"] + (seat - me) % n * len(codes.choices) + codes.choices.index(word), 1.0))
    for seat, score in enumerate(view.scores):
        add((at["scores"] + (seat - me) % n, score / 100.0))
    add((at["trick_number"], float(len(view.tricks))))
    add((at["hand_number"], float(view.hand_index + 1)))
    return codes.observation_size, out


def history(view: PlayerView) -> list[float]:
    """The tricks of the hand in play order: per trick, the leader and the card of each seat (from the viewer)."""
    size, entries = history_entries(view)
    out = [0.0] * size
    for index, value in entries:
        out[index] = value
    return out


def history_entries(view: PlayerView) -> tuple[int, list[tuple[int, float]]]:
    """``history(view)`` as its length and its non-zero entries."""
    if not isinstance(view, PlayerView):
        raise EncodingError(f"expected a PlayerView, not {type(view).__name__}")
    codes = _codes(view.rules)
    n, d = codes.players, codes.size
    me = view.seat if view.seat is not None else 0
    width = n + n * d
    rows: list[tuple[int, Sequence[Play]]] = [(trick.leader, trick.plays) for trick in view.tricks]
    if view.trick:
        rows.append((view.trick_leader, view.trick))
    out: list[tuple[int, float]] = []
    for t, (leader, plays) in enumerate(rows[: codes.tricks]):
        base = t * width
        out.append((base + (leader - me) % n, 1.0))
        for play in plays:
            out.append((base + n + ((play.seat - me) % n) * d + codes.card_ids[play.card.index], 1.0))
    return codes.history_size, out
