"""B1, the bundled bots' decisions (issue 41), a figure of benchmarks/bench.py: CPU per decision and
``SeatEnv``'s steps with heuristic opponents. Kept apart from bench.py so that each figure's
code stays readable; bench.py prints it with the others.
"""

from __future__ import annotations

import time

import hartenjagen as hj
from hartenjagen import variants


def bot_figures(seconds: float) -> dict[str, float]:
    """B1, the bundled bots' decisions (issue 41): CPU per decision, and ``SeatEnv`` steps with heuristic opponents.

    The decisions are every view of four hands of OpenSpiel's rules played by heuristics (the
    same views each run); the sampling bot is the default (64 deals a decision), timed on its
    play decisions with more than one legal card, and on its passes apart.
    """
    from hartenjagen.bots import make_bot

    views: list[hj.PlayerView] = []
    rules = variants.openspiel(pass_direction=hj.PassDirection.LEFT)
    for hand in range(4):
        bots = [make_bot("heuristic", seed=hand * 10 + s) for s in range(4)]
        state = hj.new_game(rules, seed=hand)
        while not state.is_over:
            seat = state.to_move[0]
            views.append(hj.view(state, seat))
            state = hj.apply(state, bots[seat].choose(views[-1]))
    plays = [v for v in views if v.phase is hj.Phase.PLAYING and len(v.legal_moves) > 1]
    passes = [v for v in views if v.phase is hj.Phase.PASSING]

    def per_decision(name: str, chosen: list[hj.PlayerView], budget: float) -> float:
        bot = make_bot(name, seed=1)
        done, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < budget or not done:
            for view in chosen:
                bot.choose(view)
            done += len(chosen)
        return elapsed / done

    out = {
        "heuristic_us": 1e6 * per_decision("heuristic", views, seconds),
        "sampling_play_ms": 1e3 * per_decision("sampling", plays, seconds),
        "sampling_pass_ms": 1e3 * per_decision("sampling", passes, seconds / 3),
    }
    try:
        import numpy as np

        from hartenjagen.adapters.gymnasium import SeatEnv
    except ImportError:
        pass
    else:
        env = SeatEnv(variant="standard", opponents="heuristic")
        mask = env.reset(seed=1)[1]["action_mask"]
        draws = np.random.default_rng(1)
        steps, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds or not steps:
            _, _, ended, cut, info = env.step(int((draws.random(mask.shape) * mask).argmax()))
            mask = (env.reset()[1] if ended or cut else info)["action_mask"]
            steps += 1
        out["seatenv_heuristic_steps_per_s"] = steps / elapsed
    print("B1  the bots' decisions (CPU; OpenSpiel's rules), and SeatEnv with heuristic opponents")
    print(f"    heuristic                         {out['heuristic_us']:10.1f} µs a decision")
    print(f"    sampling (64 deals), a play       {out['sampling_play_ms']:10.2f} ms   (target <= 1)")
    print(f"    sampling (64 deals), a pass       {out['sampling_pass_ms']:10.2f} ms")
    if "seatenv_heuristic_steps_per_s" in out:
        print(
            f"    SeatEnv, heuristic opponents      {out['seatenv_heuristic_steps_per_s']:10,.0f} steps/s\n"
        )
    return out
