"""Bison: Thunder on the Prairie for learning agents: fixed action indices and observation.

Every part of a turn stays its own small decision, so the action table is the union of the
parts' small tables (9,059 actions): market buys and exchanges, the six actions, the hunter
count, an idle gain, a payment (bison × fish × turkeys, 0–10 each), a tile placement
(position × orientation), a deploy space, a tent or canoe change (space × size 0–4), a gather
target and source, and a hunter move (from-space × to-space). Spaces are the board's fixed
81 (3 per tile position), so each index means the same place in every game.

The observation is built from ``view(seat)`` only; seats are listed from the observer.
"""

from __future__ import annotations

from collections.abc import Mapping

from meeple.core.encoding import ActionSpace, Features, relative
from meeple.core.game import JSON, OptionValue
from meeple.games.bison.data import (
    ACTION_KINDS,
    ACTIONS_PER_ROUND,
    ANIMALS,
    HUNTERS_PER_PLAYER,
    MAX_HUNTERS_PER_ACTION,
    SHELTER_SIZES,
    TERRAINS,
    TRACK_MAX,
)
from meeple.games.bison.geometry import ORIENTATIONS, POINTS, POSITIONS, SPACES
from meeple.games.bison.tiles import TILE_COUNT

PHASES = (
    "choose",
    "hunters",
    "gain",
    "pay",
    "place",
    "deploy",
    "shelter",
    "gather_at",
    "gather",
    "move",
    "over",
)
_POSITIONS = len(POSITIONS)
_SIZES = len(SHELTER_SIZES)
_POINT = {f"{kind}{i}": (i if kind == "c" else 6 + i) for kind in "cs" for i in range(6)}
"""River ends by name: the six corners ``c0``–``c5``, then the six sides ``s0``–``s5``."""
_TERRAIN = {t: i for i, t in enumerate(TERRAINS)}
_ACTION = {a: i for i, a in enumerate(ACTION_KINDS)}
_CHANGE_SIZES = (0, *SHELTER_SIZES)
"""A tent or canoe change leaves a size 1–4, or 0 when advanced rule 2 dismantles it."""
PAY_MAX = 10
"""A payment takes 0–10 of each animal (the dearest action costs 10)."""

_SPACE = ActionSpace(
    [
        ("buy_hunter", []),
        ("buy_tent", [("size", SHELTER_SIZES)]),
        ("buy_canoe", [("size", SHELTER_SIZES)]),
        ("exchange", [("give", ANIMALS), ("get", ANIMALS)]),
        ("action", [("action", ACTION_KINDS)]),
        ("hunters", [("count", range(MAX_HUNTERS_PER_ACTION + 1))]),
        ("gain", [("animal", ANIMALS)]),
        (
            "pay",
            [
                ("bison", range(PAY_MAX + 1)),
                ("fish", range(PAY_MAX + 1)),
                ("turkeys", range(PAY_MAX + 1)),
            ],
        ),
        ("place", [("position", range(_POSITIONS)), ("orientation", range(ORIENTATIONS))]),
        ("deploy", [("space", range(SPACES))]),
        ("tent", [("space", range(SPACES)), ("size", _CHANGE_SIZES)]),
        ("canoe", [("space", range(SPACES)), ("size", _CHANGE_SIZES)]),
        ("gather_at", [("space", range(SPACES))]),
        ("gather", [("from", range(SPACES))]),
        ("move", [("from", range(SPACES)), ("to", range(SPACES))]),
    ]
)

_SPACE_WIDTH = len(TERRAINS) + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1
"""Per space, besides its owner: terrain, animals, hunters, tent, canoe, the region's animals
and size, and whether the pending action targets it, changed it or moved a hunter to it."""
_PLAYER_WIDTH = len(ANIMALS) + 1 + 1 + 2 * _SIZES + 1 + 2 * _SIZES + 1 + len(ACTION_KINDS) + 1


def _sizes(pieces: list[int]) -> list[float]:
    counts = [0.0] * _SIZES
    for size in pieces:
        counts[size - 1] += 0.5
    return counts


class BisonEncoding:
    """The :class:`~meeple.core.encoding.Encoding` of Bison: Thunder on the Prairie."""

    def action_space(self, players: int, options: Mapping[str, OptionValue]) -> ActionSpace:
        """The same 9,059 actions for any player count and options."""
        return _SPACE

    def layout(self, players: int, options: Mapping[str, OptionValue]) -> list[tuple[str, int]]:
        """The observation's slices (see ``docs/rl.md``)."""
        return [
            ("phase", len(PHASES)),
            ("round", 1),
            ("rounds_left", 1),
            ("action_number", ACTIONS_PER_ROUND),
            ("deck", 1),
            ("totem", players),
            ("seat_to_move", players),
            ("pending_action", len(ACTION_KINDS)),
            ("pending_hunters", 1),
            ("pending_remaining", 1),
            ("my_tile", 1 + TILE_COUNT + POINTS + len(ANIMALS)),
            ("position_placed", _POSITIONS),
            ("position_open", _POSITIONS),
            ("position_orientation", _POSITIONS * ORIENTATIONS),
            ("position_river_ends", _POSITIONS * POINTS),
            ("space", SPACES * _SPACE_WIDTH),
            ("space_owner", SPACES * players),
            ("seat_player", players * _PLAYER_WIDTH),
        ]

    def new_history(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """No history: the view holds everything the observation needs."""
        return None

    def observe(
        self,
        view: JSON,
        seat: int,
        players: int,
        options: Mapping[str, OptionValue],
        history: object = None,
    ) -> Features:
        """The observation of ``seat`` from ``view(seat)``."""
        order = [(seat + k) % players for k in range(players)]
        f = Features()
        f.one_hot(PHASES.index(view["phase"]), len(PHASES))
        f.scalar(view["round"], 6.0)
        f.scalar(view["rounds"] - view["round"], 6.0)
        f.one_hot(view["action_number"] - 1, ACTIONS_PER_ROUND)
        f.scalar(view["deck"], TILE_COUNT)
        f.one_hot(relative(seat, view["totem"], players), players)
        to_move = set(view["to_move"])
        f.flags(s in to_move for s in order)
        pending = view["pending"]
        if pending is None:
            f.counts([0.0] * (len(ACTION_KINDS) + 2))
        else:
            f.one_hot(_ACTION[pending["action"]], len(ACTION_KINDS))
            f.scalar(pending["hunters"], MAX_HUNTERS_PER_ACTION)
            f.scalar(pending["remaining"], MAX_HUNTERS_PER_ACTION)
        tile = view.get("my_tile")
        mine = [0.0] * (1 + TILE_COUNT + POINTS + len(ANIMALS))
        if tile is not None:
            mine[0] = 1.0
            mine[1 + tile["tile"]] = 1.0
            for end in tile["river"]:
                mine[1 + TILE_COUNT + _POINT[end]] = 1.0
            for a, animal in enumerate(ANIMALS):
                mine[1 + TILE_COUNT + POINTS + a] = tile["animals"][animal] / 3.0
        f.counts(mine)
        put = f.put
        placed = f.block(_POSITIONS)
        opened = f.block(_POSITIONS)
        turned = f.block(_POSITIONS * ORIENTATIONS)
        ends = f.block(_POSITIONS * POINTS)
        for t in view["tiles"]:
            p = t["position"]
            put(placed + p, 1.0)
            put(turned + p * ORIENTATIONS + t["orientation"], 1.0)
            for end in set(t["river_ends"]):
                put(ends + p * POINTS + _POINT[end], 1.0)
        for p in set(view["open_positions"]):
            put(opened + p, 1.0)
        region_animals: dict[int, float] = {}
        region_size: dict[int, float] = {}
        for region in view["regions"]:
            region_animals[region["region"]] = region["animals"] / 10.0
            region_size[region["region"]] = len(region["spaces"]) / 10.0
        target = pending["target"] if pending else None
        changed = set(pending["changed"]) if pending else set()
        moved = set(pending["moved_to"]) if pending else set()
        spaces = f.block(SPACES * _SPACE_WIDTH)
        owners = f.block(SPACES * players)
        for sp in view["spaces"]:
            i = sp["space"]
            base = spaces + i * _SPACE_WIDTH
            put(base + _TERRAIN[sp["terrain"]], 1.0)
            at = base + len(TERRAINS)
            put(at, sp["animals"] / 3.0)
            put(at + 1, sp["hunters"] / MAX_HUNTERS_PER_ACTION)
            put(at + 2, sp["tent"] / _SIZES)
            put(at + 3, sp["canoe"] / _SIZES)
            put(at + 4, region_animals.get(sp["region"], 0.0))
            put(at + 5, region_size.get(sp["region"], 0.0))
            if i == target:
                put(at + 6, 1.0)
            if i in changed:
                put(at + 7, 1.0)
            if i in moved:
                put(at + 8, 1.0)
            if sp["owner"] >= 0:
                put(owners + i * players + relative(seat, sp["owner"], players), 1.0)
        info = view["player_info"]
        for s in order:
            p = info[s]
            f.counts([p["animals"][a] for a in ANIMALS], TRACK_MAX)
            f.scalar(p["total"], 3 * TRACK_MAX)
            f.scalar(p["supply"]["hunters"], HUNTERS_PER_PLAYER)
            f.counts(_sizes(p["supply"]["tents"]))
            f.counts(_sizes(p["supply"]["canoes"]))
            f.scalar(p["market"]["hunters"], HUNTERS_PER_PLAYER)
            f.counts(_sizes(p["market"]["tents"]))
            f.counts(_sizes(p["market"]["canoes"]))
            f.scalar(p["hunters_on_board"], HUNTERS_PER_PLAYER)
            used = set(p["actions_used"])
            f.flags(a in used for a in ACTION_KINDS)
            f.flags([p["holds_tile"]])
        return f


ENCODING = BisonEncoding()
