"""The table as text: the drawing `str(state)`, `str(view)` and the terminal's table share.

A [`PlayerView`][hartenjagen.frontend.views.PlayerView] is drawn as the terminal shows it
([`show`][hartenjagen.frontend.drawing.show]): a header (hand, dealer, phase), the seat's hand
by suit, the cards on the table, the scores, the points taken this hand, whose turn it is, and
the numbered choices. A spectator's view ([`public_view`][hartenjagen.frontend.views.public_view])
has no hand, so each seat's number of cards is drawn instead. A
[`State`][hartenjagen.core.state.State] sees everything, so its drawing has every seat's hand.
The words come from the message catalogue, in English (``"en"``) or Dutch (``"nl"``).

```pycon
>>> import hartenjagen as hj
>>> state = hj.new_game(hj.variants.STANDARD, seed=3)
>>> print(str(hj.view(state, 0)).splitlines()[0])
Hand 1, dealt by you; passing.

```

The same table as a picture is [`table_svg`][hartenjagen.frontend.svg.table_svg].
"""

from __future__ import annotations

from collections.abc import Iterable

from hartenjagen.cards import AnyCard, Card, Joker
from hartenjagen.core import State, as_state
from hartenjagen.frontend import texts as _texts
from hartenjagen.frontend.describe import announcement_question
from hartenjagen.frontend.notation import DISPLAY_SUITS, Language, by_suit, format_card, rank_text, sort_hand
from hartenjagen.frontend.texts import direction_text, move_text, text
from hartenjagen.frontend.views import PlayerView, public_view, validate_view
from hartenjagen.moves import Move, Play
from hartenjagen.values import Phase

__all__ = [
    "capital",
    "card_symbols",
    "hand_text",
    "move_choices",
    "numbered",
    "pass_choices",
    "show",
    "table_text",
    "taken_points",
    "team_line",
    "undealt_line",
    "who",
]


def numbered(items: Iterable[str]) -> str:
    """``1) Q♠  2) 10♥ ...``: the choices with the numbers a player may type."""
    return "  ".join(f"{number}) {item}" for number, item in enumerate(items, start=1))


def hand_text(cards: Iterable[AnyCard], language: Language = "en") -> str:
    """Cards grouped by suit with the suit symbols: ``♣ 2 5 K   ♦ 10 J   ♠ Q   ♥ 3 A`` (empty suits left out).

    In Dutch the ranks are the Dutch letters: ``♣ 2 5 H   ♦ 10 B   ♠ V   ♥ 3 A``. Jokers come
    last, by number: ``🃏 1 2``.
    """
    cards = tuple(cards)
    groups = [
        suit.symbol + " " + " ".join(rank_text(card.rank, language) for card in group)
        for suit, group in by_suit(cards).items()
        if group
    ]
    jokers = sorted(card.number for card in cards if isinstance(card, Joker))
    if jokers:
        groups.append("🃏 " + " ".join(map(str, jokers)))
    return "   ".join(groups)


def card_symbols(cards: Iterable[AnyCard], language: Language = "en") -> list[str]:
    """Each card with its suit symbol (``Q♠``, ``10♥``; Dutch ranks in Dutch)."""
    return [format_card(card, "symbol", language) for card in cards]


def _display_order(card: Card) -> tuple[int, int]:
    return DISPLAY_SUITS.index(card.suit), card.rank


def _play_order(play: Play) -> tuple[int, int]:
    """A play's place in the hand as shown: by suit and rank, a joker last."""
    card = play.card
    return (len(DISPLAY_SUITS), card.number) if isinstance(card, Joker) else _display_order(card)


def pass_choices(v: PlayerView) -> tuple[AnyCard, ...]:
    """The cards the numbers stand for in the passing phase, in the order of the hand ([`hand_text`][hartenjagen.frontend.drawing.hand_text])."""
    return sort_hand(v.pass_options)


def move_choices(v: PlayerView) -> tuple[Move, ...]:
    """The moves the numbers stand for: plays in the order of the hand (suits as [`hand_text`][hartenjagen.frontend.drawing.hand_text]
    shows them: clubs, diamonds, spades, hearts; low to high), so the list reads like the hand."""
    plays = [move for move in v.legal_moves if isinstance(move, Play)]
    if plays and len(plays) == len(v.legal_moves):
        return tuple(sorted(plays, key=_play_order))
    return v.legal_moves


def taken_points(v: PlayerView) -> tuple[int, ...]:
    """Each seat's points from the cards it has captured so far in this hand (before the moon)."""
    scoring = v.rules.scoring
    return tuple(scoring.total_of(cards) for cards in v.taken)


def who(v: PlayerView, seat: int, language: Language = "en") -> str:
    """How the drawing names ``seat``: ``you`` for the view's own seat, else ``seat 2`` (Dutch ``jij``, ``speler 2``)."""
    words = _texts.words(language)
    return words["you"] if seat == v.seat else f"{words['seat']} {seat}"


def capital(words: str) -> str:
    """``words`` with a capital first letter, for the start of a line or a label (``Seat 2``, ``You``)."""
    return words[:1].upper() + words[1:]


def team_line(v: PlayerView, language: Language = "en") -> str:
    """Each team's total with its members named ("Teams: you and seat 2: 34; seat 1 and seat 3: 50"); "" without teams."""
    if not v.teams:
        return ""
    joiner = f" {text('table.and', language)} "
    teams = "; ".join(  # not two spaces as between seats: a web page would run the teams together
        text(
            "table.team", language, members=joiner.join(who(v, seat, language) for seat in team), total=total
        )
        for team, total in zip(v.teams, v.team_scores, strict=True)
    )
    return text("table.teams", language, teams=teams)


def undealt_line(v: PlayerView, language: Language = "en") -> str:
    """The cards left undealt, never their faces: a widow's size and who took it, or the stock's size ("" when none).

    The widow goes to the taker of the deck's widow trick (Heartsette: the first), which every
    seat sees; the stock shrinks as the seats draw.
    """
    if not v.undealt:
        return ""
    widow = v.rules.deck.widow_trick()
    if widow is None:
        return text("table.stock", language, count=v.undealt)
    taker = v.tricks[widow].winner if len(v.tricks) > widow else None
    if taker is None:
        return text("table.widow", language, count=v.undealt)
    return text("table.widow_taken", language, count=v.undealt, seat=who(v, taker, language))


def _subject(subject: object, where: str) -> tuple[PlayerView, tuple[tuple[AnyCard, ...], ...] | None]:
    """The view a drawing is made of, and every seat's hand when ``subject`` is a whole state.

    A view from outside must be one a game shows (`ViewError`); anything else must be a
    `State` (`StateError`, naming ``where``).
    """
    if isinstance(subject, PlayerView):
        validate_view(subject)
        return subject, None
    state = as_state(subject, where)
    return public_view(state), state.hands if state.phase is not Phase.GAME_OVER else None


def _turn_line(v: PlayerView, language: Language) -> str:
    """Who is to move, or who won: the line a notebook reader looks for first."""
    if v.is_over:
        winners = ", ".join(who(v, seat, language) for seat in v.winners)
        key = "event.game_over_one" if len(v.winners) == 1 else "event.game_over_many"
        return text(key, language, winners=winners)
    if not v.to_move:  # a chance event waits (a game with explicit chance): no seat moves
        return text("table.to_move", language, seats=text(f"phase.{v.phase.value}", language))
    return text("table.to_move", language, seats=", ".join(who(v, seat, language) for seat in v.to_move))


def _lines(v: PlayerView, hands: tuple[tuple[AnyCard, ...], ...] | None, language: Language) -> list[str]:
    words = _texts.words(language)
    phase = text(f"phase.{v.phase.value}", language)
    hand = v.hand_index + 1
    header = (
        text("table.header_you", language, hand=hand, phase=phase)
        if v.dealer == v.seat
        else text("table.header", language, hand=hand, dealer=v.dealer, phase=phase)
    )
    lines = [header]
    if v.seat is not None:
        lines.append(f"{words['hand']}: {hand_text(v.hand, language) or words['empty']}")
    elif hands is not None:  # a whole state: every hand, one line a seat
        lines += [
            f"{capital(who(v, seat, language))}: {hand_text(cards, language) or words['empty']}"
            for seat, cards in enumerate(hands)
        ]
    elif not v.is_over:  # a spectator: how many cards each seat holds, not which
        lines.append(
            "  ".join(
                f"{who(v, seat, language)}: {text('table.cards', language, count=size)}"
                for seat, size in enumerate(v.hand_sizes)
            )
        )
    trick = ", ".join(
        f"{who(v, play.seat, language)} {format_card(play.card, 'symbol', language)}" for play in v.trick
    )
    lines.append(f"{words['trick']}: {trick or words['empty']}")
    if v.out:  # seats whose hands ran out (a deck that draws to follow suit): they sit out the hand
        lines.append(text("table.out", language, seats=", ".join(who(v, seat, language) for seat in v.out)))
    scores = "  ".join(f"{who(v, seat, language)}: {score}" for seat, score in enumerate(v.display_scores))
    lines.append(f"{words['scores']}: {scores}")
    lines += [line for line in (team_line(v, language), undealt_line(v, language)) if line]
    if v.phase is Phase.PLAYING and v.tricks:
        taken = "  ".join(
            f"{who(v, seat, language)}: {points}" for seat, points in enumerate(taken_points(v))
        )
        lines.append(f"{words['taken']}: {taken}")
    lines.append(_turn_line(v, language))
    if v.pass_options:
        if v.pass_stage:
            lines.append(text("table.return", language, count=v.pass_count) + ":")
        else:
            direction = direction_text(v.pass_direction, language)
            lines.append(text("table.pass", language, count=v.pass_count, direction=direction) + ":")
        lines.append(numbered(card_symbols(pass_choices(v), language)))
    elif v.legal_moves:
        if v.phase is Phase.ANNOUNCING:
            lines.append(announcement_question(v.rules, language))
        elif v.phase is Phase.MOON_CHOICE:
            lines.append(words["moon"])
        else:
            lines.append(f"{words['moves']}:")
        lines.append(numbered(move_text(move, language, v.rules) for move in move_choices(v)))
    return lines


def show(v: PlayerView, language: Language = "en") -> str:
    """One seat's view as the terminal shows it: a blank line, then [`table_text`][hartenjagen.frontend.drawing.table_text].

    The hand is grouped by suit (clubs, diamonds, spades, hearts) with the suit
    symbols; during a hand, the points each seat has taken in it so far; whose turn it is;
    the moves a player may choose are numbered from 1 in the same order as the hand
    (in the passing phase: the cards that may be passed), see [`move_choices`][hartenjagen.frontend.drawing.move_choices].
    A view from outside must be one a game shows (`ViewError`).
    """
    validate_view(v)
    return "\n" + "\n".join(_lines(v, None, language))


def table_text(subject: State | PlayerView, language: Language = "en") -> str:
    """The table as a few lines of text: what `str(state)` and `str(view)` return.

    A view draws what its seat may see (a spectator's: the number of cards each seat holds);
    a state draws every seat's hand. Then the cards on the table, the scores, the points
    taken this hand, whose turn it is (or who won) and, in a view whose seat is to move,
    its numbered choices. Anything but a `State` or a `PlayerView` is a `StateError`; a view
    no game could show is a `ViewError`.
    """
    v, hands = _subject(subject, "table_text")
    return "\n".join(_lines(v, hands, _texts.language(language)))
