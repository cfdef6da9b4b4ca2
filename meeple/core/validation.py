"""Type-strict action matching and readable reasons for refused actions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def same_json(a: object, b: object) -> bool:
    """Equality that also demands equal JSON types: ``1``, ``1.0`` and ``True`` differ.

    >>> same_json({"card": 1}, {"card": True})
    False
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        assert isinstance(b, list)
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def _json_type(value: object) -> str:
    names = {
        bool: "boolean",
        int: "integer",
        float: "number",
        str: "string",
        list: "list",
        dict: "object",
        type(None): "null",
    }
    return names.get(type(value), type(value).__name__)


def explain_illegal(
    seat: object,
    action: object,
    to_move: Sequence[int],
    players: int,
    legal_actions: Callable[[int], list[dict[str, Any]]],
) -> str:
    """Say, as precisely as possible, why ``seat`` may not take ``action`` now."""
    if type(seat) is not int or not 0 <= seat < players:
        return f"no seat {seat!r}: seats are integers 0–{players - 1}"
    if not to_move:
        return "the game is over"
    if seat not in to_move:
        waiting = ", ".join(map(str, to_move))
        return f"seat {seat} is not to move now (waiting for seat {waiting})"
    if type(action) is not dict:
        return f"an action is a JSON object with a 'type', not {_json_type(action)} {action!r}"
    legal = legal_actions(seat)
    if "type" not in action:
        return "the action has no 'type' field"
    kind = action["type"]
    same_kind = [a for a in legal if same_json(a.get("type"), kind)]
    if not same_kind:
        kinds = sorted({str(a.get("type")) for a in legal})
        return f"action type {kind!r} is not possible now; possible: {', '.join(kinds)}"
    fields = set(same_kind[0])
    missing = sorted(fields - set(action))
    if missing:
        return f"{kind!r} action is missing field(s) {missing}"
    extra = sorted(set(action) - fields)
    if extra:
        return f"{kind!r} action has unknown field(s) {extra}"
    for name in sorted(fields - {"type"}):
        expected = {_json_type(a[name]) for a in same_kind}
        if _json_type(action[name]) not in expected:
            return (
                f"field {name!r} of a {kind!r} action must be "
                f"{' or '.join(sorted(expected))}, not {_json_type(action[name])}"
            )
    examples = ", ".join(repr(a) for a in same_kind[:3])
    more = f" (and {len(same_kind) - 3} more)" if len(same_kind) > 3 else ""
    return f"{action!r} is not legal now; legal {kind!r} actions: {examples}{more}"
