"""The board of Café International as data: 24 tables, 68 chairs, the 20 bar seats.

The single source is :data:`TABLE_LAYOUT` (FACTS.md): the country and grid cell
of every table on a 13×13 grid, x left→right, y bottom→top. Every cell directly
above, below, left or right of a table is a chair, and a chair serves every
table it touches — 40 chairs touch one table, 28 sit between two. Everything
else here is derived from the layout and checked when the module loads.

Tables and chairs are numbered in reading order (top row first, left to right),
so chair 0 is the top-left one:

>>> TABLE_XY[0], COUNTRIES[TABLE_COUNTRY[0]], CHAIR_XY[0], CHAIR_TABLES[0]
((1, 11), 'AFR', (1, 12), (0,))
>>> [COUNTRIES[TABLE_COUNTRY[t]] for t in CHAIR_TABLES[CHAIR_AT[2, 9]]]
['AFR', 'GBR']
"""

from __future__ import annotations

from typing import Any, Final

from meeple.games.cafe.data import COUNTRIES, JOKER

GRID: Final = 13
"""The board is a 13×13 grid of cells."""
CHAIRS_PER_TABLE: Final = 4
"""すべてのテーブルには、椅子が4つあります。"""

TABLE_LAYOUT: Final = (
    ("AFR", 1, 11),
    ("ITA", 3, 11),
    ("ITA", 5, 11),
    ("CHN", 7, 11),
    ("CHN", 9, 11),
    ("ESP", 11, 11),
    ("AFR", 1, 9),
    ("GBR", 3, 9),
    ("GBR", 9, 9),
    ("ESP", 11, 9),
    ("CUB", 1, 7),
    ("RUS", 11, 7),
    ("CUB", 1, 5),
    ("RUS", 11, 5),
    ("TUR", 1, 3),
    ("FRA", 3, 3),
    ("FRA", 9, 3),
    ("IND", 11, 3),
    ("TUR", 1, 1),
    ("GER", 3, 1),
    ("GER", 5, 1),
    ("USA", 7, 1),
    ("USA", 9, 1),
    ("IND", 11, 1),
)
"""(country, x, y) of the 24 tables — ゲームボード上には、12の国に分けられたテーブルが24あります。
(Single source: a public implementation of the board game; the counts 24/68 are confirmed by
two others — FACTS.md.)"""

BAR_POINTS: Final = (
    1,
    2,
    3,
    4,
    5,
    -2,
    -4,
    -6,
    -8,
    -10,
    -4,
    -6,
    -8,
    -10,
    -12,
    -6,
    -8,
    -10,
    -12,
    -14,
)
"""Points of the 20 bar seats, filled in this order (FACTS.md): カウンター席の最初の5つはポイントを
獲得しますが、残りの席はポイントを失います。"""

BAR_XY: Final = tuple((x, y) for y in (8, 7, 6, 5) for x in range(4, 9))
"""Where a drawing puts the bar seats: the empty 5×4 block in the middle of the board, in order."""

# --- derived: tables and chairs --------------------------------------------------------

TABLES: Final = tuple(range(len(TABLE_LAYOUT)))
TABLE_COUNTRY: Final = tuple(COUNTRIES.index(country) for country, _, _ in TABLE_LAYOUT)
TABLE_XY: Final = tuple((x, y) for _, x, y in TABLE_LAYOUT)
TABLE_AT: Final = {xy: t for t, xy in enumerate(TABLE_XY)}


def _neighbours(x: int, y: int) -> list[tuple[int, int]]:
    return [(x, y + 1), (x - 1, y), (x + 1, y), (x, y - 1)]


CHAIR_XY: Final = tuple(
    sorted(
        {cell for xy in TABLE_XY for cell in _neighbours(*xy)},
        key=lambda cell: (-cell[1], cell[0]),
    )
)
"""The grid cell of every chair, in reading order."""
CHAIRS: Final = tuple(range(len(CHAIR_XY)))
CHAIR_AT: Final = {xy: c for c, xy in enumerate(CHAIR_XY)}
CHAIR_TABLES: Final = tuple(
    tuple(sorted(TABLE_AT[cell] for cell in _neighbours(*xy) if cell in TABLE_AT))
    for xy in CHAIR_XY
)
"""The one or two tables each chair serves."""
TABLE_CHAIRS: Final = tuple(
    tuple(sorted(CHAIR_AT[cell] for cell in _neighbours(*xy))) for xy in TABLE_XY
)
"""The four chairs of each table."""
OTHER_TABLE: Final = tuple(
    {t: (tables[1] if t == tables[0] else tables[0]) if len(tables) == 2 else -1 for t in tables}
    for tables in CHAIR_TABLES
)
"""``OTHER_TABLE[chair][table]``: the chair's other table, or −1 if it serves only that one."""
CHAIR_COUNTRIES: Final = tuple(
    tuple(sorted({TABLE_COUNTRY[t] for t in tables})) for tables in CHAIR_TABLES
)
"""The countries whose guests may sit on each chair — 異なった2つの国のテーブルの間に置かれている
椅子には、どちらの国のゲストでも置くことができます。"""
CHAIR_COUNTRY_MASK: Final = tuple(sum(1 << c for c in countries) for countries in CHAIR_COUNTRIES)
"""The same as bit masks (bit ``country`` set), for quick tests against a hand."""
COUNTRY_CHAIRS: Final = (
    *(tuple(c for c in CHAIRS if country in CHAIR_COUNTRIES[c]) for country in range(JOKER)),
    CHAIRS,
)
"""The chairs a guest of each country may take; the last entry, the jokers', is every chair."""


def _check_board() -> None:
    """Refuse a layout that breaks a fact of FACTS.md or an assumption of the engine."""
    shared = sum(len(tables) == 2 for tables in CHAIR_TABLES)
    facts = {
        "24 tables": len(TABLES) == 24,
        "2 tables per country": all(TABLE_COUNTRY.count(c) == 2 for c in range(len(COUNTRIES))),
        "68 chairs": len(CHAIRS) == 68,
        "28 chairs between two tables": shared == 28,
        "4 chairs per table": all(len(chairs) == CHAIRS_PER_TABLE for chairs in TABLE_CHAIRS),
        "cells on the grid": all(0 <= v < GRID for xy in CHAIR_XY + TABLE_XY for v in xy),
        "no table on a chair": not set(CHAIR_XY) & set(TABLE_XY),
        "bar seats on free cells": not set(BAR_XY) & (set(CHAIR_XY) | set(TABLE_XY)),
        "20 bar seats": len(BAR_POINTS) == len(BAR_XY) == 20,
        # Two tables share at most one chair: the engine relies on it (a coffee circle's
        # chairs each touch a different neighbour).
        "one chair per pair of tables": len({t for t in CHAIR_TABLES if len(t) == 2}) == shared,
    }
    broken = [fact for fact, holds in facts.items() if not holds]
    if broken:
        raise ValueError(f"the café board breaks: {', '.join(broken)}")


_check_board()


def board_json() -> dict[str, Any]:
    """The board as clients draw it: grid size, tables, chairs and bar seats with their cells.

    >>> board = board_json()
    >>> board["tables"][0]
    {'country': 'AFR', 'x': 1, 'y': 11, 'chairs': [0, 6, 7, 13]}
    >>> board["chairs"][7], board["bar"][5]
    ({'x': 2, 'y': 11, 'tables': [0, 1]}, {'points': -2, 'x': 4, 'y': 7})
    """
    return {
        "size": GRID,
        "tables": [
            {
                "country": COUNTRIES[TABLE_COUNTRY[t]],
                "x": x,
                "y": y,
                "chairs": list(TABLE_CHAIRS[t]),
            }
            for t, (x, y) in enumerate(TABLE_XY)
        ],
        "chairs": [
            {"x": x, "y": y, "tables": list(CHAIR_TABLES[c])} for c, (x, y) in enumerate(CHAIR_XY)
        ],
        "bar": [
            {"points": p, "x": x, "y": y} for p, (x, y) in zip(BAR_POINTS, BAR_XY, strict=True)
        ],
    }


BOARD_JSON: Final = board_json()
""":func:`board_json` made once: every view shares it (the board never changes, and views are
read-only snapshots), instead of building 112 small dicts per view."""
