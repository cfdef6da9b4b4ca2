"""Scoring a dish, and the dishes a hand can cook.

>>> dish_score(["noodles", "leek", "mushroom", "soy", "pork"])
16
>>> dish_score(["noodles", "chicken", "tofu"])  # the rulebook prints −2: see TOFU_WITH_PROTEIN
-1
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from meeple.games.stirfry.data import (
    CARD_INDEX,
    CARD_NAMES,
    CARD_VALUES,
    DISH_MAX_CARDS,
    DISH_MIN_CARDS,
    KINDS,
    NOODLES,
    PROTEINS,
    TOFU,
    TOFU_WITH_PROTEIN,
)


def card_points(card: int, dish: frozenset[int] | set[int]) -> int:
    """What ``card`` scores in a dish holding the cards ``dish`` (itself included)."""
    if card == TOFU and any(p in dish for p in PROTEINS):
        return TOFU_WITH_PROTEIN
    return max(
        points for points, needs in CARD_VALUES[card] if all(other in dish for other in needs)
    )


def dish_points(cards: Iterable[int]) -> int:
    """The points of a dish of different cards given as ints."""
    dish = frozenset(cards)
    return sum(card_points(card, dish) for card in dish)


def dish_score(cards: list[str]) -> int:
    """The points of a dish given by card names; each card scores its best value.

    Unknown names and a card given twice (a dish never holds two of one card:
    同じカードを2枚以上使うことは出来ません) raise ``ValueError``. Whether the dish
    may be cooked (noodles, 3–5 cards) is the engine's business, not this one's.

    >>> dish_score(["noodles", "shrimp", "soy", "ginger"])
    17
    """
    try:
        indexes = [CARD_INDEX[name] for name in cards]
    except (KeyError, TypeError):
        raise ValueError(f"unknown card in {cards!r}; cards are {', '.join(CARD_NAMES)}") from None
    if len(set(indexes)) != len(indexes):
        raise ValueError(f"a dish holds each card at most once, not {cards!r}")
    return dish_points(indexes)


Cook = tuple[tuple[str, ...], int]
"""A dish that can be cooked: its card names in deck order, and its points."""

_ALL_DISHES: list[tuple[int, Cook]] = [
    (
        sum(1 << card for card in (NOODLES, *others)),
        (tuple(CARD_NAMES[c] for c in (NOODLES, *others)), dish_points((NOODLES, *others))),
    )
    for size in range(DISH_MIN_CARDS - 1, DISH_MAX_CARDS)
    for others in combinations(range(NOODLES + 1, KINDS), size)
]
"""Every possible dish as ``(bit mask of its cards, cook)``: noodles and 2–4 others."""

_POINTS_BY_MASK: dict[int, int] = {mask: points for mask, (_, points) in _ALL_DISHES}

_COOKS_BY_HAND: dict[int, tuple[Cook, ...]] = {}


def cooked_points(cards: list[int]) -> int:
    """The points of a dish that can be cooked (noodles and 2–4 other different cards)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return _POINTS_BY_MASK[mask]


def cooks_for(kinds_mask: int) -> tuple[Cook, ...]:
    """Every dish a hand holding the card kinds in ``kinds_mask`` (bit per card) can cook."""
    cooks = _COOKS_BY_HAND.get(kinds_mask)
    if cooks is None:
        cooks = tuple(cook for mask, cook in _ALL_DISHES if mask & kinds_mask == mask)
        _COOKS_BY_HAND[kinds_mask] = cooks
    return cooks
