"""The table page every game shares (issue 15): others' moves at a person's pace with "Show
now", the strip "since your last move", the end over the board with its scoreboard, the replay
and "play again with the same seats", and a finished table that reopens to its end."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

import meeple
from tests.web.conftest import create_table, play_to_end, screenshot, sign_in, small_targets

pytestmark = pytest.mark.browser


def _log_lines(page: Page) -> int:
    return page.locator("#log li").count()


def test_others_moves_come_one_by_one_and_show_now_catches_up(
    new_page: Callable[..., Page],
) -> None:
    page = new_page(pace="normal")
    sign_in(page)
    # Cheese: after each of Aki's cards two bots lay theirs, instantly (no bot delay here).
    create_table(page, "cheese", 3, ["random", "random"])
    skip = page.locator("#show-now")
    legal = page.locator("#app .legal[data-action]")
    # Aki lays the cards of a turn; then the bots' moves are not all drawn at once: the page
    # holds some back and says how many.
    for _ in range(10):
        if skip.is_visible():
            break
        if legal.count():
            legal.first.click()
        page.wait_for_timeout(150)
    expect(skip).to_be_visible()
    expect(skip).to_have_text(re.compile(r"Show now \(\d+ more moves?\)"))
    shown = _log_lines(page)
    page.wait_for_timeout(1100)  # one step of the pace (0.9 s) later, one more move is drawn
    assert _log_lines(page) > shown
    expect(page.locator("#since")).to_contain_text("Since your last move")
    expect(page.locator("#since li").first).to_contain_text("Aki")
    screenshot(page, "table-pace-queue")
    # "Show now" draws the newest state at once; the strip lists the bots' moves in words.
    if skip.is_visible():
        skip.click()
    expect(skip).to_be_hidden()
    expect(page.locator("#since")).to_contain_text("Bot 2")
    expect(page.locator("#since")).to_contain_text("Bot 3")
    expect(page.locator("#log li.since-line").first).to_be_visible()
    # The player's turn again: the board offers legal moves.
    expect(page.locator("#app .legal[data-action]").first).to_be_visible()


# Checks, at every change of the page, that the strip and "Show now (n more moves)" agree: while
# n moves wait, the strip says that n moves wait, and never "Nothing yet".
_AGREE = """() => {
  window.__disagree = [];
  window.__waitingSeen = 0;
  const check = () => {
    const skip = document.querySelector("#show-now");
    const strip = document.querySelector("#since");
    if (!skip || !strip || strip.hidden) return;
    const text = strip.querySelector(".since-list").innerText;
    const waiting = strip.querySelector(".since-waiting");
    if (!skip.hidden) {
      const n = skip.textContent.match(/\\d+/)[0];
      window.__waitingSeen += 1;
      if (/Nothing yet/.test(text) || !waiting || waiting.textContent.match(/\\d+/)[0] !== n)
        window.__disagree.push(`${skip.textContent} | ${text}`);
    } else if (waiting) window.__disagree.push(`no button | ${text}`);
  };
  new MutationObserver(check).observe(document.querySelector("#app"), { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["hidden"] });
}"""


def test_the_strip_and_show_now_never_disagree(new_page: Callable[..., Page]) -> None:
    """Buffet at four: Aki's card is secret (no line of its own), and three bots move at
    once: the strip says the moves wait while the button does, never "Nothing yet"."""
    page = new_page(pace="normal")
    sign_in(page)
    create_table(page, "buffet", 4, ["random", "random", "random"])
    page.evaluate(_AGREE)
    legal = page.locator(
        "#app .legal[data-action]:visible:not([disabled]):not([data-action*='\"back\"'])"
    )
    rng = random.Random(5)
    turns = 0
    while turns < 6:
        legal.first.wait_for(timeout=30_000)
        with contextlib.suppress(PlaywrightError):  # redrawn under the click
            legal.nth(rng.randrange(legal.count())).click(timeout=2000)
            turns += 1
        page.wait_for_timeout(400)
    assert page.evaluate("window.__waitingSeen") > 0, "no move ever waited"
    assert page.evaluate("window.__disagree") == []
    # The strip holds a round (four players: nine lines), its top at the start of a line.
    lines = page.locator("#since .since-list").evaluate(
        "(el) => Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight))"
    )
    assert lines == 9
    cut = page.locator("#since .since-list").evaluate(
        "(el) => [...el.children].some((li) => li.offsetTop < el.scrollTop && li.offsetTop + li.offsetHeight > el.scrollTop)"
    )
    assert not cut, "the strip's first line is cut"


def test_step_through_the_moves_since_your_last_turn(new_page: Callable[..., Page]) -> None:
    """The stepper draws the states kept since Aki's decision one by one, forward and back, marks
    the step's lines in the strip, holds new moves back, and "Back to now" returns to the live
    board with its decisions."""
    page = new_page()
    sign_in(page)
    create_table(page, "cafe", 3, ["random", "random"])
    legal = page.locator("#board .legal[data-action]:visible:not([disabled])")
    start = page.locator("#step-start")
    rng = random.Random(3)
    for _ in range(30):
        legal.first.wait_for(timeout=30_000)
        if start.is_visible():
            break
        with contextlib.suppress(PlaywrightError):
            legal.nth(rng.randrange(legal.count())).click(timeout=2000)
        page.wait_for_timeout(300)
    expect(start).to_be_visible()
    total = int(re.findall(r"\d+", start.inner_text())[0])
    assert total >= 2  # the two bots' turns at least
    live_board = page.locator("#board").inner_html()
    start.click()
    expect(page.locator("#board.stepping")).to_be_visible()
    expect(page.locator("#step-count")).to_have_text(f"Move 1 of {total}")
    expect(page.locator("#board .legal[data-action]")).to_have_count(0)  # nothing to decide there
    first = page.locator("#since li.step-now").all_inner_texts()
    assert first and all("Bot" in line for line in first), first
    page.locator("#step-forward").click()
    expect(page.locator("#step-count")).to_have_text(f"Move 2 of {total}")
    assert page.locator("#since li.step-now").all_inner_texts() != first
    page.locator("#step-back").click()
    expect(page.locator("#step-count")).to_have_text(f"Move 1 of {total}")
    assert page.locator("#since li.step-now").all_inner_texts() == first
    screenshot(page, "table-stepper")
    page.locator("#step-live").click()
    expect(page.locator("#board.stepping")).to_have_count(0)
    expect(page.locator("#since li.step-now")).to_have_count(0)
    expect(legal.first).to_be_visible()

    # The same board (the tip that may show under the pointer ties itself to its element by
    # aria-describedby: the pointer's state, not the board's).
    def drawn(html: str) -> str:
        return html.replace(' aria-describedby="tip"', "")

    assert drawn(page.locator("#board").inner_html()) == drawn(live_board)


def test_a_click_while_the_board_catches_up_draws_the_newest_state(
    new_page: Callable[..., Page],
) -> None:
    page = new_page(pace="normal")
    sign_in(page)
    create_table(page, "cheese", 3, ["random", "random"])
    legal = page.locator("#app .legal[data-action]")
    for _ in range(12):
        # Whatever is still held back, a click is never lost nor refused as stale.
        legal.first.wait_for()
        before = page.locator("#log li").count()
        legal.first.click()
        expect(page.locator("#log li")).not_to_have_count(before)
    expect(page.locator("#toasts .toast-error")).to_have_count(0)


def test_the_end_is_shown_over_the_board_with_replay_and_play_again(
    new_page: Callable[..., Page],
) -> None:
    page = new_page()
    sign_in(page)
    table_id = create_table(page, "stirfry", 2, ["random"], options={"target": 50})
    play_to_end(page)
    result = page.locator("#result")
    expect(result.locator(".winners")).to_contain_text("Winner")
    # The result sits above the board, where the eye is: its top is in the first screen.
    top = result.evaluate("(el) => el.getBoundingClientRect().top")
    board_top = page.locator("#board").evaluate("(el) => el.getBoundingClientRect().top")
    assert top < board_top
    rows = result.locator(".scoreboard tbody tr")
    expect(rows).to_have_count(2)
    expect(result.locator(".scoreboard tr.winner")).not_to_have_count(0)
    expect(page.locator("#open-replay")).to_have_attribute("href", f"#/replay/{table_id}")
    screenshot(page, "table-end")
    # Folding the result shows the final board; unfolding brings the scoreboard back.
    result.locator(".fold-result").click()
    expect(result.locator(".scoreboard")).to_have_count(0)
    result.locator(".fold-result").click()
    expect(rows).to_have_count(2)
    # A reload reopens the finished table to its end.
    page.reload()
    expect(page.locator("#result .scoreboard tbody tr")).to_have_count(2)
    expect(page.locator("#board svg, #board .card, #board *").first).to_be_visible()
    # Play again: a new table with the same game, options and seats (the same bot level).
    page.locator("#play-again").click()
    page.wait_for_url(re.compile(r".*#/table/(?!" + table_id + r")[\w-]+$"))
    expect(page.locator("#players .seat-name")).to_have_text(["Aki", "Bot 2"])
    expect(page.locator("#players .seat").nth(1)).to_contain_text("random")
    expect(page.locator("#status")).to_have_text("in play")


def test_a_spectator_sees_the_end_without_play_again(new_page: Callable[..., Page]) -> None:
    player = new_page()
    sign_in(player)
    table_id = create_table(player, "stirfry", 2, ["random"], options={"target": 50})
    play_to_end(player)
    watcher = new_page(locale="ja-JP")
    watcher.goto(f"/#/table/{table_id}")
    expect(watcher.locator("#result .scoreboard tbody tr")).to_have_count(2)
    expect(watcher.locator("#play-again")).to_have_count(0)
    expect(watcher.locator("#open-replay")).to_have_text("リプレイを見る")
    screenshot(watcher, "table-end-spectator-ja")


# Each game at a small table, in one of the two languages: both languages are covered across
# the games, and each game's own tests cover the other.
GAMES = {"buffet": ("en-US", 3), "bison": ("ja-JP", 2), "cafe": ("en-US", 2),
         "stirfry": ("ja-JP", 2), "cheese": ("en-US", 3)}  # fmt: skip


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_marks_the_others_moves_and_reopens_to_its_scoreboard(
    new_page: Callable[..., Page], game: str
) -> None:
    locale, players = GAMES[game]
    page = new_page(locale=locale)
    # Marks are not animations: with reduced motion the board still marks what changed.
    page.emulate_media(reduced_motion="reduce")
    sign_in(page)
    create_table(page, game, players, ["random"] * (players - 1))
    legal = page.locator("#app .legal[data-action]:visible:not([disabled])")
    marked = page.locator("#board .changed")
    # Play on at random (never "Back") until the others have moved since one of Aki's
    # decisions and it is Aki's turn again.
    rng = random.Random(7)
    for _ in range(80):
        legal.first.wait_for()
        if marked.count():
            break
        choices = page.locator(
            "#app .legal[data-action]:visible:not([disabled]):not([data-action*='\"back\"'])"
        )
        with contextlib.suppress(PlaywrightError):  # redrawn under the click
            choices.nth(rng.randrange(choices.count())).click(timeout=2000)
        page.wait_for_timeout(100)
    assert marked.count() > 0, f"{game}: nothing of the others' moves is marked"
    since = page.locator("#since li")
    expect(since.first).not_to_have_text(re.compile("^(Nothing yet.|まだ何もありません。)$"))
    screenshot(page, f"marked-{game}")
    table_id = page.url.rsplit("/", 1)[1]
    play_to_end(page, seed=2)
    page.goto("/")
    page.goto(f"/#/table/{table_id}")
    expect(page.locator("#result .scoreboard tbody tr")).to_have_count(players)
    expect(page.locator("#result .winners")).not_to_be_empty()
    expect(page.locator("#open-replay")).to_be_visible()
    screenshot(page, f"reopened-{game}")


@pytest.mark.parametrize("game", list(GAMES))
def test_on_a_phone_every_target_of_the_table_takes_a_finger(
    new_page: Callable[..., Page], game: str
) -> None:
    """Issue 17: on a 390×844 phone every clickable element of the table page — the board's
    pieces and the page's own buttons and links — is at least 40 px in both directions, and
    the page is no wider than the screen."""
    locale, players = GAMES[game]
    page = new_page(locale=locale, viewport={"width": 390, "height": 844}, touch=True)
    sign_in(page)
    create_table(page, game, players, ["random"] * (players - 1))
    page.locator("#app .legal[data-action]").first.wait_for()
    assert small_targets(page) == []
    wide = "document.documentElement.scrollWidth > document.documentElement.clientWidth"
    assert not page.evaluate(wide)
    screenshot(page, f"phone-{game}")


def test_the_end_story_reads_the_log_as_the_viewer_saw_it(new_page: Callable[..., Page]) -> None:
    """Unit checks of ending.js and the games' stories on made-up steps: the log rebuilt from the
    views' events as the server builds it (an extended list, a list started afresh, a "back"),
    the score series, Stir Fry's taste tests, Café's reasons."""
    page = new_page()
    page.goto("/")
    got = page.evaluate(
        """async () => {
          const i18n = await import("/i18n.js");
          await i18n.setLang("en");
          const ending = await import("/ending.js");
          const stir = await import("/games/stirfry-story.js");
          const cafe = await import("/games/cafe-story.js");
          const a = { event: "a" }, b = { event: "b" }, c = { event: "c" };
          const steps = [
            { view: { events: [a], scores: [0, 0] } },
            { view: { events: [a, b], scores: [1, 0] } },
            { view: { events: [c], scores: [1, 2] } },  // a new resolution: started afresh
            { action: { type: "back" }, view: { events: [a, b], scores: [1, 0] } },
            { view: { events: [a, b, c], scores: [3, 0] } },
          ];
          const players = [{ seat: 0, name: "Aki" }, { seat: 1, name: "Ben" }];
          const ctx = (log, view) => ({ log, view, players, seat: 0, t: i18n.t, lang: "en" });
          const tastes = [
            { event: "taste", seat: 1, chef: 0, bluff: true },   // Ben caught Aki's bluff
            { event: "taste", seat: 0, chef: 1, bluff: false },  // Aki tasted an honest Ben
            { event: "cook", seat: 1, points: 7, total: 50 },
            { event: "game_over", winners: [1] },
          ];
          const bar = [{ event: "bar", seat: 1 }, { event: "game_over", reason: "the bar is full", winners: [1] }];
          return {
            log: ending.logOf(steps).map((e) => e.event),
            series: ending.scoreSeries(steps, 2),
            tastes: stir.stats(ctx(tastes, {})).map((s) => s.values),
            reached: stir.endReason(ctx(tastes, { points: [3, 50], target: 50, turn: 9, winners: [1], options: {} })),
            bar: cafe.endReason(ctx(bar, {})),
            bag: cafe.endReason(ctx([{ event: "game_over", reason: "4 tiles left in the bag" }], {})),
            minus: i18n.t("end.rating_change", { before: 1000, after: 995, change: -5 }),
          };
        }"""
    )
    assert got["log"] == ["a", "b", "c", "c"]  # after "back", the view's events count as seen
    assert got["series"] == [[0, 1, 1, 1, 3], [0, 0, 2, 0, 0]]
    assert got["tastes"] == [[0, 1], [0, 2], [2, 0]]  # dishes, tastes won, tastes lost
    assert got["reached"] == "Ben reached the target of 50 points on turn 9, with 50."
    assert got["bar"] == "The bar filled up: Ben took its last seat."
    assert got["bag"] == "Only 4 tiles were left in the bag (4 or fewer end the game)."
    assert got["minus"] == "1000 → 995 (−5)"


# --- every scoring explained, on the board (issue #36) ----------------------------------------


def _view_after(
    game_id: str, players: int, seed: int, want: Callable[[list[dict[str, Any]]], bool]
) -> dict[str, Any]:
    """Seat 0's view right after the first move (of a seeded random game) whose events `want`
    accepts, or at the end with `want` always true: a real engine's view, as a seat receives it."""
    game = meeple.load(game_id)
    state = game.new(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        view: dict[str, Any] = state.view(0)
        if want(view["events"]) and (state.is_over or not want([])):
            return view
    raise AssertionError(f"{game_id} seed {seed}: no such move")


# Draws `view` with the game's renderer on a bare page (the game's stylesheet loaded), as the
# table draws it for seat 0, and returns the log lines of the view's events.
RENDER = """async ({game, view, lang}) => {
  const i18n = await import("/i18n.js");
  await i18n.setLang(lang);
  const mod = (await import(`/games/${game}.js`)).default;
  if (!document.querySelector(`link[href="/games/${game}.css"]`)) {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: `/games/${game}.css` });
    document.head.append(link);
    await new Promise((done) => (link.onload = done));
  }
  const players = Array.from({ length: view.players }, (_, seat) => ({ seat, name: seat ? `Bot ${seat + 1}` : "Aki" }));
  const ctx = { view, legal: [], seat: 0, toMove: view.to_move || [], players, act() {}, t: i18n.t, lang,
    over: Boolean(view.phase === "over" || (view.events || []).some((e) => e.event === "game_over")), previous: null, before: null, recent: [], animate: false,
    showScores() {}, holdResult: () => () => {}, deadline: null };
  const board = Object.assign(document.createElement("div"), { id: "board", className: "board" });
  document.querySelector("#app").replaceChildren(board);
  mod.render(board, ctx);
  await new Promise((done) => requestAnimationFrame(done));
  return (view.events || []).map((e) => mod.describeEvent(e, ctx));
}"""

# The "+N" (and its tip) of every scoring marker on the board.
MARKS = """(sel) => [...document.querySelectorAll(sel)].map((el) => ({
  ...el.dataset, text: el.textContent.trim(), tip: el.getAttribute("data-tip") || "" }))"""


def _cafe_points(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def test_every_scoring_shows_on_the_board(new_page: Callable[..., Page]) -> None:
    """Issue #36, on the board: Café's "+N" on each table a seating paid (as the seat event's
    tables say) and the turn's points beside the player, and at the end each tile left in hand
    with its cost and the final sum; Buffet's dish taken at its new owner's stack with the dish
    it covers struck through, and at the end each player's top dishes summed; Stir Fry's dish
    card by card and a taste test's outcome. Every number is compared with the engine's events
    (and the log line of the same event), on a desktop and on a phone."""
    for size, where in (({"width": 1280, "height": 800}, "desktop"), (PHONE, "phone")):
        for lang in ("en", "ja"):
            page = new_page(locale="ja-JP" if lang == "ja" else "en-US", viewport=size)
            page.goto("/")
            expect(page.locator("#lobby-title")).to_be_visible()
            _check_cafe(page, lang, where)
            _check_buffet(page, lang, where)
            _check_stirfry(page, lang, where)
            page.close()


PHONE = {"width": 390, "height": 844}


def _check_cafe(page: Page, lang: str, where: str) -> None:
    # A seating that scores at two tables at once (a chair between them), then the end.
    view = _view_after(
        "cafe",
        2,
        5,
        lambda evs: any(
            e["event"] == "seat" and sum(1 for p in e["tables"] if p["points"]) == 2 for e in evs
        ),
    )
    lines = page.evaluate(RENDER, {"game": "cafe", "view": view, "lang": lang})
    want: dict[int, int] = {}
    gains: dict[int, int] = {}
    for e, line in zip(view["events"], lines, strict=True):
        if e["event"] in ("seat", "bar"):
            gains[e["seat"]] = gains.get(e["seat"], 0) + e["points"]
        if e["event"] != "seat":
            continue
        for part in e["tables"]:
            # The log line says each table's points.
            assert f"{_cafe_points(part['points'])}" in line, line
            if part["points"]:
                want[part["table"]] = want.get(part["table"], 0) + part["points"]
    marks = page.evaluate(MARKS, "#board .cafe-score")
    assert {int(m["table"]): int(m["points"]) for m in marks} == want
    assert all(m["text"] == _cafe_points(int(m["points"])) and m["tip"] for m in marks)
    shown = page.evaluate(MARKS, "#board .cafe-gain")
    assert [int(m["points"]) for m in shown] == list(gains.values())
    screenshot(page, f"scoring-cafe-{where}-{lang}")
    end = _view_after("cafe", 2, 5, lambda evs: True)
    page.evaluate(RENDER, {"game": "cafe", "view": end, "lang": lang})
    for seat in range(2):
        final = page.locator(f'#board .cafe-player[data-seat="{seat}"] .cafe-final')
        expect(final).to_have_attribute("data-total", str(end["scores"][seat]))
        costs = page.evaluate(MARKS, f'#board .cafe-player[data-seat="{seat}"] .cafe-left')
        want_costs = (
            []
            if end["out"][seat]
            else [-10 if g.startswith("JKR") else -5 for g in end["hands"][seat]]
        )
        assert [int(c["penalty"]) for c in costs] == want_costs
        assert end["chips"][seat] + sum(want_costs) == end["scores"][seat]
    screenshot(page, f"scoring-cafe-end-{where}-{lang}")


def _check_buffet(page: Page, lang: str, where: str) -> None:
    # A turn where a mouse took a dish that covers one of its kind, then the end.
    view = _view_after(
        "buffet", 3, 4, lambda evs: any(e["event"] == "take" and e["covers"] for e in evs)
    )
    lines = page.evaluate(RENDER, {"game": "buffet", "view": view, "lang": lang})
    takes = [
        (e, line) for e, line in zip(view["events"], lines, strict=True) if e["event"] == "take"
    ]
    for e, line in takes:
        stack = f'#board .buffet-player[data-seat="{e["seat"]}"] .buffet-take[data-kind="{e["dish"]["kind"]}"]'
        gain = page.locator(f"{stack} .buffet-gain")
        expect(gain).to_have_attribute("data-points", str(e["dish"]["value"]))
        assert gain.get_attribute("data-tip").startswith(line)  # the log's own sentence
        struck = page.locator(f"{stack} .buffet-struck")
        if e["covers"]:
            expect(struck).to_have_attribute("data-covers", str(e["covers"]["value"]))
        else:
            expect(struck).to_have_count(0)
    expect(page.locator("#board .buffet-gain:not(.buffet-nothing)")).to_have_count(len(takes))
    screenshot(page, f"scoring-buffet-{where}-{lang}")
    end = _view_after("buffet", 3, 4, lambda evs: True)
    page.evaluate(RENDER, {"game": "buffet", "view": end, "lang": lang})
    for seat in range(3):
        tops = [e["top"]["value"] for e in end["stacks"][seat]]
        line = page.locator(f'#board .buffet-player[data-seat="{seat}"] .buffet-sum')
        expect(line).to_have_attribute("data-total", str(end["scores"][seat]))
        shown = line.locator(".buffet-term").evaluate_all(
            "ts => ts.map(t => Number(t.dataset.value))"
        )
        assert shown == tops and sum(tops) == end["scores"][seat]
    screenshot(page, f"scoring-buffet-end-{where}-{lang}")


def _check_stirfry(page: Page, lang: str, where: str) -> None:
    # A dish cooked: on the pile card by card, "+N" beside the chef's points.
    view = _view_after("stirfry", 2, 3, lambda evs: any(e["event"] == "cook" for e in evs))
    lines = page.evaluate(RENDER, {"game": "stirfry", "view": view, "lang": lang})
    cook, line = next(
        (e, x) for e, x in zip(view["events"], lines, strict=True) if e["event"] == "cook"
    )
    dish = page.locator("#board .sf-pile-dish")
    expect(dish).to_have_attribute("data-total", str(cook["points"]))
    parts = dish.locator(".sf-scored").evaluate_all(
        "ss => ss.map(s => [s.dataset.card, Number(s.dataset.points)])"
    )
    assert sorted(c for c, _ in parts) == sorted(cook["cards"])
    assert sum(p for _, p in parts) == cook["points"]
    # The log's line scores the same cards the same way ("noodles 1 + leek 3 + … = 9").
    assert f"= {cook['points']}" in line
    gain = page.locator(f'#board .sf-seat[data-seat="{cook["seat"]}"] .sf-gain')
    expect(gain).to_have_attribute("data-points", str(cook["points"]))
    screenshot(page, f"scoring-stirfry-{where}-{lang}")
    # A taste test, caught or honest: who lost or gained what, as its events say.
    for bluff in (True, False):
        view = _view_after(
            "stirfry",
            2,
            3,
            lambda evs, b=bluff: any(e["event"] == "taste" and e["bluff"] is b for e in evs),
        )
        page.evaluate(RENDER, {"game": "stirfry", "view": view, "lang": lang})
        events = view["events"]
        taste = next(e for e in events if e["event"] == "taste")
        outcome = page.locator("#board .sf-outcome")
        expect(outcome).to_have_attribute("data-bluff", "true" if bluff else "false")
        deltas = outcome.locator(".sf-delta").evaluate_all(
            "ds => ds.map(d => [Number(d.dataset.seat), d.dataset.kind, Number(d.dataset.value)])"
        )
        if bluff:
            assert deltas == [[taste["chef"], "draw", 0], [taste["seat"], "extra", 1]]
        else:
            want = []
            for e in events:
                if e["event"] == "penalty":
                    kind = "cards" if "cards" in e else "points"
                    want.append([e["seat"], kind, -e["cards"] if "cards" in e else e["points"]])
                if e["event"] == "draw" and e["reason"] == "declaration":
                    want.append([e["seat"], "draw", e["count"]])
            assert deltas == want
        screenshot(page, f"scoring-stirfry-taste-{'bluff' if bluff else 'honest'}-{where}-{lang}")
