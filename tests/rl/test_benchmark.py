"""``benchmarks/rl.py`` runs (briefly): its rates and its per-part breakdown of a step."""

from __future__ import annotations

import math
from pathlib import Path
from types import ModuleType

import pytest

from tests.scripts import load_script

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "rl.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_script(BENCHMARK, "rl_benchmark")


def test_rates_are_positive(bench: ModuleType) -> None:
    assert bench.aec_rate("buffet", 3, 0.05) > 0
    assert bench.gym_rate("buffet", 3, 0.05) > 0


@pytest.mark.parametrize("game_id", ["stirfry", "cheese"])
def test_breakdown_adds_up(bench: ModuleType, game_id: str) -> None:
    parts = bench.breakdown(game_id, 3, 0.05)
    assert set(parts) == {*bench.PARTS, "env", "total"}
    assert all(math.isfinite(v) for v in parts.values())
    assert parts["view"] > 0 and parts["encode"] > 0 and parts["total"] > 0
    assert math.isclose(sum(parts[p] for p in bench.PARTS) + parts["env"], parts["total"])
    if game_id == "stirfry":
        # Stir Fry's public history reads the spectator's view after every move.
        assert parts["history"] > 1.0


def test_the_best_of_several_runs(bench: ModuleType) -> None:
    """``--repeat``: the highest rate of each figure (the lowest µs for a breakdown) and the
    AEC rates' spread, of runs that differ."""
    runs = [
        {"aec": 30_500.0, "gym": 9_000.0, "build": "compiled"},
        {"aec": 21_000.0, "gym": 12_000.0, "build": "compiled"},
    ]
    assert bench.best(runs, parts=False) == {"aec": 30_500.0, "gym": 12_000.0}
    assert bench.best([{"view": 2.0}, {"view": 1.5}], parts=True) == {"view": 1.5}
    assert bench.aec_spread(runs) == "21.0–30.5k"
