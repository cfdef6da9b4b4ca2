"""The documentation's tools: the package picture is current, and the API reference's docstrings
read as Markdown."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str) -> ModuleType:
    """A script of ``tools/`` (not a package) loaded as a module."""
    return load_script(Path("tools") / f"{name}.py", f"_tools_{name}")


import_graph = _tool("import_graph")
docs_docstrings = _tool("docs_docstrings")


def test_the_committed_picture_is_what_the_code_gives() -> None:
    """docs/architecture-imports.svg is regenerated from the code, byte for byte; a change of
    the package's imports fails here until ``make docs`` (or the script) draws it again."""
    committed = (ROOT / "docs" / "architecture-imports.svg").read_text(encoding="utf-8")
    assert import_graph.svg(import_graph.build(ROOT)) == committed, (
        "docs/architecture-imports.svg is stale: run python tools/import_graph.py"
    )


def test_the_picture_is_the_same_on_every_run() -> None:
    assert import_graph.svg(import_graph.build(ROOT)) == import_graph.svg(import_graph.build(ROOT))


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_subpackages_become_parts_and_imports_become_arrows(tmp_path: Path) -> None:
    """A package shaped like the server after its reorganisation: each subpackage is a part,
    the package's own modules one more; relative, late and by-path references are told apart."""
    _write(
        tmp_path,
        {
            "meeple/__init__.py": "from meeple.core import game\n",
            "meeple/core/__init__.py": "",
            "meeple/core/game.py": "def load():\n    from meeple import GAMES\n",
            "meeple/server/__init__.py": "",
            "meeple/server/app.py": (
                "from pathlib import Path\n"
                "from meeple.server.api import tables\n"
                "WEB = Path(__file__).parent.parent / 'web'\n"
            ),
            "meeple/server/api/__init__.py": "",
            "meeple/server/api/tables.py": "from ..tables import live\nfrom meeple.core import game\n",
            "meeple/server/tables/__init__.py": "",
            "meeple/server/tables/live.py": "from meeple.server.store import storage\n",
            "meeple/server/store/__init__.py": "",
            "meeple/server/store/storage.py": "import json\n",
            "meeple/web/index.html": "<html></html>\n",
        },
    )
    graph = import_graph.build(tmp_path)
    assert graph.parts == {
        "meeple": True,
        "core": True,
        "server": True,
        "server/api": True,
        "server/tables": True,
        "server/store": True,
        "web": False,
    }
    assert graph.imports == {
        ("meeple", "core"),
        ("server", "server/api"),
        ("server/api", "server/tables"),
        ("server/api", "core"),
        ("server/tables", "server/store"),
    }
    assert graph.late == {("core", "meeple")}
    assert graph.paths == {("server", "web")}
    rows = import_graph.layers(graph)
    assert rows["server/store"] < rows["server/tables"] < rows["server/api"] < rows["server"]
    assert rows["core"] == 0  # a late import does not lift core above the registry
    picture = import_graph.svg(graph, tmp_path / "meeple")
    for label in ("server/api/", "server/tables/", "server/store/", "web/", "core/"):
        assert f">{label}<" in picture


def test_parts_that_import_each_other_share_a_row(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "meeple/__init__.py": "",
            "meeple/a.py": "import meeple.b\n",
            "meeple/b.py": "import meeple.a\nimport meeple.c\n",
            "meeple/c.py": "",
        },
    )
    rows = import_graph.layers(import_graph.build(tmp_path))
    assert rows["a"] == rows["b"] == rows["c"] + 1


def test_docstrings_read_as_markdown() -> None:
    text = 'Load one; raise :class:`~meeple.UnknownGame` if none.\n\n>>> load("x")\n[0.4, 0.6]\n\nMore.'
    assert docs_docstrings.markdown_of(text) == (
        "Load one; raise `meeple.UnknownGame` if none.\n\n"
        '```pycon\n>>> load("x")\n[0.4, 0.6]\n```\n\nMore.'
    )


def test_a_fenced_example_is_left_alone() -> None:
    text = "Use it:\n\n```python\n>>> x = 1\n```\n"
    assert docs_docstrings.fence_doctests(text) == text
