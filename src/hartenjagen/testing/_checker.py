"""The checks of `check_rules` on a state, and the game loop that runs them (the move checks: `_move_checks`)."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

from hartenjagen.cards import ALL_CARDS, AnyCard, led_suit
from hartenjagen.core import (  # typed object: checks any value
    State,
    StateFields,
    Table,
    apply,
    bits,
    explain,
    is_legal,
    replace,
    table_for,
)
from hartenjagen.engine import legal_moves, new_game
from hartenjagen.errors import IllegalMoveCode, IllegalMoveError
from hartenjagen.frontend.notation import format_move
from hartenjagen.frontend.serialize import FormatError, dumps, loads
from hartenjagen.frontend.views import public_view, view
from hartenjagen.moves import Announce, MoonChoice, MoonOption, Move, Pass, Play
from hartenjagen.rules import Rules
from hartenjagen.rules.extras import widening_cards
from hartenjagen.rules.jokers import suit_in_play
from hartenjagen.rules.teams import standings
from hartenjagen.testing._common import FOREIGN
from hartenjagen.testing._move_checks import Failure, MoveChecks
from hartenjagen.testing._probe import Contract
from hartenjagen.testing._twin import Grain, TwinMismatch, replay_explicitly
from hartenjagen.values import Phase


def _generators(seed: int, count: int) -> Probe:
    """The generators of the checks of the state after ``count`` moves of game ``seed``, by check."""
    return lambda name: random.Random(f"hartenjagen/check/{seed}/{count}/{name}")


def _names(table: Table, mask: int) -> str:
    return " ".join(str(card) for card in table.any_cards(mask)) or "none"


#: The refusals that are about the move itself, not a rule of play: under a revoke penalty every
#: other refusal of a play (any rule's, with a code of the library or of a module) voids the hand.
_NOT_A_RULE: Final = frozenset(
    {
        IllegalMoveCode.NOT_A_MOVE,
        IllegalMoveCode.GAME_OVER,
        IllegalMoveCode.WRONG_PHASE,
        IllegalMoveCode.NO_SUCH_SEAT,
        IllegalMoveCode.NOT_YOUR_TURN,
        IllegalMoveCode.ALREADY_PASSED,
        IllegalMoveCode.WRONG_PASS_COUNT,
        IllegalMoveCode.DUPLICATE_CARD,
        IllegalMoveCode.CARD_NOT_IN_HAND,
        IllegalMoveCode.PASS_NOT_ALLOWED,
        IllegalMoveCode.NOT_AN_OPTION,
        IllegalMoveCode.WRONG_OUTCOME,
        IllegalMoveCode.IMPOSSIBLE_OUTCOME,
    }
)
#: How a game picks its next move from the legal moves listed.
Pick = Callable[[Sequence[Move]], Move]
#: A random number generator for one check of one state, by the check's name.
Probe = Callable[[str], random.Random]
#: A failed game: the moves up to the failure, the problem, whether it showed in the last move.
Found = tuple[list[Move], str, bool]


class _Snapshot:
    """A state's bytes (pickle), or a deep copy when something in it cannot be pickled."""

    def __init__(self, state: State) -> None:
        self.data: bytes | None
        try:
            self.data = pickle.dumps(state)
            self.copy: State | None = None
        except Exception:
            self.data = None
            self.copy = copy.deepcopy(state)

    def same(self, state: State) -> bool:
        if self.data is not None:
            return pickle.dumps(state) == self.data
        return state == self.copy


def _hide_differently(state: State, f: StateFields, seat: int, rng: random.Random) -> State:
    """``state`` with cards hidden from ``seat`` swapped between two other seats (hands and chosen passes).

    Under a deck that draws to follow, a card changes places only with one of its suit, and a card drawn
    stays drawn by the seat that holds it: who drew in which trick is public (`PlayerView.draws`).
    """
    others = [s for s in range(state.players) if s != seat]
    hands = list(f.hand_masks)
    passed = list(f.passed_masks)
    table = f.table
    follow = table.follow_draws
    drawn = list(f.drawn)

    def partner(a: int, pool: int) -> int:
        """A card of ``pool`` to swap with ``a`` (-1: none): any, or one of its suit under a deck that draws to follow."""
        if follow:
            pool &= table.suit_masks[table.suit_of[a]]
        return rng.choice(bits(pool)) if pool else -1

    def swap(a: int, b: int) -> None:
        drawn[:] = [b if p == a else a if p == b else p for p in drawn]

    for _ in range(rng.randint(1, 6)):
        x, y = rng.sample(others, 2)
        held_x = bits(hands[x] | passed[x])
        if not held_x or not hands[y] | passed[y]:
            continue
        p = rng.choice(held_x)
        q = partner(p, hands[y] | passed[y])
        if q < 0:
            continue
        a, b = 1 << p, 1 << q
        swap(p, q)
        for pile in (hands, passed):
            a_here, b_here = pile[x] & a, pile[y] & b
            pile[x] = pile[x] & ~a_here | (b if a_here else 0)
            pile[y] = pile[y] & ~b_here | (a if b_here else 0)
    # An unseen widow or stock card changes places with a hidden card.
    unseen = state.stock if state.stock else state.widow if state.widow_taker != seat else ()
    if unseen:
        widow = 0
        for card in unseen:
            widow |= 1 << card.index  # a widow or a stock is of one pack (`rules.undealt`)
        y = rng.choice(others)
        if hands[y]:
            p = rng.choice(bits(widow))
            q = partner(p, hands[y])
            if q >= 0:
                swap(p, q)
                hands[y] = hands[y] & ~(1 << q) | 1 << p
    if follow:
        return replace(state, hand_masks=tuple(hands), passed_masks=tuple(passed), drawn=tuple(drawn))
    return replace(state, hand_masks=tuple(hands), passed_masks=tuple(passed))


class Checker(MoveChecks):
    """The invariants of sources §3 that hold under any rules, checked on the games of one ruleset.

    What a rule module decides is asked of the module itself (through `Contract`), never read off its class.
    """

    def __init__(self, rules_value: Rules) -> None:
        self.rules = rules_value
        #: the moves of the last game `run` played
        self.moves = 0
        self.table = table = table_for(rules_value)
        self.widened = widening_cards(rules_value)
        self.contract = Contract(rules_value)
        #: the announcement choices the rules declare, and one no rule offers
        self.choice_words = (*(w for e in rules_value.extras for w in e.all_choices(rules_value)), "XX")
        self._fields = {}
        self.n = rules_value.players
        self.pack = Counter(table.card_of[p] for p in table.pack)  # jokers too
        self.hand_size = table.hand_size
        self.tricks_per_hand = table.tricks
        #: the tricks after which every seat draws from the stock (0: no stock)
        self.draw_rounds = (len(table.pack) - table.dealt_count) // self.n if table.draw_orders[0] else 0
        #: a deck that draws to follow suit (Domino Hearts): seats draw mid-trick and drop out, as the deck says
        self.follow = rules_value.deck.draws_to_follow() is True
        self.stock_to_last = self.follow and rules_value.deck.stock_to_last() is True
        self.revoke = self.contract.revoke_penalty() is not None
        self.thorough = False
        #: a thorough run round-trips every state through JSON (else a quarter of the states checked in full)
        self.json_every_state = True
        #: whether the last game's failure came from a JSON round trip
        self.json_failed = False
        try:
            self.json = loads(dumps(rules_value)) == rules_value
        except FormatError:
            self.json = False  # a module of your own that is not registered: nothing to save
        if not self.json:
            try:
                dumps(rules_value)
            except FormatError:
                pass
            else:
                raise Failure("the rules do not read back from JSON: loads(dumps(rules)) != rules")

    # ---- one game

    def run(self, seed: int, pick: Pick, full_rate: float, cap: int) -> Found | None:
        """Play one game, its moves chosen by ``pick``; ``None`` if every check holds, else what failed.

        ``full_rate`` is the share of the states that get every check (the
        first four always do); each check of a state draws from its own
        generator, so a state checked in full gets the same draws as when
        sampled, and more.
        """
        sampler = random.Random(f"hartenjagen/check/{seed}/sample")
        moves_: list[Move] = []
        self.thorough = full_rate >= 1
        self.json_failed = False
        self.new_deal()
        in_move = False
        try:
            state = new_game(self.rules, seed=seed, dealer=seed % self.n)
            while True:
                full = full_rate >= 1 or len(moves_) < 4 or sampler.random() < full_rate
                probe = _generators(seed, len(moves_))
                snapshot = _Snapshot(state) if full else None
                listed = self.check_state(state, full, probe)
                if state.is_over or len(moves_) >= cap:
                    if snapshot is not None and not snapshot.same(state):
                        raise Failure("apply changed the state it was given (by a listed or a refused move)")
                    if state.is_over:
                        break
                    return moves_, f"the game did not end within {cap} moves", False
                move = pick(listed)
                moves_.append(move)
                in_move = True
                after = self.check_move(state, move)
                if snapshot is not None and not snapshot.same(state):
                    raise Failure(
                        "apply changed the state it was given (by this move, or a listed or refused one)"
                    )
                state = after
                in_move = False
            replayed = new_game(self.rules, seed=seed, dealer=seed % self.n)
            for move in moves_:
                replayed = apply(replayed, move)
            if replayed != state:
                raise Failure("replaying the same seed and moves gives another final state")
            try:
                grain: Grain = "whole" if seed % 2 else "cards"
                replay_explicitly(self.rules, seed, moves_, dealer=seed % self.n, grain=grain)
            except TwinMismatch as mismatch:
                raise Failure(f"with explicit chance (given the seed's outcomes): {mismatch}") from None
        except Failure as failure:
            return moves_, str(failure), in_move
        except Exception as error:
            where = "while the last move was applied or checked" if in_move else "while the state was checked"
            return moves_, f"{type(error).__name__} raised {where}: {error}", in_move
        finally:
            self.moves = len(moves_)
        return None

    # ---- a state

    def check_state(self, state: State, full: bool, probe: Probe) -> Sequence[Move]:
        n = self.n
        phase = state.phase
        if state.is_over != (phase is Phase.GAME_OVER):
            raise Failure("is_over disagrees with the phase")
        self.check_conservation(state)
        listed = legal_moves(state)
        to_move = state.to_move
        if state.is_over:
            if len(listed) or to_move:
                raise Failure("a finished game still lists moves or seats to move")
            self.check_finished(state)
            # Once per game: every check on the final state.
            self.check_refused(state, listed, probe("refused"), True)
            self.check_views(state, listed, probe("views"))
            self.check_json(state)
            return listed
        if state.winners:
            raise Failure(f"the game is not over, but it has winners {state.winners}")
        if not len(listed):
            raise Failure(f"no legal move in phase {phase.value}, and the game is not over")
        if not to_move:
            raise Failure(f"no seat is to move in phase {phase.value}, and the game is not over")
        sizes = [mask.bit_count() for mask in self.fields_of(state).hand_masks]
        if phase is Phase.PASSING:
            self.check_passing(state, sizes)
        elif phase is Phase.ANNOUNCING:
            if sizes != [self.hand_size] * n:
                raise Failure(f"hand sizes {sizes} in the announcements, not {self.hand_size} each")
        elif phase is Phase.MOON_CHOICE:
            if any(sizes):
                raise Failure("cards left in hand when the shooter chooses")
            offered = {MoonChoice(seat, option) for seat in to_move for option in self.rules.moon.options()}
            if len(to_move) != 1 or set(listed) != offered:
                raise Failure(
                    f"the shooter's moves {list(listed)} are not the moon module's options {offered}"
                )
        else:
            self.check_playing(state, listed, sizes)
        for move in self.sample(listed, probe("seats"), everything=phase is not Phase.PASSING):
            if move.seat not in to_move:
                raise Failure(f"the legal move {format_move(move)} is by a seat not to move {to_move}")
        if full:
            self.check_listed(state, listed, probe("listed"))
            self.check_refused(state, listed, probe("refused"), full)
            self.check_views(state, listed, probe("views"))
            if (self.thorough and self.json_every_state) or probe("json").random() < 0.25:
                self.check_json(state)
        else:
            self.check_refused(state, listed, probe("refused"), full)
        return listed

    def _physical(self, cards: tuple[AnyCard, ...]) -> int:
        """A mask of physical copies of ``cards`` (the lowest copy of each; a widow is of one pack)."""
        mask = 0
        for card in cards:
            free = self.table.bits_of[card.index] & ~mask
            mask |= free & -free
        return mask

    def check_conservation(self, state: State) -> None:
        """sources §3.1: every physical card is in exactly one place."""
        table = self.table
        places = [
            *(("a hand", mask) for mask in self.fields_of(state).hand_masks),
            *(("the cards chosen to pass", mask) for mask in self.fields_of(state).passed_masks),
            ("the trick", sum(1 << p for p in self.fields_of(state).trick_cards)),
            *(("a pile of captured cards", mask) for mask in self.fields_of(state).taken_masks),
            ("the carry-over pile", self.fields_of(state).carry),
            ("the widow", self._physical(state.widow)),
            ("the stock", self._physical(state.stock)),
        ]
        seen = 0
        for where, mask in places:
            twice = seen & mask
            if twice:
                raise Failure(f"conservation: {_names(table, twice)} in {where} and somewhere else as well")
            seen |= mask
        if seen != table.pack_mask:
            raise Failure(
                f"conservation: the cards in play are not the pack (missing: {_names(table, table.pack_mask & ~seen)}, "
                f"not in the pack: {_names(table, seen & ~table.pack_mask)})"
            )
        if len(self.fields_of(state).trick_cards) != len(set(self.fields_of(state).trick_cards)):
            raise Failure("a card is twice in the trick")

    def check_passing(self, state: State, sizes: list[int]) -> None:
        """sources §3.2-3: each seat holds a hand's worth, less the cards it has chosen to pass."""
        count = state.pass_count
        givers = self.contract.givers(state.pass_stage, state.pass_direction, state.dealer)
        pending = state.to_move
        if not set(pending) <= set(givers):
            raise Failure(f"seats {pending} are to pass, but the givers are {givers}")
        for seat in range(self.n):
            chosen = self.fields_of(state).passed_masks[seat].bit_count()
            expected = count if seat in givers and seat not in pending else 0
            if chosen != expected:
                raise Failure(f"seat {seat} has {chosen} cards chosen to pass, not {expected}")
            if sizes[seat] + chosen != self.hand_size:
                raise Failure(
                    f"seat {seat} holds {sizes[seat]} + {chosen} chosen cards while passing, not {self.hand_size}"
                )

    def check_playing(self, state: State, listed: Sequence[Move], sizes: list[int]) -> None:
        """sources §3.2, §3.4-3.6: hand sizes, legal plays held, follow suit, the order of play."""
        table = self.table
        n = self.n
        (seat,) = state.to_move
        trick = self.fields_of(state).trick_cards
        due = self.next_in_trick(state) if self.follow else (state.trick_leader + len(trick)) % n
        if seat != due:
            raise Failure(f"seat {seat} is to play out of turn, not seat {due}")
        played = {(state.trick_leader + i) % n for i in range(len(trick))}
        done = len(state.tricks)
        expected = [self.hand_size + min(done, self.draw_rounds) - done - (s in played) for s in range(n)]
        if self.follow:  # each seat holds what it was dealt and drew, less what it played
            plays = Counter(play.seat for t in state.tricks for play in t.plays)
            plays.update(play.seat for play in state.trick)
            expected = [self.hand_size + self.drawn[s] - plays[s] for s in range(n)]
        if sizes != expected:
            raise Failure(f"hand sizes {sizes} during trick {len(state.tricks) + 1}, not {expected}")
        hand = self.fields_of(state).hand_masks[seat]
        # The suit led is the first card's that is not a joker: a led joker lets the next card set it.
        led = led_suit([table.card_of[p] for p in trick], table.joker_suits)
        follow = hand & table.suit_masks[led] if led is not None else 0
        for move in listed:
            if type(move) is not Play:
                raise Failure(f"{move!r} is listed while a card is to be played")
            assert isinstance(move, Play)
            if move.seat != seat:
                raise Failure(f"{format_move(move)} is listed, but seat {seat} is to play")
            if not hand & table.bits_of[move.card.index]:
                raise Failure(f"{format_move(move)} is listed, but seat {seat} does not hold the {move.card}")
            if follow and move.card not in self.widened:  # a declared widening card may be played at any time
                assert led is not None  # follow is empty without a suit led
                if suit_in_play(move.card, table.joker_suits) is not led:
                    raise Failure(
                        f"{format_move(move)} is listed, but seat {seat} holds {led.name.lower()}, the suit led"
                    )

    def check_finished(self, state: State) -> None:
        """sources §3.14: a finished game has winners, who share one total, and takes no move."""
        winners = state.winners
        n = self.n
        if not winners:
            raise Failure("the game is over without winners")
        if not (len(set(winners)) == len(winners) and all(0 <= s < n for s in winners)):
            raise Failure(f"the winners {winners} are not distinct seats")
        judged = standings(self.rules, state.scores)  # with teams, a seat stands on its team's total
        totals = {judged[s] for s in winners}
        if len(totals) != 1:
            raise Failure(f"the winners {winners} have different totals {state.scores}")
        if tuple(winners) != self.contract.winners(state.scores, state.score_sheet):
            raise Failure(f"the winners {winners} are not those the ending names for totals {state.scores}")
        if not state.score_sheet:
            raise Failure("the game is over before any hand was scored")

    def sample(self, listed: Sequence[Move], probe: random.Random, *, everything: bool) -> list[Move]:
        size = len(listed)
        if everything or size <= 6:
            return list(listed)
        return [listed[0], listed[size - 1], *(listed[probe.randrange(size)] for _ in range(3))]

    def check_listed(self, state: State, listed: Sequence[Move], probe: random.Random) -> None:
        """Every listed move is legal by explain and is_legal, and apply takes it without changing the state."""
        for move in self.sample(listed, probe, everything=state.phase is not Phase.PASSING):
            reason = explain(state, move)
            if reason is not None:
                raise Failure(f"{format_move(move)} is listed as legal, but explain says: {reason!r}")
            if not is_legal(state, move):
                raise Failure(f"{format_move(move)} is listed as legal, but is_legal says no")
            try:
                apply(state, move)
            except IllegalMoveError as error:
                raise Failure(
                    f"{format_move(move)} is listed as legal, but apply refuses it: {error}"
                ) from None

    def refused_candidates(self, state: State, probe: random.Random, full: bool) -> list[object]:
        """Moves to try that may well be illegal: wrong seat, card not held, wrong counts, wrong phase, not a move."""
        n = self.n
        to_move = state.to_move or (0,)
        seat = to_move[0]
        other = probe.choice([s for s in range(n) if s not in to_move] or [(seat + 1) % n])
        hand = list(self.table.any_cards(self.fields_of(state).hand_masks[seat]))
        card = probe.choice(ALL_CARDS)
        held = probe.choice(hand) if hand else card
        count = state.pass_count
        out: list[object] = [Play(seat, card)]
        if state.phase is Phase.PLAYING:
            out += [Play(seat, c) for c in hand] if full else [Play(seat, held)]
        if not full:
            return out
        out += [
            Play(other, held),
            Play(n, held),
            Play(-1, held),
            Pass(seat, hand[: count + 1]),
            Pass(seat, hand[: max(0, count - 1)]),
            Pass(seat, [held] * max(count, 2)),
            Pass(other, self.table.any_cards(self.fields_of(state).hand_masks[other])[:count]),
            Pass(seat, [card, *hand[: max(0, count - 1)]]),
            Announce(seat, probe.random() < 0.5),
            Announce(other, True),
            # a rule's own choices (declared, or one no rule offers), for this seat and another
            *[Announce(who, True, word) for who in (seat, other) for word in self.choice_words],
            MoonChoice(seat, probe.choice(list(MoonOption))),
            MoonChoice(other, MoonOption.OTHERS_PLUS),
            probe.choice(FOREIGN),
        ]
        return out

    def check_refused(self, state: State, listed: Sequence[Move], probe: random.Random, full: bool) -> None:
        """A move is legal (explain, is_legal) exactly when listed; apply refuses the others with that code."""
        for move in self.refused_candidates(state, probe, full):
            is_listed = move in listed
            reason = explain(state, move)
            if is_listed and reason is None:
                continue
            shown = format_move(move) if isinstance(move, Play | Pass | Announce | MoonChoice) else repr(move)
            if (reason is None) != is_listed:
                raise Failure(
                    f"{shown}: explain says {'legal' if reason is None else repr(reason)}, "
                    f"but legal_moves {'lists' if is_listed else 'does not list'} it"
                )
            if is_legal(state, move) != is_listed:
                raise Failure(f"{shown}: is_legal disagrees with legal_moves")
            if reason is None:
                continue
            if not (
                isinstance(reason.code, IllegalMoveCode) or (isinstance(reason.code, str) and reason.code)
            ):
                raise Failure(f"{shown}: the refusal has no code (an IllegalMoveCode or a module's own text)")
            by_a_rule = type(move) is Play and reason.code not in _NOT_A_RULE
            if reason.revocable != by_a_rule:
                raise Failure(
                    f"{shown}: the refusal ({reason.code}) says revocable={reason.revocable}, but a rule of play"
                    f" {'did' if by_a_rule else 'did not'} refuse it"
                )
            voids = self.revoke and reason.revocable
            try:
                after = apply(state, move)
            except IllegalMoveError as error:
                if voids:
                    problem = (
                        f"{shown} is a revoke, which the revoke penalty should accept, but apply refuses it"
                    )
                    raise Failure(problem) from None
                if error.code != reason.code:
                    problem = f"{shown}: apply refuses it with {error.code}, but explain gives {reason.code}"
                    raise Failure(problem) from None
                continue
            if not voids:
                raise Failure(f"{shown} is refused by explain ({reason.message}), but apply accepts it")
            assert isinstance(move, Play)
            sheet = after.score_sheet
            if not (len(sheet) == len(state.score_sheet) + 1 and sheet[-1].revoke == move.seat):
                raise Failure(f"{shown}: the revoke did not void the hand with a line for seat {move.seat}")
            if any(sheet[-1].raw):
                raise Failure(f"{shown}: a voided hand scores card points {sheet[-1].raw}")

    def check_views(self, state: State, listed: Sequence[Move], probe: random.Random) -> None:
        """Views leak nothing: cards hidden from a seat, and the seed, do not change its view."""
        seat = probe.randrange(self.n)
        seen = view(state, seat)
        if seen.hand != state.hands[seat]:
            raise Failure(f"the view of seat {seat} shows another hand")
        if seat in state.to_move and state.phase is not Phase.PASSING and seen.legal_moves != tuple(listed):
            raise Failure(f"the view of seat {seat} lists other legal moves")
        spectator = public_view(state)
        reseeded = replace(state, seed=self.fields_of(state).seed + 1)
        if view(reseeded, seat) != seen:
            raise Failure(f"the view of seat {seat} changes with the seed")
        if self.n >= 3:
            altered = _hide_differently(state, self.fields_of(state), seat, probe)
            if view(altered, seat) != seen:
                raise Failure(
                    f"the view of seat {seat} changes when cards hidden from it move between other seats"
                )
            if public_view(altered) != spectator:
                raise Failure("the spectator's view changes with hidden cards")

    def check_json(self, state: State) -> None:
        """JSON round trips: a state, and one seat's view."""
        if not self.json:
            return
        try:
            if loads(dumps(state)) != state:
                raise Failure("the state does not read back from JSON: loads(dumps(state)) != state")
            seen = view(state, state.to_move[0] if state.to_move else 0)
            if loads(dumps(seen)) != seen:
                raise Failure("a view does not read back from JSON")
        except BaseException:
            self.json_failed = True
            raise
