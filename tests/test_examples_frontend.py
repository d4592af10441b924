"""examples/terminal_table.py: a terminal frontend built on views, moves and events, run as a player would."""

from __future__ import annotations

import importlib.util
import io
import os
import random
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.cli import terminal
from hartenjagen.frontend.notation import card_name, format_card

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "examples" / "terminal_table.py"
GUIDE = ROOT / "docs" / "frontends.md"


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, str(TABLE), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )


def test_auto_plays_a_whole_game_and_describes_it():
    done = _run("--auto", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "hartenjagen: you are seat 0"
    assert "Hand 1, dealt by you; passing." in lines
    assert any(line.startswith("Your hand: ♣ ") for line in lines)
    assert any(line.startswith("Choose 3 cards to pass to the left") for line in lines)
    assert "Your moves:" in lines
    assert any(line.startswith("You passed ") and " to seat 1 and received " in line for line in lines)
    assert any(line.startswith("Seat 2 plays the ") for line in lines)
    assert any(line.startswith("Hand 2 is dealt by seat 1; cards pass to the right.") for line in lines)
    assert lines[-1].startswith(("Game over: seat ", "Game over: you "))
    totals = lines[-2].rsplit("totals ", 1)[1].rstrip(".")
    assert max(int(total) for total in totals.split(", ")) >= 100
    # Only seat 0's exchange is ever shown.
    assert not any(line.startswith(("Seat 1 passed", "Seat 2 passed", "Seat 3 passed")) for line in lines)
    assert "The cards have been passed." not in lines
    assert _run("--auto", "--seed", "3").stdout == done.stdout  # a seed replays the same game


def test_auto_in_dutch_with_another_variant():
    done = _run("--auto", "--seed", "5", "--lang", "nl", "--variant", "achterhoek")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("hartenjagen: jij bent speler 0")
    assert "Je kaarten: " in out and "Jouw zet" not in out
    assert "Je miest: geen strafkaarten." in out or "Je miest niet." in out
    assert "Speler 1 speelt " in out
    assert out.splitlines()[-1].startswith("Einde van het spel: speler ")


def test_a_human_types_moves_and_is_told_why_one_is_illegal():
    view = hj.view(hj.new_game(variants.STANDARD, seed=3), 0)
    options = terminal.pass_choices(view)  # the numbered cards, in the order of the hand
    passed = (options[0], options[1], options[12])
    script = [
        "ZZ",  # unreadable
        f"{options[0]} {options[1]}",  # two cards: the engine wants three
        "1 2 13",  # a legal pass, by number
        format_card(options[12], "symbol").lower(),  # e.g. a♠: passed away, so not in hand
        "99",  # no such move
        "1",  # a legal play
    ]
    done = _run("--seed", "3", stdin="\n".join(script) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Cannot read 'ZZ': type a card (QS, q♠, 10h) or the number of a move" in out
    assert "Not allowed: pass exactly 3 cards, not 2." in out
    names = [card_name(card) for card in passed]
    assert f"You passed {names[0]}, {names[1]} and {names[2]} to seat 1 and received " in out
    assert f"Not allowed: seat 0 does not hold the {options[12].symbol}." in out
    assert "There is no move 99: choose 1 to " in out
    assert out.count("You play the ") == 1
    assert out.rstrip().endswith("Bye.")  # the input ended: a clean exit
    assert "Traceback" not in done.stderr


def test_end_of_input_at_the_first_question_exits_cleanly():
    done = _run("--seed", "3", "--lang", "nl")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.rstrip().endswith("Tot ziens.")


def test_ctrl_c_exits_cleanly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(TABLE))

    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert module["main"](["--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Your hand: " in out
    assert out.rstrip().endswith("Bye.")


def test_an_unknown_variant_is_refused_with_the_presets():
    done = _run("--variant", "klaverjassen")
    assert done.returncode == 2
    assert "no variant called 'klaverjassen'" in done.stderr
    assert "standard" in done.stderr


def test_the_bots_use_only_their_view():
    module = runpy.run_path(str(TABLE))
    state = hj.new_game(variants.hoemke(3, 2, 2, 3), seed=1)
    rng = random.Random(0)
    while not state.is_over and state.hand_index < 2:
        (seat, *_) = state.to_move
        move = module["bot_move"](hj.view(state, seat), rng)
        assert hj.is_legal(state, move)
        state = hj.apply(state, move)
    assert state.hand_index == 2


def test_the_snippets_of_the_frontend_guide_run_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), flags=re.DOTALL)
    assert len(blocks) >= 7
    namespace: dict[str, object] = {"__name__": "frontends_md"}
    serialize = importlib.util.find_spec("hartenjagen.frontend.serialize") is not None
    for number, block in enumerate(blocks, start=1):
        if "hartenjagen.frontend.serialize" in block and not serialize:
            continue
        exec(compile(block, f"docs/frontends.md block {number}", "exec"), namespace)
    out = capsys.readouterr().out
    assert "Not allowed: it is seat " in out
    assert "The cards have been passed." in out
    assert "['[hartenjagen record 1]', 'rules: standard', 'seed: 7']" in out
    assert "queen of spades / schoppenvrouw" in out
