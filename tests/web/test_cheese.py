"""Go da Cheese! in the browser: whole games played on the drawn table (desktop and phone,
English and Japanese), what changed since the player's last decision, the resolution played
back step by step with the scores of its step, and the end's scoreboard."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.web.conftest import (
    board_top,
    check_replay_on_phone,
    check_story,
    create_table,
    number,
    screenshot,
    sign_in,
    small_targets,
    unreachable_targets,
)

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LOCALES = {"en": "en-US", "ja": "ja-JP"}

# Every clickable piece of the board: the cheeses of the circle, the hand, the deck.
# (A board waiting for the server's answer to a click still shows the old pieces: not those.)
DRAWN = "#board:not(.waiting) .legal[data-action]:visible"


def open_table(
    new_page: Callable[..., Page], players: int, lang: str, viewport: dict[str, int]
) -> Page:
    page = new_page(locale=LOCALES[lang], viewport=viewport)
    sign_in(page, "Aki")
    create_table(page, "cheese", players, ["random"] * (players - 1))
    expect(page.locator("svg.cheese-ring")).to_be_visible()
    expect(page.locator(".cheese-cheese")).to_have_count({3: 6, 4: 8, 5: 10}[players])
    return page


def small_on_board(page: Page) -> list[str]:
    """The board's clickable elements (classes "cheese-…") under 40 px: the table page's own
    links and buttons are the table page's business (issue 17 asks it of them too)."""
    return [t for t in small_targets(page) if "cheese-" in t.split('"')[0]]


def placed(page: Page, selector: str) -> list[float]:
    """Where an element is on the page (not the screen) and its size: [x, y, width, height]."""
    box: list[float] = page.evaluate(
        "(sel) => { const b = document.querySelector(sel).getBoundingClientRect();"
        " return [b.left + scrollX, b.top + scrollY, b.width, b.height]; }",
        selector,
    )
    return box


def my_turn(page: Page) -> bool:
    return page.locator(DRAWN).count() > 0


def wait_for_my_turn(page: Page, timeout: float = 20) -> bool:
    """Wait until this seat has something to click (True) or the resolution began (False)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.locator(".cheese-resolution").count():
            return False
        if my_turn(page):
            return True
        page.wait_for_timeout(30)
    raise AssertionError("neither my turn nor the end came")


def decide(page: Page, rng: random.Random) -> str:
    """Make one decision by clicking a drawn piece (never a fallback button); sometimes choose
    another first card in the hand before dropping it on a cheese. Returns the action."""
    error: Exception | None = None
    action = ""
    tried = ""  # a click that timed out: the page may have taken it all the same
    end = time.monotonic() + 30  # a loaded machine: each click waits for the page to settle
    while time.monotonic() < end:
        try:
            if tried and not my_turn(page):
                # It did (on a loaded machine the click's answer can come after the timeout):
                # the turn moved on, and the caller waits for the next one.
                return tried
            choose = page.locator("#board:not(.waiting) button.cheese-select:not(.cheese-selected)")
            if choose.count() and rng.random() < 0.4:
                choose.nth(rng.randrange(choose.count())).click(timeout=2000)
                expect(page.locator("#board .cheese-selected")).to_have_count(1)
            pieces = page.locator(DRAWN)
            count = pieces.count()
            if not count:
                page.wait_for_timeout(30)
                continue
            piece = pieces.nth(rng.randrange(count))
            action = piece.get_attribute("data-action", timeout=2000) or ""
            tried = action
            piece.click(timeout=2000)
            return action
        except PlaywrightError as err:  # the board was redrawn under the click: look again
            error = err
            page.wait_for_timeout(30)
    raise AssertionError(f"could not click a piece of the board: {error}")


def seat_scores(page: Page) -> list[str]:
    return [s.strip() for s in page.locator("#players .score").all_inner_texts()]


def check_scoreboard(page: Page, players: int) -> list[int]:
    """The scoreboard: cheese + cats + dogs make each total; ranks follow the totals."""
    board = page.locator("#result .scoreboard")
    expect(board).to_be_visible()
    rows = board.locator("tbody tr")
    expect(rows).to_have_count(players)
    totals = []
    previous: tuple[int, int] | None = None
    for i in range(players):
        rank, cheese, cats, dogs, total = (
            number(c) for c in rows.nth(i).locator("td").all_inner_texts()
        )
        assert cheese + cats + dogs == total
        if previous is not None:
            assert rank >= previous[0] and total <= previous[1]
        previous = (rank, total)
        totals.append(total)
    return totals


@pytest.mark.parametrize(
    ("players", "lang", "device"),
    [(3, "en", "desktop"), (5, "ja", "desktop"), (3, "ja", "phone"), (5, "en", "phone")],
)
def test_a_whole_game_on_the_table(
    new_page: Callable[..., Page], players: int, lang: str, device: str
) -> None:
    viewport = DESKTOP if device == "desktop" else PHONE
    page = open_table(new_page, players, lang, viewport)
    name = f"cheese-{players}p-{lang}-{device}"
    rng = random.Random(players * 10 + len(device))
    assert wait_for_my_turn(page)
    page.wait_for_timeout(300)  # the welcome toast, then the picture
    screenshot(page, f"{name}-start")
    top = board_top(page)
    # Nor does anything on the board move as the hand and its hint change: the players' panels.
    players_top = placed(page, ".cheese-players")
    if device == "desktop":
        # The table, the hand and every player's panel are on the screen without scrolling.
        for part in (".cheese-ring", ".cheese-hand", ".cheese-players"):
            box = page.locator(part).bounding_box()
            assert box and box["y"] + box["height"] <= viewport["height"], part
    else:
        assert small_on_board(page) == []
    decisions = 0
    marked = False
    while wait_for_my_turn(page):
        # The others' moves since my last decision are marked until my next one.
        if decisions and page.locator("#board .changed").count():
            marked = True
        assert board_top(page) == top, "the board moved"
        assert placed(page, ".cheese-players") == players_top, "the players' panels moved"
        if device == "phone" and decisions % 4 == 1:
            assert small_on_board(page) == []
        # Every lit target takes a tap at its centre: nothing is drawn over it.
        assert unreachable_targets(page) == []
        decide(page, rng)
        decisions += 1
        if decisions == 9:
            page.wait_for_timeout(500)
            screenshot(page, f"{name}-middle")
    assert marked, "no move of the others was marked"
    assert decisions >= 9 + 4  # 9 turns: 5 of them placements of 3 cards
    # The resolution plays back: the seats show the points of its step, the result waits.
    early = seat_scores(page)
    expect(page.locator("#result")).to_be_hidden()
    # Nor does the log tell the resolution (and its winner) ahead of the board.
    logged = page.locator("#log li").count()
    if device == "desktop":
        # (On a phone the page's header loses its "Leave" button at the end, a line less.)
        assert board_top(page) == top
    step = page.locator(".cheese-res-step").inner_text()
    assert re.search(r"\d", step)
    expect(page.locator(".cheese-res-caption")).not_to_be_empty()
    page.wait_for_timeout(1400)
    screenshot(page, f"{name}-resolution")
    if device == "phone":
        assert small_on_board(page) == []
    page.locator(".cheese-skip").click()
    expect(page.locator("#result")).to_be_visible()
    totals = check_scoreboard(page, players)
    # The resolution's lines join the log once it is over, the winner last.
    expect(page.locator("#log li")).not_to_have_count(logged)
    assert page.locator("#log li").count() > logged + players
    winner = page.locator("#result .scoreboard tbody tr").first.locator("th").inner_text().strip()
    assert winner in page.locator("#log li").last.inner_text()
    final = seat_scores(page)
    assert sorted(number(x) for x in final) == sorted(totals)
    assert early != final, "the seats told the final scores before the resolution did"
    expect(page.locator(".cheese-replay")).to_be_visible()
    # The end's story: every card played, then the cheeses resolved; each player's mice fed,
    # mice their cats caught, cats their dogs chased; the charts end on the final scores.
    labels = (
        ["食べたネズミ", "捕まえたネズミ", "追い払ったネコ"]
        if lang == "ja"
        else ["Mice fed", "Mice caught", "Cats chased"]
    )
    story = check_story(page, players, labels)
    assert sum(s["stats"][0] for s in story["seats"]) > 0
    page.wait_for_timeout(300)
    screenshot(page, f"{name}-end")
    if device == "phone":
        # Nothing is wider than the phone.
        assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
        # The table opens whole, inside its box (zooming is the player's choice); its corner
        # button brings it close up, where it pans under a finger, and back.
        ring, box = placed(page, ".cheese-ring"), placed(page, ".cheese-ringbox")
        assert ring[2] <= box[2] + 1 and ring[3] <= box[3] + 1
        page.locator(".cheese-ringbox").scroll_into_view_if_needed()
        screenshot(page, f"{name}-end-whole")
        page.locator(".cheese-zoom").click()
        assert placed(page, ".cheese-ring")[2] > placed(page, ".cheese-ringbox")[2]
        page.locator(".cheese-zoom").click()
        assert placed(page, ".cheese-ring")[2] <= placed(page, ".cheese-ringbox")[2] + 1
    # Reopened, the finished table shows its end at once: the board, the scoreboard.
    page.reload()
    expect(page.locator("svg.cheese-ring")).to_be_visible()
    expect(page.locator("#result .scoreboard")).to_be_visible()
    assert check_scoreboard(page, players) == totals
    assert seat_scores(page) == final
    expect(page.locator(".cheese-replay")).to_be_visible()
    if device == "phone" and players == 3:
        check_replay_on_phone(page, "svg.cheese-ring", f"{name}-replay")
    if device == "desktop":
        # A spectator sees the same end (no hand: its cards are nobody's business).
        table = page.url.rsplit("/", 1)[1]
        other = new_page(locale=LOCALES[lang], viewport=viewport)
        sign_in(other, "Bea")
        other.goto(f"/#/table/{table}")
        expect(other.locator("#result .scoreboard")).to_be_visible()
        assert check_scoreboard(other, players) == totals
        expect(other.locator(".cheese-hand")).to_have_count(0)
        # The replay draws every step with the same renderer, down to the end.
        page.locator("#result a[href^='#/replay/']").click()
        expect(page.locator(".replay-page svg.cheese-ring")).to_be_visible()
        page.keyboard.press("End")
        expect(page.locator(".replay-page .cheese-replay")).to_be_visible()
        page.keyboard.press("Home")
        expect(page.locator(".replay-page .cheese-queue .cheese-card")).to_have_count(0)


def test_cards_slide_to_their_queue_and_reduced_motion_keeps_only_the_marks(
    new_page: Callable[..., Page],
) -> None:
    page = open_table(new_page, 3, "en", DESKTOP)
    assert wait_for_my_turn(page)
    # Place a first card with the keyboard: it slides to its cheese (an animation of the
    # board's cards).
    page.locator("#board .cheese-cheese.legal").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.getAnimations().some((a) => a.effect && a.effect.target && a.effect.target.closest('.cheese-card'))",
        timeout=3000,
    )
    page.emulate_media(reduced_motion="reduce")
    rng = random.Random(3)
    saw_mark = False
    for _ in range(8):
        assert wait_for_my_turn(page)
        decide(page, rng)
        assert wait_for_my_turn(page)
        cards = page.locator("#board .cheese-card.changed")
        if cards.count():
            saw_mark = True
            flying = page.evaluate(
                "() => document.getAnimations().filter((a) => a.playState === 'running').length"
            )
            assert flying == 0
    assert saw_mark


def test_the_others_cards_are_marked_until_my_next_decision(new_page: Callable[..., Page]) -> None:
    page = open_table(new_page, 3, "en", DESKTOP)
    assert wait_for_my_turn(page)
    rng = random.Random(5)
    for _ in range(30):
        decide(page, rng)
        assert wait_for_my_turn(page)
        changed = page.locator("#board .cheese-card.changed")
        if not changed.count():
            continue
        # A marked card is someone else's (I decided last, so nothing of mine is new).
        seats = [changed.nth(i).get_attribute("data-seat") for i in range(changed.count())]
        assert "0" not in seats and all(seats)
        page.wait_for_timeout(700)  # the cards have slid in
        screenshot(page, "cheese-3p-en-desktop-changed")
        # My next decision clears the marks of what came before it.
        before = changed.count()
        action = decide(page, rng)
        if json.loads(action)["type"] == "place":
            expect(page.locator("#board .cheese-card.changed")).not_to_have_count(before)
        return
    raise AssertionError("no card of another player was ever marked")


# The scoreboard of made-up ends (ties are rare in real games): the renderer's own function,
# loaded by the browser as the table page loads it.
_SCOREBOARD = """async (piles) => {
  const game = (await import("/games/cheese.js")).default;
  const points = { mouse: 1, marked_mouse: 1, fat_mouse: 2, king_mouse: 1, cat: 3, dog: 0 };
  const view = {
    phase: "over", players: piles.length, piles,
    scores: piles.map((pile) => pile.reduce((t, p) => t + points[p.card], 0)),
  };
  const t = (key, params) => `${key}${JSON.stringify(params || {})}`;
  const players = piles.map((_, seat) => ({ seat, name: `P${seat}` }));
  const ctx = { view, t, players, seat: null, over: true };
  return { board: game.scoreboard(ctx), result: game.describeResult(ctx) };
}"""


def card(card: str, colour: int, how: str) -> dict[str, object]:
    return {"card": card, "colour": colour, "how": how}


def test_the_scoreboard_breaks_ties_as_the_rulebook_says(new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto("/")
    # P0 and P1 have 5 points each; P0 has a king mouse, so P0 is ahead. P2 has a cat (3).
    piles = [
        [
            card("king_mouse", 0, "ate"),
            card("fat_mouse", 0, "ate"),
            card("mouse", 0, "ate"),
            card("mouse", 1, "caught"),
        ],
        [card("mouse", 1, "ate"), card("mouse", 1, "ate"), card("cat", 2, "chased")],
        [card("cat", 0, "chased")],
    ]
    out = page.evaluate(_SCOREBOARD, piles)
    rows = {r["seat"]: r for r in out["board"]["rows"]}
    assert [rows[s]["rank"] for s in (0, 1, 2)] == [1, 2, 3]
    assert [p["value"] for p in rows[0]["parts"]] == [4, 1, 0]  # cheese, cats, dogs
    assert [p["value"] for p in rows[1]["parts"]] == [2, 0, 3]
    assert rows[2]["total"] == 3
    assert out["board"]["note"].startswith("cheese.result.by_kings")
    assert '"ka":1' in out["board"]["note"] and '"kb":0' in out["board"]["note"]
    assert '"cheese":4,"cats":1,"dogs":0' in out["result"]
    assert "by_kings" not in out["result"]  # the tie-break is said once, in the note
    # Equal in points, king mice and mouse cards: they share the first place.
    same = [
        [card("mouse", 0, "ate"), card("cat", 1, "chased")],
        [card("mouse", 1, "ate"), card("cat", 0, "chased")],
    ]
    out = page.evaluate(_SCOREBOARD, same)
    assert [r["rank"] for r in out["board"]["rows"]] == [1, 1]
    assert out["board"]["note"].startswith("cheese.result.shared")
    # No tie, no note.
    out = page.evaluate(_SCOREBOARD, [[card("mouse", 0, "ate")], []])
    assert out["board"]["note"] is None


def test_a_narrow_board_puts_the_hand_below_the_table(new_page: Callable[..., Page]) -> None:
    """A tablet (the page keeps its columns): the table keeps the board's whole width."""
    page = open_table(new_page, 5, "en", {"width": 820, "height": 1180})
    board = placed(page, "#board")
    ring = placed(page, ".cheese-ringbox")
    hand = placed(page, ".cheese-hand")
    assert ring[2] >= 0.95 * board[2]
    assert hand[1] >= ring[1] + ring[3]
    assert small_on_board(page) == []


def test_on_a_phone_the_table_opens_whole_and_zooms_at_the_players_choice(
    new_page: Callable[..., Page],
) -> None:
    """On a phone the table opens whole, inside its box (issue 37: zoom is the player's choice,
    never the default), and is played there: each cheese that takes the card is a target of
    40 px (its hit disc grows) that a tap at its centre reaches. The corner button brings the
    table close up, where it pans, and back; a tap on the whole table away from a cheese zooms
    in there too, without playing."""
    page = open_table(new_page, 5, "en", PHONE)
    assert wait_for_my_turn(page)
    cheeses = page.locator("#board .cheese-cheese.legal")
    expect(page.locator(".cheese-ringbox.cheese-whole")).to_be_visible()
    ring, box = placed(page, ".cheese-ring"), placed(page, ".cheese-ringbox")
    assert ring[2] <= box[2] + 1 and ring[3] <= box[3] + 1
    expect(cheeses.first).to_be_visible()
    assert small_on_board(page) == []
    assert unreachable_targets(page) == []
    screenshot(page, "cheese-phone-whole")
    page.locator(".cheese-zoom").click()
    expect(page.locator(".cheese-ringbox.cheese-whole")).to_have_count(0)
    assert placed(page, ".cheese-ring")[2] > placed(page, ".cheese-ringbox")[2]
    expect(cheeses.first).to_be_visible()
    assert small_on_board(page) == []
    page.locator(".cheese-zoom").click()
    expect(page.locator(".cheese-ringbox.cheese-whole")).to_be_visible()
    # A tap on the whole table away from the cheeses (its corner): close up, nothing played.
    played = page.locator("#log li").count()
    ring = placed(page, ".cheese-ring")
    page.mouse.click(ring[0] + ring[2] * 0.05, ring[1] + ring[3] * 0.05)
    expect(page.locator(".cheese-ringbox.cheese-whole")).to_have_count(0)
    assert my_turn(page)
    assert page.locator("#log li").count() == played
