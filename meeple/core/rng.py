"""Seeded randomness that lives inside a game state.

The generator is SplitMix64: its whole state is one 64-bit integer, so a game
state serialises it as a single number, copies it for free, and gives the same
sequence on every Python version (unlike ``random.Random.shuffle``/``sample``,
whose algorithms are not promised to stay the same).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """A small deterministic generator; ``Rng(42).randbelow(6)`` is the same everywhere.

    >>> rng = Rng(7)
    >>> deck = list(range(5))
    >>> rng.shuffle(deck)
    >>> sorted(deck)
    [0, 1, 2, 3, 4]
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit output and advance."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def __reduce__(self) -> tuple[object, ...]:
        # Copied and pickled as Rng(state) (the same generator): compiled (mypyc), a class
        # whose __init__ takes arguments is not restored as Python restores it.
        return Rng, (self.state,)

    def copy(self) -> Rng:
        """Return an independent generator at the same point."""
        return Rng(self.state)
