"""The message catalogue (``hartenjagen.frontend.texts``): complete in both languages, strict lookups, the
engine's refusals in Dutch by their code, and a whole ``--lang nl`` session without an English sentence."""

from __future__ import annotations

import inspect
import os
import random
import re
import string
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import cli, rules, variants
from hartenjagen.bots import make_bot
from hartenjagen.cards import ALL_CARDS
from hartenjagen.cli import rules as cli_rules
from hartenjagen.cli import terminal
from hartenjagen.errors import IllegalMove, IllegalMoveCode
from hartenjagen.events import HandDealt
from hartenjagen.frontend import texts
from hartenjagen.frontend.notation import NotationError, card_name
from hartenjagen.frontend.texts import CATALOGUE, MessageError, text
from hartenjagen.rules.routes import BUILT_IN, PassRoute
from helpers import ONE_SUIT_EACH

ROOT = Path(__file__).resolve().parent.parent
ENV = {
    **os.environ,
    "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])),
    "PYTHONIOENCODING": "utf-8",
}


def _fields(sentence: str) -> list[tuple[str, str, str | None]]:
    """Each field of a sentence as (name, format spec, conversion), in order of first use."""
    seen: dict[str, tuple[str, str, str | None]] = {}
    for _, name, spec, conversion in string.Formatter().parse(sentence):
        if name is not None:
            seen.setdefault(name, (name, spec or "", conversion))
    return sorted(seen.values())


# ---------------------------------------------------------------- the catalogue itself


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_entry_has_both_languages_with_the_same_fields(key):
    english, dutch = CATALOGUE[key]
    assert english.strip() and dutch.strip(), key
    assert _fields(english) == _fields(dutch), key
    assert texts.placeholders(key) == {name for name, _, _ in _fields(english)}


def test_keys_are_grouped_and_every_language_is_a_column():
    assert texts.LANGUAGES == ("en", "nl")
    groups = {key.split(".")[0] for key in CATALOGUE}
    assert groups <= {
        "table", "sheet", "play", "replay", "cli", "simulate", "rules", "event", "phase", "direction",
        "moon", "refusal", "doing", "turn", "texts", "bot", "variant", "argparse", "serve", "web",
    }  # fmt: skip
    assert all(re.fullmatch(r"[a-z_]+(\.[A-Za-z0-9_]+)+", key) for key in CATALOGUE)


def test_text_fills_in_the_values_in_the_language_asked():
    assert text("event.card_played", "nl", seat=2, card="schoppenvrouw") == "Speler 2 speelt schoppenvrouw."
    assert (
        text("event.card_played", "en", seat=2, card="queen of spades") == "Seat 2 plays the queen of spades."
    )
    assert text("refusal.game_over") == "the game is over"
    assert (
        text("sheet.mies_made", "nl", seat=1, points=-10) == "speler 1 miesde en haalde geen strafkaart (-10)"
    )


@pytest.mark.parametrize(
    ("key", "values", "match"),
    [
        ("no.such.key", {}, "no entry 'no.such.key'"),
        ("event.card_played", {"seat": 1}, "needs card more and nothing less"),
        (
            "event.card_played",
            {"seat": 1, "card": "Q♠", "colour": "red"},
            "needs nothing more and colour less",
        ),
        ("refusal.game_over", {"seat": 1}, "needs nothing more and seat less"),
    ],
)
def test_text_refuses_an_unknown_key_and_values_that_do_not_fit(key, values, match):
    with pytest.raises(MessageError, match=match):
        text(key, "en", **values)


@pytest.mark.parametrize("language", ["de", "EN", "", None, 1])
def test_text_in_another_language_is_a_notation_error(language):
    with pytest.raises(NotationError, match="language must be 'en' or 'nl'"):
        text("table.bye", language)
    with pytest.raises(NotationError):
        texts.words(language)


def test_a_key_of_another_type_is_a_message_error():
    with pytest.raises(MessageError):
        texts.placeholders(["table.bye"])  # type: ignore[arg-type]


def test_the_old_tables_read_the_catalogue():
    assert texts.WORDS["nl"]["help"] == text("table.help", "nl")
    assert (
        texts.WORDS["en"]["sheet"] == "Score sheet"
        and texts.WORDS["nl"]["moon_note"] == "alles: speler {seat}"
    )
    assert terminal.WORDS is texts.WORDS and terminal.PHASES is texts.PHASES
    for language in texts.LANGUAGES:
        assert set(texts.PHASES[language]) == set(hj.Phase)
        assert set(texts.DIRECTIONS[language]) == set(BUILT_IN.values())
    assert texts.plural(1, "move", "nl") == "1 zet" and texts.plural(2, "simulate.game", "en") == "2 games"


# ---------------------------------------------------------------- the pass directions agree


@pytest.mark.parametrize("direction", [d for d in BUILT_IN.values() if d != PassRoute.HOLD], ids=repr)
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_events_and_the_table_use_the_same_direction_words(direction, language):
    words = terminal.direction_text(direction, language)
    assert words == texts.DIRECTIONS[language][direction]
    assert words in hj.describe(HandDealt(0, 0, direction, (13,) * 4), language)


def test_across_and_a_hold_hand_in_words():
    event = HandDealt(2, 2, PassRoute.ACROSS, (13,) * 4)
    assert hj.describe(event) == "Hand 3 is dealt by seat 2; cards pass across."
    assert (
        hj.describe(event, "nl")
        == "Ronde 3 wordt gedeeld door speler 2; er wordt naar de overkant doorgegeven."
    )
    hold = HandDealt(3, 3, PassRoute.HOLD, (13,) * 4)
    assert hj.describe(hold) == "Hand 4 is dealt by seat 3; no cards are passed (a hold hand)."
    assert (
        hj.describe(hold, "nl")
        == "Ronde 4 wordt gedeeld door speler 3; er wordt niet doorgegeven (een rustronde)."
    )


# ---------------------------------------------------------------- refusals by code


def _illegal_moves(state: hj.State) -> list[object]:
    """Moves the engine refuses in ``state``, of as many kinds as the state allows."""
    players = state.players
    out: list[object] = [object(), hj.Play(players, hj.Card("2C"))]
    if state.phase is hj.Phase.GAME_OVER:
        return [*out, hj.Play(0, hj.Card("2C"))]
    v = [hj.view(state, seat) for seat in range(players)]
    mover = state.to_move[0]
    others = [seat for seat in range(players) if seat not in state.to_move and v[seat].hand]
    hand = v[mover].hand
    absent = next((card for card in v[(mover + 1) % players].hand if card not in hand), None)
    if state.phase is hj.Phase.PLAYING:
        legal = set(hj.legal_moves(state))
        out += [hj.Play(mover, card) for card in hand if hj.Play(mover, card) not in legal]
        out += [hj.Pass(mover, hand[:1]), hj.Announce(mover, True)]
        out += [hj.Play(mover, absent)] if absent is not None else []
        out += [hj.Play(seat, v[seat].hand[0]) for seat in others[:1]]
    elif state.phase is hj.Phase.PASSING:
        count = v[mover].pass_count
        out += [hj.Pass(mover, hand[: count - 1]), hj.Play(mover, hand[0])]
        out += [hj.Pass(mover, (*hand[: count - 1], absent))] if absent is not None else []
        if count >= 2:
            out.append(hj.Pass(mover, (hand[0], hand[0], *hand[1 : count - 1])))
        out += [
            hj.Pass(mover, (*hand[: count - 1], card)) for card in hand if card not in v[mover].pass_options
        ]
        out += [hj.Pass(seat, v[seat].hand[:count]) for seat in others[:1]]
    elif state.phase is hj.Phase.ANNOUNCING:
        out += [hj.Announce(seat, True) for seat in others[:1]]
        out.append(hj.Play(mover, hand[0]))
        out.append(hj.Announce(mover, True, "QS"))  # a choice in a yes/no round, or one not on offer
    elif state.phase is hj.Phase.MOON_CHOICE:
        allowed = {move.option for move in hj.legal_moves(state) if isinstance(move, hj.MoonChoice)}
        out += [hj.MoonChoice(mover, option) for option in hj.MoonOption if option not in allowed]
    return out


_REFUSAL_RULES = [
    *(preset.rules for preset in variants.ALL if preset.name != "openspiel"),
    *(variants.get(f"hoemke_P{n}L{n}H{n}S{n}") for n in range(1, 5)),
    hj.Rules(extras=(rules.extras.MUST_DROP_QUEEN,)),
    hj.Rules(leading=rules.leading.AFTER_SUITS_LED, opening=rules.opening.FIRST_DEUCE_FROM_ELDEST),
    hj.Rules(
        opening=rules.opening.ANY_CLUB,
        first_trick=rules.first_trick.NoPointsUnlessForced(
            restricted=rules.first_trick.RestrictedCards.HEARTS_AND_QUEEN
        ),
    ),
    hj.Rules(passing=rules.passing.PASS_FOUR_RETURN_ONE),
]


def test_every_refusal_the_engine_gives_in_play_reads_in_dutch():
    codes: set[IllegalMoveCode] = set()
    sentences: set[str] = set()
    rng = random.Random(11)
    moon = attrs.evolve(variants.STANDARD_MOON_CHOICE, passing=rules.passing.NO_PASSING)
    games = [(hj.new_game(game, seed=number), game) for number, game in enumerate(_REFUSAL_RULES)]
    games.append((hj.new_game(moon, deal=ONE_SUIT_EACH), moon))  # seat 0 takes every trick: a moon choice
    for state, game in games:
        for _ in range(400):
            for move in _illegal_moves(state):
                problem = hj.explain(state, move)  # type: ignore[arg-type]
                if problem is None:
                    continue
                dutch = texts.refusal(problem, "nl")
                assert dutch != problem.message, (problem, game)
                assert texts.refusal(problem, "en") == problem.message
                codes.add(problem.code)
                sentences.add(dutch)
            if state.is_over:
                break
            state = hj.apply(state, rng.choice(hj.legal_moves(state)))
    played = set(IllegalMoveCode) - {IllegalMoveCode.WRONG_OUTCOME, IllegalMoveCode.IMPOSSIBLE_OUTCOME}
    assert codes == played - {IllegalMoveCode.HOUSE_RULE}, (
        played - codes
    )  # no built-in rule has the generic code
    assert any("bekennen" in sentence for sentence in sentences)
    assert any("uitkomen" in sentence for sentence in sentences)


def test_chance_refusals_read_in_dutch():
    state = hj.new_game(variants.STANDARD, chance="explicit")
    assert state.phase is hj.Phase.CHANCE
    wrong = hj.explain(state, hj.Play(0, hj.Card("2C")))
    assert wrong is not None and texts.refusal(wrong, "nl") == (
        "nu is het tijd om het lot te laten beslissen (zie chance_outcomes), niet om een kaart te spelen"
    )
    outcome = hj.chance_outcomes(state)[0][0]
    waiting = hj.explain(hj.new_game(variants.STANDARD, seed=1), outcome)
    assert waiting is not None and waiting.code is IllegalMoveCode.WRONG_PHASE
    assert (
        texts.refusal(waiting, "nl")
        == "het lot hoeft nu niets te beslissen: nu is het tijd om kaarten door te geven"
    )


@pytest.mark.parametrize(
    ("problem", "dutch"),
    [
        (
            IllegalMove(IllegalMoveCode.WRONG_PASS_COUNT, "pass exactly 3 cards, not 2"),
            "geef precies 3 kaarten door, niet 2",
        ),
        (
            IllegalMove(
                IllegalMoveCode.MUST_FOLLOW_SUIT,
                "Q♠ may not be played: you must follow suit: hearts were led",
            ),
            "de V♠ mag je niet spelen, want je moet kleur bekennen: er is met harten uitgekomen",
        ),
        (
            IllegalMove(
                IllegalMoveCode.HEARTS_NOT_BROKEN,
                "2♥ may not be played: hearts may not be led before trick 4",
            ),
            "de 2♥ mag je niet spelen, want met harten mag je niet uitkomen vóór slag 4",
        ),
        (
            IllegalMove(IllegalMoveCode.NOT_YOUR_TURN, "it is seat 2's turn to play, not seat 0's"),
            "speler 2 is aan de beurt om te spelen, niet speler 0",
        ),
        (
            IllegalMove(IllegalMoveCode.WRONG_PHASE, "now is the time to pass cards, not to play a card"),
            "nu is het tijd om kaarten door te geven, niet om een kaart te spelen",
        ),
    ],
)
def test_known_refusals_in_dutch(problem, dutch):
    assert texts.refusal(problem, "nl") == dutch
    assert texts.refusal(problem) == problem.message


@pytest.mark.parametrize(
    "problem",
    [
        IllegalMove("my_house_rule", "the Q♠ must go first"),  # type: ignore[arg-type]
        IllegalMove(IllegalMoveCode.HOUSE_RULE, "Q♠ may not be played: the moon is not full"),
        IllegalMove(
            IllegalMoveCode.MUST_FOLLOW_SUIT, "Q♠ may not be played: you must follow suit: stars were led"
        ),
        IllegalMove(IllegalMoveCode.GAME_OVER, "the game is over, friend"),
    ],
)
def test_a_refusal_the_catalogue_does_not_know_stays_english(problem):
    assert texts.refusal(problem, "nl") == problem.message


def test_a_house_rule_with_the_generic_code_reads_in_dutch():
    problem = IllegalMove(
        IllegalMoveCode.HOUSE_RULE, "Q♠ may not be played: the house rule NoQueenLead() forbids it"
    )
    assert (
        texts.refusal(problem, "nl")
        == "de V♠ mag je niet spelen, want de huisregel NoQueenLead() verbiedt het"
    )


# ---------------------------------------------------------------- rules in words


def _rule_classes() -> list[type]:
    found = []
    for slot in ("deck", "passing", "opening", "first_trick", "leading", "scoring", "moon", "ending",
                 "duplicates", "extras"):  # fmt: skip
        module = getattr(rules, slot)
        for name, kind in vars(module).items():
            if (
                inspect.isclass(kind)
                and kind.__module__ == module.__name__
                and not name.startswith("_")
                and not inspect.isabstract(kind)
                and any(callable(getattr(kind, hook, None)) for hook in ("check", "plan", "pack", "playable"))
                # slot bases a user derives from (Opening, FirstTrick and Scoring have defaults for every hook now)
                and name not in ("HouseRule", "HandSummary", "Leading", "Opening", "FirstTrick", "Scoring")
                and not name.endswith("Plan")
            ):
                found.append(kind)
    return found


def test_every_built_in_rule_module_has_its_rule_in_both_languages():
    kinds = _rule_classes()
    assert len(kinds) >= 35
    missing = [kind.__name__ for kind in kinds if f"rules.module.{kind.__name__}" not in CATALOGUE]
    assert not missing


def test_every_preset_summary_is_in_the_catalogue_with_its_own_english():
    for preset in variants.OFFERED:
        assert CATALOGUE[f"rules.preset.{preset.name}"][0] == preset.summary


def _english_fragments() -> set[str]:
    """The literal parts of every English sentence that no Dutch sentence contains."""
    dutch = [nl for _, nl in CATALOGUE.values()]
    found = set()
    for key, (english, _) in CATALOGUE.items():
        if key.startswith(("variant.", "rules.value.")):
            continue  # their English is a name or a value as code writes it, the same in Dutch text
        for literal, _, _, _ in string.Formatter().parse(english):
            for part in literal.split("\n"):
                part = part.strip(" ,;:.()[]'")
                if len(part) >= 4 and re.search(r"[A-Za-z]{3}", part) and not any(part in nl for nl in dutch):
                    found.add(part)
    return found


_FRAGMENTS = _english_fragments()
#: English card names (``queen of spades``) come from the notation, not the catalogue.
_CARD_NAMES = [card_name(card, "en") for card in ALL_CARDS]


def _english_in(line: str) -> list[str]:
    hits = [part for part in _FRAGMENTS if re.search(rf"(?<![\w.`=]){re.escape(part)}(?![\w.`=])", line)]
    return hits + [name for name in _CARD_NAMES if name in line]


@pytest.mark.parametrize(
    "preset", [*variants.OFFERED, variants.preset("hoemke_P3L4H2S1")], ids=lambda p: p.name
)
def test_the_rules_in_dutch_have_no_english_sentence(preset):
    english = cli_rules.rules_text(preset.name)
    dutch = cli_rules.rules_text(preset.name, "nl")
    assert english != dutch
    for line in dutch.splitlines():
        if line.startswith(("Bronnen:", "Ook genoemd:", "  instellingen:", "    ")):
            continue  # sources, aliases and settings are names and values, not sentences
        assert not _english_in(line), line


def test_the_variants_in_dutch_have_no_english_sentence():
    for line in cli_rules.variants_text("nl").splitlines():
        if not line.startswith(("  andere namen:", "    ")):
            assert not _english_in(line), line


def test_a_module_of_ones_own_is_explained_by_its_docstring():
    class NoQueenLead(rules.extras.HouseRule):
        """The Q♠ may not be led.

        More words.
        """

    assert cli_rules._first_paragraph(NoQueenLead(), "nl") == "The Q♠ may not be led."
    assert (
        cli_rules._first_paragraph(rules.ending.SingleHand(), "nl")
        == "Het spel is één ronde; de laagste stand wint."
    )


# ---------------------------------------------------------------- a whole Dutch session


def _dutch_session(seed: int, variant: str) -> list[str]:
    """Seat 0's input for a whole game: help, an unreadable word, a number not listed, one refused card
    (typed in Dutch), passes as Dutch card names, and otherwise the first move listed."""
    state = hj.new_game(variants.get(variant), seed=seed)
    bots = {seat: make_bot("random", seed=cli._bot_seed(seed, seat)) for seat in range(1, state.players)}
    lines = ["help", "ZZ", "99"]
    refused = False
    while not state.is_over:
        if 0 in state.to_move:
            v = hj.view(state, 0)
            if v.pass_options:
                chosen = terminal.pass_choices(v)[-v.pass_count :]
                lines.append(" ".join(card_name(card, "nl") for card in chosen))
                move: hj.Move = hj.Pass(0, chosen)
            else:
                if not refused and v.phase is hj.Phase.PLAYING:
                    wrong = [card for card in v.hand if hj.Play(0, card) not in v.legal_moves]
                    if wrong:
                        lines.append(card_name(wrong[0], "nl"))
                        refused = True
                move = terminal.move_choices(v)[0]
                lines.append("1")
        else:
            seat = state.to_move[0]
            move = bots[seat].choose(hj.view(state, seat))
        state = hj.apply(state, move)
    assert refused
    return lines


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hartenjagen", *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", env=ENV, timeout=300, check=False, cwd=ROOT,
    )  # fmt: skip


def test_a_whole_dutch_session_prints_no_english_sentence(tmp_path: Path):
    record = tmp_path / "spel.txt"
    lines = _dutch_session(7, "achterhoek")
    played = _run(
        "play", "--variant", "achterhoek", "--seed", "7", "--bots", "random", "--lang", "nl",
        "--record", str(record), stdin="\n".join(lines) + "\n",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert played.stderr == ""
    replayed = _run("replay", str(record), "--lang", "nl")
    assert replayed.returncode == 0, replayed.stderr
    out = played.stdout + replayed.stdout
    for expected in ("Dat mag niet: de ", "Kan 'ZZ' niet lezen", "Er is geen zet 99", "Miezen: ", "Scorebriefje:",
                     "Einde van het spel: ", "Spelverslag: Achterhoeks hartenjagen (achterhoek)"):  # fmt: skip
        assert expected in out, expected
    typed = set(lines)
    for line in out.splitlines():
        if line.strip() in typed or re.fullmatch(r"\d+\. (play|pass|announce|moon) \d+ .*", line):
            continue  # the typed input, echoed, and the replay's moves in the record notation
        assert not _english_in(line), line


@pytest.mark.parametrize(
    ("args", "dutch"),
    [
        (
            ["play", "--lang", "nl", "--seat", "7"],
            "hartenjagen play: fout: --seat: standard heeft geen speler 7",
        ),
        (
            ["play", "--lang", "nl", "--bots", "heuristik"],
            "fout: --bots: er is geen bot 'heuristik'; bedoel je 'heuristic'?",
        ),
        (["play", "--lang", "nl", "--variant", "nergens"], "fout: er is geen variant 'nergens'"),
        (
            ["replay", "/nowhere/spel.txt", "--lang", "nl"],
            "fout: dat bestand bestaat niet: /nowhere/spel.txt",
        ),
        (["rules", "nergens", "--lang", "nl"], "fout: er is geen variant 'nergens'"),
    ],
)
def test_errors_of_a_dutch_command_are_dutch(args, dutch):
    done = _run(*args)
    assert done.returncode == 2
    assert dutch in done.stderr, done.stderr
    assert "error" not in done.stderr


def test_the_help_of_a_dutch_command_is_dutch():
    done = _run("play", "--lang", "nl", "--help")
    assert done.returncode == 0
    assert text("cli.play_description", "nl").split(".")[0] in " ".join(done.stdout.split())
    assert "language of the table" not in done.stdout and "taal van de tafel" in done.stdout


def test_the_catalogue_docstring_examples_run():
    import doctest

    results = doctest.testmod(texts, optionflags=doctest.ELLIPSIS)
    assert results.failed == 0 and results.attempted >= 3
