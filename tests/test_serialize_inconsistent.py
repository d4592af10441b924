"""Loading a state no game reaches: the replay of its history refuses it at the JSON path of the first difference.

Well-formed documents whose values disagree: a card twice, missing or not in the pack, hand sizes,
seats out of range, a phase inconsistent with the rest, scores that do not add up, a tampered
exchange, deal or double-deck copy, past play that was illegal; and forgeries that keep every count
(a score sheet, a hand, a move in the log, a truncated history), which only the replay catches."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.core.state import table_of
from hartenjagen.core.state_fields import fields, replace
from hartenjagen.frontend.serialize import dumps, loads, validate_state
from hartenjagen.rules import duplicates
from helpers import find_state
from serialize_helpers import (
    announcing,
    assert_same_game,
    double_deck_carry_over,
    game_over,
    moon_choice,
    pass_to_dealer_without_dealer,
    playing_mid_trick,
    random_play,
    rejects,
    revoke_ends_the_game,
    sort_cards,
    standard_passing_some_passed,
    tampered,
)

# ---------------------------------------------------------------- rejections: inconsistent states


def move_card(data: dict[str, Any], source: tuple[str, int], target: tuple[str, int]) -> None:
    card = data[source[0]][source[1]].pop(0)
    data[target[0]][target[1]] = sort_cards([*data[target[0]][target[1]], card])


def test_a_card_twice() -> None:
    state = playing_mid_trick()

    def duplicate(d: dict[str, Any]) -> None:
        d["hands"][2] = sort_cards([*d["hands"][2][1:], d["hands"][0][0]])

    error = rejects(tampered(state, duplicate), "$.hands[2][")
    # The replay names the hand that differs, and both hands.
    assert "replaying the game gives" in str(error) and "only in the document" in str(error)
    rejects(tampered(state, lambda d: d["trick"].append(d["trick"][0])), "$.trick[2]")
    rejects(tampered(state, lambda d: d["carry_over"].append(d["hands"][1][0])), "$.carry_over[0]")


def test_a_card_missing() -> None:
    state = playing_mid_trick()
    taker = next(seat for seat, taken in enumerate(state.taken) if taken)
    error = rejects(tampered(state, lambda d: d["taken"][taker].pop()), f"$.taken[{taker}]")
    assert "only in the replay" in str(error)


def test_a_card_not_in_the_pack() -> None:
    state = hj.new_game(variants.BLACK_LADY_3, seed=1)

    def add_2d(d: dict[str, Any]) -> None:
        d["hands"][0] = sort_cards([*d["hands"][0][1:], "2D"])

    assert "not in the pack" in str(rejects(tampered(state, add_2d), "$.hands[0]["))


def test_cards_out_of_order_or_listed_twice() -> None:
    state = playing_mid_trick()
    rejects(tampered(state, lambda d: d["hands"][1].reverse()), "$.hands[1][1]")
    rejects(tampered(state, lambda d: d["hands"][1].__setitem__(1, d["hands"][1][0])), "$.hands[1][1]")


def test_hand_sizes_between_tricks() -> None:
    state = find_state(variants.STANDARD, lambda s: len(s.tricks) == 3 and not s.trick)
    error = rejects(tampered(state, lambda d: move_card(d, ("hands", 0), ("hands", 1))), "$.hands[0]")
    assert "only in the replay" in str(error)


def test_hand_sizes_during_a_trick() -> None:
    state = playing_mid_trick()
    played, waiting = state.trick[0].seat, state.to_move[0]
    rejects(tampered(state, lambda d: move_card(d, ("hands", waiting), ("hands", played))), "$.hands[")


def test_hand_sizes_of_a_finished_hand() -> None:
    rejects(tampered(moon_choice(), lambda d: move_card(d, ("taken", 0), ("hands", 2))), "$.hands[2]")


def test_a_trick_longer_than_the_players() -> None:
    def overfull(d: dict[str, Any]) -> None:
        for seat in range(4):
            if len(d["trick"]) < 4:
                d["trick"].append(d["hands"][seat].pop())

    rejects(tampered(playing_mid_trick(), overfull), "$.trick")


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(dealer=4), "$.dealer"),
        (lambda d: d.update(dealer=-1), "$.dealer"),
        (lambda d: d.update(trick_leader=7), "$.trick_leader"),
        (lambda d: d.update(trick_leader=(d["trick_leader"] + 1) % 4), "$.trick_leader"),
        (lambda d: d["tricks"][0].update(winner=9), "$.tricks[0].winner"),
        (lambda d: d["tricks"][0].update(leader=-2), "$.tricks[0].leader"),
        (lambda d: d["tricks"][0].update(winner=(d["tricks"][0]["winner"] + 1) % 4), "$.tricks[0].winner"),
        (lambda d: d["tricks"][1].update(leader=(d["tricks"][1]["leader"] + 1) % 4), "$.tricks[1].leader"),
        (lambda d: d["tricks"][0]["cards"].pop(), "$.tricks[0].cards"),
        (lambda d: d.update(announcers=[4]), "$.announcers[0]"),
        (lambda d: d.update(winners=[0, 0]), "$.winners"),
        (lambda d: d.update(shooter=10**30), "$.shooter"),
        (
            lambda d: d["score_sheet"].append(d["score_sheet"][0] if d["score_sheet"] else {}),
            "$.score_sheet[0]",
        ),
    ],
)
def test_seats_out_of_range_or_wrong(change: Callable[[Any], object], path: str) -> None:
    rejects(tampered(playing_mid_trick(), change), path)


def test_pending_seats_outside_the_table() -> None:
    state = standard_passing_some_passed()
    rejects(tampered(state, lambda d: d["pending"].append(4)), "$.pending[2]")
    rejects(tampered(state, lambda d: d["pending"].append(-1)), "$.pending[2]")
    rejects(tampered(state, lambda d: d["pending"].append(10**100)), "$.pending[2]")
    rejects(tampered(state, lambda d: d["pending"].insert(0, 3)), "$.pending[1]")
    rejects(tampered(state, lambda d: d.update(pending=[])), "$.pending")
    rejects(tampered(state, lambda d: d.update(pending=[1, 2, 3])), "$.pending[1]")
    rejects(tampered(pass_to_dealer_without_dealer(), lambda d: d["pending"].append(2)), "$.pending")


@pytest.mark.parametrize(
    ("example", "change", "path"),
    [
        (playing_mid_trick, lambda d: d.update(phase="moon_choice"), "$.phase"),
        (playing_mid_trick, lambda d: d.update(phase="game_over"), "$.score_sheet"),
        (playing_mid_trick, lambda d: d.update(phase="passing"), "$.phase"),
        (playing_mid_trick, lambda d: d.update(phase="announcing"), "$.phase"),
        (playing_mid_trick, lambda d: d.update(shooter=1), "$.shooter"),
        (playing_mid_trick, lambda d: d.update(winners=[1]), "$.winners"),
        (playing_mid_trick, lambda d: d.update(hearts_broken=not d["hearts_broken"]), "$.hearts_broken"),
        (playing_mid_trick, lambda d: d.update(exchanges=[]), "$.tricks[0].cards[0]"),
        (playing_mid_trick, lambda d: d.update(deal_count=2), "$.deal_count"),
        # A game may start at any hand of the cycle, but this one passed left: hand 1 passes right.
        (playing_mid_trick, lambda d: d.update(hand_index=1), "$.pass_direction"),
        (playing_mid_trick, lambda d: d.update(phase="announcing", pending=[0, 1, 2, 3]), "$.phase"),
        (moon_choice, lambda d: d.update(shooter=None), "$.shooter"),
        (moon_choice, lambda d: d.update(shooter=1), "$.shooter"),
        (moon_choice, lambda d: d.update(phase="playing", shooter=None), "$.phase"),
        (game_over, lambda d: d.update(winners=[]), "$.winners"),
        (
            game_over,
            lambda d: d.update(winners=[next(w for w in range(4) if w not in d["winners"])]),
            "$.winners",
        ),
        # Still playing, the game would have finished one hand more than its history holds.
        (game_over, lambda d: d.update(phase="playing", winners=[]), "$.history"),
        (
            game_over,
            lambda d: d.update(score_sheet=d["score_sheet"][:1], scores=d["score_sheet"][0]["totals"]),
            "$",
        ),
        (standard_passing_some_passed, lambda d: d.update(phase="playing", pending=[]), "$.phase"),
        (standard_passing_some_passed, lambda d: d.update(hearts_broken=True), "$.hearts_broken"),
        (standard_passing_some_passed, lambda d: d.update(pass_direction="right"), "$.pass_direction"),
        (standard_passing_some_passed, lambda d: d.update(trick_leader=2), "$.trick_leader"),
        (standard_passing_some_passed, lambda d: d.update(announcers=[1]), "$.announcers"),
        (announcing, lambda d: d.update(announcers=[(d["dealer"] + 3) % 4]), "$.announcers[0]"),
        (announcing, lambda d: d.update(pending=[0, 2]), "$.pending"),
        (
            announcing,
            lambda d: d.update(phase="playing", pending=[], trick_leader=(d["trick_leader"] + 1) % 4),
            "$.trick_leader",
        ),
        (announcing, lambda d: d.update(trick_leader=(d["trick_leader"] + 1) % 4), "$.trick_leader"),
        (double_deck_carry_over, lambda d: d.update(carry_over=[]), "$"),
        # Not voided, the line would be a played hand of 0 points in all: the replay, making no revoke,
        # has not finished the hand and has no line at all.
        (revoke_ends_the_game, lambda d: d["score_sheet"][-1].update(revoke=None), "$.score_sheet"),
        (
            revoke_ends_the_game,
            lambda d: d["score_sheet"][-1]["raw"].__setitem__(0, 1),
            "$.score_sheet[0].raw",
        ),
    ],
)
def test_a_phase_inconsistent_with_the_rest(
    example: Callable[[], hj.State], change: Callable[[Any], object], path: str
) -> None:
    rejects(tampered(example(), change), path)


def test_scores_that_do_not_add_up() -> None:
    state = find_state(variants.STANDARD, lambda s: len(s.score_sheet) == 2 and s.phase is hj.Phase.PLAYING)
    sheet = "$.score_sheet"
    rejects(
        tampered(state, lambda d: d["score_sheet"][0]["totals"].__setitem__(1, 99)), f"{sheet}[0].totals[1]"
    )
    # The replay scores every line: a forged point is named where it stands, before the totals it spoils.
    error = rejects(
        tampered(state, lambda d: d["score_sheet"][1]["points"].__setitem__(2, 99)), f"{sheet}[1].points[2]"
    )
    assert "the document has 99" in str(error) and "replaying the game gives" in str(error)
    rejects(tampered(state, lambda d: d["scores"].__setitem__(3, 99)), "$.scores")
    # A sheet emptied: the history still lists two hands; both emptied, the deals counted are too many.
    rejects(tampered(state, lambda d: d.update(score_sheet=[])), "$.history")
    rejects(tampered(state, lambda d: d.update(score_sheet=[], history=[])), "$.deal_count")
    rejects(tampered(state, lambda d: d["score_sheet"][1].update(hand_index=5)), f"{sheet}[1].hand_index")
    rejects(tampered(state, lambda d: d["score_sheet"][1].update(dealer=3)), f"{sheet}[1].dealer")
    rejects(tampered(state, lambda d: d["score_sheet"][0].update(raw=[0, 0])), f"{sheet}[0].raw")
    rejects(
        tampered(state, lambda d: d["score_sheet"][0].update(moon_choice="reset")), f"{sheet}[0].moon_choice"
    )
    rejects(tampered(state, lambda d: d["score_sheet"][0].update(shooter=9)), f"{sheet}[0].shooter")
    rejects(
        tampered(hj.new_game(variants.STANDARD, seed=2), lambda d: d.update(scores=[0, 0, 0, 1])), "$.scores"
    )


def test_a_tampered_exchange_or_deal() -> None:
    state = find_state(variants.STANDARD, lambda s: s.hand_index == 1 and s.phase is hj.Phase.PLAYING)

    def swap_received(d: dict[str, Any]) -> None:
        got = d["exchanges"][0]["received"]
        got[0], got[1] = got[1], got[0]

    def swap_dealt(d: dict[str, Any]) -> None:
        d["dealt"][0], d["dealt"][1] = d["dealt"][1], d["dealt"][0]

    rejects(tampered(state, swap_received), "$.exchanges[0].received[0]")
    rejects(tampered(state, swap_dealt), "$")
    first = standard_passing_some_passed()
    rejects(tampered(first, lambda d: move_card(d, ("passing", 0), ("hands", 0))), "$.passing[0]")


def test_a_later_hand_dealt_from_another_seed_is_named_at_its_deal() -> None:
    state = find_state(variants.STANDARD, lambda s: s.hand_index == 1 and s.phase is hj.Phase.PLAYING)
    rejects(tampered(state, lambda d: d.update(seed=d["seed"] + 1)), "$.dealt")


def test_a_tampered_hand_that_keeps_every_count() -> None:
    def swap(d: dict[str, Any]) -> None:
        a, b = d["hands"][0][0], d["hands"][1][0]
        d["hands"][0] = sort_cards([b, *d["hands"][0][1:]])
        d["hands"][1] = sort_cards([a, *d["hands"][1][1:]])

    rejects(tampered(playing_mid_trick(), swap), "$.hands[0]")


def test_a_tampered_double_deck_copy() -> None:
    data = json.loads(dumps(double_deck_carry_over()))
    seat, i = next((s, i) for s, hand in enumerate(data["hands"]) for i, c in enumerate(hand) if "#2" in c)
    data["hands"][seat][i] = data["hands"][seat][i].split("#")[0]
    rejects(json.dumps(data), "$")


def test_validate_state_accepts_what_the_engine_makes() -> None:
    state = hj.new_game(variants.FIVE_PLAYERS, seed=1)
    for before, _ in random_play(state, random.Random(1), 200):
        validate_state(before)


def test_a_state_whose_past_play_was_illegal_is_refused() -> None:
    """A seat that discarded while it held the led suit: a state the engine cannot reach."""

    rules = variants.DUTCH  # no passing: the hands after the exchange are the dealt hands
    for seed in range(200):
        state = hj.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.tricks) < 2:
            state = hj.apply(state, hj.legal_moves(state)[rng.randrange(len(hj.legal_moves(state)))])
        if state.is_over or len(state.tricks) < 2:
            continue
        first = state.tricks[0]
        led = first.cards[0].suit
        for position, card in enumerate(first.cards[1:], start=1):
            seat = (first.leader + position) % 4
            if card.suit is led:
                continue
            # Give this seat a card of the led suit it never played, from a seat that still holds one.
            for other in range(4):
                give = [c for c in state.hands[other] if c.suit is led] if other != seat else []
                take = [c for c in state.hands[seat] if c.suit is not led]
                if give and take:
                    table = table_of(state)
                    g, t = 1 << give[0].index, 1 << take[0].index
                    hands = list(fields(state).hand_masks)
                    dealt = list(fields(state).dealt_masks)
                    hands[other], hands[seat] = hands[other] ^ g | t, hands[seat] ^ t | g
                    dealt[other], dealt[seat] = dealt[other] ^ g | t, dealt[seat] ^ t | g
                    bad = replace(state, hand_masks=tuple(hands), dealt_masks=tuple(dealt))
                    assert table is table_of(bad)
                    # The replay refuses the discard where it stands in the document, by the rule it breaks.
                    error = rejects(dumps(bad), f"$.tricks[0].cards[{position}]")
                    assert f"seat {seat} playing {card} is not possible" in str(error)
                    assert "must follow suit" in str(error)
                    return
    pytest.fail("no position found")


# ---------------------------------------------------------------- validation by replay


def test_a_forged_final_score_sheet_is_refused_by_the_replay() -> None:
    state = game_over()
    last = len(state.score_sheet) - 1

    def forge(d: dict[str, Any]) -> None:
        # A consistent forgery: the raw points, the points, the totals and the scores all agree.
        line = d["score_sheet"][last]
        for key in ("raw", "points", "totals"):
            line[key][0], line[key][1] = line[key][1], line[key][0]
        d["scores"][0], d["scores"][1] = d["scores"][1], d["scores"][0]

    def forge_line(d: dict[str, Any]) -> None:
        line = d["score_sheet"][last]
        line["raw"][0], line["raw"][1] = line["raw"][1], line["raw"][0]

    # The replay scores every line again, and compares the score sheet before the scores it adds up
    # to: the forgery is named at the first of the line's numbers it changed.
    line = state.score_sheet[last]
    first = next(key for key in ("raw", "points", "totals") if getattr(line, key)[0] != getattr(line, key)[1])
    error = rejects(tampered(state, forge), f"$.score_sheet[{last}].{first}[0]")
    assert "replaying the game gives" in str(error)
    if state.score_sheet[last].raw[0] != state.score_sheet[last].raw[1]:
        rejects(tampered(state, forge_line), f"$.score_sheet[{last}].raw[0]")


def test_forged_scores_are_refused() -> None:
    state = find_state(variants.STANDARD, lambda s: len(s.score_sheet) == 1 and s.phase is hj.Phase.PLAYING)
    error = rejects(tampered(state, lambda d: d["scores"].__setitem__(0, d["scores"][0] + 1)), "$.scores[0]")
    assert "the document has" in str(error) and "replaying the game gives" in str(error)


def test_a_forged_hand_names_both_hands() -> None:
    state = playing_mid_trick()

    def forge(d: dict[str, Any]) -> None:
        d["hands"][1], d["hands"][3] = d["hands"][3], d["hands"][1]

    error = rejects(tampered(state, forge), "$.hands[1]")
    assert "only in the document" in str(error) and "only in the replay" in str(error)


def test_an_illegal_move_in_the_log_is_named_where_it_stands() -> None:
    state = find_state(variants.STANDARD, lambda s: len(s.tricks) == 2 and not s.trick)

    def lead_another_card(d: dict[str, Any]) -> None:
        # The first trick is led with the 2C: lead any other card of the leader's hand instead.
        cards = d["tricks"][0]["cards"]
        cards[0], cards[1] = cards[1], cards[0]

    error = rejects(tampered(state, lead_another_card), "$.tricks[0].cards[0]")
    # The seat to lead (the 2C's holder) cannot play a card another seat holds.
    assert "is not possible" in str(error) and "does not hold" in str(error)


def test_a_truncated_history_is_refused() -> None:
    state = find_state(variants.STANDARD, lambda s: len(s.tricks) == 4 and not s.trick)
    rejects(tampered(state, lambda d: d["tricks"].pop()), "$.hands[")
    rejects(tampered(state, lambda d: d.update(exchanges=d["exchanges"][:0])), "$.tricks[0].cards[0]")
    later = find_state(variants.STANDARD, lambda s: len(s.score_sheet) == 2 and s.phase is hj.Phase.PLAYING)
    # A line dropped: the history lists a hand more than the score sheet before this hand.
    error = rejects(tampered(later, lambda d: d["score_sheet"].pop()), "$.history")
    assert "lists 2 finished hands" in str(error) and "1 before this hand" in str(error)
    error = rejects(tampered(later, lambda d: d["history"].pop()), "$.history")
    assert "lists 1 finished hands" in str(error) and "2 before this hand" in str(error)


def test_a_state_dealt_by_hand_replays() -> None:
    deal = [card for card in variants.STANDARD.deck.pack() if card.suit is hj.Suit.CLUBS]
    pack = [card for card in variants.STANDARD.deck.pack() if card not in deal]
    hands = [deal, pack[:13], pack[13:26], pack[26:]]
    state = hj.new_game(variants.STANDARD, deal=hands, seed=4)
    for before, _ in random_play(state, random.Random(4), 40):
        assert_same_game(loads(dumps(before)), before)
    forged = tampered(state, lambda d: d["dealt"].__setitem__(0, d["dealt"][1]))
    rejects(forged, "$.dealt")


def _split_copies(state: hj.State) -> bool:
    """Whether two seats each hold one copy of some card."""
    return (
        any(set(one) & set(other) for a, one in enumerate(state.hands) for other in state.hands[a + 1 :])
        and fields(state).carry != 0
    )


def test_copies_of_a_card_are_alike_when_a_state_is_replayed() -> None:
    chosen = attrs.evolve(variants.SIX_DOUBLE_DECK, duplicates=duplicates.CANCEL_PAIRS)
    state = find_state(chosen, _split_copies)
    data = json.loads(dumps(state))
    # Give the first copy of some card held by one seat to the seat holding the second copy, and back.
    hands = data["hands"]
    pair = next(
        (a, b, card)
        for a, hand in enumerate(hands)
        for card in hand
        if "#" not in card
        for b, other in enumerate(hands)
        if b != a and f"{card}#2" in other
    )
    a, b, card = pair
    hands[a] = sort_cards([f"{card}#2" if c == card else c for c in hands[a]])
    hands[b] = sort_cards([card if c == f"{card}#2" else c for c in hands[b]])
    for seat in (a, b):  # within one card, the first copy is listed first
        hands[seat].sort(key=lambda text: (hj.Card(text.split("#")[0]).index, text))
    back = loads(json.dumps(data))
    assert back == state  # the replayed state: which copy a seat holds is the core's business
    # The same copy in two places is refused.
    hands[a] = sort_cards([card if c == f"{card}#2" else c for c in hands[a]])
    assert "two places" in str(rejects(json.dumps(data), "$.hands["))
