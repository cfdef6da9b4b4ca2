"""How much Go da Cheese!'s face-down cards are worth to the search: an oracle trial.

    python benchmarks/cheese_oracle.py --players 5 --games 40 --seed 1000 --steps 770 --workers 2

``hard``'s plan for the count (with ``--steps`` playout moves a choice) at one seat, its
worlds dealt by the truth of every rival's face-down card (the rest of a rival's unseen
cards, its hand and deck, dealt at random as ever), against ``hard`` at every other seat,
seats rotated. No bot may know this: the oracle reads the real state, which is why it lives
here and not in the package. It bounds what a belief of those cards
(:mod:`meeple.games.cheese.belief`, ``expert``'s) can win: docs/bots.md compares the two.

The games go to ``benchmarks/records/trials/cheese-Np-trial-hard-worlds=oracle-steps=S.jsonl``
(a run cut short resumes with the same command), which the tables leave out.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from meeple.bots import levels
from meeple.bots.arena import GameRecord, append_record, read_records, run_arena
from meeple.bots.measured import Tally
from meeple.bots.search import SEARCH_PLANS, searcher
from meeple.core.game import State
from meeple.games.cheese import belief
from meeple.games.cheese.data import ANIMALS
from meeple.games.cheese.rules import CheeseState

TRIALS = Path(__file__).resolve().parent / "records" / "trials"
FOCAL = "trial"


def oracle(state: State, seat: int) -> Callable[[random.Random], State]:
    """A dealer of ``seat``'s worlds in which every rival face-down card is what it really
    is: the belief's own deal (:func:`meeple.games.cheese.belief.dealer`) with a certain
    chance for the true animal."""
    assert isinstance(state, CheeseState)
    by_owner: dict[int, list[tuple[belief.Slot, Sequence[float]]]] = {}
    for slot in belief.slots(state.view(seat), seat):
        truth = state.queues[slot.position][slot.place].animal
        row = [1.0 if animal == truth else 0.0 for animal in ANIMALS]
        by_owner.setdefault(slot.owner, []).append((slot, row))
    return lambda rng: belief._deal(state.determinize(seat, rng), by_owner, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game")
    parser.add_argument("--steps", type=int, help="playout moves a choice (hard's by default)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()

    plan = SEARCH_PLANS["cheese"].for_players(args.players)
    changes: dict[str, object] = {"worlds": "oracle"}
    if args.steps:
        changes["steps"] = args.steps
    plan = dataclasses.replace(plan, at={}, worlds=oracle, steps=args.steps or plan.steps)
    # The workers are forked: they find the level this process adds.
    levels.LEVELS[FOCAL] = lambda game, seed: searcher(game, plan, seed)
    name = "-".join(f"{key}={value}" for key, value in changes.items())
    path = TRIALS / f"cheese-{args.players}p-{FOCAL}-hard-{name}.jsonl"
    done = read_records(path, "cheese", args.players)

    def keep(record: GameRecord) -> None:
        append_record(
            path, "cheese", args.players, record, focal={"level": "hard", "changes": changes}
        )

    lineup = [FOCAL] + ["hard"] * (args.players - 1)
    run_arena(
        "cheese",
        args.players,
        lineup,
        args.games,
        seed=args.seed,
        workers=args.workers,
        done=done,
        on_record=keep,
    )
    tally = Tally("cheese", args.players, FOCAL, "hard")
    for record in read_records(path, "cheese", args.players):
        tally.add(record, None, None)
    low, high = tally.win_interval()
    print(
        f"{path.name}: {tally.games} games, win {tally.win_share:.3f} [{low:.3f}, {high:.3f}]"
        f" (fair {tally.fair_share:.3f}), ahead {tally.ahead_share:.3f}"
    )


if __name__ == "__main__":
    main()
