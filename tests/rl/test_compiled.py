"""The opt-in compiled build (``MEEPLE_COMPILE=1``: mypyc compiles ``setup.py``'s
``COMPILED``) is built into a temporary folder and behaves exactly as the pure build: the
same golden games, the same seeded games step by step (legal indices, observations, final
states, views), the same copies and pickles, the same errors for bad input, and PettingZoo's
``api_test`` on every game. ``docs/rl.md`` says what the build gains."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.rl import compiled_probe
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(compiled_probe.__file__)
GOLDENS = sorted(str(p) for p in (ROOT / "tests" / "games").glob("*/golden"))

# Left interpreted on purpose (setup.py says why): they must stay plain Python files.
INTERPRETED = [
    "meeple.core.errors",
    "meeple.core.native",
    "meeple.games.bison.heuristic",
    "meeple.games.cafe.text",
    "meeple.rl.aec",
]


def compiled_modules() -> list[str]:
    """setup.py's COMPILED as module names (setup.py runs setup() only as a script)."""
    setup = load_script(Path("setup.py"), "meeple_setup")
    return [path.removesuffix(".py").replace("/", ".") for path in setup.COMPILED]


def build(into: Path) -> Path:
    """The package compiled in place in a copy of the sources: the folder to import it from.
    Everything the build writes (C files, objects) stays in ``into``."""
    src = into / "src"
    shutil.copytree(
        ROOT / "meeple", src / "meeple", ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    env = {**os.environ, "MEEPLE_COMPILE": "1"}
    done = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace", "--parallel", "2"],
        cwd=src,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"the compiled build failed:\n{done.stdout}\n{done.stderr}"
    return src


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_the_compiled_build_behaves_as_the_pure_one(tmp_path: Path) -> None:
    modules = compiled_modules()
    assert "meeple.core.game" in modules and "meeple.games.bison.rules" in modules
    started = time.perf_counter()
    src = build(tmp_path)
    built = time.perf_counter() - started
    request = json.dumps({"modules": modules + INTERPRETED, "goldens": GOLDENS})
    ran = subprocess.run(
        [sys.executable, str(PROBE), request],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(src)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, f"the probe failed on the compiled build:\n{ran.stderr}"
    compiled = json.loads(ran.stdout)
    pure = json.loads(json.dumps(compiled_probe.probe(modules + INTERPRETED, GOLDENS)))

    # The compiled build imports its extension modules, the pure one its sources.
    for module in modules:
        where = Path(compiled["files"][module])
        assert where.is_relative_to(src) and where.suffix == ".so", (module, where)
        assert pure["files"][module].endswith(".py"), module
    for module in INTERPRETED:
        where = Path(compiled["files"][module])
        assert where.is_relative_to(src) and where.suffix == ".py", (module, where)

    assert len(compiled["goldens"]) >= 20 and compiled["goldens"] == pure["goldens"]
    assert len(compiled["api_tests"]) == 10 and compiled["api_tests"] == pure["api_tests"]
    # Compared as JSON text: 1 and 1.0 (or True) differ there.
    for part in ("playouts", "copies", "bad_input"):
        assert compiled[part].keys() == pure[part].keys(), part
        for key in pure[part]:
            got = json.dumps(compiled[part][key], sort_keys=True)
            want = json.dumps(pure[part][key], sort_keys=True)
            assert got == want, f"{part} {key}: the compiled build differs"
    assert any(v[0] == "BadOptions" for v in pure["bad_input"].values())
    assert any(v[0] == "IllegalAction" for v in pure["bad_input"].values())
    print(f"compiled build: {built:.0f} s")
