"""Building hand-made Stir Fry positions for rule tests."""

from __future__ import annotations

from meeple.games.stirfry import GAME, StirFryState
from meeple.games.stirfry.data import CARD_INDEX, CARD_NAMES, DECK_COUNTS, TOFU
from meeple.games.stirfry.rules import CHEF, counts_of


def make(
    players: int,
    hands: list[list[str]],
    *,
    deck_top: list[str] | None = None,
    points: list[int] | None = None,
    chef: int = 0,
    options: dict[str, object] | None = None,
    removed: str = "soy",
    seed: int = 0,
) -> StirFryState:
    """A game at the start of ``chef``'s decisions (its turn's draw already made).

    ``hands`` are dealt exactly; ``deck_top`` lists the next cards to be drawn,
    first drawn first; the rest of the 18 cards lie below them. With the tofu
    promo, ``removed`` is the card tofu replaced. The position is checked by a
    round trip through ``from_json``, so it always holds the deck of 18 exactly.
    """
    state = GAME.new(players, seed=seed, options=options)
    remaining = list(DECK_COUNTS)
    if state.variant.tofu:
        state.removed = CARD_INDEX[removed]
        remaining[CARD_INDEX[removed]] -= 1
        remaining[TOFU] += 1
    chosen = [card for hand in hands for card in hand] + list(deck_top or [])
    for name in chosen:
        remaining[CARD_INDEX[name]] -= 1
        if remaining[CARD_INDEX[name]] < 0:
            raise ValueError(f"there are not that many {name} cards")
    rest = [card for card, n in enumerate(remaining) for _ in range(n)]
    state.hands = [counts_of([CARD_INDEX[name] for name in hand]) for hand in hands]
    state.deck = rest + [CARD_INDEX[name] for name in reversed(deck_top or [])]
    state.points = list(points or [0] * players)
    state.chef = chef
    state.phase = CHEF
    state.awaiting = (chef,)
    state.events = []
    return GAME.from_json(state.to_json())


def hand(state: StirFryState, seat: int) -> list[str]:
    """A seat's hand as sorted card names."""
    return [CARD_NAMES[c] for c, n in enumerate(state.hands[seat]) for _ in range(n)]


def play(state: StirFryState, *moves: tuple[int, dict[str, object]]) -> StirFryState:
    """Apply ``(seat, action)`` moves in order; return the state for chaining."""
    for seat, action in moves:
        state.apply(seat, action)
    return state


def cook(*cards: str) -> dict[str, object]:
    return {"type": "cook", "cards": list(cards)}


def declare(card: str, claim: str) -> dict[str, object]:
    return {"type": "declare", "card": card, "as": claim}


def declare_pair(first: str, second: str) -> dict[str, object]:
    return {"type": "declare_pair", "cards": [first, second]}


def discard(card: str) -> dict[str, object]:
    return {"type": "discard", "card": card}


TRUST: dict[str, object] = {"type": "trust"}
TASTE: dict[str, object] = {"type": "taste"}
END_TURN: dict[str, object] = {"type": "end_turn"}
