"""Building hand-made buffet positions for rule tests."""

from __future__ import annotations

from meeple.games.buffet import GAME, BuffetState
from meeple.games.buffet.data import DISH_KINDS, dish, dish_kind, dish_value
from meeple.games.buffet.rules import counts_of


def make(
    players: int,
    *,
    hands: list[list[int]] | None = None,
    buffet: list[tuple[str, int]] | None = None,
    positions: list[int] | None = None,
    start: int = 0,
    seed: int = 0,
) -> BuffetState:
    """A fresh game with chosen hands, dishes on offer and mouse positions.

    The cards and dishes set by hand are taken out of the deck and the dish pile
    so the state still holds the 110 cards and the 36 dishes exactly once.
    """
    state = GAME.new(players, seed=seed)
    if hands is not None:
        # Put every card back in the deck, then deal the chosen hands out of it.
        for counts in state.hands:
            for i, n in enumerate(counts):
                state.deck.extend([i - 1] * n)
        for seat, cards in enumerate(hands):
            for card in cards:
                state.deck.remove(card)
            state.hands[seat] = counts_of(cards)
    if buffet is not None:
        state.dish_pile.extend(state.buffet + state.reserved)
        codes = [dish(kind, value) for kind, value in buffet]
        for code in codes:
            state.dish_pile.remove(code)
        if players == 3:
            state.reserved, state.buffet = codes[:2], codes[2:]
        else:
            state.reserved, state.buffet = [], codes
    if positions is not None:
        state.positions = list(positions)
    state.start = start
    return state


def play(state: BuffetState, cards: dict[int, int]) -> None:
    """Every listed seat plays its card (in seat order; reveal order is the rules' business)."""
    for seat, card in cards.items():
        state.apply(seat, {"type": "play", "card": card})


def stack_of(state: BuffetState, seat: int) -> list[tuple[str, int]]:
    """A seat's won dishes as (kind, value) pairs, oldest first."""
    return [(DISH_KINDS[dish_kind(d)], dish_value(d)) for d in state.stacks[seat]]
