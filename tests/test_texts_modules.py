"""Texts right for every module (issue 37, item 3): an announcement and a voided hand in the words of
the module that made them, a scored hand with the totals the table shows, and the smaller contract
holes (an uneven deck, a subclass's repr, a scoring with ``points_of`` alone, ``HandResult.revoke``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import rules, variants
from hartenjagen.cards import ALL_CARDS, Card, Suit
from hartenjagen.events import Announced, HandScored, Revoked
from hartenjagen.frontend.texts import rule_text
from hartenjagen.rules import HandSummary, HouseRule, PassRoute, Travel
from hartenjagen.rules.context import AnnounceContext
from hartenjagen.rules.extras import MIEZEN, MUST_DROP_QUEEN, RevokePenalty
from hartenjagen.rules.scoring import BLACK_LADY, CardPoints

QUEEN = Card.parse("QS")


@attrs.frozen
class NoTrickPledge(HouseRule):
    """Before the first lead each player may pledge to win no trick: −``points`` if kept, +``points`` if broken."""

    points: int = 15

    def opens_announcements(self, context: AnnounceContext) -> bool:
        return True

    def announcement(self, language: str = "en") -> str:
        return {"en": "to win no trick", "nl": "geen slag te halen"}.get(language, "")

    def adjustments(self, hand: HandSummary) -> tuple[int, ...]:
        return tuple(
            (self.points if hand.tricks_won[seat] else -self.points) if seat in hand.announcers else 0
            for seat in range(len(hand.tricks_won))
        )


@attrs.frozen
class Wordless(HouseRule):
    """An announcement round with no words of its own."""

    def opens_announcements(self, context: AnnounceContext) -> bool:
        return True


@attrs.frozen
class EnglishOnly(Wordless):
    """An announcement with English words only."""

    def announcement(self, language: str = "en") -> str:
        return "to take the last trick" if language == "en" else ""


def _with(*extras: HouseRule) -> hj.Rules:
    return attrs.evolve(variants.STANDARD, extras=extras)


# ---------------------------------------------------------------- announcements


def test_an_announcement_of_ones_own_reads_in_its_own_words_in_both_languages():
    pledge = _with(NoTrickPledge())
    said = Announced(1, True)
    assert hj.describe(said, "en", rules=pledge) == "Seat 1 announces to win no trick."
    assert hj.describe(said, "nl", rules=pledge) == "Speler 1 kondigt aan geen slag te halen."
    assert hj.describe(said, "en", rules=pledge, you=1) == "You announce to win no trick."
    assert hj.describe(said, "nl", rules=pledge, you=1) == "Je kondigt aan geen slag te halen."
    assert hj.describe(Announced(2, False), "en", rules=pledge) == "Seat 2 makes no announcement."
    assert hj.describe(Announced(2, False), "nl", rules=pledge, you=2) == "Je kondigt niets aan."
    assert "penalty" not in hj.describe(said, "en", rules=pledge)


def test_an_announcement_without_words_names_the_rule_and_a_missing_language_falls_back_to_that():
    wordless = _with(Wordless())
    said = Announced(0, True)
    assert hj.describe(said, "en", rules=wordless) == "Seat 0 makes the announcement of Wordless."
    assert hj.describe(said, "nl", rules=wordless) == "Speler 0 doet de aankondiging van Wordless."
    english = _with(EnglishOnly())
    assert hj.describe(said, "en", rules=english) == "Seat 0 announces to take the last trick."
    assert hj.describe(said, "nl", rules=english, you=0) == "Je doet de aankondiging van EnglishOnly."


def test_miezen_keeps_its_sentence_and_without_rules_the_sentence_is_miezen():
    miezen = _with(MIEZEN)
    for rules_value in (miezen, None):
        assert hj.describe(Announced(1, True), "en", rules=rules_value) == (
            "Seat 1 announces to take no penalty cards."
        )
        assert (
            hj.describe(Announced(1, True), "nl", rules=rules_value) == "Speler 1 miest: geen strafkaarten."
        )
        assert hj.describe(Announced(1, False), "nl", rules=rules_value) == "Speler 1 miest niet."


def test_a_played_pledge_round_is_told_in_the_pledges_words():
    pledge = _with(NoTrickPledge())
    state = hj.new_game(pledge, seed=1)
    for seat in range(4):
        state = hj.apply(state, hj.Pass(seat, state.hands[seat][:3]))
    sentences = []
    while state.phase is hj.Phase.ANNOUNCING:
        seat = state.to_move[0]
        state, events = hj.step(state, hj.Announce(seat, seat % 2 == 0))
        sentences += [
            hj.describe(event, "en", rules=pledge) for event in events if isinstance(event, Announced)
        ]
    assert len(sentences) == 4
    assert all(s.endswith(("announces to win no trick.", "makes no announcement.")) for s in sentences)


# ---------------------------------------------------------------- a voided hand


def _breach(rules_value: hj.Rules, code: str) -> tuple[int, Revoked]:
    """The first play refused with ``code`` in seeded random games, played: its seat and its event."""
    for seed in range(100):
        state, rng = hj.new_game(rules_value, seed=seed), random.Random(seed)
        while state.hand_index == 0:
            if state.phase is hj.Phase.PLAYING:
                seat = state.to_move[0]
                for card in state.hands[seat]:
                    problem = hj.explain(state, hj.Play(seat, card))
                    if problem is not None and str(problem.code) == code:
                        _, events = hj.step(state, hj.Play(seat, card))
                        (revoked,) = [event for event in events if isinstance(event, Revoked)]
                        return seat, revoked
            state = hj.apply(state, rng.choice(hj.legal_moves(state)))
    raise AssertionError(f"no play refused with {code}")


def test_a_house_rule_breach_under_a_revoke_penalty_is_no_revoke():
    dropping = _with(MUST_DROP_QUEEN, RevokePenalty())
    seat, event = _breach(dropping, "must_drop_queen")
    assert event.code == "must_drop_queen"
    assert event.reason == "you must drop the Q♠ now that it cannot win the trick"
    english = hj.describe(event, "en", rules=dropping)
    assert "revoked" not in english
    assert english.startswith(f"Seat {seat} played the ")
    assert (
        "against the rules (you must drop the Q♠ now that it cannot win the trick): 26 penalty points"
        in english
    )
    dutch = hj.describe(event, "nl", rules=dropping, you=seat)
    assert dutch.startswith("Je speelde ") and "verzaakte" not in dutch
    assert "(je moet de schoppenvrouw nu afgooien: ze kan de slag niet meer winnen)" in dutch


def test_a_failure_to_follow_suit_is_still_a_revoke():
    seat, event = _breach(_with(RevokePenalty()), "must_follow_suit")
    assert event.code == "must_follow_suit" and event.reason.startswith("you must follow suit: ")
    assert " revoked with the " in hj.describe(event, "en")
    assert hj.describe(event, "nl", you=seat).startswith("Je verzaakte met ")


def test_a_breach_of_a_rule_of_ones_own_gives_its_refusal_text_untranslated():
    result = hj.HandResult(0, 0, (0,) * 4, (0, 26, 0, 0), (0, 26, 0, 0), None, revoke=1)
    event = Revoked(1, QUEEN, 26, result, "must_discard_queen", "you must discard the Q♠")
    assert hj.describe(event, "nl") == (
        "Speler 1 speelde schoppenvrouw tegen de regels (you must discard the Q♠): 26 strafpunten en opnieuw delen."
    )
    # An event saved before the reason was kept names the code.
    bare = Revoked(1, QUEEN, 26, result, "must_discard_queen")
    assert "(must_discard_queen)" in hj.describe(bare, "en")
    assert hj.loads(hj.dumps(event)) == event
    assert rule_text("you must discard the Q♠", "nl") == "you must discard the Q♠"


# ---------------------------------------------------------------- the totals the table shows


def test_a_scored_hand_under_countdown_says_the_totals_the_table_shows():
    result = hj.HandResult(0, 0, (2, 7, 16, 1), (2, 7, 16, 1), (2, 7, 16, 1), None)
    event = HandScored(result)
    assert hj.describe(event, "en", rules=variants.COUNTDOWN) == (
        "Hand 1 scores -2, -7, -16, -1; totals 98, 93, 84, 99."
    )
    assert hj.describe(event, "nl", rules=variants.COUNTDOWN) == (
        "Ronde 1 telt -2, -7, -16, -1; stand 98, 93, 84, 99."
    )
    # Without the rules: the engine's sums; with a display that is the sums, the same.
    assert hj.describe(event, "en").endswith("totals 2, 7, 16, 1.")
    assert hj.describe(event, "en", rules=variants.STANDARD).endswith(
        "scores +2, +7, +16, +1; totals 2, 7, 16, 1."
    )


def test_a_scored_hand_in_a_played_countdown_game_matches_the_state_display():
    state = hj.new_game(variants.COUNTDOWN, seed=4)
    rng = random.Random(4)
    while not state.score_sheet:
        state, events = hj.step(state, rng.choice(hj.legal_moves(state)))
    (scored,) = [event for event in events if isinstance(event, HandScored)]
    shown = ", ".join(map(str, state.display_scores))
    assert hj.describe(scored, "en", rules=variants.COUNTDOWN).endswith(f"totals {shown}.")


# ---------------------------------------------------------------- an uneven deck


@attrs.frozen
class WholePack(rules.Deck):
    """Every card of one pack, dealt to ``players``."""

    players: int = 3

    def pack(self) -> tuple[Card, ...]:
        return tuple(sorted(ALL_CARDS, key=lambda card: card.index))


@attrs.frozen
class NoCards(rules.Deck):
    """A pack with nothing in it."""

    players: int = 4

    def pack(self) -> tuple[Card, ...]:
        return ()


def test_an_uneven_deck_of_ones_own_is_refused_when_the_rules_are_built():
    with pytest.raises(
        hj.RulesError, match=r"deck WholePack\(players=3\): 52 cards cannot be dealt evenly to 3 players"
    ):
        attrs.evolve(variants.STANDARD, deck=WholePack())
    with pytest.raises(hj.RulesError, match="17 each leaves 1 over"):
        attrs.evolve(variants.STANDARD, deck=WholePack())
    with pytest.raises(hj.RulesError, match="an empty pack cannot be dealt to 4 players"):
        attrs.evolve(variants.STANDARD, deck=NoCards())
    with pytest.raises(hj.RulesError, match="players must be a whole number of at least 2, not 1"):
        attrs.evolve(variants.STANDARD, deck=WholePack(players=1))
    assert attrs.evolve(variants.STANDARD, deck=WholePack(players=4)).players == 4


# ---------------------------------------------------------------- a subclass prints as itself


@attrs.frozen(repr=False)
class DoubledBlackLady(CardPoints):
    """Black Lady's values, every hand's points doubled."""

    def points_of(self, cards: Iterable[Card]) -> int:
        return 2 * super().points_of(cards)


@attrs.frozen(repr=False)
class MyRoute(PassRoute):
    """A route like the built-in left."""


def test_a_frozen_subclass_of_a_built_in_prints_as_itself():
    doubled = DoubledBlackLady(BLACK_LADY.values, name="black_lady")
    assert doubled != BLACK_LADY
    assert repr(doubled) == "DoubledBlackLady(black_lady)" and repr(BLACK_LADY) == "CardPoints(black_lady)"
    unnamed = DoubledBlackLady({"QS": 13})
    assert repr(unnamed) == "DoubledBlackLady({QS: 13})"
    left = MyRoute("left", "to the left", "naar links", Travel.SEAT, 1)
    assert left != PassRoute.LEFT and repr(left) != repr(PassRoute.LEFT)
    assert repr(left).startswith("MyRoute('left'") and repr(PassRoute.LEFT) == "PassRoute.LEFT"


# ---------------------------------------------------------------- a scoring with points_of alone


@attrs.frozen
class QueenAndHeartsCount(rules.Scoring):
    """The Q♠ 13, each heart 1: written as the points of a hand alone."""

    def points_of(self, cards: Iterable[Card]) -> int:
        return sum(13 if card == QUEEN else 1 if card.suit is Suit.HEARTS else 0 for card in cards)


@attrs.frozen
class NoValues(rules.Scoring):
    """Writes neither hook."""


def test_a_scoring_may_override_points_of_alone():
    scoring = QueenAndHeartsCount()
    assert scoring.card_value(QUEEN) == 13 and scoring.card_value(Card.parse("2H")) == 1
    assert scoring.card_value(Card.parse("2C")) == 0
    game = attrs.evolve(variants.STANDARD, scoring=scoring)
    assert scoring.moon_total(game) == 26
    state, rng = hj.new_game(game, seed=2), random.Random(2)
    while not state.score_sheet:
        state = hj.apply(state, rng.choice(hj.legal_moves(state)))
    assert sum(state.score_sheet[0].raw) in (26, 0)  # 0: nobody but the shooter counted (moon)


def test_a_scoring_with_neither_hook_is_refused_when_the_rules_are_built():
    with pytest.raises(hj.RulesError, match=r"scoring NoValues\(\) must override card_value or points_of"):
        attrs.evolve(variants.STANDARD, scoring=NoValues())


def test_hand_result_documents_revoke_in_its_docstring():
    doc = hj.HandResult.__doc__ or ""
    assert "``revoke``" in doc and "voided" in doc and "Ending.display" in doc


# ---------------------------------------------------------------- the rules in words, for any Rules value


@attrs.frozen
class PledgeInDutch(NoTrickPledge):
    """Before the first lead each player may pledge to win no trick."""

    def rule_words(self, language: str = "en") -> str:
        return (
            "Voor de eerste uitkomst mag elke speler beloven geen slag te halen." if language == "nl" else ""
        )


def test_rules_text_describes_a_rules_value_of_ones_own_from_its_modules_words():
    from hartenjagen.cli.rules import rules_text

    mine = attrs.evolve(variants.STANDARD, scoring=QueenAndHeartsCount(), extras=(PledgeInDutch(),))
    english = rules_text(mine)
    assert english.startswith("A ruleset of one's own (no preset)")
    assert (
        "scoring: QueenAndHeartsCount\n  The Q♠ 13, each heart 1: written as the points of a hand alone."
        in english
    )
    assert (
        "house rules: PledgeInDutch\n  Before the first lead each player may pledge to win no trick."
        in english
    )
    assert "Sources" not in english
    dutch = rules_text(mine, "nl")
    assert dutch.startswith("Eigen regels (geen bekende variant)")
    assert "Voor de eerste uitkomst mag elke speler beloven geen slag te halen." in dutch
    # A module with no Dutch words gives its docstring's English; a built-in one the catalogue's Dutch.
    assert "The Q♠ 13, each heart 1" in dutch and "Wie de laagste klaveren" in dutch


def test_rules_text_of_a_presets_value_is_the_presets_text():
    from hartenjagen.cli.rules import rules_text

    for language in ("en", "nl"):
        assert rules_text(variants.COUNTDOWN, language) == rules_text("countdown", language)  # type: ignore[arg-type]


def test_hartenjagen_rules_reads_a_json_file_of_rules(tmp_path, capsys):
    from hartenjagen.cli import main

    mine = attrs.evolve(variants.STANDARD, extras=(MIEZEN,))
    saved = tmp_path / "mine.json"
    saved.write_text(hj.dumps(mine), encoding="utf-8")
    assert main(["rules", str(saved), "--lang", "nl"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Eigen regels") and "huisregels: Miezen" in out
    state = tmp_path / "state.json"
    state.write_text(hj.dumps(hj.new_game(mine, seed=1)), encoding="utf-8")
    assert main(["rules", str(state)]) == 2
    assert "holds no rules: State, not Rules" in capsys.readouterr().err
    assert main(["rules", str(tmp_path / "missing.json"), "--lang", "nl"]) == 2
    assert "bestaat niet" in capsys.readouterr().err


def test_no_points_on_the_first_two_tricks_is_a_house_rule_that_works():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
    from writing_rules import FIRST_TWO

    value = FIRST_TWO.scoring.card_value
    seen = {2: 0, 3: 0}
    for seed in range(30):
        state, rng = hj.new_game(FIRST_TWO, seed=seed), random.Random(seed)
        while state.hand_index == 0 and len(state.tricks) < 3:
            if state.phase is hj.Phase.PLAYING and state.trick:
                seat, number = state.to_move[0], state.trick_number + 1
                legal = {move.card for move in hj.legal_moves(state)}
                if number in seen and any(value(card) <= 0 for card in legal):
                    refused = [
                        hj.explain(state, hj.Play(seat, card))
                        for card in state.hands[seat]
                        if value(card) > 0 and card not in legal
                    ]
                    codes = {str(problem.code) for problem in refused if problem is not None}
                    if number == 2 and codes - {"must_follow_suit"}:
                        # A void seat discarding: its penalty cards are refused by the house rule.
                        assert codes - {"must_follow_suit"} == {"points_on_early_trick"}
                        seen[2] += 1
                    if number == 3:
                        assert "points_on_early_trick" not in codes
                        seen[3] += 1
            state = hj.apply(state, rng.choice(hj.legal_moves(state)))
    assert seen[2] and seen[3]


def test_the_announcement_question_and_the_sheets_note_are_the_modules():
    from hartenjagen.frontend.describe import announced_note, announcement_question

    pledge, wordless, miezen = _with(NoTrickPledge()), _with(Wordless()), _with(MIEZEN)
    assert announcement_question(pledge) == "Announce to win no trick?"
    assert announcement_question(pledge, "nl") == "Kondig je aan geen slag te halen?"
    assert announcement_question(wordless, "nl") == "Doe je de aankondiging van Wordless?"
    assert announcement_question(miezen, "nl") == "Miezen: je haalt deze ronde geen strafkaart?"
    assert announcement_question(None) == "Announce that you will take no penalty card this hand?"
    assert announced_note(pledge, (1, 3), "nl") == "aangekondigd: 1, 3"
    assert announced_note(miezen, (1, 3), "nl") == "gemiesd: 1, 3"
    assert announced_note(pledge, (2,), "en") == "announced: 2"


def test_the_terminal_asks_a_pledge_in_its_own_words():
    from hartenjagen.cli import terminal

    pledge = _with(NoTrickPledge())
    state = hj.new_game(pledge, seed=1)
    for seat in range(4):
        state = hj.apply(state, hj.Pass(seat, state.hands[seat][:3]))
    assert state.phase is hj.Phase.ANNOUNCING
    seat = state.to_move[0]
    shown = terminal.show(hj.view(state, seat), "nl")
    assert "Kondig je aan geen slag te halen?" in shown and "Miezen" not in shown
