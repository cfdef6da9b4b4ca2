"""Learn to play: each game's tutorial as the browser plays it (meeple/tutorial.py).

A tutorial is no table: the lesson is the same for everyone (a fixed seed, scripted
opponents), so the server replays it once and hands out its states; the browser's table page
draws them with the real board and refuses any move but the step's. Nothing is stored, rated
or listed in the lobby, and a guest (or anyone without a name yet) may take it.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

import meeple
from meeple.server.api.bodies import JsonRoute
from meeple.server.tables.refused import Refused
from meeple.tutorial import addons, lesson

router = APIRouter(route_class=JsonRoute)


@router.get("/api/learn/{game_id}")
def learn(game_id: str, addon: str | None = None) -> dict[str, Any]:
    """A game's tutorial, or with ``addon`` one of its add-on lessons (a variant's or an
    advanced rule's): its steps (texts as i18n keys, the element to highlight, the one move
    asked for) and every state the learner's seat sees along the way."""
    if game_id not in meeple.GAMES:
        raise Refused("no_game", f"no game {game_id[:40]!r}", 404)
    if addon is not None and addon not in addons(game_id):
        raise Refused("no_lesson", f"no lesson {addon[:40]!r} for {game_id}", 404)
    return lesson(game_id, addon)
