"""`check_rules`' test of what modules declare about their hooks: a scoring's ``point_cards``, a moon's ``needed_cards``.

A declaration lets the playout kernel keep a hook's answers by fewer inputs
(rules/scoring.py, rules/moon.py); a false one would make it score wrongly, so
each is tested here against the hook itself on random captures and hands,
before any game is played.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

from hartenjagen._repr import shown
from hartenjagen.cards import Card, without_jokers
from hartenjagen.rules import Rules
from hartenjagen.rules.context import MoonContext
from hartenjagen.values import Trick

#: Random captures a ``point_cards`` declaration is tested on, and random hands for ``needed_cards``.
CAPTURES: Final = 300
HANDS: Final = 120
#: How often the favourite seat of a random hand wins a trick: from an even share to nearly every trick.
_SKEWS: Final = (0.0, 0.6, 0.9, 0.97, 1.0)


def declaration_problem(rules: Rules, seed: int) -> str | None:
    """The first false or malformed declaration of ``rules``' modules, as a sentence; ``None``: all hold."""
    rng = random.Random(f"declarations {seed}")
    return _scoring_problem(rules, rng) or _moon_problem(rules, rng)


def _listed(cards: Sequence[Card] | frozenset[Card]) -> str:
    """Cards as text, in pack order."""
    return "[" + " ".join(str(card) for card in sorted(cards, key=lambda card: card.index)) + "]"


def _declared(module: object, hook: str, rules: Rules) -> tuple[frozenset[Card] | None, str | None]:
    """``module.hook(rules)`` and, if it is no set of cards (or raised), the problem."""
    try:
        value = getattr(module, hook)(rules)
    except Exception as error:
        return None, f"{module!r}: {hook} raised {error!r}"
    if value is None:
        return None, None
    if not isinstance(value, (set, frozenset)) or not all(isinstance(card, Card) for card in value):
        return None, f"{module!r}: {hook} must return a set of cards or None, not {shown(value)}"
    return frozenset(value), None


def _asked(call: Callable[..., object], argument: object, what: str) -> tuple[object, str | None]:
    """``call(argument)``: a hook's answer, or the problem when it raised."""
    try:
        return call(argument), None
    except Exception as error:
        return None, f"{what} raised {error!r}"


def _scoring_problem(rules: Rules, rng: random.Random) -> str | None:
    scoring = rules.scoring
    declared, problem = _declared(scoring, "point_cards", rules)
    if declared is None:
        return problem
    pack = list(rules.deck.pack())
    for _ in range(CAPTURES):
        capture = sorted(rng.sample(pack, rng.randrange(len(pack) + 1)), key=lambda card: card.index)
        kept = [card for card in capture if card in declared]
        whole, problem = _asked(scoring.points_of, tuple(capture), f"scoring {scoring!r}: points_of")
        if problem is None:
            part, problem = _asked(scoring.points_of, tuple(kept), f"scoring {scoring!r}: points_of")
        if problem is not None:
            return problem
        if whole != part:
            capture, whole, part = _shortened(scoring.points_of, capture, declared)
            kept = [card for card in capture if card in declared]
            return (
                f"scoring {scoring!r} declares in point_cards that its points come only from"
                f" {_listed(declared)}, but points_of({_listed(capture)}) is {whole!r} where"
                f" points_of of those cards alone, {_listed(kept)}, is {part!r}"
            )
    return None


def _shortened(
    points_of: Callable[[tuple[Card, ...]], int], capture: list[Card], declared: frozenset[Card]
) -> tuple[list[Card], int, int]:
    """A shorter capture on which ``points_of`` still disagrees with the declaration (one card dropped at a time)."""

    def both(cards: list[Card]) -> tuple[int, int]:
        return points_of(tuple(cards)), points_of(tuple(card for card in cards if card in declared))

    whole, part = both(capture)
    for card in list(capture):
        shorter = list(capture)
        shorter.remove(card)
        try:
            answers = both(shorter)
        except Exception:  # a capture the hook refuses is no shorter counterexample
            continue
        if answers[0] != answers[1]:
            capture, (whole, part) = shorter, answers
    return capture, whole, part


def _random_hand(rules: Rules, rng: random.Random, declared: frozenset[Card]) -> list[Trick]:
    """The tricks of a random hand: the pack in tricks, most of them won by a favourite seat when skewed.

    One hand in three is a near miss: the favourite takes every trick but the
    first, which holds one declared card and otherwise undeclared ones.
    """
    n = rules.players
    pack = list(rules.deck.pack())
    rng.shuffle(pack)
    favourite, skew = rng.randrange(n), rng.choice(_SKEWS)
    near = rng.randrange(3) == 0
    if near:
        inside = [i for i, card in enumerate(pack) if card in declared]
        outside = [i for i, card in enumerate(pack) if card not in declared]
        if inside and len(outside) >= n - 1:
            first = [pack[rng.choice(inside)], *(pack[i] for i in rng.sample(outside, n - 1))]
            rest = list(pack)
            for card in first:
                rest.remove(card)
            pack = first + rest
        skew = 1.0
    tricks = []
    leader = rng.randrange(n)
    for start in range(0, len(pack) - len(pack) % n, n):
        winner = favourite if rng.random() < skew else rng.randrange(n)
        if near and start == 0:
            winner = (favourite + 1 + rng.randrange(n - 1)) % n
        tricks.append(Trick(leader, tuple(pack[start : start + n]), winner))
        leader = winner
    return tricks


def _context(rules: Rules, tricks: Sequence[Trick], totals: tuple[int, ...]) -> MoonContext:
    taken: list[list[Card]] = [[] for _ in range(rules.players)]
    for trick in tricks:
        assert trick.winner is not None
        taken[trick.winner] += without_jokers(trick.cards)  # a hook's context holds no jokers
    cards_taken = tuple(tuple(sorted(cards, key=lambda card: card.index)) for cards in taken)
    return MoonContext(
        rules=rules,
        cards_taken=cards_taken,
        tricks=tuple(tricks),
        raw=tuple(rules.scoring.points_of(cards) for cards in cards_taken),
        totals=totals,
        options=tuple(rules.moon.options()),
    )


def _candidate(context: MoonContext, needed: Counter[Card]) -> int | None:
    """The seat that took every copy of every declared card, if one did."""
    if not needed:
        return None
    for seat, cards in enumerate(context.cards_taken):
        if not needed - Counter(cards):
            return seat
    return None


def _moon_problem(rules: Rules, rng: random.Random) -> str | None:
    moon = rules.moon
    declared, problem = _declared(moon, "needed_cards", rules)
    if declared is None:
        return problem
    needed = Counter(card for card in rules.deck.pack() if card in declared)
    for _ in range(HANDS):
        tricks = _random_hand(rules, rng, declared)
        totals = tuple(rng.randrange(-30, 100) for _ in range(rules.players))
        context = _context(rules, tricks, totals)
        candidate = _candidate(context, needed)
        answer, problem = _asked(moon.shooter, context, f"moon {moon!r}: shooter")
        if problem is not None:
            return problem
        if candidate is None and answer is not None:
            return (
                f"moon {moon!r} declares in needed_cards that no one shoots unless one seat takes all of"
                f" {_listed(declared)}, but shooter named seat {answer!r} for a hand where no seat did"
                f" (cards taken: {', '.join(_listed(cards) for cards in context.cards_taken)})"
            )
        if candidate is not None:
            problem = _same_answers(rules, tricks, context, candidate, declared, rng)
            if problem is not None:
                return problem
    return None


def _inputs(rules: Rules, context: MoonContext, seat: int, declared: frozenset[Card]) -> tuple[object, ...]:
    """What a declared moon's answers may depend on where ``seat`` took every declared card."""
    kept = rules.scoring.points_of(card for card in context.cards_taken[seat] if card not in declared)
    return (seat, context.raw, kept, context.totals)


def _answers(context: MoonContext) -> tuple[object, ...]:
    """What a moon module answers for a hand: the shooter, and if one, the points for each option."""
    moon = context.rules.moon
    shooter = moon.shooter(context)
    if shooter is None:
        return (None,)
    return (shooter, *(tuple(moon.settle(context, shooter, option)) for option in moon.options()))


def _same_answers(
    rules: Rules,
    tricks: list[Trick],
    context: MoonContext,
    seat: int,
    declared: frozenset[Card],
    rng: random.Random,
) -> str | None:
    """A problem if a moon's answers change in a hand with the same declared inputs: other tricks, other cards elsewhere."""
    moon = rules.moon
    # The tricks in another order, and those without a declared card won by anyone.
    other = rng.sample(tricks, len(tricks))
    for i, trick in enumerate(other):
        if not any(card in declared for card in trick.cards):
            other[i] = Trick(trick.leader, trick.cards, rng.randrange(rules.players))
    variant = _context(rules, other, context.totals)
    if _inputs(rules, variant, seat, declared) != _inputs(rules, context, seat, declared):
        return None  # the swap changed a declared input: nothing to compare
    answers = []
    for hand in (context, variant):
        answer, problem = _asked(_answers, hand, f"moon {moon!r}: shooter or settle")
        if problem is not None:
            return problem
        answers.append(answer)
    if answers[0] != answers[1]:
        return (
            f"moon {moon!r} declares in needed_cards that where seat {seat} took all of {_listed(declared)} its"
            " answers depend only on that seat, the raw points, the totals and the points of that seat's"
            f" other cards, but two such hands with the same of each got {answers[0]!r} and {answers[1]!r}"
            " (the tricks in another order, other cards elsewhere)"
        )
    return None
