"""Plain text for the terminal client: the circle of cheeses, action labels, the log.

Everything here reads a ``view`` (or an action), never a state, so it shows only
what the viewer may see::

    >>> describe_action({"type": "place", "cheese": 4, "card": "fat_mouse"})
    'place fat mouse at cheese 4'

A card another player laid face down, as a replay shows it (``CheeseState.public_action``)::

    >>> describe_action({"type": "place", "cheese": 4})
    'place a card face down at cheese 4'
"""

from __future__ import annotations

import textwrap
from typing import Any

from meeple.games.cheese.data import DRAW_COUNT, PLACE_COUNT

SHORT = {
    "mouse": "mouse",
    "marked_mouse": "mouse*",
    "fat_mouse": "fat",
    "king_mouse": "king",
    "cat": "cat",
    "dog": "dog",
}
"""Short animal labels for the queues ("mouse*" is a marked mouse)."""

HOW = {"chased": "chased by a dog", "caught": "caught by a cat", "ate": "ate cheese"}

WIDTH = 96

LEGEND = (
    '("?" a face-down card; "?*" a face-down card placed 2nd or 3rd, so a marked mouse or a '
    'cat; "[cat]" your own face-down card; "mouse*" a marked mouse)'
)


def words(card: str) -> str:
    """An animal's name in words: ``fat_mouse`` -> ``fat mouse``."""
    return card.replace("_", " ")


def describe_action(action: dict[str, Any]) -> str:
    """A short label for an action, e.g. ``place cat at cheese 3``."""
    if action.get("type") == "draw":
        return f"draw {DRAW_COUNT} cards"
    if action.get("type") == "place":
        if "card" not in action:
            return f"place a card face down at cheese {action.get('cheese')}"
        return f"place {words(str(action.get('card')))} at cheese {action.get('cheese')}"
    return str(action.get("type"))


def render_text(view: dict[str, Any]) -> str:
    """The board as plain text: the turn, the circle and its queues, hands, decks, the log."""
    colours: list[str] = view["colours"]
    me = view["seat"]
    lines = [_title(view, colours)]
    lines.append("")
    last = len(view["cheeses"]) - 1
    lines.append(
        f"The circle, clockwise (after cheese {last} comes cheese 0); a placement uses "
        "three in a row."
    )
    lines.append("Each queue runs from its front (next to the cheese) to its back.")
    for position, cheese in enumerate(view["cheeses"]):
        head = f"  cheese {position} (feeds {cheese['cheese']})"
        cards = [_card(card, colours, me) for card in cheese["queue"]] or ["(nobody)"]
        lines.extend(_wrap(head.ljust(22) + "front: ", cards))
    if view["phase"] != "over":
        lines.append(
            textwrap.fill(LEGEND, width=WIDTH, initial_indent="  ", subsequent_indent="   ")
        )
    lines.append("")
    lines.extend(_table(view, colours))
    if me is not None:
        lines.append("")
        lines.append(f"Your hand: {', '.join(words(c) for c in view['hand']) or '(empty)'}")
        lines.append(f"Your deck (unknown order): {_counted(view['deck']) or '(empty)'}")
    if view["phase"] == "over":
        lines.append("")
        lines.append("Cards won:")
        for seat, pile in enumerate(view["piles"]):
            lines.append(f"  {colours[seat]} ({view['scores'][seat]} points): {_pile(pile)}")
        lines.append("Winners: " + ", ".join(colours[s] for s in view["winners"]))
    if view["events"]:
        lines.append("")
        lines.append("Log:")
        lines.extend("  " + describe_event(e, colours) for e in view["events"])
    return "\n".join(lines)


def _title(view: dict[str, Any], colours: list[str]) -> str:
    players = ", ".join(f"{s} {c}" for s, c in enumerate(colours))
    you = "" if view["seat"] is None else f"  You are {colours[view['seat']]}."
    head = f"Go da Cheese!  Players: {players}.{you}"
    if view["phase"] == "over":
        return f"{head}\nThe game is over."
    turn = colours[view["turn"]]
    if view["next_cheese"] is None:
        doing = f"draws {DRAW_COUNT} cards, or places the 1st of {PLACE_COUNT} (face down) at any cheese"
    else:
        doing = (
            f"places card {view['placed'] + 1} of {PLACE_COUNT} at cheese {view['next_cheese']} "
            "(face up unless marked)"
        )
    return f"{head}\nTurn: {turn} {doing}."


def _wrap(head: str, cards: list[str]) -> list[str]:
    """``head`` then the cards, comma-separated, wrapped between cards (never inside one)."""
    pieces = [card + "," for card in cards[:-1]] + cards[-1:]
    rows: list[list[str]] = [[]]
    for piece in pieces:
        if rows[-1] and len(head) + len(" ".join([*rows[-1], piece])) > WIDTH:
            rows.append([])
        rows[-1].append(piece)
    indent = " " * len(head)
    return [(indent if i else head) + " ".join(row) for i, row in enumerate(rows)]


def _card(card: dict[str, Any], colours: list[str], me: int | None) -> str:
    colour = colours[card["seat"]]
    if card["face_up"]:
        return f"{colour} {SHORT[card['card']]}"
    if card["card"] is not None and card["seat"] == me:
        return f"{colour} [{SHORT[card['card']]}]"
    return f"{colour} ?*" if card["placed"] > 1 else f"{colour} ?"


def _table(view: dict[str, Any], colours: list[str]) -> list[str]:
    width = max(6, *(len(c) for c in colours)) + 1
    rows = [("", colours), ("hand", view["hand_sizes"]), ("deck", view["deck_sizes"])]
    rows.append(("score", view["scores"]))
    return ["  " + name.ljust(6) + "".join(str(v).rjust(width) for v in row) for name, row in rows]


def _counted(cards: list[str]) -> str:
    seen: dict[str, int] = {}
    for card in cards:
        seen[card] = seen.get(card, 0) + 1
    return ", ".join(f"{words(c)} x{n}" if n > 1 else words(c) for c, n in seen.items())


def _pile(pile: list[dict[str, Any]]) -> str:
    if not pile:
        return "nothing"
    parts = []
    for how, label in HOW.items():
        cards = [c["card"] for c in pile if c["how"] == how]
        if cards:
            parts.append(f"{_counted(cards)} {label}")
    return "; ".join(parts)


def describe_event(event: dict[str, Any], colours: list[str]) -> str:
    """One line of the log."""
    kind = event.get("event")
    at = f"cheese {event.get('cheese')}: "
    if kind == "draw":
        return f"{colours[event['seat']]} drew {event['count']} cards"
    if kind == "place":
        card = event["card"]
        what = "a face-down card" if card is None else f"{words(card)} face up"
        return f"{colours[event['seat']]} placed {what} at cheese {event['cheese']}"
    if kind == "reveal":
        shown = ", ".join(f"{colours[c['seat']]} {SHORT[c['card']]}" for c in event["queue"])
        return at + f"revealed, front first: {shown or '(nobody)'}"
    if kind == "chase":
        return at + f"{colours[event['dog']]}'s dog chases {colours[event['cat']]}'s cat away"
    if kind == "catch":
        return at + (
            f"{colours[event['cat']]}'s cat catches {colours[event['of']]}'s {words(event['card'])}"
        )
    if kind == "cat_leaves":
        return at + f"{colours[event['seat']]}'s cat leaves the game"
    if kind == "king_to_front":
        return at + f"{colours[event['seat']]}'s king mouse moves to the front"
    if kind == "eat":
        return at + f"{colours[event['seat']]}'s {words(event['card'])} eats"
    if kind == "game_over":
        return "game over; winners: " + ", ".join(colours[s] for s in event["winners"])
    return str(event)
