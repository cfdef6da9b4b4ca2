"""Draw the package's parts and what each imports, as an SVG, from the code itself.

    python tools/import_graph.py            # writes docs/architecture-imports.svg
    python tools/import_graph.py --check    # exits 1 if that file is not what the code gives

``make docs`` runs it; ``tests/test_docs.py`` checks that the committed picture is current.

A *part* is a top-level module of ``meeple`` (``cli.py``), a top-level package (``core/``), or,
for a top-level package that has packages of its own (``games/``, ``server/``), each of those
(``games/bison``, ``server/tables``) and the package's own modules (``games``, ``server``).
Every ``import`` and ``from ... import`` in every module (relative ones resolved, those inside
functions included) makes an arrow from its part to the imported part. A folder reached by
path rather than imported (``Path(__file__).parent / "web"``: the static web client, the
migrations Alembic reads) gets a dashed arrow.

The layout is computed, never drawn by hand: each part is placed one row above the highest
part it imports (``core`` at the bottom), parts in a row ordered to shorten the arrows, and
the SVG written by this script alone (no Graphviz), so the same code gives the same file on
every machine.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "meeple"
OUTPUT = ROOT / "docs" / "architecture-imports.svg"

# Drawing sizes, in SVG units (pixels at 100%).
FONT_SIZE = 13
CHAR_WIDTH = 7.4  # a generous width of one character of the label, monospace
NODE_HEIGHT = 30
NODE_PAD = 14
GAP_X = 22
GAP_Y = 74
MARGIN = 20

# Colours by the part's first path segment; anything else is drawn grey.
COLOURS = {
    "core": ("#fde7c8", "#b8741a"),
    "games": ("#e3f1dc", "#4b8a2e"),
    "bots": ("#e4e8f7", "#4a5fa8"),
    "rl": ("#f3e2f1", "#8e3f87"),
    "server": ("#dff0f2", "#2d7d89"),
    "web": ("#f1f1f1", "#777777"),
}
DEFAULT_COLOUR = ("#f4f1ec", "#6b5e4f")


@dataclass
class Graph:
    """The parts (with whether each is Python) and the arrows between them."""

    parts: dict[str, bool] = field(default_factory=dict)  # part -> is a Python part
    imports: set[tuple[str, str]] = field(default_factory=set)
    late: set[tuple[str, str]] = field(default_factory=set)  # imported inside functions only
    paths: set[tuple[str, str]] = field(default_factory=set)  # reached by path, not imported


def module_name(path: Path, root: Path) -> str:
    """The dotted name of a module file under ``root`` (``meeple/core/game.py`` -> ``meeple.core.game``)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def split_packages(package_dir: Path) -> dict[str, set[str]]:
    """The top-level packages that have packages of their own, with those (``games``: its games)."""
    split: dict[str, set[str]] = {}
    for child in sorted(package_dir.iterdir()):
        if (child / "__init__.py").is_file():
            subs = {g.name for g in child.iterdir() if (g / "__init__.py").is_file()}
            if subs:
                split[child.name] = subs
    return split


def part_of(module: str, split: dict[str, set[str]]) -> str | None:
    """The part a dotted module name belongs to, or None outside the package.

    >>> split = {"games": {"bison"}, "server": {"store"}}
    >>> part_of("meeple.games.bison.rules", split)
    'games/bison'
    >>> part_of("meeple.games", split)
    'games'
    >>> part_of("meeple.server.app", split)
    'server'
    >>> part_of("meeple.core.game", split)
    'core'
    >>> part_of("meeple", split)
    'meeple'
    """
    names = module.split(".")
    if names[0] != PACKAGE:
        return None
    if len(names) == 1:
        return PACKAGE
    if len(names) > 2 and names[2] in split.get(names[1], set()):
        return f"{names[1]}/{names[2]}"
    return names[1]


def imported_modules(tree: ast.Module, module: str, is_package: bool) -> Iterator[tuple[str, bool]]:
    """Every module name an ``import`` or ``from ... import`` in ``tree`` names, and whether
    only a function (or an ``if __name__ == "__main__":`` block) imports it: ``True`` for a
    late import, made when the function runs, not when the module is loaded.

    ``from meeple.games import bison`` yields ``meeple.games.bison`` as well as
    ``meeple.games``: the name imported may be a module.
    """

    def walk(node: ast.AST, late: bool) -> Iterator[tuple[ast.AST, bool]]:
        for child in ast.iter_child_nodes(node):
            yield child, late
            inner = late or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            yield from walk(child, inner or is_main_block(child))

    for node, late in walk(tree, False):
        if isinstance(node, ast.Import):
            yield from ((alias.name, late) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                # A package's own __init__ is its module; a module's relatives are its package's.
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            yield target, late
            yield from ((f"{target}.{alias.name}", late) for alias in node.names)


def is_main_block(node: ast.AST) -> bool:
    """Whether ``node`` is ``if __name__ == "__main__":``, which runs only as a script."""
    return (
        isinstance(node, ast.If)
        and isinstance(node.test, ast.Compare)
        and isinstance(node.test.left, ast.Name)
        and node.test.left.id == "__name__"
        and any(
            isinstance(c, ast.Constant) and c.value == "__main__" for c in node.test.comparators
        )
    )


def path_joins(tree: ast.Module) -> Iterator[str]:
    """The strings joined onto a path with ``/`` (``Path(...) / "web"``)."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Div)
            and isinstance(node.right, ast.Constant)
            and isinstance(node.right.value, str)
        ):
            yield node.right.value


def python_files(package_dir: Path) -> list[Path]:
    """The package's modules, in a fixed order."""
    return sorted(p for p in package_dir.rglob("*.py") if "__pycache__" not in p.parts)


def build(root: Path = ROOT) -> Graph:
    """Read every module of the package under ``root`` and return its parts and arrows."""
    package_dir = root / PACKAGE
    split = split_packages(package_dir)
    graph = Graph()
    modules = {module_name(p, root) for p in python_files(package_dir)}

    for child in package_dir.iterdir():  # folders of static files: parts too
        if child.is_dir() and child.name != "__pycache__" and not any(child.rglob("*.py")):
            graph.parts[child.name] = False

    for path in python_files(package_dir):
        module = module_name(path, root)
        source = part_of(module, split)
        assert source is not None
        graph.parts.setdefault(source, True)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name, late in imported_modules(tree, module, path.name == "__init__.py"):
            if name not in modules:
                continue  # a name imported from a module, not a module; or outside the package
            target = part_of(name, split)
            if target is not None and target != source:
                (graph.late if late else graph.imports).add((source, target))
        folder = path.parent
        for name in path_joins(tree):
            for base in (folder, folder.parent):
                reached = base / name
                if reached.is_dir() and package_dir in reached.parents:
                    target = part_of(module_name(reached / "__init__.py", root), split)
                    if target is not None and target != source:
                        graph.parts.setdefault(target, (reached / "__init__.py").is_file())
                        graph.paths.add((source, target))
    graph.paths -= graph.imports
    graph.late -= graph.imports | graph.paths
    return graph


def layers(graph: Graph) -> dict[str, int]:
    """Each part's row: 0 for a part that imports no other part, else one above its highest.

    Late imports (inside functions) do not lift a part: ``core`` reaches the registry above
    it that way. Parts that import each other at load time (a cycle) share a row.
    """
    edges: dict[str, list[str]] = {part: [] for part in graph.parts}
    for source, target in sorted(graph.imports | graph.paths):
        edges[source].append(target)
    component = strongly_connected(edges)
    members: dict[int, list[str]] = {}
    for part, c in component.items():
        members.setdefault(c, []).append(part)
    rows: dict[int, int] = {}

    def visit(c: int) -> int:
        if c not in rows:
            below = {component[t] for p in members[c] for t in edges[p]} - {c}
            rows[c] = 1 + max((visit(b) for b in sorted(below)), default=-1)
        return rows[c]

    return {part: visit(component[part]) for part in sorted(graph.parts)}


def strongly_connected(edges: dict[str, list[str]]) -> dict[str, int]:
    """Tarjan's strongly connected components: each node's component number."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    component: dict[str, int] = {}

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges[node]:
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            number = len(set(component.values()))
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component[member] = number
                if member == node:
                    break

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return component


def order_rows(graph: Graph, row: dict[str, int]) -> list[list[str]]:
    """Parts by row, bottom first, each row ordered to keep arrows short (barycentres)."""
    count = max(row.values()) + 1
    rows: list[list[str]] = [sorted(p for p in graph.parts if row[p] == r) for r in range(count)]
    links = sorted(graph.imports | graph.paths | graph.late)
    neighbours: dict[str, list[str]] = {part: [] for part in graph.parts}
    for source, target in links:
        neighbours[source].append(target)
        neighbours[target].append(source)

    def place(rows: list[list[str]]) -> dict[str, float]:
        where: dict[str, float] = {}
        for r in rows:
            for i, part in enumerate(r):
                where[part] = i - (len(r) - 1) / 2
        return where

    for sweep in range(8):
        where = place(rows)
        order = range(count) if sweep % 2 == 0 else range(count - 1, -1, -1)
        for r in order:

            def centre(part: str, where: dict[str, float] = where) -> tuple[float, str]:
                near = [where[n] for n in neighbours[part]]
                return (sum(near) / len(near) if near else where[part], part)

            rows[r] = sorted(rows[r], key=centre)
            where = place(rows)
    return rows


@dataclass(frozen=True)
class Box:
    """Where a part is drawn."""

    x: float
    y: float
    width: float

    @property
    def centre(self) -> float:
        """The box's horizontal centre."""
        return self.x + self.width / 2


def svg(graph: Graph, package_dir: Path | None = None) -> str:
    """The picture as SVG text."""
    package_dir = package_dir or ROOT / PACKAGE
    row = layers(graph)
    rows = order_rows(graph, row)
    texts = {part: display(part, python, package_dir) for part, python in graph.parts.items()}
    widths = {part: len(text) * CHAR_WIDTH + 2 * NODE_PAD for part, text in texts.items()}
    row_widths = [sum(widths[p] for p in r) + GAP_X * (len(r) - 1) for r in rows]
    width = max(*row_widths, 90 * 11 * 0.62) + 2 * MARGIN  # the notes' width at least
    height = len(rows) * NODE_HEIGHT + (len(rows) - 1) * GAP_Y + 2 * MARGIN + 40
    boxes: dict[str, Box] = {}
    for r, parts in enumerate(rows):
        y = MARGIN + (len(rows) - 1 - r) * (NODE_HEIGHT + GAP_Y)
        x = (width - row_widths[r]) / 2
        for part in parts:
            boxes[part] = Box(x, y, widths[part])
            x += widths[part] + GAP_X

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" font-family="DejaVu Sans Mono, Menlo, '
        f'Consolas, monospace" font-size="{FONT_SIZE}" role="img" '
        f'aria-label="The parts of the meeple package and what each imports">',
        "<title>The parts of the meeple package and what each imports "
        "(tools/import_graph.py)</title>",
        "<defs>",
        '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse">'
        '<path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker>',
        "</defs>",
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>',
    ]
    for kind, links in (("import", graph.imports), ("path", graph.paths), ("late", graph.late)):
        for source, target in sorted(links):
            out.append(arrow(boxes[source], boxes[target], row[source] <= row[target], kind))
    for part in sorted(graph.parts):
        fill, stroke = COLOURS.get(part.split("/")[0], DEFAULT_COLOUR)
        if not graph.parts[part]:
            fill, stroke = COLOURS["web"]
        box = boxes[part]
        out.append(
            f'<rect x="{box.x:.1f}" y="{box.y:.1f}" width="{box.width:.1f}" '
            f'height="{NODE_HEIGHT}" rx="6" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
        )
        out.append(
            f'<text x="{box.centre:.1f}" y="{box.y + NODE_HEIGHT / 2 + FONT_SIZE * 0.36:.1f}" '
            f'text-anchor="middle" fill="#222">{escape(texts[part])}</text>'
        )
    notes = (
        "Solid arrow: the part imports the other when it is loaded. Dotted: only inside functions.",
        "Dashed: reaches the folder by path. Drawn from the code by tools/import_graph.py.",
    )
    for i, note in enumerate(notes):
        out.append(
            f'<text x="{MARGIN}" y="{height - MARGIN - 14 + 15 * i:.1f}" font-size="11" '
            f'fill="#555">{escape(note)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def display(part: str, python: bool, package_dir: Path) -> str:
    """A part's label: ``cli.py`` for a module, ``core/`` for a package or folder."""
    if part == PACKAGE:
        return f"{PACKAGE}/__init__.py"
    if (package_dir / f"{part}.py").is_file():
        return f"{part}.py"
    if python and "/" not in part and (package_dir / part / "__init__.py").is_file():
        # A split package's own modules (games/__init__.py: the registry) or a whole package.
        return f"{part}/"
    return f"{part}/"


def arrow(source: Box, target: Box, upward: bool, kind: str) -> str:
    """An arrow from a part's box to the box of a part it imports (below it, usually)."""
    if upward:  # against the rows (a cycle, or a part on the same row): side to side
        x1, y1 = source.centre, source.y
        x2, y2 = target.centre, target.y + NODE_HEIGHT
        if source.y == target.y:
            y1 = y2 = source.y
            lift = GAP_Y * 0.5
            path = f"M{x1:.1f},{y1:.1f} C{x1:.1f},{y1 - lift:.1f} {x2:.1f},{y2 - lift:.1f} {x2:.1f},{y2:.1f}"
        else:
            bend = (y1 - y2) / 2
            path = f"M{x1:.1f},{y1:.1f} C{x1:.1f},{y1 - bend:.1f} {x2:.1f},{y2 + bend:.1f} {x2:.1f},{y2:.1f}"
    else:
        x1, y1 = source.centre, source.y + NODE_HEIGHT
        x2, y2 = target.centre, target.y
        bend = min((y2 - y1) / 2, GAP_Y)
        path = f"M{x1:.1f},{y1:.1f} C{x1:.1f},{y1 + bend:.1f} {x2:.1f},{y2 - bend:.1f} {x2:.1f},{y2:.1f}"
    dash = {"import": "", "path": ' stroke-dasharray="6 4"', "late": ' stroke-dasharray="1.5 3"'}[
        kind
    ]
    return (
        f'<path d="{path}" fill="none" stroke="#555" stroke-opacity="0.55" stroke-width="1.2"'
        f'{dash} marker-end="url(#arrow)"/>'
    )


def edges_text(graph: Graph) -> Iterable[str]:
    """The arrows as text lines, for ``--list``."""
    for source, target in sorted(graph.imports):
        yield f"{source} -> {target}"
    for source, target in sorted(graph.late):
        yield f"{source} -> {target} (inside functions)"
    for source, target in sorted(graph.paths):
        yield f"{source} -> {target} (by path)"


def main(argv: list[str] | None = None) -> int:
    """Write the picture, or check it (``--check``), or list the arrows (``--list``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    parser.add_argument("--list", action="store_true", help="print the arrows as text")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    graph = build()
    if args.list:
        print("\n".join(edges_text(graph)))
        return 0
    text = svg(graph)
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.is_file() else ""
        if current != text:
            print(f"{args.output} is stale: run python tools/import_graph.py", file=sys.stderr)
            return 1
        return 0
    args.output.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
