"""The random-agent examples in examples/ run (small, so that they stay working)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pyspiel

EXAMPLES = Path(__file__).parents[2] / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
