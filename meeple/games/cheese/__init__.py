"""Go da Cheese! (``cheese``): mice queue for the cheeses of a circle; cats and dogs hunt."""

from meeple.games.cheese.rules import GAME, Cheese, CheeseState

__all__ = ["GAME", "Cheese", "CheeseState"]
