"""The bot interface (in core, so that a game's own heuristic bot depends only on core)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from meeple.core.game import JSON, Action, State


class Bot(ABC):
    """Chooses an action for a seat.

    A bot may read only what the seat may know: ``state.view(seat)``,
    ``state.legal_actions(seat)``, and samples from ``state.determinize(seat, rng)``.
    Bots are seeded, so the same seed and the same states give the same choices.
    """

    name: str = "bot"

    @abstractmethod
    def choose(self, state: State, seat: int) -> Action:
        """Return one of ``state.legal_actions(seat)``."""


class HeuristicBot(Bot):
    """A game's rule-of-thumb player. It is handed the seat's ``view`` and legal actions,
    never the state, so it cannot peek by construction.

    ``noise`` is the chance of a random legal action instead (the ``easy`` level's slips).
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None, noise: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        if len(legal) == 1:
            return legal[0]  # a single legal action needs no thought
        return self.decide(state.view(seat), legal, seat)

    @abstractmethod
    def decide(self, view: JSON, legal: list[Action], seat: int) -> Action:
        """Return one of ``legal``, judged from ``view`` (the seat's own) alone."""
