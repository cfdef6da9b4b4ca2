"""Bison in the browser, played as a person plays it: on the player board (action spaces, the
cost table, the tracks with their steppers, the market) and on the prairie's spaces, never
through a list of buttons; with "Back" in every kind of multi-part action; on a desktop and on
a phone (by touch), in English and in Japanese."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from tests.web.conftest import (
    _OWN_POINT,
    _TARGETS,
    board_top,
    check_replay_on_phone,
    check_story,
    create_table,
    number,
    screenshot,
    sign_in,
    unreachable_targets,
)

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
KINDS = {"tile", "tent", "canoe", "gather", "move1", "move3"}
# The action types the page may offer outside the board: none (the table's fallback buttons).
BOARD_TYPES = {
    "action", "hunters", "gain", "pay", "buy_hunter", "buy_tent", "buy_canoe", "exchange",
    "place", "deploy", "tent", "canoe", "gather_at", "gather", "move", "back",
}  # fmt: skip


def board_targets_under(page: Page, least: int) -> list[str]:
    """The clickable elements of the game (the board and the player boards: ``#board``) smaller
    than ``least`` px (``small_targets`` of conftest, on the game's part of the page: the
    shell's own links and fields are not Bison's)."""
    found: list[str] = page.evaluate(_TARGETS.replace("#app", "#board"), least)
    return found


_WATCH_HITS = """(least) => {
  window.__smallHits = [];
  const check = () => {
    const svg = document.querySelector("#board svg.bison-board");
    if (!svg) return;
    for (const c of svg.querySelectorAll(".bison-hit")) {
      const box = c.getBoundingClientRect();
      if (box.width && (box.width < least || box.height < least))
        window.__smallHits.push(`${c.closest("[data-space]").dataset.space} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  };
  new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
}"""


def watch_drawn_hits(page: Page, least: int) -> None:
    """From now on, measure the board's hit areas each time the page changes, in the same
    turn as the drawing (a mutation observer runs before the next frame, before anyone could
    tap): a target sized only after layout was small for that moment."""
    page.evaluate(_WATCH_HITS, least)


def drawn_small_hits(page: Page) -> list[str]:
    """The hit areas :func:`watch_drawn_hits` found smaller than asked ("space wxh")."""
    found = page.evaluate("() => window.__smallHits")
    assert isinstance(found, list), "watch_drawn_hits was not called on this page"
    return found


_NUMBERS = """() => [...document.querySelectorAll("#players li[data-seat]")].map((li) => {
  const board = document.querySelector(`#board .bison-player[data-seat="${li.dataset.seat}"] .bison-total`);
  return [li.dataset.seat, li.querySelector(".score").textContent, board ? board.textContent.replace(/\\D/g, "") : null];
})"""


def numbers_disagree(page: Page) -> list[Any]:
    """Seats whose score in the seats panel differs from the total on their player board, read
    in one go (a scoring's playback moves on between two reads)."""
    rows: list[list[str]] = page.evaluate(_NUMBERS)
    return [row for row in rows if row[2] is not None and row[1] != row[2]]


class BisonPlayer:
    """Plays one seat by clicking (or tapping) what a person would, and keeps what it saw."""

    def __init__(self, page: Page, seed: int, touch: bool = False, over: str = "Game over") -> None:
        self.page = page
        self.over = over  # the log's words for the end (bison.ev.game_over)
        self.rng = random.Random(seed)
        self.touch = touch
        self.backed: set[str] = set()  # kinds of action taken back
        self.back_offered: set[str] = set()
        self.passed_back: set[str] = set()
        self.clicks = 0
        self.steppers_used = 0
        self.rotations = 0
        self.bought = 0
        self.exchanged = 0
        self.changed_seen = 0
        self.final_seen = False
        self.scoring_checks = 0  # times the panel and the boards were compared in a playback
        self.disagreements: list[Any] = []
        self.animations: list[float] = []  # the durations of the board's animations seen
        self.small: set[str] = set()
        self.tops: set[int] = set()
        self.shots: list[str] = []

    # -- clicking ---------------------------------------------------------------------------

    def click(self, target: Locator) -> bool:
        """Click (or tap) a point of the element itself, as a person aims at a shape."""
        try:
            point = target.evaluate(_OWN_POINT, timeout=2000)
        except PlaywrightError:
            return False
        if point is None:
            return False
        if self.touch:
            self.page.touchscreen.tap(point["x"], point["y"])
        else:
            self.page.mouse.click(point["x"], point["y"])
        self.clicks += 1
        return True

    def shot(self, what: str) -> None:
        """A picture of a moment of the game, the first time it comes (for people to look at)."""
        name = f"bison-{what}-" + ("phone" if self.touch else "desktop")
        if name not in self.shots:
            self.shots.append(name)
            screenshot(self.page, name)

    def settle(self) -> None:
        """Wait for the server's answer to a click."""
        self.page.locator("#board:not(.waiting)").wait_for()

    def legal(self) -> list[dict[str, Any]]:
        """The legal actions the board shows now, with the class of the element showing each."""
        found: list[dict[str, Any]] = self.page.evaluate(
            """() => [...document.querySelectorAll('#app .legal[data-action]')]
                .filter((el) => { const b = el.getBoundingClientRect(); return b.width > 0 && b.height > 0; })
                .map((el, i) => ({ i, action: JSON.parse(el.dataset.action), cls: el.getAttribute('class') || '' }))"""
        )
        return found

    def pick(self, selector: str) -> bool:
        items = self.page.locator(selector)
        n = items.count()
        if not n:
            return False
        return self.click(items.nth(self.rng.randrange(n)))

    # -- one decision -----------------------------------------------------------------------

    def step(self) -> None:
        page = self.page
        legal = self.legal()
        if not legal:
            page.wait_for_timeout(40)
            return
        # Nothing outside the board: the table's fallback buttons stay empty.
        assert page.locator("#actions button").count() == 0
        # Every lit target takes a tap at its centre: nothing on the board is drawn over it.
        assert unreachable_targets(page) == []
        types = {a["action"]["type"] for a in legal}
        assert types <= BOARD_TYPES, types
        now = page.locator("#board .bison-action.now").first
        kind = now.get_attribute("data-kind") if now.count() else None
        body = types & {"place", "deploy", "tent", "canoe", "gather_at", "gather", "move", "pay"}
        if "back" in types and kind:
            self.back_offered.add(kind)
            # Mostly from inside the action (a payment, a tile about to be laid, a hunter to
            # move), sometimes right after choosing it.
            fresh = kind not in self.backed
            wanted = fresh and (body or kind in self.passed_back or self.rng.random() < 0.4)
            if fresh and not wanted:
                self.passed_back.add(kind)  # next time, for sure
            if wanted and self.click(page.locator("#board .bison-back.legal")):
                self.backed.add(kind)
                self.settle()
                return
        if "action" in types:
            roll = self.rng.random()
            # The market and the exchange on the tracks: each tried at the first chance, then
            # now and then.
            if (not self.bought or roll < 0.25) and self.pick("#board button.bison-buy.legal"):
                self.bought += 1
            elif (not self.exchanged or roll < 0.35) and self.pick("#board .bison-exchange.legal"):
                self.exchanged += 1
            else:
                # Mostly a kind of action not yet taken back, so that Back is tried in each.
                fresh = ", ".join(
                    f'#board button.bison-action.legal[data-kind="{k}"]'
                    for k in KINDS - self.backed
                )
                if not (fresh and self.rng.random() < 0.7 and self.pick(fresh)):
                    self.pick("#board button.bison-action.legal")
        elif "hunters" in types:
            counts = sorted(a["action"]["count"] for a in legal if a["action"]["type"] == "hunters")
            # Mostly a few hunters: paying and long actions are what is to be tried.
            weights = [1 if n == 0 else 4 if n <= 3 else 2 for n in counts]
            n = self.rng.choices(counts, weights)[0]
            paying = [c for c in counts if c >= 2]
            if paying and not self.steppers_used:
                n = paying[0]  # the steppers are to be tried at the first chance
            self.click(page.locator(f"#board .bison-cost.legal[data-action*='\"count\":{n}']"))
        elif "gain" in types:
            self.pick("#board .bison-gain.legal")
        elif "pay" in types:
            self.pay()
        elif "place" in types:
            self.lay_tile()
        elif types & {"tent", "canoe"}:
            self.pick("#board .bison-target.legal")
            self.settle()
            if page.locator("#board .bison-size-btn.legal").count():
                self.shot("sizes")
                self.pick("#board .bison-size-btn.legal")
        elif (
            "move" in types
            and self.rng.random() < 0.3
            and page.locator("#board .bison-target.bison-pick").count() > 1
        ):
            self.pick("#board .bison-target.bison-pick:not(.picked)")  # another hunter first
        else:
            if "move" in types:
                self.shot("moving")
            if "deploy" in types:
                self.shot("deploying")
            self.pick("#board .bison-target.legal")
        self.settle()

    def pay(self) -> None:
        """The steppers: take one animal off, see it owed, put one on another, pay."""
        page = self.page
        minus = page.locator("#board .bison-step.minus:not([disabled])")
        if minus.count():
            self.click(minus.nth(self.rng.randrange(minus.count())))
            expect(page.locator("#board .bison-owed.due")).to_be_visible()
            expect(page.locator("#board button.bison-pay")).to_be_disabled()
            self.shot("paying")
            plus = page.locator("#board .bison-step.plus:not([disabled])")
            assert plus.count() > 0
            self.click(plus.nth(self.rng.randrange(plus.count())))
            self.steppers_used += 1
        expect(page.locator("#board .bison-owed.due")).to_have_count(0)
        self.click(page.locator("#board button.bison-pay.legal"))

    def lay_tile(self) -> None:
        """Tap a lit spot (the tile shows there), turn it now and then, confirm."""
        page = self.page
        self.pick("#board .bison-spot.legal")
        confirm = page.locator("#board .bison-confirm.legal")
        expect(confirm).to_be_visible()
        expect(page.locator("#board .bison-ghost-tile.chosen")).to_have_count(1)
        self.shot("laying")
        if not self.rotations or self.rng.random() < 0.5:
            before = confirm.get_attribute("data-action")
            self.click(page.locator("#board .bison-bar .bison-rotate"))
            expect(confirm).not_to_have_attribute("data-action", before or "")
            self.rotations += 1
        self.click(confirm)

    # -- the whole game ---------------------------------------------------------------------

    def observe(self) -> None:
        """What the player sees between decisions: marks, target sizes, the board's place."""
        page = self.page
        self.animations += page.evaluate(
            """() => { const b = document.querySelector('#board');
                return b ? b.getAnimations({ subtree: true }).map((a) => a.effect.getComputedTiming().endTime) : []; }"""
        )
        if page.locator("#board .legal[data-action]").count():
            self.changed_seen += page.locator("#board .changed").count() > 0
            least = 40 if self.touch else 24
            self.small.update(board_targets_under(page, least))
            top = round(board_top(page))
            self.tops.add(top)

    def play(self, timeout: float, shots: dict[int, str] | None = None) -> None:
        page = self.page
        end = time.monotonic() + timeout
        result = page.locator("#result")
        rounds_shot: set[int] = set()
        while not result.is_visible():
            assert time.monotonic() < end, "the game did not end in time"
            skip = page.locator("#board .bison-skip")
            if skip.count() and skip.is_visible():
                # The seats panel and the player boards show the same step of the scoring.
                self.disagreements += numbers_disagree(page)
                self.scoring_checks += 1
                self.shot_scoring()
                final = page.locator('#board .bison-scoring[data-final="true"]').count() > 0
                if final:
                    self.final_playback()
                elif self.rng.random() < 0.8:
                    self.click(skip)
            for round_no, name in (shots or {}).items():
                status = page.locator(".bison-status")
                at = status.get_attribute("data-round") if status.count() else None
                mine = page.locator("#board .legal[data-action]").count() > 0
                if round_no not in rounds_shot and at == str(round_no) and mine:
                    rounds_shot.add(round_no)
                    screenshot(page, name)
            self.observe()
            try:
                self.step()
            except PlaywrightError:
                continue  # the board was redrawn under the click

    def final_playback(self) -> None:
        """While the final scoring plays, nothing tells the end: no result, no 'Game over' in
        the log, the seats' scores as they stand; Skip lets it all out."""
        page = self.page
        expect(page.locator("#result")).to_be_hidden()
        assert self.over not in page.locator("#log").inner_text()
        self.final_seen = True
        self.click(page.locator("#board .bison-skip"))
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#log")).to_contain_text(self.over)

    def shot_scoring(self) -> None:
        """A picture of a region being scored (its players' places and animals on the board)."""
        name = "bison-scoring-" + ("phone" if self.touch else "desktop")
        if name not in self.shots:
            self.shots.append(name)
            badge = self.page.locator("#board .bison-badge").first
            with contextlib.suppress(PlaywrightError):  # a round whose regions nobody held
                badge.wait_for(timeout=3000)
            screenshot(self.page, name)


def check_end(page: Page, players: int) -> None:
    """The scoreboard: each row's regions add up to its total, ranked by the rulebook."""
    rows = page.locator("#result .scoreboard tbody tr")
    expect(rows).to_have_count(players)
    ranks = []
    for i in range(players):
        cells = [number(c) for c in rows.nth(i).locator("td").all_inner_texts()]
        rank, *parts, total = cells
        assert sum(parts) == total
        ranks.append((rank, -total))
    assert ranks == sorted(ranks)
    expect(page.locator("#result .winners")).not_to_be_empty()
    expect(page.locator("#board .bison-won")).to_be_visible()  # above the board, seen first
    expect(page.locator("#board .bison-tag.winner").first).to_be_visible()


def scoring_lines_list_regions(page: Page, rounds: int) -> None:
    """Each scoring's line in the log says what it gave, and the regions' lines follow it,
    each with the full tracks' exchanges its animals caused (the engine's order)."""
    lines = page.locator("#log li").all_inner_texts()
    heads = [
        i for i, line in enumerate(lines) if line.startswith(("Scoring of round", "Final scoring"))
    ]
    assert len(heads) == rounds, heads  # one per round, the last one the final scoring
    for i in heads:
        assert " — " in lines[i] or "nobody is in any region" in lines[i], lines[i]
        if " — " in lines[i]:
            regions = int(lines[i].split(": ", 1)[1].split(" ")[0])
            follow = scoring_block(lines[i + 1 :])
            assert sum(" region of " in line for line in follow) == regions, follow
            assert " region of " in follow[0], follow


def scoring_block(lines: list[str]) -> list[str]:
    """The lines that belong to a scoring, from its first region's line: region lines, and
    after one of them the exchanges of a track it filled ("…'s track is full: …")."""
    block: list[str] = []
    for line in lines:
        if " region of " in line or (block and "'s track is full: " in line):
            block.append(line)
        else:
            break
    return block


def check_bison_story(page: Page, players: int, lang: str) -> dict[str, Any]:
    """The end's story: regions led, animals from the scorings and tiles laid for each player;
    the tiles laid are the tiles on the prairie less the three it starts with."""
    labels = (
        ["1位の地域", "得点計算での動物", "置いたタイル"]
        if lang == "ja"
        else ["Regions led", "Animals from scorings", "Tiles laid"]
    )
    story = check_story(page, players, labels)
    laid = sum(s["stats"][2] for s in story["seats"])
    assert laid == page.locator("#board .bison-tile-n").count() - 3
    assert sum(s["stats"][0] for s in story["seats"]) > 0
    return story


def back_in_every_kind(player: BisonPlayer) -> None:
    """Back was offered and used in each of the six kinds of action."""
    assert player.back_offered == KINDS, player.back_offered
    assert player.backed == KINDS, player.backed


def test_two_players_on_a_desktop_in_english(new_page: Callable[..., Page]) -> None:
    page = new_page(viewport=DESKTOP)
    sign_in(page)
    create_table(page, "bison", 2, ["random"], options={"advanced": 2})
    expect(page.locator("svg.bison-board")).to_be_visible()
    # The drawn tile is in the player's panel from the start of the round, and the player
    # board shows the six action spaces, the cost table, the tracks and the market.
    expect(page.locator(".bison-player.mine .bison-tile-preview")).to_be_visible()
    expect(page.locator(".bison-player.mine .bison-action")).to_have_count(6)
    expect(page.locator(".bison-player.mine .bison-track")).to_have_count(3)
    expect(page.locator(".bison-player.mine button.bison-buy.legal").first).to_be_visible()
    expect(page.locator("#actions button")).to_have_count(0)
    # Every tile carries its number, as the log and the prompts name spaces by it.
    expect(page.locator(".bison-tile-n")).to_have_count(3)
    # Pointing at a space lights its region and says, beside the pointer, its animals and the
    # region's (tips.js).
    point = page.locator("polygon.bison-space.river").first.evaluate(_OWN_POINT)
    page.mouse.move(point["x"], point["y"])
    expect(page.locator("#tip")).to_contain_text("its region has")
    assert page.locator("polygon.bison-space.hot").count() >= 1
    screenshot(page, "bison-start-desktop")
    watch_drawn_hits(page, 24)
    player = BisonPlayer(page, seed=3)
    player.play(timeout=240, shots={3: "bison-middle-desktop"})
    check_end(page, 2)
    story = check_bison_story(page, 2, "en")
    assert "All 6 rounds were played" in story["reason"]
    screenshot(page, "bison-end-desktop")
    assert player.final_seen, "the final scoring was played back"
    assert player.scoring_checks and not player.disagreements, player.disagreements
    assert not numbers_disagree(page)  # and after it, the server's scores on both
    scoring_lines_list_regions(page, rounds=6)  # 2 players play 6 rounds
    assert player.steppers_used and player.rotations and player.bought and player.exchanged
    assert player.changed_seen, "an opponent's move is marked .changed"
    # The others' moves animate (hunters walk, tiles drop), each within 600 ms.
    assert player.animations and max(player.animations) <= 600, player.animations[:20]
    assert not player.small, sorted(player.small)
    hits = drawn_small_hits(page)
    assert not hits, hits[:10]
    assert len(player.tops) == 1, player.tops
    back_in_every_kind(player)
    # Reopened, the finished table shows its board and scoreboard at once (no playback).
    page.reload()
    expect(page.locator("svg.bison-board")).to_be_visible()
    expect(page.locator("#board .bison-scoring")).to_have_count(0)
    check_end(page, 2)
    # Its replay draws the same boards, step by step.
    page.locator("#result a[href^='#/replay/']").click()
    expect(page.locator(".replay-page svg.bison-board")).to_be_visible()
    page.keyboard.press("Home")
    expect(page.locator(".replay-page .bison-tile-n")).to_have_count(3)
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-page .bison-player")).to_have_count(2)
    screenshot(page, "bison-replay-desktop")


def test_four_players_on_a_phone_in_japanese(new_page: Callable[..., Page]) -> None:
    page = new_page(locale="ja-JP", viewport=PHONE, touch=True)
    sign_in(page)
    create_table(page, "bison", 4, ["random", "random", "random"], options={"advanced": 2})
    expect(page.locator("svg.bison-board")).to_be_visible()
    expect(page.locator(".bison-status")).to_contain_text("ラウンド1/4")
    wide = "document.documentElement.scrollWidth > document.documentElement.clientWidth"
    assert not page.evaluate(wide)
    # The player board folds below the prairie.
    board_box = page.locator(".bison-viewport").bounding_box()
    mine_box = page.locator(".bison-player.mine").bounding_box()
    assert board_box and mine_box and mine_box["y"] >= board_box["y"] + board_box["height"]
    screenshot(page, "bison-start-phone")
    pinch_zoom(page)
    # Reduced motion: what the others did is marked, nothing moves.
    page.emulate_media(reduced_motion="reduce")
    watch_drawn_hits(page, 40)
    player = BisonPlayer(page, seed=11, touch=True, over="ゲーム終了")
    player.play(timeout=300, shots={2: "bison-middle-phone"})
    check_end(page, 4)
    expect(page.locator("#result")).to_contain_text("勝者")
    story = check_bison_story(page, 4, "ja")
    assert "全4ラウンド" in story["reason"]
    screenshot(page, "bison-end-phone")
    assert player.final_seen, "the final scoring was played back"
    assert player.scoring_checks and not player.disagreements, player.disagreements
    assert not numbers_disagree(page)
    assert player.steppers_used and player.bought and player.exchanged
    assert player.changed_seen, "an opponent's move is marked .changed"
    assert not player.animations, player.animations[:20]
    assert not player.small, sorted(player.small)
    hits = drawn_small_hits(page)
    assert not hits, hits[:10]
    assert len(player.tops) == 1, player.tops
    back_in_every_kind(player)
    check_replay_on_phone(page, "svg.bison-board", "bison-replay-phone")


def pinch_zoom(page: Page) -> None:
    """Two fingers spread on the prairie zoom in; one finger then pans; the fit button returns."""
    svg = page.locator("svg.bison-board")
    box = page.locator(".bison-viewport").bounding_box()
    assert box
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = svg.get_attribute("viewBox") or ""
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": kind,
                "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)],
            },
        )

    touch("touchStart", [(cx - 30, cy), (cx + 30, cy)])
    for d in range(40, 130, 10):
        touch("touchMove", [(cx - d, cy), (cx + d, cy)])
    touch("touchEnd", [])
    after = svg.get_attribute("viewBox") or ""
    width = float(before.split()[2]), float(after.split()[2])
    assert width[1] < width[0] * 0.6, (before, after)  # zoomed in about 2×
    touch("touchStart", [(cx, cy)])
    for d in range(10, 80, 10):
        touch("touchMove", [(cx + d, cy + d / 2)])
    page.wait_for_timeout(300)  # the finger rests before it lifts: no fling after the swipe
    touch("touchMove", [(cx + 70, cy + 35)])
    touch("touchEnd", [])
    panned = svg.get_attribute("viewBox") or ""
    assert panned.split()[:2] != after.split()[:2], (after, panned)
    page.wait_for_timeout(800)  # a tap during the fling that follows a swipe only stops it
    page.locator(".bison-zoom-btn.fit").tap()
    assert float((svg.get_attribute("viewBox") or "").split()[2]) == pytest.approx(
        width[0], rel=0.01
    )


def test_the_board_lets_only_legal_actions_through(new_page: Callable[..., Page]) -> None:
    """Every lit element carries an action the server offers (the data-action JSON)."""
    page = new_page(viewport=DESKTOP)
    sign_in(page, "Ben")
    table = create_table(page, "bison", 2, ["random"])
    expect(page.locator(".bison-player.mine button.bison-action.legal").first).to_be_visible()
    # A spectator sees both player boards, none of them as theirs, and nothing to click.
    watcher = new_page(viewport=DESKTOP)
    sign_in(watcher, "Cy")
    watcher.goto(f"/#/table/{table}")
    expect(watcher.locator("svg.bison-board")).to_be_visible()
    expect(watcher.locator(".bison-player")).to_have_count(2)
    expect(watcher.locator(".bison-player.mine")).to_have_count(0)
    expect(watcher.locator("#app .legal[data-action]")).to_have_count(0)
    actions = [
        json.loads(a)
        for a in page.locator("#app .legal[data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)"
        )
    ]
    assert {a["type"] for a in actions} <= BOARD_TYPES
    assert sum(a["type"] == "action" for a in actions) == 6
    # The keyboard alone: the tile action, one hunter, a spot (Enter shows the tile there and
    # keeps the focus on the spot, Enter again lays it), then the space of the new tile.
    page.locator('.bison-action.legal[data-kind="tile"]').focus()
    page.keyboard.press("Enter")
    cost = page.locator(".bison-cost.legal[data-action*='\"count\":1']")
    expect(cost).to_be_visible()
    cost.focus()
    page.keyboard.press("Enter")
    spot = page.locator("#board .bison-spot.legal").first
    expect(spot).to_be_visible()
    spot.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#board .bison-ghost-tile.chosen")).to_have_count(1)
    assert page.evaluate("document.activeElement.classList.contains('bison-spot')")
    page.keyboard.press("Enter")
    target = page.locator("#board .bison-target.legal").first
    expect(target).to_be_visible()
    assert json.loads(target.get_attribute("data-action") or "{}")["type"] == "deploy"
    target.focus()
    page.keyboard.press("Enter")
    # Our own board's tile action (the random bot may take its own tile action at once).
    expect(page.locator('.bison-player.mine .bison-action.used[data-kind="tile"]')).to_have_count(1)


def test_the_scoreboard_says_when_the_lowest_track_decided(new_page: Callable[..., Page]) -> None:
    """Tied on animals, the higher lowest track wins (最も低い動物の数を比べ、多い方が勝利): the
    scoreboard ranks by it, sums the final scoring by terrain, and says what decided."""
    page = new_page()
    page.goto("/")
    board = page.evaluate(
        """async () => {
          const i18n = await import("/i18n.js");
          await i18n.setLang("en");
          const bison = (await import("/games/bison.js")).default;
          const award = (seat, place, animals) => ({ seat, place, animals, share: "all", shelters: [], hunters: 1 });
          const view = {
            rounds: 6, round: 6, winners: [1],
            player_info: [
              { seat: 0, total: 9, animals: { bison: 5, fish: 0, turkeys: 4 } },
              { seat: 1, total: 9, animals: { bison: 3, fish: 3, turkeys: 3 } },
            ],
            events: [
              { event: "final_scoring", seat: 0, round: 6 },
              { event: "score", terrain: "grassland", spaces: [1], animals: 5, awards: [award(0, 1, 5)] },
              { event: "score", terrain: "grassland", spaces: [4], animals: 3, awards: [award(1, 1, 3)] },
              { event: "score", terrain: "mountain", spaces: [2], animals: 7, awards: [award(0, 1, 4), award(1, 2, 3)] },
              { event: "score", terrain: "river", spaces: [5], animals: 3, awards: [award(1, 1, 3)] },
              { event: "game_over", winners: [1], decided_by: "lowest" },
            ],
          };
          const players = [{ seat: 0, name: "Aki" }, { seat: 1, name: "Ben" }];
          return bison.scoreboard({ view, over: true, t: i18n.t, players, seat: 0, lang: "en" });
        }"""
    )
    rows = {r["seat"]: r for r in board["rows"]}
    assert rows[1]["rank"] == 1 and rows[0]["rank"] == 2
    assert [p["value"] for p in rows[0]["parts"]] == [5, 4, 0]  # grassland, mountain, river
    assert [p["value"] for p in rows[1]["parts"]] == [3, 3, 3]
    assert [p["label"] for p in rows[0]["parts"]] == [
        "Grassland (bison)",
        "Mountain (turkeys)",
        "River (fish)",
    ]
    assert "lowest track" in board["note"] and "Ben 3" in board["note"] and "Aki 0" in board["note"]
