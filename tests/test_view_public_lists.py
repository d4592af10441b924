"""A view from outside with a bad announcement, hand-before trick or draw is refused by name (`validate_view`)."""

from __future__ import annotations

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.cards import Card
from hartenjagen.frontend.views import ViewError, validate_view
from hartenjagen.values import Trick


def _view() -> hj.PlayerView:
    state = hj.new_game(variants.STANDARD, seed=3)
    while state.phase is not hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    # a plain copy: not yet known to be consistent, so validate_view checks it
    return attrs.evolve(hj.view(state, 0))


def _refused(view: hj.PlayerView, field: str) -> str:
    with pytest.raises(ViewError) as caught:
        validate_view(view)
    assert caught.value.field.startswith(field)  # type: ignore[attr-defined]
    return str(caught.value)


def test_a_consistent_copy_passes() -> None:
    validate_view(_view())


@pytest.mark.parametrize(
    ("announcements", "field"),
    [(None, "announcements"), (((0,),), "announcements[0]"), (((9, "QS"),), "announcements[0].seat"), (((0, 5),), "announcements[0]")],
)  # fmt: skip
def test_bad_announcements_are_refused(announcements: object, field: str) -> None:
    _refused(attrs.evolve(_view(), announcements=announcements), field)


def test_a_trick_of_the_hand_before_with_too_many_cards_is_refused() -> None:
    cards = tuple(Card.parse(text) for text in ("KD", "KD", "6D", "AS", "TH"))
    message = _refused(attrs.evolve(_view(), previous_tricks=(Trick(2, cards, 2),)), "previous_tricks[0]")
    assert "one card of each seat" in message


def test_the_hand_before_showing_a_card_twice_is_refused() -> None:
    first = Trick(0, tuple(Card.parse(text) for text in ("2C", "3C", "4C", "5C")), 3)
    again = Trick(3, tuple(Card.parse(text) for text in ("2C", "6C", "7C", "8C")), 3)
    _refused(attrs.evolve(_view(), previous_tricks=(first, again)), "previous_tricks")


def test_a_trick_of_the_hand_before_naming_no_seat_is_refused() -> None:
    cards = tuple(Card.parse(text) for text in ("2C", "3C", "4C", "5C"))
    _refused(attrs.evolve(_view(), previous_tricks=(Trick(7, cards, 0),)), "previous_tricks[0].leader")


@pytest.mark.parametrize(
    ("draws", "field"), [(None, "draws"), (((0,),), "draws[0]"), (((0, 9),), "draws[0].seat")]
)
def test_bad_draws_are_refused(draws: object, field: str) -> None:
    _refused(attrs.evolve(_view(), draws=draws), field)
