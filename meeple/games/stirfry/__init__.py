"""Stir Fry Eighteen (``stirfry``): cook noodle dishes, bluff your draws, call taste tests."""

from meeple.games.stirfry.rules import GAME, StirFry, StirFryState
from meeple.games.stirfry.scoring import dish_score

__all__ = ["GAME", "StirFry", "StirFryState", "dish_score"]
