"""Golden transcripts: a seeded game's actions and its final state, kept to catch rule changes.

A golden file holds a :class:`~meeple.core.replay.Replay` and the ``to_json()`` of
the state it ends in. :func:`check_golden` re-runs the actions and demands the
identical final state, so any change to the rules that alters a game shows up as
a failing test (OpenSpiel's "playthroughs" do the same). After an intended rule
change, regenerate with ``python -m meeple.core.golden GAME DIR``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from meeple.core.game import Game, OptionValue, without_back
from meeple.core.registry import load
from meeple.core.replay import Replay


def make_golden(
    game: Game[Any], players: int, seed: int, options: dict[str, OptionValue] | None = None
) -> dict[str, Any]:
    """Play a whole game with seeded random choices (never ``back``); return the replay and
    final state."""
    state = game.new(players, seed=seed, options=options)
    replay = Replay.of(state)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.to_move)
        replay.play(state, seat, rng.choice(without_back(state.legal_actions(seat))))
    return {"replay": replay.to_json(), "final": state.to_json(), "winners": state.winners}


def check_golden(data: dict[str, Any]) -> None:
    """Re-run a golden transcript; raise ``AssertionError`` if the final state differs."""
    replay = Replay.from_json(data["replay"])
    final = replay.run()
    got = json.dumps(final.to_json(), sort_keys=True)
    want = json.dumps(data["final"], sort_keys=True)
    assert got == want, f"{replay.game} seed {replay.seed}: the game now ends differently"
    assert final.winners == data["winners"], f"{replay.game} seed {replay.seed}: other winners"


def write_goldens(game_id: str, directory: Path, configs: list[tuple[int, int]]) -> list[Path]:
    """Write one golden file per ``(players, seed)`` into ``directory``."""
    game = load(game_id)
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for players, seed in configs:
        path = directory / f"{game_id}-{players}p-seed{seed}.json"
        path.write_text(json.dumps(make_golden(game, players, seed), indent=None) + "\n")
        paths.append(path)
    return paths


if __name__ == "__main__":  # pragma: no cover - a maintenance script
    game_id, out = sys.argv[1], Path(sys.argv[2])
    g = load(game_id)
    configs = [(n, 100 + n) for n in range(g.min_players, g.max_players + 1)]
    for written in write_goldens(game_id, out, configs):
        print(written)
