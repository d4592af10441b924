"""Text for a game at a terminal: one seat's view as a few lines, typed moves, a prompt loop and the score sheet.

Shared by ``hartenjagen play`` ([`hartenjagen.cli`][hartenjagen.cli]) and
``examples/terminal_table.py``. Everything that is drawn comes from a
[`PlayerView`][hartenjagen.frontend.views.PlayerView]; the drawing itself ([`show`][hartenjagen.frontend.drawing.show],
[`hand_text`][hartenjagen.frontend.drawing.hand_text] ...) lives in
[`hartenjagen.frontend.drawing`][hartenjagen.frontend.drawing], which `str(view)` and
`str(state)` use too, and is importable from here as before. The prompt loop checks a typed move
with [`explain`][hartenjagen.engine.explain] and shows the engine's reason when it
is refused, in the player's language ([`refusal`][hartenjagen.frontend.texts.refusal]). Texts are
English (``"en"``) or Dutch (``"nl"``), from the message catalogue
([`hartenjagen.frontend.texts`][hartenjagen.frontend.texts]); events are put in words by
[`describe`][hartenjagen.frontend.describe.describe].

```pycon
>>> import hartenjagen as hj
>>> from hartenjagen.cli import terminal
>>> state = hj.new_game(hj.variants.STANDARD, seed=3)
>>> print(terminal.show(hj.view(state, 0), "en").splitlines()[1])
Hand 1, dealt by you; passing.

```
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import attrs

from hartenjagen.cards import AnyCard
from hartenjagen.core import State
from hartenjagen.engine import explain
from hartenjagen.errors import CardParseError, IllegalMove
from hartenjagen.frontend import texts as _texts
from hartenjagen.frontend.describe import announced_note, count_turns
from hartenjagen.frontend.drawing import (
    card_symbols,
    hand_text,
    move_choices,
    numbered,
    pass_choices,
    show,
    taken_points,
)
from hartenjagen.frontend.notation import Language, parse_move, parse_typed_card, parse_typed_cards
from hartenjagen.frontend.texts import text
from hartenjagen.frontend.views import PlayerView, validate_view, view
from hartenjagen.moves import Announce, MoonChoice, Move, Pass, Play
from hartenjagen.rules import Rules
from hartenjagen.rules.extras import Miezen
from hartenjagen.rules.scoring import CardPoints
from hartenjagen.values import HandResult, Phase

__all__ = [
    "WORDS",
    "ask",
    "count_turns",
    "direction_text",
    "hand_text",
    "move_choices",
    "move_text",
    "numbered",
    "pass_choices",
    "read_move",
    "score_sheet",
    "show",
    "taken_points",
]

T = TypeVar("T")

#: The words of the table (kept here under their old name; they live in [`hartenjagen.frontend.texts`][hartenjagen.frontend.texts]).
WORDS = _texts.WORDS
PHASES = _texts.PHASES


#: Where the cards go (kept here for existing callers; it lives in [`hartenjagen.frontend.texts`][hartenjagen.frontend.texts]).
direction_text = _texts.direction_text
#: A move as a player would type or click it (kept here; it lives in [`hartenjagen.frontend.texts`][hartenjagen.frontend.texts]).
move_text = _texts.move_text


def _pick(word: str, items: Sequence[T]) -> T:
    number = int(word)
    if not 1 <= number <= len(items):
        raise IndexError(number, len(items))
    return items[number - 1]


def read_move(typed: str, v: PlayerView, language: Language = "en") -> Move:
    """The move a player typed, given their view (not yet checked against the rules).

    Accepts a number from the list ([`move_choices`][hartenjagen.frontend.drawing.move_choices], [`pass_choices`][hartenjagen.frontend.drawing.pass_choices]), a card (``QS``, ``q♠``, ``10h``, ``♠Q``,
    ``queen of spades``; in Dutch also ``VS``, ``B♣``, ``schoppenvrouw``: see
    [`parse_card`][hartenjagen.frontend.notation.parse_card]), the full notation (``play 0 QS``),
    ``yes``/``no`` (``ja``/``nee``) to an announcement, a moon option, and for passing several
    cards or numbers separated by spaces. Unreadable text raises ``ValueError`` with a
    sentence; a number not in the list raises ``IndexError(number, count)``.
    """
    validate_view(v)  # a view from outside must be one a game shows (ViewError)
    seat = v.seat if v.seat is not None else 0
    words = typed.replace(",", " ").split()
    if not words:
        raise ValueError(text("table.type_a_move", language))
    if v.pass_options:
        listed = pass_choices(v)
        cards: list[AnyCard] = []
        rest: list[str] = []
        for word in [*words, ""]:
            if word.isdigit() or not word:
                if rest:
                    cards += parse_typed_cards(" ".join(rest), language)
                    rest = []
                if word:
                    cards.append(_pick(word, listed))
            else:
                rest.append(word)
        return Pass(seat, cards)
    if len(words) == 1 and words[0].isdigit():
        return _pick(words[0], move_choices(v))
    word = words[0].lower()
    notation = len(words) > 1 and word in _COMMANDS  # the full notation: ``announce 0 yes``
    if v.phase is Phase.ANNOUNCING and not notation:
        choices = {m.choice.lower(): m for m in v.legal_moves if isinstance(m, Announce) and m.choice}
        if len(words) == 1 and word in choices:
            return choices[word]  # a house rule's own choice, by its word (``qs``)
        if len(words) == 1 and word in _YES + _NO:
            return Announce(seat, word in _YES)
        if choices:
            offered = ", ".join(m.choice or "" for m in choices.values())
            raise ValueError(text("table.answer_choice", language, options=offered))
        raise ValueError(text("table.answer_yes_no", language))
    if v.phase is Phase.MOON_CHOICE and not notation:
        options = [move.option.value for move in v.legal_moves if isinstance(move, MoonChoice)]
        if len(words) == 1 and word in options:
            return MoonChoice(seat, word)
        raise ValueError(text("table.answer_option", language, options=", ".join(options)))
    try:
        return Play(seat, parse_typed_card(typed.strip(), language))
    except CardParseError:
        if notation:
            return parse_move(typed)
        if len(words) > 1 and all(_one_move(part, language) for part in words):
            raise ValueError(text("table.one_move", language)) from None
        raise


#: The first words of the full notation (``play 0 QS``), and the answers to an announcement.
_COMMANDS = ("play", "pass", "announce", "moon")
_YES = ("yes", "y", "ja", "j")
_NO = ("no", "n", "nee")


def _one_move(word: str, language: Language) -> bool:
    """Whether ``word`` alone would be a move: a number or a card (to tell ``1 2`` from a typo)."""
    if word.isdigit():
        return True
    try:
        parse_typed_card(word, language)
    except CardParseError:
        return False
    return True


def _without(options: Sequence[AnyCard], chosen: Iterable[AnyCard]) -> tuple[AnyCard, ...]:
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
    [`explain`][hartenjagen.engine.explain]'s reason, in ``language``
    ([`refusal`][hartenjagen.frontend.texts.refusal]), and a new prompt. With
    ``gather``, a pass may be chosen a few cards at a time: the cards typed so
    far are kept (if the engine would take them) and the rest asked for, with
    the remaining cards numbered again; ``-`` starts the choice again.
    """
    full = view(state, seat)
    say(show(full, language))
    shown = full
    chosen: tuple[AnyCard, ...] = ()

    def refused(problem: IllegalMove) -> None:
        say(text("table.illegal", language, reason=_texts.refusal(problem, language)))

    while True:
        typed = read(text("table.prompt", language))
        if typed.strip().lower() in ("help", "?", "hulp"):
            say(text("table.help", language))
            continue
        if gather and chosen and typed.strip() == "-":
            chosen, shown = (), full
            say(text("table.cleared", language))
            say(numbered(card_symbols(pass_choices(shown), language)))
            continue
        try:
            move = read_move(typed, shown, language)
        except IndexError as error:
            say(text("table.number", language, number=error.args[0], last=error.args[1]))
            continue
        except CardParseError as error:
            # Which word did not read (of several), and what to type instead.
            word = error.text if isinstance(error.text, str) and error.text.strip() else typed
            say(
                text(
                    "table.unreadable",
                    language,
                    text=word.strip(),
                    error=text("table.unreadable_hint", language),
                )
            )
            continue
        except ValueError as error:  # the prompt's own sentence (one move at a time; yes or no) or a notation
            say(text("table.unreadable", language, text=typed.strip(), error=error))
            continue
        if gather and isinstance(move, Pass) and full.pass_options:
            cards = (*chosen, *move.cards)
            if len(cards) < full.pass_count:
                filler = _without(full.pass_options, cards)[: full.pass_count - len(cards)]
                problem = explain(state, Pass(seat, (*cards, *filler)))
                if problem is not None:
                    refused(problem)
                    continue
                chosen = cards
                shown = attrs.evolve(full, pass_options=_without(full.pass_options, chosen))
                names = " ".join(card_symbols(chosen, language))
                say(text("table.chosen", language, cards=names, count=full.pass_count - len(chosen)))
                say(numbered(card_symbols(pass_choices(shown), language)))
                continue
            move = Pass(seat, cards)
        problem = explain(state, move)
        if problem is None:
            return move
        refused(problem)


def score_sheet(rules: Rules, sheet: Sequence[HandResult], language: Language = "en") -> str:
    """The score sheet as text: per hand the points each seat scored and, below, the running totals.

    Totals are shown as the players write them (a count-down game counts down
    from its start: [`Ending.display`][hartenjagen.rules.ending.Ending.display]); notes say who
    shot the moon, who revoked, and who announced (miezen) with what it did to their total.
    """
    words = _texts.words(language)
    players = rules.players
    width = max(8, len(words["seat"]) + 4)
    head = f"{words['sheet_hand']:>6} {words['sheet_dealer']:>6} " + "".join(
        f"{words['seat'] + ' ' + str(seat):>{width}}" for seat in range(players)
    )
    lines = [f"{words['sheet']}:", head]
    before = rules.ending.display((0,) * players)
    for result_index, result in enumerate(sheet):
        shown = rules.ending.display(result.totals)
        points = "".join(f"{after - was:>+{width}}" for after, was in zip(shown, before, strict=True))
        notes = []
        if result.shooter is not None:
            notes.append(text("sheet.moon", language, seat=result.shooter))
        notes += _announcement_notes(rules, result, language)
        if result.revoke is not None:
            notes.append(text("sheet.revoke", language, seat=result.revoke))
        if count_turns(rules, sheet[: result_index + 1]):
            notes.append(text("sheet.second_half", language))
        note = "   " + "; ".join(notes) if notes else ""
        lines.append(f"{result.hand_index + 1:>6} {result.dealer:>6} {points}{note}")
        lines.append(" " * 14 + "".join(f"{total:>{width}}" for total in shown))
        before = shown
    return "\n".join(lines)


def _announcement_notes(rules: Rules, result: HandResult, language: Language) -> list[str]:
    """Per announcer, whether the mies was made and the points it gave (``−10`` made, ``+10`` failed)."""
    if not result.announcers:
        return []
    mies = next((extra for extra in rules.extras if isinstance(extra, Miezen)), None)
    if mies is None:
        return [announced_note(rules, result.announcers, language)]
    # A mies fails on any penalty card taken; with a plain table of card values and no negative
    # card, that is exactly a hand with raw points above 0.
    scoring = rules.scoring
    exact = isinstance(scoring, CardPoints) and all(value > 0 for _, value in scoring.values)
    notes = []
    for seat in result.announcers:
        if not exact:
            notes.append(
                text("sheet.mies_either", language, seat=seat, points=-mies.points, failed=mies.points)
            )
        elif result.raw[seat] > 0:
            notes.append(text("sheet.mies_failed", language, seat=seat, points=mies.points))
        else:
            notes.append(text("sheet.mies_made", language, seat=seat, points=-mies.points))
    return notes
