"""Loading the project's scripts (``benchmarks/``, ``examples/``, ``tools/``, ``setup.py``),
which are files rather than modules of a package, so that tests can call their functions."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(path: Path, name: str | None = None) -> ModuleType:
    """The script at ``path`` (relative to the repository's root, or absolute) run once as a
    module named ``name`` (by default ``_script_`` and its file's stem). It is registered in
    :data:`sys.modules` under that name: dataclasses and pickling look a module up by it."""
    path = ROOT / path
    name = name or f"_script_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
