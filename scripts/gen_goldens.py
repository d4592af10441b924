"""Write (or check) the golden playthroughs in ``tests/golden/``.

One file per preset of ``hartenjagen.variants.OFFERED`` (``ALL`` and
``FAMILY``) plus two of Hoemke's variants: a seeded game played with seeded random moves, step by step, in the
spirit of OpenSpiel's playthrough files. Each step shows

* a one-line summary of the state (phase, hand, dealer, pass direction, seats
  to move, the trick on the table, hearts broken, scores),
* the legal moves (in the passing phase: their number, the first few and the
  chosen one with its index, not all hundreds),
* what each seat's ``view`` shows: its hand and what it may do now,
* the move chosen and what happened (trick won, hand scored, ...).

The text is deterministic: fixed seeds, no object ids, no hash order. A change
in any golden means the engine's behaviour changed; ``tests/test_golden.py``
fails with the diff.

Usage::

    python scripts/gen_goldens.py           # rewrite every golden
    python scripts/gen_goldens.py --check   # exit 1 if a golden differs
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.cards import Card
from hartenjagen.events import (
    Announced,
    CardDrawn,
    CardPlayed,
    CardsExchanged,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonChosen,
    MoonShot,
    PassChosen,
    Revoked,
    TrickCancelled,
    TrickWon,
)
from hartenjagen.frontend.notation import format_move

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "golden"
#: The seed of every golden game's deals.
SEED = 2024
#: Multi-hand games stop once this many hands have been scored.
MAX_HANDS = 2
#: The two Hoemke variants with goldens (passing stages and openings the presets lack).
HOEMKE: tuple[str, ...] = ("hoemke_P3L3H4S4", "hoemke_P4L4H3S2")
#: With more legal moves than this, only the first few and the chosen one are written.
LIST_LIMIT = 20
FIRST_FEW = 3
REGENERATE = "python scripts/gen_goldens.py"


def presets() -> tuple[variants.Preset, ...]:
    """Every preset with a golden: ``variants.OFFERED`` (``ALL``, ``FAMILY``) and the Hoemke variants above."""
    return (*variants.OFFERED, *(variants.preset(name) for name in HOEMKE))


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.txt"


def _cards(cards: Iterable[Card]) -> str:
    text = " ".join(str(card) for card in cards)
    return text or "-"


def _seats(seats: Sequence[int]) -> str:
    return ",".join(str(seat) for seat in seats) or "-"


def _numbers(values: Sequence[int]) -> str:
    return " ".join(str(value) for value in values)


def _summary(state: hj.State) -> str:
    """One line: what the game is waiting for, and the public facts that change as it goes."""
    parts = [
        f"hand {state.hand_number}",
        state.phase.value,
        f"dealer {state.dealer}",
        f"pass {state.pass_direction.value}",
    ]
    if state.phase is hj.Phase.PASSING:
        parts.append(f"stage {state.pass_stage} x{state.pass_count}")
    parts.append(f"to_move {_seats(state.to_move)}")
    if state.phase in (hj.Phase.PLAYING, hj.Phase.MOON_CHOICE):
        trick = " ".join(str(play.card) for play in state.trick) or "-"
        parts.append(f"trick {state.trick_number + 1} led by {state.trick_leader}: {trick}")
    parts.append(f"broken {'yes' if state.hearts_broken else 'no'}")
    if state.announcers:
        parts.append(f"announcers {_seats(state.announcers)}")
    if state.announcements:
        parts.append("announced " + ", ".join(f"{seat} {choice}" for seat, choice in state.announcements))
    if state.carry_over:
        parts.append(f"carry {_cards(state.carry_over)}")
    parts.append(f"scores {_numbers(state.scores)}")
    if state.display_scores != state.scores:
        parts.append(f"display {_numbers(state.display_scores)}")
    if state.is_over:
        parts.append(f"winners {_seats(state.winners)}")
    return " | ".join(parts)


def _legal(state: hj.State, moves: Sequence[hj.Move], chosen: int) -> list[str]:
    if len(moves) <= LIST_LIMIT:
        return [f"legal ({len(moves)}): " + ", ".join(format_move(move) for move in moves)]
    first = ", ".join(format_move(move) for move in moves[:FIRST_FEW])
    return [f"legal ({len(moves)}): {first}, ... ; #{chosen}: {format_move(moves[chosen])}"]


def _view(state: hj.State, seat: int) -> str:
    """What ``seat``'s view shows: its hand, its exchange so far and what it may do now."""
    view = hj.view(state, seat)
    parts = [f"hand {_cards(view.hand)}"]
    for stage, (given, got) in enumerate(view.exchanges):
        parts.append(f"stage {stage} gave {_cards(given)} got {_cards(got)}")
    if view.passing:
        parts.append(f"chose {_cards(view.passing)}")
    if view.widow:
        parts.append(f"took the widow {_cards(view.widow)}")
    elif view.undealt:
        parts.append(f"{view.undealt} undealt")
    if seat in view.to_move:
        if view.phase is hj.Phase.PASSING:
            if view.pass_options == view.hand:
                parts.append(f"may pass {view.pass_count} of its hand")
            else:
                parts.append(f"may pass {view.pass_count} of {_cards(view.pass_options)}")
        else:
            moves = view.legal_moves
            if moves != tuple(hj.legal_moves(state)):
                raise AssertionError(
                    f"seat {seat}'s view offers {moves}, legal_moves {hj.legal_moves(state)}"
                )
            plays = [move.card for move in moves if isinstance(move, hj.Play)]
            if moves and len(plays) == len(moves):
                parts.append("may play " + _cards(plays))
            else:
                parts.append("may " + ", ".join(format_move(move) for move in moves))
    return f"  seat {seat}: " + " | ".join(parts)


def _event(event: Event) -> str | None:
    """A short line for an event (``None`` for those the move line already says)."""
    if isinstance(event, (CardPlayed, PassChosen)):
        return None
    if isinstance(event, HandDealt):
        return f"hand {event.hand_index + 1} dealt by seat {event.dealer}, pass {event.pass_direction.value}"
    if isinstance(event, CardsExchanged):
        seats = "; ".join(
            f"{seat} gave {_cards(given)} got {_cards(got)}"
            for seat, (given, got) in enumerate(zip(event.given, event.received, strict=True))
        )
        return f"exchange stage {event.stage}: {seats}"
    if isinstance(event, Announced):
        answer = event.choice if event.choice is not None else ("yes" if event.announce else "no")
        return f"seat {event.seat} announces {answer}"
    if isinstance(event, CardDrawn):
        return f"seat {event.seat} draws {event.card}"
    if isinstance(event, HeartsBroken):
        return f"hearts broken by seat {event.seat} ({event.card})"
    if isinstance(event, TrickWon):
        carried = f", carried {_cards(event.carried)}" if event.carried else ""
        return (
            f"trick {event.trick_index + 1} ({_cards(event.cards)}, led by {event.leader}) "
            f"won by seat {event.winner}, worth {event.points}{carried}"
        )
    if isinstance(event, TrickCancelled):
        return f"trick {event.trick_index + 1} ({_cards(event.cards)}) cancelled"
    if isinstance(event, MoonShot):
        options = ",".join(option.value for option in event.options)
        return f"seat {event.seat} shot the moon (options {options})"
    if isinstance(event, MoonChosen):
        return f"seat {event.seat} chose {event.option.value}"
    if isinstance(event, HandScored):
        result = event.result
        shooter = "-" if result.shooter is None else str(result.shooter)
        return (
            f"hand {result.hand_index + 1} scored: raw {_numbers(result.raw)} | points {_numbers(result.points)}"
            f" | totals {_numbers(result.totals)} | shooter {shooter}"
        )
    if isinstance(event, Revoked):
        return f"seat {event.seat} revoked with {event.card}: {event.penalty} points"
    if isinstance(event, GameOver):
        return f"game over: winners {_seats(event.winners)}, scores {_numbers(event.scores)}"
    raise AssertionError(f"unknown event {event!r}")


def _deal_lines(state: hj.State) -> list[str]:
    lines = [f"  seat {seat}: {_cards(hand)}" for seat, hand in enumerate(state.dealt)]
    return lines + ([f"  widow: {_cards(state.widow)}"] if state.widow else [])


def render(preset: variants.Preset) -> str:
    """The golden text of ``preset``: its seeded game, step by step."""
    rules = preset.rules
    state = hj.new_game(rules, seed=SEED)
    single = isinstance(rules.ending, hj.rules.ending.SingleHand)
    rng = random.Random(f"golden/{preset.name}")
    stop = "the whole game (one hand)" if single else f"the first {MAX_HANDS} hands only; the game goes on"
    lines = [
        f"# Golden playthrough: {preset.name} ({preset.summary})",
        f"# Regenerate with `{REGENERATE}`; tests/test_golden.py compares it.",
        f"# new_game(rules, seed={SEED}); each move is moves[rng.randrange(len(moves))] with",
        f"# moves = legal_moves(state) and rng = random.Random('golden/{preset.name}').",
        f"# Played: {stop}.",
        "# Each step: the state, its legal moves, every seat's view, the move and what happened.",
        "",
        f"rules: {rules!r}",
        f"players: {state.players}, hand size {len(state.dealt[0])}",
        "",
        f"deal of hand 1 (dealer {state.dealer}, pass {state.pass_direction.value}):",
        *_deal_lines(state),
    ]
    step = 0
    while not state.is_over and len(state.score_sheet) < MAX_HANDS:
        moves = hj.legal_moves(state)
        index = rng.randrange(len(moves))
        move = moves[index]
        lines += ["", f"## step {step}", _summary(state), *_legal(state, moves, index)]
        lines += [_view(state, seat) for seat in range(state.players)]
        lines.append(f"move: {format_move(move)}")
        after, events = hj.step(state, move)
        if after != hj.apply(state, move):
            raise AssertionError(f"step and apply disagree at step {step} of {preset.name}")
        for event in events:
            line = _event(event)
            if line is not None:
                lines.append(f"event: {line}")
            if isinstance(event, HandDealt):
                lines += [f"deal of hand {event.hand_index + 1}:", *_deal_lines(after)]
        state = after
        step += 1
    lines += ["", "## end", _summary(state)]
    lines.append("score sheet:")
    for result in state.score_sheet:
        lines.append(
            f"  hand {result.hand_index + 1} (dealer {result.dealer}): points {_numbers(result.points)}"
            f" | totals {_numbers(result.totals)}"
        )
    return "\n".join(lines) + "\n"


def diff(expected: str, actual: str, name: str) -> str:
    """A unified diff from the stored golden to the text the engine makes now."""
    return "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"tests/golden/{name}.txt (stored)",
            tofile=f"tests/golden/{name}.txt (engine now)",
        )
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing; exit 1 on a change")
    args = parser.parse_args(argv)
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    changed = []
    for preset in presets():
        path = golden_path(preset.name)
        text = render(preset)
        stored = path.read_text(encoding="utf-8") if path.exists() else ""
        if stored == text:
            continue
        changed.append(preset.name)
        if args.check:
            sys.stdout.write(diff(stored, text, preset.name) or f"{path} is missing\n")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if args.check and changed:
        print(f"\n{len(changed)} golden(s) differ: {', '.join(changed)}; regenerate with `{REGENERATE}`")
        return 1
    if args.check:
        print(f"all {len(presets())} goldens match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
