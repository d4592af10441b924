"""The kernel's once-a-hand transitions: deal, exchange, announcements, scoring and the next deal.

The rule modules of the once-a-hand slots (passing, opening's first leader,
scoring, moon, ending, house rules' announcements and adjustments) are called
here through their hooks: a call a hand costs next to nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from hartenjagen.cards import CARD_COUNT, AnyCard, parse_any_cards
from hartenjagen.chance import NeedChance, ScriptedChance, chance_for
from hartenjagen.core import hand_hooks
from hartenjagen.core.draws import Draws
from hartenjagen.core.state import (
    ANNOUNCING,
    CHANCE,
    GAME_OVER,
    MOON_CHOICE,
    PASSING,
    PLAYING,
    HandContext,
    PlayedHand,
    State,
    scored_taken,
    taken_masks,
)
from hartenjagen.core.stock import with_rest
from hartenjagen.core.table import TRAVEL_POOL, TRAVEL_RULE, TRAVEL_SEAT, Table, table_for
from hartenjagen.errors import CardParseError, RulesError, SetupError
from hartenjagen.events import (
    Announced,
    CardsExchanged,
    GameOver,
    HandDealt,
    HandScored,
    MoonChosen,
    MoonShot,
    PassChosen,
    Revoked,
)
from hartenjagen.rules.ending import winners_of
from hartenjagen.rules.moon import moon_points
from hartenjagen.rules.routes import PassRoute
from hartenjagen.rules.sides import Sides, sides_of
from hartenjagen.values import HandResult

_NO_LOG: Final[tuple[int, ...]] = ()

# A game with explicit chance keeps in ``HandContext.chance`` the chance node it waits at, as
# (kind, items drawn from, answers given to the hook so far, order drawn so far); EXPLICIT when
# none waits. A seeded game keeps None there. See `hartenjagen.core.chance_nodes`.
NO_NODE: Final = 0
FIRST_DEALER_NODE: Final = 1
DEAL_NODE: Final = 2
DIRECTION_NODE: Final = 3
POOL_NODE: Final = 4
# DRAW_NODE (5), a draw from the stock after a trick, is `hartenjagen.core.state`'s (`hartenjagen.core.stock`).
EXPLICIT: Final[tuple[Any, ...]] = (NO_NODE, (), (), ())


def waiting(
    table: Table,
    hand_index: int,
    dealer: int,
    scores: tuple[int, ...],
    sheet: tuple[Any, ...],
    seed: int,
    deal_count: int,
    secret: bool,
    node: tuple[Any, ...],
    hands: tuple[int, ...] | None = None,
    history: tuple[PlayedHand, ...] = (),
) -> State:
    """A state of a game with explicit chance that waits, before the hand's exchange, at ``node``."""
    n = table.players
    nothing = (0,) * n
    dealt = nothing if hands is None else hands
    hand = HandContext(
        table=table, phase=CHANCE, hand_index=hand_index, dealer=dealer, hands=dealt, passed=nothing, pending=0,
        pass_log=(), direction=PassRoute.HOLD, scores=scores, sheet=sheet, seed=seed, deal_count=deal_count,
        dealt=dealt, winners=(), announcers=(), shooter=-1, secret=secret, chance=node, history=history,
    )  # fmt: skip
    return State(hand, 0, 0, 0, 0, -1, _NO_LOG, False, 0)


def checked_draw(need: NeedChance, table: Table, hook: str) -> tuple[Any, ...]:
    """The items of a draw a hook asked explicit chance for; a draw explicit chance cannot decide is a RulesError."""
    if hook == "route":
        if need.kind == "choice" and need.items and all(isinstance(d, PassRoute) for d in need.items):
            return need.items
    elif (
        need.kind == "shuffle"
        and all(type(p) is int and table.pack_mask >> p & 1 for p in need.items)
        and len(set(need.items)) == len(need.items)
    ):
        return need.items
    raise RulesError(
        f"explicit chance: the passing module's {hook} hook draws a {need.kind} that explicit chance cannot"
        " decide (it decides a choice of pass routes and the shuffle of a pool)"
    )


def shuffle_deal(table: Table, seed: int, deal_count: int, dealer: int) -> tuple[int, ...]:
    """Shuffle the pack and deal it one card at a time clockwise from eldest."""
    return deal_with(table, Draws(f"hartenjagen/{seed}/{deal_count}"), dealer)


def deal_with(table: Table, draws: Draws, dealer: int) -> tuple[int, ...]:
    """The pack of ``table`` shuffled with ``draws`` and dealt one card at a time clockwise from ``dealer``'s left.

    Each seat's cards as a mask (a double deck's copies assigned as a replay assigns them).
    """
    cards = list(table.pack)
    draws.shuffle_cards(cards)
    if table.dealt_count < len(cards):
        del cards[table.dealt_count :]  # the last cards of the shuffled pack stay undealt: a widow or a stock
    n = table.players
    seat = dealer
    if table.copies == 1:
        hands = [0] * n
        for physical in cards:
            seat += 1
            if seat == n:
                seat = 0
            hands[seat] |= 1 << physical
        return tuple(hands)
    # Two packs: each seat's copies are gathered as two 52-bit masks (one per pack), so the deal
    # stays on machine-word integers until the end.
    first = [0] * n
    second = [0] * n
    jokers = [0] * n  # after both packs: one copy each, no copy to assign
    for physical in cards:
        seat += 1
        if seat == n:
            seat = 0
        if physical < CARD_COUNT:
            first[seat] |= 1 << physical
        elif physical < 2 * CARD_COUNT:
            second[seat] |= 1 << (physical - CARD_COUNT)
        else:
            jokers[seat] |= 1 << physical
    return tuple([mask | joker for mask, joker in zip(_assign_halves(first, second), jokers, strict=True)])


def _assign_halves(first: list[int], second: list[int]) -> tuple[int, ...]:
    """``assign_copies`` of hands given as (first-pack, second-pack) card masks: each seat, in seat
    order, takes the lowest copy still free of each of its cards (a shuffled deal equals its replay)."""
    taken = 0  # the cards whose first copy is dealt
    masks = []
    for ones, twos in zip(first, second, strict=True):
        both = ones & twos  # held twice: both copies
        once = ones ^ twos
        low = both | (once & ~taken)
        high = both | (once & taken)
        taken |= low
        masks.append(low | high << CARD_COUNT)
    return tuple(masks)


def assign_copies(table: Table, hands: Sequence[Sequence[AnyCard]]) -> tuple[int, ...]:
    """Bitmasks of the hands, giving the copies of each card to the seats in seat order.

    Which physical copy a seat holds never matters to the rules; doing it one way
    for shuffled and explicit deals makes a replayed deal (a game record) equal
    to the shuffled one, and two seats never get the same copy.
    """
    dealt = 0
    masks = []
    for cards in hands:
        mask = 0
        for card in cards:
            free = table.bits_of[card.index] & ~dealt
            dealt |= free & -free
            mask |= free & -free
        masks.append(mask)
    return tuple(masks)


def explicit_deal(table: Table, deal: Any) -> tuple[int, ...]:
    """The bitmasks of a deal given as one list of cards (or card texts) per seat."""
    n = table.players
    if isinstance(deal, str) or not isinstance(deal, Sequence) or len(deal) != n:
        raise SetupError(f"deal must be a list of {n} hands, one per seat")
    remaining: dict[int, int] = {}
    for physical in table.pack:
        index = table.index_of[physical]
        remaining[index] = remaining.get(index, 0) + 1
    hands: list[tuple[AnyCard, ...]] = []
    for seat, hand in enumerate(deal):
        try:
            cards = parse_any_cards(hand)
        except CardParseError as error:
            raise SetupError(f"deal: seat {seat}: {error}") from error
        if len(cards) != table.hand_size:
            raise SetupError(f"deal: seat {seat} has {len(cards)} cards, not {table.hand_size}")
        for card in cards:
            left = remaining.get(card.index, 0)
            if left == 0:
                problem = (
                    "more often than the pack holds it" if table.bits_of[card.index] else "not in the pack"
                )
                raise SetupError(f"deal: seat {seat} has {card}, which is {problem}")
            remaining[card.index] = left - 1
        hands.append(cards)
    # Right counts and no card beyond its copies means every card was dealt.
    return assign_copies(table, hands)


def seat_mask(seats: Iterable[int]) -> int:
    """The seats as bits."""
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


def start_hand(
    table: Table,
    hand_index: int,
    dealer: int,
    hands: tuple[int, ...],
    scores: tuple[int, ...],
    sheet: tuple[Any, ...],
    seed: int,
    deal_count: int,
    events: list[Any] | None,
    secret: bool,
    answers: tuple[Any, ...] | None = None,
    history: tuple[PlayedHand, ...] = (),
    chance: Any = None,
) -> State:
    """The state after a deal: the exchange, the announcements or the first lead.

    ``answers`` (explicit chance) are the outcomes given so far to the passing
    module's draw of the direction; ``None`` in a seeded game. ``chance`` is
    the direction's random source when not the seeded game's (a fresh deal of
    ``hartenjagen.playouts``).
    """
    n = table.players
    passing = table.rules.passing
    node: tuple[Any, ...] | None = None
    if answers is None:
        source = chance_for(seed, deal_count, "direction") if chance is None else chance
        direction = passing.route(hand_index, source)
    else:
        node = EXPLICIT
        try:
            direction = passing.route(hand_index, ScriptedChance(answers))
        except NeedChance as need:
            items = checked_draw(need, table, "route")
            wait = (DIRECTION_NODE, items, answers, ())
            return waiting(
                table, hand_index, dealer, scores, sheet, seed, deal_count, secret, wait, hands, history
            )
    if not isinstance(direction, PassRoute):
        raise RulesError(f"passing {passing!r}: route() must give a PassRoute, not {direction!r}")
    nothing = (0,) * n
    hand = HandContext(
        table=table, phase=PASSING, hand_index=hand_index, dealer=dealer, hands=hands, passed=nothing, pending=0,
        pass_log=(), direction=direction, scores=scores, sheet=sheet, seed=seed, deal_count=deal_count,
        dealt=hands, winners=(), announcers=(), shooter=-1, secret=secret, chance=node, history=history,
    )  # fmt: skip
    if events is not None:
        events.append(HandDealt(hand_index, dealer, direction, tuple([mask.bit_count() for mask in hands])))
    if table.stage_counts(direction):
        hand.pending = (
            (1 << n) - 1 if table.givers_all else seat_mask(passing.givers(0, direction, n, dealer))
        )
        return State(hand, 0, 0, 0, 0, -1, _NO_LOG, False, 0)
    return after_exchange(hand)


def after_exchange(hand: HandContext) -> State:
    """Name the first leader; open the announcement round if a house rule has one, else the first trick.

    ``hand`` is a fresh context the kernel may still change.
    """
    table = hand.table
    leader = (
        table.first_leader(hand.hands, hand.dealer)
        if table.opening_planned
        else hand_hooks.first_leader(hand)
    )
    hand.pending = 0
    hand.phase = PLAYING
    if table.announcing:
        probe = State(hand, 0, 0, 0, leader, -1, _NO_LOG, False, 0)
        pending = hand_hooks.announcing_seats(probe)
        if pending:
            hand.phase = ANNOUNCING
            hand.pending = pending
    return State(hand, 0, 0, 0, leader, -1, _NO_LOG, False, 0)


def pass_cards(state: State, seat: int, chosen: int, events: list[Any] | None) -> State:
    """``seat`` gives the physical cards ``chosen`` (already checked) in the current stage of the exchange."""
    old = state._hand
    table = old.table
    hand = old.copy()
    hands = list(old.hands)
    hands[seat] &= ~chosen
    given = list(old.passed)
    given[seat] = chosen
    hand.pending = old.pending & ~(1 << seat)
    stage = len(old.pass_log)
    if events is not None:
        events.append(PassChosen(seat, stage))
    if hand.pending:
        hand.hands = tuple(hands)
        hand.passed = tuple(given)
        return State(hand, 0, 0, 0, 0, -1, _NO_LOG, False, 0)
    chance: Any = None
    if table.route_plan(old.direction)[2] == TRAVEL_POOL:  # only a pool draws
        chance = (
            chance_for(old.seed, old.deal_count, f"exchange{stage}")
            if old.chance is None
            else ScriptedChance(())
        )
    try:
        received = exchanged(old, tuple(hands), tuple(given), chance)
    except NeedChance as need:
        if old.chance is None:
            raise  # pragma: no cover - a seeded game's chance never asks
        hand.hands = tuple(hands)
        hand.passed = tuple(given)
        hand.phase = CHANCE
        hand.chance = (POOL_NODE, checked_draw(need, table, "exchange"), (), ())
        return State(hand, 0, 0, 0, 0, -1, _NO_LOG, False, 0)
    return finish_exchange(hand, tuple(hands), tuple(given), received, events)


def exchanged(
    hand: HandContext, hands: tuple[int, ...], given: tuple[int, ...], chance: Any
) -> tuple[int, ...]:
    """What each seat receives when the current stage of ``hand``'s exchange is complete, as its route says.

    ``hands`` are the hands without the cards ``given``; ``chance`` shuffles a pool.
    """
    table = hand.table
    _, offsets, travel = table.route_plan(hand.direction)
    n = table.players
    if travel == TRAVEL_SEAT:  # every seat's cards go to the seat `offset` places on
        offset = offsets[len(hand.pass_log)]
        return tuple([given[(seat - offset) % n] for seat in range(n)])
    if travel == TRAVEL_RULE:
        return hand_hooks.scattered(hand, hands, given)
    return _pooled(hand, given, chance)


def exchange_of(state: State, chance: Any) -> tuple[int, ...]:
    """The hands after the exchange waiting in ``state`` (its passes chosen), drawn from ``chance`` where a pool is shuffled."""
    hand = state._hand
    return exchanged(hand, hand.hands, hand.passed, chance)


def _pooled(hand: HandContext, given: tuple[int, ...], chance: Any) -> tuple[int, ...]:
    """The givers' cards pooled, shuffled and dealt back one at a time clockwise from eldest to the givers."""
    table = hand.table
    n = table.players
    pool = []
    for mask in given:
        while mask:
            low = mask & -mask
            pool.append(low.bit_length() - 1)
            mask ^= low
    pool.sort()
    chance.shuffle(pool)
    if table.copies > 1:
        pool = _lowest_copies_first(pool, table)
    stage = len(hand.pass_log)
    givers = (
        range(n) if table.givers_all else table.rules.passing.givers(stage, hand.direction, n, hand.dealer)
    )
    takers = set(givers)
    receivers = [(hand.dealer + step) % n for step in range(1, n + 1) if (hand.dealer + step) % n in takers]
    received = [0] * n
    for i, physical in enumerate(pool):
        received[receivers[i % len(receivers)]] |= 1 << physical
    return tuple(received)


def _lowest_copies_first(pool: list[int], table: Table) -> list[int]:
    """The shuffled pool with the copies of each card in ascending order (which copy a seat gets never matters).

    Dealing copies in one order makes a pool dealt back from an explicit order
    of cards (explicit chance) the same as the shuffled one.
    """
    copies: dict[int, list[int]] = {}
    for physical in sorted(pool):
        copies.setdefault(table.index_of[physical], []).append(physical)
    return [copies[table.index_of[physical]].pop(0) for physical in pool]


def finish_exchange(
    hand: HandContext,
    hands: tuple[int, ...],
    given: tuple[int, ...],
    received: tuple[int, ...],
    events: list[Any] | None,
) -> State:
    """Every giver of the current stage has chosen and ``received`` is what each seat gets: on to what follows.

    ``hand`` is a fresh context the kernel may still change; ``hands`` the hands without the cards given.
    """
    table = hand.table
    direction = hand.direction
    stage = len(hand.pass_log)
    hand.hands = tuple([hands[seat] | received[seat] for seat in range(len(hands))])
    hand.pass_log = hand.pass_log + ((given, received),)
    hand.passed = (0,) * table.players
    if events is not None:
        cards = table.cards
        events.append(
            CardsExchanged(
                stage, direction, tuple([cards(m) for m in given]), tuple([cards(m) for m in received])
            )
        )
    if stage + 1 < len(table.stage_counts(direction)):
        if table.givers_all:
            hand.pending = (1 << table.players) - 1
        else:
            passing = table.rules.passing
            hand.pending = seat_mask(passing.givers(stage + 1, direction, table.players, hand.dealer))
        return State(hand, 0, 0, 0, 0, -1, _NO_LOG, False, 0)
    return after_exchange(hand)


def announce(
    state: State, seat: int, announcing: bool, events: list[Any] | None, choice: str | None = None
) -> State:
    """``seat`` says whether it makes the announcement of the round, or makes one of its own choices.

    A choice keeps the seat's turn while it has more to choose; a yes or a no ends it.
    """
    if events is not None:
        events.append(Announced(seat, announcing, choice))
    hand = state._hand.copy()
    if choice is None:
        hand.pending &= ~(1 << seat)
    else:
        hand.announced = hand.announced + ((seat, choice),)
    if announcing and seat not in hand.announcers:
        hand.announcers = hand.announcers + (seat,)
    if choice is not None:
        probe = State(hand, 0, 0, 0, state._leader, -1, _NO_LOG, False, 0)
        if not hand_hooks.announcement_offers(probe, seat).more:
            hand.pending &= ~(1 << seat)
    if not hand.pending:
        hand.phase = PLAYING
    return State(hand, 0, 0, 0, state._leader, -1, _NO_LOG, False, 0)


def score_hand(state: State, events: list[Any] | None, taken: tuple[int, ...] | None = None) -> State:
    """The last trick is in: find the moon; ask the shooter if the moon module offers a choice.

    ``taken`` is each seat's captured cards when the caller tracked them (else read from the log).
    """
    hand = state._hand
    table = hand.table
    rules = table.rules
    if taken is None:
        taken = taken_masks(state)
    # The widow's points count for the seat that took it; a deck that draws to follow gives the rest to the last seat.
    taken = with_rest(state, taken) if table.follow_draws else scored_taken(state, taken)
    shooter: int | None = None
    if table.moon_always or rules.ending.moon_applies(hand.sheet):
        if table.moon_planned:
            needed = table.moon_needed
            if needed:
                for seat in range(len(taken)):
                    if taken[seat] & needed == needed:
                        shooter = seat
                        break
                if shooter is None and rules.extras:
                    shooter = _team_shooter(table, sides_of(rules), taken)
        else:
            shooter = hand_hooks.shooter(state, taken)
    if shooter is None:
        return finish_hand(state, taken, None, None, events)
    options = rules.moon.options()
    if events is not None:
        events.append(MoonShot(shooter, options))
    if len(options) > 1:
        waiting = hand.copy()
        waiting.phase = MOON_CHOICE
        waiting.shooter = shooter
        return _with_hand(state, waiting)
    return finish_hand(state, taken, shooter, options[0], events)


def choose_moon(state: State, option: Any, events: list[Any] | None) -> State:
    """The shooter's choice of how the moon is scored (already checked)."""
    if events is not None:
        events.append(MoonChosen(state._hand.shooter, option))
    taken = taken_masks(state)
    taken = with_rest(state, taken) if state._hand.table.follow_draws else scored_taken(state, taken)
    return finish_hand(state, taken, state._hand.shooter, option, events)


def _with_hand(state: State, hand: HandContext) -> State:
    return State(
        hand, state._played, state._trick, state._count, state._leader, state._led, state._log,
        state._broken, state._carry,
    )  # fmt: skip


def finish_hand(
    state: State, taken: tuple[int, ...], shooter: int | None, option: Any, events: list[Any] | None
) -> State:
    """Score the hand, then end the game or deal the next hand."""
    hand = state._hand
    table = hand.table
    rules = table.rules
    raw = hand_hooks.hand_points(table, taken)
    scored = raw
    if shooter is not None and option is not None:
        sides = sides_of(rules)
        if table.moon_planned and sides is not None:
            scored = _team_settle(table, sides, raw, taken, hand.scores, shooter, option)
        elif table.moon_planned:
            scored = _planned_settle(table, raw, taken, hand.scores, shooter, option)
        else:
            scored = hand_hooks.settle(state, taken, raw, shooter, option)
    if table.adds_points:
        before = hand.scores
        totals = tuple([before[seat] + scored[seat] for seat in range(len(before))])
    else:
        totals = tuple(rules.ending.add(hand.scores, scored, hand.sheet))
    if rules.extras:
        for change in hand_hooks.adjustments(state, taken, raw, shooter):
            totals = rules.ending.adjust(totals, change, hand.sheet)
    start = hand.scores
    points = tuple([totals[seat] - start[seat] for seat in range(len(start))])
    chosen = option if shooter is not None and len(rules.moon.options()) > 1 else None
    result = HandResult(hand.hand_index, hand.dealer, raw, points, totals, shooter, chosen, hand.announcers)
    if events is not None:
        events.append(HandScored(result))
    return next_deal(state, hand.sheet + (result,), totals, events, advance=True)


def _planned_settle(
    table: Table,
    raw: tuple[int, ...],
    taken: tuple[int, ...],
    totals: tuple[int, ...],
    shooter: int,
    option: Any,
) -> tuple[int, ...]:
    """A planned moon's points (`hartenjagen.rules.plan.MoonPlan`): ``_Shooting.settle`` on the kernel's masks."""
    own = hand_hooks.points(table, taken[shooter] & ~table.moon_needed)
    return moon_points(raw, totals, shooter, own, table.moon_amount, option)


def _team_shooter(table: Table, sides: Sides | None, taken: tuple[int, ...]) -> int | None:
    """A planned moon no seat shot alone, asked of the rule that declares teams (`hartenjagen.rules.sides`)."""
    if sides is None:
        return None
    needed = table.moon_needed
    points = [hand_hooks.points(table, mask & needed) for mask in taken]
    together = []
    for team in sides.teams:
        mask = 0
        for seat in team:
            mask |= taken[seat]
        together.append(mask & needed == needed)
    return sides.moon_shooter(points, together)


def _team_settle(
    table: Table,
    sides: Sides,
    raw: tuple[int, ...],
    taken: tuple[int, ...],
    totals: tuple[int, ...],
    shooter: int,
    option: Any,
) -> tuple[int, ...]:
    """A planned moon shot by ``shooter``'s team, settled by the rule that declares teams."""
    outside = ~table.moon_needed
    own = tuple([hand_hooks.points(table, taken[seat] & outside) for seat in range(len(taken))])
    return sides.settle(raw, totals, shooter, own, table.moon_amount, option)


def next_deal(
    state: State, sheet: tuple[Any, ...], totals: tuple[int, ...], events: list[Any] | None, *, advance: bool
) -> State:
    """End the game if the ending says so, else deal again (the next dealer, unless a voided hand is redealt)."""
    hand = state._hand
    table = hand.table
    rules = table.rules
    # With teams the ending judges what the declaring rule says (one total per team), and its
    # winners are turned back into seats by that rule (`hartenjagen.rules.sides`).
    sides = sides_of(rules)
    judged = totals if sides is None else sides.judged(totals)
    if table.ending_planned:
        ends = _planned_end(judged, sheet, table)
    else:
        ends = bool(rules.ending.is_over(judged, sheet))
    if ends:
        named = winners_of(rules.ending, judged, sheet) if not table.ending_planned else _lowest(judged)
        winners = named if sides is None else sides.seats(named)
        if events is not None:
            events.append(GameOver(winners, totals))
        over = hand.copy()
        over.phase = GAME_OVER
        over.scores = totals
        over.sheet = sheet
        over.pending = 0
        over.shooter = -1
        over.winners = winners
        return _with_hand(state, over)
    dealer = (hand.dealer + 1) % table.players if advance else hand.dealer
    hand_index = hand.hand_index + 1 if advance else hand.hand_index
    # The hand just over joins the game's history: what a saved game replays.
    played = PlayedHand(
        hand_index=hand.hand_index, dealer=hand.dealer, dealt=hand.dealt, direction=hand.direction, pass_log=hand.pass_log, announcers=hand.announcers,
        hands=hand.hands, log=state._log, trick=state._trick, leader=state._leader, drawn=hand.drawn, announced=hand.announced,
    )  # fmt: skip
    history = hand.history + (played,)
    if hand.chance is not None:
        node = (DEAL_NODE, (), (), ())
        return waiting(
            table,
            hand_index,
            dealer,
            totals,
            sheet,
            hand.seed,
            hand.deal_count,
            hand.secret,
            node,
            None,
            history,
        )
    hands = shuffle_deal(table, hand.seed, hand.deal_count, dealer)
    return start_hand(
        table, hand_index, dealer, hands, totals, sheet, hand.seed, hand.deal_count + 1, events, hand.secret,
        None, history,
    )  # fmt: skip


def _lowest(totals: tuple[int, ...]) -> tuple[int, ...]:
    """The seats holding the lowest total (`hartenjagen.rules.ending.lowest`)."""
    best = min(totals)
    return tuple([seat for seat in range(len(totals)) if totals[seat] == best])


def _planned_end(totals: tuple[int, ...], sheet: tuple[Any, ...], table: Table) -> bool:
    """Whether a planned ending (`hartenjagen.rules.plan.EndingPlan`) ends the game after ``sheet``."""
    if table.end_deals:
        played = 0
        for result in sheet:
            if result.revoke is None:
                played += 1
        if played >= table.end_deals:
            return True
    limit = table.end_limit
    if not limit or (sheet and sheet[-1].revoke is not None):
        return False
    top = max(totals)
    if top < limit or (top == limit and not table.end_inclusive):
        return False
    return table.end_tie_shared or len(_lowest(totals)) == 1


def void_hand(
    state: State, revoker: int, card: AnyCard, broken: tuple[str, str], events: list[Any] | None
) -> State:
    """A revoke under a penalty rule: the revoker scores the penalty, the hand is dealt again by the same dealer.

    ``broken`` is the code and the sentence of the rule the play broke (the refusal `apply` already has).
    """
    hand = state._hand
    table = hand.table
    n = table.players
    penalty = table.revoke_penalty
    points = tuple([penalty if seat == revoker else 0 for seat in range(n)])
    totals = tuple([a + b for a, b in zip(hand.scores, points, strict=True)])
    result = HandResult(
        hand.hand_index, hand.dealer, (0,) * n, points, totals, None, None, hand.announcers, revoker
    )
    if events is not None:
        events.append(Revoked(revoker, card, penalty, result, *broken))
    return next_deal(state, hand.sheet + (result,), totals, events, advance=False)


def start_game(rules: Any, seed: int, deal: Any, dealer: int, secret: bool, hand_index: int = 0) -> State:
    """The first state of a game (arguments already checked but the deal): hand ``hand_index`` of the cycle."""
    table = table_for(rules)
    if not 0 <= dealer < table.players:
        raise SetupError(f"dealer must be a seat from 0 to {table.players - 1}, not {dealer!r}")
    hands = shuffle_deal(table, seed, 0, dealer) if deal is None else explicit_deal(table, deal)
    return start_hand(table, hand_index, dealer, hands, (0,) * table.players, (), seed, 1, None, secret)
