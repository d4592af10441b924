"""The family presets are offered wherever a user meets the presets (issue 37 item 2).

``variants.OFFERED`` is ``ALL`` (Hearts itself), then ``FAMILY``: the web
lobby's preset choice, ``hartenjagen variants``, ``hartenjagen play
--variant NAME`` and the adapters' ``variant=`` (OpenSpiel, PettingZoo,
Gymnasium) each offer the family games; one hand (or game) of each is
played through each of them.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest

import hartenjagen as hj
from hartenjagen import family, variants
from hartenjagen.frontend import texts
from test_cli import run

FAMILY = [preset.name for preset in variants.FAMILY]


def test_offered_is_the_seed_catalogue_then_the_family() -> None:
    offered = variants.OFFERED
    assert offered == (*variants.ALL, *variants.FAMILY)
    assert set(FAMILY) == {
        "pink_lady",
        "spot_hearts",
        "slobberhannes",
        "polignac",
        "partnership_hearts",
        "danger_hearts",
        "cancellation_hearts",
        "heartsette",
        "two_player_hearts",
        "domino_hearts",
        "gong_zhu",
        "joker_hearts",
    }
    assert not {preset.name for preset in variants.ALL} & set(FAMILY)


def test_the_web_lobby_offers_each_family_preset_and_seats_a_table() -> None:
    pytest.importorskip("uvicorn")
    from serving import FAST, request, serving

    # One table of each family game from one address: more than the default limit of creations a minute.
    with serving(limits=attrs.evolve(FAST, creates_per_minute=len(FAMILY))) as served:
        for language in ("en", "nl"):
            lobby = request(served, "GET", f"/api/lobby?lang={language}").json()
            assert lobby["variants"] == [preset.name for preset in variants.OFFERED]
            for preset in variants.FAMILY:
                assert lobby["players"][preset.name] == preset.rules.players
                assert lobby["words"]["variants"][preset.name] == texts.variant_text(preset.name, language)
        for name in FAMILY:
            body = {
                "protocol": 2,
                "type": "create",
                "variant": name,
                "seats": ["human"] + ["random"] * (variants.get(name).players - 1),
            }
            reply = request(
                served, "POST", "/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
            )
            assert reply.status == 201, reply.body
            table, token = reply.json()["seats"][0]["link"].split("/")[1].split("#")  # seat/<table>#<token>
            seated = request(
                served, "GET", f"/api/{table}/table", headers={"Authorization": f"Bearer {token}"}
            )
            assert seated.json()["variant"] == name


def test_hartenjagen_variants_lists_each_family_preset() -> None:
    done = run("variants")
    assert done.returncode == 0, done.stderr
    for preset in variants.FAMILY:
        assert f"\n{preset.name}: {preset.summary}\n" in "\n" + done.stdout
        assert all(alias in done.stdout for alias in preset.aliases)


@pytest.mark.parametrize("name", FAMILY)
def test_hartenjagen_play_plays_a_whole_family_game_from_scripted_input(name: str) -> None:
    done = run("play", "--variant", name, "--seed", "3", "--bots", "random", stdin="1\n" * 3000)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"hartenjagen: {name}. You are seat 0;")
    assert lines[-2].startswith("Game over: ")
    assert lines[-1] in ("You win!", "You do not win this time.")


@pytest.mark.parametrize("name", FAMILY)
def test_openspiel_plays_a_hand_of_each_family_preset(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import hartenjagen.adapters.openspiel  # noqa: F401  (registers python_hartenjagen)

    rng = random.Random(2)
    game = pyspiel.load_game("python_hartenjagen", {"variant": name, "episode": "hand"})
    assert game.num_players() == variants.get(name).players
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) < 0


@pytest.mark.parametrize("name", FAMILY)
def test_pettingzoo_plays_a_hand_of_each_family_preset(name: str) -> None:
    pytest.importorskip("pettingzoo")
    from hartenjagen.adapters.pettingzoo import env

    rng = random.Random(2)
    table = env(variant=name, episode="hand")
    table.reset(seed=2)
    steps = 0
    for _agent in table.agent_iter():
        _, _, terminated, truncated, info = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        table.step(rng.choice([index for index, allowed in enumerate(info["action_mask"]) if allowed]))
        steps += 1
    assert steps >= hj.new_game(variants.get(name), seed=0).players * 8  # 8 tricks at least (32 cards)


@pytest.mark.parametrize("name", FAMILY)
def test_a_gymnasium_seat_env_plays_a_hand_of_each_family_preset(name: str) -> None:
    np = pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")
    from hartenjagen.adapters.gymnasium import SeatEnv

    table = SeatEnv(variant=name, seat=1, opponents="random", episode="hand")
    assert table.rules == variants.get(name)
    _, info = table.reset(seed=5)
    rng = np.random.default_rng(5)
    total, done = 0.0, False
    while not done:
        mask = table.action_masks()
        assert mask.any() and np.array_equal(mask, info["action_mask"])
        _, reward, terminated, truncated, info = table.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        done = terminated or truncated
    assert terminated and not truncated
    assert total <= 0


@pytest.mark.parametrize(
    "rules", [variants.SLOBBERHANNES, family.polignac(capot=True)], ids=["slobberhannes", "capot"]
)
def test_the_family_house_rules_are_saved_by_name_and_in_the_schema(rules: hj.Rules) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    saved = json.loads(hj.dumps(rules))
    (extra,) = saved["extras"]
    assert extra["type"] in ("FirstAndLastTrick", "Capot")  # not "hartenjagen.family:..."
    jsonschema.Draft202012Validator(hj.json_schema("rules")).validate(saved)
    assert hj.loads(hj.dumps(rules)) == rules
    by_path = {**extra, "type": f"hartenjagen.family:{extra['type']}"}  # as saved before registration
    assert hj.loads(json.dumps({**saved, "extras": [by_path]})) == rules
