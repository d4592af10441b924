"""The adapters' compiled helper (`hartenjagen.adapters._steps`), how it is loaded, and the kept direction ids.

`_steps` runs compiled only beside the compiled core it was built with
(`hartenjagen.adapters._load.compiled_or_source`); its answers are checked
here against the engine's, whichever form runs. The lockstep tests of
tests/test_episode_paths.py check whole episodes through it.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.adapters import _load, _steps, encoding
from hartenjagen.adapters.episodes import Episode

SRC = Path(hj.__file__).parents[1]


def test_steps_runs_compiled_exactly_beside_the_compiled_core():
    compiled = Path(_steps.__file__).suffix in (".so", ".pyd")
    assert not compiled or hj.COMPILED  # never the compiled helper beside the interpreted core


def test_the_interpreted_core_gets_the_helpers_source():
    env = {**os.environ, "HARTENJAGEN_PURE_PYTHON": "1", "PYTHONPATH": str(SRC)}
    code = "import hartenjagen.adapters.episodes as e, sys; print(sys.modules['hartenjagen.adapters._steps'].__file__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("_steps.py")


def _fake_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiled_core: bool) -> tuple[Path, Path]:
    source = tmp_path / "fake_steps.py"
    source.write_text("WHERE = 'source'\n", encoding="utf-8")
    built = tmp_path / "fake_steps.cpython-311-x86_64-linux-gnu.so"
    built.write_bytes(b"")
    monkeypatch.setattr(_load, "_HERE", tmp_path)
    monkeypatch.setattr(_load, "COMPILED", compiled_core)
    monkeypatch.delitem(sys.modules, "hartenjagen.adapters.fake_steps", raising=False)
    return source, built


def test_a_compiled_file_older_than_its_source_is_not_loaded(tmp_path, monkeypatch):
    _, built = _fake_module(tmp_path, monkeypatch, compiled_core=True)
    os.utime(built, (1_000_000, 1_000_000))
    with pytest.warns(RuntimeWarning, match="older than its source"):
        module = _load.compiled_or_source("fake_steps")
    assert module.WHERE == "source"
    assert sys.modules["hartenjagen.adapters.fake_steps"] is module
    monkeypatch.delitem(sys.modules, "hartenjagen.adapters.fake_steps")


def test_the_interpreted_core_loads_the_source_even_beside_a_fresh_compiled_file(tmp_path, monkeypatch):
    _fake_module(tmp_path, monkeypatch, compiled_core=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module = _load.compiled_or_source("fake_steps")
    assert module.WHERE == "source"
    monkeypatch.delitem(sys.modules, "hartenjagen.adapters.fake_steps")


def test_the_compiled_core_imports_a_fresh_compiled_file(tmp_path, monkeypatch):
    source, _ = _fake_module(tmp_path, monkeypatch, compiled_core=True)
    os.utime(source, (1_000_000, 1_000_000))
    imported: list[str] = []
    monkeypatch.setattr(importlib, "import_module", lambda name: imported.append(name) or "compiled")
    assert _load.compiled_or_source("fake_steps") == "compiled"
    assert imported == ["hartenjagen.adapters.fake_steps"]


def test_a_compiled_file_that_does_not_load_leaves_the_source(tmp_path, monkeypatch):
    source, _ = _fake_module(tmp_path, monkeypatch, compiled_core=True)
    os.utime(source, (1_000_000, 1_000_000))

    def broken(name: str) -> None:
        raise ImportError(f"{name}: no group library")

    monkeypatch.setattr(importlib, "import_module", broken)
    with pytest.warns(RuntimeWarning, match="does not load"):
        module = _load.compiled_or_source("fake_steps")
    assert module.WHERE == "source"
    monkeypatch.delitem(sys.modules, "hartenjagen.adapters.fake_steps")


def test_a_module_loaded_already_is_kept():
    assert _load.compiled_or_source("_steps") is _steps


# ---------------------------------------------------------------- Dealing


def _waiting_for_the_deal(rules: hj.Rules) -> hj.State:
    state = hj.new_game(rules, chance="explicit")
    while not isinstance(hj.chance_outcomes(state)[0][0], hj.DealCard):
        state = hj.apply(state, hj.chance_outcomes(state)[0][0])
    return state


def _engine_ids(state: hj.State, rules: hj.Rules) -> list[tuple[int, float]]:
    return sorted((encoding.chance_id(outcome, rules), p) for outcome, p in hj.chance_outcomes(state))


@pytest.mark.parametrize("variant", ["standard", "six_double_deck", "black_lady_3"])
def test_a_deal_lists_what_the_engine_lists_card_by_card(variant):
    rules = variants.preset(variant).rules
    codes = encoding.codes_of(rules)
    state = _waiting_for_the_deal(rules)
    dealt = rules.deck.hand_size() * rules.players
    dealing = _steps.Dealing(state, codes.copies, dealt)
    order = [card for card in rules.deck.pack()][:dealt]
    for k, card in enumerate(order):
        assert dealing.outcomes(codes.deal_rows) == _engine_ids(state, rules)
        taken = dealing.take(codes.card_ids[card.index])
        assert taken == (_steps.DEALT if k == dealt - 1 else _steps.TAKEN)
        state = hj.apply(state, hj.DealCard(card))
    assert dealing.done and dealing.ids == [codes.card_ids[card.index] for card in order]


@pytest.mark.parametrize("wrong", [-1, 52, 52.0, "3", True, None])
def test_a_deal_takes_no_id_that_is_no_card_left_and_changes_nothing(wrong):
    state = _waiting_for_the_deal(variants.STANDARD)
    codes = encoding.codes_of(variants.STANDARD)
    dealing = _steps.Dealing(state, codes.copies, 52)
    assert dealing.take(7) == _steps.TAKEN
    before = (list(dealing.ids), list(dealing.copies), list(dealing.open), dealing.left)
    assert dealing.take(wrong) == 0
    assert dealing.take(7) == 0  # dealt already (one copy)
    assert (dealing.ids, dealing.copies, dealing.open, dealing.left) == before


def test_a_cloned_deal_goes_on_alone():
    state = _waiting_for_the_deal(variants.STANDARD)
    codes = encoding.codes_of(variants.STANDARD)
    dealing = _steps.Dealing(state, codes.copies, 52)
    dealing.take(3)
    twin = dealing.clone()
    dealing.take(4)
    assert twin.ids == [3] and dealing.ids == [3, 4]
    assert 4 in twin.open and 4 not in dealing.open and twin.left == dealing.left + 1
    assert twin.base is dealing.base and twin.stop == dealing.stop == 0


def test_the_ids_of_plays_and_pass_picks_are_the_encodings():
    state = hj.new_game(variants.STANDARD, seed=5)
    codes = encoding.codes_of(variants.STANDARD)
    seat = 0
    passable = hj.legal_moves(state).passable(seat)  # type: ignore[attr-defined]
    picked = passable[:2]
    left = _steps.pass_left(passable, picked, codes.card_ids)
    assert _steps.open_ids(left) == tuple(
        i for i in encoding.legal_action_ids(state, picked) if codes.cards[i] not in picked
    )
    while state.phase is hj.Phase.PASSING:
        state = hj.apply(state, hj.legal_moves(state)[0])
    assert _steps.play_ids(hj.legal_moves(state), codes.card_ids) == encoding.legal_action_ids(state)
    after = hj.apply(state, hj.legal_moves(state)[0])
    assert _steps.still_playing(state, after) == after.to_move[0]


def test_the_last_play_of_a_hand_does_not_go_on():
    state = hj.new_game(variants.STANDARD, seed=5)
    while len(state.score_sheet) == 0:
        before, state = state, hj.apply(state, hj.legal_moves(state)[0])
        if state.phase is hj.Phase.PLAYING and before.phase is hj.Phase.PLAYING:
            assert _steps.still_playing(before, state) == state.to_move[0]
    assert _steps.still_playing(before, state) == -1


# ---------------------------------------------------------------- a drawn direction's ids, kept


def test_a_drawn_directions_ids_are_the_engines_and_kept_per_routes():
    rules = variants.openspiel()
    episode = Episode.start(rules, kind="hand", explicit=True)
    while episode.is_chance and not isinstance(hj.chance_outcomes(episode.state)[0][0], hj.DrawnDirection):
        episode.chance(episode.chance_ids()[0][0])
    state = episode.state
    expected = tuple(_engine_ids(state, rules))
    first = encoding.chance_ids(state)
    assert first == expected and len(first) == 4
    assert encoding.chance_ids(state) is first  # kept
    codes = encoding.codes_of(rules)
    assert any(kept[1] is first for kept in codes.drawn.values())
    played = hj.apply(state, hj.chance_outcomes(state)[0][0])
    assert encoding.chance_ids(played) == ()  # no chance node: nothing kept is given


def test_the_kept_direction_ids_stay_few():
    rules = variants.openspiel()
    codes = encoding.codes_of(rules)
    state = Episode.start(rules, kind="hand", explicit=True)
    while not isinstance(hj.chance_outcomes(state.state)[0][0], hj.DrawnDirection):
        state.chance(state.chance_ids()[0][0])
    saved = dict(codes.drawn)
    try:
        codes.drawn.clear()
        codes.drawn.update({-k: (object(), ()) for k in range(1, 65)})
        ids = encoding.chance_ids(state.state)
        assert len(codes.drawn) == 64 and ids == tuple(_engine_ids(state.state, rules))
    finally:
        codes.drawn.clear()
        codes.drawn.update(saved)
