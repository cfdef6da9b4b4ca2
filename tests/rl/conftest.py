"""The learning libraries are part of the dev extra; without them these tests cannot run."""

import pytest

for module in ("numpy", "gymnasium", "pettingzoo", "pyspiel"):
    pytest.importorskip(module, reason="meeple[rl] is not installed (pip install -e '.[dev]')")
