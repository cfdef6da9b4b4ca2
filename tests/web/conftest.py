"""Browser tests: a real ``meeple serve`` and Debian's chromium driven by Playwright.

Fixtures:
- ``server_url``: the address of a server started for the session (SQLite in a temporary
  folder, bots without delay, a short grace time);
- ``browser``: headless chromium from ``/usr/bin/chromium`` (never a downloaded browser);
- ``new_page(locale="en-US", viewport=None, touch=False, pace="off")``: a page in a fresh
  context (its own cookies), with a touch screen if asked, showing others' moves at once unless
  ``pace`` says otherwise; a JavaScript error or a breach of the server's
  Content-Security-Policy on it fails the test (``watch_csp(context, errors)`` does the same for
  a context made by hand); ``confirm=True`` keeps the site's default, where a move that cannot
  be taken back asks for a second click (tips.js): the whole games played here click once;
- helpers (plain functions, import them from ``tests.web.conftest``): ``sign_in(page, name)``, ``create_table(page, game, players, seats, options=None, timer=None)``,
  ``play_to_end(page, timeout=180, seed=0)``, ``screenshot(page, name)``,
  ``small_targets(page)``, ``unreachable_targets(page)`` and
  ``check_replay_on_phone(page, board, name)``.

Every test module in this folder sets ``pytestmark = pytest.mark.browser``.

Screenshots go to ``tests/web/screenshots/`` (git-ignored) for people to look at.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    expect,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError

from meeple.core.conformance import BACK_CHANCE

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = Path(__file__).parent / "screenshots"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A ``meeple serve`` subprocess on a fixed port and database, which can be stopped (even
    killed) and started again: the browser tests of reconnecting need a server that goes away."""

    def __init__(
        self, folder: Path, port: int | None = None, extra: list[str] | None = None
    ) -> None:
        """``extra``: more ``meeple serve`` options (a test's own server: mail, for one)."""
        self.folder = folder
        self.extra = list(extra or [])
        self.port = port or _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = folder / "server.log"

    def start(self, timeout: float = 60) -> None:
        """Start the server and wait until it answers (a slow machine may need many seconds)."""
        command = [
            sys.executable, "-m", "meeple", "serve", "--port", str(self.port),
            "--db", f"sqlite:///{self.folder / 'web.sqlite'}", "--bot-delay", "0",
            "--grace", "2", "--bot-workers", "0",
            # Every browser of the test session is a guest from this address, and some make
            # many tables (the limits have tests of their own: tests/server/test_limits.py).
            "--guests-per-hour", "1000000", "--bot-tables", "1000", "--open-tables", "1000",
            *self.extra,
        ]  # fmt: skip
        with self.log_path.open("a") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        end = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise AssertionError("the server stopped: " + self.log_path.read_text())
            try:
                if httpx.get(f"{self.url}/api/games").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > end:
                self.stop()
                raise AssertionError("the server did not answer: " + self.log_path.read_text())
            time.sleep(0.1)

    def stop(self, kill: bool = False) -> None:
        """Stop the server: politely, or with SIGKILL as a crash would."""
        if self.process is None:
            return
        if kill:
            self.process.kill()
        else:
            self.process.terminate()
        self.process.wait(timeout=30)
        self.process = None


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server on a free port, for the whole session."""
    server = Server(tmp_path_factory.mktemp("web"))
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless chromium. Missing chromium is a failure, not a skip: CI installs it."""
    assert CHROMIUM.exists(), "Debian's chromium is missing: `make browser` installs it"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


# Reports every Content-Security-Policy violation of the page to the console, where
# watch_csp() collects it: a client that needs more than meeple/server/api/headers.py allows (an
# inline script or style, a foreign address) fails the test that shows it.
_CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`
    + ` at ${e.sourceFile}:${e.lineNumber} (${e.sample})`);
});
"""


def watch_csp(context: BrowserContext, errors: list[str]) -> None:
    """Add to ``errors`` every Content-Security-Policy violation on the context's pages: the
    page's own ``securitypolicyviolation`` events and chromium's console messages about them."""
    context.add_init_script(_CSP_LISTENER)

    def seen(message: ConsoleMessage) -> None:
        text = message.text
        if text.startswith("CSP violation") or "Content Security Policy" in text:
            errors.append(text)

    context.on("console", seen)


@pytest.fixture
def new_page(browser: Browser, server_url: str) -> Iterator[Callable[..., Page]]:
    """Pages in fresh contexts (each its own cookies: its own player); errors on the page and
    breaches of the server's Content-Security-Policy fail the test."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def make(
        locale: str = "en-US",
        viewport: dict[str, int] | None = None,
        touch: bool = False,
        pace: str = "off",
        *,
        mobile: bool = False,
        reduced: bool = False,
        confirm: bool = False,
    ) -> Page:
        size = viewport or {"width": 1280, "height": 900}
        context = browser.new_context(
            base_url=server_url,
            locale=locale,
            viewport={"width": size["width"], "height": size["height"]},
            has_touch=touch,  # a phone: taps and fingers (page.touchscreen)
            is_mobile=mobile,  # a phone's browser: meta viewport honoured, no hover
            reduced_motion="reduce" if reduced else "no-preference",
        )
        # Others' moves at once unless a test asks for a person's pace ("normal"): bots here
        # answer without delay, and a whole game shown one move at a time would take minutes.
        context.add_init_script(f"localStorage.setItem('meeple.pace', {json.dumps(pace)})")
        # Moves that cannot be taken back ask for a second click (tips.js) unless a test asks
        # for it: the whole games played here click each target once.
        setting = "on" if confirm else "off"
        context.add_init_script(f"localStorage.setItem('meeple.confirm', {json.dumps(setting)})")
        watch_csp(context, errors)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.set_default_timeout(15_000)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors or CSP violations on the page: {errors}"


def sign_in(page: Page, name: str = "Aki") -> None:
    """Open the lobby and play as a guest called ``name`` (the header's "Sign in": nobody is
    asked for a name before seeing the lobby)."""
    page.goto("/")
    page.locator("#sign-in").click()
    page.locator("#guest-name").fill(name)
    page.locator("form.signin button[type=submit]").click()
    expect(page.locator("#who .who-name")).to_have_text(name)
    expect(page.locator("#lobby-title")).to_be_visible()


def create_table(
    page: Page,
    game: str,
    players: int,
    seats: list[str],
    options: dict[str, Any] | None = None,
    *,
    timer: int | None = None,
) -> str:
    """Create a table through the lobby's form and land on its page; returns the table id.

    ``seats`` names seats 1… (seat 0 is the creator): "human" or a bot level. ``options`` are
    game options by name (values as in ``/api/games``); ``timer`` the seconds per move (one of
    the lobby's choices: 30, 60, 120, 300).
    """
    card = page.locator(f"article.game[data-game={game}]")
    toggle = card.locator("button.new-table")
    if toggle.get_attribute("aria-expanded") != "true":  # the form may be open already
        toggle.click()
    form = card.locator("form.create")
    form.locator("select[name=players]").select_option(str(players))
    for seat, kind in enumerate(seats, start=1):
        value = "human" if kind == "human" else f"bot:{kind}"
        form.locator(f'select[data-seat="{seat}"]').select_option(value)
    for name, value in (options or {}).items():
        # The form's option values are the JavaScript String() of each choice.
        text = value if isinstance(value, str) else json.dumps(value)
        form.locator(f'select[name="option:{name}"]').select_option(text)
    if timer is not None:
        form.locator("select[name=turn_seconds]").select_option(str(timer))
    form.locator("button.create-table").click()
    page.wait_for_url("**/#/table/*")
    expect(page.locator(".table-page")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


_BACK = """[data-action='{"type":"back"}']"""
"""A legal element that sends ``back`` (``core.game.BACK``)."""


def play_to_end(page: Page, timeout: float = 180, seed: int = 0, limit: int = 5000) -> int:
    """Click a random clickable legal element until the result shows; returns the clicks."""
    rng = random.Random(seed)
    end = time.monotonic() + timeout
    clicks = 0
    result = page.locator("#result")
    while not result.is_visible():
        assert time.monotonic() < end, "the game did not end in time"
        assert clicks < limit, "too many clicks without an end"
        legal = "#app .legal[data-action]:visible:not([disabled])"
        choices = page.locator(f"{legal}:not({_BACK})")
        count = choices.count()
        if count == 0:
            # A renderer playing its scoring back step by step (Cheese's end, Bison's rounds)
            # offers a skip (class "skip-playback"); its own tests watch the playback.
            skip = page.locator("#app .skip-playback:visible")
            if skip.count():
                with contextlib.suppress(PlaywrightError):  # the playback ended under the click
                    skip.first.click(timeout=1000)
                continue
            page.wait_for_timeout(30)
            continue
        choice = choices.nth(rng.randrange(count))
        # "Back" now and then, as the conformance suite does: clicked at random among few
        # choices it would undo most decisions and stretch the game without end.
        back = page.locator(f"{legal}{_BACK}")
        if back.count() and rng.random() < BACK_CHANCE:
            choice = back.first
        try:
            point = choice.evaluate(_OWN_POINT, timeout=2000)
            if point is None:  # nothing of it can be clicked: look again
                continue
            page.mouse.click(point["x"], point["y"])
            clicks += 1
        except PlaywrightError:  # the board was redrawn under the click: look again
            continue
    return clicks


# A point where a click lands on the element itself (or inside it), scrolled into view, or null.
# Playwright clicks the centre of an element's box, which for an irregular SVG shape (a Bison
# space) may lie on a neighbour; a person clicks the shape itself, so the tests do too.
_OWN_POINT = """(el) => {
  el.scrollIntoView({block: "center", inline: "center"});
  const box = el.getBoundingClientRect();
  for (let n = 3; n <= 9; n += 2) {  // points at odd i/n, j/n: the centre first, then finer
    for (let i = 1; i < n; i += 2) {
      for (let j = 1; j < n; j += 2) {
        const x = box.left + (box.width * i) / n;
        const y = box.top + (box.height * j) / n;
        const hit = document.elementFromPoint(x, y);
        if (hit && el.contains(hit)) return {x, y};
      }
    }
  }
  return null;
}"""


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot for review."""
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# Every visible element that takes a click: legal pieces, buttons, links, form fields.
_TARGETS = """(least) => {
  const out = [];
  const sel = "#app .legal[data-action], #app button, #app a[href], #app input, #app select, #app [role=button]";
  for (const el of document.querySelectorAll(sel)) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!box.width || !box.height || style.visibility === "hidden" || el.closest("[hidden]")) continue;
    if (box.width < least || box.height < least) {
      const name = el.getAttribute("aria-label") || el.textContent.trim().slice(0, 30) || el.tagName;
      out.push(`${el.tagName.toLowerCase()}.${el.getAttribute("class") || ""} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return out;
}"""


def small_targets(page: Page, least: int = 40) -> list[str]:
    """The visible clickable elements of the page smaller than ``least`` CSS pixels in width or
    height, described ("button.legal "Pass" 38x24"); an empty list when every target is big
    enough (issue 17: 40 px on a phone)."""
    found: list[str] = page.evaluate(_TARGETS, least)
    return found


# Every lit target of the page, scrolled into view one by one: what a tap at its centre (its hit
# disc's, if it has one) hits, once the moves' animations are over.
# Targets a player cannot see now (a drawer closed, a part of a zoomed board outside its box)
# are left out; the page's scroll positions are put back afterwards.
_UNREACHABLE = """async () => {
  if (document.querySelector("#board.waiting")) return [];  // dimmed on purpose until the next state
  // Moves animate for at most 600 ms: what is checked is the board at rest.
  const still = Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  await Promise.race([still, new Promise((done) => setTimeout(done, 1500))]);
  const scrolls = new Map([[document.scrollingElement, [window.scrollX, window.scrollY]]]);
  const name = (el) => (el.getAttribute("aria-label") || el.textContent.trim() || el.tagName).slice(0, 40);
  const tag = (el) => `${el.tagName.toLowerCase()}.${(el.getAttribute("class") || "").split(" ").join(".")}`;
  const inside = (x, y, box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  const out = [];
  for (const el of document.querySelectorAll("#app .legal[data-action]")) {
    if (el.disabled || el.closest("[hidden]")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") continue;
    let box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    for (let p = el.parentElement; p; p = p.parentElement) {
      if ((p.scrollTop || p.scrollLeft) && !scrolls.has(p)) scrolls.set(p, [p.scrollLeft, p.scrollTop]);
    }
    el.scrollIntoView({ block: "center", inline: "center" });
    // Where a finger goes: the middle of the target's hit disc if it has one (an irregular
    // space's box may be centred off the space), else the middle of its box.
    const disc = el.querySelector(":scope circle[class$='-hit']");
    box = (disc ?? el).getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    // Left out: a centre outside a box that clips it (an svg, a scrolled or hidden overflow).
    let clipped = x < 0 || y < 0 || x >= innerWidth || y >= innerHeight;
    for (let p = el.parentElement; p && !clipped; p = p.parentElement) {
      const o = getComputedStyle(p);
      if ((o.overflowX !== "visible" || o.overflowY !== "visible" || p.tagName === "svg") && !inside(x, y, p.getBoundingClientRect())) clipped = true;
    }
    if (clipped) continue;
    const hit = document.elementFromPoint(x, y);
    if (style.pointerEvents === "none") out.push(`${name(el)}: takes no pointer`);
    else if (!hit || !el.contains(hit)) out.push(`${name(el)} (${tag(el)}) at ${Math.round(x)},${Math.round(y)}: ${hit ? tag(hit) + " " + name(hit) : "nothing"}`);
  }
  for (const [el, [left, top]] of scrolls) {
    if (el === document.scrollingElement) window.scrollTo(left, top);
    else { el.scrollLeft = left; el.scrollTop = top; }
  }
  return out;
}"""


def unreachable_targets(page: Page) -> list[str]:
    """The lit targets of the page (``.legal[data-action]``) that a tap at their centre would
    miss: the element hit there is not the target nor inside it (an overlay, a label, a
    neighbour drawn over it). Each target is scrolled into view to be checked, and the page's
    scroll positions are restored; targets outside the box that clips them (a zoomed board) are
    left out. An empty list when every lit target can be clicked."""
    try:
        found: list[str] = page.evaluate(_UNREACHABLE)
    except PlaywrightError:  # the page changed (a new state) while it was measured
        return []
    return found


def check_replay_on_phone(page: Page, board: str, name: str) -> None:
    """The replay of the table on screen (a finished one), on a phone held upright then
    sideways (issue 37): the board
    (``board``, a selector) in the first view between the top and the bar pinned to the bottom,
    which holds the step controls and what the step did; every control 40 px or more; stepping
    forward keeps them in place. Screenshots ``<name>-upright`` and ``<name>-sideways``."""
    size = page.viewport_size
    table = page.url.split("#/table/")[1]
    page.goto(f"/#/replay/{table}")
    expect(page.locator(f".replay-page {board}")).to_be_visible()
    for width, height in ((390, 844), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        if _touch(page):
            page.locator("#forward").tap()
        else:
            page.locator("#forward").click()
        page.wait_for_timeout(400)  # the step's board drawn and fitted
        page.evaluate("window.scrollTo(0, 0)")
        boxes = page.evaluate(
            "(sels) => sels.map((s) => document.querySelector(s).getBoundingClientRect().toJSON())",
            [f".replay-page {board}", "#replay-bar", "#forward"],
        )
        drawn, bar, forward = boxes
        where = f"replay {width}x{height}"
        assert bar["bottom"] <= height + 1 and bar["top"] > height / 2, (where, bar)
        assert drawn["top"] >= 0 and drawn["bottom"] <= bar["top"] + 1, (where, drawn, bar)
        assert drawn["right"] <= width + 1, (where, drawn)
        assert bar["top"] <= forward["top"] and forward["bottom"] <= bar["bottom"], where
        expect(page.locator("#step-action")).not_to_be_empty()
        assert small_targets(page) == [], where
        screenshot(page, f"{name}-{'upright' if width < height else 'sideways'}")
    if size:
        page.set_viewport_size(size)


def _touch(page: Page) -> bool:
    """Whether the page's context has a touch screen."""
    touch: bool = page.evaluate("matchMedia('(pointer: coarse)').matches")
    return touch


def board_top(page: Page) -> float:
    """Where the board starts on the page (CSS pixels from the top of the document), to check
    that nothing moves it when the prompt or the buttons change."""
    top: float = page.evaluate(
        "() => document.querySelector('#board').getBoundingClientRect().top + window.scrollY"
    )
    return top


def end_story(page: Page, where: str = "#result") -> dict[str, Any]:
    """The end's story (``meeple/web/ending.js``) once drawn: ``reason`` (its text), ``labels``
    (the statistics' heads), and per seat ``stats`` (their numbers), ``chart`` (the score at
    the start and the end of the seat's chart, and its number of points) and ``rating`` (the
    rating change, or None), read from the page."""
    story = page.locator(f"{where} .end-story[data-ready=true]")
    expect(story).to_be_visible(timeout=30_000)
    found: dict[str, Any] = story.evaluate(
        """(box) => ({
          reason: box.querySelector(".end-reason")?.textContent ?? "",
          labels: [...box.querySelectorAll("thead th")].map((th) => th.textContent),
          seats: [...box.querySelectorAll("tbody tr")].map((tr) => {
            const chart = tr.querySelector("svg.end-chart");
            const rating = tr.querySelector(".end-rating");
            return {
              seat: Number(tr.dataset.seat),
              stats: [...tr.querySelectorAll(".end-stat")].map((td) => Number(td.dataset.value)),
              chart: chart ? [Number(chart.dataset.first), Number(chart.dataset.last), Number(chart.dataset.points)] : null,
              rating: rating && rating.dataset.change !== undefined ? Number(rating.dataset.change) : null,
            };
          }),
        })"""
    )
    return found


def seat_scores_shown(page: Page) -> dict[int, str]:
    """Each seat's score in the seats panel, as shown ("−5" with a true minus)."""
    rows: list[list[Any]] = page.evaluate(
        """() => [...document.querySelectorAll("#players li[data-seat]")]
            .map((li) => [Number(li.dataset.seat), li.querySelector(".score").textContent])"""
    )
    return {seat: text for seat, text in rows}


def check_story(
    page: Page, players: int, stats: list[str], where: str = "#result"
) -> dict[str, Any]:
    """The end's story is there and whole: a reason, the statistics ``stats`` (their heads, in
    the page's language) with a number for every player, and each player's chart ending on the
    score the seats panel shows (a replay page: the table's final scores)."""
    story = end_story(page, where)
    assert story["reason"].strip(), "no reason for the end"
    assert story["labels"][1 : 1 + len(stats)] == stats, story["labels"]
    assert sorted(s["seat"] for s in story["seats"]) == list(range(players))
    shown = seat_scores_shown(page)
    for seat in story["seats"]:
        assert len(seat["stats"]) == len(stats), seat
        assert not any(math.isnan(v) for v in seat["stats"]), seat
        _first, last, points = seat["chart"]
        assert points >= 2, seat  # a line, not a dot
        if seat["seat"] in shown:
            assert shown[seat["seat"]].replace("−", "-") == str(last), (shown, seat)
    return story


def number(text: str) -> int:
    """A number as the page shows it: a negative one with a true minus sign ("−5"), never a
    hyphen ("-5" fails)."""
    assert "-" not in text, f"a hyphen for a minus sign: {text!r}"
    return int(text.strip().replace("−", "-"))
