"""The ``expert`` level: value and belief networks, their training (``meeple train``) and the level.

The real training runs for hours (``docs/bots.md``); these tests train tiny networks on a
handful of games, so that they run in seconds.
"""

from __future__ import annotations

import math
import pickle
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import meeple
from meeple.bots import expert, training
from meeple.bots.expert import ExpertBot, available, expert_plan
from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.levels import SEARCH_PLANS, check, levels_for, make
from meeple.bots.nets import (
    BeliefNet,
    NetJudge,
    Observer,
    ValueNet,
    WrongNet,
    shipped_counts,
    weights_path,
)
from meeple.bots.training import TrainConfig, Trainer
from meeple.cli import app
from meeple.core.game import without_back
from meeple.games.cheese import belief
from tests.bots.test_arena import unboxed

pytest.importorskip("sklearn", reason="training needs the extra meeple[train]")

runner = CliRunner()


def tiny(games: int, **changes: Any) -> TrainConfig:
    """A run small enough for a test: Stir Fry for 2, one process, a tiny network."""
    settings: dict[str, Any] = {
        "games": games,
        "round_games": 2,
        "samples": 4,
        "hidden": (8,),
        "workers": 1,
        **changes,
    }
    return TrainConfig("stirfry", 2, **settings)


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a tiny run of 4 games (its network, curve and checkpoint)."""
    out = tmp_path_factory.mktemp("run")
    Trainer(tiny(4), out).run()
    return out


def test_a_tiny_run_writes_a_network_a_curve_and_a_checkpoint(trained: Path) -> None:
    net = ValueNet.load(weights_path("stirfry", 2, trained), "stirfry", 2)
    assert [w.shape for w, _ in net.layers] == [(net.size, 8), (8, 1)]
    assert net.size == Observer("stirfry", 2).size
    assert (trained / "curve.png").read_bytes().startswith(b"\x89PNG")
    with (trained / training.CHECKPOINT).open("rb") as f:
        checkpoint = pickle.load(f)
    assert checkpoint.games_done == 4
    assert checkpoint.curve.games == [2, 4]  # a point per round of 2 games
    assert all(0.0 <= loss <= 1.0 for loss in checkpoint.curve.train_loss)
    # Beside each validation loss, a constant guess's (none while no validation game was
    # played: one game in ten is kept for it).
    curve = checkpoint.curve
    assert [math.isnan(loss) for loss in curve.guess_loss] == [
        math.isnan(loss) for loss in curve.validation_loss
    ]


def test_a_constant_guess_is_the_training_mean() -> None:
    # Targets 0 and 1 in training: the guess is 0.5, a quarter off squared on either.
    assert training.guess_loss(np.array([0.0, 1.0]), np.array([0.0, 1.0, 1.0])) == 0.25
    curve = training.Curve(games=[10], train_loss=[0.1], validation_loss=[0.2], guess_loss=[0.25])
    assert training.summary(curve) == "validation loss 0.2000 (a constant guess: 0.2500)"
    curve.validation_loss, curve.guess_loss = [math.nan], [math.nan]
    assert training.summary(curve).startswith("no validation game yet")


def test_a_resumed_run_goes_on_without_playing_its_games_again(
    trained: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "run"
    out.mkdir()
    for name in (training.CHECKPOINT, training.DATA):
        (out / name).write_bytes((trained / name).read_bytes())
    played: list[int] = []
    real = training.play_for_data

    def counting(config: TrainConfig, seed: int) -> Any:
        played.append(seed)
        return real(config, seed)

    monkeypatch.setattr(training, "play_for_data", counting)
    trainer = Trainer(tiny(6), out, resume=True)
    rows = len(trainer.data["x"]) + len(trainer.data["vx"])
    trainer.run()
    assert played == [4, 5]  # games 0-3 were in the checkpoint
    assert trainer.checkpoint.games_done == 6
    assert trainer.checkpoint.curve.games == [2, 4, 6]
    assert len(trainer.data["x"]) + len(trainer.data["vx"]) > rows
    assert weights_path("stirfry", 2, out).exists()


def test_a_run_refuses_to_overwrite_or_to_resume_another_game(trained: Path) -> None:
    with pytest.raises(FileExistsError, match="holds a run already"):
        Trainer(tiny(4), trained)
    with pytest.raises(ValueError, match="holds a run of stirfry for 2 players"):
        Trainer(TrainConfig("stirfry", 3, workers=1), trained, resume=True)


def test_the_train_command_runs_and_resumes(tmp_path: Path) -> None:
    command = ["train", "stirfry", "--players", "2", "--out", str(tmp_path), "--workers", "1"]
    small = ["--hidden", "4", "--round-games", "1"]
    first = runner.invoke(app, [*command, *small, "--games", "1"])
    assert first.exit_code == 0, first.output
    assert "1 games" in first.output
    again = runner.invoke(app, [*command, *small, "--games", "1"])
    assert again.exit_code != 0 and "holds a run" in unboxed(again.output)
    second = runner.invoke(app, [*command, "--resume", "--games", "2"])
    assert second.exit_code == 0, second.output
    assert "2 games" in second.output
    assert "no validation game yet" in second.output  # 2 games: none kept for validation
    assert (tmp_path / "stirfry-2.npz").exists() and (tmp_path / "curve.png").exists()


def test_the_loader_refuses_another_game_count_or_shape(trained: Path, tmp_path: Path) -> None:
    path = weights_path("stirfry", 2, trained)
    with pytest.raises(WrongNet, match="a network for 'stirfry', not 'buffet'"):
        ValueNet.load(path, "buffet", 3)
    with pytest.raises(WrongNet, match="for 2 players, not 3"):
        ValueNet.load(path, "stirfry", 3)
    net = ValueNet.load(path, "stirfry", 2)
    # The same game and count, but observations of another size (an older encoding).
    other = ValueNet(
        "stirfry",
        2,
        net.size + 1,
        net.digest,
        [(np.zeros((net.size + 1, 8), np.float32), np.zeros(8, np.float32)), net.layers[1]],
    )
    other.save(tmp_path / "wide.npz")
    with pytest.raises(WrongNet, match=f"size {net.size + 1}.*train it again"):
        ValueNet.load(tmp_path / "wide.npz", "stirfry", 2)
    # Same size, another layout.
    moved = ValueNet("stirfry", 2, net.size, "0" * 16, net.layers)
    moved.save(tmp_path / "moved.npz")
    with pytest.raises(WrongNet, match="layout"):
        ValueNet.load(tmp_path / "moved.npz", "stirfry", 2)
    (tmp_path / "junk.npz").write_bytes(b"not a network")
    with pytest.raises(WrongNet, match="not a value network"):
        ValueNet.load(tmp_path / "junk.npz", "stirfry", 2)


def test_layers_that_do_not_chain_are_refused() -> None:
    w = np.zeros((3, 4), np.float32)
    with pytest.raises(WrongNet, match="layer 1 has weights"):
        ValueNet("g", 2, 3, "d", [(w, np.zeros(4, np.float32)), (w, np.zeros(4, np.float32))])
    with pytest.raises(WrongNet, match="4 outputs, not 1"):
        ValueNet("g", 2, 3, "d", [(w, np.zeros(4, np.float32))])


def test_the_judge_reads_each_seat_from_its_own_view(trained: Path) -> None:
    net = ValueNet.load(weights_path("stirfry", 2, trained), "stirfry", 2)
    state = meeple.load("stirfry").new(2, seed=3)
    values = NetJudge(net)(state)
    assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
    # What seat 0 cannot see (the other hand, the deck) does not change its estimate.
    world = state.determinize(0, random.Random(1))
    assert net.predict(Observer("stirfry", 2).observe(world, [0]))[0] == pytest.approx(values[0])


def test_expert_plays_legal_moves_with_a_network(trained: Path) -> None:
    game = meeple.load("stirfry")
    assert available("stirfry", 2, trained) and not available("stirfry", 3, trained)
    bot = ExpertBot(game, seed=1, folder=trained)
    state = game.new(2, seed=4)
    chosen = 0
    while not state.is_over and chosen < 4:
        seat = state.to_move[0]
        legal = without_back(state.legal_actions(seat))
        action = bot.choose(state, seat)
        assert action in legal
        chosen += len(legal) > 1
        state.apply(seat, action)
    with pytest.raises(ValueError, match="no network for stirfry at 3 players"):
        bot.choose(game.new(3, seed=1), 0)


def test_the_plan_is_tuned_by_game_then_by_player_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(expert.TUNING, "cafe", {"rollout_limit": 3, "iterations": 50})
    monkeypatch.setitem(expert.BY_PLAYERS, ("cafe", 4), {"iterations": 40})
    judge = NetJudge  # any callable: the plan only carries it
    hard = SEARCH_PLANS["cafe"]
    for players, iterations in [(2, 50), (4, 40), (None, 50)]:
        plan = expert_plan(hard, "cafe", judge, players)
        assert (plan.rollout_limit, plan.iterations, plan.judge) == (3, iterations, judge)
        assert plan.score_scale == expert.DEFAULT_SCALE and plan.follow == hard.follow
    # hard's own plan for a count (stirfry from 3 players on) does not take the network's
    # place, but expert searches as it does there (with the guide that reads the declarer).
    stirfry = SEARCH_PLANS["stirfry"]
    assert stirfry.at, "the check below needs a game with a per-count plan"
    for players in range(2, 6):
        plan = expert_plan(stirfry, "stirfry", judge, players)
        assert plan.for_players(players).judge is judge
        assert plan.guide is stirfry.for_players(players).guide
    assert expert_plan(stirfry, "stirfry", judge, 2).guide is None
    assert expert_plan(stirfry, "stirfry", judge, 3).guide is not None


def test_expert_is_offered_only_where_a_network_ships() -> None:
    for game_id in meeple.GAMES:
        offered = "expert" in levels_for(game_id)
        assert offered == bool(shipped_counts(game_id))
        if not offered:
            with pytest.raises(ValueError, match=f"no expert bot for {game_id}"):
                make("expert", meeple.load(game_id))
    with pytest.raises(ValueError, match="unknown bot level"):
        check("godlike", "buffet")
    missing = next(
        (g, p)
        for g, game in meeple.GAMES.items()
        for p in range(game.min_players, game.max_players + 1)
        if p not in shipped_counts(g)
    )
    with pytest.raises(ValueError, match=f"no expert bot for {missing[0]} at {missing[1]}"):
        check("expert", *missing)
    # make, told the count, refuses at once (the bot itself would only fail at its first move).
    with pytest.raises(ValueError, match=f"no expert bot for {missing[0]} at {missing[1]}"):
        make("expert", meeple.load(missing[0]), players=missing[1])


@pytest.mark.parametrize("game_id", sorted(meeple.GAMES))
def test_the_shipped_networks_load_and_stay_small(game_id: str) -> None:
    counts = shipped_counts(game_id)
    total = sum(weights_path(game_id, p).stat().st_size for p in counts)
    assert total <= 2_000_000  # the budget: 2 MB of weights a game
    for players in counts:
        state = meeple.load(game_id).new(players, seed=1)
        if expert.learns(game_id) == BeliefNet.KIND:
            belief = BeliefNet.load(weights_path(game_id, players), game_id, players)
            chances = belief.chances([[0.0] * belief.size])[0]
            assert len(chances) > 1 and sum(chances) == pytest.approx(1.0)
            continue
        net = ValueNet.load(weights_path(game_id, players), game_id, players)
        assert len(NetJudge(net)(state)) == players


@pytest.fixture(scope="module")
def believed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a tiny run of Go da Cheese! for 3, which learns a belief."""
    out = tmp_path_factory.mktemp("belief")
    config = TrainConfig("cheese", 3, games=4, round_games=2, samples=3, hidden=(8,), workers=1)
    Trainer(config, out).run()
    return out


def test_a_tiny_belief_run_writes_a_belief_network(believed: Path) -> None:
    assert expert.learns("cheese") == "belief" and expert.learns("stirfry") == "value"
    path = weights_path("cheese", 3, believed)
    net = BeliefNet.load(path, "cheese", 3)
    assert [w.shape for w, _ in net.layers] == [(belief.SIZE, 8), (8, belief.OUTCOMES)]
    with (believed / training.CHECKPOINT).open("rb") as f:
        curve = pickle.load(f).curve
    # Log losses: above 0, and a guess of the frequencies is no better than log 6 at worst.
    assert curve.games == [2, 4] and all(loss > 0 for loss in curve.train_loss)
    with pytest.raises(WrongNet, match="is a belief network, not a value network"):
        ValueNet.load(path, "cheese", 3)
    with pytest.raises(ValueError, match="stirfry has no belief to learn"):
        BeliefNet.load(path, "stirfry", 2)


def test_a_guess_of_the_frequencies_is_a_beliefs_constant_guess() -> None:
    # Labels 0, 0, 1 in training: chances 2/3 and 1/3; validation 0 and 1.
    loss = training.guess_loss(np.array([0.0, 0.0, 1.0]), np.array([0.0, 1.0]), belief=True)
    assert loss == pytest.approx(-(math.log(2 / 3) + math.log(1 / 3)) / 2)


def test_expert_deals_its_worlds_by_a_belief(
    believed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(expert.TUNING, "cheese", {"iterations": 3, "steps": 30})
    game = meeple.load("cheese")
    bot = ExpertBot(game, seed=2, folder=believed)
    search = bot.searcher(3)
    assert isinstance(search, ISMCTSBot) and search.worlds is not None
    assert search.judge is SEARCH_PLANS["cheese"].judge  # hard's judge: no value network
    state = game.new(3, seed=5)
    for _ in range(8):
        seat = state.to_move[0]
        action = bot.choose(state, seat)
        assert action in without_back(state.legal_actions(seat))
        state.apply(seat, action)
