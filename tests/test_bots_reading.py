"""What the bots keep between decisions to read a view faster reads it as before.

* `trick_plays` is ``Trick.plays`` (shared `Play` values), for tricks every seat
  played and tricks a seat had dropped out of (Domino Hearts), with jokers;
* `read_trick` is the suit led, the cards and `voids_shown` of those plays,
  with the rules' widening cards; a full cache starts again and reads the same;
* a world of card play built from the determinizer's `PlayTemplate` is the
  state built from its fields as keywords.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import hartenjagen as hj
from hartenjagen import family, family_draws, family_jokers, variants
from hartenjagen.bots import _trick_plays
from hartenjagen.bots._trick_plays import read_trick, trick_plays
from hartenjagen.bots._world_fields import PlayTemplate, view_fields
from hartenjagen.bots.determinize import Determinizer
from hartenjagen.cards import led_suit
from hartenjagen.core import StateFields, from_fields, table_for
from hartenjagen.rules.extras import voids_shown, widening_cards

RULES = {
    "standard": variants.STANDARD,
    "six_double_deck": variants.SIX_DOUBLE_DECK,
    "omnibus": variants.get("omnibus"),
    "polignac": family.polignac(),
    "domino_hearts": family_draws.domino_hearts(),
    "joker_hearts": family_jokers.joker_hearts(),
}


def states_of_a_game(rules: hj.Rules, seed: int, limit: int = 600) -> list[hj.State]:
    """Every state of one random game (at most ``limit``)."""
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    out = [state]
    while not state.is_over and len(out) < limit:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
        out.append(state)
    return out


@pytest.mark.parametrize("name", list(RULES))
def test_trick_plays_and_read_trick_read_every_trick_as_its_plays_do(name: str) -> None:
    rules = RULES[name]
    widened = widening_cards(rules)
    tricks = 0
    for state in states_of_a_game(rules, seed=len(name)):
        for trick in state.tricks:
            plays = trick.plays
            assert trick_plays(trick) == plays
            led, indexes, voids = read_trick(trick, widened)
            assert led == led_suit(play.card for play in plays)
            assert indexes == tuple(play.card.index for play in plays)
            assert list(voids) == [(seat, suit) for seat, suit, _ in voids_shown(plays, widened)]
            tricks += 1
    assert tricks > 0


def test_a_trick_with_a_seat_out_and_a_widened_card_is_read_from_its_seats() -> None:
    queen = hj.Card("QS")
    trick = hj.Trick(leader=2, cards=(hj.Card("5H"), queen, hj.Card("2C")), winner=2, seats=(2, 3, 0))
    assert trick_plays(trick) == (hj.Play(2, "5H"), hj.Play(3, "QS"), hj.Play(0, "2C"))
    assert read_trick(trick, frozenset()).voids == ((3, hj.Suit.HEARTS), (0, hj.Suit.HEARTS))
    # A card a house rule allows at any time shows no void (the same trick read under other rules).
    assert read_trick(trick, frozenset({queen})).voids == ((0, hj.Suit.HEARTS),)


def test_full_caches_start_again_and_read_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_trick_plays, "_READINGS_LIMIT", 3)
    monkeypatch.setattr(_trick_plays, "_LIMIT", 2)
    monkeypatch.setattr(_trick_plays, "_READINGS", {})
    monkeypatch.setattr(_trick_plays, "_PLAYS", {})
    game = states_of_a_game(variants.STANDARD, seed=5, limit=60)
    tricks = [trick for s in game for trick in s.tricks]
    assert len({(t.leader, t.cards) for t in tricks}) > 3
    for trick in tricks:
        assert trick_plays(trick) == trick.plays
        assert read_trick(trick, frozenset()).indexes == tuple(card.index for card in trick.cards)
        assert len(_trick_plays._READINGS) <= 3
        assert len(_trick_plays._PLAYS) <= 2


@pytest.mark.parametrize("name", list(RULES))
def test_a_world_from_the_template_is_the_world_built_from_keywords(name: str) -> None:
    rules = RULES[name]
    table = table_for(rules)
    checked = 0
    for state in states_of_a_game(rules, seed=7, limit=200):
        if state.phase is not hj.Phase.PLAYING:
            continue
        view = hj.view(state, state.to_move[0])
        sampler = Determinizer(view)
        world = sampler.sample(random.Random(checked))  # sets the first leader; checks the view
        assert sampler.first_leader is not None
        fields = view_fields(view, table)
        hands = tuple(world._hand.hands)  # the hands as play began
        dealt, seed, log = world._hand.dealt, checked * 7919, world._hand.pass_log
        built = from_fields(
            StateFields(
                **{
                    **fields,
                    "phase": hj.Phase.PLAYING,
                    "leader": sampler.first_leader,
                    "hand_masks": hands,
                    "seed": seed,
                    "dealt_masks": dealt,
                    "pass_log": log,
                }
            )
        )
        assert PlayTemplate(fields, sampler.first_leader).start(hands, seed, dealt, log) == built
        checked += 1
    assert checked > 0


def test_the_heuristic_runs_compiled_only_beside_the_compiled_core() -> None:
    import hartenjagen.bots.heuristic as heuristic

    here = Path(heuristic.__file__).parent
    built = [path for path in here.glob("heuristic.*") if path.suffix in (".so", ".pyd")]
    fresh = bool(built) and built[0].stat().st_mtime + 2 >= (here / "heuristic.py").stat().st_mtime
    running_compiled = Path(heuristic.__file__).suffix in (".so", ".pyd")
    assert running_compiled == (hj.COMPILED and fresh)
