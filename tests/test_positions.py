"""The rules pages' positions (meeple/positions.py) and the pages themselves
(meeple/web/rules/<game>.<lang>.html): every position is built by legal moves, every picture a
page asks for exists, every page teaches in the order issue 36 asks, and each page is in its
own language only."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import meeple
from meeple.positions import UnknownPosition, build, entry, picture, positions

RULES = Path(meeple.__file__).parent / "web" / "rules"
LANGS = ("en", "ja")
PAGES = [(game, lang) for game in meeple.GAMES for lang in LANGS]

# Words in Latin letters a Japanese page may keep: the titles as printed and the cheeses' letters.
LATIN_ALLOWED = {"Schlacht", "am", "Buffet", "Kosmos", "OKAZU", "brand", "Get", "the", "Cheese",
                 "Yanaguana", "Games", "Stir", "Fry", "Eighteen", "BGA", "A", "B", "C", "D", "N", "n", "k"}  # fmt: skip
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")


class Page(HTMLParser):
    """A rules page's text (tags left out) and its figures' positions, in order, with the
    heading each figure comes under."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.figures: list[tuple[str, str]] = []
        self.headings: list[str] = []
        self.classes: list[str] = []
        self._in_heading = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "figure" and found.get("data-position"):
            self.figures.append(
                (found["data-position"] or "", self.headings[-1] if self.headings else "")
            )
        if found.get("class"):
            self.classes.append(found["class"] or "")
        if tag in ("h1", "h2"):
            self._in_heading = True
            self.headings.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h1", "h2"):
            self._in_heading = False

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._in_heading:
            self.headings[-1] += data


def read(game: str, lang: str) -> Page:
    page = Page()
    page.feed((RULES / f"{game}.{lang}.html").read_text(encoding="utf-8"))
    return page


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_every_position_replays_with_legal_moves(game: str) -> None:
    """Each position's actions are applied by the engine, which refuses an illegal one; its
    picture is plain JSON, the view of its viewer."""
    assert positions(game), f"{game} has no positions"
    for name in positions(game):
        data = entry(game, name)
        state = build(game, name)
        shown = picture(game, name)
        assert json.loads(json.dumps(shown)) == shown
        assert shown["view"] == state.view(data.get("seat"))
        assert shown["to_move"] == list(state.to_move)
        if data.get("actions") and data.get("mark", 1):
            assert shown["before"] is not None and shown["before"] != shown["view"]


def test_an_illegal_move_in_a_position_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A position whose moves the engine refuses fails to build, naming the position."""
    bad = {
        "broken": {"players": 3, "seed": 1, "actions": [[1, {"type": "action", "action": "tile"}]]}
    }
    monkeypatch.setattr("meeple.positions.positions", lambda game: bad)
    with pytest.raises(meeple.IllegalAction, match="bison/broken, action 0"):
        build("bison", "broken")
    with pytest.raises(UnknownPosition):
        entry("bison", "nowhere")


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_every_page_teaches_before_its_reference(game: str, lang: str) -> None:
    """The goal first, then a walk through one turn with at least two pictures, the worked
    examples, the glossary, the reference and the rulings; every picture is a position."""
    page = read(game, lang)
    assert "goal" in page.classes
    assert "glossary" in page.classes
    for key, _ in page.figures:
        shown, name = key.split("/")
        assert shown == game
        entry(game, name)  # raises when the page names a position that does not exist
    first_heading = page.headings[1]  # [0] is the title
    walkthrough = [key for key, heading in page.figures if heading == first_heading]
    assert len(walkthrough) >= 2, (
        f"{game}.{lang}: the one-turn walkthrough has fewer than two pictures"
    )
    text = "".join(page.text)
    order = {"en": ("Words on the board", "Reference", "Our rulings"),
             "ja": ("ボードとログの言葉", "ルールの詳細", "裁定")}[lang]  # fmt: skip
    places = [text.index(marker) for marker in order]
    assert places == sorted(places), f"{game}.{lang}: glossary, reference, rulings out of order"


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_a_japanese_page_has_no_english_left(game: str) -> None:
    text = "".join(read(game, "ja").text)
    words = set(re.findall(r"[A-Za-z]+", text)) - LATIN_ALLOWED
    assert not words, f"{game}.ja.html has English words: {sorted(words)}"


@pytest.mark.parametrize("game", list(meeple.GAMES))
def test_an_english_page_has_no_japanese(game: str) -> None:
    text = "".join(read(game, "en").text)
    assert not KANA_OR_KANJI.findall(text), (
        f"{game}.en.html has Japanese: {KANA_OR_KANJI.findall(text)[:10]}"
    )
