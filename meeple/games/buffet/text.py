"""Plain-text rendering of buffet views and actions, for the terminal client and logs."""

from __future__ import annotations

from typing import Any

from meeple.core.game import JSON, Action


def describe_action(action: Action) -> str:
    """A short label: ``play 5``, ``exchange a 3``, ``finish exchanging``; for another
    mouse's choice as a replay shows it (``BuffetState.public_action``), what all saw:

    >>> describe_action({"type": "play"})
    'choose a card face down'
    """
    kind = action.get("type")
    if kind == "play":
        return f"play {action['card']}" if "card" in action else "choose a card face down"
    if kind == "discard":
        return (
            f"exchange a {action['card']}" if "card" in action else "put a card aside to exchange"
        )
    if kind == "draw":
        return "finish exchanging (draw as many as you put down)"
    return str(action)


def _dish(d: dict[str, Any]) -> str:
    return f"{d['kind']} {d['value']:+d}" if d["value"] < 0 else f"{d['kind']} {d['value']}"


# Why a mouse took its dish (the take event's "why"; older logs have none).
_WHY = {
    "last": " (last alone)",
    "lead": " (leading the last two)",
    "second": " (second of the last two)",
}


def describe_event(event: dict[str, Any]) -> str:
    """One line of the game log."""
    kind = event["event"]
    if kind == "reveal":
        return f"seat {event['seat']} reveals {event['card']} and moves to {event['to']}"
    if kind == "take":
        why = _WHY.get(event.get("why", ""), "")
        covers = event.get("covers")
        under = f", covering {_dish(covers)}" if covers else ""
        return f"seat {event['seat']} takes {_dish(event['dish'])}{why}{under}"
    if kind == "empty_handed":
        return f"seat {event['seat']} is second and gets nothing"
    if kind == "tie_for_last":
        return f"seats {event['seats']} share the last place: nobody leaves"
    if kind == "tie_for_first":
        return f"seats {event['seats']} share the lead: play on"
    if kind == "start_tile":
        return f"the start tile passes to seat {event['seat']}"
    if kind == "exchange":
        return f"seat {event['seat']} exchanges {event['count']} card(s)"
    if kind == "refill":
        return f"seat {event['seat']} had no cards and draws {event['count']}"
    if kind == "stage":
        return "second stage: the two best dishes"
    if kind == "round":
        return f"round {event['round']}: " + ", ".join(_dish(d) for d in event["buffet"])
    if kind == "game_over":
        return f"game over; winners: {event['winners']}"
    return str(event)


def render_text(view: JSON) -> str:
    """The board as a seat sees it."""
    lines = [f"Round {view['round']}" + (f", stage {view['stage']}" if view["stage"] > 1 else "")]
    lines.append("Buffet: " + (", ".join(_dish(d) for d in view["buffet"]) or "-"))
    if view["reserved"]:
        lines.append("Next stage: " + ", ".join(_dish(d) for d in view["reserved"]))
    lines.append(f"Dishes left: {view['dishes_left']}   deck: {view['deck']}")
    lines.append("")
    lines.append("seat  track        cards  dishes (top of each kind scores)        points")
    for seat, pos in enumerate(view["positions"]):
        me = "*" if seat == view["seat"] else " "
        start = "S" if seat == view["start_player"] else " "
        where = "out" if pos is None else f"{pos:>3}"
        chosen = " ✓" if view["has_chosen"][seat] else "  "
        dishes = (
            ", ".join(
                _dish(e["top"]) + (f" (+{e['covered']} under)" if e["covered"] else "")
                for e in view["stacks"][seat]
            )
            or "-"
        )
        lines.append(
            f"{me}{seat}{start}   {where:<6}{chosen}    {view['hand_sizes'][seat]:>3}    "
            f"{dishes:<40}{view['scores'][seat]:>4}"
        )
    if "hand" in view:
        lines.append("")
        lines.append("Your hand: " + " ".join(str(c) for c in view["hand"]))
        if view["my_choice"] is not None:
            lines.append(f"You chose: {view['my_choice']}")
        if view["my_exchange"]:
            lines.append("Put down to exchange: " + " ".join(map(str, view["my_exchange"])))
    if view["events"]:
        lines.append("")
        lines.extend("· " + describe_event(e) for e in view["events"])
    if view["winners"]:
        lines.append(f"Winners: {', '.join(f'seat {w}' for w in view['winners'])}")
    return "\n".join(lines)
