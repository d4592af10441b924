"""The table as a picture: an SVG of a state or a view, for notebooks and frontends.

[`table_svg`][hartenjagen.frontend.svg.table_svg] draws the seats around an oval table, the
seat looked from at the bottom and the next seats clockwise (to its left) from there. At each
seat: its name, its score and (during play) the points it has taken this hand, and its
hand — the faces of the cards the drawing may show, card backs for the others, as many as
the seat holds — and, while cards are being passed, in front of it the cards it has set aside
to pass (faces where the drawing may show them, else backs once the seat has passed). In the middle: the cards on the table, each in front of the seat that
played it. Above: the hand, the dealer and the phase, and whose turn it is (or who won);
the seats to move are marked. A [`PlayerView`][hartenjagen.frontend.views.PlayerView] shows
only its own hand's faces, a spectator's view none, a [`State`][hartenjagen.core.state.State]
every hand's.

Any number of seats and any pack draws: the seats are spread evenly around the oval and a
hand's cards overlap more as it grows (a double deck's copies are drawn as the cards they
are). The picture is deterministic (the same input gives the same bytes), well-formed XML
with every text escaped, and each face carries its card in a ``data-card`` attribute
(``QS``, ``10H``) and each back a ``data-back`` of its seat; each hand is a group with a
``data-hand`` of its seat (the cards set aside, ``data-passing``), and the cards on the table a group with ``data-role="trick"``, for
tests and scripts.

`state._repr_svg_()` and `view._repr_svg_()` (and `_repr_html_`) are this drawing, so a
notebook shows the table when a state or a view is the last line of a cell.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from hartenjagen._repr import shown
from hartenjagen.cards import AnyCard, Joker, Suit
from hartenjagen.core import State
from hartenjagen.frontend import texts as _texts
from hartenjagen.frontend.drawing import _subject, _turn_line, capital, taken_points, who
from hartenjagen.frontend.notation import Language, format_card, rank_text, sort_hand
from hartenjagen.frontend.texts import text
from hartenjagen.frontend.views import PlayerView, ViewError, view
from hartenjagen.values import Phase

__all__ = ["table_html", "table_svg"]

# The picture's size in SVG units; the viewBox scales it to whatever width a page gives it.
WIDTH, HEIGHT = 1000, 680
_CX, _CY = WIDTH / 2, 372.0  # the table's centre, below the two header lines
_RX, _RY = 360.0, 218.0  # where the hands sit: an oval wider than high, like the screen
_CROWDED = 8  # beyond this many seats the hands move out to the picture's edges and the labels shrink


def _radii(players: int) -> tuple[float, float]:
    """The oval the hands sit on: wider for a crowded table, so neighbours' rows do not meet."""
    return (400.0, 250.0) if players > _CROWDED else (_RX, _RY)


_CARD_W, _CARD_H = 44.0, 62.0
_TRICK_W, _TRICK_H = 50.0, 70.0
_MIN_STEP = 15.0  # a card's visible strip: room for "10" and its suit symbol
_RED = "#b3261e"
_INK = "#1b1b1b"
_RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)


def _n(value: float) -> str:
    """A coordinate with at most one decimal, written the same way every time (deterministic bytes)."""
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def _text(x: float, y: float, content: str, **attributes: str) -> str:
    extra = "".join(f" {name.replace('_', '-')}={quoteattr(value)}" for name, value in attributes.items())
    return f'<text x="{_n(x)}" y="{_n(y)}"{extra}>{escape(content)}</text>'


def _face(card: AnyCard, x: float, y: float, width: float, height: float, language: Language) -> str:
    """A card's face: the rank and suit in its top-left corner (the part an overlapping row shows).

    A joker shows its text (``JK1``) in the corner and the joker sign in the middle.
    """
    size = 12 if width < _TRICK_W else 15
    if isinstance(card, Joker):
        return (
            f"<g data-card={quoteattr(str(card))}>"
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" rx="5" '
            f'fill="#fffdf7" stroke="#555" stroke-width="1"/>'
            + _text(x + 2, y + size + 2, str(card), fill=_INK, font_size=str(size), font_weight="bold")
            + _text(x + width / 2 + 4, y + height - 10, "🃏", fill=_INK, font_size=str(size + 9))
            + "</g>"
        )
    colour = _RED if card.suit in _RED_SUITS else _INK
    rank = rank_text(card.rank, language)
    return (
        f"<g data-card={quoteattr(format_card(card, 'ten'))}>"
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" rx="5" '
        f'fill="#fffdf7" stroke="#555" stroke-width="1"/>'
        + _text(x + 2, y + size + 2, rank, fill=colour, font_size=str(size), font_weight="bold")
        + _text(x + 2, y + 2 * size + 4, card.suit.symbol, fill=colour, font_size=str(size))
        + _text(x + width / 2 + 4, y + height - 10, card.suit.symbol, fill=colour, font_size=str(size + 9))
        + "</g>"
    )


def _back(seat: int, x: float, y: float) -> str:
    """A card's back: the same pattern for every hidden card, so nothing tells two apart."""
    return (
        f'<g data-back="{seat}">'
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(_CARD_W)}" height="{_n(_CARD_H)}" rx="5" '
        f'fill="url(#hj-back)" stroke="#f4f1e8" stroke-width="1.5"/></g>'
    )


def _spot(seat: int, bottom: int, players: int, scale: float = 1.0) -> tuple[float, float]:
    """Where ``seat`` sits: ``bottom`` at the bottom, the next seats clockwise (the bottom seat's left)."""
    angle = math.pi / 2 + 2 * math.pi * ((seat - bottom) % players) / players
    rx, ry = _radii(players)
    return _CX + scale * rx * math.cos(angle), _CY + scale * ry * math.sin(angle)


def _row_width(x: float, players: int) -> float:
    """How wide a seat's hand may be: within the picture, and short of the neighbours' hands."""
    neighbours = 2 * _radii(players)[0] * math.sin(math.pi / players) * 0.88 if players > 1 else WIDTH
    return max(_CARD_W, min(400.0, neighbours, 2 * (min(x, WIDTH - x) - 12)))


def _hand(seat: int, x: float, y: float, faces: tuple[AnyCard, ...] | None, size: int, players: int,
          language: Language, role: str = "hand") -> list[str]:  # fmt: skip
    """One seat's cards in a row centred on (x, y): faces in hand order, or ``size`` backs.

    ``role`` names the group: ``hand``, or ``passing`` for the cards set aside to pass.
    """
    count = len(faces) if faces is not None else size
    if count == 0:
        return []
    step = min(_CARD_W + 3, max(_MIN_STEP, (_row_width(x, players) - _CARD_W) / max(count - 1, 1)))
    left = x - (_CARD_W + step * (count - 1)) / 2
    top = y - _CARD_H / 2
    if faces is not None:
        cards = [
            _face(card, left + i * step, top, _CARD_W, _CARD_H, language) for i, card in enumerate(faces)
        ]
    else:
        cards = [_back(seat, left + i * step, top) for i in range(count)]
    return [f'<g data-{role}="{seat}">', *cards, "</g>"]


def table_svg(subject: State | PlayerView, *, seat: int | None = None, language: Language = "en") -> str:
    """The table as an SVG document (a string, starting ``<svg``), as described above.

    ``subject`` is a `State` (every hand face up) or a `PlayerView` (its own hand face up, the
    others' as backs; a spectator's view has backs only). ``seat`` is the seat drawn at the
    bottom: by default the view's own seat, else seat 0; it turns the picture and shows nothing
    more. ``language`` is ``"en"`` or ``"nl"`` for the words.

    Anything but a state or a view is a `StateError`, a view no game could show a `ViewError`,
    a ``seat`` not at the table a `ViewError`, another language a `NotationError`.
    """
    language = _texts.language(language)
    v, hands = _subject(subject, "table_svg")
    if seat is None:
        bottom = v.seat if v.seat is not None else 0
    elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < v.players:
        raise ViewError(
            f"there is no seat {shown(seat)} to draw at the bottom: seats are 0 to {v.players - 1}"
        )
    else:
        bottom = int(seat)
    words = _texts.words(language)
    phase = text(f"phase.{v.phase.value}", language)
    header = (
        text("table.header_you", language, hand=v.hand_index + 1, phase=phase)
        if v.dealer == v.seat
        else text("table.header", language, hand=v.hand_index + 1, dealer=v.dealer, phase=phase)
    )
    taken = taken_points(v) if v.phase is Phase.PLAYING and v.tricks else None
    aside = _set_aside(subject, v)
    rx, ry = _radii(v.players)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" font-family="DejaVu Sans, Segoe UI Symbol, Arial, sans-serif" '
        f'role="img" data-phase="{v.phase.value}">',
        f"<title>{escape(text('table.title', language, header=header))}</title>",
        # One id in every drawing: several drawings in one page (a notebook) share an identical pattern.
        '<defs><pattern id="hj-back" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="8" height="8" fill="#24458f"/>'
        '<rect width="4" height="8" fill="#3a5fb5"/></pattern></defs>',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f4f1e8"/>',
        f'<ellipse cx="{_n(_CX)}" cy="{_n(_CY)}" rx="{_n(rx + 70)}" ry="{_n(min(ry + 60, _CY - 70))}" fill="#2e6b3f" '
        'stroke="#6b4a2b" stroke-width="10"/>',
        _text(16, 28, header, font_size="20", fill=_INK, data_role="header"),
        _text(16, 54, _turn_line(v, language), font_size="17", fill=_INK, data_role="turn"),
    ]
    for at in range(v.players):
        x, y = _spot(at, bottom, v.players)
        faces = sort_hand(hands[at]) if hands is not None else (sort_hand(v.hand) if at == v.seat else None)
        parts += _hand(at, x, y, faces, v.hand_sizes[at], v.players, language)
        passing = aside[at]
        if passing:
            px, py = _spot(at, bottom, v.players, scale=0.5)
            shown_aside = sort_hand(passing) if isinstance(passing, tuple) else None
            count = passing if isinstance(passing, int) else len(passing)
            parts += _hand(at, px, py, shown_aside, count, v.players, language, role="passing")
        label = f"{capital(who(v, at, language))}: {v.display_scores[at]}"
        if taken is not None:
            label += f" (+{taken[at]})" if taken[at] >= 0 else f" ({taken[at]})"
        moving = at in v.to_move and not v.is_over
        marker = "▶ " if moving else ""
        parts.append(
            _text(
                x,
                y - _CARD_H / 2 - 9,
                marker + label,
                font_size="16" if v.players <= _CROWDED else "13",
                text_anchor="middle",
                fill="#ffd54a" if moving else "#ffffff",
                font_weight="bold" if moving else "normal",
                # a dark outline under the letters: readable on the felt, its rim or the paper
                stroke="#173d24",
                stroke_width="3",
                paint_order="stroke",
                data_seat=str(at),
                data_role="seat",
            )
        )
    parts += _trick(v, bottom, language)
    if taken is not None:  # what the number in brackets after each score is
        key = f"{words['scores']} (+ {words['taken'][:1].lower()}{words['taken'][1:]})"
        parts.append(_text(16, HEIGHT - 16, key, font_size="14", fill=_INK, data_role="key"))
    if not v.trick and v.phase is Phase.PLAYING:  # a lead is awaited
        parts.append(
            _text(_CX, _CY + 6, words["empty"], font_size="15", fill="#cfe3d3", text_anchor="middle")
        )
    parts.append("</svg>")
    return "".join(parts)


def _set_aside(subject: State | PlayerView, v: PlayerView) -> list[tuple[AnyCard, ...] | int]:
    """Per seat, the cards it has set aside to pass in this stage: the cards where the drawing may
    show them (a state: every seat's; a view: its own), else how many (a seat that has passed)."""
    if v.phase is not Phase.PASSING:
        return [() for _ in range(v.players)]
    if isinstance(subject, State):
        return [view(subject, at).passing for at in range(v.players)]
    return [
        v.passing if at == v.seat else (0 if at in v.to_move else v.pass_count) for at in range(v.players)
    ]


def _trick(v: PlayerView, bottom: int, language: Language) -> Iterable[str]:
    """The cards on the table, each pushed from the centre towards the seat that played it."""
    yield '<g data-role="trick">'
    for play in v.trick:
        x, y = _spot(play.seat, bottom, v.players, scale=0.36)
        yield _face(play.card, x - _TRICK_W / 2, y - _TRICK_H / 2, _TRICK_W, _TRICK_H, language)
    yield "</g>"


def table_html(subject: State | PlayerView, *, seat: int | None = None, language: Language = "en") -> str:
    """[`table_svg`][hartenjagen.frontend.svg.table_svg] in a ``<div>`` that scales it to the page's width (at most its own)."""
    svg = table_svg(subject, seat=seat, language=language).replace(
        "<svg ", '<svg style="width:100%;height:auto" ', 1
    )
    return f'<div class="hartenjagen-table" style="max-width:{WIDTH}px">{svg}</div>'
