"""No English left on a Japanese page (issue 36): every page of the site in Japanese — the lobby,
a table of each game in play (its drawers beside the board on a desktop, the Rules drawer open)
and at its end (but Bison's, for time), a replay, the coach's review of a game, my games, friends, settings, a leaderboard, a
profile, a rules page and a tutorial — shows no English word, neither in its visible text nor in
any tooltip (``data-tip``, ``title``, ``aria-label``, an SVG ``<title>``)."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.web.conftest import _OWN_POINT, create_table, play_to_end, screenshot, sign_in

pytestmark = pytest.mark.browser

GAMES = {"buffet": 3, "bison": 2, "cafe": 2, "stirfry": 2, "cheese": 3}
# The games played to their end here. Bison's whole game takes ~45 s of random clicks, half the
# test's time: its end was read in Japanese once this way (nothing English) and is left out.
ENDS = ("buffet", "cafe", "stirfry", "cheese")
NAME = "Aki"  # the player's own name, chosen here
# Latin words that are no English: the site's name, the player's, a unit, and the language
# menu's "English" (each language named in itself). Bots' names are taken from the page.
ALLOWED = {"meeple", NAME.lower(), "px", "english"}
# Proper names written in Latin letters in Japanese too: a game's original title (beside its
# Japanese one) and the publishers in the rules' credits.
PROPER = ("Schlacht am Buffet", "Kosmos", "Yanaguana Games", "OKAZU brand")
WORD = re.compile(r"[A-Za-z]{3,}")

# The page's visible text and every tooltip text, one string each, with where it is.
_TEXTS = """() => {
  const out = [["text", document.body.innerText]];
  for (const el of document.querySelectorAll("[data-tip], [title], [aria-label], [placeholder], img[alt]")) {
    for (const attr of ["data-tip", "title", "aria-label", "placeholder", "alt"]) {
      const value = el.getAttribute(attr);
      if (value) out.push([`${el.tagName.toLowerCase()}.${el.className.baseVal ?? el.className}[${attr}]`, value]);
    }
  }
  for (const title of document.querySelectorAll("svg title")) {
    out.push([`svg title in ${title.parentElement.tagName.toLowerCase()}`, title.textContent]);
  }
  return out;
}"""


def english(page: Page, where: str, allowed: set[str]) -> list[str]:
    """The English words on the page now, each with its place."""
    found = []
    for place, shown in page.evaluate(_TEXTS):
        text = functools.reduce(lambda t, name: t.replace(name, " "), PROPER, shown)
        for match in WORD.finditer(text):
            if match.group().lower() not in allowed:
                around = text[max(0, match.start() - 30) : match.end() + 30]
                found.append(f"{where} {place}: {match.group()!r} in {around!r}")
    return found


def bot_names(page: Page) -> set[str]:
    """The Latin words of the names of the table's players (bots are named by the server)."""
    names = page.locator(".seat-name, .seats-col .name").all_inner_texts()
    return {w.lower() for name in names for w in WORD.findall(name)}


def player_names(page: Page) -> set[str]:
    """The Latin words of every player's name in the lobby's lists: people's names (of other
    tests, on the same server) are theirs, not the page's text."""
    words: set[str] = set()
    for status in ("open", "running", "finished"):
        answer = page.request.get(f"/api/tables?status={status}").json()
        for table in answer["tables"]:
            for seat in table["seats"]:
                named = [seat.get("name"), (seat.get("player") or {}).get("name")]
                words |= {w.lower() for name in named for w in WORD.findall(name or "")}
    return words


def a_few_moves(page: Page, moves: int, seed: int) -> None:
    """Click a few random legal elements, so that the log and the strip have something."""
    rng = random.Random(seed)
    done = 0
    for _ in range(200):
        if done >= moves:
            return
        choices = page.locator("#app .legal[data-action]:visible:not([disabled])")
        count = choices.count()
        if not count:
            page.wait_for_timeout(50)
            continue
        try:
            point = choices.nth(rng.randrange(count)).evaluate(_OWN_POINT, timeout=2000)
        except PlaywrightError:  # redrawn under us: look again
            continue
        if point is not None:
            page.mouse.click(point["x"], point["y"])
            done += 1


def test_no_english_on_any_japanese_page(new_page: Callable[..., Page]) -> None:
    page = new_page(locale="ja-JP")
    sign_in(page, NAME)
    allowed = set(ALLOWED) | player_names(page)
    found = english(page, "lobby", allowed)
    page.locator("article.game[data-game=cafe] button.new-table").click()
    expect(page.locator("form.create")).to_be_visible()
    found += english(page, "lobby with the form", allowed)
    tables = {}
    for game, players in GAMES.items():
        page.goto("/")
        tables[game] = create_table(page, game, players, ["random"] * (players - 1))
        expect(page.locator("#app .legal[data-action]").first).to_be_visible()
        allowed |= bot_names(page)
        a_few_moves(page, 4, seed=len(game))
        # The board is drawn and explained: its tips are among the texts read.
        expect(page.locator("#app [data-tip]").first).to_be_attached()
        found += english(page, f"{game} table", allowed)
        screenshot(page, f"japanese-{game}")
        page.locator("#rules-button").click()
        expect(page.locator("#rules-drawer h1, #rules-drawer h2").first).to_be_visible()
        found += english(page, f"{game} table with its rules", allowed)
        page.locator("#rules-button").click()
        # Its end: the result, the end's story and every scoring in words.
        if game in ENDS:
            play_to_end(page, seed=3)
            found += english(page, f"{game} at its end", allowed)
    page.goto(f"/#/replay/{tables['cheese']}")
    expect(page.locator("#step")).to_be_visible()
    page.locator("#forward").click()
    found += english(page, "replay", allowed)
    # The coach's review of a game played to its end (meeple/web/review.js).
    page.goto(f"/#/review/{tables['buffet']}")
    summary = page.locator("#review-summary")
    expect(summary).to_have_text(re.compile(r"^判断 \d+ 回のうち"), timeout=30_000)
    found += english(page, "review", allowed)
    page.goto("/")
    expect(page.locator("#lobby-title")).to_be_visible()
    found += english(page, "lobby after the games", allowed | player_names(page))
    me = page.request.get("/api/me").json()["player"]
    for route, ready in [
        ("#/me", "h1, h2"),
        ("#/friends", "h1, h2"),
        ("#/settings", "h1, h2"),
        ("#/leaderboard/cheese", "h1, h2"),
        (f"#/player/{me['id']}", "h1, h2"),
        ("#/rules/bison", ".rules-page h1, .rules-page h2"),
        ("#/learn/buffet", "#learn-panel[data-ready='true']"),
    ]:
        page.goto(f"/{route}")
        expect(page.locator(ready).first).to_be_visible()
        found += english(page, route, allowed)
    assert found == [], "\n".join(found)
