"""A bot that plays uniformly at random among the legal actions."""

from __future__ import annotations

import random

from meeple.core.bot import Bot
from meeple.core.game import Action, State, without_back


class RandomBot(Bot):
    """Uniformly random legal actions, reproducible from ``seed``.

    >>> import meeple
    >>> state = meeple.load("buffet").new(players=3, seed=1)
    >>> RandomBot(seed=7).choose(state, 0)["type"]
    'play'
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        # Never ``back``: a bot has no second thoughts, and random play must go forward.
        return self.rng.choice(without_back(state.legal_actions(seat)))
