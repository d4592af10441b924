"""Loading JSON that is not the format: every rejection is a FormatError naming its JSON path.

Not JSON (or not text, or nested too deep), not an object, an unknown type, a wrong or missing
version, missing, extra and duplicate fields, fields of the wrong type, unknown card texts and enum
values, a module class that does not exist, and rules the library itself rejects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import hartenjagen as hj
from hartenjagen import variants
from hartenjagen.rules import passing
from serialize_helpers import L, R, playing_mid_trick, rejects, tampered


@pytest.mark.parametrize(
    "text", ["", "{", "[1,]", "nan", '{"type": "Play", "version": NaN}', "\ud800", '{"a": 1} x']
)
def test_not_json(text: str) -> None:
    rejects(text, "$")


def test_not_json_bytes_or_not_text_or_too_deep() -> None:
    rejects(b"\xff\xfe\xfa", "$")
    rejects(3, "$")
    rejects(None, "$")
    rejects("[" * 100_000 + "]" * 100_000, "$")
    rejects('{"a": ' * 100_000 + "1" + "}" * 100_000, "$")
    rejects("1" * 5000, "$")


@pytest.mark.parametrize("text", ["[]", "3", "1e999", '"State"', "null", "true", '[{"type": "Play"}]'])
def test_not_an_object(text: str) -> None:
    rejects(text, "$")


def test_unknown_type() -> None:
    rejects('{"type": "Bogus", "version": 1}', "$.type")
    rejects('{"type": 3, "version": 1}', "$.type")
    rejects('{"version": 1}', "$.type")
    rejects('{"type": "_StateCheck", "version": 1}', "$.type")
    rejects('{"type": "Preset", "version": 1}', "$.type")
    rejects('{"type": "HouseRule", "version": 1}', "$.type")


@pytest.mark.parametrize("version", [2, 0, "1", 1.0, True, None, [1]])
def test_wrong_version(version: object) -> None:
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.update(version=version)), "$.version")


def test_missing_version() -> None:
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.pop("version")), "$.version")
    rejects(tampered(playing_mid_trick(), lambda d: d.pop("version")), "$.version")


def test_a_version_inside_is_an_extra_field() -> None:
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(version=1)), "$.deck.version")


def test_missing_fields() -> None:
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.pop("seat")), "$.seat")
    rejects(tampered(variants.STANDARD, lambda d: d.pop("extras")), "$.extras")
    rejects(tampered(variants.STANDARD, lambda d: d["passing"].pop("cards")), "$.passing.cards")
    rejects(tampered(playing_mid_trick(), lambda d: d.pop("hands")), "$.hands")
    rejects(tampered(playing_mid_trick(), lambda d: d["tricks"][1].pop("winner")), "$.tricks[1].winner")
    rejects(tampered(playing_mid_trick(), lambda d: d["exchanges"][0].pop("given")), "$.exchanges[0].given")


def test_extra_fields() -> None:
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.update(extra=1)), "$.extra")
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.update({"a b": 1})), '$["a b"]')
    rejects(tampered(playing_mid_trick(), lambda d: d.update(to_move=[0])), "$.to_move")
    rejects(tampered(variants.STANDARD, lambda d: d["opening"].update(card="2C")), "$.opening.card")
    rejects(
        tampered(playing_mid_trick(), lambda d: d["exchanges"][0].update(stage=0)), "$.exchanges[0].stage"
    )


def test_duplicate_keys() -> None:
    rejects('{"type": "Play", "version": 1, "seat": 0, "seat": 1, "card": "QS"}', "$.seat")
    rejects('{"type": "Play", "type": "Play", "version": 1, "seat": 0, "card": "QS"}', "$.type")


@pytest.mark.parametrize(
    ("value", "change", "path"),
    [
        (hj.Play(0, "QS"), lambda d: d.update(seat="0"), "$.seat"),
        (hj.Play(0, "QS"), lambda d: d.update(seat=True), "$.seat"),
        (hj.Play(0, "QS"), lambda d: d.update(seat=0.0), "$.seat"),
        (hj.Play(0, "QS"), lambda d: d.update(seat=None), "$.seat"),
        (hj.Play(0, "QS"), lambda d: d.update(card=["QS"]), "$.card"),
        (hj.Pass(0, ["2C", "3C", "4C"]), lambda d: d.update(cards="2C 3C 4C"), "$.cards"),
        (hj.Announce(0, True), lambda d: d.update(announce=1), "$.announce"),
        (variants.STANDARD, lambda d: d.update(extras={}), "$.extras"),
        (variants.STANDARD, lambda d: d["ending"].update(limit="100"), "$.ending.limit"),
        (variants.STANDARD, lambda d: d["moon"].update(amount=2.5), "$.moon.amount"),
        (variants.STANDARD, lambda d: d.update(deck="STD52"), "$.deck"),
        (variants.STANDARD, lambda d: d["scoring"].update(values=[["QS", 13]]), "$.scoring.values"),
        (variants.STANDARD, lambda d: d["scoring"]["values"].update(QS="13"), "$.scoring.values.QS"),
        (variants.STANDARD, lambda d: d["deck"].update(players=None), "$.deck.players"),
    ],
)
def test_wrong_field_types(value: object, change: Callable[[Any], object], path: str) -> None:
    rejects(tampered(value, change), path)


def test_wrong_field_types_in_a_state() -> None:
    state = playing_mid_trick()
    rejects(tampered(state, lambda d: d.update(hands="all")), "$.hands")
    rejects(tampered(state, lambda d: d["hands"].__setitem__(2, "QS")), "$.hands[2]")
    rejects(tampered(state, lambda d: d["hands"].pop()), "$.hands")
    rejects(tampered(state, lambda d: d.update(hearts_broken=0)), "$.hearts_broken")
    rejects(tampered(state, lambda d: d.update(seed="7")), "$.seed")
    rejects(tampered(state, lambda d: d.update(shooter="0")), "$.shooter")
    rejects(tampered(state, lambda d: d.update(exchanges=[[[], []]])), "$.exchanges[0]")
    rejects(tampered(state, lambda d: d["tricks"].__setitem__(0, d["score_sheet"])), "$.tricks[0]")
    rejects(tampered(state, lambda d: d["tricks"][0].update(type="HandResult")), "$.tricks[0].type")
    rejects(tampered(state, lambda d: d.update(rules=None)), "$.rules")


def test_unknown_card_text() -> None:
    rejects(tampered(hj.Play(0, "QS"), lambda d: d.update(card="ZZ")), "$.card")
    rejects(tampered(hj.Pass(0, ["2C", "3C", "4C"]), lambda d: d["cards"].__setitem__(1, "1C")), "$.cards[1]")
    state = playing_mid_trick()
    rejects(tampered(state, lambda d: d["hands"][2].__setitem__(5, "XQ")), "$.hands[2][5]")
    second = tampered(state, lambda d: d["hands"][2].__setitem__(5, d["hands"][2][5] + "#2"))
    assert "one copy" in str(rejects(second, "$.hands[2][5]"))
    rejects(tampered(state, lambda d: d["hands"][2].__setitem__(5, d["hands"][2][5] + "#x")), "$.hands[2][5]")
    rejects(tampered(state, lambda d: d["trick"].__setitem__(1, "QQ")), "$.trick[1]")
    rejects(tampered(state, lambda d: d["tricks"][0]["cards"].__setitem__(1, 12)), "$.tricks[0].cards[1]")
    rejects(
        tampered(variants.STANDARD, lambda d: d["scoring"]["values"].update(Q_S=13)), "$.scoring.values.Q_S"
    )


def test_unknown_enum_values() -> None:
    cycle = passing.PassCycle(directions=(L, R))
    rejects(tampered(cycle, lambda d: d["directions"].__setitem__(0, "up")), "$.directions[0]")
    rejects(tampered(hj.MoonChoice(0, "reset"), lambda d: d.update(option="RESET")), "$.option")
    rejects(tampered(variants.STANDARD, lambda d: d["ending"].update(tie="coin")), "$.ending.tie")
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(lowest_rank=7)), "$.deck.lowest_rank")
    state = playing_mid_trick()
    rejects(tampered(state, lambda d: d.update(phase="sleeping")), "$.phase")
    rejects(tampered(state, lambda d: d.update(pass_direction=1)), "$.pass_direction")


def test_a_module_class_that_does_not_exist() -> None:
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(type="TriplePack")), "$.deck.type")
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(type="PassCycle")), "$.deck.type")
    play_in_extras = {"type": "Play", "seat": 0, "card": "QS"}
    rejects(tampered(variants.STANDARD, lambda d: d["extras"].append(play_in_extras)), "$.extras[0].type")
    rejects(
        tampered(playing_mid_trick(), lambda d: d["rules"]["moon"].update(type="Rules")), "$.rules.moon.type"
    )


def test_rules_the_library_rejects() -> None:
    across = rejects(
        tampered(variants.BLACK_LADY_3, lambda d: d["passing"].update(directions=["across"])), "$"
    )
    assert "across" in str(across)
    rejects(tampered(variants.STANDARD, lambda d: d.update(duplicates={"type": "CancelPairs"})), "$")
    rejects(tampered(variants.STANDARD, lambda d: d["passing"].update(cards=-1)), "$.passing")
    rejects(tampered(variants.STANDARD, lambda d: d["passing"].update(directions=[])), "$.passing")
    rejects(tampered(variants.STANDARD, lambda d: d["passing"].update(directions=["dealer"])), "$.passing")
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(players=5)), "$.deck")
    rejects(tampered(variants.STANDARD, lambda d: d["deck"].update(removed=["2C", "2C"])), "$.deck")
    rejects(tampered(variants.STANDARD, lambda d: d["scoring"]["values"].update({"10H": 3})), "$.scoring")
    penalties = [{"type": "RevokePenalty", "points": None}] * 2
    rejects(tampered(variants.STANDARD, lambda d: d.update(extras=penalties)), "$")
    rejects(tampered(playing_mid_trick(), lambda d: d["rules"]["deck"].update(players=3)), "$.rules")
