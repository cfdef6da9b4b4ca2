"""Training the ``expert`` level's networks from self-play (``meeple train``).

A run goes in rounds until it has played its games or spent its hours:

1. **Self-play**: a batch of games between bots of one level (``normal`` by default: the
   game's heuristic, which also plays the search's playouts, so the network learns what a
   playout to the end would say), one worker process per core. At up to ``samples`` decisions
   of each game, every seat's observation is kept (:class:`meeple.bots.nets.Observer`, from
   ``view(seat)``), and each is labelled with that seat's final reward as the search counts
   it (:func:`meeple.bots.ismcts.outcome`). One game in ten is kept apart for validation, so
   that the validation positions come from games the network never saw.
   A game whose ``expert`` learns a belief (:data:`meeple.bots.expert.LEARNS`: Go da
   Cheese!) keeps instead, at those decisions, what each seat sees of every rival's hidden
   card (the game's ``belief`` module, from ``view(seat)``), labelled with what it is.
2. **Training**: a few epochs of scikit-learn's ``MLPRegressor`` (Adam, ``partial_fit``) over
   the kept positions (the newest ``max_rows`` of them), then the validation loss (mean
   squared error); for a belief, ``MLPClassifier`` and the log loss.
3. **Checkpoint**: the model, the positions and the learning curve go to ``--out``; the
   network is exported for numpy (:class:`meeple.bots.nets.ValueNet` or
   :class:`~meeple.bots.nets.BeliefNet`) and the curve plotted.

A second run with ``resume=True`` takes up where the checkpoint left off (the games already
played are not played again; the hours count both runs). scikit-learn and matplotlib are
the optional extra ``meeple[train]``; playing with the network needs numpy alone.
"""

from __future__ import annotations

import math
import os
import pickle
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple.bots.nets import (
    Array,
    BeliefNet,
    Observer,
    ValueNet,
    belief_layout,
    belief_module,
    weights_path,
)

CHECKPOINT = "checkpoint.pkl"
DATA = "data.npz"
BATCH = 256
"""Positions per step of the optimiser."""
VALIDATION_EVERY = 10
"""Game ``k`` is a validation game when ``k % VALIDATION_EVERY == VALIDATION_EVERY - 1``."""
LEAST_CHANCE = 1e-9
"""A belief's log loss counts a chance below this as this (the log of 0 is unbounded)."""


@dataclass(frozen=True)
class TrainConfig:
    """What a training run does (kept in its checkpoint: a resumed run goes on with it)."""

    game: str
    players: int
    games: int = 2000
    """Self-play games in all (both runs together, when resumed)."""
    hours: float | None = None
    """Stop after this much time in all, even if fewer games were played."""
    level: str = "normal"
    """The bots that play the self-play games."""
    explore: float = 0.03
    """The chance a self-play move is a random legal one instead: positions off the bots'
    beaten track, which the search's imagined worlds reach too."""
    samples: int = 24
    """Decisions kept per game (spread over it at random), each with every seat's view."""
    hidden: tuple[int, ...] = (64, 32)
    alpha: float = 1e-3
    """The L2 penalty: positions of one game share their label, and a network left free
    learns the games by heart (Stir Fry for 2 at 1e-4: training loss 0.15, validation 0.19)."""
    round_games: int = 64
    """Games per round (one checkpoint a round)."""
    epochs: int = 2
    """Passes over the kept positions per round."""
    max_rows: int = 300_000
    """Training positions kept (the newest): the memory a run may take."""
    seed: int = 0
    workers: int = field(default_factory=lambda: os.cpu_count() or 1)


@dataclass
class Curve:
    """The learning curve: one point per round."""

    games: list[int] = field(default_factory=list)
    train_loss: list[float] = field(default_factory=list)
    validation_loss: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    guess_loss: list[float] = field(default_factory=list)
    """The validation loss of a constant guess (the training targets' mean): a network no
    better than it has learnt nothing of the position."""


@dataclass
class Checkpoint:
    """Everything a run needs to go on: the model, how far it got, its curve."""

    config: TrainConfig
    model: Any
    games_done: int = 0
    seconds: float = 0.0
    curve: Curve = field(default_factory=Curve)


def learns_belief(config: TrainConfig) -> bool:
    """Whether the run learns a belief network (:data:`meeple.bots.expert.LEARNS`), not a
    value network."""
    from meeple.bots.expert import learns  # noqa: PLC0415

    return learns(config.game) == BeliefNet.KIND


def input_size(config: TrainConfig) -> int:
    """The length of the network's inputs."""
    if learns_belief(config):
        return sum(size for _, size in belief_layout(config.game))
    return Observer(config.game, config.players).size


def play_for_data(config: TrainConfig, seed: int) -> tuple[npt.NDArray[Any], Array]:
    """Play one self-play game of the run; the inputs kept and their targets (runs in a
    worker process). For a value network, every seat's observation at up to ``samples``
    decisions, each with the seat's final reward; for a belief network, at up to ``samples``
    decisions, what each seat sees of every hidden card of its rivals, with what it is."""
    import meeple  # noqa: PLC0415 (a worker process loads the games on its own)
    from meeple.bots.ismcts import outcome  # noqa: PLC0415
    from meeple.bots.levels import make  # noqa: PLC0415
    from meeple.core.game import without_back  # noqa: PLC0415

    game_id, players, explore = config.game, config.players, config.explore
    game = meeple.load(game_id)
    state = game.new(players, seed=seed)
    bots = [make(config.level, game, seed=seed * 16 + s) for s in range(players)]
    dice = random.Random(seed)
    belief = learns_belief(config)
    observer = None if belief else Observer(game_id, players)
    seats = list(range(players))
    positions: list[Any] = []
    while not state.is_over:
        # A belief learns from the real position, which it labels after the choice below.
        positions.append(state.clone() if observer is None else observer.observe(state, seats))
        seat = dice.choice(state.to_move)
        if dice.random() < explore:
            action = dice.choice(without_back(state.legal_actions(seat)))
        else:
            action = bots[seat].choose(state, seat)
        state.apply(seat, action)
    kept = sorted(dice.sample(range(len(positions)), min(config.samples, len(positions))))
    size = input_size(config)
    if belief:
        return _labelled(game_id, [positions[i] for i in kept], seats, size)
    rewards = np.array(outcome(state)[0], np.float32)
    x = np.concatenate([positions[i] for i in kept]) if kept else np.zeros((0, size))
    y = np.tile(rewards, len(kept))
    return x.astype(np.float16), y


def belief_outcomes(game_id: str) -> int:
    """How many things a hidden card of ``game_id`` may be (its belief network's outputs)."""
    outcomes: int = belief_module(game_id).OUTCOMES
    return outcomes


def _labelled(
    game_id: str, states: list[Any], seats: list[int], size: int
) -> tuple[npt.NDArray[Any], Array]:
    """A belief's examples: at each of ``states``, each seat's view of its rivals' hidden
    cards (the game's ``belief.labelled``), ``size`` numbers each, with what they are."""
    module = belief_module(game_id)
    rows: list[list[float]] = []
    labels: list[int] = []
    for state in states:
        for seat in seats:
            features, animals = module.labelled(state, seat)
            rows += features
            labels += animals
    x = np.asarray(rows, np.float16).reshape(len(rows), size)
    return x, np.asarray(labels, np.float32)


def _model(config: TrainConfig) -> Any:
    from sklearn.neural_network import MLPClassifier, MLPRegressor  # noqa: PLC0415 (the extra)

    kind = MLPClassifier if learns_belief(config) else MLPRegressor
    return kind(
        hidden_layer_sizes=config.hidden,
        activation="relu",
        solver="adam",
        alpha=config.alpha,
        batch_size=BATCH,
        learning_rate_init=1e-3,
        random_state=config.seed,
    )


def export(model: Any, config: TrainConfig) -> ValueNet | BeliefNet:
    """The trained scikit-learn model as a :class:`ValueNet` or :class:`BeliefNet` (numpy
    arrays only)."""
    import meeple  # noqa: PLC0415

    options = meeple.load(config.game).resolve_options(None)
    kind = BeliefNet if learns_belief(config) else ValueNet
    size, digest = kind.expected(config.game, config.players, options)
    layers = [
        (np.asarray(w, np.float32), np.asarray(b, np.float32))
        for w, b in zip(model.coefs_, model.intercepts_, strict=True)
    ]
    return kind(config.game, config.players, size, digest, layers)


class Trainer:
    """One training run in ``out`` (see the module docstring)."""

    def __init__(self, config: TrainConfig, out: Path, *, resume: bool = False) -> None:
        self.out = out
        path = out / CHECKPOINT
        if path.exists() and not resume:
            raise FileExistsError(f"{out} holds a run already: resume it, or choose another --out")
        if resume and path.exists():
            with path.open("rb") as f:
                self.checkpoint: Checkpoint = pickle.load(f)  # our own file, written below
            old = self.checkpoint.config
            if (old.game, old.players) != (config.game, config.players):
                raise ValueError(
                    f"{out} holds a run of {old.game} for {old.players} players, "
                    f"not {config.game} for {config.players}"
                )
            # The run goes on as it started; only its length and workers may change.
            self.checkpoint.config = replace(
                old, games=config.games, hours=config.hours, workers=config.workers
            )
            # A checkpoint from before the constant guess was kept: no such points.
            self.checkpoint.curve.__dict__.setdefault("guess_loss", [])
            with np.load(out / DATA) as data:
                self.data = {k: data[k] for k in ("x", "y", "vx", "vy")}
        else:
            out.mkdir(parents=True, exist_ok=True)
            self.checkpoint = Checkpoint(config, _model(config))
            size = input_size(config)
            self.data = {
                "x": np.zeros((0, size), np.float16),
                "y": np.zeros(0, np.float32),
                "vx": np.zeros((0, size), np.float16),
                "vy": np.zeros(0, np.float32),
            }

    @property
    def config(self) -> TrainConfig:
        """The run's configuration (the checkpoint's, when resumed)."""
        return self.checkpoint.config

    def done(self) -> bool:
        """Whether the run has played its games or spent its hours."""
        c, config = self.checkpoint, self.config
        if c.games_done >= config.games:
            return True
        return config.hours is not None and c.seconds >= config.hours * 3600

    def run(self, progress: Callable[[int, str], None] | None = None) -> Path:
        """Rounds until :meth:`done`; ``progress(games, text)`` after each batch of games.
        Returns the exported network's path."""
        config = self.config
        if progress is not None and self.checkpoint.games_done:
            progress(self.checkpoint.games_done, summary(self.checkpoint.curve))
        pool = ProcessPoolExecutor(config.workers) if config.workers > 1 else None
        try:
            while not self.done():
                start = time.perf_counter()
                first = self.checkpoint.games_done
                count = min(config.round_games, config.games - first)
                self._add(self._play(range(first, first + count), pool))
                self.checkpoint.games_done += count
                self._train()
                self.checkpoint.seconds += time.perf_counter() - start
                if self.checkpoint.curve.seconds:
                    self.checkpoint.curve.seconds[-1] = self.checkpoint.seconds
                self._save()
                if progress is not None:
                    progress(count, summary(self.checkpoint.curve))
        finally:
            if pool is not None:
                pool.shutdown()
        return weights_path(config.game, config.players, self.out)

    def _play(self, games: range, pool: ProcessPoolExecutor | None) -> list[tuple[int, Any]]:
        config = self.config
        seeds = [config.seed * 1_000_000 + k for k in games]
        play = partial(play_for_data, config)
        if pool is None:
            results = list(map(play, seeds))
        else:
            results = list(pool.map(play, seeds, chunksize=2))
        return list(zip(games, results, strict=True))

    def _add(self, games: list[tuple[int, Any]]) -> None:
        data = self.data
        # One concatenation a round, not one a game: each copies every kept position, and a
        # copy per game made a round of 2,000 Café games take minutes of copying.
        parts: dict[str, list[Any]] = {key: [data[key]] for key in ("x", "y", "vx", "vy")}
        for k, (x, y) in games:
            key = "v" if k % VALIDATION_EVERY == VALIDATION_EVERY - 1 else ""
            parts[key + "x"].append(x)
            parts[key + "y"].append(y)
        for key, arrays in parts.items():
            data[key] = np.concatenate(arrays).astype(data[key].dtype, copy=False)
        # The newest positions are kept: the memory a run takes stays bounded.
        keep = self.config.max_rows
        data["x"], data["y"] = data["x"][-keep:], data["y"][-keep:]
        data["vx"], data["vy"] = data["vx"][-keep // 4 :], data["vy"][-keep // 4 :]

    def _train(self) -> None:
        from threadpoolctl import threadpool_limits  # noqa: PLC0415 (scikit-learn's)

        # One BLAS thread: these matrices are small, and on a shared machine spinning
        # threads made an epoch take minutes instead of a second.
        with threadpool_limits(1):
            self._epochs()

    def _epochs(self) -> None:
        model, data = self.checkpoint.model, self.data
        x, y = data["x"], data["y"]
        if not len(y):
            return
        # A tiny run's first rounds have fewer positions than a batch.
        model.set_params(batch_size=min(BATCH, len(y)))
        shuffle = np.random.default_rng(self.config.seed + self.checkpoint.games_done)
        belief = learns_belief(self.config)
        # A classifier learns every animal's output from its first step, seen or not yet.
        classes = {"classes": np.arange(belief_outcomes(self.config.game))} if belief else {}
        for _ in range(self.config.epochs):
            order = shuffle.permutation(len(y))
            model.partial_fit(x[order].astype(np.float32), y[order], **classes)
        curve = self.checkpoint.curve
        curve.games.append(self.checkpoint.games_done)
        curve.train_loss.append(_loss(model, x, y, belief=belief))
        curve.validation_loss.append(_loss(model, data["vx"], data["vy"], belief=belief))
        curve.guess_loss.append(guess_loss(y, data["vy"], belief=belief))
        curve.seconds.append(self.checkpoint.seconds)

    def _save(self) -> None:
        out = self.out
        # Written aside, then renamed: a run cut short mid-save keeps the previous checkpoint.
        with (out / (DATA + ".tmp")).open("wb") as f:
            np.savez(f, **self.data)
        with (out / (CHECKPOINT + ".tmp")).open("wb") as f:
            pickle.dump(self.checkpoint, f)
        (out / (DATA + ".tmp")).replace(out / DATA)
        (out / (CHECKPOINT + ".tmp")).replace(out / CHECKPOINT)
        if self.checkpoint.curve.games:
            export(self.checkpoint.model, self.config).save(
                weights_path(self.config.game, self.config.players, out)
            )
            plot_curve(self.checkpoint.curve, self.config, out / "curve.png")


def summary(curve: Curve) -> str:
    """The last round's validation loss, beside a constant guess's."""
    if not curve.validation_loss:
        return "no round yet"
    if math.isnan(curve.validation_loss[-1]):
        return f"no validation game yet (one in {VALIDATION_EVERY} is kept for it)"
    text = f"validation loss {curve.validation_loss[-1]:.4f}"
    if len(curve.guess_loss) == len(curve.validation_loss):
        text += f" (a constant guess: {curve.guess_loss[-1]:.4f})"
    return text


def guess_loss(y: Array, vy: Array, *, belief: bool = False) -> float:
    """The loss on the validation examples of a constant guess: the training targets' mean
    (its mean squared error), or for a belief their frequencies (its log loss)."""
    if not len(y) or not len(vy):
        return math.nan
    if belief:
        labels = vy.astype(np.int64)
        counts = np.bincount(y.astype(np.int64), minlength=int(labels.max()) + 1)
        shares = np.maximum(counts / counts.sum(), LEAST_CHANCE)
        return float(-np.mean(np.log(shares[labels])))
    return float(np.mean((vy - float(np.mean(y))) ** 2))


def _loss(model: Any, x: npt.NDArray[Any], y: Array, *, belief: bool = False) -> float:
    """Mean squared error of the clipped predictions (as :class:`ValueNet` clips them), or
    for a belief the log loss (the mean of minus the log of the true animal's chance)."""
    if not len(y):
        return math.nan
    if belief:
        chances = model.predict_proba(x.astype(np.float32))
        picked = chances[np.arange(len(y)), y.astype(np.int64)]
        return float(-np.mean(np.log(np.maximum(picked, LEAST_CHANCE))))
    predicted = np.clip(model.predict(x.astype(np.float32)), 0.0, 1.0)
    return float(np.mean((predicted - y) ** 2))


def plot_curve(curve: Curve, config: TrainConfig, path: Path) -> None:
    """The learning curve as a picture: the losses against the games played."""
    import matplotlib  # noqa: PLC0415 (the optional extra)

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    fig, ax = plt.subplots(figsize=(6, 3.5))
    # Markers: after a run's first round each line is a single point, which a line alone
    # (the constant guess's dashes too) does not draw.
    ax.plot(curve.games, curve.train_loss, "o-", label="training", color="#9ecae9")
    ax.plot(curve.games, curve.validation_loss, "o-", label="validation", color="#4c78a8")
    if len(curve.guess_loss) == len(curve.games):
        ax.plot(curve.games, curve.guess_loss, "x--", label="a constant guess", color="#999999")
    ax.set_xlabel("self-play games")
    belief = learns_belief(config)
    ax.set_ylabel("log loss" if belief else "mean squared error")
    kind = "belief" if belief else "value"
    ax.set_title(f"{config.game}, {config.players} players: {kind} network")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
