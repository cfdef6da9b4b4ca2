"""The coach's win chances at cut-off playouts: :func:`win_shares`, the measured scales
``hard`` takes (:mod:`meeple.bots.calibration`) and the benchmark that fits them."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import meeple
from meeple.bots.calibration import WIN_SCALES
from meeple.bots.ismcts import outcome, win_shares
from meeple.bots.levels import SEARCH_PLANS, make, searcher
from meeple.bots.search import PlannedSearch
from meeple.core.game import without_back
from tests.bots.test_levels import positions, small
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "coach_calibration.py"


def benchmark() -> ModuleType:
    return load_script(SCRIPT)


def test_without_a_scale_the_leaders_share_the_win() -> None:
    assert win_shares([10.0, 7.0, 7.0]) == [1.0, 0.0, 0.0]
    assert win_shares([9.0, 9.0, 2.0]) == [0.5, 0.5, 0.0]


def test_a_scale_gives_every_seat_a_chance_ordered_by_its_score() -> None:
    scores = [12.0, 9.0, 3.0, 9.0]
    shares = win_shares(scores, 4.0)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[1] == pytest.approx(shares[3])
    assert shares[0] > shares[1] > shares[2] > 0
    # a lead of one scale makes a seat e times as likely to win
    assert shares[0] / shares[1] == pytest.approx(math.exp(3 / 4))
    wider = win_shares(scores, 40.0)
    assert max(wider) < max(shares) and min(wider) > min(shares)  # a larger scale: less sure
    assert win_shares([1e6, 0.0], 0.01) == [1.0, 0.0]  # no overflow, however far ahead


def test_the_win_scale_changes_the_win_shares_of_a_cut_off_playout_only() -> None:
    state = meeple.load("buffet").new(3, seed=4)
    rng = random.Random(4)
    for _ in range(25):  # a few rounds in: the seats' scores differ
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))
    assert not state.is_over and len(set(state.scores)) > 1
    plain = outcome(state, 3.0)
    scaled = outcome(state, 3.0, win_scale=5.0)
    assert scaled[0] == plain[0] and scaled[2] == plain[2]  # rewards and scores as they were
    assert scaled[1] == win_shares(list(state.scores), 5.0) != plain[1]


@pytest.mark.parametrize("game_id", ["buffet", "cafe", "stirfry"])
def test_hard_with_its_scale_searches_the_same_and_reports_softer_chances(game_id: str) -> None:
    """The moves, playouts and rewards of an analysis do not depend on the win scale: the
    same seed makes the same search, and only the win chances change."""
    game = meeple.load(game_id)
    players = game.min_players
    for k, state in enumerate(positions(game_id, players, 2)):
        seat = state.to_move[0]
        plan = small(game_id, iterations=6)
        scaled = searcher(game, plan, k, {players: 4.0}).analyse(state, seat)
        plain = searcher(game, plan, k).analyse(state, seat)
        assert [(c.action, c.visits, c.reward) for c in scaled] == [
            (c.action, c.visits, c.reward) for c in plain
        ]
        assert [c.expected_score for c in scaled] == [c.expected_score for c in plain]
        assert [c.win_chance for c in scaled] != [c.win_chance for c in plain]
        assert all(0.0 < c.win_chance < 1.0 for c in scaled)


def test_hard_takes_the_measured_scale_of_each_count() -> None:
    for game_id, plan in SEARCH_PLANS.items():
        game = meeple.load(game_id)
        bot = make("hard", game, seed=1)
        assert isinstance(bot, PlannedSearch)
        assert bot.win_scales == WIN_SCALES[game_id]
        for players in range(game.min_players, game.max_players + 1):
            if plan.for_players(players).rollout_limit is not None:  # playouts are cut
                assert WIN_SCALES[game_id][players] > 0, (game_id, players)
        state = game.new(game.min_players, seed=1)
        bot.analyse(state, state.to_move[0])
        assert bot.win_scale == WIN_SCALES[game_id][game.min_players]


def test_the_fit_finds_the_scale_that_made_the_winners() -> None:
    """Winners drawn from ``win_shares`` at a known scale: the fit recovers it."""
    fit = benchmark()
    rng = random.Random(5)
    samples = []
    for _ in range(3000):
        scores = [rng.uniform(0, 20) for _ in range(3)]
        chances = win_shares(scores, 4.0)
        winner = rng.choices(range(3), weights=chances)[0]
        samples.append((scores, [1.0 if s == winner else 0.0 for s in range(3)], 0.5))
    assert fit._best_scale(samples) == pytest.approx(4.0, rel=0.1)


def test_fitting_against_the_real_winners_labels_each_playout_with_the_games_end() -> None:
    """``fit --against real``: the same playouts, judged the same at their cut, each counted
    with who won the game they were imagined from, not the imagined world."""
    fit = benchmark()
    job = ("buffet", 3, fit.SEEDS, 6)
    world = fit._fit_game((*job, False))
    real = fit._fit_game((*job, True))
    assert len(real) == len(world) > 0
    assert [s[0] for s in real] == [s[0] for s in world]
    end = fit._play(*job, lambda *_: None)
    wins = outcome(end)[1]
    assert all(s[1] == wins for s in real)
    assert any(s[1] != wins for s in world)  # the imagined worlds had winners of their own


@pytest.mark.parametrize("what", ["fit", "check"])
def test_the_benchmark_prints_its_table(what: str) -> None:
    args = ["buffet", "--players", "3", "--games", "2", "--every", "6", "--workers", "1"]
    out = subprocess.run(
        [sys.executable, str(SCRIPT), what, *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    ).stdout
    assert out.startswith("buffet for 3: ")
    assert "| all |" in out
    if what == "fit":
        assert "win scale T = " in out
    else:
        assert "| 0.0–0.2 |" in out
