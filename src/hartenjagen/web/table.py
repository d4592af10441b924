"""One table of the web service: its games, its seats, its bots and what each seat is sent.

Everything a seat receives is built here from ``view(state, seat)`` and
``events_for(events, seat)`` (a spectator: ``public_view`` and the public
events): never from the state itself, so no message can carry another seat's
cards, a seed or a game record. A table lives on the server's event loop: a
move is checked and made there, committed to the store (in the store's
thread) before it is accepted, and a bot thinks in a worker thread, so a slow
bot holds up neither the loop nor another table.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Final, TypeAlias

import attrs

from hartenjagen.bots import Bot, make_bot
from hartenjagen.cards import AnyCard
from hartenjagen.core import State
from hartenjagen.engine import explain, new_game, step
from hartenjagen.errors import IllegalMove, IllegalMoveError
from hartenjagen.events import Event, HandDealt, Revoked
from hartenjagen.frontend import texts
from hartenjagen.frontend.describe import announced_note, announcement_question, count_turns, describe
from hartenjagen.frontend.drawing import team_line, undealt_line
from hartenjagen.frontend.notation import Language, card_name, format_card
from hartenjagen.frontend.protocol import PROTOCOL_VERSION
from hartenjagen.frontend.records import GameRecord
from hartenjagen.frontend.serialize import FormatError
from hartenjagen.frontend.serialize.reading import Json
from hartenjagen.frontend.serialize.registry import decode_top, encode_top
from hartenjagen.frontend.views import PlayerView, events_for, public_view, view
from hartenjagen.moves import Announce, MoonChoice, Move, Pass, Play
from hartenjagen.rules import Rules
from hartenjagen.values import Phase
from hartenjagen.web.writes import ABANDONED, Conflict, Later, Moved, Writes

__all__ = ["PROTOCOL_VERSION", "Reply", "Table", "TableSpec", "decoded", "error_message", "held_cards"]

#: A reply to a request: the HTTP status and the JSON message.
Reply: TypeAlias = tuple[int, dict[str, Json]]

_MOVES: Final = (Play, Pass, Announce, MoonChoice)
#: How many times a move is checked again after other workers' moves came first (`Conflict`).
_TRIES: Final = 8


def _saved(value: object) -> Json:
    """A library value as the JSON object ``dumps`` writes (with its format version), never as text."""
    return encode_top(value)


def decoded(data: object) -> object:
    """The library value in JSON already parsed (a request's body, a stored field), decoded once.

    What ``loads`` does after it parses its text: a `FormatError` names the first bad field.
    The parsed object is never written back to text to be parsed again (issue 39, item 4).
    """
    try:
        return decode_top(data)
    except RecursionError:
        raise FormatError("$: nested too deeply") from None


def error_message(status: int, message: str) -> Reply:
    """The reply to a request the service refuses (nothing is changed)."""
    return status, {"protocol": PROTOCOL_VERSION, "type": "error", "status": status, "message": message}


def _shown_cards(v: PlayerView) -> set[AnyCard]:
    """The cards the page draws from ``v``: the hand, the chosen pass, the trick and this hand's tricks."""
    shown = {*v.hand, *v.passing, *(play.card for play in v.trick)}
    for trick in v.tricks:
        shown.update(trick.cards)
    return shown


def held_cards(v: PlayerView) -> tuple[int, ...]:
    """Each seat's cards as the table sees them: while passing, a chosen pass is still in the hand.

    A seat that has chosen its cards has set them aside (``hand_sizes`` no longer counts them), but
    they leave its hand only at the exchange: counted back in, every seat shows the same number
    until then.
    """
    sizes = list(v.hand_sizes)
    if v.phase is Phase.PASSING:
        route = v.pass_direction
        stages = v.rules.passing.stages(route)
        if v.pass_stage < len(stages):
            givers = v.rules.passing.givers(v.pass_stage, route, v.players, v.dealer)
            for seat in givers:
                if seat not in v.to_move:
                    sizes[seat] += stages[v.pass_stage].cards
    return tuple(sizes)


@attrs.frozen
class TableSpec:
    """What a table is, as the store keeps it: its rules, who sits where, its language and games.

    ``seats`` has one entry per seat: ``None`` for a human, else the name of the bot that plays
    it. ``tokens`` holds, per seat, the SHA-256 of that human seat's secret token (``None`` for
    a bot): the tokens themselves are given to the table's creator once and kept nowhere.
    """

    id: str
    rules: Rules
    variant: str
    seats: tuple[str | None, ...]
    tokens: tuple[str | None, ...]
    language: Language = "en"
    games: int = 1
    created: float = attrs.field(factory=time.time)


class Table:
    """One table: a series of ``spec.games`` games, human seats reached by token, bots at the others.

    ``store`` makes the store's calls (`Writes`), each done once committed; ``think`` runs a
    bot's choice in a worker thread. ``delay`` seconds pass between two bot moves (not
    while passing), so that people can follow the cards. Use a table from its event loop only.
    """

    def __init__(
        self,
        spec: TableSpec,
        *,
        store: Writes,
        think: Executor | None = None,
        delay: float = 0.6,
        records: Sequence[GameRecord] = (),
        active: float | None = None,
        abandoned: bool = False,
        bots_here: bool = True,
    ) -> None:
        self.spec = spec
        #: when the table last changed (a move, a new game), in seconds since the epoch
        self.active = time.time() if active is None else active
        self._abandoned = False
        self.rules = spec.rules
        self.delay = delay
        self._store = store
        #: whether this process runs the table's bots: with several workers, only the one
        #: holding the table's lease (``Service``); alone, always
        self.bots_here = bots_here
        self._think = think
        self._bots: dict[int, Bot] = {
            seat: make_bot(name) for seat, name in enumerate(spec.seats) if name is not None
        }
        self._lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self._log: list[tuple[int, tuple[Event, ...]]] = []  # per update number: (game, the step's events)
        self._hand_start = 0  # the update number of the current hand's deal
        # per language: the spectators' update from the current hand's deal, and its number
        self._snapshots: dict[Language, tuple[int, dict[str, Json]]] = {}
        self._failure = ""
        self._bot_task: asyncio.Task[None] | None = None
        self._closed = False
        self.game = -1
        self._state: State
        self._record: GameRecord
        for record in records:  # a table reloaded from its store: replay what was committed
            self._begin(record)
            for move in record.moves:
                self._step(move)
        if active is not None:
            self.active = active  # the replay is no activity
        if abandoned:  # read back after a restart: closed as `abandon` left it, its last update too
            self._abandoned = True
            self._log.append((self.game, ()))

    # ---------------------------------------------------------------- the game's state

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def seq(self) -> int:
        """The number of the last update (every move, every new game and a failure make one)."""
        return len(self._log) - 1

    @property
    def record(self) -> GameRecord:
        """The game being played, for the server's owner (never sent to a seat: it holds the seed)."""
        return self._record

    @property
    def state(self) -> State:
        return self._state

    @property
    def over(self) -> bool:
        """Whether the last game of the series is over (or a bot failed, or it was abandoned: the table stops)."""
        return (
            bool(self._failure)
            or self._abandoned
            or (self._state.is_over and self.game + 1 >= self.spec.games)
        )

    @property
    def abandoned(self) -> bool:
        """Whether the table was closed after too long without a move (`abandon`)."""
        return self._abandoned

    def _begin(self, record: GameRecord) -> None:
        self.game += 1
        self._state = record.initial_state()
        self._record = GameRecord.begin(self._state)
        state = self._state
        sizes = tuple(len(view(state, s).hand) for s in range(self.rules.players))
        self._hand_start = len(self._log)
        self._log.append(
            (self.game, (HandDealt(state.hand_index, state.dealer, state.pass_direction, sizes),))
        )

    def _step(self, move: Move) -> None:
        self._made(move, *step(self._state, move))

    def _made(self, move: Move, state: State, events: tuple[Event, ...]) -> None:
        """Take the state and events that ``step`` gave for ``move``."""
        self._state = state
        self._record = self._record.add(move)
        self._log.append((self.game, events))
        if any(isinstance(event, HandDealt) for event in events):
            self._hand_start = len(self._log) - 1

    def _publish(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()
        self.kick()

    async def start_game(self) -> None:
        """Deal the next game of the series (the first one when the table is new) and commit it."""
        async with self._lock:
            await self._next_game()

    async def _next_game(self) -> None:
        record = GameRecord.begin(new_game(self.rules))
        try:
            await self._store.add_game(self.id, self.game + 1, record)
        except Conflict:  # another worker dealt it first: the table takes that deal
            await self._catch_up()
            return
        self.active = time.time()
        self._begin(record)
        self._publish()

    async def resume(self) -> None:
        """Deal the next game if the table stopped between two games of its series (its server stopped)."""
        async with self._lock:
            if self.game >= 0 and self._state.is_over and not self.over and not self._closed:
                await self._next_game()

    async def wait(self, after: int, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for an update after number ``after``; whether there is one."""
        if self.seq <= after and not self._closed:
            changed = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), timeout)
        return self.seq > after

    # ---------------------------------------------------------------- messages

    def table_message(self, seat: int | None) -> dict[str, Json]:
        """Who sits where: sent once, when a page opens (``seat`` ``None``: a spectator's page)."""
        seats: list[Json] = [
            {"seat": s, "kind": "human" if name is None else "bot", "bot": name}
            for s, name in enumerate(self.spec.seats)
        ]
        return {
            "protocol": PROTOCOL_VERSION,
            "type": "table",
            "table": self.id,
            "seat": seat,
            "variant": self.spec.variant,
            "players": self.rules.players,
            "language": self.spec.language,
            "games": self.spec.games,
            "seats": seats,
        }

    def update(self, seat: int | None, after: int, language: Language) -> dict[str, Json]:
        """What ``seat`` sees now: its view, and its censored events of the updates after number ``after``.

        ``after`` is the last update number the page has seen: ``-1`` (nothing yet) gets the
        events of the current hand, from its deal. Events of an earlier hand are never sent again,
        so that a reply is bounded by one hand whatever the length of the series (issue 39, W3):
        a page that missed a deal has the view and the score sheet. A spectator (``None``) sees
        the public view and events. The spectators' whole-hand update (their link is public, so
        anyone may ask for it many times) is made once per update and language, however many
        ask (do not change the message returned); a seat's, which needs its token, each time.
        """
        if seat is None and after + 1 <= self._hand_start:
            made = self._snapshots.get(language)
            if made is None or made[0] != self.seq:
                made = (self.seq, self._update(seat, after, language))
                self._snapshots[language] = made
            return made[1]
        return self._update(seat, after, language)

    def _update(self, seat: int | None, after: int, language: Language) -> dict[str, Json]:
        state, seq = self._state, self.seq
        v = public_view(state) if seat is None else view(state, seat)
        events: list[Json] = []
        start = self._hand_start
        for number in range(max(0, after + 1, start), seq + 1):
            shown = events_for(self._log[number][1], seat)
            if number == start and after + 1 < start:  # the hand's first step ends the hand before
                dealt = [i for i, event in enumerate(shown) if isinstance(event, HandDealt)]
                shown = shown[dealt[-1] :] if dealt else shown
            for event in shown:
                said = describe(event, language, you=seat, rules=self.rules)
                events.append({"seq": number, "event": _saved(event), "text": said})
        return {
            "protocol": PROTOCOL_VERSION,
            "type": "update",
            "seq": seq,
            "seat": seat,
            "game": self.game,
            "view": _saved(v),
            "events": events,
            "words": self._words(v, language),
            "sheet": self._sheet(v, language),
            "failure": self._failure or None,
            "abandoned": self._abandoned,
        }

    def _words(self, v: PlayerView, language: Language) -> dict[str, Json]:
        """Sentences the page shows with the view: the pass direction, one label per legal move, the cards' names.

        ``cards`` gives each card the view shows (the hand, the trick, this hand's tricks, a chosen
        pass: never a card the seat may not know) as the language writes it (``short``: ``V♠``) and
        says it (``name``: ``schoppenvrouw``, for a screen reader); ``held`` is each seat's number of
        cards as the table sees them, a pass chosen but not yet exchanged still in the hand;
        ``variant`` and ``bots`` are the names the table shows; ``teams`` the team totals with the
        partners named and ``partners`` this seat's (where the rules declare teams), ``undealt`` a
        widow's size and who took it or the stock's size (never a face: "" when none).
        """
        words = texts.WORDS[language]
        question = ""
        if v.legal_moves and v.phase is Phase.ANNOUNCING:
            question = announcement_question(v.rules, language)
        elif v.legal_moves and v.phase is Phase.MOON_CHOICE:
            question = words["moon"]
        cards: dict[str, Json] = {
            str(card): {"short": format_card(card, "symbol", language), "name": card_name(card, language)}
            for card in sorted(_shown_cards(v), key=lambda card: card.index)
        }
        bots: list[Json] = [
            None if bot is None else texts.bot_text(bot.name, language)
            for bot in (self._bots.get(seat) for seat in range(v.players))
        ]
        return {
            "direction": texts.direction_text(v.pass_direction, language),
            "phase": texts.PHASES[language][v.phase],
            "question": question,
            "moves": [texts.move_text(move, language, v.rules) for move in v.legal_moves],
            "cards": cards,
            "held": list(held_cards(v)),
            "variant": texts.variant_text(self.spec.variant, language) if self.spec.variant else "",
            "bots": bots,
            "teams": team_line(v, language),
            "undealt": undealt_line(v, language),
            "partners": list(v.partners),
        }

    def _sheet(self, v: PlayerView, language: Language) -> list[Json]:
        """The score sheet as players write it (a count-down game from its start), with notes."""
        words = texts.WORDS[language]
        display = v.rules.ending.display
        before = display((0,) * v.players)
        rows: list[Json] = []
        for index, result in enumerate(v.score_sheet):
            shown = display(result.totals)
            notes: list[Json] = []
            if result.shooter is not None:
                notes.append(words["moon_note"].format(seat=result.shooter))
            if result.announcers:
                notes.append(announced_note(v.rules, result.announcers, language))
            if result.revoke is not None:
                notes.append(words["revoke_note"].format(seat=result.revoke))
            if count_turns(v.rules, v.score_sheet[: index + 1]):
                notes.append(texts.text("sheet.second_half", language))
            rows.append(
                {
                    "hand": result.hand_index + 1,
                    "dealer": result.dealer,
                    "points": [after - was for after, was in zip(shown, before, strict=True)],
                    "totals": list(shown),
                    "notes": notes,
                }
            )
            before = shown
        return rows

    # ---------------------------------------------------------------- moves

    async def submit(self, seat: int, data: object, language: Language | None = None) -> Reply:
        """Make the move in ``data`` (the ``move`` of a move request) for ``seat``, or say why not.

        The game changes only when the reply is 200, and then the move is committed first: a
        move that does not read is 400, a move for another seat 403, one the rules forbid 409
        with the engine's code and sentence, and the reason in ``language`` (the table's
        language by default) as ``text``.
        """
        try:
            move = decoded(data)
        except (FormatError, RecursionError) as error:
            return error_message(400, f"the move does not read: {error}")
        if not isinstance(move, _MOVES):
            return error_message(400, f"a {type(move).__name__} is not a move")
        if move.seat != seat:
            return error_message(403, f"this page plays seat {seat}: it cannot move for seat {move.seat}")
        async with self._lock:
            # Checked against the game as this process has it; if another worker's move came
            # first (`Conflict`), the table has now taken it: check this one again.
            for _ in range(_TRIES):
                if self.over or self._closed:
                    return error_message(409, "the table's games are over")
                stepped = self._checked(move)
                if isinstance(stepped, IllegalMove):
                    seen = view(self._state, seat)
                    return 409, {
                        "protocol": PROTOCOL_VERSION,
                        "type": "illegal",
                        "code": str(stepped.code),
                        "message": stepped.message,
                        "text": texts.reason(stepped, move, seen, language or self.spec.language),
                    }
                if await self._apply(move, stepped):
                    return 200, {"protocol": PROTOCOL_VERSION, "type": "accepted", "seq": self.seq}
            return error_message(503, "the table is busy with other workers' moves: send the move again")

    def _checked(self, move: Move) -> tuple[State, tuple[Event, ...]] | IllegalMove:
        """``step(state, move)``, the one check of a move: the new state and events, or why not.

        A revoke under a revoke penalty, which the engine accepts (the hand is void), the
        service refuses as an illegal move, as ``explain`` says it is: only then is it asked.
        """
        try:
            state, events = step(self._state, move)
        except IllegalMoveError as error:
            return error.reason
        if any(isinstance(event, Revoked) for event in events):
            reason = explain(self._state, move)
            if reason is not None:
                return reason
        return state, events

    async def _apply(self, move: Move, stepped: tuple[State, tuple[Event, ...]]) -> bool:
        """Commit a checked move, then take what it made (the lock is held); a finished game deals the next.

        False if another worker wrote first (`Conflict`): nothing of ``move`` was written, and
        the table has taken what the store holds instead.
        """
        try:
            await self._store.add_move(self.id, self.game, len(self._record.moves) + 1, move)
        except Conflict:
            await self._catch_up()
            return False
        self.active = time.time()
        self._made(move, *stepped)
        self._publish()
        if self._state.is_over and self.game + 1 < self.spec.games:
            await self._next_game()
        elif self.over:
            await self._store.finish(self.id)
        return True

    async def catch_up(self, heard: Sequence[Moved] = ()) -> None:
        """Take what other workers committed at this table since this process last saw it.

        Several workers on one database: one worker's move reaches the pages connected to
        another when that one hears of it (``NOTIFY``) and calls this. ``heard`` are the moves
        announced (game, number, move): taken as they are if they follow this table's last
        move; else (or without them) the table reads what it missed from the store.
        """
        async with self._lock:
            if self._closed:
                return
            have = len(self._record.moves)
            news = [
                (game, number, move) for game, number, move in heard if (game, number) > (self.game, have)
            ]
            if [(game, number) for game, number, _ in news] == [
                (self.game, have + 1 + index) for index in range(len(news))
            ] and news:  # the next moves of this game, none missed: as they are
                self._take(Later(moves=tuple(move for _, _, move in news)))
            elif news or not heard:  # a move missed, or another change: read the store
                await self._catch_up()

    def take_heard(self, moved: Moved) -> bool:
        """Take another worker's move at once if it is this table's next and nothing holds the table.

        The common case of `catch_up`, without a task or a wait: False (nothing done) if the
        table is held (a move or a catch-up under way) or closed, or if ``moved`` is not the
        next move of its game; the caller then goes the way of `catch_up`.
        """
        game, number, move = moved
        if self._lock.locked() or self._closed or (game, number) != (self.game, len(self._record.moves) + 1):
            return False
        self._take(Later(moves=(move,)))  # no await: no other task runs meanwhile (one event loop)
        return True

    async def _catch_up(self) -> None:
        self._take(await self._store.later(self.id, self.game, len(self._record.moves)))

    def _take(self, later: Later) -> None:
        """Replay what the store holds beyond this table's last move (the lock is held)."""
        changed = bool(later.moves or later.games)
        for move in later.moves:
            self._step(move)
        for record in later.games:
            self._begin(record)
            for move in record.moves:
                self._step(move)
        if later.finished == ABANDONED and not self._abandoned:  # another worker closed it
            self._abandoned = True
            self._log.append((self.game, ()))
            changed = True
        if changed:
            self.active = time.time()
            self._publish()

    # ---------------------------------------------------------------- bots

    def kick(self) -> None:
        """Let the bots play if one of them is to move (at most one bot task per table, in one worker)."""
        if (
            not self.bots_here
            or self._closed
            or self.over
            or (self._bot_task is not None and not self._bot_task.done())
        ):
            return
        if self._bot_to_move() is not None:
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def abandon(self) -> bool:
        """Close the table for good after too long without a move; whether it was still open.

        The store marks it abandoned (a restart does not reopen it, but reads it back for its
        links, read-only: `Lobby.closed`), its bots stop, and
        every page following it gets one last update saying so.
        """
        async with self._lock:
            if self.over or self._closed:
                return False
            await self._store.abandon(self.id)
            self._abandoned = True
            if self._bot_task is not None:
                self._bot_task.cancel()
            self._log.append((self.game, ()))
            self._publish()
            return True

    def close(self) -> None:
        """Stop the bots and wake every waiting stream."""
        self._closed = True
        if self._bot_task is not None:
            self._bot_task.cancel()
        self._changed.set()

    def _bot_to_move(self) -> int | None:
        if self._state.is_over:
            return None
        return next((seat for seat in self._state.to_move if seat in self._bots), None)

    async def _run_bots(self) -> None:
        loop = asyncio.get_running_loop()
        while self.bots_here and not self._closed and not self.over:
            seat = self._bot_to_move()
            if seat is None:
                return
            state = self._state
            if self.delay and state.phase is not Phase.PASSING:  # passing is at once, playing at a pace
                await asyncio.sleep(self.delay)
                if self._state is not state:
                    continue
            bot = self._bots[seat]
            seen = view(state, seat)
            try:
                move = await loop.run_in_executor(self._think, bot.choose, seen)  # off the event loop
            except Exception as error:
                await self._fail(f"the {bot.name} bot at seat {seat} failed: {error!r}")
                return
            async with self._lock:
                if self._state is not state or not self.bots_here:  # a human moved meanwhile: think again
                    continue
                stepped = self._checked(move)
                if isinstance(stepped, IllegalMove) or getattr(move, "seat", None) != seat:
                    why = stepped.message if isinstance(stepped, IllegalMove) else "a move for another seat"
                    await self._fail(
                        f"the {bot.name} bot at seat {seat} chose {move!r}, which is not legal: {why}"
                    )
                    return
                await self._apply(move, stepped)  # another worker's move first: think again

    async def _fail(self, message: str) -> None:
        print(f"hartenjagen serve: table {self.id}: {message}", file=sys.stderr)
        self._failure = message
        self._log.append((self.game, ()))
        self._publish()
