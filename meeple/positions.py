"""Positions: named game states that the rules pages draw as pictures.

Each game keeps its positions as data in ``meeple/games/<id>/positions.json``: a JSON object
from a position's name to how it is built, either

- by replaying moves: ``{"players": 3, "seed": 1, "options": {}, "actions": [[seat, action], …]}``
  (every action must be legal where it is applied: the engine checks it), or
- from a whole state: ``{"state": <state.to_json()>, "actions": [...]}`` for the rulebooks'
  worked examples, whose pieces stand where no short game would put them.

Optional keys: ``"seat"`` draws the position as that seat sees it (its hand shown; default: a
spectator, ``null``), and ``"mark"``: how many of the last actions the picture marks as just
done (default 1, 0 for none). The web client asks ``GET /api/positions/{game}/{name}`` for
:func:`picture` and draws it with the game's own renderer (``meeple/web/rules.js``).

>>> picture("bison", "turn-1")["view"]["round"]
1
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import meeple
from meeple.core.game import State

FILE = "positions.json"


class UnknownPosition(KeyError):
    """A game or position that ``positions.json`` does not name."""


@cache
def positions(game: str) -> dict[str, dict[str, Any]]:
    """A game's positions as written in its ``positions.json`` (empty when it has none)."""
    if game not in meeple.GAMES:
        raise UnknownPosition(game)
    path = resources.files(f"meeple.games.{game}").joinpath(FILE)
    if not path.is_file():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def entry(game: str, name: str) -> dict[str, Any]:
    """The data of one position; :class:`UnknownPosition` when there is none."""
    found = positions(game).get(name)
    if found is None:
        raise UnknownPosition(f"{game}/{name}")
    return found


def build(game: str, name: str, upto: int | None = None) -> State:
    """The position's state: its start (a new game or a whole state) with its actions applied,
    the first ``upto`` of them only when given. An illegal action raises
    :class:`meeple.IllegalAction`, naming the position."""
    data = entry(game, name)
    rules = meeple.load(game)
    state: State
    if "state" in data:
        state = rules.from_json(data["state"])
    else:
        state = rules.new(
            players=int(data["players"]), seed=int(data.get("seed", 0)), options=data.get("options")
        )
    actions = data.get("actions", [])
    for i, (seat, action) in enumerate(actions[:upto]):
        try:
            state.apply(int(seat), action)
        except meeple.IllegalAction as err:
            raise meeple.IllegalAction(f"{game}/{name}, action {i}: {err}") from err
    return state


@cache
def picture(game: str, name: str) -> dict[str, Any]:
    """What a rules page draws for a position: the view of its viewer (a spectator unless the
    position names a seat), the view before its marked actions (``before``, for the
    renderer's marks of what changed; ``null`` when none), whose decision is awaited, the
    scores and whether the game is over."""
    data = entry(game, name)
    seat = data.get("seat")
    state = build(game, name)
    count = len(data.get("actions", []))
    mark = min(int(data.get("mark", 1)), count)
    before = build(game, name, count - mark).view(seat) if mark else None
    return {
        "game": game,
        "name": name,
        "players": len(state.scores),
        "seat": seat,
        "to_move": list(state.to_move),
        "over": state.is_over,
        "scores": list(state.scores),
        "view": state.view(seat),
        "before": before,
    }
