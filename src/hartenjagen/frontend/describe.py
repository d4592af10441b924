"""One sentence per event, in Dutch or English, for a game log (the sentences are in [`hartenjagen.frontend.texts`][hartenjagen.frontend.texts])."""

from __future__ import annotations

from collections.abc import Sequence

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
from hartenjagen.frontend.notation import Language, NotationError, card_name
from hartenjagen.frontend.texts import language as _language
from hartenjagen.frontend.texts import text


def _listed(names: Sequence[str], language: Language) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``en`` in Dutch)."""
    if len(names) <= 1:
        return "".join(names)
    return text("event.list", language, items=", ".join(names[:-1]), last=names[-1])


def _cards(cards: tuple[Card, ...], language: Language) -> str:
    return _listed([card_name(card, language) for card in cards], language) or text("event.nothing", language)


def describe(event: Event, language: Language = "en") -> str:
    """One sentence saying what ``event`` was, in English (``"en"``) or Dutch (``"nl"``).

    The sentences are the catalogue's ``event.`` entries ([`hartenjagen.frontend.texts`][hartenjagen.frontend.texts]);
    a pass route reads in its own words ([`PassRoute.words`][hartenjagen.rules.routes.PassRoute.words]).
    Another language, or something that is not an event, raises
    [`NotationError`][hartenjagen.frontend.notation.NotationError].
    """
    lang = _language(language)
    if isinstance(event, HandDealt):
        hand, dealer = event.hand_index + 1, event.dealer
        if not event.pass_direction.passes:
            return text("event.hand_dealt_hold", lang, hand=hand, dealer=dealer)
        direction = event.pass_direction.words(lang)
        return text("event.hand_dealt", lang, hand=hand, dealer=dealer, direction=direction)
    if isinstance(event, PassChosen):
        return text("event.pass_chosen", lang, seat=event.seat)
    if isinstance(event, CardsExchanged):
        mine = [
            (seat, given, got)
            for seat, (given, got) in enumerate(zip(event.given, event.received, strict=True))
            if given or got
        ]
        if len(mine) == 1:
            seat, given, got = mine[0]
            return text(
                "event.exchanged_own", lang, seat=seat, given=_cards(given, lang), received=_cards(got, lang)
            )
        return text("event.exchanged", lang)
    if isinstance(event, Announced):
        return text("event.announced" if event.announce else "event.declined", lang, seat=event.seat)
    if isinstance(event, CardPlayed):
        return text("event.card_played", lang, seat=event.seat, card=card_name(event.card, lang))
    if isinstance(event, HeartsBroken):
        return text("event.hearts_broken", lang)
    if isinstance(event, TrickWon):
        key = "event.trick_won_one" if abs(event.points) == 1 else "event.trick_won_many"
        return text(key, lang, seat=event.winner, trick=event.trick_index + 1, points=event.points)
    if isinstance(event, TrickCancelled):
        return text("event.trick_cancelled", lang, trick=event.trick_index + 1)
    if isinstance(event, MoonShot):
        return text("event.moon_shot", lang, seat=event.seat)
    if isinstance(event, MoonChosen):
        option = text(f"moon.{event.option.value}", lang)
        return text("event.moon_chosen", lang, seat=event.seat, option=option)
    if isinstance(event, HandScored):
        result = event.result
        return text(
            "event.hand_scored",
            lang,
            hand=result.hand_index + 1,
            points=", ".join(f"{p:+d}" for p in result.points),
            totals=", ".join(map(str, result.totals)),
        )
    if isinstance(event, Revoked):
        card = card_name(event.card, lang)
        return text("event.revoked", lang, seat=event.seat, card=card, penalty=event.penalty)
    if isinstance(event, GameOver):
        winners = _listed([text("event.seat", lang, seat=seat) for seat in event.winners], lang)
        key = "event.game_over_one" if len(event.winners) == 1 else "event.game_over_many"
        return text(key, lang, winners=winners)
    raise NotationError(text("event.not_an_event", "en", value=event))
