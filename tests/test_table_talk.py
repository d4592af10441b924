"""The table talks to a newcomer (issue 28 items 8-11): Dutch cards in Dutch, Dutch leftovers, the
player as "you", and the small things at the prompt. In-process where a process adds nothing; a few
true subprocess runs drive the command as a user would.
"""

from __future__ import annotations

import argparse
import contextlib
import gettext
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import hartenjagen as hj
from hartenjagen import cli, variants
from hartenjagen.bots.simulate import SeatResult
from hartenjagen.cli import rules as cli_rules
from hartenjagen.cli import terminal
from hartenjagen.frontend import texts
from hartenjagen.frontend.notation import (
    card_name,
    format_card,
    format_cards,
    format_move,
    parse_card,
    parse_move,
)

ROOT = Path(__file__).resolve().parent.parent
ENV = {
    **os.environ,
    "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])),
    "PYTHONIOENCODING": "utf-8",
}
ENGLISH_LETTERS = re.compile(r"(?<![\w])[JQK](?=[♣♦♥♠\s]|$)")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hartenjagen", *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", env=ENV, timeout=120, check=False,
        cwd=ROOT,
    )  # fmt: skip


def main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


class Script:
    """A player at the terminal: answers the prompts from a list, then ends the input (Ctrl-D)."""

    def __init__(self, *answers: str) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.said: list[str] = []

    def read(self, prompt: str) -> str:
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None

    @property
    def text(self) -> str:
        return "\n".join(self.said)


def play(
    rules: hj.Rules, *answers: str, language: str = "en", variant: str = "standard", seed: int = 3
) -> str:
    """``hartenjagen play`` in-process, with the answers typed, until they run out."""
    script = Script(*answers)
    with contextlib.suppress(EOFError):  # the answers ran out before the game did
        cli.play_game(
            rules, seat=0, bot_names=["random"] * (rules.players - 1), seed=seed, language=language,  # type: ignore[arg-type]
            read=script.read, say=script.said.append, variant=variant,
        )  # fmt: skip
    return script.text


# ---------------------------------------------------------------- item 8: Dutch cards in Dutch


def test_dutch_writes_cards_with_dutch_letters_and_english_is_unchanged():
    assert [format_card(hj.Card(c), "symbol", "nl") for c in ("JC", "QS", "KH", "AD", "TH", "7C")] == [
        "B♣", "V♠", "H♥", "A♦", "10♥", "7♣",
    ]  # fmt: skip
    assert format_cards(hj.cards.parse_cards("QS KC TH"), "ascii", "nl") == "VS HK 10H"
    # what Dutch writes, Dutch reads back
    for card in hj.variants.STANDARD.deck.pack():
        for style in ("ascii", "symbol", "ten"):
            assert parse_card(format_card(card, style, "nl"), "nl") == card  # type: ignore[arg-type]
            assert format_card(card, style) == format_card(card, style, "en")  # type: ignore[arg-type]
    assert format_card(hj.Card("QS")) == "QS" and format_card(hj.Card("QS"), "symbol") == "Q♠"
    with pytest.raises(hj.frontend.notation.NotationError):
        format_card(hj.Card("QS"), "symbol", "fr")  # type: ignore[arg-type]


def test_the_dutch_table_shows_dutch_ranks_in_the_hand_the_trick_and_the_choices():
    state = hj.new_game(variants.STANDARD, seed=3)
    english, dutch = terminal.show(hj.view(state, 0), "en"), terminal.show(hj.view(state, 0), "nl")
    assert english.splitlines()[2] == "Your hand: ♣ 9 A   ♦ 9   ♠ 2 8 9   ♥ 3 4 6 9 J Q A"
    assert dutch.splitlines()[2] == "Je kaarten: ♣ 9 A   ♦ 9   ♠ 2 8 9   ♥ 3 4 6 9 B V A"
    assert "11) B♥  12) V♥  13) A♥" in dutch and "11) J♥  12) Q♥  13) A♥" in english
    assert not ENGLISH_LETTERS.search(dutch)
    while not state.trick or state.trick[-1].card.rank < hj.Rank.JACK:  # a picture card on the table
        state = hj.apply(state, hj.legal_moves(state)[-1])
    on_table = terminal.show(hj.view(state, 0), "nl").splitlines()[3]
    assert on_table.startswith("Op tafel: ") and not ENGLISH_LETTERS.search(on_table)
    assert format_card(state.trick[-1].card, "symbol", "nl") in on_table


def test_a_dutch_refusal_names_the_card_with_dutch_letters():
    state = hj.new_game(variants.STANDARD, seed=3)
    state = hj.apply(state, hj.Pass(0, ["JH", "QH", "AH"]))
    problem = hj.explain(state, hj.Pass(0, ["2S", "8S", "9S"]))
    assert problem is not None
    assert texts.refusal(problem, "en") == "seat 0 has already passed"
    state = hj.new_game(variants.STANDARD, seed=3)
    problem = hj.explain(state, hj.Pass(0, ["QH", "AH", "KS"]))  # seat 0 holds no K♠
    assert problem is not None and problem.message == "seat 0 does not hold the K♠"
    assert texts.refusal(problem, "nl") == "speler 0 heeft de H♠ niet"


def test_the_rules_in_dutch_write_cards_and_values_in_dutch():
    english, dutch = cli_rules.rules_text("black_maria"), cli_rules.rules_text("black_maria", "nl")
    assert "values = Q♠ 13; K♠ 10; A♠ 7; 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 1 each" in english
    assert "values = V♠ 13; H♠ 10; A♠ 7; 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ B♥ V♥ H♥ A♥ elk 1" in dutch
    assert "directions = right" in english and "directions = naar rechts" in dutch
    assert "tie = shared" in english and "tie = gedeeld" in dutch
    halves = " ".join(cli_rules.rules_text("dutch", "nl").split())
    assert "finish = nul of lager" in halves and "moon_set = alle kaarten die punten kosten" in halves


# ---------------------------------------------------------------- item 9: Dutch leftovers


def test_dutch_mode_names_the_variant_and_the_bots_in_dutch():
    dutch = play(variants.DUTCH, language="nl", variant="dutch")
    assert dutch.splitlines()[0] == (
        "hartenjagen: Nederlands hartenjagen (dutch). Jij bent speler 0; "
        "speler 1: willekeurig, speler 2: willekeurig, speler 3: willekeurig."
    )
    english = play(variants.DUTCH, variant="dutch")
    assert english.splitlines()[0] == (
        "hartenjagen: dutch. You are seat 0; seat 1: random, seat 2: random, seat 3: random."
    )
    # a Dutch bot name is read too
    assert cli.options.bot_names("heuristisch,willekeurig,steekproef", 3, "spelers") == [
        "heuristic", "random", "sampling",
    ]  # fmt: skip


def test_the_dutch_simulation_table_names_the_bots_in_dutch(capsys: pytest.CaptureFixture[str]):
    code, out, _ = main(
        capsys, "simulate", "--variant", "dutch", "--games", "2", "--lang", "nl", "--bots", "random"
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Nederlands hartenjagen (dutch): 2 spellen, seed 0"
    assert [line.split()[1] for line in lines[2:6]] == ["willekeurig"] * 4
    assert all(" willekeurig " in line for line in lines[2:6])  # the column is wide enough for the name
    code, out, _ = main(capsys, "simulate", "--variant", "dutch", "--games", "2", "--bots", "random")
    assert out.splitlines()[0] == "dutch: 2 games, seed 0"
    assert out.splitlines()[1] == "seat  bot           wins  win % mean total moon shots"  # as before


def test_argparse_speaks_dutch_with_lang_nl(capsys: pytest.CaptureFixture[str]):
    code, out, _ = main(capsys, "simulate", "--lang", "nl", "--help")
    assert code == 0
    assert out.startswith("gebruik: hartenjagen simulate")
    assert "\nopties:\n" in out and "toon deze hulp en stop" in out
    assert "usage:" not in out and "options:" not in out
    code, _, err = main(capsys, "simulate", "--lang", "nl", "--games")
    assert code == 2
    assert "hartenjagen: fout: argument --games: verwacht een waarde" in err
    assert "gebruik: hartenjagen simulate" in err and "expected" not in err
    code, _, err = main(capsys, "simulate", "--games", "x", "--lang", "nl")
    assert "argument --games: verwacht een geheel getal, niet 'x'" in err
    code, _, err = main(capsys, "play", "--lang", "nl", "--bogus")
    assert "fout: onbekende argumenten: --bogus" in err
    # English is argparse's own, and argparse is itself again after a Dutch command line
    code, out, _ = main(capsys, "simulate", "--help")
    assert out.startswith("usage: hartenjagen simulate") and "\noptions:\n" in out
    assert argparse._ is gettext.gettext  # type: ignore[attr-defined]
    code, _, err = main(capsys, "simulate", "--games")
    assert "hartenjagen: error: argument --games: expected one argument" in err


def test_an_unknown_variant_in_dutch_suggests_the_close_one(capsys: pytest.CaptureFixture[str]):
    code, _, err = main(capsys, "play", "--variant", "dutc", "--lang", "nl")
    assert code == 2
    assert "fout: er is geen variant 'dutc'; bedoel je 'dutch'? (varianten: standard," in err
    code, _, err = main(capsys, "play", "--variant", "dutc")
    assert "no variant called 'dutc'; did you mean 'dutch'? (presets: standard," in err
    code, _, err = main(capsys, "rules", "nergens", "--lang", "nl")
    assert "er is geen variant 'nergens' (varianten:" in err  # nothing close: no suggestion


@pytest.mark.parametrize("name", [preset.name for preset in variants.OFFERED])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_rules_in_words_have_no_markdown(name: str, language: str):
    text = cli_rules.rules_text(name, language)  # type: ignore[arg-type]
    assert "`" not in text
    assert "`" not in cli_rules.variants_text(language)  # type: ignore[arg-type]


def _dutch_sheet_that_turns() -> tuple[hj.State, int]:
    """A Dutch game played with the first legal move until the count has turned, and the turning hand's index."""
    state = hj.new_game(variants.DUTCH, seed=1)
    ending = state.rules.ending
    while not ending.second_half(state.score_sheet):
        state = hj.apply(state, hj.legal_moves(state)[0])
    return state, len(state.score_sheet) - 1


def test_the_score_sheet_says_when_the_count_turns():
    state, turning = _dutch_sheet_that_turns()
    sheet = state.score_sheet
    assert terminal.count_turns(state.rules, sheet)
    assert not terminal.count_turns(state.rules, sheet[:-1])
    assert not terminal.count_turns(variants.STANDARD, sheet)  # one half only: it never turns
    for language, note in (
        ("en", "the count turns: from the next hand the points come off"),
        ("nl", "de telling draait om: vanaf de volgende ronde gaan de punten eraf"),
    ):
        lines = terminal.score_sheet(state.rules, sheet, language).splitlines()  # type: ignore[arg-type]
        noted = [line for line in lines if note in line]
        assert len(noted) == 1 and noted[0].split()[0] == str(turning + 1)


def test_play_announces_the_second_half_once():
    # Answer "1" to every prompt: the first legal move, for as long as the game needs.
    said = play(variants.DUTCH, *["1"] * 400, language="nl", variant="dutch", seed=1)
    sentence = (
        "De telling draait om: vanaf de volgende ronde gaan de punten van de stand af (de tweede helft)."
    )
    assert said.count(sentence) == 1
    lines = said.splitlines()
    at = lines.index(sentence)
    assert "de telling draait om" in lines[at - 2]  # right under the score sheet that notes it
    assert next(line for line in lines[at + 1 :] if line).startswith("Ronde ")  # before the next hand


# ---------------------------------------------------------------- item 10: the player is "you"


def test_the_table_and_the_log_speak_to_the_player():
    said = play(variants.STANDARD, "1 2 3", "1")
    assert "Hand 1, dealt by you; passing." in said
    assert "Scores: you: 0  seat 1: 0  seat 2: 0  seat 3: 0" in said
    assert "You have chosen the cards to pass." in said
    assert re.search(r"^You passed .+ to seat 1 and received .+ from seat 3\.$", said, flags=re.MULTILINE)
    assert "Seat 0 " not in said
    dutch = play(variants.STANDARD, "1 2 3", "1", language="nl")
    assert "Ronde 1, door jou gedeeld; doorgeven." in dutch and "Stand: jij: 0  speler 1: 0" in dutch
    assert re.search(r"^Je gaf .+ aan speler 1 en kreeg .+ van speler 3\.$", dutch, flags=re.MULTILINE)
    assert "Speler 0 " not in dutch


def test_a_deal_is_said_once():
    # The player passes first: the table's header says the deal, the event line is not repeated.
    said = play(variants.STANDARD, "1 2 3")
    assert "Hand 1, dealt by you; passing." in said and "Hand 1 is dealt" not in said
    # In the Dutch game seat 1 leads: the bots play before the player is asked, so the deal is said.
    dutch = play(variants.DUTCH, variant="dutch")
    lines = dutch.splitlines()
    assert "Hand 1 is dealt by you; no cards are passed (a hold hand)." in lines
    assert lines.index("Hand 1 is dealt by you; no cards are passed (a hold hand).") < lines.index(
        "Hand 1, dealt by you; playing."
    )


# ---------------------------------------------------------------- item 11: the small things


def _ask(state: hj.State, language: str, *answers: str) -> str:
    script = Script(*answers)
    with pytest.raises(EOFError):
        terminal.ask(state, 0, language, script.read, script.said.append, gather=True)  # type: ignore[arg-type]
    return script.text


def test_an_unreadable_card_is_said_once_with_what_to_type():
    state = hj.new_game(variants.STANDARD, seed=3)
    said = _ask(state, "en", "banana", "QS banana")
    assert "Cannot read 'banana': type a card (QS, q♠, 10h) or the number of a move" in said
    assert said.lower().count("cannot read 'banana'") == 2  # once per line typed, never twice in one
    assert "as a card" not in said


def test_two_numbers_while_playing_is_one_move_at_a_time():
    state = hj.new_game(variants.STANDARD, seed=1, hand_index=3)  # a hold hand: play at once
    state = hj.apply(state, hj.legal_moves(state)[0]) if 0 not in state.to_move else state
    while 0 not in state.to_move:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.phase is hj.Phase.PLAYING
    said = _ask(state, "en", "1 2", "2C 3C")
    assert said.count("one move at a time: type one card or one number") == 2
    assert "één zet tegelijk" in _ask(state, "nl", "1 2")
    assert "one move at a time" not in _ask(state, "en", "queen of spades")  # one card in three words


def test_a_yes_or_no_question_answered_otherwise_asks_for_yes_or_no():
    state = hj.new_game(variants.ACHTERHOEK, seed=3)
    while state.phase is not hj.Phase.ANNOUNCING or 0 not in state.to_move:
        state = hj.apply(state, hj.legal_moves(state)[0])
    dutch = _ask(state, "nl", "misschien")
    assert "Kan 'misschien' niet lezen: antwoord ja of nee (of 1 of 2)" in dutch
    assert "kaart" not in dutch.splitlines()[-1]
    assert "Cannot read 'maybe': answer yes or no (or 1 or 2)" in _ask(state, "en", "maybe")
    script = Script("misschien", "nee")
    assert terminal.ask(state, 0, "nl", script.read, script.said.append) == hj.Announce(0, False)


def test_rules_with_a_name_of_two_words_unquoted_says_to_quote_it(capsys: pytest.CaptureFixture[str]):
    code, _, err = main(capsys, "rules", "zwarte", "maria")
    assert code == 2
    assert err.strip() == (
        "hartenjagen: error: rules takes one name: 'zwarte maria' is several words; "
        'put them in quotes: hartenjagen rules "zwarte maria"'
    )
    code, out, _ = main(capsys, "rules", "zwarte maria")
    assert code == 0 and out.startswith("black_maria: ")
    code, _, err = main(capsys, "rules", "zwarte", "maria", "--lang", "nl")
    assert 'zet ze tussen aanhalingstekens: hartenjagen rules "zwarte maria"' in err
    code, _, err = main(capsys, "variants", "extra")
    assert "error: unrecognized arguments: extra" in err  # other commands: argparse's own words


def test_simulate_json_writes_whole_wins_as_whole_numbers(capsys: pytest.CaptureFixture[str]):
    assert SeatResult(0, "random", 3.0, 50.0, 0).as_dict()["wins"] == 3
    assert type(SeatResult(0, "random", 3.0, 50.0, 0).as_dict()["wins"]) is int
    assert SeatResult(0, "random", 2.5, 50.0, 0).as_dict()["wins"] == 2.5
    code, out, _ = main(capsys, "simulate", "--variant", "dutch", "--games", "4", "--json", "-")
    assert code == 0
    for seat in json.loads(out)["seats"]:
        assert type(seat["wins"]) is (int if float(seat["wins"]).is_integer() else float)
    assert re.search(r'"wins": \d+,', out) and not re.search(r'"wins": \d+\.0,', out)


def test_a_move_has_one_notation():
    state = hj.new_game(variants.ACHTERHOEK, seed=3)
    seen = set()
    while not state.is_over and len(seen) < 4:
        move = hj.legal_moves(state)[-1]
        seen.add(type(move))
        assert str(move) == format_move(move)
        assert parse_move(str(move)) == move
        state = hj.apply(state, move)
    assert str(hj.Play(0, "QS")) == "play 0 QS"
    assert str(hj.Pass(1, ["7C", "6D", "7D"])) == "pass 1 7C 6D 7D"
    assert str(hj.Announce(2, True)) == "announce 2 yes"
    assert str(hj.MoonChoice(3, "others_plus")) == "moon 3 others_plus"


def test_replay_step_by_step_stops_at_q(tmp_path: Path):
    record = tmp_path / "game.txt"
    state = hj.new_game(variants.STANDARD, seed=4)
    game = hj.GameRecord.begin(state)
    for _ in range(12):
        move = hj.legal_moves(state)[0]
        game, state = game.add(move), hj.apply(state, move)
    record.write_text(game.to_text(), encoding="utf-8")
    done = run("replay", str(record), "--step", stdin="\n\nq\n")
    assert done.returncode == 0, done.stderr
    moves = re.findall(r"^\d+\. (?:play|pass) \d", done.stdout, flags=re.MULTILINE)
    assert len(moves) == 2  # Enter, Enter, then q before the third move
    assert done.stdout.rstrip().endswith("Bye.")
    assert "Score sheet" not in done.stdout
    # Enter to the end (input runs out): every move, in the one notation
    whole = run("replay", str(record), "--step", stdin="\n")
    assert whole.returncode == 0
    assert len(re.findall(r"^\d+\. pass \d( \w\w){3}$", whole.stdout, flags=re.MULTILINE)) == 4


def test_a_whole_dutch_game_at_the_terminal_writes_no_english_rank():
    # a true process: typed moves, the table, the events and the score sheet
    done = run(
        "play", "--seed", "3", "--lang", "nl", "--bots", "random", "--variant", "dutch", stdin="1\n" * 200
    )
    assert done.returncode == 0, done.stderr
    shown = [
        line for line in done.stdout.splitlines() if line.startswith(("Je kaarten:", "Op tafel:", "1) "))
    ]
    assert len(shown) > 20
    for line in shown:
        assert not ENGLISH_LETTERS.search(line), line
    assert "Je speelt " in done.stdout and "Speler 0" not in done.stdout
    assert card_name(hj.Card("QS"), "nl") == "schoppenvrouw"
