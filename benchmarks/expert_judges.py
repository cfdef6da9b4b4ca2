"""How well each way of judging a cut-off playout foretells the real end of a game.

    python benchmarks/expert_judges.py stirfry --players 2 --games 160 --worlds 8 \\
        --net meeple/bots/weights/stirfry-2.npz --cuts 4,8,12

Plays seeded games between ``normal`` bots (seeds 900000 on, apart from training's). At every
fifth decision with a choice, the deciding seat imagines ``--worlds`` worlds from its own view
(``determinize``), plays each on by the heuristic and judges it after 0 and each of
``--cuts`` decisions, as a search would: by ``hard``'s judge (``score``: ``hard``'s reward,
``0.5 + 0.5·tanh(margin / scale)`` with the game's ``score_scale``, the margin of the running
scores or of the scores its plan's ``judge`` projects, as Bison's does), by the value network's
margin (``net``: ``expert``'s reward), by the seat's own estimate alone (``me``), by its best
rival's alone (``opp``) or by its margin over its rivals' mean (``rel``: ``net`` with the
mean in place of the best). Each judge's mean over the worlds is compared with the reward the seat
really got at the end: the correlation, and the mean squared error after the best straight-line
recalibration (a constant guess scores the outcomes' variance). A judge that foretells the end
better is a better place to cut a playout; it does not say the search will choose better.
``--net`` may be given more than once: the networks then judge the same worlds (a paired
comparison), each row named by its file.
"""

from __future__ import annotations

import argparse
import math
import random
from pathlib import Path
from statistics import fmean

import numpy as np

import meeple
from meeple.bots.expert import DEFAULT_SCALE
from meeple.bots.ismcts import outcome
from meeple.bots.levels import SEARCH_PLANS, make
from meeple.bots.nets import NetJudge, ValueNet
from meeple.core.game import State


def main() -> None:
    """Print one row per judge and cut."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument(
        "--net",
        type=Path,
        action="append",
        required=True,
        help="a network; several are judged on the same positions and worlds",
    )
    parser.add_argument("--cuts", default="4,8,12")
    args = parser.parse_args()
    game_id, players = args.game, args.players
    game = meeple.load(game_id)
    # Several networks judge the same worlds: a paired comparison, named by their files.
    judges = {
        ("" if len(args.net) == 1 else f"{path.stem}:"): NetJudge(
            ValueNet.load(path, game_id, players)
        )
        for path in args.net
    }
    plan = SEARCH_PLANS[game_id].for_players(players)
    scale, hard_judge = plan.score_scale, plan.judge
    cuts = [0, *(int(c) for c in args.cuts.split(","))]
    estimates: dict[str, list[float]] = {}
    ends: list[float] = []
    for g in range(args.games):
        seed = 900_000 + g
        state = game.new(players, seed=seed)
        bots = [make("normal", game, seed=seed * 7 + s) for s in range(players)]
        policy = make("normal", game, seed=seed)
        dice = random.Random(seed)
        asked: list[tuple[int, dict[str, float]]] = []
        step = 0
        while not state.is_over:
            seat = dice.choice(state.to_move)
            if step % 5 == 2 and len(state.legal_actions(seat)) > 1:
                sums: dict[str, float] = {}
                for _ in range(args.worlds):
                    world = state.determinize(seat, dice)
                    played = 0
                    for cut in cuts:
                        while not world.is_over and played < cut:
                            mover = dice.choice(world.to_move)
                            world.apply(mover, policy.choose(world, mover))
                            played += 1
                        judged = {"score": outcome(world, scale, hard_judge)[0][seat]}
                        for label, judge in judges.items():
                            judged.update(judge_by(judge, world, seat, label))
                        for name, value in judged.items():
                            key = f"{name}{cut}"
                            sums[key] = sums.get(key, 0.0) + value / args.worlds
                asked.append((seat, sums))
            state.apply(seat, bots[seat].choose(state, seat))
            step += 1
        final = outcome(state)[0]
        for seat, sums in asked:
            ends.append(final[seat])
            for key, value in sums.items():
                estimates.setdefault(key, []).append(value)
    y = np.array(ends)
    print(f"# {game_id} for {players}: {len(y)} positions, outcome variance {y.var():.4f}")
    for key, values in estimates.items():
        x = np.array(values)
        a, b = np.polyfit(x, y, 1)
        error = float(np.mean((a * x + b - y) ** 2))
        print(f"{key:16} corr {np.corrcoef(x, y)[0, 1]:.3f}  mse after recalibration {error:.4f}")


def judge_by(judge: NetJudge, world: State, seat: int, label: str) -> dict[str, float]:
    """The network's judgements of ``world`` for ``seat``: the margin's reward, the seat's
    own estimate, one less its best rival's and the reward of its margin over its rivals'
    mean (each the reward itself once the game is over)."""
    # One judgement a world: outcome's third part is the network's estimates (the final
    # scores once the game is over, which go unused).
    rewards, _, judged = outcome(world, DEFAULT_SCALE, judge)
    net = rewards[seat]
    values = None if world.is_over else judged
    others = [] if values is None else values[:seat] + values[seat + 1 :]
    rivals = max(others) if others else None
    # The margin over the rivals' mean: at many players the best rival's estimate is the
    # noisiest of them.
    rel = net
    if values is not None:
        rel = 0.5 + 0.5 * math.tanh((values[seat] - fmean(others)) / DEFAULT_SCALE)
    return {
        f"{label}net": net,
        f"{label}me": net if values is None else values[seat],
        f"{label}opp": net if rivals is None else 1 - rivals,
        f"{label}rel": rel,
    }


if __name__ == "__main__":
    main()
