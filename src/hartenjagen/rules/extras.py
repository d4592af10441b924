"""House rules that fit no other slot (sources §1.8, §1.12-§1.14).

A house rule overrides the hooks it needs; the others do nothing:

- ``playable`` narrows the legal plays (after the first-trick rule), on cards;
- ``widening`` declares cards the rule may let a seat play although the other
  rules forbid them, and ``widens`` says which of them it allows now;
- ``opens_announcements`` opens an announcement round before the first lead;
- ``adjustments`` changes totals directly when a hand is scored;
- ``revoke_penalty`` lets an illegal play through and voids the hand;
- ``partnerships`` declares teams, and ``team_moon_shooter``,
  ``settle_team_moon``, ``judged_totals`` and ``winning_seats`` say what they
  change (`hartenjagen.rules.sides`).

docs/writing-rules.md shows a complete house rule written with public names only.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from hartenjagen._whole import is_whole
from hartenjagen.cards import QUEEN_OF_SPADES, AnyCard, Card, Joker, Rank, Suit, led_suit
from hartenjagen.catalogue import english
from hartenjagen.errors import IllegalMoveCode, RulesError
from hartenjagen.moves import MoonOption, Play
from hartenjagen.rules.base import RuleModule
from hartenjagen.rules.context import BUILDERS, AnnounceContext, PlayContext, lazy_class
from hartenjagen.rules.sides import team_moon_points
from hartenjagen.values import Trick

if TYPE_CHECKING:
    from hartenjagen.core import State
    from hartenjagen.rules import Rules


@attrs.frozen(kw_only=True)
class HandSummary:
    """What a house rule sees of a hand being scored: who took what, and when.

    Build one from a state of the hand with
    [`HandSummary.of`][hartenjagen.rules.extras.HandSummary.of] to test a rule's
    ``adjustments`` on its own.
    """

    #: the ruleset in play
    rules: Rules
    #: each seat's card points (the scoring's ``points_of``)
    raw: tuple[int, ...]
    #: the cards each seat captured, sorted (a card twice if both copies were taken)
    cards_taken: tuple[tuple[Card, ...], ...]
    #: the tricks of the hand in order: leader, cards in play order, winner
    tricks: tuple[Trick, ...]
    #: how many tricks each seat won
    tricks_won: tuple[int, ...]
    #: the seat that shot the moon, if any
    shooter: int | None
    #: the seats that made the hand's announcement
    announcers: tuple[int, ...]
    #: each announcement of a house rule's own choices: (seat, choice), in the order made
    announcements: tuple[tuple[int, str], ...] = ()

    @classmethod
    def of(cls, state: State) -> HandSummary:
        """The summary of ``state``'s hand so far (a state of the play phase or at a moon choice)."""
        summary: HandSummary = BUILDERS["summary"](state)
        return summary

    @classmethod
    def last(cls, state: State) -> HandSummary:
        """The summary of the last hand played out in ``state``'s game, as ``adjustments`` saw it.

        After the last card of a hand the game has moved on to the next one;
        ``last`` reads the hand just over from the game's history (or, once the
        game is over, from the state itself), with its score line's raw points
        and shooter. A state with no hand played out yet raises `RulesError`.
        """
        summary: HandSummary = BUILDERS["summary_last"](state)
        return summary


#: The `HandSummary` a house rule's ``adjustments`` receives from the engine (see `Lazy`).
LazyHandSummary: Any = lazy_class(HandSummary, "LazyHandSummary")


class HouseRule(RuleModule):
    """An entry of the ``extras`` slot: a house rule that fits no other slot.

    Override the hooks the rule needs; the others do nothing. A house rule
    written by a user needs only public names:

    - [`playable`][hartenjagen.rules.extras.HouseRule.playable] narrows the
      cards the player to move may play, given a
      [`PlayContext`][hartenjagen.rules.context.PlayContext]; ``play_code``
      and ``refusal_text`` say why a card is refused (the code is the
      module's own string, carried by [`IllegalMove.code`][hartenjagen.errors.IllegalMove]);
      a revoke rule treats this refusal as it treats the built-in ones;
    - [`widening`][hartenjagen.rules.extras.HouseRule.widening] declares the
      cards the rule may allow although the other rules forbid them ("the
      2♦ may be played at any time"), and
      [`widens`][hartenjagen.rules.extras.HouseRule.widens] says which of
      them the seat to move may play now (default: every one it holds);
    - [`opens_announcements`][hartenjagen.rules.extras.HouseRule.opens_announcements]
      opens an announcement round before the first lead, given an
      [`AnnounceContext`][hartenjagen.rules.context.AnnounceContext] (the
      older ``announces(state)`` still works, with a `DeprecationWarning`);
    - ``adjustments`` changes totals directly when a hand is scored, given a
      [`HandSummary`][hartenjagen.rules.extras.HandSummary];
    - ``revoke_penalty`` lets an illegal play through and voids the hand;
    - [`partnerships`][hartenjagen.rules.extras.HouseRule.partnerships]
      declares teams; ``team_moon_shooter``, ``settle_team_moon``,
      ``judged_totals`` and ``winning_seats`` say how the moon and the end go
      by team (their defaults: a member's moon counts for the team, and the
      ending judges one total per team).
    """

    #: the code of a play this rule refuses: a short lower-case string the module owns
    play_code: str = IllegalMoveCode.HOUSE_RULE
    #: the sentence a player reads when this rule refuses a play ("" for a generic one)
    refusal_text: str = ""

    def playable(self, context: PlayContext) -> Iterable[Card]:
        """The cards of ``context.allowed`` this rule lets the seat to move play (default: all of them).

        Return at least one of them; cards not in ``context.allowed`` are ignored.
        ``context.allowed`` holds no jokers: an answer that names none leaves
        the jokers as the rules before it left them (returning
        ``context.allowed`` changes nothing, with any deck); one that names
        jokers of ``context.jokers`` allows those and refuses the others.
        """
        return context.allowed

    def widening(self, rules: Rules) -> tuple[AnyCard, ...]:
        """The cards this rule may let a seat play although the other rules forbid them (default: none).

        A declaration, as an opening's ``leader_cards`` is: the engine, the
        bots (a widened card played to another suit shows no void),
        ``check_rules`` and the C playout kernel (which leaves rule sets that
        widen to the Python kernel) read it without asking ``widens``. Each
        card must be in the pack. ``playable`` still only narrows; widening
        is the last step of the legality chain, after every house rule's
        ``playable``.
        """
        return ()

    def widens(self, context: PlayContext) -> Iterable[AnyCard]:
        """The declared cards the seat to move may play now, whatever the other rules say (default: those it holds).

        ``context.allowed`` holds what the other rules allow. Return cards of
        ``context.hand`` or jokers of ``context.jokers`` among those
        ``widening`` declares: a card the seat does not hold, or one not
        declared, raises [`RulesError`][hartenjagen.errors.RulesError] naming
        the rule.
        """
        declared = set(self.widening(context.rules))
        return [card for card in (*context.hand, *context.jokers) if card in declared]

    def refusal(self, rules: Rules) -> str:
        """The sentence saying what the rule requires: ``refusal_text``, or a generic one."""
        return self.refusal_text or english("refusal.extras.house_rule", rule=repr(self))

    def opens_announcements(self, context: AnnounceContext) -> bool:
        """Whether the hand of ``context`` opens with this rule's announcement round (default: no)."""
        return False

    def announces(self, state: State) -> bool:
        """Deprecated: whether the hand of ``state`` opens with this rule's announcement round.

        The hook's older form, given the whole state. A rule that overrides it
        (and not ``opens_announcements``) still works; the rules warn once with a
        `DeprecationWarning`. Asked of a rule of the new form, it answers for the
        hand of ``state``.
        """
        return self.opens_announcements(AnnounceContext.of(state))

    def announcement(self, language: str = "en") -> str:
        """What a seat that announces undertakes, in ``language`` (``"en"`` or ``"nl"``): the words the table says.

        An infinitive that ends "Seat 1 announces ..." and "Speler 1 kondigt aan ...":
        ``"to win no trick"``, ``"geen slag te halen"``. The default, ``""``, has no words:
        the event then names the rule ("Seat 1 makes the announcement of NoTrickPledge."),
        and so does a language the rule gives no words in. Miezen keeps its own sentences.
        """
        return ""

    def announcement_choices(
        self, context: AnnounceContext, seat: int, hand: tuple[Card, ...]
    ) -> Iterable[str]:
        """The choices this rule offers ``seat`` (holding ``hand``) in its announcement round: words of its own.

        Override it for an announcement of one's own choices instead of a
        yes/no: each choice is one word (``"QS"``), never ``"yes"`` or ``"no"``.
        A seat offered none is not asked; one offered some answers
        ``Announce(seat, True, choice)``, is asked again while choices are
        left, and ``Announce(seat, False)`` ends its turn. What was chosen
        reaches play and scoring as ``announcements``, (seat, choice) pairs,
        in `PlayContext`, `TrickContext` and `HandSummary`. The default
        offers none: the rule's round is a yes/no for every seat.
        """
        return ()

    def all_choices(self, rules: Rules) -> tuple[str, ...]:
        """Every choice ``announcement_choices`` may ever offer under ``rules``, in a fixed order (default: none).

        A declaration, as an opening's ``leader_cards`` is: the adapters give
        each choice an action id of its own (after the moon options), and a
        bot or a table may list them before a hand is dealt.
        """
        return ()

    def shown(self, choice: str) -> tuple[Card, ...]:
        """The cards a seat that makes ``choice`` shows it holds (default: none): public from then on.

        Gong Zhu's exposure of the Q♠ shows the Q♠. A bot that samples the
        hidden cards deals the shown ones to the seat that showed them.
        """
        return ()

    def choice_words(self, choice: str, language: str = "en") -> str:
        """What a seat that makes ``choice`` undertakes, in ``language``: ends "Seat 1 announces ...".

        The default is the choice itself (``"QS"``); Gong Zhu's exposures say
        ``"to expose the Q♠"`` and ``"de ♠V open te leggen"``.
        """
        return choice

    def adjustments(self, hand: HandSummary) -> tuple[int, ...] | None:
        """Points added straight to each total when the hand is scored (``None``: nothing)."""
        return None

    def revoke_penalty(self, rules: Rules) -> int | None:
        """Points for a player who makes an illegal play, which voids the hand (``None``: illegal plays are refused)."""
        return None

    def partnerships(self) -> tuple[tuple[int, ...], ...]:
        """The teams this rule declares, each a tuple of seats (default ``()``: every seat plays alone).

        Every seat of the game is in exactly one team, and there are at least
        two; one house rule of a ruleset at most declares teams. Where one
        does, bots play for their team, views name partners, and the hooks
        below settle the moon and the end by team.
        """
        return ()

    def team_moon_shooter(
        self, teams: tuple[tuple[int, ...], ...], moon_points: tuple[int, ...], together: tuple[bool, ...]
    ) -> int | None:
        """No seat alone took every moon card: the seat recorded as the shooter of a team's moon, or ``None``.

        ``together[t]`` says whether the members of ``teams[t]`` took every
        moon card between them, ``moon_points[seat]`` the moon-card points
        each seat took. The default, ``None``: a team shoots the moon only
        when one member takes every moon card (that member is the shooter,
        and ``settle_team_moon`` scores the moon for the whole team).
        """
        return None

    def settle_team_moon(
        self,
        raw: tuple[int, ...],
        totals: tuple[int, ...],
        team: tuple[int, ...],
        shooter: int,
        own: tuple[int, ...],
        amount: int,
        option: MoonOption,
    ) -> Iterable[int]:
        """Each seat's points when ``shooter``'s ``team`` shot a moon worth ``amount`` and chose ``option``.

        ``raw`` is each seat's card points, ``totals`` the totals before the
        hand, ``own`` what each seat's cards outside the moon set score. The
        default is [`team_moon_points`][hartenjagen.rules.sides.team_moon_points]:
        the members score ``own`` and the option applies to the team.
        """
        return team_moon_points(raw, totals, team, shooter, own, amount, option)

    def judged_totals(self, teams: tuple[tuple[int, ...], ...], totals: tuple[int, ...]) -> Iterable[int]:
        """The totals the ending judges, given each seat's ``totals`` (default: one a team, its members' sum).

        The ending's ``is_over`` and ``winners`` see these; ``winning_seats``
        turns the places it names back into seats.
        """
        return tuple(sum(totals[seat] for seat in team) for team in teams)

    def winning_seats(self, teams: tuple[tuple[int, ...], ...], named: tuple[int, ...]) -> Iterable[int]:
        """The seats that win when the ending names the places ``named`` of ``judged_totals`` (default: those teams' members)."""
        return tuple(sorted(seat for number in named for seat in teams[number]))


def widening_cards(rules: Rules) -> frozenset[AnyCard]:
    """Every card some house rule of ``rules`` declares it may allow against the other rules (`HouseRule.widening`).

    A play of one of these to a trick of another suit shows no void: the
    seat may still hold the suit led.
    """
    return frozenset(card for extra in rules.extras for card in extra.widening(rules))


def voids_shown(
    plays: Sequence[Play], widened: frozenset[AnyCard], jokers: Mapping[Joker, Suit] | None = None
) -> Iterator[tuple[int, Suit, AnyCard]]:
    """The plays of a trick that show their seat void in the suit led: (seat, suit led, card played).

    ``plays`` in play order (a trick some seat dropped out of has fewer). The
    suit led is the first card's that has one (a joker's only as ``jokers``
    gives it: its role, `rules.jokers.joker_suits`; a led joker of no suit
    leaves it open, the next card sets it); a joker of no suit, or a card in
    ``widened`` (`widening_cards`), shows no void.
    """
    led = led_suit([play.card for play in plays], jokers)
    if led is None:
        return
    for play in plays:
        card = play.card
        suit = card.suit if isinstance(card, Card) else jokers.get(card) if jokers else None
        if suit is not None and suit is not led and card not in widened:
            yield play.seat, led, card


def widens_by_hook(extra: HouseRule) -> bool:
    """Whether ``extra`` answers ``widens`` itself (else: every declared card the seat holds)."""
    return type(extra).widens is not HouseRule.widens


def old_announces(extra: HouseRule) -> bool:
    """Whether ``extra`` opens its announcement round the deprecated way: ``announces(state)`` only."""
    kind = type(extra)
    return (
        kind.announces is not HouseRule.announces
        and kind.opens_announcements is HouseRule.opens_announcements
    )


def shown_cards(rules: Rules, choice: str) -> tuple[Card, ...]:
    """The cards an announcement of ``choice`` shows, by the announcing house rules of ``rules`` that offer choices."""
    out: list[Card] = []
    for extra in rules.extras:
        if has_choices(extra):
            out.extend(card for card in extra.shown(choice) if card not in out)
    return tuple(out)


def has_choices(extra: HouseRule) -> bool:
    """Whether ``extra``'s announcement round offers choices of its own (``announcement_choices``), not a yes/no."""
    return type(extra).announcement_choices is not HouseRule.announcement_choices


def announcing(extra: HouseRule) -> bool:
    """Whether ``extra`` opens an announcement round (either form of the hook)."""
    return type(extra).opens_announcements is not HouseRule.opens_announcements or old_announces(extra)


def warn_old_announces(extra: HouseRule) -> None:
    """The `DeprecationWarning` for a house rule whose round opens by ``announces(state)``."""
    name = type(extra).__name__
    warnings.warn(
        f"{name}.announces(state) is deprecated: override opens_announcements(context) instead "
        "(an AnnounceContext: rules, hand_index, dealer, scores, sheet); the old form still works",
        DeprecationWarning,
        stacklevel=4,
    )


def _whole(value: object, name: str) -> None:
    if not is_whole(value):
        raise RulesError(f"extras: {name} must be a whole number, not {value!r}")


@attrs.frozen(repr=False)
class NoTricksBonus(HouseRule):
    """A player who won no trick in the hand scores ``points`` (−5), unless someone shot the moon.

    sources §1.14; OpenSpiel ``avoid_all_tricks_bonus``.
    """

    points: int = -5

    def __attrs_post_init__(self) -> None:
        _whole(self.points, "NoTricksBonus points")

    def adjustments(self, hand: HandSummary) -> tuple[int, ...] | None:
        if hand.shooter is not None:
            return None
        return tuple(self.points if won == 0 else 0 for won in hand.tricks_won)


@attrs.frozen(repr=False)
class Miezen(HouseRule):
    """Miezen (Achterhoek): before the first lead, each player in turn from eldest may announce to take no penalty cards.

    An announcer who captures no penalty card scores −``points`` (even if
    another player's moon gives them points); one who fails scores
    +``points`` on top. With ``first_half_only`` there is no announcement in
    a Dutch second half. sources §1.12; Spelregelwijzer.
    """

    points: int = 10
    first_half_only: bool = False

    def __attrs_post_init__(self) -> None:
        _whole(self.points, "Miezen points")
        if not isinstance(self.first_half_only, bool):
            raise RulesError(f"extras: first_half_only must be True or False, not {self.first_half_only!r}")

    def opens_announcements(self, context: AnnounceContext) -> bool:
        return not (self.first_half_only and context.rules.ending.second_half(context.sheet))

    def adjustments(self, hand: HandSummary) -> tuple[int, ...] | None:
        value = hand.rules.scoring.card_value
        return tuple(
            (self.points if any(value(card) > 0 for card in taken) else -self.points)
            if seat in hand.announcers
            else 0
            for seat, taken in enumerate(hand.cards_taken)
        )


@attrs.frozen(repr=False)
class MustDropQueen(HouseRule):
    """The holder of the Q♠ must play it at the first chance where it cannot win the trick.

    That is when void in the led suit, or when spades are led and the K♠ or
    A♠ is already in the trick. The first-trick rule comes first. sources
    §1.8; Spelregelwijzer house rule.
    """

    play_code = "must_drop_queen"
    refusal_text = english("refusal.extras.must_drop_queen")

    def playable(self, context: PlayContext) -> Iterable[Card]:
        if QUEEN_OF_SPADES not in context.allowed or context.leading:
            return context.allowed
        led = context.led_suit
        if all(card.suit is not led for card in context.hand):
            return {QUEEN_OF_SPADES}
        if led is Suit.SPADES and any(
            isinstance(play.card, Card) and play.card.suit is Suit.SPADES and play.card.rank > Rank.QUEEN
            for play in context.trick
        ):
            return {QUEEN_OF_SPADES}
        return context.allowed


@attrs.frozen(repr=False)
class RevokePenalty(HouseRule):
    """Revokes are penalized, not prevented: an illegal play of a card in hand is accepted, and voids the hand.

    The offender scores ``points`` (``None``: the scheme's positive total,
    e.g. 26 or 15), everyone else 0, and the same dealer deals again without
    moving the pass cycle on. For tables that play with real cards. sources
    §1.13; Spelregelwijzer (15 for the Dutch game).
    """

    points: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.points is not None:
            _whole(self.points, "RevokePenalty points")

    def revoke_penalty(self, rules: Rules) -> int | None:
        return rules.scoring.moon_total(rules) if self.points is None else self.points


#: Miezen with ±10 in both halves.
MIEZEN = Miezen()
#: The Q♠ must be dropped at the first safe chance.
MUST_DROP_QUEEN = MustDropQueen()
