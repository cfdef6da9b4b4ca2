"""Schlacht am Buffet in the browser: whole games played by clicking the drawn cards, at three
and six players, on a desktop (1280×800) and a phone (390×844), in English and Japanese
(issues 15 and 17)."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.web.conftest import (
    _OWN_POINT,
    board_top,
    check_replay_on_phone,
    check_story,
    create_table,
    screenshot,
    sign_in,
    unreachable_targets,
)

# Like conftest's small_targets, for the board alone: the table page's own small targets (the
# rules link, "Leave", the seat names, the chat's checkbox) are not the board's.
_BOARD_TARGETS = """(least) => {
  const out = [];
  for (const el of document.querySelectorAll("#board .legal, #board button, #board a[href], #board [role=button]")) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || el.closest("[hidden]")) continue;
    if (box.width < least || box.height < least) {
      out.push(`${el.getAttribute("aria-label") || el.tagName} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return out;
}"""


def small_board_targets(page: Page) -> list[str]:
    """The clickable elements of the board smaller than 40 CSS pixels."""
    found: list[str] = page.evaluate(_BOARD_TARGETS, 40)
    return found


pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# Every call of Element.animate on the page: what animates and for how long (the contract:
# an animation is over within 600 ms).
RECORD_ANIMATIONS = """
window.__anims = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const o = typeof options === "number" ? { duration: options } : options || {};
  window.__anims.push({ cls: String(this.getAttribute("class") || this.parentNode?.getAttribute?.("class") || ""),
                        end: (o.delay || 0) + (o.duration || 0) });
  return animate.call(this, frames, options);
};
"""

# What lies above the board, to tell why it moved (if it did).
ABOVE = """() => [".table-head", "#invite", ".seats-col", ".prompt-row", "#actions"].map((s) => {
  const e = document.querySelector(s);
  return e ? `${s} ${Math.round(e.getBoundingClientRect().height)} ${e.innerText.slice(0, 80)}` : s;
})"""
TEXTS = "els => els.map(e => e.textContent)"
PIECES = "#board .legal[data-action]:visible:not([disabled])"


def serious_violations(page: Page) -> list[str]:
    """The axe-core audit's serious and critical violations on the page now (issue 15)."""
    found = []
    for violation in Axe().run(page).response["violations"]:
        if violation["impact"] in ("serious", "critical"):
            targets = [" ".join(map(str, n["target"]))[:80] for n in violation["nodes"][:4]]
            found.append(f"{violation['id']} ({violation['impact']}): {targets}")
    return found


@dataclass
class Game:
    """What a test saw while playing."""

    clicks: int = 0
    tops: dict[int, Any] = field(default_factory=dict)  # where the board started, and why
    small: list[str] = field(default_factory=list)
    exchanged: bool = False  # the exchange was seen (the first mouse out was this player)
    middle_shot: bool = False
    audit: list[str] = field(default_factory=list)  # accessibility, in the middle of the game


def open_table(
    new_page: Callable[..., Page], players: int, viewport: dict[str, int], lang: str
) -> Page:
    page = new_page(locale="ja-JP" if lang == "ja" else "en-US", viewport=viewport)
    page.add_init_script(RECORD_ANIMATIONS)
    sign_in(page)
    if lang == "ja":
        page.locator("#lang").select_option("ja")
    create_table(page, "buffet", players, ["random"] * (players - 1))
    expect(page.locator("svg.buffet-board")).to_be_visible()
    expect(page.locator(PIECES).first).to_be_visible()
    return page


def click_piece(page: Page, rng: random.Random) -> bool:
    """Click one of the legal pieces drawn on the board (a card of the hand, the exchange's
    draw button) where a finger would: on the piece itself."""
    pieces = page.locator(PIECES)
    count = pieces.count()
    if not count:
        return False
    try:
        point = pieces.nth(rng.randrange(count)).evaluate(_OWN_POINT, timeout=2000)
    except PlaywrightError:  # redrawn under the click
        return False
    if point is None:
        return False
    page.mouse.click(point["x"], point["y"])
    return True


def play_to_the_end(page: Page, name: str, phone: bool, seed: int) -> Game:
    """Play by clicking the drawn cards until the result shows, checking on the way that no
    action is left to the table page's fallback buttons, where the board starts, and (on the
    phone) that every target is large enough. Screenshots the middle of the game."""
    rng = random.Random(seed)
    seen = Game()
    end = time.monotonic() + 240
    result = page.locator("#result")
    last_prompt = ""
    while not result.is_visible():
        assert time.monotonic() < end, "the game did not end in time"
        assert seen.clicks < 3000
        if not page.locator(PIECES).count():
            page.wait_for_timeout(30)
            continue
        # Every legal action is a drawn piece: none is left to the page's plain buttons.
        assert page.locator("#actions .legal").count() == 0
        # Every lit target takes a tap at its centre: nothing is drawn over it.
        assert unreachable_targets(page) == []
        prompt = page.locator("#prompt").inner_text()
        # Only while the game runs: at its end the result comes over the board (and the
        # header loses its "Leave" button), on purpose. A measure the end overtook is dropped.
        if prompt != last_prompt:
            top = round(board_top(page))
            above = page.evaluate(ABOVE)
            # (On a phone "Leave" is in the menu's drawer: it is there, not hidden, in play.)
            running = result.is_hidden() and page.locator("#leave:not([hidden])").count() > 0
            if running and page.locator("#prompt").inner_text() == prompt:
                seen.tops.setdefault(top, above)
            last_prompt = prompt
        if page.locator(".buffet-draw").count() and not seen.exchanged:
            seen.exchanged = True
            if phone:
                seen.small += small_board_targets(page)
            else:  # the exchange's draw button too is in the first screen of 1280×800
                page.evaluate("window.scrollTo(0, 0)")
                box = page.locator(".buffet-draw").bounding_box()
                assert box is not None and box["y"] + box["height"] <= DESKTOP["height"]
        if not seen.middle_shot and page.locator(".buffet-stack").count() >= 6:
            seen.middle_shot = True
            if phone:
                seen.small += small_board_targets(page)
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(650)  # the last move's animation is over
            screenshot(page, f"{name}-middle")
            # Mid-game, with marks, revealed cards and stacks on the page: an axe audit.
            seen.audit = serious_violations(page)
        if click_piece(page, rng):
            seen.clicks += 1
    return seen


def check_scoreboard(page: Page, players: int, kinds: list[str]) -> None:
    """The end: one row per player, the top dish of each kind adding up to the total, ranked by
    the total (ties broken by the rulebook, so equal totals may be in either order)."""
    board = page.locator("#result .scoreboard")
    expect(board).to_be_visible()
    expect(board.locator("thead")).to_contain_text(kinds[0])
    expect(board.locator("thead")).to_contain_text(kinds[-1])
    rows = board.locator("tbody tr")
    expect(rows).to_have_count(players)
    totals = []
    for i in range(players):
        cells = [c.strip() for c in rows.nth(i).locator("td").all_inner_texts()]
        rank, *parts, total = cells
        values = [0 if p == "–" else int(p.replace("−", "-")) for p in parts]
        assert len(values) == 6, cells
        assert sum(values) == int(total.replace("−", "-")), cells
        totals.append((int(rank), int(total.replace("−", "-"))))
    assert [r for r, _ in totals] == sorted(r for r, _ in totals)
    assert [t for _, t in totals] == sorted((t for _, t in totals), reverse=True)


# Each player's dishes on the final board: every kind's top dish and the ones under it.
HELD_DISHES = """() => Object.fromEntries([...document.querySelectorAll("#board .buffet-player[data-seat]")]
  .map((p) => [p.dataset.seat, [...p.querySelectorAll(".buffet-stack")]
    .reduce((n, s) => n + 1 + Number((s.querySelector(".buffet-covered")?.textContent ?? "+0").slice(1)), 0)]))"""


@pytest.mark.parametrize(
    ("players", "where", "lang"),
    [(6, "desktop", "en"), (3, "phone", "ja"), (3, "desktop", "ja"), (6, "phone", "en")],
)
def test_a_whole_game_by_clicking_the_drawn_cards(
    new_page: Callable[..., Page], players: int, where: str, lang: str
) -> None:
    phone = where == "phone"
    name = f"buffet-{players}p-{where}-{lang}"
    page = open_table(new_page, players, PHONE if phone else DESKTOP, lang)
    board = page.locator("svg.buffet-board")
    # The printed board: 40 spaces, each numbered (the start space by name).
    expect(board.locator(".buffet-space")).to_have_count(40)
    numbers = board.locator(".buffet-space-num").evaluate_all(TEXTS)
    assert numbers[1:] == [str(i) for i in range(1, 40)]
    assert numbers[0] == ("スタート" if lang == "ja" else "Start")
    # Every mouse a mouse in its seat's colour, told apart by its seat number.
    mice = board.locator(".buffet-mouse")
    expect(mice).to_have_count(players)
    assert sorted(mice.locator(".buffet-mouse-num").evaluate_all(TEXTS)) == [
        str(i) for i in range(1, players + 1)
    ]
    assert len(set(mice.evaluate_all("ms => ms.map(m => m.getAttribute('aria-label'))"))) == players
    # The buffet: one dish fewer than the players (five for three), each drawn by its kind.
    dishes = board.locator(".buffet-place .buffet-dish")
    expect(dishes).to_have_count(5 if players == 3 else players - 1)
    kinds = set(dishes.evaluate_all("ds => ds.map(d => d.classList[1])"))
    assert kinds <= {
        f"buffet-kind-{k}" for k in ("cheese", "salami", "sausage", "pizza", "chicken", "salad")
    }
    if phone:
        assert small_board_targets(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    else:
        # 1280×800: the board, the hand and every player's place without scrolling.
        page.evaluate("window.scrollTo(0, 0)")
        for part in ["svg.buffet-board", ".buffet-hand"] + [
            f'.buffet-player[data-seat="{s}"]' for s in range(players)
        ]:
            box = page.locator(part).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, part
            assert box["x"] + box["width"] <= 1280, part
        # Whatever was dealt: a hand's most different values (nine) fit on one line, so the
        # hand never wraps below the fold (a random deal of nine values once did, in CI).
        fits: bool = page.evaluate(
            """() => { const row = document.querySelector('.buffet-hand-row');
              const card = row.querySelector('.buffet-card').getBoundingClientRect().width;
              const gap = parseFloat(getComputedStyle(row).columnGap);
              return 9 * card + 8 * gap <= row.clientWidth; }"""
        )
        assert fits, "nine different cards would wrap"
    screenshot(page, f"{name}-start")
    seen = play_to_the_end(page, name, phone, seed=players)
    assert seen.clicks > 10
    # The board did not move when the prompt changed.
    assert len(seen.tops) == 1, seen.tops
    assert seen.small == []
    assert seen.audit == []
    kind_names = (
        ["チーズ", "サラミ", "ソーセージ", "ピザ", "チキン", "サラダ"]
        if lang == "ja"
        else ["Cheese", "Salami", "Sausage", "Pizza", "Chicken", "Salad"]
    )
    check_scoreboard(page, players, kind_names)
    expect(page.locator("#result .result-lines")).to_contain_text(
        "＝" if lang == "ja" else "points ="
    )
    # The end's story: the pile ran short after the last round; each player's dishes won are
    # the dishes in front of them (each kind's top dish and the ones it covers).
    labels = (
        ["獲得した料理", "手ぶらで退場"] if lang == "ja" else ["Dishes won", "Left empty-handed"]
    )
    story = check_story(page, players, labels)
    assert re.search(r"第\d+ラウンド" if lang == "ja" else r"after round \d+", story["reason"])
    held = page.evaluate(HELD_DISHES)
    assert {s["seat"]: s["stats"][0] for s in story["seats"]} == {
        int(k): v for k, v in held.items()
    }
    if phone:
        assert small_board_targets(page) == []
        # Nothing is wider than the phone (the scoreboard has a column per dish kind).
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Every animation was over within 600 ms.
    anims: list[dict[str, Any]] = page.evaluate("window.__anims")
    assert anims and max(a["end"] for a in anims) <= 600
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(650)
    screenshot(page, f"{name}-end")
    # Reopened, the finished table shows its final board and its scoreboard again: to the
    # player after a reload, and to somebody who only watches (no name, no seat).
    page.reload()
    expect(page.locator("svg.buffet-board")).to_be_visible()
    check_scoreboard(page, players, kind_names)
    watcher = new_page(
        locale="ja-JP" if lang == "ja" else "en-US", viewport=PHONE if phone else DESKTOP
    )
    watcher.goto(page.url)
    expect(watcher.locator("svg.buffet-board .buffet-mouse").first).to_be_visible()
    expect(watcher.locator(".buffet-hand")).to_have_count(0)
    check_scoreboard(watcher, players, kind_names)
    # The replay draws the same board, step by step.
    watcher.locator("#open-replay").click()
    expect(watcher.locator(".replay-page svg.buffet-board")).to_be_visible()
    watcher.keyboard.press("Home")
    expect(watcher.locator(".replay-page .buffet-mouse")).to_have_count(players)
    watcher.keyboard.press("ArrowRight")
    expect(watcher.locator(".replay-page .buffet-chosen-card")).to_have_count(1)
    # The replay tells the same story to the spectator.
    again = check_story(watcher, players, labels, where=".replay-end")
    assert again["reason"] == story["reason"]
    assert [s["stats"] for s in again["seats"]] == [s["stats"] for s in story["seats"]]
    if phone and players == 3:
        check_replay_on_phone(page, "svg.buffet-board", f"{name}-replay")


def test_the_others_moves_are_marked_and_animated(new_page: Callable[..., Page]) -> None:
    """After a card is played, what the others did (their mice, their revealed cards) is marked
    until the next decision; the mice run (within 600 ms)."""
    page = open_table(new_page, 4, DESKTOP, "en")
    expect(page.locator("#board .changed")).to_have_count(0)
    page.evaluate("window.__anims = []")
    labels = "ms => Object.fromEntries(ms.map(m => [m.dataset.seat, m.getAttribute('aria-label')]))"
    before = page.locator(".buffet-mouse").evaluate_all(labels)
    click_piece(page, random.Random(1))
    # The turn is revealed: every player's revealed card is marked, and each mouse that moved.
    expect(page.locator(".buffet-player:not(.buffet-me) .buffet-revealed.changed")).to_have_count(3)
    # (a mouse that left the round runs as a ghost, then vanishes: not one on the board)
    after = page.locator(".buffet-mouse:not(.buffet-ghost)").evaluate_all(labels)
    marked = page.locator(".buffet-mouse.changed").evaluate_all("ms => ms.map(m => m.dataset.seat)")
    assert sorted(marked) == sorted(s for s in after if before.get(s) != after[s])
    runs = page.evaluate("window.__anims")
    assert any("buffet-mouse-run" in a["cls"] for a in runs), runs
    assert max(a["end"] for a in runs) <= 600
    # The marks stay while the others play on, until this player's next decision.
    page.wait_for_timeout(650)
    screenshot(page, "buffet-marked")
    expect(page.locator(".buffet-player:not(.buffet-me) .buffet-revealed.changed")).to_have_count(3)


def test_reduced_motion_keeps_the_marks_without_animation(new_page: Callable[..., Page]) -> None:
    page = new_page(viewport=DESKTOP)
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(RECORD_ANIMATIONS)
    sign_in(page)
    create_table(page, "buffet", 4, ["random"] * 3)
    expect(page.locator(PIECES).first).to_be_visible()
    page.evaluate("window.__anims = []")
    click_piece(page, random.Random(2))
    expect(page.locator(".buffet-player:not(.buffet-me) .buffet-revealed.changed")).to_have_count(3)
    assert page.evaluate("window.__anims") == []


# The renderer's scoreboard for a made-up end, computed in the page by the module itself.
SCOREBOARD = """async (stacks) => {
  const game = (await import("/games/buffet.js")).default;
  const { t } = await import("/i18n.js");
  const view = {
    phase: "over", players: stacks.length, winners: [],
    stacks: stacks.map((s) => s.map(([kind, value, covered]) => ({ top: { kind, value }, covered }))),
    scores: stacks.map((s) => s.reduce((a, [, v]) => a + v, 0)),
  };
  const players = stacks.map((_, seat) => ({ seat, name: `P${seat + 1}` }));
  const ctx = { view, legal: [], seat: null, players, t, lang: "en", over: true };
  return { board: game.scoreboard(ctx), lines: game.describeResult(ctx) };
}"""


@pytest.mark.parametrize(
    ("stacks", "ranks", "note"),
    [
        # Level on points and on the highest dish (5): cheese ranks above pizza.
        (
            [[["pizza", 5, 0]], [["cheese", 5, 2]], [["salad", 2, 0], ["salami", 1, 0]]],
            [2, 1, 3],
            "P2 is ahead by the dish rank (cheese 5 against pizza 5)",
        ),
        # Level on points (4): the higher dish (salad 5) wins over cheese 4.
        (
            [[["cheese", 4, 0]], [["chicken", -1, 1], ["salad", 5, 0]], [["sausage", 3, 0]]],
            [2, 1, 3],
            "P2 is ahead with the higher dish (salad 5 against cheese 4)",
        ),
        # Nobody took a dish: all share the place.
        ([[], [], []], [1, 1, 1], "they share the place"),
        # No tie: no note.
        ([[["cheese", 3, 0]], [["salami", 2, 0]], [["pizza", 1, 0]]], [1, 2, 3], None),
    ],
)
def test_the_scoreboard_follows_the_rulebooks_tie_breaks(
    new_page: Callable[..., Page], stacks: list[Any], ranks: list[int], note: str | None
) -> None:
    page = new_page()
    page.goto("/")
    expect(page.locator("#lobby-title")).to_be_visible()
    out = page.evaluate(SCOREBOARD, stacks)
    board = out["board"]
    assert {r["seat"]: r["rank"] for r in board["rows"]} == dict(enumerate(ranks))
    for row in board["rows"]:
        # One part per dish kind, in the rulebook's order and capitalised as it names them: the
        # top dish's points, or "–".
        assert [p["label"] for p in row["parts"]] == [
            "Cheese", "Salami", "Sausage", "Pizza", "Chicken", "Salad",
        ]  # fmt: skip
        values = [
            0 if p["value"] == "–" else int(p["value"].replace("−", "-")) for p in row["parts"]
        ]
        assert sum(values) == row["total"]
    if note is None:
        assert board["note"] is None
    else:
        assert note in board["note"]
    # The lines give each player's points with the dishes that make them, best first.
    first = next(r for r in board["rows"] if r["rank"] == 1)
    assert out["lines"].startswith(f"1. P{first['seat'] + 1}: {first['total']} point")


# The renderer's words for three take events of one resolution, in a language set in the page.
TAKES = """async (lang) => {
  const game = (await import("/games/buffet.js")).default;
  const { t, setLang } = await import("/i18n.js");
  await setLang(lang);
  const players = [0, 1, 2].map((seat) => ({ seat, name: `P${seat + 1}` }));
  const ctx = { view: null, legal: [], seat: 0, players, t, lang };
  const dish = (kind, value) => ({ kind, value });
  return [
    { event: "take", seat: 1, dish: dish("chicken", -1), why: "last", covers: null },
    { event: "take", seat: 2, dish: dish("pizza", 3), why: "lead", covers: dish("pizza", 1) },
    { event: "take", seat: 0, dish: dish("salad", 2), why: "second", covers: null },
    { event: "take", seat: 2, dish: dish("cheese", 4) },  // logged before "why" and "covers"
  ].map((e) => game.describeEvent(e, ctx));
}"""


@pytest.mark.parametrize(
    ("lang", "want"),
    [
        (
            "en",
            [
                "P2 is last alone, leaves the round and takes chicken −1",
                "P3 leads alone and takes pizza 3, covering pizza 1 (which no longer counts)",
                "is second of the last two and takes salad 2",
                "P3 takes cheese 4",
            ],
        ),
        (
            "ja",
            [
                "P2は単独で最後尾なので抜け、チキン−1を取りました",
                "P3が単独でトップに立ち、ピザ3を取りました（ピザ1の上に重ねたので、ピザ1はもう得点になりません）",
                "は2番目で、サラダ2を取りました",
                "P3がチーズ4を取りました",
            ],
        ),
    ],
)
def test_a_take_says_why_and_which_dish_it_covers(
    new_page: Callable[..., Page], lang: str, want: list[str]
) -> None:
    """The log and the "since your last move" strip (both the renderer's describeEvent) tell how
    a mouse won its dish and the dish of its kind it now covers."""
    page = new_page()
    page.goto("/")
    expect(page.locator("#lobby-title")).to_be_visible()
    lines = page.evaluate(TAKES, lang)
    for line, part in zip(lines, want, strict=True):
        assert part in line
