"""The bots' side of the server: choosing a move, in a worker process when it is a search.

A worker gets the game id, the whole state as JSON and the level, and returns the action. The
bot itself reads only what the seat may know (``view``, ``legal_actions``, ``determinize``).
"""

from __future__ import annotations

import hashlib
from typing import Any

import meeple
from meeple.bots.levels import make
from meeple.core.game import Action

INLINE_LEVELS = frozenset({"random"})
"""Levels cheap enough to play on the event loop itself: no process hop needed."""


def bot_seed(table_seed: int, version: int, seat: int) -> int:
    """A reproducible seed for the bot move at this point of this table's game."""
    text = f"{table_seed}:{version}:{seat}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def warm() -> None:
    """Load every game and its bots, and have each choose once (run in each worker process
    when it starts, so that no person's bot waits for that)."""
    for game_id in meeple.GAMES:
        game = meeple.load(game_id)
        state = game.new(game.min_players, seed=0)
        make("normal", game, seed=0).choose(state, state.to_move[0])


def choose(game_id: str, state_json: dict[str, Any], seat: int, level: str, seed: int) -> Action:
    """The move a bot of ``level`` makes for ``seat`` (runs in a worker process)."""
    game = meeple.load(game_id)
    state = game.from_json(state_json)
    return make(level, game, seed=seed).choose(state, seat)
