"""The two cores: the compiled one (mypyc) and the interpreted one agree on every preset, move for move.

The compiled core runs in this process when the package was built with a C
compiler (``hj.COMPILED``); the interpreted one runs in a subprocess with
``HARTENJAGEN_PURE_PYTHON=1``. Under CI the compiled core must be there: a
build that silently fell back to the source would test the same core twice.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys
import textwrap

import pytest

import hartenjagen as hj
from hartenjagen import variants

GAMES_PER_PRESET = 3
MOVE_CAP = 400

# Plays games of every preset with random moves and prints, per game, every move and a digest of
# every state (its JSON), so two cores can be compared line by line.
_TRANSCRIPT = textwrap.dedent(
    """
    import hashlib, json, random, sys
    import hartenjagen as hj
    from hartenjagen import variants

    out = {"compiled": hj.COMPILED, "games": []}
    for preset in variants.ALL:
        for game in range(int(sys.argv[1])):
            rng = random.Random(f"{preset.name}/{game}")
            state = hj.new_game(preset.rules, seed=game, dealer=game % preset.rules.players)
            lines = []
            for _ in range(int(sys.argv[2])):
                if state.is_over:
                    break
                moves = hj.legal_moves(state)
                move = moves[rng.randrange(len(moves))]
                after, events = hj.step(state, move)
                assert after == hj.apply(state, move)
                digest = hashlib.sha256(hj.dumps(after).encode()).hexdigest()[:16]
                lines.append([repr(move), len(moves), digest, [type(e).__name__ for e in events]])
                state = after
            end = hj.rollout(state, rng=rng.getrandbits(32), until="game")
            lines.append(["rollout", list(end.scores), list(end.winners), len(end.score_sheet)])
            out["games"].append([preset.name, game, lines])
    # Explicit chance: outcomes drawn like moves; a state is digested from its fields and chance node.
    from hartenjagen.core.chance_nodes import node_of
    from hartenjagen.core.state import fields
    for preset in variants.ALL:
        rng = random.Random(f"explicit/{preset.name}")
        state = hj.new_game(preset.rules, chance="explicit", dealer="cut")
        lines = []
        for _ in range(int(sys.argv[2])):
            if state.is_over:
                break
            if state.phase is hj.Phase.CHANCE:
                options = [outcome for outcome, _ in hj.chance_outcomes(state)]
            else:
                options = list(hj.legal_moves(state))
            move = options[rng.randrange(len(options))]
            after, events = hj.step(state, move)
            assert after == hj.apply(state, move)
            seen = repr((fields(after), node_of(after))).encode()
            lines.append([repr(move), len(options), hashlib.sha256(seen).hexdigest()[:16]])
            state = after
        end = hj.rollout(state, rng=rng.getrandbits(32), until="game")
        lines.append(["rollout", list(end.scores), list(end.winners), len(end.score_sheet)])
        out["games"].append([preset.name, "explicit", lines])
    print(json.dumps(out))
    """
)


def _transcript(pure: bool) -> dict[str, object]:
    env = dict(os.environ)
    if pure:
        env["HARTENJAGEN_PURE_PYTHON"] = "1"
    else:
        env.pop("HARTENJAGEN_PURE_PYTHON", None)
    run = subprocess.run(
        [sys.executable, "-c", _TRANSCRIPT, str(GAMES_PER_PRESET), str(MOVE_CAP)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=600,
    )
    result: dict[str, object] = json.loads(run.stdout)
    return result


def test_compiled_is_a_bool_and_says_which_core_runs() -> None:
    assert isinstance(hj.COMPILED, bool)
    from hartenjagen.core import kernel

    assert (not kernel.__file__.endswith(".py")) == hj.COMPILED


@pytest.mark.skipif(os.environ.get("CI") != "true", reason="only CI insists on a compiled build")
def test_ci_tests_the_compiled_core() -> None:
    assert hj.COMPILED, "the check must run on the mypyc-compiled core; the build fell back to source"


def test_the_environment_variable_loads_the_interpreted_core() -> None:
    code = "import hartenjagen as hj; print(hj.COMPILED)"
    env = {**os.environ, "HARTENJAGEN_PURE_PYTHON": "1"}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert run.stdout.strip() == "False"


def test_both_cores_play_every_preset_alike() -> None:
    pure = _transcript(pure=True)
    assert pure["compiled"] is False
    here = _transcript(pure=False)
    assert here["compiled"] is hj.COMPILED
    assert here["games"] == pure["games"]


_CONTINUE = textwrap.dedent(
    """
    import pickle, random, sys
    import hartenjagen as hj
    state = pickle.loads(sys.stdin.buffer.read())
    rng = random.Random(5)
    while not state.is_over:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    print(hj.COMPILED, list(state.scores), len(state.score_sheet))
    """
)


@pytest.mark.parametrize("pure", [True, False])
def test_a_pickled_state_plays_on_in_the_other_core(pure: bool) -> None:
    rng = random.Random(3)
    state = hj.new_game(variants.STANDARD, seed=11)
    for _ in range(70):
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    env = dict(os.environ)
    if pure:
        env["HARTENJAGEN_PURE_PYTHON"] = "1"
    else:
        env.pop("HARTENJAGEN_PURE_PYTHON", None)
    run = subprocess.run(
        [sys.executable, "-c", _CONTINUE], input=pickle.dumps(state), capture_output=True, env=env, check=True
    )
    rng = random.Random(5)
    while not state.is_over:
        moves = hj.legal_moves(state)
        state = hj.apply(state, moves[rng.randrange(len(moves))])
    there = str(hj.COMPILED and not pure)
    assert run.stdout.decode().strip() == f"{there} {list(state.scores)} {len(state.score_sheet)}"


@pytest.mark.parametrize(
    "call",
    [
        lambda: hj.legal_moves("a state"),
        lambda: hj.apply(None, hj.Play(0, "2C")),
        lambda: hj.step(42, hj.Play(0, "2C")),
        lambda: hj.explain([], hj.Play(0, "2C")),
        lambda: hj.is_legal(object(), hj.Play(0, "2C")),
    ],
)
def test_the_verbs_refuse_what_is_not_a_state_with_a_library_error(call: object) -> None:
    with pytest.raises(hj.StateError, match=r"needs a State \(from new_game or apply\), not "):
        call()  # type: ignore[operator]


def test_a_state_cannot_be_changed_through_its_attributes() -> None:
    state = hj.new_game(variants.STANDARD, seed=1)
    with pytest.raises(AttributeError):
        state.phase = hj.Phase.GAME_OVER  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.scores = (0, 0, 0, 0)  # type: ignore[misc]


def test_no_module_global_keeps_the_last_state_touched() -> None:
    state = hj.new_game(variants.STANDARD, seed=2)
    while state.phase is not hj.Phase.PLAYING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    move = hj.legal_moves(state)[0]
    hj.apply(state, move)
    hj.explain(state, move)
    hj.rollout(state, rng=1)
    for name, module in list(sys.modules.items()):
        if name.startswith("hartenjagen"):
            for value in vars(module).values():
                assert not isinstance(value, hj.State), f"{name} keeps a state in a global"
                if isinstance(value, (tuple, list)):
                    assert not any(isinstance(item, hj.State) for item in value), f"{name} keeps a state"
