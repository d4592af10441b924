"""The sampling bot: determinized Monte Carlo over the kernel's fast playouts.

[`SamplingBot`][hartenjagen.bots.SamplingBot] is re-exported by [`hartenjagen.bots`][hartenjagen.bots];
import it from there.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence
from functools import reduce
from operator import add, mul
from typing import Final

from hartenjagen.bots._heuristic_facts import card_values, points_sign
from hartenjagen.bots._trick_plays import trick_plays
from hartenjagen.bots.base import BotError, seat_to_move
from hartenjagen.bots.determinize import DeterminizeError, Determinizer
from hartenjagen.bots.heuristic import BIG, HeuristicBot
from hartenjagen.cards import CARD_COUNT, AnyCard, Joker
from hartenjagen.core import Draws, PassMoves, State, greedy_playout, hand_masks, table_for, table_of
from hartenjagen.engine import apply, legal_moves
from hartenjagen.errors import IllegalMoveError
from hartenjagen.frontend.views import PlayerView
from hartenjagen.moves import Move, Pass
from hartenjagen.playouts import generator, playouts_of
from hartenjagen.rollout import rollout
from hartenjagen.rules.extras import voids_shown, widening_cards
from hartenjagen.rules.jokers import joker_roles, joker_suits
from hartenjagen.values import Phase

__all__ = ["PLAYOUTS", "WORLDS", "SamplingBot", "kept_big"]

#: How [`SamplingBot`][hartenjagen.bots.SamplingBot] plays a sampled deal out: uniformly at random, or with fast card sense.
PLAYOUTS: Final = ("greedy", "random")
#: Deals per decision when neither ``samples`` nor ``budget_ms`` is given.
DEFAULT_SAMPLES: Final = 64
#: How many points per hand a move must gain over the heuristic's choice to be preferred to it (sampling noise).
TRUST: Final = 0.5
#: Extra cards beyond ``pass_count`` whose passes the bot compares (the heuristic's most dangerous).
PASS_WIDTH: Final = 2
#: How the bot weighs its sampled deals: by how likely the others' plays were in each, or all alike.
WORLDS: Final = ("weighted", "uniform")
#: The weight of a deal, per discard in which a seat kept a big card (the Q♠) it holds there.
KEPT_BIG: Final = 0.25


class SamplingBot:
    """Determinized Monte Carlo: sample the hidden cards, play each move out, keep the best.

    For each sample it deals the cards this seat cannot see at random,
    consistently with its view — shown voids, the cards it passed, the opening
    ([`Determinizer`][hartenjagen.bots.determinize.Determinizer]) — then tries every
    legal move in that deal: apply the move, play the rest of the hand out,
    and score the hand's points as scored (after the moon and house rules) for
    this seat minus the others' mean (where the rules declare teams, the
    team's mean minus the opponents'). The move with the lowest mean wins, unless the
    heuristic's choice is within half a point of it (sampling noise): then the
    heuristic's. Every move is tried on the same
    deals with the same playout seed (common random numbers).

    The pass is sampled too: the candidates are the sets of ``pass_count``
    cards among the heuristic's most dangerous ``pass_count + 2``; in each deal
    the other seats pass their own most dangerous cards and the hand is played
    out. The moon choice hides nothing and is the heuristic's, and so is the
    play once the heuristic runs the moon (this seat holds every point taken
    so far, enough of them, and a higher card than each scoring card still
    out): the playouts' card sense ducks, so they would not find the moon.

    The budget per decision is ``samples`` deals (default 64), or, with
    ``budget_ms``, as many deals as fit in that many milliseconds (at least
    one; a pass gets four times the budget). With ``samples`` and a ``seed``
    the bot is deterministic; with ``budget_ms`` the number of deals depends
    on the machine's speed, so its choices may differ from run to run.
    ``seconds`` is the older spelling of ``budget_ms / 1000``.

    ``playout="greedy"`` (the default) has every seat play the rest of the
    hand with quick card sense (duck under the top card, dump the most
    valuable card when void, lead low; one play in ten at random);
    ``playout="random"`` plays uniformly random moves, which are faster but
    judge high cards badly.

    ``worlds="weighted"`` (the default) weighs each sampled deal by how likely
    the others' plays so far were in it, under a simple model of them: a seat
    that could not follow suit dumps its big penalty card (the Q♠, Black
    Maria's K♠ and A♠) on another seat's trick when it holds one, so a deal in
    which a seat kept such a card through a discard weighs ``KEPT_BIG`` (a
    quarter) per such discard. ``worlds="uniform"`` weighs every deal alike.
    In card play with a fixed ``samples`` count every deal is drawn first and
    all the deals' moves are played out in one call
    ([`playouts_of`][hartenjagen.playouts.playouts_of], the native kernel where
    it is built; each deal's moves on one stream, split off in deal order, so
    the points are those of a call a deal); with ``budget_ms`` a deal at a
    time, so that the clock is read between deals. A pass is played out move
    by move.
    """

    name: str = "sampling"

    def __init__(
        self,
        *,
        seed: int | None = None,
        samples: int | None = None,
        budget_ms: float | None = None,
        seconds: float | None = None,
        playout: str = "greedy",
        worlds: str = "weighted",
    ) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise BotError(f"seed must be a whole number or None, not {seed!r}")
        if playout not in PLAYOUTS:
            raise BotError(f"playout must be one of {', '.join(map(repr, PLAYOUTS))}, not {playout!r}")
        if worlds not in WORLDS:
            raise BotError(f"worlds must be one of {', '.join(map(repr, WORLDS))}, not {worlds!r}")
        if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
            raise BotError(f"samples must be a whole number of at least 1, not {samples!r}")
        for label, number in (("budget_ms", budget_ms), ("seconds", seconds)):
            if number is not None and (
                isinstance(number, bool) or not isinstance(number, int | float) or not number > 0
            ):
                raise BotError(f"{label} must be a positive number or None, not {number!r}")
        if budget_ms is not None and seconds is not None:
            raise BotError("give budget_ms or seconds, not both")
        if seconds is not None:
            budget_ms = 1000.0 * seconds
        if samples is not None and budget_ms is not None:
            raise BotError(
                "give samples (a fixed count, deterministic) or budget_ms (a time budget), not both"
            )
        self.samples = DEFAULT_SAMPLES if samples is None and budget_ms is None else samples
        self.budget_ms = budget_ms
        self.playout = playout
        self.worlds = worlds
        self._rng = random.Random(seed)
        self._heuristic = HeuristicBot(seed=self._rng.getrandbits(64))

    @property
    def seconds(self) -> float | None:
        """The time budget in seconds (``budget_ms / 1000``), or ``None`` with a fixed sample count."""
        return None if self.budget_ms is None else self.budget_ms / 1000.0

    def __repr__(self) -> str:
        budget = f"budget_ms={self.budget_ms}" if self.budget_ms is not None else f"samples={self.samples}"
        return f"SamplingBot({budget}, playout={self.playout!r}, worlds={self.worlds!r})"

    def choose(self, view: PlayerView) -> Move:
        """The move with the lowest mean relative points over the sampled deals."""
        seat = seat_to_move(view)
        if view.phase is Phase.MOON_CHOICE:
            return self._heuristic.choose(view)
        if view.phase is Phase.PASSING:
            moves: list[Move] = self.pass_candidates(view, seat)
            if len(moves) == 1:
                return moves[0]
            scores = self.evaluate(view, seat, moves, scale=4.0)
            return moves[scores.index(min(scores))]
        moves = list(view.legal_moves)
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.PLAYING and HeuristicBot.running(view, seat):
            # A moon the hand can take: the playouts' card sense ducks, so they would not see it.
            return self._heuristic.choose(view)
        scores = self.evaluate(view, seat, moves)
        best = min(scores)
        preferred = self._heuristic.choose(view)
        if preferred in moves and scores[moves.index(preferred)] <= best + TRUST + 1e-9:
            return preferred
        return moves[scores.index(best)]

    def pass_candidates(self, view: PlayerView, seat: int) -> list[Move]:
        """The passes compared: every ``pass_count`` of the heuristic's ``pass_count + 2`` most dangerous cards."""
        danger = self._heuristic.pass_danger(view, seat)
        ranked = sorted(view.pass_options, key=lambda card: -danger[card])
        count = view.pass_count
        top = ranked[: count + PASS_WIDTH]
        seen: set[tuple[AnyCard, ...]] = set()
        candidates: list[Move] = []
        for chosen in itertools.combinations(top, count):
            key = tuple(sorted(chosen))
            if key not in seen:  # two packs: the same cards twice are one pass
                seen.add(key)
                candidates.append(Pass(seat, list(chosen)))
        return candidates

    def evaluate(
        self, view: PlayerView, seat: int, moves: Sequence[Move], *, scale: float = 1.0
    ) -> list[float]:
        """The mean relative points of each move over the sampled deals (lower is better)."""
        seat_to_move(view)
        try:
            return self._evaluate(view, seat, moves, scale)
        except (DeterminizeError, IllegalMoveError) as error:  # a view from outside that no deal fits
            raise BotError(f"no deal of the unseen cards fits the view: {error}") from error

    def _evaluate(self, view: PlayerView, seat: int, moves: Sequence[Move], scale: float) -> list[float]:
        rng = self._rng
        sampler = Determinizer(view)
        totals = [0.0] * len(moves)
        greedy = self.playout == "greedy"
        sign = points_sign(view, seat)
        partners = view.partners  # with teams, a world is scored by the team's result
        budget = self.budget_ms
        deadline = None if budget is None else time.perf_counter() + scale * budget / 1000.0
        target = self.samples if self.samples is not None else 0
        # A later stage of the exchange (pass and return) needs the others' passes; play needs only the hands.
        exchange = view.phase is Phase.PASSING
        draws = generator(rng.getrandbits(64))  # the playouts' generator: a stream per world
        kept = kept_big(view, seat, sign) if self.worlds == "weighted" and not exchange else ()
        if not exchange and deadline is None:
            # A fixed count: deal every world first (the deals draw from ``rng`` alone, in the same order),
            # then play them all out in one batch.
            worlds = sampler.samples(rng, target, exchange=False)
            weights = [_weight(world, kept) if kept else 1.0 for world in worlds]
            self._play_out_all(worlds, weights, seat, moves, totals, draws, sign, partners, sampler)
            return [total / sum(weights) for total in totals]
        weight_sum = 0.0
        done = 0
        passes: dict[
            tuple[int, int, tuple[AnyCard, ...]], Move
        ] = {}  # the sampled seats' passes, by their options
        while True:
            if deadline is None:
                if done >= target:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            world = sampler.sample(rng, exchange=exchange)
            hands = len(world.score_sheet)
            if not exchange:
                weight = _weight(world, kept) if kept else 1.0
                self._play_out(world, seat, moves, totals, draws, sign, weight, partners)
                weight_sum += weight
                done += 1
                continue
            playout = random.Random(rng.getrandbits(64))
            start = playout.getstate()
            for i, move in enumerate(moves):
                state = apply(world, move)
                if len(state.score_sheet) == hands:
                    playout.setstate(start)  # every move on the same playout draws
                    if greedy:
                        state = greedy_rollout(state, playout, sign, passes)
                    else:
                        state = rollout(state, rng=playout, until="hand")
                totals[i] += _relative(state.score_sheet[hands].points, seat, partners)
            weight_sum += 1.0
            done += 1
        return [total / weight_sum for total in totals]

    def _play_out_all(
        self,
        worlds: Sequence[State],
        weights: Sequence[float],
        seat: int,
        moves: Sequence[Move],
        totals: list[float],
        draws: Draws,
        sign: int,
        partners: Sequence[int] = (),
        sampler: Determinizer | None = None,
    ) -> None:
        """`_play_out` for each of ``worlds`` in turn, with one call of `playouts_of` for them all.

        A world's moves that leave the hand open play from one stream, and the
        streams are split off ``draws`` world after world, as one call a world
        would split them: the points, and the sums in ``totals``, are the same.
        When some move ends the hand in some worlds and not in others (so the
        worlds would not share out alike) the worlds are played out one by one.
        """
        if not worlds:
            return
        hands = len(worlds[0].score_sheet)
        # (``sampler``, the worlds' determinizer, applies each move once where they share the plays.)
        after = (
            sampler.moved(worlds, moves)
            if sampler is not None
            else [[apply(world, move) for move in moves] for world in worlds]
        )
        open_moves = [i for i, state in enumerate(after[0]) if len(state.score_sheet) == hands]
        share = len(open_moves)
        if not share or any(
            [i for i, state in enumerate(states) if len(state.score_sheet) == hands] != open_moves
            for states in after
        ):
            for world, weight in zip(worlds, weights, strict=True):
                self._play_out(world, seat, moves, totals, draws, sign, weight, partners)
            return
        batch = [states[i] for states in after for i in open_moves]
        points = playouts_of(batch, rng=draws, policy=self.playout, sign=sign, share=share)
        n = worlds[0].players
        others = n - 1
        ended = [i for i in range(len(moves)) if i not in open_moves]
        at = 0
        if not ended and not partners:  # every move played out, no teams: the usual decision
            # `_relative` of each playout (a playout's points are 64-bit, far inside the clamp), then each
            # move's weighted sum over the worlds in world order: the same floats added in the same order
            # as a loop of `totals[i] += weight * relative` a world, without a Python step a playout.
            played = points.tolist()
            rows = list(map(sum, zip(*[iter(played)] * n, strict=True)))  # each playout's total
            relative = [
                (mine * others - (row - mine)) / others
                for mine, row in zip(played[seat::n], rows, strict=True)
            ]
            count = len(moves)
            for i in range(count):
                totals[i] = reduce(add, map(mul, weights, relative[i::count]), totals[i])
            return
        for states, weight in zip(after, weights, strict=True):
            for i in range(len(moves)):
                if i in ended:
                    totals[i] += weight * _relative(states[i].score_sheet[hands].points, seat, partners)
                elif partners:
                    totals[i] += weight * _relative(points[at : at + n], seat, partners)
                    at += n
                else:  # as above
                    mine = points[at + seat]
                    totals[i] += weight * ((mine * others - (sum(points[at : at + n]) - mine)) / others)
                    at += n

    def _play_out(
        self,
        world: State,
        seat: int,
        moves: Sequence[Move],
        totals: list[float],
        draws: Draws,
        sign: int,
        weight: float = 1.0,
        partners: Sequence[int] = (),
    ) -> None:
        """Add each move's relative points in ``world``, times ``weight``, to ``totals``: one batch of playouts.

        The moves that leave the hand open are played out by `playouts_of` on one
        stream (common random numbers); a move that ends the hand scores as it stands.
        """
        hands = len(world.score_sheet)
        after = [apply(world, move) for move in moves]
        open_hand = [state for state in after if len(state.score_sheet) == hands]
        points = (
            playouts_of(open_hand, rng=draws, policy=self.playout, sign=sign, share=len(open_hand))
            if open_hand
            else None
        )
        n = world.players
        at = 0
        for i, state in enumerate(after):
            if len(state.score_sheet) == hands and points is not None:
                totals[i] += weight * _relative(points[at * n : at * n + n], seat, partners)
                at += 1
            else:
                totals[i] += weight * _relative(state.score_sheet[hands].points, seat, partners)


def kept_big(view: PlayerView, seat: int, sign: int) -> tuple[tuple[int, int], ...]:
    """(seat, physical-copy mask) per discard in which a seat kept a big penalty card it might have held.

    A discard is a play off the led suit by another seat. A big card is one worth
    ``BIG`` points or more (to ``seat``'s sign) that was still out then: not in
    ``seat``'s hand, not yet played, and not the card discarded. A deal in which
    the discarding seat holds it now held it then, and the seat chose to keep it.
    In a hand where taking points is good (``sign`` −1) nobody dumps: none.
    """
    if sign < 0:
        return ()
    table = table_for(view.rules)
    values = card_values(view.rules.scoring)
    bigs = [i for i in range(CARD_COUNT) if values[i] >= BIG]
    if not bigs:
        return ()
    mine = {card.index for card in view.hand}
    played: set[int] = set()
    out: list[tuple[int, int]] = []
    tricks = [trick_plays(trick) for trick in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    widened = widening_cards(view.rules)  # a card a house rule allows at any time shows no void
    jokers = joker_suits(joker_roles(view.rules.deck))  # a joker's suit, if its role gives it one
    for plays in tricks:
        for player, _, card in voids_shown(plays, widened, jokers):
            if player != seat:
                for big in bigs:
                    if (
                        big not in mine
                        and big not in played
                        and big != card.index
                        and values[card.index] < values[big]
                    ):
                        out.append((player, table.bits_of[big]))
        played.update(play.card.index for play in plays)
    return tuple(out)


def _weight(world: State, kept: Sequence[tuple[int, int]]) -> float:
    """``KEPT_BIG`` to the power of the discards in which a seat of ``world`` kept a big card it still holds."""
    masks = hand_masks(world)
    weight = 1.0
    for player, bits in kept:
        if masks[player] & bits:
            weight *= KEPT_BIG
    return weight


def _greedy_pass(
    state: State,
    seat: int,
    values: list[int],
    memo: dict[tuple[int, int, tuple[AnyCard, ...]], Move] | None = None,
) -> Move:
    """A quick pass for a sampled seat: its highest-valued, then highest cards (never a bonus card).

    ``memo`` keeps the passes chosen (for one rules value and sign): the pass is a function of
    the cards the seat may pass alone, and one world is played out once for every pass compared.
    """
    moves = legal_moves(state)
    options = moves.passable(seat) if isinstance(moves, PassMoves) else ()
    count = state.pass_count
    if memo is not None:
        key: tuple[int, int, tuple[AnyCard, ...]] = (seat, count, tuple(options))
        found = memo.get(key)
        if found is None:
            found = memo[key] = _greedy_pass(state, seat, values)
        return found
    ranked: list[AnyCard] = sorted(options, key=lambda card: _pass_rank(card, values), reverse=True)
    return Pass(seat, list(ranked[:count]))


def _pass_rank(card: AnyCard, values: list[int]) -> tuple[bool, bool, int, int]:
    """How readily the greedy pass gives ``card`` away: highest first; a joker (it never wins a trick) last."""
    if isinstance(card, Joker):
        return False, False, 0, 0
    return True, values[card.index] >= 0, values[card.index], card.rank


def greedy_rollout(
    state: State,
    rng: random.Random,
    sign: int,
    memo: dict[tuple[int, int, tuple[AnyCard, ...]], Move] | None = None,
) -> State:
    """Play the hand out with a fast card-sense policy for every seat; the first state after it is scored.

    A seat still to pass passes its highest-valued, then highest cards; the
    play is the compiled kernel's greedy playout
    (`hartenjagen.core.rollout.greedy_playout`): duck under the trick's
    top card with the highest card that loses, win as cheaply as possible,
    dump the most valuable card when void, lead low; one play in ten at random.
    ``memo`` (a dict kept for one rules value and ``sign``) saves choosing the same pass again.
    """
    values: list[int] | None = None
    while state.phase is Phase.PASSING:
        if values is None:
            table = table_of(state)
            values = [sign * value for value in table.values]  # by index: the 52 cards, then the jokers
        state = apply(state, _greedy_pass(state, state.to_move[0], values, memo))
    return greedy_playout(state, rng, sign)


#: Hand scores beyond this are weighed as this (a float holds it; a scoring may give any whole number).
_SCORE_CAP = 1 << 900


def _relative(points: Sequence[int], seat: int, partners: Sequence[int] = ()) -> float:
    """``seat``'s points less the others' average, as a float even for points no float holds.

    With ``partners`` (the seat's team-mates) the team plays as one: the
    average of the team's points less the average of the opponents'.
    """
    # Whole numbers throughout: the others' sum is the total less this seat's (team's), exactly.
    mine = points[seat] + sum(points[partner] for partner in partners)
    team = 1 + len(partners)
    others = len(points) - team
    difference = mine * others - (sum(points) - mine) * team
    return max(-_SCORE_CAP, min(_SCORE_CAP, difference)) / (others * team)
