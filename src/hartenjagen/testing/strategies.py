"""The public hypothesis strategies of the test kit: cards, decks, rule modules, rulesets, games, moves.

Every strategy here is re-exported by [`hartenjagen.testing`][hartenjagen.testing];
use them from there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

import hypothesis
from hypothesis import strategies as st

from hartenjagen.cards import ALL_CARDS, Card, Rank, Suit
from hartenjagen.core import (
    State,
    is_legal,  # typed object: checks any value
)
from hartenjagen.engine import apply, legal_moves, new_game
from hartenjagen.errors import RulesError
from hartenjagen.moves import Announce, MoonChoice, MoonOption, Move, Pass, Play
from hartenjagen.rules import Deck, Ending, HouseRule, Moon, Rules, Scoring, deck, trick_winner
from hartenjagen.rules.extras import announcing
from hartenjagen.testing._common import (
    FOREIGN,
    SLOTS,
    SlotStrategy,
    _AnyModule,
    check_keyword,
    checked_max_moves,
    default_max_moves,
    random_move,
)
from hartenjagen.testing._slots import (
    Facts,
    bonuses,
    bonuses_keep_scores_up,
    duplicates_modules,
    endings,
    ends_by_scores,
    extras_lists,
    first_tricks,
    leadings,
    moons,
    openings,
    passings,
    scorings,
)
from hartenjagen.values import Phase

__all__ = ["cards", "decks", "games", "modules", "moves", "playouts", "rules"]

# ---------------------------------------------------------------- cards and decks


def cards(*, deck: Deck | None = None) -> st.SearchStrategy[Card]:
    """Cards: any of the 52, or (with ``deck``) the cards of that deck's pack.

    Shrinks toward the 2♣ (the lowest card in card order).
    """
    if deck is None:
        return st.sampled_from(ALL_CARDS)
    if not isinstance(deck, Deck):
        raise TypeError(f"deck must be a Deck module, not {deck!r}")
    return st.sampled_from(sorted(set(deck.pack())))


#: The library's named decks.
_NAMED_DECKS: Final[tuple[Deck, ...]] = (
    deck.STD52,
    deck.MINUS_2D_3P,
    deck.MINUS_3C_3P,
    deck.MINUS_2C_3P,
    deck.MINUS_2D_2C_5P,
    deck.MINUS_3C_2D_5P,
    deck.PIQUET32,
    deck.DOUBLE_DECK_6,
)
#: The most players [`decks`][hartenjagen.testing.decks] deals a single pack to.
_MAX_SINGLE_PLAYERS: Final = 8


@st.composite
def _single_packs(draw: st.DrawFn, players: int | None) -> Deck:
    n = draw(st.integers(2, _MAX_SINGLE_PLAYERS)) if players is None else players
    ranks = [rank for rank in Rank if 4 * (15 - rank) >= n]
    lowest = draw(st.sampled_from(ranks))
    size = 4 * (15 - lowest)
    # Remove the fewest cards that make the pack deal evenly, and sometimes a hand's worth more.
    extra = draw(st.integers(0, max(0, min(2, (size - n) // n - 1))))
    count = size % n + extra * n
    pack = [Card(rank, suit) for suit in Suit for rank in Rank if rank >= lowest]
    removed = draw(st.permutations(pack))[:count] if count else []
    return deck.SinglePack(players=n, removed=tuple(removed), lowest_rank=Rank(lowest))


def decks(*, players: int | None = None, double: bool | None = None) -> st.SearchStrategy[Deck]:
    """Deck modules: the named decks, single packs and double decks with every valid player count.

    A single pack ([`SinglePack`][hartenjagen.rules.deck.SinglePack]) goes to 2 to 8
    players, from any lowest rank, with cards removed until it deals evenly; a
    double deck ([`DoubleDeck`][hartenjagen.rules.deck.DoubleDeck]) to 6 to 13.
    ``players`` fixes the number of players; ``double`` asks for double decks
    only (``True``) or single packs only (``False``).
    """
    if players is not None:
        check_keyword("players", players, int, "a whole number or None")
        if players < 2:
            raise ValueError(f"players must be at least 2, not {players}")
    if double is not None:
        check_keyword("double", double, bool, "True, False or None")
    options: list[st.SearchStrategy[Deck]] = []
    named = [
        d
        for d in _NAMED_DECKS
        if (players is None or d.players == players)
        and (double is None or isinstance(d, deck.DoubleDeck) == double)
    ]
    if named:
        options.append(st.sampled_from(named))
    if double is not True and (players is None or players <= 52):
        options += [_single_packs(players)] * 2  # drawn more often than the (slower) double decks
    if double is not False and (players is None or 6 <= players <= 13):
        options.append(
            st.builds(deck.DoubleDeck, players=st.integers(6, 13) if players is None else st.just(players))
        )
    if not options:
        raise ValueError(f"no deck deals to {players} players{' with a double deck' if double else ''}")
    return st.one_of(options)


# ---------------------------------------------------------------- one slot's modules


def modules(
    slot: str,
    *,
    deck: Deck | None = None,
    scoring: Scoring | None = None,
    moon: Moon | None = None,
    extras: Sequence[HouseRule] = (),
) -> st.SearchStrategy[Any]:
    """The modules of one slot of the rules, with random settings, that fit ``deck`` (default: 52 cards, 4 players).

    ``slot`` is a name in `SLOTS`; for ``"extras"`` the values are tuples
    of house rules. Every module class of the library is reachable with every
    setting that fits: all pass cycles, counts up to the hand size (at most
    4 with a double deck, whose passes the engine lists one by one), both
    pass-and-return readings and both dealer pools; every opening the pack
    allows; every first-trick, heart-lead and moon option; every named points
    table and random ones. A scoring always makes the pack worth more than 0
    (so games end). ``"ending"`` uses ``scoring``, ``moon`` and ``extras`` to
    keep games short: a score limit is drawn only where the totals keep
    growing (not where moons or the bonuses of house rules could hold them
    down), and limits are small; without ``scoring`` and ``moon`` it draws
    only endings after a fixed number of hands.
    """
    deck_module = _deck_argument(deck)
    facts = Facts(deck_module)
    if slot == "deck":
        return decks() if deck is None else st.just(deck_module)
    if slot == "duplicates":
        return duplicates_modules(facts)
    if slot == "trick_winner":
        return st.just(trick_winner.HIGHEST_OF_LED)  # the one built-in module
    if slot == "passing":
        return passings(facts)
    if slot == "opening":
        return openings(facts)
    if slot == "first_trick":
        return first_tricks()
    if slot == "leading":
        return leadings(facts)
    if slot == "scoring":
        return scorings(facts)
    if slot == "extras":
        return extras_lists()
    if slot == "moon":
        return moons(facts, scoring, False, tuple(extras))
    if slot == "ending":
        return endings(facts, scoring, moon, tuple(extras))
    raise ValueError(f"there is no slot {slot!r}: the slots are {', '.join(SLOTS)}")


def _deck_argument(value: object) -> Deck:
    if value is None:
        return deck.STD52
    if not isinstance(value, Deck):
        raise TypeError(f"deck must be a Deck module, not {value!r}")
    return value


# ---------------------------------------------------------------- whole rulesets


def rules(*, base: Rules | None = None, **slots: SlotStrategy) -> st.SearchStrategy[Rules]:
    """Valid [`Rules`][hartenjagen.rules.Rules] values: a random module, with random settings, in every slot.

    Without arguments any composition the library accepts may be drawn, and
    only those: each slot is drawn to fit the slots before it (see
    [`modules`][hartenjagen.testing.modules]), and games under every drawn ruleset end quickly (small
    score limits). ``base`` keeps the slots of a ruleset of your own; a slot
    given as a keyword is drawn from its strategy instead, or with the
    library's own strategy when given as `ANY`:

    ```text
    testing.rules(base=mine)                                # always mine
    testing.rules(base=mine, scoring=testing.ANY)          # mine, with any scoring
    testing.rules(base=mine, moon=st.sampled_from([...]))  # mine, with one of these moons
    ```

    A draw whose slots the library rejects together (``RulesError``) is
    discarded; that happens only with slots from ``base`` or a strategy of yours.
    """
    if base is not None and not isinstance(base, Rules):
        raise TypeError(f"base must be a Rules value or None, not {base!r}")
    for slot, value in slots.items():
        if slot not in SLOTS:
            raise TypeError(f"rules() got an unknown slot {slot!r}: the slots are {', '.join(SLOTS)}")
        if not isinstance(value, st.SearchStrategy | _AnyModule):
            raise TypeError(f"slot {slot!r} takes a hypothesis strategy or testing.ANY, not {value!r}")
    return _rules(base, dict(slots))


@st.composite
def _rules(draw: st.DrawFn, base: Rules | None, slots: dict[str, SlotStrategy]) -> Rules:
    chosen: dict[str, Any] = {}
    yours = False  # whether a slot came from base or from a strategy of the caller's

    def given(slot: str) -> bool:
        """Draw ``slot`` from the caller's strategy or base, if the caller fixed it; else leave it."""
        nonlocal yours
        strategy = slots.get(slot)
        if isinstance(strategy, st.SearchStrategy):
            chosen[slot] = draw(strategy)
            yours = True
            return True
        if strategy is None and base is not None:
            chosen[slot] = getattr(base, slot)
            yours = True
            return True
        return False

    if not given("deck"):
        chosen["deck"] = draw(decks())
    deck_module = chosen["deck"]
    if not isinstance(deck_module, Deck):
        hypothesis.reject()
    facts = Facts(deck_module)
    for slot, strategy in (
        ("duplicates", lambda: duplicates_modules(facts)),
        ("trick_winner", lambda: st.just(trick_winner.HIGHEST_OF_LED)),
        ("passing", lambda: passings(facts)),
        ("opening", lambda: openings(facts)),
        ("first_trick", first_tricks),
        ("leading", lambda: leadings(facts)),
        ("scoring", lambda: scorings(facts)),
    ):
        if not given(slot):
            chosen[slot] = draw(strategy())
    scoring_module = chosen["scoring"] if isinstance(chosen["scoring"], Scoring) else None
    ending_fixed = given("ending")
    # An ending of yours that needs growing totals: draw only what keeps them growing.
    need_up = (
        ending_fixed
        and scoring_module is not None
        and isinstance(chosen["ending"], Ending)
        and ends_by_scores(chosen["ending"], deck_module.players)
    )
    if not given("extras"):
        drawn = draw(extras_lists())
        if (
            need_up
            and scoring_module is not None
            and not bonuses_keep_scores_up(facts, scoring_module, drawn)
        ):
            drawn = tuple(e for e in drawn if not bonuses(facts, scoring_module, (e,)))
        chosen["extras"] = drawn
    extras_modules = tuple(chosen["extras"]) if isinstance(chosen["extras"], tuple | list) else ()
    if not given("moon"):
        chosen["moon"] = draw(moons(facts, scoring_module, need_up, extras_modules))
    if not ending_fixed:
        moon_module = chosen["moon"] if isinstance(chosen["moon"], Moon) else None
        chosen["ending"] = draw(endings(facts, scoring_module, moon_module, extras_modules))
    try:
        return Rules(**chosen)
    except RulesError:
        if yours:
            hypothesis.reject()
        raise


# ---------------------------------------------------------------- games, moves and playouts


def _rules_strategy(value: Rules | st.SearchStrategy[Rules] | None) -> st.SearchStrategy[Rules]:
    if value is None:
        return rules()
    if isinstance(value, Rules):
        return st.just(value)
    if isinstance(value, st.SearchStrategy):
        return value
    raise TypeError(f"rules must be a Rules value, a strategy of them or None, not {value!r}")


#: The phases of a seeded game (it never waits for chance).
_SEEDED_PHASES: Final = tuple(phase for phase in Phase if phase is not Phase.CHANCE)
#: The phases [`games`][hartenjagen.testing.games] aims at by default, each as often as it is listed:
#: mostly play (where most properties have something to check), first (where a seed of 0 aims).
_DEFAULT_AIMS: Final = (
    *[Phase.PLAYING] * 12,
    *[Phase.PASSING] * 2,
    *[Phase.ANNOUNCING] * 2,
    *[Phase.MOON_CHOICE] * 2,
    *[Phase.GAME_OVER] * 2,
)
#: How many states in a hundred of a phase of play [`games`][hartenjagen.testing.games] stops at with a trick begun.
_TRICK_BEGUN: Final = 90


def _phase_argument(value: object) -> Phase | None:
    """``phase=`` as given (a `Phase` or its value, ``"playing"``), once checked."""
    if value is None:
        return None
    names = ", ".join(repr(phase.value) for phase in _SEEDED_PHASES)
    phase = value if isinstance(value, Phase) else None
    if phase is None and isinstance(value, str):
        phase = next((p for p in Phase if p.value == value or p.name == value), None)
    if phase is None:
        raise (ValueError if isinstance(value, str) else TypeError)(
            f"phase must be a Phase or one of {names}, not {value!r}"
        )
    if phase is Phase.CHANCE:
        raise ValueError(
            f"phase {phase.value!r} never comes in games(): they are seeded, so they never wait for chance;"
            f" the phases are {names}"
        )
    return phase


def _never(rules_value: Rules, phase: Phase) -> str | None:
    """Why games under ``rules_value`` never come to ``phase`` (asked of the modules), or ``None``."""
    if phase is Phase.MOON_CHOICE and len(rules_value.moon.options()) < 2:
        return f"its moon, {rules_value.moon!r}, offers no choice"
    if phase is Phase.ANNOUNCING and not any(announcing(extra) for extra in rules_value.extras):
        return "no house rule of it announces"
    if phase is Phase.PASSING and not any(
        stage.cards for route in rules_value.passing.routes() for stage in rules_value.passing.stages(route)
    ):
        return f"its passing, {rules_value.passing!r}, passes no card"
    return None


def _steered(shooter: int) -> Callable[[State, random.Random], Move]:
    """Moves that make a moon likely: ``shooter`` plays its highest card, the others their lowest.

    Passes and other moves stay random. Random play alone almost never shoots
    the moon, so ``phase="moon_choice"`` would otherwise hardly ever be met.
    """

    def pick(state: State, rng: random.Random) -> Move:
        listed = legal_moves(state)
        if state.phase is not Phase.PLAYING:
            return listed[rng.randrange(len(listed))]
        key = (lambda move: move.card.rank) if state.to_move[0] == shooter else (lambda move: -move.card.rank)
        return max(cast(Sequence[Play], listed), key=key)

    return pick


def games(
    *,
    rules: Rules | st.SearchStrategy[Rules] | None = None,
    max_moves: int | None = None,
    phase: Phase | str | None = None,
) -> st.SearchStrategy[State]:
    """States reached by legal play from a new game, in every phase (the end of the game included).

    ``rules`` is a ruleset, a strategy of rulesets, or ``None`` for
    [`rules`][hartenjagen.testing.rules]. Drawn are the seed, the first
    dealer, a number of hands to play out first (0 to 3), the phase to stop
    in, and how far into it. By default that is play six times in ten (and
    there nine times in ten with a trick begun: cards on the table), the
    exchange, an announcement, a moon choice or the end of the game once in
    ten each, now and then the first state of the game; a phase the rules
    never come to (a moon with no choice) is play instead, and a game that
    ends before the hand drawn stops in the phase in an earlier hand.

    ``phase`` fixes the phase (a [`Phase`][hartenjagen.values.Phase] or its
    value: ``"passing"``, ``"announcing"``, ``"playing"``, ``"moon_choice"``,
    ``"game_over"``). Under a ruleset that never comes to it (no exchange, no
    announcing house rule, a moon with no choice) it raises ``ValueError``;
    with a strategy of rulesets a game that does not come to it within
    ``max_moves`` moves is rejected (hypothesis draws another, and says so if
    it finds none).

    Never more than ``max_moves`` moves (by default about 200 hands' worth).
    The moves are uniformly random legal moves from a seeded ``random.Random``
    (on the way to a moon choice, a seat plays its highest cards and the others
    their lowest); an example shrinks toward a game in play, fewer moves and
    smaller seeds.
    """
    strategy = _rules_strategy(rules)
    limit = checked_max_moves(max_moves)
    fixed = _phase_argument(phase)
    if fixed is not None and isinstance(rules, Rules):
        why = _never(rules, fixed)
        if why is not None:
            raise ValueError(f"games(phase={fixed.value!r}) never comes under these rules: {why}")

    @st.composite
    def build(draw: st.DrawFn) -> State:
        rules_value = draw(strategy)
        seed = draw(st.integers(0, 2**32 - 1))
        dealer = draw(st.integers(0, rules_value.players - 1))
        cap = default_max_moves(rules_value) if limit is None else limit
        hands = draw(st.integers(0, 3))
        # The phase from the seed: hypothesis draws a seed close to uniformly, where a choice of its
        # own (sampled_from) comes out as skewed as its heuristics make it; a seed of 0 aims at play.
        aim = _DEFAULT_AIMS[seed % len(_DEFAULT_AIMS)] if fixed is None else fixed
        if fixed is None and _never(rules_value, aim) is not None:
            aim = Phase.PLAYING  # a phase these rules never come to: play instead
        # How far into the phase: in play, how many cards of the hand are played.
        cards = len(rules_value.deck.pack())
        n = rules_value.players
        trick = draw(st.integers(0, cards // n - 1))
        seat = draw(st.integers(1, n - 1)) if draw(st.integers(0, 99)) < _TRICK_BEGUN else 0
        plays = trick * n + seat
        more = draw(st.integers(0, 2 * n))  # moves into another phase (passes, announcements)
        start = (
            fixed is None and draw(st.integers(0, 19)) == 7
        )  # now and then the first state (not a bound: rarer)
        state = new_game(rules_value, seed=seed, dealer=dealer)
        if start:
            return state
        rng = random.Random(seed)
        choose = _steered(dealer) if aim is Phase.MOON_CHOICE else random_move
        done = 0

        def there(state: State) -> bool:
            """In the phase aimed at, far enough into it (in any hand)."""
            if state.phase is not aim:
                return False
            if aim is Phase.PLAYING:
                return sum(len(t.cards) for t in state.tricks) + len(state.trick) >= plays
            return True

        # The first state there in each hand: what is kept when the game ends before hand `hands`.
        kept: State | None = None
        while not state.is_over and done < cap:
            if there(state):
                if state.hand_index >= hands or aim is Phase.GAME_OVER:
                    break
                if kept is None or kept.hand_index != state.hand_index:
                    kept = state
            state = apply(state, choose(state, rng))
            done += 1
        if state.is_over and aim is not Phase.GAME_OVER and kept is not None:
            state = kept
        if aim is not Phase.PLAYING and state.phase is aim:
            # Some moves further into the phase, as long as it lasts.
            for _ in range(more):
                if state.is_over or done >= cap:
                    break
                after = apply(state, choose(state, rng))
                if after.phase is not aim:
                    break
                state, done = after, done + 1
        if fixed is not None and state.phase is not fixed:
            hypothesis.reject()
        return state

    return build()


class Playout(list[tuple[State, Move]]):
    """A game drawn by [`playouts`][hartenjagen.testing.playouts]: the list of its ``(state, move)`` steps.

    Its repr is short (a failing example prints it): the rules, the seed, the first
    dealer, the number of moves and the state they end in, not the whole history.
    ``rules``, ``seed``, ``dealer`` and ``final`` (the state after the last step) are
    attributes.
    """

    rules: Rules
    seed: int
    dealer: int
    final: State

    def __init__(self, rules: Rules, seed: int, dealer: int, steps: list[tuple[State, Move]], final: State):
        super().__init__(steps)
        self.rules = rules
        self.seed = seed
        self.dealer = dealer
        self.final = final

    def __repr__(self) -> str:
        return (
            f"<playout of {len(self)} moves with rules={self.rules!r}, seed={self.seed}, "
            f"dealer={self.dealer}, ending at {self.final!r}>"
        )


def playouts(
    *, rules: Rules | st.SearchStrategy[Rules] | None = None, max_moves: int | None = None
) -> st.SearchStrategy[Playout]:
    """Whole games by random legal play: the list of ``(state, move)`` steps, in order.

    The first state is a new game; ``apply(*steps[-1])`` is the final state
    (the game over, unless the game did not end within ``max_moves`` moves,
    where the list is cut; by default that is about 200 hands).
    ``rules`` is as in [`games`][hartenjagen.testing.games].
    The list is a [`Playout`][hartenjagen.testing.Playout]: a failing example prints
    its rules, seed and final state in one line, not every step.
    """
    strategy = _rules_strategy(rules)
    limit = checked_max_moves(max_moves)

    @st.composite
    def build(draw: st.DrawFn) -> Playout:
        rules_value = draw(strategy)
        seed = draw(st.integers(0, 2**32 - 1))
        dealer = draw(st.integers(0, rules_value.players - 1))
        cap = default_max_moves(rules_value) if limit is None else limit
        state = new_game(rules_value, seed=seed, dealer=dealer)
        rng = random.Random(seed)
        steps: list[tuple[State, Move]] = []
        while not state.is_over and len(steps) < cap:
            move = random_move(state, rng)
            steps.append((state, move))
            state = apply(state, move)
        return Playout(rules_value, seed, dealer, steps, state)

    return build()


def moves(state: State, *, legal: bool | None = None, foreign: bool = True) -> st.SearchStrategy[object]:
    """Moves to try on ``state``: legal ones and illegal ones of every kind.

    The illegal ones: a seat out of turn or not at the table, a card not held,
    a pass of the wrong number of cards or naming a card twice, a move of the
    wrong kind for the phase, any move once the game is over, and (with
    ``foreign``) objects that are no move at all. ``legal=True`` draws only
    legal moves (nothing, once the game is over), ``legal=False`` only illegal
    ones.
    """
    if not isinstance(state, State):
        raise TypeError(f"moves needs a State, not {state!r}")
    listed = legal_moves(state)
    n = state.players
    seats = st.integers(-2, n + 1)
    any_card = st.sampled_from(ALL_CARDS)
    held = [card for hand in state.hands for card in hand]
    options: list[st.SearchStrategy[object]] = []
    if len(listed):
        options.append(st.integers(0, len(listed) - 1).map(lambda i: listed[i]))
    if legal is not True:
        options += [
            st.builds(Play, seats, any_card),
            st.builds(Announce, seats, st.booleans()),
            st.builds(MoonChoice, seats, st.sampled_from(MoonOption)),
            st.builds(Pass, seats, st.lists(any_card, max_size=6)),
        ]
        for seat in state.to_move:
            own = state.hands[seat]
            if own:
                # The seat's own cards, in wrong numbers or twice.
                options.append(
                    st.builds(Pass, st.just(seat), st.lists(st.sampled_from(own), max_size=len(own) + 1))
                )
            options.append(st.builds(Play, st.just(seat), any_card))
        if held:
            options.append(st.builds(Play, seats, st.sampled_from(held)))
        if foreign:
            options.append(st.sampled_from(FOREIGN))
    if not options:
        return st.nothing()
    drawn = st.one_of(options)
    if legal is True:
        return drawn
    if legal is False:
        return drawn.filter(lambda move: not is_legal(state, move))
    return drawn
