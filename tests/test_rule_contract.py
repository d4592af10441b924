"""The rule-module contract: a shared base, a play context of cards, and codes owned by modules.

The house rules under test are the ones of ``examples/writing_rules.py``, written with public
names only.
"""

from __future__ import annotations

import inspect
import random
import sys
from collections.abc import Iterable
from pathlib import Path

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import rules, testing, variants
from hartenjagen.cards import Card, Suit, parse_cards
from hartenjagen.errors import IllegalMoveCode, RulesError
from hartenjagen.events import TrickWon
from hartenjagen.moves import Announce, Play
from hartenjagen.rules import HouseRule, PlayContext, RuleModule
from hartenjagen.values import Phase

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

from writing_rules import HOUSE, QUEEN, DiscardQueenWhenVoid, NoTrickPledge, QueenBreaksHearts

BASES = (
    rules.Deck, rules.Passing, rules.Opening, rules.FirstTrick, rules.Leading, rules.Scoring,
    rules.Moon, rules.Ending, rules.Duplicates, rules.HouseRule,
)  # fmt: skip

#: Seat 0 leads the 2♣ with nothing but clubs; seat 1 holds the Q♠ and twelve hearts, no club.
VOID_DEAL = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
)
OPEN = attrs.evolve(
    variants.STANDARD, passing=rules.passing.NO_PASSING, first_trick=rules.first_trick.ANYTHING
)


def _after_lead(extras: tuple[HouseRule, ...]) -> hj.State:
    state = hj.new_game(attrs.evolve(OPEN, extras=extras), deal=VOID_DEAL)
    return hj.apply(state, Play(0, "2C"))


def test_every_slot_base_is_a_rule_module():
    for base in BASES:
        assert issubclass(base, RuleModule), base
    for module in (*variants.STANDARD.modules().values(), *HOUSE.extras):
        if isinstance(module, tuple):
            continue
        assert isinstance(module, RuleModule)
        assert module == attrs.evolve(module) if attrs.has(type(module)) else module == module


def test_a_plain_subclass_compares_by_its_attributes_and_prints_as_code():
    class Plain(HouseRule):
        def __init__(self, points: int) -> None:
            self.points = points

    assert Plain(3) == Plain(3)
    assert Plain(3) != Plain(4)
    assert hash(Plain(3)) == hash(Plain(3))
    assert repr(Plain(3)) == "Plain()"
    assert Plain(3) != DiscardQueenWhenVoid()


def test_the_restriction_narrows_the_legal_cards_to_the_queen():
    state = _after_lead((DiscardQueenWhenVoid(),))
    assert hj.legal_moves(state) == (Play(1, "QS"),)
    without = _after_lead(())
    assert len(hj.legal_moves(without)) == 13


def test_the_refusal_carries_the_modules_own_code_and_sentence():
    state = _after_lead((DiscardQueenWhenVoid(),))
    reason = hj.explain(state, Play(1, "2H"))
    assert reason is not None
    assert reason.code == "must_discard_queen"
    assert reason.message == "2♥ may not be played: you cannot follow suit, so you must discard the Q♠"
    with pytest.raises(hj.IllegalMoveError) as raised:
        hj.apply(state, Play(1, "2H"))
    assert raised.value.code == "must_discard_queen"
    # The built-in codes are strings too, and keep comparing as before.
    follow = hj.explain(hj.apply(state, Play(1, "QS")), Play(2, "AH"))
    assert follow is not None and follow.code is IllegalMoveCode.CARD_NOT_IN_HAND
    assert IllegalMoveCode.MUST_FOLLOW_SUIT == "must_follow_suit"


def test_the_play_context_is_the_position_in_cards():
    state = _after_lead((DiscardQueenWhenVoid(),))
    context = PlayContext.of(state)
    assert context.seat == 1
    assert context.hand == tuple(sorted(parse_cards(VOID_DEAL[1])))
    assert context.allowed == frozenset({QUEEN})
    assert context.trick == (Play(0, "2C"),)
    assert context.led_suit is Suit.CLUBS
    assert context.trick_number == 1
    assert not context.leading and not context.hearts_broken
    assert context.tricks_taken == (0, 0, 0, 0)
    assert context.scores == (0, 0, 0, 0)
    assert context.rules is state.rules
    with pytest.raises(RulesError, match="play phase"):
        PlayContext.of(hj.new_game(variants.STANDARD, seed=1))


@attrs.frozen
class _Empty(HouseRule):
    def playable(self, context: PlayContext) -> Iterable[Card]:
        return ()


@attrs.frozen
class _NotCards(HouseRule):
    def playable(self, context: PlayContext) -> Iterable[Card]:
        return 42  # type: ignore[return-value]


@attrs.frozen
class _Outside(HouseRule):
    def playable(self, context: PlayContext) -> Iterable[Card]:
        return {Card.parse("AS"), *context.allowed}  # a card the seat does not hold is ignored


def test_a_rule_that_leaves_no_card_says_so():
    with pytest.raises(RulesError, match="left no card to play"):
        hj.legal_moves(_after_lead((_Empty(),)))


def test_a_rule_that_returns_no_cards_says_so():
    with pytest.raises(RulesError, match="playable must return cards"):
        hj.legal_moves(_after_lead((_NotCards(),)))


def test_cards_outside_the_allowed_ones_are_ignored():
    assert len(hj.legal_moves(_after_lead((_Outside(),)))) == 13


@pytest.mark.parametrize("code", ["", "Has Capitals", "no spaces allowed", 7])
def test_a_bad_play_code_is_refused_when_the_rules_are_built(code):
    bad = type("Bad", (HouseRule,), {"play_code": code})
    with pytest.raises(RulesError, match="play_code"):
        attrs.evolve(variants.STANDARD, extras=(bad(),))


def test_a_bad_refusal_text_is_refused():
    bad = type("Bad", (HouseRule,), {"refusal_text": None})
    with pytest.raises(RulesError, match="refusal_text"):
        attrs.evolve(variants.STANDARD, extras=(bad(),))


@pytest.mark.parametrize("preset", [p for p in variants.ALL if not p.rules.extras][:12], ids=lambda p: p.name)
def test_the_restriction_holds_in_every_deck(preset):
    """In every preset (two packs included) after the first trick, a void seat holding the Q♠ may play only it."""
    house = attrs.evolve(preset.rules, extras=(DiscardQueenWhenVoid(),))
    rng = random.Random(preset.name)
    for game in range(3):
        state = hj.new_game(house, seed=game)
        for _ in range(400):
            if state.is_over:
                break
            if state.phase is Phase.PLAYING and state.trick:
                seat = state.to_move[0]
                hand = state.hands[seat]
                led = state.trick[0].card.suit
                plays = hj.legal_moves(state)
                if state.trick_number and QUEEN in hand and all(card.suit is not led for card in hand):
                    assert {move.card for move in plays} == {QUEEN}
            state = hj.apply(state, rng.choice(hj.legal_moves(state)))


@pytest.mark.parametrize("seed", range(6))
def test_the_pledge_scores_kept_and_broken_pledges(seed):
    """Seats 1 and 2 pledge; each scores its card points plus 15 if it won a trick, minus 15 if not."""
    state = hj.new_game(attrs.evolve(OPEN, extras=(NoTrickPledge(),)), deal=VOID_DEAL)
    assert state.phase is Phase.ANNOUNCING
    while state.phase is Phase.ANNOUNCING:
        seat = state.to_move[0]
        state = hj.apply(state, Announce(seat, seat in (1, 2)))
    assert state.announcers == (1, 2)
    rng = random.Random(seed)
    won = [0, 0, 0, 0]
    while not state.score_sheet:
        state, events = hj.step(state, rng.choice(hj.legal_moves(state)))
        for event in events:
            if isinstance(event, TrickWon):
                won[event.winner] += 1
    line = state.score_sheet[0]
    assert line.announcers == (1, 2)
    if line.shooter is None:
        expected = [0, 15 if won[1] else -15, 15 if won[2] else -15, 0]
        assert [p - r for p, r in zip(line.points, line.raw, strict=True)] == expected


def test_the_house_game_passes_the_kit():
    testing.check_rules(HOUSE, games=4)


ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("preset", [variants.STANDARD, variants.SIX_DOUBLE_DECK, variants.BLACK_LADY_3])
def test_a_leading_module_written_on_cards_plays_like_the_built_in_one(preset):
    """The card-level module above and the built-in `leading.QUEEN_BREAKS` offer the same moves."""
    mine = attrs.evolve(preset, leading=QueenBreaksHearts())
    theirs = attrs.evolve(preset, leading=rules.leading.QUEEN_BREAKS)
    for seed in range(4):
        rng = random.Random(seed)
        a, b = hj.new_game(mine, seed=seed), hj.new_game(theirs, seed=seed)
        while not a.is_over and a.hand_number < 2:
            moves = hj.legal_moves(a)
            assert list(moves) == list(hj.legal_moves(b))
            assert a.hearts_broken == b.hearts_broken
            move = moves[rng.randrange(len(moves))]
            a, b = hj.apply(a, move), hj.apply(b, move)
        assert a.score_sheet == b.score_sheet


def test_a_leading_modules_refusal_is_its_own_sentence():
    """Seat 1 wins trick one with the A♣ and may not lead its A♥ before hearts are broken."""
    deal = (
        "2C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC AH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )
    state = hj.new_game(attrs.evolve(OPEN, leading=QueenBreaksHearts()), deal=deal)
    for seat, card in enumerate(("2C", "AC", "2D", "2S")):
        state = hj.apply(state, Play(seat, card))
    assert state.to_move == (1,) and not state.hearts_broken
    reason = hj.explain(state, Play(1, "AH"))
    assert reason is not None and reason.code is IllegalMoveCode.HEARTS_NOT_BROKEN
    assert (
        reason.message
        == "A♥ may not be played: hearts may not be led until a heart or the Q♠ has been played"
    )
    assert Play(1, "AH") not in hj.legal_moves(state)
    # The Q♠ breaks hearts under this module: after it is played, the A♥ may be led.
    state = hj.apply(state, Play(1, "3C"))
    state = hj.apply(hj.apply(state, Play(2, "3D")), Play(3, "QS"))
    assert state.hearts_broken


# ---------------------------------------------------------------- the contract's shape


def _hooks(base: type) -> list[tuple[str, inspect.Signature]]:
    return [
        (name, inspect.signature(member))
        for name, member in vars(base).items()
        if inspect.isfunction(member) and not name.startswith("_")
    ]


def test_no_public_hook_receives_the_core_s_table_or_bitmasks():
    """Every hook of every slot's base class takes cards, contexts, rules or plain values."""
    from hartenjagen.core.table import Table

    for base in BASES:
        for name, signature in _hooks(base):
            for parameter in signature.parameters.values():
                assert parameter.name not in ("table", "mask", "candidates", "hand_mask"), (base, name)
                assert "Table" not in str(parameter.annotation), (base, name)
    assert not hasattr(hj, "Table") and Table.__module__ == "hartenjagen.core.table"


def test_the_hand_context_s_fields_are_declared_once():
    """The annotations are the declaration; __init__ and copy spell out the same fields, in order."""
    import ast

    from hartenjagen.core import state as core_state

    source = (ROOT / "src" / "hartenjagen" / "core" / "state.py").read_text(encoding="utf-8")
    (cls,) = [
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.ClassDef) and node.name == "HandContext"
    ]
    declared = [
        n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and not n.target.id.startswith("_")
    ]
    methods = {n.name: n for n in cls.body if isinstance(n, ast.FunctionDef)}
    init = [arg.arg for arg in methods["__init__"].args.args[1:]]
    (copied,) = [n for n in ast.walk(methods["copy"]) if isinstance(n, ast.Call)]
    assert declared == init == [keyword.arg for keyword in copied.keywords] == list(core_state.HAND_FIELDS)
    state = hj.new_game(variants.STANDARD, seed=1)
    assert state._hand.copy().values() == state._hand.values()


def test_the_old_paths_import_the_moved_modules_with_a_warning():
    import importlib
    import warnings

    from hartenjagen._moved import MOVED, _Forwarder

    for old, new in MOVED.items():
        if new.startswith("hartenjagen.adapters.") and new != "hartenjagen.adapters.encoding":
            continue  # the framework adapters import their frameworks (tests of their own cover them)
        if not isinstance(sys.modules.get(old), _Forwarder):
            sys.modules.pop(old, None)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            module = importlib.import_module(old)
            target = importlib.import_module(new)
            public = [name for name in dir(target) if not name.startswith("_")]
            assert module is target or all(getattr(module, name) is getattr(target, name) for name in public)
        assert any(issubclass(w.category, DeprecationWarning) and new in str(w.message) for w in caught), old
    assert hj.views is hj.frontend.views
    assert callable(hj.describe)  # the old path hartenjagen.describe never takes the function's place


def test_a_state_is_typed():
    state = hj.new_game(variants.STANDARD, seed=1)
    assert isinstance(state.rules, rules.Rules) and isinstance(state.pass_direction, rules.PassRoute)
