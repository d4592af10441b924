"""The words the web table sends with each view (issue 28 items 8-12, issue 25 item 7): cards in the
page's language with names for a screen reader, the seats' cards while passing, the names of the
bots and the variant, "you" in the log, the turn of the count, and the catalogue as their source."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import hartenjagen as hj
from hartenjagen.frontend.notation import card_name, format_card
from hartenjagen.web import Table, TableSpec
from hartenjagen.web.table import held_cards
from serving import Kept, post_move, request, running, state_of


def offline_table(
    rules: hj.Rules, *, humans: int = 4, bot_names: list[str] | None = None, variant: str = "", seed: int = 1
) -> Table:
    """A table off the server (its store does nothing), dealt with ``seed``."""
    seats = (None,) * humans + tuple(bot_names or ())
    spec = TableSpec("t", rules, variant, seats, tuple("x" if name is None else None for name in seats))
    return Table(spec, store=Kept(), records=[hj.GameRecord.begin(hj.new_game(rules, seed=seed))])


def _submit(game: Table, seat: int, data: object) -> int:
    status, _ = asyncio.run(game.submit(seat, data))
    return status


ROOT = Path(__file__).resolve().parent.parent


def _update(game: Table, seat: int = 0, language: str = "en") -> dict[str, Any]:
    return game.update(seat, -1, language)  # type: ignore[arg-type]


def test_every_card_the_page_shows_comes_with_its_short_form_and_its_name_in_the_language_asked() -> None:
    game = offline_table(hj.variants.DUTCH, humans=4, variant="dutch", seed=2)
    english, dutch = _update(game)["words"], _update(game, language="nl")["words"]
    hand = {str(card) for card in hj.view(game.record.final_state(), 0).hand}
    assert set(english["cards"]) == set(dutch["cards"]) == hand  # its own cards, no other
    some = sorted(hand)[0]
    assert english["cards"][some] == {"short": hj.Card(some).symbol, "name": card_name(hj.Card(some))}
    named = offline_table(hj.variants.DUTCH, humans=4, seed=2)
    state = named.record.final_state()
    while not state.trick:
        move = hj.legal_moves(state)[0]
        assert _submit(named, move.seat, json.loads(hj.dumps(move))) == 200
        state = named.record.final_state()
    played = str(state.trick[0].card)
    assert played in _update(named, language="nl")["words"]["cards"]  # a card on the table: named too
    for text, card in dutch["cards"].items():
        assert card == {
            "short": format_card(hj.Card(text), "symbol", "nl"),
            "name": card_name(hj.Card(text), "nl"),
        }
    assert english["variant"] == "dutch" and dutch["variant"] == "Nederlands hartenjagen (dutch)"


def test_dutch_and_english_write_and_say_cards_their_own_way() -> None:
    assert [format_card(hj.Card(c), "symbol", "nl") for c in ("QS", "7C", "TH", "KD")] == [
        "V♠",
        "7♣",
        "10♥",
        "H♦",
    ]
    assert [card_name(hj.Card(c), "nl") for c in ("QS", "7C", "TH")] == [
        "schoppenvrouw",
        "klaveren zeven",
        "harten tien",
    ]
    assert card_name(hj.Card("7C")) == "seven of clubs"


def test_the_move_labels_of_a_dutch_page_use_dutch_ranks() -> None:
    game = offline_table(hj.variants.DUTCH, humans=4, variant="dutch")
    v = hj.view(game.record.final_state(), 1)  # seat 1 leads the Dutch game
    words = game.update(1, -1, "nl")["words"]
    assert words["moves"] == [format_card(move.card, "symbol", "nl") for move in v.legal_moves]  # type: ignore[union-attr]
    assert not any(label[0] in "JQK" for label in words["moves"])  # type: ignore[union-attr]


def test_while_passing_every_seat_holds_its_cards_until_the_exchange() -> None:
    with running("standard", humans=1) as (served, table, tokens):
        token = tokens[0]
        deadline = time.monotonic() + 10  # the bots pass at once; the player has not chosen yet
        while len(table.record.moves) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        update = request(served, "GET", f"/api/{token}/update").json()
        view = update["view"]
        assert view["phase"] == "passing" and view["to_move"] == [0]
        assert view["hand_sizes"] == [13, 10, 10, 10]  # the bots' chosen cards are set aside
        assert update["words"]["held"] == [13, 13, 13, 13]  # but still theirs until the exchange
        v = hj.view(state_of(served, table), 0)
        assert post_move(served, token, hj.Pass(0, v.pass_options[:3])).status == 200
        after = request(served, "GET", f"/api/{token}/update").json()
        assert after["view"]["phase"] == "playing"
        assert after["words"]["held"] == after["view"]["hand_sizes"]


def test_held_cards_counts_only_the_seats_that_give_in_the_stage() -> None:
    state = hj.new_game(hj.variants.STANDARD, seed=1, hand_index=3)  # a hold hand: nobody passes
    v = hj.view(state, 0)
    assert held_cards(v) == v.hand_sizes
    state = hj.new_game(hj.variants.STANDARD, seed=1)
    state = hj.apply(state, hj.Pass(2, hj.view(state, 2).pass_options[:3]))
    assert held_cards(hj.view(state, 0)) == (13, 13, 13, 13) != hj.view(state, 0).hand_sizes


def test_the_page_names_the_bots_in_its_language_and_the_log_says_you() -> None:
    game = offline_table(
        hj.variants.STANDARD, humans=1, bot_names=["heuristic", "random", "sampling"], seed=1
    )
    english, dutch = _update(game), _update(game, language="nl")
    assert english["words"]["bots"] == [None, "heuristic", "random", "sampling"]
    assert dutch["words"]["bots"] == [None, "heuristisch", "willekeurig", "steekproef"]
    assert english["events"][0]["text"] == "Hand 1 is dealt by you; cards pass to the left."
    assert dutch["events"][0]["text"] == "Ronde 1 wordt door jou gedeeld; er wordt naar links doorgegeven."


def test_the_sheet_of_the_web_table_notes_the_turn_of_the_count() -> None:
    game = offline_table(hj.variants.DUTCH, humans=4, seed=1)
    state = game.record.final_state()
    while not state.rules.ending.second_half(state.score_sheet):
        move = hj.legal_moves(state)[0]
        assert _submit(game, move.seat, json.loads(hj.dumps(move))) == 200
        state = game.record.final_state()
    rows = _update(game, language="nl")["sheet"]
    noted = [row["hand"] for row in rows if any("de telling draait om" in note for note in row["notes"])]
    assert noted == [len(rows)]


def test_the_web_package_takes_its_words_from_the_catalogue_not_from_the_terminal() -> None:
    code = (
        "import sys, hartenjagen.web, hartenjagen.web.app, hartenjagen.web.table, hartenjagen.web.lobby\n"
        "print(sorted(name for name in sys.modules if name.startswith('hartenjagen.cli')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert done.stdout.strip() == "[]"


def test_an_announcement_and_a_moon_choice_come_with_their_question_and_labels() -> None:
    from hartenjagen.cli import terminal
    from hartenjagen.rules.moon import SHOOTER_CHOICE
    from helpers import ONE_SUIT_EACH, find_state, play_out
    from helpers import game as dealt

    web = offline_table(hj.variants.STANDARD, humans=4)
    moon = play_out(dealt(ONE_SUIT_EACH, moon=SHOOTER_CHOICE))
    assert moon.phase is hj.Phase.MOON_CHOICE
    v = hj.view(moon, moon.to_move[0])
    words = web._words(v, "nl")
    assert words["question"] == terminal.WORDS["nl"]["moon"]
    assert (
        words["moves"] == [terminal.move_text(move, "nl") for move in v.legal_moves]
        and len(v.legal_moves) >= 2
    )
    asking = find_state(hj.variants.ACHTERHOEK, lambda s: s.phase is hj.Phase.ANNOUNCING)
    v = hj.view(asking, asking.to_move[0])
    words = web._words(v, "en")
    assert words["question"] == "Announce that you will take no penalty card this hand?"
    assert sorted(words["moves"]) == ["no", "yes"]  # type: ignore[type-var]
    assert web._words(hj.view(asking, (asking.to_move[0] + 1) % 4), "en")["question"] == ""
