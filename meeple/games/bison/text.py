"""Plain-text rendering of bison views and actions, for the terminal client and logs.

Tile spots are numbered 0–26 (the positions of :mod:`meeple.games.bison.geometry`);
a space is named by its terrain and spot, e.g. ``river 12``.
"""

from __future__ import annotations

from typing import Any

from meeple.core.game import JSON, Action
from meeple.games.bison.data import ACTION_COST, ANIMALS, TERRAINS
from meeple.games.bison.geometry import POSITIONS, position_of_space, terrain_of_space

ACTION_NAMES = {
    "tile": "place your tile (and hunters on it)",
    "tent": "set up or change tents",
    "canoe": "set up or change canoes",
    "gather": "gather hunters",
    "move1": "move hunters one space",
    "move3": "move hunters up to three spaces",
}
TERRAIN_LETTER = {"grassland": "g", "river": "r", "mountain": "m"}


def space_name(space: int) -> str:
    """``river 12``: the terrain and the tile spot of a space.

    >>> space_name(37)
    'river 12'
    """
    return f"{TERRAINS[terrain_of_space(space)]} {position_of_space(space)}"


def _amounts(counts: dict[str, int]) -> str:
    parts = [f"{n} {a}" for a, n in counts.items() if n]
    return ", ".join(parts) or "nothing"


def describe_action(action: Action) -> str:
    """A short label for an action, e.g. ``move a hunter from river 12 to mountain 13``."""
    kind = action.get("type")
    if kind == "action":
        return "action: " + ACTION_NAMES.get(action["action"], str(action["action"]))
    if kind == "hunters":
        n = action["count"]
        if n == 0:
            return "use no hunters (gain 1 animal)"
        cost = ACTION_COST[n]
        return f"use {n} hunter{'s' if n > 1 else ''}" + (f" (pay {cost})" if cost else " (free)")
    if kind == "gain":
        return f"gain 1 {action['animal']}"
    if kind == "pay":
        return "pay " + _amounts({a: action[a] for a in ANIMALS})
    if kind == "buy_hunter":
        return "buy a hunter (1 of each animal)"
    if kind in ("buy_tent", "buy_canoe"):
        size = action["size"]
        return f"buy a {size}-{kind[4:]} ({size} of each animal)"
    if kind == "exchange":
        return f"exchange 3 {action['give']} for 1 {action['get']}"
    if kind == "place":
        q, r = POSITIONS[action["position"]]
        return (
            f"place the tile on spot {action['position']} (q={q}, r={r}), "
            f"turned {120 * action['orientation']}°"
        )
    if kind == "deploy":
        return f"put the hunters on the {space_name(action['space'])}"
    if kind in ("tent", "canoe"):
        size = action["size"]
        where = space_name(action["space"])
        if size == 0:
            return f"take down the {kind} on the {where}"
        return f"make the {kind} on the {where} a {size}-{kind}"
    if kind == "gather_at":
        return f"gather hunters at the {space_name(action['space'])}"
    if kind == "gather":
        return f"bring a hunter from the {space_name(action['from'])}"
    if kind == "move":
        return (
            f"move a hunter from the {space_name(action['from'])} to the {space_name(action['to'])}"
        )
    if kind == "back":
        return "back to the start of this action"
    return str(action)


def _shelter_change(kind: str, was: int, size: int) -> str:
    """What a tent or canoe change does to the pieces, in words: hunters as many as its size
    grows go back to the hand (テントに描かれている四角の数だけ…手元に戻します), the old piece too.

    >>> _shelter_change("tent", 1, 3)
    'from size 1 to 3: 2 hunters go back to the hand, and the old tent too'
    """
    moved = abs(size - was)
    hunters = f"{moved} hunter{'s' if moved != 1 else ''}"
    old = f", and the old {kind} too" if was else ""
    if size > was:
        return f"from size {was} to {size}: {hunters} go{'es' if moved == 1 else ''} back to the hand{old}"
    comes = "comes" if moved == 1 else "come"
    return f"from size {was} to {size}: {hunters} {comes} from the hand onto the space{old}"


def describe_event(event: dict[str, Any]) -> str:
    """One line of the game log."""
    kind = event["event"]
    who = f"seat {event.get('seat')}"
    if kind == "round":
        return f"round {event['round']}: seat {event['seat']} holds the totem pole"
    if kind == "draw":
        return f"{who} draws a tile"
    if kind == "action":
        return f"{who} takes the {event['action']} action with {event['hunters']} hunter(s)"
    if kind == "gain":
        return f"{who} gains {event['amount']} {event['animal']}"
    if kind == "overflow":
        return (
            f"{who}'s {event['animal']} track is full: 3 {event['animal']} become 1 {event['into']}"
        )
    if kind == "pay":
        return f"{who} pays " + _amounts({a: event[a] for a in ANIMALS})
    if kind == "buy":
        piece = (
            event["piece"] if event["piece"] == "hunter" else f"{event['size']}-{event['piece']}"
        )
        return f"{who} buys a {piece}"
    if kind == "exchange":
        return f"{who} exchanges 3 {event['give']} for 1 {event['get']}"
    if kind == "place":
        return f"{who} places tile {event['tile']} on spot {event['position']}"
    if kind == "deploy":
        return f"{who} puts {event['hunters']} hunter(s) on the {space_name(event['space'])}"
    if kind in ("tent", "canoe"):
        return f"{who} changes the {kind} on the {space_name(event['space'])} " + _shelter_change(
            kind, event["was"], event["size"]
        )
    if kind in ("gather", "move"):
        return f"{who} {kind}s a hunter: {space_name(event['from'])} → {space_name(event['to'])}"
    if kind in ("final_scoring", "round_scoring"):
        head = (
            "final scoring: every stock goes back to 0"
            if kind == "final_scoring"
            else f"scoring of round {event['round']}"
        )
        gains = event.get("gains")
        if gains is None:  # a record from before the header said what the scoring gave
            return head
        took = ", ".join(f"seat {seat} +{n}" for seat, n in enumerate(gains))
        return f"{head}: {event.get('regions', 0)} region(s); {took}"
    if kind == "score":
        awards = ", ".join(
            f"seat {a['seat']} #{a['place']} +{a['animals']}" for a in event["awards"]
        )
        return f"{event['terrain']} region of {len(event['spaces'])} space(s), {event['animals']} animals: {awards}"
    if kind == "game_over":
        line = f"game over; winners: {event['winners']}"
        if event.get("decided_by") == "lowest":
            line += " (tied on animals: the higher lowest track wins)"
        elif event.get("decided_by") == "shared":
            line += " (tied on animals and on the lowest track: the win is shared)"
        return line
    return str(event)


def _map(view: JSON) -> list[str]:
    """The tile spots in their hexagonal layout: [12] holds a tile, +12 is open."""
    placed = {t["position"] for t in view["tiles"]}
    open_spots = set(view["open_positions"])
    cells = [tuple(c) for c in view["cells"]]
    min_col = min(2 * q + r for q, r in cells)
    lines = []
    for row in sorted({r for _, r in cells}):
        line = ""
        for position, (q, r) in enumerate(cells):
            if r != row:
                continue
            col = 3 * (2 * q + r - min_col)
            if position in placed:
                label = f"[{position:2d}]"
            elif position in open_spots:
                label = f" +{position:<2d}"
            else:
                label = f"  {position:<2d}"
            line = line.ljust(col) + label
        lines.append("  " + line.rstrip())
    return lines


def _region_labels(view: JSON) -> dict[int, str]:
    counters: dict[str, int] = {}
    labels = {}
    for region in view["regions"]:
        letter = TERRAIN_LETTER[region["terrain"]]
        counters[letter] = counters.get(letter, 0) + 1
        labels[region["region"]] = f"{letter}{counters[letter]}"
    return labels


def _space_cell(space: dict[str, Any], labels: dict[int, str]) -> str:
    """``2 g1 s0:T2+3h``: the animals, the region, and whose pieces stand there."""
    text = f"{space['animals']} {labels[space['region']]:<3}"
    if space["owner"] >= 0:
        shelter = space["tent"] or space["canoe"]
        piece = ("T" if space["tent"] else "C") + str(shelter) if shelter else ""
        hunters = f"+{space['hunters']}h" if space["hunters"] else ""
        text += f" s{space['owner']}:{piece}{hunters}"
    return text


def render_text(view: JSON) -> str:
    """The board as a seat sees it."""
    head = f"Bison — round {view['round']}/{view['rounds']}, totem: seat {view['totem']}"
    if view["to_move"]:
        head += f", seat {view['to_move'][0]} to act (action {view['action_number']} of 4)"
    lines = [head, "", "Tile spots ([n] holds a tile, +n is open for the next one):"]
    lines.extend(_map(view))
    lines.append("")
    labels = _region_labels(view)
    lines.append(
        f"spot tile             {'grassland/bison':<17} {'river/fish':<17} mountain/turkeys"
    )
    by_position: dict[int, list[dict[str, Any]]] = {}
    for space in view["spaces"]:
        by_position.setdefault(space["position"], []).append(space)
    for tile in view["tiles"]:
        cells = [f"{_space_cell(s, labels):<17}" for s in by_position[tile["position"]]]
        name = f"{tile['tile']} {tile['name']}"
        lines.append(f"[{tile['position']:2d}] {name:<16} " + " ".join(cells).rstrip())
    lines.append("(animals, region, sN: seat N's T2 2-tent, C1 1-canoe, +3h 3 hunters)")
    lines.append("")
    for info in view["player_info"]:
        lines.extend(_player_lines(view, info))
    lines.append(f"Draw pile: {view['deck']} tiles, {view['removed']} removed unseen")
    if view.get("my_tile"):
        t = view["my_tile"]
        lines.append(
            f"Your tile: {t['tile']} {t['name']} — river {t['river'][0]}–{t['river'][1]}, "
            + _amounts(t["animals"])
        )
    pending = view["pending"]
    if pending:
        doing = f"In progress: {pending['action']} with {pending['hunters']} hunter(s)"
        if pending["action"] != "tile" and pending["remaining"]:
            doing += f", {pending['remaining']} still to use"
        lines.append(doing)
    if view["events"]:
        lines.append("")
        lines.extend("· " + describe_event(e) for e in view["events"])
    if view["winners"]:
        lines.append(f"Winners: {', '.join(f'seat {w}' for w in view['winners'])}")
    return "\n".join(lines)


def _player_lines(view: JSON, info: dict[str, Any]) -> list[str]:
    """Two lines per player: the animals and actions, then the pieces in hand and market."""
    seat = info["seat"]
    me = ">" if seat == view["seat"] else " "
    totem = " (totem)" if seat == view["totem"] else ""
    animals = "  ".join(f"{a} {n:>2}" for a, n in info["animals"].items())
    used = ", ".join(info["actions_used"]) or "none"
    tile = ", tile in hand" if info["holds_tile"] else ""
    supply, market = info["supply"], info["market"]
    return [
        f"{me}seat {seat}{totem:<9} {animals}  = {info['total']:>2}   used: {used}{tile}",
        f"    hand: {_pieces(supply)}; {_hunters(info['hunters_on_board'])} on the board",
        f"    market: {_pieces(market)}",
    ]


def _hunters(n: int) -> str:
    return f"{n} hunter" if n == 1 else f"{n} hunters"


def _pieces(pieces: dict[str, Any]) -> str:
    return (
        f"{_hunters(pieces['hunters'])}, tents {_sizes(pieces['tents'])}, "
        f"canoes {_sizes(pieces['canoes'])}"
    )


def _sizes(sizes: list[int]) -> str:
    return " ".join(map(str, sizes)) or "-"
