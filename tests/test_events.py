"""Events: ``step(state, move)`` says what happened, in order; ``events_for`` censors them per seat;
``describe`` gives each a sentence in English or Dutch.
"""

from __future__ import annotations

import random
import re

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import rules, variants
from hartenjagen.events import (
    EVENT_TYPES,
    Announced,
    CardDrawn,
    CardPlayed,
    CardsExchanged,
    GameOver,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonChosen,
    MoonShot,
    PassChosen,
    Revoked,
    TrickCancelled,
    TrickWon,
)
from hartenjagen.frontend.notation import NotationError
from hartenjagen.frontend.views import events_for
from helpers import ONE_SUIT_EACH, game
from playouts import PRESET_NAMES, PRESETS, RULES_BY_NAME, random_moves

LEFT, RIGHT, ACROSS = hj.PassRoute.LEFT, hj.PassRoute.RIGHT, hj.PassRoute.ACROSS
OTHERS_PLUS, SELF_MINUS = hj.MoonOption.OTHERS_PLUS, hj.MoonOption.SELF_MINUS


def _cards(text: str) -> tuple[hj.Card, ...]:
    return tuple(map(hj.Card, text.split()))


def _sizes(state: hj.State) -> tuple[int, ...]:
    return tuple(len(hand) for hand in state.hands)


def _check_events(before: hj.State, move: hj.Move, after: hj.State, events: tuple[object, ...]) -> None:
    """What every step's events must say, whatever the rules."""
    assert events, f"{move!r} reported nothing"
    first = events[0]
    if isinstance(move, hj.Play):
        assert first == CardPlayed(move.seat, move.card)  # legal moves only: no revoke here
    elif isinstance(move, hj.Pass):
        assert first == PassChosen(move.seat, before.pass_stage)
    elif isinstance(move, hj.Announce):
        assert first == Announced(move.seat, move.announce, choice=move.choice)
    else:
        assert first == MoonChosen(move.seat, move.option)
    kinds = [type(event) for event in events]
    if HandScored in kinds or Revoked in kinds:
        scored = next(e for e in events if isinstance(e, HandScored | Revoked))
        assert scored.result == after.score_sheet[-1]
        assert events[-1] in (
            GameOver(after.winners, after.scores),
            HandDealt(after.hand_index, after.dealer, after.pass_direction, _sizes(after)),
        )
    else:
        assert HandDealt not in kinds and GameOver not in kinds
        assert after.hand_index == before.hand_index
    assert (GameOver in kinds) == after.is_over
    assert kinds.count(CardPlayed) <= 1 and kinds.count(HeartsBroken) <= 1


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_step_returns_the_state_apply_returns(name):
    rules_ = RULES_BY_NAME[name]
    seen: set[type] = set()
    for seed in (1, 2):
        for state, move in random_moves(hj.new_game(rules_, seed=seed), random.Random(seed), 400):
            after, events = hj.step(state, move)
            assert after == hj.apply(state, move)
            _check_events(state, move, after, events)
            seen |= {type(event) for event in events}
    assert {CardPlayed, TrickWon, HandScored} <= seen
    assert HandDealt in seen or GameOver in seen  # the next hand, or the end of a one-hand game


def test_step_returns_the_state_apply_returns_to_the_end_of_a_game():
    for state, move in random_moves(hj.new_game(variants.STANDARD, seed=5), random.Random(5), 10_000):
        after, events = hj.step(state, move)
        assert after == hj.apply(state, move)
        _check_events(state, move, after, events)
    assert after.is_over
    assert events[-2:] == (HandScored(after.score_sheet[-1]), GameOver(after.winners, after.scores))
    assert after.winners == tuple(s for s in range(4) if after.scores[s] == min(after.scores))


def _hand_events(rules_: hj.Rules, seed: int) -> tuple[list[hj.Move], list[tuple[object, ...]], hj.State]:
    """The moves of the first hand of a seeded random game, the events of each, and the state after."""
    state = hj.new_game(rules_, seed=seed)
    rng = random.Random(seed)
    moves, events = [], []
    while state.hand_index == 0 and not state.is_over:
        legal = hj.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        state, happened = hj.step(state, move)
        moves.append(move)
        events.append(happened)
    return moves, events, state


def test_the_events_of_a_full_hand_in_order():
    moves, per_move, after = _hand_events(variants.STANDARD, 11)
    flat = [event for happened in per_move for event in happened]
    # The exchange: four choices, then every seat's cards at once.
    assert [type(e) for e in per_move[0] + per_move[1] + per_move[2]] == [PassChosen] * 3
    assert [type(e) for e in per_move[3]] == [PassChosen, CardsExchanged]
    given = {move.seat: move.cards for move in moves[:4]}
    exchanged = per_move[3][1]
    assert exchanged == CardsExchanged(
        0, LEFT, tuple(given[s] for s in range(4)), tuple(given[(s - 1) % 4] for s in range(4))
    )
    # The play: a CardPlayed per card, a TrickWon after every fourth card.
    plays = moves[4:]
    assert len(plays) == 52
    assert [e for e in flat if isinstance(e, CardPlayed)] == [CardPlayed(m.seat, m.card) for m in plays]
    won = [e for e in flat if isinstance(e, TrickWon)]
    assert len(won) == 13
    for index, trick in enumerate(won):
        cards = tuple(m.card for m in plays[4 * index : 4 * index + 4])
        led = cards[0].suit
        best = max((c for c in cards if c.suit is led), key=lambda c: c.rank)
        assert trick == TrickWon(
            index,
            plays[4 * index].seat,
            cards,
            (plays[4 * index].seat + cards.index(best)) % 4,
            sum(c.suit is hj.Suit.HEARTS for c in cards) + 13 * (hj.Card("QS") in cards),
        )
        assert trick in per_move[4 + 4 * index + 3]  # reported with the trick's last card
    assert [any(isinstance(e, TrickWon) for e in happened) for happened in per_move[4:]] == [
        i % 4 == 3 for i in range(52)
    ]
    # Hearts break once, right after the first heart is played.
    broken = [i for i, e in enumerate(flat) if isinstance(e, HeartsBroken)]
    assert len(broken) == 1
    first_heart = next(m for m in plays if m.card.suit is hj.Suit.HEARTS)
    assert flat[broken[0] - 1] == CardPlayed(first_heart.seat, first_heart.card)
    assert flat[broken[0]] == HeartsBroken(first_heart.seat, first_heart.card)
    # The end of the hand: the last trick, the score, the next deal.
    result = after.score_sheet[0]
    assert per_move[-1][-3:] == (
        won[-1],
        HandScored(result),
        HandDealt(1, 1, hj.PassRoute.RIGHT, (13,) * 4),
    )
    raw = [0, 0, 0, 0]
    for trick in won:
        raw[trick.winner] += trick.points
    assert result.raw == tuple(raw) and result.shooter is None
    assert MoonShot not in {type(e) for e in flat}
    assert after.hand_index == 1


def test_a_moon_is_reported_before_the_score():
    state = game(ONE_SUIT_EACH)  # no passing: seat 0 holds every club and takes every trick
    for _ in range(51):
        state = hj.apply(state, hj.legal_moves(state)[0])
    after, events = hj.step(state, hj.legal_moves(state)[0])
    result = after.score_sheet[0]
    assert result.shooter == 0 and result.points == (0, 26, 26, 26)
    assert [type(e) for e in events] == [CardPlayed, TrickWon, MoonShot, HandScored, HandDealt]
    assert events[2] == MoonShot(0, (OTHERS_PLUS,))
    assert events[3] == HandScored(result)


def test_a_moon_with_a_choice_waits_for_the_shooter():
    state = game(ONE_SUIT_EACH, moon=rules.moon.SHOOTER_CHOICE)
    for _ in range(51):
        state = hj.apply(state, hj.legal_moves(state)[0])
    state, events = hj.step(state, hj.legal_moves(state)[0])
    assert [type(e) for e in events] == [CardPlayed, TrickWon, MoonShot]
    assert events[-1] == MoonShot(0, (OTHERS_PLUS, SELF_MINUS))
    assert state.phase is hj.Phase.MOON_CHOICE and state.to_move == (0,)
    state, events = hj.step(state, hj.MoonChoice(0, SELF_MINUS))
    result = state.score_sheet[0]
    assert result.points == (-26, 0, 0, 0) and result.moon_choice is SELF_MINUS
    assert events == (
        MoonChosen(0, SELF_MINUS),
        HandScored(result),
        HandDealt(1, 1, state.pass_direction, (13,) * 4),
    )


def test_announcements_are_reported_under_achterhoek():
    state = hj.new_game(variants.ACHTERHOEK, seed=4)
    answers = {1: True, 2: False, 3: False, 0: True}
    reported = []
    for seat in (1, 2, 3, 0):  # eldest first
        assert state.to_move == (seat,)
        state, events = hj.step(state, hj.Announce(seat, answers[seat]))
        reported += events
    assert reported == [Announced(seat, answers[seat]) for seat in (1, 2, 3, 0)]
    assert state.phase is hj.Phase.PLAYING and state.announcers == (1, 0)
    while state.hand_index == 0:
        state, events = hj.step(state, hj.legal_moves(state)[0])
    scored = next(e for e in events if isinstance(e, HandScored))
    assert scored.result.announcers == (1, 0)


def test_a_cancelled_trick_is_reported_and_its_cards_carried():
    cancel = attrs.evolve(variants.SIX_DOUBLE_DECK, duplicates=rules.duplicates.CANCEL_PAIRS)
    for seed in range(40):
        _, per_move, _ = _hand_events(cancel, seed)
        flat = [event for happened in per_move for event in happened]
        cancelled = [i for i, e in enumerate(flat) if isinstance(e, TrickCancelled)]
        if cancelled:
            break
    else:
        raise AssertionError("no cancelled trick in 40 hands")
    at = cancelled[0]
    event = flat[at]
    played = [e.card for e in flat[:at] if isinstance(e, CardPlayed)][-6:]
    assert event.cards == tuple(played) and len(event.cards) == 6
    assert not isinstance(flat[at + 1], TrickWon)  # nobody took it
    later = next(e for e in flat[at:] if isinstance(e, TrickWon))
    assert sorted(event.cards) <= sorted(later.carried)
    assert later.trick_index > event.trick_index


def test_a_revoke_under_a_penalty_is_reported_and_the_hand_dealt_again():
    penalty = attrs.evolve(variants.STANDARD, extras=(rules.extras.RevokePenalty(),))
    state = hj.new_game(penalty, seed=3)
    for seat in range(4):
        state = hj.apply(state, hj.Pass(seat, state.hands[seat][:3]))
    state = hj.apply(state, hj.legal_moves(state)[0])  # the 2C is led
    (seat,) = state.to_move
    legal = {move.card for move in hj.legal_moves(state)}
    revoke = next(card for card in state.hands[seat] if card not in legal)
    assert hj.explain(state, hj.Play(seat, revoke)) is not None
    after, events = hj.step(state, hj.Play(seat, revoke))
    result = after.score_sheet[-1]
    assert result.revoke == seat and result.points[seat] == 26
    # The event names the rule broken: here a revoke proper, with the engine's own reason.
    reason = "you must follow suit: clubs were led"
    revoked = Revoked(seat, revoke, 26, result, "must_follow_suit", reason)
    assert events == (revoked, HandDealt(0, 0, LEFT, (13,) * 4))
    assert after == hj.apply(state, hj.Play(seat, revoke))


def test_events_for_a_seat_hide_the_other_seats_exchanged_cards():
    _, per_move, _ = _hand_events(variants.STANDARD, 11)
    events = per_move[3]
    exchanged = events[1]
    assert isinstance(exchanged, CardsExchanged)
    for seat in range(4):
        mine = events_for(events, seat)
        assert mine[0] == events[0]
        own = mine[1]
        assert own.given == tuple(exchanged.given[s] if s == seat else () for s in range(4))
        assert own.received == tuple(exchanged.received[s] if s == seat else () for s in range(4))
        assert (own.stage, own.pass_direction) == (0, LEFT)
        assert hj.describe(own).startswith(f"Seat {seat} passed ")
    public = events_for(events, None)[1]
    assert public.given == public.received == ((),) * 4
    assert hj.describe(public) == "The cards have been passed."
    assert hj.describe(public, "nl") == "De kaarten zijn doorgegeven."
    # Other events pass unchanged, and a seat's own exchange reads as a sentence.
    plays = [event for happened in per_move[4:] for event in happened]
    assert events_for(plays, 2) == tuple(plays) == events_for(plays, None)
    own = CardsExchanged(0, LEFT, ((), _cards("2C QS AH"), (), ()), ((), _cards("3D 4D 5D"), (), ()))
    assert hj.describe(own) == (
        "Seat 1 passed two of clubs, queen of spades and ace of hearts to seat 2 "
        "and received three of diamonds, four of diamonds and five of diamonds from seat 0."
    )
    assert hj.describe(own, "nl") == (
        "Speler 1 gaf klaveren twee, schoppenvrouw en hartenaas aan speler 2 "
        "en kreeg ruiten drie, ruiten vier en ruiten vijf van speler 0."
    )
    # Told to the player it happened to: the second person.
    assert hj.describe(own, "en", you=1) == (
        "You passed two of clubs, queen of spades and ace of hearts to seat 2 "
        "and received three of diamonds, four of diamonds and five of diamonds from seat 0."
    )
    assert hj.describe(own, "nl", you=1).startswith(
        "Je gaf klaveren twee, schoppenvrouw en hartenaas aan speler 2"
    )


def test_an_exchange_says_whom_the_cards_went_to_and_came_from_along_each_route():
    cards = ((), _cards("2C 3C 4C"), (), ())
    got = ((), _cards("5D 6D 7D"), (), ())
    said = {route.name: hj.describe(CardsExchanged(0, route, cards, got)) for route in (LEFT, RIGHT, ACROSS)}
    assert said["left"].endswith(
        "to seat 2 and received five of diamonds, six of diamonds and seven of diamonds from seat 0."
    )
    assert " to seat 0 and " in said["right"] and said["right"].endswith(" from seat 2.")
    assert " to seat 3 and " in said["across"] and said["across"].endswith(" from seat 3.")
    # Passing back (the second stage of pass-and-return) reverses the route; without the rules
    # the stage's direction is unknown, and the sentence names nobody.
    back = CardsExchanged(1, LEFT, ((), _cards("5D"), (), ()), ((), _cards("2C"), (), ()))
    returning = hj.Rules(passing=hj.rules.passing.PassAndReturn(cards=3, returned=1))
    assert hj.describe(back, rules=returning) == (
        "Seat 1 passed five of diamonds to seat 0 and received two of clubs from seat 2."
    )
    assert hj.describe(back) == "Seat 1 passed five of diamonds and received two of clubs."
    # A pool the dealer deals back has no one seat to name.
    pooled = CardsExchanged(0, hj.rules.routes.PassRoute.DEALER, cards, got)
    assert hj.describe(pooled) == (
        "Seat 1 passed two of clubs, three of clubs and four of clubs "
        "and received five of diamonds, six of diamonds and seven of diamonds."
    )


# ---------------------------------------------------------------- describe

RESULT = hj.HandResult(0, 0, (1, 12, 0, 13), (1, 12, 0, 13), (1, 12, 0, 13), None)
#: One event of every class.
EXAMPLES = (
    HandDealt(0, 0, LEFT, (13, 13, 13, 13)),
    PassChosen(2, 0),
    CardsExchanged(0, LEFT, ((), (), (), ()), ((), (), (), ())),
    Announced(1, True),
    CardPlayed(1, hj.Card("QS")),
    CardDrawn(0, hj.Card("7D")),
    HeartsBroken(3, hj.Card("2H")),
    TrickWon(0, 0, _cards("2C 3C 4C 5C"), 3, 0),
    TrickCancelled(4, 2, _cards("AC AC 2H 3H 4H 5H")),
    MoonShot(0, (OTHERS_PLUS, SELF_MINUS)),
    MoonChosen(0, SELF_MINUS),
    HandScored(RESULT),
    Revoked(2, hj.Card("AH"), 26, RESULT),
    GameOver((2,), (101, 40, 12, 60)),
)


def test_there_is_an_example_of_every_event_class():
    assert {type(event) for event in EXAMPLES} == set(EVENT_TYPES.values())
    assert len(EVENT_TYPES) == len(EXAMPLES)


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda event: type(event).__name__)
@pytest.mark.parametrize("language", ["en", "nl"])
def test_describe_gives_a_sentence_for_every_event(event, language):
    text = hj.describe(event, language)
    assert text and text[0].isupper() and text.endswith((".", "!"))
    assert "\n" not in text


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda event: type(event).__name__)
@pytest.mark.parametrize("language", ["en", "nl"])
def test_describe_speaks_to_the_player_in_the_second_person(event, language):
    # Seat 2 reads the log: what it did is "you" ("je", "jij"); other seats stay "seat n".
    for_two = hj.describe(event, language, you=2)
    assert for_two[0].isupper() and for_two.endswith((".", "!"))
    mentions_two = hj.describe(event, language) != hj.describe(event, language, you=2)
    seat = "Seat 2" if language == "en" else "Speler 2"
    if mentions_two:
        assert seat not in for_two and "seat 2" not in for_two and "speler 2" not in for_two
        assert re.search(r"\b(You|you|Je|je|jou|Jij|jij)\b", for_two), for_two
    assert hj.describe(event, language, you=5) == hj.describe(event, language)


@pytest.mark.parametrize(
    ("event", "you", "english", "dutch"),
    [
        (CardPlayed(0, hj.Card("7C")), 0, "You play the seven of clubs.", "Je speelt klaveren zeven."),
        (TrickWon(0, 0, _cards("2C 3C 4C QS"), 2, 13), 2, "You take trick 1 (13 points).",
         "Je haalt slag 1 binnen (13 punten)."),
        (HandDealt(0, 0, LEFT, (13,) * 4), 0, "Hand 1 is dealt by you; cards pass to the left.",
         "Ronde 1 wordt door jou gedeeld; er wordt naar links doorgegeven."),
        (GameOver((2,), (101, 40, 12, 60)), 2, "Game over: you win.", "Einde van het spel: jij wint."),
        (GameOver((0, 2), (12, 101, 12, 60)), 2, "Game over: seat 0 and you win.",
         "Einde van het spel: speler 0 en jij winnen."),
        (GameOver((2,), (101, 40, 12, 60)), 0, "Game over: seat 2 wins.", "Einde van het spel: speler 2 wint."),
    ],
)  # fmt: skip
def test_describe_in_the_second_person_reads(event, you, english, dutch):
    assert hj.describe(event, "en", you=you) == english
    assert hj.describe(event, "nl", you=you) == dutch


@pytest.mark.parametrize(
    ("event", "english", "dutch"),
    [
        (CardPlayed(1, hj.Card("QS")), "Seat 1 plays the queen of spades.", "Speler 1 speelt schoppenvrouw."),
        (CardPlayed(0, hj.Card("2C")), "Seat 0 plays the two of clubs.", "Speler 0 speelt klaveren twee."),
        (HeartsBroken(3, hj.Card("2H")), "Hearts are broken.", "De harten zijn gebroken."),
        (
            TrickWon(0, 0, _cards("2C 3C 4C QS"), 2, 13),
            "Seat 2 takes trick 1 (13 points).",
            "Speler 2 haalt slag 1 binnen (13 punten).",
        ),
        (
            TrickWon(11, 0, _cards("2H 3C 4C 5C"), 0, 1),
            "Seat 0 takes trick 12 (1 point).",
            "Speler 0 haalt slag 12 binnen (1 punt).",
        ),
        (
            HandDealt(0, 0, LEFT, (13, 13, 13, 13)),
            "Hand 1 is dealt by seat 0; cards pass to the left.",
            "Ronde 1 wordt gedeeld door speler 0; er wordt naar links doorgegeven.",
        ),
        (
            PassChosen(2, 0),
            "Seat 2 has chosen the cards to pass.",
            "Speler 2 heeft de kaarten gekozen om door te geven.",
        ),
        (MoonShot(0, (OTHERS_PLUS,)), "Seat 0 shoots the moon!", "Speler 0 haalt alle strafpunten binnen!"),
        (
            HandScored(RESULT),
            "Hand 1 scores +1, +12, +0, +13; totals 1, 12, 0, 13.",
            "Ronde 1 telt +1, +12, +0, +13; stand 1, 12, 0, 13.",
        ),
        (GameOver((2,), (101, 40, 12, 60)), "Game over: seat 2 wins.", "Einde van het spel: speler 2 wint."),
        (
            GameOver((0, 2), (12, 101, 12, 60)),
            "Game over: seat 0 and seat 2 win.",
            "Einde van het spel: speler 0 en speler 2 winnen.",
        ),
        (
            Revoked(2, hj.Card("AH"), 26, RESULT),
            "Seat 2 revoked with the ace of hearts: 26 penalty points and a new deal.",
            "Speler 2 verzaakte met hartenaas: 26 strafpunten en opnieuw delen.",
        ),
    ],
)
def test_describe_known_sentences(event, english, dutch):
    assert hj.describe(event) == hj.describe(event, "en") == english
    assert hj.describe(event, "nl") == dutch


@pytest.mark.parametrize("language", ["de", "EN", "", "english", None])
def test_describe_in_another_language_is_a_notation_error(language):
    with pytest.raises(NotationError, match="language"):
        hj.describe(CardPlayed(1, hj.Card("QS")), language)


def test_describe_of_something_else_is_a_notation_error():
    with pytest.raises(NotationError, match="not an event"):
        hj.describe(hj.Play(1, "QS"))  # type: ignore[arg-type]


def test_every_preset_is_played_by_the_event_tests():
    assert {name for name, _ in PRESETS} >= {preset.name for preset in variants.OFFERED}
