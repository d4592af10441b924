"""`check_rules`: random games under a ruleset, checked at every step; hypothesis shrinks what fails.

[`check_rules`][hartenjagen.testing.check_rules] and
[`RulesCheckFailed`][hartenjagen.testing.RulesCheckFailed] are re-exported by
[`hartenjagen.testing`][hartenjagen.testing]; use them from there.
"""

from __future__ import annotations

import contextlib
import random
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Final, cast

from hypothesis import HealthCheck, Phase, Verbosity, currently_in_test_context, given, settings
from hypothesis import strategies as st

from hartenjagen.frontend.notation import format_move
from hartenjagen.moves import Move
from hartenjagen.rules import Rules
from hartenjagen.testing._checker import Checker, Found, Pick
from hartenjagen.testing._common import check_keyword, checked_max_moves, default_max_moves
from hartenjagen.testing._declarations import declaration_problem
from hartenjagen.testing._move_checks import Failure
from hartenjagen.variants import Preset

__all__ = ["RulesCheckFailed", "check_rules"]

#: The moves the shrinking may play in all (each with every check on every state).
_SHRINK_MOVES: Final = 3000
#: The games the shrinking plays without finding a smaller failing game before it stops.
_SHRINK_PATIENCE: Final = 60
#: The other seeds the shrinking tries, from the first one on.
_SHRINK_SEEDS: Final = 8
#: The games hypothesis generates to find a failing one to shrink.
_SHRINK_TRIES: Final = 60
#: How the search runs: deterministic (the same draws every time, no example database), and quiet.
_SEARCH: Final = settings(
    database=None,
    derandomize=True,
    deadline=None,
    max_examples=_SHRINK_TRIES,
    phases=[Phase.generate, Phase.shrink],
    report_multiple_bugs=False,
    suppress_health_check=list(HealthCheck),
    verbosity=Verbosity.quiet,
)


class RulesCheckFailed(AssertionError):
    """[`check_rules`][hartenjagen.testing.check_rules] found a state or a move of a game where an invariant does not hold.

    The message gives the problem, the rules, how the game was started and the
    moves up to the failure, one per line in [`format_move`][hartenjagen.frontend.notation.format_move]
    text: replay them with ``apply`` from ``new_game(rules, seed=seed,
    dealer=dealer)`` to reach it. The same facts are attributes: ``rules``,
    ``seed``, ``dealer``, ``moves`` (the moves, as values), ``problem`` (one
    sentence) and ``in_move`` (whether the check failed while the last move
    was applied, rather than on the state after it).
    """

    def __init__(
        self, rules: Rules, seed: int, dealer: int, moves: Sequence[Move], problem: str, in_move: bool
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.dealer = dealer
        self.moves: tuple[Move, ...] = tuple(moves)
        self.problem = problem
        self.in_move = in_move
        super().__init__(self._message())

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (type(self), (self.rules, self.seed, self.dealer, self.moves, self.problem, self.in_move))

    def _message(self) -> str:
        lines = [
            f"check_rules: {self.problem}",
            f"  rules: {self.rules!r}",
            f"  game: new_game(rules, seed={self.seed}, dealer={self.dealer})",
        ]
        count = len(self.moves)
        if not count:
            lines.append("  moves: none (the problem is in the first state)")
        elif self.in_move:
            lines.append(f"  moves: {count}; the problem shows while the last one is applied:")
        else:
            lines.append(f"  moves: {count}; the problem is in the state after the last one:")
        numbered = [f"    {i}. {format_move(move)}" for i, move in enumerate(self.moves, start=1)]
        if count > 120:
            numbered = [*numbered[:40], f"    ... ({count - 80} more moves) ...", *numbered[-40:]]
        lines += numbered
        return "\n".join(lines)


class _Best:
    """The smallest failing game so far, and what the search has spent."""

    def __init__(self, seed: int, found: Found) -> None:
        self.seed = seed
        self.found = found
        self.moves = 0  # moves played
        self.tries = 0  # games since the last smaller failing game

    def offer(self, seed: int, found: Found) -> None:
        """Keep ``found`` if it is smaller: fewer moves, then an earlier seed."""
        self.tries += 1
        if (len(found[0]), seed) < (len(self.found[0]), self.seed):
            self.seed, self.found, self.tries = seed, found, 0

    def spent(self) -> bool:
        return self.moves >= _SHRINK_MOVES or self.tries >= _SHRINK_PATIENCE


class _Stop(BaseException):
    """The search has spent its budget (a BaseException, so hypothesis does not take it for a failure)."""


class _Found(Exception):
    """The inner hypothesis test found a failing game (what failed is kept aside)."""


def _chooser(seed: int) -> random.Random:
    """The generator of the move choices of game ``seed``: uniformly random legal moves."""
    return random.Random(f"hartenjagen/check/{seed}")


def _uniform(chooser: random.Random) -> Pick:
    """Pick uniformly random legal moves with ``chooser``."""
    return lambda listed: listed[chooser.randrange(len(listed))]


def _shrunk(checker: Checker, first_seed: int, seed: int, found: Found) -> tuple[int, Found]:
    """The smallest failing game hypothesis finds near the failing game ``seed`` (fewest moves, then seed).

    The inner hypothesis test draws a seed (the failing one first, then
    those from ``first_seed`` on) and, at every move with a choice, which
    legal move to play; games are cut at the length of the failing game.
    Hypothesis generates games until one fails, then shrinks the draws:
    fewer moves, earlier moves in the list, earlier seeds. Every state gets
    every check but the JSON round trip, a replay of the game so far that at
    every state would cost more than all the other checks together: every
    state gets it when the failing game failed there, else a quarter of the
    states, as in the first search. The search stops after about
    `_SHRINK_MOVES` moves in all, or `_SHRINK_PATIENCE` games without a
    smaller failing one; if it finds no
    failing game, the failing game ``seed`` is the answer.
    """
    best = _Best(seed, found)
    if found[1].startswith("the game did not end") or len(found[0]) <= 1:
        return best.seed, best.found
    checker.json_every_state = checker.json_failed
    seeds = list(dict.fromkeys([seed, *range(first_seed, first_seed + _SHRINK_SEEDS)]))
    limit = len(found[0])

    def game(data: st.DataObject) -> None:
        if best.spent():
            raise _Stop  # not an Exception: hypothesis lets it through at once
        drawn = data.draw(st.sampled_from(seeds))
        if not data.draw(st.booleans()):
            # Hypothesis tries the simplest draws first, here the first legal move throughout: a game
            # that shrinks no further. Passing on it sets hypothesis to generate random games instead.
            return

        def pick(listed: Sequence[Move]) -> Move:
            return listed[data.draw(st.integers(0, len(listed) - 1))] if len(listed) > 1 else listed[0]

        outcome = checker.run(drawn, pick, 1.0, limit)
        best.moves += len(outcome[0]) + 1 if outcome is not None else limit + 1
        if outcome is None or outcome[1].startswith("the game did not end"):
            best.tries += 1
            return
        best.offer(drawn, outcome)
        raise _Found

    def search() -> None:
        _SEARCH(given(st.data())(game))()

    # _Found, or hypothesis's report of it (or of a replay cut short by the budget): the best game is kept aside.
    with contextlib.suppress(Exception, _Stop):
        if currently_in_test_context():
            _in_a_thread(search)  # hypothesis tests do not nest, and check_rules may run inside one of yours
        else:
            search()
    return best.seed, best.found


def _in_a_thread(function: Callable[[], None]) -> None:
    """Call ``function`` in a thread of its own (hypothesis keeps its test context per thread); raise what it raises."""
    raised: list[BaseException] = []

    def run() -> None:
        try:
            function()
        except BaseException as error:  # handed to the caller's thread
            raised.append(error)

    thread = threading.Thread(target=run, name="hartenjagen.testing.check_rules")
    thread.start()
    thread.join()
    if raised:
        raise raised[0]


#: What [`check_rules`][hartenjagen.testing.check_rules] calls after each game:
#: ``progress(done, games, moves)``, the games checked so far, the games in all and the moves of the last one.
Progress = Callable[[int, int, int], object]


def check_rules(
    rules: Rules | Preset,
    *,
    games: int = 20,
    seed: int = 0,
    max_moves: int | None = None,
    progress: bool | Progress = False,
) -> None:
    """Play ``games`` random games under ``rules`` and check, step by step, what must hold under any rules.

    ``rules`` is a [`Rules`][hartenjagen.rules.Rules] value (a preset's, or a
    composition of your own, with rule modules of your own) or a
    [`Preset`][hartenjagen.variants.Preset]. Game ``i`` is dealt from seed ``seed + i``; moves are
    uniformly random legal moves. Checked (sources §3, the parts that do not
    depend on which modules are used):

    - conservation: every card of the pack is in exactly one place;
    - hand sizes: a hand's worth after the deal and the exchange, one card fewer per trick;
    - the exchange: the cards received are the cards given;
    - a legal move exists until the game ends, and then none; every legal play is
      a card in the hand of the seat to move, of the suit led if it holds that suit;
    - every listed move (a sample of the passes) passes ``explain`` and ``is_legal`` and
      is taken by ``apply``; moves not listed (a wrong seat, a card not held, wrong
      counts, the wrong phase, objects that are no move) are refused by ``explain``,
      ``is_legal`` and ``apply`` alike, with the same [`IllegalMoveCode`][hartenjagen.errors.IllegalMoveCode]
      (under a revoke penalty, a play refused by a rule voids the hand instead);
    - ``apply`` and ``step`` agree and never change the state given (compared as pickles);
    - tricks: one card per seat in turn from the leader, won by the card the
      ``trick_winner`` module names (with the built-in one, always one of the suit
      led, and the highest of the suit led when no two cards of it are identical;
      the ``duplicates`` module chooses among identical ones), the winner leads next and
      captures the cards; a hand has as many tricks as cards in a hand;
    - hearts, once broken, stay broken until the next deal;
    - the score sheet: one line per hand, totals that add up, card points that are
      what the scoring's ``points_of`` gives for the cards captured, the shooter
      the ``moon`` module names for the hand (none where the ending says the moon
      does not count), and a moon choice of exactly the module's options;
    - the game ends only between hands, has winners, who share one total, and then
      takes no move;
    - views leak nothing: a seat's view does not change when cards hidden from it
      move between other seats, nor with the seed;
    - states, views and the rules read back from JSON (when every module of the
      rules can be saved: an attrs class at the top level of a module is, with no
      registration; [`hartenjagen.frontend.serialize.register`][hartenjagen.frontend.serialize.register]
      gives another class a short name);
    - every game ends within ``max_moves`` moves (default: about 200 hands), and
      replaying its seed and moves gives the same final state;
    - explicit chance: the same moves in ``new_game(rules, chance="explicit")``,
      each chance node answered with the outcome the seed drew (deals card by
      card in even games, whole in odd ones), give the same states (but for the
      seed) and the same events; at every chance node ``chance_outcomes`` lists
      the drawn outcome with probabilities that add up to 1, and moves and
      outcomes of another kind are refused;
    - before any game, what modules declare about their hooks: a scoring's
      ``point_cards`` (``points_of`` of random captures equals ``points_of`` of
      their declared cards alone) and a moon's ``needed_cards`` (on random
      hands, ``shooter`` names no one unless one seat took every declared
      card, and where one did, ``shooter`` and ``settle`` answer the same in a
      hand whose tricks and other cards differ but whose declared inputs do
      not): the playout kernel relies on them.

    A game takes from about a second (the standard game, compiled core) to
    several (long games, six seats, the interpreted core). With
    ``progress=True`` a line goes to standard error after each game (``game 3
    of 20 (seed 2): 512 moves checked, 0.9 s``) and when a failing game is
    being shrunk; or give a function, called after each game as
    ``progress(done, games, moves)``.

    The costlier checks run on a sample of the states. On the first failure
    hypothesis shrinks the game (deterministically: no example database, no
    randomness of its own) to a short counterexample: the same game and the
    other seeds from ``seed`` on, with other move choices, every check on every
    state. It raises [`RulesCheckFailed`][hartenjagen.testing.RulesCheckFailed] with the rules, the seed
    and the moves up to the failure. An example, with a house rule that forgets
    that the Q♠ is not always in the hand:

    ```pycon
    >>> import attrs
    >>> from hartenjagen import rules, testing, variants
    >>> from hartenjagen.cards import Card
    >>> @attrs.frozen
    ... class AlwaysTheQueen(rules.HouseRule):
    ...     def playable(self, context):
    ...         return {Card.parse("QS")}  # wrong: nothing is left when the Q♠ may not be played
    >>> testing.check_rules(variants.STANDARD, games=2)  # the standard game passes
    >>> testing.check_rules(attrs.evolve(variants.STANDARD, extras=(AlwaysTheQueen(),)), games=2)
    Traceback (most recent call last):
    ...
    hartenjagen.testing.RulesCheckFailed: check_rules: ... left no card to play ...
    ...

    ```
    """
    rules = _rules_argument(rules)
    check_keyword("games", games, int, "a whole number")
    check_keyword("seed", seed, int, "a whole number")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    cap = default_max_moves(rules) if max_moves is None else _max_moves(max_moves, rules)
    report = _reporter(progress, games)
    try:
        checker = Checker(rules)
    except Failure as failure:
        raise RulesCheckFailed(rules, seed, seed % rules.players, (), str(failure), False) from None
    problem = declaration_problem(rules, seed)
    if problem is not None:
        raise RulesCheckFailed(rules, seed, seed % rules.players, (), problem, False)
    for done, game_seed in enumerate(range(seed, seed + games), start=1):
        began = time.perf_counter()
        found = checker.run(game_seed, _uniform(_chooser(game_seed)), 0.15, cap)
        if found is not None:
            report.failed(done, game_seed, len(found[0]))
            best_seed, (moves_, problem, in_move) = _shrunk(checker, seed, game_seed, found)
            raise RulesCheckFailed(rules, best_seed, best_seed % rules.players, moves_, problem, in_move)
        report.passed(done, game_seed, checker.moves, time.perf_counter() - began)


def _max_moves(value: int, rules: Rules) -> int:
    """``max_moves`` once checked: no game of ``rules`` ends in fewer moves than one hand's plays."""
    checked = checked_max_moves(value)
    assert checked is not None
    plays = len(rules.deck.pack())
    if checked < plays:
        # Fewer moves than one hand's plays would fail every game: the argument is wrong, not the rules.
        raise ValueError(
            f"max_moves must be at least {plays} (no game of these rules ends sooner: a hand has"
            f" {plays} plays), not {checked}"
        )
    return checked


class _Reporter:
    """What ``progress=`` asks for after each game: nothing, a line on standard error, or a call."""

    def __init__(self, call: Progress | None, games: int) -> None:
        self.call = call
        self.games = games

    def passed(self, done: int, seed: int, moves: int, seconds: float) -> None:
        if self.call is not None:
            self.call(done, self.games, moves)

    def failed(self, done: int, seed: int, moves: int) -> None:
        pass


class _Printer(_Reporter):
    def passed(self, done: int, seed: int, moves: int, seconds: float) -> None:
        print(
            f"check_rules: game {done} of {self.games} (seed {seed}): {moves:,} moves checked, {seconds:.1f} s",
            file=sys.stderr,
            flush=True,
        )

    def failed(self, done: int, seed: int, moves: int) -> None:
        print(
            f"check_rules: game {done} of {self.games} (seed {seed}) failed after {moves:,} moves;"
            " shrinking it (up to about 3,000 moves more)",
            file=sys.stderr,
            flush=True,
        )


def _reporter(progress: object, games: int) -> _Reporter:
    if progress is True:
        return _Printer(None, games)
    if progress is False or progress is None:
        return _Reporter(None, games)
    if callable(progress):
        return _Reporter(cast(Progress, progress), games)
    raise TypeError(
        f"progress must be True, False or a function progress(done, games, moves), not {progress!r}"
    )


def _rules_argument(value: object) -> Rules:
    """The rules to check: a ``Rules`` value, or a preset's."""
    if isinstance(value, Preset):
        return value.rules
    if isinstance(value, Rules):
        return value
    hint = f" (a preset by name: hartenjagen.variants.preset({value!r}))" if isinstance(value, str) else ""
    raise TypeError(f"check_rules needs a Rules value or a Preset, not {value!r}{hint}")
