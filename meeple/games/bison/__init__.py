"""Bison: Thunder on the Prairie (``bison``): tribes claim hunting grounds on a growing prairie."""

from meeple.games.bison.rules import GAME, Bison, BisonState

__all__ = ["GAME", "Bison", "BisonState"]
