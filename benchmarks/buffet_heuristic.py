"""Buffet's rules of thumb with other constants, each against the plain heuristic.

    python benchmarks/buffet_heuristic.py --players 3 --games 4000
    python benchmarks/buffet_heuristic.py --players 6 --games 3000 --grid 2,3,2,4 1,5,4,8

Each entry of ``--grid`` is ``worth_dropping_for,safety_margin,exchange_below,
rival_finale_card`` (:class:`meeple.games.buffet.heuristic.BuffetHeuristicBot`'s constants).
A heuristic with those constants holds one seat and plain heuristics the others, seats
rotated (seed ``k`` puts it at seat ``k mod players``); the line prints its win share (a
win shared by k counts 1/k) and the share of its rivals it finished ahead of (by place, the
winners first, as the arena's tables count; a shared place counts half), with the fair
share. The default grid is the plain heuristic, the bold variant ``hard`` searches with
(:class:`~meeple.games.buffet.heuristic.BoldBuffetBot`) and its neighbours, one constant
moved each. The games are cheap (a thousand a second or so
across two workers), so thousands of seeds tell constants apart that a few hundred do not.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

import meeple
from meeple.games.buffet.heuristic import BoldBuffetBot, BuffetHeuristicBot
from meeple.ratings import places

Constants = tuple[int, ...]

NAMES = ("worth_dropping_for", "safety_margin", "exchange_below", "rival_finale_card")
"""The constants of :class:`~meeple.games.buffet.heuristic.BuffetHeuristicBot`, in ``--grid``
order."""


def constants_of(bot: type[BuffetHeuristicBot]) -> Constants:
    """A heuristic class's constants, in :data:`NAMES` order."""
    return tuple(getattr(bot, name) for name in NAMES)


PLAIN = constants_of(BuffetHeuristicBot)
BOLD = constants_of(BoldBuffetBot)


def neighbours(constants: Constants) -> list[Constants]:
    """``constants`` with one of them moved by one, either way."""
    found = []
    for i in range(len(constants)):
        for step in (-1, 1):
            moved = list(constants)
            moved[i] += step
            found.append(tuple(moved))
    return found


def tuned(constants: Constants, seed: int) -> BuffetHeuristicBot:
    """A heuristic with ``constants``."""
    bot = BuffetHeuristicBot(seed=seed)
    for name, value in zip(NAMES, constants, strict=True):
        setattr(bot, name, value)
    return bot


def play(constants: Constants, players: int, seed: int) -> tuple[float, float]:
    """One game: the tuned heuristic's win share and the share of its rivals it finished
    ahead of."""
    state = meeple.load("buffet").new(players=players, seed=seed)
    focal = seed % players
    bots = [
        tuned(constants, seed * 16 + s) if s == focal else BuffetHeuristicBot(seed=seed * 16 + s)
        for s in range(players)
    ]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, bots[seat].choose(state, seat))
    winners = state.winners
    win = 1 / len(winners) if focal in winners else 0.0
    # Places as the arena's tables count them (the rulebook's tie-breaks decide the winners).
    place = places(state.scores, winners)
    rivals = [s for s in range(players) if s != focal]
    ahead = sum(
        1.0 if place[focal] < place[s] else 0.5 if place[focal] == place[s] else 0.0 for s in rivals
    )
    return win, ahead / len(rivals)


def main() -> None:
    """Print one line per entry of the grid."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--grid", nargs="*", help="drop,margin,exchange,finale entries")
    args = parser.parse_args()
    if args.grid:
        grid = [tuple(int(v) for v in entry.split(",")) for entry in args.grid]
    else:
        grid = [PLAIN, BOLD, *neighbours(BOLD)]
    print(f"buffet, {args.players} players, {args.games} games each (fair {1 / args.players:.3f})")
    print("drop, margin, exchange, finale | win share | rivals finished ahead of")
    with ProcessPoolExecutor(args.workers) as pool:
        for constants in grid:
            jobs = [(constants, args.players, seed) for seed in range(args.games)]
            results = list(pool.map(play, *zip(*jobs, strict=True), chunksize=100))
            win = sum(r[0] for r in results) / args.games
            ahead = sum(r[1] for r in results) / args.games
            name = " (plain)" if constants == PLAIN else " (bold)" if constants == BOLD else ""
            print(f"{constants}{name} | {win:.3f} | {ahead:.3f}", flush=True)


if __name__ == "__main__":
    main()
