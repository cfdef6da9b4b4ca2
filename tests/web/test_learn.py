"""Learn to play (issue 36): each game's tutorial and each add-on lesson runs to its end in the
browser, on the real board, in English and in Japanese — a run each, some on a phone — with no
error in the console, a wrong move refused with the step's sentence, no raw text key, no
English on a Japanese page, and no serious accessibility finding (axe). The first run of a lesson shows the opponents' moves at a person's pace, with axe on every
step; the second, in the other language, at the quicker pace a person may choose (learn.js
follows it), with axe on its first step and at the end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from meeple import GAMES
from meeple.tutorial import addons
from tests.web.conftest import _OWN_POINT, screenshot
from tests.web.test_accessibility import serious
from tests.web.test_japanese import ALLOWED, english

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "touch": True, "mobile": True}
EN = {"locale": "en-US"}
JA = {"locale": "ja-JP"}
# Each lesson twice: in one language at a person's pace, then in the other at the quicker one;
# a mix of phones and desktops. An add-on lesson is "<game>/<name>" (a variant's).
RUNS = [
    ("cheese", {**EN, "pace": "normal"}),
    ("cheese", {**JA, "pace": "fast"}),
    ("buffet", {**JA, "pace": "normal"}),
    ("buffet", {**EN, **PHONE, "pace": "fast"}),
    ("stirfry", {**EN, **PHONE, "pace": "normal"}),
    ("stirfry", {**JA, "pace": "fast"}),
    ("bison", {**EN, "pace": "normal"}),
    ("bison", {**JA, "pace": "fast"}),
    ("cafe", {**JA, "pace": "normal"}),
    ("cafe", {**EN, **PHONE, "pace": "fast"}),
    ("cafe/coffee_circle", {**EN, "pace": "normal"}),
    ("cafe/coffee_circle", {**JA, **PHONE, "pace": "fast"}),
    ("bison/advanced", {**EN, "pace": "normal"}),
    ("bison/advanced", {**JA, **PHONE, "pace": "fast"}),
    ("stirfry/tofu", {**EN, **PHONE, "pace": "normal"}),
    ("stirfry/tofu", {**JA, "pace": "fast"}),
    ("stirfry/empty_pantry", {**JA, "pace": "normal"}),
    ("stirfry/empty_pantry", {**EN, **PHONE, "pace": "fast"}),
    ("stirfry/meticulous_chef", {**EN, "pace": "normal"}),
    ("stirfry/meticulous_chef", {**JA, **PHONE, "pace": "fast"}),
    ("stirfry/closing_time", {**JA, **PHONE, "pace": "normal"}),
    ("stirfry/closing_time", {**EN, "pace": "fast"}),
]
WAIT = 90_000  # ms: a step waits for the scripted opponents' moves, shown at a reading pace

# Marks the visible legal element whose action is `want` (keys in any order) or, with `other`,
# one whose action is anything else; returns whether one was found.
_MARK = """([want, other]) => {
  const canon = (v) => Array.isArray(v) ? `[${v.map(canon).join(",")}]`
    : v && typeof v === "object" ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(",")}}`
    : JSON.stringify(v);
  for (const el of document.querySelectorAll("[data-learn-target]")) el.removeAttribute("data-learn-target");
  const found = [...document.querySelectorAll("#app .legal[data-action]")].find((el) => {
    if (!el.getClientRects().length || el.closest("[hidden]")) return false;
    const same = canon(JSON.parse(el.dataset.action)) === canon(want);
    return other ? !same : same;
  });
  if (found) found.setAttribute("data-learn-target", "");
  return Boolean(found);
}"""


def click_action(page: Page, action: dict[str, Any], other: bool = False) -> bool:
    """Click (as a person does: on the element itself) the board's element for ``action``, or
    with ``other`` one for another action; False when there is none."""
    if not page.evaluate(_MARK, [action, other]):
        return False
    point = page.locator("[data-learn-target]").evaluate(_OWN_POINT)
    if point is None and other:  # another move, but out of reach (covered): not this step
        return False
    assert point is not None, f"nothing of {action} can be clicked"
    page.mouse.click(point["x"], point["y"])
    return True


def prepare(page: Page, selectors: list[str]) -> None:
    """Click what a step has the learner choose before the move (cards picked in a hand), each
    unless it is chosen already."""
    for selector in selectors:
        element = page.locator(selector)
        if element.get_attribute("aria-pressed") != "true":
            element.click()


# Where a step's panel is, on the screen: its top, the bottom of the table's header (sticky on
# a phone), the height of the screen, and whether the panel scrolls inside itself.
_PLACE = """() => {
  const panel = document.querySelector("#learn-panel");
  const head = document.querySelector(".table-head").getBoundingClientRect();
  return { top: panel.getBoundingClientRect().top, head: head.bottom, screen: innerHeight,
           scrolls: panel.scrollHeight > panel.clientHeight + 1 };
}"""


def panel_in_sight(page: Page, where: str) -> None:
    """A new step's text is on the screen whole: its top below the header, never a box that
    scrolls by itself."""
    place = page.evaluate(_PLACE)
    assert not place["scrolls"], f"{where}: the panel scrolls inside itself"
    assert place["head"] - 1 <= place["top"] < place["screen"], f"{where}: {place}"


def no_english(page: Page, where: str) -> None:
    """On a Japanese page: no English word in sight nor in a tip (test_japanese's checker)."""
    if page.evaluate("document.documentElement.lang") == "ja":
        assert english(page, where, ALLOWED) == []


def run_lesson(page: Page, game: str, shots: str = "", every_step: bool = True) -> None:
    """Play a tutorial (``cafe``, or an add-on lesson: ``cafe/coffee_circle``) to its end as
    the learner: each step's move, a wrong move once; axe on every step, or with
    ``every_step=False`` on the first one only, and at the end. With ``shots``, a screenshot of
    each step, named ``<shots>-<step>``."""
    name, _, addon = game.partition("/")
    query = f"?addon={addon}" if addon else ""
    lesson = page.request.get(f"/api/learn/{name}{query}").json()
    page.goto(f"/#/learn/{game}")
    panel = page.locator("#learn-panel")
    refused_once = False
    for i, step in enumerate(lesson["steps"]):
        expect(page.locator(f"#learn-panel[data-step='{i}'][data-ready='true']")).to_be_attached(
            timeout=WAIT
        )
        assert "learn." not in panel.inner_text(), f"{game} step {i}: a text is missing"
        panel_in_sight(page, f"{game} step {i}")
        if step["highlight"]:
            expect(page.locator(".learn-spot").first, step["highlight"]).to_be_attached()
        # Every step is checked (each one marks other elements, opens other tips), in the
        # lesson's first run; its second run, in the other language, checks the first step
        # and the end: axe takes 1-3 s a step on Bison's board, most of a long lesson's time.
        if every_step or i == 0:
            assert serious(page) == [], f"{game} step {i}"
        no_english(page, f"{game} step {i}")
        if shots:
            screenshot(page, f"{shots}-{i}")
        prepare(page, step["prepare"])
        if step["move"] is None:
            page.locator(".learn-next").click()
            continue
        if not refused_once and click_action(page, step["move"], other=True):
            # Another move is refused with the step's sentence, and the lesson stays put.
            expect(panel.locator(".learn-why")).to_be_visible()
            expect(panel).to_have_attribute("data-step", str(i))
            refused_once = True
            screenshot(page, f"learn-{game.replace('/', '-')}-refused")
            prepare(page, step["prepare"])
        assert click_action(page, step["move"]), f"{game} step {i}: {step['move']} not on board"
    assert refused_once, f"{game}: no step offered another move to refuse"
    # The rest is played by bots at a press, unless the last move ended the game (a meticulous
    # chef's exact hit): then the end comes at once.
    finish = f"#learn-panel[data-step='{len(lesson['steps'])}'][data-ready='true']"
    expect(page.locator(f"{finish}, #learn-panel[data-step='end']")).to_be_attached(timeout=WAIT)
    last = lesson["steps"][-1]
    if last["move"] is None or not lesson["frames"][last["frame"] + 1]["is_over"]:
        expect(page.locator(finish)).to_be_attached()
        page.locator(".learn-next").click()
    end = page.locator("#learn-panel[data-step='end']")
    expect(end).to_be_attached()
    # A renderer playing the end back step by step (Cheese, Bison) is skipped to its end.
    result = page.locator("#result")
    for _ in range(200):
        if result.is_visible():
            break
        skip = page.locator("#app .skip-playback:visible")
        if skip.count():
            skip.first.click()
        page.wait_for_timeout(100)
    expect(result).to_be_visible()
    expect(page.locator("#learn-panel .learn-play")).to_be_visible()
    # The main lesson's end offers its add-on lessons, each a link to its page.
    for other in lesson["addons"]:
        expect(
            page.locator(f"#learn-panel a.learn-addon[href='#/learn/{name}/{other}']")
        ).to_be_visible()
    assert "learn." not in panel.inner_text()
    assert serious(page) == [], f"{game} at the end"
    no_english(page, f"{game} at the end")


def _run_id(run: tuple[str, dict[str, Any]]) -> str:
    game, how = run
    return f"{game}-{how['locale'][:2]}{'-phone' if how.get('mobile') else ''}"


@pytest.mark.parametrize(("game", "how"), RUNS, ids=[_run_id(run) for run in RUNS])
def test_a_tutorial_runs_to_its_end(
    new_page: Callable[..., Page], game: str, how: dict[str, Any]
) -> None:
    page = new_page(**how)
    console: list[str] = []

    def seen(message: ConsoleMessage) -> None:
        if message.type == "error":
            console.append(message.text)

    page.on("console", seen)
    name = f"learn-{_run_id((game, how)).replace('/', '-')}"
    # The add-on lessons' steps are kept as pictures, for people to read them on both screens.
    run_lesson(page, game, shots=name if "/" in game else "", every_step=how["pace"] == "normal")
    screenshot(page, f"{name}-end")
    assert console == []


def test_every_lesson_runs_in_both_languages() -> None:
    # Each tutorial and each add-on lesson the server offers has a run in English and one in
    # Japanese above.
    lessons = [g for g in GAMES] + [f"{g}/{a}" for g in GAMES for a in addons(g)]
    runs = {(game, how["locale"][:2]) for game, how in RUNS}
    assert runs == {(lesson, lang) for lesson in lessons for lang in ("en", "ja")}


def test_the_rules_page_links_the_add_on_lessons(new_page: Callable[..., Page]) -> None:
    # Beside "Learn to play": one link per add-on lesson, named in the page's language.
    page = new_page(locale="ja-JP")
    page.goto("/#/rules/stirfry")
    links = page.locator("a.learn-addon")
    expect(links).to_have_count(4)
    hrefs = [links.nth(i).get_attribute("href") for i in range(4)]
    assert hrefs == [f"#/learn/stirfry/{name}" for name in addons("stirfry")]
    expect(links.first).to_have_text("追加レッスン：豆腐（プロモカード）")
    links.first.click()
    expect(page.locator("#learn-panel[data-step='0'][data-ready='true']")).to_be_attached()
