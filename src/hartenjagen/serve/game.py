"""The game a web table serves: the one authoritative state, the seats, the bots and what each seat is sent.

Everything a seat receives is built here from ``view(state, seat)`` and
``events_for(events, seat)``: never from the state itself, so no message can
carry another seat's cards, a seed or a game record. The HTTP side
(`hartenjagen.serve.server`) only routes, bounds and writes these messages.
"""

from __future__ import annotations

import hmac
import json
import secrets
import sys
import threading
from collections.abc import Sequence
from typing import Final, TypeAlias

from hartenjagen.bots import Bot, make_bot
from hartenjagen.cards import Card
from hartenjagen.core.state import State
from hartenjagen.engine import explain, new_game, step
from hartenjagen.errors import HartenjagenError
from hartenjagen.events import Event, HandDealt
from hartenjagen.frontend import texts
from hartenjagen.frontend.describe import count_turns, describe
from hartenjagen.frontend.notation import Language, card_name, format_card
from hartenjagen.frontend.records import GameRecord
from hartenjagen.frontend.serialize import FormatError, dumps, loads
from hartenjagen.frontend.serialize.reading import Json
from hartenjagen.frontend.views import PlayerView, events_for, view
from hartenjagen.moves import Announce, MoonChoice, Pass, Play
from hartenjagen.rules import Rules
from hartenjagen.values import Phase

__all__ = ["PROTOCOL_VERSION", "Reply", "ServeError", "WebGame"]

#: The version of the wire protocol (docs/protocol.md); every message carries it as ``"protocol"``.
PROTOCOL_VERSION: Final = 1

#: A reply to a request: the HTTP status and the JSON message.
Reply: TypeAlias = tuple[int, dict[str, Json]]

_MOVES: Final = (Play, Pass, Announce, MoonChoice)


class ServeError(HartenjagenError):
    """A web table that cannot be set up: a bad number of humans, bots or a bad delay."""


def _saved(value: object) -> Json:
    """A library value as the JSON object ``dumps`` writes (with its format version)."""
    data: Json = json.loads(dumps(value))
    return data


def error_message(status: int, message: str) -> Reply:
    """The reply to a request the table refuses (the game is not changed)."""
    return status, {"protocol": PROTOCOL_VERSION, "type": "error", "status": status, "message": message}


def _shown_cards(v: PlayerView) -> set[Card]:
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


class WebGame:
    """One game at a web table: human seats with secret URLs, bots at the others.

    ``humans`` seats (0 to ``humans - 1``) are played in browsers, each reached
    through its own unguessable token; ``bot_names`` (one per other seat, in
    seat order) play the rest. ``delay`` seconds pass between two bot moves, so
    that people can follow the cards. All methods are safe to call from the
    server's threads.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        humans: int = 1,
        bot_names: Sequence[str] = (),
        seed: int | None = None,
        variant: str = "",
        language: Language = "en",
        delay: float = 0.6,
    ) -> None:
        players = rules.players
        if isinstance(humans, bool) or not isinstance(humans, int) or not 1 <= humans <= players:
            raise ServeError(f"humans must be 1 to {players} for a game of {players} players, not {humans!r}")
        if len(bot_names) != players - humans:
            raise ServeError(
                f"{len(bot_names)} bots for the {players - humans} seats without a human: give one bot per seat"
            )
        if isinstance(delay, bool) or not isinstance(delay, int | float) or not 0 <= delay <= 60:
            raise ServeError(f"delay must be 0 to 60 seconds, not {delay!r}")
        if language not in ("en", "nl"):
            raise ServeError(f"language must be 'en' or 'nl', not {language!r}")
        self.rules = rules
        self.variant = variant
        self.language: Language = language
        self.delay = float(delay)
        self.humans = humans
        self._tokens = {seat: secrets.token_urlsafe(24) for seat in range(humans)}
        self._bots: dict[int, Bot] = {
            seat: make_bot(name, seed=None if seed is None else seed * 1000 + seat)
            for seat, name in zip(range(humans, players), bot_names, strict=True)
        }
        self._cond = threading.Condition()
        self._state = new_game(rules, seed=seed)
        self._record = GameRecord.begin(self._state)
        sizes = tuple(len(view(self._state, s).hand) for s in range(players))
        opening = HandDealt(self._state.hand_index, self._state.dealer, self._state.pass_direction, sizes)
        #: every step's events as they happened (uncensored: the server's), with the step's number
        self._log: list[tuple[int, tuple[Event, ...]]] = [(0, (opening,))]
        self._seq = 0
        self._closed = False
        self._failure = ""
        self._thread: threading.Thread | None = None

    # ---------------------------------------------------------------- seats

    def token(self, seat: int) -> str:
        """The secret token of human ``seat`` (its URL is ``/seat/<token>``)."""
        return self._tokens[seat]

    def seat_of(self, token: str) -> int | None:
        """The human seat whose token is ``token``, or ``None`` (compared in constant time)."""
        found = None
        given = token.encode("utf-8", "replace")
        for seat, secret in self._tokens.items():
            if hmac.compare_digest(given, secret.encode("ascii")):
                found = seat
        return found

    @property
    def seq(self) -> int:
        """How many moves have been made (the number of the last update)."""
        return self._seq

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def record(self) -> GameRecord:
        """The game so far, for the server's owner (never sent to a seat: it holds the seed)."""
        with self._cond:
            return self._record

    # ---------------------------------------------------------------- messages

    def table_message(self, seat: int) -> dict[str, Json]:
        """Who sits where: sent once, when a page opens."""
        seats: list[Json] = []
        for s in range(self.rules.players):
            bot = self._bots.get(s)
            kind = "human" if bot is None else "bot"
            seats.append({"seat": s, "kind": kind, "bot": None if bot is None else bot.name})
        return {
            "protocol": PROTOCOL_VERSION,
            "type": "table",
            "seat": seat,
            "variant": self.variant,
            "players": self.rules.players,
            "language": self.language,
            "seats": seats,
        }

    def update(self, seat: int, after: int, language: Language) -> dict[str, Json]:
        """What ``seat`` sees now: its view, and its censored events of the moves after number ``after``.

        ``after`` is the last move number the page has seen: ``-1`` (nothing yet)
        gets every event from the first deal on.
        """
        with self._cond:
            state, seq, log, failure = self._state, self._seq, self._log, self._failure
        v = view(state, seat)
        events: list[Json] = []
        for number, happened in log[max(0, after + 1) : seq + 1]:
            for event in events_for(happened, seat):
                said = describe(event, language, you=seat, rules=self.rules)
                events.append({"seq": number, "event": _saved(event), "text": said})
        return {
            "protocol": PROTOCOL_VERSION,
            "type": "update",
            "seq": seq,
            "seat": seat,
            "view": _saved(v),
            "events": events,
            "words": self._words(v, language),
            "sheet": self._sheet(v, language),
            "failure": failure or None,
        }

    def _words(self, v: PlayerView, language: Language) -> dict[str, Json]:
        """Sentences the page shows with the view: the pass direction, one label per legal move, the cards' names.

        ``cards`` gives each card the view shows (the hand, the trick, this hand's tricks, a chosen
        pass: never a card the seat may not know) as the language writes it (``short``: ``V♠``) and
        says it (``name``: ``schoppenvrouw``, for a screen reader); ``held`` is each seat's number of
        cards as the table sees them, a pass chosen but not yet exchanged still in the hand;
        ``variant`` and ``bots`` are the names the table shows.
        """
        words = texts.WORDS[language]
        question = ""
        if v.legal_moves and v.phase is Phase.ANNOUNCING:
            question = words["announce"]
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
            "moves": [texts.move_text(move, language) for move in v.legal_moves],
            "cards": cards,
            "held": list(held_cards(v)),
            "variant": texts.variant_text(self.variant, language) if self.variant else "",
            "bots": bots,
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
                seats = ", ".join(str(seat) for seat in result.announcers)
                notes.append(words["announced_note"].format(seats=seats))
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

    def wait(self, after: int, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for a move after number ``after``; whether there is one."""
        with self._cond:
            self._cond.wait_for(lambda: self._seq > after or self._closed, timeout=timeout)
            return self._seq > after

    # ---------------------------------------------------------------- moves

    def submit(self, seat: int, data: object, language: Language | None = None) -> Reply:
        """Make the move in ``data`` (the ``move`` of a move request) for ``seat``, or say why not.

        The game changes only when the reply is 200: a move that does not read
        is 400, a move for another seat 403, one the rules forbid 409 with the
        engine's code and sentence, and the reason in ``language`` (the table's
        language by default) as ``text``.
        """
        try:
            move = loads(json.dumps(data))
        except FormatError as error:
            return error_message(400, f"the move does not read: {error}")
        if not isinstance(move, _MOVES):
            return error_message(400, f"a {type(move).__name__} is not a move")
        if move.seat != seat:
            return error_message(403, f"this page plays seat {seat}: it cannot move for seat {move.seat}")
        with self._cond:
            if self._closed:
                return error_message(409, "the table is closed")
            reason = explain(self._state, move)
            if reason is not None:
                seen = view(self._state, seat)
                return 409, {
                    "protocol": PROTOCOL_VERSION,
                    "type": "illegal",
                    "code": str(reason.code),
                    "message": reason.message,
                    "text": texts.reason(reason, move, seen, language or self.language),
                }
            self._apply(move)
            return 200, {"protocol": PROTOCOL_VERSION, "type": "accepted", "seq": self._seq}

    def _apply(self, move: Play | Pass | Announce | MoonChoice) -> None:
        """Make a legal move (the lock is held)."""
        self._state, events = step(self._state, move)
        self._record = self._record.add(move)
        self._seq += 1
        self._log.append((self._seq, events))
        self._cond.notify_all()

    # ---------------------------------------------------------------- bots

    def start(self) -> None:
        """Start the bots' thread (it stops with `close` or when the game is over)."""
        if self._bots and self._thread is None:
            self._thread = threading.Thread(target=self._run_bots, name="hartenjagen-bots", daemon=True)
            self._thread.start()

    def close(self) -> None:
        """Stop the bots and wake every waiting stream."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _bot_to_move(self, state: State) -> int | None:
        return next((seat for seat in state.to_move if seat in self._bots), None)

    def _run_bots(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(
                    lambda: self._closed or self._state.is_over or self._bot_to_move(self._state) is not None
                )
                if self._closed or self._state.is_over:
                    return
                state = self._state
                if self.delay and state.phase is not Phase.PASSING:  # passing is at once, playing at a pace
                    self._cond.wait(timeout=self.delay)
                    if self._closed:
                        return
                    if self._state is not state:
                        continue
            seat = self._bot_to_move(state)
            if seat is None:
                continue
            bot = self._bots[seat]
            try:
                move = bot.choose(view(state, seat))  # outside the lock: a bot may think a while
            except Exception as error:
                self._fail(f"the {bot.name} bot at seat {seat} failed: {error!r}")
                return
            with self._cond:
                if self._state is not state:  # a human moved meanwhile: think again
                    continue
                reason = explain(state, move)
                if reason is not None or getattr(move, "seat", None) != seat:
                    why = reason.message if reason is not None else "a move for another seat"
                    self._fail(f"the {bot.name} bot at seat {seat} chose {move!r}, which is not legal: {why}")
                    return
                self._apply(move)

    def _fail(self, message: str) -> None:
        print(f"hartenjagen serve: {message}", file=sys.stderr)
        with self._cond:
            self._failure = message
            self._seq += 1
            self._log.append((self._seq, ()))
            self._cond.notify_all()
