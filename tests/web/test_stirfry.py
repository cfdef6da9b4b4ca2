"""Stir Fry Eighteen in the browser: whole games played by clicking the drawn cards (2 and 5
players, desktop and phone, English and Japanese), the dishes served as public history (the same
for a player, a spectator and after a reload), what others did marked, the end as a scoreboard
that a finished table reopens to, and the taste test's answer time."""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from collections.abc import Callable

import httpx
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
    unreachable_targets,
)

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIDEWAYS = {"width": 844, "height": 390}


_SMALL_ON_BOARD = """(least) => {
  const out = [];
  const sel = "#board .legal[data-action], #board button, #board a[href], #board input, #board select, #board [role=button], #board summary";
  for (const el of document.querySelectorAll(sel)) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") continue;
    if (box.width < least || box.height < least) {
      out.push(`${el.tagName} ${el.getAttribute("aria-label") || el.textContent.trim().slice(0, 30)} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return out;
}"""


def small_on_board(page: Page, least: int = 40) -> list[str]:
    """``small_targets`` of the board alone, the summary of the dish history included (the
    page around the board is the table page's: its own tests check it)."""
    found: list[str] = page.evaluate(_SMALL_ON_BOARD, least)
    return found


def settle(page: Page) -> None:
    """Wait for the server's answer to a click, so that the next look sees the new state."""
    page.locator("#board:not(.waiting)").wait_for()


def pick(page: Page, cards: list[str]) -> None:
    """Click these cards in the hand (each name once, copies in order)."""
    picks = page.locator(".sf-hand .sf-pick")
    names = [picks.nth(i).get_attribute("data-card") for i in range(picks.count())]
    used: set[int] = set()
    for name in cards:
        i = next(i for i, n in enumerate(names) if n == name and i not in used)
        used.add(i)
        picks.nth(i).click(timeout=2000)
        expect(picks.nth(i)).to_have_attribute("aria-pressed", "true")


def decide(page: Page, rng: random.Random) -> str:
    """Make this seat's decision by clicking the drawn cards (and the bar's buttons for what
    the picked cards can do); returns what was done, "" when nothing is asked of us now."""
    answers = page.locator(".sf-declaration .sf-answer-buttons")
    if answers.is_visible():
        answer = "taste" if rng.random() < 0.3 else "trust"
        answers.locator(f"button.legal.{answer}").click(timeout=2000)
        return answer
    discards = page.locator(".sf-hand .sf-card.legal")
    if discards.count():
        discards.nth(rng.randrange(discards.count())).click(timeout=2000)
        return "discard"
    picks = page.locator(".sf-hand .sf-pick")
    count = picks.count()
    if not count:
        # Nothing left to cook or declare: the turn can only end.
        if page.locator(".sf-end-btn").count():
            page.locator(".sf-end-btn").click(timeout=2000)
            return "end"
        return ""
    roll = rng.random()
    best = page.locator(".sf-quick-dish")
    if roll < 0.6 and best.count():
        # The best dish, cooked by picking its cards in the hand.
        dish = json.loads(best.first.get_attribute("data-action") or "{}")["cards"]
        pick(page, dish)
        page.locator(".sf-picked-actions .sf-cook-btn").click(timeout=2000)
        return "cook"
    if roll < 0.85:
        i = rng.randrange(count)
        picks.nth(i).click(timeout=2000)
        offers = page.locator(".sf-picked-actions .legal")
        if offers.count():
            offers.nth(rng.randrange(offers.count())).click(timeout=2000)
            return "declare"
        picks.nth(i).click(timeout=2000)  # nothing to do with it: put it back
    elif count >= 2:
        two = rng.sample(range(count), 2)
        for i in two:
            picks.nth(i).click(timeout=2000)
        offers = page.locator(".sf-picked-actions .legal")
        if offers.count():
            offers.first.click(timeout=2000)
            return "pair"
        for i in two:
            picks.nth(i).click(timeout=2000)
    page.locator(".sf-end-btn").click(timeout=2000)
    return "end"


def play_game(
    page: Page, seed: int, timeout: float = 420, middle: Callable[[], None] | None = None
) -> Counter[str]:
    """Play to the end by clicking the drawn cards; ``middle`` runs once, at the 8th decision."""
    rng = random.Random(seed)
    done: Counter[str] = Counter()
    animated = 0.0
    end = time.monotonic() + timeout
    while not page.locator("#result").is_visible():
        assert time.monotonic() < end, f"the game did not end in time ({done})"
        # Every lit target takes a tap at its centre: nothing is drawn over it.
        assert unreachable_targets(page) == []
        try:
            did = decide(page, rng)
        except PlaywrightError:  # the board changed under the click: look again
            continue
        if not did:
            page.wait_for_timeout(30)
            continue
        done[did] += 1
        settle(page)
        # Moves animate at a pace a person follows, and never longer than 600 ms.
        longest = page.evaluate(
            "Math.max(0, ...document.getAnimations()"
            ".map(a => Number(a.effect?.getTiming().duration) || 0))"
        )
        assert longest <= 600, longest
        animated = max(animated, longest)
        # Every decision is on the board: the page never needs its fallback buttons.
        assert page.locator("#actions .action-button").count() == 0
        if middle is not None and sum(done.values()) == 8:
            middle()
    assert animated > 0, "nothing moved in a whole game"
    return done


def dishes(page: Page) -> list[tuple[str, ...]]:
    """Every dish of the history panel as (seat, turn, cards, points)."""
    rows: list[list[str]] = page.locator(".sf-dishes-all .sf-dish").evaluate_all(
        "els => els.map(e => [e.dataset.seat, e.dataset.turn, e.dataset.cards, e.dataset.points])"
    )
    return [tuple(r) for r in rows]


@pytest.mark.parametrize(
    ("players", "viewport", "locale", "name"),
    [
        (2, DESKTOP, "en-US", "stirfry-2p-desktop-en"),
        (5, DESKTOP, "ja-JP", "stirfry-5p-desktop-ja"),
        (2, PHONE, "ja-JP", "stirfry-2p-phone-ja"),
        (5, PHONE, "en-US", "stirfry-5p-phone-en"),
    ],
    ids=["2p-desktop-en", "5p-desktop-ja", "2p-phone-ja", "5p-phone-en"],
)
def test_a_whole_game_by_clicking_the_cards(
    new_page: Callable[..., Page], players: int, viewport: dict[str, int], locale: str, name: str
) -> None:
    page = new_page(locale=locale, viewport=viewport)
    sign_in(page)
    create_table(page, "stirfry", players, ["random"] * (players - 1), options={"target": 50})
    hand = page.locator(".sf-hand .sf-card")
    expect(hand.first).to_be_visible()
    # The cards are drawn: a picture with the name, the base value and the better values.
    expect(hand.first.locator("svg.sf-face")).to_be_visible()
    expect(hand.first.locator("svg .sf-base")).to_have_text(re.compile(r"^-?\d+$"))
    expect(page.locator(".sf-seat")).to_have_count(players)
    expect(page.locator(".sf-deck")).to_be_visible()
    page.wait_for_timeout(600)  # the deal's animation
    if viewport is DESKTOP:
        # Every player's panel, the kitchen and the own hand without scrolling.
        for part in [*page.locator(".sf-seat").all(), page.locator(".sf-kitchen"), hand.last]:
            box = part.bounding_box()
            assert box is not None and box["y"] + box["height"] <= DESKTOP["height"], part
    else:
        assert not page.evaluate(
            "document.documentElement.scrollWidth > document.documentElement.clientWidth"
        )
    screenshot(page, f"{name}-start")

    def middle() -> None:
        page.wait_for_timeout(600)
        screenshot(page, f"{name}-middle")

    done = play_game(page, seed=players, middle=middle)
    # Cards were picked in the hand: to cook, or to lay face down (a game can pass without
    # a dish of ours when the bots race ahead).
    assert done["cook"] + done["declare"] + done["pair"] > 0, done
    result = page.locator("#result")
    expect(result.locator(".scoreboard tbody tr")).to_have_count(players)
    # The end's story: who reached the target of 50, and on which turn; each taste test has a
    # winner and a loser; each player cooked as many dishes as the scoreboard lists.
    ja = locale.startswith("ja")
    labels = (
        ["作った料理", "味見の勝ち", "味見の負け"]
        if ja
        else ["Dishes cooked", "Tastes won", "Tastes lost"]
    )
    story = check_story(page, players, labels)
    assert re.search(
        r"目標の50点に達しました（\d+点）"
        if ja
        else r"reached the target of 50 points on turn \d+, with \d+\.",
        story["reason"],
    ), story
    assert sum(s["stats"][1] for s in story["seats"]) == sum(s["stats"][2] for s in story["seats"])
    for row in result.locator(".scoreboard tbody tr").all():
        seat = int(row.get_attribute("data-seat") or -1)
        listed = row.locator("td").nth(1).inner_text().partition(" = ")[0]
        dishes = 0 if listed == "—" else len(listed.split(" + "))
        assert next(s for s in story["seats"] if s["seat"] == seat)["stats"][0] == dishes
    page.wait_for_timeout(600)
    screenshot(page, f"{name}-end")
    if viewport is PHONE and players == 2:
        check_replay_on_phone(page, ".sf-kitchen", f"{name}-replay")


# The boxes of the declaration's face-down cards (and badge) that cover the first characters
# of its text, once its cards have flown in.
_TEXT_UNDER_CARDS = """async () => {
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const decl = document.querySelector(".sf-declaration");
  const line = decl?.querySelector(".sf-claim-text p");
  if (!line || !line.firstChild) return ["no declaration text"];
  const range = document.createRange();
  range.setStart(line.firstChild, 0);
  range.setEnd(line.firstChild, Math.min(4, line.firstChild.length));
  const covers = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const out = [];
  // Nor is the text squeezed beside them into a column of a few characters.
  const width = decl.querySelector(".sf-claim-text").getBoundingClientRect().width;
  if (width < 160) out.push(`the claim's text is ${Math.round(width)} px wide`);
  for (const el of decl.querySelectorAll(".sf-claim-cards .sf-card, .sf-claim-badge")) {
    const card = el.getBoundingClientRect();
    for (const r of range.getClientRects()) {
      if (covers(card, r)) out.push(`${el.className} ${JSON.stringify(card)} over ${JSON.stringify(r)}`);
    }
  }
  return out;
}"""


def text_under_cards(page: Page) -> list[str]:
    """What of the declaration's face-down cards lies over the start of its text (issue 37:
    the card covered the first characters of the claim on a phone), and whether the text is
    squeezed beside them (sideways it was a column of one character); empty when neither."""
    found: list[str] = page.evaluate(_TEXT_UNDER_CARDS)
    return found


def check_choices_sideways(page: Page) -> None:
    """Held sideways, the chef's choices (every button lit under the hand) are in the first
    view, clear of the pinned bar (issue 37: the best dishes were partly under it)."""
    page.set_viewport_size(SIDEWAYS)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(200)
    screenshot(page, "stirfry-choices-phone-sideways")
    bottoms: list[float] = page.evaluate(
        """() => [...document.querySelectorAll(".sf-bar-panel button.legal")]
          .map((b) => b.getBoundingClientRect()).filter((b) => b.width).map((b) => b.bottom)"""
    )
    bar = page.locator("#play-bar").bounding_box()
    assert bottoms and bar and max(bottoms) <= bar["y"] + 1, (bottoms, bar)
    page.set_viewport_size(PHONE)
    page.evaluate("window.scrollTo(0, 0)")


def test_the_phone_has_big_targets_and_a_board_that_stays_put(
    new_page: Callable[..., Page],
) -> None:
    """Issue 17: every target ≥ 40 px on a phone; the board does not move when the prompt or
    the bar under the hand changes (a question, picked cards, the end of the turn)."""
    page = new_page(locale="ja-JP", viewport=PHONE)
    sign_in(page)
    create_table(page, "stirfry", 3, ["random", "random"], options={"target": 50})
    expect(page.locator(".sf-hand .sf-pick").first).to_be_visible()
    top = board_top(page)
    seen: set[str] = set()
    rng = random.Random(7)
    end = time.monotonic() + 120
    while len(seen) < 4 and time.monotonic() < end:
        if page.locator("#result").is_visible():
            break
        for kind, selector in [
            ("chef", ".sf-hand .sf-pick"),
            ("question", ".sf-question"),
            ("discard", ".sf-hand .sf-card.legal"),
        ]:
            if page.locator(selector).first.is_visible() and kind not in seen:
                seen.add(kind)
                assert small_on_board(page) == [], kind
                assert board_top(page) == top, kind
                if kind == "question":
                    # The claim is read in full, upright and sideways: no card over its start.
                    assert text_under_cards(page) == []
                    screenshot(page, "stirfry-question-phone-upright")
                    page.set_viewport_size(SIDEWAYS)
                    assert text_under_cards(page) == []
                    # The answers in the first view, clear of the pinned bar.
                    page.evaluate("window.scrollTo(0, 0)")
                    # The board is drawn again for the new size: measured once it is there.
                    expect(page.locator(".sf-answer-buttons")).to_be_visible()
                    answers = page.locator(".sf-answer-buttons").bounding_box()
                    bar = page.locator("#play-bar").bounding_box()
                    assert answers and bar and answers["y"] + answers["height"] <= bar["y"] + 1
                    screenshot(page, "stirfry-question-phone-sideways")
                    page.set_viewport_size(PHONE)
                    page.evaluate("window.scrollTo(0, 0)")
                if kind == "chef":
                    # Picking a card puts what it can do in the bar; nothing moves.
                    page.locator(".sf-hand .sf-pick").first.click()
                    expect(page.locator(".sf-picked-actions .legal").first).to_be_visible()
                    assert small_on_board(page) == []
                    assert board_top(page) == top
                    seen.add("picked")
                    page.locator(".sf-hand .sf-pick").first.click()
                    check_choices_sideways(page)
        try:
            if decide(page, rng):
                settle(page)
        except PlaywrightError:
            continue
    assert {"chef", "picked", "question"} <= seen, seen


def test_the_dishes_are_the_same_for_a_player_a_spectator_and_after_a_reload(
    new_page: Callable[..., Page],
) -> None:
    """Issue 15: the dishes served come from the state, not from what one page saw."""
    player = new_page()
    sign_in(player)
    table = create_table(player, "stirfry", 2, ["random"], options={"target": 50})
    rng = random.Random(11)
    end = time.monotonic() + 120
    while len(dishes(player)) < 4:
        assert time.monotonic() < end and not player.locator("#result").is_visible()
        try:
            if decide(player, rng):
                settle(player)
        except PlaywrightError:
            continue
    # A spectator opening the table now, without a name.
    spectator = new_page(locale="ja-JP")
    spectator.goto(f"/#/table/{table}")
    expect(spectator.locator(".sf-seat")).to_have_count(2)
    mine = dishes(player)
    # Both pages are at the same version only when nobody moves: wait for ours to be asked.
    expect(spectator.locator(".sf-dishes-all .sf-dish")).to_have_count(len(mine))
    assert dishes(spectator) == mine
    # Each player's panel shows the latest of them.
    for seat in (0, 1):
        latest = [d for d in mine if d[0] == str(seat)][-1:]
        panel = spectator.locator(f'.sf-seat[data-seat="{seat}"] .sf-dish').evaluate_all(
            "els => els.map(e => [e.dataset.seat, e.dataset.turn, e.dataset.cards, e.dataset.points])"
        )
        assert [tuple(p) for p in panel][-1:] == latest
    player.reload()
    expect(player.locator(".sf-dishes-all .sf-dish")).to_have_count(len(mine))
    assert dishes(player) == mine
    screenshot(spectator, "stirfry-spectator-ja")


def test_an_opponents_move_is_marked_and_the_end_reopens_to_the_scoreboard(
    new_page: Callable[..., Page],
) -> None:
    page = new_page()
    sign_in(page)
    table = create_table(page, "stirfry", 3, ["random", "random"], options={"target": 50})
    rng = random.Random(3)
    marked = False
    end = time.monotonic() + 300
    while not page.locator("#result").is_visible():
        assert time.monotonic() < end
        # A bot's dish since our last decision is marked until our next one.
        if not marked and page.locator(".sf-hand .sf-pick, .sf-question").first.is_visible():
            new = page.locator('.sf-seat:not([data-seat="0"]) .sf-dish.changed')
            if new.count():
                marked = True
                expect(new.first).to_be_visible()
                assert page.locator('.sf-seat:not([data-seat="0"]) .sf-points.changed').count()
                screenshot(page, "stirfry-marked")
        try:
            if decide(page, rng):
                settle(page)
        except PlaywrightError:
            continue
    assert marked, "no opponent's dish was marked"
    board = page.locator("#result .scoreboard")
    expect(board).to_be_visible()
    # The breakdown: each player's dishes one by one and their sum; the total adds what wrong
    # taste tests cost, when someone paid for one.
    headers = board.locator("thead th").all_inner_texts()
    assert headers[2] == "Dishes" and headers[-1] == "Total"
    penalty = "Wrong taste tests" in headers
    for row in board.locator("tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        dish_cell, total = cells[1], number(cells[-1])
        cooked = 0
        if dish_cell != "—":
            listed, _, summed = dish_cell.partition(" = ")
            cooked = int(summed)
            assert sum(int(n) for n in listed.split(" + ")) == cooked
        assert total == cooked + (number(cells[2]) if penalty else 0)
    note = page.locator("#result .scoreboard-note")
    expect(note).to_contain_text("The first to reach 50 points wins at once.")
    page.reload()
    expect(page.locator("#result .scoreboard")).to_be_visible()
    expect(page.locator("#result .scoreboard tbody tr")).to_have_count(3)
    expect(page.locator(".sf-seat")).to_have_count(3)  # and the final board under it
    expect(page.locator(".sf-tag-won")).to_have_count(1)
    # The replay's last step lists the same dishes as the table (issue 15).
    final = dishes(page)
    assert final
    page.goto(f"/#/replay/{table}")
    expect(page.locator("#forward")).to_be_visible()
    page.keyboard.press("End")
    expect(page.locator(".sf-dishes-all .sf-dish")).to_have_count(len(final))
    assert dishes(page) == final


def test_the_taste_test_answer_time_is_shown_where_it_applies(
    new_page: Callable[..., Page],
) -> None:
    """Issue 15: the lobby's form says how long a taste test waits; the question counts down
    at a timed table and says there is no limit at an untimed one (docs/rules/stirfry.md, 18)."""
    page = new_page()
    sign_in(page)
    card = page.locator("article.game[data-game=stirfry]")
    card.locator("button.new-table").click()
    note = card.locator(".answer-time")
    expect(note).to_have_text("Taste tests: no time limit either; every answer is awaited.")
    card.locator("select[name=turn_seconds]").select_option("60")
    expect(note).to_contain_text("15 s to answer")
    card.locator("select[name=turn_seconds]").select_option("")
    # Other games have no such answers: no note.
    expect(page.locator("article.game[data-game=cafe] .answer-time")).to_have_count(0)
    for timer, wanted in [(60, re.compile(r"\d+ seconds? left to answer")), (None, None)]:
        page.goto("/")
        create_table(page, "stirfry", 3, ["random", "random"], options={"target": 50}, timer=timer)
        rng = random.Random(5)
        end = time.monotonic() + 120
        while not page.locator(".sf-question").is_visible():
            assert time.monotonic() < end and not page.locator("#result").is_visible()
            try:
                # Never declare ourselves, so that the question is a bot's declaration.
                if page.locator(".sf-quick-dish").count():
                    page.locator(".sf-quick-dish").first.click(timeout=2000)
                    settle(page)
                elif page.locator(".sf-end-btn").count():
                    page.locator(".sf-end-btn").click(timeout=2000)
                    settle(page)
                elif decide(page, rng):
                    settle(page)
            except PlaywrightError:
                continue
        clock = page.locator(".sf-question .sf-clock")
        if wanted is None:
            expect(clock).to_have_text("No time limit at this table.")
        else:
            expect(clock).to_contain_text(wanted)
            expect(page.locator(".sf-clock-bar")).to_be_visible()
            screenshot(page, "stirfry-taste-countdown")


# A secret move as everyone saw it: the claim, never the cards, honest or not.
PUBLIC_LABELS = {
    "declare": re.compile(r"^Bot \d: Declare a card face down as \w+ \(draws \d\)$"),
    "declare_pair": re.compile(r"^Bot \d: Declare two cards face down as a pair \(draws 3\)$"),
    "discard": re.compile(r"^Bot \d: Discard a card face down$"),
}


def test_a_replay_shows_the_others_declarations_and_discards_face_down(
    new_page: Callable[..., Page], server_url: str
) -> None:
    """Issue 34: a spectator's replay (no cookie) tells each declaration by its claim and
    each discard as a card laid face down, never their cards (docs/rules/stirfry.md, 8)."""
    with httpx.Client(base_url=server_url) as client:
        assert client.post("/api/guest", json={"name": "Aki"}).status_code == 200
        seats = [{"kind": "bot", "level": "random"}] * 3
        body = {"game": "stirfry", "players": 3, "seats": seats, "options": {"target": 50}}
        table = client.post("/api/tables", json=body).json()["id"]
        end = time.monotonic() + 60
        while client.get(f"/api/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < end, "the bots' game did not end"
            time.sleep(0.1)
    steps = httpx.get(f"{server_url}/api/tables/{table}/replay").json()["steps"]
    secret = {
        k: s["action"]["type"]
        for k, s in enumerate(steps)
        if s["action"] and s["action"]["type"] in ("declare", "declare_pair", "discard")
    }
    assert secret
    page = new_page()
    page.goto(f"/#/replay/{table}")
    expect(page.locator("#forward")).to_be_visible()
    said = page.locator("#step-action")
    for k in range(1, max(secret) + 1):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#step")).to_have_text(f"step {k} / {len(steps) - 1}")
        if k in secret:
            expect(said).to_have_text(PUBLIC_LABELS[secret[k]])
