"""Bots: game-agnostic players that choose an action for a seat from what that seat may know."""

from meeple.bots.random_bot import RandomBot
from meeple.core.bot import Bot

__all__ = ["Bot", "RandomBot"]
