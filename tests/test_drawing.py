"""A state you can see: `str(state)` and `str(view)` draw the table as text (the terminal's drawing),
`_repr_svg_` / `_repr_html_` and `frontend.svg.table_svg` draw it as SVG. A view's drawings show
no card its seat may not see; the SVG is well-formed, escaped and deterministic for every deck and
number of seats. Rendering it in Chromium is tests/test_drawing_browser.py.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.cards import Card
from hartenjagen.cli import terminal
from hartenjagen.frontend import drawing, svg
from hartenjagen.frontend.notation import NotationError, format_card
from hartenjagen.rules.deck import DoubleDeck
from helpers import random_move

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent

#: Decks and tables of every shape the library has: 52 cards for 4, 51 for 3, 50 for 5, 32 for 4
#: (Dutch), a double deck for 6 and for 8 (two copies of every card).
PRESETS = {
    "standard": hj.variants.STANDARD,
    "black_lady_3": hj.variants.BLACK_LADY_3,
    "five_players": hj.variants.FIVE_PLAYERS,
    "dutch": hj.variants.DUTCH,
    "six_double_deck": hj.variants.SIX_DOUBLE_DECK,
    "eight_double_deck": hj.Rules(deck=DoubleDeck(players=8)),
}


def states(rules: hj.Rules, seed: int = 1, limit: int = 400) -> Iterable[hj.State]:
    """The states of one random game (at most ``limit``): passing, play, hand ends, the game's end."""
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    for _ in range(limit):
        yield state
        if state.is_over:
            return
        state = hj.apply(state, random_move(state, rng))


def sample(rules: hj.Rules) -> list[hj.State]:
    """A few states of a game: the first four (seats passing one by one) and every 7th, so each phase
    and a trick of every size turns up."""
    every = list(states(rules))
    return every[:4] + every[7::7]


def ten(cards: Iterable[Card]) -> Counter[str]:
    return Counter(format_card(card, "ten") for card in cards)


def drawn(picture: str) -> tuple[Counter[str], Counter[str]]:
    """The faces (``data-card``) and the backs per seat (``data-back``) of a parsed SVG."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    groups = list(root.iter(f"{SVG}g"))
    faces = Counter(g.attrib["data-card"] for g in groups if "data-card" in g.attrib)
    backs = Counter(g.attrib["data-back"] for g in groups if "data-back" in g.attrib)
    return faces, backs


# ---------------------------------------------------------------- text


def test_str_of_a_state_and_a_view_draw_the_table_and_repr_stays_short():
    state = hj.new_game(hj.variants.STANDARD, seed=3)
    assert repr(state) == "<State hand 0 passing to_move=(0, 1, 2, 3) scores=(0, 0, 0, 0)>"
    lines = str(state).splitlines()
    assert lines[0] == "Hand 1, dealt by seat 0; passing."
    for seat, hand in enumerate(state.hands):  # a state sees every hand
        assert lines[1 + seat] == f"Seat {seat}: {terminal.hand_text(hand)}"
    assert "To move: seat 0, seat 1, seat 2, seat 3" in lines
    mine = str(hj.view(state, 0)).splitlines()
    assert mine[:2] == ["Hand 1, dealt by you; passing.", f"Your hand: {terminal.hand_text(state.hands[0])}"]
    public = str(hj.public_view(state))
    assert "seat 0: 13 cards  seat 1: 13 cards" in public and "Your hand" not in public


def test_the_terminal_draws_with_the_same_function():
    assert terminal.show is drawing.show and terminal.hand_text is drawing.hand_text
    state = list(states(hj.variants.STANDARD))[30]
    seen = hj.view(state, state.to_move[0])
    assert (
        terminal.show(seen, "nl")
        == "\n" + drawing.table_text(seen, "nl")
        == "\n" + drawing.table_text(seen, "nl")
    )
    assert str(seen) == drawing.table_text(seen)


_SYMBOL = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")
_GROUP = re.compile(r"([♣♦♥♠])((?: (?:10|[2-9JQKA])(?![♣♦♥♠]))+)")


def _cards_in_text(drawn_text: str) -> Counter[str]:
    """Every card an English drawing names: ``Q♠`` on the table and in the choices, ``♠ 2 8 Q`` in a hand."""
    letter = dict(zip("♣♦♥♠", "CDHS", strict=True))
    found: Counter[str] = Counter()
    for line in drawn_text.splitlines():
        if line.startswith(("Choose", "1)")):  # the choices are the seat's own cards again
            continue
        found.update(rank + letter[suit] for rank, suit in _SYMBOL.findall(line))
        for suit, ranks in _GROUP.findall(line):
            found.update(rank + letter[suit] for rank in ranks.split())
    return found


@pytest.mark.parametrize("name", PRESETS)
def test_a_view_shows_no_hidden_card_in_its_text_svg_or_html(name: str):
    for state in sample(PRESETS[name]):
        on_table = ten(play.card for play in state.trick)
        for seat in [None, *range(state.players)]:
            seen = hj.public_view(state) if seat is None else hj.view(state, seat)
            may = on_table + (ten(seen.hand) if seat is not None else Counter())
            assert _cards_in_text(str(seen)) == may, (name, seat, str(seen))
            faces, backs = drawn(seen._repr_svg_())
            assert faces == may + ten(seen.passing)  # every card it may see, face up, and nothing else
            for other in range(state.players):
                passed = state.phase is hj.Phase.PASSING and other not in state.to_move
                hidden = 0 if other == seat else len(state.hands[other]) + (state.pass_count if passed else 0)
                assert backs[str(other)] == hidden
            assert drawn_html(seen._repr_html_()) == (faces, backs)


def drawn_html(page: str) -> tuple[Counter[str], Counter[str]]:
    match = re.fullmatch(
        r'<div class="hartenjagen-table" style="max-width:\d+px">(<svg .*</svg>)</div>', page, re.S
    )
    assert match, page[:200]
    return drawn(match.group(1))


@pytest.mark.parametrize("name", PRESETS)
def test_a_state_shows_every_hand_face_up(name: str):
    for state in sample(PRESETS[name]):
        faces, backs = drawn(state._repr_svg_())
        held = ten(card for hand in state.hands for card in hand) + ten(p.card for p in state.trick)
        aside = ten(card for seat in range(state.players) for card in hj.view(state, seat).passing)
        assert faces == held + aside
        assert not backs
        assert _cards_in_text(str(state)) == held


# ---------------------------------------------------------------- the SVG itself


def test_the_svg_says_the_phase_whose_turn_and_the_scores():
    state = next(
        s
        for s in states(hj.variants.STANDARD)
        if s.phase is hj.Phase.PLAYING and len(s.trick) == 2 and s.tricks
    )
    seat = state.to_move[0]
    root = ET.fromstring(svg.table_svg(hj.view(state, seat)))
    assert root.attrib["data-phase"] == "playing"
    texts = {el.attrib.get("data-role"): el for el in root.iter(f"{SVG}text") if "data-role" in el.attrib}
    assert texts["turn"].text == "To move: you"
    labels = {el.attrib["data-seat"]: el.text for el in root.iter(f"{SVG}text") if "data-seat" in el.attrib}
    assert labels[str(seat)].startswith(f"▶ You: {state.display_scores[seat]} (+")  # the seat to move, marked
    for other, score in enumerate(state.display_scores):
        if other != seat:
            assert labels[str(other)].startswith(f"Seat {other}: {score} (+"), labels
    assert root.find(f"{SVG}title").text.startswith("A table of Hearts: Hand 1")  # type: ignore[union-attr]
    over = list(states(hj.variants.STANDARD, limit=5000))[-1]
    assert over.is_over
    turn = [
        el.text
        for el in ET.fromstring(svg.table_svg(over)).iter(f"{SVG}text")
        if el.get("data-role") == "turn"
    ]
    assert turn[0].startswith("Game over: seat ")  # type: ignore[union-attr]


def test_the_svg_is_deterministic_and_turns_to_the_seat_asked_for():
    first = list(states(hj.variants.FIVE_PLAYERS, seed=4))[40]
    again = list(states(hj.variants.FIVE_PLAYERS, seed=4))[40]
    assert first == again and first is not again
    assert svg.table_svg(first) == svg.table_svg(again)
    assert svg.table_svg(first, seat=2) != svg.table_svg(first)  # turned ...
    assert drawn(svg.table_svg(first, seat=2)) == drawn(svg.table_svg(first))  # ... and nothing more shown
    assert svg.table_svg(hj.view(first, 1)) == svg.table_svg(hj.view(first, 1), seat=1)


def test_text_in_the_svg_is_escaped():
    element = ET.fromstring(svg._text(1, 2, '<b>&"x"</b>', data_role="a<'\">"))
    assert element.text == '<b>&"x"</b>' and element.attrib["data-role"] == "a<'\">"


def test_dutch_words():
    state = hj.new_game(hj.variants.DUTCH, seed=2)
    picture = svg.table_svg(hj.view(state, 1), language="nl")
    assert "Aan de beurt: jij" in picture and "Ronde 1" in picture
    assert "Stand: speler 0: 0  jij: 0" in drawing.table_text(hj.view(state, 1), "nl")


def test_bad_input_gets_a_clear_error():
    state = hj.new_game(hj.variants.STANDARD, seed=1)
    for bad in (None, "QS", 3, hj.variants.STANDARD):
        with pytest.raises(hj.StateError, match="table_svg needs a State"):
            svg.table_svg(bad)  # type: ignore[arg-type]
        with pytest.raises(hj.StateError, match="table_text needs a State"):
            drawing.table_text(bad)  # type: ignore[arg-type]
    for seat in (4, -1, True, "0", 1.0):
        with pytest.raises(hj.ViewError, match=r"no seat .* to draw at the bottom: seats are 0 to 3"):
            svg.table_svg(state, seat=seat)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        svg.table_svg(state, language="fr")  # type: ignore[arg-type]
    forged = attrs.evolve(hj.view(state, 0), hand=())  # a view no game shows
    for draw in (str, svg.table_svg, svg.table_html, lambda v: v._repr_svg_()):
        with pytest.raises(hj.ViewError):
            draw(forged)


def test_the_picture_in_the_docs_is_what_the_code_draws():
    """docs/frontends.md shows docs/drawing.svg as the drawing of its example's view: keep them equal."""
    page = (ROOT / "docs" / "frontends.md").read_text(encoding="utf-8")
    (code,) = [block for block in re.findall(r"```python\n(.*?)```", page, re.S) if "table_svg(" in block]
    scope: dict[str, object] = {}
    exec(code.replace("print(", "(lambda *_: None)("), scope)  # the block as the page shows it, quietly
    drawn_now = str(scope["svg"]) + "\n"
    kept = (ROOT / "docs" / "drawing.svg").read_text(encoding="utf-8")
    assert kept == drawn_now, "docs/drawing.svg is out of date: write the block's svg to it again"


def test_the_module_example_runs():
    import doctest

    assert doctest.testmod(drawing, optionflags=doctest.ELLIPSIS).failed == 0
