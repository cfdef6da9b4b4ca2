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


def bot_moves(game: str, players: int, seed: int, stop: Callable[[Any, Moves], bool]) -> Moves:
    """The moves of ``normal`` bots from a new game until ``stop(state, moves)`` holds."""
    rules = meeple.load(game)
    state = rules.new(players=players, seed=seed)
    bots = [make("normal", rules, seed + i) for i in range(players)]
    moves: Moves = []
    while not state.is_over and not stop(state, moves):
        seat = state.to_move[0]
        action = bots[seat].choose(state, seat)
        state.apply(seat, action)
        moves.append([seat, action])
    return moves


def replayed(players: int, seed: int, moves: Moves, **extra: Any) -> dict[str, Any]:
    """A position built by replaying ``moves``."""
    return {"players": players, "seed": seed, "actions": moves, **extra}


def bison() -> dict[str, Any]:
    from tests.games.bison.test_scoring import example_board  # noqa: PLC0415

    def mains(moves: Moves) -> int:
        return sum(1 for _, a in moves if a["type"] == "action")

    def after(n: int) -> Callable[[Any, Moves], bool]:
        return lambda s, m: mains(m) == n and s.view(None)["phase"] == "choose"

    return {
        "start": replayed(3, 1, []),
        "turn-1": replayed(3, 1, bot_moves("bison", 3, 1, after(1)), mark=5),
        "turn-2": replayed(3, 1, bot_moves("bison", 3, 1, after(2)), mark=5),
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
    turn = bot_moves("buffet", 4, 1, lambda s, m: len(m) == 4)
    # The end of a round: two rats were left and the leader took the top dish.
    rounds = bot_moves("buffet", 4, 1, lambda s, m: s.view(None)["round"] == 2)
    end = bot_moves("buffet", 4, 1, lambda s, m: False)
    return {
        "start": replayed(4, 1, [], seat=0),
        "turn-1": replayed(4, 1, turn, seat=0, mark=4),
        "round-end": replayed(4, 1, rounds, mark=0),
        "end": replayed(4, 1, end, mark=0),
    }


def cafe() -> dict[str, Any]:
    turn = bot_moves("cafe", 2, 1, lambda s, m: len(m) == 2)
    later = bot_moves("cafe", 2, 1, lambda s, m: len(m) == 14)
    return {
        "start": replayed(2, 1, [], seat=0),
        "turn-1": replayed(2, 1, turn, seat=0, mark=2),
        "later": replayed(2, 1, later, mark=2),
    }


def cheese() -> dict[str, Any]:
    turn = bot_moves("cheese", 3, 1, lambda s, m: len(m) == 6)
    end = bot_moves("cheese", 3, 1, lambda s, m: False)
    return {
        "start": replayed(3, 1, [], seat=0),
        "turn-1": replayed(3, 1, turn, seat=0, mark=3),
        "end": replayed(3, 1, end, mark=0),
    }


def stirfry() -> dict[str, Any]:
    turn = bot_moves("stirfry", 3, 1, lambda s, m: len(m) == 4)

    def tasted(state: Any, moves: Moves) -> bool:
        return bool(moves) and moves[-1][1]["type"] == "taste"

    taste = bot_moves("stirfry", 3, 1, tasted)
    return {
        "start": replayed(3, 1, [], seat=0),
        "turn-1": replayed(3, 1, turn, seat=0, mark=4),
        "taste": replayed(3, 1, taste, mark=2),
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
