"""Building hand-made café positions for rule tests.

Positions go through ``GAME.from_json``, so every position a test builds is one
the engine accepts as consistent: all 100 tiles exactly once, guests only on
chairs of their country, and so on.
"""

from __future__ import annotations

import random
from typing import Any

from meeple.games.cafe import GAME, CafeState
from meeple.games.cafe.board import CHAIR_AT, CHAIR_TABLES, CHAIRS, TABLE_CHAIRS
from meeple.games.cafe.data import FULL_BAG, guest_code

Cell = tuple[int, int]


def make(
    players: int = 2,
    *,
    chairs: dict[Cell, str] | None = None,
    hands: list[list[str]] | None = None,
    bar: list[str] | None = None,
    chips: list[int] | None = None,
    hand_sizes: list[int] | None = None,
    top: list[str] | None = None,
    current: int = 0,
    turn: int = 1,
    coffee_circle: bool = False,
) -> CafeState:
    """A game with guests on the chairs at the given grid cells, the given hands and bar;
    every other tile is in the bag, ``top`` (drawn first, in order) on top of it."""
    state = GAME.new(players, seed=0, options={"coffee_circle": coffee_circle})
    data = state.to_json()
    pool = [guest_code(k) for k in FULL_BAG]
    seated: list[str | None] = [None] * len(CHAIRS)
    for cell, code in (chairs or {}).items():
        seated[CHAIR_AT[cell]] = code
        pool.remove(code)
    hands = hands if hands is not None else data["hands"]
    for code in [*(c for hand in hands for c in hand), *(bar or []), *(top or [])]:
        pool.remove(code)
    random.Random(1).shuffle(pool)
    data.update(
        chairs=seated,
        hands=hands,
        bar=bar or [],
        bag=pool + list(reversed(top or [])),
        chips=chips or [0] * players,
        hand_sizes=hand_sizes or [5] * players,
        current=current,
        turn=turn,
    )
    return GAME.from_json(data)


def at(x: int, y: int) -> int:
    """The chair at a grid cell."""
    return CHAIR_AT[x, y]


def seat(state: CafeState, guest: str, cell: Cell) -> None:
    """The current player seats ``guest`` on the chair at ``cell``."""
    state.apply(state.current, {"type": "seat", "guest": guest, "chair": CHAIR_AT[cell]})


def seat_actions(state: CafeState) -> set[tuple[str, Cell]]:
    """The legal seatings of the current player as (guest, cell) pairs."""
    from meeple.games.cafe.board import CHAIR_XY  # noqa: PLC0415

    return {
        (a["guest"], CHAIR_XY[a["chair"]])
        for a in state.legal_actions(state.current)
        if a["type"] == "seat"
    }


def kinds_of_actions(state: CafeState) -> set[str]:
    """The action types the current player may choose from."""
    return {a["type"] for a in state.legal_actions(state.current)}


def full_board_but(empty: Cell) -> dict[Cell, str]:
    """Guests on every chair but one, in an arrangement the rules allow: men on the chairs
    left and right of a table, women above and below it (every table then seats two of each),
    each of a country the chair allows, jokers where no guest of those countries is left."""
    from meeple.games.cafe.board import CHAIR_COUNTRIES, CHAIR_XY, TABLE_XY  # noqa: PLC0415
    from meeple.games.cafe.data import COUNTRIES, JOKER_CODE, MAN, WOMAN  # noqa: PLC0415

    def sex_of_chair(chair: int) -> int:
        x, y = CHAIR_XY[chair]
        side = any((x + dx, y) in TABLE_XY for dx in (-1, 1))
        return MAN if side else WOMAN

    left = {(c, s): 4 for c in range(len(COUNTRIES)) for s in (MAN, WOMAN)}
    jokers = {MAN: 2, WOMAN: 2}
    board: dict[Cell, str] = {}
    # Chairs with one country first, so that shared chairs take what is left.
    for chair in sorted(CHAIRS, key=lambda c: len(CHAIR_COUNTRIES[c])):
        if CHAIR_XY[chair] == empty:
            continue
        sex = sex_of_chair(chair)
        country = next((c for c in CHAIR_COUNTRIES[chair] if left[c, sex]), None)
        if country is None:
            assert jokers[sex], "no guest left for a chair"
            jokers[sex] -= 1
            board[CHAIR_XY[chair]] = f"{JOKER_CODE}-{'MW'[sex]}"
        else:
            left[country, sex] -= 1
            board[CHAIR_XY[chair]] = f"{COUNTRIES[country]}-{'MW'[sex]}"
    return board


def tables_of(cell: Cell) -> tuple[int, ...]:
    """The tables the chair at ``cell`` serves."""
    return CHAIR_TABLES[CHAIR_AT[cell]]


def chairs_of(table: int) -> tuple[int, ...]:
    """The four chairs of a table."""
    return TABLE_CHAIRS[table]


def events(state: CafeState, kind: str) -> list[dict[str, Any]]:
    """The events of one kind in the current (or last) turn."""
    return [e for e in state.events if e["event"] == kind]
