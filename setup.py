"""The opt-in compiled build; ``pyproject.toml`` holds the package's metadata.

``pip install .`` (and ``pip install -e .``, ``make install``) is pure Python, as ever.
``MEEPLE_COMPILE=1 pip install .`` compiles the modules of :data:`COMPILED` with mypyc (it
needs mypy — the dev extra has it — and a C compiler with Python's headers;
``make compiled`` builds it into ``.venv-compiled``). ``docs/rl.md`` says what it gains.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import setup  # type: ignore[import-untyped]

COMPILED = [
    # The game contract (State.apply, option and seat checks), the comparison that makes
    # apply atomic, the games' random generator, and the action tables and sparse features
    # every env step goes through. Left interpreted in core: errors.py (the contract's
    # errors subclass KeyError and ValueError, which mypyc cannot compile, and are never on
    # a hot path), and the bots' base, replays, goldens and conformance checks (tools).
    "meeple/core/game.py",
    "meeple/core/validation.py",
    "meeple/core/rng.py",
    "meeple/core/encoding.py",
    # Each game's engine (rules, legal actions, views, scoring, board) and its encoding: all
    # of a step but numpy's arrays. Their data modules too, so that the constants they
    # declare Final are inlined. Left interpreted: the heuristic bots, the text and SVG
    # renderers (not on an env step), and meeple.rl, server, web and the CLI (numpy's calls,
    # the network and the disk dominate those).
    "meeple/games/bison/board.py",
    "meeple/games/bison/choicepoint.py",
    "meeple/games/bison/data.py",
    "meeple/games/bison/encoding.py",
    "meeple/games/bison/geometry.py",
    "meeple/games/bison/jsondata.py",
    "meeple/games/bison/layout.py",
    "meeple/games/bison/legal.py",
    "meeple/games/bison/rules.py",
    "meeple/games/bison/scoring.py",
    "meeple/games/bison/shelters.py",
    "meeple/games/bison/state.py",
    "meeple/games/bison/tiles.py",
    "meeple/games/bison/tileset.py",
    "meeple/games/bison/views.py",
    "meeple/games/buffet/data.py",
    "meeple/games/buffet/encoding.py",
    "meeple/games/buffet/rules.py",
    "meeple/games/cafe/board.py",
    "meeple/games/cafe/data.py",
    "meeple/games/cafe/encoding.py",
    "meeple/games/cafe/rules.py",
    "meeple/games/cafe/seating.py",
    "meeple/games/cheese/data.py",
    "meeple/games/cheese/encoding.py",
    "meeple/games/cheese/resolution.py",
    "meeple/games/cheese/rules.py",
    "meeple/games/cheese/scoring.py",
    "meeple/games/cheese/views.py",
    "meeple/games/stirfry/data.py",
    "meeple/games/stirfry/encoding.py",
    "meeple/games/stirfry/rules.py",
    "meeple/games/stirfry/scoring.py",
]
"""The modules the compiled build compiles (paths from the repository's root)."""

PACKAGES = ["core", *(f"games/{game}" for game in ("bison", "buffet", "cafe", "cheese", "stirfry"))]
GROUPS: list[tuple[list[str], str | None]] = [
    (
        [path for path in COMPILED if path.startswith(f"meeple/{package}/")],
        package.replace("/", "_"),
    )
    for package in PACKAGES
]
"""One shared library per package, their C compiled in parallel (``build_ext``'s
``parallel``); calls within a package stay direct C calls. Measured on 2026-11-28 (gcc -O3,
2 cores): a library per module took 2.5 minutes of CPU (each carries its own copy of mypyc's
glue), these six 1.5 (1 minute on 2 cores), and ran as fast."""


def extensions() -> list[Any]:
    """mypyc's extensions when ``MEEPLE_COMPILE=1``, else none (the pure build)."""
    if os.environ.get("MEEPLE_COMPILE") != "1":
        return []
    from mypyc.build import mypycify  # noqa: PLC0415 - only the compiled build needs mypy

    return mypycify(
        COMPILED,
        opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
        target_dir=os.path.join("build", "mypyc"),
        separate=GROUPS,
    )


if __name__ == "__main__":
    # build_ext compiles the modules' C files in parallel, one per core.
    setup(ext_modules=extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
