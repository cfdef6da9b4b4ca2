"""Plain-text rendering of café views and actions, for the terminal client and logs.

>>> describe_action({"type": "seat", "guest": "GBR-W", "chair": 20})
'seat GBR-W on chair 20 (AFR|GBR)'
>>> describe_action({"type": "swap", "chair": 7, "guest": "ITA-M"})
'swap ITA-M for the joker on chair 7'
"""

from __future__ import annotations

import textwrap
from typing import Any

from meeple.core.game import JSON, Action
from meeple.games.cafe.board import CHAIR_TABLES, CHAIR_XY, TABLE_COUNTRY, TABLE_LAYOUT
from meeple.games.cafe.data import COUNTRIES

WIDE = 5
"""Characters of a grid column with tables (odd x): ``[GER]``."""
NARROW = 4
"""Characters of a grid column with chairs only (even x): a guest as ``GERw``, a chair ``(23)``.
Together with one space between columns the board is 70 characters wide, so it fits an
80-column terminal inside a frame."""


def grid_guest(code: str) -> str:
    """A guest code in four characters for the grid: ``"GER-W"`` → ``"GERw"``."""
    country, sex = code.split("-")
    return country + sex.lower()


def chair_label(chair: int) -> str:
    """The chair and the countries of its tables: ``chair 25 (AFR|GBR)``."""
    countries = "|".join(COUNTRIES[TABLE_COUNTRY[t]] for t in CHAIR_TABLES[chair])
    return f"chair {chair} ({countries})"


def describe_action(action: Action) -> str:
    """A short label for a menu or a log."""
    kind = action.get("type")
    if kind == "seat":
        return f"seat {action['guest']} on {chair_label(action['chair'])}"
    if kind == "done":
        return "end the turn (refill your hand)"
    if kind == "bar":
        return f"send {action['guest']} to the bar"
    if kind == "swap":
        return f"swap {action['guest']} for the joker on chair {action['chair']}"
    if kind == "pass":
        return "pass (nothing else is possible)"
    return str(action)


# Why a table paid what it did (the seat event's "tables"), after its guests' count.
_WHY = {
    "mixed": "mixed countries",
    "one_country": "all of its country",
    "circle": "a circle of one sex",
    "circle_one_country": "a circle of one sex, all of its country",
    "one_sex": "one sex, no pair",
    "alone": "alone",
}


def _table_part(part: dict[str, Any], chair: int) -> str:
    """One table of a seating: ``+4 at GER (2 guests, all of its country)``; ``at upper CUB``
    where the chair sits between two tables of one country."""
    table = part["table"]
    country = COUNTRIES[TABLE_COUNTRY[table]]
    if len({TABLE_COUNTRY[t] for t in CHAIR_TABLES[chair]}) < len(CHAIR_TABLES[chair]):
        (x, y), (_, tx, ty) = CHAIR_XY[chair], TABLE_LAYOUT[table]
        side = "left" if tx < x else "right" if tx > x else "upper" if ty > y else "lower"
        country = f"{side} {country}"
    guests = "1 guest" if part["guests"] == 1 else f"{part['guests']} guests"
    return f"{part['points']:+d} at {country} ({guests}, {_WHY[part['why']]})"


def describe_event(event: dict[str, Any]) -> str:
    """One line of the game log."""
    kind = event.get("event")
    who = f"seat {event.get('seat')}"
    if kind == "seat":
        line = (
            f"{who} seats {event['guest']} on {chair_label(event['chair'])}: {event['points']:+d}"
        )
        parts = event.get("tables")  # events logged before the tables were told have none
        if parts:
            line += " (" + "; ".join(_table_part(p, event["chair"]) for p in parts) + ")"
        return line
    if kind == "one_country":
        return f"{who} completes a one-country table; hand size now {event['hand_size']}"
    if kind == "bar":
        return f"{who} sends {event['guest']} to bar seat {event['bar_seat']}: {event['points']:+d}"
    if kind == "leave":
        return f"{who} cannot pay and leaves the game"
    if kind == "swap":
        return f"{who} takes back the joker on chair {event['chair']} for {event['guest']}"
    if kind == "draw":
        return f"{who} draws {event['count']}"
    if kind == "pass":
        return f"{who} cannot move and passes"
    if kind == "game_over":
        return f"game over ({event['reason']}); winners: {event['winners']}"
    return str(event)


def render_text(view: JSON) -> str:
    """The 13×13 board, the bar in its middle, then the players, as a seat sees them."""
    board = view["board"]
    size = board["size"]
    cells = [["" for _ in range(size)] for _ in range(size)]
    for table in board["tables"]:
        cells[table["y"]][table["x"]] = f"[{table['country']}]"
    for chair, (spot, guest) in enumerate(zip(board["chairs"], view["chairs"], strict=True)):
        cells[spot["y"]][spot["x"]] = f"({chair})" if guest is None else grid_guest(guest)
    for i, spot in enumerate(board["bar"]):
        taken = i < len(view["bar"])
        cells[spot["y"]][spot["x"]] = (
            grid_guest(view["bar"][i]) if taken else f"{spot['points']:+d}"
        )
    widths = [WIDE if x % 2 else NARROW for x in range(size)]
    lines = [f"Café International — turn {view['turn'] + 1}"]
    for row in reversed(cells):
        lines.append(" ".join(c.center(w) for c, w in zip(row, widths, strict=True)).rstrip())
    lines.append("")
    lines.append("[GER] table · GERw guest (m man, w woman; JKR joker) · (23) empty chair")
    filled = len(view["bar"])
    if filled < len(board["bar"]):
        nxt = board["bar"][filled]["points"]
        lines.append(f"Bar (the middle block, row by row): {filled}/20 taken, next seat {nxt:+d}")
    else:
        lines.append("Bar: full")
    lines.append(f"Bag: {view['bag']} tiles")
    if view["placed"]:
        lines.append("This turn: " + ", ".join(f"chair {c}" for c in view["placed"]))
    lines.append("")
    to_move = set(view["to_move"])
    for seat, hand in enumerate(view["hands"]):
        mark = ">" if seat in to_move else " "
        you = " (you)" if seat == view["seat"] else ""
        left = "  left the game" if view["out"][seat] else ""
        lines.append(
            f"{mark} seat {seat}{you}: {view['scores'][seat]:>4} points · hand "
            f"{len(hand)}/{view['hand_sizes'][seat]}: {' '.join(hand) or '-'}{left}"
        )
    if view["events"]:
        lines.append("")
        # A seating's reasons table by table make a long line: wrapped to the grid's width.
        for e in view["events"]:
            lines.extend(textwrap.wrap("· " + describe_event(e), 76, subsequent_indent="  "))
    if view["winners"]:
        lines.append(f"Winners: {', '.join(f'seat {w}' for w in view['winners'])}")
    return "\n".join(lines)
