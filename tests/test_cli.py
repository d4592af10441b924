"""The ``hartenjagen`` command, driven end to end as a user would: a subprocess, scripted input, signals."""

from __future__ import annotations

import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import cli, rules, variants
from hartenjagen.bots import make_bot
from hartenjagen.cli import terminal
from hartenjagen.frontend.notation import format_card

ROOT = Path(__file__).resolve().parent.parent
ENV = {
    **os.environ,
    "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])),
    "PYTHONIOENCODING": "utf-8",
}
ENV.pop("NO_COLOR", None)


def run(*args: str, stdin: str = "", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hartenjagen", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=ENV,
        timeout=timeout,
        check=False,
        cwd=ROOT,
    )


# ---------------------------------------------------------------- play


def _script_with_an_illegal_play(seed: int, bot: str) -> tuple[list[str], str, hj.Card]:
    """Answer every prompt with "1" (the first choice), except one play the rules refuse.

    Replays the game the command will play (same seeds, the same bots) up to the
    first turn of seat 0 holding a card it may not play; returns the input lines
    up to that prompt, the illegal card and the engine's reason.
    """
    state = hj.new_game(variants.STANDARD, seed=seed)
    bots = {seat: make_bot(bot, seed=cli._bot_seed(seed, seat)) for seat in (1, 2, 3)}
    lines: list[str] = []
    while not state.is_over:
        if 0 in state.to_move:
            v = hj.view(state, 0)
            if v.pass_options:
                lines += ["1"] * v.pass_count  # one card at a time: always the first one left
                move: hj.Move = hj.Pass(0, terminal.pass_choices(v)[: v.pass_count])
            else:
                refused = [card for card in v.hand if hj.Play(0, card) not in v.legal_moves]
                if refused:
                    reason = hj.explain(state, hj.Play(0, refused[0]))
                    assert reason is not None
                    return lines, reason.message, refused[0]
                lines.append("1")
                move = terminal.move_choices(v)[0]
        else:
            seat = state.to_move[0]
            move = bots[seat].choose(hj.view(state, seat))
        state = hj.apply(state, move)
    raise AssertionError("seat 0 could play every card all game")


def test_play_a_whole_game_with_scripted_input():
    seed = 3
    first = hj.view(hj.new_game(variants.STANDARD, seed=seed), 0)
    not_held = next(card for card in hj.new_game(variants.STANDARD, seed=seed).hands[1])
    before, reason, refused = _script_with_an_illegal_play(seed, "random")
    script = [
        "ZZ",  # unreadable
        "99",  # no such number
        str(not_held).lower(),  # e.g. "ks": a card seat 0 does not hold
        *before,
        format_card(refused, "symbol").lower(),  # e.g. "q♠": the rules refuse it
        *["1"] * 2000,  # the first legal move, until the game is over
    ]
    done = run("play", "--seed", str(seed), "--bots", "random", stdin="\n".join(script) + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    lines = out.splitlines()
    assert (
        lines[0] == "hartenjagen: standard. You are seat 0; seat 1: random, seat 2: random, seat 3: random."
    )
    assert "Hand 1, dealt by you; passing." in lines
    assert "Hand 1 is dealt by you; cards pass to the left." not in lines  # the header says it once
    hand = lines[lines.index("Hand 1, dealt by you; passing.") + 1]
    assert hand.startswith("Your hand: ♣ ") and "♦" in hand
    assert "Choose 3 cards to pass to the left (cards or numbers, separated by spaces):" in lines
    assert "Cannot read 'ZZ': type a card (QS, q♠, 10h) or the number of a move" in out
    assert out.lower().count("cannot read 'zz'") == 1  # said once, not twice
    assert f"There is no move 99: choose 1 to {len(first.pass_options)}." in out
    assert f"Not allowed: seat 0 does not hold the {not_held.symbol}." in out
    assert (
        f"Chosen so far: {terminal.pass_choices(first)[0].symbol}. Choose 2 more ('-' starts again):" in out
    )
    assert f"Not allowed: {reason}." in out
    assert "Your moves:" in lines
    assert re.search(r"^1\) \S+", out, flags=re.MULTILINE)
    # after every hand, the score sheet
    hands = [line for line in lines if re.fullmatch(r"Hand \d+ scores .*", line)]
    assert len(hands) >= 2
    assert out.count("Score sheet:") == len(hands)
    assert lines[-2].startswith("Game over: seat ")
    assert lines[-1] in ("You win!", "You do not win this time.")
    # the same seed plays the same game
    again = run("play", "--seed", str(seed), "--bots", "random", stdin="\n".join(script) + "\n")
    assert again.stdout == out


def test_play_in_dutch_at_another_seat_saves_a_record_that_replays(tmp_path: Path):
    record = tmp_path / "game.txt"
    done = run(
        "play", "--seed", "5", "--lang", "nl", "--seat", "2", "--variant", "achterhoek",
        "--bots", "random", "--record", str(record), stdin="1\n" * 5,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith(
        "hartenjagen: Achterhoeks hartenjagen (achterhoek). Jij bent speler 2; speler 0: willekeurig, "
    )
    assert "Miezen: je haalt deze ronde geen strafkaart?" in out  # the announcement round
    assert "1) nee  2) ja" in out
    assert "Je kaarten: " in out and "Jouw zet: " in out
    assert out.rstrip().endswith(f"Het spelverslag staat in {record}.")
    assert "Tot ziens." in out
    saved = hj.GameRecord.from_text(record.read_text(encoding="utf-8"))
    assert saved.rules == variants.ACHTERHOEK and saved.seed == 5
    assert sum(1 for move in saved.moves if move.seat == 2) == 5
    replay = run("replay", str(record), "--lang", "nl")
    assert replay.returncode == 0, replay.stderr
    assert (
        replay.stdout.splitlines()[0]
        == f"Spelverslag: Achterhoeks hartenjagen (achterhoek), seed 5, gever 0, {len(saved.moves)} zetten."
    )
    assert "Het verslag stopt hier, voor het einde van het spel." in replay.stdout


def test_end_of_input_says_goodbye_with_exit_code_0():
    done = run("play", "--seed", "1")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.rstrip().endswith("Your move: \nBye.") or done.stdout.rstrip().endswith("Bye.")
    dutch = run("play", "--seed", "1", "--lang", "nl", stdin="1\n")
    assert dutch.returncode == 0
    assert dutch.stdout.rstrip().endswith("Tot ziens.")


def _read_until(stream: int, marker: bytes, timeout: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while marker not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"no {marker!r} in {seen.decode(errors='replace')!r}"
        ready, _, _ = select.select([stream], [], [], left)
        if ready:
            chunk = os.read(stream, 65536)
            assert chunk, f"the command ended early: {seen.decode(errors='replace')!r}"
            seen += chunk
    return seen


def _wait_until_reading(pid: int, timeout: float) -> None:
    """Wait until the process sleeps in a read of its input (Linux: /proc/PID/stat and wchan).

    A SIGINT sent before the read begins would be noticed only after it (so, with input left
    open, never); one sent during the read interrupts it at once.
    """
    proc = Path(f"/proc/{pid}")
    if not (proc / "stat").exists():
        pytest.skip("needs /proc to see the command wait for input")
    deadline = time.monotonic() + timeout
    while True:
        state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
        try:
            wchan = (proc / "wchan").read_text().strip()
        except OSError:
            wchan = ""
        if state == "S" and ("pipe" in wchan or wchan in ("", "0")):
            return
        assert time.monotonic() < deadline, f"the command never waited for input ({state}, {wchan})"
        time.sleep(0.01)


def _read_to_the_end(stream: int, timeout: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"the command did not end: {seen.decode(errors='replace')!r}"
        ready, _, _ = select.select([stream], [], [], left)
        if ready:
            chunk = os.read(stream, 65536)
            if not chunk:
                return seen
            seen += chunk


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_at_the_prompt_says_goodbye_with_exit_code_130():
    process = subprocess.Popen(
        [sys.executable, "-m", "hartenjagen", "play", "--seed", "2", "--bots", "random"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=ROOT,
        # A shell's background job (`nohup ... &`) starts with Ctrl-C ignored, and Python keeps an
        # ignored SIGINT ignored: the command gets the terminal's default, as at a prompt.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert process.stdout is not None and process.stdin is not None and process.stderr is not None
        _read_until(process.stdout.fileno(), b"Your move: ", 30)
        # Deterministic: the signal arrives while the command reads its input, and the input stays
        # open until the command has ended (closing it first could end the game with EOF instead).
        _wait_until_reading(process.pid, 30)
        process.send_signal(signal.SIGINT)
        out = _read_to_the_end(process.stdout.fileno(), 30)
        process.wait(timeout=30)
        err = process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()
    assert process.returncode == 130
    assert out.decode("utf-8").rstrip().endswith("Bye.")
    assert b"Traceback" not in err


# ---------------------------------------------------------------- simulate


def test_simulate_prints_a_summary_and_writes_json(tmp_path: Path):
    target = tmp_path / "results.json"
    done = run(
        "simulate", "--variant", "standard", "--games", "4", "--bots", "heuristic,random,random,random",
        "--seed", "3", "--json", str(target),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress bar: stderr is not a terminal
    lines = done.stdout.splitlines()
    assert lines[0] == "standard: 4 games, seed 3"
    assert lines[1].split() == ["seat", "bot", "wins", "win", "%", "mean", "total", "moon", "shots"]
    rows = [line.split() for line in lines[2:6]]
    assert [row[:2] for row in rows] == [
        ["0", "heuristic"],
        ["1", "random"],
        ["2", "random"],
        ["3", "random"],
    ]
    assert lines[6] == f"JSON written to {target}."
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["variant"] == "standard" and data["games"] == 4 and data["seed"] == 3
    assert data["bots"] == ["heuristic", "random", "random", "random"]
    assert len(data["seats"]) == 4
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(4)  # a shared win is split
    assert [seat["bot"] for seat in data["seats"]] == data["bots"]
    assert sum(float(row[2]) for row in rows) == pytest.approx(4, abs=0.05)
    # the same seed gives the same results; --progress draws a bar on stderr
    again = run(
        "simulate", "--games", "4", "--bots", "heuristic,random,random,random", "--seed", "3", "--progress",
        "--json", "-",
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["seats"] == data["seats"]
    assert "4/4 games" in again.stderr


# ---------------------------------------------------------------- variants, rules, replay


def test_variants_lists_every_preset_with_its_aliases_and_modules():
    done = run("variants")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for preset in variants.OFFERED:  # Hearts itself and the family
        assert f"\n{preset.name}: {preset.summary}\n" in "\n" + out
        for alias in preset.aliases:
            assert alias in out
    assert "modules: deck=STD52, passing=LEFT_RIGHT_ACROSS_HOLD, opening=LOWEST_CLUB," in out
    assert "modules (the rest as standard): deck=MINUS_2D_3P, passing=LEFT_RIGHT_HOLD_HOLD" in out
    assert "extras=(MIEZEN)" in out
    assert "hoemke_P1L1H1S1 ... hoemke_P4L4H4S4" in out


def test_rules_puts_a_preset_in_words():
    done = run("rules", "standard")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("standard: Standard Hearts")
    assert "4 players, 52 cards, 13 each." in out
    assert "passing: PassCycle (rules.passing.LEFT_RIGHT_ACROSS_HOLD)" in out
    # the rule in words: the first paragraph of the module's docstring
    assert "  Every seat passes cards cards at once; hand h uses directions[h % len(directions)]." in out
    assert "`" not in out  # no Markdown in the terminal
    assert "settings: directions = left, right, across, hold; cards = 3" in out
    assert "values = Q♠ 13; 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 1 each" in out
    assert "amount = the scoring's total (26)" in out
    assert "house rules: none" in out
    by_alias = run("rules", "Zwarte Maria")
    assert by_alias.returncode == 0 and by_alias.stdout.startswith("black_maria: ")
    assert "3 players, 51 cards, 17 each." in by_alias.stdout


def test_rules_of_a_hoemke_variant():
    done = run("rules", "hoemke_P1L1H1S1")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("hoemke_P1L1H1S1: Hoemke's variant P1L1H1S1.")
    assert "passing: PassCycle (rules.passing.NO_PASSING)" in out
    assert "opening lead: EldestLeadsLowestNonHeart (rules.opening.ELDEST_LOWEST_NON_HEART)" in out
    assert "leading hearts: HeartsAfterTricks (rules.leading.AFTER_TRICK_1)" in out
    assert "scoring: CardPoints (rules.scoring.HEARTS_ONLY)" in out
    assert "amount = 26" in out


def _finished_record(seed: int) -> hj.GameRecord:
    state = hj.new_game(variants.STANDARD, seed=seed)
    record = hj.GameRecord.begin(state)
    rng = random.Random(seed)
    moves = []
    while not state.is_over:
        move = rng.choice(list(hj.legal_moves(state)))
        moves.append(move)
        state = hj.apply(state, move)
    return record.add(*moves)


def test_replay_prints_every_move_and_its_events(tmp_path: Path):
    record = _finished_record(4)
    path = tmp_path / "record.txt"
    path.write_text(record.to_text(), encoding="utf-8")
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"Game record: standard, seed 4, dealer 0, {len(record.moves)} moves."
    assert lines[1] == "Hand 1 is dealt by seat 0; cards pass to the left."
    assert lines[2].startswith("  seat 0: ♣ ")
    numbered = [line for line in lines if re.match(r"\d+\. ", line)]
    assert len(numbered) == len(record.moves)
    assert numbered[0].startswith("1. pass ")
    assert any(line.startswith("   Seat 3 passed ") for line in lines)  # a replay shows every exchange
    assert any(re.fullmatch(r"   Seat \d plays the .*\.", line) for line in lines)
    assert "Score sheet:" in lines
    final = record.final_state()
    assert lines[-1] != "The record ends here, before the game is over."
    assert any(line.startswith("   Game over: ") for line in lines)
    assert lines[-1].strip().split() == [str(t) for t in final.display_scores]
    # --step waits for Enter between moves; the end of input plays on to the end
    stepped = run("replay", str(path), "--step", stdin="\n\n\n")
    assert stepped.returncode == 0, stepped.stderr
    assert stepped.stdout == done.stdout


# ---------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "--variant", "standart"), "no variant called 'standart'; did you mean 'standard'"),
        (("rules", "klaverjassen"), "no variant called 'klaverjassen'"),
        (("simulate", "--variant", "zwarte mari", "--games", "1"), "did you mean 'zwarte maria'"),
        (("play", "--seat", "4"), "--seat: there is no seat 4 in standard: seats are 0 to 3"),
        (("play", "--seat", "3", "--variant", "black_maria"), "there is no seat 3 in black_maria"),
        (("play", "--seat", "x"), "argument --seat: invalid int value: 'x'"),
        (("play", "--bots", "heuristic,smart"), "--bots: no bot called 'smart'"),
        (("play", "--bots", "random,random"), "--bots: 2 names for 3 other seats"),
        (("simulate", "--bots", "random,heuristic", "--games", "1"), "--bots: 2 names for 4 seats"),
        (("simulate", "--games", "0"), "argument --games: expected a number of at least 1, not 0"),
        (("replay", "no/such/file.txt"), "no such file: no/such/file.txt"),
        (("replay", "pyproject.toml"), "pyproject.toml is not a game record: line 1: a record starts with"),
        (("play", "--lang", "de"), "argument --lang: invalid choice: 'de'"),
        (("dance",), "invalid choice: 'dance'"),
        ((), "usage: hartenjagen"),
    ],
)
def test_bad_arguments_exit_with_code_2_and_say_why(args: tuple[str, ...], message: str):
    done = run(*args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_help_version_and_the_console_script():
    done = run("--help")
    assert done.returncode == 0 and "play" in done.stdout and "130 stopped with Ctrl-C" in done.stdout
    assert run("--version").stdout.strip() == f"hartenjagen {hj.__version__}"
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts == {"hartenjagen": "hartenjagen.cli:main"}


@pytest.mark.parametrize("language", ["en", "nl"])
def test_play_help_names_the_default_bot(language: str, capsys: pytest.CaptureFixture[str]):
    # The help says which bots play when --bots is not given, and it is the parser's own default.
    parser = cli.build_parser(language)  # type: ignore[arg-type]
    default = parser.parse_args(["play"]).bots
    assert default == "sampling"
    assert cli.main(["play", "--help", "--lang", language]) == 0
    shown = " ".join(capsys.readouterr().out.split())  # argparse wraps the help
    assert f"(default: {default})" in shown or f"(standaard: {default})" in shown


def test_main_returns_the_exit_code(capsys: pytest.CaptureFixture[str]):
    assert cli.main(["rules", "omnibus"]) == 0
    assert "values = Q♠ 13; J♦ -10; " in capsys.readouterr().out
    assert cli.main(["rules", "nope"]) == 2
    assert "no variant called 'nope'" in capsys.readouterr().err


# ---------------------------------------------------------------- the shared table text


def test_the_prompt_loop_offers_the_moon_choice():
    """``play`` asks through ``terminal.ask``; no preset has a moon choice, so a house variant shows it."""
    house = attrs.evolve(
        variants.STANDARD,
        passing=rules.passing.NO_PASSING,
        opening=rules.opening.ELDEST_ANY,
        first_trick=rules.first_trick.ANYTHING,
        leading=rules.leading.ANYTIME,
        scoring=rules.scoring.HEARTS_ONLY,
        moon=rules.moon.SHOOTER_CHOICE,
    )
    deal = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "HCDS"]
    state = hj.new_game(house, deal=deal, dealer=3, seed=1)  # seat 0 leads its hearts and takes them all
    while state.phase is hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.to_move == (0,)
    answers = iter(["3", "moon", "2"])
    said: list[str] = []
    move = terminal.ask(state, 0, "en", lambda prompt: next(answers), said.append)
    assert move == hj.MoonChoice(0, "self_minus")
    text = "\n".join(said)
    assert "You took every penalty card! Choose how the moon is scored:" in text
    assert "1) others_plus: the others score the moon  2) self_minus: " in text
    assert "There is no move 3: choose 1 to 2." in text
    assert "Cannot read 'moon': choose one of others_plus, self_minus (or its number)" in text


@pytest.mark.parametrize("page", ["index.md", "composing.md", "bots.md", "simulate.md"])
def test_the_snippets_of_the_docs_run(page: str, capsys: pytest.CaptureFixture[str]):
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert blocks
    namespace: dict[str, object] = {"__name__": page}
    for number, block in enumerate(blocks, start=1):
        exec(compile(block, f"docs/{page} block {number}", "exec"), namespace)
    out = capsys.readouterr().out
    for expected in re.findall(r"```text\n(.*?)```", text, flags=re.DOTALL):
        assert expected in out


def test_a_bot_that_breaks_the_rules_stops_the_game_with_exit_code_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    class Cheat:
        name = "cheat"

        def choose(self, view: hj.PlayerView) -> hj.Move:
            return hj.Play(view.seat if view.seat is not None else 0, "QS")  # in the passing phase

    monkeypatch.setattr(cli, "make_bot", lambda name, **options: Cheat())
    answers = iter(["1 2 3"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert cli.main(["play", "--seed", "1", "--bots", "random"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("hartenjagen play: error: the cheat bot at seat 1 made an illegal move: ")
    assert "now is the time to pass cards, not to play a card" in err


# ---------------------------------------------------------------- the examples that use bots


def _example(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "examples" / name), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=ENV,
        timeout=60,
        check=False,
    )


def test_the_house_rule_example_plays_its_variant_with_bots():
    done = _example("house_rule.py", "--seed", "4")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(
        "Rules(leading=HeartsAfterBroken(queen_breaks=True), scoring=CardPoints(omnibus_jd), "
    )
    assert "NoQueenLead()" in lines[0]
    assert "Score sheet:" in lines
    assert lines[-1].startswith("Game over: seat ")
    assert max(int(total) for total in lines[-2].split()) >= 50  # the house plays to 50


def test_the_bot_tournament_example_ranks_the_bots():
    done = _example("bot_tournament.py", "--games", "3", "--contenders", "random,heuristic")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "standard, 3 games each, against heuristic bots:"
    assert sorted(line.split()[1] for line in lines[2:]) == ["heuristic", "random"]
