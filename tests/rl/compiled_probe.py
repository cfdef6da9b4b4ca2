"""What ``test_compiled.py`` compares between the pure and the compiled build.

Each function returns JSON data about the ``meeple`` it imports. The test calls them in its
own process (the pure build) and runs this file as a script with the compiled package first
on ``PYTHONPATH``: ``python compiled_probe.py '{"modules": [...], "goldens": [GOLDEN_DIR,
...]}'`` prints everything as JSON.
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import json
import pickle
import random
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import meeple
from meeple.core.encoding import load_encoding
from meeple.core.game import State, without_back
from meeple.core.golden import check_golden


def module_files(names: list[str]) -> dict[str, str]:
    """Where each module was loaded from."""
    return {name: str(importlib.import_module(name).__file__) for name in names}


def goldens(directories: list[str]) -> list[str]:
    """Every golden transcript re-run (``check_golden`` raises if the game ends otherwise)."""
    checked = []
    for directory in directories:
        for path in sorted(Path(directory).glob("*.json")):
            check_golden(json.loads(path.read_text()))
            checked.append(path.name)
    return checked


def _step(state: State, rng: random.Random) -> None:
    seat = rng.choice(state.to_move)
    state.apply(seat, rng.choice(without_back(state.legal_actions(seat))))


def playouts(games: int = 2) -> dict[str, Any]:
    """Seeded random games of every game at its smallest and largest player counts: at every
    step the legal actions' indices and each seat's observation; at the end the state, the
    views, the scores and the winners."""
    out: dict[str, Any] = {}
    for game_id, game in sorted(meeple.GAMES.items()):
        encoding = load_encoding(game_id)
        for players in (game.min_players, game.max_players):
            options = game.resolve_options(None)
            space = encoding.action_space(players, options)
            for seed in range(games):
                state = game.new(players, seed=seed)
                rng = random.Random(seed)
                steps = []
                while not state.is_over:
                    seat = state.to_move[0]
                    observed = encoding.observe(state.view(seat), seat, players, options, None)
                    legal = list(space.legal_of(state, seat))
                    steps.append([seat, legal, observed.dense()])
                    _step(state, rng)
                out[f"{game_id} {players} {seed}"] = {
                    "steps": steps,
                    "final": state.to_json(),
                    "views": [state.view(s) for s in [*range(players), None]],
                    "scores": state.scores,
                    "winners": state.winners,
                }
    return out


def copies() -> dict[str, Any]:
    """A state in mid-game copied, deep-copied and pickled: each gives the same JSON, and
    plays on as the original does."""
    out: dict[str, Any] = {}
    for game_id, game in sorted(meeple.GAMES.items()):
        state = game.new(game.max_players, seed=3)
        rng = random.Random(3)
        for _ in range(25):
            _step(state, rng)
        for seat in [*range(state.players), None]:
            state.view(seat)  # the views' caches are copied too
        made: dict[str, Callable[[State], State]] = {
            "clone": lambda s: s.clone(),
            "copy": copy.copy,
            "deepcopy": copy.deepcopy,
            "pickle": lambda s: pickle.loads(pickle.dumps(s)),
        }
        for name, make in made.items():
            other = make(state)
            if name != "copy":  # a shallow copy shares the lists: it cannot play on alone
                for _ in range(10):
                    if not other.is_over:
                        _step(other, random.Random(7))
            out[f"{game_id} {name}"] = other.to_json()
    return out


def _outcome(call: Callable[[], object]) -> list[str]:
    try:
        result = call()
    except Exception as err:  # the type and the message are what is compared
        return [type(err).__name__, str(err)]
    return ["returned", repr(result)]


def _bad_calls(game_id: str) -> dict[str, Callable[[], object]]:
    """Calls of the public entry points with wrong values and wrong types."""
    game = meeple.load(game_id)
    state = game.new(game.min_players, seed=1)
    seat = state.to_move[0]
    legal = without_back(state.legal_actions(seat))[0]
    space = load_encoding(game_id).action_space(game.min_players, game.resolve_options(None))
    return {
        "new players '2'": lambda: game.new("2"),
        "new players 99": lambda: game.new(99),
        "new players True": lambda: game.new(True),
        "new seed '7'": lambda: game.new(game.min_players, seed="7"),
        "new option": lambda: game.new(game.min_players, options={"nope": 1}),
        "new option value": lambda: game.new(game.min_players, options=dict.fromkeys(game.options)),
        "apply seat '0'": lambda: state.apply("0", legal),
        "apply seat None": lambda: state.apply(None, legal),
        "apply seat 1.0": lambda: state.apply(1.0, legal),
        "apply list": lambda: state.apply(seat, [legal]),
        "apply no type": lambda: state.apply(seat, {}),
        "apply unknown": lambda: state.apply(seat, {"type": "fly"}),
        "apply extra": lambda: state.apply(seat, {**legal, "x": 1}),
        "view '0'": lambda: state.view("0"),
        "view 99": lambda: state.view(99),
        "legal_actions '0'": lambda: state.legal_actions("0"),
        "legal_actions None": lambda: state.legal_actions(None),
        "determinize '0'": lambda: state.determinize("0"),
        "from_json []": lambda: game.from_json([]),  # type: ignore[arg-type]
        "from_json {}": lambda: game.from_json({}),
        "space.action '3'": lambda: space.action("3"),
        "space.action -1": lambda: space.action(-1),
        "space.index []": lambda: space.index([]),  # type: ignore[arg-type]
        "space.index fly": lambda: space.index({"type": "fly"}),
        "load 3": lambda: meeple.load(3),  # type: ignore[arg-type]
        "state after": lambda: json.dumps(state.to_json(), sort_keys=True),
    }


def bad_input() -> dict[str, list[str]]:
    """What each public entry point does with wrong values and wrong types (and the state
    after them all: unchanged)."""
    return {
        f"{game_id} {name}": _outcome(call)
        for game_id in sorted(meeple.GAMES)
        for name, call in _bad_calls(game_id).items()
    }


def api_tests() -> list[str]:
    """PettingZoo's api_test on every game's AEC env, smallest and largest player counts."""
    from pettingzoo.test import api_test  # noqa: PLC0415 - the learning libraries

    from meeple.rl import aec_env  # noqa: PLC0415

    passed = []
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        for game_id, game in sorted(meeple.GAMES.items()):
            for players in (game.min_players, game.max_players):
                api_test(aec_env(game_id, players=players), num_cycles=300)
                passed.append(f"{game_id} {players}")
    return passed


def probe(modules: list[str], golden_dirs: list[str]) -> dict[str, Any]:
    """Everything the test compares."""
    return {
        "files": module_files(modules),
        "goldens": goldens(golden_dirs),
        "playouts": playouts(),
        "copies": copies(),
        "bad_input": bad_input(),
        "api_tests": api_tests(),
    }


if __name__ == "__main__":
    request = json.loads(sys.argv[1])
    with contextlib.redirect_stdout(sys.stderr):  # api_test prints as it goes
        found = probe(request["modules"], request["goldens"])
    json.dump(found, sys.stdout)
