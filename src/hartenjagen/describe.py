"""One sentence per event, in Dutch or English, for a game log."""

from __future__ import annotations

from hartenjagen.cards import Card
from hartenjagen.events import (
    Announced,
    CardPlayed,
    CardsExchanged,
    Event,
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
from hartenjagen.moves import MoonOption
from hartenjagen.notation import Language, NotationError, card_name
from hartenjagen.rules.passing import PassDirection

_DIRECTIONS = {
    "en": {
        PassDirection.LEFT: "to the left",
        PassDirection.RIGHT: "to the right",
        PassDirection.ACROSS: "across",
        PassDirection.SECOND_LEFT: "to the second seat on the left",
        PassDirection.SECOND_RIGHT: "to the second seat on the right",
        PassDirection.HOLD: "nowhere (a hold hand)",
        PassDirection.DEALER: "to the dealer",
    },
    "nl": {
        PassDirection.LEFT: "naar links",
        PassDirection.RIGHT: "naar rechts",
        PassDirection.ACROSS: "naar de overkant",
        PassDirection.SECOND_LEFT: "naar de tweede speler links",
        PassDirection.SECOND_RIGHT: "naar de tweede speler rechts",
        PassDirection.HOLD: "niet (een rustronde)",
        PassDirection.DEALER: "naar de gever",
    },
}
_OPTIONS = {
    "en": {
        MoonOption.OTHERS_PLUS: "the others score the moon",
        MoonOption.SELF_MINUS: "the moon comes off their own score",
        MoonOption.RESET: "their total goes back to 0",
        MoonOption.DOUBLE: "the other totals are doubled",
    },
    "nl": {
        MoonOption.OTHERS_PLUS: "de anderen krijgen de punten erbij",
        MoonOption.SELF_MINUS: "de punten gaan van de eigen stand af",
        MoonOption.RESET: "de eigen stand gaat terug naar 0",
        MoonOption.DOUBLE: "de standen van de anderen worden verdubbeld",
    },
}


def _seat(seat: int, language: str) -> str:
    return f"seat {seat}" if language == "en" else f"speler {seat}"


def _cards(cards: tuple[Card, ...], language: Language) -> str:
    names = [card_name(card, language) for card in cards]
    if len(names) <= 1:
        return "".join(names)
    joiner = " and " if language == "en" else " en "
    return ", ".join(names[:-1]) + joiner + names[-1]


def _seats(seats: tuple[int, ...], language: Language) -> str:
    names = [_seat(seat, language) for seat in seats]
    joiner = " and " if language == "en" else " en "
    return ", ".join(names[:-1]) + joiner + names[-1] if len(names) > 1 else "".join(names)


def describe(event: Event, language: Language = "en") -> str:
    """One sentence saying what ``event`` was, in English (``"en"``) or Dutch (``"nl"``)."""
    if language not in ("en", "nl"):
        raise NotationError(f"language must be 'en' or 'nl', not {language!r}")
    en = language == "en"
    if isinstance(event, HandDealt):
        direction = _DIRECTIONS[language][event.pass_direction]
        if en:
            return f"Hand {event.hand_index + 1} is dealt by seat {event.dealer}; cards pass {direction}."
        return f"Ronde {event.hand_index + 1} wordt gedeeld door speler {event.dealer}; er wordt {direction} doorgegeven."
    if isinstance(event, PassChosen):
        return f"{_seat(event.seat, language).capitalize()} " + (
            "has chosen the cards to pass." if en else "heeft de kaarten gekozen om door te geven."
        )
    if isinstance(event, CardsExchanged):
        own = [
            (s, given, got) for s, (given, got) in enumerate(zip(event.given, event.received, strict=True))
        ]
        mine = [(s, given, got) for s, given, got in own if given or got]
        if len(mine) == 1:
            seat, given, got = mine[0]
            if en:
                return f"Seat {seat} passed {_cards(given, language) or 'nothing'} and received {_cards(got, language) or 'nothing'}."
            return f"Speler {seat} gaf {_cards(given, language) or 'niets'} door en kreeg {_cards(got, language) or 'niets'}."
        return "The cards have been passed." if en else "De kaarten zijn doorgegeven."
    if isinstance(event, Announced):
        if en:
            return f"Seat {event.seat} " + (
                "announces to take no penalty cards." if event.announce else "declines to announce."
            )
        return f"Speler {event.seat} " + ("miest: geen strafkaarten." if event.announce else "miest niet.")
    if isinstance(event, CardPlayed):
        verb = "plays the" if en else "speelt"
        return f"{_seat(event.seat, language).capitalize()} {verb} {card_name(event.card, language)}."
    if isinstance(event, HeartsBroken):
        return "Hearts are broken." if en else "De harten zijn gebroken."
    if isinstance(event, TrickWon):
        if en:
            unit = "point" if abs(event.points) == 1 else "points"
            return f"Seat {event.winner} takes trick {event.trick_index + 1} ({event.points} {unit})."
        unit = "punt" if abs(event.points) == 1 else "punten"
        return f"Speler {event.winner} haalt slag {event.trick_index + 1} binnen ({event.points} {unit})."
    if isinstance(event, TrickCancelled):
        if en:
            return f"Trick {event.trick_index + 1} cancels out; its cards go to the next trick's winner."
        return f"Slag {event.trick_index + 1} valt tegen elkaar weg; de kaarten gaan naar de winnaar van de volgende slag."
    if isinstance(event, MoonShot):
        if en:
            return f"Seat {event.seat} shoots the moon!"
        return f"Speler {event.seat} haalt alle strafpunten binnen!"
    if isinstance(event, MoonChosen):
        return f"{_seat(event.seat, language).capitalize()}: {_OPTIONS[language][event.option]}."
    if isinstance(event, HandScored):
        result = event.result
        points = ", ".join(f"{p:+d}" for p in result.points)
        if en:
            return (
                f"Hand {result.hand_index + 1} scores {points}; totals {', '.join(map(str, result.totals))}."
            )
        return f"Ronde {result.hand_index + 1} telt {points}; stand {', '.join(map(str, result.totals))}."
    if isinstance(event, Revoked):
        if en:
            return f"Seat {event.seat} revoked with the {card_name(event.card, language)}: {event.penalty} penalty points and a new deal."
        return f"Speler {event.seat} verzaakte met {card_name(event.card, language)}: {event.penalty} strafpunten en opnieuw delen."
    if isinstance(event, GameOver):
        winners = _seats(event.winners, language)
        one = len(event.winners) == 1
        if en:
            return f"Game over: {winners} {'wins' if one else 'win'}."
        return f"Einde van het spel: {winners} {'wint' if one else 'winnen'}."
    raise NotationError(f"{event!r} is not an event")
