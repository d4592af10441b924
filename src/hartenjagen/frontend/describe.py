"""One sentence per event, in Dutch or English, for a game log (the sentences are in [`hartenjagen.frontend.texts`][hartenjagen.frontend.texts])."""

from __future__ import annotations

from collections.abc import Sequence

from hartenjagen.cards import Card
from hartenjagen.events import (
    Announced,
    CardDrawn,
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
from hartenjagen.frontend.texts import choice_text, rule_text, text
from hartenjagen.frontend.texts import language as _language
from hartenjagen.rules import Rules
from hartenjagen.rules.extras import HouseRule, Miezen, announcing
from hartenjagen.rules.routes import Travel
from hartenjagen.rules.teams import teams_of
from hartenjagen.values import HandResult


def count_turns(rules: Rules, sheet: Sequence[HandResult]) -> bool:
    """Whether the last hand of ``sheet`` turned the count: the next hand is the first of the second half.

    Only an ending with two halves ([`TwoHalves`][hartenjagen.rules.ending.TwoHalves], the Dutch game)
    turns; the point is to say so at the table once, when it happens.
    """
    ending = rules.ending
    return bool(sheet) and ending.second_half(tuple(sheet)) and not ending.second_half(tuple(sheet[:-1]))


def _listed(names: Sequence[str], language: Language) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``en`` in Dutch)."""
    if len(names) <= 1:
        return "".join(names)
    return text("event.list", language, items=", ".join(names[:-1]), last=names[-1])


def _cards(cards: tuple[Card, ...], language: Language) -> str:
    return _listed([card_name(card, language) for card in cards], language) or text("event.nothing", language)


def _partners(event: CardsExchanged, seat: int, rules: Rules | None) -> tuple[int, int] | None:
    """The seat that ``seat``'s cards went to and the seat its cards came from, when one seat each.

    A route to a seat says it; a later stage that goes back reverses it (the rules say which
    stages go back: without them only the first stage is known). A pool dealt back by the
    dealer, or a scatter of one card here and one there, has no one seat: ``None``.
    """
    route, players = event.pass_direction, len(event.given)
    if route.travel is not Travel.SEAT:
        return None
    offset = route.offset(players)
    if event.stage:
        if rules is None:
            return None
        stages = rules.passing.stages(route)
        if event.stage >= len(stages):
            return None
        if stages[event.stage].back:
            offset = -offset
    return (seat + offset) % players, (seat - offset) % players


def _exchanged(event: CardsExchanged, lang: Language, you: int | None, rules: Rules | None) -> str:
    mine = [
        (seat, given, got)
        for seat, (given, got) in enumerate(zip(event.given, event.received, strict=True))
        if given or got
    ]
    if len(mine) != 1:
        return text("event.exchanged", lang)
    seat, given, got = mine[0]
    prefix = "event.you." if seat == you else "event."
    cards = {"given": _cards(given, lang), "received": _cards(got, lang)}
    who = {} if seat == you else {"seat": seat}
    partners = _partners(event, seat, rules)
    if partners is None:
        return text(prefix + "exchanged_own", lang, **who, **cards)
    to, source = partners
    return text(prefix + "passed_to", lang, **who, **cards, to=to, source=source)


def _announcing(rules: Rules | None) -> HouseRule | None:
    """The house rule that opens the announcement round (at most one may), if the rules are known."""
    if rules is None:
        return None
    for extra in rules.extras:
        if announcing(extra):
            return extra
    return None


def _says_miezen(module: HouseRule) -> bool:
    """Whether ``module`` is miezen in miezen's own sentences (a subclass with words of its own is not)."""
    return isinstance(module, Miezen) and type(module).announcement is HouseRule.announcement


def _words_of(module: HouseRule, lang: Language) -> str:
    """The module's announcement words in ``lang`` ("" when it gives none there)."""
    words = module.announcement(lang)
    return words.strip() if isinstance(words, str) else ""


def announcement_question(rules: Rules | None, language: Language = "en") -> str:
    """The question the seat to announce answers, in the announcing rule's words.

    Miezen (or no rules) asks "Announce that you will take no penalty card this hand?"; a
    rule of one's own asks with its [`announcement`][hartenjagen.rules.extras.HouseRule.announcement]
    ("Announce to win no trick?", "Kondig je aan geen slag te halen?"), or names itself.
    """
    lang = _language(language)
    module = _announcing(rules)
    if module is None or _says_miezen(module):
        return text("table.announce", lang)
    words = _words_of(module, lang)
    if words:
        return text("table.announce_own", lang, what=words)
    return text("table.announce_rule", lang, rule=type(module).__name__)


def announced_note(rules: Rules | None, seats: Sequence[int], language: Language = "en") -> str:
    """The score sheet's note of who announced: "gemiesd" only under miezen, "aangekondigd" otherwise."""
    lang = _language(language)
    module = _announcing(rules)
    key = "sheet.announced" if module is None or _says_miezen(module) else "sheet.announced_own"
    return text(key, lang, seats=", ".join(map(str, seats)))


def _scored(result: HandResult, rules: Rules | None) -> dict[str, str]:
    """A hand's points and totals as the score sheet shows them, by the rules' ``Ending.display``.

    Under ``countdown`` the table shows 100 counting down, so a hand of 3 points reads −3 and the
    total 97, as on the score sheet; without ``rules`` the engine's own sums.
    """
    points, totals = result.points, result.totals
    if rules is not None:
        before = tuple(total - point for total, point in zip(totals, points, strict=True))
        shown, was = rules.ending.display(totals), rules.ending.display(before)
        points = tuple(after - earlier for after, earlier in zip(shown, was, strict=True))
        totals = shown
    return {"points": ", ".join(f"{p:+d}" for p in points), "totals": ", ".join(map(str, totals))}


def describe(
    event: Event, language: Language = "en", *, you: int | None = None, rules: Rules | None = None
) -> str:
    """One sentence saying what ``event`` was, in English (``"en"``) or Dutch (``"nl"``).

    The sentences are the catalogue's ``event.`` entries ([`hartenjagen.frontend.texts`][hartenjagen.frontend.texts]);
    a pass route reads in its own words ([`PassRoute.words`][hartenjagen.rules.routes.PassRoute.words]).
    ``you`` is the seat of the player the log is for: what that seat did is told in the second
    person (``You play the queen of spades.``, ``Je speelt schoppenvrouw.``). An exchange of cards
    along a route to one seat says whom the cards went to and came from; for the later stages of
    an exchange (passing back) that needs ``rules``. With ``rules`` a scored hand's points and
    totals are those of the score sheet ([`Ending.display`][hartenjagen.rules.ending.Ending.display]:
    under ``countdown`` "totals 98, 93, 84, 99"), and an announcement or a voided hand reads in
    the words of the module that made it (see [`HouseRule.announcement`][hartenjagen.rules.extras.HouseRule.announcement]);
    without them, the engine's totals and the miezen and revoke sentences. Another language, or something that is not an
    event, raises [`NotationError`][hartenjagen.frontend.notation.NotationError].
    """
    lang = _language(language)

    def said(key: str, seat: int, **values: object) -> str:
        """The entry ``key`` about ``seat``: its second-person form when ``seat`` is the player."""
        if seat == you:
            return text(f"event.you.{key}", lang, **values)
        return text(f"event.{key}", lang, seat=seat, **values)

    if isinstance(event, HandDealt):
        hand, dealer = event.hand_index + 1, event.dealer
        values: dict[str, object] = {"hand": hand} if dealer == you else {"hand": hand, "dealer": dealer}
        prefix = "event.you." if dealer == you else "event."
        if not event.pass_direction.passes:
            return text(prefix + "hand_dealt_hold", lang, **values)
        return text(prefix + "hand_dealt", lang, **values, direction=event.pass_direction.words(lang))
    if isinstance(event, PassChosen):
        return said("pass_chosen", event.seat)
    if isinstance(event, CardsExchanged):
        return _exchanged(event, lang, you, rules)
    if isinstance(event, Announced):
        if event.choice is not None:
            return said("announced_own", event.seat, what=choice_text(rules, event.choice, lang))
        module = _announcing(rules)
        if module is None or _says_miezen(module):
            return said("announced" if event.announce else "declined", event.seat)
        if not event.announce:
            return said("declined_own", event.seat)
        words = _words_of(module, lang)
        if words:
            return said("announced_own", event.seat, what=words)
        return said("announced_rule", event.seat, rule=type(module).__name__)
    if isinstance(event, CardPlayed):
        return said("card_played", event.seat, card=card_name(event.card, lang))
    if isinstance(event, CardDrawn):
        if event.seat != you:
            return text("event.card_drawn", lang, seat=event.seat)
        if event.card is None:
            return text("event.you.card_drawn_unseen", lang)
        return text("event.you.card_drawn", lang, card=card_name(event.card, lang))
    if isinstance(event, HeartsBroken):
        return text("event.hearts_broken", lang)
    if isinstance(event, TrickWon):
        key = "trick_won_one" if abs(event.points) == 1 else "trick_won_many"
        return said(key, event.winner, trick=event.trick_index + 1, points=event.points)
    if isinstance(event, TrickCancelled):
        return text("event.trick_cancelled", lang, trick=event.trick_index + 1)
    if isinstance(event, MoonShot):
        return said("moon_shot", event.seat)
    if isinstance(event, MoonChosen):
        return said("moon_chosen", event.seat, option=text(f"moon.{event.option.value}", lang))
    if isinstance(event, HandScored):
        result = event.result
        sentence = text("event.hand_scored", lang, hand=result.hand_index + 1, **_scored(result, rules))
        partnership = teams_of(rules) if rules is not None and rules.extras else None
        if partnership is None:
            return sentence
        # A team's total is its members' sum: said after the seats' own line (rules/teams.py).
        sums = partnership.team_totals(result.totals)
        listed = "; ".join(
            f"{'+'.join(map(str, team))} {total}" for team, total in zip(partnership.teams, sums, strict=True)
        )
        return f"{sentence} {text('event.team_totals', lang, teams=listed)}"
    if isinstance(event, Revoked):
        card, penalty = card_name(event.card, lang), event.penalty
        if event.code == "must_follow_suit":
            return said("revoked", event.seat, card=card, penalty=penalty)
        # A breach of another rule (a house rule, the first trick) is no revoke: say which rule.
        broken = rule_text(event.reason, lang) if event.reason else event.code
        return said("broke_rule", event.seat, card=card, penalty=penalty, reason=broken)
    if isinstance(event, GameOver):
        if event.winners == (you,):
            return text("event.you.game_over", lang)
        names = [
            text("event.you", lang) if seat == you else text("event.seat", lang, seat=seat)
            for seat in event.winners
        ]
        key = "event.game_over_one" if len(event.winners) == 1 else "event.game_over_many"
        if rules is not None and rules.extras and teams_of(rules) is not None:
            key = "event.game_over_team"
        return text(key, lang, winners=_listed(names, lang))
    raise NotationError(text("event.not_an_event", "en", value=event))
