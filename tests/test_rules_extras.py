"""House rules in ``extras``: sources §1.8 ``must_drop_qs``, §1.12 ``miezen``, §1.13 ``revoke``
(``penalized``), §1.14 ``no_tricks_bonus`` (OS ``avoid_all_tricks_bonus``), a user's own house rule,
and the rule that two extras may not share the announcement or revoke hook.
"""

from __future__ import annotations

import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen.rules import PlayContext
from hartenjagen.rules.ending import SINGLE_HAND, TwoHalves
from hartenjagen.rules.extras import (
    MIEZEN,
    MUST_DROP_QUEEN,
    HandSummary,
    HouseRule,
    Miezen,
    MustDropQueen,
    NoTricksBonus,
    RevokePenalty,
)
from hartenjagen.rules.first_trick import ANYTHING
from hartenjagen.rules.moon import NO_MOON
from hartenjagen.rules.routes import PassRoute
from helpers import (
    DROP_AFTER_ACE,
    JD_TO_EAST,
    JD_TO_EAST_KEEP,
    MIXED_DEAL,
    ONE_SUIT_EACH,
    game,
    legal,
    names,
    no_pass_rules,
    play,
    play_out,
    random_move,
)

Code = hj.IllegalMoveCode

BONUS = (NoTricksBonus(),)


def _hand(hands=ONE_SUIT_EACH, keep: str = "", **slots: object) -> hj.HandResult:
    state = play_out(game(hands, ending=SINGLE_HAND, **slots), keep=keep)
    assert state.is_over
    return state.score_sheet[-1]


def test_no_tricks_bonus_is_off_by_default():
    assert hj.Rules().extras == ()
    assert _hand(moon=NO_MOON).points == (26, 0, 0, 0)


def test_no_tricks_bonus_gives_minus_five_to_each_seat_that_won_no_trick():
    result = _hand(moon=NO_MOON, extras=BONUS)
    assert result.raw == (26, 0, 0, 0)
    assert result.points == (26, -5, -5, -5)


def test_no_tricks_bonus_not_given_to_a_seat_that_won_a_trick():
    # Seat 1 wins only the last trick, seats 2 and 3 win none.
    result = _hand(JD_TO_EAST, keep=JD_TO_EAST_KEEP, moon=NO_MOON, extras=BONUS)
    assert result.points == (26, 0, -5, -5)


def test_no_tricks_bonus_not_given_in_moon_hand():
    result = _hand(extras=BONUS)
    assert result.shooter == 0
    assert result.points == (0, 26, 26, 26)
    result = _hand(JD_TO_EAST, keep=JD_TO_EAST_KEEP, extras=BONUS)
    assert result.shooter == 0
    assert result.points == (0, 26, 26, 26)


def test_no_tricks_bonus_amount_is_configurable():
    assert _hand(moon=NO_MOON, extras=(NoTricksBonus(points=-3),)).points == (26, -3, -3, -3)


@pytest.mark.parametrize("seed", range(5))
def test_no_tricks_bonus_goes_only_to_seats_without_tricks(seed):
    rules = no_pass_rules(extras=BONUS, ending=SINGLE_HAND)
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    while not state.is_over:
        state = hj.apply(state, random_move(state, rng))
    result = state.score_sheet[-1]
    won = state.tricks_won
    assert sum(1 for w in won if w == 0) <= 3
    if result.shooter is None:
        assert result.points == tuple(r - 5 if w == 0 else r for r, w in zip(result.raw, won, strict=True))


def _summary(
    cards_taken: tuple[str, ...], tricks_won: tuple[int, ...], shooter: int | None = None
) -> HandSummary:
    """A summary of a standard hand in which each seat took ``cards_taken`` and won ``tricks_won`` tricks."""
    rules = hj.variants.STANDARD
    taken = tuple(tuple(sorted(hj.cards.parse_cards(cards))) for cards in cards_taken)
    return HandSummary(
        rules=rules,
        raw=tuple(rules.scoring.points_of(cards) for cards in taken),
        cards_taken=taken,
        tricks=(),
        tricks_won=tricks_won,
        shooter=shooter,
        announcers=(),
    )


def test_house_rule_hooks_do_nothing_by_default():
    rule = HouseRule()
    hand = _summary(("", "", "", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"), (0, 0, 0, 13))
    assert rule.adjustments(hand) is None
    assert rule.revoke_penalty(hj.variants.STANDARD) is None
    state = hj.new_game(no_pass_rules(), seed=1)
    context = PlayContext.of(state, allowed=state.hands[state.to_move[0]][:3])
    assert set(rule.playable(context)) == set(context.allowed)
    assert not rule.announces(hj.new_game(hj.variants.STANDARD, seed=1))
    assert rule.play_code == Code.HOUSE_RULE
    assert rule.refusal_text == ""
    assert rule.refusal(hj.variants.STANDARD) == "the house rule HouseRule() forbids it"


def test_openspiel_avoid_all_tricks_bonus_switch_adds_no_tricks_bonus():
    assert hj.variants.openspiel(avoid_all_tricks_bonus=True).extras == BONUS
    assert hj.variants.openspiel().extras == ()


def test_no_tricks_bonus_adjustments_from_a_hand_summary():
    hand = _summary(("QS 2H", "3H", "", ""), (10, 3, 0, 0))
    assert hand.raw == (14, 1, 0, 0)
    assert NoTricksBonus().adjustments(hand) == (0, 0, -5, -5)
    assert NoTricksBonus(points=-2).adjustments(hand) == (0, 0, -2, -2)
    moon = _summary(
        (" ".join(f"{r}H" for r in "23456789TJQKA") + " QS", "", "", ""), (13, 0, 0, 0), shooter=0
    )
    assert moon.raw == (26, 0, 0, 0)
    assert NoTricksBonus().adjustments(moon) is None


# ---------------------------------------------------------------- must_drop_qs (§1.8)

#: Worked example 16: after "2C 3C 4C AC" seat 0 leads the 2♠, seat 1 plays the A♠ and seat 2
#: holds {QS, 5S}.
#: As DROP_AFTER_ACE with the K♠ in seat 1's hand; with the 4♠ instead, the Q♠ could still win.
DROP_AFTER_KING = ("AC 2S 3D 4D", "2C KS 5D 6D", "3C QS 5S 7D", "4C 6S 8D 9D")
DROP_AFTER_FOUR = ("AC 2S 3D 4D", "2C 4S 5D 6D", "3C QS 5S 7D", "4C 6S 8D 9D")
#: After "2C 3C 4C AC" seat 0 leads the 3♦ and seat 1 follows with the 5♦; seat 2 has no diamond.
DROP_VOID = ("AC 3D 4D 2S", "2C 5D 6D 7D", "3C QS 5S 2H", "4C 8D 9D 6S")
#: Seat 0 leads the 2♣; seat 1, void in clubs, holds the Q♠ with other cards / with hearts only.
DROP_FIRST_TRICK = ("2C 3C 4C 5C", "QS 5S 2D 3D", "6C 4D 5D 6D", "7C 7D 8D 9D")
DROP_FIRST_TRICK_FORCED = ("2C 3C 4C 5C", "QS 2H 3H 4H", "6C 4D 5D 6D", "7C 7D 8D 9D")

DROP = (MUST_DROP_QUEEN,)


def test_must_drop_queen_is_off_by_default():
    assert MustDropQueen() == MUST_DROP_QUEEN
    assert MustDropQueen.play_code == Code.MUST_DROP_QUEEN == "must_drop_queen"
    assert type(MustDropQueen.play_code) is str  # the module owns its code
    assert legal(play(game(DROP_AFTER_ACE), "2C 3C 4C AC 2S AS")) == {"QS", "5S"}


def test_must_drop_queen_after_the_ace_of_spades():
    # Worked example 16: {QS} with the house rule, either card without it.
    state = play(game(DROP_AFTER_ACE, extras=DROP), "2C 3C 4C AC 2S AS")
    assert state.to_move == (2,)
    assert names(state.hands[2]) == {"QS", "5S", "7D"}
    assert legal(state) == {"QS"}


def test_must_drop_queen_after_the_king_of_spades():
    assert legal(play(game(DROP_AFTER_KING, extras=DROP), "2C 3C 4C AC 2S KS")) == {"QS"}


def test_must_drop_queen_not_while_the_queen_could_win():
    assert legal(play(game(DROP_AFTER_FOUR, extras=DROP), "2C 3C 4C AC 2S 4S")) == {"QS", "5S"}


def test_must_drop_queen_when_void_in_the_led_suit():
    state = play(game(DROP_VOID, extras=DROP), "2C 3C 4C AC 3D 5D")
    assert state.to_move == (2,)
    assert legal(state) == {"QS"}
    assert legal(play(game(DROP_VOID), "2C 3C 4C AC 3D 5D")) == {"QS", "5S", "2H"}


def test_must_drop_queen_does_not_bind_the_leader():
    # Seat 2 wins trick 1 with the A♣ and leads from QS 5S 2H (hearts unbroken): the Q♠ need not go.
    hands = ("2C 3D 4D 2S", "3C 5D 6D 7D", "AC QS 5S 2H", "4C 8D 9D 6S")
    state = play(game(hands, extras=DROP), "2C 3C AC 4C")
    assert state.to_move == (2,)
    assert legal(state) == {"QS", "5S"}


def test_must_drop_queen_first_trick_restriction_takes_precedence():
    # On trick 1 the Q♠ is a penalty card held back while other cards may be played ...
    state = play(game(DROP_FIRST_TRICK, extras=DROP), "2C")
    assert state.to_move == (1,)
    assert legal(state) == {"5S", "2D", "3D"}
    # ... without the first-trick restriction the void holder must drop it at once ...
    assert legal(play(game(DROP_FIRST_TRICK, extras=DROP, first_trick=ANYTHING), "2C")) == {"QS"}
    # ... and a player forced to play a penalty card on trick 1 must drop the Q♠ (§1.15 step 5).
    assert legal(play(game(DROP_FIRST_TRICK_FORCED, extras=DROP), "2C")) == {"QS"}
    assert legal(play(game(DROP_FIRST_TRICK_FORCED), "2C")) == {"QS", "2H", "3H", "4H"}


def test_must_drop_queen_refusal_through_apply_and_explain():
    state = play(game(DROP_AFTER_ACE, extras=DROP), "2C 3C 4C AC 2S AS")
    message = "5♠ may not be played: you must drop the Q♠ now that it cannot win the trick"
    reason = hj.explain(state, hj.Play(2, "5S"))
    assert reason == hj.IllegalMove("must_drop_queen", message, revocable=True)
    assert reason.code == Code.MUST_DROP_QUEEN
    assert not hj.is_legal(state, hj.Play(2, "5S"))
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.Play(2, "5S"))
    assert info.value.code == Code.MUST_DROP_QUEEN
    assert str(info.value) == message
    assert hj.explain(state, hj.Play(2, "QS")) is None


def test_must_drop_queen_playable_on_cards():
    # The examples above, asked of the rule itself on the PlayContext of each position.
    def playable(state: hj.State) -> set[str]:
        (seat,) = state.to_move
        led = state.trick[0].card.suit if state.trick else None
        hand = state.hands[seat]
        followed = [card for card in hand if card.suit is led] or hand
        return names(MUST_DROP_QUEEN.playable(PlayContext.of(state, allowed=followed)))

    assert playable(play(game(DROP_AFTER_ACE), "2C 3C 4C AC 2S AS")) == {"QS"}
    assert playable(play(game(DROP_AFTER_KING), "2C 3C 4C AC 2S KS")) == {"QS"}
    assert playable(play(game(DROP_AFTER_FOUR), "2C 3C 4C AC 2S 4S")) == {"QS", "5S"}
    assert playable(play(game(DROP_VOID), "2C 3C 4C AC 3D 5D")) == {"QS"}
    leader = play(game(("2C 3D 4D 2S", "3C 5D 6D 7D", "AC QS 5S 2H", "4C 8D 9D 6S")), "2C 3C AC 4C")
    context = PlayContext.of(leader, allowed=leader.hands[2])
    assert context.leading
    assert names(MUST_DROP_QUEEN.playable(context)) == {"QS", "5S", "2H"}  # the leader is not bound
    # without the Q♠ among the allowed cards (the first-trick rule held it back) there is nothing to drop
    state = play(game(DROP_FIRST_TRICK), "2C")
    context = PlayContext.of(state, allowed=[hj.Card.parse(c) for c in ("5S", "2D", "3D")])
    assert names(MUST_DROP_QUEEN.playable(context)) == {"5S", "2D", "3D"}


# ---------------------------------------------------------------- miezen (§1.12)

#: Worked example 12 in the 32-card Achterhoek game, dealer W (3), so N (0) leads. Each seat holds
#: two cards of each suit, so every trick is followed. In ACHTERHOEK_PLAY W's A♣ takes the Q♣ (3),
#: E's K♣ a club trick without points, E's A♥ and K♥ all 8 hearts, N's A♦ the Q♦ (6), W's K♦ a
#: diamond trick without points, N's A♠ the J♠ (8) and S's Q♠ (worth 0 here) the last trick.
ACHTERHOEK_DEAL = (
    "QC 8C 7H 8H AD 7D AS 9S",
    "KC 9C AH KH QD 8D JS TS",
    "JC TC 9H TH 9D TD KS QS",
    "AC 7C JH QH JD KD 7S 8S",
)
ACHTERHOEK_PLAY = (
    "QC 9C TC AC  7C 8C KC JC  AH 9H JH 7H  KH TH QH 8H QD 9D JD AD  7D 8D TD KD  7S AS JS KS  9S TS QS 8S"
)
#: The 32-card pack one suit per seat: N holds the clubs and, leading them, takes everything.
PIQUET_ONE_SUIT_EACH = (
    "7C 8C 9C TC JC QC KC AC",
    "7D 8D 9D TD JD QD KD AD",
    "7H 8H 9H TH JH QH KH AH",
    "7S 8S 9S TS JS QS KS AS",
)


def _achterhoek(hands=ACHTERHOEK_DEAL, **slots: object) -> hj.State:
    rules = attrs.evolve(hj.variants.ACHTERHOEK, **slots)
    return hj.new_game(rules, deal=list(hands), dealer=3)


def _announce(state: hj.State, *announcing: int) -> hj.State:
    """Answer the announcement round: the seats in ``announcing`` say yes, the others no."""
    while state.phase is hj.Phase.ANNOUNCING:
        (seat,) = state.to_move
        state = hj.apply(state, hj.Announce(seat, seat in announcing))
    return state


def test_achterhoek_preset_plays_miezen():
    assert hj.variants.ACHTERHOEK.extras == (MIEZEN,)
    assert Miezen(points=10, first_half_only=False) == MIEZEN


def test_miezen_announcement_round_before_the_first_lead():
    state = _achterhoek()
    assert state.phase is hj.Phase.ANNOUNCING
    assert state.to_move == (0,)  # eldest
    assert list(hj.legal_moves(state)) == [hj.Announce(0, False), hj.Announce(0, True)]
    assert state.trick == ()
    assert state.announcers == ()


def test_miezen_seats_announce_in_turn_from_eldest():
    state = hj.new_game(attrs.evolve(hj.variants.ACHTERHOEK), deal=list(ACHTERHOEK_DEAL), dealer=1)
    order = []
    while state.phase is hj.Phase.ANNOUNCING:
        (seat,) = state.to_move
        order.append(seat)
        state = hj.apply(state, hj.Announce(seat, seat in (3, 0)))
    assert order == [2, 3, 0, 1]
    assert state.phase is hj.Phase.PLAYING
    assert state.to_move == (2,)  # eldest leads (eldest_any)
    assert state.announcers == (3, 0)


def test_miezen_announcement_round_comes_after_passing():
    rules = hj.Rules(extras=(MIEZEN,))
    state = hj.new_game(rules, deal=list(MIXED_DEAL))
    assert state.phase is hj.Phase.PASSING
    while state.phase is hj.Phase.PASSING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert state.phase is hj.Phase.ANNOUNCING
    assert state.to_move == (1,)
    assert all(len(hand) == 13 for hand in state.hands)
    state = _announce(state)
    assert state.phase is hj.Phase.PLAYING
    assert legal(state) == {"2C"}


def test_miezen_worked_example():
    # Worked example 12: S announces and takes no penalty cards -> −10; W announces and captures
    # the Q♣ under achterhoek_32 -> +3 + 10 = +13. N and E do not announce and score their cards.
    state = play(_announce(_achterhoek(), 2, 3), ACHTERHOEK_PLAY)
    result = state.score_sheet[0]
    assert result.announcers == (2, 3)
    assert result.raw == (14, 8, 0, 3)
    assert result.points == (14, 8, -10, 13)
    assert state.scores == (14, 8, -10, 13)
    assert state.hand_index == 1
    assert state.announcers == ()  # the next hand starts a new round
    assert state.phase is hj.Phase.ANNOUNCING


def test_miezen_without_announcements_scores_the_cards():
    state = play(_announce(_achterhoek()), ACHTERHOEK_PLAY)
    assert state.score_sheet[0].announcers == ()
    assert state.scores == (14, 8, 0, 3)


def test_miezen_success_still_counts_when_another_player_shoots_the_moon():
    # N takes all 25 and shoots: the others score 25; S announced and took no card: 25 − 10 = 15;
    # N announced and took penalty cards: the moon's 0 + 10.
    state = play_out(_announce(_achterhoek(PIQUET_ONE_SUIT_EACH), 0, 2))
    result = state.score_sheet[0]
    assert result.shooter == 0
    assert result.raw == (25, 0, 0, 0)
    assert result.points == (10, 25, 15, 25)


def test_miezen_points_are_configurable():
    state = play(_announce(_achterhoek(extras=(Miezen(points=5),)), 2, 3), ACHTERHOEK_PLAY)
    assert state.scores == (14, 8, -5, 8)


def test_miezen_first_half_only_skips_the_second_half():
    # A first-hand moon gives the others 25 = the switch: the second hand is in the second half.
    for extra, announcing in ((Miezen(first_half_only=True), False), (MIEZEN, True)):
        state = _achterhoek(PIQUET_ONE_SUIT_EACH, extras=(extra,), ending=TwoHalves(switch=25))
        assert state.phase is hj.Phase.ANNOUNCING
        state = play_out(_announce(state))
        assert state.scores == (0, 25, 25, 25)
        assert state.hand_index == 1
        assert state.rules.ending.second_half(state.score_sheet)
        assert (state.phase is hj.Phase.ANNOUNCING) is announcing
        assert extra.announces(state) is announcing


def test_miezen_announce_out_of_turn_is_refused():
    state = _achterhoek()
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.Announce(2, True))
    assert info.value.code == Code.NOT_YOUR_TURN
    assert str(info.value) == "it is seat 0's turn to announce, not seat 2's"
    reason = hj.explain(state, hj.Play(0, "QC"))
    assert reason is not None
    assert reason.code == Code.WRONG_PHASE
    assert reason.message == "now is the time to make announcements, not to play a card"
    reason = hj.explain(_announce(state), hj.Announce(0, True))
    assert reason is not None
    assert reason.code == Code.WRONG_PHASE


def test_miezen_hook_users_are_limited_to_one():
    with pytest.raises(hj.RulesError, match="both use the announces hook; keep one"):
        hj.Rules(extras=(MIEZEN, Miezen(points=5)))


# ---------------------------------------------------------------- a user's own house rule


@attrs.frozen
class NoSpadeLeads(HouseRule):
    """A user's house rule: spades may not be led while the leader holds another suit."""

    def playable(self, context: PlayContext):
        if not context.leading:
            return context.allowed
        return {card for card in context.allowed if card.suit is not hj.Suit.SPADES} or context.allowed

    def refusal(self, rules: hj.Rules) -> str:
        return "spades may not be led"


def test_user_house_rule_restricts_play_with_the_house_rule_code():
    # MIXED_DEAL: seat 3 wins the first trick with the A♣ and leads from diamonds, hearts and spades.
    state = play(game(MIXED_DEAL, extras=(NoSpadeLeads(),)), "2C AC 3C 5C")
    assert state.to_move == (3,)
    assert not {"TS", "JS", "QS", "KS", "AS"} & legal(state)
    assert legal(state) == {"JC", "QC", "KC", "AD"}
    reason = hj.explain(state, hj.Play(3, "AS"))
    assert reason == hj.IllegalMove(
        Code.HOUSE_RULE, "A♠ may not be played: spades may not be led", revocable=True
    )
    assert repr(NoSpadeLeads()) == "NoSpadeLeads()"


class PlainNoSpadeLeads(HouseRule):
    """The same rule as a plain subclass (not an attrs class), relying on the default refusal."""

    def playable(self, context: PlayContext):
        if context.trick:
            return context.allowed
        return {card for card in context.allowed if card.suit is not hj.Suit.SPADES} or context.allowed


def test_user_house_rule_as_a_plain_subclass():
    assert repr(HouseRule()) == "HouseRule()"
    rule = PlainNoSpadeLeads()
    assert repr(rule) == "PlainNoSpadeLeads()"
    state = play(game(MIXED_DEAL, extras=(rule,)), "2C AC 3C 5C")
    reason = hj.explain(state, hj.Play(3, "AS"))
    assert reason is not None
    assert reason.code == Code.HOUSE_RULE
    assert "PlainNoSpadeLeads()" in reason.message


def test_revoke_voids_miezen_too():
    # Achterhoek with the revoke penalty (P = Tpos = 25): S announced, then revokes. S scores 25,
    # everyone else 0 (no miezen points for anyone), and the redealt hand opens a new round.
    rules = attrs.evolve(hj.variants.ACHTERHOEK, extras=(MIEZEN, RevokePenalty()))
    state = _announce(hj.new_game(rules, deal=list(ACHTERHOEK_DEAL), dealer=3), 1, 2)
    state = play(state, "QC 9C")
    assert state.to_move == (2,)
    after = hj.apply(state, hj.Play(2, "9D"))  # S holds the J♣ and T♣
    result = after.score_sheet[-1]
    assert result.revoke == 2
    assert result.announcers == (1, 2)
    assert result.points == after.scores == (0, 0, 25, 0)
    assert after.hand_index == 0
    assert after.phase is hj.Phase.ANNOUNCING
    assert after.announcers == ()


class NoSpadeLeadsOwnCode(NoSpadeLeads):
    """The rule with a code of its own."""

    play_code = "no_spade_lead"
    refusal_text = "spades may not be led while you hold another suit"


def test_user_house_rule_with_its_own_code():
    state = play(game(MIXED_DEAL, extras=(NoSpadeLeadsOwnCode(),)), "2C AC 3C 5C")
    message = "A♠ may not be played: spades may not be led"
    assert hj.explain(state, hj.Play(3, "AS")) == hj.IllegalMove("no_spade_lead", message, revocable=True)
    with pytest.raises(hj.IllegalMoveError) as info:
        hj.apply(state, hj.Play(3, "AS"))
    assert info.value.code == "no_spade_lead"


def test_revoke_penalty_voids_the_hand_for_a_house_rule_with_its_own_code():
    # Bug B4: a refusal by any house rule's playable is a revoke, whatever its code.
    state = play(game(MIXED_DEAL, extras=(NoSpadeLeadsOwnCode(), RevokePenalty())), "2C AC 3C 5C")
    revoke = hj.Play(3, "AS")
    assert not hj.is_legal(state, revoke)
    reason = hj.explain(state, revoke)
    assert (reason.code, reason.revocable) == ("no_spade_lead", True)
    after = hj.apply(state, revoke)
    (result,) = after.score_sheet
    assert result.revoke == 3
    assert result.points == after.scores == (0, 0, 0, 26)
    assert after.hand_index == 0
    assert after.dealer == 0
    assert after.tricks == ()


@pytest.mark.parametrize(
    ("answer", "fragment"),
    [
        (
            (),
            " left no card to play \\(allowed: .*\\); playable must return at least one card of context.allowed",
        ),
        (["AS"], ": playable must return cards or jokers, not 'AS'"),
        (None, ": playable must return cards, not None"),
    ],
)
def test_a_house_rule_whose_playable_breaks_its_promise_raises_rules_error_naming_it(answer, fragment):
    @attrs.frozen
    class Broken(HouseRule):
        def playable(self, context: PlayContext):
            return answer

    with pytest.raises(hj.RulesError, match=f"rule module Broken\\(\\){fragment}"):
        hj.legal_moves(game(MIXED_DEAL, extras=(Broken(),)))


# ---------------------------------------------------------------- HandSummary


def test_hand_summary_of_a_state():
    state = play(game(MIXED_DEAL, extras=BONUS), "2C AC 3C 5C AD 2D 7D JD")
    summary = HandSummary.of(state)
    assert summary.rules == state.rules
    assert summary.cards_taken == tuple(tuple(sorted(pile)) for pile in state.taken)
    assert names(summary.cards_taken[3]) == names("2C AC 3C 5C AD 2D 7D JD")
    assert summary.raw == (0, 0, 0, 0)
    assert summary.tricks_won == (0, 0, 0, 2) == state.tricks_won
    assert (summary.shooter, summary.announcers) == (None, ())
    assert summary.tricks == (
        hj.Trick(2, tuple(hj.cards.parse_cards("2C AC 3C 5C")), 3),
        hj.Trick(3, tuple(hj.cards.parse_cards("AD 2D 7D JD")), 3),
    )
    assert NoTricksBonus().adjustments(summary) == (-5, -5, -5, 0)
    with pytest.raises(hj.RulesError, match="needs a state in the play phase or at a moon choice"):
        HandSummary.of(hj.new_game(hj.Rules(), deal=list(MIXED_DEAL)))


@pytest.mark.parametrize("seed", range(3))
def test_hand_summary_tricks_are_in_order_with_leader_cards_and_winner(seed):
    rng = random.Random(seed)
    state = hj.new_game(no_pass_rules(extras=BONUS), seed=seed)
    while state.hand_index == 0:
        summary = HandSummary.of(state)
        leader = state.tricks[0].leader if state.tricks else state.trick_leader
        for trick in summary.tricks:
            assert trick.leader == leader
            led = trick.cards[0].suit
            best = max((card for card in trick.cards if card.suit is led), key=lambda card: card.rank)
            assert trick.winner == (trick.leader + trick.cards.index(best)) % 4
            leader = trick.winner
        assert summary.tricks == state.tricks
        assert summary.tricks_won == tuple(sum(t.winner == s for t in summary.tricks) for s in range(4))
        assert summary.raw == tuple(state.rules.scoring.points_of(pile) for pile in summary.cards_taken)
        state = hj.apply(state, random_move(state, rng))
    assert len(summary.tricks) == 12  # the last state of the hand: one trick to go


# ---------------------------------------------------------------- settings that are ints of another kind

_SETTINGS = [
    (lambda v: NoTricksBonus(points=v), hj.Rank.ACE, "NoTricksBonus points must be a whole number"),
    (lambda v: Miezen(points=v), hj.Rank.SIX, "Miezen points must be a whole number"),
    (lambda v: RevokePenalty(points=v), hj.Rank.SIX, "RevokePenalty points must be a whole number"),
    (lambda v: hj.rules.deck.SinglePack(players=v), hj.Rank.FOUR, "players must be a whole number"),
    (lambda v: hj.rules.deck.DoubleDeck(players=v), hj.Rank.SIX, "double deck is for 6 to 13 players"),
    (lambda v: hj.rules.leading.HeartsAfterTricks(tricks=v), hj.Rank.SIX, "tricks must be a whole number"),
    (lambda v: hj.rules.moon.OthersPlus(amount=v), hj.Rank.SIX, "amount must be a whole number or None"),
    (lambda v: hj.rules.passing.PassCycle(cards=v), hj.Rank.TWO, "cards must be a whole number"),
    (lambda v: hj.rules.ending.ScoreLimit(limit=v), hj.Rank.SIX, "limit must be a whole number"),
    (lambda v: hj.rules.ending.FixedDeals(deals=v), hj.Rank.SIX, "deals must be a whole number"),
    (lambda v: PassRoute("far", "far away", "ver weg", steps=v), hj.Rank.TWO, "steps must be a whole number"),
]


@pytest.mark.parametrize(("build", "value", "message"), _SETTINGS)
def test_a_setting_that_is_an_int_of_another_kind_is_refused_where_it_is_given(build, value, message):
    """An IntEnum (Rank.ACE == 14) adds as a number, but the hooks would give no plain int at the hand's end."""
    build(int(value))  # the plain number of the same value is taken
    with pytest.raises(hj.RulesError, match=message):
        build(value)


def test_a_points_table_value_that_is_an_int_of_another_kind_is_refused():
    with pytest.raises(hj.RulesError, match=r"the value of QS must be a whole number, not Rank\.ACE"):
        hj.rules.scoring.CardPoints({"QS": hj.Rank.ACE})
