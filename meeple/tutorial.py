"""Tutorials ("Learn to play"): a real game from a fixed seed, with scripted opponents.

Each game keeps its tutorial as data in ``meeple/games/<id>/tutorial.py`` (a ``TUTORIAL`` dict,
JSON-compatible); the texts are i18n keys of the browser client (``meeple/web/i18n/*.json``).
:func:`lesson` replays a tutorial against the engine — every scripted move must be legal at its
step and every check must hold, else :class:`TutorialError` — and returns the states the
browser shows, one per move, as the table page's ``state`` messages (docs/web.md, "Learn to
play", describes the format).

>>> lesson_ = lesson("cheese")
>>> lesson_["steps"][0]["frame"]
0
>>> lesson_["frames"][-1]["is_over"]
True
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

import meeple
from meeple.bots.levels import make
from meeple.core.game import Action, State

JSON = dict[str, Any]

PLAYER = 0
"""The learner's seat: the scripts move every other seat."""


class TutorialError(ValueError):
    """A tutorial that does not replay: an illegal move, a wrong seat, or a check that fails."""


def tutorial(game_id: str, addon: str | None = None) -> JSON:
    """The tutorial data of a game (its ``games/<id>/tutorial.py``: ``TUTORIAL``), or with
    ``addon`` one of its add-on lessons (``ADDONS[addon]``: a variant or an advanced rule, the
    same shape); unknown id or add-on -> KeyError."""
    if game_id not in meeple.GAMES:
        raise KeyError(game_id)
    module = importlib.import_module(f"meeple.games.{game_id}.tutorial")
    data: JSON = module.TUTORIAL if addon is None else getattr(module, "ADDONS", {})[addon]
    return data


def addons(game_id: str) -> list[str]:
    """The names of a game's add-on lessons, in their order (none: [])."""
    tutorial(game_id)
    module = importlib.import_module(f"meeple.games.{game_id}.tutorial")
    return list(getattr(module, "ADDONS", {}))


def _at(data: Any, path: str) -> Any:
    """The value at a dotted path in a view ("seats.0.score"; numbers index lists)."""
    for part in path.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def check(state: State, checks: JSON, where: str) -> None:
    """Raise :class:`TutorialError` unless ``state`` is as ``checks`` says:
    ``scores`` (the whole list), ``score`` ([seat, value]), ``to_move`` (the seats),
    ``over`` (bool), ``winners`` (the seats), ``view`` ({dotted path in view(0): value}),
    ``legal`` (the number of the learner's legal actions)."""
    found: dict[str, Any] = {}
    for name, wanted in checks.items():
        if name == "scores":
            found[name] = list(state.scores)
        elif name == "score":
            found[name] = [wanted[0], state.scores[wanted[0]]]
        elif name == "to_move":
            found[name] = list(state.to_move)
        elif name == "over":
            found[name] = state.is_over
        elif name == "winners":
            found[name] = list(state.winners)
        elif name == "legal":
            found[name] = len(state.legal_actions(PLAYER))
        elif name == "view":
            view = state.view(PLAYER)
            try:
                found[name] = {path: _at(view, path) for path in wanted}
            except (KeyError, IndexError, TypeError, ValueError) as err:
                raise TutorialError(f"{where}: no {err} in the view") from err
        else:
            raise TutorialError(f"{where}: unknown check {name!r}")
        if found[name] != wanted:
            raise TutorialError(f"{where}: {name} is {found[name]!r}, the text says {wanted!r}")


def _legal_as_given(state: State, seat: int, action: Action, where: str) -> Action:
    """The engine's own legal action equal to ``action`` (its key order, for the client)."""
    if seat not in state.to_move:
        raise TutorialError(f"{where}: seat {seat} is not to move ({list(state.to_move)})")
    for legal in state.legal_actions(seat):
        if legal == action:
            return legal
    raise TutorialError(f"{where}: {action!r} is not legal for seat {seat}")


class _Recorder:
    """The states one after another as the learner's client sees them, with the log events
    that are new in each (as the server's live table extends a seat's log)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.frames: list[JSON] = []
        self._seen: list[Any] = []
        self.record()

    def record(self) -> None:
        view = self.state.view(PLAYER)
        events = view.get("events", [])
        if not isinstance(events, list):
            events = []
        before = self._seen
        new = events[len(before) :] if events[: len(before)] == before else events
        self._seen = list(events)
        self.frames.append(
            {
                "version": len(self.frames),
                "view": view,
                "legal": self.state.legal_actions(PLAYER) if not self.state.is_over else [],
                "to_move": list(self.state.to_move),
                "events": new,
                "is_over": self.state.is_over,
                "scores": view.get("scores", list(self.state.scores)),
                "winners": list(self.state.winners),
            }
        )

    def apply(self, seat: int, action: Action, where: str) -> Action:
        given = _legal_as_given(self.state, seat, action, where)
        self.state.apply(seat, given)
        self.record()
        return given


def _finish(recorder: _Recorder, data: JSON) -> None:
    """The rest of the game, played quickly by bots of the tutorial's ``finish`` level
    (every seat, the learner's too), seeded by the tutorial's seed: the same every time."""
    game = meeple.load(data["game"])
    level = data.get("finish", "normal")
    bots = [make(level, game, seed=data["seed"] + seat) for seat in range(data["players"])]
    state = recorder.state
    for _ in range(5000):
        if state.is_over:
            return
        seat = state.to_move[0]
        recorder.apply(seat, bots[seat].choose(state.clone(), seat), "finish")
    raise TutorialError("finish: the game did not end")


def replay(data: JSON) -> JSON:
    """Replay a tutorial against the engine and return its lesson:
    ``{"game", "players", "seed", "options", "steps": [...], "frames": [...], "summary"}``.
    Each step gains ``frame``, the index of the frame at which it is shown (its ``before``
    moves applied), and its ``move`` as the engine lists it. Raises :class:`TutorialError`."""
    game = meeple.load(data["game"])
    state = game.new(players=data["players"], seed=data["seed"], options=data.get("options", {}))
    # An add-on lesson may start in a game under way (a variant's end, an advanced rule that
    # needs pieces on the board): the opening's moves, of every seat, are played before the
    # first frame; the learner sees the board as they left it, with their events in the log.
    for number, (seat, action) in enumerate(data.get("opening", [])):
        state.apply(seat, _legal_as_given(state, seat, action, f"{data['game']} opening {number}"))
    recorder = _Recorder(state)
    steps: list[JSON] = []
    for number, step in enumerate(data["steps"]):
        where = f"{data['game']} step {number} ({step['text']})"
        for seat, action in step.get("before", []):
            if seat == PLAYER:
                raise TutorialError(f"{where}: a move of the learner's seat in 'before'")
            recorder.apply(seat, action, where)
        check(recorder.state, step.get("checks", {}), where)
        shown: JSON = {
            "text": step["text"],
            "params": step.get("params", {}),
            "highlight": step.get("highlight"),
            "prepare": step.get("prepare", []),
            "why": step.get("why"),
            "frame": len(recorder.frames) - 1,
            "move": None,
        }
        if step.get("move") is not None:
            shown["move"] = recorder.apply(PLAYER, step["move"], where)
        check(recorder.state, step.get("after", {}), where + " after the move")
        steps.append(shown)
    for seat, action in data.get("then", []):
        recorder.apply(seat, action, f"{data['game']} then")
    _finish(recorder, data)
    check(recorder.state, data.get("end", {}), f"{data['game']} end")
    return {
        "game": data["game"],
        "players": data["players"],
        "seed": data["seed"],
        "options": data.get("options", {}),
        "steps": steps,
        "frames": recorder.frames,
        "summary": data["summary"],
        "ending": data.get("ending"),
    }


@lru_cache(maxsize=16)
def _cached(game_id: str, addon: str | None) -> JSON:
    shown = replay(tutorial(game_id, addon))
    # The main lesson's end offers the add-on lessons; an add-on's end, none.
    return {**shown, "addon": addon, "addons": [] if addon else addons(game_id)}


def lesson(game_id: str, addon: str | None = None) -> JSON:
    """The lesson of a game's tutorial, or of one of its add-on lessons (replayed once per
    process, then kept), with ``addon`` (its name, or None) and ``addons`` (the add-on lessons
    its end offers)."""
    return _cached(game_id, addon)
