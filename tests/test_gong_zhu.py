"""Gong Zhu (family.gong_zhu) and announcements of one's own: the edge cases the sources name.

The values are pagat's (docs/sources.md), written here as numbers, in the sheet's signs
(a bonus positive); the engine keeps penalty points, so a hand's points are their negation.
"""

from __future__ import annotations

import random

import pytest

import hartenjagen as hj
from hartenjagen import family, variants
from hartenjagen.adapters import encoding
from hartenjagen.cards import Card, parse_cards
from hartenjagen.errors import IllegalMoveCode, RulesError
from hartenjagen.events import Announced
from hartenjagen.frontend import serialize
from hartenjagen.frontend.describe import describe
from hartenjagen.frontend.notation import parse_move
from hartenjagen.moves import MoveError
from hartenjagen.rules import AnnounceContext, HouseRule

RULES = variants.get("gong_zhu")
#: Each seat one suit: seat 3 holds the spades, leads (the 2♠) and wins every trick.
ONE_SUIT_EACH = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)


def _score(cards: str, exposed: str = "", **options: bool) -> int:
    """The Gong Zhu score (the sheet's sign) of one seat's captured ``cards``."""
    return -family.PigAndSheep(**options).score(parse_cards(cards), parse_cards(exposed) if exposed else ())


ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"


@pytest.mark.parametrize(
    ("cards", "exposed", "expected"),
    [
        ("QS", "", -100),  # the pig
        ("JD", "", 100),  # the sheep
        ("QS JD", "", 0),
        ("AH KH QH JH", "", -140),
        ("2H 3H 4H", "", 0),  # scoring cards worth nothing
        ("5H TH", "", -20),
        ("TC", "", 50),  # the transformer alone
        ("TC 2H", "", 0),  # with a heart worth nothing: twice nothing
        ("TC QS", "", -200),  # the transformer doubles the pig
        ("TC JD AH", "", 100),  # and the sheep with a heart
        ("TC", "TC", 100),  # exposed alone: +100
        ("TC QS", "TC", -400),  # exposed: four times
        ("QS", "QS", -200),  # an exposed card doubles
        ("JD", "JD", 200),
        ("KH 5H", "AH", -100),  # the A♥ exposed doubles every heart
        ("QS", "JD TC AH", -100),  # others' exposures leave the pig alone
        (ALL_HEARTS, "", 200),  # all hearts turn positive
        (ALL_HEARTS + " QS", "", 300),  # and the pig with them
        (ALL_HEARTS + " QS JD TC", "", 800),
        (ALL_HEARTS, "AH", 400),
        (ALL_HEARTS + " QS JD TC", "QS JD TC AH", 3200),
    ],
)
def test_the_card_values(cards: str, exposed: str, expected: int) -> None:
    assert _score(cards, exposed) == expected


def test_all_hearts_without_the_pig_turning_is_an_option() -> None:
    assert _score(ALL_HEARTS + " QS", pig_with_hearts=False) == 100
    assert _score("QS AH", pig_with_hearts=False) == -150


def _announcing(deal: tuple[str, ...] = ONE_SUIT_EACH) -> hj.State:
    return hj.new_game(RULES, deal=deal, seed=7)


def test_only_the_holder_is_offered_its_card_and_seats_without_one_are_not_asked() -> None:
    deal = ("QS " + ONE_SUIT_EACH[0][3:], *ONE_SUIT_EACH[1:3], "2C " + ONE_SUIT_EACH[3].replace(" QS", ""))
    state = _announcing(deal)
    assert state.phase is hj.Phase.ANNOUNCING
    # Eldest (seat 1) holds the J♦: asked first, offered the J♦ only.
    assert state.to_move == (1,)
    assert hj.legal_moves(state) == (hj.Announce(1, False), hj.Announce(1, True, "JD"))
    refused = hj.explain(state, hj.Announce(1, True, "QS"))
    assert refused is not None and refused.code == IllegalMoveCode.NOT_OFFERED
    assert "seat 1 is not offered 'QS': its choices now are JD" in refused.message
    state = hj.apply(state, hj.Announce(1, False))
    assert state.to_move == (2,)  # the A♥
    state = hj.apply(state, hj.Announce(2, False))
    # Seat 3 holds none of the four cards: not asked; seat 0 holds the Q♠ and the 10♣.
    assert state.to_move == (0,)
    assert [m.choice for m in hj.legal_moves(state)] == [None, "QS", "TC"]


def test_a_seat_exposes_several_cards_one_at_a_time() -> None:
    deal = (
        ONE_SUIT_EACH[0],
        "QS 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        ONE_SUIT_EACH[2],
        "2D 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    )
    state = _announcing(deal)
    assert hj.legal_moves(state) == (
        hj.Announce(1, False),
        hj.Announce(1, True, "QS"),
        hj.Announce(1, True, "JD"),
    )
    state = hj.apply(state, hj.Announce(1, True, "JD"))
    assert state.to_move == (1,) and hj.legal_moves(state) == (
        hj.Announce(1, False),
        hj.Announce(1, True, "QS"),
    )
    again = hj.explain(state, hj.Announce(1, True, "JD"))
    assert again is not None and again.code == IllegalMoveCode.NOT_OFFERED
    state = hj.apply(state, hj.Announce(1, True, "QS"))
    # Nothing left to expose: its turn is over.
    assert state.to_move == (2,)
    assert state.announcements == ((1, "JD"), (1, "QS")) and state.announcers == (1,)


@pytest.mark.parametrize(
    ("build", "fragment"),
    [
        (lambda: hj.Announce(0, True, "yes"), "cannot be 'yes'"),
        (lambda: hj.Announce(0, True, "Q S"), "one word of text"),
        (lambda: hj.Announce(0, True, ""), "one word of text"),
        (lambda: hj.Announce(0, True, 12), "one word of text"),
        (lambda: hj.Announce(0, False, "QS"), "says yes, not no"),
    ],
)
def test_a_bad_announcement_is_refused_when_built(build, fragment: str) -> None:
    with pytest.raises(MoveError, match=fragment):
        build()


def test_a_plain_yes_in_a_round_of_choices_and_a_choice_in_a_yes_no_round_are_refused() -> None:
    state = _announcing()
    with pytest.raises(hj.IllegalMoveError, match=r"one of its choices \(JD\) or no, not a plain yes"):
        hj.apply(state, hj.Announce(1, True))
    miezen = hj.new_game(hj.Rules(extras=(hj.rules.extras.MIEZEN,)), seed=1)
    while miezen.phase is not hj.Phase.ANNOUNCING:
        miezen = hj.apply(miezen, hj.legal_moves(miezen)[0])
    with pytest.raises(hj.IllegalMoveError, match="a yes or a no: there is no choice 'QS'") as info:
        hj.apply(miezen, hj.Announce(miezen.to_move[0], True, "QS"))
    assert info.value.reason.code == IllegalMoveCode.NOT_OFFERED


class _BadChoices(HouseRule):
    def opens_announcements(self, context: AnnounceContext) -> bool:
        return True

    def announcement_choices(self, context: AnnounceContext, seat: int, hand: tuple[Card, ...]) -> list[str]:
        return ["no"]


def test_a_rule_offering_a_bad_choice_gets_a_clear_error() -> None:
    rules = hj.Rules(extras=(_BadChoices(),), passing=hj.rules.passing.NO_PASSING)
    with pytest.raises(RulesError, match="announcement_choices: an announcement's choice cannot be 'no'"):
        hj.new_game(rules, seed=1)


def _exposed_all() -> hj.State:
    state = _announcing()
    for move in ("announce 1 JD", "announce 2 AH", "announce 3 QS", "announce 0 TC"):
        state = hj.apply(state, parse_move(move))  # each seat holds one: its turn ends with it
    return state


def test_an_exposed_card_waits_for_the_second_trick_of_its_suit() -> None:
    state = _exposed_all()
    assert state.phase is hj.Phase.PLAYING and state.trick_leader == 3  # the 2♠'s holder leads hand one
    assert hj.Play(3, "QS") not in hj.legal_moves(state)
    refused = hj.explain(state, hj.Play(3, "QS"))
    assert refused is not None and refused.code == "exposed_card_held_back"
    state = hj.apply(state, hj.Play(3, "2S"))
    # Seat 0 discards its exposed 10♣ on a spade: its suit is not led, so it may.
    assert hj.Play(0, "TC") in hj.legal_moves(state)
    for seat, card in ((0, "2C"), (1, "2D"), (2, "2H")):
        state = hj.apply(state, hj.Play(seat, card))
    assert hj.Play(3, "QS") in hj.legal_moves(state)  # spades have been led


def test_a_singleton_exposed_card_may_be_played_at_once() -> None:
    deal = (
        "2C 3C 4C 5C 6C 7C 8C 9C JC QC KC AC 3S",
        ONE_SUIT_EACH[1],
        ONE_SUIT_EACH[2],
        "2S TC 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    state = hj.new_game(RULES, deal=deal, seed=7)
    while state.phase is hj.Phase.ANNOUNCING:
        seat = state.to_move[0]
        first = seat == 3 and not state.announcements
        state = hj.apply(state, hj.Announce(seat, True, "TC") if first else hj.Announce(seat, False))
    # Clubs are not led yet, but the 10♣ is seat 3's only club: it may lead it.
    assert hj.Play(3, "TC") in hj.legal_moves(state)


def test_exposures_double_the_cards_and_the_pig_taker_leads_next() -> None:
    state = _exposed_all()
    while state.hand_index == 0:
        state = hj.apply(state, hj.legal_moves(state)[0])
    line = state.score_sheet[0]
    # Seat 3 took every trick: all hearts (doubled: +400), the pig (+100, doubled), the sheep
    # (doubled: +200), and the exposed transformer: four times.
    assert line.points == (0, 0, 0, -3200)
    assert line.raw == (0, 0, 0, -800)  # the cards without the exposures
    assert state.display_scores == (0, 0, 0, 3200)
    while state.phase is hj.Phase.ANNOUNCING:
        state = hj.apply(state, hj.Announce(state.to_move[0], False))
    assert state.trick_leader == 3  # seat 3 took the Q♠


def test_the_pig_taker_leads_the_next_hand() -> None:
    rng = random.Random(3)
    for seed in range(6):
        state = hj.new_game(RULES, seed=seed)
        while state.hand_index == 0:
            state = hj.apply(state, rng.choice(hj.legal_moves(state)))
        last = hj.rules.HandSummary.last(state)
        taker = next(seat for seat, taken in enumerate(last.cards_taken) if Card("QS") in taken)
        while state.phase is hj.Phase.ANNOUNCING:
            state = hj.apply(state, hj.Announce(state.to_move[0], False))
        assert state.trick_leader == taker


def test_every_view_shows_the_exposures_and_the_texts_say_them() -> None:
    state = _exposed_all()
    for seat in range(4):
        assert hj.view(state, seat).announcements == ((1, "JD"), (2, "AH"), (3, "QS"), (0, "TC"))
    event = Announced(3, True, "QS")
    assert describe(event, "en", rules=RULES) == "Seat 3 announces to expose the Q♠."
    assert describe(event, "nl", rules=RULES) == "Speler 3 kondigt aan de Q♠ open te leggen."


def test_choices_in_json_notation_and_action_ids() -> None:
    move = hj.Announce(3, True, "QS")
    assert str(move) == "announce 3 QS" and parse_move(str(move)) == move
    assert serialize.loads(serialize.dumps(move)) == move
    assert "choice" not in serialize.dumps(hj.Announce(3, True))  # the yes/no as before
    size = len(encoding.codes_of(RULES).cards)
    assert encoding.action_count(RULES) == size + 6 + 4
    assert encoding.action_id(move, RULES) == size + 6 + 0  # QS, JD, TC, AH: after the moon options
    state = _announcing()
    ids = encoding.legal_action_ids(state)
    assert [encoding.move_for(i, state) for i in ids] == list(hj.legal_moves(state))
    with pytest.raises(encoding.EncodingError, match="has no id"):
        encoding.action_id(hj.Announce(3, True, "XX"), RULES)
    middle = hj.apply(state, hj.Announce(1, True, "JD"))
    assert serialize.loads(serialize.dumps(middle)) == middle


def test_the_game_ends_at_minus_a_thousand_and_the_highest_score_wins() -> None:
    ending = family.PigLimit()
    assert not ending.is_over((999, -999, 0, 0), ())
    assert ending.is_over((1000, 0, 0, -1000), ())
    assert ending.winners((1000, 0, -50, -50), ()) == (2, 3)
    assert ending.display((1000, -50)) == (-1000, 50)
    assert family.PigLimit(both_ways=True).is_over((0, -1000, 0, 0), ())
    with pytest.raises(RulesError, match="gong_zhu: limit"):
        family.gong_zhu(limit=0)
    with pytest.raises(RulesError, match="first_round must be True or False"):
        family.gong_zhu(first_round=1)  # type: ignore[arg-type]
