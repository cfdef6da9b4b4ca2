"""The bot interface (in core, so that a game's own heuristic bot depends only on core)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from meeple.core.game import Action, State


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
