"""Café International (``cafe``): seat guests of twelve countries at the tables of a café."""

from meeple.games.cafe.rules import GAME, Cafe, CafeState

__all__ = ["GAME", "Cafe", "CafeState"]
