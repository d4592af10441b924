"""Hostile input: player views built outside ``view()``.

Every consumer of a view (determinize, the bots, ``loads``, the terminal) raises a library error
for a view no game shows, within bounded memory; views of real games pass validation and round trip."""

from __future__ import annotations

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.cli import terminal
from hostile_helpers import HUGE, forged_card

# ---------------------------------------------------------------- views from outside


def _views() -> list[hj.PlayerView]:
    """Views of every phase: passing, announcing, playing (mid-trick), a moon choice."""
    out = []
    state = hj.new_game(variants.STANDARD, seed=2)
    out.append(hj.view(state, 0))
    miezen = hj.new_game(attrs.evolve(variants.ACHTERHOEK, opening=hj.rules.opening.LOWEST_CLUB), seed=2)
    while miezen.phase is not hj.Phase.ANNOUNCING:
        miezen = hj.apply(miezen, hj.legal_moves(miezen)[0])
    out.append(hj.view(miezen, miezen.to_move[0]))
    while len(state.tricks) < 3 or not state.trick:
        state = hj.apply(state, hj.legal_moves(state)[0])
    out.append(hj.view(state, state.to_move[0]))
    return out


def _consumers(seen: hj.PlayerView) -> list[tuple[str, object]]:
    from hartenjagen.bots import make_bot
    from hartenjagen.bots.determinize import determinize

    return [
        ("determinize", lambda: determinize(seen, 1)),
        *(
            (
                name,
                lambda name=name: make_bot(
                    name, seed=1, **({"samples": 2} if name == "sampling" else {})
                ).choose(seen),
            )
            for name in ("random", "heuristic", "sampling")
        ),
        ("loads", lambda: hj.loads(hj.dumps(seen))),
        ("show", lambda: terminal.show(seen)),
    ]


#: Field changes that make a view one no game shows.
BROKEN_VIEWS = {
    "players=2**63": {"players": 2**63},
    "players=3": {"players": 3},
    "players=huge": {"players": HUGE},
    "seat=9": {"seat": 9},
    "hand_sizes short": {"hand_sizes": (13, 13)},
    "hand_sizes huge": {"hand_sizes": (2**63,) * 4},
    "hand of another size": {"hand": ()},
    "hand twice": {"hand_sizes": (26, 13, 13, 13)},
    "to_move empty": {"to_move": ()},
    "to_move foreign": {"to_move": (7,)},
    "trick_leader -1": {"trick_leader": -1},
    "trick_leader huge": {"trick_leader": HUGE},
    "dealer huge": {"dealer": 2**63},
    "hand_index negative": {"hand_index": -1},
    "hand_index huge": {"hand_index": HUGE},
    "scores huge": {"scores": (HUGE, 0, 0, 0), "display_scores": (HUGE, 0, 0, 0)},
    "pass_stage 5": {"pass_stage": 5},
    "pass_count 40": {"pass_count": 40},
    "scores short": {"scores": (0,)},
    "scores not totals": {"scores": (1, 0, 0, 0)},
    "legal_moves empty": {"legal_moves": ()},
    "legal_moves foreign": {"legal_moves": (hj.Announce(3, True),)},
    "pass_options empty": {"pass_options": ()},
    "tricks empty trick": {"tricks": (hj.Trick(0, (), 0),)},
    "tricks garbage": {"tricks": ("no trick",)},
    "taken out of nowhere": {"taken": ((hj.Card("QS"),), (), (), ())},
    "rules not rules": {"rules": "standard"},
    "phase text": {"phase": "playing"},
    "is_over True": {"is_over": True},
    "a forged card": {"hand": (forged_card(12, 3, index=-1),)},
    "score sheet garbage": {"score_sheet": (None,)},
}


@pytest.mark.parametrize("change", sorted(BROKEN_VIEWS))
def test_every_consumer_of_an_inconsistent_view_raises_a_library_error(change):
    import tracemalloc

    from hartenjagen.bots import BotError
    from hartenjagen.bots.determinize import DeterminizeError
    from hartenjagen.frontend.views import validate_view

    expected = {"determinize": DeterminizeError, "loads": hj.FormatError, "show": hj.ViewError}
    broken = 0
    for original in _views():
        fields = BROKEN_VIEWS[change]
        if all(getattr(original, key) == value for key, value in fields.items()):
            continue  # (no moves while passing, no pass options in play: nothing changed)
        broken += 1
        seen = attrs.evolve(original, **fields)
        with pytest.raises(hj.ViewError):
            validate_view(seen)
        for name, call in _consumers(seen):
            tracemalloc.start()
            try:
                with pytest.raises(expected.get(name, BotError)) as info:
                    call()  # type: ignore[operator]
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
            assert "inconsistent view" in str(info.value) or name == "loads", info.value
            assert peak < 2_000_000, (name, peak)
            assert len(str(info.value)) < 400
    assert broken


def test_views_of_real_games_pass_validation_and_round_trip():
    from hartenjagen.frontend.views import validate_view

    for seen in _views():
        fresh = attrs.evolve(seen)  # not marked as built by view()
        validate_view(fresh)
        assert hj.loads(hj.dumps(fresh)) == seen
