"""Building hand-made bison positions for rule tests."""

from __future__ import annotations

from typing import Any

from meeple.games.bison import GAME, BisonState
from meeple.games.bison.data import ANIMALS, SHELTER_SIZES
from meeple.games.bison.geometry import terrain_of_space
from meeple.games.bison.tiles import TILES

# Spaces of the start board: 3 * position + terrain (0 grassland, 1 river, 2 mountain).
# Start tiles lie at positions 17 (0, 0), 12 (1, -1) and 11 (0, -1).
G11, R11, M11 = 33, 34, 35
G12, R12, M12 = 36, 37, 38
G17, R17, M17 = 51, 52, 53


def make(players: int = 2, *, seed: int = 0, advanced: int = 0) -> BisonState:
    """A fresh game; seat 0 holds the totem pole and is to choose its first action."""
    return GAME.new(players, seed=seed, options={"advanced": advanced})


def place(state: BisonState, position: int, tile: int, orientation: int) -> None:
    """Lay a tile by hand, taking it out of the draw pile, the removed tiles or a hand
    (which then gets the top of the draw pile instead)."""
    if tile in state.deck:
        state.deck.remove(tile)
    elif tile in state.removed:
        state.removed.remove(tile)
        state.removed.append(state.deck.pop())
    else:
        seat = state.hands.index(tile)
        state.hands[seat] = state.deck.pop()
    t = TILES[tile]
    state.board = state.board.placed(
        position, tile=tile, orientation=orientation, river_ends=t.river_ends, animals=t.animals
    )


def put(state: BisonState, space: int, seat: int, hunters: int = 0, shelter: int = 0) -> None:
    """Stand a seat's pieces on a space, taking them from its market first, then its supply,
    so that every piece is still counted once."""
    for _ in range(hunters):
        if state.market_hunters[seat]:
            state.market_hunters[seat] -= 1
        else:
            state.supply_hunters[seat] -= 1
    if shelter:
        river = terrain_of_space(space) == 1
        market = (state.market_canoes if river else state.market_tents)[seat]
        supply = (state.supply_canoes if river else state.supply_tents)[seat]
        if market[shelter]:
            market[shelter] -= 1
        else:
            supply[shelter] -= 1
    state.owner[space] = seat
    state.hunters[space] += hunters
    state.shelter[space] = shelter


def set_supply(
    state: BisonState,
    seat: int,
    *,
    hunters: int | None = None,
    tents: list[int] | None = None,
    canoes: list[int] | None = None,
) -> None:
    """Move pieces between a seat's supply and market so the supply holds exactly these
    (tents and canoes as lists of sizes)."""
    if hunters is not None:
        total = state.supply_hunters[seat] + state.market_hunters[seat]
        state.supply_hunters[seat], state.market_hunters[seat] = hunters, total - hunters
    for sizes, supply, market in (
        (tents, state.supply_tents[seat], state.market_tents[seat]),
        (canoes, state.supply_canoes[seat], state.market_canoes[seat]),
    ):
        if sizes is None:
            continue
        for size in SHELTER_SIZES:
            total = supply[size] + market[size]
            supply[size] = sizes.count(size)
            market[size] = total - supply[size]
            assert market[size] >= 0, f"seat {seat} has no {size}-piece to put in supply"


def act(state: BisonState, seat: int, *actions: dict[str, Any]) -> None:
    """Apply several actions of one seat in order."""
    for action in actions:
        state.apply(seat, action)


def choose(action: str) -> dict[str, Any]:
    return {"type": "action", "action": action}


def hunters(n: int) -> dict[str, Any]:
    return {"type": "hunters", "count": n}


def pay(bison: int = 0, fish: int = 0, turkeys: int = 0) -> dict[str, Any]:
    return {"type": "pay", "bison": bison, "fish": fish, "turkeys": turkeys}


def legal_of(state: BisonState, seat: int, kind: str) -> list[dict[str, Any]]:
    """The legal actions of one type."""
    return [a for a in state.legal_actions(seat) if a["type"] == kind]


def hunter_counts(state: BisonState, seat: int) -> list[int]:
    """The numbers of hunters offered for the chosen action."""
    return [a["count"] for a in legal_of(state, seat, "hunters")]


def stock(state: BisonState, seat: int) -> dict[str, int]:
    return dict(zip(ANIMALS, state.tracks[seat], strict=True))


def idle_turn(state: BisonState, animal: str = "fish") -> None:
    """The seat to move takes one action with no hunters, gaining one ``animal``: any
    action but the tile while it may, the tile (laid on the first open spot) when it must."""
    seat = state.current
    kinds = [a["action"] for a in legal_of(state, seat, "action")]
    kind = next((k for k in kinds if k != "tile"), "tile")
    act(state, seat, choose(kind), hunters(0), {"type": "gain", "animal": animal})
    if kind == "tile":
        state.apply(seat, legal_of(state, seat, "place")[0])


def finish_round(state: BisonState) -> None:
    """Idle turns until the round is scored."""
    this_round = state.round
    while state.round == this_round and not state.is_over:
        idle_turn(state)
