"""One seat's observation vector read straight from a state's bitmasks, for the vectorized environment.

`write_observation` gives the entries of
``hartenjagen.adapters.encoding.observation(view(state, seat), picked)``
without building the view: the flat index of every entry that counts one
(a card, a one-hot seat or phase; an index may come twice, for the two
copies of a card in a double deck: add them up) and, in a fixed order, the
entries that hold a number (the scores /100, the pass count and stage, the
trick number and the hand number). `ObservationPlan` says where each part
starts; the adapter builds it from the encoding's layout, so that the two
cannot drift apart (a test holds them equal, part by part).
"""

from __future__ import annotations

from typing import final

from hartenjagen.cards import CARD_COUNT, AnyCard
from hartenjagen.core.hand_log import MASK_SHIFT, SEAT_BITS, LoggedTrick, log_plays, log_taken
from hartenjagen.core.state import ANNOUNCING, PASSING, State, taken_masks, trick_cards
from hartenjagen.core.table import NO_SUIT

#: The bits of a log entry's seat fields, and where its card mask starts (as in `hartenjagen.core.state`).


@final
class ObservationPlan:
    """Where the parts of an observation start, and the card id of each physical card (-1: not in the pack).

    ``phase_index`` maps the kernel's phase codes to the phase part's entries;
    ``route_index`` a pass route to its entry of the pass-direction part.
    """

    players: int
    size: int
    ids: tuple[int, ...]
    hand: int
    picked: int
    passing: int
    given: int
    received: int
    trick: int
    played: int
    taken: int
    carry_over: int
    voids: int
    phase: int
    to_move: int
    dealer: int
    trick_leader: int
    pass_direction: int
    hearts_broken: int
    announcers: int
    #: where the announcement choices start (-1: the rules declare none), and each choice's column
    announced: int
    choices: dict[str, int]
    phase_index: tuple[int, ...]
    route_index: dict[object, int]

    def __init__(
        self,
        players: int,
        ids: tuple[int, ...],
        offsets: dict[str, int],
        phase_index: tuple[int, ...],
        route_index: dict[object, int],
        choices: dict[str, int] | None = None,
    ) -> None:
        self.players = players
        self.ids = ids
        self.size = max(ids) + 1
        self.hand = offsets["hand"]
        self.picked = offsets["picked"]
        self.passing = offsets["passing"]
        self.given = offsets["given"]
        self.received = offsets["received"]
        self.trick = offsets["trick"]
        self.played = offsets["played"]
        self.taken = offsets["taken"]
        self.carry_over = offsets["carry_over"]
        self.voids = offsets["voids"]
        self.phase = offsets["phase"]
        self.to_move = offsets["to_move"]
        self.dealer = offsets["dealer"]
        self.trick_leader = offsets["trick_leader"]
        self.pass_direction = offsets["pass_direction"]
        self.hearts_broken = offsets["hearts_broken"]
        self.announcers = offsets["announcers"]
        self.announced = offsets.get("announced", -1)
        self.choices = {} if choices is None else choices
        self.phase_index = phase_index
        self.route_index = route_index


def _cards(ids: tuple[int, ...], mask: int, base: int, ones: list[int]) -> None:
    """One entry per physical card of ``mask``, at ``base`` + its card id."""
    if mask <= 0x3FFFFFFFFFFFFFFF:  # one pack: a machine word, bit by bit
        while mask:
            low = mask & -mask
            ones.append(base + ids[low.bit_length() - 1])
            mask ^= low
        return
    for offset in range(0, len(ids), CARD_COUNT):  # two packs: one machine word per pack
        part = (mask >> offset) & ((1 << CARD_COUNT) - 1)
        while part:
            low = part & -part
            ones.append(base + ids[offset + low.bit_length() - 1])
            part ^= low


def write_observation(
    plan: ObservationPlan,
    state: State,
    seat: int,
    picked: list[int],
    base: int,
    ones: list[int],
    numbers: list[float],
) -> None:
    """Append ``seat``'s observation of ``state`` to ``ones`` and ``numbers`` (see the module documentation).

    ``picked`` are the card ids the seat has picked so far for a pass,
    ``base`` is added to every index (the row's start in a flat batch).
    ``numbers`` gets ``players + 4`` values: the scores from the seat on
    (/100), the pass count, the pass stage, the trick number and the hand number.
    """
    hand = state._hand
    table = hand.table
    n = plan.players
    d = plan.size
    ids = plan.ids
    played = state._played
    hands = hand.hands
    _cards(ids, hands[seat] & ~played, base + plan.hand, ones)
    for card in picked:
        ones.append(base + plan.picked + card)
    phase = hand.phase
    if phase == PASSING:
        _cards(ids, hand.passed[seat], base + plan.passing, ones)
    for given, got in hand.pass_log:
        _cards(ids, given[seat], base + plan.given, ones)
        _cards(ids, got[seat], base + plan.received, ones)
    suit_of = table.suit_of
    shown = [0] * n  # per seat, the suits it has shown it lacks, as bits
    # The suit led is the first card's that is not a joker (NO_SUIT); a joker shows no void.
    led = -1
    for who, p in trick_cards(state):
        block = ((who - seat) % n) * d + ids[p]
        ones.append(base + plan.trick + block)
        suit = suit_of[p]
        if led < 0 or led == NO_SUIT:
            led = suit
        elif suit != led and suit != NO_SUIT:
            shown[who] |= 1 << led
    log = state._log
    for entry in log:
        mask = entry >> MASK_SHIFT
        leader = entry >> 5 & SEAT_BITS
        first = -1
        for k in range(n):
            who = (leader + k) % n
            bits = mask & hands[who]
            if not bits:
                continue  # the seat had dropped out (`Deck.draws_to_follow`)
            p = (bits & -bits).bit_length() - 1
            suit = suit_of[p]
            if first < 0 or first == NO_SUIT:  # the first card that is not a joker sets the suit
                first = suit
            elif suit != first and suit != NO_SUIT:
                shown[who] |= 1 << first
    for who in range(n):
        rel = (who - seat) % n
        _cards(ids, hands[who] & played, base + plan.played + rel * d, ones)
        voids = shown[who]
        for suit in range(4):
            if voids >> suit & 1:
                ones.append(base + plan.voids + rel * 4 + suit)
    for who, mask in enumerate(taken_masks(state)):
        _cards(ids, mask, base + plan.taken + ((who - seat) % n) * d, ones)
    _cards(ids, state._carry, base + plan.carry_over, ones)
    ones.append(base + plan.phase + plan.phase_index[phase])
    for who in state.to_move:
        ones.append(base + plan.to_move + (who - seat) % n)
    ones.append(base + plan.dealer + (hand.dealer - seat) % n)
    leader = state._leader if phase != PASSING and phase != ANNOUNCING else 0
    ones.append(base + plan.trick_leader + (leader - seat) % n)
    route = plan.route_index.get(hand.direction, -1)
    if route >= 0:
        ones.append(base + plan.pass_direction + route)
    if state._broken:
        ones.append(base + plan.hearts_broken)
    for who in hand.announcers:
        ones.append(base + plan.announcers + (who - seat) % n)
    if plan.announced >= 0:
        width = len(plan.choices)
        for who, word in hand.announced:
            column = plan.choices.get(word, -1)
            if column >= 0:
                ones.append(base + plan.announced + (who - seat) % n * width + column)
    scores = hand.scores
    for i in range(n):
        numbers.append(scores[(seat + i) % n] / 100.0)
    numbers.append(float(state.pass_count))
    numbers.append(float(len(hand.pass_log)))
    numbers.append(float(len(log)))
    numbers.append(float(hand.hand_index + 1))


def seat_reading(
    state: State, seat: int
) -> tuple[
    tuple[AnyCard, ...], tuple[AnyCard, ...], tuple[LoggedTrick, ...], tuple[tuple[AnyCard, ...], ...]
]:
    """What ``seat`` may see of ``state`` that a view would build values for: its hand, its pass, the tricks.

    ``seat``'s cards (as ``view.hand``), the cards it has chosen to pass in
    the passing phase (``view.passing``; else ``()``), the hand's completed
    tricks as `hand_log.log_plays` gives them (the fields of ``view.tricks``,
    no `Trick` built) and the cards each seat has taken (``view.taken``): a
    bot that reads these every decision skips the view.
    """
    hand = state._hand
    table = hand.table
    log = state._log
    # The tricks and the cards taken change only when a trick is done, and the states of a trick share
    # its log: kept by the log's identity (the log is held, so that its identity is not reused).
    found = _LOGS_READ.get(id(log))
    if found is None or found[0] is not log or found[1] is not hand.hands:
        taken = tuple([table.any_cards(mask) for mask in log_taken(log, table.players)])
        found = (log, hand.hands, log_plays(log, hand.hands, table), taken)
        if len(_LOGS_READ) >= 1024:
            _LOGS_READ.clear()  # many tables: start again rather than grow
        _LOGS_READ[id(log)] = found
    passing = table.any_cards(hand.passed[seat]) if hand.phase == PASSING else ()
    held = table.any_cards(hand.hands[seat] & ~state._played)
    return held, passing, found[2], found[3]


#: `seat_reading`'s tricks and cards taken, by the identity of the log: (log, hands, tricks, taken).
_LOGS_READ: dict[
    int, tuple[tuple[int, ...], tuple[int, ...], tuple[LoggedTrick, ...], tuple[tuple[AnyCard, ...], ...]]
] = {}
