"""hartenjagen.json_schema: the schemas accept what dumps writes, reject what loads rejects, and match docs/schema/."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.frontend.schema import KINDS
from hartenjagen.frontend.views import events_for

ROOT = Path(__file__).resolve().parent.parent


def _load_generator() -> ModuleType:
    path = ROOT / "scripts" / "gen_schema.py"
    spec = importlib.util.spec_from_file_location("gen_schema", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("gen_schema", module)
    spec.loader.exec_module(module)
    return module


gen = _load_generator()
VALIDATORS = {
    kind: jsonschema.Draft202012Validator(hj.json_schema(kind))  # type: ignore[arg-type]
    for kind in KINDS
}


def _valid(kind: str, text: str) -> None:
    errors = sorted(VALIDATORS[kind].iter_errors(json.loads(text)), key=lambda e: list(e.path))
    assert not errors, f"{kind}: {errors[0].message} at {list(errors[0].path)}\n{text[:300]}"


def _invalid(kind: str, data: Any) -> None:
    assert not VALIDATORS[kind].is_valid(data)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_schema_is_a_valid_2020_12_schema(kind: str) -> None:
    schema = hj.json_schema(kind)  # type: ignore[arg-type]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    # Every reference points at a definition of the same schema.
    refs = set(re.findall(r'"\$ref": "#/\$defs/([A-Za-z]+)"', json.dumps(schema)))
    assert refs and refs <= set(schema["$defs"])  # type: ignore[arg-type]


def test_an_unknown_kind_is_refused_with_the_kinds() -> None:
    for bad in ("views", "", None, 3):
        with pytest.raises(ValueError, match="the kinds are view, event, move, state, rules, record"):
            hj.json_schema(bad)  # type: ignore[arg-type]


def test_json_schema_returns_a_fresh_value() -> None:
    first = hj.json_schema("move")
    first["title"] = "changed"
    assert hj.json_schema("move")["title"] != "changed"


def test_the_committed_schema_files_and_typescript_are_what_the_code_generates() -> None:
    for path, text in gen.files().items():
        assert path.exists(), f"{path} is missing: run python scripts/gen_schema.py"
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale: run python scripts/gen_schema.py"


def test_the_generator_check_mode_notices_a_stale_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gen, "OUT", tmp_path)
    assert gen.main(["--check"]) == 1  # nothing written yet
    assert gen.main([]) == 0
    assert gen.main(["--check"]) == 0
    (tmp_path / "move.schema.json").write_text("{}", encoding="utf-8")
    assert gen.main(["--check"]) == 1


def test_the_typescript_declares_every_definition_and_saved_kind() -> None:
    text = gen.typescript(gen.schemas())
    for kind in KINDS:
        for name in hj.json_schema(kind)["$defs"]:  # type: ignore[arg-type,union-attr]
            assert re.search(rf"^export (interface|type) {name}\b", text, re.M), name
        assert f"export type {gen.SAVED[kind]} = " in text
    assert "export interface PlayerView {" in text
    assert '  type: "Play";\n  seat: number;\n  card: AnyCard;' in text  # a card or a joker
    assert "export type Move = Play | Pass | Announce | MoonChoice;" in text


def _playout(rules: hj.Rules, seed: int, limit: int, every: int = 1) -> None:
    """Validate each move and each event (raw and censored) along a random game, and the views.

    The view of the seat to move is validated every ``every`` steps, and every
    seat's view and a spectator's at each new phase (a view holds the rules, whose
    schema is the slow part of a view's).
    """
    rng = random.Random(seed)
    state = hj.new_game(rules, seed=seed)
    record = hj.GameRecord.begin(state)
    _valid("state", hj.dumps(state))
    phase = None
    for number in range(limit):
        if state.is_over:
            break
        if state.phase is not phase:
            phase = state.phase
            for seat in range(state.players):
                _valid("view", hj.dumps(hj.view(state, seat)))
            _valid("view", hj.dumps(hj.public_view(state)))
        elif number % every == 0:
            _valid("view", hj.dumps(hj.view(state, state.to_move[0])))
        move = rng.choice(hj.legal_moves(state))
        _valid("move", hj.dumps(move))
        state, events = hj.step(state, move)
        record = record.add(move)
        for event in events:
            _valid("event", hj.dumps(event))
            if isinstance(event, hj.events.CardsExchanged):  # the one event censoring changes
                for seat in (None, *range(state.players)):
                    for censored in events_for((event,), seat):
                        _valid("event", hj.dumps(censored))
    _valid("state", hj.dumps(state))
    _valid("record", hj.dumps(record))


@pytest.mark.parametrize("preset", variants.OFFERED, ids=lambda p: p.name)
def test_random_views_events_and_moves_of_every_preset_validate(preset: variants.Preset) -> None:
    _valid("rules", hj.dumps(preset.rules))
    _playout(preset.rules, 1, 120, every=3)


@pytest.mark.parametrize("passing", [1, 2, 3, 4])
def test_hoemke_games_validate(passing: int) -> None:
    _playout(variants.hoemke(passing, passing, passing, passing), passing, 80, every=3)


def test_whole_games_validate_to_the_end() -> None:
    # Moon choices, announcements, game over and a double deck's state all appear in whole games.
    for rules in (variants.ACHTERHOEK, variants.OPENSPIEL):
        _playout(rules, 5, 10_000, every=40)


def test_the_schemas_reject_what_loads_rejects() -> None:
    play = json.loads(hj.dumps(hj.Play(0, "QS")))
    assert VALIDATORS["move"].is_valid(play)
    _invalid("move", {**play, "card": "1X"})  # no such card
    _invalid("move", {**play, "card": "QS#2"})  # a copy mark belongs in a state only
    _invalid("move", {**play, "version": 2})
    _invalid("move", {k: v for k, v in play.items() if k != "version"})  # the top level names the version
    _invalid("move", {k: v for k, v in play.items() if k != "seat"})
    _invalid("move", {**play, "extra": 1})
    _invalid("move", {**play, "seat": "0"})
    _invalid("move", {**play, "type": "Card"})
    event = json.loads(hj.dumps(hj.events.HeartsBroken(1, hj.Card("2H"))))
    _invalid("move", event)
    assert VALIDATORS["event"].is_valid(event)
    view = json.loads(hj.dumps(hj.view(hj.new_game(variants.STANDARD, seed=1), 0)))
    assert VALIDATORS["view"].is_valid(view)
    _invalid("view", {**view, "phase": "dancing"})
    _invalid("view", {**view, "legal_moves": [{"type": "Play", "version": 1, "seat": 0, "card": "QS"}]})
    _invalid("view", {**view, "rules": {**view["rules"], "deck": {"type": "Tarot"}}})


def test_a_state_may_write_a_second_copy_of_a_card() -> None:
    state = hj.new_game(variants.SIX_DOUBLE_DECK, seed=4)
    text = hj.dumps(state)
    assert "#2" in text
    _valid("state", text)
