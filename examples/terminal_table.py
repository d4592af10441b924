"""A small Hearts table in the terminal, built only on views, moves and events.

You sit at seat 0; the other seats are bots that play a random legal move. The
game state stays in this "server" loop: the player code below only ever sees
``hj.view(state, seat)`` and ``events_for(events, seat)``, exactly what a
network frontend would send.

Type a card (``QS``, ``q♠``, ``10h``, ``♠Q``) or the number of a move from the
list; to pass, type the cards separated by spaces (``QS KS AS``) or their
numbers (``1 5 9``). End with Ctrl-D or Ctrl-C.

Run: python examples/terminal_table.py --seed 3 --lang nl --variant standard
     python examples/terminal_table.py --auto --seed 3    (a bot plays seat 0 too)
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import hartenjagen as hj
from hartenjagen.cards import parse_cards
from hartenjagen.notation import Language, NotationError, by_suit, format_card, format_move, parse_move
from hartenjagen.views import events_for

HUMAN = 0
T = TypeVar("T")

#: The few words of the table itself, in both languages (the events come from ``hj.describe``).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "hand": "Your hand",
        "trick": "On the table",
        "empty": "(nothing yet)",
        "scores": "Scores",
        "seat": "seat",
        "moves": "Your moves",
        "pass": "Choose {count} cards to pass {direction} (cards or numbers, separated by spaces)",
        "prompt": "Your move: ",
        "illegal": "Not allowed: {reason}.",
        "unreadable": "Cannot read {text!r}: {error}",
        "number": "There is no move {number}: choose 1 to {last}.",
        "bye": "Bye.",
        "header": "Hand {hand}, dealt by seat {dealer}; {phase}.",
    },
    "nl": {
        "hand": "Je kaarten",
        "trick": "Op tafel",
        "empty": "(nog niets)",
        "scores": "Stand",
        "seat": "speler",
        "moves": "Je zetten",
        "pass": "Kies {count} kaarten om {direction} door te geven (kaarten of nummers, met spaties)",
        "prompt": "Jouw zet: ",
        "illegal": "Dat mag niet: {reason}.",
        "unreadable": "Kan {text!r} niet lezen: {error}",
        "number": "Er is geen zet {number}: kies 1 tot en met {last}.",
        "bye": "Tot ziens.",
        "header": "Ronde {hand}, gedeeld door speler {dealer}; {phase}.",
    },
}
PHASES = {
    "en": {
        "passing": "passing",
        "announcing": "announcing",
        "playing": "playing",
        "moon_choice": "moon choice",
    },
    "nl": {"passing": "doorgeven", "announcing": "miezen", "playing": "spelen", "moon_choice": "keuze"},
}
DIRECTIONS = {"en": "to the {}", "nl": "naar {}"}
DIRECTION_WORDS = {
    "en": {
        "left": "left",
        "right": "right",
        "across": "player across",
        "second_left": "second seat on the left",
        "second_right": "second seat on the right",
        "dealer": "dealer",
    },
    "nl": {
        "left": "links",
        "right": "rechts",
        "across": "de overkant",
        "second_left": "de tweede speler links",
        "second_right": "de tweede speler rechts",
        "dealer": "de gever",
    },
}


def direction_text(direction: hj.PassDirection, lang: Language) -> str:
    word = DIRECTION_WORDS[lang].get(direction.value, direction.value.replace("_", " "))
    return DIRECTIONS[lang].format(word)


def move_text(move: hj.Move, lang: Language) -> str:
    """A move as the player types it: the card for a play, else the move's notation."""
    if isinstance(move, hj.Play):
        return format_card(move.card, "symbol")
    if isinstance(move, hj.Announce):
        return ("yes" if move.announce else "no") if lang == "en" else ("ja" if move.announce else "nee")
    if isinstance(move, hj.MoonChoice):
        return move.option.value
    return format_move(move, "symbol")


def show(v: hj.PlayerView, lang: Language) -> str:
    """The view of one seat as a few lines of text: header, hand by suit, trick, scores, moves."""
    words = WORDS[lang]
    lines = [
        "",
        words["header"].format(
            hand=v.hand_index + 1, dealer=v.dealer, phase=PHASES[lang].get(v.phase.value, v.phase.value)
        ),
    ]
    suits = by_suit(v.hand)
    hand = "   ".join(
        suit.symbol + " " + " ".join(format_card(card, "symbol")[:-1] for card in cards)
        for suit, cards in suits.items()
        if cards
    )
    lines.append(f"{words['hand']}: {hand or words['empty']}")
    trick = ", ".join(f"{words['seat']} {play.seat} {format_card(play.card, 'symbol')}" for play in v.trick)
    lines.append(f"{words['trick']}: {trick or words['empty']}")
    scores = "  ".join(f"{words['seat']} {seat}: {score}" for seat, score in enumerate(v.display_scores))
    lines.append(f"{words['scores']}: {scores}")
    if v.pass_options:
        direction = direction_text(v.pass_direction, lang)
        lines.append(words["pass"].format(count=v.pass_count, direction=direction) + ":")
        lines.append(numbered(format_card(card, "symbol") for card in v.pass_options))
    elif v.legal_moves:
        lines.append(f"{words['moves']}:")
        lines.append(numbered(move_text(move, lang) for move in v.legal_moves))
    return "\n".join(lines)


def numbered(items: Iterable[str]) -> str:
    """``1) Q♠  2) 10♥ ...``: the choices with the numbers a player may type."""
    return "  ".join(f"{number}) {item}" for number, item in enumerate(items, start=1))


def read_move(text: str, v: hj.PlayerView) -> hj.Move:
    """The move a player typed, given their view (not yet checked against the rules).

    Unreadable text raises ``ValueError`` with a sentence; a number not in the
    list raises ``IndexError(number, count)``.

    Accepts a number from the list, a card (``QS``, ``q♠``, ``10h``), the full
    notation (``play 0 QS``), ``yes``/``no`` to an announcement, a moon option,
    and for passing several cards or numbers separated by spaces.
    """
    seat = v.seat if v.seat is not None else HUMAN
    words = text.replace(",", " ").split()
    if not words:
        raise ValueError("type a move")
    if v.pass_options:
        cards = [_pick(word, v.pass_options) if word.isdigit() else parse_cards([word])[0] for word in words]
        return hj.Pass(seat, cards)
    if len(words) == 1 and words[0].isdigit():
        return _pick(words[0], v.legal_moves)
    if len(words) > 1:
        return parse_move(text)
    word = words[0].lower()
    if v.phase is hj.Phase.ANNOUNCING and word in ("yes", "no", "ja", "nee"):
        return hj.Announce(seat, word in ("yes", "ja"))
    if v.phase is hj.Phase.MOON_CHOICE:
        return hj.MoonChoice(seat, word)
    return hj.Play(seat, words[0])


def _pick(word: str, items: Sequence[T]) -> T:
    number = int(word)
    if not 1 <= number <= len(items):
        raise IndexError(number, len(items))
    return items[number - 1]


def bot_move(v: hj.PlayerView, rng: random.Random) -> hj.Move:
    """A random legal move, chosen from the seat's view only."""
    if v.pass_options:
        return hj.Pass(v.seat if v.seat is not None else HUMAN, rng.sample(v.pass_options, v.pass_count))
    return rng.choice(v.legal_moves)


def ask(state: hj.State, lang: Language, read: Callable[[str], str], say: Callable[[str], None]) -> hj.Move:
    """Ask the human for a move until the engine accepts it."""
    words = WORDS[lang]
    v = hj.view(state, HUMAN)
    say(show(v, lang))
    while True:
        text = read(words["prompt"])
        try:
            move = read_move(text, v)
        except IndexError as error:
            say(words["number"].format(number=error.args[0], last=error.args[1]))
            continue
        except (ValueError, NotationError) as error:
            say(words["unreadable"].format(text=text.strip(), error=error))
            continue
        reason = hj.explain(state, move)
        if reason is None:
            return move
        say(words["illegal"].format(reason=reason.message))


def play(
    rules: hj.Rules,
    seed: int | None,
    lang: Language,
    auto: bool,
    read: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
) -> hj.State:
    """Run one game to the end; seat 0 is the human unless ``auto``."""
    state = hj.new_game(rules, seed=seed)
    rng = random.Random(seed)
    say(f"hartenjagen: {'you are seat 0' if lang == 'en' else 'jij bent speler 0'}")
    while not state.is_over:
        to_move = state.to_move
        if HUMAN in to_move and not auto:
            move = ask(state, lang, read, say)
        else:
            seat = HUMAN if HUMAN in to_move else to_move[0]
            v = hj.view(state, seat)
            if seat == HUMAN:
                say(show(v, lang))
            move = bot_move(v, rng)
        state, events = hj.step(state, move)
        for event in events_for(events, HUMAN):
            say(hj.describe(event, lang))
    return state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play Hearts at seat 0 against random bots.")
    parser.add_argument(
        "--seed", type=int, default=None, help="seed of the deals and the bots (default: secret)"
    )
    parser.add_argument("--lang", choices=("en", "nl"), default="en", help="language of the table (en or nl)")
    parser.add_argument("--variant", default="standard", help="a preset name, e.g. dutch or hoemke_P3L2H2S3")
    parser.add_argument("--auto", action="store_true", help="let a bot play seat 0 too")
    args = parser.parse_args(argv)
    lang: Language = "nl" if args.lang == "nl" else "en"
    try:
        rules = hj.variants.get(args.variant)
    except hj.HartenjagenError as error:
        parser.error(str(error))
    echo = not sys.stdin.isatty()

    def read(prompt: str) -> str:
        text = input(prompt)
        if echo:  # show piped input as if it had been typed
            print(text)
        return text

    try:
        play(rules, args.seed, lang, args.auto, read)
    except (EOFError, KeyboardInterrupt):
        print()
        print(WORDS[lang]["bye"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
