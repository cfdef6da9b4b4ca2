"""Why the Go da Cheese! heuristic (:mod:`meeple.games.cheese.heuristic`) would make a move,
in words: the card's place in the queue, whether a mouse would eat as the queue stands,
what a cat or a dog would take there, and what drawing does. Judged from the seat's view
alone, like the bot: the rivals' face-down cards are each tried as every animal they may be
(a face-down 2nd or 3rd card is a cat or a marked mouse), and a reason claims only what
holds for all of them.

>>> import meeple
>>> state = meeple.load("cheese").new(players=3, seed=1)
>>> view = state.view(0)
>>> explain(view, 0, {"type": "place", "cheese": 2, "card": "king_mouse"}).en
'a king mouse goes to the front of the line: eats as the queue stands'
"""

from __future__ import annotations

from itertools import product
from typing import Any

from meeple.core.bot import Reason
from meeple.core.game import JSON, Action
from meeple.games.cheese.data import (
    ANIMAL_BY_NAME,
    CAT,
    DOG,
    DRAW_COUNT,
    FAT_MOUSE,
    IS_MARKED,
    IS_MOUSE,
    KING_MOUSE,
    MARKED_MOUSE,
    MOUSE,
    PLACE_COUNT,
    POINTS,
)
from meeple.games.cheese.heuristic import (
    MARKED,
    UNKNOWN,
    Card,
    CheeseHeuristicBot,
    Sight,
    settle,
)

MAY_BE = {
    UNKNOWN: (MOUSE, FAT_MOUSE, KING_MOUSE, CAT, DOG),
    MARKED: (MARKED_MOUSE, CAT),
}
"""What a rival's face-down card may be, as far as resolving a queue goes: a 1st card any
animal (a marked mouse resolves as a mouse), a 2nd or 3rd one a cat or a marked mouse."""
MOST_WORLDS = 5000
"""Queues with more ways to fill their face-down cards than this are not resolved: the
reason then says only the card's place in line."""

ANIMAL_EN = {
    "mouse": "mouse",
    "marked_mouse": "marked mouse",
    "fat_mouse": "fat mouse",
    "king_mouse": "king mouse",
    "cat": "cat",
    "dog": "dog",
}
ANIMAL_JA = {
    "mouse": "ふつうネズミ",
    "marked_mouse": "マークつきネズミ",
    "fat_mouse": "デブネズミ",
    "king_mouse": "王様ネズミ",
    "cat": "ネコ",
    "dog": "イヌ",
}
"""The animals' Japanese names, as the web client's ``cheese.animal.*`` texts give them."""


def explain(view: JSON, seat: int, action: Action) -> Reason | None:
    """What the heuristic weighs in ``action``, from ``view`` alone; ``None`` for a
    placement without its card (another seat's, as a replay shows it)."""
    if action["type"] == "draw":
        return draw_reason(view, seat)
    if action["type"] != "place" or "card" not in action:
        return None
    return place_reason(view, seat, action["cheese"], ANIMAL_BY_NAME[action["card"]])


def gains(view: dict[str, Any], seat: int, position: int, animal: int) -> tuple[int, int] | None:
    """The least and the most points that placing ``animal`` last in the queue at
    ``position`` adds to the seat's take from that cheese, as the queue stands (no card
    after it), over every animal the rivals' face-down cards there may be; ``None`` when
    there are too many ways to tell."""
    queue = Sight(view, seat).queues[position]
    cheese: int = view["cheeses"][position]["cheese"]
    players: int = view["players"]
    hidden = [i for i, (_, a) in enumerate(queue) if a in MAY_BE]
    worlds = 1
    for i in hidden:
        worlds *= len(MAY_BE[queue[i][1]])
    if worlds > MOST_WORLDS:
        return None
    least, most = None, None
    for fill in product(*(MAY_BE[queue[i][1]] for i in hidden)):
        line: list[Card] = list(queue)
        for i, a in zip(hidden, fill, strict=True):
            line[i] = (line[i][0], a)
        with_card = settle(cheese, [*line, (seat, animal)], players)[seat]
        gained = with_card - settle(cheese, line, players)[seat]
        least = gained if least is None else min(least, gained)
        most = gained if most is None else max(most, gained)
    assert least is not None and most is not None
    return least, most


def points(n: int) -> str:
    """``1 point``, ``2 points``."""
    return f"{n} point" if n == 1 else f"{n} points"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th``, ``12th``, ``21st``."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_reason(view: dict[str, Any], seat: int, position: int, animal: int) -> Reason:
    """A card at a cheese: its place in line, and what it takes as the queue stands."""
    queue = view["cheeses"][position]["queue"]
    cheese: int = view["cheeses"][position]["cheese"]
    place = len(queue) + 1
    span = gains(view, seat, position, animal)
    if IS_MOUSE[animal]:
        if animal == KING_MOUSE:
            en, ja = "a king mouse goes to the front of the line", "王様ネズミは列の一番前へ"
        else:
            en = f"{ordinal(place)} in line at a cheese that feeds {cheese}"
            ja = f"{cheese}匹が食べられるチーズの列の{place}番目"
        if span is None:
            pass
        elif span[0] > 0:
            en, ja = en + ": eats as the queue stands", ja + "：今の列なら食べられる"
        elif span[1] == 0:
            en += ": too far back to eat as the queue stands"
            ja += "：今の列では後ろすぎて食べられない"
        else:
            en += ": whether it eats depends on the face-down cards ahead"
            ja += "：食べられるかは前のうら向きのカード次第"
        if animal == FAT_MOUSE:
            en, ja = en + f" ({POINTS[FAT_MOUSE]} points)", ja + f"（{POINTS[FAT_MOUSE]}点）"
        if view["placed"] > 0 and not IS_MARKED[animal]:
            en += "; face up, it invites rivals' cats"
            ja += "、おもて向きなので他の人のネコに狙われやすい"
        return Reason(en, ja)
    if animal == CAT:
        en, ja = (
            "a cat catches rivals' mice among the 3 ahead",
            "ネコは前の3匹のうち他の色のネズミを取る",
        )
    else:
        en, ja = "a dog chases a cat right beside it", "イヌはすぐ前後のネコを追い回す"
    en = f"{ordinal(place)} in line; {en}"
    ja = f"列の{place}番目、{ja}"
    if span is not None:
        low, high = span
        if low == high:
            en += f": {points(low)} as the queue stands"
            ja += f"：今の列なら{low}点"
        else:
            en += f": {low} to {high} points as the queue stands, by the face-down cards"
            ja += f"：今の列なら{low}〜{high}点（うら向きのカード次第）"
    return Reason(en, ja)


def draw_reason(view: dict[str, Any], seat: int) -> Reason:
    """Drawing: the hand it makes, and whether the heuristic would rather draw than place."""
    names: list[str] = view.get("hand") or []
    hand = len(names) + min(DRAW_COUNT, len(view.get("deck") or []))
    draw: Action = {"type": "draw"}
    places: list[Action] = [
        {"type": "place", "cheese": c, "card": name}
        for c in range(len(view["cheeses"]))
        for name in dict.fromkeys(names)
    ]
    if (
        len(names) < PLACE_COUNT
        or CheeseHeuristicBot(seed=0).rank(view, [*places, draw], seat)[0] == draw
    ):
        return Reason(
            f"draws {DRAW_COUNT} for a hand of {hand}: no placement now beats keeping the cards",
            f"{DRAW_COUNT}枚引いて手札{hand}枚に：今置くより手札に残すほうが良い",
        )
    return Reason(
        f"draws {DRAW_COUNT} for a hand of {hand}, though a placement now looks better",
        f"{DRAW_COUNT}枚引いて手札{hand}枚に：ただし今置くほうが良さそう",
    )
