"""Write the rules pages' positions (meeple/games/<id>/positions.json), see docs/web.md.

Walkthrough positions replay the first moves of a game between ``normal`` bots (seeded, so the
same moves every time); the rulebooks' worked examples are whole states built with the engine
tests' helpers (tests/games/*/helpers.py). Run from the repository's root:
``python tools/make_positions.py``; then read the positions' captions in the rules pages again.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import meeple  # noqa: E402
from meeple.bots.levels import make  # noqa: E402

Moves = list[list[Any]]
Stop = Callable[[Any, Moves], bool]
SEED = 1
"""Every walkthrough is of the game seeded 1."""


def bot_moves(game: str, players: int, stop: Stop) -> Moves:
    """The moves of ``normal`` bots from the seeded game until ``stop(state, moves)`` holds."""
    rules = meeple.load(game)
    state = rules.new(players=players, seed=SEED)
    bots = [make("normal", rules, SEED + i) for i in range(players)]
    moves: Moves = []
    while not state.is_over and not stop(state, moves):
        seat = state.to_move[0]
        action = bots[seat].choose(state, seat)
        state.apply(seat, action)
        moves.append([seat, action])
    return moves


def replayed(players: int, moves: Moves, **extra: Any) -> dict[str, Any]:
    """A position built by replaying ``moves`` in the seeded game."""
    return {"players": players, "seed": SEED, "actions": moves, **extra}


def walkthrough(game: str, players: int, stop: Stop, **extra: Any) -> dict[str, Any]:
    """The position of the seeded game between ``normal`` bots once ``stop`` holds."""
    return replayed(players, bot_moves(game, players, stop), **extra)


def start(players: int) -> dict[str, Any]:
    """The seeded game before its first move, seen by seat 0."""
    return replayed(players, [], seat=0)


def made(count: int) -> Stop:
    """Stop once ``count`` moves are made."""
    return lambda state, moves: len(moves) == count


def at_the_end(state: Any, moves: Moves) -> bool:
    """Never stop: the game is played to its end."""
    return False


def bison() -> dict[str, Any]:
    from tests.games.bison.test_scoring import example_board  # noqa: PLC0415

    def mains(moves: Moves) -> int:
        return sum(1 for _, a in moves if a["type"] == "action")

    def after(n: int) -> Stop:
        return lambda s, m: mains(m) == n and s.view(None)["phase"] == "choose"

    return {
        "start": replayed(3, []),
        "turn-1": walkthrough("bison", 3, after(1), mark=5),
        "turn-2": walkthrough("bison", 3, after(2), mark=5),
        "example-1": {"state": round_two(example_board(False)).to_json()},
        "example-2": {"state": round_two(example_board(True)).to_json()},
    }


def round_two(state: Any) -> Any:
    """The scoring examples' board holds five laid tiles, more than round 1 can have: the
    state is told it is round 2, after seat 0 laid its tile, so that it loads as a real state."""
    from meeple.games.bison.board import EMPTY  # noqa: PLC0415
    from meeple.games.bison.rules import TILE  # noqa: PLC0415

    state.round, state.turn = 2, 1
    state.deck.append(state.hands[0])
    state.hands[0] = EMPTY
    state.used[0] = 1 << TILE
    return state


def buffet() -> dict[str, Any]:
    # The end of a round: two rats were left and the leader took the top dish.
    def in_round_two(state: Any, moves: Moves) -> bool:
        return bool(state.view(None)["round"] == 2)

    return {
        "start": start(4),
        "turn-1": walkthrough("buffet", 4, made(4), seat=0, mark=4),
        "round-end": walkthrough("buffet", 4, in_round_two, mark=0),
        "end": walkthrough("buffet", 4, at_the_end, mark=0),
    }


def cafe() -> dict[str, Any]:
    return {
        "start": start(2),
        "turn-1": walkthrough("cafe", 2, made(2), seat=0, mark=2),
        "later": walkthrough("cafe", 2, made(14), mark=2),
    }


def cheese() -> dict[str, Any]:
    return {
        "start": start(3),
        "turn-1": walkthrough("cheese", 3, made(6), seat=0, mark=3),
        "end": walkthrough("cheese", 3, at_the_end, mark=0),
    }


def stirfry() -> dict[str, Any]:
    def tasted(state: Any, moves: Moves) -> bool:
        return bool(moves) and moves[-1][1]["type"] == "taste"

    return {
        "start": start(3),
        "turn-1": walkthrough("stirfry", 3, made(4), seat=0, mark=4),
        "taste": walkthrough("stirfry", 3, tasted, mark=2),
    }


def main() -> None:
    """Write every game's positions.json."""
    for game, build in (
        ("bison", bison),
        ("buffet", buffet),
        ("cafe", cafe),
        ("cheese", cheese),
        ("stirfry", stirfry),
    ):
        path = ROOT / "meeple" / "games" / game / "positions.json"
        path.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(path)


if __name__ == "__main__":
    main()
