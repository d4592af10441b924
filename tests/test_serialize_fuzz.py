"""Fuzzing ``loads``: random JSON, random objects of known types and tampered documents.

Whatever the input, ``loads`` raises only a FormatError, or gives a value; a state it gives has a
legal move unless the game is over, and the move applies."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.engine import step
from hartenjagen.frontend.serialize import FormatError, dumps, loads
from hartenjagen.frontend.views import public_view, view
from serialize_helpers import EXAMPLES, playing_mid_trick

# ---------------------------------------------------------------- fuzzing

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


type_names = st.sampled_from(
    ["Play", "Pass", "State", "Rules", "HandResult", "Trick", "PlayerView", "Card", "TrickWon", "GameRecord"]
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_random_json_only_raises_format_error(value: object) -> None:
    with contextlib.suppress(FormatError):
        loads(json.dumps(value))


@settings(max_examples=300, deadline=None)
@given(type_names, st.dictionaries(st.text(max_size=12), json_values, max_size=6))
def test_random_objects_of_known_types_only_raise_format_error(name: str, fields: dict[str, object]) -> None:
    with contextlib.suppress(FormatError):
        loads(json.dumps({**fields, "type": name, "version": 1}))


def nodes(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside ``data``."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from nodes(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from nodes(value, (*path, i))


def documents() -> list[str]:
    out = [dumps(EXAMPLES[name]()) for name in EXAMPLES]
    state = playing_mid_trick()
    out += [dumps(view(state, 0)), dumps(public_view(state)), dumps(variants.ACHTERHOEK)]
    out += [dumps(event) for event in step(state, hj.legal_moves(state)[0])[1]]
    return out


DOCUMENTS = documents()


nearby: st.SearchStrategy[Any] = (
    st.integers(-2, 60)
    | st.sampled_from(["QS", "2C", "AH", "QS#2", "left", "playing", "game_over", None, True])
    | st.builds(list)
    | st.builds(dict)
)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(DOCUMENTS), st.data())
def test_tampered_documents_raise_format_error_or_load_playable_states(
    text: str, data: st.DataObject
) -> None:
    document = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(nodes(document))))
        if not path:
            continue
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        action = data.draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = data.draw(nearby | json_values)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.text(max_size=6))] = data.draw(nearby)
        else:
            parent.insert(path[-1], data.draw(nearby))
    try:
        value = loads(json.dumps(document))
    except FormatError:
        return
    if isinstance(value, hj.State) and not value.is_over:
        legal = hj.legal_moves(value)
        assert len(legal) > 0
        hj.apply(value, legal[data.draw(st.integers(0, len(legal) - 1))])
