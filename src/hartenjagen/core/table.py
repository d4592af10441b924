"""The table a ``Rules`` value compiles to: bitmasks, lookups and the plan of the per-card rules.

Inside, a *physical card* is a small integer: ``card.index`` for the first
copy and ``card.index + 52 * k`` for copy ``k`` of a double deck; a deck's
jokers come after every copy (``52 * copies + number - 1``), and
``Table.index_of`` folds any physical card back onto its ``index`` (a joker's
is ``52 + number - 1``: `cards.ANY_CARDS`). Hands, tricks and captured cards
are bitmasks over physical cards. A table is built
once per ``Rules`` value and shared by every state of every game with those
rules; `table_for` keeps the most recently used ones in a bounded cache.

The table is the core's own: no rule-module hook ever receives it. The
``lead_*``, ``break_*``, ``first_*``, ``opening_*``, ``cancel_pairs``,
``moon_*`` and ``end_*`` fields are the plan: what the built-in modules of the
per-card slots, the opening, the moon and the ending state as data
(`hartenjagen.rules.plan`). A slot whose module has no plan is asked through
its card-level hooks by `hartenjagen.core.hooks` and `hand_hooks` (``*_callback``,
``opening_planned``, ``moon_planned``, ``ending_planned``). The routes a
passing module declares are read once, with how each stage's cards travel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, final

from hartenjagen.cards import (
    ALL_CARDS,
    ANY_CARDS,
    CARD_COUNT,
    JOKER_LIMIT,
    QUEEN_OF_SPADES,
    AnyCard,
    Card,
    Joker,
    Suit,
    plain_cards,
)
from hartenjagen.core.table_cache import TableCache
from hartenjagen.errors import RulesError
from hartenjagen.moves import Play
from hartenjagen.rules import first_trick as first_trick_slot
from hartenjagen.rules import leading as leading_slot
from hartenjagen.rules.duplicates import HOOKS as DUPLICATES_HOOKS
from hartenjagen.rules.duplicates import Duplicates
from hartenjagen.rules.ending import HOOKS as ENDING_HOOKS
from hartenjagen.rules.ending import Ending
from hartenjagen.rules.extras import HouseRule, announcing, has_choices, widens_by_hook
from hartenjagen.rules.jokers import JokerRole, joker_roles, joker_suits
from hartenjagen.rules.moon import HOOKS as MOON_HOOKS
from hartenjagen.rules.moon import Moon
from hartenjagen.rules.opening import HOOKS as OPENING_HOOKS
from hartenjagen.rules.opening import Opening
from hartenjagen.rules.passing import Passing
from hartenjagen.rules.plan import (
    DuplicatesPlan,
    EndingPlan,
    FirstLead,
    FirstTrickPlan,
    HeartsOpen,
    LeadingPlan,
    MoonPlan,
    OpeningPlan,
    TrickWinnerPlan,
    declared_plan,
)
from hartenjagen.rules.routes import PassRoute, Travel
from hartenjagen.rules.scoring import Scoring
from hartenjagen.rules.trick_winner import HOOKS as TRICK_WINNER_HOOKS
from hartenjagen.rules.trick_winner import TrickWinner

if TYPE_CHECKING:  # machine integers in the compiled core; never imported at run time
    from mypy_extensions import i64

_SUIT_BITS: Final = (1 << 13) - 1
#: Every Card.index bit: one pack, the machine-word half of a two-pack mask.
ONE_PACK: Final = (1 << CARD_COUNT) - 1


def _folded(mask: int) -> int:
    """A mask over physical cards folded onto ``Card.index`` bits (two copies at most: index and index + 52)."""
    # Two operations on the 104-bit mask, not three: each makes a big integer in the compiled core.
    return (mask & ONE_PACK) | mask >> CARD_COUNT


#: The led suit of a trick whose cards so far are jokers (``suit_of`` a joker): the next card sets it.
NO_SUIT: Final = 4

#: How hearts open (``Table.lead_opens``); LEAD_CALLBACK: ask the leading module.
LEAD_ALWAYS: Final = 0
LEAD_BROKEN: Final = 1
LEAD_AFTER_TRICKS: Final = 2
LEAD_SUITS_LED: Final = 3
LEAD_CALLBACK: Final = 4
#: The first-trick rule (``Table.first_kind``).
FIRST_ANYTHING: Final = 0
FIRST_RESTRICT: Final = 1
FIRST_RESTRICT_LOWEST: Final = 2
FIRST_CALLBACK: Final = 3
#: How the cards of a stage of the exchange travel (``Table.route_travel``).
TRAVEL_NONE: Final = 0
TRAVEL_SEAT: Final = 1
TRAVEL_RULE: Final = 2
TRAVEL_POOL: Final = 3
_TRAVEL: Final = {
    Travel.NONE: TRAVEL_NONE,
    Travel.SEAT: TRAVEL_SEAT,
    Travel.RULE: TRAVEL_RULE,
    Travel.POOL: TRAVEL_POOL,
}
#: The first lead of a planned opening (``Table.opening_kind``): a mask of cards, or the lowest ranks.
OPENING_MASK: Final = 0
OPENING_LOWEST_NON_HEART: Final = 1
OPENING_LOWEST_OF_A_SUIT: Final = 2

_OPENS: Final = {
    HeartsOpen.ALWAYS: LEAD_ALWAYS,
    HeartsOpen.BROKEN: LEAD_BROKEN,
    HeartsOpen.AFTER_TRICKS: LEAD_AFTER_TRICKS,
    HeartsOpen.SUITS_LED: LEAD_SUITS_LED,
}


def _runs_compiled() -> bool:
    """Whether this module runs compiled: mypyc's functions are not Python function objects."""
    return type(_runs_compiled).__name__ != "function"


#: Whether the core runs compiled (its modules are compiled together or not at all): where the two
#: cores are fastest by different means, the code asks this.
RUNS_COMPILED: Final = _runs_compiled()


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first (physical cards, seats, ...)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def popcount(mask: int) -> int:
    """The number of set bits of ``mask`` (``int.bit_count`` is a method call in the compiled core)."""
    # Compiled, adding a machine word's bits up in parallel beats a method call; interpreted, the other way.
    if RUNS_COMPILED and 0 <= mask <= 0x3FFFFFFFFFFFFFFF:
        # On i64, not int: no tag or overflow checks between the steps (no step can overflow).
        word: i64 = mask
        word -= (word >> 1) & 0x1555555555555555
        word = (word & 0x3333333333333333) + ((word >> 2) & 0x3333333333333333)
        word = (word + (word >> 4)) & 0x0F0F0F0F0F0F0F0F
        word += word >> 8
        word += word >> 16
        word += word >> 32
        return word & 0x7F
    return mask.bit_count()  # a double deck's masks are Python ints anyway


def _overrides(extra: HouseRule, hook: str) -> bool:
    return getattr(type(extra), hook) is not getattr(HouseRule, hook)


@final
class Table:
    """Bitmasks, lookups and the compiled plan for one ``Rules`` value (see `table_for`)."""

    rules: Any
    players: int
    copies: int
    pack: tuple[int, ...]
    pack_mask: int
    hand_size: int
    #: the cards dealt (``hand_size`` a seat); the rest of the pack is the widow
    dealt_count: int
    #: the trick whose taker gets the widow (-1: no widow)
    widow_trick: int
    #: the seats that draw from the stock after a trick, by the next leader (all empty: no stock)
    draw_orders: tuple[tuple[int, ...], ...]
    #: the tricks of a hand: ``hand_size``, or with a stock the pack shared out (it is drawn into the hands);
    #: a deck that draws to follow has no fixed number (the pack's size bounds it)
    tricks: int
    #: a seat that cannot follow draws until it can, an empty hand drops out (`Deck.draws_to_follow`)
    follow_draws: bool
    #: with ``follow_draws``: the last seat with cards takes the stock too (`Deck.stock_to_last`)
    stock_to_last: bool
    #: the physical cards of each suit (a joker's of its role's suit), and (``NO_SUIT``) none: a trick led by a
    #: joker of no suit has no suit to follow yet
    suit_masks: tuple[int, ...]
    #: by physical card: its suit, ``NO_SUIT`` for a joker of no suit (`Deck.joker_role`)
    suit_of: tuple[int, ...]
    #: the jokers whose role is not the built-in one (no suit, never wins): the trick winner reads them
    joker_roles: dict[Joker, JokerRole]
    #: the suit of each joker that belongs to one (`cards.led_suit` takes it)
    joker_suits: dict[Joker, Suit]
    #: by physical card: the card or joker
    card_of: tuple[AnyCard, ...]
    #: by physical card: its card's ``index`` (``p % 52`` for the 52, ``52 + number - 1`` for a joker)
    index_of: tuple[int, ...]
    #: every joker of the pack (0: a pack of rank × suit cards only)
    joker_mask: int
    bits_of: tuple[int, ...]
    plays: tuple[tuple[Play, ...], ...]
    play_codes: dict[int, int]
    values: tuple[int, ...]
    value_masks: tuple[tuple[int, int], ...]
    positive_mask: int
    nonzero_mask: int
    hearts_mask: int
    queen_mask: int
    positive_total: int
    # The plan.
    lead_opens: int
    lead_tricks: int
    lead_free: int  # the cards that may be led while hearts are closed
    not_queen: int
    lead_hearts_or_queen: bool
    break_discarded: int
    break_played: int
    break_on_first_trick: bool
    break_callback: bool
    first_kind: int
    first_mask: int
    cancel_pairs: bool
    winner_callback: bool
    #: the trick's winner is a ``trick_winner`` module of one's own (else: the built-in, maybe by a duplicates hook)
    own_trick_winner: bool
    restricting: tuple[Any, ...]
    #: the house rules whose class answers ``adjustments`` itself (the others add nothing: they are not asked)
    adjusting: tuple[Any, ...]
    #: the house rules that declare cards they may allow against the other rules (`HouseRule.widening`)
    widening: tuple[Any, ...]
    #: of those, the ones that answer ``widens`` themselves, each with the cards it declares
    widening_hooked: tuple[tuple[Any, frozenset[AnyCard]], ...]
    #: every copy of each card declared by a widening rule that leaves ``widens`` as it is (all it holds)
    widen_mask: int
    announcing: tuple[Any, ...]
    #: whether an announcing house rule offers choices of its own (else every round is a yes/no)
    announcing_choices: bool
    revoke_penalty: int
    has_revoke_penalty: bool
    pass_allowed_callback: bool
    givers_all: bool
    scoring_callback: bool
    moon_always: bool
    adds_points: bool
    opening_planned: bool
    opening_holders: int
    opening_kind: int
    opening_lead: int
    moon_planned: bool
    moon_needed: int
    #: what a planned moon is worth
    moon_amount: int
    ending_planned: bool
    end_deals: int
    end_limit: int
    end_inclusive: bool
    end_tie_shared: bool
    _point_values: list[int]
    _point_masks: list[int]
    #: the routes the passing module declares (kept here, so that their ids stay theirs)
    routes: tuple[PassRoute, ...]
    # By the id of a declared route: hashing a route runs Python code. (counts, offsets, travel) per route.
    _route_plans: dict[int, tuple[tuple[int, ...], tuple[int, ...], int]]
    #: each play hook's answers on this table, by the id of its module (`hartenjagen.core.hook_cache`)
    hook_caches: dict[int, Any]
    #: a scoring module's ``points_of`` by the mask of the cards (`hartenjagen.core.hand_hooks.points`)
    points_cache: dict[int, int]
    #: a passing module's ``passable`` by its context (`hartenjagen.core.hand_hooks.passable`)
    pass_cache: dict[object, int]

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.hook_caches = {}
        self.points_cache = {}
        self.pass_cache = {}
        self.players = players = rules.deck.players
        pack_cards: tuple[Card, ...] = rules.deck.pack()
        counts: dict[int, int] = {}
        physical: list[int] = []
        for card in pack_cards:
            copy = counts.get(card.index, 0)
            counts[card.index] = copy + 1
            physical.append(card.index + CARD_COUNT * copy)
        self.copies = copies = max(counts.values(), default=1)
        # The jokers after every copy of the 52: a pack's machine-word halves stay the 52 cards'.
        joker_mask = 0
        for joker in rules.deck.jokers():  # checked when the rules were built
            joker_mask |= 1 << (CARD_COUNT * copies + joker.number - 1)
        self.joker_mask = joker_mask
        self.pack = tuple(sorted(physical + bits(joker_mask)))
        pack_mask = joker_mask
        for p in self.pack:
            pack_mask |= 1 << p
        self.pack_mask = pack_mask
        hand_size: int = rules.deck.hand_size()
        self.hand_size = hand_size
        self.dealt_count = hand_size * players
        widow = rules.deck.widow_trick()
        self.widow_trick = -1 if widow is None else int(widow)
        self.draw_orders = tuple(tuple(rules.deck.draw_order(seat)) for seat in range(players))
        self.tricks = len(self.pack) // players if self.draw_orders[0] else hand_size
        self.follow_draws = rules.deck.draws_to_follow()
        self.stock_to_last = rules.deck.stock_to_last()
        if self.follow_draws:
            self.tricks = len(self.pack)  # never reached: the hand ends when one seat alone has cards
        self.index_of = tuple(
            [p % CARD_COUNT for p in range(CARD_COUNT * copies)]
            + [CARD_COUNT + j for j in range(JOKER_LIMIT)]
        )
        self.card_of = tuple([ANY_CARDS[index] for index in self.index_of])
        # A joker's role (`Deck.joker_role`) may give it a suit: it follows and leads as one of it.
        self.joker_roles = joker_roles(rules.deck)
        suits = joker_suits(self.joker_roles)
        self.joker_suits = suits
        self.suit_of = tuple(
            [
                int(c.suit) if isinstance(c, Card) else int(suits[c]) if c in suits else NO_SUIT
                for c in self.card_of
            ]
        )
        suit_masks: list[int] = []
        for suit in range(4):
            mask = 0
            for k in range(copies):
                mask |= _SUIT_BITS << (13 * suit + CARD_COUNT * k)
            for joker, joker_suit in suits.items():
                if int(joker_suit) == suit:
                    mask |= 1 << (CARD_COUNT * copies + joker.number - 1)
            suit_masks.append(mask & pack_mask)
        suit_masks.append(0)  # NO_SUIT: nothing to follow
        self.suit_masks = tuple(suit_masks)
        bits_of: list[int] = []
        for index in range(CARD_COUNT):
            mask = 0
            for k in range(copies):
                mask |= 1 << (index + CARD_COUNT * k)
            bits_of.append(mask & pack_mask)
        for j in range(JOKER_LIMIT):  # by ANY_CARDS index: a joker's one copy
            bits_of.append(joker_mask & 1 << (CARD_COUNT * copies + j))
        #: all physical copies of each card, by ``Card.index`` (a joker's by its ``index``: 52 + number - 1)
        self.bits_of = tuple(bits_of)
        #: interned ``Play`` values by seat and ``Card.index``, and ``id`` of each -> seat << 6 | card index
        #: (shared by every table with as many players)
        self.plays, self.play_codes = _interned_plays(players)
        scoring = rules.scoring
        values: list[int] = []
        for any_card in ANY_CARDS:  # the 52 cards' card_value, then the jokers' joker_value
            plain = isinstance(any_card, Card)
            value = (
                scoring.card_value(any_card) if isinstance(any_card, Card) else scoring.joker_value(any_card)
            )
            if isinstance(value, bool) or not isinstance(value, int):
                hook = "card_value" if plain else "joker_value"
                raise RulesError(
                    f"scoring {scoring!r}: {hook} must give whole numbers, not {value!r} for {any_card}"
                )
            values.append(int(value))
        #: by ``index`` (the 52 cards, then the jokers)
        self.values = tuple(values)
        groups: dict[int, int] = {}
        for p in self.pack:
            value = self.values[self.index_of[p]]
            if value:
                groups[value] = groups.get(value, 0) | (1 << p)
        #: (value, mask of the physical cards with that value), for summing points fast
        self.value_masks = tuple(sorted(groups.items()))
        self._point_values = [value for value, _ in self.value_masks]
        self._point_masks = [mask for _, mask in self.value_masks]
        positive = nonzero = total = 0
        for value, mask in self.value_masks:
            nonzero |= mask
            if value > 0:
                positive |= mask
                total += value * mask.bit_count()
        self.positive_mask = positive
        self.nonzero_mask = nonzero
        self.positive_total = total
        self.hearts_mask = self.suit_masks[int(Suit.HEARTS)]
        self.queen_mask = self.bits_of[QUEEN_OF_SPADES.index]
        self.not_queen = self.pack_mask & ~self.queen_mask
        self._plan_leading(rules.leading)
        self._plan_first_trick(rules.first_trick)
        self._plan_opening(rules.opening)
        self._plan_moon_and_ending(rules.moon, rules.ending)
        own = not isinstance(
            declared_plan(rules.trick_winner, TrickWinner, TRICK_WINNER_HOOKS), TrickWinnerPlan
        )
        duplicates = None if own else declared_plan(rules.duplicates, Duplicates, DUPLICATES_HOOKS)
        self.own_trick_winner = own
        self.winner_callback = not isinstance(duplicates, DuplicatesPlan)
        self.cancel_pairs = isinstance(duplicates, DuplicatesPlan) and duplicates.cancel_pairs
        extras: tuple[HouseRule, ...] = rules.extras
        self.restricting = tuple(e for e in extras if _overrides(e, "playable"))
        self.adjusting = tuple(e for e in extras if _overrides(e, "adjustments"))
        self._plan_widening(extras)
        # A house rule opens its round by ``opens_announcements`` (or the deprecated ``announces(state)``).
        self.announcing = tuple(e for e in extras if announcing(e))
        self.announcing_choices = any(has_choices(e) for e in self.announcing)
        # The once-a-hand hooks a module leaves as its base class has them run here without a call.
        passing = type(rules.passing)
        self.pass_allowed_callback = passing.passable is not Passing.passable
        self.givers_all = passing.givers is Passing.givers
        self.scoring_callback = type(rules.scoring).points_of is not Scoring.points_of
        ending = type(rules.ending)
        self.moon_always = ending.moon_applies is Ending.moon_applies
        self.adds_points = ending.add is Ending.add
        self.routes = tuple(rules.passing.routes())
        self._route_plans = {}
        for route in self.routes:
            self._route_plans[id(route)] = self._route_plan(route)
        self.revoke_penalty = 0
        self.has_revoke_penalty = False
        for extra in extras:
            penalty = extra.revoke_penalty(rules)
            if penalty is not None:
                if isinstance(penalty, bool) or not isinstance(penalty, int):
                    raise RulesError(
                        f"extras {extra!r}: revoke_penalty must give a whole number or None, not {penalty!r}"
                    )
                self.revoke_penalty = int(penalty)
                self.has_revoke_penalty = True
                break

    def _plan_leading(self, module: Any) -> None:
        plan = declared_plan(module, leading_slot.Leading, leading_slot.HOOKS)
        hearts = self.hearts_mask
        if not isinstance(plan, LeadingPlan):
            self.lead_opens = LEAD_CALLBACK
            self.lead_tricks = 0
            self.lead_free = self.pack_mask
            self.lead_hearts_or_queen = False
            self.break_discarded = self.break_played = 0
            self.break_on_first_trick = True
            self.break_callback = True
            return
        self.lead_opens = _OPENS[plan.opens]
        self.lead_tricks = plan.tricks
        # Complements kept positive and ready: `planned_lead` then makes one mask operation, not two.
        self.lead_free = self.pack_mask & ~(hearts | (self.queen_mask if plan.queen_closed else 0))
        self.lead_hearts_or_queen = plan.hearts_or_queen
        queen = self.queen_mask if plan.queen_breaks else 0
        # Folded onto Card.index bits: `breaks` tests one bit of a machine word, with one pack or two.
        self.break_played = self._folded_any((hearts if plan.hearts_followed_break else 0) | queen)
        self.break_discarded = self._folded_any(hearts | queen)
        self.break_on_first_trick = plan.break_on_first_trick
        self.break_callback = False

    def _folded_any(self, mask: int) -> int:
        """``_folded``, a joker of hearts (`Deck.joker_role`) kept on its own ``index`` bit, not a card's."""
        jokers = mask & self.joker_mask
        out = _folded(mask ^ jokers)
        for p in bits(jokers):
            out |= 1 << self.index_of[p]
        return out

    def _plan_first_trick(self, module: Any) -> None:
        plan = declared_plan(module, first_trick_slot.FirstTrick, first_trick_slot.HOOKS)
        if not isinstance(plan, FirstTrickPlan):
            self.first_kind, self.first_mask = FIRST_CALLBACK, 0
        elif plan.restricted is None:
            self.first_kind, self.first_mask = FIRST_ANYTHING, 0
        else:
            if plan.restricted == "positive_valued":
                mask = self.positive_mask
            else:
                mask = self.hearts_mask | self.queen_mask
            self.first_kind = FIRST_RESTRICT_LOWEST if plan.forced_lowest else FIRST_RESTRICT
            self.first_mask = mask

    def _plan_opening(self, module: Any) -> None:
        plan = declared_plan(module, Opening, OPENING_HOOKS)
        self.opening_planned = isinstance(plan, OpeningPlan)
        holders = 0
        for card in module.leader_cards(self.rules) if isinstance(plan, OpeningPlan) else ():
            if not isinstance(card, Card | Joker):  # a joker too: its holder leads (`CardLeads`)
                raise RulesError(f"opening {module!r}: leader_cards must give cards, not {card!r}")
            holders |= self.bits_of[card.index]
        self.opening_holders = holders
        lead = plan.lead if isinstance(plan, OpeningPlan) else FirstLead.ANY
        self.opening_kind = OPENING_MASK
        self.opening_lead = self.pack_mask
        if lead is FirstLead.LEADER_CARDS:
            self.opening_lead = holders
        elif lead is FirstLead.CLUBS:
            self.opening_lead = self.suit_masks[int(Suit.CLUBS)]
        elif lead is FirstLead.WORTHLESS:
            self.opening_lead = self.pack_mask & ~self.nonzero_mask
        elif lead is FirstLead.LOWEST_NON_HEART:
            self.opening_kind = OPENING_LOWEST_NON_HEART
        elif lead is FirstLead.LOWEST_OF_A_SUIT:
            self.opening_kind = OPENING_LOWEST_OF_A_SUIT

    def first_leader(self, hands: tuple[int, ...], dealer: int) -> int:
        """The planned opening's first leader: the holder of a leader card nearest clockwise from eldest, else eldest."""
        n = self.players
        seat = dealer + 1 if dealer + 1 < n else 0
        holders = self.opening_holders
        if holders:
            for _ in range(n):
                if hands[seat] & holders:
                    return seat
                seat = seat + 1 if seat + 1 < n else 0
            raise AssertionError("the opening card is in no hand")  # pragma: no cover - conservation
        return seat

    def opening_mask(self, hand: int) -> int:
        """The cards of ``hand`` a planned opening lets the first leader lead (empty: none of them)."""
        kind = self.opening_kind
        if kind == OPENING_MASK:
            return hand & self.opening_lead
        if kind == OPENING_LOWEST_NON_HEART:
            return self._lowest_rank(hand & ~self.hearts_mask or hand)
        allowed = 0
        for suit in (0, 1, 3):  # clubs, diamonds, spades
            allowed |= self._lowest_rank(hand & self.suit_masks[suit])
        return allowed or self._lowest_rank(hand)

    def _lowest_rank(self, cards: int) -> int:
        """The cards of ``cards`` of the lowest rank among them, in any suit."""
        lowest = 13
        mask = cards
        while mask:
            low = mask & -mask
            rank = self.index_of[low.bit_length() - 1] % 13
            if rank < lowest:
                lowest = rank
            mask ^= low
        out = 0
        mask = cards
        while mask:
            low = mask & -mask
            if self.index_of[low.bit_length() - 1] % 13 == lowest:
                out |= low
            mask ^= low
        return out

    def _plan_moon_and_ending(self, moon: Any, ending: Any) -> None:
        moon_plan = declared_plan(moon, Moon, MOON_HOOKS)
        self.moon_planned = isinstance(moon_plan, MoonPlan)
        self.moon_needed = 0
        self.moon_amount = 0
        if isinstance(moon_plan, MoonPlan) and moon_plan.needs is not None:
            amount = (
                self.rules.scoring.moon_total(self.rules) if moon_plan.amount is None else moon_plan.amount
            )
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise RulesError(
                    f"scoring {self.rules.scoring!r}: moon_total must give a whole number, not {amount!r}"
                )
            self.moon_amount = int(amount)
        if isinstance(moon_plan, MoonPlan) and moon_plan.needs is not None:
            self.moon_needed = self.positive_mask if moon_plan.needs == "all_positive" else self.nonzero_mask
        end_plan = declared_plan(ending, Ending, ENDING_HOOKS)
        self.ending_planned = isinstance(end_plan, EndingPlan)
        self.end_deals = self.end_limit = 0
        self.end_inclusive = self.end_tie_shared = True
        if isinstance(end_plan, EndingPlan):
            self.end_deals = end_plan.deals or 0
            self.end_limit = end_plan.limit or 0
            self.end_inclusive = end_plan.inclusive
            self.end_tie_shared = end_plan.tie_shared

    def _route_plan(self, route: Any) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """(cards per stage, seat offset per stage, travel) of hands along ``route``."""
        if not isinstance(route, PassRoute):
            raise RulesError(f"passing {self.rules.passing!r}: a route must be a PassRoute, not {route!r}")
        stages = tuple(self.rules.passing.stages(route))
        offset = route.offset(self.players)
        offsets = tuple([(-offset if stage.back else offset) % self.players for stage in stages])
        return tuple([int(stage.cards) for stage in stages]), offsets, _TRAVEL[route.travel]

    def route_plan(self, route: Any) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """(cards per stage, seat offset per stage, travel) of ``route``: read once for a declared route."""
        plan = self._route_plans.get(id(route))
        if plan is None:  # a route equal to a declared one, or one drawn from outside (explicit chance)
            plan = self._route_plan(route)
        return plan

    def stage_counts(self, route: Any) -> tuple[int, ...]:
        """How many cards each giver chooses in each stage of a hand along ``route``."""
        return self.route_plan(route)[0]

    def _plan_widening(self, extras: tuple[HouseRule, ...]) -> None:
        """The widening house rules: their declared cards, as a mask or (a ``widens`` of their own) as sets."""
        widening: list[Any] = []
        hooked: list[tuple[Any, frozenset[AnyCard]]] = []
        mask = 0
        for extra in extras:
            declared = frozenset(extra.widening(self.rules))
            if not declared:
                continue
            widening.append(extra)
            if widens_by_hook(extra):
                hooked.append((extra, declared))
            else:
                for card in declared:
                    mask |= self.bits_of[card.index]
        self.widening = tuple(widening)
        self.widening_hooked = tuple(hooked)
        self.widen_mask = mask

    def led_suit(self, trick: tuple[int, ...] | list[int]) -> int:
        """The suit to follow after the physical cards ``trick`` (play order): the first card's that is not
        a joker; ``NO_SUIT`` while every card is one (a led joker leaves the suit to the next card)."""
        for p in trick:
            suit = self.suit_of[p]
            if suit != NO_SUIT:
                return suit
        return NO_SUIT

    def jokers(self, mask: int) -> tuple[Joker, ...]:
        """The jokers in a bitmask, by number (`PlayContext.jokers`: what ``cards`` leaves out)."""
        return tuple([card for card in self.any_cards(mask & self.joker_mask) if isinstance(card, Joker)])

    def cards(self, mask: int) -> tuple[Card, ...]:
        """The rank × suit cards in a bitmask, sorted (a card twice if both copies are in it); jokers left out.

        What a hook's context holds (a module that reads suits never meets a joker); `any_cards` keeps them.
        """
        # every index below 52: the jokers are masked out
        return tuple([ALL_CARDS[i] for i in self._indexes(mask & ~self.joker_mask)])

    def any_cards(self, mask: int) -> tuple[AnyCard, ...]:
        """The cards and jokers in a bitmask, sorted (jokers last; a card twice if both copies are in it)."""
        return tuple([ANY_CARDS[i] for i in self._indexes(mask)])

    def _indexes(self, mask: int) -> list[int]:
        """The card indexes of the physical cards in ``mask``, ascending (an index twice for both copies)."""
        indexes: list[int] = []
        while mask:
            low = mask & -mask
            indexes.append(self.index_of[low.bit_length() - 1])
            mask ^= low
        if self.copies > 1:
            indexes.sort()
        return indexes

    @staticmethod
    def plain(cards: tuple[AnyCard, ...]) -> tuple[Card, ...]:
        """``cards`` known to hold no joker, typed so (`cards.plain_cards`)."""
        return plain_cards(cards)

    def distinct(self, mask: int) -> int:
        """Fold a mask over physical cards onto ``Card.index`` bits (copies merge)."""
        if self.copies == 1:
            return mask
        return _folded(mask)

    def points(self, mask: int) -> int:
        """The card points in a bitmask under the active scoring table."""
        total = 0
        values = self._point_values
        masks = self._point_masks
        for i in range(len(values)):
            total += values[i] * popcount(mask & masks[i])
        return total

    def __reduce__(self) -> tuple[object, tuple[object]]:
        return (table_for, (self.rules,))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return self is other or bool(self.rules == other.rules)

    def __hash__(self) -> int:
        return hash(self.rules)

    def __repr__(self) -> str:
        return f"Table({self.rules!r})"


#: The interned plays of each number of players (2 to 13 seats: a handful of entries, built on first use).
#: They stay alive, so an id in the codes is always the move it names.
_PLAYS: dict[int, tuple[tuple[tuple[Play, ...], ...], dict[int, int]]] = {}


def _interned_plays(players: int) -> tuple[tuple[tuple[Play, ...], ...], dict[int, int]]:
    entry = _PLAYS.get(players)
    if entry is None:
        plays = tuple(tuple(Play(seat, card) for card in ANY_CARDS) for seat in range(players))
        codes = {
            id(play): seat << 6 | index for seat, row in enumerate(plays) for index, play in enumerate(row)
        }
        entry = _PLAYS[players] = (plays, codes)
    return entry


_CACHE: Final = TableCache(Table)


def table_for(rules: object) -> Table:
    """The table of ``rules``: built on first use, kept while it is among the most recently used.

    The cache keeps at most `CACHE_SIZE` tables whose rules weigh at most `CACHE_BYTES` in
    all (measured by `footprint`), and drops the least recently used first; it is safe to call
    from many threads at once.
    """
    return _CACHE.get(rules)
