"""The command's text and robustness (issue 13 items 6-10, issue 12 item 6), driven as a user would:
a subprocess with scripted input, signals and pipes.

- ``--lang nl`` is Dutch throughout, and reads Dutch card input (B, V, H, A; VS, schoppenvrouw, B♣, 10h);
- the table shows the points taken in the hand so far; the score sheet explains announcements;
- the numbered moves follow the order of the hand; ``help``/``?``; "1 game"; shared wins explained;
  ``rules`` of a preset without passing; close-match suggestions only when close;
- Ctrl-C stops ``simulate`` at once, also with workers; a closed stdout pipe exits quietly;
  invalid bytes on a strict UTF-8 stdin do not crash ``play`` or ``replay --step``.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import hartenjagen as hj
from hartenjagen import cli, variants
from hartenjagen.bots import make_bot
from hartenjagen.bots.simulate import SeatResult, SimulationResult
from hartenjagen.cli import terminal
from hartenjagen.cli.simulate import simulation_table
from hartenjagen.frontend import texts
from hartenjagen.frontend.notation import card_name, format_card, parse_card
from helpers import ONE_SUIT_EACH

ROOT = Path(__file__).resolve().parent.parent
ENV = {
    **os.environ,
    "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])),
    "PYTHONIOENCODING": "utf-8",  # strict: a byte that is not UTF-8 cannot be decoded
}


def run(*args: str, stdin: str | bytes = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [sys.executable, "-m", "hartenjagen", *args],
        input=data,
        capture_output=True,
        env=ENV,
        timeout=timeout,
        check=False,
        cwd=ROOT,
    )
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    )


_DUTCH_RANKS = {11: "B", 12: "V", 13: "H", 14: "A"}
_DUTCH_SUITS = "KRHS"  # klaveren, ruiten, harten, schoppen (the order of Suit)


def dutch_letters(card: hj.Card) -> str:
    """``VS``, ``10H``, ``BK``: a card as a Dutch player writes it with letters."""
    return _DUTCH_RANKS.get(int(card.rank), str(int(card.rank))) + _DUTCH_SUITS[card.suit]


def _dutch_script(seed: int) -> tuple[list[str], str]:
    """Seat 0's input for a whole Dutch game against random bots, typed in Dutch.

    Passes are typed as Dutch names (``klaveren twee``), plays alternately as Dutch names and
    Dutch letters (``VS``); the first card the rules refuse is typed first, once. Returns the
    lines and the Dutch refusal the table should show for it.
    """
    state = hj.new_game(variants.STANDARD, seed=seed)
    bots = {seat: make_bot("random", seed=cli._bot_seed(seed, seat)) for seat in (1, 2, 3)}
    lines: list[str] = []
    refusal = ""
    plays = 0
    while not state.is_over:
        if 0 in state.to_move:
            v = hj.view(state, 0)
            if v.pass_options:
                chosen = terminal.pass_choices(v)[-v.pass_count :]
                lines.append(" ".join(card_name(card, "nl") for card in chosen))
                move: hj.Move = hj.Pass(0, chosen)
            else:
                if not refusal:
                    wrong = [card for card in v.hand if hj.Play(0, card) not in v.legal_moves]
                    if wrong:
                        problem = hj.explain(state, hj.Play(0, wrong[0]))
                        assert problem is not None
                        refusal = texts.reason(problem, hj.Play(0, wrong[0]), v, "nl")
                        lines.append(card_name(wrong[0], "nl"))
                move = terminal.move_choices(v)[0]
                assert isinstance(move, hj.Play)
                lines.append(card_name(move.card, "nl") if plays % 2 else dutch_letters(move.card))
                plays += 1
        else:
            seat = state.to_move[0]
            move = bots[seat].choose(hj.view(state, seat))
        state = hj.apply(state, move)
    assert refusal, "seat 0 could play every card all game"
    return lines, refusal


# ---------------------------------------------------------------- Dutch throughout (item 6)


def test_dutch_card_input_letters_and_names():
    for text, card in [
        ("VS", "QS"), ("vs", "QS"), ("schoppenvrouw", "QS"), ("Schoppen vrouw", "QS"), ("B♣", "JC"),
        ("10h", "TH"), ("HK", "KC"), ("hartenaas", "AH"), ("klaveren twee", "2C"), ("klaveren 2", "2C"),
        ("ruitenboer", "JD"), ("harten 10", "TH"), ("AS", "AS"), ("QS", "QS"), ("q♠", "QS"), ("KH", "KH"),
        ("klavervrouw", "QC"), ("schoppenheer", "KS"), ("schoppenkoning", "KS"),
    ]:  # fmt: skip
        assert parse_card(text, "nl") == hj.Card(card), text
    # English keeps its own readings: HK is the king of hearts written suit first.
    assert parse_card("HK") == hj.Card("KH")
    assert parse_card("queen of spades") == hj.Card("QS")
    with pytest.raises(hj.CardParseError):
        parse_card("schoppen", "nl")
    with pytest.raises(hj.CardParseError):
        parse_card("VS")  # no Dutch letters in English


def test_a_whole_game_in_dutch_with_dutch_card_input():
    seed = 3
    lines, refusal = _dutch_script(seed)
    done = run("play", "--seed", str(seed), "--bots", "random", "--lang", "nl", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert f"Dat mag niet: {refusal}." in out
    assert "Kan " not in out  # every card typed in Dutch was read
    assert "Einde van het spel: " in out
    assert out.rstrip().splitlines()[-1] in ("Je hebt gewonnen!", "Je hebt deze keer niet gewonnen.")
    # No English sentence anywhere at the Dutch table.
    for english in (
        "may not",
        "must",
        "Your",
        "seat ",
        "Hand ",
        "passed",
        "plays the",
        "Score sheet",
        "Chosen",
    ):
        assert english not in out, english


def test_dutch_refusals_say_why_by_code():
    state = hj.new_game(variants.STANDARD, seed=3)
    v = hj.view(state, 1)
    problem = hj.explain(state, hj.Pass(1, v.hand[:2]))
    assert problem is not None and problem.code is hj.IllegalMoveCode.WRONG_PASS_COUNT
    assert texts.reason(problem, hj.Pass(1, v.hand[:2]), v, "nl") == "geef precies 3 kaarten door, niet 2"
    missing = next(card for card in hj.new_game(variants.STANDARD, seed=3).hands[2])
    move = hj.Pass(1, (*v.hand[:2], missing))
    problem = hj.explain(state, move)
    assert problem is not None
    assert (
        texts.reason(problem, move, v, "nl")
        == f"speler 1 heeft de {format_card(missing, 'symbol', 'nl')} niet"
    )
    assert texts.reason(problem, move, v, "en") == problem.message


def test_unreadable_input_and_help_in_dutch():
    done = run("play", "--seed", "1", "--lang", "nl", stdin="ZZ\nhelp\n?\n")
    assert done.returncode == 0, done.stderr
    assert "Kan 'ZZ' niet lezen: typ een kaart (VS, schoppenvrouw, B♣, 10h)" in done.stdout
    assert done.stdout.count(texts.WORDS["nl"]["help"]) == 2
    assert "cannot read" not in done.stdout


# ---------------------------------------------------------------- the table (items 7-9)


def test_the_table_shows_the_points_taken_in_this_hand():
    rules = variants.STANDARD
    state = hj.new_game(rules, seed=1, hand_index=3)  # a hold hand: play starts at once
    while not any(terminal.taken_points(hj.view(state, 0))):
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.phase is hj.Phase.PLAYING and state.tricks
    v = hj.view(state, 0)
    expected = [sum(rules.scoring.card_value(card) for card in cards) for cards in v.taken]
    assert any(expected)
    assert terminal.taken_points(v) == tuple(expected)
    text = terminal.show(v, "en")
    assert "Scores: you: 0  seat 1: 0  seat 2: 0  seat 3: 0" in text
    shown = "  ".join(
        f"{'you' if seat == 0 else f'seat {seat}'}: {points}" for seat, points in enumerate(expected)
    )
    assert f"Taken this hand: {shown}" in text
    assert "Deze ronde gehaald: jij: 1  speler 1: " in terminal.show(v, "nl")


def test_points_taken_follow_the_scheme_for_the_first_two_hearts_free():
    scoring = hj.rules.scoring.HOEMKE_FIRST_TWO_FREE
    hearts = [hj.Card(f"{rank}H") for rank in "2345"]
    assert scoring.points_of(hearts[:2]) == 0
    assert scoring.points_of([*hearts, hj.Card("QS"), hj.Card("JD")]) == 2 * 2 + 13 - 10


def test_the_play_command_shows_points_taken_during_a_hand():
    done = run("play", "--seed", "2", "--bots", "random", stdin="1\n" * 400)
    assert done.returncode == 0, done.stderr
    assert re.search(r"^Taken this hand: you: -?\d+  seat 1: ", done.stdout, flags=re.MULTILINE)


def _line(raw: tuple[int, ...], points: tuple[int, ...], announcers: tuple[int, ...]) -> hj.HandResult:
    return hj.HandResult(0, 0, raw, points, points, None, None, announcers)


def test_the_score_sheet_explains_announcements():
    sheet = [_line((11, 0, 14, 0), (21, -10, 14, 0), (0, 1))]
    text = terminal.score_sheet(variants.ACHTERHOEK, sheet, "en")
    assert "seat 0 announced but took a penalty card (+10)" in text
    assert "seat 1 announced and took no penalty card (-10)" in text
    dutch = terminal.score_sheet(variants.ACHTERHOEK, sheet, "nl")
    assert "speler 0 miesde maar haalde een strafkaart (+10)" in dutch
    assert "speler 1 miesde en haalde geen strafkaart (-10)" in dutch


def test_declining_to_announce_is_not_passing():
    assert hj.describe(hj.events.Announced(2, False)) == "Seat 2 declines to announce."
    assert hj.describe(hj.events.Announced(2, False), "nl") == "Speler 2 miest niet."
    assert hj.describe(hj.events.Announced(2, True), "nl") == "Speler 2 miest: geen strafkaarten."
    done = run("play", "--seed", "5", "--variant", "achterhoek", "--bots", "random", stdin="1\n" * 3)
    assert done.returncode == 0, done.stderr
    assert "Seat 1 declines to announce." in done.stdout or "Seat 1 announces" in done.stdout
    assert " passes." not in done.stdout


def test_the_numbered_moves_follow_the_order_of_the_hand():
    state = hj.new_game(variants.STANDARD, seed=4, hand_index=3)
    while len(state.tricks) < 4 or 0 not in state.to_move:
        state = hj.apply(state, hj.legal_moves(state)[0])
    v = hj.view(state, 0)
    listed = terminal.move_choices(v)
    order = [card for card in terminal.hand_text(v.hand).split()]  # "♣ 2 5 ..."
    suits = [token for token in order if token in "♣♦♠♥"]
    listed_suits = list(dict.fromkeys(move.card.suit.symbol for move in listed))
    assert listed_suits == [suit for suit in suits if suit in listed_suits]
    assert set(listed) == set(v.legal_moves)
    # The number typed picks the card shown with that number.
    shown = terminal.show(v, "en").splitlines()[-1]
    first = shown.split("  ")[0]
    assert first == f"1) {listed[0].card.symbol}"
    assert terminal.read_move("1", v) == listed[0]


def test_simulate_says_one_game_and_explains_shared_wins():
    done = run("simulate", "--games", "1", "--progress")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "standard: 1 game, seed 0"
    assert "1/1 game " in done.stderr
    shared = run("simulate", "--games", "3", "--seed", "177", "--bots", "random")  # a seed with a shared win
    assert shared.returncode == 0, shared.stderr
    assert "A win shared by k seats (a tie for the best total) counts 1/k for each of them." in shared.stdout
    whole = SimulationResult(
        2, 0, tuple(SeatResult(s, "random", w, 50.0, 0) for s, w in enumerate((2, 0, 0, 0)))
    )
    assert "shared" not in simulation_table("standard", whole)


def test_rules_of_a_preset_without_passing_has_no_card_count():
    done = run("rules", "dutch")
    assert done.returncode == 0, done.stderr
    passing = done.stdout.split("\n\npassing: ")[1].split("\n\n")[0]
    assert passing.splitlines()[1] == "  No cards are passed: every hand is played as it is dealt."
    assert "cards" not in passing.splitlines()[0] and "`cards`" not in passing and "settings" not in passing


@pytest.mark.parametrize(
    ("args", "suggested", "not_suggested"),
    [
        (("rules", "blackmaria"), "'black maria'", "black lady"),
        (("rules", "dutc"), "'dutch'", "zwarte"),
        (("play", "--bots", "smart"), None, "did you mean"),
        (("rules", "xyzzy"), None, "did you mean"),
    ],
)
def test_a_suggestion_is_offered_only_when_close(args, suggested, not_suggested):
    done = run(*args)
    assert done.returncode == 2
    if suggested:
        assert f"did you mean {suggested}" in done.stderr
    assert not_suggested not in done.stderr.split("(")[0]


def test_the_preset_with_the_moon_choice_is_listed_and_its_prompt_is_reached():
    listing = run("variants")
    assert "standard_moon_choice: Standard Hearts, but the moon's shooter chooses" in listing.stdout
    assert "moon=SHOOTER_CHOICE" in listing.stdout
    # Seat 0 holds every club in a hold hand (no passing): it wins every trick and shoots the moon.
    state = hj.new_game(variants.STANDARD_MOON_CHOICE, deal=list(ONE_SUIT_EACH), seed=1, hand_index=3)
    while state.phase is hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.phase is hj.Phase.MOON_CHOICE
    said: list[str] = []
    move = terminal.ask(state, 0, "nl", lambda prompt: "2", said.append)
    assert move == hj.MoonChoice(0, "self_minus")
    assert "Je hebt alle strafkaarten gehaald! Kies hoe dat telt:" in "\n".join(said)


def test_play_can_cut_for_the_first_dealer():
    done = run("play", "--seed", "8", "--dealer", "cut")
    dealer = hj.new_game(variants.STANDARD, seed=8, dealer="cut").dealer
    assert f"Hand 1, dealt by seat {dealer}; passing." in done.stdout
    bad = run("play", "--dealer", "7")
    assert bad.returncode == 2 and "--dealer: expected a seat from 0 to 3 or 'cut'" in bad.stderr


def test_a_replay_counts_its_moves_in_words(tmp_path: Path):
    state = hj.new_game(variants.STANDARD, seed=1)
    record = hj.GameRecord.begin(state).add(hj.legal_moves(state)[0])
    path = tmp_path / "one.txt"
    path.write_text(record.to_text(), encoding="utf-8")
    assert (
        run("replay", str(path)).stdout.splitlines()[0] == "Game record: standard, seed 1, dealer 0, 1 move."
    )
    dutch = run("replay", str(path), "--lang", "nl").stdout.splitlines()[0]
    assert dutch == "Spelverslag: standaard (standard), seed 1, gever 0, 1 zet."


# ---------------------------------------------------------------- robustness (item 10; issue 12 item 6)


def test_invalid_bytes_on_a_strict_utf8_stdin_do_not_crash_play():
    done = run("play", "--seed", "1", stdin=b"\xff\xfe\x80\n1\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "UnicodeDecodeError" not in done.stderr
    assert "Cannot read '\ufffd\ufffd\ufffd'" in done.stdout
    assert done.stdout.rstrip().endswith("Bye.")


def test_invalid_bytes_on_a_strict_utf8_stdin_do_not_crash_replay_step(tmp_path: Path):
    state = hj.new_game(variants.STANDARD, seed=1)
    record = hj.GameRecord.begin(state).add(*hj.legal_moves(state)[:1])
    path = tmp_path / "r.txt"
    path.write_text(record.to_text(), encoding="utf-8")
    done = run("replay", str(path), "--step", stdin=b"\xff\n\xc3\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "1. pass 0 " in done.stdout


def _no_process_left(group: int, within: float = 10) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and process groups")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_simulate_at_once_and_ends_its_workers(workers: str):
    # Ctrl-C at a terminal signals the whole process group: the command and its workers.
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hartenjagen",
            "simulate",
            "--games",
            "100000",
            "--workers",
            workers,
            "--progress",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=ROOT,
        start_new_session=True,
        # As a terminal's Ctrl-C finds it, even when the tests run as a background job that ignores SIGINT.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert process.stderr is not None
        seen = b""
        while b"/100000 games" not in seen:  # the games have started
            chunk = os.read(process.stderr.fileno(), 4096)
            assert chunk, seen
            seen += chunk
        os.killpg(process.pid, signal.SIGINT)
        # A hang would run 100,000 games; a stopped run ends in about a second (generous bound).
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    message = (seen + err).decode("utf-8")
    assert process.returncode == 130, message
    assert "stopped with Ctrl-C after " in message and "no results are printed or written" in message
    assert "Traceback" not in message
    assert out == b""  # no partial table
    assert _no_process_left(process.pid), "a worker process is still running"


def test_a_closed_stdout_pipe_exits_quietly():
    process = subprocess.Popen(
        [sys.executable, "-m", "hartenjagen", "simulate", "--games", "3", "--json", "-"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # like `| head` that has read what it wanted
    err = process.stderr.read()
    process.wait(timeout=60)
    assert process.returncode == cli.EXIT_BROKEN_PIPE
    assert err == b"", err.decode("utf-8")


def test_a_closed_stdout_pipe_during_play_exits_quietly():
    process = subprocess.Popen(
        [sys.executable, "-m", "hartenjagen", "play", "--seed", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stdin is not None
    process.stdout.close()
    _, err = process.communicate(b"1\n" * 50, timeout=60)
    assert process.returncode == cli.EXIT_BROKEN_PIPE
    assert b"Traceback" not in err and b"Exception ignored" not in err
