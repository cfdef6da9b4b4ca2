"""Each game's tutorial (issue 36) replays against the engine: every scripted move is legal at
its step, the state at each step is as its text says (the steps' checks), the game ends, and
every text the lesson names exists in both languages."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.tutorial import PLAYER, TutorialError, addons, lesson, replay, tutorial

I18N = Path(meeple.__file__).parent / "web" / "i18n"
WITH_TUTORIAL = [g for g in meeple.GAMES if importlib.util.find_spec(f"meeple.games.{g}.tutorial")]
# Every lesson: each game's tutorial (addon None) and its add-on lessons (a variant's).
LESSONS = [(g, None) for g in WITH_TUTORIAL] + [(g, a) for g in WITH_TUTORIAL for a in addons(g)]


def texts(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def test_the_tutorials_found() -> None:
    # Every game has one (issue 36).
    assert sorted(WITH_TUTORIAL) == sorted(meeple.GAMES)


@pytest.mark.parametrize(("game", "addon"), LESSONS)
def test_the_tutorial_replays_to_the_end(game: str, addon: str | None) -> None:
    lesson = replay(tutorial(game, addon))
    frames = lesson["frames"]
    assert frames[-1]["is_over"]
    shown = [step["frame"] for step in lesson["steps"]]
    assert shown == sorted(shown), "the steps follow the game"
    for step in lesson["steps"]:
        frame = frames[step["frame"]]
        if step["move"] is not None:
            # The move asked for is the learner's, legal in the state the step shows.
            assert PLAYER in frame["to_move"]
            assert step["move"] in frame["legal"]
            assert step["why"], "a move step says why another move is refused"
    # At least one step asks for a move, and one of them offers other moves to refuse.
    asked = [s for s in lesson["steps"] if s["move"] is not None]
    assert any(len(frames[s["frame"]]["legal"]) > 1 for s in asked)


@pytest.mark.parametrize(("game", "addon"), LESSONS)
def test_every_text_exists_in_both_languages(game: str, addon: str | None) -> None:
    data = tutorial(game, addon)
    keys = {data["summary"], data.get("ending") or "learn.finish"}
    if addon:  # the name of the add-on lesson on the main lesson's end
        keys.add(f"learn.{game}.addon.{addon}")
    for step in data["steps"]:
        keys |= {step["text"], step.get("why") or "learn.why_default"}
    for lang in ("en", "ja"):
        found = texts(lang)
        missing = sorted(k for k in keys if not found.get(k))
        assert missing == [], f"{lang}: {missing}"


def test_the_add_on_lessons_are_offered_at_the_main_lessons_end() -> None:
    # Every variant that changes play has one, a game with its option on: Café's coffee
    # circles, Bison's advanced rules (rules 1 and 2 in one lesson), and Stir Fry's four
    # (the target is a sentence of the meticulous chef's lesson).
    assert addons("cafe") == ["coffee_circle"]
    assert tutorial("cafe", "coffee_circle")["options"] == {"coffee_circle": True}
    assert addons("bison") == ["advanced"]
    assert tutorial("bison", "advanced")["options"] == {"advanced": 2}
    variants = ["tofu", "empty_pantry", "meticulous_chef", "closing_time"]
    assert addons("stirfry") == variants
    for name in variants:
        assert tutorial("stirfry", name)["options"] == {name: True}
    assert addons("buffet") == addons("cheese") == []
    assert lesson("cafe")["addons"] == ["coffee_circle"]
    assert lesson("cafe", "coffee_circle")["addons"] == []
    assert lesson("cafe", "coffee_circle")["addon"] == "coffee_circle"
    with pytest.raises(KeyError):
        tutorial("cafe", "no_such_lesson")


def test_a_check_that_does_not_hold_fails_the_replay() -> None:
    data: dict[str, Any] = copy.deepcopy(tutorial("cheese"))
    data["steps"][0]["checks"] = {"scores": [1, 0, 0]}
    with pytest.raises(TutorialError, match="scores"):
        replay(data)


def test_an_opening_starts_the_lesson_in_a_game_under_way() -> None:
    # Closing time's lesson starts near the end: its opening's moves (of both seats) are
    # played before the first frame, which shows the learner's turn at 33 points to 40.
    lesson = replay(tutorial("stirfry", "closing_time"))
    first = lesson["frames"][0]
    assert first["scores"] == [33, 40] and first["to_move"] == [0]
    assert lesson["steps"][0]["frame"] == 0
    assert first["view"]["dishes"][0], "the opening's dishes are on the board"


def test_an_illegal_opening_move_fails_the_replay() -> None:
    data: dict[str, Any] = copy.deepcopy(tutorial("stirfry", "meticulous_chef"))
    data["opening"][0] = [1, {"type": "trust"}]
    with pytest.raises(TutorialError, match="opening 0"):
        replay(data)


def test_an_illegal_scripted_move_fails_the_replay() -> None:
    data: dict[str, Any] = copy.deepcopy(tutorial("cheese"))
    data["steps"][2]["move"] = {"type": "place", "cheese": 9, "card": "mouse"}
    with pytest.raises(TutorialError, match="not legal"):
        replay(data)
