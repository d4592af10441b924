"""A move's straight way through the web service (issue 39, item 4): parsed once, checked once, typed store calls."""

from __future__ import annotations

import inspect
import json
import typing
from typing import Any

import pytest

import hartenjagen as hj
from hartenjagen.web import lobby as lobby_module
from hartenjagen.web import store as store_module
from hartenjagen.web import table as table_module
from serving import request, running, state_of


def _move_body(move: hj.Move) -> bytes:
    return json.dumps({"protocol": 2, "move": json.loads(hj.dumps(move))}).encode()


def _post(served: Any, table: Any, token: str, body: bytes) -> Any:
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    return request(served, "POST", f"/api/{table.id}/move", body, headers)


def test_a_moves_body_is_parsed_once_and_never_written_back_to_text(monkeypatch: pytest.MonkeyPatch) -> None:
    with running(humans=4) as (served, table, tokens):
        v = hj.view(state_of(served, table), 0)
        move = hj.Pass(0, v.pass_options[: v.pass_count])
        body = _move_body(move)
        data = json.loads(body)["move"]
        loads_seen: list[object] = []
        dumps_seen: list[object] = []
        decoded: list[object] = []
        json_loads, json_dumps = json.loads, json.dumps
        decode_top = table_module.decode_top

        def counting_loads(text: Any, *args: Any, **kwargs: Any) -> Any:
            loads_seen.append(text)
            return json_loads(text, *args, **kwargs)

        def counting_dumps(value: Any, *args: Any, **kwargs: Any) -> str:
            dumps_seen.append(value)
            return json_dumps(value, *args, **kwargs)

        def counting_decode(value: object) -> object:
            decoded.append(value)
            return decode_top(value)

        monkeypatch.setattr(json, "loads", counting_loads)
        monkeypatch.setattr(json, "dumps", counting_dumps)
        monkeypatch.setattr(table_module, "decode_top", counting_decode)
        try:
            reply = _post(served, table, tokens[0], body)
        finally:
            monkeypatch.undo()
        assert reply.status == 200, reply.body
        assert decoded == [data]  # the parsed move, decoded from the object once
        assert loads_seen == [body.decode()]  # the body, parsed once
        assert sum(value == data for value in dumps_seen) == 1  # written once: the store's record of it
        assert 0 not in state_of(served, table).to_move  # the pass was made


def test_a_move_is_checked_once_and_an_illegal_one_answered_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with running(humans=4) as (served, table, tokens):
        calls: list[str] = []
        step, explain = table_module.step, table_module.explain

        def counting_step(state: Any, move: Any) -> Any:
            calls.append("step")
            return step(state, move)

        def counting_explain(state: Any, move: Any) -> Any:
            calls.append("explain")
            return explain(state, move)

        monkeypatch.setattr(table_module, "step", counting_step)
        monkeypatch.setattr(table_module, "explain", counting_explain)
        state = state_of(served, table)
        v = hj.view(state, 0)
        move = hj.Pass(0, v.pass_options[: v.pass_count])
        assert _post(served, table, tokens[0], _move_body(move)).status == 200
        assert calls == ["step"]
        calls.clear()
        wrong = hj.Play(1, "2C")  # seat 1 plays while passing: refused by the one check
        reason = explain(state_of(served, table), wrong)
        assert reason is not None
        refused = _post(served, table, tokens[1], _move_body(wrong))
        assert calls == ["step"]
        assert refused.status == 409
        message = refused.json()
        assert message["type"] == "illegal"
        assert message["code"] == str(reason.code) and message["message"] == reason.message
        assert message["text"]


def test_the_store_is_called_through_typed_methods_that_agree_with_the_store() -> None:
    from hartenjagen.web.service import StoreCalls
    from hartenjagen.web.store import Store
    from hartenjagen.web.writes import Writes

    writes = [name for name, value in vars(Writes).items() if inspect.iscoroutinefunction(value)]
    assert set(writes) == {"add_table", "add_game", "add_move", "finish", "abandon", "later"}
    for name in writes:  # each awaited call is the store's call of the same name and arguments
        own = typing.get_type_hints(getattr(Store, name), globalns=vars(store_module))
        wrapped = typing.get_type_hints(getattr(Writes, name), globalns=vars(store_module))
        made = typing.get_type_hints(getattr(StoreCalls, name), globalns=vars(store_module))
        assert own == wrapped == made, name
    source = inspect.getsource(table_module) + inspect.getsource(lobby_module)
    assert "commit(" not in source and '("add_' not in source  # no call by a name in a string
    with running(humans=4) as (served, _, _):
        assert isinstance(served.service.calls, StoreCalls)


def test_the_routes_are_module_functions_listed_in_one_table() -> None:
    from hartenjagen.web import app as app_module

    app = app_module.create_app(":memory:")
    try:
        assert [route.path for route in app.routes] == [route.path for route in app_module.ROUTES]  # type: ignore[attr-defined]
        for route in app_module.ROUTES:
            endpoint = route.endpoint
            assert "<locals>" not in endpoint.__qualname__, endpoint
            assert getattr(app_module, endpoint.__name__) is endpoint
    finally:
        app.state.service.close()


def test_a_revoke_under_a_revoke_penalty_is_still_refused_as_illegal() -> None:
    import attrs

    penalty = attrs.evolve(hj.variants.STANDARD, extras=(hj.rules.extras.RevokePenalty(),))
    with running(penalty, humans=4) as (served, table, tokens):
        for seat in range(4):
            v = hj.view(state_of(served, table), seat)
            reply = _post(
                served, table, tokens[seat], _move_body(hj.Pass(seat, v.pass_options[: v.pass_count]))
            )
            assert reply.status == 200, reply.body
        for _ in range(60):
            state = state_of(served, table)
            seat = state.to_move[0]
            hand = hj.view(state, seat).hand
            led = state.trick[0].card.suit if state.trick else None
            others = [card for card in hand if card.suit != led]
            if led is not None and others and len(others) < len(hand):
                revoke = hj.Play(seat, others[0])
                reason = hj.explain(state, revoke)
                assert reason is not None
                refused = _post(served, table, tokens[seat], _move_body(revoke))
                assert refused.status == 409
                message = refused.json()
                assert (message["type"], message["code"], message["message"]) == (
                    "illegal",
                    str(reason.code),
                    reason.message,
                )
                assert state_of(served, table) is state  # nothing changed: the hand is not void
                return
            move = hj.legal_moves(state)[0]
            assert _post(served, table, tokens[seat], _move_body(move)).status == 200
        pytest.fail("no seat could revoke")
