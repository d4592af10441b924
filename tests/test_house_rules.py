"""A house rule for every slot, written on the public contract only (examples/writing_rules.py).

Each worked module of docs/writing-rules.md passes the kit, plays whole games with every bot, saves
and loads as JSON and as a record at every step, and describes every event it causes in both
languages; then each rule's own edge cases, on deals made for them.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import rules, testing, variants
from hartenjagen.bots import make_bot
from hartenjagen.cards import Card, Rank, Suit, parse_cards
from hartenjagen.events import CardsExchanged, HandDealt, Revoked, TrickWon
from hartenjagen.frontend.records import GameRecord
from hartenjagen.moves import Play
from hartenjagen.rules import MoonContext, OpeningContext, PassContext, PlayContext
from hartenjagen.values import Phase

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "examples"))

from writing_rules import (  # noqa: E402
    GAMES,
    JACK_MOON,
    QUEEN,
    REVOKES,
    SCATTER,
    SCATTER_GAME,
    SUN,
    TEN_DOUBLES,
    LastTrickBonus,
    MoonNeedsJackOfDiamonds,
    NoQueenOnFirstTrick,
    ScatterPass,
    SevenOfDiamondsLeads,
    ShootTheSun,
    TenOfClubsDoubles,
)

NAMES = sorted(GAMES)
#: Seat 0 holds every club: it leads the 2♣ and wins every trick (nobody else can follow).
ALL_CLUBS = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)


def _no_passing(game: hj.Rules) -> hj.Rules:
    return attrs.evolve(game, passing=rules.passing.NO_PASSING)


def _play_out(state: hj.State, seed: int = 0) -> tuple[hj.State, list[object]]:
    """Random legal moves to the end of the current hand; the state after it and the events."""
    rng = random.Random(seed)
    events: list[object] = []
    hand = len(state.score_sheet)
    while len(state.score_sheet) == hand and not state.is_over:
        state, told = hj.step(state, rng.choice(list(hj.legal_moves(state))))
        events.extend(told)
    return state, events


@pytest.mark.parametrize("name", NAMES)
def test_every_worked_module_passes_the_kit(name):
    testing.check_rules(GAMES[name], games=2)


@pytest.mark.parametrize("name", NAMES)
def test_every_bot_plays_a_whole_game_that_saves_loads_records_and_describes_itself(name):
    game = GAMES[name]
    kinds = (
        "random",
        "heuristic",
        "sampling",
        "heuristic",
    )  # seat by seat, round the table (six in six_teams)
    bots = [
        make_bot(kinds[seat % 4], seed=seat, **({"samples": 4} if kinds[seat % 4] == "sampling" else {}))
        for seat in range(game.players)
    ]
    state = hj.new_game(game, seed=11)
    record = GameRecord.begin(state)
    said = 0
    for step in range(2000):
        if state.is_over:
            break
        seat = state.to_move[0]
        move = bots[seat].choose(hj.view(state, seat))
        state, events = hj.step(state, move)
        record = record.add(move)
        for event in events:
            for language in ("en", "nl"):
                sentence = hj.describe(event, language)
                assert isinstance(sentence, str) and sentence.strip()
                said += 1
        if step % 17 == 0:
            assert hj.loads(hj.dumps(state)) == state
    assert state.is_over and said > 100
    assert hj.loads(hj.dumps(state)) == state
    assert GameRecord.from_text(record.to_text()).final_state() == state
    assert hj.loads(hj.dumps(game)) == game


def test_the_example_runs():
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "writing_rules.py"), "--seed", "5"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("saved and loaded as JSON and as a record") == len(GAMES)


def test_the_docs_page_is_the_example():
    """Every module and preset on docs/writing-rules.md is the example's code, word for word."""
    page = (ROOT / "docs" / "writing-rules.md").read_text(encoding="utf-8")
    source = (ROOT / "examples" / "writing_rules.py").read_text(encoding="utf-8")
    blocks = re.findall(r"```py\n(.*?)```", page, flags=re.S)
    classes = [block for block in blocks if block.startswith(("@attrs.frozen", "SCATTER =", "HOUSE_POINTS"))]
    assert len(classes) >= 9
    for block in classes:
        for part in block.strip().split("\n\n\n"):
            assert part.strip() in source, part


# ---------------------------------------------------------------- passing: the scatter pass


def test_the_scatter_pass_sends_each_card_where_its_rule_says():
    state = hj.new_game(SCATTER_GAME, seed=4)
    assert state.pass_direction == SCATTER and state.pass_count == 3
    chosen = {}
    rng = random.Random(4)
    while state.phase is Phase.PASSING:
        seat = state.to_move[0]
        cards = tuple(rng.sample(state.hands[seat], 3))
        chosen[seat] = sorted(cards, key=lambda card: (card.rank, card.suit))
        state, events = hj.step(state, hj.Pass(seat, cards))
    (exchange,) = [event for event in events if isinstance(event, CardsExchanged)]
    for seat in range(4):
        low, middle, high = chosen[seat]
        assert low in exchange.received[(seat + 1) % 4]
        assert middle in exchange.received[(seat + 2) % 4]
        assert high in exchange.received[(seat - 1) % 4]
        assert sorted(exchange.received[seat]) == sorted(
            [chosen[(seat - 1) % 4][0], chosen[(seat - 2) % 4][1], chosen[(seat + 1) % 4][2]]
        )
        view = hj.view(state, seat)
        assert sorted(view.passed_to(0)) == sorted(
            [(low, (seat + 1) % 4), (middle, (seat + 2) % 4), (high, (seat + 3) % 4)]
        )
    assert hj.view(state, 0).passed_to(1) is None and hj.public_view(state).passed_to(0) is None


def test_the_scatter_route_speaks_its_own_words():
    (dealt,) = [HandDealt(0, 0, SCATTER, (13,) * 4)]
    assert "one card left, one across and one right" in hj.describe(dealt, "en")
    assert "één kaart naar links, één naar de overkant en één naar rechts" in hj.describe(dealt, "nl")
    assert hj.loads(hj.dumps(dealt)) == dealt
    assert '"travel": "rule"' in hj.dumps(dealt)


def test_the_determinizer_places_passed_cards_where_the_scatter_sent_them():
    from hartenjagen.bots.determinize import Determinizer

    state = hj.new_game(SCATTER_GAME, seed=8)
    while state.phase is Phase.PASSING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    view = hj.view(state, 0)
    sent = dict(view.passed_to(0) or ())
    sampler = Determinizer(view)
    for seed in range(5):
        world = sampler.sample(seed)
        for card, receiver in sent.items():
            assert card in world.hands[receiver] or any(
                play.card == card and play.seat == receiver for play in world.trick
            )


def test_a_scatter_pass_needs_four_players():
    with pytest.raises(hj.RulesError, match="needs four players"):
        attrs.evolve(variants.BLACK_LADY_3, passing=ScatterPass())


# ---------------------------------------------------------------- the first lead and the first trick


def test_the_holder_of_the_seven_of_diamonds_leads_any_card():
    game = _no_passing(SCATTER_GAME)
    for seed in range(6):
        state = hj.new_game(game, seed=seed)
        leader = state.to_move[0]
        assert Card.parse("7D") in state.hands[leader]
        assert OpeningContext.of(state).nearest_holder([Card.parse("7D")]) == leader
        plays = {move.card for move in hj.legal_moves(state)}
        rule = NoQueenOnFirstTrick()
        context = PlayContext.of(state, state.hands[leader])
        assert plays == set(rule.playable(context))  # only the first-trick rule narrows the lead


def test_no_queen_on_the_first_trick_unless_it_is_all_there_is():
    deal = (
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 7D",
        "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2D 3D 4D 5D 6D 8D 9D TD JD QD KD AD AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS AC",
    )
    state = hj.new_game(_no_passing(SCATTER_GAME), deal=deal)
    assert state.to_move == (0,)
    state = hj.apply(state, Play(0, "2C"))
    plays = {move.card for move in hj.legal_moves(state)}
    assert QUEEN not in plays and Card.parse("2H") in plays  # hearts are allowed on trick one
    reason = hj.explain(state, Play(1, "QS"))
    assert reason is not None and reason.code == "points_on_first_trick" and "first trick" in reason.message
    forced = NoQueenOnFirstTrick().playable(attrs.evolve(PlayContext.of(state), allowed=frozenset({QUEEN})))
    assert set(forced) == {QUEEN}


# ---------------------------------------------------------------- scoring, moons and a bonus


@pytest.mark.parametrize("seed", range(4))
def test_the_ten_of_clubs_doubles_what_its_taker_scores(seed):
    state, events = _play_out(hj.new_game(TEN_DOUBLES, seed=seed), seed)
    taken: list[list[Card]] = [[] for _ in range(4)]
    for event in events:
        if isinstance(event, TrickWon):
            taken[event.winner] += [*event.cards, *event.carried]
    line = state.score_sheet[-1]
    black_lady = rules.scoring.BLACK_LADY
    for seat in range(4):
        doubled = 2 if Card.parse("TC") in taken[seat] else 1
        assert line.raw[seat] == doubled * black_lady.points_of(taken[seat])
    scoring = TenOfClubsDoubles()
    assert scoring.points_of(parse_cards("TC QS 2H")) == 28 and scoring.points_of(parse_cards("QS 2H")) == 14


def test_the_ten_of_clubs_doubles_in_a_hand_played_out():
    state = hj.new_game(_no_passing(TEN_DOUBLES), deal=ALL_CLUBS)
    state, _ = _play_out(state)
    # Seat 0 took every card, the 10♣ with them: 26 doubled, and that is a moon (others +26).
    line = state.score_sheet[-1]
    assert line.raw == (52, 0, 0, 0)


def test_shooting_the_sun_gives_the_others_52_and_the_shooter_keeps_the_jack_of_diamonds():
    state, _ = _play_out(hj.new_game(_no_passing(SUN), deal=ALL_CLUBS))
    line = state.score_sheet[-1]
    assert line.shooter == 0
    assert line.points == (-10, 52, 52, 52)


def test_a_moon_without_every_trick_gives_the_others_26():
    """Seat 0 took every penalty card and the J♦ in twelve tricks; seat 1 won the thirteenth, worth nothing."""
    pack = list(SUN.deck.pack())
    mine = tuple(card for card in pack if card.suit is not Suit.CLUBS or card.rank == Rank.ACE)
    theirs = tuple(card for card in pack if card not in mine)
    tricks = tuple(hj.Trick(0, (Card.parse("2C"),) * 4, 0) for _ in range(12)) + (
        hj.Trick(0, (Card.parse("3C"),) * 4, 1),
    )
    context = MoonContext(
        rules=SUN, cards_taken=(mine, theirs, (), ()), tricks=tricks, raw=(16, 0, 0, 0), totals=(0, 0, 0, 0),
        options=(hj.MoonOption.OTHERS_PLUS,),
    )  # fmt: skip
    moon = ShootTheSun()
    assert moon.shooter(context) == 0
    assert moon.settle(context, 0, hj.MoonOption.OTHERS_PLUS) == (-10, 26, 26, 26)
    heart = Card.parse("2H")
    nobody = attrs.evolve(
        context, cards_taken=(tuple(c for c in mine if c != heart), (*theirs, heart), (), ())
    )
    assert moon.shooter(nobody) is None


def _last_trick_state(game: hj.Rules) -> hj.State:
    """A state in the last trick of the first hand (random play)."""
    rng = random.Random(2)
    state = hj.new_game(game, seed=2)
    while not (state.phase is Phase.PLAYING and state.trick_number == 12):
        state = hj.apply(state, rng.choice(list(hj.legal_moves(state))))
    return state


def test_the_moon_needs_the_jack_of_diamonds():
    state, _ = _play_out(hj.new_game(_no_passing(JACK_MOON), deal=ALL_CLUBS))
    line = state.score_sheet[-1]
    assert line.shooter == 0 and line.points[1:] == (26, 26, 26)
    assert line.points[0] == -10 - 5  # the moon's −10 and the last trick's −5
    moon = MoonNeedsJackOfDiamonds()
    pack = list(variants.OMNIBUS.deck.pack())
    context = MoonContext(
        rules=JACK_MOON, cards_taken=(tuple(card for card in pack if card != Card.parse("JD")), (Card.parse("JD"),), (), ()),
        tricks=(), raw=(26, -10, 0, 0), totals=(0, 0, 0, 0), options=moon.options(),
    )  # fmt: skip
    assert moon.shooter(context) is None  # every penalty card, but not the J♦: no moon
    assert rules.moon.OTHERS_PLUS.shooter(context) == 0  # the Omnibus moon does not need it


@pytest.mark.parametrize("seed", range(5))
def test_the_winner_of_the_last_trick_scores_minus_five(seed):
    state, _ = _play_out(hj.new_game(JACK_MOON, seed=seed), seed)
    line = state.score_sheet[-1]
    if line.shooter is None:
        bonus = [p - r for p, r in zip(line.points, line.raw, strict=True)]
        assert sorted(bonus) == [-5, 0, 0, 0]
    summary = rules.HandSummary.of(_last_trick_state(JACK_MOON))
    assert LastTrickBonus().adjustments(summary) == tuple(
        -5 if seat == summary.tricks[-1].winner else 0 for seat in range(4)
    )


# ---------------------------------------------------------------- a restriction under a revoke penalty


def test_a_house_rules_own_refusal_voids_the_hand_under_a_revoke_penalty():
    deal = (
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    )
    game = attrs.evolve(_no_passing(REVOKES), first_trick=rules.first_trick.ANYTHING)
    state = hj.apply(hj.new_game(game, deal=deal), Play(0, "2C"))
    reason = hj.explain(state, Play(1, "2H"))
    assert reason is not None and reason.code == "must_discard_queen" and reason.revocable
    after, events = hj.step(state, Play(1, "2H"))
    (revoked,) = [event for event in events if isinstance(event, Revoked)]
    assert revoked.seat == 1 and revoked.penalty == 26
    assert after.score_sheet[-1].revoke == 1 and after.hand_index == state.hand_index
    assert hj.loads(hj.dumps(after)) == after
    # Without the penalty the same play is refused with the rule's own code.
    strict = attrs.evolve(game, extras=(game.extras[0],))
    with pytest.raises(hj.IllegalMoveError) as raised:
        hj.apply(hj.apply(hj.new_game(strict, deal=deal), Play(0, "2C")), Play(1, "2H"))
    assert raised.value.code == "must_discard_queen"


def test_a_move_that_is_wrong_in_itself_is_never_revocable():
    state = hj.new_game(_no_passing(REVOKES), deal=ALL_CLUBS)
    assert not hj.explain(state, Play(1, "2D")).revocable  # not seat 1's turn
    assert not hj.explain(state, Play(0, "2D")).revocable  # not in seat 0's hand
    assert hj.explain(state, Play(0, "3C")).revocable  # the opening rule's
    with pytest.raises(hj.IllegalMoveError):
        hj.apply(state, Play(1, "2D"))


# ---------------------------------------------------------------- contexts of their own


def test_every_context_is_built_from_a_state():
    state = hj.new_game(SCATTER_GAME, seed=3)
    context = PassContext.of(state, 2)
    assert context.seat == 2 and context.route == SCATTER and context.stage == 0
    assert context.hand == state.hands[2] and context.given == () and context.received == ()
    with pytest.raises(hj.RulesError, match="play phase"):
        PlayContext.of(state)
    with pytest.raises(hj.RulesError, match="no seat"):
        PassContext.of(state, 9)
    while state.phase is Phase.PASSING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    with pytest.raises(hj.RulesError, match="passing phase"):
        PassContext.of(state)
    opening = OpeningContext.of(state)
    assert opening.hands == state.hands and opening.dealer == state.dealer
    assert SevenOfDiamondsLeads().leader(opening) == state.to_move[0]
    assert MoonContext.of(state).tricks == ()
    with pytest.raises(hj.RulesError, match="needs a State"):
        MoonContext.of("not a state")  # type: ignore[arg-type]


def test_the_scatter_hooks_answer_is_checked():
    @attrs.frozen
    class Twice(ScatterPass):
        def scatter(self, context, chosen):  # type: ignore[no-untyped-def]
            return {(context.seat + 1) % 4: [chosen[0], chosen[0]], (context.seat + 2) % 4: chosen[1:]}

    @attrs.frozen
    class ToItself(ScatterPass):
        def scatter(self, context, chosen):  # type: ignore[no-untyped-def]
            return {context.seat: chosen}

    @attrs.frozen
    class Forgets(ScatterPass):
        def scatter(self, context, chosen):  # type: ignore[no-untyped-def]
            return {(context.seat + 1) % 4: chosen[:2]}

    for module, problem in ((Twice(), "sends the .* again"), (ToItself(), "to seat"), (Forgets(), "nowhere")):
        state = hj.new_game(attrs.evolve(variants.STANDARD, passing=module), seed=1)
        with pytest.raises(hj.RulesError, match=problem):
            while state.phase is Phase.PASSING:
                state = hj.apply(state, hj.legal_moves(state)[0])


def test_a_route_that_travels_by_a_rule_needs_a_scatter_hook():
    @attrs.frozen
    class NoRule(rules.Passing):
        def routes(self):  # type: ignore[no-untyped-def]
            return (SCATTER,)

        def stages(self, route):  # type: ignore[no-untyped-def]
            return (rules.PassStage(3),)

    with pytest.raises(hj.RulesError, match="must write scatter"):
        attrs.evolve(variants.STANDARD, passing=NoRule())


def test_ranks_order_the_scatter():
    low, middle, high = sorted(parse_cards("KD 2S 9H"), key=lambda card: (card.rank, card.suit))
    assert (low.rank, middle.rank, high.rank) == (Rank.TWO, Rank.NINE, Rank.KING)


# ---------------------------------------------------------------- the hand just played out


@pytest.mark.parametrize("seed", range(3))
def test_the_last_hand_is_what_adjustments_and_the_moon_saw(seed):
    """After the last card the game is in the next hand: ``.last`` reads the hand just over from the history."""
    state, events = _play_out(hj.new_game(JACK_MOON, seed=seed), seed)
    summary, context = rules.HandSummary.last(state), MoonContext.last(state)
    line = state.score_sheet[-1]
    won = [event for event in events if isinstance(event, TrickWon)]
    assert summary.tricks == context.tricks and len(summary.tricks) == 13
    assert [trick.winner for trick in summary.tricks] == [event.winner for event in won]
    assert summary.raw == context.raw == line.raw and summary.shooter == line.shooter
    assert context.totals == (0, 0, 0, 0)
    bonus = LastTrickBonus().adjustments(summary)
    if line.shooter is None:
        assert tuple(p - r for p, r in zip(line.points, line.raw, strict=True)) == bonus
    assert MoonNeedsJackOfDiamonds().shooter(context) == line.shooter


def test_the_last_hand_of_a_game_over_is_the_state_s_own():
    game = attrs.evolve(JACK_MOON, ending=rules.ending.SINGLE_HAND)
    state, _ = _play_out(hj.new_game(game, seed=4), 4)
    assert state.is_over and rules.HandSummary.last(state).raw == state.score_sheet[-1].raw
    with pytest.raises(hj.RulesError, match="no hand of this game has been played out yet"):
        rules.HandSummary.last(hj.new_game(game, seed=4))


def test_a_pass_context_holds_the_scores_before_the_hand():
    state, _ = _play_out(hj.new_game(SCATTER_GAME, seed=2), 2)
    assert state.phase is Phase.PASSING and any(state.scores)
    assert PassContext.of(state).scores == state.scores


def test_a_script_s_own_module_says_why_it_does_not_load_elsewhere():
    text = hj.dumps(SCATTER_GAME).replace("writing_rules:ScatterPass", "__main__:ScatterPass")
    with pytest.raises(hj.FormatError, match="module __main__"):
        hj.loads(text)
