"""An automated accessibility audit (axe-core, through axe-playwright-python) of the lobby, each
game's table in play and at its end, a replay and a rules page (issue 15): no serious or
critical violation."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.web.conftest import create_table, play_to_end, sign_in

pytestmark = pytest.mark.browser

AXE = Axe()
_SETTLED = """() => Promise.race([
  Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => null))),
  new Promise((done) => setTimeout(done, 3000)),
])"""
GAMES = {"buffet": 3, "bison": 2, "cafe": 2, "stirfry": 2, "cheese": 3}


def serious(page: Page) -> list[str]:
    """The serious and critical violations on the page once its animations have settled, one
    line each with the elements."""
    # A mark fading in (Buffet's "+N" as the dish lands) is measured half transparent, and axe
    # would call its contrast too low: let finite animations end first (at most 3 s).
    page.evaluate(_SETTLED)
    results = AXE.run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in ("serious", "critical"):
            nodes = violation["nodes"]
            targets = [" ".join(map(str, node["target"]))[:80] for node in nodes[:4]]
            found.append(f"{violation['id']} ({violation['impact']}, {len(nodes)}×): {targets}")
    return found


def test_the_lobby_and_a_rules_page(new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto("/")
    expect(page.locator("article.game")).to_have_count(5)
    assert serious(page) == []
    sign_in(page)
    page.locator("article.game[data-game=cafe] button.new-table").click()
    expect(page.locator("form.create")).to_be_visible()
    assert serious(page) == []
    page.goto("/#/rules/bison")
    expect(page.locator(".rules-page h1, .rules-page h2").first).to_be_visible()
    assert serious(page) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_each_table_in_play_at_its_end_and_its_replay(
    new_page: Callable[..., Page], game: str
) -> None:
    page = new_page(locale="ja-JP" if game in ("cafe", "cheese") else "en-US")
    sign_in(page)
    table_id = create_table(page, game, GAMES[game], ["random"] * (GAMES[game] - 1))
    expect(page.locator("#app .legal[data-action]").first).to_be_visible()
    assert serious(page) == []
    play_to_end(page, seed=3)
    assert serious(page) == []
    page.goto(f"/#/replay/{table_id}")
    expect(page.locator("#step")).to_be_visible()
    page.locator("#forward").click()
    assert serious(page) == []
