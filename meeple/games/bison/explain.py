"""Why the bison heuristic (:mod:`meeple.games.bison.heuristic`) would make a move, in words:
what an action costs and how many hunters it is best done with, which regions a tile
makes, what a hunter, tent or canoe placed (moved, gathered) would take at a scoring held
as the board stands, by the game's own scoring (:mod:`meeple.games.bison.scoring`), and
what paying or gaining leaves on the tracks. Judged from the seat's view alone.

>>> import meeple
>>> state = meeple.load("bison").new(players=2, seed=1)
>>> explain(state.view(0), 0, {"type": "action", "action": "tile"}).en
'best with 4 hunters, paying 7 animals'
"""

from __future__ import annotations

from typing import Any

from meeple.core.bot import Reason
from meeple.core.game import JSON, Action
from meeple.games.bison.board import Board
from meeple.games.bison.data import ACTION_COST, ANIMALS, TERRAINS
from meeple.games.bison.geometry import space_of, terrain_of_space
from meeple.games.bison.heuristic import (
    Outlook,
    Override,
    action_plans,
    best_plan,
    deploy_value,
    feasible_counts,
    place_tile,
    plans_for,
    read_view,
)
from meeple.games.bison.scoring import ALL, HALF, presences, region_awards

TERRAIN_JA = {"grassland": "草原", "river": "川", "mountain": "山"}
ANIMAL_JA = {"bison": "バイソン", "fish": "魚", "turkeys": "七面鳥"}
"""Terrains and animals in Japanese, as the web client's ``bison.terrain.*`` and
``bison.animal.*`` texts give them."""
KIND_JA = {
    "tile": "タイル",
    "tent": "テント",
    "canoe": "カヌー",
    "gather": "集合",
    "move1": "移動1",
    "move3": "移動3",
}
"""The action spaces in Japanese, as the web client's ``bison.action.*``."""


def explain(view: JSON, seat: int, action: Action) -> Reason | None:
    """What the heuristic weighs in ``action``, from ``view`` alone; ``None`` for the
    actions it has no words for (a step back, a purchase no plan of its needs)."""
    kind = action["type"]
    o = read_view(view, seat)
    if kind == "action":
        return action_reason(o, view, action["action"])
    if kind in ("buy_hunter", "buy_tent", "buy_canoe", "exchange"):
        return purchase_reason(o, view, action)
    if kind == "hunters":
        return hunters_reason(o, view, action["count"])
    if kind == "pay":
        return pay_reason(o, action)
    if kind == "gain":
        return gain_reason(o, action["animal"])
    if kind == "place":
        return place_reason(o, view, action["position"], action["orientation"])
    if kind == "deploy":
        n = view["pending"]["hunters"]
        return region_reason(o, o.board, action["space"], {action["space"]: (seat, n, 0)})
    if kind in ("tent", "canoe"):
        return shelter_reason(o, kind, action["space"], action["size"])
    if kind == "gather_at":
        return region_reason(o, o.board, action["space"], {}, lead=gather_lead(view))
    if kind in ("gather", "move"):
        to = view["pending"]["target"] if kind == "gather" else action["to"]
        return step_reason(o, action["from"], to)
    return None


# --- what a region gives --------------------------------------------------------------


def award(o: Outlook, board: Board, space: int, over: Override) -> tuple[int, int, str | None]:
    """The region of ``space`` with the spaces of ``over`` changed: its animals, the seat's
    share of them at a scoring held now, and how it is counted (``None``: not there)."""
    region = board.region_of(space)
    owner, hunters, shelter = list(o.owner), list(o.hunters), list(o.shelter)
    for s, (who, h, size) in over.items():
        owner[s], hunters[s], shelter[s] = who, h, size
    total = sum(board.animals[s] for s in region)
    present = presences(region, owner, hunters, shelter, board.animals)
    for a in region_awards(present, total) if present else []:
        if a.seat == o.seat:
            return total, a.animals, a.share
    return total, 0, None


def share_words(animals: int, share: str | None) -> tuple[str, str]:
    """How many animals the seat's place brings, in words (English, Japanese)."""
    if share == ALL and not animals:
        return "nothing: it holds none (first)", "0匹（1位だが動物がいない）"
    if share == ALL:
        return f"all {animals} (first)", f"{animals}匹すべて（1位）"
    if share == HALF:
        return f"half: {animals}", f"半分の{animals}匹"
    if share is None:
        return "nothing", "0匹"
    return f"{animals} on your own spaces", f"自分のマスの分の{animals}匹"


def award_words(o: Outlook, board: Board, space: int, over: Override) -> tuple[str, str]:
    """``the grassland region (9 bison) would give you all 9 (first)``, in both languages."""
    terrain = TERRAINS[terrain_of_space(space)]
    animal = ANIMALS[terrain_of_space(space)]
    total, animals, share = award(o, board, space, over)
    en, ja = share_words(animals, share)
    return (
        f"as the board stands, its {terrain} region ({total} {animal}) would give you {en}",
        f"今集計すれば、この{TERRAIN_JA[terrain]}の地域（{ANIMAL_JA[animal]}{total}匹）で{ja}",
    )


def region_reason(
    o: Outlook, board: Board, space: int, over: Override, lead: tuple[str, str] = ("", "")
) -> Reason:
    """What the region of ``space`` gives once the spaces of ``over`` are changed."""
    en, ja = award_words(o, board, space, over)
    return Reason(lead[0] + en, lead[1] + ja)


def gather_lead(view: dict[str, Any]) -> tuple[str, str]:
    n = view["pending"]["remaining"]
    return f"gathers {n} hunter{'s' if n != 1 else ''} here; ", f"ハンター{n}人をここに集める。"


def shelter_reason(o: Outlook, kind: str, space: int, size: int) -> Reason:
    """A tent or canoe set up, grown or taken down: what its region then gives."""
    _, h, was = o.spot(space)
    left = h - (size - was)  # a smaller one puts hunters back on the space
    over = {space: (o.seat if left or size else -1, left, size)}
    if size:
        lead = (f"a {size}-{kind}; ", f"{size}人用{'カヌー' if kind == 'canoe' else 'テント'}。")
    else:
        lead = (f"takes down the {kind}; ", f"{'カヌー' if kind == 'canoe' else 'テント'}を解体。")
    return region_reason(o, o.board, space, over, lead)


def step_reason(o: Outlook, origin: int, to: int) -> Reason:
    """One hunter from ``origin`` to ``to``: what the region it joins gives, and the one it
    leaves when that is another region."""
    _, h, size = o.spot(origin)
    _, t_h, t_size = o.spot(to)
    over = {origin: (o.seat if h > 1 or size else -1, h - 1, size), to: (o.seat, t_h + 1, t_size)}
    en, ja = award_words(o, o.board, to, over)
    if o.board.region_of(origin) != o.board.region_of(to):
        _, animals, share = award(o, o.board, origin, over)
        left_en, left_ja = share_words(animals, share)
        en += f"; the region it leaves would give you {left_en}"
        ja += f"。離れる地域では{left_ja}"
    return Reason(en, ja)


# --- the action and its cost -----------------------------------------------------------


def cost_words(n: int) -> tuple[str, str]:
    """What ``n`` hunters cost (no hunters: the free animal)."""
    if n == 0:
        return "no hunters: gains 1 animal", "ハンターなし：動物1匹を得る"
    hunters = f"{n} hunter{'s' if n > 1 else ''}"
    if ACTION_COST[n] == 0:
        return f"{hunters}, which is free", f"ハンター{n}人（無料）"
    return (
        f"{hunters}, paying {ACTION_COST[n]} animals",
        f"ハンター{n}人（動物{ACTION_COST[n]}匹を支払う）",
    )


def action_reason(o: Outlook, view: dict[str, Any], kind: str) -> Reason | None:
    """An action space: how many hunters the heuristic's best plan for it uses."""
    plans = plans_for(o, kind, feasible_counts(o), view)
    if not plans:
        return None
    plan = best_plan(plans)
    en, ja = cost_words(plan.hunters)
    if plan.hunters:
        en, ja = f"best with {en}", f"最善は{ja}"
    if plan.pre:
        en, ja = en + ", after buying first", ja + "、先に購入してから"
    return Reason(en, ja)


def purchase_reason(o: Outlook, view: dict[str, Any], action: Action) -> Reason | None:
    """A purchase or an exchange: the action whose best plan starts with it."""
    legal = [{"type": "action", "action": k} for k in sorted(o.free_kinds)]
    for kind, plan in action_plans(o, view, legal).items():
        if plan.pre and plan.pre[0] == action:
            en, ja = cost_words(plan.hunters)
            return Reason(
                f"first step of the {kind} action, best with {en}",
                f"{KIND_JA[kind]}アクションの準備：最善は{ja}",
            )
    return None


def hunters_reason(o: Outlook, view: dict[str, Any], n: int) -> Reason:
    """A count of hunters for the action under way: what it costs, and whether it is the
    count the heuristic's best plan for the action uses."""
    en, ja = cost_words(n)
    plans = plans_for(o, view["pending"]["action"], feasible_counts(o), view)
    best = best_plan([p for p in plans if not p.pre] or plans).hunters
    if best == n:
        en, ja = en + "; the best count for this action", ja + "：このアクションに最善の人数"
    else:
        en, ja = en + f"; the best count here is {best}", ja + f"：最善は{best}人"
    if o.final and ACTION_COST[n]:
        en += "; in the last round animals in stock count for nothing at the end"
        ja += "。最終ラウンドでは手持ちの動物は最後に0に戻る"
    return Reason(en, ja)


def tracks_words(tracks: list[int]) -> tuple[str, str]:
    en = ", ".join(f"{n} {a}" for a, n in zip(ANIMALS, tracks, strict=True))
    ja = "・".join(f"{ANIMAL_JA[a]}{n}匹" for a, n in zip(ANIMALS, tracks, strict=True))
    return en, ja


def pay_reason(o: Outlook, action: Action) -> Reason:
    """A payment: the tracks it leaves, and whether it keeps them as even as can be (the
    heuristic pays from the richest tracks: every purchase takes some of each animal, and
    the lowest track breaks a final tie)."""
    left = [t - action[a] for t, a in zip(o.tracks, ANIMALS, strict=True)]
    cost = sum(action[a] for a in ANIMALS)
    bison, fish = range(min(o.tracks[0], cost) + 1), range(min(o.tracks[1], cost) + 1)
    best = max(
        sorted([o.tracks[0] - b, o.tracks[1] - f, o.tracks[2] - (cost - b - f)])
        for b in bison
        for f in fish
        if 0 <= cost - b - f <= o.tracks[2]
    )
    en, ja = tracks_words(left)
    if sorted(left) == best:
        return Reason(f"leaves {en}: the richest tracks pay", f"残りは{ja}：多いトラックから支払う")
    return Reason(
        f"leaves {en}, a lower track than paying from the richest",
        f"残りは{ja}：多いトラックから払うより少ないトラックが残る",
    )


def gain_reason(o: Outlook, animal: str) -> Reason:
    """The free animal: onto the lowest track (the final tie-break, and every purchase
    takes some of each animal)."""
    index = ANIMALS.index(animal)
    have = o.tracks[index]
    if have == min(o.tracks):
        return Reason(
            f"your lowest track: {animal} {have} to {have + 1}",
            f"いちばん少ないトラック：{ANIMAL_JA[animal]}{have}匹から{have + 1}匹へ",
        )
    return Reason(
        f"{animal} {have} to {have + 1}, though another track is lower",
        f"{ANIMAL_JA[animal]}{have}匹から{have + 1}匹へ（ほかにもっと少ないトラックがある）",
    )


def place_reason(o: Outlook, view: dict[str, Any], position: int, orientation: int) -> Reason:
    """A tile laid: the regions its three spaces are then part of, and where the hunters
    the action brings would go."""
    placed = place_tile(o, o.tile_to_place, position, orientation)
    parts_en, parts_ja = [], []
    for terrain in range(len(TERRAINS)):
        region = placed.regions[space_of(position, terrain)]
        total = sum(placed.board.animals[s] for s in region)
        name = TERRAINS[terrain]
        parts_en.append(f"{name} {total} {ANIMALS[terrain]}")
        parts_ja.append(f"{TERRAIN_JA[name]}は{ANIMAL_JA[ANIMALS[terrain]]}{total}匹")
    en = "makes regions of " + ", ".join(parts_en)
    ja = "地域は" + "・".join(parts_ja)
    n = view["pending"]["hunters"]
    if n:
        space = max(placed.regions, key=lambda s: (deploy_value(o, placed, s, n, paid=True), -s))
        where = TERRAINS[terrain_of_space(space)]
        en += f"; your hunters would go on its {where}"
        ja += f"。ハンターは{TERRAIN_JA[where]}へ"
    return Reason(en, ja)
