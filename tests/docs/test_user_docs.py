"""The users' documents stay what issue #35 made them: short enough to read, and complete
where a reader looks things up (every option of ``meeple serve`` in docs/deploy.md's table)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer

from meeple.cli import app

DOCS = Path(__file__).resolve().parents[2] / "docs"


def serve_options() -> set[str]:
    """The long option names of ``meeple serve``, as its command line knows them."""
    serve = typer.main.get_command(app).commands["serve"]  # type: ignore[attr-defined]
    names = {name for param in serve.params for name in param.opts if name.startswith("--")}
    return names - {"--help"}


def test_every_serve_option_is_in_the_deploy_table() -> None:
    text = (DOCS / "deploy.md").read_text(encoding="utf-8")
    rows = "\n".join(line for line in text.splitlines() if line.startswith("| `--"))
    documented = set(re.findall(r"`(--[a-z-]+)", rows))
    assert serve_options() - documented == set()
    assert documented - serve_options() == set(), "the table lists an option serve lacks"


@pytest.mark.parametrize("page", ["deploy.md", "rl.md"])
def test_a_users_guide_stays_short(page: str) -> None:
    # Issue #35: "docs/deploy.md and docs/rl.md each fit in ~250 lines"; history goes to
    # CHANGELOG.md. A little room over 250, not a second notebook.
    lines = (DOCS / page).read_text(encoding="utf-8").count("\n")
    assert lines <= 265, f"{page}: {lines} lines"
