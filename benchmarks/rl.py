"""Environment steps per second of the RL adapters, on one core.

    python benchmarks/rl.py [--seconds 2] [--game buffet] [--breakdown] [--compiled PYTHON]
                            [--repeat N]

For each game at its smallest and largest player counts, plays seeded random games through

- the PettingZoo AEC env: each step is ``env.last()`` (the acting agent's observation and
  action mask) and ``env.step()`` of a random legal index;
- the Gymnasium env (one learner, ``random`` opponents): each step is ``env.step()`` of a
  random legal index from ``action_masks()``; the opponents' moves in between are part of it.

The random agent picks its index among the mask's non-zero entries, found on the mask viewed
as booleans (``mask.view(np.bool_).nonzero()``): the same entries, found about eight times
faster than on the int8 mask itself, which matters for Café's 3,566 and Bison's 9,059
actions (an agent's own cost is not the env's).

and, for comparison, the bare engine: a random game calling ``legal_actions``, ``view(seat)``
of the seat to move and ``apply_unchecked`` at each decision (what any observation built from
the view costs at least).

``--breakdown`` prints, instead, where an AEC step's time goes, in µs per decision: the
legal actions with their action indices as the env gets them (``legal``:
``ActionSpace.legal_of``, from the game's shared or numbered actions where it has them),
``view(seat)``, the encoding's ``observe``, the
numpy array, the mask, the game's ``apply`` (unchecked, as the env does), the public history
(Stir Fry: the spectator's view after each move), the benchmark's own random agent picking
an index from the mask, and what is left of the env's step time: the env's own overhead
(PettingZoo's bookkeeping, dict look-ups, calls).

Each reading of the clock is a system call (the next part likely starts with colder caches):
the small parts (``mask``, ``agent``) read higher than they cost in a loop of their own, and
``env`` can come out negative. To compare two versions of one part, compare the
AEC steps/s of both, interleaved, several times.

The compiled build (``make compiled``: mypyc, ``docs/rl.md``) is measured side by side when
``.venv-compiled`` exists, or with ``--compiled PYTHON`` (a Python whose ``meeple`` is
compiled; ``--compiled ''`` for the pure figures alone): each row is measured in this process
(pure), then by that Python in a subprocess running this file (``--row``), so both figures
of a row come from the same minute of a shared machine.

``--repeat N`` measures every row N times, in N rounds over all the rows (each row pure then
compiled), and prints the best of each figure, with the AEC figures' spread (lowest–highest) in a last column: what else the
machine does (other work, a host that swings by ×1.5–2 within minutes on a shared machine)
only ever slows a run, so the best of several is the closest to what the code costs, as
``timeit`` takes the least time.

Times are the process's CPU time (``time.process_time``), so a machine busy with other work
slows the figures less than wall-clock time would. Figures vary with the machine: this prints
them, it never judges them (the goal in ``docs/rl.md`` is 30,000 AEC steps/s per game).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import meeple
from meeple.core import game as game_module
from meeple.core.game import without_back
from meeple.rl import aec_env, gym_env
from meeple.rl.table import Table

GOAL = 30_000
COMPILED_PYTHON = Path(__file__).resolve().parents[1] / ".venv-compiled" / "bin" / "python"


def aec_steps(
    game_id: str,
    players: int,
    seconds: float = 0.0,
    games: int = 0,
    clock: Callable[[], float] = time.process_time,
) -> tuple[int, float, int]:
    """Random games through the AEC env, for ``seconds`` or ``games`` games: each step is
    the acting agent's observation and mask (``env.last()``), then ``env.step()`` of a
    random legal index. Returns the steps, the time they took and the games played."""
    env = aec_env(game_id, players=players)
    rng = random.Random(0)
    steps, elapsed, seed = 0, 0.0, 0
    while elapsed < seconds or seed < games:
        env.reset(seed=seed)
        seed += 1
        start = clock()
        while True:
            obs, _, terminated, _, _ = env.last()
            if terminated:
                break
            env.step(rng.choice(obs["action_mask"].view(np.bool_).nonzero()[0]))
            steps += 1
        elapsed += clock() - start
    return steps, elapsed, seed


def aec_rate(game_id: str, players: int, seconds: float) -> float:
    """AEC steps per second (:func:`aec_steps`)."""
    steps, elapsed, _ = aec_steps(game_id, players, seconds)
    return steps / elapsed


def engine_rate(game_id: str, players: int, seconds: float) -> float:
    """Bare engine decisions per second, with ``view(seat)`` of the seat to move (the action
    applied unchecked, as the envs do)."""
    game = meeple.load(game_id)
    rng = random.Random(0)
    steps, elapsed, seed = 0, 0.0, 0
    while elapsed < seconds:
        state = game.new(players, seed=seed)
        seed += 1
        start = time.process_time()
        while not state.is_over:
            seat = state.to_move[0]
            legal = without_back(state.legal_actions(seat))
            state.view(seat)
            state.apply_unchecked(seat, rng.choice(legal))
            steps += 1
        elapsed += time.process_time() - start
    return steps / elapsed


def gym_rate(game_id: str, players: int, seconds: float) -> float:
    """Gymnasium steps per second (the learner's steps; the bots' moves between included)."""
    env = gym_env(game_id, players=players, opponents="random")
    rng = random.Random(0)
    steps, elapsed, seed = 0, 0.0, 0
    while elapsed < seconds:
        start = time.process_time()
        env.reset(seed=seed)
        seed += 1
        terminated = False
        while not terminated:
            action = rng.choice(env.action_masks().view(np.bool_).nonzero()[0])
            _, _, terminated, _, _ = env.step(action)
            steps += 1
        elapsed += time.process_time() - start
    return steps / elapsed


PARTS = ("legal", "view", "encode", "array", "mask", "apply", "history", "agent")
"""The parts of an AEC step that ``--breakdown`` times: the game's and the adapter's, then
Stir Fry's public history and the benchmark's own random agent."""


def breakdown(game_id: str, players: int, seconds: float) -> dict[str, float]:
    """µs per decision of each of :data:`PARTS`, and ``"env"``: the rest of the AEC env's
    step (its own overhead), ``"total"``: the AEC env's whole step.

    The parts are timed in a loop that does what the env does, piece by piece, reading the
    thread's CPU time around each (the cost of a reading, ~0.4 µs, is measured in the same
    loop on an empty interval and taken off each part); then the env plays the very same
    games and choices, timed in CPU time too, so the difference is the env's own work
    (within the noise of a shared machine: a few µs either way)."""
    table = Table(game_id, players)
    clock = time.thread_time
    rng = random.Random(0)
    spent = dict.fromkeys(PARTS, 0.0)
    reading = 0.0
    steps, elapsed, seed = 0, 0.0, 0
    while elapsed < seconds:
        # The game and the choices that ``aec_steps`` plays with ``env.reset(seed=seed)``.
        state = table.new(random.Random(seed).getrandbits(63))
        history = table.new_history()
        seed += 1
        start = clock()
        while not state.is_over:
            t0 = clock()
            seat = state.to_move[0]
            # The legal actions and their indices at once, the env's way (timing
            # ``legal_actions`` and ``ActionSpace.legal`` apart measured the general path,
            # which the env takes only for a game with no shared actions).
            legal = table.legal(state, seat)
            t2 = clock()
            view = table.view_of(state, seat)  # state.view(seat), or its typed data
            t3 = clock()
            features = table.encoding.observe(view, seat, players, table.options, history)
            t4 = clock()
            table.array(features)
            t5 = clock()
            mask = table.mask(legal)
            t6 = clock()
            index = int(rng.choice(mask.view(np.bool_).nonzero()[0]))  # the random agent
            t7 = clock()
            state.apply_unchecked(seat, legal[index])
            t8 = clock()
            table.record(state, history)
            t9 = clock()
            t10 = clock()  # an empty interval: what a reading of the clock adds to each part
            spent["legal"] += t2 - t0
            spent["view"] += t3 - t2
            spent["encode"] += t4 - t3
            spent["array"] += t5 - t4
            spent["mask"] += t6 - t5
            spent["agent"] += t7 - t6
            spent["apply"] += t8 - t7
            spent["history"] += t9 - t8
            reading += t10 - t9
            steps += 1
        elapsed += clock() - start
    out = {part: 1e6 * (spent[part] - reading) / steps for part in PARTS}
    env_steps, env_elapsed, _ = aec_steps(game_id, players, games=seed, clock=clock)
    assert env_steps == steps, "the env should have played the very same games"
    out["total"] = 1e6 * env_elapsed / env_steps
    out["env"] = out["total"] - sum(out[part] for part in PARTS)
    return out


def build_of(module: object) -> str:
    """``compiled`` if ``module`` was imported from an extension module, else ``pure``."""
    return "compiled" if str(getattr(module, "__file__", "")).endswith(".so") else "pure"


def row(game_id: str, players: int, seconds: float, parts: bool) -> dict[str, float]:
    """One row's figures: the rates, or (``parts``) the breakdown."""
    if parts:
        return breakdown(game_id, players, seconds)
    return {
        "aec": aec_rate(game_id, players, seconds),
        "gym": gym_rate(game_id, players, seconds),
        "engine": engine_rate(game_id, players, seconds),
    }


def best(runs: list[dict[str, float]], parts: bool) -> dict[str, float]:
    """The best of each figure over ``runs``: the highest rate, or (``parts``) the lowest µs."""
    pick = min if parts else max
    return {key: pick(run[key] for run in runs) for key in runs[0] if key != "build"}


def aec_spread(runs: list[dict[str, float]]) -> str:
    """The lowest and highest AEC rate of ``runs``, in thousands: ``29.1–38.3k``."""
    rates = [run["aec"] for run in runs]
    return f"{min(rates) / 1000:.1f}–{max(rates) / 1000:.1f}k"


def compiled_row(
    python: str, game_id: str, players: int, seconds: float, parts: bool
) -> dict[str, float]:
    """The same row measured by ``python`` (a compiled build) in a subprocess."""
    command = [python, __file__, "--row", game_id, str(players), "--seconds", str(seconds)]
    done = subprocess.run(
        [*command, *(["--breakdown"] if parts else [])],
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main() -> None:
    """Print one row per game and player count (and build)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument(
        "--breakdown", action="store_true", help="µs per decision by part, instead of rates"
    )
    parser.add_argument(
        "--compiled",
        default=str(COMPILED_PYTHON) if COMPILED_PYTHON.exists() else "",
        help="a Python with the compiled build, measured side by side ('': none)",
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="measure each row N times, print the best"
    )
    parser.add_argument("--row", nargs=2, metavar=("GAME", "PLAYERS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be 1 or more")
    if args.row:  # one row for another process, as JSON
        figures = row(args.row[0], int(args.row[1]), args.seconds, args.breakdown)
        json.dump({**figures, "build": build_of(game_module)}, sys.stdout)
        return
    ids = args.game or ["buffet", "stirfry", "cheese", "cafe", "bison"]
    compiled = args.compiled
    print(
        f"meeple {meeple.__version__}, Python {platform.python_version()}, "
        f"{platform.machine()}, {time.strftime('%Y-%m-%d %H:%M')}, "
        f"this build {build_of(game_module)}"
        + (f", compiled: {compiled}" if compiled else "")
        + (f"; the best of {args.repeat} runs a figure" if args.repeat > 1 else "")
    )
    spread = args.repeat > 1 and not args.breakdown
    if args.breakdown:
        columns = [*PARTS, "env", "total"]
        print("µs of CPU time per AEC step")
        print(f"{'game':<10}{'players':>8}{'build':>10}" + "".join(f"{c:>9}" for c in columns))
    elif compiled:
        print(
            f"{'game':<10}{'players':>8}{'AEC pure':>12}{'compiled':>10}{'Gym pure':>12}"
            f"{'compiled':>10}{'engine pure':>13}{'compiled':>10}{'goal met':>10}"
            + (f"  {'AEC spread pure / compiled':<28}" if spread else "")
        )
    else:
        print(
            f"{'game':<10}{'players':>8}{'AEC steps/s':>14}{'Gym steps/s':>14}"
            f"{'engine+view/s':>15}{'goal met':>10}" + (f"  {'AEC spread':<14}" if spread else "")
        )
    rows = [
        (game.id, players)
        for game in map(meeple.load, ids)
        for players in sorted({game.min_players, game.max_players})
    ]
    runs: dict[tuple[str, int], tuple[list[dict[str, float]], list[dict[str, float]]]] = {
        key: ([], []) for key in rows
    }
    for turn in range(args.repeat):
        # Rounds over every row (not one row's runs back to back), so that a slow spell of a
        # shared machine slows one run of many rows, not every run of one; each row pure,
        # then compiled, so both builds of a row see the same minute.
        for game_id, players in rows:
            pures, others = runs[(game_id, players)]
            pures.append(row(game_id, players, args.seconds, args.breakdown))
            if compiled:
                others.append(
                    compiled_row(compiled, game_id, players, args.seconds, args.breakdown)
                )
            if turn == args.repeat - 1:
                print_row(game_id, players, pures, others, parts=args.breakdown, spread=spread)


def print_row(
    game_id: str,
    players: int,
    pures: list[dict[str, float]],
    others: list[dict[str, float]],
    *,
    parts: bool,
    spread: bool,
) -> None:
    """One row of the table: the best of its runs, pure then compiled (if measured)."""
    pure = best(pures, parts)
    other = best(others, parts) if others else None
    if parts:
        for build, figures in (("pure", pure), ("compiled", other)):
            if figures is not None:
                cells = "".join(f"{figures[c]:>9.1f}" for c in [*PARTS, "env", "total"])
                print(f"{game_id:<10}{players:>8}{build:>10}{cells}")
        return
    ranges = "  " + " / ".join(aec_spread(runs) for runs in (pures, others) if runs)
    if other is None:
        aec, gym, engine = pure["aec"], pure["gym"], pure["engine"]
        met = "yes" if aec >= GOAL else "no"
        print(
            f"{game_id:<10}{players:>8}{aec:>14,.0f}{gym:>14,.0f}{engine:>15,.0f}{met:>10}"
            + (ranges if spread else "")
        )
        return
    met = "/".join("yes" if f["aec"] >= GOAL else "no" for f in (pure, other))
    print(
        f"{game_id:<10}{players:>8}{pure['aec']:>12,.0f}{other['aec']:>10,.0f}"
        f"{pure['gym']:>12,.0f}{other['gym']:>10,.0f}"
        f"{pure['engine']:>13,.0f}{other['engine']:>10,.0f}{met:>10}" + (ranges if spread else "")
    )


if __name__ == "__main__":
    main()
