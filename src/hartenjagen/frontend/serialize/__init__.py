"""Saving and loading as JSON: rules, moves, cards, states, views, events and game records.

``dumps(value)`` writes one value as JSON text and ``loads(text)`` reads it back:
``loads(dumps(x)) == x``. Only the library's own classes, rule modules of your own (see below) and
classes given to [`register`][hartenjagen.frontend.serialize.register] are read; anything else, and any text that is not a
consistent value, raises [`FormatError`][hartenjagen.frontend.serialize.FormatError] naming the JSON path of the bad
field (``$.hands[2][5]``).

The format (version 1)
----------------------

Every value is a JSON object tagged with its ``"type"`` (the class name); the
outermost object also carries the format ``"version"`` (the integer 1). The
other keys are the value's fields, all of them, by name:

```text
{"type": "Play", "version": 1, "seat": 0, "card": "QS"}
{"type": "Pass", "version": 1, "seat": 2, "cards": ["2C", "QS", "AH"]}
{"type": "Announce", "version": 1, "seat": 1, "announce": true}
{"type": "MoonChoice", "version": 1, "seat": 3, "option": "self_minus"}
{"type": "Card", "version": 1, "card": "TH"}
```

Inside, field values are written as:

- whole numbers, ``true``/``false``, ``null`` and text as themselves;
- a card as its text: ``"QS"``, ``"TH"``, ``"2C"``;
- an enum member as its value: ``"left"``, ``"others_plus"``, ``"playing"`` (a
  ``Rank`` or ``Suit`` as its letter: ``"7"``, ``"Q"``, ``"S"``);
- a tuple as a list; a table of card values (``CardPoints.values``) as an object
  from card text to number: ``{"2H": 1, "QS": 13}``;
- a nested value (a rule module, a trick, a score line, a move) as a tagged
  object without a version.

A ruleset lists its modules slot by slot:

```text
{"type": "Rules", "version": 1,
 "deck": {"type": "SinglePack", "players": 4, "removed": [], "lowest_rank": "2"},
 "passing": {"type": "PassCycle", "directions": ["left", "right", "across", "hold"], "cards": 3},
 "opening": {"type": "LowestClubLeads"}, ...,
 "extras": [{"type": "Miezen", "points": 10, "first_half_only": false}]}
```

Events, player views, ``HandResult``, ``Trick`` and ``GameRecord`` are written
the same way, from their attrs fields:

```text
{"type": "TrickWon", "version": 1, "trick_index": 0, "leader": 1,
 "cards": ["2C", "KC", "3C", "AC"], "winner": 0, "points": 0, "carried": []}
{"type": "HandResult", "version": 1, "hand_index": 0, "dealer": 0, "raw": [0, 13, 4, 9],
 "points": [0, 13, 4, 9], "totals": [0, 13, 4, 9], "shooter": null, "moon_choice": null,
 "announcers": [], "revoke": null}
```

A state is server-side data: it holds every hand, the cards chosen but not yet
passed and the secret seed. Its fields are the game's whole position:

```text
{"type": "State", "version": 1, "rules": {...}, "phase": "playing", "hand_index": 0,
 "dealer": 0, "hands": [["3C", ...], ...], "passing": [[], [], [], []], "pending": [],
 "trick_leader": 1, "trick": ["2C", "KC"], "tricks": [], "taken": [[], [], [], []],
 "hearts_broken": false, "scores": [0, 0, 0, 0], "score_sheet": [], "seed": 7,
 "deal_count": 1, "dealt": [[...], ...], "winners": [], "pass_direction": "left",
 "exchanges": [{"given": [[...], ...], "received": [[...], ...]}], "carry_over": [],
 "announcers": [], "shooter": null, "secret_seed": false, "history": [], "chance": null}
```

``hands``, ``passing`` (the cards each seat has chosen in the current stage of
the exchange), ``taken``, ``dealt`` and each exchange stage's ``given`` and
``received`` list one list of cards per seat; ``trick`` is the current trick in
play order; ``pending`` the seats yet to pass or announce; ``history`` one
entry per finished hand before this one (its ``dealt``, ``pass_direction``,
``exchanges``, ``announcers``, ``tricks`` and, for a hand a revoke voided, the
unfinished ``trick``); ``chance`` is ``null`` in a seeded game and, with
explicit chance, ``{"waiting": ..., "drawn": [...]}``: the chance node the
game waits at (``"none"``, ``"first_dealer"``, ``"deal"``, ``"route"``,
``"pool"``) and what that node has drawn so far. Lists of a seat's
cards are in card order (clubs, diamonds, hearts, spades; two up to ace). In a
double deck the second copy of a card is written with ``#2`` (``"QS#2"``), so a
state reads back exactly.

Loading a state replays its whole game (see
[`validate_state`][hartenjagen.frontend.serialize.validate_state]): every hand is dealt as
the engine deals it (from the seed, the deal ``new_game(deal=...)`` was
given, or the explicit chance outcomes), each pass, announcement and play the
document records is applied with ``apply``, and the state reached must be the
document, field by field, its score sheet included; the first difference is
refused with its JSON path and both values (``$.score_sheet[0].points[0]: the
document has -1000, but replaying the game gives 13``).
The state returned is the replayed one. A player view is checked with
`hartenjagen.frontend.views.validate_view` (its fields agree with each other and its
rules), so that a view a client sent can be given to ``determinize`` or a bot.

Rule modules of your own
------------------------

A rule module you write (a concrete ``@attrs.frozen`` subclass of a slot's
class such as ``HouseRule`` or ``Scoring``) is saved without registration: its
``"type"`` is its import path, ``"module:QualName"``, followed by its fields.
``loads`` reads it back only if that module is already imported by the process
(it never imports a module a document names) and the class found there is a
concrete attrs subclass of the slot's class. A class that cannot be written
this way (defined inside a function, not an attrs class, a field of a type the
format does not write) raises a ``FormatError`` that says what to do;
[`register`][hartenjagen.frontend.serialize.register] gives any attrs class a short name.
"""

from __future__ import annotations

import inspect
import json
from typing import TypeVar

import attrs

from hartenjagen.cards import Card
from hartenjagen.core import State
from hartenjagen.events import EVENT_TYPES
from hartenjagen.frontend.serialize.reading import (
    FORMAT_VERSION,
    FormatError,
    format_error,
    json_object,
    no_constant,
    parse_int,
)
from hartenjagen.frontend.serialize.registry import (
    SLOT_BASES,
    AttrsEntry,
    CardEntry,
    ViewEntry,
    add_entry,
    decode_top,
    encode_top,
)
from hartenjagen.frontend.serialize.replay import StateEntry, replay
from hartenjagen.frontend.serialize.states import doc_of
from hartenjagen.frontend.views import PlayerView
from hartenjagen.moves import Announce, MoonChoice, Pass, Play
from hartenjagen.outcomes import OUTCOME_TYPES
from hartenjagen.rules import (
    Rules,
    deck,
    duplicates,
    ending,
    extras,
    first_trick,
    leading,
    moon,
    opening,
    passing,
    scoring,
    teams,
    trick_winner,
    undealt,
)
from hartenjagen.values import HandResult, Trick

__all__ = ["FORMAT_VERSION", "FormatError", "dumps", "loads", "register", "validate_state"]

C = TypeVar("C", bound=type)


# ---------------------------------------------------------------- public functions


def dumps(value: object, *, indent: int | None = None) -> str:
    """``value`` as JSON text (``indent``: pretty-print with that many spaces).

    ``value`` is a ``Rules``, a rule module, a move, a ``Card``, a ``State``, a
    ``PlayerView``, an event, a ``HandResult``, a ``Trick``, a ``GameRecord`` or
    a rule module of your own (written by its import path) or an instance of a
    class given to [`register`][hartenjagen.frontend.serialize.register]; anything else
    raises [`FormatError`][hartenjagen.frontend.serialize.FormatError], saying what to do.
    """
    data = encode_top(value)
    try:
        return json.dumps(data, indent=indent, ensure_ascii=False)
    except ValueError as error:  # a number beyond Python's digit limit, somewhere in a state
        raise format_error("$", f"cannot save: {error}") from None


def loads(text: str | bytes | bytearray) -> object:
    """The value saved in ``text`` by [`dumps`][hartenjagen.frontend.serialize.dumps].

    Raises [`FormatError`][hartenjagen.frontend.serialize.FormatError], naming the JSON path of the first bad field,
    when ``text`` is not JSON, not a saved value of a known type and version,
    or not consistent (a state the engine does not reach when its hand is
    replayed, a combination of rule modules the library rejects).
    """
    if not isinstance(text, str | bytes | bytearray):
        raise format_error("$", f"expected JSON text, not a {type(text).__name__}")
    try:
        data = json.loads(
            text, object_pairs_hook=json_object, parse_constant=no_constant, parse_int=parse_int
        )
    except RecursionError:
        raise format_error("$", "not JSON: nested too deeply") from None
    except ValueError as error:  # json.JSONDecodeError, bad UTF-8, too many digits, NaN
        raise format_error("$", f"not JSON: {error}") from None
    try:
        return decode_top(data)
    except RecursionError:
        raise format_error("$", "nested too deeply") from None


def register(cls: C, *, name: str | None = None) -> C:
    """Let [`dumps`][hartenjagen.frontend.serialize.dumps] and [`loads`][hartenjagen.frontend.serialize.loads] handle instances of ``cls``, an attrs class; returns ``cls``.

    A rule module of your own needs no registration (it is written by its
    import path); register one to give it a short ``"type"`` name instead, or to
    save another attrs class. Its fields must be of the types the format knows: whole
    numbers, booleans, ``None``, text, cards, enums, tuples of these and other
    registered classes. ``name`` is the ``"type"`` written (the class name by
    default); it must not name another class, nor hold a ``:`` (the mark of an
    import path). Usable as a decorator.
    """
    target: object = cls
    if not isinstance(target, type) or not attrs.has(target):
        raise TypeError(f"register takes an attrs class, not {target!r}")
    if inspect.isabstract(target):
        raise TypeError(f"register takes a concrete class, but {target.__name__} is abstract")
    if name is not None and ":" in name:
        raise FormatError(f'the type name "{name}" holds a ":", which marks an import path')
    entry = AttrsEntry(target, target.__name__ if name is None else name)
    entry.fields()  # fail now on a field type the format cannot write
    add_entry(entry)
    return cls


# ---------------------------------------------------------------- validating a state


def validate_state(state: State, path: str = "$") -> None:
    """Check that ``state`` is one the engine reaches; raise [`FormatError`][hartenjagen.frontend.serialize.FormatError] if not.

    ``loads`` runs this on every state it reads. The whole game is replayed
    through the engine: started as ``new_game`` starts it (the seed, the first
    deal given to it, or the explicit chance outcomes the state records), then
    every finished hand of ``history`` and the current hand, each dealt as the
    engine deals it and every pass, announcement, play, revoke and moon choice
    applied with [`apply`][hartenjagen.engine.apply]. A move the engine refuses
    is named by the JSON path of the card (``$.history[1].tricks[3].cards[1]:
    seat 2 playing QS is not possible: ...``); otherwise the state reached is
    compared with ``state`` field by field in their saved form, the score sheet
    and the history included, and the first difference is named with both
    values (``$.hands[2]``, ``$.score_sheet[0].points[3]``). ``path`` is where
    the state itself stands. It costs time linear in the length of the game.
    A state built without its history (a determinized world of a later hand)
    cannot be saved, nor validated.
    """
    if type(state) is not State:
        raise format_error(path, f"expected a State, not a {type(state).__name__}")
    encoded = StateEntry(State, "State").encode(state, path)
    replay(doc_of(state, path), encoded, path)


# ---------------------------------------------------------------- the library's classes


def _library() -> None:
    slots = SLOT_BASES
    modules = (
        deck,
        passing,
        opening,
        first_trick,
        leading,
        scoring,
        moon,
        ending,
        duplicates,
        trick_winner,
        extras,
        teams,
    )
    found: list[type] = []
    for module in (*modules, undealt):  # undealt: the decks that leave cards undealt
        for obj in vars(module).values():
            if (
                isinstance(obj, type)
                and obj.__module__ == module.__name__
                and attrs.has(obj)
                and issubclass(obj, slots)
                and not inspect.isabstract(obj)
            ):
                found.append(obj)
    found.sort(key=lambda cls: cls.__name__)
    classes = [
        Rules,
        *found,
        Play,
        Pass,
        Announce,
        MoonChoice,
        *OUTCOME_TYPES,
        HandResult,
        Trick,
        PlayerView,
        *EVENT_TYPES.values(),
    ]
    for cls in classes:
        add_entry((ViewEntry if cls is PlayerView else AttrsEntry)(cls, cls.__name__))
    add_entry(CardEntry(Card, "Card"))
    add_entry(StateEntry(State, "State"))


_library()
