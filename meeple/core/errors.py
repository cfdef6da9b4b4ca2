"""The three errors of the game contract.

Each is a subclass of a built-in error so that callers who do not know meeple
still catch them sensibly (python-chess does the same with ``IllegalMoveError``).
"""

from __future__ import annotations


class UnknownGame(KeyError):
    """Raised by :func:`meeple.load` for a game id that is not registered."""

    def __str__(self) -> str:
        # KeyError quotes its argument; a readable sentence is kinder.
        return str(self.args[0]) if self.args else "unknown game"


class BadOptions(ValueError):
    """Raised by ``Game.new`` for a bad player count, seed or option."""


class IllegalAction(ValueError):
    """Raised by ``State.apply`` for an illegal or malformed action or a wrong seat.

    The state is left exactly as it was.
    """
