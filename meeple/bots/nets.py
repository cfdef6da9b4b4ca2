"""The ``expert`` level's networks: small MLPs run with numpy alone.

A **value network** (:class:`ValueNet`) reads one seat's observation — the game's RL
encoding (:mod:`meeple.core.encoding`) of ``view(seat)``, so it sees only what the seat may
see — and estimates the reward that seat will get at the end of the game, in [0, 1], as the
search counts rewards (:func:`meeple.bots.ismcts.outcome`: ``WIN_WEIGHT`` for a win plus the
rest for the rank). ``expert`` judges its cut-off playouts with it (:class:`NetJudge`).

A **belief network** (:class:`BeliefNet`) reads what a seat sees of one of a rival's hidden
cards (the game's ``belief`` module, also from ``view(seat)`` only) and gives the chance of
each animal it may be. ``expert`` deals the worlds it imagines by it (Go da Cheese!, whose
face-down cards decide the end).

A network is a ``.npz`` file (written by ``meeple train``, :mod:`meeple.bots.training`)
that records what it is for: its kind, the game id, the player count, its inputs' size and
a digest of their layout (:func:`layout_digest`), and the shape of every layer. The loader
refuses a file of another kind, made for another game, player count or inputs, or whose
layers do not chain, with a :class:`WrongNet` that says which. Playing needs numpy, never
the library that trained the network.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from meeple.core.encoding import Encoding, load_encoding, observation_size, view_reader
from meeple.core.game import OptionValue, State

FORMAT = 1
"""The version of the file layout below; a file of another version is refused."""

OBS_BOUND = 10.0
"""Observation entries are clipped to ±this, as :mod:`meeple.rl` clips them."""

WEIGHTS = Path(__file__).parent / "weights"
"""Where the package keeps its trained networks: ``<game>-<players>.npz``."""

Array = npt.NDArray[np.float32]


class WrongNet(ValueError):
    """A weights file that is not a network of the kind asked for this game, player count
    and inputs."""


def layout_digest(encoding: Encoding, players: int, options: Mapping[str, OptionValue]) -> str:
    """A short digest of the observation's layout (slice names and lengths): a network
    trained on one layout is refused for another, even of the same size."""
    return _digest(encoding.layout(players, options))


def weights_path(game_id: str, players: int, folder: Path = WEIGHTS) -> Path:
    """The file name of ``game_id``'s network for ``players`` in ``folder``."""
    return folder / f"{game_id}-{players}.npz"


def shipped_counts(game_id: str, folder: Path = WEIGHTS) -> list[int]:
    """The player counts of ``game_id`` that have a network in ``folder`` (the package's by
    default), smallest first."""
    counts = []
    for path in folder.glob(f"{game_id}-*.npz"):
        tail = path.stem.rpartition("-")[2]
        if tail.isdigit():
            counts.append(int(tail))
    return sorted(counts)


def _digest(layout: Sequence[tuple[str, int]]) -> str:
    text = json.dumps([[name, size] for name, size in layout])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class Net:
    """An MLP with ReLU hidden layers and a linear last layer, as a ``.npz`` file records it:
    what it reads (``game``, ``players``, the input ``size`` and the ``digest`` of its layout)
    and ``layers``, ``(weights, bias)`` pairs, ``weights`` of shape ``(inputs, outputs)``.
    A subclass says what the outputs mean (:data:`KIND`)."""

    KIND: ClassVar[str] = ""
    """What the network estimates; its files record it, and a loader refuses another kind."""

    game: str
    players: int
    size: int
    digest: str
    layers: list[tuple[Array, Array]]

    def __post_init__(self) -> None:
        inputs = self.size
        for i, (weights, bias) in enumerate(self.layers):
            if weights.ndim != 2 or weights.shape[0] != inputs or bias.shape != weights.shape[1:]:
                raise WrongNet(
                    f"layer {i} has weights {weights.shape} and bias {bias.shape}, "
                    f"but takes {inputs} inputs"
                )
            inputs = weights.shape[1]
        if not self.layers:
            raise WrongNet("the network has no layer")
        self._check_outputs(inputs)

    def _check_outputs(self, outputs: int) -> None:
        raise NotImplementedError

    def forward(self, x: Array) -> Array:
        """The last layer's outputs for a batch of inputs ``(n, size)``."""
        h = x
        last = len(self.layers) - 1
        for i, (weights, bias) in enumerate(self.layers):
            h = h @ weights + bias
            if i < last:
                np.maximum(h, 0.0, out=h)
        return h

    @classmethod
    def expected(
        cls, game_id: str, players: int, options: Mapping[str, OptionValue]
    ) -> tuple[int, str]:
        """The input size and layout digest a network of this kind for ``game_id`` reads."""
        raise NotImplementedError

    def save(self, path: Path) -> None:
        """Write the network to ``path`` (float16 weights: half the size, and the error is
        far below what the network's own estimates are worth)."""
        arrays: dict[str, Any] = {
            "format": np.array(FORMAT),
            "kind": np.array(self.KIND),
            "game": np.array(self.game),
            "players": np.array(self.players),
            "size": np.array(self.size),
            "digest": np.array(self.digest),
            "depth": np.array(len(self.layers)),
        }
        for i, (weights, bias) in enumerate(self.layers):
            arrays[f"w{i}"] = weights.astype(np.float16)
            arrays[f"b{i}"] = bias.astype(np.float16)
        with path.open("wb") as out:
            np.savez_compressed(out, **arrays)

    @classmethod
    def load(
        cls,
        path: Path,
        game_id: str,
        players: int,
        options: Mapping[str, OptionValue] | None = None,
    ) -> Self:
        """The network in ``path``, checked to be of this kind, ``game_id``'s for
        ``players``, with the inputs the game gives (``options`` resolved; the defaults if
        ``None``): :class:`WrongNet` otherwise, saying what does not match."""
        import meeple  # noqa: PLC0415 (meeple imports the bots)

        resolved = meeple.load(game_id).resolve_options(options)
        size, digest = cls.expected(game_id, players, resolved)
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = {k: data[k].item() for k in ("format", "game", "players", "size", "digest")}
                # A file from before networks had kinds is a value network.
                kind = data["kind"].item() if "kind" in data else ValueNet.KIND
                depth = int(data["depth"])
                layers = [
                    (data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
                    for i in range(depth)
                ]
        except (OSError, KeyError, ValueError) as err:
            raise WrongNet(f"{path} is not a {cls.KIND} network: {err}") from None
        if meta["format"] != FORMAT:
            raise WrongNet(f"{path} is of format {meta['format']}, not {FORMAT}")
        if kind != cls.KIND:
            raise WrongNet(f"{path} is a {kind} network, not a {cls.KIND} network")
        if meta["game"] != game_id:
            raise WrongNet(f"{path} is a network for {meta['game']!r}, not {game_id!r}")
        if meta["players"] != players:
            raise WrongNet(f"{path} is for {meta['players']} players, not {players}")
        if meta["size"] != size or meta["digest"] != digest:
            raise WrongNet(
                f"{path} reads inputs of size {meta['size']} (layout {meta['digest']}), "
                f"but {game_id}'s {cls.KIND} inputs for {players} players are {size} "
                f"({digest}): train it again for them"
            )
        return cls(game_id, players, size, digest, layers)


class ValueNet(Net):
    """A value network: one output, the seat's estimated reward, clipped to [0, 1]. It reads
    the game's RL observation (:class:`Observer`).

    >>> import numpy as np
    >>> net = ValueNet("g", 2, 3, "d", [(np.ones((3, 2), np.float32), np.zeros(2, np.float32)),
    ...                                 (np.ones((2, 1), np.float32) / 8, np.zeros(1, np.float32))])
    >>> net.predict(np.array([[1, 1, 0], [0, 0, 0]], np.float32)).tolist()
    [0.5, 0.0]
    """

    KIND = "value"

    def _check_outputs(self, outputs: int) -> None:
        if outputs != 1:
            raise WrongNet(f"the last layer gives {outputs} outputs, not 1")

    @classmethod
    def expected(
        cls, game_id: str, players: int, options: Mapping[str, OptionValue]
    ) -> tuple[int, str]:
        encoding = load_encoding(game_id)
        return observation_size(encoding, players, options), layout_digest(
            encoding, players, options
        )

    def predict(self, x: Array) -> Array:
        """The estimated rewards, in [0, 1], of a batch of observations ``(n, size)``."""
        out: Array = np.clip(self.forward(x)[:, 0], 0.0, 1.0)
        return out


class BeliefNet(Net):
    """A belief network: for what a seat sees of a rival's hidden card, a chance for each
    thing it may be (a softmax over the outputs). It reads the inputs of the game's
    ``belief`` module (its ``LAYOUT``; Go da Cheese!'s :mod:`meeple.games.cheese.belief`).

    >>> import numpy as np
    >>> net = BeliefNet("g", 3, 2, "d", [(np.eye(2, dtype=np.float32), np.zeros(2, np.float32))])
    >>> [round(p, 3) for p in net.chances([[1.0, 0.0]])[0]]
    [0.731, 0.269]
    """

    KIND = "belief"

    def _check_outputs(self, outputs: int) -> None:
        if outputs < 2:
            raise WrongNet(f"the last layer gives {outputs} outputs: a belief needs two or more")

    @classmethod
    def expected(
        cls, game_id: str, players: int, options: Mapping[str, OptionValue]
    ) -> tuple[int, str]:
        layout = belief_layout(game_id)
        return sum(size for _, size in layout), _digest(layout)

    def chances(self, rows: Sequence[Sequence[float]]) -> list[list[float]]:
        """The chances of each output for rows of inputs (each row sums to 1)."""
        h = self.forward(np.asarray(rows, np.float32).reshape(len(rows), self.size))
        h -= h.max(axis=1, keepdims=True)
        np.exp(h, out=h)
        h /= h.sum(axis=1, keepdims=True)
        chances: list[list[float]] = h.tolist()
        return chances


def belief_module(game_id: str) -> ModuleType:
    """``game_id``'s ``belief`` module (its ``LAYOUT`` of inputs, its ``OUTCOMES``, its
    ``dealer`` and ``labelled``); ``ValueError`` for a game whose ``expert`` learns no belief."""
    try:
        return importlib.import_module(f"meeple.games.{game_id}.belief")
    except ModuleNotFoundError:
        raise ValueError(f"{game_id} has no belief to learn") from None


def belief_layout(game_id: str) -> tuple[tuple[str, int], ...]:
    """The inputs of ``game_id``'s belief network (its ``belief`` module's ``LAYOUT``)."""
    layout: tuple[tuple[str, int], ...] = belief_module(game_id).LAYOUT
    return layout


class Observer:
    """Observation arrays of one game and player count, from ``view(seat)`` only."""

    def __init__(
        self, game_id: str, players: int, options: Mapping[str, OptionValue] | None = None
    ) -> None:
        import meeple  # noqa: PLC0415

        self.players = players
        self.options = meeple.load(game_id).resolve_options(options)
        self.encoding = load_encoding(game_id)
        self.view_of = view_reader(self.encoding)
        self.size = observation_size(self.encoding, players, self.options)

    def observe(self, state: State, seats: Sequence[int]) -> Array:
        """The observations of ``seats`` in ``state``, one row each. The public history some
        encodings add (Stir Fry's declarations) is left out, as a search's imagined worlds
        have none: those slices are zeros, in training as in play."""
        out = np.zeros((len(seats), self.size), np.float32)
        for row, seat in enumerate(seats):
            features = self.encoding.observe(
                self.view_of(state, seat), seat, self.players, self.options
            )
            index, values = features.entries()
            out[row, index] = values
        np.clip(out, -OBS_BOUND, OBS_BOUND, out=out)
        return out


class NetJudge:
    """Judges a cut-off playout: every seat's estimated reward, from its own observation
    (a :attr:`meeple.core.bot.SearchPlan.judge`)."""

    def __init__(self, net: ValueNet, options: Mapping[str, OptionValue] | None = None) -> None:
        self.net = net
        self.observer = Observer(net.game, net.players, options)
        self.seats = list(range(net.players))

    def __call__(self, state: State) -> list[float]:
        values: list[float] = self.net.predict(self.observer.observe(state, self.seats)).tolist()
        return values
