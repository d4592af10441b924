"""Fuzzing what a server takes from clients: moves, JSON, records, views and the command's input.

Each target draws hostile input and checks the property of :mod:`fuzzing`: only documented
errors, inputs unchanged, bounded time and memory per call. The targets:

- random and forged moves on states of every phase of every preset;
- saved states, views, moves, rules, records and events with fields changed;
- views with fields changed, given to ``validate_view``, ``determinize`` and every bot;
- random game-record texts;
- random input on the command's standard input.

Budgets are a few seconds per target; ``HARTENJAGEN_FUZZ=nightly`` runs them 50 times longer.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import resource
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import Phase, given
from hypothesis import strategies as st

import hartenjagen as hj
from fuzzing import call, fuzz
from hartenjagen import cli, rules, testing, variants
from hartenjagen.bots import BotError, make_bot
from hartenjagen.bots.determinize import DeterminizeError, determinize
from hartenjagen.cards import ALL_CARDS
from hartenjagen.cli import terminal
from hartenjagen.frontend.views import events_for, validate_view
from helpers import ONE_SUIT_EACH, game
from playouts import PRESETS

#: Every preset, the rule shapes they lack, and an announcement round under a card-dependent opening.
RULESETS: dict[str, hj.Rules] = {
    **dict(PRESETS),
    "miezen_lowest_club": attrs.evolve(variants.ACHTERHOEK, opening=rules.opening.LOWEST_CLUB),
}
HUGE = 10**5000


@pytest.fixture(autouse=True, scope="module")
def _address_space_bound() -> Iterator[None]:
    """No call may take gigabytes: past 2 GiB more address space, an allocation fails (MemoryError)."""
    status = Path("/proc/self/status")
    if not status.exists():
        yield
        return
    size = next(
        int(line.split()[1]) * 1024 for line in status.read_text().splitlines() if line.startswith("VmSize")
    )
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = size + 2 * 2**30
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


# ---------------------------------------------------------------- states of every phase


def _rare_states() -> list[hj.State]:
    """Phases random play seldom reaches: a moon choice, a game over, a hand dealt again after a revoke.

    (A revoke's penalty never ends the game mid-hand: the same dealer deals again.)
    """
    moon = game(list(ONE_SUIT_EACH), moon=rules.moon.SHOOTER_CHOICE)
    while moon.phase is hj.Phase.PLAYING:
        moon = hj.apply(moon, hj.legal_moves(moon)[0])
    over = hj.rollout(hj.new_game(variants.OPENSPIEL, seed=1), rng=1)
    revoke_rules = hj.Rules(
        passing=rules.passing.NO_PASSING,
        ending=rules.ending.ScoreLimit(limit=10),
        extras=(rules.extras.RevokePenalty(),),
    )
    revoked = hj.new_game(revoke_rules, seed=2)
    wrong = next(card for card in revoked.hands[revoked.to_move[0]] if str(card) != "2C")
    revoked = hj.apply(revoked, hj.Play(revoked.to_move[0], wrong))
    assert (moon.phase, over.phase, revoked.phase) == (
        hj.Phase.MOON_CHOICE,
        hj.Phase.GAME_OVER,
        hj.Phase.PLAYING,
    )
    assert revoked.score_sheet[-1].revoke is not None
    return [moon, over, revoked]


RARE = _rare_states()


@st.composite
def states(draw: st.DrawFn) -> hj.State:
    """A state of a preset after random play: any phase (passing, announcing, playing, later hands)."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.sampled_from(RARE))
    ruleset = RULESETS[draw(st.sampled_from(sorted(RULESETS)))]
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.one_of(st.integers(0, 6), st.integers(0, 70), st.integers(0, 400)))
    state = hj.new_game(ruleset, seed=seed, dealer=draw(st.integers(0, ruleset.players - 1)))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        listed = hj.legal_moves(state)
        state = hj.apply(state, listed[rng.randrange(len(listed))])
    return state


# ---------------------------------------------------------------- forged objects


class Liar(int):
    """An int equal to everything (and less and greater than everything)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __lt__(self, other: object) -> bool:
        return True

    __le__ = __gt__ = __ge__ = __lt__
    __hash__ = int.__hash__


def forged_card(card: hj.Card, index: int | None = None) -> hj.Card:
    forged = object.__new__(hj.Card)
    object.__setattr__(forged, "rank", card.rank)
    object.__setattr__(forged, "suit", card.suit)
    object.__setattr__(forged, "index", card.index if index is None else index)
    return forged


SEATS = st.one_of(
    st.integers(-2, 7),
    st.integers(0, 6).map(Liar),
    st.sampled_from([HUGE, -HUGE, 2**63, 2**31, True, None, 1.0, "1"]),
)


@st.composite
def cards(draw: st.DrawFn, state: hj.State) -> object:
    held = [card for hand in state.hands for card in hand] or list(ALL_CARDS)
    card = draw(st.sampled_from(held) | st.sampled_from(ALL_CARDS))
    kind = draw(st.sampled_from(["card", "card", "copy", "forged index", "text", "garbage"]))
    if kind == "copy":
        return forged_card(card)
    if kind == "forged index":
        return forged_card(card, draw(st.sampled_from([-1, 52, 99, card.index + 1, HUGE])))
    if kind == "text":
        return draw(st.sampled_from([str(card), card.symbol, "XX", "", "10H", "QS#2"]))
    if kind == "garbage":
        return draw(st.sampled_from([None, 7, HUGE, 1.5, b"QS", ("Q", "S")]))
    return card


@st.composite
def forged_moves(draw: st.DrawFn, state: hj.State) -> Callable[[], object]:
    """How a client's move is built: any seat, any card object, any count, or no move at all."""
    kind = draw(st.sampled_from(["play", "pass", "announce", "moon", "kit"]))
    seat = draw(SEATS | st.sampled_from(state.to_move or (0,)))
    if kind == "kit":
        move = draw(testing.moves(state))
        return lambda: move
    if kind == "play":
        card = draw(cards(state))
        return lambda: hj.Play(seat, card)
    if kind == "pass":
        chosen = draw(st.lists(cards(state), max_size=5))
        return lambda: hj.Pass(seat, chosen)
    if kind == "announce":
        flag = draw(st.sampled_from([True, False, 1, None, "yes"]))
        return lambda: hj.Announce(seat, flag)
    option = draw(st.sampled_from([*hj.MoonOption, "reset", "RESET", None, 3]))
    return lambda: hj.MoonChoice(seat, option)


@fuzz(400)
@given(states(), st.data())
def test_random_and_forged_moves_on_states_of_every_phase(state, data):
    listed = hj.legal_moves(state)
    for _ in range(data.draw(st.integers(1, 4))):
        # Building the move is part of what a client controls: it may already be refused.
        move = call(data.draw(forged_moves(state)), hj.MoveError, hj.CardParseError)
        if move is None:
            continue
        reason = call(lambda m=move: hj.explain(state, m), inputs=(state,))
        assert (reason is None) == hj.is_legal(state, move) == (move in listed)
        after = call(lambda m=move: hj.apply(state, m), hj.IllegalMoveError, inputs=(state,))
        stepped = call(lambda m=move: hj.step(state, m), hj.IllegalMoveError, inputs=(state,))
        if reason is None:
            assert after is not None and stepped is not None and stepped[0] == after
            assert after.players == state.players
            for seat in (*range(state.players), None):
                call(lambda s=seat, e=stepped[1]: events_for(e, s))
        else:
            # A code is a string: a built-in one, or a module's own play_code (MustDropQueen's equals one).
            assert isinstance(reason.code, str) and reason.code in set(hj.IllegalMoveCode) and reason.message
            if after is not None:  # only a revoke penalty lets an illegal play through: it voids the hand
                assert isinstance(move, hj.Play) and any(
                    isinstance(extra, rules.extras.RevokePenalty) for extra in state.rules.extras
                )
                assert after.score_sheet[-1].revoke == move.seat and stepped is not None
    for index in data.draw(st.lists(st.sampled_from([1.5, "0", None, -1, 10**6, HUGE, True]), max_size=3)):
        with contextlib.suppress(TypeError, IndexError):  # what a tuple raises
            listed[index]


# ---------------------------------------------------------------- JSON with fields changed

#: Values to put into a field: the kinds JSON has, in and out of range.
REPLACEMENTS: st.SearchStrategy[Any] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 60),
        st.sampled_from([10**4000, -(10**4000), 2**63, 2**64 + 1, 2**4096]),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=5),
        st.sampled_from(["2C", "QS", "QS#2", "AH", "left", "playing", "passing", "others_plus", "Q", "S"]),
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*path, index))
    return out


def _at(tree: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        tree = tree[key]
    return tree


def _record_of(state: hj.State, rng: random.Random, moves: int) -> hj.GameRecord:
    record = hj.GameRecord.begin(hj.new_game(state.rules, seed=rng.randrange(1000)))
    current = record.initial_state()
    played = []
    for _ in range(moves):
        if current.is_over:
            break
        listed = hj.legal_moves(current)
        move = listed[rng.randrange(len(listed))]
        played.append(move)
        current = hj.apply(current, move)
    return record.add(*played)


def _saved_values(state: hj.State, rng: random.Random) -> list[object]:
    values: list[object] = [state, state.rules, hj.public_view(state), _record_of(state, rng, 30)]
    values += [hj.view(state, seat) for seat in range(state.players)]
    values += list(state.score_sheet[-2:]) + list(state.tricks[-1:]) + list(hj.legal_moves(state)[:2])
    if not state.is_over:
        _, events = hj.step(state, hj.legal_moves(state)[0])
        values += list(events[:3])
    return values


@st.composite
def changed_json(draw: st.DrawFn) -> str:
    """A saved value's JSON with one to three fields replaced, deleted, or taken from another value."""
    state = draw(states())
    values = _saved_values(state, random.Random(draw(st.integers(0, 99))))
    tree = json.loads(hj.dumps(draw(st.sampled_from(values))))
    donor = json.loads(hj.dumps(draw(st.sampled_from(values))))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(tree)))
        how = draw(st.sampled_from(["replace", "replace", "delete", "donor", "duplicate"]))
        if how == "donor":
            replacement = copy.deepcopy(_at(donor, draw(st.sampled_from(_paths(donor)))))
        else:
            replacement = draw(REPLACEMENTS)
        if not path:
            tree = replacement
            continue
        parent = _at(tree, path[:-1])
        if how == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
        else:
            parent[path[-1]] = replacement
    return json.dumps(tree)


def _use(value: object) -> None:
    """What a server does with a value it loaded: play on, replay, think about a view."""
    if isinstance(value, hj.State):
        assert call(lambda: hj.loads(hj.dumps(value)), inputs=(value,)) == value
        call(lambda: hj.rollout(value, rng=1, until="hand"), inputs=(value,))
    elif isinstance(value, hj.PlayerView):
        _think(value)
    elif isinstance(value, hj.GameRecord):
        final = call(value.final_state, hj.RecordError)
        call(value.to_text)
        if final is not None:
            assert hj.GameRecord.from_text(value.to_text()) == value
    elif isinstance(value, hj.Rules):
        state = call(lambda: hj.new_game(value, seed=1))
        call(lambda: hj.rollout(state, rng=1, until="hand"), inputs=(state,))


def _think(seen: hj.PlayerView) -> None:
    """Every consumer of a view: the check, determinize, every bot, the terminal's drawing."""
    call(lambda: validate_view(seen), hj.ViewError, inputs=(seen,))
    call(lambda: terminal.show(seen), hj.ViewError, inputs=(seen,))
    if seen.seat is not None and not seen.is_over:
        call(lambda: determinize(seen, 1), DeterminizeError, inputs=(seen,))
    for name in ("random", "heuristic", "sampling"):
        options = {"samples": 2} if name == "sampling" else {}
        move = call(lambda n=name, o=options: make_bot(n, seed=1, **o).choose(seen), BotError, inputs=(seen,))
        if move is not None and seen.phase is not hj.Phase.PASSING:
            assert move in seen.legal_moves


@fuzz(400)
@given(changed_json())
def test_saved_values_with_fields_changed(text):
    value = call(lambda: hj.loads(text), hj.FormatError)
    if value is not None:
        _use(value)


# ---------------------------------------------------------------- views with fields changed

VIEW_FIELDS = [field.name for field in attrs.fields(hj.PlayerView) if field.init]


@fuzz(300)
@given(states(), states(), st.data())
def test_views_with_fields_changed_reach_every_consumer(state, other, data):
    seat = data.draw(st.none() | st.integers(0, state.players - 1))
    seen = hj.view(state, seat) if seat is not None else hj.public_view(state)
    donors = [hj.view(other, s) for s in range(other.players)] + [seen]
    changes = {}
    for field in data.draw(st.lists(st.sampled_from(VIEW_FIELDS), min_size=1, max_size=3, unique=True)):
        donor = data.draw(st.sampled_from(donors))
        changes[field] = data.draw(
            st.one_of(
                st.just(getattr(donor, field)),
                st.sampled_from([None, (), 0, -1, 2**63, HUGE, "x", (0,), ((),), True]),
            )
        )
    changed = attrs.evolve(seen, **changes)
    _think(changed)


# ---------------------------------------------------------------- record texts


def _record_lines(rng: random.Random) -> list[str]:
    state = RULESETS[rng.choice(sorted(RULESETS))]
    return (
        _record_of(hj.new_game(state, seed=rng.randrange(100)), rng, rng.randrange(80)).to_text().splitlines()
    )


RECORD_WORDS = st.sampled_from(
    ["rules:", "seed:", "dealer:", "deal 0:", "secret", "-1", "7", "9" * 5000, "9" * 1300, "1.5", "play", "pass",
     "announce", "moon", "yes", "QS", "QS#2", "٣", "standard", "{", '{"type": "Rules"}', "hoemke_P1L1H1S1"]
)  # fmt: skip


@st.composite
def record_texts(draw: st.DrawFn) -> str:
    lines = _record_lines(random.Random(draw(st.integers(0, 2**16))))
    for _ in range(draw(st.integers(0, 4))):
        index = draw(st.integers(0, max(0, len(lines) - 1)))
        action = draw(st.sampled_from(["delete", "double", "swap", "change", "word", "append"]))
        if not lines:
            break
        if action == "delete":
            del lines[index]
        elif action == "double":
            lines.insert(index, lines[index])
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif action == "change":
            lines[index] = draw(st.text(max_size=30))
        elif action == "append":
            lines.append(f"{len(lines)}. {draw(st.text(max_size=12))}")
        else:
            words = lines[index].split(" ")
            words[draw(st.integers(0, len(words) - 1))] = draw(RECORD_WORDS | st.text(max_size=4))
            lines[index] = " ".join(words)
    return "\n".join(lines)


@fuzz(250)
@given(st.one_of(record_texts(), st.text(max_size=80)))
def test_random_record_texts(text):
    record = call(lambda: hj.GameRecord.from_text(text), hj.RecordError)
    if record is None:
        return
    final = call(record.final_state, hj.RecordError)
    if final is not None:
        states_ = call(record.states)
        assert states_[-1] == final and len(states_) == len(record.moves) + 1
        assert hj.GameRecord.from_text(record.to_text()) == record
        call(lambda: hj.loads(hj.dumps(record)))


# ---------------------------------------------------------------- the command's standard input


def _run_cli(argv: list[str], data: bytes, *, errors: str) -> tuple[int, str]:
    """``hartenjagen ARGV`` in this process, ``data`` on its input; the exit code and everything printed."""
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors=errors)
    printed = io.StringIO()
    saved = sys.stdin
    sys.stdin = stdin
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            return cli.main(argv), printed.getvalue()
    finally:
        sys.stdin = saved


INPUT_LINES = st.lists(
    st.one_of(
        st.sampled_from(
            ["1", "2", "0", "99", "-1", "QS", "2C", "y", "n", "yes", "help", "?", "", " ", "9" * 5000]
        ),
        st.text(max_size=12),
    ),
    max_size=30,
).map(lambda lines: "\n".join(lines).encode("utf-8", errors="surrogatepass"))


def _check_command(argv: list[str], data: bytes, errors: str) -> None:
    ran = call(lambda: _run_cli(argv, data, errors=errors))
    code, printed = ran
    assert code in (0, 130), (code, printed[-500:])
    assert "Traceback" not in printed


@fuzz(80)
@given(INPUT_LINES, st.integers(0, 99), st.sampled_from(["play", "replay"]))
def test_random_text_on_the_commands_input(tmp_path_factory, data, seed, command):
    argv = ["play", "--seed", str(seed), "--bots", "random"]
    if command == "replay":
        path = tmp_path_factory.mktemp("records") / "game.txt"
        path.write_text(
            _record_of(hj.new_game(variants.STANDARD, seed=seed), random.Random(seed), 60).to_text()
        )
        argv = ["replay", "--step", str(path)]
    _check_command(argv, data, errors="strict")


@fuzz(15, phases=[Phase.explicit, Phase.generate])  # (while it fails: no time spent shrinking)
@given(st.binary(min_size=1, max_size=200).filter(lambda b: not _is_utf8(b)), st.integers(0, 99))
def test_random_bytes_on_the_commands_input(data, seed):
    _check_command(["play", "--seed", str(seed), "--bots", "random"], data, errors="strict")


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
