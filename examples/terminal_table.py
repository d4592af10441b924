"""A small Hearts table in the terminal, built only on views, moves and events.

You sit at seat 0; the other seats are bots that play a random legal move. The
game state stays in this "server" loop: the player code below only ever sees
``hj.view(state, seat)`` and ``events_for(events, seat)``, exactly what a
network frontend would send.

Type a card (``QS``, ``q♠``, ``10h``, ``♠Q``) or the number of a move from the
list; to pass, type the cards separated by spaces (``QS KS AS``) or their
numbers (``1 5 9``). End with Ctrl-D or Ctrl-C.

The drawing and the prompt loop live in :mod:`hartenjagen.cli.terminal` (``show``,
``read_move``, ``ask``), shared with the ``hartenjagen play`` command; this file
is the "server" loop and the bots.

Run: python examples/terminal_table.py --seed 3 --lang nl --variant standard
     python examples/terminal_table.py --auto --seed 3    (a bot plays seat 0 too)
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence

import hartenjagen as hj
from hartenjagen.cli.terminal import WORDS, ask, show
from hartenjagen.frontend.notation import Language
from hartenjagen.frontend.views import events_for

HUMAN = 0


def bot_move(v: hj.PlayerView, rng: random.Random) -> hj.Move:
    """A random legal move, chosen from the seat's view only."""
    if v.pass_options:
        return hj.Pass(v.seat if v.seat is not None else HUMAN, rng.sample(v.pass_options, v.pass_count))
    return rng.choice(v.legal_moves)


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
            move = ask(state, HUMAN, lang, read, say)
        else:
            seat = HUMAN if HUMAN in to_move else to_move[0]
            v = hj.view(state, seat)
            if seat == HUMAN:
                say(show(v, lang))
            move = bot_move(v, rng)
        state, events = hj.step(state, move)
        for event in events_for(events, HUMAN):
            say(hj.describe(event, lang, you=HUMAN, rules=rules))  # "you" for seat 0
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
