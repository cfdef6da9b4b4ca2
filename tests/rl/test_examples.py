"""The random-agent examples in examples/ run (small, so that they stay working)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np
import pyspiel

from tests.scripts import load_script

EXAMPLES = Path(__file__).parents[2] / "examples"


def _load(name: str) -> ModuleType:
    return load_script(EXAMPLES / f"{name}.py", name)


def test_pettingzoo_random() -> None:
    totals = _load("pettingzoo_random").main("stirfry", 3, seed=2)
    assert set(totals) == {"player_0", "player_1", "player_2"} and max(totals.values()) == 1.0


def test_gymnasium_random() -> None:
    share = _load("gymnasium_random").main("cheese", 3, "random", games=3)
    assert 0.0 <= share <= 1.0


def test_openspiel_random() -> None:
    module = _load("openspiel_random")
    module.register_openspiel()
    game = pyspiel.load_game("meeple_cheese(players=3)")
    returns = module.random_game(game, np.random.RandomState(0))
    assert len(returns) == 3 and max(returns) == 1.0
    returns = module.ismcts_game(game, np.random.RandomState(1), simulations=2)
    assert len(returns) == 3 and max(returns) == 1.0
