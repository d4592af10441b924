"""A play hook's answers, kept by exactly the context fields the hook read: Python is asked only on a miss.

A ``playable`` hook (a house rule, or a leading, opening or first-trick module
of one's own) is a pure function of its `PlayContext` (docs/writing-rules.md
states this as the contract). The context it receives computes a field only
when the hook reads it and records each first read, in order, as (field, key):
the key is a small value of the engine's own (a bitmask, an int, a tuple of
ints) that determines the field's value on this table.

The answers form a decision tree per hook and table: a node names the field
the hook reads next, its children are keyed by that field's key, and a leaf
is the hook's answer itself (every copy of the cards it returned, as a
bitmask: an ``int`` where a child would be a node). Looking up a position
walks the tree, computing only the keys of the fields on its path. This is
exact: a pure hook that has read the same values so far reads the same
field next, so two positions that agree on the fields of one path get the
same answer, whatever else differs. A hook that raises or returns something
that is not cards leaves no entry (it is asked again, and raises again).

A tree that reaches `LIMIT` entries becomes the previous generation and a
new one starts; a lookup that the new tree cannot answer walks the previous
one and, where that answers, copies the path into the new tree. So the
positions that recur (a follower's few cards of a suit) outlive a reset,
while those met once (most leaders' whole hands) leave with their
generation, and the memory stays within two trees.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import MethodType
from typing import Any, Final

from hartenjagen.cards import ALL_CARDS, CARD_COUNT, Card, Suit
from hartenjagen.core.hand_log import SEAT_BITS, log_tricks
from hartenjagen.core.state import HandContext
from hartenjagen.core.table import NO_SUIT, RUNS_COMPILED, Table
from hartenjagen.rules.context import PlayContext

#: The `PlayContext` fields, in the order of their numbers in a tree.
FIELDS: Final = (
    "rules",
    "seat",
    "hand",
    "allowed",
    "trick",
    "led_suit",
    "trick_number",
    "hearts_broken",
    "tricks_taken",
    "scores",
    "tricks",
    "announcers",
    "announcements",
    "jokers",
)
_NUMBER: Final = {name: number for number, name in enumerate(FIELDS)}
_SUITS: Final = tuple(Suit)
#: The most entries (nodes and answers) a generation of a tree holds (a hook that reads the trick history
#: seldom repeats a key): two generations are a few MB at most, on a table the table cache may keep among 64.
LIMIT: Final = 1 << 14
#: The 52 cards by index, which on a one-pack table is the physical card's number.
_CARDS: Final = ALL_CARDS
#: Interpreted only: the cards of each byte of a one-pack mask, in card order (``_BYTES[k][b]``: the cards
#: of bits ``8k..8k+7`` set in ``b``; a joker's bit, 52 and up, names none).
_BYTES: Final = (
    ()
    if RUNS_COMPILED
    else tuple(
        tuple(
            tuple([ALL_CARDS[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < CARD_COUNT])
            for b in range(256)
        )
        for k in range((CARD_COUNT + 7) // 8)
    )
)


def card_set(table: Table, mask: int) -> frozenset[Card]:
    """The cards of a bitmask of physical cards, as a frozenset (copies merge, jokers left out).

    Built from the cards in card order, as ``frozenset(table.cards(mask))``
    is, so that the two are equal and iterate alike.
    """
    if table.copies > 1:
        return frozenset(table.cards(mask))
    if not RUNS_COMPILED:
        # Interpreted, a bytecode costs more than a cache miss: the cards of each of the mask's seven
        # bytes (56 bits: the 52 cards and `JOKER_LIMIT` jokers, four), looked up, not a loop.
        b0, b1, b2, b3, b4, b5, b6 = _BYTES
        c0, c1, c2, c3, c4, c5, c6 = mask.to_bytes(7, "little")
        return frozenset(b0[c0] + b1[c1] + b2[c2] + b3[c3] + b4[c4] + b5[c5] + b6[c6])
    # A bit at a time from the hand's few cards: cheaper than looking up whole bytes of them,
    # whose 1,792 tuples a busy machine keeps out of its caches.
    cards: list[Card] = []
    mask &= ~table.joker_mask
    while mask:
        low = mask & -mask
        cards.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return frozenset(cards)


#: Whether a card mask's key in a tree is spread (`spread`): compiled, yes; interpreted, the key is the
#: mask itself, and the hot paths test this rather than call `spread` (a call is a frame there).
SPREAD: Final = RUNS_COMPILED


def spread(mask: int) -> int:
    """The key of a card mask in a tree: ``mask`` with its high bits folded onto its low ones, one to one.

    An int hashes to itself and a dictionary picks a slot by the hash's low
    bits, the clubs' (a mask's lowest bits): the follows in any other suit
    would crowd a handful of slots, and every lookup walk a long chain of
    them. Each step (``x ^ x >> k``) can be undone, so distinct masks keep
    distinct keys. Interpreted (not `SPREAD`), the key is ``mask`` itself:
    there the three steps on a 52-bit int cost about 200 ns, and the longer
    chains a few ns a lookup (the dictionary's probe mixes the high bits in
    after a step or two).
    """
    if not SPREAD:
        return mask
    mask ^= mask >> 5
    mask ^= mask >> 13
    return mask ^ (mask >> 29)


class PlaySource:
    """One position of the play phase, in the engine's terms: what a lazy `PlayContext` reads.

    ``log`` may be a list that grows after this position (the fused playout
    loop's): only its first ``tricks`` entries belong to the position.
    """

    hand: HandContext
    seat: int
    cards: int
    allowed: int
    trick: int
    count: int
    leader: int
    led: int
    log: Sequence[int]
    tricks: int
    broken: bool

    def __init__(
        self,
        hand: HandContext,
        seat: int,
        cards: int,
        allowed: int,
        trick: int,
        count: int,
        leader: int,
        led: int,
        log: Sequence[int],
        tricks: int,
        broken: bool,
    ) -> None:
        #: the fields read, in order, each as (field, key)
        self.reads: list[tuple[int, object]] = []
        #: the fields read so far but ``allowed``, by number (a lazy context reads each through here, once);
        #: made at the first such read (most hooks read ``allowed`` alone)
        self.values: dict[int, object] | None = None
        #: the ``allowed`` value handed to the hook, once read (a hook that returns it is answered at once)
        self.allowed_cards: frozenset[Card] | None = None
        self.reset(hand, seat, cards, allowed, trick, count, leader, led, log, tricks, broken)

    def reset(
        self,
        hand: HandContext,
        seat: int,
        cards: int,
        allowed: int,
        trick: int,
        count: int,
        leader: int,
        led: int,
        log: Sequence[int],
        tricks: int,
        broken: bool,
    ) -> None:
        """Make this source the given position's, with no reads (a reused one: no context outside the core holds it)."""
        self.hand = hand
        self.seat = seat
        self.cards = cards
        self.allowed = allowed
        self.trick = trick
        self.count = count
        self.leader = leader
        self.led = led
        self.log = log
        self.tricks = tricks
        self.broken = broken
        if self.reads:
            self.reads.clear()
        self.values = None
        self.allowed_cards = None

    def copy(self) -> PlaySource:
        """A fresh source of the same position (no reads yet): for a hook, while this one is reused."""
        return PlaySource(
            self.hand, self.seat, self.cards, self.allowed, self.trick, self.count,
            self.leader, self.led, self.log, self.tricks, self.broken,
        )  # fmt: skip

    def _order(self) -> list[int]:
        """The physical cards of the current trick, in play order (a seat that dropped out has none)."""
        return [p for _, p in self._plays()]

    def _plays(self) -> list[tuple[int, int]]:
        """The current trick as (seat, physical card), in play order."""
        hands = self.hand.hands
        n = len(hands)
        out: list[tuple[int, int]] = []
        seat = self.leader
        while len(out) < self.count:
            bits = self.trick & hands[seat]
            if bits:
                out.append((seat, (bits & -bits).bit_length() - 1))
            seat = seat + 1 if seat + 1 < n else 0
        return out

    def _entries(self) -> tuple[int, ...]:
        return tuple(self.log[: self.tricks])

    def key(self, field: int) -> object:
        """A value that determines field ``field`` on this table (equal keys: equal fields)."""
        if field == 3:  # first: what most hooks read first (interpreted, each test is a bytecode or more)
            return spread(self.allowed) if SPREAD else self.allowed
        if field == 0:
            return 0  # the rules: one value per table
        if field == 1:
            return self.seat
        if field == 2:
            return spread(self.cards) if SPREAD else self.cards
        if field == 4:
            return (self.leader, *self._order())
        if field == 5:
            return self.led if self.count else -1
        if field == 6:
            return self.tricks
        if field == 7:
            return self.broken
        if field == 8:
            return self.value(8)
        if field == 9:
            return self.hand.scores
        if field == 10:
            return (self._entries(), self.hand.hands)
        if field == 12:
            return self.hand.announced
        if field == 13:
            return self.cards & self.hand.table.joker_mask
        return self.hand.announcers

    def value(self, field: int) -> object:
        """The public value of field ``field``: what `PlayContext` documents."""
        table = self.hand.table
        if field == 0:
            return table.rules
        if field == 1:
            return self.seat
        if field == 2:
            return table.cards(self.cards)
        if field == 3:
            cards = card_set(table, self.allowed)
            self.allowed_cards = cards
            return cards
        if field == 4:
            return tuple([table.plays[seat][table.index_of[p]] for seat, p in self._plays()])
        if field == 5:
            # The suit led: after a led joker, the next card's (None while the trick holds jokers only).
            if not self.count or self.led == NO_SUIT:
                return None
            return _SUITS[self.led]
        if field == 6:
            return self.tricks + 1
        if field == 7:
            return self.broken
        if field == 8:
            counts = [0] * table.players
            for entry in self._entries():
                winner = (entry & SEAT_BITS) - 1
                if winner >= 0:
                    counts[winner] += 1
            return tuple(counts)
        if field == 9:
            return self.hand.scores
        if field == 10:
            return log_tricks(self._entries(), self.hand.hands, self.hand.table)
        if field == 12:
            return self.hand.announced
        if field == 13:
            return table.jokers(self.cards)
        return self.hand.announcers

    def read(self, name: str) -> object:
        """The value of the field called ``name``, recorded as read the first time (`AttributeError`: no field)."""
        if name == "allowed":  # field 3, what most hooks read: before the lookup of its number
            cards = self.allowed_cards
            if cards is None:
                self.reads.append((3, spread(self.allowed) if SPREAD else self.allowed))
                cards = card_set(self.hand.table, self.allowed)
                self.allowed_cards = cards
            return cards
        field = _NUMBER.get(name, -1)
        if field < 0:
            raise AttributeError(name)
        values = self.values
        if values is None:
            values = self.values = {}
        elif field in values:
            return values[field]
        self.reads.append((field, self.key(field)))
        value = self.value(field)
        values[field] = value
        return value


class Node:
    """A node of a hook's tree: the field the hook read next, and the children by its key.

    A child is a node, or the hook's answer (an ``int``, never negative) where
    the hook read nothing more.
    """

    def __init__(self, field: int) -> None:
        self.field = field
        self.children: dict[object, Node | int] = {}


def walk(node: Node | int | None, source: PlaySource) -> int:
    """The answer the tree from ``node`` keeps for ``source``, or -1."""
    while node is not None:
        if isinstance(node, int):
            return node
        node = node.children.get(source.key(node.field))
    return -1


class HookCache:
    """One hook's answers on one table: the tree of this generation and of the one before."""

    def __init__(self, hook: Any = None) -> None:
        self.root: Node | int | None = None
        #: the previous generation's tree, asked where this one has no answer
        self.old: Node | int | None = None
        #: the entries (nodes and answers) of ``root``
        self.size = 0
        #: the hook whose answers these are (a bound method is made afresh at each attribute read);
        #: a ``playable`` hook, called as it is (no ``cast``, a call of its own in the interpreted core)
        self.hook: Any = hook
        #: the context of the last miss and its source, when nothing outside the core kept either:
        #: the next miss reuses them (`hartenjagen.core.hooks.restricted`)
        self.spare: PlayContext | None = None
        self.spare_source: PlaySource | None = None
        #: the spare context's ``_read`` (its source's bound ``read``)
        self.spare_read: Callable[[str], object] | None = None

    def lookup(self, source: PlaySource) -> int:
        """The cached answer for ``source`` (every copy of the cards allowed, as a bitmask), or -1."""
        answer = walk(self.root, source)
        if answer < 0 and self.old is not None:
            return self.revive(source)
        return answer

    def revive(self, source: PlaySource) -> int:
        """The previous generation's answer for ``source`` (-1: none), copied into this one where found."""
        old = self.old  # one tree for both walks (another thread may start a generation meanwhile)
        # Compiled, a walk that notes nothing first (most lookups here miss, and a miss needs no notes);
        # interpreted, the notes cost less than a second walk's frames, so only the walk below runs.
        if RUNS_COMPILED and walk(old, source) < 0:
            return -1
        # Walk noting the path (a tree only grows: a second walk ends at the answer the first found).
        reads: list[tuple[int, object]] = []
        node = old
        while isinstance(node, Node):
            key = source.key(node.field)
            reads.append((node.field, key))
            node = node.children.get(key)
        if node is None:
            return -1
        self.insert(reads, node)
        return node

    def path(self, source: PlaySource) -> tuple[int, tuple[int, ...]]:
        """The cached answer for ``source`` (-1: none) and the fields on the way to it, in order.

        The native kernel keeps a copy of the paths it is given (``rollout.native_answer``).
        """
        if self.lookup(source) < 0:
            return -1, ()
        fields: list[int] = []
        node = self.root
        while node is not None:
            if isinstance(node, int):
                return node, tuple(fields)
            fields.append(node.field)
            node = node.children.get(source.key(node.field))
        return -1, ()

    def insert(self, reads: list[tuple[int, object]], answer: int) -> None:
        """Keep ``answer`` at the end of the path ``reads`` (the hook's reads, in order)."""
        if self.size >= LIMIT:
            # Full: this tree becomes the previous generation (the one before it goes), and a new one starts.
            self.old = self.root
            self.root = None
            self.size = 0
        node = self.root
        if node is None:
            self.root = self._chain(reads, 0, answer)
            return
        last = len(reads) - 1
        for i, (field, key) in enumerate(reads):
            if isinstance(node, int) or node.field != field:
                break
            child = node.children.get(key)
            if child is None:
                if i == last:  # the answer alone (most misses: a new key of the last field read)
                    node.children[key] = answer
                    self.size += 1
                else:
                    # Built whole before it is linked in: a thread walking the tree never meets half a path.
                    node.children[key] = self._chain(reads, i + 1, answer)
                return
            node = child
        # The hook read differently from an earlier call that agreed on every field so
        # far: it is not a pure function of its context, and this answer is not kept.

    def _chain(self, reads: list[tuple[int, object]], start: int, answer: int) -> Node | int:
        """A path of nodes for ``reads[start:]`` ending in ``answer``."""
        node: Node | int = answer
        self.size += 1
        for i in range(len(reads) - 1, start - 1, -1):
            parent = Node(reads[i][0])
            parent.children[reads[i][1]] = node
            node = parent
            self.size += 1
        return node


def cache_of(caches: dict[int, Any], hook: object) -> HookCache:
    """The cache of ``hook`` (a bound method) in a table's ``caches``, made on first use."""
    # A bound method is made afresh at each attribute read: the cache belongs to its module.
    key = id(hook.__self__) if type(hook) is MethodType else id(getattr(hook, "__self__", hook))
    cache = caches.get(key)
    if cache is None:
        cache = HookCache(hook)
        caches[key] = cache
    result: HookCache = cache
    return result
