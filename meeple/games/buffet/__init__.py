"""Schlacht am Buffet (``buffet``): mice race along a track for the dishes of a buffet."""

from meeple.games.buffet.rules import GAME, Buffet, BuffetState

__all__ = ["GAME", "Buffet", "BuffetState"]
