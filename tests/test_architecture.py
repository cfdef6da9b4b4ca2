"""The package's shape: no import circle anywhere in meeple, imports that run with the layers,
and server functions and classes short enough to read at once.

The import graph is read from the source with :mod:`ast`, never from what Python has imported:
every import statement counts, also one under ``if TYPE_CHECKING:`` and one inside a function.
Python runs neither at import time, but a circle of types is a circle for the reader too, and
an import hidden in a function is how a circle usually hides. An edge goes to the most precise
module named: ``from meeple.games.bison import legal`` is an edge to ``meeple.games.bison.legal``,
``from meeple.games.bison.data import RIVER`` one to ``meeple.games.bison.data``. The parent
packages that Python runs first are not edges: otherwise every module of a package whose
``__init__`` imports its own modules would sit in one circle.

Run this file as a script to print the graph's circles: ``python tests/test_architecture.py``.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOP = "meeple"


@dataclass(frozen=True)
class Import:
    """One import statement's edge: ``importer`` names ``imported`` at ``line`` of its file."""

    importer: str
    imported: str
    line: int


def is_under(name: str, package: str) -> bool:
    """Whether module ``name`` is ``package`` itself or inside it (``a.b`` is under ``a``, ``ab`` is not)."""
    return name == package or name.startswith(package + ".")


@cache
def modules() -> dict[str, Path]:
    """Every module of the package by dotted name; a package by its own name (its ``__init__``)."""
    found: dict[str, Path] = {}
    for path in sorted((ROOT / TOP).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def nearest_module(name: str) -> str | None:
    """The module ``name`` itself, else its nearest enclosing one (``pkg.module.attr`` is ``pkg.module``)."""
    known = modules()
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def base_of(node: ast.ImportFrom, importer: str) -> str:
    """The absolute module a ``from ... import`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    path = modules().get(importer)
    is_package = path is not None and path.name == "__init__.py"
    package = importer if is_package else importer.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def imports_of(importer: str) -> Iterator[Import]:
    """Every edge from ``importer`` to another module of ours, wherever the statement stands."""
    return imports_in(importer, ast.parse(modules()[importer].read_text(encoding="utf-8")))


def imports_in(importer: str, tree: ast.Module) -> Iterator[Import]:
    """The edges of ``tree``, the source of module ``importer``: every import statement in it,
    at the top, under ``if TYPE_CHECKING:``, in a function or anywhere else."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = base_of(node, importer)
            # ``from pkg import name`` names the module pkg.name when there is one, else pkg.
            named = [f"{base}.{alias.name}" for alias in node.names if alias.name != "*"] or [base]
        else:
            continue
        for name in named:
            if not is_under(name, TOP):
                continue
            target = nearest_module(name)
            if target is not None and target != importer:
                yield Import(importer, target, node.lineno)


@cache
def import_graph() -> dict[str, tuple[Import, ...]]:
    """Each module's imports of ours, in the order they stand in its file."""
    return {
        name: tuple(sorted(set(imports_of(name)), key=lambda edge: (edge.line, edge.imported)))
        for name in modules()
    }


def strongly_connected(graph: dict[str, tuple[Import, ...]]) -> list[list[str]]:
    """The graph's circles: its strongly connected components of more than one module.

    Tarjan's algorithm; each component sorted, and the list sorted by its first module.
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for edge in graph[module]:
            if edge.imported not in index:
                visit(edge.imported)
                low[module] = min(low[module], low[edge.imported])
            elif edge.imported in on_stack:
                low[module] = min(low[module], index[edge.imported])
        if low[module] == index[module]:
            component: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def shortest_loop(start: str, members: set[str], graph: dict[str, tuple[Import, ...]]) -> list[str]:
    """A shortest way from ``start`` back to itself inside one circle (breadth first)."""
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        module = queue.popleft()
        for edge in graph[module]:
            if edge.imported not in members or edge.imported in came_from:
                continue
            came_from[edge.imported] = module
            if edge.imported == start:
                loop = [start]
                while loop[-1] != start or len(loop) == 1:
                    loop.append(came_from[loop[-1]])
                return loop[::-1]
            queue.append(edge.imported)
    raise AssertionError(f"{start} is in no circle of {sorted(members)}")


def describe(circle: list[str], graph: dict[str, tuple[Import, ...]]) -> str:
    """A circle for the reader: one loop through it, then every import that closes it."""
    members = set(circle)
    lines = [
        f"circle of {len(circle)} modules: " + " -> ".join(shortest_loop(circle[0], members, graph))
    ]
    for module in circle:
        path = modules()[module].relative_to(ROOT)
        lines += [
            f"    {path}:{edge.line} imports {edge.imported}"
            for edge in graph[module]
            if edge.imported in members
        ]
    return "\n".join(lines)


def test_the_graph_sees_every_kind_of_import() -> None:
    """The graph's reader is right, on a made-up module of meeple.games.bison: a relative
    import, a submodule named by ``from pkg import name``, a name that is no module, an import
    under ``TYPE_CHECKING`` and one inside a function are all edges; others' modules are not."""
    source = """
from __future__ import annotations
import json
from typing import TYPE_CHECKING
import meeple.games.bison.data
from meeple.games.bison import legal, rules
from . import text
from .geometry import SPACES
from ..cafe.rules import CafeState
from meeple.core.game import State, no_such_module
if TYPE_CHECKING:
    from meeple.games.bison.views import SeatView
def later() -> None:
    from meeple.games.bison.scoring import winners
    import meeple.games.bison.board as board
"""
    found = sorted(
        edge.imported for edge in imports_in("meeple.games.bison.made_up", ast.parse(source))
    )
    bison = "meeple.games.bison"
    assert found == sorted(
        [
            "meeple.core.game",  # State, and no_such_module: a name in it
            "meeple.core.game",
            "meeple.games.cafe.rules",
            *(f"{bison}.{name}" for name in ("board", "data", "geometry", "legal", "rules")),
            *(f"{bison}.{name}" for name in ("scoring", "text", "views")),
        ]
    )
    # A package's own modules, seen from its __init__: `from meeple.games import bison`.
    assert "meeple.games.bison" in {edge.imported for edge in import_graph()["meeple.games"]}
    assert all(
        edge.importer != edge.imported for edges in import_graph().values() for edge in edges
    )


def test_relative_imports_resolve() -> None:
    """``from . import x`` and ``from ..y import z`` name the right modules, from a module and
    from a package's ``__init__``."""
    some_package = "meeple.games.bison"
    some_module = "meeple.games.bison.rules"
    relative = ast.parse("from . import legal\nfrom ..cafe.rules import X\nfrom .. import cafe")
    first, second, third = (node for node in relative.body if isinstance(node, ast.ImportFrom))
    assert base_of(first, some_module) == some_package
    assert base_of(second, some_module) == "meeple.games.cafe.rules"
    assert base_of(third, some_module) == "meeple.games"
    assert base_of(third, some_package) == "meeple.games"
    # `from . import x` is the package itself in its __init__, the parent in a module.
    assert base_of(first, "meeple.games") == "meeple.games"
    assert base_of(first, "meeple.simulate") == "meeple"


def test_a_circle_is_found_and_shown() -> None:
    """A made-up graph: the circle a -> b -> c -> a (with d hanging off it) and e <-> f are
    found, each shown as one loop and every import that closes it."""

    def graph(*edges: tuple[str, str]) -> dict[str, tuple[Import, ...]]:
        names = {name for edge in edges for name in edge}
        return {name: tuple(Import(a, b, 1) for a, b in edges if a == name) for name in names}

    made_up = graph(("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "f"), ("f", "e"))
    assert strongly_connected(made_up) == [["a", "b", "c"], ["e", "f"]]
    assert shortest_loop("a", {"a", "b", "c"}, made_up) == ["a", "b", "c", "a"]
    assert strongly_connected(graph(("a", "b"), ("b", "c"))) == []


def test_no_import_circle() -> None:
    """No two modules of meeple import each other, directly or through others."""
    graph = import_graph()
    circles = [describe(circle, graph) for circle in strongly_connected(graph)]
    assert not circles, (
        "import circles (break each: move what both need into a module below them):\n"
        + "\n".join(circles)
    )


@dataclass(frozen=True)
class Contract:
    """A layering rule: modules under ``source`` import none under ``forbidden`` and, when
    ``only`` is given, nothing of meeple that is not under one of ``only``."""

    name: str
    source: str
    why: str
    forbidden: tuple[str, ...] = ()
    only: tuple[str, ...] | None = None

    def breaks(self, edge: Import) -> bool:
        """Whether this import runs against the rule."""
        if not is_under(edge.importer, self.source):
            return False
        if any(is_under(edge.imported, banned) for banned in self.forbidden):
            return True
        return self.only is not None and not any(
            is_under(edge.imported, allowed) for allowed in self.only
        )


OUTSIDE_THE_GAMES = ("meeple.server", "meeple.cli", "meeple.bots", "meeple.rl", "meeple.web")
GAME_IDS = sorted(
    {
        name.split(".")[2]
        for name in modules()
        if is_under(name, "meeple.games") and name.count(".") >= 2
    }
)
CONTRACTS: tuple[Contract, ...] = (
    Contract(
        "core-alone",
        "meeple.core",
        "the game contract and its tools stand under everything else",
        only=("meeple.core",),
    ),
    *(
        Contract(
            f"{game}-on-core",
            f"meeple.games.{game}",
            "a game builds on the core alone, never on another game",
            only=("meeple.core", f"meeple.games.{game}"),
        )
        for game in GAME_IDS
    ),
    Contract(
        "games-not-players",
        "meeple.games",
        "the games know nothing of who plays them",
        forbidden=OUTSIDE_THE_GAMES,
    ),
    Contract(
        "core-not-players",
        "meeple.core",
        "the core knows nothing of who plays the games",
        forbidden=OUTSIDE_THE_GAMES,
    ),
    # The server's layers (issue #35): api -> site -> tables -> store, never back. A layer not yet there has no module, so its rule holds trivially.
    Contract(
        "server-store-below",
        "meeple.server.store",
        "the store keeps data for the layers above it and knows none of them",
        forbidden=("meeple.server.tables", "meeple.server.api", "meeple.server.site"),
    ),
    Contract(
        "server-tables-below-api",
        "meeple.server.tables",
        "the tables serve the api and the site, they never call them (the cluster is reached"
        " through the Peers interface the hub is given)",
        forbidden=("meeple.server.api", "meeple.server.site"),
    ),
    Contract(
        "server-site-below-api",
        "meeple.server.site",
        "the site's parts (cluster, lobby, limits, metrics) serve the api, never call it",
        forbidden=("meeple.server.api",),
    ),
    Contract(
        "server-leaves",
        "meeple.server.settings",
        "the settings are read by every layer and import none",
        forbidden=(
            "meeple.server.api",
            "meeple.server.site",
            "meeple.server.tables",
            "meeple.server.store",
        ),
    ),
)


@pytest.mark.parametrize("contract", CONTRACTS, ids=lambda contract: contract.name)
def test_imports_run_with_the_layers(contract: Contract) -> None:
    """No module imports against the layers of :data:`CONTRACTS`."""
    broken = [
        f"    {modules()[edge.importer].relative_to(ROOT)}:{edge.line} imports {edge.imported}"
        for edges in import_graph().values()
        for edge in edges
        if contract.breaks(edge)
    ]
    assert not broken, f"{contract.source}: {contract.why}, but\n" + "\n".join(broken)


def test_a_contract_sees_what_it_forbids() -> None:
    """The rules catch what they are there to catch (so that an empty result means something)."""
    core = next(contract for contract in CONTRACTS if contract.name == "core-alone")
    assert core.breaks(Import("meeple.core.game", "meeple.games.bison", 1))
    assert core.breaks(Import("meeple.core.game", TOP, 1))
    assert not core.breaks(Import("meeple.core.game", "meeple.core.rng", 1))
    assert not core.breaks(Import("meeple.corex", "meeple.games", 1))
    store = next(contract for contract in CONTRACTS if contract.name == "server-store-below")
    assert store.breaks(Import("meeple.server.store.games", "meeple.server.tables.hub", 1))
    assert not store.breaks(Import("meeple.server.tables.hub", "meeple.server.store.games", 1))


# Function and class length in the server: a function longer than a screen, a class longer than
# a few, is read in pieces and changed by guessing.
MAX_FUNCTION_LINES = 80
MAX_CLASS_LINES = 300
SERVER = ROOT / TOP / "server"
# Each allowed exception as "path:qualified name" with the reason it stays long.
LONG_ALLOWED: dict[str, str] = {}


@dataclass(frozen=True)
class Block:
    """A function or class: its file, qualified name and kind, where it starts and its length."""

    path: str
    name: str
    kind: str  # "function" or "class"
    line: int
    length: int

    @property
    def limit(self) -> int:
        """The most lines a block of its kind may have."""
        return MAX_CLASS_LINES if self.kind == "class" else MAX_FUNCTION_LINES

    @property
    def place(self) -> str:
        """``path:qualified name``, as :data:`LONG_ALLOWED` names it."""
        return f"{self.path}:{self.name}"


def blocks_in(path: str, tree: ast.Module) -> Iterator[Block]:
    """Every function (methods, async and nested ones too) and class of ``tree``, the source of
    ``path``, with its length from its ``def`` or ``class`` line (its decorators not counted)
    to the end of its body, docstring included."""

    def walk(node: ast.AST, prefix: str) -> Iterator[Block]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                kind = "class" if isinstance(child, ast.ClassDef) else "function"
                end = child.end_lineno or child.lineno
                yield Block(path, name, kind, child.lineno, end - child.lineno + 1)
                yield from walk(child, f"{name}.")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


def server_blocks() -> list[Block]:
    """Every function and class of ``meeple/server``."""
    return [
        block
        for path in sorted(SERVER.rglob("*.py"))
        for block in blocks_in(
            path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))
        )
    ]


def test_blocks_are_measured_from_def_to_end() -> None:
    """Lengths on a made-up file: from the ``def``/``class`` line (not the decorator) to the
    body's last line, docstring included; methods, async and nested functions by their
    qualified names."""
    source = """@decorated
class Outer:
    \"\"\"Docstring.\"\"\"

    async def method(self) -> None:
        def inner() -> None:
            pass

        return None


def alone() -> int:
    return 1
"""
    found = {(b.name, b.kind, b.line, b.length) for b in blocks_in("x.py", ast.parse(source))}
    assert found == {
        ("Outer", "class", 2, 8),
        ("Outer.method", "function", 5, 5),
        ("Outer.method.inner", "function", 6, 2),
        ("alone", "function", 12, 2),
    }


def test_server_functions_and_classes_are_short() -> None:
    """No server function over 80 lines, no class over 300, but for :data:`LONG_ALLOWED`."""
    found = server_blocks()
    long = [
        block for block in found if block.length > block.limit and block.place not in LONG_ALLOWED
    ]
    assert not long, "too long (split them):\n" + "\n".join(
        f"    {block.path}:{block.line} {block.kind} {block.name}: "
        f"{block.length} lines (limit {block.limit})"
        for block in sorted(long, key=lambda block: -block.length)
    )
    still_long = {block.place for block in found if block.length > block.limit}
    stale = sorted(set(LONG_ALLOWED) - still_long)
    assert not stale, f"no longer long or gone, remove from LONG_ALLOWED: {stale}"
    assert all(reason.strip() for reason in LONG_ALLOWED.values()), "each exception says why"


if __name__ == "__main__":
    for circle in strongly_connected(import_graph()):
        print(describe(circle, import_graph()), end="\n\n")
