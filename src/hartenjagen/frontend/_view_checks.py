"""The checks of a view from outside (`hartenjagen.frontend.views.validate_view`): every field, its type and its fit with the rules."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from hartenjagen._repr import brief, shown
from hartenjagen.cards import ANY_CARDS, AnyCard
from hartenjagen.core import Table, table_for
from hartenjagen.frontend._follow_view import follow_check
from hartenjagen.frontend.views import PlayerView, ViewError
from hartenjagen.moves import Announce, MoonChoice, MoonOption, Play
from hartenjagen.rules import Rules
from hartenjagen.rules.routes import PassRoute
from hartenjagen.values import HandResult, Phase, Trick

T = TypeVar("T")

#: The move a seat makes in each phase (a seat to move in the passing phase chooses from pass_options).
_MOVE_OF_PHASE: dict[Phase, type] = {
    Phase.PLAYING: Play,
    Phase.ANNOUNCING: Announce,
    Phase.MOON_CHOICE: MoonChoice,
}


def check_view(view: object) -> None:
    """`validate_view` of a view that did not come from `view` or `public_view`."""
    if type(view) is not PlayerView:
        raise ViewError(f"expected a PlayerView, not {shown(view)}")
    _ViewCheck(view).run()


#: The longest number a view may hold (as a seed; any number shorter can be shown as text).
_BITS = 4096

#: The interned cards by identity (a forged card may hash and compare as a real one).
_INTERNED = frozenset(map(id, ANY_CARDS))


@functools.lru_cache(maxsize=32)
def _pack(table: Table) -> tuple[frozenset[AnyCard], Counter[AnyCard]]:
    """The cards of a pack, and how often the pack holds each."""
    counts = Counter(table.card_of[p] for p in table.pack)
    return frozenset(counts), counts


def _fail(field: str, problem: str) -> ViewError:
    problem = brief(problem)
    error = ViewError(f"an inconsistent view: {field}: {problem}")
    error.field = field  # type: ignore[attr-defined]
    error.problem = problem  # type: ignore[attr-defined]
    return error


class _ViewCheck:
    def __init__(self, view: PlayerView) -> None:
        self.view = view
        if not isinstance(view.rules, Rules):
            raise _fail("rules", f"expected a Rules value, not {shown(view.rules)}")
        self.table: Table = self.ask("rules", "be compiled", table_for, view.rules)
        self.n = self.table.players
        self.pack, self.pack_counts = _pack(self.table)

    @staticmethod
    def ask(field: str, what: str, call: Callable[..., T], *args: object) -> T:
        """A rule module's hook; whatever it raises is the view's fault (its rules or its fields)."""
        try:
            return call(*args)
        except Exception as error:
            raise _fail(field, f"the rules cannot {what}: {shown(error, 120)}") from error

    # -- kinds of field

    def whole(self, value: object, field: str, low: int = 0, high: int | None = None) -> int:
        if type(value) is not int or value.bit_length() > _BITS:
            raise _fail(field, f"expected a whole number of at most {_BITS} bits, not {shown(value)}")
        if value < low or (high is not None and value > high):
            span = f"from {low}" + (f" to {high}" if high is not None else " up")
            raise _fail(field, f"{shown(value)} is not a number {span}")
        return value

    def seat(self, value: object, field: str) -> int:
        if type(value) is not int or not 0 <= value < self.n:
            raise _fail(field, f"{shown(value)} is not a seat: seats are 0 to {self.n - 1}")
        return value

    def tuple_of(self, value: object, field: str, length: int | None = None) -> tuple[object, ...]:
        if type(value) is not tuple:
            raise _fail(field, f"expected a tuple, not {shown(value)}")
        if length is not None and len(value) != length:
            raise _fail(field, f"lists {len(value)} entries, not one per seat ({length})")
        return value

    def seats(self, value: object, field: str) -> tuple[int, ...]:
        seats = self.tuple_of(value, field)
        if len(seats) > self.n:
            raise _fail(field, f"lists {len(seats)} seats at a table of {self.n}")
        for i, seat in enumerate(seats):
            self.seat(seat, f"{field}[{i}]")
        if len(set(seats)) != len(seats):
            raise _fail(field, "lists a seat twice")
        return seats  # type: ignore[return-value]

    def cards(self, value: object, field: str) -> tuple[AnyCard, ...]:
        cards = self.tuple_of(value, field)
        if len(cards) > len(self.table.pack):
            raise _fail(field, f"holds {len(cards)} cards, more than the pack of {len(self.table.pack)}")
        if not (_INTERNED.issuperset(map(id, cards)) and self.pack.issuperset(cards)):
            for i, card in enumerate(cards):
                if id(card) not in _INTERNED:
                    raise _fail(f"{field}[{i}]", f"{shown(card)} is not a card")
                if card not in self.pack:
                    raise _fail(f"{field}[{i}]", f"{card} is not in the pack of these rules")
        return cards  # type: ignore[return-value]

    def ints(self, value: object, field: str) -> tuple[int, ...]:
        numbers = self.tuple_of(value, field, self.n)
        for i, number in enumerate(numbers):
            if type(number) is not int or number.bit_length() > _BITS:
                raise _fail(
                    f"{field}[{i}]", f"expected a whole number of at most {_BITS} bits, not {shown(number)}"
                )
        return numbers  # type: ignore[return-value]

    # -- the checks

    def run(self) -> None:
        view, n = self.view, self.n
        if type(view.players) is not int or view.players != n:
            raise _fail("players", f"{shown(view.players)}, but the rules seat {n} players")
        if view.seat is not None:
            self.seat(view.seat, "seat")
        for field, kind in (("phase", Phase), ("pass_direction", PassRoute)):
            if not isinstance(getattr(view, field), kind):
                raise _fail(field, f"expected a {kind.__name__}, not {shown(getattr(view, field))}")
        for field in ("hearts_broken", "is_over"):
            if type(getattr(view, field)) is not bool:
                raise _fail(field, f"expected True or False, not {shown(getattr(view, field))}")
        self.whole(view.hand_index, "hand_index")
        self.seat(view.dealer, "dealer")
        self.seat(view.trick_leader, "trick_leader")
        self.check_public_lists()
        self.check_phase()
        self.check_exchange()
        self.check_cards()
        self.check_moves()
        self.check_scores()

    def check_public_lists(self) -> None:
        """The announcements (seat, choice), the hand before's tricks and the draws (trick, seat): public lists."""
        view = self.view
        for i, made in enumerate(self.tuple_of(view.announcements, "announcements")):
            if type(made) is not tuple or len(made) != 2 or type(made[1]) is not str:
                raise _fail(f"announcements[{i}]", f"expected a (seat, choice) pair, not {shown(made)}")
            self.seat(made[0], f"announcements[{i}].seat")
        played: Counter[AnyCard] = Counter()
        for i, done in enumerate(self.tuple_of(view.previous_tricks, "previous_tricks")):
            where = f"previous_tricks[{i}]"
            if type(done) is not Trick:
                raise _fail(where, f"expected a Trick, not {shown(done)}")
            self.seat(done.leader, f"{where}.leader")
            if done.winner is not None:
                self.seat(done.winner, f"{where}.winner")
            seats = self.seats(done.seats, f"{where}.seats")
            cards = self.cards(done.cards, f"{where}.cards")
            if len(cards) != (len(seats) if seats else self.n):
                raise _fail(f"{where}.cards", "expected one card of each seat that played the trick")
            played.update(cards)
        if any(count > self.pack_counts[card] for card, count in played.items()):
            raise _fail("previous_tricks", "show a card more often than the pack holds it")
        for i, drawn in enumerate(self.tuple_of(view.draws, "draws")):
            if type(drawn) is not tuple or len(drawn) != 2:
                raise _fail(f"draws[{i}]", f"expected a (trick, seat) pair, not {shown(drawn)}")
            self.whole(drawn[0], f"draws[{i}].trick")
            self.seat(drawn[1], f"draws[{i}].seat")

    def check_phase(self) -> None:
        view, n = self.view, self.n
        phase = view.phase
        to_move = self.seats(view.to_move, "to_move")
        if view.is_over != (phase is Phase.GAME_OVER):
            raise _fail("is_over", f"{view.is_over}, but the game is {phase.value}")
        winners = self.seats(view.winners, "winners")
        if bool(winners) != (phase is Phase.GAME_OVER):
            raise _fail("winners", f"{list(winners)} while the game is {phase.value}")
        if phase is Phase.GAME_OVER and to_move:
            raise _fail("to_move", "the game is over: nobody is to move")
        if phase is Phase.PASSING and not to_move:
            raise _fail("to_move", "the seats are passing: someone is to move")
        if phase in _MOVE_OF_PHASE and len(to_move) != 1:
            raise _fail("to_move", f"one seat is to move when the game is {phase.value}, not {len(to_move)}")
        announcers = self.seats(view.announcers, "announcers")
        if announcers and phase is Phase.PASSING:
            raise _fail("announcers", "nobody announces before the exchange is over")
        hand_size = self.table.tricks
        tricks = self.tuple_of(view.tricks, "tricks")
        trick = self.tuple_of(view.trick, "trick")
        if len(tricks) > hand_size or (phase is Phase.PLAYING and len(tricks) == hand_size):
            raise _fail("tricks", f"{len(tricks)} tricks in a hand of {hand_size} cards ({phase.value})")
        if len(trick) >= n:
            raise _fail("trick", f"holds {len(trick)} cards; a trick of {n} players is complete at {n}")
        if phase in (Phase.PASSING, Phase.ANNOUNCING) and (tricks or trick):
            raise _fail("tricks", f"cards have been played, but the game is {phase.value}")
        if phase is Phase.MOON_CHOICE and (len(tricks) != hand_size or trick):
            raise _fail("tricks", "a moon is chosen after the last trick of the hand")
        follow = follow_check(view, self.table, _fail) if self.table.follow_draws else None
        if view.draws and follow is None:
            raise _fail("draws", "only a deck that draws to follow suit draws in a trick")
        due = (view.trick_leader + len(trick)) % n if follow is None else follow.due
        if phase is Phase.PLAYING and to_move[0] != due:
            raise _fail("to_move", f"seat {to_move[0]} is not next after the trick's leader")
        for i, done in enumerate(tricks):
            where = f"tricks[{i}]"
            if type(done) is not Trick:
                raise _fail(where, f"expected a Trick, not {shown(done)}")
            if type(done.leader) is not int or not 0 <= done.leader < n:
                self.seat(done.leader, f"{where}.leader")
            if done.winner is not None:
                self.seat(done.winner, f"{where}.winner")
            count = (
                n if follow is None or type(done.seats) is not tuple or not done.seats else len(done.seats)
            )
            if type(done.cards) is not tuple or len(done.cards) != count:
                raise _fail(f"{where}.cards", f"expected a tuple of the {count} cards of a trick")
            if done.seats and (follow is None or len(set(self.seats(done.seats, f"{where}.seats"))) != count):
                raise _fail(
                    f"{where}.seats", "names the seats of a trick some seat dropped out of, each once"
                )
        self.cards(tuple(card for done in tricks for card in done.cards), "tricks.cards")  # type: ignore[attr-defined]
        for i, play in enumerate(trick):
            where = f"trick[{i}]"
            if type(play) is not Play:
                raise _fail(where, f"expected a Play, not {shown(play)}")
            if play.seat != ((view.trick_leader + i) % n if follow is None else follow.order[i]):
                raise _fail(where, f"seat {play.seat} does not play in turn after the leader")
            self.cards((play.card,), f"{where}.card")
        sizes = self.tuple_of(view.hand_sizes, "hand_sizes", n)
        played_now = {play.seat for play in trick}  # type: ignore[attr-defined]
        for seat, size in enumerate(sizes):
            if phase in _MOVE_OF_PHASE:
                expected = self.table.hand_size + self.drawn(len(tricks)) - len(tricks) - (seat in played_now)
                if follow is not None:
                    expected = follow.sizes[seat]
                if size != expected:
                    raise _fail(
                        f"hand_sizes[{seat}]", f"{shown(size)}, not {expected} after the tricks played"
                    )
            else:
                self.whole(size, f"hand_sizes[{seat}]", 0, len(self.table.pack))

    def check_exchange(self) -> None:
        view = self.view
        passing = view.rules.passing
        try:
            direction = passing.route(view.hand_index, None)
        except Exception:  # a route drawn by chance: any of the module's is possible
            direction = view.pass_direction
        if view.phase is Phase.CHANCE:  # waiting for the deal or the draw: the route is not known yet
            direction = view.pass_direction
        elif view.pass_direction not in self.ask("pass_direction", "list its routes", passing.routes):
            raise _fail("pass_direction", f"the rules never pass {view.pass_direction.name}")
        if direction != view.pass_direction:
            raise _fail("pass_direction", f"the rules pass {direction.name} in hand {view.hand_index}")
        counts = self.ask("pass_direction", "count the cards passed", passing.stage_counts, direction)
        stage = self.whole(view.pass_stage, "pass_stage", 0, len(counts))
        passing_now = view.phase is Phase.PASSING
        if passing_now and stage == len(counts):
            raise _fail("pass_stage", f"the exchange has {len(counts)} stages: none is left to choose")
        if view.phase in (Phase.ANNOUNCING, Phase.PLAYING, Phase.MOON_CHOICE) and stage != len(counts):
            raise _fail("pass_stage", f"the exchange of {len(counts)} stages is over when play begins")
        expected = (counts[stage] if passing_now else counts[0]) if counts else 0
        if view.pass_count != expected:
            raise _fail("pass_count", f"{shown(view.pass_count)}, but the rules pass {expected} cards now")
        exchanges = self.tuple_of(view.exchanges, "exchanges")
        if len(exchanges) != (stage if view.seat is not None else 0):
            raise _fail("exchanges", f"lists {len(exchanges)} stages, not the {stage} done")
        for i, pair in enumerate(exchanges):
            if type(pair) is not tuple or len(pair) != 2:
                raise _fail(f"exchanges[{i}]", "expected (cards given, cards received)")
            given = self.cards(pair[0], f"exchanges[{i}][0]")
            self.cards(pair[1], f"exchanges[{i}][1]")
            gives = view.seat in self.ask(
                "exchanges", "name the seats that pass", passing.givers, i, direction, self.n, view.dealer
            )
            if len(given) != (counts[i] if gives else 0):
                raise _fail(f"exchanges[{i}][0]", f"{len(given)} cards given in stage {i} of the exchange")
        passing_cards = self.cards(view.passing, "passing")
        if passing_cards and (not passing_now or view.seat is None or view.seat in view.to_move):
            raise _fail("passing", "cards chosen to pass, but the seat has not chosen (or is not passing)")
        if passing_cards and len(passing_cards) != view.pass_count:
            raise _fail("passing", f"{len(passing_cards)} cards chosen, not {view.pass_count}")

    def check_cards(self) -> None:
        view = self.view
        hand = self.cards(view.hand, "hand")
        if view.seat is None:
            if hand or view.passing or view.exchanges:
                raise _fail("hand", "a spectator's view shows no hand, passes or exchange")
        elif len(hand) != view.hand_sizes[view.seat]:
            raise _fail("hand", f"holds {len(hand)} cards, but hand_sizes says {view.hand_sizes[view.seat]}")
        if list(hand) != sorted(hand):
            raise _fail("hand", "cards are sorted by suit and rank")
        taken = self.tuple_of(view.taken, "taken", self.n)
        carry = self.cards(view.carry_over, "carry_over")
        played = [card for done in view.tricks for card in done.cards]
        captured = list(carry)
        for seat, cards in enumerate(taken):
            captured += self.cards(cards, f"taken[{seat}]")
        # (Every card checked is interned: the same card is the same object.)
        if view.phase is not Phase.GAME_OVER and sorted(map(id, captured)) != sorted(map(id, played)):
            raise _fail("taken", "the captured cards and the carry-over are not the cards of the tricks")
        widow = self.check_widow()
        seen = list(itertools.chain(hand, view.passing, (play.card for play in view.trick), played, widow))
        if len(set(seen)) != len(seen):  # a card twice: only as often as the pack holds it
            for card, count in Counter(seen).items():
                if count > self.pack_counts[card]:
                    held = self.pack_counts[card]
                    raise _fail("hand", f"the {card} is shown {count} times, but the pack holds it {held}")

    def drawn(self, tricks: int) -> int:
        """How many cards each seat has drawn from the stock after ``tricks`` tricks (0: no stock)."""
        table = self.table
        if not table.draw_orders[0]:
            return 0
        return min(tricks, (len(table.pack) - table.dealt_count) // table.players)

    def check_widow(self) -> tuple[AnyCard, ...]:
        """The undealt cards: as many as the deck leaves over (less those drawn); faces only to a widow's taker."""
        view, table = self.view, self.table
        expected = len(table.pack) - table.dealt_count - table.players * self.drawn(len(view.tricks))
        expected -= len(view.draws) if type(view.draws) is tuple else 0
        undealt = self.whole(view.undealt, "undealt", 0, len(table.pack))
        if undealt != expected and not (view.phase is Phase.CHANCE and undealt == 0):
            raise _fail("undealt", f"{undealt}, but the deck leaves {expected} cards undealt")
        widow = self.cards(view.widow, "widow")
        if widow and (view.seat is None or len(widow) != undealt or len(view.tricks) <= table.widow_trick):
            raise _fail("widow", "the widow's cards are shown only to the seat that took it, all of them")
        return widow

    def check_moves(self) -> None:
        view = self.view
        moves = self.tuple_of(view.legal_moves, "legal_moves")
        options = self.cards(view.pass_options, "pass_options")
        to_move = view.seat is not None and view.seat in view.to_move
        kind = _MOVE_OF_PHASE.get(view.phase)
        if not to_move or kind is None:
            if moves:
                raise _fail("legal_moves", "moves listed for a seat that is not to move (or is passing)")
        elif not moves:
            raise _fail("legal_moves", "the seat to move has no legal move")
        for i, move in enumerate(moves):
            if type(move) is not kind or getattr(move, "seat", None) != view.seat:
                raise _fail(f"legal_moves[{i}]", f"{shown(move)} is not a move of seat {view.seat} now")
            if isinstance(move, Play) and move.card not in view.hand:
                raise _fail(f"legal_moves[{i}]", f"the {move.card} is not in the seat's hand")
            if isinstance(move, MoonChoice) and not isinstance(move.option, MoonOption):
                raise _fail(f"legal_moves[{i}]", "not a moon option")
        if len(set(moves)) != len(moves):
            raise _fail("legal_moves", "lists a move twice")
        if view.phase is Phase.PASSING and to_move:
            if len(options) < view.pass_count or not view.pass_count:
                raise _fail("pass_options", f"{len(options)} cards to choose {view.pass_count} from")
            if Counter(options) - Counter(view.hand):
                raise _fail("pass_options", "offers cards that are not in the seat's hand")
        elif options:
            raise _fail("pass_options", "cards offered to a seat that is not choosing a pass")

    def check_scores(self) -> None:
        view, n = self.view, self.n
        scores = self.ints(view.scores, "scores")
        self.ints(view.display_scores, "display_scores")
        sheet = self.tuple_of(view.score_sheet, "score_sheet")
        for i, line in enumerate(sheet):
            where = f"score_sheet[{i}]"
            if type(line) is not HandResult:
                raise _fail(where, f"expected a HandResult, not {shown(line)}")
            for key in ("raw", "points", "totals"):
                self.ints(getattr(line, key), f"{where}.{key}")
            self.whole(line.hand_index, f"{where}.hand_index")
            self.seat(line.dealer, f"{where}.dealer")
            for key in ("shooter", "revoke"):
                if getattr(line, key) is not None:
                    self.seat(getattr(line, key), f"{where}.{key}")
            self.seats(line.announcers, f"{where}.announcers")
            if line.moon_choice is not None and not isinstance(line.moon_choice, MoonOption):
                raise _fail(f"{where}.moon_choice", f"expected a MoonOption, not {shown(line.moon_choice)}")
        last = sheet[-1].totals if sheet else (0,) * n  # type: ignore[attr-defined]
        if scores != last:
            raise _fail("scores", f"{list(scores)} are not the score sheet's last totals {list(last)}")
        display = self.ask("display_scores", "show the totals", view.rules.ending.display, scores)
        if tuple(display) != view.display_scores:
            raise _fail("display_scores", f"are not the rules' display of the scores ({list(display)})")
