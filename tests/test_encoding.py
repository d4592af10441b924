"""``hartenjagen.adapters.encoding``: action ids, chance ids and observation vectors; ``PlayerView.voids``."""

from __future__ import annotations

import random

import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.adapters import encoding
from hartenjagen.adapters.encoding import EncodingError
from helpers import ONE_SUIT_EACH

PRESETS = variants.OFFERED


def walk(rules: hj.Rules, seed: int, steps: int) -> list[hj.State]:
    state = hj.new_game(rules, seed=seed)
    rng = random.Random(seed)
    out = [state]
    for _ in range(steps):
        if state.is_over:
            break
        listed = hj.legal_moves(state)
        state = hj.apply(state, listed[rng.randrange(len(listed))])
        out.append(state)
    return out


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_ids_round_trip_through_moves_on_every_preset(preset):
    rules = preset.rules
    count = encoding.action_count(rules)
    for state in walk(rules, 3, 400):
        ids = encoding.legal_action_ids(state)
        assert list(ids) == sorted(set(ids)) and all(0 <= i < count for i in ids)
        mask = encoding.action_mask(state)
        assert [i for i, bit in enumerate(mask) if bit] == list(ids)
        if state.phase is hj.Phase.PASSING:
            seat = encoding.acting_seat(state)
            assert seat == min(state.to_move)
            cards = [encoding.move_for(i, state).cards[0] for i in ids]
            assert len(set(cards)) == len(cards)
            assert all(card in state.hands[seat] for card in cards)
        elif not state.is_over:
            moves = [encoding.move_for(i, state) for i in ids]
            assert set(moves) == set(hj.legal_moves(state))
            assert [encoding.action_id(m, rules) for m in moves] == list(ids)
        v = hj.view(state, 0)
        vector = encoding.observation(v)
        assert len(vector) == encoding.observation_size(rules)
        assert len(encoding.history(v)) == encoding.history_size(rules)


def test_the_ids_of_a_pack():
    assert encoding.action_count(variants.STANDARD) == 58
    assert encoding.card_id("2C", variants.STANDARD) == 0 and encoding.card_id("AS", variants.STANDARD) == 51
    dutch = variants.DUTCH  # 32 cards: 7 to ace
    assert encoding.action_count(dutch) == 38 and encoding.card_id("7C", dutch) == 0
    assert encoding.card_id("AS", dutch) == 31
    assert encoding.action_id(hj.Announce(1, False), dutch) == 32
    assert encoding.action_id(hj.Announce(1, True), dutch) == 33
    assert encoding.action_id(hj.MoonChoice(0, "double"), variants.STANDARD) == 52 + 2 + 3
    assert encoding.chance_action_count(variants.BLACK_MARIA) == 51 + 7 + 3
    assert encoding.chance_id(hj.FirstDealer(2), variants.BLACK_MARIA) == 51 + 7 + 2
    assert encoding.chance_id(hj.DrawnDirection("hold"), variants.STANDARD) == 52 + 5
    assert encoding.chance_id(hj.PoolCard("3C"), variants.STANDARD) == 1


def test_a_pass_is_picked_card_by_card():
    state = hj.new_game(variants.STANDARD, deal=list(ONE_SUIT_EACH))
    ids = encoding.legal_action_ids(state)
    assert ids == tuple(range(13))  # seat 0 holds the clubs
    first = encoding.move_for(ids[0], state)
    assert first == hj.Pass(0, ["2C"])
    picked = first.cards
    assert encoding.legal_action_ids(state, picked) == tuple(range(1, 13))
    last = encoding.move_for(5, state, (*picked, hj.Card("3C")))
    assert last == hj.Pass(0, "2C 3C 7C")
    with pytest.raises(EncodingError, match="a pass is one action per card"):
        encoding.action_id(last, variants.STANDARD)


def test_chance_ids_at_every_node():
    state = hj.new_game(variants.OPENSPIEL, chance="explicit")
    ids = encoding.chance_ids(state)
    assert [i for i, _ in ids] == list(range(52)) and sum(p for _, p in ids) == pytest.approx(1)
    assert encoding.outcome_for(51, state) == hj.DealCard("AS")
    state = hj.apply(state, hj.Deal(ONE_SUIT_EACH))
    assert encoding.outcome_for(52, state) == hj.DrawnDirection("left")
    with pytest.raises(EncodingError, match="means nothing at this chance node"):
        encoding.outcome_for(3, state)
    cut = hj.new_game(variants.STANDARD, chance="explicit", dealer="cut")
    assert [encoding.outcome_for(i, cut) for i, _ in encoding.chance_ids(cut)] == [
        hj.FirstDealer(s) for s in range(4)
    ]
    with pytest.raises(EncodingError, match="no chance event is waiting"):
        encoding.outcome_for(0, hj.new_game(variants.STANDARD, seed=1))
    with pytest.raises(EncodingError, match="has no chance id"):
        encoding.chance_id(hj.Deal(ONE_SUIT_EACH), variants.STANDARD)


def test_bad_ids_and_values_are_refused():
    state = hj.new_game(variants.STANDARD, seed=1)
    with pytest.raises(EncodingError, match="there is no action 58"):
        encoding.move_for(58, state)
    with pytest.raises(EncodingError, match="means nothing in the passing phase"):
        encoding.move_for(52, state)
    with pytest.raises(EncodingError, match="a whole number"):
        encoding.move_for(True, state)  # type: ignore[arg-type]
    with pytest.raises(EncodingError, match="is not in the pack"):
        encoding.card_id("2C", variants.DUTCH)
    with pytest.raises(EncodingError, match="expected a Rules value"):
        encoding.action_count("standard")  # type: ignore[arg-type]
    with pytest.raises(EncodingError, match="expected a State"):
        encoding.legal_action_ids("state")  # type: ignore[arg-type]
    with pytest.raises(EncodingError, match="expected a PlayerView"):
        encoding.observation(state)  # type: ignore[arg-type]
    with pytest.raises(EncodingError, match="is not a move"):
        encoding.action_id("2C", variants.STANDARD)  # type: ignore[arg-type]
    over = walk(variants.OPENSPIEL, 1, 200)[-1]
    assert over.is_over and encoding.legal_action_ids(over) == () and encoding.acting_seat(over) is None
    with pytest.raises(EncodingError, match="no seat acts now"):
        encoding.move_for(0, over)


def test_the_observation_is_counted_from_the_viewer():
    rules = variants.openspiel(pass_cards=False)
    state = hj.new_game(rules, deal=list(ONE_SUIT_EACH))
    state = hj.apply(state, hj.Play(0, "2C"))
    state = hj.apply(state, hj.Play(1, "2D"))  # seat 1 shows it has no clubs
    layout = dict(encoding.observation_layout(rules))
    offsets = {}
    at = 0
    for name, width in encoding.observation_layout(rules):
        offsets[name] = at
        at += width
    assert at == encoding.observation_size(rules)
    for seat in range(4):
        v = hj.view(state, seat)
        vector = encoding.observation(v)
        hand = vector[offsets["hand"] : offsets["hand"] + 52]
        assert [encoding.card_id(c, rules) for c in v.hand] == [i for i, x in enumerate(hand) if x]
        trick = vector[offsets["trick"] : offsets["trick"] + layout["trick"]]
        # Seat 0's 2♣ stands in the block of (0 - seat) % 4, seat 1's 2♦ in (1 - seat) % 4.
        assert trick[((0 - seat) % 4) * 52 + 0] == 1.0 and trick[((1 - seat) % 4) * 52 + 13] == 1.0
        voids = vector[offsets["voids"] : offsets["voids"] + 16]
        assert voids[((1 - seat) % 4) * 4 + 0] == 1.0 and sum(voids) == 1.0
        assert v.voids == ((), (hj.Suit.CLUBS,), (), ())
        history = encoding.history(v)
        assert history[(0 - seat) % 4] == 1.0  # seat 0 led the first trick


def test_views_tell_the_suits_a_seat_has_shown_it_lacks():
    rules = variants.openspiel(pass_cards=False)
    state = hj.new_game(rules, deal=list(ONE_SUIT_EACH))
    for card in ("2C", "2D", "2H", "2S"):
        state = hj.apply(state, hj.Play(hj.legal_moves(state)[0].seat, card))
    assert hj.view(state, 3).voids == ((), (hj.Suit.CLUBS,), (hj.Suit.CLUBS,), (hj.Suit.CLUBS,))
    assert hj.public_view(state).voids == hj.view(state, 0).voids
