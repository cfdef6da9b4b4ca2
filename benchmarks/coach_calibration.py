"""How well the coach's win chances foretell who wins, and the win scales that make them.

    python benchmarks/coach_calibration.py fit buffet --players 3 --games 60
    python benchmarks/coach_calibration.py check buffet --players 3 --games 40

Both play seeded games between ``normal`` bots (seeds from 700000, apart from the arena's and
training's) and look at every ``--every``-th decision with a choice.

``fit`` imagines a world from the deciding seat's view (``determinize``), plays it on as
``hard``'s playouts do (its plan's policy at every seat) until the plan's cut, notes the
scores the plan judges the cut by, and plays on to the real end of that world. The win scale
``T`` under which ``exp(score / T)`` over the seats' sum best foretells the winner (the least
log loss) is what :data:`meeple.bots.calibration.WIN_SCALES` should say. It prints ``T`` and,
side by side, the Brier score (the mean over seats of the squared error of each seat's
chance; lower is better) of three ways to give a seat its chance at the cut: the fair share
``1/n``, the leader's share (what the search counts without a scale) and ``T``'s. With
``--against real`` each playout counts who won the game it was imagined from instead of its
world's winner: how much a cut says about the real game, hidden cards and all.

``check`` asks ``hard``'s analysis about the move the ``normal`` bot made (``analyse(...,
also=move)``), once with the win scales of :mod:`meeple.bots.calibration` and once without,
on the same seed (the same playouts and moves: only the win chances differ), and compares
each figure with whether that seat won the game: the Brier score by third of the game, and
how often the seat won among the moves given a chance in each band (a calibrated chance of
0.3 wins about 0.3 of the time). The fair share's Brier score is the baseline.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from statistics import fmean
from typing import TypeVar

import meeple
from meeple.bots.calibration import WIN_SCALES
from meeple.bots.ismcts import outcome, win_shares
from meeple.bots.levels import make
from meeple.bots.search import PlannedSearch
from meeple.core.game import Action, State, without_back

SEEDS = 700000
MAX_DECISIONS = 2000
Sample = tuple[list[float], list[float], float]
Row = TypeVar("Row")


Visit = Callable[[State, int, int, Action], None]


def _play(game_id: str, players: int, seed: int, every: int, visit: Visit) -> State:
    """Plays a seeded game between ``normal`` bots and returns its end; at every
    ``every``-th decision with a choice, ``visit(state, seat, index, move)`` is called
    before the move is made (it must not change the state)."""
    game = meeple.load(game_id)
    state: State = game.new(players=players, seed=seed)
    bots = [make("normal", game, seed=seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    index = 0
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        move = bots[seat].choose(state, seat)
        if len(without_back(state.legal_actions(seat))) > 1:
            if index % every == 0:
                visit(state, seat, index, move)
            index += 1
        state.apply(seat, move)
    return state


def _fit_game(job: tuple[str, int, int, int, bool]) -> list[Sample]:
    """``(judged scores at the cut, win shares at the end, the game's progress)`` for the
    sampled decisions of one game: the end of the imagined world's, or with ``real`` that of
    the game itself."""
    game_id, players, seed, every, real = job
    search = make("hard", meeple.load(game_id), seed=seed)
    assert isinstance(search, PlannedSearch)
    rng = random.Random(seed + 1)
    found: list[tuple[list[float], list[float], int]] = []

    def visit(state: State, seat: int, index: int, move: Action) -> None:
        search._settle(state)  # the plan for this count
        assert search.policy is not None and search.rollout_limit is not None
        world = state.determinize(seat, rng)
        search.policy.reseed(rng.getrandbits(63))
        for _ in range(search.rollout_limit):
            if world.is_over:
                return  # the playout ended before the cut: its winner needs no scale
            mover = rng.choice(world.to_move)
            world.apply_unchecked(mover, search.policy.choose(world, mover))
        judged = world.scores if search.judge is None else search.judge(world)
        while not world.is_over:
            mover = rng.choice(world.to_move)
            world.apply_unchecked(mover, search.policy.choose(world, mover))
        found.append((list(judged), outcome(world)[1], index))

    end = _play(game_id, players, seed, every, visit)
    if real:
        wins = outcome(end)[1]
        found = [(j, wins, i) for j, _, i in found]
    total = max((i for _, _, i in found), default=1) or 1
    return [(j, w, i / total) for j, w, i in found]


def _log_loss(samples: list[Sample], scale: float) -> float:
    loss = 0.0
    for judged, wins, _ in samples:
        chances = win_shares(judged, scale)
        loss -= sum(w * math.log(max(p, 1e-12)) for p, w in zip(chances, wins, strict=True))
    return loss / len(samples)


def _brier(chances: list[float], wins: list[float]) -> float:
    return fmean((p - w) ** 2 for p, w in zip(chances, wins, strict=True))


def _best_scale(samples: list[Sample]) -> float:
    """The scale of least log loss: a golden-section search over its logarithm."""
    low, high = math.log(1e-2), math.log(1e3)
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        if _log_loss(samples, math.exp(a)) <= _log_loss(samples, math.exp(b)):
            high = b
        else:
            low = a
    return math.exp((low + high) / 2)


PARTS = (
    ("first third", 0, 1 / 3),
    ("second", 1 / 3, 2 / 3),
    ("last", 2 / 3, 1.01),
    ("all", 0, 1.01),
)
"""The parts of a game the tables split their rows by (by the decision's place in it)."""


def _parts(rows: list[Row], progress: Callable[[Row], float]) -> Iterator[tuple[str, list[Row]]]:
    """Each part of :data:`PARTS` that has rows, with them."""
    for name, low, high in PARTS:
        part = [r for r in rows if low <= progress(r) < high]
        if part:
            yield name, part


def _jobs(args: argparse.Namespace) -> list[tuple[str, int, int, int]]:
    return [(args.game, args.players, SEEDS + g, args.every) for g in range(args.games)]


def _fit_jobs(args: argparse.Namespace) -> list[tuple[str, int, int, int, bool]]:
    return [(*job, args.against == "real") for job in _jobs(args)]


def fit(args: argparse.Namespace) -> None:
    """Print the fitted win scale and the Brier scores beside the baselines'."""
    with ProcessPoolExecutor(args.workers) as pool:
        samples = [s for game in pool.map(_fit_game, _fit_jobs(args)) for s in game]
    if not samples:
        print("no playout reached the cut before the end: no scale is needed")
        return
    scale = _best_scale(samples)
    n = args.players
    print(
        f"{args.game} for {n}: {len(samples)} cut-off playouts from {args.games} games, "
        f"against the {args.against} winners"
    )
    print(f"win scale T = {scale:.3g} (log loss {_log_loss(samples, scale):.3f})")
    print("| part of the game | playouts | fair share | leader's | T's |")
    print("|---|---|---|---|---|")
    for name, part in _parts(samples, lambda s: s[2]):
        row = [
            fmean(_brier([1 / n] * n, w) for _, w, _ in part),
            fmean(_brier(win_shares(j), w) for j, w, _ in part),
            fmean(_brier(win_shares(j, scale), w) for j, w, _ in part),
        ]
        print(f"| {name} | {len(part)} | " + " | ".join(f"{b:.3f}" for b in row) + " |")


def _check_game(job: tuple[str, int, int, int]) -> list[tuple[float, float, float, float]]:
    """``(chance with the scales, chance without, the seat's win share, progress)`` for the
    sampled decisions of one game."""
    game_id, players, seed, every = job
    game = meeple.load(game_id)
    rows: list[tuple[float, float, int, int]] = []

    def visit(state: State, seat: int, index: int, move: Action) -> None:
        figures = []
        for scaled in (True, False):
            coach = make("hard", game, seed=seed * 1000 + index)
            assert isinstance(coach, PlannedSearch)
            if not scaled:
                coach.win_scales = {}
            found = coach.analyse(state, seat, also=move)
            figures.append(next(c for c in found if c.action == move))
        assert figures[0].visits == figures[1].visits  # the same playouts, other figures
        rows.append((figures[0].win_chance, figures[1].win_chance, seat, index))

    wins = outcome(_play(game_id, players, seed, every, visit))[1]
    total = max((r[3] for r in rows), default=1) or 1
    return [(a, b, wins[seat], i / total) for a, b, seat, i in rows]


def check(args: argparse.Namespace) -> None:
    """Print the Brier scores of the coach's figures with and without the win scales."""
    scales = WIN_SCALES.get(args.game, {}).get(args.players)
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [r for game in pool.map(_check_game, _jobs(args)) for r in game]
    n = args.players
    print(f"{args.game} for {n}: {len(rows)} decisions of {args.games} games; win scale {scales}")
    print("| part of the game | decisions | won | fair share | without the scale | with it |")
    print("|---|---|---|---|---|---|")
    for name, part in _parts(rows, lambda r: r[3]):
        won = fmean(r[2] for r in part)
        briers = [
            fmean((1 / n - r[2]) ** 2 for r in part),
            fmean((r[1] - r[2]) ** 2 for r in part),
            fmean((r[0] - r[2]) ** 2 for r in part),
        ]
        print(
            f"| {name} | {len(part)} | {won:.2f} | " + " | ".join(f"{b:.3f}" for b in briers) + " |"
        )
    print()
    print("| chance given | without: decisions, won | with: decisions, won |")
    print("|---|---|---|")
    for low in (0.0, 0.2, 0.4, 0.6, 0.8):
        high = low + 0.2 if low < 0.8 else 1.01
        cells = []
        for k in (1, 0):
            band = [r for r in rows if low <= r[k] < high]
            cells.append(f"{len(band)}, {fmean(r[2] for r in band):.2f}" if band else "0, –")
        print(f"| {low:.1f}–{min(high, 1.0):.1f} | " + " | ".join(cells) + " |")


def main() -> None:
    """Run ``fit`` or ``check``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["fit", "check"])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--every", type=int, default=3, help="sample every k-th decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--against",
        choices=["world", "real"],
        default="world",
        help="fit: foretell the imagined world's winner (the default) or the real game's",
    )
    args = parser.parse_args()
    fit(args) if args.what == "fit" else check(args)


if __name__ == "__main__":
    main()
