"""Stir Fry Eighteen in plain text: action labels and the board for the terminal client.

Both work from JSON only (an action, a ``view``), so they show exactly what a
seat may know.

>>> describe_action({"type": "cook", "cards": ["noodles", "leek", "mushroom", "soy", "pork"]})
'cook noodles+leek+mushroom+soy+pork (16 points)'
>>> describe_action({"type": "declare", "card": "leek", "as": "shrimp"})
'declare leek as shrimp (a bluff; draws 4)'

Another seat's declaration or discard, as a replay shows it (its public form, without the
cards: ``StirFryState.public_action``), says only what everyone saw:

>>> describe_action({"type": "declare", "as": "shrimp"})
'declare a card face down as shrimp (draws 4)'
>>> describe_action({"type": "discard"})
'discard a card face down'
"""

from __future__ import annotations

from typing import Any

from meeple.games.stirfry.data import (
    CARD_INDEX,
    DECLARATION_DRAWS,
    PAIR,
    PAIR_DRAWS,
    is_true_declaration,
)
from meeple.games.stirfry.scoring import dish_score


def describe_action(action: dict[str, Any]) -> str:
    """A short English label for one action of a stirfry seat."""
    kind = action.get("type")
    if kind == "cook":
        cards = list(action.get("cards", []))
        try:
            return f"cook {'+'.join(cards)} ({dish_score(cards)} points)"
        except ValueError:
            return f"cook {'+'.join(map(str, cards))}"
    if kind == "declare":
        card, claim = action.get("card"), action.get("as")
        draws = DECLARATION_DRAWS.get(CARD_INDEX.get(str(claim), -1), "?")
        if "card" not in action:  # the public form: nobody but the chef knows the card
            return f"declare a card face down as {claim} (draws {draws})"
        honesty = "honest" if card == claim else "a bluff"
        return f"declare {card} as {claim} ({honesty}; draws {draws})"
    if kind == "declare_pair":
        if "cards" not in action:
            return f"declare 2 cards face down as a pair (draws {PAIR_DRAWS})"
        cards = [str(c) for c in action.get("cards", [])]
        indexes = [CARD_INDEX.get(c, -2) for c in cards]
        true_pair = len(cards) == 2 and is_true_declaration(indexes, PAIR)
        honesty = "honest" if true_pair else "a bluff"
        return f"declare {'+'.join(cards)} as a pair ({honesty}; draws {PAIR_DRAWS})"
    if kind == "end_turn":
        return "end the turn without cooking"
    if kind == "discard":
        return f"discard {action['card']}" if "card" in action else "discard a card face down"
    if kind == "trust":
        if action.get("timeout") is True:
            return "no answer in time: trust the chef"
        return "trust the chef (no taste test)"
    if kind == "taste":
        return "call a taste test!"
    return str(kind)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _seat_name(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def event_line(event: dict[str, Any], me: int | None) -> str:
    who = _seat_name(event.get("seat", -1), me)
    kind = event.get("event")
    if kind == "turn":
        return f"turn {event['turn']}: {who} {'are' if who == 'you' else 'is'} the chef"
    if kind == "draw":
        return f"{who} drew {event['count']} ({event['reason']})"
    if kind == "declare":
        what = "a pair" if event["as"] == "pair" else event["as"]
        return f"{who} laid {_cards(event['count'])} face down as {what} (draws {event['draws']})"
    if kind == "trust":
        if event.get("timeout"):
            return f"{who} did not answer in time: trusts the chef"
        return f"{who} trusted the chef"
    if kind == "taste":
        verdict = "a bluff — caught!" if event["bluff"] else "honest — a wrong accusation"
        return f"{who} called a taste test: {'+'.join(event['cards'])}, {verdict}"
    if kind == "penalty":
        if "cards" in event:
            return f"{who} lost the whole hand ({_cards(event['cards'])})"
        return f"{who} lost {-event['points']} points"
    if kind == "cook":
        return (
            f"{who} cooked {'+'.join(event['cards'])} for {event['points']} "
            f"points (now {event['total']})"
        )
    if kind == "end_turn":
        return f"{who} ended the turn without cooking"
    if kind == "discard":
        return f"{who} discarded a card face down"
    if kind == "shuffle":
        return f"{_cards(event['returned'])} shuffled back into the deck ({event['deck']})"
    if kind == "closing_time":
        last = ", ".join(_seat_name(s, me) for s in event["last_turns"]) or "nobody"
        return f"closing time! {who} reached the end; last turns: {last}"
    if kind == "game_over":
        return "game over; winners: " + ", ".join(_seat_name(s, me) for s in event["winners"])
    return str(event)


def render_text(view: dict[str, Any]) -> str:
    """The table as a seat sees it, in plain text."""
    me = view.get("seat")
    options = view.get("options", {})
    switches = ("empty_pantry", "meticulous_chef", "closing_time", "tofu")
    on = [name.replace("_", " ") for name in switches if options.get(name)]
    lines = [
        f"Stir Fry Eighteen — target {view['target']}" + (f" ({', '.join(on)})" if on else ""),
        f"Turn {view['turn']}, chef: {_seat_name(view['chef'], me)}; deck: {_cards(view['deck'])}",
    ]
    for seat in range(view["players"]):
        marks = []
        if seat == view["chef"]:
            marks.append("chef")
        if view["extra_draws"][seat]:
            marks.append(f"+{view['extra_draws'][seat]} draw next turn")
        if seat in view["to_move"]:
            marks.append("to move")
        note = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(
            f"  {_seat_name(seat, me):>7}: {view['scores'][seat]:>4} points, "
            f"{_cards(view['hand_sizes'][seat])}{note}"
        )
    if view["table"]:
        lines.append("Face up this turn: " + ", ".join(view["table"]))
    face_down = sum(view["face_down"])
    if face_down:
        lines.append(f"Face down this turn: {_cards(face_down)}")
    used = [k for k, v in view["declared"].items() if v]
    if used:
        caught = " (bluff caught: no cooking reward)" if view["bluff_caught"] else ""
        lines.append(f"Declared this turn: {', '.join(used)}{caught}")
    declaration = view.get("declaration")
    if declaration:
        what = "a pair" if declaration["as"] == "pair" else declaration["as"].upper()
        chef = _seat_name(declaration["seat"], me)
        lines.append(
            f"TASTE TEST? {chef} laid {_cards(declaration['count'])} face down as {what}, "
            f"to draw {declaration['draws']}"
        )
        if "cards" in declaration:
            lines.append(f"  (really: {'+'.join(declaration['cards'])})")
        waiting = ", ".join(_seat_name(s, me) for s in declaration["waiting"])
        lines.append(f"  waiting for: {waiting}")
    if view.get("final_round") is not None:
        last = ", ".join(_seat_name(s, me) for s in view["final_round"]) or "none"
        lines.append(f"Closing time: last turns still to play: {last}")
    if view.get("hand") is not None:
        lines.append("Your hand: " + (", ".join(view["hand"]) or "(empty)"))
    if view["events"]:
        lines.append("Last:")
        lines.extend("  " + event_line(e, me) for e in view["events"])
    if view["winners"]:
        lines.append("Winners: " + ", ".join(_seat_name(s, me) for s in view["winners"]))
    return "\n".join(lines)
