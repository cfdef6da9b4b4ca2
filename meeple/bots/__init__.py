"""Bots: game-agnostic players that choose an action for a seat from what that seat may know."""

from meeple.bots.base import Bot
from meeple.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
