"""The SVG of `frontend.svg.table_svg` as a browser draws it: headless Chromium (Debian's) renders
tables of 3 to 13 seats, 32 to 104 cards; the test reads what was drawn from the DOM (the cards, the
backs, the words, where each hand landed) and from the screenshot's pixels.

Without /usr/bin/chromium or the playwright package the test is skipped with a message; under
CI=true it fails instead (scripts/check.sh installs both there). Set HARTENJAGEN_SCREENSHOTS to a
folder to keep the screenshots and look at them.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import hartenjagen as hj
from hartenjagen.cards import Suit
from hartenjagen.frontend import svg
from hartenjagen.frontend.notation import format_card
from hartenjagen.rules.deck import DoubleDeck
from hartenjagen.rules.passing import LEFT_RIGHT_HOLD
from test_browser import browser  # noqa: F401  (the fixture, shared)
from test_drawing import PRESETS, states


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:  # noqa: F811  (the fixture imported above)
    """A page of test_browser's Chromium (which skips, or fails under CI, with the reason when it is missing)."""
    drawing = browser.new_page(viewport={"width": svg.WIDTH, "height": svg.HEIGHT})
    try:
        yield drawing
    finally:
        drawing.close()


def _mid_trick(rules: hj.Rules, seed: int) -> hj.State:
    """A state of play with cards on the table and a trick already taken (so every label has points)."""
    return next(s for s in states(rules, seed, limit=5000) if s.tricks and len(s.trick) >= 2)


def _half_passed(rules: hj.Rules, seed: int) -> hj.State:
    """A state of the passing phase where some seats have set their cards aside and some have not."""
    return next(
        s for s in states(rules, seed) if s.phase is hj.Phase.PASSING and 0 < len(s.to_move) < s.players
    )


#: The presets of test_drawing.py and the most crowded table there is: thirteen seats, eight cards each.
TABLES = {**PRESETS, "thirteen_double_deck": hj.Rules(deck=DoubleDeck(players=13), passing=LEFT_RIGHT_HOLD)}

# What each case draws: a player's view, a spectator's ("public") or the whole state, in play or
# while passing ("passing": a view of a seat that has passed; "passing-state": the whole state).
CASES = [
    ("standard", "view"),
    ("black_lady_3", "state"),
    ("five_players", "view"),
    ("dutch", "view"),
    ("six_double_deck", "state"),
    ("eight_double_deck", "public"),
    ("standard", "passing"),
    ("black_lady_3", "passing"),
    ("five_players", "passing-state"),
    ("six_double_deck", "passing"),
    ("thirteen_double_deck", "state"),
    ("thirteen_double_deck", "passing"),
]

# Reads what the page drew: each hand's box, the labels' boxes, the cards and backs, the words.
_READ = """() => {
  const svg = document.querySelector("svg");
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {
    svg: box(svg),
    hands: [...svg.querySelectorAll("[data-hand]")].map((g) => [g.dataset.hand, box(g)]),
    passing: [...svg.querySelectorAll("[data-passing]")].map((g) => [g.dataset.passing, box(g)]),
    labels: [...svg.querySelectorAll("text[data-seat]")].map((t) => [t.dataset.seat, box(t), t.textContent]),
    faces: [...svg.querySelectorAll("[data-card]")].map((g) => g.dataset.card),
    backs: svg.querySelectorAll("[data-back]").length,
    turn: svg.querySelector("[data-role=turn]").textContent,
    header: svg.querySelector("[data-role=header]").textContent,
  };
}"""

# Counts the screenshot's pixels by colour: the felt, card faces, card backs, red and black ink.
_PIXELS = """async (data) => {
  const image = new Image();
  image.src = "data:image/png;base64," + data;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  const near = (i, r, g, b) => Math.abs(pixels[i] - r) + Math.abs(pixels[i + 1] - g) + Math.abs(pixels[i + 2] - b) < 24;
  const counts = {felt: 0, face: 0, back: 0, red: 0, ink: 0, total: pixels.length / 4};
  for (let i = 0; i < pixels.length; i += 4) {
    if (near(i, 0x2e, 0x6b, 0x3f)) counts.felt++;
    else if (near(i, 0xff, 0xfd, 0xf7)) counts.face++;
    else if (near(i, 0x24, 0x45, 0x8f) || near(i, 0x3a, 0x5f, 0xb5)) counts.back++;
    else if (near(i, 0xb3, 0x26, 0x1e)) counts.red++;
    else if (near(i, 0x1b, 0x1b, 0x1b)) counts.ink++;
  }
  return counts;
}"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize(("name", "who"), CASES)
def test_chromium_draws_the_table(page: Any, tmp_path: Path, name: str, who: str):
    state = (_half_passed if who.startswith("passing") else _mid_trick)(TABLES[name], seed=2)
    if who in ("state", "passing-state"):
        subject: hj.State | hj.PlayerView = state
    elif who == "public":
        subject = hj.public_view(state)
    elif who == "passing":  # a seat that has set its cards aside
        subject = hj.view(state, next(s for s in range(state.players) if s not in state.to_move))
    else:
        subject = hj.view(state, state.to_move[0])
    language = "nl" if name == "dutch" else "en"
    page.set_content(f'<body style="margin:0">{svg.table_svg(subject, language=language)}</body>')
    drawn = page.evaluate(_READ)
    shot = page.screenshot(full_page=True)
    (tmp_path / f"{name}.png").write_bytes(shot)
    keep = os.environ.get("HARTENJAGEN_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / f"hartenjagen-drawing-{name}-{who}.png").write_bytes(shot)

    # What is drawn: the faces it may show, a back for every other card held, the words.
    on_table = [play.card for play in state.trick]
    aside = [list(hj.view(state, seat).passing) for seat in range(state.players)]
    if who in ("state", "passing-state"):
        faces = [card for hand in [*state.hands, on_table, *aside] for card in hand]
    elif who == "public":
        faces = on_table
    else:
        faces = list(subject.hand) + on_table + list(subject.passing)  # type: ignore[union-attr]
    assert sorted(drawn["faces"]) == sorted(format_card(card, "ten") for card in faces)
    held = sum(len(hand) for hand in state.hands) + len(on_table) + sum(len(cards) for cards in aside)
    assert drawn["backs"] == held - len(faces)
    assert drawn["header"].startswith("Ronde " if language == "nl" else "Hand ")
    assert drawn["turn"].startswith("Aan de beurt: " if language == "nl" else "To move: ")
    assert len(drawn["labels"]) == state.players and any(
        text.startswith("▶") for _, _, text in drawn["labels"]
    )

    # Where: every hand and label inside the picture, no two hands and no label over another's hand.
    left, top, right, bottom = drawn["svg"]
    boxes = drawn["hands"] + drawn["passing"] + [(seat, box) for seat, box, _ in drawn["labels"]]
    for _, (x0, y0, x1, y1) in boxes:
        assert left <= x0 and x1 <= right and top <= y0 and y1 <= bottom
    assert len(drawn["hands"]) == state.players
    assert len(drawn["passing"]) == sum(1 for cards in aside if cards)
    for index, (seat, box) in enumerate(
        boxes
    ):  # nothing over anything else (a label over its own hand's gap is fine)
        for other, (other_seat, other_box) in enumerate(boxes[: len(drawn["hands"]) + len(drawn["passing"])]):
            assert other == index or not _overlap(box, other_box), (seat, other_seat)

    # The pixels: the felt, the faces (and red ink if a red card shows), the backs when cards are hidden.
    counts = page.evaluate(_PIXELS, base64.b64encode(shot).decode())
    assert counts["felt"] > counts["total"] * 0.2
    assert counts["face"] > 400 * len(faces) * 0.5 and counts["ink"] > 0
    if any(card.suit in (Suit.HEARTS, Suit.DIAMONDS) for card in faces):
        assert counts["red"] > 0
    assert (counts["back"] > 0) == (drawn["backs"] > 0)
