"""The play phase's hooks of a rule module of one's own: contexts of cards in, cards out.

A built-in module is read through its plan (`hartenjagen.core.table`); a
module of your own is asked through the hooks of its slot. The functions here
ask the hooks of the play: which cards a seat may play (house rules, leading,
first trick, first lead), whether a card breaks hearts, and who wins a trick.
Each builds the context a hook receives (cards, never bitmasks), calls the
hook and maps its answer back onto the physical cards: every copy of an
allowed card stays allowed. An answer that is not what the hook promises
raises [`RulesError`][hartenjagen.errors.RulesError] naming the module
(`hartenjagen.core.hook_answers`). The hooks asked once a hand (the exchange,
the first leader, the hand's end) are in `hartenjagen.core.hand_hooks`.
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from hartenjagen._repr import shown
from hartenjagen.cards import AnyCard, Card, Suit, led_suit, without_jokers
from hartenjagen.core.hand_log import log_tricks
from hartenjagen.core.hook_answers import answer_any_cards, every_copy
from hartenjagen.core.hook_cache import SPREAD, HookCache, PlaySource, cache_of, spread
from hartenjagen.core.state import HandContext, State, hand_masks, seat_to_move
from hartenjagen.core.table import Table
from hartenjagen.errors import RulesError
from hartenjagen.moves import Play
from hartenjagen.rules.context import LazyPlayContext, LazyTrickContext, PlayContext
from hartenjagen.rules.jokers import winner_with_roles
from hartenjagen.rules.opening import Opening

# ---------------------------------------------------------------- play: house rules, leading, first trick, first lead

#: A ``playable`` hook: a context in, the cards it allows out.
Playable = Callable[[PlayContext], Iterable[AnyCard]]


def play_context(state: State, allowed: frozenset[Card], hand: int | None = None) -> PlayContext:
    """The `PlayContext` of the seat to move in ``state`` (``hand``: its cards as a bitmask, if known)."""
    table = state._hand.table
    seat = seat_to_move(state)
    trick = state.trick
    return PlayContext(
        rules=table.rules,
        seat=seat,
        hand=table.cards(hand_masks(state)[seat] if hand is None else hand),
        allowed=allowed,
        trick=trick,
        led_suit=led_suit([play.card for play in trick], table.joker_suits),
        trick_number=len(state._log) + 1,
        hearts_broken=state._broken,
        tricks_taken=state.tricks_won,
        scores=state._hand.scores,
        tricks=state.tricks,
        announcers=state._hand.announcers,
        announcements=state._hand.announced,
        jokers=table.jokers(hand_masks(state)[seat] if hand is None else hand),
    )


def play_source(state: State, candidates: int, hand: int) -> PlaySource:
    """The position of the seat to move in ``state`` for a hook asked about ``candidates`` (``hand``: its cards)."""
    log = state._log
    return PlaySource(
        state._hand, seat_to_move(state), hand, candidates,
        state._trick, state._count, state._leader, state._led, log, len(log), state._broken,
    )  # fmt: skip


def narrowed(
    module: object,
    playable: Playable,
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
    table = state._hand.table
    cache = cache_of(table.hook_caches, playable)
    # A hit is looked up from the state itself: no PlaySource is made unless a key needs one.
    answer = _state_lookup(cache, state, candidates, hand)
    if answer >= 0:
        chosen = candidates & answer
        if chosen:
            return chosen
        if fallback:
            return candidates
    return _missed(module, playable, cache, play_source(state, candidates, hand), fallback, answer)


def restricted(table: Table, state: State, candidates: int, hand: int) -> int:
    """The cards of ``candidates`` that every house rule's ``playable`` allows, asked in order (`narrowed` each).

    The same answers and errors as `narrowed` of each house rule in turn, with
    the rules' caches (and their hooks) looked up once per table rather than once per card.
    """
    # `restricting_caches`, but for the lookup: this runs for every card.
    caches: tuple[HookCache, ...] | None = table.hook_caches.get(-1)
    if caches is None:
        caches = restricting_caches(table)
    for i, extra in enumerate(table.restricting):
        cache = caches[i]
        answer = _state_lookup(cache, state, candidates, hand)
        if answer >= 0 and candidates & answer:
            candidates &= answer
        else:
            candidates = _restricted_miss(extra, cache, state, candidates, hand, answer)
    return candidates


def _restricted_miss(
    extra: object, cache: HookCache, state: State, candidates: int, hand: int, answer: int
) -> int:
    """`_missed` of a house rule at the seat to move in ``state``, in the context of the last miss if it is free.

    A miss makes a context and a source and frees them, a third of its cost
    beside the hook's own work. A pair that nothing new holds once the hook
    has answered (each of the context, its bound ``read`` and the source has
    as many references as before the call, and the context no weak one) is
    kept and made the next miss's position: no hook can tell, as none holds
    them. A pair a hook kept (or that saw an error) is never touched again.
    """
    context = cache.spare
    source = cache.spare_source
    read = cache.spare_read
    if context is None or source is None or read is None:
        source = play_source(state, candidates, hand)
        read = source.read
        context = _NEW(_LAZY)  # `_lazy_context`, keeping the bound read
        _SET_READ(context, read)
    else:
        # Taken off the cache first: a hook that asks the same table again makes a pair of its own.
        cache.spare = cache.spare_source = cache.spare_read = None
        hand_context = state._hand
        table = hand_context.table
        log = state._log
        source.reset(
            hand_context,
            # `seat_to_move`, inline but where seats drop out (interpreted, a call is a frame)
            seat_to_move(state) if table.follow_draws else (state._leader + state._count) % table.players,
            hand, candidates, state._trick, state._count, state._leader, state._led, log, len(log), state._broken,
        )  # fmt: skip
    # What holds the pair before the hook sees it: this function (and the context's slot, the bound read).
    held_context, held_read, held_source = _REFS(context), _REFS(read), _REFS(source)
    if answer < 0 and cache.old is not None:  # `_missed`, inline (interpreted, a call is a frame)
        answer = cache.revive(source)
    chosen = _asked(extra, cache.hook, cache, source, False, answer, context)
    if (
        _REFS(context) == held_context
        and _REFS(read) == held_read
        and _REFS(source) == held_source
        and not _WEAKREFS(context)
    ):
        cache.spare, cache.spare_source, cache.spare_read = context, source, read
    return chosen


def widened(table: Table, state: State, candidates: int, hand: int) -> int:
    """``candidates`` and the cards of ``hand`` the widening house rules allow against the other rules.

    A rule that leaves ``widens`` as it is allows every declared card the seat
    holds (``table.widen_mask``, no call); one of its own is asked with the
    `PlayContext` of the seat to move, whose ``allowed`` are ``candidates``.
    An answer naming a card the seat does not hold, or one the rule did not
    declare, raises `RulesError` naming the rule.
    """
    out = candidates | (hand & table.widen_mask)
    if not table.widening_hooked:
        return out
    context = play_context(state, frozenset(table.cards(candidates)), hand)
    for extra, declared in table.widening_hooked:
        for card in answer_any_cards(extra, "widens", extra.widens(context)):
            if card not in declared:
                raise RulesError(
                    f"rule module {extra!r}: widens named the {card.symbol}, which its widening does not declare "
                    f"({' '.join(sorted(c.symbol for c in declared))}); declare every card a rule may widen to"
                )
            held = hand & table.bits_of[card.index]
            if not held:
                raise RulesError(
                    f"rule module {extra!r}: widens named the {card.symbol}, which seat {context.seat} does not "
                    "hold; widens must return cards of context.hand or jokers of context.jokers"
                )
            out |= held
    return out


def restricting_caches(table: Table) -> tuple[HookCache, ...]:
    """The caches of ``table.restricting``'s ``playable`` hooks, in order (those `cache_of` gives)."""
    # Kept among the table's caches under -1, which no id is.
    caches: tuple[HookCache, ...] | None = table.hook_caches.get(-1)
    if caches is None:
        caches = tuple([cache_of(table.hook_caches, extra.playable) for extra in table.restricting])
        table.hook_caches[-1] = caches
    return caches


def _state_lookup(cache: HookCache, state: State, candidates: int, hand: int) -> int:
    """The answer of ``cache``'s present generation for the seat to move in ``state``, or -1.

    The keys of `HookCache.lookup`, read off the state; the previous
    generation is asked by `_missed`, with the `PlaySource` a miss makes anyway.
    """
    node = cache.root
    source: PlaySource | None = None
    while node is not None:
        if isinstance(node, int):
            return node
        field = node.field
        key: object
        if field == 3:
            key = spread(candidates) if SPREAD else candidates
        elif field == 1:
            key = seat_to_move(state)
        elif field == 2:
            key = spread(hand) if SPREAD else hand
        elif field == 0:
            key = 0
        elif field == 6:
            key = len(state._log)
        elif field == 7:
            key = state._broken
        else:
            if source is None:
                source = play_source(state, candidates, hand)
            key = source.key(field)
        node = node.children.get(key)
    return -1


def narrowed_at(module: object, playable: Playable, source: PlaySource, fallback: bool) -> int:
    """`narrowed` at a position given as a `PlaySource` (``source.allowed``: the candidates).

    The hook is asked only when its cache (`hartenjagen.core.hook_cache`) has
    no answer for the fields it reads; it then sees a `LazyPlayContext`.
    """
    cache = cache_of(source.hand.table.hook_caches, playable)
    return _asked(module, playable, cache, source, fallback, cache.lookup(source))


def _missed(
    module: object,
    playable: Playable,
    cache: HookCache,
    source: PlaySource,
    fallback: bool,
    answer: int,
    context: PlayContext | None = None,
) -> int:
    """`_asked` after a lookup in the present generation of ``cache`` only (-1: it had no answer)."""
    if answer < 0 and cache.old is not None:
        answer = cache.revive(source)
    return _asked(module, playable, cache, source, fallback, answer, context)


def _asked(
    module: object,
    playable: Playable,
    cache: HookCache,
    source: PlaySource,
    fallback: bool,
    answer: int,
    context: PlayContext | None = None,
) -> int:
    """`narrowed_at` once ``answer`` was looked up in ``cache`` (-1: a miss, and the hook is asked).

    ``context``: the lazy context reading ``source``, if the caller made it (else it is made here).
    """
    table = source.hand.table
    if answer < 0:
        returned = playable(context if context is not None else _lazy_context(source))
        if returned is not None and returned is source.allowed_cards and table.copies == 1:
            answer = source.allowed  # the allowed cards themselves, handed back: already checked
        else:
            # A joker the seat holds may be named (`PlayContext.jokers`); an answer naming none leaves them be.
            answer = every_copy(table, answer_any_cards(module, "playable", returned))
            if not answer & table.joker_mask and not isinstance(module, Opening):
                answer |= table.joker_mask
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


def _lazy_context(source: PlaySource) -> PlayContext:
    """``LazyPlayContext.reading(source)``, made without a Python call (it is made at every miss).

    Only the ``_read`` slot is set: the fields read through it, and it keeps
    the source alive; ``_source`` is never read, and setting it cost a quarter
    of the context's making.
    """
    context: PlayContext = _NEW(_LAZY)
    _SET_READ(context, source.read)
    return context


_LAZY: Final = LazyPlayContext
_NEW: Final = object.__new__
#: The ``_read`` slot's own setter: no attribute lookup by name (and no frozen class's refusal) on the way.
_SET_READ: Final = vars(LazyPlayContext)["_read"].__set__
#: How many references an object has: a pair the hook let go of has as many after the call as before.
_REFS: Final = sys.getrefcount
_WEAKREFS: Final = weakref.getweakrefcount


def narrowed_by(
    module: object,
    playable: Playable,
    cache: HookCache,
    probe: PlaySource,
    fallback: bool,
) -> int:
    """`narrowed_at` with the hook's cache at hand and a ``probe`` the caller reuses from card to card.

    A hit costs the keys on the tree's path and nothing else; a miss (or a
    refusal, to raise it) asks the hook with a fresh copy of the position, so
    that no context a hook receives ever changes under it.
    """
    answer = cache.lookup(probe)
    if answer >= 0:
        chosen = probe.allowed & answer
        if chosen:
            return chosen
        if fallback:
            return probe.allowed
    return _asked(module, playable, cache, probe.copy(), fallback, answer)


def breaks(table: Table, physical: int, discarded: bool, trick_number: int) -> bool:
    """A leading module's ``breaks_hearts`` for a physical card (``trick_number`` from 0)."""
    module = table.rules.leading
    card = table.card_of[physical]
    if not isinstance(card, Card):  # never asked of a joker: one breaks them if its role is of hearts
        return table.suit_of[physical] == _HEARTS
    answer = module.breaks_hearts(card, discarded, trick_number + 1)
    if not isinstance(answer, bool):
        raise RulesError(
            f"rule module {module!r}: breaks_hearts must return True or False, not {shown(answer)}"
        )
    return answer


_HEARTS: Final = int(Suit.HEARTS)

# ---------------------------------------------------------------- the trick's winner


def trick_winner(hand: HandContext, physical: list[int], leader: int, log: Sequence[int]) -> int:
    """Who wins a full trick of physical cards in play order, asked of a module (-1: no card wins).

    A ``trick_winner`` module of one's own is asked with a `TrickContext`
    (``log``: the hand's completed tricks before this one); the built-in one
    asks the ``duplicates`` module of one's own, whose answer must keep the
    built-in rule (a card of the suit led; the highest when no two of that
    suit are identical), as `check_rules` demands; with jokers that have roles
    of their own (`Deck.joker_role`), their suits and ranks decide.
    """
    table = hand.table
    cards = tuple([table.card_of[p] for p in physical])
    if table.own_trick_winner:
        module: object = table.rules.trick_winner
        source = TrickSource(hand, cards, leader, tuple(log))
        answer = table.rules.trick_winner.winner(LazyTrickContext.reading(source))
        n = len(cards)
    elif table.joker_roles:  # a joker with a role of its own (`Deck.joker_role`): its suit and rank count
        position = winner_with_roles(table.rules.duplicates, cards, table.joker_roles)
        return -1 if position is None else position
    else:
        # The built-in rule asks the duplicates module about the cards that are not jokers (none wins).
        plain = without_jokers(cards)
        positions = [i for i, card in enumerate(cards) if isinstance(card, Card)]
        if not plain:
            return -1  # a trick of jokers only
        module = table.rules.duplicates
        answer = table.rules.duplicates.winner(plain)
        n = len(plain)
    if answer is None:
        return -1
    if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < n:
        raise RulesError(
            f"rule module {module!r}: winner must return a position from 0 to {n - 1} or None, "
            f"not {shown(answer)}"
        )
    if not table.own_trick_winner:
        _check_duplicates_answer(module, plain, int(answer))
        return positions[int(answer)]
    return int(answer)


#: Each (seat, card) as a `Play`, built once: a trick winner of one's own is asked once a trick,
#: and building the plays' attrs values anew cost more than the call itself.
_PLAYS: dict[tuple[int, AnyCard], Play] = {}


def _play(seat: int, card: AnyCard) -> Play:
    key = (seat, card)
    play = _PLAYS.get(key)
    if play is None:
        play = _PLAYS[key] = Play(seat, card)
    return play


class TrickSource:
    """A full trick in the engine's terms: what a lazy `TrickContext` reads (each field once, when read)."""

    def __init__(
        self, hand: HandContext, cards: tuple[AnyCard, ...], leader: int, log: tuple[int, ...]
    ) -> None:
        self.hand = hand
        self.cards = cards
        self.leader = leader
        self.log = log
        self.values: dict[str, object] = {}

    def read(self, name: str) -> object:
        """The field called ``name``, computed the first time it is read."""
        if name not in self.values:
            self.values[name] = self._compute(name)
        return self.values[name]

    def _compute(self, name: str) -> object:
        if name == "rules":
            return self.hand.table.rules
        if name == "trick":
            n = len(self.cards)
            return tuple([_play((self.leader + i) % n, card) for i, card in enumerate(self.cards)])
        if name == "trick_number":
            return len(self.log) + 1
        if name == "tricks":
            return log_tricks(self.log, self.hand.hands, self.hand.table)
        if name == "announcers":
            return self.hand.announcers
        if name == "announcements":
            return self.hand.announced
        raise AttributeError(name)


def _check_duplicates_answer(module: object, cards: tuple[Card, ...], position: int) -> None:
    """A duplicates module only chooses among identical cards: the rest of the built-in rule holds."""
    led = cards[0].suit
    shown_trick = " ".join(map(str, cards))
    if cards[position].suit is not led:
        raise RulesError(
            f"rule module {module!r}: winner gives the trick {shown_trick} to the {cards[position]}, "
            f"no card of the suit led (a duplicates module chooses among identical cards; "
            "write a trick_winner module for trumps or another order)"
        )
    following = [card for card in cards if card.suit is led]
    if len(set(following)) == len(following) and cards[position] != max(following):
        raise RulesError(
            f"rule module {module!r}: winner gives the trick {shown_trick} to the {cards[position]}, but with no "
            f"two identical cards of the suit led the highest one ({max(following)}) wins "
            "(write a trick_winner module for another order)"
        )
