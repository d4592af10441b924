"""Text for a game at a terminal: one seat's view as a few lines, typed moves, a prompt loop and the score sheet.

Shared by ``hartenjagen play`` (:mod:`hartenjagen.cli`) and
``examples/terminal_table.py``. Everything that is drawn comes from a
:class:`~hartenjagen.views.PlayerView`; the prompt loop checks a typed move
with :func:`~hartenjagen.engine.explain` and shows the engine's reason when it
is refused. Texts are English (``"en"``) or Dutch (``"nl"``); events are put
in words by :func:`~hartenjagen.describe.describe`.

>>> import hartenjagen as hj
>>> from hartenjagen import terminal
>>> state = hj.new_game(hj.variants.STANDARD, seed=3)
>>> print(terminal.show(hj.view(state, 0), "en").splitlines()[1])
Hand 1, dealt by seat 0; passing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import attrs

from hartenjagen.cards import Card, Rank, parse_cards
from hartenjagen.describe import describe
from hartenjagen.engine import explain
from hartenjagen.events import MoonChosen
from hartenjagen.moves import Announce, MoonChoice, Move, Pass, Play
from hartenjagen.notation import Language, NotationError, by_suit, format_card, format_move, parse_move
from hartenjagen.rules import Rules
from hartenjagen.rules.passing import PassDirection
from hartenjagen.state import HandResult, Phase, State
from hartenjagen.views import PlayerView, validate_view, view

__all__ = [
    "WORDS",
    "ask",
    "direction_text",
    "hand_text",
    "move_text",
    "numbered",
    "read_move",
    "score_sheet",
    "show",
]

T = TypeVar("T")

#: The words of the table itself, in both languages (the events come from ``describe``).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "hand": "Your hand",
        "trick": "On the table",
        "empty": "(nothing yet)",
        "scores": "Scores",
        "seat": "seat",
        "moves": "Your moves",
        "pass": "Choose {count} cards to pass {direction} (cards or numbers, separated by spaces)",
        "return": "Choose {count} of the cards you received to pass back (cards or numbers)",
        "chosen": "Chosen so far: {cards}. Choose {count} more ('-' starts again):",
        "cleared": "Nothing chosen yet.",
        "announce": "Announce that you will take no penalty card this hand?",
        "moon": "You took every penalty card! Choose how the moon is scored:",
        "prompt": "Your move: ",
        "illegal": "Not allowed: {reason}.",
        "unreadable": "Cannot read {text!r}: {error}",
        "number": "There is no move {number}: choose 1 to {last}.",
        "bye": "Bye.",
        "header": "Hand {hand}, dealt by seat {dealer}; {phase}.",
        "yes": "yes",
        "no": "no",
        "sheet": "Score sheet",
        "sheet_hand": "hand",
        "sheet_dealer": "dealer",
        "moon_note": "moon: seat {seat}",
        "announced_note": "announced: {seats}",
        "revoke_note": "revoke: seat {seat}",
    },
    "nl": {
        "hand": "Je kaarten",
        "trick": "Op tafel",
        "empty": "(nog niets)",
        "scores": "Stand",
        "seat": "speler",
        "moves": "Je zetten",
        "pass": "Kies {count} kaarten om {direction} door te geven (kaarten of nummers, met spaties)",
        "return": "Kies {count} van de gekregen kaarten om terug te geven (kaarten of nummers)",
        "chosen": "Gekozen: {cards}. Kies er nog {count} ('-' begint opnieuw):",
        "cleared": "Nog niets gekozen.",
        "announce": "Miezen: je haalt deze ronde geen strafkaart?",
        "moon": "Je hebt alle strafkaarten gehaald! Kies hoe dat telt:",
        "prompt": "Jouw zet: ",
        "illegal": "Dat mag niet: {reason}.",
        "unreadable": "Kan {text!r} niet lezen: {error}",
        "number": "Er is geen zet {number}: kies 1 tot en met {last}.",
        "bye": "Tot ziens.",
        "header": "Ronde {hand}, gedeeld door speler {dealer}; {phase}.",
        "yes": "ja",
        "no": "nee",
        "sheet": "Scorebriefje",
        "sheet_hand": "ronde",
        "sheet_dealer": "gever",
        "moon_note": "alles: speler {seat}",
        "announced_note": "gemiesd: {seats}",
        "revoke_note": "verzaakt: speler {seat}",
    },
}
PHASES: dict[str, dict[Phase, str]] = {
    "en": {
        Phase.PASSING: "passing",
        Phase.ANNOUNCING: "announcing",
        Phase.PLAYING: "playing",
        Phase.MOON_CHOICE: "moon choice",
        Phase.GAME_OVER: "game over",
    },
    "nl": {
        Phase.PASSING: "doorgeven",
        Phase.ANNOUNCING: "miezen",
        Phase.PLAYING: "spelen",
        Phase.MOON_CHOICE: "keuze",
        Phase.GAME_OVER: "einde",
    },
}
_DIRECTION_WORDS: dict[str, dict[PassDirection, str]] = {
    "en": {
        PassDirection.LEFT: "to the left",
        PassDirection.RIGHT: "to the right",
        PassDirection.ACROSS: "to the player across",
        PassDirection.SECOND_LEFT: "to the second seat on the left",
        PassDirection.SECOND_RIGHT: "to the second seat on the right",
        PassDirection.DEALER: "to the dealer",
        PassDirection.HOLD: "nowhere",
    },
    "nl": {
        PassDirection.LEFT: "naar links",
        PassDirection.RIGHT: "naar rechts",
        PassDirection.ACROSS: "naar de overkant",
        PassDirection.SECOND_LEFT: "naar de tweede speler links",
        PassDirection.SECOND_RIGHT: "naar de tweede speler rechts",
        PassDirection.DEALER: "naar de gever",
        PassDirection.HOLD: "niet",
    },
}


def _words(language: str) -> dict[str, str]:
    if language not in WORDS:
        raise NotationError(f"language must be 'en' or 'nl', not {language!r}")
    return WORDS[language]


def direction_text(direction: PassDirection, language: Language = "en") -> str:
    """Where the cards go, as the end of a sentence: ``to the left``, ``naar de overkant``."""
    _words(language)
    return _DIRECTION_WORDS[language][direction]


def move_text(move: Move, language: Language = "en") -> str:
    """A move as a player would type or click it: ``Q♠`` for a play, ``yes``/``ja``, a moon option."""
    words = _words(language)
    if isinstance(move, Play):
        return format_card(move.card, "symbol")
    if isinstance(move, Announce):
        return words["yes"] if move.announce else words["no"]
    if isinstance(move, MoonChoice):
        # "Seat 0: the others score the moon." -> "others_plus: the others score the moon"
        sentence = describe(MoonChosen(move.seat, move.option), language).partition(": ")[2].rstrip(".")
        return f"{move.option.value}: {sentence}"
    return format_move(move, "symbol")


def numbered(items: Iterable[str]) -> str:
    """``1) Q♠  2) 10♥ ...``: the choices with the numbers a player may type."""
    return "  ".join(f"{number}) {item}" for number, item in enumerate(items, start=1))


def _rank_text(card: Card) -> str:
    return "10" if card.rank == Rank.TEN else card.rank.letter


def hand_text(cards: Iterable[Card]) -> str:
    """Cards grouped by suit with the suit symbols: ``♣ 2 5 K   ♦ 10 J   ♠ Q   ♥ 3 A`` (empty suits left out)."""
    return "   ".join(
        suit.symbol + " " + " ".join(_rank_text(card) for card in group)
        for suit, group in by_suit(cards).items()
        if group
    )


def show(v: PlayerView, language: Language = "en") -> str:
    """One seat's view as a few lines: a header, the hand by suit, the trick, the scores and the choices.

    The hand is grouped by suit (clubs, diamonds, spades, hearts) with the suit
    symbols; the moves a player may choose are numbered from 1 (in the passing
    phase: the cards that may be passed).
    """
    validate_view(v)  # a view from outside must be one a game shows (ViewError)
    words = _words(language)
    phase = PHASES[language][v.phase]
    lines = ["", words["header"].format(hand=v.hand_index + 1, dealer=v.dealer, phase=phase)]
    lines.append(f"{words['hand']}: {hand_text(v.hand) or words['empty']}")
    trick = ", ".join(f"{words['seat']} {play.seat} {format_card(play.card, 'symbol')}" for play in v.trick)
    lines.append(f"{words['trick']}: {trick or words['empty']}")
    scores = "  ".join(f"{words['seat']} {seat}: {score}" for seat, score in enumerate(v.display_scores))
    lines.append(f"{words['scores']}: {scores}")
    if v.pass_options:
        if v.pass_stage:
            lines.append(words["return"].format(count=v.pass_count) + ":")
        else:
            direction = direction_text(v.pass_direction, language)
            lines.append(words["pass"].format(count=v.pass_count, direction=direction) + ":")
        lines.append(numbered(format_card(card, "symbol") for card in v.pass_options))
    elif v.legal_moves:
        if v.phase is Phase.ANNOUNCING:
            lines.append(words["announce"])
        elif v.phase is Phase.MOON_CHOICE:
            lines.append(words["moon"])
        else:
            lines.append(f"{words['moves']}:")
        lines.append(numbered(move_text(move, language) for move in v.legal_moves))
    return "\n".join(lines)


def _pick(word: str, items: Sequence[T]) -> T:
    number = int(word)
    if not 1 <= number <= len(items):
        raise IndexError(number, len(items))
    return items[number - 1]


def read_move(text: str, v: PlayerView) -> Move:
    """The move a player typed, given their view (not yet checked against the rules).

    Accepts a number from the list, a card (``QS``, ``q♠``, ``10h``, ``♠Q``),
    the full notation (``play 0 QS``), ``yes``/``no`` (``ja``/``nee``) to an
    announcement, a moon option, and for passing several cards or numbers
    separated by spaces. Unreadable text raises ``ValueError`` with a
    sentence; a number not in the list raises ``IndexError(number, count)``.
    """
    validate_view(v)  # a view from outside must be one a game shows (ViewError)
    seat = v.seat if v.seat is not None else 0
    words = text.replace(",", " ").split()
    if not words:
        raise ValueError("type a move")
    if v.pass_options:
        cards = [_pick(word, v.pass_options) if word.isdigit() else parse_cards([word])[0] for word in words]
        return Pass(seat, cards)
    if len(words) == 1 and words[0].isdigit():
        return _pick(words[0], v.legal_moves)
    if len(words) > 1:
        return parse_move(text)
    word = words[0].lower()
    if v.phase is Phase.ANNOUNCING and word in ("yes", "no", "ja", "nee", "y", "n", "j"):
        return Announce(seat, word in ("yes", "ja", "y", "j"))
    if v.phase is Phase.MOON_CHOICE:
        return MoonChoice(seat, word)
    return Play(seat, words[0])


def _without(options: Sequence[Card], chosen: Iterable[Card]) -> tuple[Card, ...]:
    """``options`` less the cards in ``chosen`` (each copy once, for a double deck)."""
    left = Counter(chosen)
    out = []
    for card in options:
        if left[card]:
            left[card] -= 1
        else:
            out.append(card)
    return tuple(out)


def ask(
    state: State,
    seat: int,
    language: Language,
    read: Callable[[str], str],
    say: Callable[[str], None],
    *,
    gather: bool = False,
) -> Move:
    """Show ``seat`` its view and ask for a move until the engine accepts one; return it.

    ``read(prompt)`` returns a line the player typed (``input`` at a terminal)
    and ``say(text)`` shows text. A move the engine refuses is answered with
    :func:`~hartenjagen.engine.explain`'s reason and a new prompt. With
    ``gather``, a pass may be chosen a few cards at a time: the cards typed so
    far are kept (if the engine would take them) and the rest asked for, with
    the remaining cards numbered again; ``-`` starts the choice again.
    """
    words = _words(language)
    full = view(state, seat)
    say(show(full, language))
    shown = full
    chosen: tuple[Card, ...] = ()
    while True:
        text = read(words["prompt"])
        if gather and chosen and text.strip() == "-":
            chosen, shown = (), full
            say(words["cleared"])
            say(numbered(format_card(card, "symbol") for card in shown.pass_options))
            continue
        try:
            move = read_move(text, shown)
        except IndexError as error:
            say(words["number"].format(number=error.args[0], last=error.args[1]))
            continue
        except ValueError as error:
            say(words["unreadable"].format(text=text.strip(), error=error))
            continue
        if gather and isinstance(move, Pass) and full.pass_options:
            cards = (*chosen, *move.cards)
            if len(cards) < full.pass_count:
                filler = _without(full.pass_options, cards)[: full.pass_count - len(cards)]
                reason = explain(state, Pass(seat, (*cards, *filler)))
                if reason is not None:
                    say(words["illegal"].format(reason=reason.message))
                    continue
                chosen = cards
                shown = attrs.evolve(full, pass_options=_without(full.pass_options, chosen))
                names = " ".join(format_card(card, "symbol") for card in chosen)
                say(words["chosen"].format(cards=names, count=full.pass_count - len(chosen)))
                say(numbered(format_card(card, "symbol") for card in shown.pass_options))
                continue
            move = Pass(seat, cards)
        problem = explain(state, move)
        if problem is None:
            return move
        say(words["illegal"].format(reason=problem.message))


def score_sheet(rules: Rules, sheet: Sequence[HandResult], language: Language = "en") -> str:
    """The score sheet as text: per hand the points each seat scored and, below, the running totals.

    Totals are shown as the players write them (a count-down game counts down
    from its start: :meth:`Ending.display <hartenjagen.rules.ending.Ending.display>`); notes say who
    shot the moon, who announced and who revoked.
    """
    words = _words(language)
    players = rules.players
    width = max(8, len(words["seat"]) + 4)
    head = f"{words['sheet_hand']:>6} {words['sheet_dealer']:>6} " + "".join(
        f"{words['seat'] + ' ' + str(seat):>{width}}" for seat in range(players)
    )
    lines = [f"{words['sheet']}:", head]
    before = rules.ending.display((0,) * players)
    for result in sheet:
        shown = rules.ending.display(result.totals)
        points = "".join(f"{after - was:>+{width}}" for after, was in zip(shown, before, strict=True))
        notes = []
        if result.shooter is not None:
            notes.append(words["moon_note"].format(seat=result.shooter))
        if result.announcers:
            seats = ", ".join(str(seat) for seat in result.announcers)
            notes.append(words["announced_note"].format(seats=seats))
        if result.revoke is not None:
            notes.append(words["revoke_note"].format(seat=result.revoke))
        note = "   " + "; ".join(notes) if notes else ""
        lines.append(f"{result.hand_index + 1:>6} {result.dealer:>6} {points}{note}")
        lines.append(" " * 14 + "".join(f"{total:>{width}}" for total in shown))
        before = shown
    return "\n".join(lines)
