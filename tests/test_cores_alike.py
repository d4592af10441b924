"""The two cores play every preset alike: the same moves, the same states (their JSON), the same events.

Each core plays in a subprocess of its own (the interpreted one with
``HARTENJAGEN_PURE_PYTHON=1``), whatever this process runs: so the check runs
this file in its compiled pass only (it is not among scripts/check.sh's
interpreted tests, which would run the same two subprocesses again).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from helpers import core_env

GAMES_PER_PRESET = 2
MOVE_CAP = 400

# Plays games of every preset with random moves and prints, per game, every move and a digest of
# every state (its JSON), so two cores can be compared line by line.
_TRANSCRIPT = textwrap.dedent(
    """
    import hashlib, json, random, sys
    import hartenjagen as hj
    from hartenjagen import variants

    out = {"compiled": hj.COMPILED, "games": []}
    for preset in variants.OFFERED:
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
    from hartenjagen.core.state_fields import fields
    for preset in variants.OFFERED:
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
    env = core_env(pure)
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


def test_both_cores_play_every_preset_alike() -> None:
    pure = _transcript(pure=True)
    assert pure["compiled"] is False
    default = _transcript(pure=False)  # the compiled core wherever it was built
    assert default["games"] == pure["games"]
