"""The message catalogue: every sentence a player or user reads, in English and Dutch.

One place for the words of the ``hartenjagen`` command ([`hartenjagen.cli`][hartenjagen.cli]), the
terminal table ([`hartenjagen.cli.terminal`][hartenjagen.cli.terminal]), the event sentences
([`hartenjagen.frontend.describe.describe`][hartenjagen.frontend.describe.describe]), the rules in words
(``hartenjagen rules``) and the reasons the engine gives for refusing a move. Each entry has a
key, an English and a Dutch sentence with the same ``str.format`` fields;
[`text`][hartenjagen.frontend.texts.text] looks one up and fills it in, and
[`refusal`][hartenjagen.frontend.texts.refusal] says in the player's language why a move was refused.
The entries themselves are in ``hartenjagen/catalogue.py``, one line each.

```pycon
>>> from hartenjagen.frontend.texts import text
>>> text("event.card_played", "nl", seat=2, card="schoppenvrouw")
'Speler 2 speelt schoppenvrouw.'
>>> text("refusal.wrong_pass_count", "en", count=3, given=2)
'pass exactly 3 cards, not 2'

```

The keys are grouped by a prefix: ``table.`` (the terminal table and the prompt), ``sheet.``
(the score sheet), ``play.`` and ``replay.`` (the command's sessions), ``cli.`` (its options
and errors), ``simulate.``, ``rules.`` (the rules in words: ``rules.module.<Class>`` for each
built-in module's rule, ``rules.preset.<name>`` for each preset's summary), ``event.``,
``phase.``, ``direction.``, ``moon.``, ``doing.``, ``turn.``, ``bot.`` and ``variant.`` (the names
the table shows), ``serve.`` (the ``hartenjagen serve`` command), ``web.`` (the web service's lobby), ``argparse.`` (argparse's own words, by its English) and ``refusal.`` (why a move is
illegal: ``refusal.<code>`` by the [`IllegalMoveCode`][hartenjagen.errors.IllegalMoveCode] value where
one sentence belongs to one code, ``refusal.play`` and ``refusal.pass`` around a rule's reason,
``refusal.opening.``, ``refusal.leading``, ``refusal.first_trick``, ``refusal.passing.`` and
``refusal.extras.`` for the rule modules' reasons).
"""

from __future__ import annotations

import enum
import re
import string
from collections.abc import Mapping
from functools import cache
from typing import Final

from hartenjagen.cards import Card, Suit
from hartenjagen.catalogue import ENTRIES
from hartenjagen.errors import CardParseError, HartenjagenError, IllegalMove
from hartenjagen.frontend.notation import Language, NotationError, format_card, format_move, suit_name
from hartenjagen.frontend.views import PlayerView
from hartenjagen.moves import Announce, MoonChoice, Move, Play
from hartenjagen.rules import Rules
from hartenjagen.rules.extras import has_choices
from hartenjagen.rules.routes import BUILT_IN, PassRoute
from hartenjagen.values import Phase

__all__ = [
    "CATALOGUE",
    "DIRECTIONS",
    "LANGUAGES",
    "PHASES",
    "WORDS",
    "MessageError",
    "bot_text",
    "choice_text",
    "direction_text",
    "language",
    "move_text",
    "placeholders",
    "plural",
    "reason",
    "refusal",
    "rule_text",
    "text",
    "variant_text",
    "words",
]

#: The languages of the catalogue, in the order of its entries.
LANGUAGES: Final[tuple[Language, ...]] = ("en", "nl")

#: Every entry: ``CATALOGUE[key] == (english, dutch)``.
CATALOGUE: Final[Mapping[str, tuple[str, str]]] = ENTRIES


class MessageError(HartenjagenError):
    """A key the catalogue does not have, or values that do not fit its sentence."""


def language(value: object) -> Language:
    """``value`` if it is ``"en"`` or ``"nl"``; anything else raises [`NotationError`][hartenjagen.frontend.notation.NotationError]."""
    if value == "en":
        return "en"
    if value == "nl":
        return "nl"
    raise NotationError(CATALOGUE["texts.language"][0].format(value=value))


def _entry(key: str) -> tuple[str, str]:
    try:
        return CATALOGUE[key]
    except (KeyError, TypeError):
        raise MessageError(f"the message catalogue has no entry {key!r}") from None


@cache
def _fields(sentence: str) -> frozenset[str]:
    return frozenset(name.partition("!")[0] for _, name, _, _ in string.Formatter().parse(sentence) if name)


def placeholders(key: str) -> frozenset[str]:
    """The names a sentence needs (``{seat}``, ``{card}``, ...), the same in every language."""
    return _fields(_entry(key)[0])


def text(key: str, lang: Language = "en", /, **values: object) -> str:
    """The sentence ``key`` in ``lang`` with ``values`` filled in.

    Every field of the sentence must be given, and nothing else: a missing or
    extra value, or an unknown key, raises [`MessageError`][hartenjagen.frontend.texts.MessageError];
    a language other than ``"en"`` or ``"nl"`` raises [`NotationError`][hartenjagen.frontend.notation.NotationError].
    """
    sentence = _entry(key)[LANGUAGES.index(language(lang))]
    wanted = _fields(sentence)
    if wanted != values.keys():
        missing = ", ".join(sorted(wanted - values.keys())) or "nothing"
        extra = ", ".join(sorted(values.keys() - wanted)) or "nothing"
        raise MessageError(f"message {key!r} needs {missing} more and {extra} less")
    return sentence.format(**values) if wanted else sentence


def _group(prefix: str, lang: Language) -> dict[str, str]:
    """The raw sentences of one group (``table.``), by the key after the prefix."""
    column = LANGUAGES.index(lang)
    return {key[len(prefix) :]: entry[column] for key, entry in CATALOGUE.items() if key.startswith(prefix)}


#: The score sheet's entries by the names ``WORDS`` has always given them.
_SHEET_WORDS: Final = {
    "sheet": "sheet.title", "sheet_hand": "sheet.hand", "sheet_dealer": "sheet.dealer", "moon_note": "sheet.moon",
    "announced_note": "sheet.announced", "mies_made": "sheet.mies_made", "mies_failed": "sheet.mies_failed",
    "mies_either": "sheet.mies_either", "revoke_note": "sheet.revoke",
}  # fmt: skip

#: The sentences of the table, the score sheet and the command, per language, by their short
#: names (``WORDS["nl"]["hand"]``), as ``str.format`` templates; kept for frontends that read them.
WORDS: Final[dict[str, dict[str, str]]] = {
    lang: {
        **_group("table.", lang),
        **_group("play.", lang),
        **_group("replay.", lang),
        **{old: CATALOGUE[key][column] for old, key in _SHEET_WORDS.items()},
    }
    for column, lang in enumerate(LANGUAGES)
}

#: The phases as the header of the table names them.
PHASES: Final[dict[str, dict[Phase, str]]] = {
    lang: {phase: text(f"phase.{phase.value}", lang) for phase in Phase} for lang in LANGUAGES
}

#: Where passed cards go along each built-in route, as the end of a sentence (a route of one's own
#: says it in its own words: [`PassRoute.words`][hartenjagen.rules.routes.PassRoute.words]).
DIRECTIONS: Final[dict[str, dict[PassRoute, str]]] = {
    lang: {route: route.words(lang) for route in BUILT_IN.values()} for lang in LANGUAGES
}


def words(lang: str) -> dict[str, str]:
    """The table's sentences of ``lang`` ([`WORDS`][hartenjagen.frontend.texts.WORDS]); another language raises ``NotationError``."""
    return WORDS[language(lang)]


def direction_text(direction: PassRoute, lang: Language = "en") -> str:
    """Where the cards go, as the end of a sentence: ``to the left``, ``naar de overkant`` (as in the events).

    The route's own words ([`PassRoute.words`][hartenjagen.rules.routes.PassRoute.words]).
    """
    return direction.words(str(language(lang)))


def choice_text(rules: Rules | None, choice: str, lang: Language = "en") -> str:
    """An announcement's ``choice`` in the words of the rule that offers it ("to expose the Q♠"), else the choice."""
    lang = language(lang)
    for extra in () if rules is None else rules.extras:
        if has_choices(extra):
            words = extra.choice_words(choice, lang)
            if isinstance(words, str) and words.strip():
                return words.strip()
    return choice


def move_text(move: Move, lang: Language = "en", rules: Rules | None = None) -> str:
    """A move as a player would type or click it: ``Q♠`` for a play (``V♠`` in Dutch), ``yes``/``ja``, a moon option.

    An announcement's own choice reads in its rule's words when ``rules`` are given ("to expose the Q♠"),
    else as its word (``QS``).
    """
    lang = language(lang)
    if isinstance(move, Play):
        return format_card(move.card, "symbol", lang)
    if isinstance(move, Announce) and move.choice is not None:
        if rules is None:
            return move.choice
        return choice_text(rules, move.choice, lang)
    if isinstance(move, Announce):
        return text("table.yes" if move.announce else "table.no", lang)
    if isinstance(move, MoonChoice):
        sentence = text(f"moon.{move.option.value}", lang)
        return text("table.moon_option", lang, option=move.option.value, sentence=sentence)
    return format_move(move, "symbol")


def variant_text(name: str, lang: Language = "en") -> str:
    """A preset's name as the table shows it: ``dutch``; in Dutch ``Nederlands hartenjagen (dutch)``.

    The name in brackets is the one to type; a name the catalogue does not know is shown as it is.
    """
    key = f"variant.{name}"
    if key not in CATALOGUE or CATALOGUE[key][0] != name:
        return name
    shown = text(key, lang)
    return shown if shown == name else text("variant.named", lang, name=shown, code=name)


def bot_text(name: str, lang: Language = "en") -> str:
    """A bot's name as the table shows it: ``heuristic``; in Dutch ``heuristisch`` (a bot of one's own as it is)."""
    key = f"bot.{name}"
    return text(key, lang) if key in CATALOGUE else name


def plural(count: int, key: str, lang: Language) -> str:
    """``1 move``, ``2 moves``: the entry ``key + "_one"`` or ``key + "_many"`` with ``count``.

    A bare key (``"move"``) is looked up in the ``play.`` group, as the table's words are.
    """
    full = key if "." in key else f"play.{key}"
    return text(f"{full}_one" if count == 1 else f"{full}_many", lang, count=count)


# ---------------------------------------------------------------- why a move was refused

#: The sentences that may be the whole of a refusal, by the code the engine gives it.
_REFUSALS: Final[dict[str, tuple[str, ...]]] = {
    "not_a_move": ("refusal.not_a_move",),
    "game_over": ("refusal.game_over",),
    "wrong_phase": ("refusal.wrong_phase", "refusal.no_chance_event"),
    "no_such_seat": ("refusal.no_such_seat",),
    "not_your_turn": ("refusal.not_your_turn", "refusal.not_passing"),
    "not_offered": ("refusal.no_choices", "refusal.choice_needed", "refusal.choice_not_offered"),
    "already_passed": ("refusal.already_passed",),
    "wrong_pass_count": ("refusal.wrong_pass_count",),
    "duplicate_card": ("refusal.duplicate_card",),
    "card_not_in_hand": ("refusal.card_not_in_hand",),
    "must_follow_suit": ("refusal.play",),
    "must_lead_opening_card": ("refusal.play",),
    "hearts_not_broken": ("refusal.play",),
    "points_on_first_trick": ("refusal.play",),
    "must_drop_queen": ("refusal.play",),
    "house_rule": ("refusal.play",),
    "pass_not_allowed": ("refusal.pass",),
    "not_an_option": ("refusal.not_an_option",),
    "wrong_outcome": ("refusal.wrong_outcome",),
    "impossible_outcome": (
        "refusal.no_such_seat",
        "refusal.direction_not_drawn",
        "refusal.deal_begun",
        "refusal.pool_begun",
        "refusal.pool_order",
        "refusal.card_not_left",
        "refusal.card_not_in_pack",
        "refusal.card_not_in_pool",
    ),
}


def _prefixed(*prefixes: str) -> tuple[str, ...]:
    return tuple(key for key in CATALOGUE if key.startswith(prefixes))


#: The reasons after "Q♠ may not be played: ": following suit, and each rule module's refusal.
_REASONS: Final = (
    "refusal.must_follow_suit", "refusal.opening.", "refusal.leading", "refusal.first_trick", "refusal.passing.",
    "refusal.extras.",
)  # fmt: skip
#: The phrases a field of a refusal may be, per field name: a field not named here (a card, a
#: seat, a number, a repr) is the same in both languages.
_PHRASES: Final[dict[str, tuple[str, ...]]] = {
    "reason": _prefixed(*_REASONS),
    "what": _prefixed("refusal.what."),
    "condition": _prefixed("refusal.condition."),
    "now": _prefixed("doing."),
    "wanted": _prefixed("doing."),
    "verb": _prefixed("turn."),
    "event": _prefixed("refusal.event."),
}
_SUITS: Final = {suit_name(suit, "en"): suit for suit in Suit}


@cache
def _pattern(sentence: str) -> re.Pattern[str]:
    """``sentence`` as a regular expression with a named group per field (repeats must agree)."""
    out, seen = [], set()
    for literal, name, _, _ in string.Formatter().parse(sentence):
        out.append(re.escape(literal))
        if name:
            field = name.partition("!")[0]
            out.append(f"(?P={field})" if field in seen else f"(?P<{field}>.+?)")
            seen.add(field)
    return re.compile("".join(out), re.DOTALL)


def _translate(english: str, keys: tuple[str, ...], lang: Language) -> str | None:
    """The sentence of ``keys`` whose English is ``english``, in ``lang`` (``None``: none of them)."""
    for key in keys:
        sentence = CATALOGUE[key][0]
        found = _pattern(sentence).fullmatch(english)
        if found is None:
            continue
        values: dict[str, object] = {}
        for name, value in found.groupdict().items():
            said = _field(name, value, lang)
            if said is None:
                break
            values[name] = said
        else:
            return text(key, lang, **values)
    return None


#: The fields of a refusal that hold cards as the engine writes them (``Q♠``; ``QS KS`` for a pool).
_CARD_FIELDS: Final = frozenset({"card", "pool"})


def _cards_in(value: str, lang: Language) -> str:
    """The engine's cards (``Q♠``, ``QS KS``) as ``lang`` writes them (``V♠``, ``V♠ H♠``); other text unchanged."""
    try:
        return " ".join(format_card(Card.parse(word), "symbol", lang) for word in value.split())
    except CardParseError:
        return value


def _field(name: str, value: str, lang: Language) -> str | None:
    if name in _CARD_FIELDS:
        return _cards_in(value, lang)
    if name == "suit":
        return suit_name(_SUITS[value], lang) if value in _SUITS else None
    if name in _PHRASES:
        return _translate(value, _PHRASES[name], lang)
    return value


def refusal(problem: IllegalMove, lang: Language = "en") -> str:
    """Why the engine refused a move, in ``lang``: the catalogue's sentence for ``problem``.

    English is the engine's own sentence (``problem.message``). Another language
    gives the catalogue's sentence whose English is that sentence, looked up by
    ``problem.code`` (an [`IllegalMoveCode`][hartenjagen.errors.IllegalMoveCode] or its string value)
    with the seats and numbers of the English filled in and its cards written as that language
    writes them (Dutch ``V♠`` for the ``Q♠``). A code or a sentence the catalogue does not know
    (a house rule's own) falls back to the English.
    """
    lang = language(lang)
    if lang == "en":
        return problem.message
    code = problem.code.value if isinstance(problem.code, enum.Enum) else str(problem.code)
    translated = _translate(problem.message, _REFUSALS.get(code, ()), lang)
    return problem.message if translated is None else translated


def rule_text(sentence: str, lang: Language = "en") -> str:
    """A rule's own sentence (what follows "Q♠ may not be played: ") in ``lang``.

    The sentence a built-in module refuses a play with is the catalogue's, in either
    language; one the catalogue does not know (a house rule's ``refusal_text``) stays as
    it is written.
    """
    lang = language(lang)
    if lang == "en":
        return sentence
    translated = _translate(sentence, _PHRASES["reason"], lang)
    return sentence if translated is None else translated


def reason(problem: IllegalMove, move: Move, v: PlayerView, lang: Language) -> str:
    """Why ``move`` was refused, in the player's language: [`refusal`][hartenjagen.frontend.texts.refusal]
    (``move`` and the player's view ``v`` are no longer needed; kept for existing callers)."""
    return refusal(problem, lang)
