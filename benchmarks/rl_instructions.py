"""Instructions per PettingZoo AEC step, counted by valgrind's callgrind (steady whatever
the machine's load, unlike CPU time: see docs/rl.md, "Measuring").

    python benchmarks/rl_instructions.py cafe 2 [--games 6]

Builds ``benchmarks/cgctl.c`` (a C compiler, Python's headers and valgrind's) into a
temporary folder, runs itself under ``valgrind --tool=callgrind --collect-atstart=no`` with
``PYTHONHASHSEED=0``, collecting only around the env's steps (``env.last()`` and
``env.step()`` of a random legal index, as ``benchmarks/rl.py`` plays them; resets left
out), and prints the instructions divided by the steps. The ``meeple`` imported is the one on
``sys.path``: put another checkout first on ``PYTHONPATH`` to count it. About 50× slower than
the games themselves: 5 games take 10–30 s.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import numpy as np

from meeple.rl import aec_env


def steps(game_id: str, players: int, games: int) -> int:
    """Play ``games`` seeded games through the AEC env, collecting around the steps."""
    cgctl = importlib.import_module("cgctl")  # built by main(), on the child's path
    env = aec_env(game_id, players=players)
    rng = random.Random(0)
    count = 0
    for seed in range(games):
        env.reset(seed=seed)
        cgctl.toggle()
        while True:
            obs, _, terminated, _, _ = env.last()
            if terminated:
                break
            env.step(rng.choice(obs["action_mask"].view(np.bool_).nonzero()[0]))
            count += 1
        cgctl.toggle()
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print("STEPS", steps(args.game, args.players, args.games))
        return
    with tempfile.TemporaryDirectory() as folder:
        built = Path(folder) / f"cgctl{sysconfig.get_config_var('EXT_SUFFIX')}"
        source = Path(__file__).with_name("cgctl.c")
        include = sysconfig.get_paths()["include"]
        subprocess.run(
            ["cc", "-O2", "-shared", "-fPIC", f"-I{include}", str(source), "-o", str(built)],
            check=True,
        )
        out = Path(folder) / "callgrind.out"
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [folder, env.get("PYTHONPATH")]))
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--collect-atstart=no",
                f"--callgrind-out-file={out}",
                sys.executable,
                __file__,
                args.game,
                str(args.players),
                "--games",
                str(args.games),
                "--child",
            ],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        played = int(run.stdout.split("STEPS")[1].split()[0])
        totals = [line for line in out.read_text().splitlines() if line.startswith("summary:")]
        instructions = int(totals[0].split()[1])
    print(
        f"{args.game} {args.players}: {played} steps, "
        f"{instructions / played:,.0f} instructions a step"
    )


if __name__ == "__main__":
    main()
