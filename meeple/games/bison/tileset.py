"""The tile set of Bison, as data: a **reconstruction**, not the printed tiles.

The real artwork is not public. These 21 tiles obey every published fact;
:mod:`meeple.games.bison.tiles` reads them and checks each fact before the game uses them.

Rivers run between two perimeter points of a tile in its own orientation: ``c0``..``c5``
are its corners, ``s0``..``s5`` the middles of its sides (side ``k`` faces direction ``k``:
0 east, then counter-clockwise). The grassland lies on the counter-clockwise arc from the
first river end to the second, the mountain on the rest. Animals are
``(bison, fish, turkeys)``: bison on the grassland, fish in the river, turkeys on the
mountain. A start tile also says where it lies: ``(q, r, orientation)``.
"""

from __future__ import annotations

from typing import Final

TileRow = tuple[str, tuple[str, str], tuple[int, int, int], tuple[int, int, int] | None]

TILE_SET: Final[tuple[TileRow, ...]] = (
    # name, river ends, (bison, fish, turkeys), start (q, r, orientation)
    ("start south", ("s1", "c4"), (1, 1, 1), (0, 0, 0)),
    ("start east", ("s4", "s1"), (1, 1, 1), (1, -1, 0)),
    ("start west", ("c1", "s4"), (1, 1, 1), (0, -1, 0)),
    ("straight ford", ("s0", "s3"), (1, 1, 1), None),
    ("salmon run", ("c0", "c3"), (0, 3, 0), None),
    ("wide prairie", ("s0", "s4"), (3, 0, 0), None),
    ("high ridge", ("c0", "c2"), (0, 0, 3), None),
    ("bluffs", ("c1", "c3"), (0, 1, 2), None),
    ("meadow ford", ("s1", "s4"), (2, 1, 0), None),
    ("foothills", ("c0", "s2"), (1, 0, 2), None),
    ("long grass", ("s0", "c4"), (2, 0, 1), None),
    ("river bend", ("c1", "s4"), (2, 1, 0), None),
    ("canyon", ("s1", "c3"), (0, 1, 2), None),
    ("grass plateau", ("c0", "c4"), (2, 0, 1), None),
    ("oxbow", ("s1", "s3"), (1, 2, 0), None),
    ("crossing", ("c2", "s5"), (1, 1, 1), None),
    ("rapids", ("s0", "c2"), (0, 2, 1), None),
    ("fishing camp", ("c1", "s3"), (1, 2, 0), None),
    ("valley", ("s1", "s5"), (1, 1, 1), None),
    ("gorge", ("c1", "c4"), (0, 2, 1), None),
    ("cove", ("s0", "s2"), (1, 0, 2), None),
)
"""Tile ``i`` is row ``i``; the first three are the start tiles."""
