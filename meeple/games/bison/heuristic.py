"""A bison bot that plays the way a sensible person does, from its view alone.

Everything comes down to the scoring after each round: in every region the player with
the best tents or canoes (then the most hunters) takes all its animals, the runner-up
half. Animals won before the last round are only money — the stocks go to 0 before
the last scoring — so the bot invests them in hunters, tents, canoes and actions, and in
the last round spends freely.

It values a position region by region, as the scoring would pay it now, with two twists:

- a sole first is only worth what it is likely to *keep*: hunters alone are easily beaten
  (any tent beats them), a big tent rarely is; the fewer rival turns are left before the
  scoring, and the fewer rounds after it, the less that matters;
- what a rival takes counts against the bot (fully with two players, less with more).

Each decision is then a small greedy plan. For every action still free this round it
tries each number of hunters — where to lay the tile and on which of its spaces to put
hunters, which tent or canoe to set up or expand, where to gather, which hunters to move —
and weighs what the position gains (plus the tent it could set up next from the hunters
it gathered there) against the animals it costs, buying a hunter or a bigger tent first
when the plan needs one. When nothing is worth paying for, it takes an action with no
hunters for the free animal, giving up the action it will least miss.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from meeple.core.bot import HeuristicBot, SearchPlan
from meeple.core.game import JSON, Action, State
from meeple.games.bison.board import Board
from meeple.games.bison.data import (
    ACTION_COST,
    ACTIONS_PER_ROUND,
    ANIMALS,
    EXCHANGE_RATE,
    GRASSLAND,
    MAX_HUNTERS_PER_ACTION,
    MOVE_ONE,
    MOVE_POINTS,
    MOVE_THREE,
    RIVER,
    SHELTER_SIZES,
    TERRAINS,
    TRACK_MAX,
)
from meeple.games.bison.geometry import SPACES, START_POSITIONS, space_of, terrain_of_space
from meeple.games.bison.rules import START_BOARD, BisonState
from meeple.games.bison.scoring import score_regions
from meeple.games.bison.tiles import TILES

# --- weights ---------------------------------------------------------------------------

HOLD = (0.35, 0.65, 0.8, 0.9, 0.97)
"""The chance that a sole first keeps a region, by its biggest tent or canoe there (0: hunters
only). Any tent beats any number of hunters, and each size up takes a rival a dearer action."""
HUNTER_HOLD = 0.05
"""Each hunter beyond the first keeps off rivals who come with hunters only (up to three)."""
EXTRA_SHELTER_HOLD = 0.04
"""A second tent in the region: a rival matching the biggest one still loses."""
CLOSE_RIVAL = 0.1
"""A runner-up with a tent as big as ours needs little to draw level or pass."""
FUTURE_WEIGHT = 1.0
"""What a region held now is worth at each later scoring, as a share of its value now: pieces
stay on the board, but the board grows and rivals catch up."""
OPPONENT_WEIGHT = {2: 1.0, 3: 0.3, 4: 0.25}
"""How much a rival's animals count against ours: one rival is the whole race; among several,
taking from one only helps against that one."""
HAND_HUNTER = 0.4
"""A hunter back in hand can go onto next round's tile; worth a little, before the last round."""
ANIMAL_VALUE = 0.15
"""An animal paid or gained before the last round, in animals won at a scoring — while the stock
is small; animals are only money (the stocks go to 0 before the last scoring)."""
COMFORTABLE_STOCK = 30
"""Above this many animals in stock each one is worth proportionally less: a big stock cannot
all be spent, and a track stops at 20."""
BUY_COST_WEIGHT = 0.8
"""Animals spent in the market buy pieces that serve again (a tent returns when expanded)."""
FINAL_COST_WEIGHT = 0.25
"""In the last round animals are worth nothing at the end, only what they still pay for this
round ..."""
FINAL_RESERVE = 10
"""... and even that only while the stock is short of this many per action still to come."""
FREE_COST_WEIGHT = 0.01
"""Keeps the bot from paying for hunters that change nothing, even when animals are free."""
FOLLOW_UP_NOW = 0.8
"""Hunters gathered where a tent or canoe would win: this share of that tent's value when the
tent (canoe) action is still free this round."""
FOLLOW_UP_LATER = 0.4
"""... and this share when it must wait for the next round."""
PLACEMENTS_EXAMINED = 6
"""Tile placements examined in full (every hunter count and tent after); the rest are ranked
by the placement and one hunter alone."""
PASS_ORDER = ("gather", "move1", "canoe", "move3", "tent", "tile")
"""When no action is worth paying for, the one given up for a free animal: the least useful
later first (a tent or a long move may still come in handy this round)."""

KINDS = ("tile", "tent", "canoe", "gather", "move1", "move3")
SHELTER_TERRAINS = {"tent": (GRASSLAND, TERRAINS.index("mountain")), "canoe": (RIVER,)}

Spot = tuple[int, int, int]
"""What a space holds: (owner, hunters, tent or canoe size)."""
Override = dict[int, Spot]
"""Spaces as a plan would leave them."""


@lru_cache(maxsize=64)
def board_of(tiles: tuple[tuple[int, int, int], ...]) -> Board:
    """The board from the view's tiles: ``(position, tile, orientation)`` each."""
    board = START_BOARD
    for position, tile, orientation in tiles:
        if position in START_POSITIONS:
            continue
        t = TILES[tile]
        board = board.placed(
            position,
            tile=tile,
            orientation=orientation,
            river_ends=t.river_ends,
            animals=t.animals,
        )
    return board


def region_awards(
    strengths: dict[int, tuple[tuple[int, ...], int]], caught: dict[int, int], total: int
) -> dict[int, tuple[int, bool]]:
    """Each present seat's animals from a region, and whether it is the sole first.

    The rulebook's scoring (see :mod:`meeple.games.bison.scoring`): a sole first takes
    all, tied firsts half each and nobody is second, a sole second half, everyone else
    the animals on their own spaces.
    """
    ranked = sorted(strengths.values(), reverse=True)
    best = ranked[0]
    firsts = ranked.count(best)
    second = ranked[1] if firsts == 1 and len(ranked) > 1 else None
    sole_second = second is not None and ranked.count(second) == 1
    awards = {}
    for seat, key in strengths.items():
        if key == best:
            awards[seat] = (total if firsts == 1 else total // 2, firsts == 1)
        elif key == second and sole_second:
            awards[seat] = (total // 2, False)
        else:
            awards[seat] = (caught[seat], False)
    return awards


Strength = tuple[tuple[int, ...], int]
"""A player's strength in a region: tent (canoe) sizes, largest first, then hunters."""


def security(mine: Strength, runner_up: Strength | None) -> float:
    """The chance that a sole first keeps its region until it is scored (a rough guess)."""
    sizes, hunters = mine
    hold = HOLD[sizes[0] if sizes else 0]
    if not sizes:
        hold += HUNTER_HOLD * min(max(hunters - 1, 0), 3)
    hold += EXTRA_SHELTER_HOLD * max(len(sizes) - 1, 0)
    if runner_up is not None and sizes and runner_up[0] and runner_up[0][0] == sizes[0]:
        hold -= CLOSE_RIVAL
    return min(hold, 1.0)


@dataclass
class Outlook:
    """What the bot knows and how it weighs things, read from ``view(seat)``."""

    seat: int
    players: int
    board: Board
    regions: list[tuple[int, ...]]
    region_of: list[int]
    owner: list[int]
    hunters: list[int]
    shelter: list[int]
    tracks: list[int]
    supply_hunters: int
    market_hunters: int
    supply: dict[str, list[int]]  # "tent"/"canoe" -> counts by size
    market: dict[str, list[int]]
    free_kinds: set[str]  # actions not yet taken this round
    later: int  # the bot's actions this round after the current one
    tile_to_place: int  # the drawn tile, or -1
    advanced: int
    final: bool
    threat: float  # the share of rival turns still to come before this round's scoring
    future: float  # weight of the later scorings, as a share of this one
    plain: float  # value of any other award per animal
    opponent: float
    cost: float  # value of an animal paid for an action
    buy_cost: float  # ... spent in the market
    gain: float  # ... gained by an action without hunters
    hand: float  # value of a hunter in hand
    market_open: bool  # buying and exchanging are possible only when choosing an action
    memo: dict[Any, float] = field(default_factory=dict)  # region values, for one decision
    ready: dict[str, Readiness] = field(default_factory=dict)  # by action in progress

    def readiness(self, action: str) -> Readiness:
        """How ready the bot's hunters stand now for a tent or canoe after ``action``."""
        if action not in self.ready:
            self.ready[action] = Readiness(self, {}, action)
        return self.ready[action]

    # --- values ----------------------------------------------------------------------

    def spot(self, space: int, over: Override | None = None) -> Spot:
        if over and space in over:
            return over[space]
        return (self.owner[space], self.hunters[space], self.shelter[space])

    def region_value(
        self, spaces: tuple[int, ...], over: Override | None = None, board: Board | None = None
    ) -> float:
        """The region's worth to the bot: its award less the rivals' (weighted)."""
        board = board or self.board
        changed = tuple((s, over[s]) for s in spaces if s in over) if over else ()
        key = (spaces, board, changed)
        value = self.memo.get(key)
        if value is None:
            value = self.memo[key] = self._region_value(spaces, dict(changed), board.animals)
        return value

    def _region_value(
        self, spaces: tuple[int, ...], over: Override, animals: tuple[int, ...]
    ) -> float:
        sizes: dict[int, list[int]] = {}
        hunters: dict[int, int] = {}
        caught: dict[int, int] = {}
        total = 0
        for s in spaces:
            total += animals[s]
            who, h, size = over[s] if s in over else self.spot(s)
            if who < 0:
                continue
            if who in hunters:
                hunters[who] += h
                caught[who] += animals[s]
            else:
                hunters[who], caught[who], sizes[who] = h, animals[s], []
            if size:
                sizes[who].append(size)
        if not hunters:
            return 0.0
        keys = {w: (tuple(sorted(sizes[w], reverse=True)), h) for w, h in hunters.items()}
        value = 0.0
        for who, (won, sole) in region_awards(keys, caught, total).items():
            if sole:
                runner_up = max((k for w, k in keys.items() if w != who), default=None)
                hold = security(keys[who], runner_up)
                weight = 1 - self.threat * (1 - hold) + self.future * hold
            else:
                weight = self.plain
            value += won * weight * (1.0 if who == self.seat else -self.opponent)
        return value

    def change(self, over: Override, base: Override | None = None) -> float:
        """What changing spaces to ``over`` (on top of ``base``) is worth."""
        merged = {**base, **over} if base else over
        regions = {self.region_of[s] for s in over}
        return sum(
            self.region_value(self.regions[r], merged) - self.region_value(self.regions[r], base)
            for r in regions
        )

    def affordable(self, cost: int) -> bool:
        return cost <= sum(self.tracks)

    # --- the tent (canoe) the bot could set up next ----------------------------------

    def shelter_options(
        self, kind: str, space: int, over: Override | None, *, later: bool = False
    ) -> Iterator[Plan]:
        """Setting up or expanding the tent or canoe on one of the bot's spaces (``later``:
        in a later action, when the market will be open again)."""
        who, h, size = self.spot(space, over)
        for new in SHELTER_SIZES:
            used = new - size
            if used <= 0 or used > min(h, MAX_HUNTERS_PER_ACTION):
                continue
            pre = self.purchase(kind, new, ACTION_COST[used], later=later)
            if pre is None:
                continue
            price, steps = pre
            step = {space: (who, h - used, new)}
            value = (
                self.change(step, over)
                + self.hand * used
                - self.cost * ACTION_COST[used]
                - self.buy_cost * price
            )
            yield Plan(kind, used, value, steps, {**(over or {}), **step})

    def follow_up(self, space: int, over: Override | None, this_action: str) -> float:
        """A share of the best tent or canoe that hunters on ``space`` could make next."""
        kind = "canoe" if terrain_of_space(space) == RIVER else "tent"
        now = kind in self.free_kinds and kind != this_action and self.later_free(this_action)
        weight = FOLLOW_UP_NOW if now else (0.0 if self.final else FOLLOW_UP_LATER)
        if not weight:
            return 0.0
        options = self.shelter_options(kind, space, over, later=True)
        best = max((p.value for p in options), default=0.0)
        return weight * max(best, 0.0)

    def later_free(self, this_action: str) -> bool:
        """Whether the bot has an action after this one that need not be the tile."""
        tile_due = self.tile_to_place >= 0 and this_action != "tile"
        return self.later - tile_due >= 1

    # --- the market --------------------------------------------------------------------

    def purchase(
        self, kind: str, size: int, then_pay: int, *, later: bool = False
    ) -> tuple[int, list[Action]] | None:
        """What to exchange and buy to have a ``size`` tent/canoe (``kind``) or, with kind
        ``"hunter"``, ``size`` more hunters, and still pay ``then_pay``: (price, steps).
        ``later``: for a later action, when the market will be open again."""
        market_open = self.market_open or later
        if kind == "hunter":
            if size <= 0:
                return (0, []) if self.affordable(then_pay) else None
            if size > self.market_hunters or not market_open:
                return None
            buys: list[Action] = [{"type": "buy_hunter"}] * size
        else:
            if self.supply[kind][size]:
                return (0, []) if self.affordable(then_pay) else None
            if not self.market[kind][size] or not market_open:
                return None
            buys = [{"type": f"buy_{kind}", "size": size}]
        need = size
        track = self.tracks[:]
        steps: list[Action] = []
        while min(track) < need:
            give = max(range(3), key=lambda a: track[a])
            get = min(range(3), key=lambda a: track[a])
            if track[give] - EXCHANGE_RATE < need or track[get] >= TRACK_MAX:
                return None
            track[give] -= EXCHANGE_RATE
            track[get] += 1
            steps.append({"type": "exchange", "give": ANIMALS[give], "get": ANIMALS[get]})
        if sum(track) - 3 * need < then_pay:
            return None
        return 3 * need + (EXCHANGE_RATE - 1) * len(steps), steps + buys


@dataclass
class Plan:
    """One way to carry out an action: its worth, the market steps before it, and the
    spaces as it leaves them."""

    kind: str
    hunters: int
    value: float
    pre: list[Action] = field(default_factory=list)
    over: Override = field(default_factory=dict)
    detail: Any = None


def read_view(view: dict[str, Any], seat: int) -> Outlook:
    """The bot's outlook from its view."""
    players = view["players"]
    board = board_of(tuple((t["position"], t["tile"], t["orientation"]) for t in view["tiles"]))
    owner, hunters, shelter = [-1] * SPACES, [0] * SPACES, [0] * SPACES
    region_of = [-1] * SPACES
    for sp in view["spaces"]:
        s = sp["space"]
        owner[s], hunters[s], shelter[s] = sp["owner"], sp["hunters"], sp["tent"] or sp["canoe"]
        region_of[s] = sp["region"]
    regions = [tuple(r["spaces"]) for r in view["regions"]]
    info = view["player_info"][seat]
    used = info["actions_used"]
    later = ACTIONS_PER_ROUND - len(used) - 1
    # Rival turns still to come before this round's scoring.
    turn = (view["action_number"] - 1) * players + (seat - view["totem"]) % players
    rival_turns = (ACTIONS_PER_ROUND * players - turn - 1) - later
    threat = rival_turns / (ACTIONS_PER_ROUND * (players - 1))
    rounds_after = view["rounds"] - view["round"]
    final = rounds_after == 0
    future = FUTURE_WEIGHT * rounds_after
    stock = sum(info["animals"].values())
    if final:
        cost = FINAL_COST_WEIGHT if stock < FINAL_RESERVE * (later + 1) else FREE_COST_WEIGHT
    else:
        cost = ANIMAL_VALUE * min(1.0, COMFORTABLE_STOCK / max(stock, 1))
    my_tile = view.get("my_tile")
    return Outlook(
        seat=seat,
        players=players,
        board=board,
        regions=regions,
        region_of=region_of,
        owner=owner,
        hunters=hunters,
        shelter=shelter,
        tracks=[info["animals"][a] for a in ANIMALS],
        supply_hunters=info["supply"]["hunters"],
        market_hunters=info["market"]["hunters"],
        supply={k: _counts(info["supply"][k + "s"]) for k in ("tent", "canoe")},
        market={k: _counts(info["market"][k + "s"]) for k in ("tent", "canoe")},
        free_kinds={k for k in KINDS if k not in used},
        later=later,
        tile_to_place=my_tile["tile"] if my_tile else -1,
        advanced=view["advanced"],
        final=final,
        threat=threat,
        future=future,
        plain=1.0 + future,
        opponent=OPPONENT_WEIGHT[players],
        cost=cost,
        buy_cost=cost if final else BUY_COST_WEIGHT * cost,
        gain=0.0 if final else cost,
        hand=0.0 if final else HAND_HUNTER,
        market_open=view["phase"] == "choose",
    )


def _counts(sizes: Iterable[int]) -> list[int]:
    counts = [0] * (len(SHELTER_SIZES) + 1)
    for size in sizes:
        counts[size] += 1
    return counts


# --- the tile -----------------------------------------------------------------------------


@dataclass
class Placement:
    """A tile laid at a position: the new board, the regions of its three spaces, and
    what laying it is worth before any hunter goes on it."""

    position: int
    orientation: int
    board: Board
    regions: dict[int, tuple[int, ...]]  # new space -> its region on the new board
    value: float


def place_tile(o: Outlook, tile: int, position: int, orientation: int) -> Placement:
    t = TILES[tile]
    board = o.board.placed(
        position, tile=tile, orientation=orientation, river_ends=t.river_ends, animals=t.animals
    )
    new_spaces = [space_of(position, terrain) for terrain in range(3)]
    regions: dict[int, tuple[int, ...]] = {}
    for s in new_spaces:
        if s in regions:
            continue
        found = {s}
        stack = [s]
        while stack:
            for nxt in board.joins[stack.pop()]:
                if nxt not in found:
                    found.add(nxt)
                    stack.append(nxt)
        region = tuple(sorted(found))
        for x in region:
            if x in new_spaces:
                regions[x] = region
    merged = set(regions.values())
    old = {o.region_of[x] for r in merged for x in r if x not in new_spaces}
    value = sum(o.region_value(r, board=board) for r in merged) - sum(
        o.region_value(o.regions[i]) for i in old
    )
    return Placement(position, orientation, board, regions, value)


def deploy_value(
    o: Outlook, placed: Placement, space: int, n: int, *, paid: bool = False, rough: bool = False
) -> float:
    """Putting ``n`` hunters on a space of the new tile, and the tent they could make next
    (``rough``: without the tent)."""
    region = placed.regions[space]
    over = {space: (o.seat, n, 0)}
    value = o.region_value(region, over, placed.board) - o.region_value(region, None, placed.board)
    kind = "canoe" if terrain_of_space(space) == RIVER else "tent"
    now = kind in o.free_kinds and o.later_free("tile")
    weight = FOLLOW_UP_NOW if now else (0.0 if o.final else FOLLOW_UP_LATER)
    if weight and not rough:
        best = 0.0
        for new in SHELTER_SIZES:
            if new > n:
                break
            then_pay = ACTION_COST[new] + (0 if paid else ACTION_COST[n])
            pre = o.purchase(kind, new, then_pay, later=True)
            if pre is None:
                continue
            tent = {space: (o.seat, n - new, new)}
            gained = (
                o.region_value(region, tent, placed.board)
                - o.region_value(region, over, placed.board)
                + o.hand * new
                - o.cost * ACTION_COST[new]
                - o.buy_cost * pre[0]
            )
            best = max(best, gained)
        # Only the best tent counts: one already standing ready elsewhere makes this one spare.
        value += max(0.0, weight * best - o.readiness("tile").best(terrain_of_space(space)))
    return value - o.hand * n


def tile_plans(
    o: Outlook, spots: list[tuple[int, int]], counts: list[int], *, paid: bool = False
) -> list[Plan]:
    """The best tile plan for each count of hunters, over the placements ``spots``
    (``paid``: the hunters are already paid for, only where they go matters)."""
    placements = [place_tile(o, o.tile_to_place, p, r) for p, r in spots]
    if not placements:
        return []

    def rough(pl: Placement) -> float:
        return pl.value + max(deploy_value(o, pl, s, 1, rough=True) for s in pl.regions)

    if any(counts):
        placements.sort(key=lambda pl: (-rough(pl), pl.position, pl.orientation))
        examined = placements[:PLACEMENTS_EXAMINED]
    else:
        examined = placements
    plans = []
    for n in counts:
        pre = (0, []) if paid else o.purchase("hunter", n - o.supply_hunters, ACTION_COST[n])
        if pre is None:
            continue
        price, steps = pre
        best: Plan | None = None
        for pl in examined if n else placements:
            if n:
                space = max(pl.regions, key=lambda s: (deploy_value(o, pl, s, n, paid=paid), -s))
                value = pl.value + deploy_value(o, pl, space, n, paid=paid)
            else:
                space, value = -1, pl.value + o.gain
            value -= o.cost * ACTION_COST[n] + o.buy_cost * price
            if best is None or value > best.value:
                best = Plan("tile", n, value, steps, detail=(pl.position, pl.orientation, space))
        if best is not None:
            plans.append(best)
    return plans


# --- tents and canoes ------------------------------------------------------------------


def shelter_plans(o: Outlook, kind: str, counts: list[int]) -> list[Plan]:
    """For each count, the best single change of a tent (canoe) with that many hunters
    (with the advanced rules, several changes, chosen greedily)."""
    plans = []
    for n in counts:
        if n == 0:
            plans.append(Plan(kind, 0, o.gain))
            continue
        plan = shelter_greedy(o, kind, n, [], {})
        if plan is not None:
            plans.append(plan)
    return plans


def shelter_greedy(
    o: Outlook, kind: str, budget: int, touched: list[int], over: Override
) -> Plan | None:
    """Changes using exactly ``budget`` hunters, the best first (one change in the basic game)."""
    total = Plan(kind, budget, -o.cost * ACTION_COST[budget], over=dict(over))
    left = budget
    done = list(touched)
    while left:
        best: Plan | None = None
        for space in my_spaces(o, total.over):
            if terrain_of_space(space) not in SHELTER_TERRAINS[kind] or space in done:
                continue
            for option in o.shelter_options(kind, space, total.over):
                used = option.hunters
                fits = used == left if o.advanced == 0 else used <= left
                # The option's own action cost is not this plan's: add it back.
                value = option.value + o.cost * ACTION_COST[used]
                if fits and (best is None or value > best.value):
                    best = Plan(kind, used, value, option.pre, option.over, space)
        if best is None:
            return None
        total.value += best.value
        total.over = best.over
        total.pre = total.pre or best.pre
        done.append(best.detail)
        left -= best.hunters
    return total


def my_spaces(o: Outlook, over: Override | None = None) -> list[int]:
    spaces = [s for s in range(SPACES) if o.owner[s] == o.seat and not (over and s in over)]
    if over:
        spaces.extend(s for s, spot in over.items() if spot[0] == o.seat)
    return sorted(spaces)


# --- gathering and moving -------------------------------------------------------------


class Readiness:
    """The best tent and the best canoe the bot's hunters could make next (a share of their
    worth, see :meth:`Outlook.follow_up`): hunters standing ready are worth something, but
    one tent action sets up one tent, so only the best space of each terrain counts."""

    def __init__(self, o: Outlook, over: Override, action: str) -> None:
        self.o, self.action = o, action
        self.values = {
            s: o.follow_up(s, over, action) for s in my_spaces(o, over) if o.spot(s, over)[1]
        }
        self.now = self.total(self.values)

    @staticmethod
    def total(values: dict[int, float]) -> float:
        land = max((v for s, v in values.items() if terrain_of_space(s) != RIVER), default=0.0)
        river = max((v for s, v in values.items() if terrain_of_space(s) == RIVER), default=0.0)
        return land + river

    def change(self, over: Override, changed: Iterable[int]) -> float:
        """How much readier the hunters are once ``changed`` spaces look as in ``over``."""
        values = dict(self.values)
        for s in changed:
            who, h, _ = self.o.spot(s, over)
            values[s] = self.o.follow_up(s, over, self.action) if who == self.o.seat and h else 0.0
        return self.total(values) - self.now

    def best(self, terrain: int) -> float:
        """The readiest space of the terrain's kind (river or land)."""
        river = terrain == RIVER
        return max(
            (v for s, v in self.values.items() if (terrain_of_space(s) == RIVER) == river),
            default=0.0,
        )


def gather_sequence(o: Outlook, target: int, most: int) -> list[float]:
    """Values after gathering 1, 2, … ``most`` hunters to ``target``, the best source first."""
    over: Override = {}
    values: list[float] = []
    running = 0.0
    ready = Readiness(o, over, "gather")
    while len(values) < most:
        best: tuple[float, int] | None = None
        for s in my_spaces(o, over):
            if s == target or not o.spot(s, over)[1]:
                continue
            step = gather_step(o, s, target, over)
            gained = o.change(step, over) + ready.change({**over, **step}, step)
            if best is None or gained > best[0]:
                best = (gained, s)
        if best is None:
            break
        over.update(gather_step(o, best[1], target, over))
        running += best[0]
        values.append(running)
        ready = Readiness(o, over, "gather")
    return values


def gather_step(o: Outlook, source: int, target: int, over: Override) -> Override:
    _, h, size = o.spot(source, over)
    _, t_h, t_size = o.spot(target, over)
    left = (o.seat if h > 1 or size else -1, h - 1, size)
    return {source: left, target: (o.seat, t_h + 1, t_size)}


def gather_plans(o: Outlook, counts: list[int]) -> list[Plan]:
    targets = [s for s in my_spaces(o) if o.hunters[s]]
    best: dict[int, Plan] = {}
    most = max(counts, default=0)
    for target in targets:
        for n, gathered in enumerate(gather_sequence(o, target, most), start=1):
            value = gathered - o.cost * ACTION_COST[n]
            if n in counts and (n not in best or value > best[n].value):
                best[n] = Plan("gather", n, value, detail=target)
    plans = [best[n] for n in sorted(best)]
    if 0 in counts:
        plans.insert(0, Plan("gather", 0, o.gain))
    return plans


def destinations(o: Outlook, space: int, points: int, over: Override) -> list[int]:
    return [d for d in o.board.within(space, points) if o.spot(d, over)[0] in (-1, o.seat)]


def move_step(o: Outlook, origin: int, to: int, over: Override) -> Override:
    _, h, size = o.spot(origin, over)
    _, d_h, d_size = o.spot(to, over)
    return {
        origin: (o.seat if h > 1 or size else -1, h - 1, size),
        to: (o.seat, d_h + 1, d_size),
    }


def move_choice(
    o: Outlook, kind: str, over: Override, moved: list[int], allowed: set[tuple[int, int]] | None
) -> tuple[float, int, int] | None:
    """The best single hunter move: (value, from, to)."""
    points = MOVE_POINTS[MOVE_ONE if kind == "move1" else MOVE_THREE]
    ready = Readiness(o, over, kind)
    best: tuple[float, int, int] | None = None
    for s in my_spaces(o, over):
        if o.spot(s, over)[1] - moved.count(s) <= 0:
            continue
        for d in destinations(o, s, points, over):
            if allowed is not None and (s, d) not in allowed:
                continue
            step = move_step(o, s, d, over)
            value = o.change(step, over) + ready.change({**over, **step}, step)
            if best is None or value > best[0]:
                best = (value, s, d)
    return best


def move_plans(o: Outlook, kind: str, counts: list[int]) -> list[Plan]:
    over: Override = {}
    moved: list[int] = []
    running = 0.0
    plans = [Plan(kind, 0, o.gain)] if 0 in counts else []
    for n in range(1, max(counts, default=0) + 1):
        choice = move_choice(o, kind, over, moved, None)
        if choice is None:
            break
        value, s, d = choice
        over.update(move_step(o, s, d, over))
        moved.append(d)
        running += value
        if n in counts:
            plans.append(Plan(kind, n, running - o.cost * ACTION_COST[n]))
    return plans


# --- choosing -------------------------------------------------------------------------


def feasible_counts(o: Outlook) -> list[int]:
    """Hunter counts worth trying when planning: the cost must be payable."""
    return [n for n in range(MAX_HUNTERS_PER_ACTION + 1) if o.affordable(ACTION_COST[n])]


def plans_for(o: Outlook, kind: str, counts: list[int], view: dict[str, Any]) -> list[Plan]:
    if kind == "tile":
        spots = [(p, r) for p in view["open_positions"] for r in range(3)]
        return tile_plans(o, spots, counts)
    if kind in ("tent", "canoe"):
        return shelter_plans(o, kind, counts)
    if kind == "gather":
        return gather_plans(o, counts)
    return move_plans(o, kind, counts)


def best_plan(plans: list[Plan]) -> Plan:
    return max(plans, key=lambda p: (round(p.value, 6), -p.hunters))


def action_plans(o: Outlook, view: dict[str, Any], legal: list[Action]) -> dict[str, Plan]:
    """The best plan of each kind of action on offer that has one, by kind."""
    counts = feasible_counts(o)
    best: dict[str, Plan] = {}
    for a in legal:
        if a["type"] == "action":
            plans = plans_for(o, a["action"], counts, view)
            if plans:
                best[a["action"]] = best_plan(plans)
    return best


def choose_action(o: Outlook, view: dict[str, Any], legal: list[Action]) -> Action:
    return _action_of(action_plans(o, view, legal), legal)


def _action_of(plans: dict[str, Plan], legal: list[Action]) -> Action:
    """The step that starts the best of the actions' best ``plans``."""
    candidates = list(plans.values())
    if not candidates:
        kinds = [a["action"] for a in legal if a["type"] == "action"]
        return _pick(legal, {"type": "action", "action": kinds[0]})
    # A free animal is the same whichever action gives it: give up the least useful one.
    best = max(
        candidates,
        key=lambda p: (
            round(p.value, 6),
            -PASS_ORDER.index(p.kind) if p.hunters == 0 else 0,
        ),
    )
    if best.pre:
        step = _find(legal, best.pre[0])
        if step is not None:
            return step
    return _pick(legal, {"type": "action", "action": best.kind})


def choose_hunters(o: Outlook, view: dict[str, Any], legal: list[Action]) -> Action:
    kind = view["pending"]["action"]
    counts = [a["count"] for a in legal]
    plans = [p for p in plans_for(o, kind, counts, view) if not p.pre]
    if not plans:
        return legal[0]
    return _pick(legal, {"type": "hunters", "count": best_plan(plans).hunters})


def choose_place(o: Outlook, view: dict[str, Any], legal: list[Action]) -> Action:
    n = view["pending"]["hunters"]
    spots = [(a["position"], a["orientation"]) for a in legal]
    plans = tile_plans(o, spots, [n], paid=True)
    if not plans:
        return legal[0]
    position, orientation, _ = plans[0].detail
    return _pick(legal, {"type": "place", "position": position, "orientation": orientation})


def choose_deploy(o: Outlook, view: dict[str, Any], legal: list[Action]) -> Action:
    pending = view["pending"]
    n, position = pending["hunters"], pending["target"]
    regions: dict[int, tuple[int, ...]] = {}
    for a in legal:
        s = a["space"]
        regions[s] = o.regions[o.region_of[s]]
    # The tile is already on the board: nothing changes but the hunters.
    placed = Placement(position, 0, o.board, regions, 0.0)
    space = max(regions, key=lambda s: (deploy_value(o, placed, s, n, paid=True), -s))
    return _pick(legal, {"type": "deploy", "space": space})


def choose_shelter(o: Outlook, _view: dict[str, Any], legal: list[Action]) -> Action:
    def worth(a: Action) -> float:
        space, new = a["space"], a["size"]
        _, h, size = o.spot(space)
        used: int = new - size
        left = h - used  # a shrink (used < 0) puts hunters back on the space
        step = {space: (o.seat if left or new else -1, left, new)}
        return o.change(step) + o.hand * used

    return max(legal, key=lambda a: (round(worth(a), 6), -a["space"], a["size"]))


def choose_gather_at(o: Outlook, view: dict[str, Any], legal: list[Action]) -> Action:
    n = view["pending"]["remaining"]

    def worth(a: Action) -> float:
        values = gather_sequence(o, a["space"], n)
        return values[-1] if values else float("-inf")

    return max(legal, key=lambda a: (round(worth(a), 6), -a["space"]))


def choose_gather_from(o: Outlook, view: dict[str, Any], legal: list[Action]) -> Action:
    target = view["pending"]["target"]
    return max(
        legal,
        key=lambda a: (round(o.change(gather_step(o, a["from"], target, {})), 6), -a["from"]),
    )


def choose_move(o: Outlook, view: dict[str, Any], legal: list[Action]) -> Action:
    pending = view["pending"]
    allowed = {(a["from"], a["to"]) for a in legal}
    choice = move_choice(o, pending["action"], {}, list(pending["moved_to"]), allowed)
    if choice is None:
        return legal[0]
    return _pick(legal, {"type": "move", "from": choice[1], "to": choice[2]})


def choose_gain(o: Outlook, legal: list[Action]) -> Action:
    # The lowest track: purchases take some of each animal, and it breaks final ties.
    low = min(range(3), key=lambda a: (o.tracks[a], a))
    return _pick(legal, {"type": "gain", "animal": ANIMALS[low]})


def choose_pay(o: Outlook, legal: list[Action]) -> Action:
    # Pay from the richest tracks, keeping every animal for the market.
    def left(a: Action) -> tuple[int, ...]:
        return tuple(sorted(o.tracks[i] - a[animal] for i, animal in enumerate(ANIMALS)))

    return max(legal, key=lambda a: (left(a), a["bison"], a["fish"]))


def _find(legal: list[Action], action: Action) -> Action | None:
    for a in legal:
        if a == action:
            return a
    return None


def _pick(legal: list[Action], action: Action) -> Action:
    found = _find(legal, action)
    return found if found is not None else legal[0]


PHASES = {
    "choose": choose_action,
    "hunters": choose_hunters,
    "place": choose_place,
    "deploy": choose_deploy,
    "shelter": choose_shelter,
    "gather_at": choose_gather_at,
    "gather": choose_gather_from,
    "move": choose_move,
}


class BisonHeuristicBot(HeuristicBot):
    """Sensible bison play from ``view(seat)`` and ``legal_actions(seat)``."""

    def decide(self, view: JSON, legal: list[Action], seat: int) -> Action:
        o = read_view(view, seat)
        phase = view["phase"]
        if phase == "gain":
            return choose_gain(o, legal)
        if phase == "pay":
            return choose_pay(o, legal)
        return PHASES[phase](o, view, legal)

    def rank(self, view: JSON, legal: list[Action], seat: int) -> list[Action]:
        """When choosing the turn's action: the choice, then the other kinds of action by
        the value of their best plan, then the rest; otherwise the choice first."""
        if view["phase"] != "choose":
            return super().rank(view, legal, seat)
        plans = action_plans(read_view(view, seat), view, legal)
        first = _action_of(plans, legal)
        kinds = sorted(
            (a for a in legal if a["type"] == "action" and a != first),
            key=lambda a: -plans[a["action"]].value if a["action"] in plans else math.inf,
        )
        return [first, *kinds, *(a for a in legal if a != first and a not in kinds)]


def projected(state: State) -> list[float]:
    """The animals each seat would take if the board were scored now, as at the end (when
    the stocks are emptied first): what a cut-off playout is judged by, since the animals
    in stock pay for the game's actions and count for nothing at the end."""
    assert isinstance(state, BisonState)
    totals = [0.0] * state.players
    for region in score_regions(state.board, state.owner, state.hunters, state.shelter):
        for award in region.awards:
            totals[award.seat] += award.animals
    return totals


SEARCH = SearchPlan(
    iterations=4,
    candidates=3,
    rollout_limit=12,
    judge=projected,
    score_scale=8.0,
    follow=frozenset(
        {
            "buy_canoe",
            "buy_hunter",
            "buy_tent",
            "deploy",
            "exchange",
            "gain",
            "gather",
            "gather_at",
            "hunters",
            "move",
            "pay",
            "place",
        }
    ),
)
"""``hard``: searches each turn's choice of action; the heuristic carries the turn out."""
