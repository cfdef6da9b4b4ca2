"""The game contract and what every game shares: errors, randomness, replays, conformance."""

from meeple.core.errors import BadOptions, IllegalAction, UnknownGame
from meeple.core.game import BACK, JSON, Action, Game, Option, OptionValue, State, without_back
from meeple.core.replay import Replay
from meeple.core.rng import Rng

__all__ = [
    "BACK",
    "JSON",
    "Action",
    "BadOptions",
    "Game",
    "IllegalAction",
    "Option",
    "OptionValue",
    "Replay",
    "Rng",
    "State",
    "UnknownGame",
    "without_back",
]
